// Mariposas: the map of North America (flower spaces by region with their flower and milkweed,
// cities with waystation markers, Michoacán), butterflies by player and generation, the season
// goals (face down until revealed), the hands of movement cards, life-cycle cards, flowers, abilities.
// Element ids (the engine's): space:<id>, butterfly:<seat>.<slot>, card:<id>, flower:<type>,
// lifecycle:<id>, bonus:<id>, hand:<seat>. The map's rows (r00-r12) and columns (00-24) are
// numbered along its edges as the notation names a flower space (r05c07: row 05, column 07).
import { el, has, seatMarker, SEAT_COLOURS, svg } from "../common.js";
import { canvas, cardBack, coords, fit, info, item, rect, short, text, wrapText, explainKey, servedText } from "../board.js";

const REGION = { yellow: "#fff3b0", green: "#d4ecc4", red: "#f6c9c2", blue: "#cfe3f6", orange: "#fbd9b0", purple: "#e3d4f0" };
const FLOWER = { white: "#ffffff", yellow: "#f5d000", orange: "#f08a00", pink: "#f07aa8", purple: "#8a4fc0" };
const FLOWER_MARK = { white: "W", yellow: "Y", orange: "O", pink: "P", purple: "V" };
const flowerMark = (f) => short("ma", f, FLOWER_MARK[f] || "");
const DX = 26;
const DY = 40;
const X0 = 48; // room for the row numbers
const Y0 = 52; // and the column numbers
const pad2 = (n) => String(n).padStart(2, "0");

function spaces(ctx) {
  if (!ctx._spaces) ctx._spaces = new Map((ctx.data.files.map?.spaces || []).map((s) => [s.id, s]));
  return ctx._spaces;
}

function pos(s) {
  return [X0 + s.x2 * DX, Y0 + s.row * DY];
}

