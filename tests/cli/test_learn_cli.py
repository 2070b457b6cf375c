"""Issue 33 in the terminal: ``gameshelf learn`` walks a tutorial (the step goes on only with its
move; another gets the step's why; a menu number works) and offers the easy bot; ``gameshelf
puzzle`` judges a guess and shows the reason after it."""

from __future__ import annotations

from gameshelf.cli.main import main
from gameshelf.learn import tutorial as tut
from gameshelf.learn.puzzles import load_puzzles
from tests.edges.conftest import answers


def run(capsys, monkeypatch, *args, replies=()):
    answers(monkeypatch, *replies, then=EOFError)
    code = main(list(args))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def moves(game_id):
    tutorial = tut.load_tutorial(game_id)
    return tutorial, [s.move if not s.any else "1" for s in tutorial.steps]


def test_learn_walks_a_whole_tutorial_to_its_end(capsys, monkeypatch):
    tutorial, replies = moves("borealis")
    code, out, err = run(capsys, monkeypatch, "learn", "borealis", "--no-game", replies=replies)
    assert code == 0 and not err
    assert f"Step {len(tutorial.steps)} of {len(tutorial.steps)}" in out
    assert "Tutorial finished." in out and tutorial.outro["en"].split()[0] in out


def test_learn_in_japanese_answers_another_move_with_the_steps_why(capsys, monkeypatch):
    tutorial = tut.load_tutorial("midnight_zoo")
    code, out, _ = run(capsys, monkeypatch, "learn", "midnight_zoo", "--lang", "ja",
                       replies=["take 1", "zzz", "h", "2", "q"])
    assert code == 0
    flat = "".join(out.split())
    assert "".join(tutorial.steps[0].why["ja"].split()) in flat   # the why, not the next step
    assert "このゲームの手ではありません" in flat and "ヒント" in flat
    assert "ステップ2/13" in flat and "ステップ3/13" not in flat    # menu number 2 was the move


def test_learn_offers_the_easy_bot_at_the_end(capsys, monkeypatch):
    _, replies = moves("iwari")
    code, out, _ = run(capsys, monkeypatch, "learn", "iwari", "--step", "12", replies=[replies[-1], "y", "q"])
    assert code == 0 and "Tutorial finished." in out
    after = out.split("Tutorial finished.")[1]
    assert "game abandoned" in after and "easy#1" in after   # a real game against easy, quit at once


def test_learn_rejects_a_step_past_the_end_in_one_line(capsys, monkeypatch):
    code, _, err = run(capsys, monkeypatch, "learn", "iwari", "--step", "20")
    assert code == 2 and "steps 1 to 12" in err and "Traceback" not in err
    code, _, err = run(capsys, monkeypatch, "learn", "chess")
    assert code == 2 and "unknown game" in err


def test_puzzle_judges_a_guess_and_shows_the_reason(capsys, monkeypatch):
    puzzles = load_puzzles("midnight_zoo")
    first, second = puzzles[0], puzzles[1]
    code, out, _ = run(capsys, monkeypatch, "puzzle", "midnight_zoo", "--lang", "ja",
                       replies=["nonsense", first.answer, second.second, "q"])
    assert code == 0
    flat = "".join(out.split())
    assert "このゲームの手ではありません" in flat
    assert "正解" in flat and "".join(first.reason["ja"].split()) in flat
    assert "残念" in flat and "".join(second.reason["ja"].split()) in flat


def test_puzzle_number_out_of_range_is_one_line(capsys, monkeypatch):
    code, _, err = run(capsys, monkeypatch, "puzzle", "iwari", "--number", "9999")
    assert code == 2 and "puzzles 1 to" in err
