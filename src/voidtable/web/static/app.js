// voidtable: the one page for the lobby, every game's table and the replay viewer.
// It draws the scene the server sends (schema: docs/web.md) and never knows a game's rules.
// Every text from the server is put in with textContent, never as HTML.
"use strict";

const $ = (sel, root = document) => root.querySelector(sel);
const app = () => $("#app");

function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") e.className = v;
    else if (k === "text") e.textContent = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) if (c !== null && c !== undefined) e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return e;
}

const SVG = "http://www.w3.org/2000/svg";
function sv(tag, attrs = {}) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined) e.setAttribute(k, v);
  return e;
}

function toast(text, kind = "error") {
  const t = $("#toast");
  t.textContent = text;
  t.className = kind;
  t.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { t.hidden = true; }, 5000);
}

async function api(path, opts = {}) {
  const res = await fetch(path, { headers: { "Content-Type": "application/json", ...(opts.headers || {}) }, ...opts });
  const data = await res.json().catch(() => ({ error: `server answered ${res.status}` }));
  if (!res.ok) throw new Error(data.error || `server answered ${res.status}`);
  return data;
}

function setTop(title, headline, status) {
  $("#title").textContent = title || "";
  $("#headline").textContent = headline || "";
  $("#status").textContent = status || "";
}

// ---------------------------------------------------------------- seats remembered in this browser
const MINE = "voidtable.seats";
function mySeats() { try { return JSON.parse(localStorage.getItem(MINE) || "{}"); } catch { return {}; } }
function remember(tableId, seat, token) {
  const m = mySeats(); (m[tableId] = m[tableId] || {})[seat] = token;
  try { localStorage.setItem(MINE, JSON.stringify(m)); } catch { /* private mode */ }
}
// Seat links the creator made for friends: kept apart from the creator's own seats, so that they are
// offered as links to send (with a copy button) at the table and in the lobby, never as "Your seat".
const INVITES = "voidtable.invites";
function invites() { try { return JSON.parse(localStorage.getItem(INVITES) || "{}"); } catch { return {}; } }
function rememberInvite(tableId, seat, token, name) {
  const m = invites(); (m[tableId] = m[tableId] || {})[seat] = { token, name };
  try { localStorage.setItem(INVITES, JSON.stringify(m)); } catch { /* private mode */ }
}
// The creator token of each table this browser created: it may hand an absent seat to a bot and turn chat off.
const CREATORS = "voidtable.creators";
function creators() { try { return JSON.parse(localStorage.getItem(CREATORS) || "{}"); } catch { return {}; } }
function rememberCreator(tableId, token) {
  const m = creators(); m[tableId] = token;
  try { localStorage.setItem(CREATORS, JSON.stringify(m)); } catch { /* private mode */ }
}
const bearer = token => token ? { Authorization: `Bearer ${token}` } : {};
const seatUrl = (tableId, token) => `${location.origin}/t/${tableId}#seat=${token}`;

// Copy with the Clipboard API where the page may use it, else by selecting a hidden field (older browsers, plain http).
async function copyText(text, btn) {
  let ok = false;
  try { await navigator.clipboard.writeText(text); ok = true; } catch {
    const ta = el("textarea", { readonly: true, style: "position:fixed;opacity:0" }); ta.value = text;
    document.body.append(ta); ta.select();
    try { ok = document.execCommand("copy"); } catch { ok = false; }
    ta.remove();
  }
  btn.textContent = ok ? "Copied ✓" : "Select and copy the link";
  clearTimeout(btn.timer);
  btn.timer = setTimeout(() => { btn.textContent = "Copy link"; }, 2500);
}

// One seat link, labelled with its seat and name, in a read-only field with a Copy button.
function linkRow(tableId, seat, name, token, note) {
  const url = seatUrl(tableId, token);
  const input = el("input", { class: "link", readonly: true, value: url, "aria-label": `Seat link for seat ${seat} (${name})`, onclick: e => e.target.select() });
  const btn = el("button", { type: "button", class: "btn copy", text: "Copy link" });
  btn.addEventListener("click", ev => { ev.preventDefault(); copyText(url, btn); });
  return el("div", { class: "seat-link", "data-seat": seat }, el("span", { class: "who", text: `Seat ${seat} · ${name}` }),
    note ? el("span", { class: "muted", text: ` ${note} ` }) : " ", input, " ", btn);
}

// ---------------------------------------------------------------- lobby
async function lobby() {
  setTop("Lobby", "Create a table, join one, or watch", "");
  const root = app();
  root.className = "lobby";
  root.replaceChildren();
  let games;
  try { games = await api("/api/games"); } catch (e) { root.append(el("p", { class: "error", text: e.message })); return; }
  const form = createForm(games);
  const list = el("section", { class: "part", id: "tables" }, el("h2", { text: "Tables" }), el("div", { id: "table-list" }));
  root.append(form, list, el("section", { class: "part" }, el("h2", { text: "Replay a record" }),
    el("p", {}, el("a", { href: "/replay", text: "Open a downloaded game record" }))));
  await refreshTables();
  clearInterval(lobby.timer);
  lobby.timer = setInterval(refreshTables, 3000);
}

function createForm(games) {
  const f = el("form", { class: "part", id: "create", "aria-label": "Create a table" });
  const gameSel = el("select", { id: "game", name: "game" }, games.map(g => el("option", { value: g.name, text: g.title })));
  const players = el("input", { id: "players", type: "number", min: 2, max: 6, value: 4 });
  const variant = el("select", { id: "variant" });
  const variantLabel = el("label", {}, "Variant ", variant);
  const optionsBox = el("div", { class: "options" });
  const seatsBox = el("div", { class: "seats", id: "seats" });
  const myName = el("input", { id: "myname", value: localStorage.getItem("voidtable.name") || "", placeholder: "Your name", maxlength: 40 });
  const out = el("div", { id: "created", "aria-live": "polite" });
  const clockSel = el("select", { id: "clock", "aria-label": "Turn clock" },
    [["", "off"], ["move:30", "30 s a move"], ["move:120", "2 min a move"], ["game:600", "10 min a game"], ["game:1800", "30 min a game"]]
      .map(([v, t]) => el("option", { value: v, text: t })));
  const chatBox = el("input", { id: "chat-on", type: "checkbox", checked: true });
  const game = () => games.find(g => g.name === gameSel.value);
  // the player's last choice of game and players survives creating a table and coming back (or a re-render)
  const LOBBY = "voidtable.lobby";
  const saved = (() => { try { return JSON.parse(localStorage.getItem(LOBBY) || "{}"); } catch { return {}; } })();
  if (games.some(g => g.name === saved.game)) gameSel.value = saved.game;
  if (saved.players) players.value = saved.players;
  const saveChoice = () => {
    try { localStorage.setItem(LOBBY, JSON.stringify({ game: gameSel.value, players: +players.value })); } catch { /* private mode */ }
  };

  // the game in words: what it is and how many play it
  const about = el("p", { class: "about", id: "game-about", "aria-live": "polite" });
  const playersNote = el("span", { class: "clamp", id: "players-note", "aria-live": "polite", hidden: true });
  const range = g => g.players[0] === g.players[1] ? `${g.players[0]} players` : `${g.players[0]}-${g.players[1]} players`;
  function seatRows() {
    // a count the game does not take is put in range, and the page says so (it never changes silently)
    const g = game(), asked = +players.value;
    const n = Math.max(g.players[0], Math.min(g.players[1], Math.round(asked) || g.players[0]));
    playersNote.hidden = asked === n;
    playersNote.textContent = asked === n ? "" : `${g.title} is for ${range(g)}: set to ${n}, not ${players.value || "nothing"}.`;
    players.value = n;
    const old = [...seatsBox.querySelectorAll("select")].map(s => s.value);
    seatsBox.replaceChildren();
    for (let i = 0; i < n; i++) {
      const sel = el("select", { "aria-label": `Seat ${i}`, id: `seat-${i}` },
        [["you", "You"], ["link", "Friend (seat link)"], ["open", "Open seat (anyone may join)"],
         ["easy", "Bot: easy"], ["medium", "Bot: medium"], ["hard", "Bot: hard"]].map(([v, t]) => el("option", { value: v, text: t })));
      sel.value = old[i] || (i === 0 ? "you" : "medium");
      seatsBox.append(el("label", {}, `Seat ${i} `, sel));
    }
  }
  function gameChanged() {
    const g = game();
    players.min = g.players[0]; players.max = g.players[1];
    about.replaceChildren(el("b", { text: `${g.title}, ${range(g)}. ` }), g.summary || "");
    // a variant that only sets options already shown below as their own controls (or nothing) is not offered twice
    const own = Object.entries(g.variants).filter(([, set]) => Object.keys(set).some(k => !(k in g.options))).map(([v]) => v);
    variant.replaceChildren(el("option", { value: "", text: "(default)" }), ...own.map(v => el("option", { value: v, text: v.replace(/_/g, " ") })));
    variantLabel.hidden = !own.length;
    optionsBox.replaceChildren(...Object.entries(g.options).map(([name, o]) => optionControl(g, name, o)));
    playersNote.hidden = true;
    seatRows();
  }
  gameSel.addEventListener("change", () => { gameChanged(); saveChoice(); });
  players.addEventListener("change", () => { seatRows(); saveChoice(); });

  f.append(el("h2", { text: "New table" }),
    el("div", { class: "row" }, el("label", {}, "Game ", gameSel), el("label", {}, "Players ", players), variantLabel, el("label", {}, "Your name ", myName)),
    playersNote, about, optionsBox, seatsBox,
    el("div", { class: "row" }, el("label", { title: "when a clock runs out, a bot chooses that move (a game clock: the seat goes to a bot)" }, "Turn clock ", clockSel),
      el("label", {}, chatBox, " Table chat")),
    el("button", { type: "submit", class: "primary", id: "create-btn", text: "Create table" }), out);
  f.addEventListener("submit", async ev => {
    ev.preventDefault();
    const options = {};
    for (const i of optionsBox.querySelectorAll("[data-option]")) {
      const name = i.dataset.option;
      const def = game().options[name].default;
      let v = i.dataset.type === "bool" ? i.checked : i.value;
      if (i.dataset.compose !== undefined && v === COMPOSE) v = i.dataset.compose;  // the picks, joined
      if (i.dataset.type === "int") v = parseInt(v, 10);
      if (i.dataset.type === "float") v = parseFloat(v);
      if (v !== def) options[name] = v;
    }
    const name = myName.value.trim();
    if (name) localStorage.setItem("voidtable.name", name);
    const seats = [...seatsBox.querySelectorAll("select")].map((s, i) => {
      if (s.value === "you") return { kind: "person", claim: true, name: name || `Player ${i}` };
      if (s.value === "link") return { kind: "person", claim: true, name: `Friend ${i}` };
      if (s.value === "open") return { kind: "person" };
      return { kind: "bot", bot: s.value };
    });
    saveChoice();
    const req = { game: gameSel.value, players: +players.value, options, seats, chat: chatBox.checked };
    if (variant.value) req.variant = variant.value;
    if (clockSel.value) { const [mode, secs] = clockSel.value.split(":"); req.clock = { mode, seconds: +secs }; }
    try {
      const res = await api("/api/tables", { method: "POST", body: JSON.stringify(req) });
      rememberCreator(res.id, res.creator);
      const kinds = [...seatsBox.querySelectorAll("select")].map(s => s.value);
      out.replaceChildren(el("h3", { text: "Table created" }));
      let mine = null;
      for (const l of res.links) {
        const who = seats[l.seat].name;
        if (kinds[l.seat] === "you") {
          remember(res.id, l.seat, l.token);
          if (!mine) mine = l.url;
          out.append(el("p", {}, `Seat ${l.seat} · ${who} (you): `, el("a", { class: "btn", href: l.url, text: "Go to your seat" })));
        } else {
          rememberInvite(res.id, l.seat, l.token, who);
          out.append(linkRow(res.id, l.seat, who, l.token, "send this link to your friend:"));
        }
      }
      out.append(el("p", {}, el("a", { href: res.spectate, text: "Watch as a spectator" })));
      // the creator goes to their seat, where the friends' links are shown again (see invitesBox)
      if (mine) { location.href = mine; } else refreshTables();
    } catch (e) { toast(e.message); }
  });
  gameChanged();
  return f;
}

