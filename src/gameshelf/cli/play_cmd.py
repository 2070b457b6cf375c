"""``gameshelf play``: play in the terminal against bots, one small decision at a time."""

from __future__ import annotations

import argparse

from rich.console import Console
from rich.table import Table

from gameshelf.agents import make_agent, split_agent_list
from gameshelf.cli.common import add_game_arguments, options_from, seed_from
from gameshelf.cli.render import render_view
from gameshelf.core.chance import derive_seed
from gameshelf.core.errors import BadOption, GameError
from gameshelf.games import get_game
from gameshelf.match import InteractiveMatch
from gameshelf.sim.simulate import seat_agents


UI = {
    "en": {"prompt": "your choice (number or notation, q to quit): ", "final": "Final scores",
           "rank": "rank", "player": "player", "total": "total", "abandoned": "game abandoned",
           "saved": "record saved to {path}"},
    "ja": {"prompt": "選択（番号または記法、q で終了）: ", "final": "最終得点",
           "rank": "順位", "player": "プレイヤー", "total": "合計", "abandoned": "ゲームを中断しました",
           "saved": "記録を {path} に保存しました"},
}


def add_parser(sub) -> argparse.ArgumentParser:
    parser = sub.add_parser("play", help="play a game in the terminal against bots")
    add_game_arguments(parser)
    parser.add_argument("--seat", type=int, default=0, help="your seat (0 = first player)")
    parser.add_argument("--bots", default="normal",
                        help="bots for the other seats: easy, normal (default), hard, random, greedy, "
                             "ismcts:sims=N; several separated by commas")
    parser.add_argument("--name", default="You", help="your name in the log")
    parser.add_argument("--lang", choices=["en", "ja"], default="en", help="language of the log and menus")
    parser.add_argument("--save", metavar="FILE", help="write the match record to FILE at the end")
    return parser


def run(args: argparse.Namespace) -> int:
    game = get_game(args.game)
    if not 0 <= args.seat < args.players:
        raise BadOption(f"--seat must be between 0 and {args.players - 1}")
    seed = seed_from(args)
    bot_specs = seat_agents(split_agent_list(args.bots), args.players - 1)
    names, bots, specs = [], {}, iter(bot_specs)
    for seat in range(args.players):
        if seat == args.seat:
            names.append(args.name)
        else:
            spec = next(specs)
            bots[seat] = make_agent(spec, derive_seed(seed, "bot", seat))
            names.append(f"{spec}#{seat}")
    match = InteractiveMatch(game, args.players, seed=seed, options=options_from(args), seat_names=names)
    console = Console()
    console.print(f"[bold]{game.info.titles[args.lang]}[/] (seed {seed})")
    shown = 0
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
    _print_log(console, match, args.seat, args.lang, shown)
    if args.save:
        match.record.save(args.save)
        console.print(UI[args.lang]["saved"].format(path=args.save))
    outcome = game.outcome(match.state)
    if outcome is not None:
        console.print(render_view(game, match.view(args.seat), names, args.lang))
        console.print(outcome_table(game, outcome, names, args.lang))
    return 0


def _print_log(console: Console, match: InteractiveMatch, seat: int, lang: str, shown: int) -> int:
    lines = match.log_for(seat, lang)
    for line in lines[shown:]:
        console.print(f"  · {line}", highlight=False)
    return len(lines)


def _human_turn(console: Console, match: InteractiveMatch, args: argparse.Namespace) -> bool:
    game, seat = match.game, args.seat
    console.print(render_view(game, match.view(seat), match.record.seats, args.lang))
    legal = match.legal_for(seat)
    for number, action in enumerate(legal, 1):
        console.print(f"  [cyan]{number:>3}[/]  {game.action_label(action, args.lang)}  [dim]{action}[/]", highlight=False)
    while True:
        try:
            answer = console.input(UI[args.lang]["prompt"]).strip()
        except EOFError:
            return False
        if answer in ("q", "quit"):
            return False
        choice = legal[int(answer) - 1] if answer.isdigit() and 1 <= int(answer) <= len(legal) else answer
        try:
            match.submit(seat, choice, match.state_id)
            return True
        except GameError as exc:
            console.print(f"[red]{exc}[/]", highlight=False)


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
