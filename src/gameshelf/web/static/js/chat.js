// The table's chat: lines arrive over the table's WebSocket ({type: "chat"}), the history from
// GET /api/tables/{id}/chat. Every line is shown with textContent (never as markup). A line the
// server refuses stays in the input, so nothing typed is lost. Muting is this browser's own choice
// (localStorage "gs.muted": the muted players' user ids): the server still sends every line to
// everyone, a mute only hides that player's lines on this device.
import { api, clear, el, t } from "./common.js";

const MAX = 500;
const C = { box: null, log: null, input: null, seen: new Set(), lines: [], send: null, me: null, canWrite: false, pending: null };

function muted() {
  try {
    return new Set(JSON.parse(localStorage.getItem("gs.muted") || "[]"));
  } catch {
    return new Set();
  }
}

function setMuted(ids) {
  localStorage.setItem("gs.muted", JSON.stringify([...ids]));
}

// Mount the chat card into `parent`; `send(body)` writes on the table's socket.
export async function mountChat(parent, { tableId, send, me, seated, spectatorChat }) {
  C.send = send;
  C.me = me;
  C.canWrite = !!me && (seated || spectatorChat);
  if (!C.box) {
    C.log = el("ol", { id: "chat-log", class: "chat-log", "aria-live": "polite", "aria-label": t("chat.heading") });
    C.box = el("section", { class: "card chat-card", id: "chat", "aria-labelledby": "chat-h" });
    parent.append(C.box);
  }
  draw();
  try {
    const history = await api(`/api/tables/${encodeURIComponent(tableId)}/chat`);
    for (const line of history) add(line, false);
    drawLines();
  } catch { /* the live lines still come */ }
}

function draw() {
  const input = el("input", { id: "chat-input", maxlength: String(MAX * 2), autocomplete: "off", "aria-describedby": "chat-count", "data-i18n-placeholder": "chat.placeholder", placeholder: t("chat.placeholder") });
  if (C.input) input.value = C.input.value;
  C.input = input;
  const count = el("span", { id: "chat-count", class: "chat-count", "aria-live": "off" });
  const update = () => {
    const n = [...input.value].length;
    count.textContent = t("chat.count", { n, max: MAX });
    count.classList.toggle("over", n > MAX);
  };
  input.addEventListener("input", update);
  update();
  const form = el("form", { class: "chat-form", id: "chat-form" },
    el("label", { for: "chat-input", class: "visually-hidden", text: t("chat.label") }), input,
    el("button", { type: "submit", text: t("chat.send") }), count);
  form.addEventListener("submit", (ev) => {
    ev.preventDefault();
    const text = input.value;
    if (!text.trim()) return;
    C.pending = text;
    C.send({ type: "chat", text });
  });
  clear(C.box).append(el("h2", { id: "chat-h", text: t("chat.heading") }), C.log,
    C.canWrite ? form : el("p", { class: "muted", text: C.me ? t("chat.read_only") : t("chat.sign_in") }),
    el("p", { class: "muted small", text: t("chat.muted_note") }));
  drawLines();
}

function add(line, fresh = true) {
  if (C.seen.has(line.id)) return;
  C.seen.add(line.id);
  C.lines.push(line);
  if (fresh && C.me && line.user_id === C.me.id && C.input && C.input.value === C.pending) {
    C.input.value = ""; // the server took it: only now is the input cleared
    C.input.dispatchEvent(new Event("input"));
    C.pending = null;
  }
}

// A chat message from the table's socket: appended (the live region reads only the new line).
export function chatReceive(m) {
  if (!C.box || C.seen.has(m.id)) return;
  add(m);
  if (muted().has(m.user_id)) return;
  C.log.querySelector("li.muted")?.remove();
  C.log.append(lineRow(m));
  C.log.scrollTop = C.log.scrollHeight;
}

function drawLines() {
  if (!C.log) return;
  const hide = muted();
  clear(C.log);
  C.lines.sort((x, y) => x.id - y.id); // a live line may have come before the history
  const shown = C.lines.filter((l) => !hide.has(l.user_id));
  if (!shown.length) C.log.append(el("li", { class: "muted", text: t("chat.empty_history") }));
  for (const line of shown) C.log.append(lineRow(line));
  C.log.scrollTop = C.log.scrollHeight;
  drawMuted();
}

// One line: who, the text (as text, never markup), when, and a Mute button for others' lines.
function lineRow(line) {
  const when = new Date(line.at);
  const row = el("li", { "data-chat-id": line.id },
    el("span", { class: "who", text: line.name }),
    el("span", { class: "text", text: line.text }),
    el("time", { class: "when", datetime: line.at, text: when.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" }) }));
  if (C.me && line.user_id !== C.me.id) {
    row.append(el("button", { type: "button", class: "mute", "aria-label": t("chat.mute", { name: line.name }), text: t("chat.mute_short"),
      onclick: () => { const ids = muted(); ids.add(line.user_id); setMuted(ids); drawLines(); } }));
  }
  return row;
}

// Muted players, each with a button to hear them again.
function drawMuted() {
  const hide = muted();
  let box = C.box.querySelector(".chat-muted");
  if (!box) {
    box = el("p", { class: "chat-muted" });
    C.box.append(box);
  }
  clear(box);
  const names = new Map(C.lines.map((l) => [l.user_id, l.name]));
  for (const id of hide) {
    if (!names.has(id)) continue;
    box.append(el("button", { type: "button", class: "mute", text: t("chat.unmute", { name: names.get(id) }),
      onclick: () => { const ids = muted(); ids.delete(id); setMuted(ids); drawLines(); } }), " ");
  }
}

// The server refused a line (too long, too fast ...): the text stays in the input.
export function chatRefused() {
  C.pending = null;
  if (C.input) C.input.focus();
}

// The reader has just taken a seat (and so signed in): they may write now.
export function chatSeated(me) {
  C.me = me;
  C.canWrite = true;
  if (C.box) draw();
}

export function chatRelang() {
  if (C.box) draw();
}