// One game option as a control, its name and meaning in words (OptionSpec.label, help, choice_words, compose):
// a checkbox, a list of the choices in words, a list plus "of your choice" picks, or a text box.
const COMPOSE = "\u0000compose";
function optionControl(g, name, o) {
  const words = new Map((o.choice_words || []).map(([c, w]) => [String(c), w]));
  const say = c => words.get(String(c)) || String(c).replace(/_/g, " ");
  const id = `opt-${name}`;
  let input, extra = null;
  if (o.type === "bool") input = el("input", { type: "checkbox", id, "data-option": name, "data-type": "bool", checked: !!o.default });
  else if (o.choices && (o.strict || o.compose)) {
    const shown = o.choices.filter(c => words.has(String(c)) || o.strict);
    input = el("select", { id, "data-option": name, "data-type": o.type },
      shown.map(c => el("option", { value: c, text: say(c), selected: c === o.default })),
      o.compose ? el("option", { value: COMPOSE, text: o.compose.label }) : null);
    if (o.compose) {
      const c = o.compose;
      const picks = [...Array(c.count).keys()].map(i => el("select", { class: "pick", id: `${id}-pick-${i}`, "aria-label": c.pick_label.replace("{n}", i + 1) },
        c.items.map((it, k) => el("option", { value: it.value, text: it.words, selected: k === i }))));
      const sync = () => { input.dataset.compose = picks.map(p => p.value).join(c.joiner); };
      picks.forEach(p => p.addEventListener("change", sync));
      sync();
      extra = el("div", { class: "picks", id: `${id}-picks`, hidden: true },
        picks.map((p, i) => el("label", {}, c.pick_label.replace("{n}", i + 1) + " ", p)));
      input.addEventListener("change", () => { extra.hidden = input.value !== COMPOSE; });
    }
  } else {
    input = el("input", { id, "data-option": name, "data-type": o.type, value: o.default });
  }
  const head = o.type === "bool" ? el("label", { for: id, class: "oname" }, input, " ", o.label || name) : el("label", { for: id, class: "oname" }, (o.label || name) + " ", input);
  return el("div", { class: "option", "data-name": name }, head, extra, o.help ? el("small", { class: "muted meaning", text: o.help }) : null);
}

async function refreshTables() {
  const box = $("#table-list");
  if (!box) { clearInterval(lobby.timer); return; }
  let tables;
  try { tables = await api("/api/tables"); } catch (e) { return; }
  const mine = mySeats();
  // your move first; finished tables and tables quiet for an hour folded away, so the lobby shows what is alive
  const groups = { yours: [], waiting: [], running: [], quiet: [], finished: [], broken: [] };
  const waitsForMe = t => t.status === "running" && Object.keys(mine[t.id] || {}).some(s => t.to_move.includes(+s) && !(t.seats[+s] || {}).held);
  for (const t of tables) {
    if (waitsForMe(t)) groups.yours.push(t);
    else if (t.status === "running" && (t.idle || 0) > 3600) groups.quiet.push(t);
    else (groups[t.status] || groups.broken).push(t);
  }
  box.replaceChildren();
  const titles = { yours: "Your move", waiting: "Open: seats to fill", running: "Playing now", quiet: "Quiet for over an hour",
    finished: "Finished", broken: "Could not be restored" };
  const folded = { quiet: true, finished: true, broken: true };
  for (const [status, list] of Object.entries(groups)) {
    if (!list.length) continue;
    const ul = el("ul", { class: "tables", id: `tables-${status}` });
    if (folded[status]) box.append(el("details", { class: "fold", id: `fold-${status}` }, el("summary", { text: `${titles[status]} (${list.length})` }), ul));
    else box.append(el("h3", { text: titles[status] }), ul);
    for (const t of list.slice(0, 40)) {
      const seats = t.seats.map(s => s.open ? "(open)" : s.name).join(", ");
      const li = el("li", {}, el("strong", { text: t.title }), ` ${t.players} players: ${seats} `, el("span", { class: "muted", text: t.step === 1 ? "1 move made" : `${t.step} moves made` }), " ");
      const my = mine[t.id];
      const sent = invites()[t.id] || {};
      if (my) for (const [seat, token] of Object.entries(my)) if (!sent[seat]) li.append(el("a", { class: "btn", href: `/t/${t.id}#seat=${token}`, text: `Your seat ${seat}` }), " ");
      for (const [seat, inv] of Object.entries(sent)) {
        const btn = el("button", { type: "button", class: "btn copy", "data-seat": seat, text: "Copy link",
          title: `the seat link you made for ${inv.name} (seat ${seat})` });
        btn.addEventListener("click", () => copyText(seatUrl(t.id, inv.token), btn));
        li.append(el("span", { class: "invite" }, `Friend's link, seat ${seat} (${inv.name}): `, btn), " ");
      }
      if (t.status === "waiting") {
        li.append(el("button", { class: "btn", text: "Join", onclick: async () => {
          try {
            const name = (localStorage.getItem("voidtable.name") || "").trim() || null;
            const r = await api(`/api/tables/${t.id}/join`, { method: "POST", body: JSON.stringify({ name }) });
            remember(t.id, r.seat, r.token);
            location.href = r.url;
          } catch (e) { toast(e.message); }
        } }), " ");
      }
      li.append(el("a", { class: "btn", href: `/t/${t.id}`, text: "Watch" }));
      if (t.status === "finished") li.append(" ", el("a", { class: "btn", href: `/replay/${t.id}`, text: "Replay" }), " ",
        el("a", { class: "btn", href: `/api/tables/${t.id}/record`, text: "Record" }));
      ul.append(li);
    }
  }
  if (!tables.length) box.append(el("p", { class: "muted", text: "No tables yet: create one above." }));
}

// ---------------------------------------------------------------- the table
const T = { ws: null, msg: null, log: [], talk: [], token: null, id: null, sending: false, retry: 0, nextId: 1, live: false, clockAt: 0 };

