// The leaderboard per game and a player's finished games.
import { api, clear, el, gameTitle, header, loadLang, param, t, toast, translate } from "./common.js";

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

main();
