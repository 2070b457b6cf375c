// The board's frame: a toolbar (legend, explain, zoom out, fit, zoom in) above a viewport that
// scrolls the board when it is zoomed. The frame is built once per container and kept across
// redraws, so the zoom level and the scroll position survive every new state.
//
// Zoom widens the stage (``--zoom`` x the viewport's width) and every board SVG with it, so the
// default (1) fits the whole board in the width of any screen. Panning: a drag with the mouse, a
// finger (the browser's own scrolling), or the arrow keys while the viewport or a board element
// has the focus.
import { el } from "./common.js";

export const LEVELS = [1, 1.5, 2, 3, 4];
const STEP_PX = 48; // an arrow key's pan

export function frameOf(container, t) {
  let f = container._frame;
  if (!f || f.tools.parentNode !== container) {
    while (container.firstChild) container.firstChild.remove();
    f = build(container);
    container._frame = f;
  }
  label(f, t);
  return f;
}

function build(container) {
  const f = { level: 1 };
  f.legend = el("button", { type: "button", class: "board-legend" });
  f.explain = el("button", { type: "button", class: "board-explain", "aria-pressed": "false" });
  f.out = el("button", { type: "button", class: "zoom-out", text: "−" });
  f.fit = el("button", { type: "button", class: "zoom-fit" });
  f.in = el("button", { type: "button", class: "zoom-in", text: "+" });
  f.shown = el("span", { class: "zoom-level", "aria-live": "polite" });
  f.tools = el("div", { class: "board-tools", role: "toolbar" }, f.legend, f.explain,
    el("span", { class: "zoom-group" }, f.out, f.fit, f.in, f.shown));
  f.stage = el("div", { class: "board-stage" });
  f.viewport = el("div", { class: "board-viewport", tabindex: "0", role: "region" }, f.stage);
  container.append(f.tools, f.viewport);
  f.out.addEventListener("click", () => zoomTo(f, step(f.level, -1)));
  f.in.addEventListener("click", () => zoomTo(f, step(f.level, 1)));
  f.fit.addEventListener("click", () => zoomTo(f, 1));
  f.viewport.addEventListener("keydown", (ev) => keys(f, ev));
  drag(f);
  zoomTo(f, 1);
  return f;
}

function label(f, t) {
  f.legend.textContent = t("board.legend");
  f.explain.textContent = `ⓘ ${t("board.explain")}`;
  f.explain.title = t("board.explain_help");
  f.out.setAttribute("aria-label", t("board.zoom_out"));
  f.in.setAttribute("aria-label", t("board.zoom_in"));
  f.fit.textContent = t("board.zoom_fit");
  f.fit.setAttribute("aria-label", t("board.zoom_fit_help"));
  f.tools.setAttribute("aria-label", t("board.tools"));
  f.viewport.setAttribute("aria-label", t("board.viewport"));
  f.t = t;
  show(f);
}

function step(level, dir) {
  const i = LEVELS.indexOf(level);
  return LEVELS[Math.max(0, Math.min(LEVELS.length - 1, (i < 0 ? 0 : i) + dir))];
}

// Zoom about the middle of what is shown, so the part being looked at stays in view.
export function zoomTo(f, level) {
  const v = f.viewport;
  const cx = (v.scrollLeft + v.clientWidth / 2) / Math.max(1, v.scrollWidth);
  const cy = (v.scrollTop + v.clientHeight / 2) / Math.max(1, v.scrollHeight);
  f.level = level;
  f.stage.style.setProperty("--zoom", String(level));
  v.classList.toggle("zoomed", level > 1);
  if (level === 1) {
    v.scrollLeft = 0;
    v.scrollTop = 0;
  } else {
    v.scrollLeft = cx * v.scrollWidth - v.clientWidth / 2;
    v.scrollTop = cy * v.scrollHeight - v.clientHeight / 2;
  }
  show(f);
}

function show(f) {
  if (!f.t) return;
  f.shown.textContent = `${Math.round(f.level * 100)}%`;
  f.out.disabled = f.level <= LEVELS[0];
  f.in.disabled = f.level >= LEVELS[LEVELS.length - 1];
  f.fit.disabled = f.level === 1;
}

function keys(f, ev) {
  if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
  const v = f.viewport;
  const d = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[ev.key];
  if (d) {
    const canX = v.scrollWidth > v.clientWidth;
    const canY = v.scrollHeight > v.clientHeight;
    if ((d[0] && !canX) || (d[1] && !canY)) return; // nothing to pan: the page scrolls as usual
    ev.preventDefault();
    ev.stopPropagation(); // a page's own arrow keys (the replay's steps) wait until the board is not panned
    v.scrollBy({ left: d[0] * STEP_PX, top: d[1] * STEP_PX });
  } else if (ev.key === "+" || ev.key === "=") {
    ev.preventDefault();
    zoomTo(f, step(f.level, 1));
  } else if (ev.key === "-") {
    ev.preventDefault();
    zoomTo(f, step(f.level, -1));
  } else if (ev.key === "0") {
    ev.preventDefault();
    zoomTo(f, 1);
  }
}

// A mouse drag pans a zoomed board; a drag that moved does not also click what it started on.
// Touch and pen pan through the browser's own scrolling of the viewport.
function drag(f) {
  const v = f.viewport;
  let start = null;
  let moved = false;
  v.addEventListener("pointerdown", (ev) => {
    if (ev.pointerType !== "mouse" || ev.button !== 0 || f.level === 1) return;
    start = { x: ev.clientX, y: ev.clientY, left: v.scrollLeft, top: v.scrollTop };
    moved = false;
  });
  v.addEventListener("pointermove", (ev) => {
    if (!start) return;
    const dx = ev.clientX - start.x;
    const dy = ev.clientY - start.y;
    if (!moved && Math.hypot(dx, dy) < 5) return;
    if (!moved) v.setPointerCapture?.(ev.pointerId);
    moved = true;
    v.classList.add("dragging");
    v.scrollLeft = start.left - dx;
    v.scrollTop = start.top - dy;
  });
  const end = () => {
    start = null;
    v.classList.remove("dragging");
  };
  v.addEventListener("pointerup", end);
  v.addEventListener("pointercancel", end);
  v.addEventListener("click", (ev) => {
    if (!moved) return;
    moved = false;
    ev.stopPropagation();
    ev.preventDefault();
  }, true);
}
