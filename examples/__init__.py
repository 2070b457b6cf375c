"""Small complete games that show how a game is written (see docs/adding-a-game.md)."""
