// The lobby: the games (summary, picture, player counts, options explained), creating a table
// (seats open, invited or bots by level), joining by invite code, open tables, my games.
import { api, clear, el, ensureUser, gameData, gameTitle, header, lang, loadLang, me, t, toast, translate, has } from "./common.js";

const L = { games: [] };

async function main() {
  await loadLang();
  translate(document);
  await header(redraw);
  L.games = await api("/api/games");
  await redraw();
  document.getElementById("join-form").addEventListener("submit", joinByCode);
  (window.requestIdleCallback || setTimeout)(prefetchGameData);
}

// A table page waits for its game's data (the server reads the YAML once per process; the browser
// keeps the answer an hour): fetched while the lobby is read, a new table opens at once.
function prefetchGameData() {
  for (const g of L.games) document.head.append(el("link", { rel: "prefetch", href: `/web/data/${g.id}.json` }));
}

async function redraw() {
  translate(document);
  drawGames();
  await drawTables();
  await drawMine();
}

function optionText(game, opt, key, fallback) {
  const k = `opt.${game.id}.${opt.name}${key}`;
  return has(k) ? t(k) : fallback;
}

// A game without its own picture (a plugin) shows the site's icon.
function pictureless(ev) {
  if (ev.target.dataset.fallback) return;
  ev.target.dataset.fallback = "1";
  ev.target.src = "/web/img/icon.svg";
}

// The game's summary: the UI catalog's, or else the game's own (from its data, for a plugin).
function summary(game) {
  const key = `game.${game.id}.summary`;
  const p = el("p", { class: "summary", text: has(key) ? t(key) : "" });
  if (!has(key)) {
    gameData(game.id).then((data) => { p.textContent = data.summary?.[lang] ?? data.summary?.en ?? ""; }).catch(() => {});
  }
  return p;
}

function drawGames() {
  const list = clear(document.getElementById("games"));
  for (const g of L.games) {
    const form = el("form", { class: "create", "data-game": g.id });
    const players = el("select", { name: "players", id: `players-${g.id}`, "aria-label": t("lobby.players") },
      g.player_counts.map((n) => el("option", { value: n, text: t("lobby.n_players", { n }) })));
    players.value = String(g.player_counts.includes(2) ? 2 : g.player_counts[0]);
    const seats = el("div", { class: "seats" });
    const drawSeats = () => {
      clear(seats);
      const n = Number(players.value);
      for (let i = 0; i < n; i++) {
        const s = el("select", { name: `seat${i}`, "aria-label": t("lobby.seat_n", { n: i + 1 }) },
          i === 0 ? el("option", { value: "me", text: t("lobby.seat_me") }) : null,
          el("option", { value: "open", text: t("lobby.seat_open") }),
          el("option", { value: "invited", text: t("lobby.seat_invited") }),
          ...["random", "easy", "normal", "hard"].map((lv) => el("option", { value: `bot:${lv}`, text: t("seat.bot", { level: t(`level.${lv}`), n: i + 1 }) })));
        s.value = i === 0 ? "me" : "bot:easy";
        seats.append(el("label", {}, `${t("lobby.seat_n", { n: i + 1 })} `, s));
      }
    };
    // Rated by default when every seat is a person; a table with a bot is always friendly.
    const rated = el("select", { name: "rated", id: `rated-${g.id}` },
      el("option", { value: "1", text: t("lobby.rated") }), el("option", { value: "0", text: t("lobby.friendly") }));
    let ratedTouched = false;
    rated.addEventListener("change", () => { ratedTouched = true; });
    const syncRated = () => {
      const bots = [...seats.querySelectorAll("select")].some((s) => s.value.startsWith("bot:"));
      rated.querySelector('option[value="1"]').disabled = bots;
      if (bots) rated.value = "0";
      else if (!ratedTouched) rated.value = "1";
    };
    seats.addEventListener("change", syncRated);
    players.addEventListener("change", drawSeats);
    players.addEventListener("change", syncRated);
    drawSeats();
    syncRated();
    const opts = el("div", { class: "options" });
    for (const o of g.options) {
      const sel = el("select", { name: `opt:${o.name}`, id: `opt-${g.id}-${o.name}` },
        o.choices.map((c) => el("option", { value: c, text: optionText(g, o, `.${c}`, has(`val.${c}`) ? t(`val.${c}`) : c) })));
      sel.value = o.default;
      opts.append(el("div", { class: "option" },
        el("label", { for: sel.id, text: optionText(g, o, "", o.name.replace(/_/g, " ")) }), " ", sel,
        el("p", { class: "help", text: optionText(g, o, ".help", o.help) })));
    }
    const mode = el("select", { name: "mode", "aria-label": t("lobby.mode") },
      el("option", { value: "turn", text: t("lobby.mode_turn") }), el("option", { value: "realtime", text: t("lobby.mode_realtime") }));
    const absent = el("select", { name: "absent_policy", id: `absent-${g.id}` },
      el("option", { value: "bot", text: t("lobby.absent_bot") }), el("option", { value: "drop", text: t("lobby.absent_drop") }));
    const chatAll = el("input", { type: "checkbox", name: "spectator_chat" });
    const absentRow = el("div", { class: "row" }, el("label", { for: absent.id, text: t("lobby.absent") }), " ", absent);
    mode.addEventListener("change", () => { absentRow.hidden = mode.value !== "turn"; });
    form.append(...[
      el("div", { class: "row" }, el("label", { for: players.id, text: t("lobby.players") }), " ", players, " ",
        el("label", {}, `${t("lobby.mode")} `, mode)),
      seats,
      el("div", { class: "row" }, el("label", { for: rated.id, text: t("lobby.rating") }), " ", rated, " ",
        el("span", { class: "muted small", text: t("lobby.rated_help") })),
      absentRow,
      el("div", { class: "row" }, el("label", { class: "check" }, chatAll, " ", t("lobby.spectator_chat"))),
      g.options.length ? el("details", {}, el("summary", { text: t("lobby.options") }), opts) : null,
      el("button", { type: "submit", class: "primary", text: t("lobby.create") })].filter(Boolean));
    form.addEventListener("submit", (ev) => create(ev, g, form));
    list.append(el("article", { class: "game-card", id: `game-${g.id}` },
      el("img", { src: `/web/img/${g.id}.svg`, alt: "", width: 96, height: 96, onerror: pictureless }),
      el("div", {},
        el("h3", { text: gameTitle(g) }),
        summary(g),
        el("p", { class: "muted", text: t("lobby.counts", { counts: g.player_counts.join(", ") }) }),
        el("p", { class: "row learn-links" }, ...[["rules", "rules.link"], ["learn", "learn.link"], ["puzzles", "puzzles.link"]]
          .map(([page, key]) => el("a", { href: `/web/${page}.html?game=${g.id}`, class: `${page}-link`, text: t(key) }))),
        form)));
  }
}

