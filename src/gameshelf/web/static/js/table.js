// The table page: seats before the start, then the board, the decision, the actions, the log, the
// scores, the clocks and the final score sheet. Game-agnostic: a game's module only draws its view;
// every rule (legality, targets, prompts) comes from the server.
import {
  api, clear, el, ensureUser, gameData, gameTitle, header, lang, loadLang, localizeNames, me, param, seatBadge, seatName,
  t, term, toast, token, translate,
} from "./common.js";
import { renderBoard, scoreSheet, clockText, decorateTargets } from "./board.js";
import { chatReceive, chatRefused, chatRelang, chatSeated, mountChat } from "./chat.js";
import { acceptRematch, deadlineLine, rematchBox, resignedMark, tableTools } from "./tabletools.js";
import { changedIds, loadLook, markChanged, saveLook, signatures } from "./changes.js";
import { autoForced, autoForcedToggle } from "./prefs.js";

const tableId = param("id");
const S = {
  detail: null, game: null, data: null, renderer: null, msg: null, log: [], stateId: null,
  ws: null, busy: false, user: null, closed: false, polling: false,
  undo: null, // the server's undo status for this state: {state_id, allowed, reason, step}
  hint: null, // the hint asked for this state: {state_id, thinking} or {state_id, hints}
  // What changed since you looked (changes.js): the look after this seat's last move {log, sigs},
  // the board's signatures as drawn now, and the state id this seat last acted at (null: none pending).
  look: undefined, sigs: {}, sentAt: null, preLook: null,
  skipAuto: null, // a state id where a forced action is not played for you (you just took it back)
  refocus: false, // the keyboard's focus went with a redrawn control: give it to the next decision
};
const POLL_MS = 2000;
let markReady;
const ready = new Promise((resolve) => { markReady = resolve; }); // the page can draw a state

// Interactive within 1 s (bench/bench_web.py): everything that does not depend on something else
// is asked for at once (the socket too; its first state waits for `ready`), then the game's
// description, data and drawing module together.
async function main() {
  if (!tableId) {
    await loadLang();
    translate(document);
    await header(relang);
    return fail(t("table.missing"));
  }
  connect();
  const [, user, detail] = await Promise.all([
    loadLang(), me(), api(`/api/tables/${encodeURIComponent(tableId)}`).catch((e) => e)]);
  translate(document);
  const top = header(relang);
  S.user = user;
  if (detail instanceof Error) {
    S.closed = true;
    if (S.ws) S.ws.close();
    await top;
    return fail(detail.message);
  }
  S.detail = detail;
  [S.game, S.data, S.renderer] = await Promise.all([
    api(`/api/games/${detail.game}`), gameData(detail.game),
    import(`./games/${detail.game}.js`).catch(() => import("./games/generic.js"))]);
  drawTitle();
  drawSeats();
  markReady();
  mountChat(document.querySelector(".side"), { tableId, send, me: user, seated: !!(user && detail.seats.some((s) => s.user_id === user.id)), spectatorChat: detail.spectator_chat });
  await top;
  setInterval(tick, 1000);
  setInterval(pollOpen, POLL_MS);
  document.addEventListener("visibilitychange", pollOpen);
}

// While the table is open, seats fill through other people's requests. The server pushes nothing
// to a table that has not started (its WebSocket speaks once the game starts), so the page asks
// for the table (one small GET) every POLL_MS while it is open and the tab is visible.
async function pollOpen() {
  if (!S.detail || S.detail.status !== "open" || document.hidden || S.polling) return;
  S.polling = true;
  try {
    const detail = await api(`/api/tables/${tableId}`);
    if (JSON.stringify(detail.seats) !== JSON.stringify(S.detail.seats) || detail.status !== S.detail.status) {
      S.detail = detail;
      drawSeats();
      if (detail.status !== "open") setTimeout(() => { if (!S.msg) reconnect(); }, 400);
    }
  } catch { /* the next look */ } finally {
    S.polling = false;
  }
}

function fail(message) {
  clear(document.getElementById("status")).append(el("p", { class: "error", role: "alert", text: message }));
}

