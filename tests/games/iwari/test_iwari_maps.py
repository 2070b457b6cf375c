"""Maps and special boards: R2, R9, R65-R68, A20-A23, A27; test vectors V11, V12; data validation."""

from pathlib import Path

import pytest
import yaml

from gameshelf.core.errors import BadData
from gameshelf.games.iwari.catalog import BIOME_INDEX, DATA, MAPS, _load_map
from gameshelf.games.iwari.scoring import (final_scoring, long_road_points, settlement_points,
                                           tent_majority, totem_points)
from iwari_helpers import P1, P2, P3, P4, legal, new, play, tents, totems, turn

SUMMARY = {  # reference 2.8 summary table: territories, tent spaces, roads, lines (land, sea)
    "A": (12, 59, 61, (13, 4)), "B": (11, 53, 54, (10, 5)), "floating_continent": (10, 47, 37, (9, 6)),
    "ice_land": (11, 52, 55, (12, 3)), "long_road": (12, 56, 57, (13, 3)),
}


@pytest.mark.parametrize("map_id", sorted(SUMMARY))
def test_a27_reconstructed_maps_match_the_reference_summary(map_id):
    m = MAPS[map_id]
    terrs, spaces, roads, (land, sea) = SUMMARY[map_id]
    assert len(m.territories) == terrs and len(m.space_ids) == spaces and len(m.roads) == roads
    assert sum(ln.kind == "land" for ln in m.lines) == land and sum(ln.kind == "sea" for ln in m.lines) == sea
    assert all(3 <= len(t.spaces) <= 7 for t in m.territories)
    assert all(len(m.lines_with_icon(k)) == 2 for k in (1, 2, 3, 4))


def test_r2_every_territory_has_one_biome_and_a_totem_space_unless_data_says_no():
    for m in MAPS.values():
        for t in m.territories:
            assert t.spaces
            assert t.totem_space or (m.id == "floating_continent" and t.biome == BIOME_INDEX["tundra"])


def load_variant(tmp_path: Path, edit) -> None:
    raw = yaml.safe_load((DATA / "maps" / "A.yaml").read_text())
    edit(raw)
    path = tmp_path / "A.yaml"
    path.write_text(yaml.safe_dump(raw))
    return _load_map(path, BIOME_INDEX)


def test_data_a_printed_map_replaces_one_by_editing_data_only(tmp_path):
    def edit(raw):
        raw["territories"]["N12"]["tent_spaces"].append("n60")
        raw["internal_roads"]["N12"].append(["n59", "n60"])
    m = load_variant(tmp_path, edit)
    assert len(m.space_ids) == 60 and "n60" in m.space_index


@pytest.mark.parametrize("edit,message", [
    (lambda r: r["territories"]["N02"]["tent_spaces"].append("n01"), "duplicate"),
    (lambda r: r["border_roads"].append(["n01", "n99"]), "unknown"),
    (lambda r: r["alliance_lines"].append({"n": 18, "between": ["N01", "X9"], "kind": "land"}), "unknown"),
    (lambda r: r.update(alliance_lines=[ln for ln in r["alliance_lines"] if "N12" not in ln["between"]]),
     "not connected"),
    (lambda r: r["alliance_lines"][1].update(mountain_icon=1), "mountain icon"),
    (lambda r: r["alliance_lines"][0].update(kind="air"), "land or sea"),
    (lambda r: r["territories"]["N01"].update(biome="swamp"), "unknown"),
    (lambda r: r["internal_roads"]["N01"].append(["n01", "n07"]), "leaves"),
    (lambda r: r["internal_roads"]["N01"].append(["n02", "n01"]), "duplicate"),
    (lambda r: r["layout"][0].append("N05"), "duplicate"),
])
def test_data_validation_rejects_broken_maps(tmp_path, edit, message):
    with pytest.raises(BadData, match=message):
        load_variant(tmp_path, edit)


# ---- Long Road (R68, V11) --------------------------------------------------------------------

def v11():
    s = new(4, map="long_road")
    tents(s, P1, "r08", "r09", "r10", "r21")
    tents(s, P2, "r11", "r12", "r13")
    tents(s, P3, "r14", "r27", "r28")
    tents(s, P4, "r03")
    return s


