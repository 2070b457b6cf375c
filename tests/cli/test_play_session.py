"""Issue 17: what a player types besides moves (help, hint, undo, explain, save and resume), and
the end of the game told in words."""

from __future__ import annotations

import json

import pytest

from gameshelf.cli.main import main
from gameshelf.cli.play_cmd import undone, winner_line
from gameshelf.core.game import Outcome
from gameshelf.core.record import Record
from gameshelf.games import get_game
from gameshelf.match import InteractiveMatch
from tests.core.toygame import GAME as TOY
from tests.edges.conftest import answers


def play(capsys, monkeypatch, *args, replies=()):
    answers(monkeypatch, *replies)
    code = main(["play", *args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_help_is_a_command_not_a_move(toy, capsys, monkeypatch):
    code, out, _ = play(capsys, monkeypatch, "toy", "--seed", "3", "--bots", "random", replies=["?", "help", "q"])
    assert code == 0 and "unknown" not in out
    assert out.count("Commands:") == 2 and "undo" in out and "play 1" not in out.split("Commands:")[0][-5:]


def test_help_shows_the_notation_of_a_game_with_a_grammar(capsys, monkeypatch):
    code, out, _ = play(capsys, monkeypatch, "borealis", "--seed", "3", "--bots", "random", replies=["help", "q"])
    assert code == 0 and "play <card> <location>" in out and "Y◀▶P" in out


def test_explain_prints_a_card_text_in_japanese(capsys, monkeypatch):
    code, out, _ = play(capsys, monkeypatch, "borealis", "--seed", "3", "--bots", "random", "--lang", "ja",
                        replies=["explain 人気の乗り物", "explain popular vehicle", "q"])
    assert code == 0 and out.count("人気の乗り物: 場に出した自分のカードで最も多い乗り物") == 2


def test_undo_takes_back_the_players_last_move_when_nothing_was_revealed(toy, capsys, monkeypatch):
    match = InteractiveMatch(TOY, 2, seed=3, seat_names=["A", "B"])
    assert undone(match, 0) == (None, "no_undo_first")
    match.submit(0, match.legal_for(0)[0])
    rebuilt, why = undone(match, 0)
    assert rebuilt is None and why == "no_undo_hidden", "the toy game draws a hidden card after each play"


def test_undo_in_borealis_rebuilds_the_game_before_the_move(capsys, monkeypatch):
    game = get_game("borealis")
    match = InteractiveMatch(game, 2, seed=4, seat_names=["A", "B"])
    while match.to_act() is not None:
        seat = match.to_act()
        legal = match.legal_for(seat)
        plays = [a for a in legal if str(a).startswith("play")]
        if seat == 0 and plays:
            before = game.state_hash(match.state)
            match.submit(0, plays[0])
            rebuilt, why = undone(match, 0)
            assert rebuilt is not None, why
            assert game.state_hash(rebuilt.state) == before and rebuilt.state_id == match.state_id - 1
            return
        match.submit(seat, legal[-1])
    pytest.fail("no play to undo")


def test_save_after_every_move_and_resume_with_load(capsys, monkeypatch, tmp_path):
    path = tmp_path / "game.json"
    code, out, _ = play(capsys, monkeypatch, "borealis", "--seed", "5", "--bots", "random", "--save", str(path),
                        replies=["done", "1", "q"])
    assert code == 0
    saved = json.loads(path.read_text())
    assert saved["play"] == {"seat": 0, "bots": {"1": "random"}, "seeded": True}
    moves = len(saved["actions"])
    assert Record.load(path).final_hash is None and moves >= 2
    code, out, _ = play(capsys, monkeypatch, "--load", str(path), replies=["q"])
    assert code == 0 and f": {moves} moves replayed" in " ".join(out.split())
    assert len(json.loads(path.read_text())["actions"]) == moves


def test_load_refuses_a_finished_game_and_another_game(toy, capsys, monkeypatch, tmp_path):
    path = tmp_path / "game.json"
    assert play(capsys, monkeypatch, "toy", "--seed", "5", "--bots", "random", "--save", str(path),
                replies=["1"] * 6 + [""])[0] == 0
    code, _, err = play(capsys, monkeypatch, "--load", str(path))
    assert code == 2 and "finished" in err and "replay" in err
    path.write_text(path.read_text()[:200])
    code, _, err = play(capsys, monkeypatch, "--load", str(path))
    assert code == 2 and len(err.strip().splitlines()) == 1


def test_autosave_is_written_while_the_game_runs(toy, capsys, monkeypatch, tmp_path):
    path = tmp_path / "game.json"
    sizes = []

    def ask(self, prompt=""):
        sizes.append(len(json.loads(path.read_text())["actions"]))
        if len(sizes) > 3:
            raise EOFError
        return "1"

    monkeypatch.setattr("rich.console.Console.input", ask)
    main(["play", "toy", "--seed", "5", "--bots", "random", "--save", str(path)])
    assert sizes[:3] == [0, 2, 4], "saved at the start and before each of the player's decisions"


def test_auto_forced_plays_single_choices(toy, capsys, monkeypatch):
    from tests.core.toygame import ToyGame

    real = ToyGame.legal_actions
    monkeypatch.setattr(ToyGame, "legal_actions", lambda self, state: real(self, state)[:1])
    code, out, _ = play(capsys, monkeypatch, "toy", "--seed", "5", "--bots", "random", "--auto-forced",
                        replies=[""])
    assert code == 0 and "only one choice" in out and "Final scores" in out


@pytest.mark.parametrize("lang,you,other", [("en", "You win!", "A wins."), ("ja", "あなたの勝ちです！", "A の勝ちです。")])
def test_the_winner_is_named(lang, you, other):
    outcome = Outcome((5, 3), (1, 2), ({}, {}))
    assert winner_line(TOY, outcome, ["A", "B"], 0, lang) == you
    assert winner_line(TOY, outcome, ["A", "B"], 1, lang) == other
    tie = Outcome((5, 5, 1), (1, 1, 3), ({}, {}, {}))
    assert "B" in winner_line(TOY, tie, ["A", "B", "C"], 0, "en") and "tie" in winner_line(TOY, tie, ["A", "B", "C"], 0, "en")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_r46_when_the_third_tribe_wins_both_players_lose(lang):
    """Iwari R46: in a 2-player game the third tribe (not a seat) may win; nobody at the table wins."""
    outcome = Outcome((30, 28), (2, 3), ({}, {}), details={"all_players_lose": True})
    line = winner_line(TOY, outcome, ["A", "B"], 0, lang)
    assert "R46" in line and "A" not in line and "B" not in line


def test_solo_end_reports_score_and_rank_not_a_win():
    outcome = Outcome((42,), (1,), ({},), details={"solo_rank": "lost_lemur"})
    line = winner_line(TOY, outcome, ["A"], 0, "en")
    assert "42" in line and "lost_lemur" in line and "win" not in line


def test_game_ids_are_case_insensitive_with_a_suggestion(capsys, monkeypatch):
    code, _, err = play(capsys, monkeypatch, "Borealiss", "--seed", "1")
    assert code == 2 and "did you mean borealis" in err
    code, out, _ = play(capsys, monkeypatch, "BOREALIS", "--seed", "1", "--bots", "random", replies=["q"])
    assert code == 0 and "game abandoned" in out


def test_the_player_count_is_checked_before_the_seat(capsys, monkeypatch):
    code, _, err = play(capsys, monkeypatch, "borealis", "--players", "9")
    assert code == 2 and "players" in err and "--seat" not in err