function tablePage(id) {
  T.id = id;
  const m = /(?:^#|&)seat=([^&]+)/.exec(location.hash);
  T.token = m ? decodeURIComponent(m[1]) : null;
  app().className = "table";
  app().replaceChildren(el("p", { class: "muted", text: "Connecting..." }));
  connect();
  document.addEventListener("keydown", tableKeys);
}

function connect() {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  const ws = new WebSocket(`${proto}//${location.host}/ws/${T.id}`);
  T.ws = ws;
  setConn("connecting");
  // live only once the server has answered with the table: until then (and whenever the socket is down) choices are off
  ws.onopen = () => { ws.send(JSON.stringify({ type: "hello", token: T.token })); T.retry = 0; };
  ws.onmessage = ev => {
    const msg = JSON.parse(ev.data);
    if (msg.type === "state") { if (!T.live) setConn("live"); onState(msg); }
    else if (msg.type === "error") {
      T.sending = false; toast(msg.error);
      if (T.msg) render();
      else app().replaceChildren(el("p", { class: "error", text: msg.error })); // refused before any state (a missing or broken table): the reason stays
    }
    else if (msg.type === "accepted") { /* the new state follows */ }
  };
  ws.onclose = ev => {
    if (T.ws !== ws) return;
    if (T.sending) { T.sending = false; toast("Your last choice was not confirmed before the connection dropped: choose again once it is back."); }
    setConn("offline");
    if (T.msg) render();
    if (ev.code >= 4400 && ev.code < 4500) return; // refused: do not hammer
    T.retry = Math.min(T.retry + 1, 6);
    setTimeout(connect, 300 * 2 ** T.retry);
  };
}

function setConn(state) {
  const c = $("#conn");
  c.textContent = { live: "● live", connecting: "○ connecting", offline: "○ offline: reconnecting" }[state];
  c.className = state;
  document.body.dataset.conn = state;
  T.live = state === "live";
  const banner = $("#offline");
  if (banner) {
    banner.hidden = T.live || !T.msg;
    banner.textContent = "Connection to the server lost: reconnecting… Your choices are paused until it is back; nothing you click now is sent.";
  }
}

// A seat link opened in this browser is remembered as one of its seats, so the lobby offers "Your seat" to go back
// (a friend's link included). The first time a seat is opened here, its player is asked what to be called.
function rememberMySeat(msg) {
  if (msg.seat === null || !T.token) return;
  const sent = (invites()[T.id] || {})[msg.seat];
  if (sent && sent.token === T.token) return;  // the creator looking at a link made for a friend: theirs, not the creator's
  if ((mySeats()[T.id] || {})[msg.seat] === T.token) return;
  remember(T.id, msg.seat, T.token);
  if (["waiting", "running"].includes(msg.table.status) && !msg.held) T.askName = true;
}

function onState(msg) {
  rememberMySeat(msg);
  // the last move: what changed since the scene this page showed before (a message of the same step, such as a
  // chat line or a reconnect, keeps the marks it had)
  if (!T.msg || T.msg.step !== msg.step) T.changed = changes(T.msg ? T.msg.scene : null, msg.scene);
  T.log = T.log.slice(0, msg.log_from).concat(msg.log);
  T.talk = T.talk.slice(0, msg.talk_from || 0).concat(msg.talk || []);
  T.msg = msg;
  T.clockAt = performance.now();
  T.sending = false;
  render();
}

function send(action) {
  if (!T.msg) return;
  if (!T.live || !T.ws || T.ws.readyState !== 1) { toast("Not sent: the connection to the server is down. Choose again once it is back."); return; }
  if (T.sending) { toast("Your last choice is still on its way: wait for the table to answer."); return; }
  closeMenu();
  T.sending = true;
  document.body.classList.add("sending");
  T.ws.send(JSON.stringify({ type: "move", step: T.msg.step, action, id: T.nextId++ }));
}

function seatName(msg, s) { return msg.table.seats[s] ? msg.table.seats[s].name : `Seat ${s}`; }

function render() {
  const msg = T.msg;
  document.body.classList.remove("sending");
  const scene = msg.scene || {};
  const you = msg.seat;
  const yourTurn = you !== null && msg.to_move.includes(you) && msg.legal.length > 0 && T.live;
  let status;
  if (msg.table.status === "waiting") status = "Waiting for players to join: " + msg.table.seats.filter(s => s.open).map(s => `seat ${s.seat}`).join(", ");
  else if (msg.result) status = "Game over. " + msg.result.summary;
  else if (yourTurn) status = "Your turn: " + (scene.prompt || "choose");
  else if (!T.live && you !== null && msg.to_move.includes(you) && msg.legal.length) status = "Your turn, paused: offline until the connection is back";
  else status = (scene.status ? scene.status + ". " : "") + "Waiting for " + msg.to_move.map(s => seatName(msg, s)).join(", ");
  setTop(scene.title || msg.table.title, scene.headline, status);
  document.title = (yourTurn ? "(your turn) " : "") + (scene.title || "voidtable");
  document.body.classList.toggle("your-turn", yourTurn);
  document.body.dataset.step = msg.step;

  const who = you === null ? "Spectator" : `${seatName(msg, you)} (seat ${you})`;
  applyStyle(scene.style);
  const main = sceneBox(scene.parts || [], yourTurn);
  const side = el("aside", { class: "side" },
    el("section", { class: "part you" }, el("h2", { text: "You" }), el("p", { id: "who", text: who }), nameBox(msg)),
    heldBox(msg),
    clocksBox(msg),
    msg.result ? resultBox(msg.result, `/replay/${T.id}`, msg.table.id) : null,
    rematchBox(msg),
    invitesBox(msg),
    choicesBox(msg, yourTurn),
    seatActions(msg),
    creatorBox(msg),
    chatBox(msg),
    logBox(T.log, msg.step));
  const draft = $("#chat-text") ? $("#chat-text").value : "";
  const chatFocused = document.activeElement && document.activeElement.id === "chat-text";
  const nameDraft = $("#name-text") ? $("#name-text").value : null;
  const nameFocused = document.activeElement && document.activeElement.id === "name-text";
  const scroll = $("#log ol");
  const atBottom = !scroll || scroll.scrollTop + scroll.clientHeight >= scroll.scrollHeight - 30;
  const focusId = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.key : null;
  app().replaceChildren(main, side);
  layout();
  markChanges(T.changed);
  if ($("#chat-text")) { $("#chat-text").value = draft; if (chatFocused) $("#chat-text").focus(); }
  if ($("#name-text") && nameDraft !== null) { $("#name-text").value = nameDraft; if (nameFocused) $("#name-text").focus(); }
  const talk = $("#chat ol"); if (talk) talk.scrollTop = talk.scrollHeight;
  const ol = $("#log ol");
  if (ol && atBottom) ol.scrollTop = ol.scrollHeight;
  if (focusId) { const f = document.querySelector(`[data-key="${CSS.escape(focusId)}"]`); if (f) f.focus(); }
}

// A seated player's name: asked for the first time they open their seat (a friend's seat starts as "Friend N"),
// and changeable from a fold while the game lasts. The server words the whole log again with the new name.
function nameBox(msg) {
  if (msg.seat === null || !["waiting", "running"].includes(msg.table.status)) return null;
  const current = seatName(msg, msg.seat);
  const input = el("input", { id: "name-text", maxlength: 40, value: T.askName ? (localStorage.getItem("voidtable.name") || current) : current,
    "aria-label": "your name" });
  const form = el("form", { class: "row", id: "name-form" }, input, el("button", { class: "btn", type: "submit", id: "name-save", text: "Use this name" }));
  form.addEventListener("submit", async ev => {
    ev.preventDefault();
    const name = input.value.trim();
    if (!name) return;
    const asked = T.askName;
    T.askName = false;  // the new name's state may arrive before this answer does
    const r = await tableAction("name", { body: JSON.stringify({ name }) }, T.token);
    if (r) { try { localStorage.setItem("voidtable.name", r.name); } catch { /* private mode */ } }
    else T.askName = asked;
    render();
  });
  if (T.askName) {
    return el("div", { class: "ask-name", id: "ask-name" }, el("p", { text: `The table calls you ${current}. What should it call you?` }), form,
      el("button", { class: "btn", type: "button", id: "name-keep", text: `Keep ${current}`, onclick: () => { T.askName = false; render(); } }));
  }
  const fold = el("details", { id: "name-fold", open: T.nameOpen || null }, el("summary", { text: "Change your name" }), form);
  fold.addEventListener("toggle", () => { T.nameOpen = fold.open; });
  return fold;
}

function resultBox(result, replayUrl, tableId) {
  const rows = result.standings.map(s => el("tr", { class: result.winners.includes(s.seat) ? "winner" : null },
    el("td", { text: s.rank }), el("td", { text: s.name }), el("td", { text: s.score })));
  return el("section", { class: "part result", id: "result" }, el("h2", { text: "Result" }),
    el("p", { class: "summary", text: result.summary }),
    el("table", {}, el("thead", {}, el("tr", {}, el("th", { text: "Rank" }), el("th", { text: "Player" }), el("th", { text: "Score" }))), el("tbody", {}, rows)),
    (result.tiebreaks || []).map(t => el("p", { class: "muted", text: t })),
    tableId ? el("p", {}, el("a", { href: replayUrl, text: "Replay this game" }), " · ", el("a", { href: `/api/tables/${tableId}/record`, text: "Download the record" })) : null,
    tableId ? endChances(tableId, replayUrl) : null);
}

// The end of a game: each seat's estimated chance to win along it (chances.js), fetched once the game is over
// (the server refuses it before: the estimate reads every hidden card); a click opens the replay at that step.
function endChances(tableId, replayUrl) {
  const box = el("div", { id: "result-chances" });
  if (T.chances === undefined || T.chancesFor !== tableId) {
    T.chancesFor = tableId; T.chances = null;
    api(`/api/tables/${tableId}/chances`).then(data => { T.chances = data; }, () => { T.chances = false; })
      .then(() => { const b = $("#result-chances"); if (b && T.chancesFor === tableId) b.replaceWith(endChances(tableId, replayUrl)); });
  }
  if (T.chances && window.drawChances)
    box.append(drawChances(T.chances, { id: "end-chances", onPick: s => { location.href = `${replayUrl}?step=${s}`; } }));
  return box;
}

// The seat links this browser made for friends at this table, shown to the creator at the table itself
// (open until the game is over, unless the creator folds it).
function invitesBox(msg) {
  const sent = invites()[T.id];
  if (!sent || !Object.keys(sent).length) return null;
  const rows = Object.entries(sent).map(([seat, inv]) => linkRow(T.id, seat, seatName(msg, +seat) || inv.name, inv.token, ""));
  const body = el("div", {}, el("p", { class: "muted", text: "Send each friend their seat's link: it opens that seat for whoever has it." }), rows);
  if (T.invitesOpen === undefined) T.invitesOpen = !msg.result;
  const details = el("details", { open: T.invitesOpen || null }, el("summary", { text: `Seat links for your friends (${rows.length})` }), body);
  details.addEventListener("toggle", () => { T.invitesOpen = details.open; });
  return el("section", { class: "part invites", id: "invites" }, details);
}

// The table's own actions over HTTP (hand a seat to a bot, take it back, resign, rematch, chat): one-line errors as toasts.
async function tableAction(path, opts, token) {
  if (!T.live) { toast("Not sent: the connection to the server is down. Try again once it is back."); return null; }
  try { return await api(`/api/tables/${T.id}/${path}`, { method: "POST", ...opts, headers: bearer(token) }); }
  catch (e) { toast(e.message); return null; }
}

const HELD = { handed: "the table's creator handed it to a bot while you were away", resigned: "you resigned; a bot plays on to the end",
  timeout: "your time ran out; a bot plays on to the end" };
// once the game is over nobody plays on: said in the past, and a resignation that ended a game of two says so
const HELD_OVER = { handed: "a bot played your seat to the end", resigned: "you resigned; a bot played your seat to the end",
  timeout: "your time ran out; a bot played your seat to the end" };
function heldBox(msg) {
  if (!msg.held) return null;
  const over = msg.table.status === "finished";
  const ended = over && msg.held === "resigned" && msg.table.players === 2;  // the other player won at once
  const head = ended ? "You resigned" : over ? "A bot played your seat" : "A bot plays your seat";
  const text = ended ? "You resigned, so the game is over: the other player wins." : (over ? HELD_OVER : HELD)[msg.held] || "";
  return el("section", { class: "part held", id: "held" }, el("h2", { text: head }), el("p", { text }),
    msg.held === "handed" && msg.table.status === "running" || msg.held === "handed" && msg.table.status === "waiting"
      ? el("button", { class: "btn primary", id: "take-back", text: "Take my seat back", onclick: () => tableAction("take-back", {}, T.token) }) : null);
}

const fmtClock = s => { s = Math.max(0, Math.ceil(s)); return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`; };
function clocksBox(msg) {
  if (!msg.clock) return null;
  const c = msg.clock;
  const rows = c.seats.filter(x => msg.table.seats[x.seat].kind === "person").map(x => el("li", { class: x.running ? "running" : null, "data-seat": x.seat },
    el("span", { text: seatName(msg, x.seat) + " " }), el("b", { class: "clock-left", "data-left": x.left, "data-running": x.running ? "1" : "", text: fmtClock(x.left) }),
    x.running ? el("span", { class: "muted", text: " ◀ running" }) : null));
  return el("section", { class: "part clocks", id: "clocks" }, el("h2", { text: c.mode === "move" ? `Turn clock: ${fmtClock(c.seconds)} a move` : `Turn clock: ${fmtClock(c.seconds)} a game` }),
    el("ul", {}, rows), el("p", { class: "muted", text: c.mode === "move" ? "When a move's time runs out, a bot chooses that move." : "When a player's time runs out, a bot plays their seat to the end." }));
}
setInterval(() => {  // the clocks count down between the server's messages
  const gone = (performance.now() - T.clockAt) / 1000;
  for (const b of document.querySelectorAll("#clocks .clock-left")) if (b.dataset.running) b.textContent = fmtClock(+b.dataset.left - gone);
}, 250);

function seatActions(msg) {
  if (msg.seat === null || msg.table.status !== "running" || (msg.held && msg.held !== "handed")) return null;
  const btn = el("button", { class: "btn", id: "resign", text: "Resign" });
  btn.addEventListener("click", async () => {
    if (!btn.dataset.armed) { btn.dataset.armed = "1"; btn.textContent = "Really resign? Click again"; return; }
    await tableAction("resign", {}, T.token);
  });
  return el("section", { class: "part seat-actions", id: "seat-actions" }, btn,
    el("span", { class: "muted", text: msg.table.players === 2 ? " (the other player wins)" : " (a bot plays your seat to the end)" }));
}

function rematchBox(msg) {
  if (msg.table.status !== "finished") return null;
  const mine = msg.seat !== null ? T.token : null;
  const creator = creators()[T.id];
  if (msg.table.rematch) {
    const id = msg.table.rematch;
    if (creator && !creators()[id]) rememberCreator(id, creator);
    const sent = invites()[T.id];  // the friends' links work at the rematch too (the same seat tokens)
    if (sent && !invites()[id]) for (const [seat, inv] of Object.entries(sent)) rememberInvite(id, seat, inv.token, inv.name);
    if (mine) remember(id, msg.seat, mine);
    return el("section", { class: "part rematch", id: "rematch" }, el("h2", { text: "Rematch" }),
      el("a", { class: "btn primary", id: "rematch-go", href: mine ? `/t/${id}#seat=${mine}` : `/t/${id}`, text: mine ? "Go to your seat at the rematch" : "Watch the rematch" }));
  }
  if (!mine && !creator) return null;
  return el("section", { class: "part rematch", id: "rematch" }, el("h2", { text: "Rematch" }),
    el("button", { class: "btn primary", id: "rematch-btn", text: "Rematch: same seats, new game", onclick: async () => {
      const r = await tableAction("rematch", {}, mine || creator);
      if (r) location.href = mine ? `/t/${r.id}#seat=${mine}` : `/t/${r.id}`;
    } }),
    el("p", { class: "muted", text: "Everyone keeps their seat link: each player's page offers the way to the new table." }));
}