def test_v11_r68_long_road_final_scoring():
    """R68: long road final scoring."""
    s = v11()
    assert long_road_points(s) == [11, 4, 4, 3]
    assert tent_majority(s) == [4, 4, 5, 1]
    assert settlement_points(s) == [0, 0, 0, 0]
    assert [p["long_road"] for p in final_scoring(s)] == [11, 4, 4, 3]


def test_v11_r68_interim_scoring_ignores_the_long_road():
    """R68: interim scoring ignores the long road."""
    from gameshelf.games.iwari import rules_draw
    from iwari_helpers import move_cards
    s = v11()
    move_cards(s, 0)
    rules_draw._exhaust(s)
    assert s.interim == [4, 4, 5, 1]


def test_r68_long_road_only_on_its_board():
    s = new(4)
    tents(s, P1, "n01")
    assert long_road_points(s) == [0, 0, 0, 0]


# ---- Ice Land (R67, V12a) ----------------------------------------------------------------------

def test_v12a_r67_ice_land_double_line_scores_twice():
    """R67: ice land double line scores twice."""
    s = new(3, map="ice_land")
    tents(s, P1, "i01", "i02", "i07")
    tents(s, P2, "i03", "i08")
    tents(s, P3, "i04", "i05", "i06", "i09", "i10")  # M = 3 and 2: room for the totems (R23)
    totems(s, P1, "I01", 2)
    totems(s, P2, "I01", 1)
    totems(s, P1, "I02", 1)
    totems(s, P2, "I02", 1)
    assert totem_points(s)[:2] == [10, 0]


def test_a23_ice_land_lines_take_honor_and_awe_separately():
    s = new(3, map="ice_land", feats="on")
    tents(s, P1, "i01", "i07", "i08")
    totems(s, P1, "I01")
    turn(s, P1, "ttg")
    play(s, "place I02", "totem t", "done")
    assert s.pending[-1].kind == "iwari.place_feat" and legal(s) == {"honor 1", "decline honor"}
    play(s, "honor 1")
    assert legal(s) == {"awe 11", "decline awe"}


# ---- Floating Continent (R65, R66, A20, A21, V12b, V12c) ------------------------------------------

def test_v12b_r65_usable_line_is_a_bridge_road():
    """R65: usable line is a bridge road."""
    s = new(3, map="floating_continent")
    tents(s, P1, "f09", "f10", "f12", "f13")
    assert settlement_points(s)[P1] == 4


def test_a20_blocked_line_is_not_a_bridge():
    s = new(3, map="floating_continent", blocked=(1,))
    tents(s, P1, "f04", "f05", "f06", "f07")
    assert settlement_points(s)[P1] == 0
    s = new(3, map="floating_continent")
    tents(s, P1, "f04", "f05", "f06", "f07")
    assert settlement_points(s)[P1] == 4


def test_v12c_r66_no_totems_on_floating_tundra():
    """R66: no totems on floating tundra."""
    for terr, sp in (("F01", ("f01", "f02", "f03")), ("F06", ("f25", "f26", "f27"))):
        s = new(3, map="floating_continent")
        tents(s, P1, *sp)
        turn(s, P1, "ttt")
        play(s, f"place {terr}")
        assert not any(a.startswith("totem") for a in legal(s))


def test_r66_lines_touching_floating_tundra_never_qualify():
    s = new(3, map="floating_continent", feats="on")
    tents(s, P1, "f01", "f02", "f06", "f07")
    turn(s, P1, "fft")
    play(s, "place F02", "totem f", "done")
    assert s.feats_earned == [(), (), (), ()] and totem_points(s) == [0, 0, 0]


def test_data_validation_rejects_unknown_expedition_missions():
    from gameshelf.games.iwari.catalog import _load_expeditions
    raw = yaml.safe_load((DATA / "expeditions.yaml").read_text())
    raw["cards"][0]["mission"] = "fly_to_the_moon"
    with pytest.raises(BadData, match="unknown"):
        _load_expeditions(raw)
    raw = yaml.safe_load((DATA / "expeditions.yaml").read_text())
    raw["cards"][1]["id"] = "X01"
    with pytest.raises(BadData, match="duplicate"):
        _load_expeditions(raw)
