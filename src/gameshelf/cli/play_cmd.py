"""``gameshelf play``: play in the terminal against bots, one small decision at a time.

A terminal gets one screen per decision, fitted to its size (board, newest log lines, decision,
a page of the menu); a pipe gets every log line once, then the board and the whole menu.
"""

from __future__ import annotations

import argparse
from dataclasses import replace
import json
import os
import signal
import threading
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from gameshelf.agents import make_agent, split_agent_list
from gameshelf.agents.registry import agents_by_seat
from gameshelf.cli import play_help
from gameshelf.cli.common import (MAX_PLAYERS, add_game_arguments, find_game, options_from, output_file,
                                  seed_from, whole)
from gameshelf.cli.render import render_view
from gameshelf.cli.screen import Screen, as_group
from gameshelf.core.chance import derive_seed, fresh_seed
from gameshelf.core.decision import Decision, Prompt
from gameshelf.core.errors import BadOption, BadRecord, GameError, brief
from gameshelf.core.forced import forced_action
from gameshelf.core.game import Game
from gameshelf.core.notation import parse_int
from gameshelf.core.record import Record, record_states
from gameshelf.match import InteractiveMatch

UI = {
    "en": {"prompt": "your choice (number, notation, ? for help): ", "final": "Final scores",
           "rank": "rank", "player": "player", "total": "total", "abandoned": "game abandoned",
           "saved": "record saved to {path}", "seed": "seed {seed}",
           "log": "l: the full log (every hidden draw revealed), enter: finish: ",
           "you": "Player", "you_win": "You win!", "wins": "{name} wins.", "tie": "Tie for first: {names}.",
           "you_tie": "You tie for first with {names}.", "solo": "Your score: {score}.",
           "all_lose": "Every player loses: the third tribe has won (R46).",
           "solo_rank": "Solo rank: {rank}.", "undone": "Undone: your move {move} and what followed.",
           "no_undo": "Cannot undo: {why}.", "no_undo_first": "you have not moved yet",
           "no_undo_hidden": "something hidden or random came out since your move",
           "thinking": "thinking…", "hint": "{n}. {label}  {notation}  (value {value:.2f})",
           "forced": "only one choice: {label}", "resumed": "resumed {path}: {n} moves replayed",
           "no_save": "no save file: start with --save FILE", "error": "{message}"},
    "ja": {"prompt": "選択（番号、記法、? でヘルプ）: ", "final": "最終得点",
           "rank": "順位", "player": "プレイヤー", "total": "合計", "abandoned": "ゲームを中断しました",
           "saved": "記録を {path} に保存しました", "seed": "シード {seed}",
           "log": "l: 全ログ（伏せられた引きもすべて）、Enter: 終了: ",
           "you": "あなた", "you_win": "あなたの勝ちです！", "wins": "{name} の勝ちです。",
           "tie": "1位タイ: {names}。", "you_tie": "あなたは {names} と1位タイです。",
           "all_lose": "第三部族の勝利：プレイヤー全員の負けです（R46）。",
           "solo": "あなたの得点: {score}。", "solo_rank": "ソロの評価: {rank}。",
           "undone": "取り消しました: あなたの手 {move} とその後の手。", "no_undo": "取り消せません: {why}。",
           "no_undo_first": "まだ手を指していません", "no_undo_hidden": "その後に伏せ情報か乱数が公開されました",
           "thinking": "考えています…", "hint": "{n}. {label}  {notation}  （推定値 {value:.2f}）",
           "forced": "選択肢は1つだけ: {label}", "resumed": "{path} を再開: {n} 手を再現しました",
           "no_save": "セーブファイルがありません: --save FILE で始めてください", "error": "この手は選べません: {message}"},
}
MAX_NAME = 30
PLAY_KEY = "play"   # the save file's extra section: the human seat and the bots (ignored by replay)

SAVE_HELP = ("save the game to FILE after every move and on any exit (quit, Ctrl-C, a crash), to resume "
             "with --load FILE. The file holds the seed, which rebuilds every hidden card and the deck "
             "order: opening it during the game spoils the game for you (fine for a local game against "
             "bots; a server never hands it out)")


