"""Issue 16, items 1 and 2: the seed rebuilds every hidden card, so it is secret until the end."""

from __future__ import annotations

import re

import gameshelf.cli.play_cmd as play_cmd
from gameshelf.cli.main import main
from gameshelf.core.chance import derive_seed
from gameshelf.core.record import Record
from gameshelf.match import InteractiveMatch
from tests.core.toygame import GAME as TOY
from tests.edges.conftest import answers


def _play(capsys, monkeypatch, *args, replies=()):
    answers(monkeypatch, *replies)
    code = main(["play", "toy", "--players", "2", "--bots", "random", *args])
    return code, capsys.readouterr().out


def test_an_unseeded_game_shows_its_seed_only_at_the_end(toy, capsys, monkeypatch, tmp_path):
    code, out = _play(capsys, monkeypatch, "--save", str(tmp_path / "r.json"))
    assert code == 0
    shown = re.findall(r"seed (\d+)", out)
    assert len(shown) == 1, "the seed is shown once"
    assert out.index(f"seed {shown[0]}") > out.index("plays"), "after the game, never at its start"
    assert Record.load(tmp_path / "r.json").seed == int(shown[0])


def test_a_quit_game_shows_its_seed_when_the_player_quits(toy, capsys, monkeypatch):
    code, out = _play(capsys, monkeypatch, replies=["q"])
    assert code == 0 and "game abandoned" in out
    assert out.index("seed ") > out.index("game abandoned")


def test_unseeded_games_draw_their_seeds_from_secrets_not_the_clock(toy, capsys, monkeypatch):
    monkeypatch.setattr("time.time_ns", lambda: 123456789)
    seeds = set()
    for _ in range(3):
        seeds.add(re.findall(r"seed (\d+)", _play(capsys, monkeypatch, replies=["q"])[1])[0])
    assert len(seeds) == 3


def test_bots_streams_do_not_derive_from_the_game_seed(toy, capsys, monkeypatch):
    made = []
    real = play_cmd.make_agent
    monkeypatch.setattr(play_cmd, "make_agent", lambda spec, seed: made.append(seed) or real(spec, seed))
    out = _play(capsys, monkeypatch, replies=["q"])[1]
    seed = int(re.findall(r"seed (\d+)", out)[0])
    assert made and made[0] != derive_seed(seed, "bot", 1)
    made.clear()
    _play(capsys, monkeypatch, "--seed", "7", replies=["q"])
    assert made == [derive_seed(7, "bot", 1)], "a chosen seed still reproduces the game and its bots"


def test_record_for_hands_out_no_seed_and_no_actions_before_the_end():
    match = InteractiveMatch(TOY, 2, seed=99, seat_names=["A", "B"])
    for _ in range(3):
        seat = match.to_act()
        match.submit(seat, match.legal_for(seat)[0])
    for seat in (0, 1, None):
        during = match.record_for(seat)
        assert "seed" not in during and "actions" not in during and "final_hash" not in during
        assert during["state_id"] == 3 and during["players"] == 2 and during["seats"] == ["A", "B"]
        assert during["game"] == "toy" and during["options"] == {"bonus": "off"}
    while match.to_act() is not None:
        seat = match.to_act()
        match.submit(seat, match.legal_for(seat)[0])
    after = match.record_for(None)
    assert after["seed"] == 99 and after["actions"] == match.record.actions and after["final_hash"]
    assert Record.from_json(after) == match.record
