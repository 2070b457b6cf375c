// Any game without its own module (a game plugin, High Card): the view drawn as labelled data, and
// the decision's targets as elements the framework makes buttons (board.js decorateTargets gives
// them a role, an accessible name with what choosing them does, a tab stop and Enter/Space).
// A scalar of the view that names an element (``kind:id``) carries that id where it stands; each
// other target of the decision is drawn in a row of its own, named by the game's term for its
// kind ("card 7"), so every target can be chosen from the board. Keys are named by the game's
// terms (data/terms.yaml), or the key itself with spaces.
import { el } from "../common.js";

const ELEMENT = /^[a-z_]+:[\w.,:-]+$/;
const SEATS = new Set(["seat", "to_act"]); // the view header's fields that hold a seat number
// Header fields the page shows elsewhere (title, players, prompt, score sheet): not repeated here.
const SHOWN_ELSEWHERE = new Set(["game", "players", "over", "decision"]);

function name(ctx, key) {
  return ctx.term ? ctx.term(key) : String(key).replace(/_/g, " ");
}

// An element id ``kind:id`` as the reader's words: the term for the kind, then the id.
function elementName(ctx, id) {
  const at = id.indexOf(":");
  return `${name(ctx, id.slice(0, at))} ${id.slice(at + 1).replace(/_/g, " ")}`;
}

function scalar(ctx, value) {
  if (value === null || value === undefined) return el("span", { class: "none", text: "–" });
  const text = typeof value === "boolean" ? (value ? "✓" : "✗") : String(value);
  if (typeof value === "string" && ELEMENT.test(value)) {
    const label = elementName(ctx, value);
    return el("span", { "data-id": value, "data-explain": value, class: "item", "aria-label": label, text: label });
  }
  return el("span", { class: "value", text });
}

function isScalar(value) {
  return value === null || typeof value !== "object";
}

// A list of scalars reads on one line; a list of seats' values names each seat; any other list is
// numbered; a mapping is a definition list.
function node(ctx, value, key) {
  if (SEATS.has(key) && Number.isInteger(value)) return el("span", { class: "seat-name", text: ctx.names?.[value] ?? `P${value + 1}` });
  if (isScalar(value)) return scalar(ctx, value);
  if (Array.isArray(value)) {
    if (!value.length) return el("span", { class: "none", text: "–" });
    if (value.length === ctx.players && value.every(isScalar) && /s$/.test(key || "")) {
      return el("ul", { class: "per-seat" }, value.map((v, i) => el("li", {},
        el("span", { class: "seat-name", text: `${ctx.names?.[i] ?? `P${i + 1}`}: ` }), scalar(ctx, v))));
    }
    if (value.every(isScalar)) return el("ul", { class: "inline" }, value.map((v) => el("li", {}, scalar(ctx, v))));
    return el("ol", { start: 0 }, value.map((v) => el("li", {}, node(ctx, v, key))));
  }
  const entries = Object.entries(value).filter(([k]) => key !== "" || !SHOWN_ELSEWHERE.has(k));
  return el("dl", {}, entries.map(([k, v]) => [el("dt", { text: name(ctx, k) }), el("dd", {}, node(ctx, v, k))]));
}

// Every element id the decision targets, in order, without the ones the view already shows.
function targetIds(ctx, shown) {
  const decision = ctx.decision;
  if (!decision || !decision.targets || decision.seat !== ctx.seat || ctx.over) return [];
  const ids = [];
  for (const list of Object.values(decision.targets)) {
    for (const id of list || []) if (!shown.has(id) && !ids.includes(id)) ids.push(id);
  }
  return ids;
}

export function render(ctx) {
  const data = node(ctx, ctx.view, "");
  const shown = new Set([...data.querySelectorAll("[data-id]")].map((n) => n.dataset.id));
  const ids = targetIds(ctx, shown);
  const wrap = el("div", { class: "board-wrap generic" }, data);
  if (ids.length) {
    const label = ctx.t ? ctx.t("actions.heading") : "choices";
    wrap.append(el("ul", { class: "targets", "aria-label": label }, ids.map((id) => {
      const text = elementName(ctx, id);
      return el("li", {}, el("span", { "data-id": id, "data-explain": id, class: "item token", "aria-label": text, text }));
    })));
  }
  return wrap;
}

// The players' scores for the table's list: the view's ``scores`` when it has one per seat.
export function scores(view, players) {
  const list = view && view.scores;
  return Array.isArray(list) && list.length === players && list.every((s) => typeof s === "number") ? list : null;
}
