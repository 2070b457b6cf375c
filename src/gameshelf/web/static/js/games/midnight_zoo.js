// Midnight Zoo: the draft market, the leftover zone and the bonus piles; each player's 5x5 district
// with its tiles, food, entrances and animals (facing shown), the zoo in the middle.
// Element ids (the engine's): tile:<id>, cell:<r>,<c>, animal:<spot>, bonus:<terrain>. Cells and
// spots are named alike in every district: only the acting player's district carries them as
// element ids (where the action happens); the others' are explainable but never targets.
// Rows and columns are numbered 1-5 along each district's edges, as the log names a space (row, column).
import { el, seatMarker, SEAT_COLOURS, svg } from "../common.js";
import { canvas, cardBack, coords, fit, info, item, rect, short, text, explainKey, servedText } from "../board.js";

const TERRAIN = { rock: "#a7a29a", grass: "#9ccc65", sand: "#ecd9a0" };
const TERRAIN_MARK = { rock: "▲", grass: "♣", sand: "≈" };
const ANIMAL_LETTER = { penguin: "P", cheetah: "C", wolf: "W", butterfly: "B", snake: "S", sloth: "L" };
const animalMark = (a) => short("mz", a, ANIMAL_LETTER[a] || "?");
const DIR = { N: 0, E: 90, S: 180, W: 270 };
const C = 46; // a district space

function tiles(ctx) {
  if (!ctx._tiles) {
    const f = ctx.data.files.tiles || {};
    const map = new Map((f.action_tiles || []).map((x) => [x.id, x]));
    for (const [terrain, b] of Object.entries(f.bonus_tiles || {})) map.set(b.id, { id: b.id, terrain, actions: [], food: null, bonus: true });
    ctx._tiles = map;
  }
  return ctx._tiles;
}

function symbol(a) {
  if (a.startsWith("move_")) return `➜${a.slice(5)}`;
  if (a === "discover") return "?";
  if (a === "bonus_tile") return "+□";
  if (a.startsWith("vp_")) return `${a.slice(3)}★`;
  return a;
}

function tileLabel(ctx, t) {
  if (!t) return "";
  const parts = [ctx.term(t.terrain)];
  if (t.actions?.length) parts.push(t.actions.map((a) => ctx.term(a)).join(" / "));
  if (t.food) parts.push(ctx.term(t.food));
  return `${t.id}: ${parts.join(", ")}`;
}

// A tile drawn at (x, y), size s, carrying tile:<id>.
function tile(ctx, id, x, y, s = C - 4, withId = true) {
  const t = tiles(ctx).get(id) || { id, terrain: "rock", actions: [] };
  const body = [
    rect(x, y, s, s, { fill: TERRAIN[t.terrain] || "#ccc", stroke: "#333", "stroke-width": 1.2 }),
    text(x + 7, y + 12, TERRAIN_MARK[t.terrain] || "", { "font-size": 10, "text-anchor": "start", fill: "#333" }),
    text(x + s / 2, y + s / 2 + 3, (t.actions || []).map(symbol).join("/"), { "font-size": 11, "font-weight": 700 }),
  ];
  if (t.food) {
    body.push(svg("circle", { cx: x + s - 9, cy: y + s - 9, r: 7, fill: "#fff", stroke: "#333" }),
      text(x + s - 9, y + s - 5.5, ctx.term(t.food).slice(0, 1).toUpperCase(), { "font-size": 9 }));
  }
  body.push(text(x + s / 2, y + s - 3, id, { "font-size": 7, fill: "#333", class: "tile-id" }));
  return withId ? item(`tile:${id}`, tileLabel(ctx, t), ...body) : info(`tile:${id}`, tileLabel(ctx, t), {}, ...body);
}

function slot(x, y, s = C - 4) {
  return rect(x, y, s, s, { fill: "none", stroke: "#888", "stroke-dasharray": "4 3" });
}

function commonArea(ctx) {
  const v = ctx.view;
  const t = ctx.t;
  const market = v.market || [];
  const leftover = v.leftover || [];
  const parts = [];
  parts.push(text(10, 16, `${t("mz.market")}`, { "text-anchor": "start", "font-weight": 700 }));
  market.forEach((id, i) => parts.push(id ? tile(ctx, id, 10 + i * 50, 24) : slot(10 + i * 50, 24)));
  const x = 20 + market.length * 50;
  parts.push(text(x, 16, t("mz.leftover"), { "text-anchor": "start", "font-weight": 700 }));
  if (!leftover.length) parts.push(slot(x, 24));
  leftover.forEach((id, i) => parts.push(tile(ctx, id, x + i * 50, 24)));
  const width = Math.max(x + Math.max(1, leftover.length) * 50 + 10, x + t("mz.leftover").length * 7 + 10);
  return canvas(width, 74, `${t("mz.market")} · ${t("mz.leftover")}`, ...parts);
}

