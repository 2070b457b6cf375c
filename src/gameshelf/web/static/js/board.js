// What the table and the replay share: drawing a board through a game's module (in a frame with
// zoom, legend and explain controls), marking the targets of the legal actions, the final score
// sheet, and the clocks.
import { clear, el, seatBadge, svg, t, term, has, lang } from "./common.js";
import { frameOf } from "./zoom.js";
import { markFocusable, setupExplain } from "./explain.js";
import { setupLegend } from "./legend.js";

// ``ctx``: {view, seat, players, names, data, lang, t, term, decision, over, outcome?}. The board
// is drawn into the frame's stage; the frame (toolbar, zoom, scroll position) stays.
export function renderBoard(container, renderer, ctx) {
  const frame = frameOf(container, ctx.t || t);
  const { scrollLeft, scrollTop } = frame.viewport;
  container._board = { renderer, ctx: { lang, ...ctx } };
  const current = () => container._board;
  setupExplain(container, frame, current);
  setupLegend(container, frame, current);
  frame.legend.hidden = !renderer.legend;
  clear(frame.stage);
  let node;
  try {
    node = renderer.render(container._board.ctx);
  } catch (e) {
    console.error(e);
    node = el("pre", { class: "error", text: String(e) });
  }
  frame.stage.append(node);
  frame.viewport.scrollLeft = scrollLeft;
  frame.viewport.scrollTop = scrollTop;
  markFocusable(container);
}

// Targets: ``{notation: [element id, ...]}``. Each element carrying one of the ids as ``data-id``
// becomes a button that selects the legal actions targeting it.
export function decorateTargets(container, targets, legal, choose) {
  const label = new Map(legal.map((a) => [a.action, a.label]));
  const byId = new Map();
  for (const [action, ids] of Object.entries(targets || {})) {
    if (!label.has(action)) continue;
    for (const id of ids || []) {
      if (!byId.has(id)) byId.set(id, []);
      const list = byId.get(id);
      if (!list.some((a) => a.action === action)) list.push({ action, label: label.get(action) });
    }
  }
  container.classList.toggle("has-targets", byId.size > 0);
  for (const node of container.querySelectorAll("[data-id]")) {
    const actions = byId.get(node.dataset.id);
    if (!actions) continue;
    const name = node.getAttribute("aria-label") || node.dataset.id;
    node.classList.add("target");
    node.setAttribute("tabindex", "0");
    node.setAttribute("role", "button");
    const choice = actions.length === 1 ? actions[0].label : t("targets.choices", { n: actions.length });
    node.setAttribute("aria-label", `${name}: ${choice}`);
    node.dataset.name = name; // what explain.js titles it by, and what choosing it does
    node.dataset.choice = choice;
    const go = (ev) => {
      if (container.dataset.explaining === "1") return; // explain mode: the board explains it instead
      ev.preventDefault();
      ev.stopPropagation();
      choose(actions, name);
    };
    node.addEventListener("click", go);
    node.addEventListener("keydown", (ev) => {
      if (ev.key === "Enter" || ev.key === " ") go(ev);
    });
  }
  markFocusable(container);
}

// A breakdown category's name: the UI catalog, then the game's terms, then the key itself made readable.
export function categoryName(data, game, key) {
  if (has(`cat.${game}.${key}`)) return t(`cat.${game}.${key}`);
  if (has(`cat.${key}`)) return t(`cat.${key}`);
  if (data?.terms?.[key]) return term(data, key);
  return String(key).replace(/_/g, " ");
}

export function scoreSheet(outcome, names, data, game) {
  const n = outcome.scores.length;
  const cats = [];
  for (const b of outcome.breakdown || []) for (const k of Object.keys(b || {})) if (!cats.includes(k)) cats.push(k);
  const head = el("tr", {}, el("th", { scope: "col", text: t("sheet.category") }),
    ...Array.from({ length: n }, (_, i) => el("th", { scope: "col" }, seatBadge(i), " ", names[i] ?? i + 1)));
  const rows = cats.map((k) => el("tr", {}, el("th", { scope: "row", text: categoryName(data, game, k) }),
    ...Array.from({ length: n }, (_, i) => el("td", { class: "num", text: fmt(outcome.breakdown?.[i]?.[k]) }))));
  const total = el("tr", { class: "total" }, el("th", { scope: "row", text: t("sheet.total") }),
    ...outcome.scores.map((s, i) => el("td", { class: "num", "data-seat": i, "data-score": s, text: s })));
  const rank = el("tr", {}, el("th", { scope: "row", text: t("sheet.rank") }),
    ...outcome.ranks.map((r, i) => el("td", { class: "num", "data-seat": i, "data-rank": r, text: r })));
  const winners = outcome.winners.map((w) => names[w] ?? w + 1);
  return el("div", { class: "sheet", id: "score-sheet" },
    el("h2", { text: t("sheet.heading") }),
    el("p", { class: "winners", "data-winners": outcome.winners.join(","), text: `★ ${t(winners.length > 1 ? "sheet.winners" : "sheet.winner", { names: winners.join(", ") })}` }),
    el("div", { class: "scroll" }, el("table", { class: "sheet-table" }, el("thead", {}, head), el("tbody", {}, rows, total, rank))));
}

function fmt(v) {
  if (v === undefined || v === null) return "–";
  if (typeof v === "object") return JSON.stringify(v);
  return String(v);
}