function map(ctx) {
  const v = ctx.view;
  const t = ctx.t;
  const parts = [];
  const sp = spaces(ctx);
  // Roads: the adjacency, drawn once.
  for (const s of sp.values()) {
    for (const o of s.adj || []) {
      const other = sp.get(o);
      if (!other || o < s.id) continue;
      const [x1, y1] = pos(s);
      const [x2, y2] = pos(other);
      parts.push(svg("line", { x1, y1, x2, y2, stroke: "#c8c0b0", "stroke-width": 1 }));
    }
  }
  for (const s of sp.values()) {
    const [x, y] = pos(s);
    const name = s.kind === "flower" ? `${t("ma.space")} ${s.id}: ${ctx.term(s.flower)} ×${s.n}${s.milkweed ? `, ${t("ma.milkweed")}` : ""}` : ctx.term(s.id);
    const g = [];
    if (s.kind === "flower") {
      g.push(svg("circle", { cx: x, cy: y, r: 15, fill: REGION[s.color] || "#eee", stroke: s.milkweed ? "#2e7d32" : "#999", "stroke-width": s.milkweed ? 3 : 1 }));
      for (let k = 0; k < (s.n || 1); k++) {
        const fx = x - 5 + k * 10 - ((s.n || 1) - 1) * 0;
        g.push(svg("circle", { cx: s.n > 1 ? fx : x, cy: y - 5, r: 4.5, fill: FLOWER[s.flower], stroke: "#333" }));
      }
      g.push(text(x, y + 10, flowerMark(s.flower), { "font-size": 8 }));
      // The region (R42: goals name regions by colour) as a letter too, in a small square.
      g.push(rect(x - 17, y - 2, 9, 9, { fill: "#fff", stroke: "#777", rx: 1, "stroke-width": 0.6 }),
        text(x - 12.5, y + 5, regionLetter(ctx, s.color), { "font-size": 6.5, fill: "#333" }));
      // Milkweed (R25): a leaf beside the thick ring, a shape as well as a colour.
      if (s.milkweed) g.push(svg("path", { class: "milkweed", d: `M${x + 9} ${y - 9} q 9 -9 13 -1 q -6 8 -13 1 z`, fill: "#2e7d32", stroke: "#123", "stroke-width": 0.6 }));
    } else {
      const w = 60;
      // The city's whole name, in two lines when it needs them (the full name is in its explanation).
      const lines = wrapText(ctx.term(s.id), 58, 8.5, 2);
      g.push(rect(x - w / 2, y - 13, w, 26, { fill: s.kind === "michoacan" ? "#f0a030" : "#fffdf5", stroke: "#554", "stroke-width": 1.5 }),
        ...lines.map((line, i) => text(x, y + (lines.length > 1 ? -3 + i * 9 : 2), line, { "font-size": 8.5, "font-weight": 700 })));
      if (s.kind === "city" && s.id in (v.waystations || {})) g.push(waystation(ctx, v.waystations[s.id], x + w / 2 - 4, y - 12));
    }
    const marker = s.kind === "city" ? v.waystations?.[s.id] : undefined;
    const wsLabel = marker === undefined ? "" : `, ${ctx.t("board.ma.waystation")}: ${marker ? ctx.term(marker) : ctx.t("ma.face_down")}`;
    parts.push(item(`space:${s.id}`, name + wsLabel + (s.kind === "city" && s.milkweed ? `, ${t("ma.milkweed")}` : ""), ...g));
  }
  // Butterflies on the map; several on one space fan out.
  const at = new Map();
  (v.boards || []).forEach((p, seat) => (p.butterflies || []).forEach((b) => {
    if (!sp.has(b.at)) return;
    const k = at.get(b.at) || 0;
    at.set(b.at, k + 1);
    const [x, y] = pos(sp.get(b.at));
    parts.push(butterfly(ctx, seat, b, x - 12 + (k % 3) * 12, y + 15 + Math.floor(k / 3) * 12, 7.5));
  }));
  // Numbered: the rows and columns of the flower spaces (the ids rNNcNN); the canvas holds every space.
  const flowers = [...sp.values()].filter((s) => s.kind === "flower");
  const rows = Math.max(...flowers.map((s) => s.row));
  const cols = Math.max(...flowers.map((s) => s.x2));
  const bottom = Math.max(...[...sp.values()].map((s) => s.row));
  const right = Math.max(...[...sp.values()].map((s) => s.x2));
  parts.unshift(coords({ x0: X0, y0: Y0, dx: DX, dy: DY, rows: [...Array(rows + 1).keys()], cols: [...Array(cols + 1).keys()],
    left: 16, top: 20, fmt: pad2, rowFmt: (r) => `r${pad2(r)}`, size: 10 }));
  const width = X0 + right * DX + 40;
  return canvas(width, Y0 + bottom * DY + 48, t("ma.map"), ...parts);
}

function regionLetter(ctx, colour) {
  return [...ctx.term(colour || "")][0]?.toUpperCase() || "";
}

const LIFE_STAGE = { egg: 1, caterpillar: 2, chrysalis: 3, adult: 4 };
const LIFE_FILL = { green: "#b9e0a5", pink: "#f4c2d7", blue: "#b7d3f0" };