// The bonus tiles, the round, the stack's size, the animals in play; the removed pile (in solo it
// lies beside Leo's tiles).
function supplyArea(ctx) {
  const v = ctx.view;
  const t = ctx.t;
  const parts = [text(10, 16, t("mz.bonus"), { "text-anchor": "start", "font-weight": 700 })];
  Object.entries(v.bonus_supply || {}).forEach(([terrain, n], i) => {
    const bx = 10 + i * 50;
    parts.push(item(`bonus:${terrain}`, `${ctx.term(terrain)} × ${n}`,
      rect(bx, 24, 42, 42, { fill: TERRAIN[terrain], stroke: "#333" }),
      text(bx + 21, 42, TERRAIN_MARK[terrain]), text(bx + 21, 60, `×${n}`, { "font-weight": 700 })));
  });
  const info = [
    `${t("mz.round", { n: v.round ?? "–" })}`,
    `${t("mz.stack", { n: v.stack_count ?? 0 })}`,
    `${t("mz.animals")}: ${(v.animal_slots || []).map((a) => ctx.term(a)).join(", ")}`,
  ];
  info.forEach((s, i) => parts.push(text(170, 34 + i * 15, s, { "text-anchor": "start" })));
  if (!v.solo) parts.push(removedPile(ctx, 10, 100));
  return canvas(360, v.solo ? 80 : 130, t("mz.common"), ...parts);
}

// The renderer's words of the game's labels.yaml (the terminal's, in the page's language).
function word(ctx, key, args = {}) {
  const table = ctx.data.files.labels?.renderer || {};
  const s = (table[ctx.lang] || table.en || {})[key] ?? key;
  return String(s).replace(/\{(\w+)\}/g, (_, k) => (args[k] !== undefined ? String(args[k]) : `{${k}}`));
}

// Tiles removed from the game (R30, R80: discarded action tiles, and Leo's picks in solo): a face-up
// pile, public (R8), its size and its top tile.
function removedPile(ctx, x, y) {
  const removed = ctx.view.removed || [];
  const label = ctx.t("board.mz.removed", { n: removed.length });
  const top = removed[removed.length - 1];
  return svg("g", { class: "removed-pile", "data-count": removed.length, "aria-label": label, role: "group" },
    text(x, y, label, { "text-anchor": "start" }),
    top ? tile(ctx, top, x + 160, y - 16, 38, false) : slot(x + 160, y - 16, 38));
}

// Solo (R76-R83): Leo's solo deck face down with its size, the revealed tile (his choices ① and ②,
// the shuffle symbol) and the revealed row until the next reshuffle.
function leoArea(ctx, x, y) {
  const s = ctx.view.solo;
  const t = ctx.t;
  const defs = ctx.data.files.solo?.solo_tiles || {};
  const parts = [text(x, y + 12, `${ctx.term("leo")} · ${word(ctx, "solo")}`, { "text-anchor": "start", "font-weight": 700 })];
  const deckLabel = t("board.mz.solo_deck", { n: s.deck_count ?? 0 });
  parts.push(svg("g", { class: "solo-deck", "data-count": s.deck_count ?? 0 }, cardBack(x, y + 24, 46, 62, s.deck_count ?? 0, deckLabel)),
    text(x + 23, y + 100, t("board.mz.deck_short", { n: s.deck_count ?? 0 }), { "font-size": 9 }));
  // After a reshuffle (R82) the last tile is back in the deck: nothing is face up until the next draft.
  const seen = s.revealed || [];
  const current = seen.includes(s.current) ? s.current : null;
  const revealed = seen.filter((id) => id !== current);
  parts.push(text(x + 62, y + 32, t("board.mz.solo_current"), { "text-anchor": "start", "font-size": 10 }));
  if (current) parts.push(soloTile(ctx, defs, current, x + 62, y + 38, true));
  else parts.push(slot(x + 62, y + 38, 58));
  parts.push(text(x + 140, y + 32, t("board.mz.solo_revealed"), { "text-anchor": "start", "font-size": 10 }));
  revealed.forEach((id, i) => parts.push(soloTile(ctx, defs, id, x + 140 + i * 48, y + 46, false)));
  if (!revealed.length) parts.push(slot(x + 140, y + 46, 42));
  parts.push(removedPile(ctx, x, y + 140));
  return canvas(400, y + 172, `${ctx.term("leo")} · ${word(ctx, "solo")}`, ...parts);
}

