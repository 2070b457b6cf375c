"""gameshelf: four modern board games with their rules enforced exactly.

The layers, innermost first: ``core`` (the game-agnostic protocol), ``games`` (one rules engine
per game), ``match`` (running and recording matches), ``agents`` and ``sim`` (bots, tournaments),
and the adapters at the edge (``cli``).
"""

__version__ = "0.1.0"
