"""Post-game analysis and hints: from the seat's own view, flags by the thresholds, deterministic."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest

from gameshelf.agents import make_agent
from gameshelf.analysis import (THRESHOLDS, Analysis, DecisionReview, SeatReview, accuracy_of, analyse_record,
                                flag_for, hints)
from gameshelf.analysis.review import (FLAG_ACCURACY, NOISE, DecisionJob, combined, game_accuracy, loss_at,
                                       review_decision, volatility_weights)
from gameshelf.core import BadOption, BadRecord, BadSeat
from gameshelf.core.record import Record
from gameshelf.match import run_match
from tests.agents.testgames import SCORED_TOY
from tests.analysis.secretgame import GAME as SECRET
from tests.core.toygame import Play

SIMS = 24


def _record(game, seed, players=2):
    agents = [make_agent("greedy", seat + 1) for seat in range(players)]
    return run_match(game, agents, seed=seed).record


def _with_seed(game, record, seed):
    """The same actions under another seed (for the secret game: other hidden bonuses)."""
    twin = Record(record.game, record.rules_version, record.players, dict(record.options), seed,
                  list(record.seats), list(record.actions))
    from gameshelf.core.record import replay
    twin.final_hash = game.state_hash(replay(game, twin))
    return twin


# ---- from the seat's own view --------------------------------------------------------------------
def test_a_seat_is_analysed_from_its_own_view_never_the_hidden_information():
    """Two records differ only in seat 1's secret bonus (which decides who wins): seat 0 never saw
    it, so seat 0's analysis is the same; seat 1 saw it, so its analysis differs."""
    first = _record(SECRET, seed=1)
    second = _with_seed(SECRET, first, seed=3)
    assert SECRET.outcome(_final(first)).scores != SECRET.outcome(_final(second)).scores
    one = analyse_record(SECRET, first, sims=SIMS, seed=4).to_json()["seats"]
    two = analyse_record(SECRET, second, sims=SIMS, seed=4).to_json()["seats"]
    assert one["0"] == two["0"] and one["0"]["decisions"]
    assert one["1"]["decisions"] != two["1"]["decisions"]


def _final(record):
    from gameshelf.core.record import replay
    return replay(SECRET, record)


def test_hints_depend_on_the_view_alone():
    first, second = SECRET.setup(2, {}, 1), SECRET.setup(2, {}, 3)
    assert SECRET.view(first, 0) == SECRET.view(second, 0) and SECRET.position(first) != SECRET.position(second)
    legal = SECRET.legal_actions(first)
    assert hints(SECRET, SECRET.view(first, 0), legal, sims=SIMS, seed=2) == hints(
        SECRET, SECRET.view(second, 0), legal, sims=SIMS, seed=2)


def test_hints_rank_the_k_best_actions_with_values():
    state = _endgame()
    found = hints(SCORED_TOY, SCORED_TOY.view(state, 0), SCORED_TOY.legal_actions(state), k=3, sims=SIMS, seed=1)
    assert [h.action for h in found] == [Play(9), Play(3)]  # only two legal actions
    assert found[0].value > 0.8 > 0.2 > found[1].value
    assert found[0].to_json()["action"] == "play 9"
    assert hints(SCORED_TOY, SCORED_TOY.view(state, 0), [], sims=SIMS) == []


# ---- values, losses, flags ----------------------------------------------------------------------
def _endgame():
    """Seat 0 holds 3 and 9 after a 5; seat 1 must hold 1 and 2 (every other card is out); seat 1
    leads 10-0. Playing 9 first scores 9 + 3 and wins; playing 3 first scores only 9 and loses."""
    state = SCORED_TOY.setup(2, {}, 0)
    state.hands, state.deck = [[3, 9], [1, 2]], []
    state.played, state.last = [4, 6, 7, 8, 10, 11, 12, 5], 5
    state.scores, state.turn = [0, 10], 8
    return state


