"""Issue 33, puzzles: every stored puzzle is played through (a valid position where its seat
decides, a legal answer that is not the runner-up), with its margin and a reason in en and ja."""

from __future__ import annotations

import re

import pytest

from gameshelf.analysis import hints
from gameshelf.core.errors import BadOption
from gameshelf.games import game_ids, get_game
from gameshelf.learn.puzzles import get_puzzle, load_puzzles

MARGIN = 0.10  # the miner's default: the smallest margin of the two hard runs


@pytest.mark.parametrize("game_id", game_ids())
def test_every_puzzle_is_a_real_decision_with_a_legal_answer(game_id):
    game = get_game(game_id)
    puzzles = load_puzzles(game_id)
    assert puzzles, f"{game_id} has no puzzles"
    assert len(puzzles) <= 20
    assert len({p.key() for p in puzzles}) == len(puzzles), "two puzzles share a position"
    for puzzle in puzzles:
        state = puzzle.state(game)
        game.check_invariants(state)
        assert game.to_act(state) == puzzle.seat
        legal = [str(a) for a in game.legal_actions(state)]
        assert puzzle.answer in legal and puzzle.second in legal and puzzle.answer != puzzle.second
        assert puzzle.margin >= MARGIN and puzzle.value > puzzle.second_value  # margin: the smaller run's
        assert puzzle.level == "hard" and len(set(puzzle.seeds)) == 2
        assert puzzle.reason["en"].strip() and re.search(r"[\u3040-\u30ff]", puzzle.reason["ja"])


def test_a_puzzle_number_out_of_range_is_a_clear_error():
    count = len(load_puzzles("iwari"))
    for bad in (-1, count, "1", None):
        with pytest.raises(BadOption, match="puzzle"):
            get_puzzle("iwari", bad)


@pytest.mark.slow
def test_a_stored_answer_is_still_the_analysis_best_move():
    """The build-time check, on one puzzle: the analysis (normal level) still prefers the answer."""
    puzzle = load_puzzles("midnight_zoo")[0]
    game = get_game("midnight_zoo")
    state = puzzle.state(game)
    best = hints(game, game.view(state, puzzle.seat), game.legal_actions(state), k=1, level="normal", seed=5)
    assert str(best[0].action) == puzzle.answer


def test_the_build_check_reports_a_puzzle_whose_answer_is_not_legal(tmp_path, capsys):
    """``mine_puzzles --check`` fails (exit 1) on a stored answer the engine does not allow."""
    from dataclasses import replace

    from gameshelf.learn.mine_puzzles import main
    from gameshelf.learn.puzzles import save_puzzles

    good = load_puzzles("iwari")[0]
    save_puzzles("iwari", [replace(good, answer="no such move")], tmp_path)
    assert main(["iwari", "--check", "--out", str(tmp_path)]) == 1
    assert "no longer a legal move" in capsys.readouterr().out