function creatorBox(msg) {
  const token = creators()[T.id];
  if (!token || !["waiting", "running"].includes(msg.table.status)) return null;
  const present = msg.present || [];
  const absent = msg.table.seats.filter(s => s.kind === "person" && !s.held && !present.includes(s.seat));
  const rows = absent.map(s => el("li", {}, `Seat ${s.seat} · ${s.name}${s.open ? " (open)" : " (away)"} `,
    el("button", { class: "btn", id: `hand-${s.seat}`, text: "Hand to a bot", onclick: () => tableAction(`seats/${s.seat}/bot`, { body: JSON.stringify({ bot: "medium" }) }, token) })));
  const chatToggle = el("input", { type: "checkbox", id: "chat-toggle", checked: msg.table.chat });
  chatToggle.addEventListener("change", async () => {
    try { await api(`/api/tables/${T.id}/options`, { method: "PATCH", body: JSON.stringify({ chat: chatToggle.checked }), headers: bearer(token) }); }
    catch (e) { toast(e.message); chatToggle.checked = !chatToggle.checked; }
  });
  return el("section", { class: "part creator", id: "creator" }, el("h2", { text: "Your table" }),
    rows.length ? el("p", { class: "muted", text: "A player who is away can be replaced by a bot; their seat link takes the seat back." }) : null,
    rows.length ? el("ul", {}, rows) : null, el("label", {}, chatToggle, " Chat on"));
}

function chatBox(msg) {
  const lines = T.talk.map(t => el("li", { class: t.kind === "note" ? "note" : "chat" },
    t.kind === "chat" ? el("b", { text: t.name + ": " }) : null, el("span", { text: t.text })));
  const input = el("input", { id: "chat-text", maxlength: 300, placeholder: msg.table.chat ? "Say something" : "Chat is off at this table",
    disabled: !msg.table.chat, "aria-label": "chat message" });
  const form = el("form", { class: "row" }, input, el("button", { class: "btn", id: "chat-send", type: "submit", text: "Send", disabled: !msg.table.chat }));
  form.addEventListener("submit", async ev => {
    ev.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    const r = await tableAction("chat", { body: JSON.stringify({ text }) }, T.token);
    if (r) { input.value = ""; const i = $("#chat-text"); if (i) i.value = ""; }
  });
  return el("section", { class: "part chat", id: "chat" }, el("h2", { text: "Table talk" }), el("ol", { "aria-live": "polite" }, lines), form);
}

function choicesBox(msg, yourTurn) {
  const box = el("section", { class: "part choices", id: "choices" }, el("h2", { text: yourTurn ? "Your choices" : "Choices" }));
  if (!T.live && msg.seat !== null && msg.to_move.includes(msg.seat) && msg.legal.length) {
    box.append(el("p", { class: "offline-note", text: "Offline: your choices are paused until the connection is back." }),
      el("ol", {}, msg.choices.map((c, i) => el("li", {}, el("button", { class: "choice", disabled: true, text: (i < 9 ? `${i + 1}. ` : "") + c.label })))));
    return box;
  }
  if (!yourTurn) { box.append(el("p", { class: "muted", text: msg.seat === null ? "You are watching." : "Nothing to decide right now." })); return box; }
  const ol = el("ol");
  msg.choices.forEach((c, i) => {
    ol.append(el("li", {}, el("button", { class: "choice", "data-key": "choice-" + i, text: (i < 9 ? `${i + 1}. ` : "") + c.label, onclick: () => send(c.action) })));
  });
  box.append(el("p", { class: "muted help", text: "Click a highlighted item on the table, or press 1-9, or Tab to a choice and press Enter." }), ol);
  return box;
}

// ``moves``: how many moves the table has made (as this seat counts them: the moves it can know of), shown with
// the log, whose moves they are, never under "You"
function logBox(lines, moves) {
  // the number is drawn as text (not an ol marker, which the list's padding clipped: 189 showed as "89.")
  const ol = el("ol", { "aria-live": "polite" }, lines.map((l, i) => el("li", {},
    el("span", { class: "n", "aria-hidden": "true", text: `${i + 1}.` }), el("span", { class: "t", text: l }))));
  const count = moves === undefined ? null : el("span", { class: "muted moves", id: "moves", text: ` · ${moves === 1 ? "1 move" : `${moves} moves`} so far` });
  return el("section", { class: "part log", id: "log" }, el("h2", {}, "What happened", count), ol);
}

function tableKeys(ev) {
  if (ev.target && /INPUT|SELECT|TEXTAREA/.test(ev.target.tagName)) return;
  if (ev.key === "Escape") { closeMenu(); return; }
  if (!T.msg || ev.ctrlKey || ev.metaKey || ev.altKey) return;
  const n = parseInt(ev.key, 10);
  if (n >= 1 && n <= 9 && !$("#menu").hidden) {
    const b = $("#menu").querySelectorAll("button.opt")[n - 1];
    if (b) { ev.preventDefault(); b.click(); }
    return;
  }
  if (n >= 1 && n <= 9 && T.msg.choices[n - 1] && T.msg.seat !== null && T.msg.to_move.includes(T.msg.seat)) {
    ev.preventDefault();
    send(T.msg.choices[n - 1].action);
  }
}

