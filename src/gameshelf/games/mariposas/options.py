"""Mariposas options: the reference names none (2-5 players is the player count, not an option)."""

from __future__ import annotations

from gameshelf.core.options import OptionSchema

SCHEMA = OptionSchema(())
