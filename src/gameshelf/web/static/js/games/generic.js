// Any game without its own module: the view as nested lists; every scalar that names an element
// (``kind:id``) is a target the framework can make clickable.
import { el } from "../common.js";

function node(value, path) {
  if (Array.isArray(value)) return el("ol", { start: 0 }, value.map((v, i) => el("li", {}, node(v, `${path}.${i}`))));
  if (value && typeof value === "object") {
    return el("dl", {}, Object.entries(value).map(([k, v]) => [el("dt", { text: k }), el("dd", {}, node(v, `${path}.${k}`))]));
  }
  const s = value === null ? "–" : String(value);
  return /^[a-z_]+:[\w.,:-]+$/.test(s) ? el("span", { "data-id": s, class: "item", text: s }) : el("span", { text: s });
}

export function render(ctx) {
  return el("div", { class: "board-wrap generic" }, node(ctx.view, "view"));
}