def _review(played, seed=1):
    state = _endgame()
    job = DecisionJob(SCORED_TOY, 9, 0, SCORED_TOY.view(state, 0), tuple(SCORED_TOY.legal_actions(state)),
                      played, "normal", SIMS, seed)
    return review_decision(job)


def test_a_losing_move_is_a_blunder_and_the_winning_one_is_best():
    bad, good = _review(Play(3)), _review(Play(9))
    assert (bad.best, bad.flag, good.best, good.flag, good.loss) == ("play 9", "blunder", "play 9", None, 0.0)
    assert bad.loss == pytest.approx(bad.best_value - bad.value) and bad.loss > 0.8
    assert bad.value < 0.1 < 0.9 < bad.best_value


def test_flags_follow_from_the_accuracy_curve():
    """A flag is an accuracy below its bound on the one curve (blunder < 35, mistake < 60,
    inaccuracy < 80); THRESHOLDS are the losses at which the curve crosses those bounds."""
    assert dict(FLAG_ACCURACY) == {"blunder": 35.0, "mistake": 60.0, "inaccuracy": 80.0}
    assert dict(THRESHOLDS) == {name: round(loss_at(bound), 4) for name, bound in FLAG_ACCURACY}
    assert dict(THRESHOLDS) == pytest.approx({"blunder": 0.1329, "mistake": 0.0909, "inaccuracy": 0.0680})
    for step in range(0, 1001):
        loss = step / 1000
        accuracy = accuracy_of(loss)
        expected = next((name for name, bound in FLAG_ACCURACY if accuracy < bound), None)
        assert flag_for(loss) == expected, loss
    cases = {0.0: None, 0.05: None, 0.067: None, 0.07: "inaccuracy", 0.09: "inaccuracy", 0.095: "mistake",
             0.13: "mistake", 0.14: "blunder", 1.0: "blunder"}
    for loss, flag in cases.items():
        assert flag_for(loss) == flag, loss


def test_the_accuracy_curve_is_100_for_the_best_move_and_falls_with_the_loss():
    """The documented curve: 103.1668 * exp(-0.12 * max(0, loss - 0.05) * 100) - 3.1669, clipped to
    [0, 100]: 100 up to the search's noise (0.05), then strictly falling until it reaches 0."""
    assert accuracy_of(0.0) == pytest.approx(100.0, abs=1e-3) and accuracy_of(NOISE) == pytest.approx(100.0, abs=1e-3)
    curve = [accuracy_of(step / 200) for step in range(201)]
    assert all(a >= b for a, b in zip(curve, curve[1:])) and all(0.0 <= a <= 100.0 for a in curve)
    beyond = [accuracy_of(NOISE + step / 200) for step in range(1, 100)]
    assert all(a > b for a, b in zip(beyond, beyond[1:]) if a > 0)
    assert accuracy_of(0.1) == pytest.approx(103.1668 * math.exp(-0.12 * 5) - 3.1669)
    assert accuracy_of(0.4) == 0.0
    for accuracy in (35.0, 60.0, 80.0, 99.0):
        assert accuracy_of(loss_at(accuracy)) == pytest.approx(accuracy)


def test_the_move_the_search_finds_best_scores_100():
    good = _review(Play(9))
    assert good.best == "play 9" and good.accuracy == 100.0 and good.to_json()["accuracy"] == 100.0
    assert _review(Play(3)).accuracy < 35.0


def _harmonic(accuracies):
    return len(accuracies) / sum(1 / max(1.0, a) for a in accuracies)


