// Iwari: the map (territories by biome laid out as on the board, their tent spaces and totem space,
// tents and totems by tribe, alliance lines with their numbers, mountains and feats), the display,
// the deck, the hand; the third tribe (grey, "N") in 2-player games.
// Element ids (the engine's): territory:<id>, space:<id>, line:<n>, hand:<biome>, display:<biome>, deck:top.
import { el, seatMarker, svg } from "../common.js";
import { canvas, cardBack, fit, item, rect, text } from "../board.js";

const BIOME = { tundra: "#e8a89a", forest: "#8cc084", glacier: "#a8cdf0", coast: "#f3e08a", desert: "#f2b86b" };
const BIOME_MARK = { tundra: "T", forest: "F", glacier: "G", coast: "C", desert: "D" };
const TW = 170;
const TH = 120;
const GAP = 46;

function tribeSeat(view, tribe) {
  // Tribes 0..players-1 are the seats; a further tribe is the neutral third tribe.
  const players = typeof view.players === "number" ? view.players : (view.players || []).length;
  return tribe < players ? tribe : -1;
}

function mapData(ctx) {
  return ctx.data.files[`maps/${ctx.view.map}`] || Object.values(ctx.data.files).find((f) => f?.map_id === ctx.view.map) || {};
}

function board(ctx) {
  const v = ctx.view;
  const t = ctx.t;
  const m = mapData(ctx);
  const layout = m.layout || [Object.keys(m.territories || {})];
  const where = new Map();
  layout.forEach((row, r) => row.forEach((id, c) => {
    if (id && id !== ".") where.set(id, [20 + c * (TW + GAP), 30 + r * (TH + GAP)]);
  }));
  const cols = Math.max(...layout.map((r) => r.length));
  const width = 20 + cols * (TW + GAP);
  const height = 30 + layout.length * (TH + GAP);
  const parts = [];
  const centre = (id) => {
    const [x, y] = where.get(id) || [0, 0];
    return [x + TW / 2, y + TH / 2];
  };
  // Alliance lines under the territories.
  for (const line of m.alliance_lines || []) {
    const [a, b] = line.between;
    if (!where.has(a) || !where.has(b)) continue;
    const [x1, y1] = centre(a);
    const [x2, y2] = centre(b);
    const mx = (x1 + x2) / 2;
    const my = (y1 + y2) / 2;
    const blocked = (v.mountains || []).includes(line.n);
    const feat = v.line_feats?.[line.n] ?? v.line_feats?.[String(line.n)];
    const label = `${t("iw.line", { n: line.n })}${line.kind === "sea" ? ` (${ctx.term("sea")})` : ""}${blocked ? `, ${t("iw.mountain")}` : ""}`;
    parts.push(svg("line", { x1, y1, x2, y2, stroke: line.kind === "sea" ? "#3a78c0" : "#7a5a30", "stroke-width": 4, "stroke-dasharray": line.kind === "sea" ? "8 5" : null }));
    parts.push(item(`line:${line.n}`, label,
      svg("circle", { cx: mx, cy: my, r: 13, fill: "#fff", stroke: "#333" }),
      text(mx, my + 4, String(line.n), { "font-size": 11, "font-weight": 700 }),
      blocked ? svg("polygon", { points: `${mx + 10},${my - 4} ${mx + 19},${my - 20} ${mx + 28},${my - 4}`, fill: "#6b5b4b", stroke: "#222" }) : null,
      feat !== undefined && feat !== null ? text(mx - 18, my - 12, "✦", { "font-size": 12, fill: "#a06800" }) : null));
  }
  for (const [id, terr] of Object.entries(m.territories || {})) {
    if (!where.has(id)) continue;
    const [x, y] = where.get(id);
    const g = [rect(x, y, TW, TH, { fill: BIOME[terr.biome] || "#ddd", stroke: terr.island ? "#3a78c0" : "#333", "stroke-width": terr.island ? 3 : 1.5, rx: 14 }),
      text(x + 14, y + 18, BIOME_MARK[terr.biome] || "?", { "font-size": 14, "font-weight": 700 }),
      text(x + TW / 2, y + 18, `${id} · ${ctx.term(terr.biome)}`, { "font-size": 10 })];
    // The totem space in the corner; totems by tribe.
    const totems = v.totems?.[id];
    if (terr.totem_space) {
      g.push(rect(x + TW - 34, y + 6, 28, 28, { fill: "#fff8", stroke: "#333", rx: 3 }));
      if (totems) {
        let k = 0;
        totems.forEach((n, tribe) => { for (let i = 0; i < n; i++, k++) g.push(seatMarker(tribeSeat(v, tribe), x + TW - 27 + (k % 2) * 14, y + 14 + Math.floor(k / 2) * 12, 6)); });
      }
    }
    parts.push(item(`territory:${id}`, `${id}: ${ctx.term(terr.biome)}`, ...g));
    // Tent spaces: two rows of circles.
    const spacesList = terr.tent_spaces || [];
    const perRow = Math.ceil(spacesList.length / 2);
    spacesList.forEach((sid, i) => {
      const sx = x + 24 + (i % perRow) * ((TW - 40) / Math.max(1, perRow - 1 || 1));
      const sy = y + 52 + Math.floor(i / perRow) * 36;
      const owner = v.tents?.[sid];
      const label = owner === undefined ? `${t("iw.tent_space")} ${sid}` : `${t("iw.tent_space")} ${sid}: ${t("iw.tent_of", { tribe: tribeName(ctx, owner) })}`;
      parts.push(item(`space:${sid}`, label,
        svg("circle", { cx: sx, cy: sy, r: 12, fill: "#fffc", stroke: "#555", "stroke-dasharray": owner === undefined ? "3 2" : null }),
        owner === undefined ? text(sx, sy + 3, sid.replace(/^n/, ""), { "font-size": 7, fill: "#777" }) : seatMarker(tribeSeat(v, owner), sx, sy, 9)));
    });
  }
  return canvas(width, height, t("iw.map"), ...parts);
}

