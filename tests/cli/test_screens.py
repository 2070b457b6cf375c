"""Issue 17: terminal screens at 120x40, help and explain, and Japanese screens without English.

Each game is played at its largest player count with random moves; at every decision of seat 0 of
a new kind the screen is drawn on Rich's recording console: the decision and the first menu entries
are on it, it fits 40 lines, no line is cut, and every place a menu entry on screen names appears
as a label on the board (the renderer's ``place_label``).
"""

from __future__ import annotations

import random
import re
from importlib import import_module

import pytest
from rich.console import Console

from gameshelf.cli import play_cmd, play_help, screen as screen_mod
from gameshelf.cli.screen import Screen, as_group, renderer
from gameshelf.games import get_game

WIDTH, HEIGHT = 120, 40
DONE = ["borealis", "mariposas", "midnight_zoo", "iwari"]            # games whose renderer has the issue-17 hooks
LANGS = ["en", "ja"]


def names(players: int) -> list[str]:
    return ["P0"] + [f"B{seat}" for seat in range(1, players)]


def screens(game_id: str, seed: int = 3, plies: int = 600):
    """(state, decision) at each new decision kind of seat 0 in a random game at the most players."""
    game = get_game(game_id)
    state = game.setup(max(game.info.player_counts), None, seed)
    rng, seen = random.Random(seed), set()
    for _ in range(plies):
        if game.is_over(state):
            break
        decision = game.decision(state)
        if decision.seat == 0 and decision.kind not in seen:
            seen.add(decision.kind)
            yield game, game.copy(state), decision
        game.apply(state, rng.choice(game.legal_actions(state)))


def draw(game, state, decision, lang: str, log_lines: int = 12) -> tuple[Screen, str, list[str]]:
    legal = game.legal_actions(state)
    players = game.num_players(state)
    text = play_cmd.decision_text(game, decision, names(players), lang)
    screen = Screen(game, game.view(state, 0), names(players), lang, text,
                    [(game.action_label(a, lang), str(a)) for a in legal], targets=dict(decision.targets),
                    log=[f"line {k}" for k in range(log_lines)])
    console = Console(width=WIDTH, height=HEIGHT, record=True, color_system=None)
    console.print(as_group(screen.draw(console)))
    out = console.export_text()
    return screen, out, out.rstrip("\n").split("\n")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game_id", DONE)
def test_every_decision_fits_120x40_with_its_menu(game_id, lang):
    from rich.cells import cell_len

    kinds = 0
    for game, state, decision in screens(game_id):
        kinds += 1
        screen, out, lines = draw(game, state, decision, lang)
        assert len(lines) + 1 <= HEIGHT, f"{decision.kind}: {len(lines)} lines and the input line"
        assert all(cell_len(line) <= WIDTH for line in lines), decision.kind
        board = out[:out.index(screen_mod.UI[lang]["earlier"].split("{")[0])]
        assert "…" not in board, f"{decision.kind}: a cut line on the board:\n{board}"
        assert screen.decision in out
        label, notation = screen.menu[0]
        assert f"1  {label}" in out and screen_mod.UI[lang]["footer"] in out
        module = renderer(game)
        shown = [n for n in range(1, len(screen.menu) + 1) if re.search(rf"^\s*{n}  ", out, re.M)]
        for number in shown:
            for target in decision.targets.get(screen.menu[number - 1][1], ()):
                labels = module.place_label(target, lang)
                for text in labels or ():
                    assert text in board, f"{decision.kind}: {target} is labelled {text!r} nowhere on the board"
    assert kinds >= 3


@pytest.mark.parametrize("game_id", DONE)
def test_long_menus_page_and_show_all_on_request(game_id):
    """On a short terminal the menu is cut into pages (m: next page), and a shows every choice."""
    longest = max(screens(game_id), key=lambda found: len(found[0].legal_actions(found[1])))
    screen, _, _ = draw(*longest, "en")
    if len(screen.menu) < 6:
        pytest.skip(f"the longest {game_id} menu met has {len(screen.menu)} choices")
    console = Console(width=WIDTH, height=HEIGHT, record=True, color_system=None)
    console.print(as_group(screen.draw(console, height=HEIGHT - len(screen.menu) + 4)))
    out = console.export_text()
    assert "page 1/" in out and screen.menu[-1][0] not in out
    screen.page += 1
    console.print(as_group(screen.draw(console, height=HEIGHT - len(screen.menu) + 4)))
    assert "page 2/" in console.export_text()
    screen.show_all = True
    console.print(as_group(screen.draw(console)))
    everything = console.export_text()
    assert all(label in everything for label, _ in screen.menu)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game_id", DONE)
def test_help_gives_notation_legend_and_commands(game_id, lang):
    game = get_game(game_id)
    state = game.setup(min(game.info.player_counts), None, 1)
    lines = play_help.help_lines(game, lang, game.legal_actions(state))
    text = "\n".join(lines)
    assert play_help.t("legend", lang) in text and play_help.t("commands", lang) in text
    for word in ("hint", "undo", "explain", "q, quit"):
        assert word in text
    assert str(game.legal_actions(state)[0]) in text, "an example of the notation of a choice now"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game_id", DONE)
