"""The 2-player third tribe: R39-R46, A9-A12; test vectors V7, W13."""

from gameshelf.games.iwari import GAME
from gameshelf.games.iwari.scoring import final_scoring, tent_majority
from iwari_helpers import phase, DRAW, OVER, THIRD_STEP as THIRD_PHASE
from iwari_helpers import P1, P2, THIRD, count, hand, legal, load, new, play, tents, totems, turn, supply


def ended(s, interim):
    """The game over (by the deck) with these interim scores and nothing more."""
    zero = {"tents": 0, "settlements": 0, "totems": 0, "long_road": 0}
    return load(s, dict(GAME.position(s), pending=[], end_reason="deck", final=[zero] * 3,
                        scores=list(interim), interim=list(interim)))


def two(**options):
    return new(2, **options)


def test_r39_third_tribe_is_a_full_tribe():
    s = two()
    assert s.tribes == 3 and s.supply_tents[THIRD] == 20 and s.supply_totems[THIRD] == 8
    tents(s, THIRD, "n01", "n02")
    tents(s, P1, "n03")
    assert tent_majority(s)[:3] == [2, 0, 3]


def test_r10_third_tribe_never_takes_a_turn():
    s = two()
    from gameshelf.core.chance import Chance
    r = Chance(2)
    while not GAME.is_over(s):
        assert GAME.to_act(s) in (0, 1)
        actions = GAME.legal_actions(s)
        GAME.apply(s, actions[r.below(len(actions))])


def v7a():
    s = two()
    tents(s, P2, "n27", "n22", "n36")  # N06, N05 and N08 explored
    turn(s, P1, "ccd")
    play(s, "place N06", "tent n28 d", "done")
    return s


def test_v7a_r40_r42_third_step_is_compulsory():
    """R40, R42: third step is compulsory."""
    s = v7a()
    assert phase(s) == THIRD_PHASE and GAME.to_act(s) == P1
    targets = legal(s)
    assert targets == {f"place {t.id}" for t in s.map.territories}  # the pair may go anywhere
    assert "done" not in targets and "draw deck" not in targets


def test_v7a_one_coast_one_piece_two_coasts_two_pieces():
    s = v7a()
    play(s, "place N05", "tent n23 c")
    assert "tent n24 c" in legal(s)
    play(s, "tent n24 c", "done")
    assert count(s, THIRD, "N05") == 2 and phase(s) == DRAW and hand(s, P1) == ""


def test_v7a_r41_coast_pair_one_piece_in_any_territory():
    """R41: coast pair one piece in any territory."""
    s = v7a()
    play(s, "place N01", "tent n01 cc")
    assert legal(s) == {"done"}  # N01 was unexplored: one piece (R19)
    play(s, "done")
    assert count(s, THIRD, "N01") == 1


def test_v7a_single_coast_cannot_go_to_a_non_coast_territory():
    s = v7a()
    play(s, "place N02")
    assert {a.split(" ")[-1] for a in legal(s)} == {"cc"}


def test_v7b_r43_three_cards_no_third_step():
    """R43: three cards no third step."""
    s = two()
    tents(s, P2, "n06")
    turn(s, P1, "tff")
    play(s, "place N01", "tent n01 t", "tent n02 ff", "done")
    assert phase(s) == DRAW


def test_v7c_r43_exchange_no_third_step():
    """R43: exchange no third step."""
    s = turn(two(), P1, "tff")
    play(s, "exchange t")
    assert phase(s) == DRAW


def test_v7d_r42_no_legal_third_placement_skips_the_step():
    """R42: no legal third placement skips the step."""
    s = two()
    tents(s, P1, "n12", "n13", "n42", "n43", "n27", "n28", "n51", "n52")
    tents(s, P2, "n14", "n15", "n44", "n45", "n29", "n30", "n53", "n54")
    tents(s, THIRD, "n16", "n17", "n55")
    for terr in ("N03", "N09", "N06", "N11"):
        totems(s, P2 if terr in ("N03", "N09") else THIRD, terr, 2)
    turn(s, P1, "tgd")
    events = play(s, "place N01", "tent n01 t", "done")
    assert "third_step_skipped" in [e.key for e in events]
    assert phase(s) == DRAW


def test_v7e_r41_explored_is_judged_after_the_players_pieces():
    """R41: explored is judged after the players pieces."""
    s = turn(two(), P1, "fff")
    play(s, "place N12", "tent n57 f", "done")
    assert phase(s) == THIRD_PHASE
    play(s, "place N12", "tent n56 f", "tent n58 f", "done")
    assert count(s, THIRD, "N12") == 2


def test_r44_third_cards_discarded_then_draw_to_three():
    s = v7a()
    discard = sum(s.discard)
    play(s, "place N05", "tent n23 c", "done")
    assert sum(s.discard) == discard + 1 and phase(s) == DRAW
    play(s, "draw deck", "draw deck")
    assert len(hand(s, P1)) == 3 and s.current == P2