async function relang() {
  S.hint = null; // its labels are in the other language
  S.game = await api(`/api/games/${S.detail.game}`);
  chatRelang();
  drawTitle();
  drawSeats();
  if (S.ws) {
    S.ws.onclose = null;
    S.ws.close();
  }
  S.msg = null;
  connect();
}

function drawTitle() {
  const h = document.getElementById("title");
  h.textContent = `${gameTitle(S.game)} · ${t("table.heading", { id: S.detail.id })} `;
  h.append(el("a", { href: `/web/rules.html?game=${S.detail.game}`, class: "rules-link", target: "_blank", rel: "noopener", text: t("rules.link") }));
  document.title = `${gameTitle(S.game)} — gameshelf`;
}

// ---- seats (before the start and always in the players' panel) ---------------------------------
function names() {
  return S.detail.seats.map((s, i) => seatName(s, i));
}

function drawSeats() {
  const panel = document.getElementById("seats-panel");
  const typed = document.getElementById("guest-name");
  const typing = typed && document.activeElement === typed;
  clear(panel);
  const d = S.detail;
  document.body.dataset.open = d.status === "open" ? "1" : "0";
  if (d.status !== "open") {
    panel.hidden = true;
    return;
  }
  panel.hidden = false;
  const mine = S.user && d.seats.some((s) => s.user_id === S.user.id);
  const invite = param("invite");
  const list = el("ul", { class: "seat-list" });
  d.seats.forEach((s, i) => {
    const row = el("li", {}, seatBadge(i), " ", el("span", { text: seatName(s, i) }));
    if (s.invite_code && (s.kind === "open" || s.kind === "invited")) {
      const link = `${location.origin}/web/table.html?id=${d.id}&invite=${s.invite_code}`;
      row.append(" ", el("span", { class: "muted", text: t("seats.invite_link") }), " ",
        el("input", { class: "invite", readonly: true, value: link, "aria-label": t("seats.invite_link"), size: 30 }));
    }
    if (!mine && (s.kind === "open" || (s.kind === "invited" && invite))) {
      row.append(" ", el("button", { class: "join", "data-seat": i, onclick: () => join(i), text: t("seats.take") }));
    }
    if (S.user && s.kind === "invited" && s.user_id === S.user.id && d.rematch_of) row.append(" ", acceptRematch(d));
    list.append(row);
  });
  const full = d.seats.every((s) => s.kind === "bot" || s.kind === "human");
  const owner = S.user && S.user.id === d.owner_id;
  panel.append(el("h2", { text: t("seats.heading") }), list,
    el("p", { class: "muted", id: "seats-live", text: t("table.seats_live") }));
  if (!mine) {
    const input = el("input", { id: "guest-name", value: typed ? typed.value : S.user?.name || "", autocomplete: "nickname" });
    panel.append(el("label", { for: "guest-name", text: t("lobby.name") }), " ", input);
    if (typing) input.focus();
  }
  if (owner) {
    panel.append(el("p", {}, el("button", { id: "start", disabled: !full, onclick: start, text: t("seats.start") }),
      full ? null : el("span", { class: "muted", text: ` ${t("seats.waiting")}` })));
  } else {
    panel.append(el("p", { class: "muted", text: t("seats.owner_starts") }));
  }
}

async function join(seat) {
  try {
    const name = document.getElementById("guest-name")?.value;
    S.user = await ensureUser(name);
    S.detail = await api(`/api/tables/${tableId}/join`, { method: "POST", body: { seat, invite_code: param("invite") || undefined } });
    drawSeats();
    reconnect();
    chatSeated(S.user);
    header(relang); // now signed in: "my page" and the "your turn" badge
  } catch (e) {
    toast(e.message);
  }
}

async function start() {
  try {
    S.detail = await api(`/api/tables/${tableId}/start`, { method: "POST" });
    drawSeats();
    // A connection opened before the start may not be sent the first snapshot: ask again.
    setTimeout(() => { if (!S.msg) reconnect(); }, 400);
  } catch (e) {
    toast(e.message);
  }
}

