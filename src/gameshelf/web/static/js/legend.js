// The board's legend: every symbol a game's board draws, each beside its meaning (the game
// module's ``legend(ctx)``: a list of {icon: SVG nodes drawn in a 44x32 box, text}), in a dialog
// opened from the board's toolbar and closed with its button or Esc.
import { clear, el, svg } from "./common.js";

export function setupLegend(container, frame, current) {
  if (frame.legendReady) return;
  frame.legendReady = true;
  frame.legendDialog = el("dialog", { class: "legend-dialog", "aria-labelledby": "legend-title" });
  container.append(frame.legendDialog);
  frame.legend.addEventListener("click", () => openLegend(frame.legendDialog, current()));
}

export function legendEntries({ ctx, renderer }) {
  if (!renderer?.legend) return [];
  try {
    return renderer.legend(ctx) || [];
  } catch (e) {
    console.error(e);
    return [];
  }
}

function openLegend(dialog, current) {
  const { ctx } = current;
  clear(dialog);
  const list = el("ul", { class: "legend-list" });
  for (const entry of legendEntries(current)) {
    const icon = entry.icon
      ? svg("svg", { class: "legend-icon", viewBox: "0 0 44 32", width: 44, height: 32, "aria-hidden": "true" }, entry.icon)
      : el("span", { class: "legend-icon" });
    list.append(el("li", {}, icon, el("span", { text: entry.text })));
  }
  const close = el("button", { type: "button", class: "legend-close", text: ctx.t("board.close"), onclick: () => dialog.close() });
  // The close button heads the dialog, so taking the focus does not scroll the list away.
  dialog.append(el("div", { class: "dialog-head" }, el("h2", { id: "legend-title", text: ctx.t("board.legend_title") }), close),
    el("p", { class: "muted", text: ctx.t("board.legend_intro") }), list);
  if (!dialog.open) dialog.showModal();
  dialog.scrollTop = 0;
  close.focus({ preventScroll: true });
}
