"""An HTML report of tournament results with matplotlib plots (PNG files beside it).

Plots: score distribution per agent, win rate by seat (with 95% intervals), mean points per
scoring category per agent, game length; with ``study=True`` also the balance questions of
:mod:`gameshelf.sim.study` (first-player advantage per player count, option effects, component
points from ``Outcome.details["balance"]``).
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import TYPE_CHECKING, Any, Mapping, Sequence

from gameshelf.sim.stats import duration_text, summarize
from gameshelf.sim.study import study as balance_study

if TYPE_CHECKING:
    from gameshelf.sim.batch import ResultRow


def _pyplot():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def write_report(rows: Sequence[ResultRow], out: str | Path, *, agents: Sequence[str] | None = None,
                 title: str = "Tournament report", study: bool = False) -> Path:
    """Write ``out/report.html`` and its PNGs; returns the HTML path."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    summary = summarize(rows, agents)
    parts = [f"<h1>{_e(title)}</h1>",
             f"<p>{summary['games']} games of {_e(summary['game'])}, players {summary['players']}; "
             f"mean length {summary['mean_length']:.1f} actions.</p>" if rows else "<p>No games.</p>"]
    if rows:
        parts += _agents_section(summary, rows, out)
        parts += _seats_section(summary, out)
        parts += _categories_section(summary, out)
        parts += _length_section(rows, out)
        if study:
            parts += _study_section(balance_study(rows), out)
    path = out / "report.html"
    path.write_text(_page(title, "\n".join(parts)), encoding="utf-8")
    return path


# ---- sections -------------------------------------------------------------------------------
def _agents_section(summary: Mapping[str, Any], rows, out: Path) -> list[str]:
    plt = _pyplot()
    names = list(summary["agents"])
    data = [[row.scores[s] for row in rows for s, spec in enumerate(row.seats) if spec == name] for name in names]
    fig, ax = plt.subplots(figsize=(7, 0.6 * len(names) + 1.8))
    ax.boxplot(data, orientation="horizontal", tick_labels=names)
    ax.set_xlabel("final score")
    ax.set_title("Score distribution per agent")
    _save(fig, out / "scores.png")
    times = summary["decision_time"]
    table = _table(["agent", "seats played", "win rate", "95% CI", "mean score", "mean rank", "rating (mu ± sigma)",
                    "CPU/decision"],
                   [[name, a["n"], _pct(a["win_rate"]), _ci(a["ci95"]), _f(a["mean_score"]), _f(a["mean_rank"], 2),
                     f"{a['rating']:.1f} ± {a['rating_sigma']:.1f}" if a["rating"] is not None else "-",
                     duration_text(times[name]["mean"]) if times.get(name) else "-"]
                    for name, a in summary["agents"].items()])
    return ["<h2>Agents</h2>", table, _img("scores.png")]


def _seats_section(summary: Mapping[str, Any], out: Path) -> list[str]:
    plt = _pyplot()
    seats = summary["seats"]
    fig, ax = plt.subplots(figsize=(6, 3.2))
    _rate_bars(ax, [f"seat {s['seat']}" for s in seats], seats)
    ax.set_title("Win rate by seat (95% CI)")
    _save(fig, out / "seats.png")
    table = _table(["seat", "win rate", "95% CI", "mean score"],
                   [[s["seat"], _pct(s["win_rate"]), _ci(s["ci95"]), _f(s["mean_score"])] for s in seats])
    return ["<h2>Seats</h2>", table, _img("seats.png")]


def _categories_section(summary: Mapping[str, Any], out: Path) -> list[str]:
    plt = _pyplot()
    agents = summary["agents"]
    categories = list(dict.fromkeys(c for a in agents.values() for c in a["categories"]))
    if not categories:
        return []
    fig, ax = plt.subplots(figsize=(7, 0.35 * len(categories) * max(1, len(agents)) + 1.5))
    height = 0.8 / max(1, len(agents))
    for i, (name, a) in enumerate(agents.items()):
        ax.barh([k + i * height for k in range(len(categories))],
                [a["categories"].get(c, 0.0) for c in categories], height=height, label=name)
    ax.set_yticks([k + 0.4 - height / 2 for k in range(len(categories))], categories)
    ax.invert_yaxis()
    ax.set_xlabel("mean points per player")
    ax.legend(fontsize="small")
    ax.set_title("Scoring categories")
    _save(fig, out / "categories.png")
    table = _table(["category", *agents], [[c, *(_f(a["categories"].get(c), 2) for a in agents.values())]
                                          for c in categories])
    return ["<h2>Scoring categories</h2>", table, _img("categories.png")]


def _length_section(rows, out: Path) -> list[str]:
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(6, 3))
    ax.hist([row.actions for row in rows], bins=20)
    ax.set_xlabel("actions per game")
    ax.set_ylabel("games")
    ax.set_title("Game length")
    _save(fig, out / "length.png")
    return ["<h2>Game length</h2>", _img("length.png")]