def add_parser(sub) -> argparse.ArgumentParser:
    parser = sub.add_parser("play", help="play a game in the terminal against bots",
                            description="Play against bots. During the game type ? for help: the "
                                        "notation, the board's symbols, hint, undo, explain NAME, log, q.")
    add_game_arguments(parser, game_optional=True)
    parser.add_argument("--seat", type=whole(0, MAX_PLAYERS), default=0, help="your seat (0 = first player)")
    parser.add_argument("--bots", default="normal",
                        help="bots for the other seats: easy, normal, hard, random, greedy, "
                             "ismcts:sims=N; several separated by commas")
    parser.add_argument("--name", default=None, help="your name in the log (default: Player / あなた)")
    parser.add_argument("--lang", choices=["en", "ja"], default="en", help="language of the log and menus")
    parser.add_argument("--save", metavar="FILE", help=SAVE_HELP)
    parser.add_argument("--load", metavar="FILE",
                        help="resume the unfinished game saved in FILE (its players, seed, options, seat "
                             "and bots; it keeps saving there unless --save names another file)")
    parser.add_argument("--auto-forced", action="store_true",
                        help="play a decision that has a single legal choice without asking, when "
                             "it reveals nothing new (no card drawn, nothing hidden shown)")
    return parser


def run(args: argparse.Namespace) -> int:
    """Play to the end or until the player quits; the seed is shown only then.

    Without ``--seed`` the game's seed and every bot's stream come from ``secrets``, so nothing
    the player sees during the game predicts the hidden cards or the bots' choices. With
    ``--save`` the game is saved after every move and on any exit, Ctrl-C and crashes included.
    """
    if args.name is None:
        args.name = UI[args.lang]["you"]
    _check_name(args.name)
    if args.load:
        session = _resume(args)
    else:
        session = _start(args)
    console = session.console
    console.print(f"[bold]{session.match.game.info.titles[args.lang]}[/]")
    if args.load:
        session.notes.append(UI[args.lang]["resumed"].format(path=args.load, n=session.match.state_id))
    with _terminate_as_exit():
        try:
            session.save()
            session.play()
        finally:
            session.save(final=True)
    session.finish()
    return 0


def _check_name(name: str) -> None:
    if not name or len(name) > MAX_NAME or not name.isprintable() or any(c in name for c in "[]"):
        raise BadOption(f"--name must be 1 to {MAX_NAME} printable characters without brackets, not {brief(name)}")


def _start(args: argparse.Namespace) -> "Session":
    if args.game is None:
        raise BadOption("name a game (see `gameshelf games`), or --load FILE to resume one")
    game = find_game(args.game)
    if args.players not in game.info.player_counts:   # before --seat, whose range depends on it
        counts = ", ".join(map(str, game.info.player_counts))
        raise BadOption(f"{game.id} is for {counts} players, not {args.players}")
    if not 0 <= args.seat < args.players:
        raise BadOption(f"--seat must be between 0 and {args.players - 1}")
    seed = seed_from(args)
    bot_list = split_agent_list(args.bots)
    specs = iter(agents_by_seat(bot_list, args.players - 1, "bots") if args.players > 1 else ())
    bot_specs = {seat: next(specs) for seat in range(args.players) if seat != args.seat}
    names = [args.name if seat == args.seat else f"{bot_specs[seat]}#{seat}" for seat in range(args.players)]
    match = InteractiveMatch(game, args.players, seed=seed, options=options_from(args), seat_names=names)
    save = output_file(args.save, "--save") if args.save else None  # checked before the first move
    return Session(match, args.seat, bot_specs, args.seed is not None, save, args)


