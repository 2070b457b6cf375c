// The rules page: a game's player summary (HTML made and escaped by the server) and figures drawn
// by the table's own renderer from views of a demonstration game: the start, a turn, the scoring.
import { api, clear, el, gameTitle, header, lang, loadLang, t, toast, translate } from "./common.js";
import { scoreSheet } from "./board.js";
import { drawGamePicker, drawNav, drawPosition, loadGame, pageGame, unavailable } from "./learn_shared.js";

const id = pageGame();
let G = null;

async function main() {
  await loadLang();
  translate(document);
  await header(show);
  if (!id) return drawGamePicker("rules");
  try {
    G = await loadGame(id);
  } catch (e) {
    drawNav(id, "rules");
    return unavailable(e.message);
  }
  await show();
}

async function show() {
  translate(document);
  if (!id) return drawGamePicker("rules");
  drawNav(id, "rules");
  let body;
  try {
    body = await api(`/api/rules/${id}`);
  } catch (e) {
    return unavailable(e.message);
  }
  document.getElementById("title").textContent = `${gameTitle(G.game)} · ${t("rules.heading")}`;
  document.title = `${gameTitle(G.game)} · ${t("rules.heading")} — gameshelf`;
  const summary = document.getElementById("summary");
  summary.innerHTML = body.html; // Markdown rendered by the server with raw HTML off: every text escaped
  summary.lang = lang;
  const box = document.getElementById("figures");
  for (const old of box.querySelectorAll("figure")) old.remove();
  for (const fig of body.figures) {
    const board = el("div", { class: "board figure-board" });
    const figure = el("figure", { class: "figure", id: `figure-${fig.key}`, "data-figure": fig.key },
      el("figcaption", {}, t(`rules.fig.${fig.key}`), el("span", { class: "figure-note", text: t(`rules.fig.${fig.key}.note`) })),
      board);
    box.append(figure);
    drawPosition(board, G, fig, null);
    if (fig.outcome) figure.append(scoreSheet(fig.outcome, fig.names, G.data, id));
  }
  document.body.dataset.ready = "1";
}

main().catch((e) => toast(e.message));
