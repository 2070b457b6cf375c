"""High Card's components: twelve cards numbered 1 to 12 (data/ holds the texts)."""

from pathlib import Path

DATA = Path(__file__).parent / "data"
CARDS = tuple(range(1, 13))
HAND_SIZE = 2
