"""High Card's action labels, from data/labels.yaml (no language branches in code)."""

from __future__ import annotations

from gameshelf.core.data import load_yaml
from highcard.catalog import DATA

LABELS = load_yaml(DATA / "labels.yaml")


def action_label(action, lang: str = "en") -> str:
    texts = LABELS["play"]
    return (texts.get(lang) or texts["en"]).format(card=action.card)
