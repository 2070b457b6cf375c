// Borealis: the pool, deck and discard; scoring cards and objectives; each player's board with its
// five zones (camps and the three locations), the exploration tracks with flags, scientists by
// colour, the cards stacked at each location, tokens; the seat's own hand (others: backs).
// Element ids (the engine's): card:<id>, location:<seat>:<L|C|R>.
import { el, seatMarker, SEAT_COLOURS, svg } from "../common.js";
import { canvas, cardBack, fit, info, item, rect, short, text, wrapText, explainKey, servedText } from "../board.js";

const SPECIES_COLOUR = { POLAR_BEAR: "#f4f4f4", ARCTIC_FOX: "#f6c89f", SNOWY_OWL: "#d9e4f5", HARP_SEAL: "#c9d6a3", PUFFIN: "#f3b7c8" };
const SPECIES_MARK = { POLAR_BEAR: "PB", ARCTIC_FOX: "AF", SNOWY_OWL: "SO", HARP_SEAL: "HS", PUFFIN: "PU" };
const SCI_COLOUR = { YELLOW: "#E69F00", BLUE: "#0072B2", PINK: "#CC79A7" };
const SCI_LETTER = { YELLOW: "Y", BLUE: "B", PINK: "P" };
const VEHICLE_MARK = { SLED: "Sl", ZEPPELIN: "Ze", SUBMARINE: "Su", KAYAK: "Ka", SKIS: "Sk" };
// Short forms in the page's language (the catalogs' short.bo.*): species, vehicles, scientists.
const speciesMark = (k) => short("bo", k, SPECIES_MARK[k] || "?");
const vehicleMark = (k) => short("bo", k, VEHICLE_MARK[k] || "?");
const sciLetter = (k) => short("bo", `sci_${k}`, SCI_LETTER[k] || "?");
const CW = 58;
const CH = 78;

// A card as the view names it: a number, or (newer views) its element id "card:<n>".
function num(c) {
  return typeof c === "string" && c.startsWith("card:") ? Number(c.slice(5)) : c;
}

function cards(ctx) {
  if (!ctx._cards) ctx._cards = new Map((ctx.data.files.cards?.cards || []).map((c) => [c.id, c]));
  return ctx._cards;
}

function cardLabel(ctx, c) {
  if (!c) return "";
  const stars = c.bonus_stars ? ` +${c.bonus_stars}★` : "";
  return `${ctx.term(c.species)} (${ctx.term(c.vehicle)})${stars}`;
}

function card(ctx, raw, x, y, scale = 1) {
  const id = num(raw);
  const c = cards(ctx).get(id) || { id, species: "?", vehicle: "?" };
  const w = CW * scale;
  const h = CH * scale;
  const arrow = (col, ax) => [
    svg("circle", { cx: ax, cy: y + h - 11 * scale, r: 7 * scale, fill: SCI_COLOUR[col] || "#999", stroke: "#222" }),
    text(ax, y + h - 8 * scale, sciLetter(col), { "font-size": 8 * scale, fill: "#fff", "font-weight": 700 }),
  ];
  return item(`card:${id}`, cardLabel(ctx, c),
    rect(x, y, w, h, { fill: SPECIES_COLOUR[c.species] || "#eee", stroke: "#333", "stroke-width": 1.2 }),
    text(x + w / 2, y + 17 * scale, speciesMark(c.species), { "font-size": 15 * scale, "font-weight": 700 }),
    text(x + w / 2, y + 31 * scale, fit(ctx.term(c.species), 54, 7), { "font-size": 7 * scale }),
    rect(x + w / 2 - 13 * scale, y + 36 * scale, 26 * scale, 14 * scale, { fill: "#fff", stroke: "#555", rx: 7 }),
    text(x + w / 2, y + 46 * scale, vehicleMark(c.vehicle), { "font-size": 9 * scale }),
    c.bonus_stars ? text(x + w - 8 * scale, y + 11 * scale, "★".repeat(c.bonus_stars), { "font-size": 9 * scale, fill: "#a06800" }) : null,
    text(x + 7 * scale, y + 10 * scale, String(id), { "font-size": 7 * scale, fill: "#555" }),
    arrow(c.left_arrow, x + 10 * scale), arrow(c.right_arrow, x + w - 10 * scale));
}