function soloTile(ctx, defs, id, x, y, big) {
  const d = defs[id] || {};
  const size = big ? 58 : 42;
  const takes = word(ctx, "solo_takes", { first: d.first ?? "?", second: d.second ?? "?" });
  const label = `${word(ctx, "solo")} ${id}: ${takes}${d.shuffle ? ` · ${ctx.t("board.mz.shuffle")}` : ""}`;
  return svg("g", { class: "solo-tile", "data-solo": id, "aria-label": label, role: "img" }, svg("title", {}, label),
    rect(x, y, size, size, { fill: "#fff6e0", stroke: "#6b4b00", "stroke-width": big ? 2.5 : 1.2 }),
    text(x + size / 2, y + (big ? 24 : 18), `①${d.first ?? "?"} ②${d.second ?? "?"}`, { "font-size": big ? 12 : 9, "font-weight": 700 }),
    d.shuffle ? text(x + size / 2, y + (big ? 42 : 31), "⇄", { "font-size": big ? 14 : 11 }) : null,
    text(x + size / 2, y + size - 3, id, { "font-size": 7, fill: "#333" }));
}

// The seat whose district the decision acts on (the deciding seat; else the page's own seat).
function actingSeat(ctx) {
  const d = ctx.decision?.seat;
  return d !== null && d !== undefined ? d : ctx.seat;
}

// The header's score: the final score once the game is scored (as on the score sheet), else the
// VP collected during play, saying so (the end-of-game scoring of the zoo and food comes later).
function scoreText(ctx, p, seat) {
  const final = ctx.outcome?.scores?.[seat];
  if (final !== undefined && final !== null) return ctx.t("board.mz.vp_final", { n: final });
  return ctx.t("board.mz.vp_play", { n: p.vp ?? 0 });
}