def _resume(args: argparse.Namespace) -> "Session":
    """The saved game rebuilt by replaying its moves; BadRecord for a finished or broken file."""
    record = Record.load(args.load)
    extra = json.loads(Path(args.load).read_text(encoding="utf-8")).get(PLAY_KEY) or {}
    game = find_game(record.game)
    if args.game is not None and find_game(args.game).id != game.id:
        raise BadOption(f"{args.load} is a {game.id} game, not {args.game}")
    if record.final_hash:
        raise BadRecord(f"{args.load} holds a finished game: see it with `gameshelf replay {args.load}`")
    seat = extra.get("seat", args.seat)
    if type(seat) is not int or not 0 <= seat < record.players:
        raise BadRecord(f"{args.load}: the saved seat {brief(seat)} is not a seat of this game")
    saved_bots = extra.get("bots") or {}
    default = iter(agents_by_seat(split_agent_list(args.bots), record.players - 1, "bots")
                   if record.players > 1 else ())
    bot_specs = {s: str(saved_bots.get(str(s)) or next(default)) for s in range(record.players) if s != seat}
    try:
        match = InteractiveMatch(game, record.players, seed=record.seed, options=record.options,
                                 seat_names=record.seats, actions=record.actions)
    except GameError as exc:
        raise BadRecord(f"{args.load}: {exc}") from None
    save = output_file(args.save or args.load, "--save")
    return Session(match, seat, bot_specs, bool(extra.get("seeded")), save, args)


def print_lines(console: Console, lines: list[str], prefix: str = "") -> None:
    """Print lines as they are; a line too long for the terminal wraps with its continuation indented."""
    width = console.width
    for line in lines:
        text = Text(prefix + line)
        rows = text.wrap(console, width)
        if len(rows) > 1:
            indent = len(text.plain) - len(text.plain.lstrip(" ")) + 4
            tail = Text(" ".join(row.plain.strip() for row in rows[1:]))
            rows = [rows[0], *(Text(" " * indent) + row for row in tail.wrap(console, width - indent))]
        for row in rows:
            console.print(row, highlight=False, soft_wrap=True)