// ---- the WebSocket ----------------------------------------------------------------------------
function connect() {
  if (S.closed) return; // no such table
  const q = new URLSearchParams({ lang });
  if (S.stateId !== null && S.msg) q.set("last_state_id", S.stateId);
  const proto = location.protocol === "https:" ? "wss" : "ws";
  // The token travels in the Sec-WebSocket-Protocol header, never in the URL (servers and proxies log URLs).
  const protocols = token() ? ["gameshelf", `gameshelf.token.${token()}`] : ["gameshelf"];
  const ws = new WebSocket(`${proto}://${location.host}/ws/tables/${encodeURIComponent(tableId)}?${q}`, protocols);
  S.ws = ws;
  ws.onmessage = (ev) => receive(JSON.parse(ev.data));
  ws.onclose = () => {
    if (S.ws === ws && !S.closed) setTimeout(connect, 1000);
  };
}

function reconnect() {
  if (S.ws) {
    S.ws.onclose = null;
    S.ws.close();
  }
  S.msg = null;
  S.stateId = null;
  connect();
}

function send(body) {
  if (S.ws && S.ws.readyState === WebSocket.OPEN) S.ws.send(JSON.stringify(body));
}

async function receive(m) {
  await ready;
  if (m.type === "chat") return chatReceive(m);
  if (m.type === "error") {
    if (String(m.code).startsWith("chat.")) chatRefused();
    S.busy = false;
    document.body.dataset.busy = "0";
    toast(m.reason || m.message);
    if (m.code === "undo.refused") refreshUndo();
    // Stale, or the server was busy (an action may or may not have been taken): catch up.
    if ((m.code === "action.stale" || m.code === "server.busy") && S.stateId !== null) send({ type: "resume", state_id: S.stateId });
    drawActions();
    return;
  }
  if (m.type === "heartbeat") {
    // The store's state id, every few seconds: a page that missed an update asks for what it missed.
    if (m.state_id === null || m.state_id === undefined) return; // not started
    if (!S.msg) reconnect(); // started, but this page never had its snapshot
    else if (m.state_id > S.stateId) send({ type: "resume", state_id: S.stateId });
    return;
  }
  if (m.type === "table") {
    // The socket's seats are everyone's: they never carry the invite codes only the creator sees.
    if (m.seats) S.detail.seats = m.seats.map((s, i) => ({ ...S.detail.seats[i], ...s, invite_code: S.detail.seats[i]?.invite_code }));
    if (m.status && m.status !== S.detail.status) {
      S.detail = await api(`/api/tables/${tableId}`);
      drawSeats();
    } else if (m.seats) {
      drawSeats();
    }
    if (S.msg) {
      S.msg.clock = m.clock;
      S.msg.zombies = m.zombies;
      if (m.resigned) S.msg.resigned = m.resigned;
      drawStatus();
      drawPlayers();
    }
    return;
  }
  if (m.type !== "snapshot" && m.type !== "update") return;
  if (m.type === "update" && m.prev_state_id !== S.stateId) {
    send({ type: "resume", state_id: S.stateId ?? 0 });
    return;
  }
  if (S.detail.status === "open") {
    S.detail = await api(`/api/tables/${tableId}`);
    drawSeats();
  }
  S.log = m.type === "snapshot" ? m.log : S.log.slice(0, m.log_from).concat(m.log);
  S.msg = m;
  S.stateId = m.state_id;
  S.busy = false;
  if (m.over && S.detail.status !== "over") S.detail = await api(`/api/tables/${tableId}`);
  if (S.undo && S.undo.state_id !== m.state_id) S.undo = null;
  if (S.hint && S.hint.state_id !== m.state_id) S.hint = null;
  if (S.look === undefined && seated()) S.look = loadLook(tableId, m.seat);
  draw();
  refreshUndo();
  playForced();
}

// A decision with a single legal action that reveals nothing new (the server's ``forced``) is
// played for the person, unless they turned that off, or just took that very action back.
function playForced() {
  const m = S.msg;
  if (!myTurn() || !m.forced || m.legal.length !== 1 || !autoForced() || S.skipAuto === m.state_id || S.busy) return;
  const note = document.getElementById("forced-note");
  if (note) note.textContent = t("actions.forced_played", { label: m.legal[0].label });
  act(m.legal[0].action, true);
}