async function create(ev, game, form) {
  ev.preventDefault();
  try {
    await ensureUser(document.getElementById("name").value);
    const data = new FormData(form);
    const players = Number(data.get("players"));
    const seats = [];
    for (let i = 0; i < players; i++) {
      const v = String(data.get(`seat${i}`));
      seats.push(v.startsWith("bot:") ? { kind: "bot", level: v.slice(4) } : { kind: v });
    }
    const options = {};
    for (const o of game.options) options[o.name] = String(data.get(`opt:${o.name}`));
    const table = await api("/api/tables", { method: "POST", body: {
      game: game.id, players, seats, options, mode: data.get("mode"), rated: data.get("rated") === "1",
      absent_policy: data.get("absent_policy"), spectator_chat: data.get("spectator_chat") === "on" } });
    if (table.seats.every((s) => s.kind === "bot" || s.user_id)) {
      await api(`/api/tables/${table.id}/start`, { method: "POST" });
    }
    location.href = `/web/table.html?id=${encodeURIComponent(table.id)}`;
  } catch (e) {
    toast(e.message);
  }
}

async function joinByCode(ev) {
  ev.preventDefault();
  const raw = document.getElementById("invite").value.trim();
  let id = document.getElementById("invite-table").value.trim();
  let code = raw;
  try {
    const url = new URL(raw);
    id = url.searchParams.get("id") || id;
    code = url.searchParams.get("invite") || "";
  } catch { /* a bare code */ }
  if (!id) return toast(t("lobby.join_need_table"));
  try {
    await ensureUser(document.getElementById("name").value);
    await api(`/api/tables/${encodeURIComponent(id)}/join`, { method: "POST", body: { invite_code: code || undefined } });
    location.href = `/web/table.html?id=${encodeURIComponent(id)}`;
  } catch (e) {
    toast(e.message);
  }
}

async function drawTables() {
  const box = clear(document.getElementById("tables"));
  let tables = [];
  try {
    tables = await api("/api/tables");
  } catch (e) {
    box.append(el("p", { class: "error", text: e.message }));
    return;
  }
  if (!tables.length) {
    box.append(el("p", { class: "muted", text: t("lobby.no_tables") }));
    return;
  }
  const byId = new Map(L.games.map((g) => [g.id, g]));
  const ul = el("ul", { class: "table-list" });
  for (const tb of tables) {
    const free = tb.seats.filter((s) => s.kind === "open").length;
    ul.append(el("li", {}, el("a", { href: `/web/table.html?id=${tb.id}`, text: `${gameTitle(byId.get(tb.game) || { id: tb.game })} · ${t("lobby.n_players", { n: tb.players })}` }),
      " ", el("span", { class: "muted", text: t("lobby.free_seats", { n: free }) })));
  }
  box.append(ul);
}

async function drawMine() {
  const box = clear(document.getElementById("mine"));
  const user = await me();
  if (!user) {
    box.append(el("p", { class: "muted", text: t("lobby.no_games") }));
    return;
  }
  // Unfinished tables first, those waiting for you marked (the header's badge counts them).
  const current = await api("/api/me/tables").catch(() => []);
  const byGame = new Map(L.games.map((g) => [g.id, g]));
  if (current.length) {
    box.append(el("h3", { text: t("lobby.your_tables") }), el("ul", { class: "my-tables" }, current.map((x) => el("li", { "data-table": x.id },
      el("a", { href: `/web/table.html?id=${x.id}`, text: gameTitle(byGame.get(x.game) || { id: x.game }) }),
      x.your_turn ? el("strong", { text: ` · ${t("lobby.table_turn")}` }) : "",
      x.invited ? ` · ${t("lobby.table_invited")}` : x.status === "open" ? ` · ${t("lobby.table_open")}` : "",
      x.deadline ? ` · ${t("deadline.move_by")} ${new Date(x.deadline).toLocaleString()}` : ""))));
  }
  const games = await api(`/api/users/${user.id}/games?limit=10`).catch(() => []);
  if (!games.length) {
    box.append(el("p", { class: "muted", text: t("lobby.no_games") }));
    return;
  }
  const byId = new Map(L.games.map((g) => [g.id, g]));
  box.append(el("ul", {}, games.map((g) => el("li", {},
    el("a", { href: `/web/replay.html?id=${g.table_id}`, text: gameTitle(byId.get(g.game) || { id: g.game }) }),
    ` · ${t("lobby.result", { score: g.score ?? "–", rank: g.rank ?? "–" })}`))));
}

main();