def test_a_game_accuracy_is_the_mean_of_a_weighted_mean_and_the_harmonic_mean():
    """Lichess's game accuracy: (volatility-weighted mean + harmonic mean) / 2, each decision counted
    as at least 1 in the harmonic mean; a plain mean stands in for the weighted one without win chances."""
    assert game_accuracy([]) == 100.0 and game_accuracy([90.0, 90.0]) == 90.0
    sample = [100.0, 100.0, 100.0, 10.0]
    assert game_accuracy(sample) == pytest.approx((sum(sample) / 4 + _harmonic(sample)) / 2, abs=0.05)
    assert game_accuracy([100.0, 0.0]) == pytest.approx((50 + 2 / (1 / 100 + 1)) / 2, abs=0.05)  # 0 counts as 1
    chances = [0.5, 0.5, 0.5, 0.9, 0.9]
    weights = volatility_weights(chances)
    expected = (sum(a * w for a, w in zip(sample, weights)) / sum(weights) + _harmonic(sample)) / 2
    assert game_accuracy(sample, chances) == pytest.approx(expected, abs=0.05)
    with pytest.raises(ValueError):
        game_accuracy(sample, chances[:-1])  # one win chance before each decision and one after the last


def test_volatility_weights_follow_the_win_chance_swings():
    """One weight a decision: the standard deviation (in percent, clipped to [0.5, 12]) of a window
    of n // 10 win chances (2 to 8) ending just after the decision."""
    assert volatility_weights([]) == [] and volatility_weights([0.5]) == []
    assert volatility_weights([0.5] * 31) == [0.5] * 30  # a quiet game: every decision the floor
    weights = volatility_weights([0.5] * 15 + [0.9] * 16)  # 30 decisions, windows of 3; the 15th jumps
    assert len(weights) == 30 and weights[14:16] == [12.0, 12.0]  # the windows that hold the jump
    assert all(w == 0.5 for i, w in enumerate(weights) if i not in (14, 15))
    assert volatility_weights([0.50, 0.52, 0.50]) == pytest.approx([1.0, 1.0])  # windows of 2: sd of 50, 52


def test_a_blunder_while_the_game_swings_weighs_more_than_one_in_a_quiet_phase():
    accuracies = [100.0] * 29 + [20.0]
    quiet = [0.5] * 31
    swinging = [0.5] * 28 + [0.8, 0.4, 0.3]
    assert game_accuracy(accuracies, swinging) < game_accuracy(accuracies, quiet)


def test_issue32_one_blunder_among_many_good_moves_does_not_sink_a_seat():
    """Issue 32: one costly decision (a loss of 0.29, accuracy 2.6) among 59 best moves left the
    harmonic mean at 61.8; the seat now keeps 80 or more, and a seat of normal-like play (a few
    noise-sized losses and one blunder of 0.2 among 50 decisions) keeps 85."""
    blunder = accuracy_of(0.29)
    one = [100.0] * 59 + [blunder]
    assert _harmonic(one) < 62 and game_accuracy(one) >= 80
    normal_like = [accuracy_of(loss) for loss in [0.0] * 30 + [0.03] * 13 + [0.06] * 3 + [0.085] * 3 + [0.2]]
    assert game_accuracy(normal_like) >= 85


def test_issue32_random_like_play_scores_far_below_good_play():
    """Issue 32: decisions lost the way random play loses them (a fifth of them 0.1 or more) score
    at least 25 below the way the normal bot loses them (a few hundredths, rarely 0.1)."""
    good = [accuracy_of(loss) for loss in [0.0] * 30 + [0.03] * 13 + [0.06] * 3 + [0.085] * 3 + [0.12]]
    random_like = [accuracy_of(loss) for loss in [0.0] * 13 + [0.03] * 16 + [0.06] * 5 + [0.085] * 6 + [0.12] * 5
                   + [0.2] * 4 + [0.3]]
    assert game_accuracy(good) >= 90
    assert game_accuracy(random_like) <= game_accuracy(good) - 30