// A waystation marker (R41-R51): face down it is a plain back (what it gives is hidden, R51);
// face up it shows its reward: a life-cycle card (colour letter and stage 1-4), a bonus move card
// (+) or the wildflower (✿).
function waystation(ctx, marker, x, y) {
  const label = marker ? `${ctx.t("board.ma.waystation")}: ${ctx.term(marker)}` : `${ctx.t("board.ma.waystation")}: ${ctx.t("ma.face_down")}`;
  let fill = "#5a4a7a";
  let mark = "?";
  if (marker) {
    const life = /^life_(\w+?)_(\w+)$/.exec(marker);
    if (life) {
      fill = LIFE_FILL[life[1]] || "#eee";
      mark = `${regionLetter(ctx, life[1])}${LIFE_STAGE[life[2]] ?? ""}`;
    } else if (marker === "wildflower") {
      fill = "#fff";
      mark = "✿";
    } else {
      fill = "#e6e6e6";
      mark = "+";
    }
  }
  const g = svg("g", { class: "waystation", "data-marker": marker || "hidden", "aria-label": label, role: "img" }, svg("title", {}, label),
    svg("polygon", { points: `${x},${y - 8} ${x + 8},${y} ${x},${y + 8} ${x - 8},${y}`, fill, stroke: "#222", "stroke-width": 1 }),
    text(x, y + 3, mark, { "font-size": 7, "font-weight": 700, fill: marker ? "#111" : "#fff" }));
  g.setAttribute("data-explain", marker && !/^life_/.test(marker) ? `waystation:${marker}` : "waystation:lifecycle");
  return g;
}

function butterfly(ctx, seat, b, x, y, r) {
  const label = `${ctx.names[seat] ?? seat + 1}: ${ctx.t("ma.butterfly", { gen: b.gen })}${b.double ? " ×2" : ""} (${place(ctx, b.at)})`;
  return item(`butterfly:${seat}.${b.marker}`, label, seatMarker(seat, x, y, r),
    text(x + r + 2, y + 3, String(b.gen), { "font-size": 7, "font-weight": 700, "text-anchor": "start" }));
}

function place(ctx, at) {
  return has(`ma.at.${at}`) ? ctx.t(`ma.at.${at}`) : ctx.term(at);
}

function sideArea(ctx) {
  const v = ctx.view;
  const t = ctx.t;
  const parts = [];
  let y = 18;
  parts.push(text(10, y, `${t("ma.season")}: ${ctx.term(v.season || "")} · ${t("ma.deck", { n: v.deck_count ?? 0 })}`, { "text-anchor": "start", "font-weight": 700 }));
  y += 12;
  // Season goals: face down (a back, "?") until revealed; the goal's text once face up.
  for (const [season, goal] of Object.entries(v.goals || {})) {
    const label = goal ? `${ctx.term(season)}: ${ctx.term(goal)}` : `${ctx.term(season)}: ${t("ma.face_down")}`;
    const gx = 10 + Object.keys(v.goals).indexOf(season) * 110;
    const words = goal ? ctx.term(goal).replace(/^\w+\s*/, "") : "";
    parts.push(item(`goal:${season}`, label, rect(gx, y, 104, 40, { fill: goal ? "#fff8e0" : "#666", stroke: "#333" }),
      svg("g", { class: "goal", "data-goal": goal || "hidden" },
        text(gx + 52, y + 12, `${ctx.term(season)}${goal ? ` · ${goal}` : ""}`, { "font-size": 9.5, "font-weight": 700, fill: goal ? "#000" : "#fff" }),
        goal ? wrapText(words, 98, 7, 2).map((line, i) => text(gx + 52, y + 23 + i * 9, line, { "font-size": 7 })) : text(gx + 52, y + 30, "?", { "font-size": 14, fill: "#fff" }))));
  }
  y += 50;
  // The discard pile of movement cards (face up, public): its size and its top card.
  const discard = v.discard || [];
  const top = discard[discard.length - 1];
  const pile = `${t("board.ma.discard", { n: discard.length })}${top ? `: ${ctx.term(top)}` : ""}`;
  parts.push(svg("g", { class: "discard-pile", "data-count": discard.length, "data-top": top || "", "data-explain": `discard:${top || ""}`, "aria-label": pile, role: "img" }, svg("title", {}, pile),
    text(10, y + 4, fit(pile, 330, 10), { "text-anchor": "start", "font-size": 10 })));
  y += 22;
  parts.push(text(10, y, t("ma.supply"), { "text-anchor": "start", "font-weight": 700 }));
  y += 6;
  Object.entries(v.card_supply || {}).forEach(([id, n], i) => {
    const x = 10 + (i % 5) * 66;
    const yy = y + Math.floor(i / 5) * 30;
    const kind = id.startsWith("bonus_") ? "bonus" : "lifecycle";
    const colour = id.startsWith("green") ? "#b9e0a5" : id.startsWith("pink") ? "#f4c2d7" : id.startsWith("blue") ? "#b7d3f0" : "#eee";
    parts.push(item(`${kind}:${id}`, `${ctx.term(id)} ×${n}`, rect(x, yy, 62, 26, { fill: colour, stroke: "#555" }),
      text(x + 31, yy + 11, fit(ctx.term(id), 58, 7.5), { "font-size": 7.5 }), text(x + 31, yy + 22, `×${n}`, { "font-size": 9, "font-weight": 700 })));
  });
  y += Math.ceil(Object.keys(v.card_supply || {}).length / 5) * 30 + 10;
  parts.push(text(10, y, t("ma.abilities"), { "text-anchor": "start", "font-weight": 700 }));
  Object.entries(v.ability_rows || {}).forEach(([row, ab], i) => parts.push(info(`ability:${ab}`, `${ctx.term(row)}: ${ctx.term(ab)}`, {},
    text(10, y + 16 + i * 14, fit(`${ctx.term(row)}: ${ctx.term(ab)}`, 330, 10), { "text-anchor": "start", "font-size": 10 }))));
  y += 16 + Object.keys(v.ability_rows || {}).length * 14;
  return canvas(350, y, t("ma.common"), ...parts);
}

