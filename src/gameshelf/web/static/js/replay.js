// The replay viewer: any finished game, step by step, from any seat's point of view or the spectator's.
import { api, clear, el, ensureUser, gameData, gameTitle, header, lang, loadLang, localizeNames, param, seatBadge, seatName, t, term, toast, translate } from "./common.js";
import { renderBoard, scoreSheet } from "./board.js";

const tableId = param("id");
const R = { ply: 0, plies: 0, seat: null, detail: null, game: null, data: null, renderer: null, last: null, analysis: null };

async function main() {
  await loadLang();
  translate(document);
  await header(() => { show(R.ply); loadAnalysis(); }); // the analysis's labels come in the new language
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
  document.getElementById("analyse").onclick = startAnalysis;
  document.getElementById("analysis-flagged").addEventListener("change", showAnalysis);
  const p = Number(param("ply"));
  await show(Number.isFinite(p) && p > 0 ? p : 0);
  await loadAnalysis();
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
  const localize = (text) => localizeNames(text, R.detail.seats);
  document.getElementById("last-action").textContent = data.log.length ? localize(data.log[data.log.length - 1]) : "";
  const names = R.detail.seats.map((s, i) => seatName(s, i));
  renderBoard(document.getElementById("board"), R.renderer, {
    view: data.view, seat: data.seat, players: data.players, names, data: R.data, lang, t,
    term: (k) => term(R.data, k), decision: data.decision, over: data.over, outcome: data.outcome,
  });
  const log = clear(document.getElementById("log"));
  for (const line of data.log) log.append(el("li", { text: localize(line) }));
  log.scrollTop = log.scrollHeight;
  const sheet = clear(document.getElementById("sheet"));
  sheet.hidden = !data.outcome;
  if (data.outcome) sheet.append(scoreSheet(data.outcome, names, R.data, R.detail.game));
  showMove();
}

// ---- post-game analysis: the server searches each decision from its seat's own view ----
const analysisPath = () => `/api/tables/${encodeURIComponent(tableId)}/analysis`;
let polling = null;

async function loadAnalysis() {
  try {
    R.analysis = await api(analysisPath());
  } catch (e) {
    R.analysis = null;
    toast(e.message);
  }
  showAnalysis();
}

async function startAnalysis() {
  const button = document.getElementById("analyse");
  button.disabled = true;
  try {
    await ensureUser();  // starting an analysis needs a user (a guest is enough)
    R.analysis = await api(analysisPath(), { method: "POST" });
  } catch (e) {
    toast(e.message);
  }
  button.disabled = false;
  showAnalysis();
}

function pollAnalysis() {
  clearTimeout(polling);
  polling = setTimeout(loadAnalysis, 1000);
}

function showAnalysis() {
  const a = R.analysis;
  const status = a?.status ?? "none";
  document.getElementById("analysis").dataset.status = status;
  document.getElementById("analyse").hidden = !a || !["none", "failed"].includes(status);
  const line = document.getElementById("analysis-status");
  if (!a) line.textContent = "";
  else if (status === "none") line.textContent = t("analysis.none");
  else if (status === "pending") line.textContent = t("analysis.pending");
  else if (status === "running") line.textContent = t("analysis.running", { done: a.done, total: a.total || "…" });
  else if (status === "failed") line.textContent = t("analysis.failed");
  else line.textContent = t("analysis.done", { sims: a.result.sims });
  if (status === "pending" || status === "running") pollAnalysis();
  const done = status === "done";
  document.getElementById("analysis-filter").hidden = !done;
  const legend = document.getElementById("analysis-legend");
  legend.hidden = !done;
  if (done) {  // the flags' losses as this analysis drew them (the server's curve)
    const from = a.result.thresholds;
    legend.textContent = t("analysis.legend", { inaccuracy: from.inaccuracy.toFixed(3), mistake: from.mistake.toFixed(3),
                                                blunder: from.blunder.toFixed(3) });
  }
  const seats = clear(document.getElementById("analysis-seats"));
  const list = clear(document.getElementById("analysis-decisions"));
  if (done) {
    seats.append(seatTable(a.result));
    list.append(decisionTable(a.result, document.getElementById("analysis-flagged").checked));
  }
  showMove();
}

const names = () => R.detail.seats.map((s, i) => seatName(s, i));
const flagText = (flag) => t(`analysis.flag.${flag || "none"}`);
const loss = (x) => x.toFixed(2);

function seatTable(result) {
  const head = el("tr", {}, el("th", { text: t("analysis.seat") }), el("th", { text: t("analysis.accuracy") }),
    ...["inaccuracy", "mistake", "blunder"].map((f) => el("th", { text: flagText(f) })));
  const rows = Object.entries(result.seats).map(([seat, review]) =>
    el("tr", { "data-seat": seat },
      el("td", {}, seatBadge(Number(seat)), " ", names()[Number(seat)]),
      el("td", { "data-accuracy": review.accuracy, text: review.accuracy.toFixed(1) }),
      ...["inaccuracy", "mistake", "blunder"].map((f) => el("td", { "data-flag": f, text: review.counts[f] }))));
  return el("table", { class: "sheet-table", id: "analysis-accuracy" }, el("thead", {}, head), el("tbody", {}, rows));
}

function decisionTable(result, flaggedOnly) {
  const all = Object.values(result.seats).flatMap((review) => review.decisions).sort((x, y) => x.ply - y.ply);
  const shown = flaggedOnly ? all.filter((d) => d.flag) : all;
  if (!shown.length) return el("p", { class: "muted", text: t("analysis.nothing_flagged") });
  const head = el("tr", {}, ...["ply", "seat", "played", "best", "loss", "flag"].map((k) => el("th", { text: t(`analysis.${k}`) })));
  const rows = shown.map((d) => el("tr", { class: "analysis-decision", "data-ply": d.ply, "data-flag": d.flag || "" },
    el("td", {}, el("button", { class: "linkish", text: d.ply, "aria-label": t("analysis.go", { ply: d.ply }), onclick: () => show(d.ply) })),
    el("td", {}, seatBadge(d.seat), el("span", { class: "visually-hidden", text: names()[d.seat] })),
    el("td", { "data-action": d.action, text: d.action_label ?? d.action }),
    el("td", { "data-action": d.best, text: d.best_label ?? d.best }),
    el("td", { "data-loss": d.loss, text: loss(d.loss) }),
    el("td", { text: flagText(d.flag), style: FLAG_STYLE[d.flag] || "" })));
  return el("table", { class: "sheet-table" }, el("thead", {}, head), el("tbody", {}, rows));
}

const FLAG_STYLE = { inaccuracy: "color: #8a6d00", mistake: "color: #b34700; font-weight: 600", blunder: "color: #b00020; font-weight: 800" };

// The review of the decision that led to the position shown (action number R.ply), if any.
function showMove() {
  const box = document.getElementById("analysis-move");
  const result = R.analysis?.status === "done" ? R.analysis.result : null;
  box.hidden = !result || R.ply === 0;
  if (box.hidden) return;
  const d = Object.values(result.seats).flatMap((review) => review.decisions).find((x) => x.ply === R.ply);
  box.dataset.ply = R.ply;
  box.textContent = d
    ? t("analysis.this_move", { name: names()[d.seat], flag: flagText(d.flag), best: d.best_label ?? d.best, loss: loss(d.loss) })
    : t("analysis.no_decision");
}

main();
