// The table's protocol: every message between the server and this page, as the server declares it.
// Generated from src/voidtable/web/protocol.py by `python -m voidtable.web.protocol_text`: edit the declaration, not this file.

/** The first message on a table's socket: the seat token from the link, or none to watch.
 * @typedef {{type: "hello", token?: (string|null)}} Hello */
/** A move: made at the sender's `step` (the count its last state showed); `id` comes back in the answer.
 * @typedef {{type: "move", step: number, action: ActionJson, id?: *}} Move */
/** A new table: the game, players, a variant or options, seats, and the table's own clock, chat and pace.
 * @typedef {{game: string, players?: (number|null), variant?: (string|null), options?: Object<string, *>, seats?: (Array<SeatRequest>|null), seed?: (number|null), clock?: (ClockSetting|null), chat?: boolean, pace?: (number|null)}} CreateTable */
/** One seat of a new table: a person (`claim`: a link is made for it now) or a bot (a level or agent spec).
 * @typedef {{kind: ("bot"|"person"), bot?: string, name?: (string|null), claim?: boolean}} SeatRequest */
/** A turn clock: seconds per move (5-3600) or per game (30-86400).
 * @typedef {{mode: ("game"|"move"), seconds: number}} ClockSetting */
/** Claim an open seat (the first open one if none is named), under a name.
 * @typedef {{seat?: (number|null), name?: (string|null)}} Join */
/** A move over HTTP (the WebSocket's `Move`, with the seat token in the body or as a Bearer header).
 * @typedef {{step: number, action: ActionJson, token?: (string|null)}} MoveBody */
/** A chat line: plain text, one line.
 * @typedef {{text: string}} Chat */
/** The name the table calls the sender's seat.
 * @typedef {{name: string}} Rename */
/** The creator hands an absent player's seat to a bot of this level.
 * @typedef {{bot?: ("easy"|"hard"|"medium")}} HandToBot */
/** The creator turns the table's chat on or off.
 * @typedef {{chat: boolean}} TableOptions */
/** A record to replay in the page, at a step, as a seat saw it (null: a spectator).
 * @typedef {{record: *, step?: number, seat?: (number|null)}} ReplayUpload */
/** A record whose chances to win to estimate, step by step (an uploaded record is public: it holds its seed).
 * @typedef {{record: *}} ChancesUpload */
/** An action as JSON: its kind and argument (tuples as lists; no argument is null).
 * @typedef {{kind: string, arg?: *}} ActionJson */
/** What the receiving seat (null: a spectator) may see now; sent on connect and after every change (a burst of changes: one state). `log` and `talk` hold the lines from `log_from` / `talk_from` on.
 * @typedef {{type: "state", table: TableInfo, step: number, seat: (number|null), to_move: Array<number>, legal: Array<ActionJson>, choices: Array<Choice>, scene: Object<string, *>, log_from: number, log: Array<string>, talk_from: number, talk: Array<TalkLine>, present: Array<number>, clock?: ClockView, held?: (("handed"|"resigned"|"timeout")|null), result?: ResultWords}} State */
/** A move is stored; sent at once, before the states it causes. `id`: the move's (WebSocket only).
 * @typedef {{type: "accepted", step: number, id?: *}} Accepted */
/** A refusal in one line; `id`: the refused move's. A socket refused as it opens gets one, then its close.
 * @typedef {{type: "error", error: string, id?: *}} Error */
/** A finished game (or an uploaded record) after `step` actions, as `seat` saw it.
 * @typedef {{type: "replay", game: string, title: string, players: number, step: number, steps: number, seat: (number|null), scene: Object<string, *>, log: Array<string>, last: Array<string>, action: (string|null), over: boolean, names: Array<string>, result: (Object<string, *>|null)}} ReplayFrame */