class Session:
    """One terminal game: the match, the bots, the save file and the player's commands."""

    def __init__(self, match: InteractiveMatch, seat: int, bot_specs: dict[int, str], seeded: bool,
                 save: Path | None, args: argparse.Namespace) -> None:
        self.match, self.seat, self.bot_specs, self.seeded, self.save_path = match, seat, bot_specs, seeded, save
        self.lang, self.auto_forced = args.lang, args.auto_forced
        seed = match.record.seed
        # With --seed the player chose (and knows) everything; without, bots are unpredictable too.
        self.bots = {s: make_agent(spec, derive_seed(seed, "bot", s) if seeded else fresh_seed())
                     for s, spec in bot_specs.items()}
        self.console = Console()
        self.shown = 0 if not args.load else max(0, len(match.log) - 8)
        self.notes: list[str] = []

    @property
    def game(self) -> Game:
        return self.match.game

    @property
    def ui(self) -> dict[str, str]:
        return UI[self.lang]

    # ---- the loop ------------------------------------------------------------------------
    def play(self) -> None:
        """Bots move and the player chooses until the end or a quit."""
        while self.match.to_act() is not None:
            seat = self.match.to_act()
            if seat in self.bots:
                match = self.match
                action = self.bots[seat].choose(self.game, match.view(seat), match.legal_for(seat))
                match.submit(seat, action)
                self.save()
                continue
            if not self.human_turn():
                self.console.print(self.ui["abandoned"])
                break

    def human_turn(self) -> bool:
        """One decision of the player: False when they quit."""
        legal = self.match.legal_for(self.seat)
        if self.auto_forced and forced_action(self.game, self.match.state) is not None:
            note = self.ui["forced"].format(label=self.game.action_label(legal[0], self.lang))
            self.notes.append(note)
            self.console.print(note, style="yellow", markup=False, highlight=False)
            self.submit(legal[0])
            return True
        screen = self.screen(legal)
        self.draw(screen)
        while True:
            answer = self.ask(self.ui["prompt"])
            if answer is None or answer.lower() in ("q", "quit", "exit"):
                return False
            outcome = self.command(answer, screen, legal)
            if outcome == "moved":
                return True
            if outcome == "redraw":
                self.draw(screen)

    def command(self, answer: str, screen: Screen, legal: list) -> str:
        """Run a command or submit a move: "moved", "redraw" or "" (stay at the prompt)."""
        word, _, rest = answer.strip().partition(" ")
        word = word.lower()
        if word in ("?", "help", "h"):
            self.lines(play_help.help_lines(self.game, self.lang, legal))
        elif word == "hint":
            self.hint(legal)
        elif word == "undo":
            return "moved" if self.undo() else ""
        elif word == "explain":
            self.lines(play_help.explain(self.game, rest, self.lang))
        elif word in ("m", "more"):
            screen.show_all, screen.page = False, screen.page + (0 if screen.show_all else 1)
            return "redraw"
        elif word in ("a", "all"):
            screen.show_all = True
            return "redraw"
        elif word == "log":
            self.lines(self.match.log_for(self.seat, self.lang), prefix="  · ")
        elif word == "save":
            if self.save_path is None:
                self.console.print(self.ui["no_save"], highlight=False)
            self.save(final=True)
        elif answer.strip() == "":
            return "redraw"
        else:
            try:
                self.submit(_menu_choice(answer.strip(), legal))
                return "moved"
            except GameError as exc:
                self.console.print(f"[red]{escape(self.error_text(exc))}[/]", highlight=False)
        return ""

    def error_text(self, exc: GameError) -> str:
        return self.ui["error"].format(message=str(exc)) if self.lang != "en" else str(exc)

    def submit(self, action: object) -> None:
        self.match.submit(self.seat, action, self.match.state_id)
        self.save()

    # ---- drawing -------------------------------------------------------------------------
    def screen(self, legal: list) -> Screen:
        match, lang = self.match, self.lang
        decision = self.game.decision(match.state)
        prompt = decision_text(self.game, decision, match.record.seats, lang) if decision else ""
        log = match.log_for(self.seat, lang, start=self.shown)
        self.shown = len(match.log)
        menu = [(self.game.action_label(a, lang), str(a)) for a in legal]
        screen = Screen(self.game, match.view(self.seat), match.record.seats, lang, prompt, menu, log=log,
                        targets=dict(decision.targets) if decision else {}, notes=self.notes)
        self.notes = []
        return screen

    def draw(self, screen: Screen) -> None:
        terminal = self.console.is_terminal
        if terminal:
            self.console.clear()
        parts = screen.draw(self.console, full_log=not terminal)
        if not terminal:   # a pipe: the whole menu, nothing is redrawn
            screen.show_all = True
            parts = screen.draw(self.console, full_log=True, height=10**6)
        self.console.print(as_group(parts), highlight=False)

    def lines(self, lines: list[str], prefix: str = "") -> None:
        print_lines(self.console, lines, prefix)

    def ask(self, prompt: str) -> str | None:
        try:
            return self.console.input(prompt)
        except EOFError:
            return None

    # ---- hint, undo, save ----------------------------------------------------------------
    def hint(self, legal: list) -> None:
        from gameshelf.analysis import hints   # the search is heavy: imported when asked

        self.console.print(self.ui["thinking"], style="dim")
        seed = derive_seed(self.match.record.seed, "hint", self.match.state_id) if self.seeded else fresh_seed()
        for n, h in enumerate(hints(self.game, self.match.view(self.seat), legal, k=3, level="normal",
                                    seed=seed), 1):
            label = self.game.action_label(h.action, self.lang)
            self.console.print(self.ui["hint"].format(n=n, label=label, notation=h.action, value=h.value),
                               markup=False, highlight=False)

    def undo(self) -> bool:
        """Back to before the player's last move, if the rules let every move since be taken back."""
        rebuilt, why = undone(self.match, self.seat)
        if rebuilt is None:
            self.console.print(self.ui["no_undo"].format(why=self.ui[why]), highlight=False)
            return False
        move = self.match.record.actions[rebuilt.state_id]
        self.match = rebuilt
        self.shown = len(rebuilt.log)
        self.notes.append(self.ui["undone"].format(move=self.game.action_label(self.game.parse_action(move), self.lang)))
        self.save()
        return True

    def save(self, final: bool = False) -> None:
        """Write the save file (atomically: a crash mid-write leaves the previous one)."""
        if self.save_path is None:
            return
        data = {**self.match.record.to_json(),
                PLAY_KEY: {"seat": self.seat, "bots": {str(s): b for s, b in self.bot_specs.items()},
                           "seeded": self.seeded}}
        temporary = self.save_path.with_name(self.save_path.name + ".tmp")
        try:
            temporary.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
            os.replace(temporary, self.save_path)
        except OSError as exc:
            self.console.print(f"[red]cannot save the record to {escape(str(self.save_path))}: {exc.strerror}[/]",
                               highlight=False)
            return
        if final:
            self.console.print(self.ui["saved"].format(path=escape(str(self.save_path))), highlight=False)

    # ---- the end -------------------------------------------------------------------------
    def finish(self) -> None:
        """The new log lines, the final board and scores, the winner, the seed, the full log on request."""
        console, match, lang = self.console, self.match, self.lang
        self.lines(match.log_for(self.seat, lang, start=self.shown), prefix="  · ")
        outcome = self.game.outcome(match.state)
        if outcome is not None:
            console.print(render_view(self.game, match.view(self.seat), match.record.seats, lang))
            console.print(outcome_table(self.game, outcome, match.record.seats, lang))
            console.print(Text(winner_line(self.game, outcome, match.record.seats, self.seat, lang), style="bold"))
        console.print(self.ui["seed"].format(seed=match.record.seed))
        if outcome is not None and (self.ask(self.ui["log"]) or "").strip().lower() in ("l", "log"):
            self.lines(match.log_for(self.seat, lang), prefix="  · ")


