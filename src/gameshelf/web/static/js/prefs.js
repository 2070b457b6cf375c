// The person's table preferences, remembered in this browser (localStorage), with their controls.
import { el, t } from "./common.js";

const AUTO_FORCED = "gs.autoForced";

// Whether a decision with a single legal action that reveals nothing new is played for the person
// (the server says which are: the message's ``forced``). On unless turned off.
export function autoForced() {
  return localStorage.getItem(AUTO_FORCED) !== "0";
}

export function setAutoForced(on) {
  localStorage.setItem(AUTO_FORCED, on ? "1" : "0");
}

// The checkbox that turns it on and off; ``changed(on)`` runs after each change.
export function autoForcedToggle(changed) {
  const box = el("input", { type: "checkbox", id: "auto-forced", checked: autoForced() });
  box.addEventListener("change", () => {
    setAutoForced(box.checked);
    if (changed) changed(box.checked);
  });
  return el("label", { class: "pref", for: "auto-forced" }, box, " ", el("span", { text: t("actions.auto_forced") }));
}
