"""Component data (section 2): counts from the reference and load-time validation (BadData)."""

import shutil

import pytest
import yaml

from gameshelf.core.errors import BadData
from gameshelf.games.midnight_zoo.catalog import DATA, Catalog
from mz_helpers import CAT


def test_action_tiles_counts_2_9():
    assert CAT.n_action == 75
    assert [CAT.tile_terrain[:75].count(t) for t in range(3)] == [25, 25, 25]
    assert sum(CAT.tile_binoculars[:75]) == 18 and sum(CAT.tile_arrow[:75]) == 39
    assert sum(1 for f in CAT.tile_food[:75] if f >= 0) == 42
    assert all(len(a) <= 2 for a in CAT.tile_actions)
    assert CAT.bonus_count == (14, 14, 14)
    assert all(not CAT.tile_actions[CAT.bonus0 + t] and CAT.tile_food[CAT.bonus0 + t] < 0 for t in range(3))


def test_board_2_6_geometry():
    assert CAT.zoo == 12 and len(CAT.entrance_ids) == 9
    kinds = [c[0] for i, c in enumerate(CAT.space_cond) if i != CAT.zoo]
    assert kinds.count("dark") == 6 and kinds.count("binoculars") == 4 and kinds.count("terrain") == 6
    assert CAT.pair_reward == (("vp", 5), ("move", 2), ("bonus_tile", 2))
    assert CAT.storage_capacity == 2


def test_animals_2_5_and_setup_tiles_2_11():
    assert {a.id: a.moons for a in CAT.animals} == {"penguin": 1, "cheetah": 1, "wolf": 2,
                                                    "butterfly": 2, "snake": 3, "sloth": 3}
    assert len(CAT.setup_tiles) == 9
    for _, marks in CAT.setup_tiles:
        assert sorted(letter for letter, star in marks if star) == [0, 1, 2]
    assert len(CAT.solo_tiles) == 6 and sum(t[3] for t in CAT.solo_tiles) == 2
    assert CAT.food_set_vp[3] == 8


def copy_data(tmp_path):
    target = tmp_path / "data"
    shutil.copytree(DATA, target)
    return target


def edit(path, change):
    data = yaml.safe_load(path.read_text())
    change(data)
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False))


def test_data_replaceable_by_editing_files_only(tmp_path):
    d = copy_data(tmp_path)
    edit(d / "board.yaml", lambda b: b["player_board"]["dark_pairs"]["A"].update(reward={"vp": 7}))
    edit(d / "animals.yaml", lambda a: a["animal_tiles"]["wolf"].update(moons=3))
    cat = Catalog(d)
    assert cat.pair_reward[0] == ("vp", 7) and cat.animals[2].moons == 3


@pytest.mark.parametrize("fname,change,message", [
    ("tiles.yaml", lambda t: t["action_tiles"].append(dict(t["action_tiles"][0])), "duplicate"),
    ("tiles.yaml", lambda t: t["action_tiles"][0].update(terrain="lava"), "unknown"),
    ("tiles.yaml", lambda t: t["action_tiles"][0].update(actions=["move_1", "vp_1", "discover"]), "at most 2"),
    ("board.yaml", lambda b: b["player_board"]["entrances"]["L1"].update(attached=[2, 0]), "attached"),
    ("board.yaml", lambda b: b["player_board"]["spaces"].pop("0,0"), "listed"),
    ("board.yaml", lambda b: b["player_board"]["spaces"].update({"2,2": {"condition": "none", "action": None}}),
     "placeable"),
    ("board.yaml", lambda b: b["player_board"]["dark_pairs"]["A"].update(reward={"cake": 1}), "reward"),
    ("setup_tiles.yaml", lambda s: s["setup_tiles"]["ST1"].__setitem__(0, "B*"), "spots of each letter"),
    ("solo.yaml", lambda s: s["solo_tiles"]["SOLO1"].update(first=4), "positions"),
    ("game.yaml", lambda g: g["food_set_vp"].pop(7), "food_set_vp"),
    ("animals.yaml", lambda a: a["animal_tiles"]["wolf"].update(movement="fly"), "movement"),
    ("variability.yaml", lambda v: v["variability_cards"]["red"][2].update(left="lava"), "unknown"),
])
def test_bad_data_rejected_at_load_time(tmp_path, fname, change, message):
    d = copy_data(tmp_path)
    edit(d / fname, change)
    with pytest.raises(BadData) as err:
        Catalog(d)
    assert message in str(err.value)
