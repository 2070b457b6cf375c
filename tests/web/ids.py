"""The element ids a game's drawing must carry (``data-id``), from the seat's view: the ids the
engine's decisions target (see each game's decisions.py) for everything the view shows."""

from __future__ import annotations



def expected_ids(game: str, view: dict, seat: int) -> set[str]:
    from pathlib import Path

    import yaml

    data = Path(__file__).parents[2] / "src/gameshelf/games" / game / "data"
    ids: set[str] = set()

    def card(c) -> str:  # a number, or (newer views) the element id itself
        return c if isinstance(c, str) and c.startswith("card:") else f"card:{c}"

    if game == "midnight_zoo":
        ids |= {f"cell:{r},{c}" for r in range(5) for c in range(5)}
        ids |= {f"tile:{t}" for t in view["market"] + view["leftover"] if t}
        ids |= {f"bonus:{k}" for k in view["bonus_supply"]}
        for p in view["player_states"]:
            ids |= {f"tile:{t}" for t in p["storage"]} | ({f"tile:{p['hand']}"} if p["hand"] else set())
        ids |= {f"animal:{a['spot']}" for a in view["player_states"][seat]["animals"]}
    elif game == "borealis":
        ids |= {card(c) for c in view["pool"]}
        ids |= {card(c) for c in view["boards"][seat]["hand"] or []}
        for s, p in enumerate(view["boards"]):
            ids |= {f"location:{s}:{x}" for x in "LCR"}
            ids |= {card(c) for col in p["columns"] for c in col}
    elif game == "iwari":
        m = yaml.safe_load((data / "maps" / f"{view['map']}.yaml").read_text(encoding="utf-8"))
        ids |= {f"territory:{t}" for t in m["territories"]}
        ids |= {f"space:{s}" for t in m["territories"].values() for s in t["tent_spaces"]}
        ids |= {f"line:{ln['n']}" for ln in m["alliance_lines"]}
        ids |= {f"hand:{b}" for b in view["hand"]} | {f"display:{b}" for b in view["display"]} | {"deck:top"}
    elif game == "mariposas":
        m = yaml.safe_load((data / "map.yaml").read_text(encoding="utf-8"))
        ids |= {f"space:{s['id']}" for s in m["spaces"]}
        for s, p in enumerate(view["players"]):
            ids |= {f"butterfly:{s}.{b.get('slot', b.get('marker'))}" for b in p["butterflies"]} | {f"hand:{s}"}
        ids |= {f"card:{c}" for c in view["hand"]} | {f"flower:{f}" for f in view["players"][seat]["flowers"]}
        ids |= {f"{'bonus' if k.startswith('bonus_') else 'lifecycle'}:{k}" for k in view["card_supply"]}
    return ids