function district(ctx, p, seat) {
  const t = ctx.t;
  const own = seat === actingSeat(ctx);
  const mark = (id, label, ...g) => (own ? item(id, label, ...g) : info(id, label, { "data-seat": seat }, ...g));
  const board = ctx.data.files.board?.player_board || {};
  const spaces = board.spaces || {};
  const entrances = board.entrances || {};
  const ox = C + 10;
  const oy = C + 30;
  const parts = [];
  const colour = SEAT_COLOURS[seat % 6];
  parts.push(rect(2, 2, C * 7 + 16, C * 7 + 116, { fill: "#fbfaf5", stroke: colour, "stroke-width": 3 }));
  parts.push(seatMarker(seat, 18, 18, 9));
  const head = `${ctx.names[seat] ?? seat + 1} · ${scoreText(ctx, p, seat)}`;
  parts.push(info("score", head, {}, text(34, 22, fit(head, C * 7 - 30, 13), { "text-anchor": "start", "font-weight": 700, "font-size": 13, class: "district-score" })));
  parts.push(coords({ x0: ox + C / 2, y0: oy + C / 2, dx: C, dy: C, rows: [0, 1, 2, 3, 4], cols: [0, 1, 2, 3, 4], left: 9, top: oy - 3, fmt: (n) => String(n + 1) }));
  const cells = p.district || [];
  for (let r = 0; r < 5; r++) {
    for (let c = 0; c < 5; c++) {
      const x = ox + c * C;
      const y = oy + r * C;
      const content = Array.isArray(cells) ? cells[r * 5 + c] : cells[`${r},${c}`]; // the view maps "r,c" to a tile
      const sp = spaces[`${r},${c}`] || {};
      const card = !content && sp.condition === "dark_pair" ? variabilityCard(ctx, p, sp) : null;
      const label = `${ctx.term(`${r},${c}`)}${content && content !== "zoo" ? ` (${content})` : ""}${card ? `, ${card.label}` : ""}`;
      const g = [rect(x, y, C, C, { fill: content === "zoo" ? "#3b3355" : sp.condition === "dark_pair" ? "#55586b" : "#f1efe6", stroke: "#999", rx: 0 })];
      if (content === "zoo") g.push(text(x + C / 2, y + C / 2 + 4, ctx.term("zoo"), { fill: "#fff", "font-size": 10 }));
      else if (content) g.push(tile(ctx, content, x + 2, y + 2, C - 4, false));
      else {
        const cond = sp.condition;
        const mark = cond === "binoculars" ? "◎" : cond === "dark_pair" ? `◐${sp.pair || ""}` : cond?.terrain ? TERRAIN_MARK[cond.terrain] : "";
        g.push(text(x + C / 2, y + 17, mark, { fill: cond === "dark_pair" ? "#fff" : "#777", "font-size": 12 }));
        if (sp.action) g.push(text(x + C / 2, y + 34, symbol(sp.action), { fill: cond === "dark_pair" ? "#ddd" : "#999", "font-size": 10 }));
        if (cond === "dark_pair" && p.cards) g.push(pairCard(ctx, p, sp, x, y, seat));
      }
      parts.push(mark(`cell:${r},${c}`, label, ...g));
    }
  }
  for (const [id, e] of Object.entries(entrances)) {
    const [r, c] = e.pos;
    const x = ox + c * C;
    const y = oy + r * C;
    parts.push(info(`entrance:${id}`, `${t("mz.entrance")} ${id}`, {},
      rect(x + 6, y + 6, C - 12, C - 12, { fill: TERRAIN[e.terrain] || "#ddd", stroke: "#555", "stroke-dasharray": "3 2", rx: 10 }),
      text(x + C / 2, y + C / 2 + 4, id, { "font-size": 10, fill: "#333" })));
  }
  // Animals: on a space, at an entrance, in the zoo, or not yet discovered (shown under the board).
  const zooCount = {};
  let undisc = 0;
  for (const a of p.animals || []) {
    let x;
    let y;
    if (a.loc === "undiscovered") {
      x = ox + undisc * 38;
      y = oy + 5 * C + C + 4;
      undisc++;
    } else if (a.loc === "zoo") {
      const k = (zooCount.z = (zooCount.z || 0) + 1) - 1;
      x = ox + 2 * C + 10 + (k % 3) * 13;
      y = oy + 2 * C + 30 + Math.floor(k / 3) * 10;
    } else if (entrances[a.loc]) {
      const [r, c] = entrances[a.loc].pos;
      x = ox + c * C + C / 2;
      y = oy + r * C + C / 2;
    } else {
      const [r, c] = String(a.loc).split(",").map(Number);
      x = ox + c * C + C / 2;
      y = oy + r * C + C / 2;
    }
    parts.push(animal(ctx, a, x, y, colour, a.loc === "zoo" ? 6 : 12, own));
  }
  if (undisc) parts.push(text(ox - 4, oy + 5 * C + C - 10, t("mz.undiscovered"), { "text-anchor": "start", "font-size": 11, fill: "#555" }));
  // Hand and storage.
  const sy = oy + 5 * C + C + 40;
  parts.push(text(ox, sy - 2, t("mz.hand"), { "text-anchor": "start", "font-size": 11 }));
  if (p.hand) parts.push(tile(ctx, p.hand, ox, sy + 2, 38));
  parts.push(text(ox + 60, sy - 2, t("mz.storage"), { "text-anchor": "start", "font-size": 11 }));
  (p.storage || []).forEach((id, i) => parts.push(tile(ctx, id, ox + 60 + i * 42, sy + 2, 38)));
  const drawn = canvas(C * 7 + 20, C * 7 + 122, `${ctx.names[seat] ?? seat + 1}: ${t("mz.district")}`, ...parts);
  drawn.setAttribute("data-seat", seat);
  drawn.classList.add("district");
  return drawn;
}

// Variability cards (R87-R93) on the dark pairs: hidden while the players choose them (a back, "?"),
// then the card's letter F, M or T (T with the terrain of this half).
function variabilityCard(ctx, p, sp) {
  const explain = ctx.data.files.explain || {};
  if (p.cards === "hidden") return { letter: "?", label: `${ctx.t("board.mz.card_hidden")}` };
  if (!Array.isArray(p.cards)) return null;
  const letter = p.cards["ABC".indexOf(sp.pair)];
  if (!letter) return null;
  const def = (ctx.data.files.variability?.variability_cards?.[p.colour] || []).find((c) => c.letter === letter) || {};
  const name = explain[`card_${def.type}`]?.name;
  const terrain = def.type === "terrain" ? def[sp.side] : null;
  return { letter, terrain, type: def.type, label: `${name?.[ctx.lang] || name?.en || letter}${terrain ? `: ${ctx.term(terrain)}` : ""}` };
}