function playerArea(ctx, p, seat) {
  const t = ctx.t;
  const v = ctx.view;
  const parts = [];
  const own = seat === ctx.seat && Array.isArray(v.hand);
  parts.push(rect(2, 2, 346, 196, { fill: "#fbfaf5", stroke: SEAT_COLOURS[seat % 6], "stroke-width": 3 }));
  parts.push(seatMarker(seat, 18, 18, 9));
  const final = ctx.outcome?.scores?.[seat];
  const score = final !== undefined && final !== null ? t("board.ma.points_final", { n: final }) : t("board.ma.points_play", { n: p.score ?? 0 });
  parts.push(text(34, 22, `${ctx.names[seat] ?? seat + 1} · ${score}`, { "text-anchor": "start", "font-weight": 700, "font-size": 13, class: "player-score" }));
  // Hand.
  parts.push(text(10, 44, t("ma.hand"), { "text-anchor": "start", "font-size": 11 }));
  // The hand as an element of its own (its label's area), the cards beside it: never one control
  // inside another.
  const handLabel = t("ma.hand_of", { name: ctx.names[seat] ?? seat + 1 });
  if (own) {
    parts.push(item(`hand:${seat}`, handLabel, rect(6, 30, 50, 34, { fill: "none", stroke: "none" })));
    v.hand.forEach((id, i) => {
      const lines = wrapText(ctx.term(id), 62, 9, 2);
      parts.push(item(`card:${id}`, ctx.term(id), rect(60 + i * 70, 32, 66, 30, { fill: "#e8f0ff", stroke: "#335" }),
        ...lines.map((line, k) => text(93 + i * 70, (lines.length > 1 ? 44 : 51) + k * 11, line, { "font-size": 9 }))));
    });
  } else {
    parts.push(item(`hand:${seat}`, handLabel, rect(6, 30, 50, 34, { fill: "none", stroke: "none" }),
      cardBack(60, 32, 30, 30, p.hand_count ?? 0, t("ma.hidden_hand", { n: p.hand_count ?? 0 }))));
  }
  // Flowers.
  parts.push(text(10, 82, t("ma.flowers"), { "text-anchor": "start", "font-size": 11 }));
  Object.entries(p.flowers || {}).forEach(([f, n], i) => {
    const node = [svg("circle", { cx: 74 + i * 40, cy: 78, r: 9, fill: FLOWER[f], stroke: "#333" }),
      text(74 + i * 40, 81, flowerMark(f), { "font-size": 8 }), text(90 + i * 40, 82, `×${n}`, { "font-size": 9, "text-anchor": "start" })];
    parts.push(seat === ctx.seat ? item(`flower:${f}`, `${ctx.term(f)} ×${n}`, ...node) : info(`flower:${f}`, `${ctx.term(f)} ×${n}`, {}, ...node));
  });
  // Butterflies off the map (supply, season cards, Michoacán).
  parts.push(text(10, 112, t("ma.butterflies"), { "text-anchor": "start", "font-size": 11 }));
  let k = 0;
  for (const b of p.butterflies || []) {
    if (spaces(ctx).has(b.at) && b.at !== "michoacan") continue;
    parts.push(butterfly(ctx, seat, b, 86 + k * 24, 108, 7));
    parts.push(info("offmap", `${place(ctx, b.at)}`, {}, text(86 + k * 24, 128, (has(`ma.short.${b.at}`) ? t(`ma.short.${b.at}`) : ctx.term(b.at)), { "font-size": 8 })));
    k++;
  }
  if (k) parts.push(info("offmap", t("ma.off_map_key"), {}, text(86 - 7, 139, fit(t("ma.off_map_key"), 260, 7), { "font-size": 7, "text-anchor": "start", fill: "#555" })));
  // Life-cycle cards, bonus cards, abilities, played cards.
  (p.lifecycle_cards || []).forEach((c, i) => {
    const m = /^(\w+?)_(\w+)$/.exec(c) || [];
    parts.push(svg("g", { class: "lifecycle-card", "data-seat": seat, "data-card": c, "data-explain": "lifecycle:lifecycle", "aria-label": ctx.term(c), role: "img" }, svg("title", {}, ctx.term(c)),
      rect(250 + (i % 6) * 16, 142 + Math.floor(i / 6) * 18, 14, 16, { fill: LIFE_FILL[m[1]] || "#eee", stroke: "#333", rx: 2 }),
      text(257 + (i % 6) * 16, 153 + Math.floor(i / 6) * 18, `${regionLetter(ctx, m[1])}${LIFE_STAGE[m[2]] ?? ""}`, { "font-size": 6.5, "font-weight": 700 })));
  });
  const lines = [
    `${t("ma.lifecycle")}: ${(p.lifecycle_cards || []).map((c) => ctx.term(c)).join(", ") || "–"}`,
    `${t("ma.bonus")}: ${(p.bonus_cards || []).map((c) => ctx.term(c)).join(", ") || "–"}`,
    `${t("ma.abilities")}: ${(p.abilities || []).map((c) => ctx.term(c)).join(", ") || "–"}`,
    `${t("ma.played")}: ${(p.played || []).length}`,
  ];
  lines.forEach((s, i) => parts.push(info(`line:${i}`, s, { class: "player-line" }, text(10, 150 + i * 12, fit(s, i === 0 ? 236 : 330, 9.5), { "text-anchor": "start", "font-size": 9.5 }))));
  return canvas(350, 200, `${ctx.names[seat] ?? seat + 1}`, ...parts);
}