def test_random_play_scores_far_below_the_normal_bot_on_fixed_seeds():
    """Twelve toy games of random against normal (seats alternating): over all their decisions,
    the random seats' accuracy is at least 25 points below the normal seats'."""
    pooled = {"random": [], "normal": []}
    for seed in range(1, 13):
        names = ["random", "normal"] if seed % 2 else ["normal", "random"]
        agents = [make_agent(name, seed * 10 + seat) for seat, name in enumerate(names)]
        record = run_match(SCORED_TOY, agents, seed=seed, seat_names=names).record
        for seat, review in analyse_record(SCORED_TOY, record, sims=200, seed=seed).seats.items():
            pooled[names[seat]] += review.decisions
    random, normal = (SeatReview(0, name, tuple(pooled[name])).accuracy for name in ("random", "normal"))
    assert random <= normal - 25, (random, normal)
    assert normal >= 80


def test_a_seat_summary_names_its_three_costliest_decisions():
    def decision(ply, loss):
        return DecisionReview(ply, 0, "a", "b", 0.5 - loss, 0.5, loss, flag_for(loss), 2)
    review = SeatReview(0, "ann", tuple(decision(p, l) for p, l in [(1, 0.0), (3, 0.3), (5, 0.08), (7, 0.3),
                                                                        (9, 0.12)]))
    assert [d.ply for d in review.costliest] == [3, 7, 9]
    assert review.counts() == {"inaccuracy": 1, "mistake": 1, "blunder": 2}
    assert review.accuracy == game_accuracy([accuracy_of(d.loss) for d in review.decisions],
                                            [d.best_value for d in review.decisions] + [review.decisions[-1].value])
    assert SeatReview(1, "bob", ()).accuracy == 100.0


# ---- the whole record ------------------------------------------------------------------------------
def test_every_real_decision_of_the_chosen_seat_is_reviewed_in_order():
    record = _record(SCORED_TOY, seed=5, players=3)
    analysis = analyse_record(SCORED_TOY, record, [1], sims=SIMS, seed=2)
    assert list(analysis.seats) == [1]
    plies = [d.ply for d in analysis.seats[1].decisions]
    assert plies == sorted(plies) and plies and all(d.seat == 1 and d.choices > 1 for d in analysis.seats[1].decisions)
    assert all(record.actions[d.ply - 1] == d.action for d in analysis.seats[1].decisions)


def test_the_analysis_is_the_same_for_any_number_of_processes():
    record = _record(SCORED_TOY, seed=6)
    one = analyse_record(SCORED_TOY, record, sims=SIMS, seed=3, jobs=1)
    two = analyse_record(SCORED_TOY, record, sims=SIMS, seed=3, jobs=2)
    assert isinstance(one, Analysis) and one.to_json() == two.to_json()
    assert analyse_record(SCORED_TOY, record, sims=SIMS, seed=4).to_json() != one.to_json()


def test_json_shape():
    data = analyse_record(SCORED_TOY, _record(SCORED_TOY, seed=7), [0], sims=SIMS).to_json()
    assert set(data["seats"]) == {"0"}
    seat = data["seats"]["0"]
    assert {"accuracy", "decisions", "costliest", "counts", "average_loss"} <= set(seat)
    for decision in seat["decisions"]:
        assert {"ply", "action", "best", "loss", "flag", "value", "best_value"} <= set(decision)
    assert data["thresholds"] == {name: loss for name, loss in reversed(THRESHOLDS)}
    assert data["flag_accuracy"] == {"inaccuracy": 80.0, "mistake": 60.0, "blunder": 35.0}
    for decision in seat["decisions"]:
        assert decision["accuracy"] == round(accuracy_of(decision["loss"]), 1)


def test_bad_input_is_refused_with_a_named_error():
    record = _record(SCORED_TOY, seed=8)
    with pytest.raises(BadSeat):
        analyse_record(SCORED_TOY, record, [2], sims=SIMS)
    with pytest.raises(BadOption):
        analyse_record(SCORED_TOY, record, level="easy", sims=SIMS)
    unfinished = Record(record.game, record.rules_version, 2, dict(record.options), record.seed,
                        list(record.seats), record.actions[:5])
    with pytest.raises(BadRecord, match="before the game is over"):
        analyse_record(SCORED_TOY, unfinished, sims=SIMS)