function tribeName(ctx, tribe) {
  const seat = tribeSeat(ctx.view, tribe);
  return seat < 0 ? ctx.t("iw.third_tribe") : ctx.names[seat] ?? seat + 1;
}

function side(ctx) {
  const v = ctx.view;
  const t = ctx.t;
  const parts = [];
  parts.push(text(10, 16, t("iw.display"), { "text-anchor": "start", "font-weight": 700 }));
  (v.display || []).forEach((b, i) => parts.push(biomeCard(ctx, `display:${b}`, b, 10 + i * 48, 24)));
  const dx = 10 + Math.max(4, (v.display || []).length) * 48 + 8;
  parts.push(text(dx, 16, t("iw.deck"), { "text-anchor": "start", "font-weight": 700 }),
    item("deck:top", t("iw.deck_count", { n: v.deck_size ?? 0 }), cardBack(dx, 24, 42, 60, v.deck_size ?? 0, t("iw.deck_count", { n: v.deck_size ?? 0 }))));
  parts.push(text(10, 106, t("iw.hand"), { "text-anchor": "start", "font-weight": 700 }));
  if (Array.isArray(v.hand)) v.hand.forEach((b, i) => parts.push(biomeCard(ctx, `hand:${b}`, b, 10 + i * 48, 114)));
  // Tribes: supply, hand sizes, scores.
  let y = 196;
  const tribes = v.supply || [];
  tribes.forEach((s, tribe) => {
    const seat = tribeSeat(v, tribe);
    const hand = seat >= 0 ? (v.hand_sizes || [])[seat] : null;
    parts.push(seatMarker(seat, 18, y - 4, 8),
      text(32, y, fit(`${tribeName(ctx, tribe)} · ${t("iw.supply", { tents: s.tents, totems: s.totems })}${hand !== null && hand !== undefined ? ` · ${t("iw.cards", { n: hand })}` : ""}`, 264, 11), { "text-anchor": "start", "font-size": 11 }));
    y += 22;
  });
  return canvas(300, y, t("iw.side"), ...parts);
}

function biomeCard(ctx, id, biome, x, y) {
  return item(id, ctx.term(biome), rect(x, y, 42, 60, { fill: BIOME[biome] || "#ddd", stroke: "#333" }),
    text(x + 21, y + 30, BIOME_MARK[biome] || "?", { "font-size": 18, "font-weight": 700 }),
    text(x + 21, y + 50, ctx.term(biome), { "font-size": ctx.term(biome).length > 6 ? 6.5 : 8 }));
}

export function render(ctx) {
  const wrap = el("div", { class: "board-wrap iw" });
  wrap.append(el("div", { class: "board-panel map" }, board(ctx)), el("div", { class: "board-panel side" }, side(ctx)));
  return wrap;
}

export function scores(view) {
  const players = typeof view.players === "number" ? view.players : (view.players || []).length;
  return (view.scores || []).slice(0, players);
}
