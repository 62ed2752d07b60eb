// The table as the player sees it in this window (issue 28 item 10 and its "How it is checked"); one [kind, line] per problem,
// kind 'labels' for a label covered (see below), 'layout' for anything else.
// The page's own layout: the sticky header (#top, which holds the prompt in #status), the choices (#choices: in the
// side column, or docked at the window's bottom edge in a narrow one) and the scene (#scene; its board is the first
// map, .board, else its first part).
//   together: with the board's top brought just under the header, the prompt, the choices' heading and first choice
//             are in the window and not covered, and the board's picture is whole in the room left (or fills it:
//             a map the scene draws the table's width may be taller than the window); nothing runs off sideways.
//   reachable: every lit element of the scene and every choice can be scrolled into the room left and is then the
//             element a click there lands on (not the header, the dock or a neighbour).
//   menus:    every element that opens a menu, brought to the window's bottom edge and clicked, opens its menu inside
//             the window.
//   labels:   on a map no name, label or token covers another (the shapes of one token, and its count, are one
//             label); a hex's own label stays inside its hexagon (a neighbour drawn later would cover it); a
//             track's marks do not cover each other.
() => {
  const out = [];
  const W = document.documentElement.clientWidth, H = window.innerHeight;
  const head = document.querySelector("#top").getBoundingClientRect().bottom;
  const choices = document.querySelector("#choices");
  const docked = choices && getComputedStyle(choices).position === "sticky" && getComputedStyle(choices).bottom !== "auto";
  const floor = () => (docked ? Math.min(H, choices.getBoundingClientRect().top) : H);
  const short = s => (s || "").replace(/\s+/g, " ").trim().slice(0, 50);
  const name = e => short(e.getAttribute("aria-label") || (e.querySelector(".ctitle, :scope > title") || e).textContent);
  const within = (r, top, bottom) => r.top >= top - 1 && r.bottom <= bottom + 1 && r.left >= -1 && r.right <= W + 1;
  const hits = (e, r) => {  // a click in the element lands on it (tried at its centre and four points around it)
    for (const [fx, fy] of [[.5, .5], [.3, .3], [.7, .3], [.3, .7], [.7, .7]]) {
      const x = r.left + fx * r.width, y = r.top + fy * r.height;
      if (x < 0 || y < 0 || x >= W || y >= H) continue;
      const at = document.elementFromPoint(x, y);
      if (at && (at === e || e.contains(at))) return true;
    }
    return false;
  };
  const pictureOf = b => b.querySelector("svg.hexmap") || b;

  // a fresh page: every list scrolled to its top (an earlier look may have scrolled the choices to their last)
  const rewind = () => { for (const e of document.querySelectorAll(".side, #choices ol")) e.scrollTop = 0; window.scrollTo(0, 0); };
  rewind();

  // together
  const board = document.querySelector("#scene .board") || document.querySelector("#scene > .part");
  if (document.documentElement.scrollWidth > W + 1) out.push(`the page is ${document.documentElement.scrollWidth} px wide in a ${W} px window`);
  if (!board) out.push("no board in the scene");
  else {
    window.scrollTo(0, pictureOf(board).getBoundingClientRect().top + window.scrollY - head - 1);
    const pic = pictureOf(board).getBoundingClientRect(), room = floor() - head;
    const seen = Math.min(pic.bottom, floor()) - Math.max(pic.top, head);
    if (seen < Math.min(pic.height, room) - 3) out.push(`the board shows ${Math.round(seen)} of ${Math.round(pic.height)} px in a room of ${Math.round(room)} px beside the prompt and choices`);
    if (pic.left < -1 || pic.right > W + 1) out.push(`the board runs off the window sideways (${Math.round(pic.left)}-${Math.round(pic.right)})`);
    const status = document.querySelector("#status"), sr = status.getBoundingClientRect();
    if (!status.textContent.trim() || !within(sr, 0, H)) out.push("the prompt is not in the window with the board");
    if (!choices) out.push("no choices on the page");
    else {
      const first = choices.querySelector("button.choice") || choices.querySelector("p");
      for (const [what, e] of [["the choices' heading", choices.querySelector("h2")], ["the first choice", first]]) {
        const r = e && e.getBoundingClientRect();
        if (!e || !within(r, head, H) || !hits(e, r)) out.push(`${what} is not in view with the board (${r ? Math.round(r.top) + "-" + Math.round(r.bottom) : "none"} in ${Math.round(head)}-${H})`);
      }
    }
  }

  // reachable
  const lit = [...document.querySelectorAll("#scene .legal"), ...(choices ? choices.querySelectorAll("button.choice") : [])];
  for (const e of lit) {
    e.scrollIntoView({ block: "center", inline: "nearest" });
    const r = e.getBoundingClientRect();
    const inDock = docked && choices.contains(e);
    const top = inDock ? choices.getBoundingClientRect().top : head, bottom = inDock ? H : floor();
    const visible = Math.min(r.bottom, bottom) - Math.max(r.top, top);
    if (visible < Math.min(r.height, bottom - top) - 2 || r.left < -1 || r.right > W + 1) out.push(`"${name(e)}" cannot be scrolled into view (${Math.round(r.top)}-${Math.round(r.bottom)} in ${Math.round(top)}-${Math.round(bottom)})`);
    else if (!hits(e, r)) {
      const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      out.push(`"${name(e)}" is covered by ${at ? at.tagName.toLowerCase() + (at.id ? "#" + at.id : "") + (at.getAttribute("class") ? "." + at.getAttribute("class").split(" ")[0] : "") : "nothing"}`);
    }
  }

  // menus
  const menu = document.querySelector("#menu");
  for (const e of document.querySelectorAll("#scene [aria-haspopup]")) {
    e.scrollIntoView({ block: "end", inline: "nearest" });
    e.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, view: window }));
    const r = menu.getBoundingClientRect();
    if (menu.hidden) out.push(`"${name(e)}" opens no menu`);
    else if (!within(r, 0, H)) out.push(`the menu of "${name(e)}" opens outside the window (${Math.round(r.left)},${Math.round(r.top)}-${Math.round(r.right)},${Math.round(r.bottom)} in ${W}x${H})`);
    document.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
    if (!menu.hidden) { out.push(`the menu of "${name(e)}" does not close on Escape`); break; }
  }

  // labels
  const before = out.length;
  const box = (r, shrink) => ({ l: r.left, r: r.right, t: r.top + shrink * r.height, b: r.bottom - shrink * r.height });
  const overlap = (a, b) => Math.min(a.r, b.r) - Math.max(a.l, b.l) > 1.5 && Math.min(a.b, b.b) - Math.max(a.t, b.t) > 1.5;
  for (const svg of document.querySelectorAll("#scene svg.hexmap")) {
    const where = short((svg.closest(".part").querySelector("h2") || {}).textContent || "the map");
    // names (any text but a token's letters), tokens' shapes and their count badges; a badge may overlap another
    // token's rim, never its letters
    const items = [];
    const add = (kind, what, owner, r, shrink) => { if (r.width) items.push({ kind, what, owner, b: box(r, shrink) }); };
    for (const t of svg.querySelectorAll("text")) {
      if (!t.textContent.trim() || t.closest("g.piece")) continue;
      add("name", `"${short(t.textContent)}"`, t, t.getBoundingClientRect(), 0.2);  // a text's box has room above and below its letters
    }
    for (const g of svg.querySelectorAll("g.piece")) {
      const letters = g.querySelector(":scope > text"), what = `the token "${short(letters ? letters.textContent : "")}"`;
      add("shape", what, g, g.querySelector(":scope > circle, :scope > rect").getBoundingClientRect(), 0);
      if (letters && letters.textContent.trim()) add("letters", what, g, letters.getBoundingClientRect(), 0.2);
      const badge = g.querySelector(":scope > g.count circle");
      if (badge) add("badge", `the count on ${what}`, g, badge.getBoundingClientRect(), 0);
    }
    const pairs = { name: ["name", "shape", "badge"], shape: ["name", "shape"], badge: ["name", "letters", "badge"], letters: ["badge"] };
    for (let i = 0; i < items.length; i++)
      for (let j = i + 1; j < items.length; j++) {
        const a = items[i], c = items[j];
        if (a.owner !== c.owner && pairs[a.kind].includes(c.kind) && overlap(a.b, c.b)) out.push(`${where}: ${c.what} covers ${a.what}`);
      }
    for (const t of svg.querySelectorAll("g.hex > text")) {
      const hex = t.parentElement.querySelector("polygon").getBoundingClientRect(), r = t.getBoundingClientRect();
      if (t.textContent.trim() && (r.left < hex.left - 1 || r.right > hex.right + 1)) out.push(`${where}: "${short(t.textContent)}" runs out of its hexagon (a neighbour covers it)`);
    }
  }
  for (const track of document.querySelectorAll("#scene .track")) {
    const marks = [...track.querySelectorAll("span")].map(s => ({ what: `"${short(s.textContent)}"`, b: box(s.getBoundingClientRect(), 0.15) }));
    for (let i = 0; i < marks.length; i++)
      for (let j = i + 1; j < marks.length; j++)
        if (overlap(marks[i].b, marks[j].b)) out.push(`the track: ${marks[j].what} covers ${marks[i].what}`);
  }
  rewind();
  return out.map((line, i) => [i >= before ? "labels" : "layout", line]);
}