function common(ctx) {
  const v = ctx.view;
  const t = ctx.t;
  const pool = v.pool || [];
  const parts = [info("pool", t("bo.pool"), {}, text(10, 16, t("bo.pool"), { "text-anchor": "start", "font-weight": 700 }))];
  pool.forEach((id, i) => parts.push(card(ctx, id, 10 + i * (CW + 6), 24)));
  let x = 20 + Math.max(pool.length, 1) * (CW + 6);
  parts.push(info("deck", t("bo.deck_count", { n: v.deck_count ?? 0 }), {}, text(x, 16, t("bo.deck"), { "text-anchor": "start", "font-weight": 700 })),
    svg("g", { "data-id": "deck", "aria-label": t("bo.deck_count", { n: v.deck_count ?? 0 }) }, cardBack(x, 24, CW, CH, v.deck_count ?? 0, t("bo.deck_count", { n: v.deck_count ?? 0 }))));
  x += CW + 10;
  const discard = v.discard || [];
  const discardLabel = `${t("bo.discard")}: ${discard.length}`;
  if (discard.length) parts.push(card(ctx, discard[discard.length - 1], x, 24));
  parts.push(info("discard", discardLabel, {}, text(x, 16, t("bo.discard"), { "text-anchor": "start", "font-weight": 700 }),
    text(x + CW / 2, 24 + CH + 14, `×${discard.length}`, { "font-size": 10 })));
  // The round, and what the rules say ends the game (R36: 7 cards in one location; the round is
  // then completed), with how near it is; the engine's safety cap on rounds is not the game's length.
  const most = Math.max(0, ...(v.boards || []).flatMap((p) => (p.columns || []).map((c) => c.length)));
  const end = v.end_triggered ? t("board.bo.final_round") : t("board.bo.end_rule", { n: most });
  const line = `${t("bo.round", { n: v.round ?? "–" })} · ${end}`;
  const lines = wrapText(line, x + CW - 10, 11, 3);
  parts.push(info("end_rule", line, { class: "round-info" },
    ...lines.map((l, i) => text(10, CH + 48 + i * 14, l, { "text-anchor": "start" }))));
  return canvas(x + CW + 10, CH + 56 + lines.length * 14, t("bo.common"), ...parts);
}