function pairCard(ctx, p, sp, x, y, seat) {
  const card = variabilityCard(ctx, p, sp);
  if (!card) return null;
  const hidden = card.letter === "?";
  return svg("g", { class: "variability-card", "data-seat": seat, "data-pair": sp.pair, "data-card": card.letter,
    "data-explain": card.type ? `varcard:card_${card.type}` : "varcard:dark_pair", "aria-label": card.label, role: "img" },
    rect(x + C - 20, y + C - 20, 17, 17, { fill: hidden ? "#4a4a6a" : "#b58ad8", stroke: "#222", rx: 2 }),
    text(x + C - 11.5, y + C - 7.5, card.terrain ? `${cardMark(card.letter)}${TERRAIN_MARK[card.terrain] || ""}` : cardMark(card.letter),
      { "font-size": card.terrain ? 7.5 : 10, "font-weight": 700, fill: "#fff" }));
}

// A variability card's letter (F, M, T; "?" face down) in the page's language.
function cardMark(letter) {
  return letter === "?" ? "?" : short("mz", `card_${letter}`, letter);
}

// An animal: its own (acting) district's carry the engine's id; the explanation is its kind's.
function animal(ctx, a, x, y, colour, r, own = true) {
  const facing = a.facing ? ` ${ctx.t("board.mz.facing", { dir: ctx.t(`board.dir.${a.facing}`) })}` : "";
  const label = `${ctx.term(a.animal)} (${a.spot})${facing}${a.pollen ? ` · ${ctx.t("board.mz.pollen", { n: a.pollen })}` : ""}`;
  const body = [svg("circle", { cx: x, cy: y, r, fill: "#fff", stroke: colour, "stroke-width": 3 })];
  if (a.facing && r > 8) {
    body.push(svg("polygon", { points: `${x},${y - r - 7} ${x - 5},${y - r - 1} ${x + 5},${y - r - 1}`, fill: colour, transform: `rotate(${DIR[a.facing] || 0} ${x} ${y})` }));
  }
  body.push(text(x, y + r * 0.4, animalMark(a.animal), { "font-size": r * 1.1, "font-weight": 700 }));
  if (a.pollen) body.push(text(x + r, y - r + 2, `✿${a.pollen}`, { "font-size": 8 }));
  const g = own ? item(`animal:${a.spot}`, label, ...body) : info(`animal:${a.spot}`, label, {}, ...body);
  g.setAttribute("data-explain", `animal:${a.animal}`);
  return g;
}

export function render(ctx) {
  const v = ctx.view;
  const wrap = el("div", { class: "board-wrap mz" });
  wrap.append(el("div", { class: "board-panel" }, commonArea(ctx)), el("div", { class: "board-panel" }, supplyArea(ctx)));
  if (v.solo) wrap.append(el("div", { class: "board-panel leo" }, leoArea(ctx, 10, 0)));
  const order = [...(v.boards || []).keys()];
  if (ctx.seat !== null && ctx.seat !== undefined) order.sort((a, b) => (a === ctx.seat ? -1 : b === ctx.seat ? 1 : a - b));
  for (const i of order) wrap.append(el("div", { class: "board-panel" }, district(ctx, v.boards[i], i)));
  return wrap;
}

export function scores(view) {
  return (view.boards || []).map((p) => p.vp ?? null);
}

// ---- the legend and the explanations (explain.js, legend.js) ---------------------------------------
function symbolMeaning(ctx, a) {
  if (a.startsWith("move_")) return ctx.t("board.mz.sym_move", { mark: symbol(a), n: a.slice(5) });
  if (a === "discover") return ctx.t("board.mz.sym_discover", { mark: symbol(a) });
  if (a === "bonus_tile") return ctx.t("board.mz.sym_bonus", { mark: symbol(a) });
  if (a.startsWith("vp_")) return ctx.t("board.mz.sym_vp", { mark: symbol(a), n: a.slice(3) });
  return ctx.term(a);
}

