"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling, Powley & Whitehouse).

The bot never sees the true state: every iteration deals a fresh determinization of its own view
(``game.determinize(view, chance)`` with the bot's own random stream), walks one shared tree of
actions restricted to the actions legal in that determinization, selects by UCB1 with
availability counts (plus ``bias`` times a heuristic prior / visits, progressive bias; 0 = off),
expands one untried action, then plays a rollout and backs up a reward per seat in [0, 1] (each
tree node keeps the reward of the seat that chose the action into it).

Tree (``tree=``): ``own`` (the default) holds only the searching seat's decisions; the other
seats' moves inside the tree are played by the rollout policy, i.e. they are expected to play
like the heuristic. ``all`` holds every seat's decisions (adversarial, max^n style). Measured at
250 simulations against greedy players: ``own`` won 90% of 2-player Iwari games (``all`` 76%)
and 95% of 2-player Borealis, and 32% of 5-player Iwari (``all`` about 22%); ``all`` is the
sounder search against an opponent who plays perfectly (it finds Nim's winning move, ``own``
may not).

Rollouts (``rollout=``): ``greedy`` (the default: each step the best of ``width`` sampled
actions by the acting seat's heuristic, ties at random), ``mixed`` (greedy for ``depth``
actions, then uniform actions to the end), ``random`` (uniform) or ``none`` (evaluate the new
leaf at once). A rollout stops after ``depth`` actions (-1: play to the end); a finished game is
scored by ranks (ties half) blended with ``score_weight`` of the score margin, an unfinished one
by the game's heuristic normalised by running statistics (see :mod:`gameshelf.agents.rewards`).
``width`` and ``depth`` default to the game's measured hints (``game.info.search``: 4 and 8
unless a game declares otherwise), because how far a rollout may run before the heuristic judges
it depends on the heuristic: Mariposas' greedy steps are close to random inside a flight, so its
rollouts stop after 2 actions (60% of 40 games against depth 8 at half the CPU time), and so do
Midnight Zoo's (54% of 47 games for 64% of the CPU time); Borealis's take the best of 2 candidates
for 4 actions (1.9x the simulations a second of 4 and 8, and as strong at equal CPU time: 47.5% of
80 paired games, a mean margin of +1.07 (1.54)), while lighter settings lost clearly at equal CPU
time in Iwari (width 2) and Borealis (width 3 for 3 actions) (bench/RESULTS.md).

