// "Your turn, everywhere": one connection per page to /ws/me keeps a header badge ("your turn at N
// tables"), the page title's count ("(2) gameshelf") and rematch invitations live; with the person's
// permission (asked only from a button), a browser notification when a turn comes while the tab is hidden.
import { api, el, gameTitle, t, token, toast } from "./common.js";

const Y = { ws: null, tables: [], count: 0, bar: null, retry: 1000, invites: [], games: null, base: null };

// Called by the header each time it is drawn (every page, and again after a language change).
export function mountYourTurn(bar) {
  if (!document.querySelector('link[href="/web/css/community.css"]')) {
    document.head.append(el("link", { rel: "stylesheet", href: "/web/css/community.css" }));
  }
  Y.bar = bar;
  draw();
  if (!Y.ws && token()) connect();
}

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${proto}://${location.host}/ws/me`);
  Y.ws = ws;
  ws.onmessage = (ev) => receive(JSON.parse(ev.data));
  ws.onopen = () => {
    Y.retry = 1000;
    ws.send(JSON.stringify({ type: "auth", token: token() })); // the token never travels in a URL
  };
  ws.onclose = () => {
    Y.ws = null;
    if (token()) setTimeout(() => { if (!Y.ws) connect(); }, Y.retry);
    Y.retry = Math.min(Y.retry * 2, 30000);
  };
}

function receive(m) {
  if (m.type === "tables") {
    const before = Y.count;
    Y.tables = m.tables;
    Y.count = m.your_turn;
    document.body.dataset.yourTurn = String(Y.count);
    if (Y.count > before) notify();
    draw();
  } else if (m.type === "invite") {
    if (!Y.invites.some((i) => i.table === m.table)) Y.invites.push(m);
    drawInvites();
    if (document.hidden) gameName(m.game).then((game) => notify(t("invite.rematch", { name: m.from, game })));
  }
}

// ---- the header badge and the title ----------------------------------------------------------------
function draw() {
  if (!Y.bar) return;
  let box = Y.bar.querySelector(".yourturn");
  if (!box) {
    box = el("div", { class: "yourturn" });
    Y.bar.insertBefore(box, Y.bar.querySelector("#lang"));
  }
  box.replaceChildren();
  const waiting = Y.tables.filter((x) => x.your_turn);
  const text = Y.count === 1 ? t("yourturn.badge_one") : t("yourturn.badge", { n: Y.count });
  // The first table waiting for you is one click away; the live region reads changes aloud.
  const target = waiting.find((x) => !location.search.includes(x.id)) || waiting[0];
  const badge = Y.count && target
    ? el("a", { id: "yourturn-badge", class: "yourturn-badge", href: `/web/table.html?id=${encodeURIComponent(target.id)}`, text })
    : el("span", { id: "yourturn-badge", class: "yourturn-badge none", text: t("yourturn.none") });
  box.append(el("span", { class: "yourturn-live", role: "status", "aria-live": "polite" }, badge));
  if ("Notification" in window && token()) {
    if (Notification.permission === "default") {
      box.append(el("button", { type: "button", id: "notify-button", class: "notify-button", onclick: askPermission, text: t("yourturn.notify") }));
    } else if (Notification.permission === "granted") {
      box.append(el("span", { class: "muted notify-on", text: t("yourturn.notify_on") }));
    }
  }
  title();
}

// The count leads the title whatever the page wrote there; a page changing its title keeps it.
function title() {
  const current = document.title.replace(/^\(\d+\) /, "");
  Y.base = current;
  const wanted = Y.count ? `(${Y.count}) ${current}` : current;
  if (document.title !== wanted) document.title = wanted;
}

new MutationObserver(() => {
  if (Y.count && !/^\(\d+\) /.test(document.title)) title();
}).observe(document.querySelector("title") || document.head, { childList: true, subtree: true, characterData: true });

async function askPermission() {
  try {
    await Notification.requestPermission();
  } catch { /* a browser without the promise form */ }
  draw();
}

function notify(body) {
  if (!document.hidden || !("Notification" in window) || Notification.permission !== "granted") return;
  try {
    const n = new Notification(t("yourturn.notify_title"), { body: body || t("yourturn.notify_body", { n: Y.count }), tag: "gameshelf-turn" });
    n.onclick = () => { window.focus(); n.close(); };
  } catch { /* some browsers only notify from a service worker */ }
}

// ---- rematch invitations ---------------------------------------------------------------------------
async function gameName(id) {
  if (!Y.games) Y.games = await api("/api/games").catch(() => []);
  const g = Y.games.find((x) => x.id === id);
  return g ? gameTitle(g) : id;
}

async function drawInvites() {
  let box = document.getElementById("invites");
  if (!box) {
    box = el("section", { id: "invites", class: "invites", role: "region", "aria-label": t("invite.heading") });
    document.body.append(box);
  }
  box.replaceChildren();
  for (const inv of Y.invites) {
    const name = await gameName(inv.game);
    const accept = el("button", { type: "button", class: "primary", "data-invite": inv.table, text: t("invite.accept") });
    accept.addEventListener("click", async () => {
      try {
        const table = await api(`/api/tables/${encodeURIComponent(inv.from_table)}/rematch`, { method: "POST" });
        location.href = `/web/table.html?id=${encodeURIComponent(table.id)}`;
      } catch (e) {
        toast(e.message);
      }
    });
    const later = el("button", { type: "button", text: t("invite.dismiss") });
    later.addEventListener("click", () => {
      Y.invites = Y.invites.filter((x) => x !== inv);
      drawInvites();
    });
    // Declining gives the kept seat up: it opens to anyone with the table's invite link.
    const decline = el("button", { type: "button", text: t("invite.decline") });
    decline.addEventListener("click", async () => {
      try {
        await api(`/api/tables/${encodeURIComponent(inv.table)}/leave`, { method: "POST" });
      } catch (e) {
        toast(e.message);
      }
      Y.invites = Y.invites.filter((x) => x !== inv);
      drawInvites();
    });
    box.append(el("div", { class: "invite", role: "status" }, el("p", { text: t("invite.rematch", { name: inv.from, game: name }) }),
      accept, " ", later, " ", decline));
  }
  box.hidden = !Y.invites.length; // announced (role=status), never stealing the focus from a game
}

export function yourTables() {
  return Y.tables;
}
