"""``gameshelf play``: play in the terminal against bots, one small decision at a time."""

from __future__ import annotations

import argparse
import signal
import threading
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from gameshelf.agents import make_agent, split_agent_list
from gameshelf.agents.registry import agents_by_seat
from gameshelf.cli.common import MAX_PLAYERS, add_game_arguments, options_from, output_file, seed_from, whole
from gameshelf.cli.render import render_view
from gameshelf.core.chance import derive_seed, fresh_seed
from gameshelf.core.errors import BadOption, GameError, brief
from gameshelf.core.notation import parse_int
from gameshelf.games import get_game
from gameshelf.match import InteractiveMatch


UI = {
    "en": {"prompt": "your choice (number or notation, q to quit): ", "final": "Final scores",
           "rank": "rank", "player": "player", "total": "total", "abandoned": "game abandoned",
           "saved": "record saved to {path}", "seed": "seed {seed}",
           "log": "l: the full log (every hidden draw revealed), enter: finish: "},
    "ja": {"prompt": "選択（番号または記法、q で終了）: ", "final": "最終得点",
           "rank": "順位", "player": "プレイヤー", "total": "合計", "abandoned": "ゲームを中断しました",
           "saved": "記録を {path} に保存しました", "seed": "シード {seed}",
           "log": "l: 全ログ（伏せられた引きもすべて）、Enter: 終了: "},
}
MAX_NAME = 30


def add_parser(sub) -> argparse.ArgumentParser:
    parser = sub.add_parser("play", help="play a game in the terminal against bots")
    add_game_arguments(parser)
    parser.add_argument("--seat", type=whole(0, MAX_PLAYERS), default=0, help="your seat (0 = first player)")
    parser.add_argument("--bots", default="normal",
                        help="bots for the other seats: easy, normal (default), hard, random, greedy, "
                             "ismcts:sims=N; several separated by commas")
    parser.add_argument("--name", default="You", help="your name in the log")
    parser.add_argument("--lang", choices=["en", "ja"], default="en", help="language of the log and menus")
    parser.add_argument("--save", metavar="FILE",
                        help="write the match record to FILE when the game ends, however it ends "
                             "(finished, quit, interrupted or crashed)")
    return parser


def run(args: argparse.Namespace) -> int:
    """Play to the end or until the player quits; the seed is shown (and saved) only then.

    Without ``--seed`` the game's seed and every bot's stream come from ``secrets``, so nothing
    the player sees during the game predicts the hidden cards or the bots' choices. The record
    is written to ``--save`` on any exit, Ctrl-C and crashes included.
    """
    game = get_game(args.game)
    _check_name(args.name)
    if not 0 <= args.seat < args.players:
        raise BadOption(f"--seat must be between 0 and {args.players - 1}")
    seed = seed_from(args)
    bot_list = split_agent_list(args.bots)
    specs = iter(agents_by_seat(bot_list, args.players - 1, "bots") if args.players > 1 else ())
    names, bots = [], {}
    for seat in range(args.players):
        if seat == args.seat:
            names.append(args.name)
            continue
        spec = next(specs)
        # With --seed the player chose (and knows) everything; without, bots are unpredictable too.
        bots[seat] = make_agent(spec, derive_seed(seed, "bot", seat) if args.seed is not None else fresh_seed())
        names.append(f"{spec}#{seat}")
    match = InteractiveMatch(game, args.players, seed=seed, options=options_from(args), seat_names=names)
    save = output_file(args.save, "--save") if args.save else None  # checked before the first move
    console = Console()
    console.print(f"[bold]{game.info.titles[args.lang]}[/]")
    shown = 0
    with _terminate_as_exit():
        try:
            shown = _play(console, match, bots, args)
        finally:
            _save(console, match, save, args.lang)
    _finish(console, match, args, shown)
    return 0


def _check_name(name: str) -> None:
    if not name or len(name) > MAX_NAME or not name.isprintable() or any(c in name for c in "[]"):
        raise BadOption(f"--name must be 1 to {MAX_NAME} printable characters without brackets, not {brief(name)}")


