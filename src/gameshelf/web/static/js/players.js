// The leaderboard per game and a player's finished games.
// A player's page also draws the rating after each rated game, per game (SVG, with the numbers as text).
import { api, clear, el, gameTitle, header, loadLang, param, svg, t, toast, translate } from "./common.js";

async function main() {
  await loadLang();
  translate(document);
  await header(draw);
  await draw();
}

async function draw() {
  translate(document);
  const games = await api("/api/games");
  const byId = new Map(games.map((g) => [g.id, g]));
  const user = param("user");
  const box = clear(document.getElementById("content"));
  if (user) {
    let list = [];
    try {
      list = await api(`/api/users/${encodeURIComponent(user)}/games`);
    } catch (e) {
      return toast(e.message);
    }
    const ratings = await api(`/api/users/${encodeURIComponent(user)}/ratings`).catch(() => ({ games: {} }));
    const rated = Object.entries(ratings.games || {});
    if (rated.length) {
      box.append(el("h2", { text: t("players.rating_history") }));
      for (const [gameId, points] of rated) box.append(ratingChart(gameTitle(byId.get(gameId) || { id: gameId }), gameId, points, ratings.start ?? 0));
    }
    box.append(el("h2", { text: t("players.history") }));
    if (!list.length) box.append(el("p", { class: "muted", text: t("lobby.no_games") }));
    else box.append(el("table", { class: "players" }, el("thead", {}, el("tr", {}, el("th", { text: t("players.game") }), el("th", { text: t("players.score") }), el("th", { text: t("sheet.rank") }), el("th", { text: t("players.when") }))),
      el("tbody", {}, list.map((g) => el("tr", {}, el("td", {}, el("a", { href: `/web/replay.html?id=${g.table_id}`, text: gameTitle(byId.get(g.game) || { id: g.game }) })),
        el("td", { class: "num", text: g.score ?? "–" }), el("td", { class: "num", text: g.rank ?? "–" }), el("td", { text: g.finished_at ? new Date(g.finished_at).toLocaleString() : "" }))))));
  }
  for (const g of games) {
    const rows = await api(`/api/leaderboard/${g.id}?limit=20`).catch(() => []);
    box.append(el("h2", { text: `${gameTitle(g)} · ${t("players.leaderboard")}` }));
    if (!rows.length) {
      box.append(el("p", { class: "muted", text: t("players.no_ratings") }));
      continue;
    }
    box.append(el("table", { class: "players" }, el("thead", {}, el("tr", {}, el("th", { text: "#" }), el("th", { text: t("players.player") }), el("th", { text: t("players.rating") }), el("th", { text: t("players.games") }))),
      el("tbody", {}, rows.map((r, i) => el("tr", {}, el("td", { class: "num", text: i + 1 }),
        el("td", {}, el("a", { href: `/web/players.html?user=${r.user_id}`, text: r.name })),
        el("td", { class: "num", text: r.ordinal.toFixed(1) }), el("td", { class: "num", text: r.games }))))));
  }
}

// One game's rating (openskill's ordinal, mu - 3 sigma) after each rated game: a line with a dot per
// game, its title and description for screen readers, and the same numbers in a table below it.
// The first point is the rating every player starts from.
function ratingChart(title, gameId, points, start) {
  const W = 480, H = 160, L = 44, R = 12, T = 12, B = 28;
  const values = [start, ...points.map((p) => p.ordinal)];
  let lo = Math.min(...values), hi = Math.max(...values);
  if (hi - lo < 1) { lo -= 1; hi += 1; }
  const x = (i) => L + (i * (W - L - R)) / (values.length - 1);
  const y = (v) => T + ((hi - v) * (H - T - B)) / (hi - lo);
  const id = `chart-${gameId}`;
  const first = values[0].toFixed(1), last = values[values.length - 1].toFixed(1);
  const chart = svg("svg", { class: "rating-chart", id, viewBox: `0 0 ${W} ${H}`, width: W, height: H, role: "img", "aria-labelledby": `${id}-t ${id}-d` },
    svg("title", { id: `${id}-t` }, t("players.chart_title", { game: title })),
    svg("desc", { id: `${id}-d` }, t("players.chart_desc", { n: points.length, first, last })),
    svg("line", { class: "axis", x1: L, y1: H - B, x2: W - R, y2: H - B }),
    svg("line", { class: "axis", x1: L, y1: T, x2: L, y2: H - B }),
    svg("text", { x: L - 6, y: y(hi) + 4, "text-anchor": "end" }, hi.toFixed(1)),
    svg("text", { x: L - 6, y: y(lo) + 4, "text-anchor": "end" }, lo.toFixed(1)),
    svg("text", { x: (W + L) / 2, y: H - 8, "text-anchor": "middle" }, t("players.chart_x")),
    svg("polyline", { class: "line", points: values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ") }),
    values.map((v, i) => svg("circle", { class: "dot", cx: x(i), cy: y(v), r: 4 })));
  const rows = [el("tr", {}, el("td", { class: "num", text: 0 }), el("td", { class: "num", text: start.toFixed(1) }), el("td", { text: t("players.chart_start") }))];
  rows.push(...points.map((p, i) => el("tr", {}, el("td", { class: "num", text: i + 1 }), el("td", { class: "num", text: p.ordinal.toFixed(1) }),
    el("td", {}, p.table_id ? el("a", { href: `/web/replay.html?id=${p.table_id}`, text: new Date(p.at).toLocaleString() }) : new Date(p.at).toLocaleString()))));
  return el("figure", { class: "rating-figure" }, el("figcaption", { text: title }), chart,
    el("details", {}, el("summary", { text: t("players.chart_numbers") }),
      el("table", { class: "players" }, el("thead", {}, el("tr", {}, el("th", { text: "#" }), el("th", { text: t("players.rating") }), el("th", { text: t("players.when") }))),
        el("tbody", {}, rows))));
}

main();