Split (``split=on``; by default as the game's hint ``search.split`` says): single-observer ISMCTS
pools, at every node below the root, all the determinizations in which the seat reaches it, so a
plan for a later turn cannot depend on what will be revealed before it (its hand after a draw, a
die roll): strategy fusion. With ``split`` a node keeps its children apart per set of actions the
seat has there (the legal set is what the seat will know then, as far as it changes its choice),
so later decisions adapt to the draw. Where the legal set never varies (nothing revealed, as in Nim) the statistics are the same
as without it; the root is never split (its actions are known). Splitting spreads the
simulations over more branches, so it pays only with a large budget and few branches per node:
Mariposas (3 per split node) declares it, Borealis (36) does not (3 of 8 games against ``normal``
where the unsplit search won 68% of 50: bench/RESULTS.md).

Budget: ``sims`` iterations (deterministic: the same seed and view give the same action; with
``level`` and no ``sims``, the game's budget for that playing level, ``game.info.search``; with
``per_opponent``, that many for each other seat, as the playing levels count them) or
``seconds`` of wall time per decision (NOT deterministic: the number of iterations depends on
the machine's speed and load). With both, whichever ends first. The search stops early once the
most visited action cannot be caught in the iterations left, which never changes the choice
(``early=False`` runs the whole budget, e.g. to study the root statistics). When a decision
follows the bot's own last one with nothing revealed in between (the next step of a multi-step
turn), the search keeps the subtree of the chosen action and a ``sims`` budget counts its visits
(``reuse=False`` starts afresh).

Analysis: :meth:`ISMCTSAgent.action_stats` runs a fresh search and returns the root statistics
(visits and mean reward of the deciding seat per action, in the order ``choose`` prefers), and can
give one ``focus`` action (a move a player made) a minimum number of visits, so its value is
estimated as well as the best one's; it never changes what ``choose`` returns.

Speed: the search applies actions through the game's ``advance`` where it has one (``apply``
without building the events nobody reads; the same state, see :func:`quiet_apply`). A rollout
step keeps the state its greedy policy already built for the chosen action
instead of applying that action again, and scores its last candidate on the state itself instead
of a copy (a copy plus ``apply`` is deterministic, so the result is the same state and the same
random stream: the choices are those of the plain version, see tests/agents/ismcts_reference.py).
Where a game's heuristic knows some candidates' values without applying them (its optional
``heuristic.steady(state)``: every legal action leaves every seat's value as it is, so all tie; and
``heuristic.twins(state, actions)``: keys, equal for actions that leave equal values), the step
applies only one of each kind and draws the tie's pick as the plain step would, so the choices and
the states are those of applying them all (Iwari: draws, exchanges, targets, a Place action's tents
and totems; tests/agents/test_steady.py holds the games' claims against applying every action).
Where it predicts them (its optional ``heuristic.predict(state, actions, seat)``: per candidate the
heuristic value after it, the very float applying it gives, or None), the step applies only the
pick (Borealis: nearly every candidate; tests/games/borealis/test_borealis_predict.py). A rollout
that ends the game reads its rewards from the game's optional ``quiet_outcome(state)`` (the
outcome's scores and ranks without the breakdown and details nobody reads here, see
:func:`search_outcome`; Borealis's skips the achievements, a percent of its search).
The bot's random stream is a :class:`~gameshelf.agents.fast_chance.FastChance`: ``Chance``'s
numbers drawn from batches of the generator's outputs computed at once (every determinization
shuffles the unseen cards with it; the same numbers) plus ``sample_few``, with which the
greedy step draws its ``width`` candidates by a shuffle stopped once they are fixed rather than
shuffling the whole menu: the same distribution of candidates, so the same agent, but not the
same choices for a given seed as before that change.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from operator import methodcaller
from typing import Callable, Collection, Sequence, cast

from gameshelf.agents.fast_chance import FastChance
from gameshelf.agents.rewards import Normaliser, outcome_rewards
from gameshelf.core.assembly import AssembledGame
from gameshelf.core.game import Action, Game, Outcome, View

ROLLOUTS = ("random", "greedy", "mixed", "none")
LEVEL_BUDGETS = ("normal", "hard")  # the playing levels whose budgets a game declares
TREES = ("all", "own")


class Node:
    """A tree node: reached by ``mover``'s action; statistics for that seat."""

    __slots__ = ("mover", "children", "visits", "total", "avail", "prior", "branches")

    def __init__(self, mover: int) -> None:
        self.mover = mover
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.total = 0.0
        self.avail = 0
        self.prior = 0.0
        self.branches: dict[tuple, Node] | None = None

    def branch(self, legal: Sequence[Action]) -> Node:
        """The node that holds this decision's children when the seat may take exactly ``legal``
        (``split``: one per set of actions the seat finds here)."""
        key = tuple(legal)
        if self.branches is None:
            self.branches = {}
        holder = self.branches.get(key)
        if holder is None:
            holder = self.branches[key] = Node(self.mover)
        return holder


@dataclass(frozen=True)
class ActionStat:
    """One root action after a search: its visits and the mean reward (in [0, 1]) of the seat
    deciding, i.e. the seat's expected result after taking it (0.0 when never visited)."""

    action: Action
    visits: int
    value: float


