"""Every message between the server and the page, declared once as typed structs.

The server builds what it sends from these structs and reads what it receives by
decoding into them (``decode``), so a field the declaration does not have cannot be
sent or read by accident. ``protocol_text`` derives from the same declaration the
protocol section of docs/web.md and the ES module the page imports
(``/static/protocol.js``); a test fails when either differs from what it derives,
and ``python -m voidtable.web.protocol_text`` writes them again.

Two directions, two channels. The page sends ``Hello`` then ``Move`` messages on
the table's WebSocket, and lobby and table requests as HTTP bodies (``CreateTable``,
``Join``, ``Chat``, ...). The server pushes ``State`` messages, answers moves with
``Accepted`` or ``Error``, and answers HTTP requests with JSON (a refusal is always
``{"error": "one line"}`` with its HTTP status).

A field that may be missing is typed with ``UnsetType`` (default ``UNSET``): the
encoder leaves it out, which is how the page tells "no clock" from "a clock".
Bounds live in the types (``Meta``): decoding refuses a value outside them, and
``explain`` turns msgspec's complaint into the one line a player reads, using each
struct's ``WHY`` (field -> what to send instead).
"""

from __future__ import annotations

import re
from typing import Annotated, Any, ClassVar, Literal, TypeVar, Union

import msgspec
from msgspec import UNSET, Meta, Struct, UnsetType

__all__ = ["UNSET", "UnsetType"]

Seat = Annotated[int, Meta(ge=0, lt=64)]
Step = Annotated[int, Meta(ge=0)]
Name = Annotated[str, Meta(max_length=200)]  # trimmed and bounded again where it is used (40 characters)
SeatKind = Literal["person", "bot"]
HeldWhy = Literal["handed", "resigned", "timeout"]
ClockMode = Literal["move", "game"]
TableStatus = Literal["waiting", "running", "finished", "broken", "removed"]
Level = Literal["easy", "medium", "hard"]
StoredSeed = Annotated[int, Meta(ge=0, le=2 ** 63 - 1)]  # what the store holds; the server bounds new seeds lower


class Message(Struct, tag_field="type"):
    """A WebSocket message: its ``type`` is the struct's tag."""

    ROUTE: ClassVar[str] = ""  # also an HTTP answer: where

    WHY: ClassVar[dict[str, str]] = {}      # field -> the line a bad value gets ("": the whole message)
    LIST_FIELDS: ClassVar[bool] = False     # an unknown field's line lists the fields (else it is WHY[""])


class Body(Struct):
    """An HTTP request body from the page."""

    WHY: ClassVar[dict[str, str]] = {}
    LIST_FIELDS: ClassVar[bool] = False
    ROUTE: ClassVar[str] = ""  # where the page sends it


class Reply(Struct):
    """An HTTP answer (and the parts of WebSocket messages that are not messages themselves)."""

    ROUTE: ClassVar[str] = ""  # the HTTP answer it is, if it is one


# -- shared parts ---------------------------------------------------------------------------------
class ActionJson(Struct, forbid_unknown_fields=True):
    """An action as JSON: its kind and argument (tuples as lists; no argument is null)."""

    kind: str
    arg: Any = None


class ClockSetting(Body, forbid_unknown_fields=True):
    """A turn clock: seconds per move (5-3600) or per game (30-86400)."""

    mode: ClockMode
    seconds: Annotated[float, Meta(ge=0)]


# -- page -> server: the WebSocket -------------------------------------------------------------------
class Hello(Message, tag="hello"):
    """The first message on a table's socket: the seat token from the link, or none to watch."""

    token: str | None = None


class Move(Message, tag="move", forbid_unknown_fields=True):
    """A move: made at the sender's ``step`` (the count its last state showed); ``id`` comes back in the answer."""

    step: Step
    action: ActionJson
    id: Any = None
    WHY: ClassVar[dict[str, str]] = {
        "step": "malformed move: 'step' must be the table step (a whole number) the move was made at",
        "action": "malformed move: send {type: move, step, action: {kind, arg}}",
        "": "malformed move: send {type: move, step, action: {kind, arg}}",
    }