// Scoring cards and objectives: a panel of their own, so a phone shows them under the pool.
function goals(ctx) {
  const v = ctx.view;
  const t = ctx.t;
  const parts = [];
  const x = 10;
  const explain = ctx.data.files.explain || {};
  const help = (group, id) => explain[group]?.[id]?.[ctx.lang] || explain[group]?.[id]?.en || "";
  parts.push(text(x, 16, t("bo.scoring"), { "text-anchor": "start", "font-weight": 700 }));
  (v.scoring_cards || []).forEach((id, i) => parts.push(item(`scoring:${id}`, `${ctx.term(id)}: ${help("scoring_cards", id)}`,
    rect(x, 24 + i * 26, 210, 22, { fill: "#fff8e0", stroke: "#a08040" }),
    text(x + 105, 39 + i * 26, fit(ctx.term(id), 200, 10), { "font-size": 10 }))));
  const oy = 24 + (v.scoring_cards || []).length * 26 + 16;
  parts.push(text(x, oy, t("bo.objectives"), { "text-anchor": "start", "font-weight": 700 }));
  // Objectives (R31-R34): the 5★ tokens left on each, its status, and who achieved it (seat markers).
  (v.objectives || []).forEach((o, i) => {
    const by = (v.boards || []).map((p, s) => ((p.objectives_achieved || []).includes(o.id) ? s : -1)).filter((s) => s >= 0);
    const who = by.length ? t("board.bo.achieved_by", { names: by.map((s) => ctx.names[s] ?? s + 1).join(", ") }) : t("board.bo.achieved_by_nobody");
    const label = `${ctx.term(o.id)}: ${t(`bo.status.${o.status}`)}, ${t("board.bo.tokens_left", { n: o.tokens })}; ${who}. ${help("objectives", o.id)}`;
    const y = oy + 8 + i * 24;
    parts.push(item(`objective:${o.id}`, label,
      rect(x, y, 210, 20, { fill: o.status === "open" ? "#eef6ff" : o.status === "closing" ? "#fff0d0" : "#ddd", stroke: "#4070a0", "stroke-dasharray": o.status === "closing" ? "5 3" : null }),
      text(x + 6, y + 14, `${fit(ctx.term(o.id), 96, 10)} · ${"●".repeat(o.tokens || 0) || "–"}`, { "font-size": 10, "text-anchor": "start" }),
      svg("g", { class: "achieved", "data-objective": o.id, "data-seats": by.join(",") },
        ...by.map((s, k) => seatMarker(s, x + 200 - k * 17, y + 10, 7)))));
  });
  return canvas(x + 220, oy + 8 + (v.objectives || []).length * 24 + 6, `${t("bo.scoring")} · ${t("bo.objectives")}`, ...parts);
}

