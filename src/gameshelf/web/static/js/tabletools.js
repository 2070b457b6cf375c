// The table page's community pieces beside the game: the move's deadline as a date and time, the
// Resign button (two steps: a second press confirms, never a browser prompt), "(resigned)" beside a
// player, and the final sheet's Rematch button.
import { api, el, lang, t, toast } from "./common.js";

let confirming = false;

// "Deadline for this move: Fri 5 Dec, 09:30" at turn-based tables (the clock line counts it down).
export function deadlineLine(m) {
  const c = m.clock;
  if (!c || c.mode !== "turn" || !c.deadline_ms || m.over) return null;
  const when = new Date(c.deadline_ms);
  const text = when.toLocaleString(lang === "ja" ? "ja-JP" : "en-GB", { weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" });
  return el("p", { class: "deadline", id: "deadline" }, `${t("deadline.move_by")} `,
    el("time", { datetime: when.toISOString(), text }));
}

export function resignedMark(m, detail, i) {
  const gone = (m.resigned && m.resigned[i]) || detail.seats[i]?.resigned;
  return gone ? ` ${t("players.resigned")}` : "";
}

// Resign, for a seated player still in the game.
export function tableTools({ tableId, msg, detail }) {
  const box = el("div", { class: "table-tools" });
  const seat = msg.seat;
  if (seat === null || seat === undefined || msg.over || resignedMark(msg, detail, seat)) return box;
  const button = el("button", { type: "button", id: "resign", class: `resign-button ${confirming ? "confirm" : ""}`,
    text: confirming ? t("table.resign_confirm") : t("table.resign") });
  button.addEventListener("click", async () => {
    if (!confirming) {
      confirming = true;
      button.classList.add("confirm");
      button.textContent = t("table.resign_confirm");
      setTimeout(() => {
        confirming = false;
        if (button.isConnected) {
          button.classList.remove("confirm");
          button.textContent = t("table.resign");
        }
      }, 5000);
      return;
    }
    confirming = false;
    button.disabled = true;
    try {
      await api(`/api/tables/${encodeURIComponent(tableId)}/resign`, { method: "POST" });
      toast(t("table.resigned"), "info");
    } catch (e) {
      button.disabled = false;
      toast(e.message);
    }
  });
  box.append(button, el("span", { class: "rated-badge", text: detail.rated ? t("lobby.rated") : t("lobby.friendly") }));
  return box;
}

// The score sheet's Rematch button (players only): the same options and players, seats rotated.
export function rematchBox({ tableId, msg, detail }) {
  if (msg.seat === null || msg.seat === undefined) {
    return msg.outcome?.details?.ended_by === "resignation" ? el("p", { class: "muted", text: t("sheet.ended_by_resignation") }) : null;
  }
  const label = detail.rematch_id ? t("sheet.rematch_join") : t("sheet.rematch");
  const button = el("button", { type: "button", id: "rematch", class: "primary", text: label });
  button.addEventListener("click", async () => {
    button.disabled = true;
    try {
      const table = await api(`/api/tables/${encodeURIComponent(tableId)}/rematch`, { method: "POST" });
      location.href = `/web/table.html?id=${encodeURIComponent(table.id)}`;
    } catch (e) {
      button.disabled = false;
      toast(e.message);
    }
  });
  const ended = msg.outcome?.details?.ended_by === "resignation" ? el("p", { class: "muted", text: t("sheet.ended_by_resignation") }) : null;
  return el("div", {}, ended, el("p", { class: "rematch" }, button, " ", el("span", { class: "muted small", text: t("sheet.rematch_help") })));
}

// At a rematch's table, the seat kept for this person: one press takes it (the rematch starts once
// every invited player has).
export function acceptRematch(detail) {
  const button = el("button", { type: "button", class: "primary join-rematch", text: t("invite.accept") });
  button.addEventListener("click", async () => {
    button.disabled = true;
    try {
      await api(`/api/tables/${encodeURIComponent(detail.rematch_of)}/rematch`, { method: "POST" });
      location.reload();
    } catch (e) {
      button.disabled = false;
      toast(e.message);
    }
  });
  return button;
}