class ISMCTSAgent:
    name = "ismcts"

    def __init__(self, seed: int = 0, *, sims: int | None = None, seconds: float | None = None,
                 c: float = 0.7, rollout: str = "greedy", depth: int | None = None, width: int | None = None,
                 score_weight: float = 0.1, max_sims: int = 1_000_000, early: bool = True,
                 reuse: bool = True, bias: float = 0.0, tree: str = "own", split: bool | None = None,
                 per_opponent: bool = False, level: str | None = None) -> None:
        if rollout not in ROLLOUTS:
            raise ValueError(f"rollout must be one of {ROLLOUTS}")
        if level is not None and level not in LEVEL_BUDGETS:
            raise ValueError(f"level must be one of {LEVEL_BUDGETS}")
        if sims is None and seconds is None and level is None:
            sims = 500
        self.chance = FastChance(seed)  # Chance's numbers, plus sample_few
        self.sims = sims
        self.level = level                      # no sims: the game's budget for this level (GameInfo.search)
        self.per_opponent = per_opponent        # sims counts per other seat (the levels' budgets)
        self.seconds = seconds
        self.c = c
        self.rollout = rollout
        self.depth_arg = depth                  # None: the game's own hint (GameInfo.search)
        self.width_arg = None if width is None else max(1, width)
        self.depth, self.width = (8 if depth is None else depth), (self.width_arg or 4)
        self.score_weight = score_weight
        self.max_sims = max_sims
        self.early = early
        self.reuse = reuse
        self.bias = bias
        if tree not in TREES:
            raise ValueError(f"tree must be one of {TREES}")
        self.own_tree = tree == "own"
        self.split = split                      # None: the game's own hint (GameInfo.search)
        self._carry: tuple[View, Action, Node] | None = None
        self.last_iterations = 0
        self.last_kept = 0
        self.last_root: Node | None = None
        self._step: tuple[Game, int, Callable] | None = None  # (game, width, its greedy step)

    # ---- the decision ------------------------------------------------------------------------
    def choose(self, game: Game, view: View, legal: Sequence[Action]) -> Action:
        kept = self._kept_subtree(game, view)
        if kept is not None and kept.branches is not None:
            kept = kept.branches.get(tuple(legal))
        if len(legal) == 1:
            best = legal[0]
        else:
            root = self.search(game, view, kept)
            best = self.root_stats(root, legal)[0].action
            kept = root
        if self.reuse and kept is not None and best in kept.children:
            self._carry = (view, best, kept.children[best])
        return best

    def root_stats(self, root: Node, legal: Sequence[Action]) -> list[ActionStat]:
        """Every legal action's statistics at ``root``, in the order ``choose`` prefers them:
        most visits first, then the higher mean reward, then the order of ``legal``."""
        stats = []
        for action in legal:
            child = root.children.get(action)
            if child is not None and child.visits:
                stats.append(ActionStat(action, child.visits, child.total / child.visits))
            else:
                stats.append(ActionStat(action, 0, 0.0))
        return sorted(stats, key=lambda stat: (-stat.visits, -stat.value))

    def action_stats(self, game: Game, view: View, legal: Sequence[Action], *, focus: Action | None = None,
                     focus_visits: int = 0) -> list[ActionStat]:
        """Root statistics of a fresh search from ``view`` (no kept subtree; the budget in full).

        With ``focus`` (a legal action), the search then continues through that action alone until
        it has ``focus_visits`` visits, with the same reward scale, so its value is comparable. The
        order stays the one the first search gave (the extra visits never promote the focus).
        """
        normaliser = Normaliser()
        root = self.search(game, view, normaliser=normaliser)
        stats = self.root_stats(root, legal)
        child = root.children.get(focus) if focus is not None else None
        missing = focus_visits - (child.visits if child else 0)
        if focus is None or focus not in legal or missing <= 0:
            return stats
        self.search(game, view, root, only=(focus,), iterations=missing, normaliser=normaliser)
        refreshed = {stat.action: stat for stat in self.root_stats(root, legal)}
        return [refreshed[stat.action] for stat in stats]

    def _kept_subtree(self, game: Game, view: View) -> Node | None:
        """The subtree of the last decision's chosen action, if this decision comes right after it.

        It does when, in two fresh determinizations of the last view, the chosen action leaves
        the same seat to act with exactly this view (nothing was revealed, nobody else acted):
        the subtree's statistics then belong to this very information set.
        """
        carry, self._carry = self._carry, None
        if carry is None:
            return None
        last_view, action, node = carry
        for _ in range(2):
            state = game.determinize(last_view, self.chance)
            seat = game.to_act(state)
            game.apply(state, action)
            if game.is_over(state) or game.to_act(state) != seat or game.view(state, seat) != view:
                return None
        return node

    def search(self, game: Game, view: View, root: Node | None = None, *, only: Collection[Action] | None = None,
               iterations: int | None = None, normaliser: Normaliser | None = None) -> Node:
        """Run the budget of iterations from ``view`` (growing ``root``, a kept subtree, if given);
        returns the root (children = actions). A sims budget counts the kept visits too.

        ``only`` restricts the root's actions (for analysis), ``iterations`` replaces the budget by
        that many iterations, and ``normaliser`` carries the heuristic's reward scale across calls.
        """
        root = root or Node(-1)
        self.last_kept = root.visits
        self.width, self.depth = self.rollout_settings(game)
        normaliser = normaliser if normaliser is not None else Normaliser()
        if iterations is not None:
            limit = iterations
        else:
            budget = self.budget(game, view)
            limit = (budget if budget is not None else self.max_sims) - root.visits
        early = self.early and only is None
        deadline = time.perf_counter() + self.seconds if self.seconds is not None else None
        start = time.perf_counter()
        done = 0
        while done < limit:
            self.iterate(game, view, root, normaliser, only)
            done += 1
            remaining = limit - done
            if deadline is not None:
                now = time.perf_counter()
                if now >= deadline:
                    break
                remaining = min(remaining, int(done * (deadline - now) / (now - start)) + 1)
            # a child's visits are at most the root's, so no lead exceeds them: skip the scan till then
            if early and root.visits > remaining and _decided(root, remaining):
                break
        self.last_iterations = done
        self.last_root = root
        return root

    def budget(self, game: Game, view: View) -> int | None:
        """Simulations a decision (None: only a time budget): ``sims``, or without it and without
        ``seconds`` the game's budget for ``level``; with ``per_opponent`` that many for each other
        seat of the game (at least once: a solo game against an automaton counts one)."""
        sims = self.sims
        if sims is None and self.level is not None and self.seconds is None:
            sims = game.info.search.level_sims(self.level)
        if sims is None or not self.per_opponent:
            return sims
        players = game.num_players(game.determinize(view, self.chance.copy()))  # the stream untouched
        return sims * max(1, players - 1)

    def rollout_settings(self, game: Game) -> tuple[int, int]:
        """(width, depth) of this agent's rollouts in ``game``: its own parameters where given, else
        the game's measured hints (``game.info.search``: 4 and 8 unless the game says otherwise)."""
        hints = game.info.search
        width = self.width_arg or hints.rollout_width
        depth = self.depth_arg if self.depth_arg is not None else hints.rollout_depth
        return width, depth

    def splits(self, game: Game) -> bool:
        """Whether this agent's search in ``game`` splits its later decisions: its own parameter
        where given, else the game's hint."""
        return game.info.search.split if self.split is None else self.split

    def iterate(self, game: Game, view: View, root: Node, normaliser: Normaliser,
                only: Collection[Action] | None = None) -> None:
        """One iteration: determinize, select, expand, roll out, back up (``only``: the root's
        actions are restricted to these)."""
        state = game.determinize(view, self.chance)
        is_over, legal_actions, to_act, advance = game.is_over, game.legal_actions, game.to_act, quiet_apply(game)
        me = to_act(state)
        own_tree = self.own_tree
        split = self.splits(game)
        path = [root]
        node = root
        while not is_over(state):
            legal = legal_actions(state)
            if only is not None:  # the first decision is the root's
                legal, only = [a for a in legal if a in only], None
                if not legal:
                    return
            mover = to_act(state)
            if own_tree and mover != me:
                state = self._policy_state(game, state, legal)
                continue
            if split and node is not root:
                node = node.branch(legal)
                path.append(node)
            action, child, expanded = self._select(node, legal, mover)
            advance(state, action)
            if expanded and self.bias:
                child.prior = normaliser.reward(float(game.heuristic(state, mover)))
            path.append(child)
            node = child
            if expanded:
                break
        rewards = self._playout(game, state, normaliser, {n.mover for n in path[1:]})
        root.visits += 1
        for n in path[1:]:
            n.visits += 1
            n.total += rewards[n.mover]

    def _select(self, node: Node, legal: Sequence[Action], mover: int) -> tuple[Action, Node, bool]:
        """One pass over ``legal``: each known child's availability counted, and until an untried
        action turns up, its UCB value (a child's value reads only its own counts, so the choice is
        the one of counting them all first); with untried actions, one of them is expanded."""
        children = node.children
        untried: list[Action] | None = None
        c, bias, log, sqrt = self.c, self.bias, math.log, math.sqrt
        best, best_child, best_value = legal[0], None, -1.0
        for action in legal:
            child = children.get(action)
            if child is None:
                if untried is None:
                    untried = [action]
                else:
                    untried.append(action)
                continue
            child.avail += 1
            if untried is None:
                visits = child.visits
                value = child.total / visits + c * sqrt(log(child.avail) / visits)
                if bias:  # adding 0.0 * prior / visits would leave the value as it is
                    value += bias * child.prior / visits
                if value > best_value:
                    best, best_child, best_value = action, child, value
        if untried:
            child = Node(mover)
            child.avail = 1
            action = self.chance.choice(untried)
            children[action] = child
            return action, child, True
        return best, best_child or children[best], False

    # ---- rollouts ----------------------------------------------------------------------------
    def _playout(self, game: Game, state, normaliser: Normaliser, seats: set[int]) -> dict[int, float]:
        is_over, legal_actions, apply, choice = game.is_over, game.legal_actions, quiet_apply(game), self.chance.choice
        rollout = self.rollout
        if rollout != "none":
            depth, steps = self.depth, 0
            step = self._greedy_step(game) if rollout != "random" else None
            while not is_over(state) and (depth < 0 or steps < depth):
                legal = legal_actions(state)
                if step is not None and len(legal) > 1:  # _policy_state, inlined
                    state = step(state, legal)
                else:
                    apply(state, choice(legal))
                steps += 1
        if rollout == "mixed":
            while not is_over(state):
                apply(state, choice(legal_actions(state)))
        if is_over(state):
            rewards = outcome_rewards(search_outcome(game)(state), self.score_weight)
            return dict(enumerate(rewards))
        return {seat: normaliser.reward(float(game.heuristic(state, seat))) for seat in sorted(seats)}

    def _policy_state(self, game: Game, state, legal: Sequence[Action]):
        """The state after the rollout policy's action (``state`` itself, or a copy the greedy step
        made): uniform for ``random`` or a single choice, otherwise the greedy step."""
        if self.rollout != "random" and len(legal) > 1:
            return self._greedy_step(game)(state, legal)
        quiet_apply(game)(state, self.chance.choice(legal))
        return state

    def _greedy_step(self, game: Game) -> Callable[[object, Sequence[Action]], object]:
        """This agent's greedy step in ``game`` (built once per game and width)."""
        kept = self._step
        if kept is None or kept[0] is not game or kept[1] != self.width:
            kept = self._step = (game, self.width, greedy_step(game, self.chance, self.width))
        return kept[2]


