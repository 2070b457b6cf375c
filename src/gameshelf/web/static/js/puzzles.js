// Puzzles: find the best move in a position mined from bot games; the server says whether the
// guess is the answer and gives the reason only after the guess.
import { api, clear, el, gameTitle, header, loadLang, param, t, toast, translate } from "./common.js";
import { chooser, drawActions, drawGamePicker, drawNav, drawPosition, loadGame, pageGame, unavailable } from "./learn_shared.js";

const id = pageGame();
const P = { G: null, n: 1, total: 0, pos: null, answered: false };

async function main() {
  await loadLang();
  translate(document);
  await header(() => { translate(document); if (id) show(P.n); });
  if (!id) return drawGamePicker("puzzles");
  try {
    P.G = await loadGame(id);
  } catch (e) {
    drawNav(id, "puzzles");
    return unavailable(e.message);
  }
  document.getElementById("prev").onclick = () => show(Math.max(1, P.n - 1));
  document.getElementById("next").onclick = () => show(Math.min(P.total, P.n + 1));
  const start = Number(param("n"));
  await show(Number.isInteger(start) && start > 0 ? start : 1);
}

async function show(n) {
  drawNav(id, "puzzles");
  document.getElementById("title").textContent = `${gameTitle(P.G.game)} · ${t("puzzles.heading")}`;
  const { puzzles } = await api(`/api/puzzles/${id}`);
  P.total = puzzles;
  clear(document.getElementById("result"));
  if (!puzzles) {
    document.getElementById("puzzle-prompt").textContent = t("puzzles.none");
    return;
  }
  try {
    P.pos = await api(`/api/puzzles/${id}/${Math.min(n, puzzles)}`);
  } catch (e) {
    return toast(e.message);
  }
  P.n = P.pos.puzzle;
  P.answered = false;
  document.body.dataset.puzzle = P.n;
  document.getElementById("where").textContent = t("puzzles.where", { n: P.n, total: P.total });
  document.getElementById("puzzle-h").textContent = t("puzzles.find");
  document.getElementById("puzzle-prompt").textContent = P.pos.prompt;
  document.getElementById("prev").disabled = P.n <= 1;
  document.getElementById("next").disabled = P.n >= P.total;
  const act = (action) => guess(action);
  drawPosition(document.getElementById("board"), P.G, P.pos, chooser(act));
  drawActions(document.getElementById("actions"), P.pos.legal, act);
}

async function guess(action) {
  if (P.answered) return;
  try {
    const r = await api(`/api/puzzles/${id}/${P.n}`, { method: "POST", body: { move: action } });
    P.answered = true;
    document.body.dataset.answered = r.correct ? "right" : "wrong";
    const box = clear(document.getElementById("result"));
    box.append(el("p", { class: r.correct ? "right" : "wrong", text: r.verdict }),
      el("p", { text: r.reason }), el("p", { class: "muted", text: r.margin_text }));
    drawActions(document.getElementById("actions"), P.pos.legal, () => {}, r.answer);
    if (P.n < P.total) document.getElementById("next").focus();
  } catch (e) {
    toast(e.message);
  }
}

main().catch((e) => toast(e.message));