def _study_section(result: Mapping[str, Any], out: Path) -> list[str]:
    plt = _pyplot()
    parts = ["<h2>Balance study</h2>", "<h3>First-player advantage</h3>"]
    for players, seats in result["first_player"].items():
        fig, ax = plt.subplots(figsize=(6, 3))
        _rate_bars(ax, [f"seat {s['seat']}" for s in seats], seats, fair=1.0 / players)
        ax.set_title(f"{players} players: win rate by seat (fair {1 / players:.0%})")
        _save(fig, out / f"first_player_{players}p.png")
        parts += [f"<h4>{players} players</h4>",
                  _table(["seat", "win rate", "95% CI", "fair share", "advantage", "mean score"],
                         [[s["seat"], _pct(s["win_rate"]), _ci(s["ci95"]), _pct(s["fair"]),
                           f"{(s['win_rate'] - s['fair']) * 100:+.1f} pts", _f(s["mean_score"])] for s in seats]),
                  _img(f"first_player_{players}p.png")]
    for option, values in result["options"].items():
        parts += [f"<h3>Option {_e(option)}</h3>",
                  _table(["value", "games", "mean score", "mean length", "seat 0 win rate", "seat 0 CI", "agents"],
                         [[v, g["games"], _f(g["mean_score"]), _f(g["mean_length"]), _pct(g["seat0"]["win_rate"]),
                           _ci(g["seat0"]["ci95"]), ", ".join(f"{a} {_pct(r)}" for a, r in g["agents"].items())]
                          for v, g in values.items()])]
    for kind, components in result["components"].items():
        fig, ax = plt.subplots(figsize=(7, 0.3 * len(components) + 1.5))
        ax.barh(list(components), [c["mean_points"] for c in components.values()])
        ax.invert_yaxis()
        ax.set_xlabel("mean points per game (all seats)")
        ax.set_title(f"{kind}")
        _save(fig, out / f"component_{_slug(kind)}.png")
        parts += [f"<h3>{_e(kind)}</h3>",
                  _table([kind, "games", "share of games", "mean points", "to a winner", "to a non-winner"],
                         [[cid, c["games"], _pct(c["share_of_games"]), _f(c["mean_points"], 2),
                           _f(c["mean_to_winner"], 2), _f(c["mean_to_other"], 2)] for cid, c in components.items()]),
                  _img(f"component_{_slug(kind)}.png")]
    if not result["components"]:
        parts.append("<p>No component points: the game's outcomes carry no details['balance'].</p>")
    for key, components in result["in_play"].items():
        parts += [f"<h3>In play: {_e(key)}</h3>",
                  _table([key, "games", "mean score per seat", "mean length"],
                         [[cid, c["games"], _f(c["mean_score"], 2), _f(c["mean_length"])]
                          for cid, c in components.items()])]
    return parts


# ---- helpers ------------------------------------------------------------------------------
def _rate_bars(ax, labels: list[str], entries: Sequence[Mapping[str, Any]], fair: float | None = None) -> None:
    rates = [e["win_rate"] for e in entries]
    errors = [[max(0.0, r - e["ci95"][0]) for r, e in zip(rates, entries)],
              [max(0.0, e["ci95"][1] - r) for r, e in zip(rates, entries)]]
    ax.bar(labels, rates, yerr=errors, capsize=4)
    if fair is not None:
        ax.axhline(fair, linestyle="--", color="grey")
    ax.set_ylim(0, 1)
    ax.set_ylabel("win rate")


def _save(fig, path: Path) -> None:
    fig.tight_layout()
    fig.savefig(path, dpi=90)
    _pyplot().close(fig)


def _table(header: list[str], rows: list[list[Any]]) -> str:
    head = "".join(f"<th>{_e(h)}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td>{_e(c)}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _img(name: str) -> str:
    return f'<p><img src="{name}" alt="{_e(name)}"></p>'


def _page(title: str, body: str) -> str:
    style = ("body{font-family:sans-serif;max-width:60em;margin:2em auto}table{border-collapse:collapse;"
             "margin:1em 0}td,th{border:1px solid #ccc;padding:.2em .6em;text-align:right}"
             "td:first-child,th:first-child{text-align:left}")
    return (f"<!doctype html><html><head><meta charset='utf-8'><title>{_e(title)}</title>"
            f"<style>{style}</style></head><body>{body}</body></html>\n")


def _e(value: Any) -> str:
    return html.escape(str(value))


def _f(value: float | None, digits: int = 1) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def _pct(value: float) -> str:
    return f"{value:.1%}"


def _ci(ci: Sequence[float]) -> str:
    return f"{ci[0]:.1%} – {ci[1]:.1%}"


def _slug(text: str) -> str:
    return "".join(ch if ch.isalnum() else "_" for ch in text)
