"""The rules page's content: a game's player summary as safe HTML, and figures drawn from real views.

The summaries are docs/rules/<game>.summary.{en,ja}.md, shipped in ``learn/rules/`` (a test keeps
the copies equal); a game plugin ships its own as ``summary.{en,ja}.md`` in its data folder. Markdown becomes HTML with markdown-it-py with raw HTML off, so everything in
the text is escaped. The figures are views of one demonstration game between ``greedy`` bots (its
seed is a fixed constant of the page, not a live game's): the table at the start (the spectator's
view), a turn in progress (seat 0's own view: its hand and the board), and the end with the
scoring, each drawn in the browser by the table's own renderer.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path
from typing import Any

from gameshelf.agents import make_agent
from gameshelf.core.chance import derive_seed
from gameshelf.core.errors import BadOption
from gameshelf.games import data_folder, get_game
from gameshelf.learn.payload import player_names, position_payload

RULES = Path(__file__).parent / "rules"
DEMO_SEED = 20261204
PLAYERS = 2
MIDGAME = 0.4  # the turn-in-progress figure: this share of the demonstration game's actions


def summary_path(game_id: str, lang: str) -> Path:
    """The built-in game's summary in ``learn/rules/``, or else the one in the game's data folder."""
    name = f"summary.{'ja' if lang == 'ja' else 'en'}.md"
    shipped = RULES / f"{game_id}.{name}"
    return shipped if shipped.exists() else data_folder(game_id) / name


@functools.lru_cache(maxsize=16)
def summary_html(game_id: str, lang: str) -> str:
    """The player summary as HTML (raw HTML in the Markdown is escaped, links only http(s))."""
    from markdown_it import MarkdownIt

    get_game(game_id)
    path = summary_path(game_id, lang)
    if not path.exists():
        raise BadOption(f"{game_id} has no rules summary")
    md = MarkdownIt("commonmark", {"html": False, "linkify": False}).enable("table")
    return _demote_headings(md.render(path.read_text(encoding="utf-8")))


def _demote_headings(html: str) -> str:
    """Headings one level down (h1 -> h2 ...): the page's own title is its only h1."""
    return re.sub(r"<(/?)h([1-5])>", lambda m: f"<{m.group(1)}h{int(m.group(2)) + 1}>", html)


@functools.lru_cache(maxsize=8)
def _demo(game_id: str) -> tuple[Any, Any, Any]:
    """Three states of the demonstration game: its start, a turn of seat 0 mid-game, and its end."""
    game = get_game(game_id)
    agents = [make_agent("greedy", derive_seed(DEMO_SEED, "rules", seat)) for seat in range(PLAYERS)]
    state = game.setup(PLAYERS, None, DEMO_SEED)
    start, states = game.copy(state), []
    while not game.is_over(state):
        seat = game.to_act(state)
        if seat == 0:
            states.append(game.copy(state))
        game.apply(state, agents[seat].choose(game, game.view(state, seat), game.legal_actions(state)))
    middle = states[int(len(states) * MIDGAME)] if states else start
    return start, middle, state


def figures(game_id: str, lang: str) -> list[dict[str, Any]]:
    """The page's figures: the board at the start, a turn (a hand and the board), the scoring."""
    game = get_game(game_id)
    start, middle, end = _demo(game_id)
    outcome = game.outcome(end)
    names = player_names(game.num_players(start), lang)
    return [
        {"key": "start", **position_payload(game, start, None, lang, names)},
        {"key": "turn", **position_payload(game, middle, 0, lang, names)},
        {"key": "end", **position_payload(game, end, None, lang, names), "outcome": outcome.to_json() if outcome else None},
    ]
