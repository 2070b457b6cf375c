// Shared by every page: language (catalogs en/ja), the API with the guest token, DOM helpers, header.

const LANGS = ["en", "ja"];
const catalogs = {};
export let lang = pickLang();

function pickLang() {
  const saved = localStorage.getItem("gs.lang");
  if (LANGS.includes(saved)) return saved;
  const nav = (navigator.languages || [navigator.language || "en"]).map((l) => String(l).toLowerCase());
  return nav.some((l) => l.startsWith("ja")) ? "ja" : "en";
}

export async function loadLang(which = lang) {
  if (!catalogs[which]) {
    const res = await fetch(`/web/i18n/${which}.json`);
    catalogs[which] = await res.json();
  }
  lang = which;
  document.documentElement.lang = which;
  return catalogs[which];
}

export function setLang(which) {
  localStorage.setItem("gs.lang", which);
  lang = which;
}

// t("key", {name: "x"}): the catalog sentence with {name} filled in; the English one if missing.
export function t(key, args = {}) {
  let text = catalogs[lang]?.[key] ?? catalogs.en?.[key];
  if (text === undefined) {
    console.warn("missing message", key);
    text = key;
  }
  return text.replace(/\{(\w+)\}/g, (_, k) => (args[k] !== undefined ? String(args[k]) : `{${k}}`));
}

export function has(key) {
  return catalogs[lang]?.[key] !== undefined;
}

// A game term (card, biome, animal ...) from the game's terms.yaml in the current language.
export function term(data, key) {
  const entry = data?.terms?.[key];
  if (entry && typeof entry === "object") return entry[lang] ?? entry.en ?? String(key);
  return String(key).replace(/_/g, " ");
}

// ---- the API --------------------------------------------------------------------------------
export function token() {
  return localStorage.getItem("gs.token");
}

export class ApiError extends Error {
  constructor(status, body) {
    super(body?.error?.reason || `HTTP ${status}`);
    this.status = status;
    this.code = body?.error?.code;
  }
}