function playerBoard(ctx, p, seat) {
  const t = ctx.t;
  const tracks = ctx.data.files.boards || {};
  const sideTracks = (tracks.side_I || {})[p.board] || (tracks.side_II || {})[p.board] || {};
  const colours = ctx.data.files.enumerations?.scientist_colours || ["YELLOW", "BLUE", "PINK"];
  const zones = ["LEFT_CAMP", "LEFT", "CENTER", "RIGHT", "RIGHT_CAMP"];
  const colW = 92;
  const ox = 10;
  const parts = [];
  const tallest = Math.max(1, ...(p.columns || []).map((c) => c.length));
  const width = ox + 5 * colW + 10;
  parts.push(seatMarker(seat, 18, 18, 9));
  // The final score beside the name once scored (as on the score sheet); the ★ tokens are the coin.
  const final = ctx.outcome?.scores?.[seat];
  const name = `${ctx.names[seat] ?? seat + 1}${final !== undefined && final !== null ? ` · ${t("board.bo.final", { n: final })}` : ""}`;
  parts.push(info("player", name, { class: "player-name" }, text(34, 22, fit(name, 150, 13), { "text-anchor": "start", "font-weight": 700, "font-size": 13 })));
  // Tokens (R30): the seat's ★ total as a coin; the objectives it took a token from, as badges.
  const tokenLabel = t("bo.tokens", { n: p.tokens ?? 0 });
  parts.push(svg("g", { class: "tokens", "data-seat": seat, "data-tokens": p.tokens ?? 0, "data-explain": "tokens", "aria-label": tokenLabel, role: "img" }, svg("title", {}, tokenLabel),
    svg("circle", { cx: 196, cy: 17, r: 12, fill: "#ffd54f", stroke: "#8a6d00", "stroke-width": 1.5 }),
    text(196, 21, `${p.tokens ?? 0}`, { "font-size": 11, "font-weight": 700 }),
    text(212, 22, "★", { "font-size": 12, fill: "#8a6d00", "text-anchor": "start" })));
  (p.objectives_achieved || []).forEach((id, k) => {
    const label = `${t("board.bo.achieved")}: ${ctx.term(id)}`;
    const bx = 234 + k * 79;
    parts.push(svg("g", { class: "objective-badge", "data-seat": seat, "data-objective": id, "aria-label": label, role: "img" }, svg("title", {}, label),
      rect(bx, 7, 76, 20, { fill: "#eef6ff", stroke: "#4070a0", rx: 10 }),
      text(bx + 38, 21, fit(`✓ ${ctx.term(id)}`, 70, 9), { "font-size": 9 })));
  });
  zones.forEach((z, zi) => {
    const x = ox + zi * colW;
    const y0 = 34;
    const camp = z.endsWith("CAMP");
    const loc = camp ? null : zi - 1; // 0..2
    const g = [rect(x + 2, y0, colW - 4, 8 * 20 + 60, { fill: camp ? "#e9e4d8" : "#e2eef8", stroke: "#789" })];
    g.push(text(x + colW / 2, y0 + 14, ctx.term(z), { "font-size": 10, "font-weight": 700 }));
    if (!camp) {
      // The track: spaces 7 (top) .. 1, the start space 0 at the bottom; the flag where it stands.
      const spaces = sideTracks[z] || [];
      for (let s = 7; s >= 0; s--) {
        const sy = y0 + 20 + (7 - s) * 20;
        const icons = s ? (spaces[s - 1] || []).map((vh) => vehicleMark(vh)).join(" ") : t("bo.start");
        g.push(rect(x + 10, sy, colW - 20, 18, { fill: "#fff", stroke: "#9ab", rx: 2 }), text(x + colW / 2, sy + 13, icons, { "font-size": 9 }));
        if ((p.flags || [])[loc] === s) {
          g.push(svg("path", { d: `M${x + 12} ${sy + 16} L${x + 12} ${sy + 1} L${x + 24} ${sy + 5} L${x + 12} ${sy + 9}`, fill: SEAT_COLOURS[seat % 6], stroke: "#111" }));
        }
      }
    }
    // Scientists in this zone, by colour (counts with letters).
    const counts = (p.scientists || [])[zi] || [];
    const sy = y0 + 20 + 8 * 20 + 8;
    colours.forEach((col, ci) => {
      const n = counts[ci] || 0;
      if (!n) return;
      const cx = x + 18 + ci * 28;
      g.push(svg("rect", { x: cx - 9, y: sy, width: 18, height: 22, rx: 9, fill: SCI_COLOUR[col], stroke: "#222" }),
        text(cx, sy + 15, `${sciLetter(col)}${n > 1 ? n : ""}`, { "font-size": 10, fill: "#fff", "font-weight": 700 }));
    });
    const label = camp ? ctx.term(z) : `${ctx.term(z)} (${t("bo.flag_at", { n: (p.flags || [])[loc] ?? 0 })})`;
    if (camp) parts.push(info("camp", label, {}, ...g));
    else parts.push(item(`location:${seat}:${"LCR"[loc]}`, `${ctx.names[seat] ?? seat + 1}: ${label}`, ...g));
  });
  // Cards played at each location, stacked with each one's top edge showing.
  const cy = 34 + 8 * 20 + 70;
  (p.columns || []).forEach((col, li) => {
    const x = ox + (li + 1) * colW + (colW - CW) / 2;
    col.forEach((id, k) => parts.push(card(ctx, id, x, cy + k * 20)));
  });
  // The hand: the seat's own cards; another seat's as backs.
  const hy = cy + tallest * 20 + CH - 10;
  parts.push(info("hand", t("bo.hand"), {}, text(ox, hy, t("bo.hand"), { "text-anchor": "start", "font-size": 11, "font-weight": 700 })));
  if (Array.isArray(p.hand)) p.hand.forEach((id, i) => parts.push(card(ctx, id, ox + 50 + i * (CW * 0.8 + 4), hy - 12, 0.8)));
  else parts.push(cardBack(ox + 50, hy - 12, CW * 0.6, CH * 0.6, p.hand_count ?? 0, t("bo.hidden_hand", { n: p.hand_count ?? 0 })));
  const height = hy + CH * 0.8 + 8;
  parts.unshift(rect(2, 2, width - 4, height - 4, { fill: "#f5f9fc", stroke: SEAT_COLOURS[seat % 6], "stroke-width": 3 }));
  return canvas(width, height, `${ctx.names[seat] ?? seat + 1}: ${t("bo.board")}`, ...parts);
}