export function clockText(clock, seat) {
  if (!clock || clock.to_act === null || clock.to_act === undefined) return "";
  if (clock.mode === "realtime") {
    const left = clock.remaining_ms?.[clock.to_act];
    if (left === null || left === undefined) return "";
    const spent = clock.deadline_ms ? Math.max(0, left - Math.max(0, clock.deadline_ms - Date.now())) : 0;
    return t("clock.left", { time: duration(Math.max(0, left - spent)) });
  }
  if (!clock.deadline_ms) return "";
  return t("clock.deadline", { time: duration(Math.max(0, clock.deadline_ms - Date.now())) });
}

function duration(ms) {
  const s = Math.floor(ms / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  return h ? `${h}:${String(m).padStart(2, "0")}:${String(sec).padStart(2, "0")}` : `${m}:${String(sec).padStart(2, "0")}`;
}

// ---- helpers for the games' modules -----------------------------------------------------------
// An SVG canvas that scales to its container's width.
// Its largest width grows with the board's zoom (``--zoom``, set by zoom.js on the stage).
export function canvas(width, height, label, ...children) {
  return svg("svg", { viewBox: `0 0 ${width} ${height}`, class: "board-svg", style: `max-width:calc(${Math.round(width * 1.3)}px * var(--zoom, 1))`, role: "group", "aria-label": label, preserveAspectRatio: "xMidYMin meet" }, ...children);
}

// A labelled group carrying an element id (``data-id``) so the framework can make it a target
// (role img, so its label reaches a screen reader; a target becomes a button), and explainable
// by the same id. Its first shape is the one outlined when the element is a target.
export function item(id, label, ...children) {
  const g = svg("g", { "data-id": id, "data-explain": id, "aria-label": label, class: "item", role: "img" }, svg("title", {}, label), ...children);
  const first = [...g.querySelectorAll("rect, circle, polygon")][0];
  if (first) first.classList.add("shape");
  return g;
}

// An element that is never a target but can be explained (``key``: what explain looks up).
export function info(key, label, attrs, ...children) {
  return svg("g", { "data-explain": key, "aria-label": label, role: "img", ...attrs }, svg("title", {}, label), ...children);
}

// A short form of a game term for the board (a letter or a character), from the UI catalogs
// (``short.<game>.<key>``), so each language has its own; ``fallback`` if the catalog has none.
export function short(game, key, fallback = "?") {
  const k = `short.${game}.${key}`;
  return has(k) ? t(k) : fallback;
}

// Row and column numbers along a grid's edges, as the notation writes them (``fmt(n)``).
export function coords({ x0, y0, dx, dy, rows, cols, left, top, fmt = String, rowFmt = fmt, size = 11 }) {
  const out = [];
  for (const r of rows) out.push(text(left, y0 + r * dy + size * 0.35, rowFmt(r), { class: "coord coord-row", "font-size": size, fill: "#444", "data-row": r }));
  for (const c of cols) out.push(text(x0 + c * dx, top, fmt(c), { class: "coord coord-col", "font-size": size, fill: "#444", "data-col": c }));
  return svg("g", { class: "coords", "aria-hidden": "true" }, ...out);
}

export function text(x, y, s, attrs = {}) {
  return svg("text", { x, y, "font-size": 11, "text-anchor": "middle", ...attrs }, s);
}

export function rect(x, y, w, h, attrs = {}) {
  return svg("rect", { x, y, width: w, height: h, rx: 4, ...attrs });
}

// A card back: hidden information is drawn as a back with a count, never as the card.
export function cardBack(x, y, w, h, count, label) {
  return svg("g", { class: "back", "aria-label": label, role: "img" }, svg("title", {}, label),
    rect(x, y, w, h, { fill: "#4a4a6a", stroke: "#222" }),
    svg("path", { d: `M${x + 4} ${y + 4} L${x + w - 4} ${y + h - 4} M${x + w - 4} ${y + 4} L${x + 4} ${y + h - 4}`, stroke: "#777", "stroke-width": 1 }),
    count !== undefined ? text(x + w / 2, y + h / 2 + 5, String(count), { fill: "#fff", "font-size": 15, "font-weight": 700 }) : null);
}

// An HTML section with a heading, for renderers that mix SVG panels.
export function panel(title, ...children) {
  return el("section", { class: "panel" }, el("h3", { text: title }), ...children);
}

// ``s`` in at most ``lines`` lines of ``width`` units (breaking at spaces where there are any; the
// last line cut with … by fit()).
export function wrapText(s, width, size, lines) {
  const out = [];
  let rest = String(s ?? "");
  while (rest && out.length < lines - 1) {
    const line = fit(rest, width, size);
    if (line === rest) break;
    let cut = line.length - 1; // without the ellipsis
    const space = rest.lastIndexOf(" ", cut);
    if (space > cut / 2) cut = space;
    out.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest) out.push(fit(rest, width, size));
  return out;
}

// ``s`` cut to fit ``width`` user units at ``size`` (CJK characters count a full em, others ~0.6).
export function fit(s, width, size = 10) {
  const str = String(s ?? "");
  let used = 0;
  let out = "";
  for (const ch of str) {
    used += (/[\u3000-\u9fff\uff00-\uffef]/.test(ch) ? 1 : 0.6) * size;
    if (used > width) return `${out}…`;
    out += ch;
  }
  return out;
}

// ---- explanations (explain.js, legend.js) ----------------------------------------------------------
// The full text the server sends for a game term (the terminal's ``explain``), in the reader's language.
export function servedText(ctx, id) {
  const table = ctx.data?.explain?.[ctx.lang] || ctx.data?.explain?.en || {};
  return table[id]?.[1] || null;
}

// An explain key "kind:id" as [kind, id] ("kind" alone: [kind, ""]).
export function explainKey(key) {
  const at = key.indexOf(":");
  return at < 0 ? [key, ""] : [key.slice(0, at), key.slice(at + 1)];
}