# -- page -> server: HTTP bodies -----------------------------------------------------------------------
class SeatRequest(Body):
    """One seat of a new table: a person (``claim``: a link is made for it now) or a bot (a level or agent spec)."""

    kind: SeatKind
    bot: Annotated[str, Meta(max_length=200)] = "medium"
    name: Name | None = None
    claim: bool = False
    WHY: ClassVar[dict[str, str]] = {
        "": "seat {i}: 'kind' must be 'person' or 'bot'",
        "kind": "seat {i}: 'kind' must be 'person' or 'bot'",
        "bot": "seat {i}: 'bot' must be one of easy, medium, hard or an agent spec",
        "name": "seat {i}: 'name' must be text",
    }


class CreateTable(Body, forbid_unknown_fields=True):
    """A new table: the game, players, a variant or options, seats, and the table's own clock, chat and pace."""

    ROUTE: ClassVar[str] = "POST /api/tables"
    game: str
    players: Annotated[int, Meta(ge=1, le=64)] | None = None
    variant: str | None = None
    options: dict[str, Any] = {}
    seats: list[SeatRequest] | None = None
    seed: StoredSeed | None = None
    clock: ClockSetting | None = None
    chat: bool = True
    pace: Annotated[float, Meta(ge=0, le=10)] | None = None
    WHY: ClassVar[dict[str, str]] = {
        "": "a table request is a JSON object: {game, players, variant?, options?, seats?, seed?}",
        "game": "'game' must be a game's name",
        "players": "'players' must be a whole number",
        "variant": "'variant' must be a variant's name",
        "options": "'options' must be an object of option names (or rules paths) to values",
        "seats": "'seats' must list the seats, each {kind: person|bot, ...}",
        "seed": "'seed' must be a whole number in 0..{seed_max} (what a browser reads exactly)",
        "clock": "'clock' must be null or {mode: move|game, seconds}",
        "chat": "'chat' must be true or false",
        "pace": "'pace' must be seconds between bot moves in 0-10 (a table without people)",
    }
    LIST_FIELDS: ClassVar[bool] = True


class Join(Body):
    """Claim an open seat (the first open one if none is named), under a name."""

    ROUTE: ClassVar[str] = "POST /api/tables/ID/join"
    seat: Seat | None = None
    name: Name | None = None
    WHY: ClassVar[dict[str, str]] = {"seat": "'seat' must be an open seat's number", "name": "'name' must be text"}


class MoveBody(Body, forbid_unknown_fields=True):
    """A move over HTTP (the WebSocket's ``Move``, with the seat token in the body or as a Bearer header)."""

    ROUTE: ClassVar[str] = "POST /api/tables/ID/move"
    step: Step
    action: ActionJson
    token: str | None = None
    WHY: ClassVar[dict[str, str]] = {
        "": "malformed move: send {token, step, action: {kind, arg}}",
        "action": "malformed move: send {token, step, action: {kind, arg}}",
        "step": "malformed move: 'step' must be the table step (a whole number) the move was made at",
        "token": "malformed move: 'token' must be a string",
    }


class Chat(Body, forbid_unknown_fields=True):
    """A chat line: plain text, one line."""

    ROUTE: ClassVar[str] = "POST /api/tables/ID/chat"
    text: str
    WHY: ClassVar[dict[str, str]] = {"": 'malformed chat: send {text: "..."}'}


class Rename(Body, forbid_unknown_fields=True):
    """The name the table calls the sender's seat."""

    ROUTE: ClassVar[str] = "POST /api/tables/ID/name"
    name: str
    WHY: ClassVar[dict[str, str]] = {"": 'malformed name: send {name: "..."}'}


class HandToBot(Body):
    """The creator hands an absent player's seat to a bot of this level."""

    ROUTE: ClassVar[str] = "POST /api/tables/ID/seats/SEAT/bot"
    bot: Level = "medium"
    WHY: ClassVar[dict[str, str]] = {"bot": "'bot' must be one of easy, medium, hard"}


class TableOptions(Body, forbid_unknown_fields=True):
    """The creator turns the table's chat on or off."""

    ROUTE: ClassVar[str] = "PATCH /api/tables/ID/options"
    chat: bool
    WHY: ClassVar[dict[str, str]] = {"": "send {chat: true|false}"}


class ReplayUpload(Body):
    """A record to replay in the page, at a step, as a seat saw it (null: a spectator)."""

    ROUTE: ClassVar[str] = "POST /api/replay"
    record: Any
    step: int = 0
    seat: Seat | None = None
    WHY: ClassVar[dict[str, str]] = {
        "": "send {record, step, seat}",
        "step": "step must be a whole number, seat a seat number or null",
        "seat": "step must be a whole number, seat a seat number or null",
    }


