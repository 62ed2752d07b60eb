"""The Black Sun game state: its data (declared once in ``FIELDS``), views, results.

The rules live in the modules named after the rulebook's parts (stellar,
setup, turn, factions, movement, positions, raids, scoring), as handlers of the
task types in ``flow.py``; the engine's :class:`~voidtable.engine.flow.FlowState`
runs the task stack (automatic tasks, forced single choices, the contract).
``clone()`` is generated from ``FIELDS`` and ``snapshot()`` derived from it.
Everything on the board is public; the only hidden thing is the order of the
undealt Starting Faction cards while players redraw, which ``determinize``
redraws (``engine.zones.resample``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from voidtable.engine.fields import COPY, FIXED, FLOW_FIELDS, LIST, SHARED, VALUE, Fields
from voidtable.engine.flow import FlowState
from voidtable.engine.rng import Rng
from voidtable.engine.state import Result, ranks_from_keys
from voidtable.engine.types import HexId, Seat, ShipId
from voidtable.engine.zones import Hidden

from . import factions, movement, positions, raids, scoring, setup, turn  # noqa: F401  (register their tasks)
from .board import Board
from .events import GameOver
from .flow import TASKS
from .positions import STATE_NAMES, where_json

if TYPE_CHECKING:
    from .data import BlackSunGame, Rules

STATUS_NAMES = ("normal", "need", "crisis")

#: Every attribute of a Black Sun state, with how a clone copies it (``clone()`` and ``snapshot()`` follow).
FIELDS = Fields(
    "blacksun",
    FLOW_FIELDS,
    # the loaded game's rules and options: the same for every state of this game
    R=FIXED, n=FIXED, necessity=FIXED, manual_setup=FIXED, loaning=FIXED, story=FIXED, target=FIXED,
    board=SHARED,           # built once at the end of setup, never changed
    manual=COPY,            # Manual Setup variant, while the hexes are laid (setup.ManualSetup)
    starting=LIST, deck=LIST, card=LIST, redraws=LIST,
    owner=VALUE, stype=VALUE, smove=VALUE, sfight=VALUE, scap=VALUE,  # per ship, fixed once ships are issued
    loc=LIST, sstate=LIST, ctrl=LIST, centre=LIST, edge_occ=LIST, status=LIST, scores=LIST,
    captures=LIST,          # (ship, captor, hex, escorts, captor turn ends left): immutable tuples
    raid=COPY,              # the raid under way (raids.Raid)
    active=VALUE, first=VALUE, turns=VALUE, story_player=VALUE,
    last_roll=VALUE,        # the latest planet roll (seat, dice, total): a public fact for every view
    final_queue=LIST,       # None until the target is reached
)


class BlackSunState(FlowState):
    TASKS = TASKS
    FIELDS = FIELDS
    clone = FIELDS.clone_function()  # generated from FIELDS (as fast as a hand-written clone)

    R: "Rules"
    n: int
    necessity: bool
    manual_setup: bool
    loaning: bool
    story: bool
    target: int
    board: Board  # None until setup has laid the stellar system (nothing reads it before)
    manual: "setup.ManualSetup | None"
    starting: list[str | None]
    deck: list[str]
    card: list[str | None]
    redraws: list[int]
    owner: tuple[Seat, ...]
    stype: tuple[str, ...]
    smove: tuple[int, ...]
    sfight: tuple[int, ...]
    scap: tuple[bool, ...]
    loc: list[int]
    sstate: list[int]
    ctrl: list[Seat]
    centre: list[ShipId]
    edge_occ: list[ShipId]
    status: list[int]
    scores: list[int]
    captures: list[tuple[ShipId, Seat, HexId, frozenset[ShipId], int]]
    raid: "raids.Raid | None"
    active: Seat
    first: Seat
    turns: int
    story_player: Seat
    last_roll: tuple[Seat, tuple[int, ...], int] | None
    final_queue: list[Seat] | None

    def __init__(self, game: "BlackSunGame", seed: int) -> None:
        self.init_flow()
        self.game = game
        self.R = game.rules
        self.n = game.players
        o = game.options
        self.necessity = bool(o["necessity"])
        self.manual_setup = bool(o["manual_setup"])
        self.loaning = bool(o["loaning"])
        self.story = bool(o["story"])
        self.target = self.R.game.target_long if o["length"] == "long" else self.R.game.target_short
        self.rng = Rng(seed)
        self.board = None  # type: ignore[assignment]
        self.manual = None
        self.starting = [None] * self.n
        self.deck = []
        self.card = [None] * self.n
        self.redraws = [0] * self.n
        self.owner = ()
        self.stype = ()
        self.smove = ()
        self.sfight = ()
        self.scap = ()
        self.loc = []
        self.sstate = []
        self.ctrl = []
        self.centre = []
        self.edge_occ = []
        self.status = []
        self.scores = [0] * self.n
        self.captures = []
        self.raid = None
        self.active = -1
        self.first = -1
        self.turns = 0
        self.story_player = -1
        self.last_roll = None
        self.final_queue = None
        setup.begin(self, o["sun"])
        self.start_flow()

    # ------------------------------------------------------------ the end
    def finish(self, reason: str = "") -> None:
        super().finish(reason)
        self.emit(GameOver(reason, tuple(self.scores)))

    def final_result(self) -> Result:
        scores = [float(x) for x in self.scores]
        ranks = ranks_from_keys(list(self.scores))
        winners = [p for p in range(self.n) if ranks[p] == 1]
        notes = []
        if len(winners) > 1:
            notes.append("tied for the most points: a shared victory (the rulebook names no tie-break)")
        if self.over_reason:
            notes.append(f"game ended: {self.over_reason}")
        return Result(scores, ranks, winners, notes)

    # ------------------------------------------------------------ copies
    def determinize(self, player: Seat, rng: Rng) -> "BlackSunState":
        """The undealt Starting Faction cards are the only hidden thing: their order is redrawn."""
        c: BlackSunState = self.FIELDS.clone(self)
        c.rng = rng.spawn()
        c.resample_hidden(c.rng, [Hidden(c.deck)])
        return c

    # ------------------------------------------------------------ information
    def allegiance(self, p: Seat) -> str:
        return factions.allegiance(self, p)

    def view(self, player: int | None) -> dict[str, Any]:
        v: dict[str, Any] = {
            "game": "blacksun",
            "players": self.n,
            "target": self.target,
            "options": {"necessity": self.necessity, "manual_setup": self.manual_setup, "loaning": self.loaning, "story": self.story},
            "over": self.over,
            "to_move": self.to_move(),
            "active": self.active,
            "first_player": self.first,
            "turns": self.turns,
            "story_player": self.story_player,
            "final_turns": None if self.final_queue is None else list(self.final_queue),
            "scores": list(self.scores),
            "factions_undealt": len(self.deck),
            "seats": [
                {
                    "seat": p,
                    "faction": self.starting[p],
                    "card": self.card[p],
                    "allegiance": factions.allegiance(self, p) if self.starting[p] else None,
                    "scoring": sorted(factions.conditions(self, p)) if self.starting[p] else [],
                    "redraws": self.redraws[p],
                }
                for p in range(self.n)
            ],
        }
        decision = self.decision_json()
        if decision is not None:
            v["decision"] = decision
        if self.board is not None:
            b = self.board
            v["sun"] = b.sun
            v["board"] = b.to_json()
            v["status"] = [[list(b.coords[h]), STATUS_NAMES[x]] for h, x in enumerate(self.status) if x]
            v["ships"] = [
                {  # not an event: a ship in the view, with its type
                    "id": i, "type": self.stype[i], "owner": self.owner[i], "controller": self.ctrl[i],
                    "state": STATE_NAMES[self.sstate[i]], "at": self._at_json(i),
                }
                for i in range(len(self.owner))
            ]
            v["last_roll"] = self._roll_json()
            v["captures"] = [
                {"ship": c[0], "captor": c[1], "hex": list(b.coords[c[2]]), "escorts": sorted(c[3]), "captor_turn_ends_left": c[4]}
                for c in self.captures
            ]
            v["raid"] = self.raid.to_json(self) if self.raid is not None else None
        if self.manual is not None:
            m = self.manual
            v["manual_setup"] = {
                "tiles": [[h[0], h[1], t] for h, t in sorted(m.tiles.items())],
                "open_slots": [list(h) for h in m.open],
                "hands": [list(h) for h in m.hands],
            }
        return v

    def _at_json(self, ship: ShipId) -> Any:
        """A ship's place in views: as in events, plus ``side`` for an edge (its direction 0-5 from the first hex).

        A rim edge borders one hex only, so without ``side`` a view could not say which of
        that hex's outer edges the ship is on; every seat sees the board, so every view says it.
        """
        at = where_json(self, ship)
        if at is not None and "edge" in at:
            e = self.loc[ship] - self.board.n_hex
            first = self.board.edge_sides[e][0]
            at["side"] = self.board.hex_edge[first].index(e)
        return at

    def _roll_json(self) -> dict[str, Any] | None:
        """The latest planet roll, public: who rolled, the dice, their total and the planet (None: no such planet)."""
        if self.last_roll is None:
            return None
        seat, dice, total = self.last_roll
        return {"seat": seat, "dice": list(dice), "total": total, "planet": total if total in self.board.planet_hex else None}