// ---------------------------------------------------------------- a game's own colours (scene.style)
// The shared stylesheet names no game's components: a scene may carry
// {"style": {"cards": {KIND: colour}, "fills": {FILL: colour}}}, turned here into
// rules for .k-KIND cards and .f-FILL hexes and legend entries. Names and colours
// are checked, so a scene can only colour, never inject other CSS.
const SAFE_NAME = /^[A-Za-z0-9_-]+$/;
const SAFE_COLOUR = /^(#[0-9A-Fa-f]{3,8}|(rgb|rgba|hsl|hsla)\([0-9.,%\s]+\))$/;
let styleKey = null;
function applyStyle(style) {
  const key = JSON.stringify(style || null);
  if (key === styleKey) return;
  styleKey = key;
  let node = document.getElementById("game-style");
  if (!node) { node = el("style", { id: "game-style" }); document.head.append(node); }
  const rules = [];
  const add = (map, rule) => {
    for (const [name, colour] of Object.entries(map || {}))
      if (SAFE_NAME.test(name) && SAFE_COLOUR.test(String(colour))) rules.push(rule(name, colour));
  };
  add(style && style.cards, (n, c) => `.k-${n} { border-color: ${c}; }`);
  add(style && style.fills, (n, c) => `.f-${n} polygon { fill: ${c}; } .legend .lg.f-${n}::before { background: ${c}; }`
    + ` .piece.pf-${n} circle, .piece.pf-${n} rect { fill: ${c}; stroke: var(--c, #000); stroke-width: 3.5; }`);
  node.textContent = rules.join("\n");
}

// ---------------------------------------------------------------- choices on scene elements
function clickable(node, item, live, key) {
  if (!live || !(item.action || (item.choices && item.choices.length))) return node;
  node.classList.add("legal");
  node.tabIndex = 0;
  node.setAttribute("role", "button");
  node.dataset.key = key;
  // what clicking does, in words: the action's hint, or the element and the choices its menu offers
  const menu = item.choices ? item.choices.map(c => c.label) : [];
  const label = item.hint || (item.action ? item.action.kind.replace(/_/g, " ")
    : `${item.title || item.name || item.label || "Choose"}: ${menu.join("; ")}`);
  node.setAttribute("aria-label", label);
  if (!item.action) node.setAttribute("aria-haspopup", "menu");
  const tip = node instanceof SVGElement ? node.querySelector(":scope > title") : null;
  const more = item.action ? (item.hint && !item.text ? [item.hint] : []) : menu.map(m => "• " + m);
  if (tip) tip.textContent = [tip.textContent, ...more.filter(m => !tip.textContent.includes(m))].join("\n");
  else if (!node.getAttribute("title")) node.setAttribute("title", label);
  else node.setAttribute("title", [node.getAttribute("title"), ...more.filter(m => !node.getAttribute("title").includes(m))].join("\n"));
  const go = () => item.action ? send(item.action) : openMenu(item.choices, item.hint || item.title || item.label || "Choose", node);
  node.addEventListener("click", ev => { ev.stopPropagation(); go(); });
  node.addEventListener("keydown", ev => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); go(); } });
  return node;
}

function openMenu(choices, title, anchor) {
  const m = $("#menu");
  m.replaceChildren(el("h3", { text: title }),
    ...choices.map((c, i) => el("button", { class: "opt", text: `${i < 9 ? i + 1 + ". " : ""}${c.label}`, onclick: () => send(c.action) })),
    el("button", { class: "cancel", text: "Cancel (Esc)", onclick: closeMenu }));
  m.hidden = false;
  m.anchor = anchor;
  placeMenu();
  const first = m.querySelector("button.opt");
  if (first) first.focus({ preventScroll: true });
}
// A menu always opens inside the window: below its element if it fits there, else above it, else wherever it
// fits (its height is capped by the stylesheet, so it scrolls inside itself rather than run off the screen).
// It follows its element when the page scrolls or the window changes size.
function placeMenu() {
  const m = $("#menu");
  if (m.hidden || !m.anchor || !document.contains(m.anchor)) return;
  const r = m.anchor.getBoundingClientRect(), gap = 6, edge = 8;
  const vw = document.documentElement.clientWidth || window.innerWidth, vh = window.innerHeight;
  const w = m.offsetWidth, h = m.offsetHeight;
  let top = r.bottom + gap;
  if (top + h > vh - edge) top = r.top - gap - h >= edge ? r.top - gap - h : vh - edge - h;
  const left = Math.min(vw - edge - w, r.left);
  m.style.top = Math.max(edge, top) + "px";
  m.style.left = Math.max(edge, left) + "px";
}
window.addEventListener("resize", placeMenu);
window.addEventListener("scroll", placeMenu, true);
function closeMenu() {
  const m = $("#menu");
  if (m.hidden) return;
  m.hidden = true;
  if (m.anchor && document.contains(m.anchor)) m.anchor.focus();
}
document.addEventListener("click", ev => { const m = $("#menu"); if (!m.hidden && !m.contains(ev.target)) closeMenu(); });

// ---------------------------------------------------------------- the last move, highlighted
// The page knows no game, so it finds the last move by comparing two scenes: a piece that moved or appeared (and
// the hex it left), a hex whose fill or words changed, a card that appeared or whose words changed. Parts that
// were not on the table before (a menu of cards to buy, say) are new, not changed, and are not marked.
function sceneItems(scene) {
  const items = new Map();
  const put = (key, value) => items.set(key, JSON.stringify(value));
  for (const p of (scene && scene.parts) || []) {
    const id = p.id || p.kind;
    items.set(`part|${id}`, "");
    for (const h of p.hexes || []) put(`hex|${id}|${h.q},${h.r}`, [h.fill, h.name, h.label, h.sub]);
    for (const pc of p.pieces || []) if (pc.id !== undefined && pc.id !== null) put(`piece|${id}|${pc.id}`, [pc.at, pc.label, pc.seat, pc.fill, pc.count]);
    for (const c of p.cards || []) if (c.id) put(`card|${id}|${c.id}`, [c.title, c.tag, c.stats, c.text, c.face, c.turned, c.badge]);
    for (const pl of p.players || []) for (const c of pl.cards || []) if (c.id) put(`pcard|${id}|${pl.seat}|${c.id}`, [c.title, c.tag, c.stats, c.text, c.face, c.turned, c.badge]);
  }
  return items;
}
function changes(before, after) {
  const out = [];
  if (!before || !after) return out;
  const old = sceneItems(before), now = sceneItems(after);
  for (const [key, value] of now) {
    const [kind, part] = key.split("|");
    if (kind === "part" || !old.has(`part|${part}`) || old.get(key) === value) continue;
    out.push(key);
    if (kind === "piece" && old.has(key)) {  // a piece that moved: the hex (or edge) it left
      const was = JSON.parse(old.get(key))[0] || {};
      if (was.hex) out.push(`hex|${part}|${was.hex.join(",")}`);
    }
  }
  return out;
}
function markChanges(keys) {
  for (const key of keys || []) {
    const [kind, part, a, b] = key.split("|");
    const root = document.getElementById("part-" + part);
    if (!root) continue;
    const sel = kind === "hex" ? `g.hex[data-hex="${CSS.escape(a)}"]` : kind === "piece" ? `g.piece[data-piece="${CSS.escape(a)}"]`
      : kind === "card" ? `.card[data-card="${CSS.escape(a)}"]` : `.player[data-seat="${CSS.escape(a)}"] .card[data-card="${CSS.escape(b)}"]`;
    for (const node of root.querySelectorAll(sel)) {
      node.classList.add("last");
      const tip = node instanceof SVGElement ? node.querySelector(":scope > title") : null;
      if (tip) tip.textContent += "\n(changed by the last move)";
      else node.setAttribute("title", (node.getAttribute("title") || "") + "\n(changed by the last move)");
    }
  }
}

// ---------------------------------------------------------------- the scene's parts
function drawParts(parts, live) {
  return parts.map(p => {
    const f = PARTS[p.kind] || drawUnknown;
    const attrs = { class: `part part-${p.kind}`, id: "part-" + (p.id || p.kind) };
    if (p.collapsed) return el("section", attrs, el("details", {}, el("summary", { text: p.title || p.kind }), f(p, live)));
    const body = f(p, live);
    const section = el("section", attrs, p.title ? el("h2", { text: p.title }) : null, body);
    if (body.dataset && body.dataset.aspect) section.style.setProperty("--aspect", body.dataset.aspect);
    if (body.dataset && body.dataset.fit === "width") section.classList.add("fit-width");
    return section;
  });
}

// The scene's parts, the board staged: the parts the scene lists before its first map (what the decision is about:
// the prompt's buttons, a planet's surface) come first, across the scene; then the map, the board, with the parts
// listed after it beside it (or below it when the room beside it is too narrow). layout() sizes the board.
function sceneBox(parts, live) {
  const sections = drawParts(parts, live);
  const at = sections.findIndex(s => s.classList.contains("part-hexmap"));
  const box = el("div", { class: "scene", id: "scene" });
  if (at < 0) { box.append(...sections); return box; }
  sections[at].classList.add("board");
  box.append(...sections.slice(0, at), el("div", { class: "stage" }, sections[at], el("div", { class: "beside" }, sections.slice(at + 1))));
  return box;
}

// The table's layout in this window: the board's panel is sized so that the whole map lies between the sticky header
// (and the docked choices of a narrow window) and the window's bottom edge, never wider than the scene; a map whose
// scene asks for the width ("fit": "width") takes the scene's width. A tall board (narrower than it is high) keeps the
// side beside it in a narrow window; any other table stacks there, with the choices docked at the bottom (style.css).
// The header's and the dock's heights become --head and --dock, which scrolling into view stops short of.
// Runs after every render and on every resize; body[data-layout] says for which window size it last ran.
const BOARD_MIN = 240;  // px: the least height a board's map is given, however short the window
function layout() {
  const root = document.documentElement, main = app();
  root.style.setProperty("--head", $("#top").offsetHeight + "px");
  const board = main.classList.contains("table") ? $("#scene .board") : null;
  const svg = board ? board.querySelector("svg.hexmap") : null;
  const aspect = board ? parseFloat(board.style.getPropertyValue("--aspect")) || 1 : 1;
  const fitWidth = !!board && board.classList.contains("fit-width");
  main.classList.toggle("board-tall", !!svg && !fitWidth && aspect < 0.9);
  const stacked = main.classList.contains("table") && getComputedStyle(main).display !== "grid";
  const choices = $("#choices");
  const dock = stacked && choices && getComputedStyle(choices).position === "sticky" ? choices.offsetHeight : 0;
  root.style.setProperty("--dock", dock + "px");
  if (svg && !fitWidth) {
    const stage = board.parentElement;
    // a stage with no width yet (not laid out) would size the board to 0 px: try again on the next frames instead
    if (!stage.clientWidth) { if (board.isConnected && (layout.retries = (layout.retries || 0) + 1) <= 10) requestAnimationFrame(layout); return; }
    layout.retries = 0;
    const gap = parseFloat(getComputedStyle(main).paddingTop) || 0;
    const free = window.innerHeight - $("#top").offsetHeight - dock - 2 * gap;
    const pad = parseFloat(getComputedStyle(board).paddingBottom) || 0;
    const measure = () => {
      const pic = svg.getBoundingClientRect(), box = board.getBoundingClientRect();
      return { above: pic.top - box.top, below: box.bottom - pic.bottom, sideways: box.width - pic.width };
    };
    const size = height => {
      const m = measure();
      board.style.width = Math.min(stage.clientWidth, Math.max(BOARD_MIN, height(m)) * aspect + m.sideways).toFixed(1) + "px";
    };
    // the map's picture whole in the window; then its legend too (the lines below it, as many as it takes at that
    // width), unless that would cost the picture more than a quarter of its height
    size(m => free - m.above - pad);
    size(m => free - m.above - pad);  // again: the title's lines depend on the width
    const m = measure();
    if (free - m.above - m.below >= 0.75 * (free - m.above - pad)) for (let i = 0; i < 3; i++) size(k => free - k.above - k.below);
  }
  document.body.dataset.layout = `${window.innerWidth}x${window.innerHeight}`;
}
window.addEventListener("resize", () => { if (app().classList.contains("table")) layout(); });