# -- server -> page ------------------------------------------------------------------------------------
class SeatInfo(Reply):
    """A seat as everyone sees it; ``held``: why a bot plays a person's seat now."""

    seat: int
    kind: SeatKind
    bot: str | None
    name: str
    open: bool
    held: HeldWhy | None | UnsetType = UNSET


class Result(Reply):
    """A finished game's result (``resigned``: the seats that gave up)."""

    scores: list[int | float]
    ranks: list[int]
    winners: list[int]
    tiebreaks: list[Any]
    resigned: list[int] | UnsetType = UNSET


class Standing(Reply):
    """A seat's place at the end: its rank and score (shared ranks are equal), and whether it resigned."""

    seat: int
    name: str
    rank: int
    score: int | float
    resigned: bool


class ResultWords(Result):
    """The result with the standings in rank order and a summary in words."""

    standings: list[Standing] = []
    summary: str = ""


class TableInfo(Reply):
    """What anyone may know about a table (a lobby line; ``idle`` only there, ``problem`` for a broken table)."""

    ROUTE: ClassVar[str] = "GET /api/tables (a list), GET /api/tables/ID"
    id: str
    game: str
    title: str
    players: int
    options: dict[str, Any]
    status: TableStatus
    created: float
    step: int
    seats: list[SeatInfo]
    to_move: list[int]
    clock: ClockSetting | None | UnsetType = UNSET
    chat: bool | UnsetType = UNSET
    rematch: str | UnsetType = UNSET
    rematch_of: str | UnsetType = UNSET
    problem: str | None | UnsetType = UNSET
    result: Result | None | UnsetType = UNSET
    idle: int | UnsetType = UNSET


class Choice(Reply):
    """A legal action with its words."""

    label: str
    action: ActionJson


class TalkLine(Reply):
    """A line of the table's talk: a chat line (seat null: a spectator) or a note the table says."""

    n: int
    kind: Literal["chat", "note"]
    seat: int | None
    name: str
    text: str


class ClockSeat(Reply):
    """One seat's clock: seconds left (to a tenth) and whether it is running now."""

    seat: int
    left: float
    running: bool


class ClockView(Reply):
    """The turn clocks now: each seat's seconds left and whether its clock runs."""

    mode: ClockMode
    seconds: float
    seats: list[ClockSeat]


class State(Message, tag="state"):
    """What the receiving seat (null: a spectator) may see now; sent on connect and after every change (a burst of
    changes: one state). ``log`` and ``talk`` hold the lines from ``log_from`` / ``talk_from`` on."""

    ROUTE: ClassVar[str] = "GET /api/tables/ID/state"

    table: TableInfo
    step: int
    seat: int | None
    to_move: list[int]
    legal: list[ActionJson]
    choices: list[Choice]
    scene: dict[str, Any]
    log_from: int = 0
    log: list[str] = []
    talk_from: int = 0
    talk: list[TalkLine] = []
    present: list[int] = []
    clock: ClockView | UnsetType = UNSET
    held: HeldWhy | None | UnsetType = UNSET
    result: ResultWords | UnsetType = UNSET


class Accepted(Message, tag="accepted"):
    """A move is stored; sent at once, before the states it causes. ``id``: the move's (WebSocket only)."""

    ROUTE: ClassVar[str] = "POST /api/tables/ID/move"

    step: int
    id: Any | UnsetType = UNSET


class Error(Message, tag="error"):
    """A refusal in one line; ``id``: the refused move's. A socket refused as it opens gets one, then its close."""

    error: str
    id: Any | UnsetType = UNSET


class ReplayFrame(Message, tag="replay"):
    """A finished game (or an uploaded record) after ``step`` actions, as ``seat`` saw it."""

    ROUTE: ClassVar[str] = "GET /api/tables/ID/replay?step=&seat=, POST /api/replay"

    game: str
    title: str
    players: int
    step: int
    steps: int
    seat: int | None
    scene: dict[str, Any]
    log: list[str]
    last: list[str]
    action: str | None
    over: bool
    names: list[str]
    result: dict[str, Any] | None