def greedy_step(game: Game, chance: FastChance, width: int) -> Callable[[object, Sequence[Action]], object]:
    """The rollout policy's greedy step: ``step(state, legal)`` (two or more legal actions) returns
    the state after the best of up to ``width`` sampled actions by the acting seat's heuristic (ties
    at random, drawn from ``chance``), the very state it was scored on, so it is never applied
    twice. The last candidate is applied to ``state`` itself (no copy): nothing needs ``state``
    after it. Where the game's heuristic declares ``steady(state)`` (every legal action leaves every
    seat's heuristic as it is) the candidates all tie: the step draws the tie's pick and applies
    that one action alone, the same choice and the same state as scoring them all."""
    to_act = cast(Callable[[object], int], game.to_act)  # the step runs only where a seat is to act
    heuristic, apply = game.heuristic, quiet_apply(game)
    copy = methodcaller("copy") if type(game).copy is AssembledGame.copy else game.copy  # one layer less
    steady, twins = getattr(heuristic, "steady", None), getattr(heuristic, "twins", None)
    predict = getattr(heuristic, "predict", None)
    sample_few, choice, inf = chance.sample_few, chance.choice, math.inf

    by_kind = _by_kind_step(heuristic, apply, copy, choice)
    by_value = _predicted_step(heuristic, apply, copy, choice)

    def step(state, legal: Sequence[Action]):
        candidates = legal if len(legal) <= width else sample_few(legal, width)
        if steady is not None and steady(state):
            apply(state, choice(candidates) if len(candidates) > 1 else candidates[0])
            return state
        seat = to_act(state)
        if predict is not None:
            values = predict(state, candidates, seat)
            if values is not None:
                return by_value(state, candidates, values, seat)
        if twins is not None:
            keys = twins(state, candidates)
            if keys is not None:
                return by_kind(state, candidates, keys, seat)
        best, best_value, ties = None, -inf, None
        for action in candidates[:-1]:
            after = copy(state)
            apply(after, action)
            value = float(heuristic(after, seat))
            if value > best_value:
                best, best_value, ties = after, value, None
            elif value == best_value:
                if ties is None:
                    ties = [best, after]
                else:
                    ties.append(after)
        apply(state, candidates[-1])
        value = float(heuristic(state, seat))
        if value > best_value:
            return state
        if value == best_value:
            if ties is None:
                ties = [best, state]
            else:
                ties.append(state)
        return best if ties is None else choice(ties)

    return step