function drawUnknown(p) { return el("pre", { text: JSON.stringify(p, null, 1) }); }

function drawPanel(p, live) {
  const dl = el("dl");
  for (const it of p.items || []) {
    dl.append(el("dt", { text: it.label }), clickable(el("dd", { title: it.hint || null, class: it.color ? "c-" + it.color : null, text: it.value }), it, live, `${p.id}-${it.label}`));
  }
  return dl;
}

function drawTrack(p) {
  const min = p.min ?? 0, max = p.max ?? 10, span = Math.max(1, max - min);
  const frac = v => Math.max(0, Math.min(1, (v - min) / span));
  const marks = p.marks || [];
  const bar = el("div", { class: "track", style: `height:${marks.length * 17 + 16}px`, role: "img",
    "aria-label": marks.map(m => `${m.label} ${m.value}`).join(", ") + (p.line ? `; ${p.line.label}` : "") });
  // the line's words sit beside it, on its left near the track's right end, so they stay on the track
  const end = p.line ? (frac(p.line.value) > 0.8 ? " end" : frac(p.line.value) < 0.1 ? " start" : "") : "";
  if (p.line) bar.append(el("div", { class: "line" + end, style: `left:${frac(p.line.value) * 100}%`, title: p.line.label }, el("span", { text: p.line.label })));
  marks.forEach((m, i) => {
    const f = frac(m.value);
    bar.append(el("div", { class: `mark seat-${m.seat ?? ""}${f > 0.6 ? " flip" : ""}`, style: `left:${f * 100}%;top:${i * 17 + 2}px`, title: `${m.label}: ${m.value}` },
      el("span", { text: `${m.label} ${m.value}` })));
  });
  return bar;
}

function drawCard(c, live, key) {
  const down = c.face === "down";
  const node = el("div", { class: `card k-${c.kind || "plain"}${down ? " down" : ""}${c.selected ? " chosen" : ""}`, "data-card": c.id || "" });
  if (c.badge) node.append(el("span", { class: "badge", text: c.badge }));
  node.append(el("div", { class: "ctitle", text: c.title || "" }));
  if (c.tag) node.append(el("div", { class: "tag", text: c.tag + (c.turned ? ` (turned ${c.turned}x)` : "") }));
  if (c.stats) node.append(el("div", { class: "stats" }, c.stats.map(s => el("span", { class: "stat", title: s.label }, el("small", { text: s.label }), el("b", { text: s.value })))));
  if (c.edges) node.append(el("div", { class: "edges", title: "Value/Weight after 0, 1, 2, 3 quarter turns", text: "turns: " + c.edges.join(" → ") }));
  if (c.text) node.append(el("div", { class: "ctext", text: c.text }));
  if (c.text || c.title) node.setAttribute("title", [c.title, c.tag, c.text].filter(Boolean).join(" — "));
  return clickable(node, c, live, key);
}

function drawCards(p, live) {
  const row = el("div", { class: `cards ${p.layout || "row"}` });
  (p.cards || []).forEach((c, i) => row.append(drawCard(c, live, `${p.id}-${c.id || i}`)));
  if (!(p.cards || []).length) row.append(el("p", { class: "muted", text: p.empty || "none" }));
  return row;
}

function drawPlayers(p, live) {
  const grid = el("div", { class: "players" });
  for (const pl of p.players || []) {
    const box = el("div", { class: `player seat-${pl.seat}${pl.you ? " you" : ""}${pl.active ? " active" : ""}`, "data-seat": pl.seat });
    box.append(el("h3", {}, el("span", { class: "dot" }), el("span", { text: pl.name }), pl.you ? el("em", { text: " (you)" }) : null,
      pl.active ? el("span", { class: "turn", text: " ◀ to move" }) : null));
    if (pl.note) box.append(el("div", { class: "note", text: pl.note }));
    if (pl.stats) box.append(el("dl", { class: "pstats" }, pl.stats.flatMap(s => [el("dt", { text: s.label }), el("dd", { title: s.hint || null, text: s.value })])));
    if (pl.cards) {
      const row = el("div", { class: "cards mini" });
      pl.cards.forEach((c, i) => row.append(drawCard(c, live, `pl${pl.seat}-${c.id || i}`)));
      if (!pl.cards.length) row.append(el("span", { class: "muted", text: "(empty display)" }));
      box.append(row);
    }
    clickable(box, pl, live, `player-${pl.seat}`);
    grid.append(box);
  }
  return grid;
}

function drawButtons(p, live) {
  return el("div", { class: "buttons" }, (p.buttons || []).map((b, i) => {
    const btn = el("button", { class: "btn", text: b.label, title: b.hint || null });
    if (live && (b.action || b.choices)) { btn.dataset.key = `${p.id}-${i}`; btn.classList.add("legal"); btn.addEventListener("click", ev => { ev.stopPropagation(); b.action ? send(b.action) : openMenu(b.choices, b.label, btn); }); }
    else btn.disabled = true;
    return btn;
  }));
}

function drawDice(p) {
  return el("div", { class: "dice", role: "img", "aria-label": `${p.title || "dice"}: ${(p.dice || []).join(", ")}` },
    (p.dice || []).map(d => el("span", { class: "die", text: d })), p.total !== undefined ? el("span", { class: "total", text: `= ${p.total}` }) : null,
    p.note ? el("span", { class: "muted", text: " " + p.note }) : null);
}

