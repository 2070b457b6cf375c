"""The generic observation encoder: a fixed-size vector from any game's view, for a game without
an encoder module of its own (the four built-in games keep their tuned ones).

It reads the seat's view only (``game.view(state, seat)``, the same JSON data a bot receives),
so it never sees what the seat may not, and two states the seat cannot tell apart give the same
vector. Layout (``describe()`` prints it):

* ``seat``: a one-hot of the viewer's seat (``view["seat"]``), ``players`` wide;
* ``to_act``: a one-hot of the seat to act relative to the viewer (0: the viewer), then one
  position for nobody (the game is over), ``players + 1`` wide;
* ``features``: :data:`FEATURES` buckets of hashed features (feature hashing). The view is walked
  in a fixed order (keys sorted); each leaf gives features named by its path (``hand[1]`` is the
  second item of ``hand``, ``config.lower_scores`` a nested key):

  - a text, a truth value or null: the token ``path=value``, which adds 1 to its bucket;
  - a whole number: the token ``path=value`` when it is small (-64 < value < 64, ids and counts)
    and, for every number, its amount: ``sign * log(1 + |value|)`` added to the bucket of ``path``;
  - a list: its length as an amount (``path#``), each item as above under ``path[i]``, and each
    plain item also as the order-free token ``path[]=value`` (a hand as a set of cards).

  A feature's bucket is the CRC-32 of its name modulo :data:`FEATURES` (the same in every process
  and Python version); features that share a bucket add up. Each value is clipped to
  ``±OBS_BOUND``.

The encoding is deterministic: the same view always gives the same vector.
"""

from __future__ import annotations

import math
import zlib
from typing import Any, Mapping

from gameshelf.rl.encode import OBS_BOUND, Encoder

FEATURES = 1024
SMALL = 64


class ViewEncoder(Encoder):
    """The generic encoder of any game's view (see the module docstring)."""

    def __init__(self, players: int, options: Mapping[str, str], features: int = FEATURES) -> None:
        super().__init__(players, options)
        self.features = features
        self.seat_at = self.layout.add("seat", players, "the viewer's seat, one-hot")
        self.to_act_at = self.layout.add("to_act", players + 1,
                                         "the seat to act relative to the viewer, one-hot; last: nobody")
        self.features_at = self.layout.add("features", features, "hashed features of the view's leaves")

    def fill(self, view: Mapping[str, Any], ones: list[int], idx: list[int], val: list[float]) -> None:
        seat = view.get("seat")
        if isinstance(seat, int) and 0 <= seat < self.players:
            ones.append(self.seat_at + seat)
        to_act = view.get("to_act")
        if isinstance(to_act, int) and 0 <= to_act < self.players:
            ones.append(self.to_act_at + self.rel(view, to_act) if isinstance(seat, int) else self.to_act_at + to_act)
        else:
            ones.append(self.to_act_at + self.players)
        buckets: dict[int, float] = {}
        self._walk(view, "", buckets)
        for bucket in sorted(buckets):
            idx.append(self.features_at + bucket)
            val.append(max(-OBS_BOUND, min(OBS_BOUND, buckets[bucket])))

    def _add(self, buckets: dict[int, float], name: str, amount: float) -> None:
        bucket = zlib.crc32(name.encode()) % self.features
        buckets[bucket] = buckets.get(bucket, 0.0) + amount

    def _walk(self, value: Any, path: str, buckets: dict[int, float]) -> None:
        if isinstance(value, Mapping):
            for key in sorted(value, key=str):
                self._walk(value[key], f"{path}.{key}" if path else str(key), buckets)
        elif isinstance(value, (list, tuple)):
            self._amount(len(value), f"{path}#", buckets)
            for i, item in enumerate(value):
                self._walk(item, f"{path}[{i}]", buckets)
                if not isinstance(item, (Mapping, list, tuple)):
                    self._add(buckets, f"{path}[]={_text(item)}", 1.0)
        elif isinstance(value, (int, float)) and not isinstance(value, bool):
            if isinstance(value, int) and -SMALL < value < SMALL:
                self._add(buckets, f"{path}={value}", 1.0)
            self._amount(value, path, buckets)
        else:
            self._add(buckets, f"{path}={_text(value)}", 1.0)

    def _amount(self, value: float, path: str, buckets: dict[int, float]) -> None:
        if value and math.isfinite(value):
            self._add(buckets, path, math.copysign(math.log1p(abs(value)), value))


def _text(value: Any) -> str:
    """A leaf as text: JSON's spelling for true, false and null."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
