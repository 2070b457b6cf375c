"""Bots that play any game through the protocol alone: they see a view and the legal actions.

Agents are named by a spec ``NAME[:key=value,...]`` (``random``, ``greedy``, ``ismcts:sims=200``).
"""

from gameshelf.agents.registry import (
    AGENT_NAMES,
    AgentSpec,
    make_agent,
    parse_agent_spec,
    split_agent_list,
)

__all__ = ["AGENT_NAMES", "AgentSpec", "make_agent", "parse_agent_spec", "split_agent_list"]
