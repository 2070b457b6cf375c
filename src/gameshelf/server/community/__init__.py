"""Online play as a community: chat, "your turn" everywhere, resign and rematch, rating history.

The routes are in :mod:`gameshelf.server.routes.community` (and the rating history in
:mod:`gameshelf.server.routes.users`); the per-process state lives on the hub (relay.py).
"""