// The look this seat's next turn compares with: the board right after its own move (or, when the
// others' moves came in the same message, the board before it).
function rememberLook() {
  const m = S.msg;
  if (S.sentAt === null || m.state_id <= S.sentAt || !seated()) return;
  S.look = m.state_id === S.sentAt + 1 ? { log: S.log.length, sigs: S.sigs } : S.preLook;
  S.sentAt = null;
  saveLook(tableId, m.seat, S.look);
}

function act(action, forced = false) {
  if (S.busy || !S.msg) return;
  S.busy = true;
  document.body.dataset.busy = "1";
  closeChooser();
  if (!forced) {
    const note = document.getElementById("forced-note");
    if (note) note.textContent = "";
  }
  S.sentAt = S.stateId;
  S.preLook = { log: S.log.length, sigs: S.sigs };
  send({ action, state_id: S.stateId });
}

function undo() {
  if (S.busy || !S.msg) return;
  S.busy = true;
  document.body.dataset.busy = "1";
  S.undo = null;
  drawUndo();
  S.sentAt = S.stateId; // the position after the undo is the new look
  S.preLook = { log: S.log.length, sigs: S.sigs };
  S.skipAuto = S.stateId + 1; // never replay at once the forced action just taken back
  send({ type: "undo", state_id: S.stateId });
}

// ---- undo status and hints (REST: server/hints.py) -----------------------------------------
function seated() {
  return !!(S.msg && S.msg.seat !== null && S.msg.seat !== undefined);
}

// Ask whether this seat may take its last action back now, and if not why (once per state).
async function refreshUndo() {
  const sid = S.stateId;
  if (!seated() || S.msg.over) {
    S.undo = null;
    drawUndo();
    return;
  }
  try {
    const status = await api(`/api/tables/${encodeURIComponent(tableId)}/undo?state_id=${sid}`);
    if (S.stateId !== sid) return;
    S.undo = status;
  } catch {
    if (S.stateId !== sid) return;
    S.undo = null;
  }
  drawUndo();
}

function hasBots() {
  return S.detail.seats.some((s) => s.kind === "bot");
}

async function askHint() {
  const sid = S.stateId;
  if (!myTurn() || (S.hint && S.hint.state_id === sid)) return;
  S.hint = { state_id: sid, thinking: true };
  drawHint();
  try {
    const found = await api(`/api/tables/${encodeURIComponent(tableId)}/hint?state_id=${sid}`);
    if (S.stateId !== sid) return;
    S.hint = found;
  } catch (e) {
    if (S.stateId !== sid) return;
    S.hint = null;
    toast(e.message);
  }
  drawHint();
}

const localize = (text) => (S.detail ? localizeNames(text, S.detail.seats) : text);

// ---- drawing ----------------------------------------------------------------------------------
function myTurn() {
  const m = S.msg;
  return !!(m && !m.over && m.seat !== null && m.decision && m.decision.seat === m.seat && m.legal.length);
}

// Keyboard play: when the control that had the focus (an action, a board target, a choice) is
// redrawn away, the focus goes to the first action, so a keyboard user never restarts from the top.
const PLAY_AREAS = "#actions, #board, #chooser, #hint-box";

// While no action is drawn (the others play), the page waits with S.refocus for the next decision.
function keepFocus(before, inPlay) {
  const lost = before && inPlay && !document.contains(before);
  if (!lost && !(S.refocus && document.activeElement === document.body)) return;
  const next = document.querySelector("#actions button.action") || document.querySelector("#board .item.target");
  S.refocus = !next;
  if (next) next.focus({ preventScroll: true });
}

function draw() {
  const focused = document.activeElement;
  const inPlay = !!focused?.closest?.(PLAY_AREAS);
  const m = S.msg;
  document.body.dataset.stateId = m.state_id;
  document.body.dataset.myTurn = myTurn() ? "1" : "0";
  document.body.dataset.over = m.over ? "1" : "0";
  document.body.dataset.busy = "0";
  document.body.dataset.seat = m.seat ?? "";
  drawStatus();
  drawBoard();
  drawActions();
  drawPlayers();
  drawLog();
  drawSheet();
  drawPrefs();
  keepFocus(focused, inPlay);
}

// The preferences under the actions, once this seat plays (drawn once: a redraw would take focus).
function drawPrefs() {
  const slot = document.getElementById("prefs-slot");
  if (!slot || slot.firstChild || !seated()) return;
  slot.append(autoForcedToggle((on) => { if (on) playForced(); }));
}

