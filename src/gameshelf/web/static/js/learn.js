// The guided first game: each step is a real position from the engine; the learner plays through
// the server, which answers whether the move is the step's (or why not), then a real game against
// the easy bot at a normal table.
import { api, el, ensureUser, gameTitle, header, loadLang, t, toast, translate } from "./common.js";
import { chooser, drawActions, drawGamePicker, drawNav, drawPosition, loadGame, pageGame, unavailable } from "./learn_shared.js";

const id = pageGame();
const L = { G: null, info: null, step: 1, pos: null, busy: false, shown: false };

async function main() {
  await loadLang();
  translate(document);
  await header(relang);
  if (!id) return drawGamePicker("learn");
  try {
    L.G = await loadGame(id);
  } catch (e) {
    drawNav(id, "learn");
    return unavailable(e.message);
  }
  document.getElementById("show-me").onclick = showMe;
  document.getElementById("play-easy").onclick = playEasy;
  await relang();
}

async function relang() {
  translate(document);
  if (!id) return drawGamePicker("learn");
  drawNav(id, "learn");
  document.getElementById("title").textContent = `${gameTitle(L.G.game)} · ${t("learn.heading")}`;
  try {
    L.info = await api(`/api/learn/${id}`);
  } catch (e) {
    return unavailable(e.message);
  }
  document.getElementById("intro").textContent = L.info.intro;
  document.getElementById("outro").textContent = L.info.outro;
  await load(L.step, false);
}

async function load(n, keepFeedback) {
  try {
    L.pos = await api(`/api/learn/${id}/steps/${n}`);
  } catch (e) {
    return toast(e.message);
  }
  L.step = n;
  L.shown = false;
  document.body.dataset.step = n;
  document.getElementById("step-h").textContent = t("learn.step", { n, total: L.pos.steps });
  document.getElementById("step-rule").textContent = t("learn.rule", { rule: L.pos.rule });
  document.getElementById("step-text").textContent = L.pos.text;
  document.getElementById("step-do").textContent = L.pos.do;
  document.getElementById("show-me").hidden = L.pos.any;
  if (!keepFeedback) feedback("", "");
  draw();
}

function draw() {
  const act = (action) => move(action);
  drawPosition(document.getElementById("board"), L.G, L.pos, chooser(act));
  drawActions(document.getElementById("actions"), L.pos.legal, act, L.shown ? L.pos.move : null);
}

function feedback(text, kind) {
  const box = document.getElementById("feedback");
  box.textContent = text;
  box.className = `feedback ${kind}`;
}

function showMe() {
  L.shown = true;
  draw();
  document.querySelector("#actions button.intended")?.focus();
}

async function move(action) {
  if (L.busy) return;
  L.busy = true;
  try {
    const answer = await api(`/api/learn/${id}/steps/${L.step}`, { method: "POST", body: { move: action } });
    feedback(answer.message, answer.ok ? "ok" : "no");
    if (answer.finished) finish();
    else if (answer.ok) await load(answer.next, true);
  } catch (e) {
    toast(e.message);
  } finally {
    L.busy = false;
  }
}

function finish() {
  document.body.dataset.finished = "1";
  document.getElementById("finish").hidden = false;
  document.getElementById("show-me").hidden = true;
  document.getElementById("actions").replaceChildren(el("p", { class: "muted", text: t("learn.done") }));
  document.getElementById("play-easy").focus();
}

// The real game: a normal table, the learner against the easy bot (the server keeps its seed).
async function playEasy() {
  try {
    await ensureUser();
    const table = await api("/api/tables", { method: "POST", body: { game: id, players: 2, seats: [{ kind: "me" }, { kind: "bot", level: "easy" }] } });
    await api(`/api/tables/${table.id}/start`, { method: "POST" });
    location.href = `/web/table.html?id=${encodeURIComponent(table.id)}`;
  } catch (e) {
    toast(e.message);
  }
}

main().catch((e) => toast(e.message));
