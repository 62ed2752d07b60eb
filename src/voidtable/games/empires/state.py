"""The Empires of the Void state: the galaxy, planets, ships, cards, credits, VP, and whose turn it is.

Every attribute is declared once in ``FIELDS`` with its copy rule. Ships are
immutable :class:`~.ships.Ship` records by token id and planets immutable
:class:`~.planets.Control` records by key, so a clone copies two small dicts.
The galaxy's graph is rebuilt (never changed in place) when a tile turns, so
clones share it.
"""

from __future__ import annotations

from typing import Any

from msgspec import convert

from voidtable.engine.actions import Action
from voidtable.engine.events import AnyEvent, EventRecord
from voidtable.engine.fields import CACHE, DICT, FIXED, FLOW_FIELDS, LIST, NESTED, SHARED, VALUE, Fields
from voidtable.engine.flow import FlowState
from voidtable.engine.rng import Rng
from voidtable.engine.state import Result
from voidtable.engine.types import Seat
from voidtable.engine.zones import Hidden

from . import combat, preround, rounds, turn  # noqa: F401  (register the tasks)
from . import views
from .data import EmpiresGame, Rules
from .events import Rolled
from .galaxy import Graph, Hex
from .planets import Control
from .scoring import final_result
from .setup import SCORE_CARDS, set_up
from .ships import Ship
from .tasks import TASKS, PreRound
from .trade import shown_cards


class EmpiresState(FlowState):
    """A galaxy of seven hexagons, 2-4 empires, and the round in progress."""

    TASKS = TASKS
    FIELDS = Fields(
        "empires", FLOW_FIELDS,
        r=FIXED, asteroid_spaces=FIXED,
        tile_at=DICT, rotation=DICT, rotated=LIST, graph=SHARED,
        first=VALUE, order=VALUE, race=LIST, corner=LIST, covered=LIST,
        control=DICT, ships=DICT, credits=LIST, vp=LIST, techs=NESTED,
        hands=NESTED, deck=LIST, discard=LIST, row=LIST,
        event_deck=LIST, events_out=LIST, revealed=LIST,
        round=VALUE, active=VALUE, mined=VALUE, swaps=VALUE, scorings=VALUE, used=VALUE,
        orders=NESTED, done=LIST, researched=LIST, ports=LIST, port_used=LIST,
        wormholes=LIST, tokens=DICT, grant=LIST, storm=VALUE, licences=LIST, new_earth=VALUE,
        benefit_cache=CACHE, pre_legal=CACHE,
    )

    r: Rules
    asteroid_spaces: frozenset[str]
    tile_at: dict[Hex, str]
    rotation: dict[str, int]
    rotated: list[str]
    graph: Graph
    first: int
    order: tuple[int, ...]
    race: list[str]
    corner: list[Hex | None]
    covered: list[str]
    control: dict[str, Control]
    ships: dict[int, Ship]
    credits: list[int]
    vp: list[int]
    techs: list[list[str]]
    hands: list[list[int]]
    deck: list[int]
    discard: list[int]
    row: list[int]
    event_deck: list[str]
    events_out: list[str]
    revealed: list[str]
    round: int
    active: int
    mined: bool
    used: tuple[str, ...]            # once-a-turn abilities used this turn (mind_control, extra_move)
    swaps: int
    scorings: int
    orders: list[list[str]]
    done: list[bool]
    researched: list[bool]
    wormholes: list[tuple[str, str]]  # lines added by Worm Hole events
    tokens: dict[str, str]           # planet -> event token on it (pirates, distress_call)
    grant: list[int]                 # credits off the next research (Research Grant)
    licences: list[tuple[int, str, int, int]]  # (holder, trade good, round of the pre-round, licensor)
    storm: int                       # the round of an Ion Storm (0: none)
    port_used: list[bool]            # a ship placed on the port this round
    ports: list[str]                 # each seat's space-port planet, "" for none
    new_earth: str                   # the home world replaced with New Earth (Terraforming), "" for none
    benefit_cache: Any               # (control and tokens it was worked out from, Benefits per seat), or None
    pre_legal: dict[int, list[Action]] | None   # the simultaneous pre-round's legal actions per seat until the next move

    def __init__(self, game: EmpiresGame, seed: int) -> None:
        self.game = game
        self.r = game.rules
        centre = self.r.tiles[self.r.centre]
        self.asteroid_spaces = frozenset(f"{self.r.centre}.{n}" for n in centre.asteroid_spaces)
        self.rng = Rng(seed)
        self.researched = [False] * self.r.players
        self.benefit_cache = None
        self.pre_legal = None
        self.new_earth = ""
        self.init_flow()
        set_up(self)
        self.start_flow()

    def emit(self, event: AnyEvent) -> None:
        """The rules emit records (events.py); engine.dice's ``rolled`` event, still a dict, joins the log as this
        game's :class:`~.events.Rolled` (any other dict fails here, naming its type)."""
        if not self.quiet:
            self._events.append(event if isinstance(event, EventRecord) else convert(event, Rolled))

    def legal_actions(self, player: Seat) -> list[Action]:
        """As the flow machine's; the simultaneous pre-round's lists are kept per seat until the next move
        (they are asked for twice a decision: to choose, and to check the choice)."""
        stack = self.stack
        if stack and stack[-1].__class__ is PreRound and not self.over:
            memo = self.pre_legal or {}
            legal = memo.get(player)
            if legal is None:
                legal = super().legal_actions(player)
                self.pre_legal = {**memo, player: legal}  # replaced, never changed in place (clones share it)
            return list(legal)
        return super().legal_actions(player)

    def _apply(self, player: Seat, action: Action) -> list[AnyEvent]:
        self.pre_legal = None
        return super()._apply(player, action)

    def advance(self) -> None:
        self.pre_legal = None
        super().advance()

    def final_result(self) -> Result:
        return final_result(self)

    def view(self, player: int | None) -> dict[str, Any]:
        return views.view(self, player)

    def determinize(self, player: int, rng: Rng) -> "EmpiresState":
        """Redraw what ``player`` cannot see: the others' hands with the deck, and the unrevealed events
        (score cards keep their places: their backs are public); the others' uncommitted pre-round choices are dropped.
        Cards a pending offer shows ``player`` in another's hand (what it gives) stay there (``trade.shown_cards``)."""
        c: EmpiresState = self.clone()  # type: ignore[assignment]
        c.rng = rng.spawn()
        c.pre_legal = None
        shown = shown_cards(c, player)
        slots = [Hidden(c.deck)] + [self._unshown(c, q, shown.get(q, [])) for q in range(c.r.players) if q != player]
        where = [i for i, e in enumerate(c.event_deck) if e not in SCORE_CARDS]

        def write(items: list[str]) -> None:
            for i, e in zip(where, items):
                c.event_deck[i] = e
            c.events_out[:] = sorted(items[len(where):])

        c.resample_hidden(rng, slots)
        c.resample_hidden(rng, [Hidden([c.event_deck[i] for i in where] + c.events_out, write=write)])
        for q in range(c.r.players):
            if q != player:
                c.orders[q] = []
        return c

    @staticmethod
    def _unshown(c: "EmpiresState", seat: int, shown: list[int]) -> Hidden:
        """The part of ``seat``'s hand to redraw: all of it but the ``shown`` cards, which are kept."""
        if not shown:
            return Hidden(c.hands[seat])
        rest = list(c.hands[seat])
        for card in shown:
            rest.remove(card)

        def write(items: list[Any]) -> None:
            c.hands[seat][:] = [*shown, *items]

        return Hidden(rest, write=write)