/** Each seat's estimated chance to win along a finished game or an uploaded record (the game's evaluation reads every hidden thing, so never for a game in play): `chances[i][p]` is seat p's after `at[i]` of `steps` actions, at most 200 steps sampled; `names` the players' names (a bare record: seat numbers).
 * @typedef {{game: string, players: number, steps: number, at: Array<number>, chances: Array<Array<number>>, names: Array<string>}} WinChances */
/** What anyone may know about a table (a lobby line; `idle` only there, `problem` for a broken table).
 * @typedef {{id: string, game: string, title: string, players: number, options: Object<string, *>, status: ("broken"|"finished"|"removed"|"running"|"waiting"), created: number, step: number, seats: Array<SeatInfo>, to_move: Array<number>, clock?: (ClockSetting|null), chat?: boolean, rematch?: string, rematch_of?: string, problem?: (string|null), result?: (Result|null), idle?: number}} TableInfo */
/** A seat as everyone sees it; `held`: why a bot plays a person's seat now.
 * @typedef {{seat: number, kind: ("bot"|"person"), bot: (string|null), name: string, open: boolean, held?: (("handed"|"resigned"|"timeout")|null)}} SeatInfo */
/** The turn clocks now: each seat's seconds left and whether its clock runs.
 * @typedef {{mode: ("game"|"move"), seconds: number, seats: Array<ClockSeat>}} ClockView */
/** One seat's clock: seconds left (to a tenth) and whether it is running now.
 * @typedef {{seat: number, left: number, running: boolean}} ClockSeat */
/** A legal action with its words.
 * @typedef {{label: string, action: ActionJson}} Choice */
/** A line of the table's talk: a chat line (seat null: a spectator) or a note the table says.
 * @typedef {{n: number, kind: ("chat"|"note"), seat: (number|null), name: string, text: string}} TalkLine */
/** A finished game's result (`resigned`: the seats that gave up).
 * @typedef {{scores: Array<(number|number)>, ranks: Array<number>, winners: Array<number>, tiebreaks: Array<*>, resigned?: Array<number>}} Result */
/** The result with the standings in rank order and a summary in words.
 * @typedef {{scores: Array<(number|number)>, ranks: Array<number>, winners: Array<number>, tiebreaks: Array<*>, resigned?: Array<number>, standings: Array<Standing>, summary: string}} ResultWords */
/** A seat's place at the end: its rank and score (shared ranks are equal), and whether it resigned.
 * @typedef {{seat: number, name: string, rank: number, score: (number|number), resigned: boolean}} Standing */

