// Plays one seat of a table page through its UI: on each of the seat's decisions, a click on a
// highlighted board target when the decision has any (then a choice in the chooser if it offers
// several), else a click on a button of the fallback list. Returns counts when the game is over
// (or, given {seed, limit}, at the seat's next decision after ``limit`` of them).
async (arg) => {
  const seed = typeof arg === "object" ? arg.seed : arg;
  const limit = typeof arg === "object" && arg.limit ? arg.limit : Infinity;
  let s = seed >>> 0 || 1;
  const rnd = (n) => { s = (s * 1103515245 + 12345) >>> 0; return (s >>> 8) % n; };
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  const body = document.body;
  const counts = { targets: 0, list: 0, chooser: 0, decisions: 0 };
  const click = (node) => node.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
  for (let guard = 0; guard < 20000; guard++) {
    if (body.dataset.over === "1") return counts;
    if (counts.decisions >= limit && body.dataset.myTurn === "1" && body.dataset.busy !== "1") return counts;
    if (body.dataset.myTurn !== "1" || body.dataset.busy === "1") { await sleep(15); continue; }
    const before = body.dataset.stateId;
    counts.decisions++;
    const targets = [...document.querySelectorAll("#board .item.target")];
    if (targets.length) {
      click(targets[rnd(targets.length)]);
      counts.targets++;
      await sleep(0);
      const choices = [...document.querySelectorAll("#chooser:not([hidden]) button.choice")];
      if (choices.length) { click(choices[rnd(choices.length)]); counts.chooser++; }
    } else {
      const buttons = [...document.querySelectorAll("#actions button.action")];
      if (!buttons.length) { await sleep(15); continue; }
      click(buttons[rnd(buttons.length)]);
      counts.list++;
    }
    for (let w = 0; w < 2000 && body.dataset.stateId === before && body.dataset.over !== "1"; w++) {
      if (body.dataset.busy === "0" && body.dataset.myTurn === "1" && w > 200) break; // refused: try again
      await sleep(10);
    }
  }
  throw new Error("the game did not end");
}
