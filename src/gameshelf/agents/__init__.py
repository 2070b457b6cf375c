"""Bots that play any game through the protocol alone: they see a view and the legal actions.

Agents are named by a spec ``NAME[:key=value,...]`` (``random``, ``greedy``, ``ismcts:sims=200``,
``ismcts:seconds=0.3``, and the levels ``easy``, ``normal``, ``hard``). Every agent draws from its
own :class:`~gameshelf.core.chance.Chance` (never the game's), and the searching ones
(``greedy``, ``ismcts``) reason over ``game.determinize(view, own_chance)``: they never see the true
state, so two states with the same view give the same choice for the same seed. A simulation
budget (``sims``, and the levels) is deterministic; a time budget (``seconds``) is not.
"""

from gameshelf.agents.registry import (
    AGENT_NAMES,
    AgentSpec,
    level_definitions,
    make_agent,
    parse_agent_spec,
    split_agent_list,
)

__all__ = ["AGENT_NAMES", "AgentSpec", "level_definitions", "make_agent", "parse_agent_spec", "split_agent_list"]