class WinChances(Reply):
    """Each seat's estimated chance to win along a finished game or an uploaded record (the game's evaluation reads
    every hidden thing, so never for a game in play): ``chances[i][p]`` is seat p's after ``at[i]`` of ``steps``
    actions, at most 200 steps sampled; ``names`` the players' names (a bare record: seat numbers)."""

    ROUTE: ClassVar[str] = "GET /api/tables/ID/chances, POST /api/chances"

    game: str
    players: int
    steps: int
    at: list[int]
    chances: list[list[float]]
    names: list[str]


class ChancesUpload(Body):
    """A record whose chances to win to estimate, step by step (an uploaded record is public: it holds its seed)."""

    ROUTE: ClassVar[str] = "POST /api/chances"
    record: Any
    WHY: ClassVar[dict[str, str]] = {"": "send {record}"}


TO_SERVER: tuple[type[Struct], ...] = (Hello, Move, CreateTable, SeatRequest, ClockSetting, Join, MoveBody, Chat,
                                       Rename, HandToBot, TableOptions, ReplayUpload, ChancesUpload, ActionJson)
TO_PAGE: tuple[type[Struct], ...] = (State, Accepted, Error, ReplayFrame, WinChances, TableInfo, SeatInfo, ClockView,
                                     ClockSeat, Choice, TalkLine, Result, ResultWords, Standing)
PageMessage = Union[Hello, Move]

_encoder = msgspec.json.Encoder()


def encode(message: Any) -> bytes:
    """JSON of a message or reply (a struct, or plain data)."""
    return _encoder.encode(message)


S = TypeVar("S", bound=Struct)


class Malformed(ValueError):
    """Input that does not decode into its struct: one line saying what to send."""


def decode(kind: type[S], raw: Any, **words: Any) -> S:
    """``raw`` (parsed JSON) as a ``kind``; a :class:`Malformed` line otherwise (``words`` fill the line's blanks)."""
    if not isinstance(raw, dict):
        raise Malformed(_why(kind, "", words) or f"send a JSON object ({kind.__name__})")
    try:
        return msgspec.convert(raw, kind)
    except msgspec.ValidationError as e:
        raise Malformed(explain(kind, str(e), words)) from None


_AT = re.compile(r"^(?P<text>.*?)(?: - at `\$(?P<path>[^`]*)`)?$")
_STEP = re.compile(r"\.(\w+)|\[(\d+)\]")


def explain(kind: type[Struct], complaint: str, words: dict[str, Any] | None = None) -> str:
    """msgspec's complaint about ``kind`` as one line: the ``WHY`` of the deepest struct field the complaint's path
    names (``{i}``: the list index above it), else the complaint itself, naming what may be sent."""
    words = dict(words or {})
    m = _AT.match(complaint)
    text, path = (m.group("text"), m.group("path") or "") if m else (complaint, "")
    current: Any = kind
    line = None
    for field_name, index in _STEP.findall(path):
        if index:
            words["i"] = int(index)
            continue
        line = _why(current, field_name, words) or line
        current = _field_struct(current, field_name)
        if current is None:
            break
    named = re.match(r"Object (contains unknown|missing required) field `(\w+)`", text)
    if current is not None and named is not None:
        if named.group(1) == "missing required":
            return _why(current, named.group(2), words) or line or _why(current, "", words) \
                or f"missing field {named.group(2)!r}"
        if line:  # inside a field that says what to send
            return line
        where = f" in {path[1:]}" if path else ""
        listed = f"unknown field(s) {[named.group(2)]}{where}; fields: {', '.join(current.__struct_fields__)}"
        return listed if getattr(current, "LIST_FIELDS", True) else _why(current, "", words) or listed
    if current is not None and (not path or path.endswith("]")):
        line = _why(current, "", words) or line
    return line or _why(kind, "", words) or f"malformed request: {text}" + (f" at {path}" if path else "")


def _why(kind: Any, field_name: str, words: dict[str, Any]) -> str | None:
    why = getattr(kind, "WHY", {}).get(field_name)
    if not isinstance(why, str) or not why:
        return None
    for key, value in words.items():  # only the named blanks: the lines show JSON shapes in braces
        why = why.replace("{" + key + "}", str(value))
    return why


def _field_struct(kind: Any, field_name: str) -> type[Struct] | None:
    """The struct a field of ``kind`` holds (directly, in a list, or optional), if any."""
    hint = getattr(kind, "__annotations__", {}).get(field_name)
    for cls in TO_SERVER:
        if hint is not None and re.search(rf"\b{cls.__name__}\b", str(hint)):
            return cls
    return None