const SQ3 = Math.sqrt(3);
// A map's words, measured once drawn (the estimate that sized them may fall short of the font): a word wider than
// its room is made smaller, down to its floor, and pressed to its room (off the page, the estimate decides). All are
// measured before any is changed, so the page is laid out once.
function fitDrawn(svg) {
  const words = [...svg.querySelectorAll("text[data-room]")];
  const widths = words.map(t => (svg.isConnected && t.getComputedTextLength()) || t.textContent.length * 0.58 * Number(t.dataset.fs));
  words.forEach((t, i) => {
    const room = Number(t.dataset.room), fs = Number(t.dataset.fs);
    if (!(widths[i] > room)) return;
    t.style.fontSize = Math.max(Number(t.dataset.floor), (fs * room) / widths[i]).toFixed(2) + "px";
    t.setAttribute("textLength", room.toFixed(1));
    t.setAttribute("lengthAdjust", "spacingAndGlyphs");
  });
}
const DIRS = [[1, 0], [1, -1], [0, -1], [-1, 0], [-1, 1], [0, 1]];
function drawHexmap(p, live) {
  const S = p.size || 36;
  const px = (q, r) => [S * SQ3 * (q + r / 2), S * 1.5 * r];
  const hexes = p.hexes || [];
  // regions: a group of hexes outlined as one big hexagon (a board's tile) around the hexes within `radius` of `at`
  const regions = (p.regions || []).filter(g => Array.isArray(g.at) && g.at.length === 2);
  const regionR = g => S * (2 * Math.max(0, Number(g.radius) || 0) + 1);
  let minX = 1e9, minY = 1e9, maxX = -1e9, maxY = -1e9;
  const grow = (x, y, rx, ry) => { minX = Math.min(minX, x - rx); maxX = Math.max(maxX, x + rx); minY = Math.min(minY, y - ry); maxY = Math.max(maxY, y + ry); };
  for (const h of hexes) { const [x, y] = px(h.q, h.r); grow(x, y, 0, 0); }
  for (const g of regions) { const [x, y] = px(g.at[0], g.at[1]), R = regionR(g); grow(x, y, R * SQ3 / 2 - S * 1.05, R - S * 1.05); }
  if (!hexes.length && !regions.length) { minX = minY = 0; maxX = maxY = 1; }
  const pad = S * 1.05, w = maxX - minX + 2 * pad, h = maxY - minY + 2 * pad;
  const svg = sv("svg", { viewBox: `${minX - pad} ${minY - pad} ${w} ${h}`, class: "hexmap", role: "group", "aria-label": p.title || "map" });
  const corner = (x, y, i, R = S * 0.97) => { const a = Math.PI / 180 * (60 * i - 30); return `${(x + R * Math.cos(a)).toFixed(1)},${(y + R * Math.sin(a)).toFixed(1)}`; };
  // the hexagon's width over the rows that words of font `fs` with their baseline `dy` below its centre take: it is
  // widest across its straight sides and narrows towards its top and foot (the farthest row of the words counts)
  const across = (dy, fs) => {
    const R = S * 0.97, d = Math.max(Math.abs(dy - 0.74 * fs), Math.abs(dy + 0.2 * fs));
    return 2 * (d <= R / 2 ? R * SQ3 / 2 : SQ3 * Math.max(0, R - d)) - S * 0.1;
  };
  // a name is drawn whole: above every hexagon and piece (a neighbour never covers it), shrunk to fit its room
  // (its font is `base` units, the stylesheet's, unless `own`: then set here); measured once drawn (fitDrawn, below)
  const fitText = (t, text, room, base, own = false) => {
    t.textContent = text;
    const need = text.length * 0.58 * base, fs = need > room ? Math.max(base * 0.6, (base * room) / need) : base;
    if (own || fs < base) t.style.fontSize = fs.toFixed(2) + "px";
    Object.assign(t.dataset, { room: room.toFixed(1), fs: fs.toFixed(2), floor: (base * 0.6).toFixed(2) });
    return t;
  };
  // "stack": "rows": each hex is read top to bottom like a card, its words (name, label, sub) at the top inside the
  // hexagon and its pieces in rows below them, sized so that none covers a word, another piece or the hexagon's edge
  const rows = p.stack === "rows";
  const NAME = 8, LABEL = 10, SUB = 9, SUB_AT = 0.62, layerRegion = sv("g", { class: "regions" }), layerLink = sv("g"), layerHex = sv("g"), layerEdge = sv("g"), layerPiece = sv("g"), layerLabel = sv("g", { class: "labels" });
  svg.append(layerRegion, layerLink, layerHex, layerEdge, layerPiece, layerLabel);
  for (const g of regions) {
    const [x, y] = px(g.at[0], g.at[1]), R = regionR(g);
    const node = sv("g", { class: "region", "data-region": g.id ?? "" });
    node.append(sv("polygon", { points: [0, 1, 2, 3, 4, 5].map(i => corner(x, y, i, R * 0.995)).join(" ") }));
    const tip = sv("title"); tip.textContent = [g.label, g.sub].filter(Boolean).join(", ") || "region"; node.append(tip);
    layerRegion.append(node);
    // its label in its top row, where a board prints a tile's name
    const ly = y - 1.5 * S * Math.max(0, Number(g.radius) || 0);
    if (g.label) layerLabel.append(fitText(sv("text", { x, y: ly - S * 0.12, class: "rname", "data-region": g.id ?? "" }), String(g.label), S * 3.0, S * 0.4, true));
    if (g.sub) layerLabel.append(fitText(sv("text", { x, y: ly + S * 0.3, class: "rsub", "data-region": g.id ?? "" }), String(g.sub), S * 2.0, S * 0.32, true));
  }
  // links: lines between two hexes (a map drawn as a graph), under the hexes; a marked link is dashed
  for (const l of p.links || []) {
    if (!Array.isArray(l.from) || !Array.isArray(l.to)) continue;
    const [x1, y1] = px(l.from[0], l.from[1]), [x2, y2] = px(l.to[0], l.to[1]);
    const g = sv("g", { class: `link${l.mark ? " marked" : ""}` });
    g.append(sv("line", { x1, y1, x2, y2 }));
    if (l.label) { const tip = sv("title"); tip.textContent = l.label; g.append(tip); }
    layerLink.append(g);
  }
  const edgePieces = (p.pieces || []).some(pc => pc.at && pc.at.edge);
  const held = new Set((p.pieces || []).filter(pc => pc.at && pc.at.hex).map(pc => pc.at.hex.join(",")));
  for (const h of hexes) {
    const [x, y] = px(h.q, h.r);
    const owned = h.seat !== undefined && h.seat !== null ? ` owned seat-${h.seat}` : "";  // a hex in its owner's colour
    const g = sv("g", { class: `hex f-${h.fill || "space"}${h.highlight ? " hl" : ""}${owned}`, "data-hex": `${h.q},${h.r}` });
    g.append(sv("polygon", { points: [0, 1, 2, 3, 4, 5].map(i => corner(x, y, i)).join(" ") }));
    // top to bottom: the hex's name (what the log calls it), its label, the pieces in the middle, the sub-label
    if (h.name) layerLabel.append(fitText(sv("text", { x, y: y - S * 0.56, class: `hname${owned}`, "data-hex": `${h.q},${h.r}` }), String(h.name), S * 2.1, NAME));
    // where pieces sit on hex edges (Blockades), they reach into a hex's words: its label and sub-label are then
    // drawn above every piece, like its name (with the names' dark outline), so no piece covers them
    const words = edgePieces ? layerLabel : g, at = edgePieces ? { "data-hex": `${h.q},${h.r}` } : {};
    // (on other maps the label sits under the name, the sub-label under the pieces where the hexagon is still wide
    // enough to hold a word, or in the middle of a hex without pieces (clear of those on its lower edges), each as
    // wide as the hexagon is along its rows)
    const subAt = rows ? -S * 0.11 : held.has(`${h.q},${h.r}`) ? S * SUB_AT : S * 0.2 + SUB * 0.3;
    if (h.label) words.append(fitText(sv("text", { x, y: y - S * 0.33, class: `hl1${edgePieces ? owned : ""}`, ...at }), String(h.label), rows ? S * 1.5 : across(-S * 0.33, LABEL), LABEL));
    if (h.sub) words.append(fitText(sv("text", { x, y: y + subAt, class: `hl2${edgePieces ? owned : ""}`, ...at }), String(h.sub), rows ? S * 1.55 : across(subAt, SUB), SUB));
    const tip = sv("title"); tip.textContent = h.hint || [h.name, h.label, h.sub].filter(Boolean).join(" · ") || `(${h.q}, ${h.r})`; g.append(tip);
    clickable(g, h, live, `hex-${h.q},${h.r}`);
    layerHex.append(g);
  }
  const edgePoint = (q, r, k, along = 0) => {
    const [x, y] = px(q, r); const [dq, dr] = DIRS[k]; const [nx, ny] = px(q + dq, r + dr);
    const mx = (x + nx) / 2, my = (y + ny) / 2; const ux = -(ny - y), uy = nx - x; const len = Math.hypot(ux, uy) || 1;
    return [mx + (ux / len) * along, my + (uy / len) * along];
  };
  for (const e of p.edges || []) {
    const [q, r, k] = e.at;
    const [x, y] = edgePoint(q, r, k);
    const g = sv("g", { class: `edge${e.highlight ? " hl" : ""}`, "data-edge": `${q},${r},${k}` });
    g.append(sv("circle", { cx: x, cy: y, r: S * 0.2 }));
    const tip = sv("title"); tip.textContent = e.hint || e.label || "edge"; g.append(tip);
    clickable(g, e, live, `edge-${q},${r},${k}`);
    layerEdge.append(g);
  }
  const atHex = {}, atEdge = {}, subbed = new Set(hexes.filter(h => h.sub).map(h => `${h.q},${h.r}`));
  for (const pc of p.pieces || []) {
    if (pc.at.hex) (atHex[pc.at.hex.join(",")] = atHex[pc.at.hex.join(",")] || []).push(pc);
    else if (pc.at.edge) (atEdge[pc.at.edge.join(",")] = atEdge[pc.at.edge.join(",")] || []).push(pc);
  }
  const piece = (pc, x, y, rad, key) => {
    // a piece's own fill (a die's colour, say) comes from the scene's style; the seat's colour is then its outline
    const fill = typeof pc.fill === "string" && SAFE_NAME.test(pc.fill) ? " pf-" + pc.fill : "";
    const g = sv("g", { class: `piece seat-${pc.seat ?? "x"}${pc.mark ? " m-" + pc.mark : ""}${fill}`, "data-piece": pc.id ?? "" });
    g.append(pc.shape === "square" ? sv("rect", { x: x - rad, y: y - rad, width: 2 * rad, height: 2 * rad, rx: 3 }) : sv("circle", { cx: x, cy: y, r: rad }));
    if (typeof pc.band === "string" && SAFE_NAME.test(pc.band) && pc.shape === "square") {  // a stripe in a style colour
      const band = sv("g", { class: `band f-${pc.band}` }), i = Math.min(1.2, rad * 0.1), top = y + rad * 0.56, bot = y + rad - i;
      band.append(sv("polygon", { points: `${x - rad + i},${top} ${x + rad - i},${top} ${x + rad - i},${bot} ${x - rad + i},${bot}` }));
      g.append(band);
    }
    const t = sv("text", { x, y: y + rad * 0.36, "font-size": (rad * 0.95).toFixed(1) });
    if (rows) fitText(t, String(pc.label || ""), rad * 1.8, rad * 0.95, true); else t.textContent = pc.label || "";
    g.append(t);
    if (Number(pc.count) > 1) {  // alike pieces stacked: one token with their number on a badge
      const b = sv("g", { class: "count" }), br = Math.max(rad * 0.5, S * 0.16), bx = x + rad * 0.85, by = y - rad * 0.85;
      b.append(sv("circle", { cx: bx, cy: by, r: br }));
      const bt = sv("text", { x: bx, y: by + br * 0.4, "font-size": (br * 1.15).toFixed(1) }); bt.textContent = String(pc.count); b.append(bt);
      g.append(b);
    }
    const tip = sv("title"); tip.textContent = pc.hint || pc.title || pc.label || ""; g.append(tip);
    clickable(g, pc, live, key);
    layerPiece.append(g);
  };
  // rows: as many as fit, largest first; a row's width is what the hexagon holds at its lower edge
  const rowSpots = (n, x, y) => {
    const half = yy => S * 0.84 * Math.min(1, (0.97 - Math.abs(yy - y) / S) / 0.485);
    let spots = [], rad = 0;
    for (const f of [0.3, 0.26, 0.22, 0.19, 0.16, 0.13, 0.11]) {
      rad = S * f; spots = [];
      const step = 2 * rad + S * 0.05;
      for (let cy = y + S * 0.04 + rad; spots.length < n && cy + rad <= y + S * 0.8; cy += step) {
        const k = Math.min(n - spots.length, Math.floor((2 * (Math.min(half(cy - rad), half(cy + rad)) - S * 0.04) - 2 * rad) / step) + 1);
        for (let i = 0; i < k; i++) spots.push([x + (i - (k - 1) / 2) * step, cy]);
      }
      if (spots.length === n) break;
    }
    return { spots, rad };
  };
  for (const [k, list] of Object.entries(atHex)) {
    const [q, r] = k.split(",").map(Number); const [x, y] = px(q, r);
    if (rows) {
      const { spots, rad } = rowSpots(list.length, x, y);
      list.forEach((pc, i) => { const [sx, sy] = spots[i % spots.length]; piece(pc, sx, sy, rad, `pc-${pc.id ?? k + i}`); });
      continue;
    }
    // ships in the middle band of the hex, between its labels, side by side in rows that never overlap: one large
    // token, up to three in a row, up to six in two rows, more in smaller tokens (the band is about 1.56 x 1.04 S,
    // shorter above a sub-label: it ends where the sub-label's letters begin)
    const n = list.length, cols = n <= 3 ? n : n <= 6 ? Math.ceil(n / 2) : Math.ceil(Math.sqrt(n * 1.5)), lines = Math.ceil(n / cols);
    const top = -0.32, bottom = subbed.has(k) ? SUB_AT - 0.74 * SUB / S : 0.72;
    const rad = S * Math.min(n === 1 ? 0.36 : n === 2 ? 0.29 : 0.25, 0.75 / cols, (bottom - top) / 2.08 / lines), step = 2.08 * rad;
    list.forEach((pc, i) => {
      const line = Math.floor(i / cols), inLine = Math.min(cols, n - line * cols), col = i - line * cols;
      piece(pc, x + (col - (inLine - 1) / 2) * step, y + S * (top + bottom) / 2 + (line - (lines - 1) / 2) * step, rad, `pc-${pc.id ?? k + i}`);
    });
  }
  for (const [k, list] of Object.entries(atEdge)) {
    const [q, r, d] = k.split(",").map(Number);
    list.forEach((pc, i) => { const [x, y] = edgePoint(q, r, d, (i - (list.length - 1) / 2) * S * 0.5); piece(pc, x, y, S * 0.26, `pc-${pc.id ?? k + i}`); });
  }
  queueMicrotask(() => fitDrawn(svg));
  // the map's panel takes the map's own proportions (--aspect), so the map fills it instead of floating in a wide box
  // (a scene's "fit": "width" lets the map take the whole width of the table instead, taller than the window if need be)
  const wrap = el("div", { class: "hexwrap", "data-aspect": (w / h).toFixed(3), "data-fit": p.fit === "width" ? "width" : null });
  wrap.append(svg);
  if (p.legend) wrap.append(el("div", { class: "legend", role: "list", "aria-label": "legend" }, p.legend.map(l =>
    el("span", { role: "listitem", class: `lg${l.fill ? " f-" + l.fill : ""}${l.seat !== undefined && l.seat !== null ? " seat-" + l.seat : ""}${l.fill || (l.seat ?? null) !== null ? " swatch" : ""}`, text: l.label }))));
  return wrap;
}