export function render(ctx) {
  const v = ctx.view;
  const wrap = el("div", { class: "board-wrap ma" });
  wrap.append(el("div", { class: "board-panel map" }, map(ctx)));
  const side = el("div", { class: "board-panel side" }, sideArea(ctx));
  const order = [...(v.boards || []).keys()];
  if (ctx.seat !== null && ctx.seat !== undefined) order.sort((a, b) => (a === ctx.seat ? -1 : b === ctx.seat ? 1 : a - b));
  for (const i of order) side.append(playerArea(ctx, v.boards[i], i));
  wrap.append(side);
  return wrap;
}

export function scores(view) {
  return (view.boards || []).map((p) => p.score ?? null);
}

// ---- the legend and the explanations (explain.js, legend.js) ---------------------------------------
export function explain(ctx, key) {
  const [kind, id] = explainKey(key);
  const t = ctx.t;
  if (kind === "space") {
    const s = spaces(ctx).get(id);
    if (!s) return null;
    if (s.kind === "flower") {
      return [t("board.ma.x_flower_space", { row: pad2(s.row), col: pad2(s.x2), region: ctx.term(s.color), flower: ctx.term(s.flower), n: s.n }),
        s.milkweed ? t("board.ma.x_milkweed") : null];
    }
    if (s.kind === "michoacan") return [t("board.ma.x_michoacan")];
    return [t("board.ma.x_city"), servedText(ctx, "lifecycle")];
  }
  if (kind === "goal") {
    const goal = ctx.view.goals?.[id];
    return goal ? [ctx.term(goal), servedText(ctx, goal)] : [t("board.ma.x_goal_hidden")];
  }
  if (kind === "waystation") return id === "lifecycle" ? [servedText(ctx, "lifecycle")] : [servedText(ctx, id)];
  if (kind === "discard") return [t("board.ma.x_discard"), id ? servedText(ctx, id) : null];
  if (kind === "flower") return [t("board.ma.x_flower_token")];
  if (kind === "butterfly") return [t("board.ma.x_butterfly")];
  if (kind === "hand") return [t("board.ma.x_hand")];
  if (kind === "lifecycle") return [servedText(ctx, "lifecycle")];
  if (kind === "offmap") return [t("ma.off_map_key")];
  return null;
}

