// What changed since you looked: the board elements (``data-id``, the same ids the legal actions
// target) whose drawing differs from the board as it stood after your last move, and the log
// lines written since. The look is remembered per table and seat in localStorage, so a person who
// comes back to a turn-based table sees what the others did meanwhile.

const KEY = (table, seat) => `gs.seen.${table}.${seat}`;

// A short hash of a string (djb2): the remembered look stays small.
function hash(s) {
  let h = 5381;
  for (let i = 0; i < s.length; i++) h = ((h << 5) + h + s.charCodeAt(i)) | 0;
  return (h >>> 0).toString(36);
}

// Each drawn element under a key: the seat whose board it is on, its id (a target's id, or what it
// explains where it is not a target: only the acting seat's board carries target ids, so the same space
// changes attribute as the turn passes) and which of the elements with that key it is, so each is
// compared with itself.
function keyed(container) {
  const seen = new Map();
  return [...container.querySelectorAll("[data-id], [data-explain]")].map((node) => {
    const scope = node.closest("[data-seat]")?.dataset.seat ?? "";
    const id = `${scope}|${node.dataset.id ?? node.dataset.explain}`;
    const n = seen.get(id) || 0;
    seen.set(id, n + 1);
    return [`${id}#${n}`, node];
  });
}

// Each drawn element's signature, read before the targets are decorated: only the drawing counts,
// not its classes (an element drawn as a target on your turn is styled, not changed).
export function signatures(container) {
  const out = {};
  for (const [key, node] of keyed(container)) {
    out[key] = hash(`${node.getAttribute("aria-label") || ""}|${node.innerHTML.replace(/ class="[^"]*"/g, "")}`);
  }
  return out;
}

// The keys drawn now that are new or drawn differently since ``before`` (none without a look).
export function changedIds(before, now) {
  if (!before) return [];
  return Object.keys(now).filter((key) => before[key] !== now[key]);
}

// Mark the changed elements: a class (outlined, briefly animated unless the person asked for
// reduced motion) and, for screen readers, a word added to their accessible name.
export function markChanged(container, keys, word) {
  const wanted = new Set(keys);
  for (const [key, node] of keyed(container)) {
    if (!wanted.has(key)) continue;
    node.classList.add("changed");
    const name = node.getAttribute("aria-label");
    if (name && word) node.setAttribute("aria-label", `${name} (${word})`);
  }
  container.classList.toggle("has-changes", wanted.size > 0);
}

export function loadLook(table, seat) {
  try {
    const raw = JSON.parse(localStorage.getItem(KEY(table, seat)) || "null");
    return raw && typeof raw.log === "number" && raw.sigs && typeof raw.sigs === "object" ? raw : null;
  } catch {
    return null;
  }
}

const KEEP = 30; // tables remembered; the oldest looks are dropped beyond that

export function saveLook(table, seat, look) {
  try {
    localStorage.setItem(KEY(table, seat), JSON.stringify({ ...look, at: Date.now() }));
    prune();
  } catch { /* storage full or off: the highlight lasts for this visit only */ }
}

function prune() {
  const looks = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (!key.startsWith("gs.seen.")) continue;
    let at = 0;
    try { at = JSON.parse(localStorage.getItem(key))?.at || 0; } catch { /* unreadable: oldest */ }
    looks.push([at, key]);
  }
  looks.sort((a, b) => b[0] - a[0]).slice(KEEP).forEach(([, key]) => localStorage.removeItem(key));
}
