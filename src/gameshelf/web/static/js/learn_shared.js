// What the learning pages (rules, learn, puzzles) share: the page's game, the links between the
// pages, and drawing one position with the table's own renderer, its targets and its actions.
import { api, clear, el, gameData, gameTitle, lang, param, t, term } from "./common.js";
import { decorateTargets, renderBoard } from "./board.js";

// The game named in ?game= (any game id: a plugin's too), or null (the page then offers the games).
export function pageGame() {
  const id = param("game");
  return id && /^[a-z][a-z0-9_]{0,31}$/.test(id) ? id : null;
}

// What the page cannot show for this game (no tutorial, no rules summary, an unknown game): the
// server's reason in place of the lesson, under the links to the other pages and the lobby.
export function unavailable(message) {
  const nav = document.getElementById("learn-nav");
  let box = document.getElementById("unavailable");
  if (!box) {
    box = el("p", { id: "unavailable", class: "card unavailable", role: "status" });
    nav.after(box);
  }
  box.textContent = message;
  for (const node of nav.parentElement.children) {
    if (node !== nav && node !== box && node.id !== "title") node.style.display = "none"; // a grid keeps showing when only hidden
  }
  document.body.dataset.unavailable = "1";
}

export async function loadGame(id) {
  const [game, data, renderer] = await Promise.all([
    api(`/api/games/${id}`), gameData(id),
    import(`./games/${id}.js`).catch(() => import("./games/generic.js"))]);
  return { game, data, renderer };
}

// The links between the learning pages of one game, the current one marked.
export function drawNav(id, current) {
  const nav = clear(document.getElementById("learn-nav"));
  nav.setAttribute("aria-label", t("learn.nav"));
  const pages = [["rules", "rules.link"], ["learn", "learn.link"], ["puzzles", "puzzles.link"]];
  for (const [page, key] of pages) {
    nav.append(el("a", { href: `/web/${page}.html?game=${id}`, text: t(key), "aria-current": page === current ? "page" : undefined }));
  }
  nav.append(el("a", { href: "/web/", text: t("nav.lobby") }));
}

// Without ?game=: a list of the games, each linking to this page.
export async function drawGamePicker(page) {
  const games = await api("/api/games");
  const nav = clear(document.getElementById("learn-nav"));
  nav.append(el("p", { text: t("learn.pick_game") }));
  nav.append(el("ul", {}, games.map((g) => el("li", {}, el("a", { href: `/web/${page}.html?game=${g.id}`, text: gameTitle(g) })))));
}

// Draw a position payload ({view, seat, players, names, decision, legal, over}) into ``container``;
// with ``choose``, the targets of the legal actions become buttons.
export function drawPosition(container, G, pos, choose) {
  renderBoard(container, G.renderer, {
    view: pos.view, seat: pos.seat, players: pos.players, names: pos.names, data: G.data, lang, t,
    term: (k) => term(G.data, k), decision: pos.decision, over: pos.over,
  });
  if (choose && pos.decision && pos.decision.seat === pos.seat) decorateTargets(container, pos.decision.targets || {}, pos.legal, choose);
}

// The legal actions as a list of buttons; ``mark`` (a notation) gets a visible outline.
export function drawActions(panel, legal, act, mark = null) {
  clear(panel);
  const ul = el("ul", { class: "action-list", "aria-label": t("actions.heading") });
  for (const a of legal) {
    const attrs = { class: a.action === mark ? "action intended" : "action", "data-action": a.action, onclick: () => act(a.action), text: a.label };
    ul.append(el("li", {}, el("button", attrs)));
  }
  panel.append(ul);
}

// A click on a board element targeted by several actions: offer them (as the table does).
export function chooser(act) {
  const box = document.getElementById("chooser");
  const close = () => { box.hidden = true; clear(box); };
  document.addEventListener("keydown", (ev) => { if (ev.key === "Escape") close(); });
  return (actions, anchorLabel) => {
    if (actions.length === 1) return act(actions[0].action);
    clear(box);
    box.hidden = false;
    box.append(el("p", { class: "chooser-title", text: t("chooser.title", { what: anchorLabel }) }));
    const list = el("div", { class: "chooser-list" });
    for (const a of actions) list.append(el("button", { class: "choice", "data-action": a.action, onclick: () => { close(); act(a.action); }, text: a.label }));
    box.append(list, el("button", { class: "cancel", onclick: close, text: t("chooser.cancel") }));
    box.querySelector("button")?.focus();
  };
}
