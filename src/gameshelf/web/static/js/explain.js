// Every element of a board can be read in full: a tap, a click, or Enter on an element carrying
// ``data-explain`` opens a dialog with its whole name (never cut) and the game's text for it (the
// ``explain`` texts the terminal shows, served in the page's game data, or the game module's own).
//
// Choosing stays one tap: a board target (a legal action's element) still chooses when clicked.
// To read a target instead, the player turns on "Explain" in the board's toolbar: while it is on,
// a tap on any element (targets included) explains it, and the keyboard reaches every element
// (Tab), not only the targets. Elements that are not targets explain themselves at any time. On a
// touch screen a long press (LONG_MS) on any element, a target too, explains it without choosing.
import { clear, el } from "./common.js";

const SEL = "[data-explain]";
const LONG_MS = 550;

export function explainMode(container) {
  return container.dataset.explaining === "1";
}

// Wire the container once: the toolbar's toggle, the delegated click and key handlers, the dialog.
export function setupExplain(container, frame, current) {
  if (frame.explainReady) return;
  frame.explainReady = true;
  frame.dialog = el("dialog", { class: "explain-dialog", "aria-labelledby": "explain-title" });
  container.append(frame.dialog);
  frame.explain.addEventListener("click", () => {
    const on = !explainMode(container);
    container.dataset.explaining = on ? "1" : "0";
    frame.explain.setAttribute("aria-pressed", on ? "true" : "false");
    markFocusable(container);
  });
  const open = (node) => openExplain(frame.dialog, node, current(), frame.stage);
  frame.stage.addEventListener("click", (ev) => {
    const node = ev.target.closest?.(SEL);
    if (!node || !frame.stage.contains(node)) return;
    if (node.closest(".target") && !explainMode(container)) return; // a target chooses
    ev.preventDefault();
    open(node);
  });
  longPress(frame.stage, open);
  frame.stage.addEventListener("keydown", (ev) => {
    if (ev.key !== "Enter" && ev.key !== " ") return;
    const node = ev.target.closest?.(SEL);
    if (!node || !explainMode(container) || node !== ev.target) return;
    ev.preventDefault();
    open(node);
  });
}

// A finger (or pen) held still on an element opens its explanation; the click that follows the
// release is swallowed, so a target is not also chosen.
function longPress(stage, open) {
  let timer = null;
  let start = null;
  let fired = false;
  const cancel = () => {
    clearTimeout(timer);
    timer = null;
  };
  stage.addEventListener("pointerdown", (ev) => {
    if (ev.pointerType === "mouse") return;
    const node = ev.target.closest?.(SEL);
    if (!node) return;
    fired = false;
    start = [ev.clientX, ev.clientY];
    cancel();
    timer = setTimeout(() => {
      timer = null;
      fired = true;
      open(node);
    }, LONG_MS);
  });
  stage.addEventListener("pointermove", (ev) => {
    if (timer && start && Math.hypot(ev.clientX - start[0], ev.clientY - start[1]) > 10) cancel();
  });
  stage.addEventListener("pointerup", cancel);
  stage.addEventListener("pointercancel", cancel);
  stage.addEventListener("contextmenu", (ev) => { if (fired || timer) ev.preventDefault(); });
  stage.addEventListener("click", (ev) => {
    if (!fired) return;
    fired = false;
    ev.stopPropagation();
    ev.preventDefault();
  }, true);
}

// While explaining, every element that is not inside another one can take the focus (a button
// that opens its text); otherwise only the targets can, as the framework made them.
export function markFocusable(container) {
  const on = explainMode(container);
  for (const node of container.querySelectorAll(SEL)) {
    if (node.classList.contains("target")) continue;
    const nested = node.parentElement?.closest(SEL);
    if (on && !nested) {
      if (!node.dataset.role) node.dataset.role = node.getAttribute("role") || "";
      node.setAttribute("tabindex", "0");
      node.setAttribute("role", "button");
    } else if (node.dataset.role !== undefined) {
      node.removeAttribute("tabindex");
      if (node.dataset.role) node.setAttribute("role", node.dataset.role);
      else node.removeAttribute("role");
      delete node.dataset.role;
    }
  }
}

// The element, the elements around it and those inside it (a waystation on a city, a feat token
// on a territory): each one's full name and text.
function sections(node, ctx, renderer, stage) {
  const list = [node];
  for (let up = node.parentElement?.closest(SEL); up && stage.contains(up); up = up.parentElement?.closest(SEL)) list.push(up);
  list.push(...node.querySelectorAll(SEL));
  return list.map((n) => {
    const key = n.dataset.explain;
    const name = n.dataset.name || n.getAttribute("aria-label") || key;
    let text = renderer?.explain ? renderer.explain(ctx, key) : null;
    if (!text) text = served(ctx, key);
    const choice = n.dataset.choice ? ctx.t("board.explain_choice", { choice: n.dataset.choice }) : null;
    return { key, name, text: [text, choice].flat().filter(Boolean) };
  });
}

// The game's explanation texts served with its data: {lang: {id: [name, text]}} by the id's last part.
function served(ctx, key) {
  const table = ctx.data?.explain?.[ctx.lang] || ctx.data?.explain?.en || {};
  const id = String(key).split(":").pop();
  return table[id]?.[1] || table[key]?.[1] || null;
}

export function openExplain(dialog, node, { ctx, renderer }, stage) {
  const parts = sections(node, ctx, renderer, stage);
  clear(dialog);
  const [first, ...more] = parts;
  dialog.dataset.key = first.key;
  const close = el("button", { type: "button", class: "explain-close", text: ctx.t("board.close"), onclick: () => dialog.close() });
  dialog.append(el("div", { class: "dialog-head" }, el("h2", { id: "explain-title", text: first.name }), close),
    ...first.text.map((s) => el("p", { class: "explain-text", text: s })));
  for (const p of more) {
    dialog.append(el("h3", { text: p.name }), ...p.text.map((s) => el("p", { class: "explain-text", text: s })));
  }
  dialog.onclose = () => { if (node.isConnected && node.getAttribute("tabindex") !== null) node.focus(); };
  if (!dialog.open) dialog.showModal();
  dialog.scrollTop = 0;
  close.focus({ preventScroll: true });
}