def _by_kind_step(heuristic, apply, copy, choice) -> Callable[[object, Sequence[Action], list, int], object]:
    """The greedy step when some candidates are twins (see ``greedy_step``), built once per step."""

    def by_kind(state, candidates: Sequence[Action], keys: list, seat: int):
        """The step when some candidates are twins (equal keys: the same heuristic values): one of
        each kind applied (to copies: ``state`` may still be needed for the pick), the pick among
        the best drawn as the plain step draws it (from them in candidate order), then applied."""
        values: list[float] = []
        states: list[object] = []
        first: dict[object, int] = {}
        for index, (action, key) in enumerate(zip(candidates, keys)):
            known = first.get(key) if key is not None else None
            if known is not None:
                values.append(values[known])
                states.append(None)
                continue
            after = copy(state)
            apply(after, action)
            values.append(float(heuristic(after, seat)))
            states.append(after)
            if key is not None:
                first[key] = index
        best_value = max(values)
        best = [index for index, value in enumerate(values) if value == best_value]
        index = best[0] if len(best) == 1 else choice(best)
        if states[index] is None:
            apply(state, candidates[index])
            return state
        return states[index]

    return by_kind


def _predicted_step(heuristic, apply, copy, choice) -> Callable[[object, Sequence[Action], list, int], object]:
    """The greedy step where the game's heuristic predicts candidates' values (its optional
    ``heuristic.predict(state, actions, seat)``: per action the heuristic value ``seat`` would have
    after it, the same float as applying it, or None where it does not know), built once per step."""

    def by_value(state, candidates: Sequence[Action], values: list, seat: int):
        """The step with predicted values: the unknown ones applied to copies and scored, the pick
        among the best drawn as the plain step draws it (from them in candidate order); a predicted
        pick is applied to ``state`` itself (the same state as a copy of it with the action applied)."""
        if None not in values:  # all predicted: only the pick is applied
            best_value = max(values)
            if values.count(best_value) == 1:
                apply(state, candidates[values.index(best_value)])
            else:
                apply(state, candidates[choice([i for i, value in enumerate(values) if value == best_value])])
            return state
        states: list[object] = [None] * len(candidates)
        values = list(values)
        for index, value in enumerate(values):
            if value is None:
                after = copy(state)
                apply(after, candidates[index])
                values[index] = float(heuristic(after, seat))
                states[index] = after
        best_value = max(values)
        best = [index for index, value in enumerate(values) if value == best_value]
        index = best[0] if len(best) == 1 else choice(best)
        chosen = states[index]
        if chosen is None:
            apply(state, candidates[index])
            return state
        return chosen

    return by_value


def quiet_apply(game: Game) -> Callable[[object, Action], object]:
    """The game's ``advance(state, action)`` where it has one (``apply`` without building the events,
    which search never reads: the same state afterwards), else its ``apply``. Both trust the action
    to be legal: search applies only actions it just took from ``legal_actions``."""
    return getattr(game, "advance", None) or game.apply


def search_outcome(game: Game) -> Callable[[object], Outcome | None]:
    """The game's ``quiet_outcome(state)`` where it has one (``outcome`` with the same scores and
    ranks, which is all a finished rollout's rewards read, without the breakdown and details a
    player sees), else its ``outcome``."""
    return getattr(game, "quiet_outcome", None) or game.outcome


def _decided(root: Node, remaining: int) -> bool:
    """True when no child can catch the most visited one in ``remaining`` iterations, so stopping
    now chooses the same action as running the whole budget."""
    first = second = 0
    for child in root.children.values():
        if child.visits > first:
            first, second = child.visits, first
        elif child.visits > second:
            second = child.visits
    return first - second > remaining