function drawStatus() {
  const m = S.msg;
  const box = clear(document.getElementById("status"));
  const nm = names();
  if (m.over) {
    box.append(el("p", { class: "turn", text: t("status.over") }));
    return;
  }
  const d = m.decision;
  if (!d) return;
  const mine = myTurn();
  box.append(el("p", { class: `turn ${mine ? "mine" : ""}` }, seatBadge(d.seat), " ",
    mine ? t("status.your_turn") : t("status.waiting", { name: nm[d.seat] ?? d.seat + 1 })));
  if (mine && d.prompt) box.append(el("p", { class: "prompt", id: "prompt", text: localize(d.prompt) }));
  box.append(el("div", { id: "undo-slot", class: "undo-slot" }));
  if (m.zombies && m.zombies[d.seat]) box.append(el("p", { class: "muted", text: t("status.zombie") }));
  const clock = clockText(m.clock, d.seat);
  if (clock) box.append(el("p", { class: "clock", id: "clock", text: clock }));
  if (m.seat !== null && m.zombies && m.zombies[m.seat]) {
    box.append(el("button", { onclick: () => send({ type: "reclaim" }), text: t("status.reclaim") }));
  }
  const due = deadlineLine(m);
  if (due) box.append(due);
  box.append(tableTools({ tableId, msg: m, detail: S.detail }));
  drawUndo();
}

// The Back / Undo button beside the prompt when the server allows it, and in the actions card a
// line saying whether undo is possible now and why not.
function drawUndo() {
  const slot = document.getElementById("undo-slot");
  const line = document.getElementById("undo-status");
  const u = S.msg && S.undo && S.undo.state_id === S.stateId ? S.undo : null;
  if (slot) {
    clear(slot);
    if (u && u.allowed) {
      slot.append(el("button", { id: "undo", class: `undo ${u.step ? "back" : ""}`, onclick: undo,
        text: u.step ? t("undo.back") : t("actions.undo") }),
      " ", el("span", { class: "muted", text: u.step ? t("undo.back_help") : t("undo.allowed") }));
    }
  }
  if (line) {
    line.hidden = !u || u.allowed;
    line.textContent = u && !u.allowed ? t(u.reason || "undo.nothing") : "";
  }
}

// The hint button (tables with a bot, on this seat's decision) and the hint once it came.
function drawHint() {
  const box = clear(document.getElementById("hint-box"));
  if (!S.msg || !hasBots() || !myTurn()) return;
  const h = S.hint && S.hint.state_id === S.stateId ? S.hint : null;
  box.append(el("button", { id: "hint", class: "hint-button", onclick: askHint, disabled: !!h, text: t("hint.button") }));
  if (h && h.thinking) box.append(" ", el("span", { class: "muted", role: "status", text: t("hint.thinking") }));
  if (h && h.hints) {
    const list = el("ol", { class: "hint-list", id: "hint-list", "aria-label": t("hint.heading") });
    for (const x of h.hints) {
      list.append(el("li", {}, el("button", { class: "hint-choice", "data-action": x.action, onclick: () => act(x.action) },
        el("span", { text: x.label }), " ", el("span", { class: "hint-value", text: t("hint.value", { value: x.value.toFixed(2) }) }))));
    }
    box.append(el("p", { class: "hint-heading", text: t("hint.heading") }), list,
      el("p", { class: "muted small", id: "hint-help", text: t("hint.help") }));
  }
}

function tick() {
  const node = document.getElementById("clock");
  if (node && S.msg && S.msg.decision) node.textContent = clockText(S.msg.clock, S.msg.decision.seat);
}

function ctx() {
  const m = S.msg;
  return {
    view: m.view, seat: m.seat, players: S.detail.players, names: names(), data: S.data, lang, t,
    term: (k) => term(S.data, k), decision: m.decision, over: m.over, outcome: m.outcome,
  };
}

function drawBoard() {
  const board = document.getElementById("board");
  renderBoard(board, S.renderer, ctx());
  const m = S.msg;
  S.sigs = signatures(board);
  rememberLook();
  if (myTurn() && S.look) markChanged(board, changedIds(S.look.sigs, S.sigs), t("targets.changed"));
  const targets = myTurn() && m.decision.targets ? m.decision.targets : {};
  decorateTargets(board, targets, m.legal, choose);
}

