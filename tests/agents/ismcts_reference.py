"""The ISMCTS agent as it was before the speed work (commit 1418a47), kept as a plain reference.

Changed with the agent once (issue 15): the greedy step draws its candidates with ``_sample_few``
(a shuffle stopped after ``width`` places; the same distribution as the former whole shuffle).

Tests check that the optimised agent makes the same choices and grows the same root statistics for
the same seed (see test_ismcts_matches_reference). Do not optimise this file. Change it only with
the agent, when a change that alters choices has been justified by measured strength.
"""

from __future__ import annotations

import math
import time
from typing import Sequence

from gameshelf.agents.rewards import Normaliser, outcome_rewards
from gameshelf.core.chance import Chance
from gameshelf.core.game import Action, Game, View

ROLLOUTS = ("random", "greedy", "mixed", "none")
TREES = ("all", "own")


class Node:
    """A tree node: reached by ``mover``'s action; statistics for that seat."""

    __slots__ = ("mover", "children", "visits", "total", "avail", "prior")

    def __init__(self, mover: int) -> None:
        self.mover = mover
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.total = 0.0
        self.avail = 0
        self.prior = 0.0


class ISMCTSAgent:
    name = "ismcts"

    def __init__(self, seed: int = 0, *, sims: int | None = None, seconds: float | None = None,
                 c: float = 0.7, rollout: str = "greedy", depth: int = 8, width: int = 4,
                 score_weight: float = 0.1, max_sims: int = 1_000_000, early: bool = True,
                 reuse: bool = True, bias: float = 0.0, tree: str = "own") -> None:
        if rollout not in ROLLOUTS:
            raise ValueError(f"rollout must be one of {ROLLOUTS}")
        if sims is None and seconds is None:
            sims = 500
        self.chance = Chance(seed)
        self.sims = sims
        self.seconds = seconds
        self.c = c
        self.rollout = rollout
        self.depth = depth
        self.width = max(1, width)
        self.score_weight = score_weight
        self.max_sims = max_sims
        self.early = early
        self.reuse = reuse
        self.bias = bias
        if tree not in TREES:
            raise ValueError(f"tree must be one of {TREES}")
        self.own_tree = tree == "own"
        self._carry: tuple[View, Action, Node] | None = None
        self.last_iterations = 0
        self.last_kept = 0
        self.last_root: Node | None = None

    # ---- the decision ------------------------------------------------------------------------
    def choose(self, game: Game, view: View, legal: Sequence[Action]) -> Action:
        kept = self._kept_subtree(game, view)
        if len(legal) == 1:
            best = legal[0]
        else:
            root = self.search(game, view, kept)
            best, best_key = legal[0], None
            for action in legal:
                child = root.children.get(action)
                key = (child.visits, child.total / child.visits) if child and child.visits else (0, 0.0)
                if best_key is None or key > best_key:
                    best, best_key = action, key
            kept = root
        if self.reuse and kept is not None and best in kept.children:
            self._carry = (view, best, kept.children[best])
        return best

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

    def search(self, game: Game, view: View, root: Node | None = None) -> Node:
        """Run the budget of iterations from ``view`` (growing ``root``, a kept subtree, if given);
        returns the root (children = actions). A sims budget counts the kept visits too."""
        root = root or Node(-1)
        self.last_kept = root.visits
        normaliser = Normaliser()
        limit = (self.sims if self.sims is not None else self.max_sims) - root.visits
        deadline = time.perf_counter() + self.seconds if self.seconds is not None else None
        start = time.perf_counter()
        done = 0
        while done < limit:
            self.iterate(game, view, root, normaliser)
            done += 1
            remaining = limit - done
            if deadline is not None:
                now = time.perf_counter()
                if now >= deadline:
                    break
                remaining = min(remaining, int(done * (deadline - now) / (now - start)) + 1)
            if self.early and _decided(root, remaining):
                break
        self.last_iterations = done
        self.last_root = root
        return root

    def iterate(self, game: Game, view: View, root: Node, normaliser: Normaliser) -> None:
        """One iteration: determinize, select, expand, roll out, back up."""
        state = game.determinize(view, self.chance)
        me = game.to_act(state)
        path = [root]
        node = root
        while not game.is_over(state):
            legal = game.legal_actions(state)
            mover = game.to_act(state)
            if self.own_tree and mover != me:
                game.apply(state, self._policy_step(game, state, legal))
                continue
            action, child, expanded = self._select(node, legal, mover)
            game.apply(state, action)
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
        children = node.children
        untried = [a for a in legal if a not in children]
        for action in legal:
            if action in children:
                children[action].avail += 1
        if untried:
            child = Node(mover)
            child.avail = 1
            action = self.chance.choice(untried)
            children[action] = child
            return action, child, True
        c, bias = self.c, self.bias
        best, best_value = legal[0], -1.0
        for action in legal:
            child = children[action]
            value = (child.total / child.visits + c * math.sqrt(math.log(child.avail) / child.visits)
                     + bias * child.prior / child.visits)
            if value > best_value:
                best, best_value = action, value
        return best, children[best], False

    # ---- rollouts ----------------------------------------------------------------------------
    def _playout(self, game: Game, state, normaliser: Normaliser, seats: set[int]) -> dict[int, float]:
        steps = 0
        if self.rollout != "none":
            while not game.is_over(state) and (self.depth < 0 or steps < self.depth):
                legal = game.legal_actions(state)
                game.apply(state, self._policy_step(game, state, legal))
                steps += 1
        if self.rollout == "mixed":
            while not game.is_over(state):
                game.apply(state, self.chance.choice(game.legal_actions(state)))
        if game.is_over(state):
            rewards = outcome_rewards(game.outcome(state), self.score_weight)
            return dict(enumerate(rewards))
        return {seat: normaliser.reward(float(game.heuristic(state, seat))) for seat in sorted(seats)}

    def _policy_step(self, game: Game, state, legal: Sequence[Action]) -> Action:
        """The rollout policy's action: uniform for ``random``, otherwise the greedy step."""
        if self.rollout != "random" and len(legal) > 1:
            return self._greedy_step(game, state, legal)
        return self.chance.choice(legal)

    def _greedy_step(self, game: Game, state, legal: Sequence[Action]) -> Action:
        seat = game.to_act(state)
        candidates = legal if len(legal) <= self.width else _sample_few(self.chance, legal, self.width)
        best, best_value = [], -math.inf
        for action in candidates:
            after = game.copy(state)
            game.apply(after, action)
            value = float(game.heuristic(after, seat))
            if value > best_value:
                best, best_value = [action], value
            elif value == best_value:
                best.append(action)
        return best[0] if len(best) == 1 else self.chance.choice(best)


def _sample_few(chance: Chance, items: Sequence[Action], k: int) -> list[Action]:
    """``k`` of ``items``: a Fisher-Yates shuffle from the end stopped once ``k`` places are fixed
    (changed with the agent: the greedy step used to shuffle the whole menu and keep the first ``k``)."""
    pool, n = list(items), len(items)
    for i in range(n - 1, max(n - k, 1) - 1, -1):
        j = chance.below(i + 1)
        pool[i], pool[j] = pool[j], pool[i]
    return pool[max(n - k, 0):]


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
