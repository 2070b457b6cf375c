"""Loading component data files (YAML) and the checks shared by every game's catalogue."""

from __future__ import annotations

from collections import Counter, deque
from pathlib import Path
from typing import Any, Iterable, Mapping

import yaml

from gameshelf.core.errors import BadData


def load_yaml(path: str | Path) -> Any:
    """Parse one YAML data file; a syntax error becomes BadData naming the file."""
    try:
        with open(path, encoding="utf-8") as handle:
            return yaml.safe_load(handle)
    except (OSError, yaml.YAMLError) as exc:
        raise BadData(f"cannot load data file {path}: {exc}") from None


def require(condition: bool, message: str) -> None:
    if not condition:
        raise BadData(message)


def require_unique(ids: Iterable[Any], what: str) -> None:
    repeated = [i for i, n in Counter(ids).items() if n > 1]
    require(not repeated, f"{what}: duplicate ids {repeated}")


def require_known(refs: Iterable[Any], known: Iterable[Any], what: str) -> None:
    unknown = sorted({str(r) for r in refs} - {str(k) for k in known})
    require(not unknown, f"{what}: unknown references {unknown}")


def require_connected(nodes: Iterable[Any], edges: Mapping[Any, Iterable[Any]], what: str) -> None:
    """Every node reachable from the first along ``edges`` (an adjacency mapping)."""
    nodes = list(nodes)
    if not nodes:
        return
    seen = {nodes[0]}
    queue = deque([nodes[0]])
    while queue:
        for nxt in edges.get(queue.popleft(), ()):
            if nxt not in seen:
                seen.add(nxt)
                queue.append(nxt)
    missing = [n for n in nodes if n not in seen]
    require(not missing, f"{what}: not connected; unreachable {missing}")