const PARTS = { panel: drawPanel, track: drawTrack, cards: drawCards, players: drawPlayers, buttons: drawButtons, dice: drawDice, hexmap: drawHexmap };

// ---------------------------------------------------------------- the replay viewer
const R = { id: null, record: null, step: 0, steps: 0, seat: null, frame: null, chances: undefined };

// A record's seed may be above 2**53 (older web tables drew 62-bit seeds): JavaScript numbers would round it, so
// the record's own digits are kept and sent back as a decimal string (the server reads either form exactly).
function parseRecord(text) {
  let digits = null;
  const rec = JSON.parse(text, function (key, value, context) {
    if (key === "seed" && this && this.format === "voidtable-record" && context && typeof context.source === "string") digits = context.source;
    return value;
  });
  if (rec && typeof rec.seed === "number" && !Number.isSafeInteger(rec.seed)) {
    if (digits === null) {  // no JSON.parse source text in this browser: the file's one big "seed" number
      const found = [...text.matchAll(/"seed"\s*:\s*(\d{16,})/g)].map(m => m[1]);
      if (found.length === 1) digits = found[0];
    }
    if (digits !== null && /^\d+$/.test(digits)) rec.seed = digits;
  }
  return rec;
}

async function replayPage(id) {
  R.id = id;
  app().className = "table replay";
  if (!id) {
    setTop("Replay", "Open a game record (.json)", "");
    const input = el("input", { type: "file", accept: ".json,application/json", id: "record-file" });
    input.addEventListener("change", async () => {
      try { R.record = parseRecord(await input.files[0].text()); R.chances = undefined; await showFrame(0); } catch (e) { toast(e.message || String(e)); }
    });
    app().replaceChildren(el("section", { class: "part" }, el("h2", { text: "Replay a record" }), el("label", {}, "Record file ", input)));
  } else {
    const q = new URLSearchParams(location.search);
    await showFrame(parseInt(q.get("step") || "0", 10), q.get("seat") === null || q.get("seat") === "" ? null : +q.get("seat"));
  }
  document.addEventListener("keydown", ev => {
    if (ev.target && /INPUT|SELECT/.test(ev.target.tagName) && ev.target.type !== "range") return;
    if (!R.frame) return;
    if (ev.key === "ArrowRight" || ev.key === "n") { ev.preventDefault(); showFrame(R.step + 1); }
    else if (ev.key === "ArrowLeft" || ev.key === "p") { ev.preventDefault(); showFrame(R.step - 1); }
    else if (ev.key === "Home") showFrame(0);
    else if (ev.key === "End") showFrame(R.steps);
  });
}

async function showFrame(step, seat = R.seat) {
  step = Math.max(0, R.steps ? Math.min(step, R.steps) : step);
  R.seat = seat;
  let f;
  try {
    if (R.id) f = await api(`/api/tables/${R.id}/replay?step=${step}&seat=${seat === null ? "" : seat}`);
    else f = await api("/api/replay", { method: "POST", body: JSON.stringify({ record: R.record, step, seat }) });
  } catch (e) { toast(e.message); return; }
  // the last move of this step: what changed since the step before, as this seat saw it
  let before = R.frame && R.frame.step === f.step - 1 && R.frame.seat === f.seat ? R.frame : null;
  if (!before && f.step > 0) {
    try {
      before = R.id ? await api(`/api/tables/${R.id}/replay?step=${f.step - 1}&seat=${seat === null ? "" : seat}`)
        : await api("/api/replay", { method: "POST", body: JSON.stringify({ record: R.record, step: f.step - 1, seat }) });
    } catch (e) { before = null; }
  }
  R.changed = changes(before ? before.scene : null, f.scene);
  R.frame = f; R.step = f.step; R.steps = f.steps;
  if (R.id) history.replaceState(null, "", `/replay/${R.id}?step=${f.step}${seat === null ? "" : "&seat=" + seat}`);
  setTop(f.title + " (replay)", f.scene.headline, `Step ${f.step} of ${f.steps}` + (f.action ? ` · ${f.action}` : ""));
  // seats by the names the table gave them where the frame has them (a replay of a bare record has only seat numbers)
  const who = s => (f.names && f.names[s]) || `Seat ${s}`;
  const slider = el("input", { type: "range", min: 0, max: f.steps, value: f.step, id: "replay-step", "aria-label": "step" });
  slider.addEventListener("change", () => showFrame(+slider.value));
  const seatSel = el("select", { id: "replay-seat", "aria-label": "whose view" },
    el("option", { value: "", text: "Spectator's view" }), [...Array(f.players).keys()].map(s => el("option", { value: s, text: `${who(s)}'s view`, selected: s === seat })));
  seatSel.addEventListener("change", () => showFrame(R.step, seatSel.value === "" ? null : +seatSel.value));
  const controls = el("section", { class: "part controls" }, el("h2", { text: "Replay" }),
    el("div", { class: "buttons" },
      el("button", { class: "btn", text: "« Start", onclick: () => showFrame(0) }),
      el("button", { class: "btn", id: "prev", text: "◀ Back", onclick: () => showFrame(R.step - 1) }),
      el("button", { class: "btn", id: "next", text: "Next ▶", onclick: () => showFrame(R.step + 1) }),
      el("button", { class: "btn", text: "End »", onclick: () => showFrame(R.steps) })),
    slider, seatSel, el("p", { class: "muted", text: "Keys: ← → step, Home, End." }),
    f.last && f.last.length ? el("ul", { class: "last" }, f.last.map(l => el("li", { text: l }))) : null);
  const result = f.result ? el("section", { class: "part result" }, el("h2", { text: "Result" }),
    el("p", { text: (f.result.winners.length === 1 ? "Winner: " : "Shared victory: ") + f.result.winners.map(who).join(", ")
      + (f.result.resigned && f.result.resigned.length ? ` (${f.result.resigned.map(who).join(", ")} resigned)` : "") }),
    el("p", { text: "Points: " + f.result.scores.map((x, s) => `${who(s)} ${x}`).join(", ") })) : null;
  applyStyle(f.scene.style);
  app().replaceChildren(sceneBox(f.scene.parts || [], false), el("aside", { class: "side" }, controls, result, replayChances(), logBox(f.log)));
  layout();
  markChanges(R.changed);
  const ol = $("#log ol"); if (ol) ol.scrollTop = ol.scrollHeight;
}

// Each seat's estimated chance to win along the replayed game (chances.js), fetched once per replay; a click on
// the chart shows that step. A game without an evaluation has no chart.
function replayChances() {
  if (R.chances === undefined) {
    R.chances = null;
    (R.id ? api(`/api/tables/${R.id}/chances`) : api("/api/chances", { method: "POST", body: JSON.stringify({ record: R.record }) }))
      .then(data => { R.chances = data; }, () => { R.chances = false; })
      .then(() => { const b = $("#chances-box"); if (b) b.replaceWith(replayChances()); });
  }
  if (R.chances === false || !window.drawChances) return null;
  return el("section", { class: "part chances-part", id: "chances-box" }, R.chances
    ? drawChances(R.chances, { id: "replay-chances", step: R.step, onPick: s => showFrame(s) })
    : el("p", { class: "muted", text: "Estimating each player's chance to win..." }));
}

// ---------------------------------------------------------------- routing
function route() {
  const path = location.pathname;
  let m;
  if ((m = /^\/t\/([^/]+)$/.exec(path))) tablePage(decodeURIComponent(m[1]));
  else if ((m = /^\/replay\/([^/]+)$/.exec(path))) replayPage(decodeURIComponent(m[1]));
  else if (path === "/replay") replayPage(null);
  else lobby();
}
window.addEventListener("hashchange", () => { if (location.pathname.startsWith("/t/")) location.reload(); });
document.addEventListener("DOMContentLoaded", route);
