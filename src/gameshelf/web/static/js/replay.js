// The replay viewer: any finished game, step by step, from any seat's point of view or the spectator's.
import { api, clear, el, gameData, gameTitle, header, lang, loadLang, param, seatName, t, term, toast, translate } from "./common.js";
import { renderBoard, scoreSheet } from "./board.js";

const tableId = param("id");
const R = { ply: 0, plies: 0, seat: null, detail: null, game: null, data: null, renderer: null, last: null };

async function main() {
  await loadLang();
  translate(document);
  await header(() => show(R.ply));
  if (!tableId) return toast(t("table.missing"));
  try {
    R.detail = await api(`/api/tables/${encodeURIComponent(tableId)}`);
  } catch (e) {
    return toast(e.message);
  }
  R.game = await api(`/api/games/${R.detail.game}`);
  R.data = await gameData(R.detail.game);
  R.renderer = await import(`./games/${R.detail.game}.js`).catch(() => import("./games/generic.js"));
  const seat = document.getElementById("pov");
  seat.append(el("option", { value: "", text: t("replay.spectator") }));
  R.detail.seats.forEach((s, i) => seat.append(el("option", { value: i, text: `${i + 1}: ${seatName(s, i)}` })));
  seat.addEventListener("change", () => { R.seat = seat.value === "" ? null : Number(seat.value); show(R.ply); });
  document.getElementById("first").onclick = () => show(0);
  document.getElementById("prev").onclick = () => show(Math.max(0, R.ply - 1));
  document.getElementById("next").onclick = () => show(Math.min(R.plies, R.ply + 1));
  document.getElementById("last").onclick = () => show(R.plies);
  const slider = document.getElementById("ply");
  slider.addEventListener("input", () => show(Number(slider.value)));
  document.addEventListener("keydown", (ev) => {
    if (ev.target.tagName === "SELECT" || ev.target.tagName === "INPUT") return;
    if (ev.key === "ArrowLeft") show(Math.max(0, R.ply - 1));
    if (ev.key === "ArrowRight") show(Math.min(R.plies, R.ply + 1));
  });
  const p = Number(param("ply"));
  await show(Number.isFinite(p) && p > 0 ? p : 0);
}

async function show(ply) {
  let data;
  try {
    const q = new URLSearchParams({ ply, lang });
    if (R.seat !== null) q.set("seat", R.seat);
    data = await api(`/web/replay/${encodeURIComponent(tableId)}?${q}`);
  } catch (e) {
    return toast(e.message);
  }
  R.ply = data.ply;
  R.plies = data.plies;
  document.body.dataset.ply = data.ply;
  document.getElementById("title").textContent = `${gameTitle(R.game)} · ${t("replay.heading")}`;
  const slider = document.getElementById("ply");
  slider.max = data.plies;
  slider.value = data.ply;
  document.getElementById("where").textContent = t("replay.position", { ply: data.ply, plies: data.plies });
  document.getElementById("last-action").textContent = data.log.length ? data.log[data.log.length - 1] : "";
  const names = R.detail.seats.map((s, i) => seatName(s, i));
  renderBoard(document.getElementById("board"), R.renderer, {
    view: data.view, seat: data.seat, players: data.players, names, data: R.data, lang, t,
    term: (k) => term(R.data, k), decision: data.decision, over: data.over,
  });
  const log = clear(document.getElementById("log"));
  for (const line of data.log) log.append(el("li", { text: line }));
  log.scrollTop = log.scrollHeight;
  const sheet = clear(document.getElementById("sheet"));
  sheet.hidden = !data.outcome;
  if (data.outcome) sheet.append(scoreSheet(data.outcome, names, R.data, R.detail.game));
}

main();
