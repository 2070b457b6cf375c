// Iwari: the map (territories by biome laid out as on the board, their tent spaces and totem space,
// tents and totems by tribe, alliance lines with their numbers, mountains and feats), the display,
// the deck, the hand; the third tribe (grey, "N") in 2-player games.
// Element ids (the engine's): territory:<id>, space:<id>, line:<n>, hand:<biome>, display:<biome>, deck:top.
// The map shows the notation's own coordinates: each territory's id (N02) and each tent space's
// (n07, as in "tent n07 f"), also under a tent that covers its space.
import { el, seatMarker, svg } from "../common.js";
import { canvas, cardBack, fit, info, item, rect, text, wrapText, explainKey, servedText } from "../board.js";

const BIOME = { tundra: "#e8a89a", forest: "#8cc084", glacier: "#a8cdf0", coast: "#f3e08a", desert: "#f2b86b" };
const BIOME_MARK = { tundra: "T", forest: "F", glacier: "G", coast: "C", desert: "D" };

// A biome's mark: the initial of its name in the page's language (T F G C D; ツ 森 氷 海 砂), so the
// colour is never the only clue; the fixed letters if two names share an initial.
function biomeMark(ctx, biome) {
  if (!ctx._marks) {
    const initials = Object.keys(BIOME).map((b) => [b, [...ctx.term(b)][0]?.toUpperCase()]);
    const distinct = new Set(initials.map(([, m]) => m)).size === initials.length;
    ctx._marks = Object.fromEntries(initials.map(([b, m]) => [b, distinct && m ? m : BIOME_MARK[b]]));
  }
  return ctx._marks[biome] || BIOME_MARK[biome] || "?";
}
const TW = 170;
const TH = 120;
const GAP = 46;