def undone(match: InteractiveMatch, seat: int) -> tuple[InteractiveMatch | None, str]:
    """``match`` rebuilt without ``seat``'s last move and every move after it, when the game's
    ``can_undo`` allows each of them; else None and the reason's UI key."""
    game, record = match.game, match.record

    moves, before = [], None
    for step in record_states(game, record, verify=False):
        if step.ply:
            moves.append((step.seat, game.can_undo(before, step.state, step.events)))
        before = game.copy(step.state)
    last = max((i for i, (mover, _) in enumerate(moves) if mover == seat), default=None)
    if last is None:
        return None, "no_undo_first"
    if not all(ok for _, ok in moves[last:]):
        return None, "no_undo_hidden"
    rebuilt = InteractiveMatch(game, record.players, seed=record.seed, options=record.options,
                               seat_names=record.seats, actions=record.actions[:last])
    return rebuilt, ""


def decision_text(game: Game, decision: Decision, names: list[str], lang: str) -> str:
    """The decision's prompt (the core's default prompt names the seat, so it is passed along)."""
    args = {"seat": decision.seat, **decision.prompt.args}
    return game.prompt_text(replace(decision, prompt=Prompt(decision.prompt.key, args)), names, lang)


def winner_line(game: Game, outcome, names: list[str], seat: int, lang: str) -> str:
    """"You win!", "normal#2 wins.", a tie, or a solo game's score and rank."""
    ui = UI[lang]
    if len(names) == 1:
        line = ui["solo"].format(score=outcome.scores[0])
        rank = next((v for k, v in outcome.details.items() if "rank" in k and isinstance(v, str)), None)
        return line + (" " + ui["solo_rank"].format(rank=game.term(rank, lang)) if rank else "")
    winners = [s for s in outcome.winners if s < len(names)]
    if not winners or outcome.details.get("all_players_lose"):
        return ui["all_lose"]
    if winners == [seat]:
        return ui["you_win"]
    if len(winners) == 1:
        return ui["wins"].format(name=names[winners[0]])
    others = ", ".join(names[s] for s in winners if s != seat)
    return ui["you_tie"].format(names=others) if seat in winners else ui["tie"].format(names=others)


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
        table.add_row(str(outcome.ranks[seat]), escape(names[seat]), *row, f"[bold]{outcome.scores[seat]}[/]")
    return table