export function render(ctx) {
  const v = ctx.view;
  const wrap = el("div", { class: "board-wrap bo" });
  wrap.append(el("div", { class: "board-panel" }, common(ctx)), el("div", { class: "board-panel" }, goals(ctx)));
  const order = [...(v.boards || []).keys()];
  if (ctx.seat !== null && ctx.seat !== undefined) order.sort((a, b) => (a === ctx.seat ? -1 : b === ctx.seat ? 1 : a - b));
  for (const i of order) wrap.append(el("div", { class: "board-panel" }, playerBoard(ctx, v.boards[i], i)));
  return wrap;
}

export function scores(view) {
  return null;
}

// ---- the legend and the explanations (explain.js, legend.js) ---------------------------------------
export function explain(ctx, key) {
  const [kind, id] = explainKey(key);
  const t = ctx.t;
  if (kind === "card") {
    const c = cards(ctx).get(Number(id));
    if (!c) return null;
    return [t("board.bo.x_card", { left: ctx.term(c.left_arrow), right: ctx.term(c.right_arrow), vehicle: ctx.term(c.vehicle) }),
      c.bonus_stars ? t("board.bo.x_stars", { n: c.bonus_stars }) : null];
  }
  if (kind === "scoring" || kind === "objective") return [servedText(ctx, id)];
  if (kind === "location") return [t("board.bo.x_location")];
  if (kind === "camp") return [t("board.bo.x_camp")];
  if (kind === "end_rule") return [t("board.bo.x_end")];
  if (kind === "pool") return [t("board.bo.x_pool")];
  if (kind === "discard") return [t("board.bo.x_discard")];
  if (kind === "tokens") return [t("board.bo.lg_tokens")];
  if (kind === "hand") return [t("board.bo.x_hand")];
  if (kind === "deck") return null;
  return null;
}

export function legend(ctx) {
  const t = ctx.t;
  const out = Object.keys(SPECIES_MARK).map((k) => ({
    icon: [rect(6, 2, 32, 28, { fill: SPECIES_COLOUR[k], stroke: "#333" }), text(22, 21, speciesMark(k), { "font-size": 12, "font-weight": 700 })],
    text: `${speciesMark(k)}: ${ctx.term(k)}`,
  }));
  for (const k of Object.keys(VEHICLE_MARK)) {
    out.push({ icon: [rect(6, 8, 32, 16, { fill: "#fff", stroke: "#555", rx: 8 }), text(22, 20, vehicleMark(k), { "font-size": 10 })], text: `${vehicleMark(k)}: ${ctx.term(k)}` });
  }
  for (const k of Object.keys(SCI_COLOUR)) {
    out.push({ icon: [svg("circle", { cx: 22, cy: 16, r: 9, fill: SCI_COLOUR[k], stroke: "#222" }), text(22, 20, sciLetter(k), { "font-size": 10, fill: "#fff", "font-weight": 700 })],
      text: t("board.bo.lg_scientist", { mark: sciLetter(k), colour: ctx.term(k) }) });
  }
  out.push({ icon: [text(22, 22, "★", { "font-size": 16, fill: "#a06800" })], text: t("board.bo.lg_star") },
    { icon: [svg("path", { d: "M14 28 L14 6 L30 11 L14 16", fill: SEAT_COLOURS[0], stroke: "#111" })], text: t("board.bo.lg_flag") },
    { icon: [svg("circle", { cx: 22, cy: 16, r: 12, fill: "#ffd54f", stroke: "#8a6d00" }), text(22, 20, "3", { "font-size": 11, "font-weight": 700 })], text: t("board.bo.lg_tokens") },
    { icon: [rect(2, 6, 40, 20, { fill: "#eef6ff", stroke: "#4070a0" }), text(22, 20, "●●", { "font-size": 10 })], text: t("board.bo.lg_objective") });
  return out;
}