function tribeSeat(view, tribe) {
  // Tribes 0..players-1 are the seats; a further tribe is the neutral third tribe.
  return tribe < view.players ? tribe : -1;
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
  // Alliance lines under the territories; their numbered discs (with mountain and feat tokens) on
  // top, each at the point of its line nearest the middle that no territory or other disc covers.
  const labels = [];
  const placed = [];
  const twins = new Map();
  const spaceAt = new Map();
  const spaceParts = [];
  const longRoad = new Set(m.long_road_spaces || []);
  const free = (px, py) => [...where.values()].every(([x, y]) => px < x - 16 || px > x + TW + 16 || py < y - 16 || py > y + TH + 16)
    && placed.every(([qx, qy]) => Math.hypot(px - qx, py - qy) > 30);
  for (const line of m.alliance_lines || []) {
    const [a, b] = line.between;
    if (!where.has(a) || !where.has(b)) continue;
    const [x1, y1] = centre(a);
    const [x2, y2] = centre(b);
    const at = [0.5, 0.42, 0.58, 0.34, 0.66, 0.26, 0.74, 0.18, 0.82].map((f) => [x1 + (x2 - x1) * f, y1 + (y2 - y1) * f]);
    const d = Math.hypot(x2 - x1, y2 - y1) || 1;
    for (const k of [30, -30, 60, -60]) at.push([at[0][0] - ((y2 - y1) / d) * k, at[0][1] + ((x2 - x1) / d) * k]);
    const [mx, my] = at.find(([px, py]) => free(px, py)) || at[0];
    placed.push([mx, my]);
    const blocked = (v.mountains || []).includes(line.n);
    const onLine = tokensOn(v, String(line.n));
    const road = m.alliance_lines_are_roads && line.road_link && !blocked ? `, ${t("board.iw.road_link", { a: line.road_link[0], b: line.road_link[1] })}` : "";
    const label = `${t("iw.line", { n: line.n })}${line.kind === "sea" ? ` (${ctx.term("sea")})` : ""}${blocked ? `, ${t("iw.mountain")}` : ""}${road}${featsLabel(ctx, onLine)}`;
    // Two lines joining the same territories (Ice Land's 1 and 11, R67) run side by side.
    const pair = [a, b].sort().join("|");
    const twin = (twins.get(pair) || 0);
    twins.set(pair, twin + 1);
    const len = Math.hypot(x2 - x1, y2 - y1) || 1;
    const off = twin ? 7 * (twin % 2 ? 1 : -1) * Math.ceil(twin / 2) : 0;
    const [ox, oy] = [(-(y2 - y1) / len) * off, ((x2 - x1) / len) * off];
    parts.push(svg("line", { x1: x1 + ox, y1: y1 + oy, x2: x2 + ox, y2: y2 + oy, stroke: line.kind === "sea" ? "#3a78c0" : "#7a5a30", "stroke-width": 4, "stroke-dasharray": line.kind === "sea" ? "8 5" : null }));
    labels.push(item(`line:${line.n}`, label,
      svg("circle", { cx: mx, cy: my, r: 13, fill: "#fff", stroke: "#333" }),
      text(mx, my + 4, String(line.n), { "font-size": 11, "font-weight": 700 }),
      blocked ? svg("polygon", { points: `${mx + 10},${my - 4} ${mx + 19},${my - 20} ${mx + 28},${my - 4}`, fill: "#6b5b4b", stroke: "#222" }) : null,
      ...featTokens(ctx, tokensOn(v, String(line.n)), mx - 14, my - 24)));
  }
  for (const [id, terr] of Object.entries(m.territories || {})) {
    if (!where.has(id)) continue;
    const [x, y] = where.get(id);
    const g = [rect(x, y, TW, TH, { fill: BIOME[terr.biome] || "#ddd", stroke: terr.island ? "#3a78c0" : "#333", "stroke-width": terr.island ? 3 : 1.5, rx: 14 }),
      text(x + 14, y + 18, biomeMark(ctx, terr.biome), { "font-size": 14, "font-weight": 700 }),
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
    const onTerr = tokensOn(v, id);
    g.push(...featTokens(ctx, onTerr, x + 30, y + TH - 14));
    const totemsLabel = (totems || []).map((n, tribe) => (n ? `${tribeName(ctx, tribe)} ×${n}` : "")).filter(Boolean).join(", ");
    parts.push(item(`territory:${id}`, `${id}: ${ctx.term(terr.biome)}${totemsLabel ? `, ${ctx.term("totems")}: ${totemsLabel}` : ""}${featsLabel(ctx, onTerr)}`, ...g));
    // Tent spaces: two rows of circles, the second row right to left (a road along them bends once).
    const spacesList = terr.tent_spaces || [];
    const perRow = Math.ceil(spacesList.length / 2);
    spacesList.forEach((sid, i) => {
      const col = i < perRow ? i : perRow - 1 - (i - perRow);
      const sx = x + 24 + col * ((TW - 48) / Math.max(1, perRow - 1));
      const sy = y + 52 + Math.floor(i / perRow) * 36;
      spaceAt.set(sid, [sx, sy]);
      const owner = v.tents?.[sid];
      const onRoad = longRoad.has(sid);
      const label = `${t("iw.tent_space")} ${sid}${owner === undefined ? "" : `: ${t("iw.tent_of", { tribe: tribeName(ctx, owner) })}`}${onRoad ? `, ${ctx.term("long_road")}` : ""}`;
      spaceParts.push(item(`space:${sid}`, label,
        svg("circle", { cx: sx, cy: sy, r: 12, fill: "#fffc", stroke: onRoad ? "#6a1b9a" : "#555", "stroke-width": onRoad ? 2.5 : 1, "stroke-dasharray": owner === undefined && !onRoad ? "3 2" : null }),
        owner === undefined ? text(sx, sy + 3, sid, { "font-size": 8, fill: "#555", class: "coord space-id" })
          : [seatMarker(tribeSeat(v, owner), sx, sy, 9), text(sx, sy + 21, sid, { "font-size": 7.5, fill: "#333", class: "coord space-id" })]));
    });
  }
  // Roads between tent spaces (R49): inside a territory, across a border, and the Long Road (R68)
  // drawn double, in purple.
  const purple = new Set((m.purple_road || []).map(([p, q]) => [p, q].sort().join("|")));
  const roads = [...Object.values(m.internal_roads || {}).flat(), ...(m.border_roads || [])];
  // Floating Continent (R65): every usable line is a road too, between its road_link spaces.
  if (m.alliance_lines_are_roads) {
    for (const line of m.alliance_lines || []) if (line.road_link && !(v.mountains || []).includes(line.n)) roads.push(line.road_link);
  }
  const roadParts = roads.filter(([p, q]) => spaceAt.has(p) && spaceAt.has(q)).map(([p, q]) => {
    const [x1, y1] = spaceAt.get(p);
    const [x2, y2] = spaceAt.get(q);
    const long = purple.has([p, q].sort().join("|"));
    return svg("line", { class: long ? "road long-road" : "road", x1, y1, x2, y2, stroke: long ? "#6a1b9a" : "#5d4a36", "stroke-width": long ? 4 : 1.6,
      "stroke-dasharray": long ? "10 3 2 3" : null, "stroke-opacity": long ? 0.9 : 0.7 });
  });
  return canvas(width, height, t("iw.map"), ...parts, ...roadParts, ...spaceParts, ...labels);
}

// Feat tokens (R50-R56) are neutral pieces on a territory or a line: one lettered hexagon each.
const FEAT_FILL = { unity: "#ffd54f", discovery: "#80deea", honor: "#bcaaa4", awe: "#b39ddb" };

function tokensOn(v, where) {
  return (v.feat_tokens || []).filter(([, w]) => String(w) === where).map(([feat]) => feat);
}

function featsLabel(ctx, feats) {
  return feats.length ? `, ${ctx.t("board.iw.feat_tokens")}: ${feats.map((f) => ctx.term(f)).join(", ")}` : "";
}

function featToken(ctx, feat, x, y, r = 8) {
  const pts = Array.from({ length: 6 }, (_, i) => {
    const a = Math.PI / 6 + (i * Math.PI) / 3;
    return `${(x + r * Math.cos(a)).toFixed(1)},${(y + r * Math.sin(a)).toFixed(1)}`;
  }).join(" ");
  return svg("g", { class: "feat-token", "data-feat": feat, "data-explain": `feat:${feat}`, "aria-label": ctx.term(feat), role: "img" },
    svg("title", {}, ctx.term(feat)),
    svg("polygon", { points: pts, fill: FEAT_FILL[feat] || "#eee", stroke: "#222", "stroke-width": 1.2 }),
    text(x, y + r * 0.42, featLetter(ctx, feat), { "font-size": r * 1.15, "font-weight": 700 }));
}

// The feat's initial in the page's language (U/D/H/A, 団/発/栄/畏): shape and letter, not colour alone.
function featLetter(ctx, feat) {
  return [...ctx.term(feat)][0]?.toUpperCase() || "?";
}

function featTokens(ctx, feats, x, y) {
  return feats.map((f, i) => featToken(ctx, f, x + i * 17, y));
}

// Feats (R47-R59): each with its slots, filled by the earners in order; where its tokens lie.
function featsPanel(ctx) {
  const v = ctx.view;
  const t = ctx.t;
  const defs = ctx.data.files.feats?.feats || [];
  const explain = ctx.data.files.explain || {};
  const parts = [text(10, 16, t("board.iw.feats"), { "text-anchor": "start", "font-weight": 700 })];
  defs.forEach((f, i) => {
    const y = 34 + i * 30;
    const earned = v.feats_earned?.[f.id] || [];
    const placed = (v.feat_tokens || []).filter(([feat]) => feat === f.id).map(([, w]) => w);
    const who = earned.map((s) => tribeName(ctx, s)).join(", ") || t("board.iw.nobody");
    const where = placed.length ? ` · ${t("board.iw.placed_on", { where: placed.join(", ") })}` : "";
    const help = explain[f.id]?.[ctx.lang] || explain[f.id]?.en || "";
    const label = `${ctx.term(f.id)}: ${t("board.iw.earned_by", { names: who })}${where}. ${help}`;
    const g = [featToken(ctx, f.id, 20, y, 9), text(34, y + 4, fit(ctx.term(f.id), 70, 11), { "text-anchor": "start", "font-size": 11 })];
    for (let k = 0; k < (f.tokens || 1); k++) {
      const sx = 118 + k * 26;
      g.push(svg("circle", { cx: sx, cy: y, r: 10, fill: "#fff", stroke: "#555", "stroke-dasharray": earned[k] === undefined ? "3 2" : null }));
      if (earned[k] !== undefined) g.push(seatMarker(tribeSeat(v, earned[k]), sx, y, 7));
    }
    g.push(text(176, y + 4, fit(placed.length ? `→ ${placed.join(", ")}` : "", 118, 10), { "text-anchor": "start", "font-size": 10 }));
    parts.push(svg("g", { class: "feat", "data-feat": f.id, "data-earned": earned.join(","), "data-explain": `featrow:${f.id}`, "aria-label": label, role: "img" }, svg("title", {}, label), ...g));
  });
  return canvas(300, 34 + defs.length * 30, t("board.iw.feats"), ...parts);
}

// Expedition cards (R60-R64): face up; a mission, its first and second value, who scored each.
function expeditionsPanel(ctx) {
  const v = ctx.view;
  const t = ctx.t;
  const cards = new Map((ctx.data.files.expeditions?.cards || []).map((c) => [c.id, c]));
  const explain = ctx.data.files.explain || {};
  const parts = [text(10, 16, t("board.iw.expeditions"), { "text-anchor": "start", "font-weight": 700 })];
  (v.expeditions || []).forEach((id, i) => {
    const c = cards.get(id) || { points: [] };
    const x = 10 + i * 96;
    const scored = v.expeditions_scored?.[i] || [];
    const who = scored.map((s) => tribeName(ctx, s)).join(", ") || t("board.iw.nobody");
    const help = explain[id]?.[ctx.lang] || explain[id]?.en || "";
    const label = `${ctx.term(id)}: ${help} ${t("board.iw.scored_by", { names: who })}`;
    const name = ctx.term(id).replace(/^X\d+\s*/, "");
    const g = [rect(x, 24, 88, 86, { fill: "#f5efe0", stroke: "#5a4520", "stroke-width": 1.5 }),
      text(x + 6, 38, id, { "text-anchor": "start", "font-size": 9, fill: "#555" }),
      text(x + 44, 54, fit(name, 80, 10), { "font-size": 10, "font-weight": 700 })];
    (c.points || []).forEach((pts, k) => {
      const cx = x + 28 + k * 32;
      g.push(svg("circle", { cx, cy: 86, r: 12, fill: k === 0 ? "#fff3c4" : "#fff", stroke: "#5a4520" }),
        scored[k] !== undefined ? seatMarker(tribeSeat(v, scored[k]), cx, 86, 8) : text(cx, 90, String(pts), { "font-size": 11, "font-weight": 700 }));
    });
    parts.push(svg("g", { class: "expedition", "data-expedition": id, "data-scored": scored.join(","), "data-explain": `expedition:${id}`, "aria-label": label, role: "img" }, svg("title", {}, label), ...g));
  });
  return canvas(300, 118, t("board.iw.expeditions"), ...parts);
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
  // The discard pile (R25, R27: face up, public) by biome, and how often the deck has run out
  // (R32: the first time brings interim scoring, the second ends the game).
  const discard = Object.entries(v.discard || {});
  const total = discard.reduce((a, [, n]) => a + n, 0);
  const pileLabel = `${t("board.iw.discard", { n: total })}: ${discard.map(([b, n]) => `${ctx.term(b)} ×${n}`).join(", ")}`;
  const ex = t("board.iw.exhaustions", { n: v.exhaustions ?? 0 });
  parts.push(svg("g", { class: "discard-pile", "data-count": total, "data-explain": "discard", "aria-label": pileLabel, role: "img" }, svg("title", {}, pileLabel),
    text(dx + 52, 16, t("board.iw.discard_short"), { "text-anchor": "start", "font-weight": 700 }),
    ...discard.map(([b, n], i) => svg("g", { "data-biome": b, "data-count": n },
      rect(dx + 52, 22 + i * 13, 12, 11, { fill: BIOME[b] || "#ddd", stroke: "#333", rx: 2 }),
      text(dx + 58, 31 + i * 13, biomeMark(ctx, b), { "font-size": 8, "font-weight": 700 }),
      text(dx + 68, 31 + i * 13, `×${n}`, { "font-size": 9, "text-anchor": "start" })))));
  parts.push(svg("g", { class: "exhaustions", "data-count": v.exhaustions ?? 0, "data-explain": "exhaustions", "aria-label": ex, role: "img" },
    text(dx + 21, 98, `↻${v.exhaustions ?? 0}`, { "font-size": 10 }), svg("title", {}, ex)));
  parts.push(text(10, 106, t("iw.hand"), { "text-anchor": "start", "font-weight": 700 }));
  if (Array.isArray(v.hand)) v.hand.forEach((b, i) => parts.push(biomeCard(ctx, `hand:${b}`, b, 10 + i * 48, 114)));
  // Tribes: supply, hand sizes, scores; a long line in two (never cut).
  let y = 196;
  const tribes = v.supply || [];
  tribes.forEach((s, tribe) => {
    const seat = tribeSeat(v, tribe);
    const hand = seat >= 0 ? (v.hand_sizes || [])[seat] : null;
    const final = seat >= 0 ? ctx.outcome?.scores?.[seat] : undefined;
    const line = `${tribeName(ctx, tribe)} · ${t("iw.supply", { tents: s.tents, totems: s.totems })}${hand !== null && hand !== undefined ? ` · ${t("iw.cards", { n: hand })}` : ""}${final !== undefined && final !== null ? ` · ${t("board.iw.final", { n: final })}` : ""}`;
    const lines = wrapText(line, 300, 11, 2);
    parts.push(info(`tribe:${tribe}`, line, { class: "tribe-line" }, seatMarker(seat, 18, y - 4, 8),
      ...lines.map((l, i) => text(32, y + i * 14, l, { "text-anchor": "start", "font-size": 11 }))));
    y += 8 + lines.length * 14;
  });
  return canvas(345, y, t("iw.side"), ...parts);
}

function biomeCard(ctx, id, biome, x, y) {
  return item(id, ctx.term(biome), rect(x, y, 42, 60, { fill: BIOME[biome] || "#ddd", stroke: "#333" }),
    text(x + 21, y + 30, biomeMark(ctx, biome), { "font-size": 18, "font-weight": 700 }),
    text(x + 21, y + 51, fit(ctx.term(biome), 40, 9), { "font-size": 9 }));
}

export function render(ctx) {
  const wrap = el("div", { class: "board-wrap iw" });
  const sidePanel = el("div", { class: "board-panel side" }, side(ctx));
  if ((ctx.view.expeditions || []).length) sidePanel.append(expeditionsPanel(ctx));
  if (ctx.view.options?.feats === "on" || (ctx.view.feat_tokens || []).length) sidePanel.append(featsPanel(ctx));
  wrap.append(el("div", { class: "board-panel map" }, board(ctx)), sidePanel);
  return wrap;
}

export function scores(view) {
  return (view.scores || []).slice(0, view.players);
}

// ---- the legend and the explanations (explain.js, legend.js) ---------------------------------------
export function explain(ctx, key) {
  const [kind, id] = explainKey(key);
  const t = ctx.t;
  const m = mapData(ctx);
  if (kind === "territory") {
    const terr = m.territories?.[id] || {};
    return [t("board.iw.x_territory", { id, biome: ctx.term(terr.biome), spaces: (terr.tent_spaces || []).join(", ") }),
      terr.totem_space ? t("board.iw.x_totem_space") : null, terr.island ? t("board.iw.x_island") : null];
  }
  if (kind === "space") return [t("board.iw.x_space", { id })];
  if (kind === "line") return [t("board.iw.x_line")];
  if (kind === "display" || kind === "hand") return [t("board.iw.x_card", { biome: ctx.term(id) })];
  if (kind === "deck") return [t("board.iw.x_deck")];
  if (kind === "feat" || kind === "featrow") return [servedText(ctx, id)];
  if (kind === "expedition") return [servedText(ctx, id)];
  if (kind === "discard") return [t("board.iw.x_discard")];
  if (kind === "exhaustions") return null;
  if (kind === "tribe") return [t("board.iw.x_tribe")];
  return null;
}

export function legend(ctx) {
  const t = ctx.t;
  const out = Object.keys(BIOME).map((b) => ({
    icon: [rect(4, 2, 36, 28, { fill: BIOME[b], stroke: "#333", rx: 6 }), text(22, 22, biomeMark(ctx, b), { "font-size": 14, "font-weight": 700 })],
    text: `${biomeMark(ctx, b)}: ${ctx.term(b)}`,
  }));
  out.push({ icon: [rect(4, 2, 36, 28, { fill: "#ddd", stroke: "#3a78c0", "stroke-width": 3, rx: 6 })], text: t("board.iw.x_island") },
    { icon: [svg("circle", { cx: 22, cy: 16, r: 12, fill: "#fff", stroke: "#555", "stroke-dasharray": "3 2" }), text(22, 19, "n07", { "font-size": 8 })], text: t("board.iw.lg_space") },
    { icon: [seatMarker(0, 22, 16, 9)], text: t("board.iw.lg_tent") },
    { icon: [rect(8, 2, 28, 28, { fill: "#fff8", stroke: "#333", rx: 3 }), seatMarker(1, 22, 16, 6)], text: t("board.iw.x_totem_space") },
    { icon: [svg("line", { x1: 0, y1: 16, x2: 44, y2: 16, stroke: "#7a5a30", "stroke-width": 4 }), svg("circle", { cx: 22, cy: 16, r: 10, fill: "#fff", stroke: "#333" }), text(22, 20, "3", { "font-size": 10, "font-weight": 700 })], text: t("board.iw.lg_land_line") },
    { icon: [svg("line", { x1: 0, y1: 16, x2: 44, y2: 16, stroke: "#3a78c0", "stroke-width": 4, "stroke-dasharray": "8 5" })], text: t("board.iw.lg_sea_line") },
    { icon: [svg("polygon", { points: "10,28 22,6 34,28", fill: "#6b5b4b", stroke: "#222" })], text: t("board.iw.lg_mountain") },
    { icon: [svg("line", { x1: 4, y1: 16, x2: 40, y2: 16, stroke: "#5d4a36", "stroke-width": 1.6 })], text: t("board.iw.lg_road") },
    { icon: [svg("line", { x1: 4, y1: 16, x2: 40, y2: 16, stroke: "#6a1b9a", "stroke-width": 4, "stroke-dasharray": "10 3 2 3" })], text: ctx.term("long_road") },
    { icon: [featToken(ctx, "unity", 22, 16, 10)], text: t("board.iw.lg_feat") },
    { icon: [seatMarker(-1, 22, 16, 9)], text: t("board.iw.lg_third") });
  return out;
}