def test_explain_finds_every_entry_by_its_name_in_either_language(game_id, lang):
    game = get_game(game_id)
    entries = play_help.explanations(game, lang)
    assert len(entries) >= 10
    other = play_help.explanations(game, "ja" if lang == "en" else "en")
    for key, (title, text) in entries.items():
        assert text.strip(), key
        for query in (key, title, other[key][0]):
            assert play_help.explain(game, query, lang) == [f"{title}: {text}"], (key, query)
    assert "," in play_help.explain(game, "", lang)[1]
    assert play_help.explain(game, "zzzz-none", lang)[0] == play_help.t("explain_none", lang).format(name="zzzz-none")


def english_ui_words(game_id: str) -> set[str]:
    """Words of 4+ letters from the English UI catalog of play and the game's renderer."""
    texts = list(play_cmd.UI["en"].values()) + list(screen_mod.UI["en"].values())
    texts += list(play_help.TEXT["en"].values())
    module = renderer(get_game(game_id))
    texts += module.legend("en")
    words = {w.lower() for text in texts for w in re.findall(r"[A-Za-z]{4,}", text)}
    commands = {"help", "hint", "undo", "explain", "quit", "save", "more"}
    return words - commands


@pytest.mark.parametrize("game_id", DONE)
def test_japanese_screens_have_no_english_ui_words(game_id):
    words = english_ui_words(game_id)
    for game, state, decision in screens(game_id):
        screen, out, lines = draw(game, state, decision, "ja", log_lines=0)
        for _, notation in screen.menu:          # the notation is typed input, the same in every language
            out = out.replace(notation, "")
        found = {w.lower() for w in re.findall(r"[A-Za-z]{4,}", out)} & words
        assert not found, f"{decision.kind}: English UI words on a Japanese screen: {sorted(found)}"


def test_iwari_two_players_end_shows_the_third_tribe_and_both_players_losing():
    game = get_game("iwari")
    for seed in range(1, 60):
        state = game.setup(2, None, seed)
        rng = random.Random(seed)
        while not game.is_over(state):
            game.apply(state, rng.choice(game.legal_actions(state)))
        if game.outcome(state).details.get("all_players_lose"):
            break
    else:
        pytest.skip("no random 2-player game won by the third tribe")
    for lang in LANGS:
        console = Console(width=WIDTH, record=True, color_system=None)
        console.print(renderer(game).render(game.view(state, 0), names(2), lang))
        out = console.export_text()
        text = renderer(game).TEXT[lang]
        assert text["third_wins"] in out and out.count(text["third"]) >= 2


@pytest.mark.parametrize("game_id", ["midnight_zoo", "iwari"])   # borealis, mariposas: some lines wrap
def test_legend_lines_fit_the_help_screen(game_id):
    from rich.cells import cell_len

    module = renderer(get_game(game_id))
    for lang in LANGS:
        for line in module.legend(lang):
            assert cell_len("  " + line) <= WIDTH, (lang, line)


@pytest.mark.parametrize("game_id", DONE)
def test_japanese_help_explains_the_notation_in_japanese(game_id):
    """The verbs and examples are typed input (ASCII); what each verb does is in the player's language."""
    game = get_game(game_id)
    english = {w.lower() for line in play_help.grammar_lines(game, "en") for w in re.findall(r"[A-Za-z]{4,}",
               line.split(None, 1)[-1].split("  ")[-1])}   # the help text after the usage and example
    grammar = import_module(f"gameshelf.games.{game_id}.actions").GRAMMAR
    typed = {w.lower() for v in grammar.verbs.values() for w in re.findall(r"[A-Za-z]{4,}", v.example)}
    for line in play_help.grammar_lines(game, "ja"):
        usage_and_example, help_text = line.rsplit("  ", 1)
        assert "e.g." not in line and "例" in usage_and_example
        prose = re.sub(r"\w*_\w*", "", help_text)   # ids such as two_cards are typed as they are
        found = {w.lower() for w in re.findall(r"[A-Za-z]{4,}", prose)} & (english - typed)
        assert not found, (line, found)


def test_long_help_lines_wrap_with_their_continuation_indented():
    game = get_game("borealis")
    console = Console(width=60, record=True, color_system=None)
    lines = play_help.help_lines(game, "en", game.legal_actions(game.setup(2, None, 1)))
    long = [line for line in lines if len(line) > 60]
    assert long, "some help lines are longer than 60 columns"
    play_cmd.print_lines(console, long[:1])
    rows = console.export_text().splitlines()
    assert len(rows) >= 2 and all(len(row) <= 60 for row in rows)
    assert all(row.startswith(" " * 4) for row in rows[1:]), rows