export function legend(ctx) {
  const t = ctx.t;
  const out = Object.keys(FLOWER).map((f) => ({
    icon: [svg("circle", { cx: 22, cy: 12, r: 6, fill: FLOWER[f], stroke: "#333" }), text(22, 29, flowerMark(f), { "font-size": 11 })],
    text: `${flowerMark(f)}: ${ctx.term(f)}`,
  }));
  out.push({ icon: [svg("circle", { cx: 22, cy: 16, r: 13, fill: REGION.green, stroke: "#999" }), svg("circle", { cx: 22, cy: 12, r: 4.5, fill: FLOWER.yellow, stroke: "#333" })],
    text: t("board.ma.lg_flower_space") },
  { icon: [rect(4, 6, 14, 14, { fill: "#fff", stroke: "#777", rx: 1 }), text(11, 17, regionLetter(ctx, "green"), { "font-size": 10 })], text: t("board.ma.lg_region") },
  { icon: [svg("circle", { cx: 18, cy: 16, r: 11, fill: "#eee", stroke: "#2e7d32", "stroke-width": 3 }),
    svg("path", { d: "M27 9 q 9 -9 13 -1 q -6 8 -13 1 z", fill: "#2e7d32" })], text: t("board.ma.x_milkweed") },
  { icon: [rect(2, 4, 40, 24, { fill: "#fffdf5", stroke: "#554" }), text(22, 20, "…", { "font-size": 11 })], text: t("board.ma.lg_city") },
  { icon: [svg("polygon", { points: "22,4 34,16 22,28 10,16", fill: "#5a4a7a", stroke: "#222" }), text(22, 20, "?", { "font-size": 11, fill: "#fff" })], text: t("board.ma.lg_waystation") },
  { icon: [svg("polygon", { points: "22,4 34,16 22,28 10,16", fill: LIFE_FILL.green, stroke: "#222" }), text(22, 20, `${regionLetter(ctx, "green")}1`, { "font-size": 10 })], text: t("board.ma.lg_life") },
  { icon: [seatMarker(0, 18, 16, 8), text(30, 20, "3", { "font-size": 11, "font-weight": 700 })], text: t("board.ma.lg_butterfly") },
  { icon: [text(8, 20, "r05", { "font-size": 11, "text-anchor": "start" })], text: t("board.ma.lg_coords") });
  return out;
}