export function explain(ctx, key) {
  const [kind, id] = explainKey(key);
  if (kind === "tile") {
    const t = tiles(ctx).get(id);
    if (!t) return null;
    const out = [ctx.t("board.mz.x_terrain", { terrain: ctx.term(t.terrain), mark: TERRAIN_MARK[t.terrain] || "" })];
    if (t.bonus) out.push(ctx.t("board.mz.x_bonus_tile"));
    for (const a of t.actions || []) out.push(symbolMeaning(ctx, a));
    if (t.food) out.push(ctx.t("board.mz.x_food", { food: ctx.term(t.food) }), servedText(ctx, "food_set"));
    return out;
  }
  if (kind === "cell") {
    const sp = ctx.data.files.board?.player_board?.spaces?.[id] || {};
    const [r, c] = id.split(",");
    const out = [ctx.t("board.mz.x_cell", { r, c })];
    const cond = sp.condition;
    if (id === "2,2") out.push(ctx.t("board.mz.x_zoo"));
    else if (cond === "binoculars") out.push(ctx.t("board.mz.x_cond_binoculars"));
    else if (cond === "dark_pair") out.push(servedText(ctx, "dark_pair"));
    else if (cond?.terrain) out.push(ctx.t("board.mz.x_cond_terrain", { terrain: ctx.term(cond.terrain) }));
    if (sp.action) out.push(symbolMeaning(ctx, sp.action));
    return out;
  }
  if (kind === "score") return [ctx.t(ctx.outcome ? "board.mz.x_score_final" : "board.mz.x_score_play")];
  if (kind === "entrance") return [ctx.t("board.mz.lg_entrance")];
  if (kind === "bonus") return [ctx.t("board.mz.x_bonus_pile", { terrain: ctx.term(id) })];
  return null;
}

export function legend(ctx) {
  const t = ctx.t;
  const sq = (fill, mark) => [rect(6, 2, 28, 28, { fill, stroke: "#333" }), text(20, 21, mark, { "font-size": 13 })];
  const out = Object.keys(TERRAIN).map((k) => ({ icon: sq(TERRAIN[k], TERRAIN_MARK[k]), text: t("board.mz.lg_terrain", { terrain: ctx.term(k) }) }));
  out.push({ icon: [text(22, 21, "➜1", { "font-size": 13, "font-weight": 700 })], text: symbolMeaning(ctx, "move_1") },
    { icon: [text(22, 21, "?", { "font-size": 13, "font-weight": 700 })], text: symbolMeaning(ctx, "discover") },
    { icon: [text(22, 21, "+□", { "font-size": 13, "font-weight": 700 })], text: symbolMeaning(ctx, "bonus_tile") },
    { icon: [text(22, 21, "2★", { "font-size": 13, "font-weight": 700 })], text: symbolMeaning(ctx, "vp_2") },
    { icon: [svg("circle", { cx: 22, cy: 16, r: 9, fill: "#fff", stroke: "#333" }), text(22, 20, ctx.term("meat").slice(0, 1).toUpperCase(), { "font-size": 11 })], text: t("board.mz.lg_food") },
    { icon: [text(22, 21, "◎", { "font-size": 15 })], text: t("board.mz.x_cond_binoculars") },
    { icon: [rect(4, 2, 36, 28, { fill: "#55586b" }), text(22, 21, "◐A", { "font-size": 12, fill: "#fff" })], text: t("board.mz.lg_dark_pair") },
    { icon: [rect(6, 4, 32, 24, { fill: "#ddd", stroke: "#555", "stroke-dasharray": "3 2", rx: 8 }), text(22, 20, "L1", { "font-size": 10 })], text: t("board.mz.lg_entrance") },
    { icon: [rect(4, 2, 36, 28, { fill: "#3b3355" }), text(22, 20, ctx.term("zoo"), { "font-size": 9, fill: "#fff" })], text: t("board.mz.x_zoo") });
  for (const a of Object.keys(ANIMAL_LETTER)) {
    out.push({ icon: [svg("circle", { cx: 22, cy: 16, r: 11, fill: "#fff", stroke: SEAT_COLOURS[0], "stroke-width": 3 }), text(22, 20, animalMark(a), { "font-size": 12, "font-weight": 700 })],
      text: `${animalMark(a)}: ${ctx.term(a)}` });
  }
  out.push({ icon: [svg("circle", { cx: 22, cy: 19, r: 9, fill: "#fff", stroke: SEAT_COLOURS[0], "stroke-width": 3 }),
    svg("polygon", { points: "22,3 17,9 27,9", fill: SEAT_COLOURS[0] })], text: t("board.mz.lg_facing") },
  { icon: [text(22, 21, "✿2", { "font-size": 12 })], text: t("board.mz.lg_pollen") },
  { icon: [rect(12, 6, 20, 20, { fill: "#b58ad8", stroke: "#222", rx: 2 }), text(22, 21, cardMark("F"), { "font-size": 12, fill: "#fff", "font-weight": 700 })], text: t("board.mz.lg_card") },
  { icon: [text(10, 20, "1", { "font-size": 12 }), text(30, 20, "5", { "font-size": 12 })], text: t("board.mz.lg_coords") });
  return out;
}
