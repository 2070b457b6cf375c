"""Engine properties: data validation (2.4, 2.10), bad notation, private draws, labels, determinize of the exchange question."""

import shutil

import pytest
import yaml

from gameshelf.core.chance import Chance
from gameshelf.core.errors import BadData, BadNotation, IllegalAction
from gameshelf.games.mariposas import GAME
from gameshelf.games.mariposas.actions import parse_action
from gameshelf.games.mariposas.catalog import CAT, DATA, load


def random_states(n, seed, every=7):
    s = GAME.setup(n, seed=seed)
    r = Chance(seed)
    k = 0
    while not s.over:
        if k % every == 0:
            yield s
        acts = GAME.legal_actions(s)
        GAME.apply(s, r.choice(acts))
        k += 1
    yield s


def test_map_statistics_match_the_reference():
    """2.4.1: 121 spaces, 104 flower spaces, 16 cities, colour and flower counts, 42 milkweed spaces."""
    from collections import Counter
    assert len(CAT.space_ids) == 121 and len(CAT.cities) == 16
    assert Counter(c for c in CAT.color if c) == {"green": 23, "yellow": 21, "orange": 21, "blue": 20, "red": 19}
    assert sum(CAT.milkweed) == 42
    assert sum(1 for n in CAT.nflowers if n == 2) == 21
    dist = {CAT.michoacan: 0}
    frontier = [CAT.michoacan]
    while frontier:
        nxt = []
        for x in frontier:
            for y in CAT.adj[x]:
                if y not in dist:
                    dist[y] = dist[x] + 1
                    nxt.append(y)
        frontier = nxt
    got = {c: dist[CAT.space_index[c]] for c in ("houston", "new_orleans", "dallas", "atlanta", "chicago", "richmond",
                                                   "new_york", "winnipeg", "boston", "quebec")}
    assert got == {"houston": 3, "new_orleans": 4, "dallas": 5, "atlanta": 7, "chicago": 9, "richmond": 10,
                   "new_york": 13, "winnipeg": 13, "boston": 14, "quebec": 15}
    assert max(dist.values()) == 16


def copy_data(tmp_path):
    d = tmp_path / "data"
    shutil.copytree(DATA, d)
    return d


def edit(path, fn):
    data = yaml.safe_load(path.read_text())
    fn(data)
    path.write_text(yaml.safe_dump(data))


@pytest.mark.parametrize("breakage,match", [
    (lambda m: m["spaces"][0]["adj"].append("nowhere"), "unknown references"),
    (lambda m: m["spaces"][0]["adj"].remove("winnipeg"), "not symmetric"),
    (lambda m: m["spaces"].append(dict(m["spaces"][0])), "duplicate"),
    (lambda m: m["spaces"][0].update(color="violet"), "bad colour"),
    (lambda m: m["spaces"][0].update(milkweed=True), "milkweed"),
    (lambda m: m["east_coast"].append("atlantis"), "east_coast"),
])
def test_bad_map_data_is_rejected_at_load_time(tmp_path, breakage, match):
    """Load-time validation: ids, adjacency, colours, milkweed, East Coast."""
    d = copy_data(tmp_path)
    edit(d / "map.yaml", breakage)
    with pytest.raises(BadData, match=match):
        load(d)


def test_bad_goal_and_component_data_is_rejected(tmp_path):
    d = copy_data(tmp_path)
    edit(d / "goals.yaml", lambda g: g["season_goals"][0]["region"].update(above_row_of="paris"))
    with pytest.raises(BadData, match="unknown city"):
        load(d)
    d2 = copy_data(tmp_path / "b")
    edit(d2 / "components.yaml", lambda c: c["waystation_markers"].pop())
    with pytest.raises(BadData, match="waystation markers"):
        load(d2)


def test_the_map_is_replaceable_by_editing_data_only(tmp_path):
    """2.4: a changed map (a moved milkweed, a recoloured space) changes the rules' inputs."""
    d = copy_data(tmp_path)

    def change(m):
        for s in m["spaces"]:
            if s["id"] == "r00c00":
                s["color"] = "red"
    edit(d / "map.yaml", change)
    cat = load(d)
    sp2 = cat.goals[cat.goal_index["SP2"]].region
    assert sp2 >> cat.space_index["r00c00"] & 1
    assert not CAT.goals[CAT.goal_index["SP2"]].region >> CAT.space_index["r00c00"] & 1


@pytest.mark.parametrize("text", ["", "play move_9", "play move_5+a3", "play move_5+a2+a1", "seg x", "seg 3+1",
                                  "fly 10", "to atlantis", "pick blue", "hatch all", "free ", "bonus32 maybe",
                                  "take gold", "exchange three", "jump 3", "seg 03"])
def test_bad_notation(text):
    with pytest.raises(BadNotation):
        parse_action(text)


def test_a_drawn_card_is_told_to_its_drawer_only():
    """R51: the card drawn is told to the drawing seat only; the others hear that a card was drawn."""
    drawn = hidden = 0
    for s in random_states(3, 2, every=1):
        if s.over:
            break
        for e in GAME.apply(GAME.copy(s), GAME.legal_actions(s)[0]):
            if e.key == "draw":
                drawn += 1
                assert e.audience == frozenset({e.args["player"]})
            if e.key == "draw_hidden":
                hidden += 1
                assert e.hidden_from == frozenset({e.args["player"]})
    assert drawn and drawn == hidden


def test_labels_and_illegal_actions_keep_state():
    s = GAME.setup(2, seed=1)
    for a in GAME.legal_actions(s):
        assert GAME.action_label(a, "en") and GAME.action_label(a, "ja")
    before = GAME.position(s)
    with pytest.raises(IllegalAction):
        GAME.checked_apply(s, "to r00c00")
    assert GAME.position(s) == before


def test_heuristic_is_a_number_favouring_points():
    data = GAME.position(GAME.setup(2, seed=2))
    data["players"][0]["points"]["spring_goal"] = 10
    s = GAME.from_position(data)
    assert GAME.heuristic(s, 0) > GAME.heuristic(s, 1)


def test_determinize_does_not_infer_a_redundant_hand_from_the_exchange_question():
    """R71, R51: the exchange question tells nothing, so determinize deals the deciding seat any hand."""
    from gameshelf.games.mariposas.rules_turn import is_redundant
    s = GAME.setup(3, seed=5)
    assert s.pending[-1].name == "exchange"
    viewer = next(q for q in range(3) if q != GAME.to_act(s))
    v = GAME.view(s, viewer)
    seen = set()
    for k in range(60):
        d = GAME.determinize(v, Chance(k))
        GAME.check_invariants(d)
        assert GAME.view(d, viewer) == v
        seen.add(is_redundant(d.hands[GAME.to_act(s)]))
    assert seen == {True, False}