/** Message type -> struct name, for what the page sends on the socket. */
export const TO_SERVER = Object.freeze({"hello": "Hello", "move": "Move"});
/** Message type -> struct name, for what the server sends. */
export const TO_PAGE = Object.freeze({"state": "State", "accepted": "Accepted", "error": "Error", "replay": "ReplayFrame"});
/** Struct name -> its required and optional fields. */
export const FIELDS = Object.freeze({
  Hello: Object.freeze({ required: Object.freeze([]), optional: Object.freeze(["token"]) }),
  Move: Object.freeze({ required: Object.freeze(["step", "action"]), optional: Object.freeze(["id"]) }),
  CreateTable: Object.freeze({ required: Object.freeze(["game"]), optional: Object.freeze(["players", "variant", "options", "seats", "seed", "clock", "chat", "pace"]) }),
  SeatRequest: Object.freeze({ required: Object.freeze(["kind"]), optional: Object.freeze(["bot", "name", "claim"]) }),
  ClockSetting: Object.freeze({ required: Object.freeze(["mode", "seconds"]), optional: Object.freeze([]) }),
  Join: Object.freeze({ required: Object.freeze([]), optional: Object.freeze(["seat", "name"]) }),
  MoveBody: Object.freeze({ required: Object.freeze(["step", "action"]), optional: Object.freeze(["token"]) }),
  Chat: Object.freeze({ required: Object.freeze(["text"]), optional: Object.freeze([]) }),
  Rename: Object.freeze({ required: Object.freeze(["name"]), optional: Object.freeze([]) }),
  HandToBot: Object.freeze({ required: Object.freeze([]), optional: Object.freeze(["bot"]) }),
  TableOptions: Object.freeze({ required: Object.freeze(["chat"]), optional: Object.freeze([]) }),
  ReplayUpload: Object.freeze({ required: Object.freeze(["record"]), optional: Object.freeze(["step", "seat"]) }),
  ChancesUpload: Object.freeze({ required: Object.freeze(["record"]), optional: Object.freeze([]) }),
  ActionJson: Object.freeze({ required: Object.freeze(["kind"]), optional: Object.freeze(["arg"]) }),
  State: Object.freeze({ required: Object.freeze(["table", "step", "seat", "to_move", "legal", "choices", "scene", "log_from", "log", "talk_from", "talk", "present"]), optional: Object.freeze(["clock", "held", "result"]) }),
  Accepted: Object.freeze({ required: Object.freeze(["step"]), optional: Object.freeze(["id"]) }),
  Error: Object.freeze({ required: Object.freeze(["error"]), optional: Object.freeze(["id"]) }),
  ReplayFrame: Object.freeze({ required: Object.freeze(["game", "title", "players", "step", "steps", "seat", "scene", "log", "last", "action", "over", "names", "result"]), optional: Object.freeze([]) }),
  WinChances: Object.freeze({ required: Object.freeze(["game", "players", "steps", "at", "chances", "names"]), optional: Object.freeze([]) }),
  TableInfo: Object.freeze({ required: Object.freeze(["id", "game", "title", "players", "options", "status", "created", "step", "seats", "to_move"]), optional: Object.freeze(["clock", "chat", "rematch", "rematch_of", "problem", "result", "idle"]) }),
  SeatInfo: Object.freeze({ required: Object.freeze(["seat", "kind", "bot", "name", "open"]), optional: Object.freeze(["held"]) }),
  ClockView: Object.freeze({ required: Object.freeze(["mode", "seconds", "seats"]), optional: Object.freeze([]) }),
  ClockSeat: Object.freeze({ required: Object.freeze(["seat", "left", "running"]), optional: Object.freeze([]) }),
  Choice: Object.freeze({ required: Object.freeze(["label", "action"]), optional: Object.freeze([]) }),
  TalkLine: Object.freeze({ required: Object.freeze(["n", "kind", "seat", "name", "text"]), optional: Object.freeze([]) }),
  Result: Object.freeze({ required: Object.freeze(["scores", "ranks", "winners", "tiebreaks"]), optional: Object.freeze(["resigned"]) }),
  ResultWords: Object.freeze({ required: Object.freeze(["scores", "ranks", "winners", "tiebreaks", "standings", "summary"]), optional: Object.freeze(["resigned"]) }),
  Standing: Object.freeze({ required: Object.freeze(["seat", "name", "rank", "score", "resigned"]), optional: Object.freeze([]) }),
});

/** The first message on a table's socket: the seat token from the link, or none to watch.
 * @returns {Hello} */
export function hello(token = null) { return { type: "hello", token }; }
/** A move: made at the sender's `step` (the count its last state showed); `id` comes back in the answer.
 * @returns {Move} */
export function move(step, action, id = null) { return { type: "move", step, action, id }; }

/** A message from the server, checked against the declaration: a known type, every required field there.
 * @param {string} text @returns {State|Accepted|Error} */
export function readMessage(text) {
  const msg = JSON.parse(text);
  const name = msg && typeof msg === "object" ? TO_PAGE[msg.type] : undefined;
  if (!name) throw new Error(`not a message the server sends: type ${JSON.stringify(msg && msg.type)}`);
  for (const f of FIELDS[name].required) if (!(f in msg)) throw new Error(`a ${msg.type} message without '${f}'`);
  return msg;
}