export async function api(path, { method = "GET", body } = {}) {
  const headers = { "Accept-Language": lang };
  const tok = token();
  if (tok) headers.Authorization = `Bearer ${tok}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const sep = path.includes("?") ? "&" : "?";
  const res = await fetch(`${path}${sep}lang=${lang}`, {
    method, headers, body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await res.json().catch(() => null);
  if (!res.ok) throw new ApiError(res.status, data);
  return data;
}

let meCache;
export async function me() {
  if (meCache !== undefined) return meCache;
  if (!token()) return (meCache = null);
  try {
    meCache = await api("/api/me");
  } catch (e) {
    if (e.status === 401) localStorage.removeItem("gs.token");
    meCache = null;
  }
  return meCache;
}

// Signed in, or a new guest under ``name``.
export async function ensureUser(name) {
  const user = await me();
  if (user) return user;
  const session = await api("/api/auth/guest", { method: "POST", body: { name: (name || "").trim() || t("guest.default") } });
  localStorage.setItem("gs.token", session.token);
  meCache = session.user;
  return session.user;
}

export function param(name) {
  return new URLSearchParams(location.search).get(name);
}

// ---- DOM ------------------------------------------------------------------------------------
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  return fill(node, attrs, children);
}

const SVGNS = "http://www.w3.org/2000/svg";
export function svg(tag, attrs = {}, ...children) {
  return fill(document.createElementNS(SVGNS, tag), attrs, children);
}

function fill(node, attrs, children) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "text") node.textContent = v;
    else if (k.startsWith("on") && typeof v === "function") node.addEventListener(k.slice(2), v);
    else if (k === "class" && node instanceof HTMLElement) node.className = v;
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : String(child));
  }
  return node;
}

export function clear(node) {
  while (node.firstChild) node.firstChild.remove();
  return node;
}

// Seats: colour-blind safe (Okabe-Ito colours) and always with a letter and a shape as well.
export const SEAT_COLOURS = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9"];
export const SEAT_LETTERS = ["A", "B", "C", "D", "E", "F"];
export const SEAT_SHAPES = ["circle", "square", "triangle", "diamond", "hexagon", "star"];

// An SVG marker for a seat: its shape, filled with its colour, with its letter on top.
export function seatMarker(seat, x, y, r = 9, attrs = {}) {
  const colour = seat === null || seat === undefined || seat < 0 ? "#777" : SEAT_COLOURS[seat % 6];
  const shape = seat === null || seat === undefined || seat < 0 ? "circle" : SEAT_SHAPES[seat % 6];
  const letter = seat === null || seat === undefined || seat < 0 ? "N" : SEAT_LETTERS[seat % 6];
  let body;
  const style = { fill: colour, stroke: "#111", "stroke-width": 1.2 };
  if (shape === "circle") body = svg("circle", { cx: x, cy: y, r, ...style });
  else if (shape === "square") body = svg("rect", { x: x - r * 0.9, y: y - r * 0.9, width: r * 1.8, height: r * 1.8, ...style });
  else body = svg("polygon", { points: polygon(shape, x, y, r), ...style });
  return svg("g", { class: "seat-marker", ...attrs }, body,
    svg("text", { x, y: y + r * 0.38, "text-anchor": "middle", "font-size": r * 1.05, fill: "#fff", "font-weight": 700, "pointer-events": "none" }, letter));
}

function polygon(shape, x, y, r) {
  const n = { triangle: 3, diamond: 4, hexagon: 6, star: 10 }[shape];
  const pts = [];
  for (let i = 0; i < n; i++) {
    const a = -Math.PI / 2 + (i * 2 * Math.PI) / n;
    const rr = shape === "star" && i % 2 ? r * 0.5 : shape === "triangle" ? r * 1.25 : r * 1.1;
    pts.push(`${(x + rr * Math.cos(a)).toFixed(1)},${(y + rr * Math.sin(a) + (shape === "triangle" ? r * 0.2 : 0)).toFixed(1)}`);
  }
  return pts.join(" ");
}

// An HTML badge for a seat (shape letter) used in lists.
export function seatBadge(seat) {
  const s = svg("svg", { width: 20, height: 20, viewBox: "0 0 24 24", "aria-hidden": "true", class: "badge" }, seatMarker(seat, 12, 12, 9));
  return s;
}

// ---- the page header: home, leaderboard, language ------------------------------------------------
export async function header(onLang) {
  const bar = document.getElementById("topbar");
  if (!bar) return;
  clear(bar);
  const user = await me();
  const select = el("select", { id: "lang", "aria-label": t("lang.label") },
    el("option", { value: "en", text: "English" }), el("option", { value: "ja", text: "日本語" }));
  select.value = lang;
  select.addEventListener("change", async () => {
    setLang(select.value);
    await loadLang(select.value);
    translate(document);
    await header(onLang);
    if (onLang) onLang(select.value);
  });
  bar.append(
    el("a", { href: "/web/", class: "brand", text: "gameshelf" }),
    el("nav", { "aria-label": t("nav.label") },
      el("a", { href: "/web/", text: t("nav.lobby") }),
      el("a", { href: "/web/players.html", text: t("nav.leaderboard") }),
      user ? el("a", { href: `/web/players.html?user=${encodeURIComponent(user.id)}`, text: t("nav.me", { name: isolate(user.name) }) }) : null),
    select,
  );
  if (user) import("./yourturn.js").then((m) => m.mountYourTurn(bar)); // "your turn at N tables", live
}

// Every element with data-i18n="key" gets its text from the catalog (data-i18n-attr for attributes).
export function translate(root) {
  for (const node of root.querySelectorAll("[data-i18n]")) node.textContent = t(node.dataset.i18n);
  for (const node of root.querySelectorAll("[data-i18n-label]")) node.setAttribute("aria-label", t(node.dataset.i18nLabel));
  for (const node of root.querySelectorAll("[data-i18n-placeholder]")) node.setAttribute("placeholder", t(node.dataset.i18nPlaceholder));
  document.title = t(document.body.dataset.title || "app.title");
}

export function toast(message, kind = "error") {
  const box = document.getElementById("toast") || document.body.appendChild(el("div", { id: "toast", role: "status", "aria-live": "assertive" }));
  box.className = `toast ${kind}`;
  box.textContent = message;
  clearTimeout(box._timer);
  box._timer = setTimeout(() => { box.className = "toast hidden"; }, 5000);
}

export async function gameData(gameId) {
  const res = await fetch(`/web/data/${gameId}.json`);
  return res.json();
}

export function gameTitle(game) {
  return game.titles?.[lang] || game.titles?.en || game.id;
}

// A bot's seat name comes from the server in English ("Bot 2 (random)") inside log sentences and
// prompts; a page shows it in its own language.
export function localizeNames(text, seats) {
  if (!text) return text;
  let out = String(text);
  seats.forEach((s, i) => {
    if (s.kind !== "bot" || !s.name) return;
    const local = seatName(s, i);
    if (local !== s.name) out = out.split(s.name).join(local);
  });
  return out;
}

// A person's name set apart from the text around it (FIRST STRONG ISOLATE ... POP DIRECTIONAL
// ISOLATE, what <bdi> does): a right-to-left name cannot reorder the sentence it stands in.
export function isolate(name) {
  return `\u2068${name}\u2069`;
}

export function seatName(seat, i) {
  if (!seat) return t("seat.n", { n: i + 1 });
  if (seat.kind === "bot") return t("seat.bot", { level: t(`level.${seat.level || "random"}`), n: i + 1 });
  if (seat.name) return isolate(seat.name);
  return seat.kind === "invited" ? t("seat.invited") : t("seat.open");
}