def test_r45_third_tribe_earns_no_feats():
    s = two(feats="on")
    tents(s, THIRD, "n27", "n28", "n29")
    tents(s, P2, "n22")
    turn(s, P1, "tdd")
    play(s, "place N01", "tent n01 t", "done")
    assert phase(s) == THIRD_PHASE
    play(s, "place N06", "tent n30 d", "done")  # the third tribe fills N06
    assert phase(s) == DRAW and s.feats_earned[0] == ()


def test_w13_r46_third_tribe_wins_both_players_lose():
    """R46: third tribe wins both players lose."""
    s = ended(two(), [44, 47, 49])
    out = GAME.outcome(s)
    assert out.winners == () and out.details["all_players_lose"]
    assert out.scores == (44, 47)


def test_a12_third_tribe_tie_resolved_by_unused_pieces():
    s = ended(two(), [50, 40, 50])
    supply(s, THIRD, tents=0)  # unused pieces only (the tie-break of R79 / A12)
    assert GAME.outcome(s).winners == (P1,)
    supply(s, THIRD, tents=20)
    supply(s, P1, tents=0)
    assert GAME.outcome(s).winners == ()


def test_r36_r38_a9_revised_default_third_tribes_twentieth_tent_does_not_end_the_game():
    """R36, R38, A9 (revised 2026-12-01): by default only a player's 20th tent ends the game."""
    s = v7a()
    assert not s.config.third_tribe_ends_game
    supply(s, THIRD, tents=1)
    play(s, "place N05", "tent n23 c", "done")
    assert s.supply_tents[THIRD] == 0
    assert phase(s) == DRAW and s.end_reason is None
    assert final_scoring(s)[THIRD]["tents"] >= 0


def test_r36_r38_a9_revised_option_on_third_tribes_twentieth_tent_ends_the_game():
    """R36, R38, A9 (revised 2026-12-01), third_tribe_ends_game=on: the earlier ruling."""
    s = two(third_tribe_ends_game="on")
    tents(s, P2, "n27", "n22", "n36")
    turn(s, P1, "ccd")
    play(s, "place N06", "tent n28 d", "done")
    supply(s, THIRD, tents=1)
    play(s, "place N05", "tent n23 c", "done")
    assert phase(s) == OVER and s.end_reason == "all_tents"


def players_twentieth_tent(**options):
    s = two(**options)
    tents(s, P2, "n27", "n22", "n36")
    turn(s, P1, "ccd")
    supply(s, P1, tents=1)
    play(s, "place N06", "tent n28 d", "done")
    return s


def test_r38_a9_revised_a_players_twentieth_tent_ends_the_game_under_both_settings():
    """R38, A9 (revised 2026-12-01): a player's 20th tent ends the game, no third-tribe step."""
    for value in ("off", "on"):
        s = players_twentieth_tent(third_tribe_ends_game=value)
        assert phase(s) == OVER and s.end_reason == "all_tents", value


def third_out_of_tents(**options):
    """P1 has placed; the third tribe has no tent left and 2 tents in N05 (explored)."""
    s = two(**options)
    tents(s, P2, "n27", "n22", "n36")
    tents(s, THIRD, "n23", "n24")
    turn(s, P1, "ccd")
    supply(s, THIRD, tents=0)
    play(s, "place N06", "tent n28 d", "done")
    return s


def test_r42_a9_revised_default_third_tribe_without_tents_still_places_totems():
    """R42, R15-R26, A9 (revised 2026-12-01): with its tent supply empty the third tribe's step
    may still place totems where the rules allow, and no tent is offered."""
    s = third_out_of_tents()
    assert phase(s) == THIRD_PHASE
    # only explored territories, where a totem fits under M(T) (R19, R23); no unexplored one
    assert legal(s) == {"place N05", "place N06", "place N08"}
    play(s, "place N05")
    assert not any(a.startswith("tent") for a in legal(s))
    play(s, "totem c", "totem c", "done")
    assert count(s, THIRD, "N05", "totems") == 2 and phase(s) == DRAW and s.end_reason is None


def test_r42_a9_revised_default_third_tribe_without_tents_or_totem_room_is_skipped():
    """R42, A9 (revised 2026-12-01): no legal Place action for the third tribe: the step is skipped."""
    s = two()
    tents(s, P2, "n27", "n22", "n36")
    for terr in ("N05", "N06", "N08"):
        totems(s, P2, terr)  # K(T) = M(T) = 1 in every explored territory: no totem room (R23)
    turn(s, P1, "ccd")
    supply(s, THIRD, tents=0)
    events = play(s, "place N06", "tent n28 d", "done")
    assert "third_step_skipped" in [e.key for e in events]
    assert phase(s) == DRAW and s.end_reason is None