def test_an_assembled_game_is_analysed_in_worker_processes_too(monkeypatch):
    """An assembled game holds its modules and does not pickle: workers look it up by its id."""
    from highcard import GAME as HIGHCARD
    from gameshelf.games import GAME_MODULES
    monkeypatch.setitem(GAME_MODULES, "highcard", "highcard:GAME")
    record = run_match(HIGHCARD, [make_agent("random", 1), make_agent("random", 2)], seed=2).record
    one = analyse_record(HIGHCARD, record, sims=SIMS, seed=1, jobs=1)
    assert one.to_json() == analyse_record(HIGHCARD, record, sims=SIMS, seed=1, jobs=2).to_json()
    assert any(review.decisions for review in one.seats.values())


def test_the_analysis_budget_is_its_own_and_not_below_the_playing_levels():
    """The analysis searches on its own budget a level (precision keeps growing with simulations
    after a bot's strength has stopped), never less than the bot of the same level spends."""
    from gameshelf.analysis.search import SIMS, analysis_agent
    from gameshelf.games import game_ids, get_game
    for level in ("normal", "hard"):
        agent = analysis_agent(level)
        assert agent.sims == SIMS[level] and not agent.per_opponent
        assert all(SIMS[level] >= get_game(g).info.search.level_sims(level) for g in game_ids())
        assert analysis_agent(level, sims=7).sims == 7
    assert SIMS["hard"] > SIMS["normal"]


# ---- searching a costly-looking decision again (an experiment's option, off by default) -------------
def test_a_decision_searched_several_times_takes_the_means_of_its_searches():
    def search(value, best_value, best):
        loss = round(best_value - value, 4)
        return DecisionReview(4, 0, "a", best, value, best_value, loss, flag_for(loss), 3)
    merged = combined([search(0.40, 0.50, "b"), search(0.45, 0.47, "c"), search(0.44, 0.50, "c")])
    assert (merged.value, merged.best_value, merged.loss) == (0.43, 0.49, 0.06)
    assert merged.best == "c" and merged.flag == flag_for(0.06) and merged.ply == 4
    assert combined([search(0.5, 0.5, "a"), search(0.5, 0.5, "a")]).best == "a"  # no other action found better
    single = search(0.3, 0.6, "b")
    assert combined([single]) is single


def test_rechecks_search_costly_decisions_again_with_other_seeds(monkeypatch):
    """With RECHECKS on, every decision whose first search lost RECHECK or more is searched RECHECKS
    more times (seeds derived from its own); its loss is the mean; the rest are untouched; any number
    of processes gives the same result."""
    from gameshelf.analysis import review
    from gameshelf.analysis.review import _jobs
    from gameshelf.core.chance import derive_seed
    record = _record(SCORED_TOY, seed=6)
    plain = analyse_record(SCORED_TOY, record, sims=SIMS, seed=3)
    monkeypatch.setattr(review, "RECHECKS", 2)
    again = analyse_record(SCORED_TOY, record, sims=SIMS, seed=3)
    assert again.to_json() == analyse_record(SCORED_TOY, record, sims=SIMS, seed=3, jobs=2).to_json()
    jobs = {job.ply: job for job in _jobs(SCORED_TOY, record, [0, 1], "normal", 3, SIMS)}
    rechecked = 0
    for seat, review_ in plain.seats.items():
        for first, merged in zip(review_.decisions, again.seats[seat].decisions):
            if first.loss < review.RECHECK:
                assert merged == first
                continue
            rechecked += 1
            searches = [first] + [review_decision(replace(jobs[first.ply], seed=derive_seed(jobs[first.ply].seed,
                                                                                              "again", k)))
                                  for k in (1, 2)]
            assert merged == combined(searches)
    assert rechecked > 0