def _play(console: Console, match: InteractiveMatch, bots: dict, args: argparse.Namespace) -> int:
    """Bots move and the player chooses until the end or a quit; returns the events shown."""
    game, shown = match.game, 0
    while match.to_act() is not None:
        shown = _print_log(console, match, args.seat, args.lang, shown)
        seat = match.to_act()
        if seat in bots:
            action = bots[seat].choose(game, match.view(seat), match.legal_for(seat))
            match.submit(seat, action)
            continue
        if not _human_turn(console, match, args):
            console.print(UI[args.lang]["abandoned"])
            break
    return shown


def _save(console: Console, match: InteractiveMatch, save: Path | None, lang: str) -> None:
    """The full record, seed included: called once the game ended, however it ended."""
    if save is None:
        return
    try:
        match.record.save(save)
    except OSError as exc:
        console.print(f"[red]cannot save the record to {escape(str(save))}: {exc.strerror}[/]", highlight=False)
        return
    console.print(UI[lang]["saved"].format(path=escape(str(save))), highlight=False)


def _finish(console: Console, match: InteractiveMatch, args: argparse.Namespace, shown: int) -> None:
    """The new log lines, the final board and scores, the seed, and the full log on request."""
    game, lang = match.game, args.lang
    _print_log(console, match, args.seat, lang, shown)
    outcome = game.outcome(match.state)
    if outcome is not None:
        console.print(render_view(game, match.view(args.seat), match.record.seats, lang))
        console.print(outcome_table(game, outcome, match.record.seats, lang))
    console.print(UI[lang]["seed"].format(seed=match.record.seed))
    if outcome is not None and _ask(console, UI[lang]["log"]) in ("l", "log"):
        for line in match.log_for(args.seat, lang):
            console.print(f"  · {line}", markup=False, highlight=False)


def _ask(console: Console, prompt: str) -> str | None:
    try:
        return console.input(prompt).strip().lower()
    except EOFError:
        return None


def _print_log(console: Console, match: InteractiveMatch, seat: int, lang: str, shown: int) -> int:
    """Print the log lines of the events after the first ``shown``; returns the events now shown."""
    for line in match.log_for(seat, lang, start=shown):
        console.print(f"  · {line}", markup=False, highlight=False)
    return len(match.log)


def _human_turn(console: Console, match: InteractiveMatch, args: argparse.Namespace) -> bool:
    game, seat = match.game, args.seat
    console.print(render_view(game, match.view(seat), match.record.seats, args.lang))
    legal = match.legal_for(seat)
    for number, action in enumerate(legal, 1):
        console.print(f"  [cyan]{number:>3}[/]  {escape(game.action_label(action, args.lang))}  "
                      f"[dim]{escape(str(action))}[/]", highlight=False)
    while True:
        answer = _ask(console, UI[args.lang]["prompt"])
        if answer is None or answer in ("q", "quit"):
            return False
        try:
            match.submit(seat, _menu_choice(answer, legal), match.state_id)
            return True
        except GameError as exc:
            console.print(f"[red]{escape(str(exc))}[/]", highlight=False)


def _menu_choice(answer: str, legal: list) -> object:
    """A menu number (ASCII digits, 1 to the number of actions) as its action; other text as notation."""
    if answer[:1].isdigit():
        return legal[parse_int(answer, what="a menu number", lo=1, hi=len(legal)) - 1]
    return answer


@contextmanager
def _terminate_as_exit() -> Iterator[None]:
    """SIGTERM and SIGHUP (a closed terminal) end the game like Ctrl-C, so the record is saved."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    def stop(signum, frame):
        raise KeyboardInterrupt
    names = [n for n in ("SIGTERM", "SIGHUP") if hasattr(signal, n)]
    previous = {n: signal.signal(getattr(signal, n), stop) for n in names}
    try:
        yield
    finally:
        for n, handler in previous.items():
            signal.signal(getattr(signal, n), handler)


def outcome_table(game, outcome, names: list[str], lang: str = "en") -> Table:
    """The score sheet: one row per player in rank order, one column per scoring category."""
    ui = UI[lang]
    categories = list(outcome.breakdown[0]) if outcome.breakdown else []
    headers = [game.term(c, lang) for c in categories]
    table = Table(ui["rank"], ui["player"], *headers, ui["total"], title=ui["final"])
    order = sorted(range(len(names)), key=lambda s: outcome.ranks[s])
    for seat in order:
        row = [str(outcome.breakdown[seat].get(c, 0)) for c in categories]
        table.add_row(str(outcome.ranks[seat]), names[seat], *row, f"[bold]{outcome.scores[seat]}[/]")
    return table