// A click on a board element: the legal actions that target it; one is played, several are offered.
function choose(actions, anchorLabel) {
  if (actions.length === 1) return act(actions[0].action);
  const box = document.getElementById("chooser");
  clear(box);
  box.hidden = false;
  box.append(el("p", { class: "chooser-title", text: t("chooser.title", { what: anchorLabel }) }));
  const list = el("div", { class: "chooser-list" });
  for (const a of actions) list.append(el("button", { class: "choice", "data-action": a.action, onclick: () => act(a.action), text: a.label }));
  box.append(list, el("button", { class: "cancel", onclick: closeChooser, text: t("chooser.cancel") }));
  box.querySelector("button")?.focus();
}

function closeChooser() {
  const box = document.getElementById("chooser");
  box.hidden = true;
  clear(box);
}

document.addEventListener("keydown", (ev) => {
  if (ev.key === "Escape") closeChooser();
});

function drawActions() {
  const m = S.msg;
  const panel = clear(document.getElementById("actions"));
  if (!m) return;
  drawHint();
  if (!myTurn()) {
    panel.append(el("p", { class: "muted", text: m.seat === null ? t("actions.spectating") : t("actions.none") }));
    return;
  }
  const ul = el("ul", { class: "action-list", "aria-label": t("actions.heading") });
  for (const a of m.legal) {
    ul.append(el("li", {}, el("button", { class: "action", "data-action": a.action, onclick: () => act(a.action), text: a.label })));
  }
  panel.append(ul);
}

function drawPlayers() {
  const m = S.msg;
  const box = clear(document.getElementById("players"));
  const scores = S.renderer.scores ? S.renderer.scores(m.view, S.detail.players) : null;
  const nm = names();
  const table = el("table", { class: "players" },
    el("thead", {}, el("tr", {}, el("th", { text: t("players.player") }), el("th", { text: t("players.score") }))));
  const body = el("tbody");
  for (let i = 0; i < S.detail.players; i++) {
    const turn = m.decision && m.decision.seat === i && !m.over;
    const score = m.outcome ? m.outcome.scores[i] : scores ? scores[i] : null;
    body.append(el("tr", { class: turn ? "to-act" : "", "aria-current": turn ? "true" : undefined },
      el("td", {}, seatBadge(i), " ", nm[i], i === m.seat ? ` ${t("players.you")}` : "",
        m.zombies && m.zombies[i] && !resignedMark(m, S.detail, i) ? ` ${t("players.zombie")}` : "", resignedMark(m, S.detail, i), turn ? ` ◀ ${t("players.turn")}` : ""),
      el("td", { class: "num", text: score ?? "–" })));
  }
  table.append(body);
  box.append(table);
}

// The log; the lines written since this seat's last move follow a marker and are highlighted.
function drawLog() {
  const ol = clear(document.getElementById("log"));
  const from = S.look && seated() && !S.msg.over ? Math.min(S.look.log, S.log.length) : S.log.length;
  S.log.forEach((line, i) => {
    if (i === from) ol.append(el("li", { class: "log-new-marker", text: t("log.new_count", { n: S.log.length - from }) }));
    ol.append(el("li", { class: i >= from ? "new" : "", text: localize(line) }));
  });
  ol.scrollTop = ol.scrollHeight;
  const marker = ol.querySelector(".log-new-marker"); // the first new line in sight, if they do not all fit
  const above = marker ? marker.getBoundingClientRect().top - ol.getBoundingClientRect().top : 0;
  if (above < 0) ol.scrollTop += above - 4;
}

function drawSheet() {
  const box = document.getElementById("sheet");
  const m = S.msg;
  if (!m.over || !m.outcome) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  clear(box).append(scoreSheet(m.outcome, names(), S.data, S.detail.game),
    el("p", {}, el("a", { href: `/web/replay.html?id=${tableId}`, text: t("sheet.replay") }), " · ",
      el("a", { href: "/web/", text: t("nav.lobby") })),
    rematchBox({ tableId, msg: m, detail: S.detail }));
}

main();
