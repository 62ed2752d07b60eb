"""The Nearspace state: the map, the cards, the dice in play, and the questions every step asks of them.

Every attribute is declared once in ``FIELDS`` with its copy rule. Ships and hulls
are immutable :class:`Ship` records in one dict (a hull is a ship whose CP has not
reached its facets), so a clone copies one dict and shares the records. Card
identities are instance ids (``rules.instances``); a place holds one, or -1 once
nothing is left to lay there.
"""

from __future__ import annotations

from typing import Any

from voidtable.engine.dice import Die, Stockpile
from voidtable.engine.fields import COPY, DICT, FIXED, FLOW_FIELDS, LIST, NESTED, VALUE, Fields
from voidtable.engine.flow import FlowState
from voidtable.engine.rng import Rng
from voidtable.engine.state import Result
from voidtable.engine.zones import Hidden

from .board import EMPTY
from .data import Card, NearspaceGame, Rules
from . import views
from .setup import set_up
from .ships import Ship as Ship, ShipMap
from .tasks import TASKS



class NearspaceState(FlowState):
    """Two decks laid out as Nearspace, two fleets of dice, and whose turn it is."""

    TASKS = TASKS
    FIELDS = Fields(
        "nearspace", FLOW_FIELDS,
        r=FIXED,
        place_card=LIST, face_up=LIST, encounter_at=DICT,
        resource=NESTED, known_bottom=LIST, hand=NESTED, discard=NESTED, directives=NESTED,
        graveyard=NESTED, stockpile=LIST, ships=COPY, engines=LIST, engine_hulls=DICT,
        first=VALUE, active=VALUE, turn=VALUE, turns_taken=LIST,
        cp=VALUE, cp_class=DICT, e=VALUE, attack_bonus=VALUE, e_bonus=VALUE,
        exile=LIST, winners=VALUE, bank=LIST, stored_e=LIST,
    )

    r: Rules
    place_card: list[int]
    face_up: list[bool]
    encounter_at: dict[int, int]
    resource: list[list[int]]        # index 0 is the top
    known_bottom: list[int]          # how many cards at the bottom of each Resource are public (put there openly)
    hand: list[list[int]]
    discard: list[list[int]]
    directives: list[list[int]]
    graveyard: list[list[Die]]
    stockpile: list[Stockpile]
    ships: "ShipMap"
    engines: list[int]
    engine_hulls: dict[int, int]     # engine hull id -> CP invested
    first: int
    active: int
    turn: int
    turns_taken: list[int]
    cp: int
    cp_class: dict[str, int]
    e: int
    attack_bonus: int
    e_bonus: int
    exile: list[int]
    bank: list[int]                  # CP banked for the next turn (Banking CP option)
    stored_e: list[int]              # E stored for the next turn (Engine Storage option)
    winners: tuple[int, ...]

    def __init__(self, game: NearspaceGame, seed: int) -> None:
        self.game = game
        self.r = game.rules
        self.rng = Rng(seed)
        self.init_flow()
        set_up(self)
        self.start_flow()

    # ------------------------------------------------------------ cards and places
    def card(self, instance: int) -> Card | None:
        return None if instance == EMPTY else self.r.card(instance)

    def place_of(self, place: int) -> Card | None:
        return self.card(self.place_card[place])

    def hex(self, place: int) -> tuple[int, int]:
        return self.r.board.hexes[place]

    def homeworld(self, seat: int) -> int:
        return self.r.board.homeworld[seat]

    # ------------------------------------------------------------ ships and presence
    def fleet(self, seat: int) -> list[tuple[int, Ship]]:
        """The seat's ships on the map (not hulls), by id."""
        return self.ships.fleet(seat)

    def ships_at(self, seat: int, place: int) -> list[int]:
        """The seat's ships at a place, by id."""
        return self.ships.at(seat, place)

    def hulls(self, seat: int) -> list[tuple[int, Ship]]:
        """The seat's hulls (in Shipyards), by id."""
        return self.ships.hulls(seat)

    def has_ships(self, seat: int, place: int) -> bool:
        return (seat, place) in self.ships.held()

    def places_with_ships(self, seat: int) -> list[int]:
        """Places where the seat has ships, in map order."""
        return sorted(place for q, place in self.ships.held() if q == seat)

    def presence(self, seat: int, place: int) -> bool:
        """A ship there; or it is the seat's own Homeworld and no enemy ship holds it."""
        if self.has_ships(seat, place):
            return True
        return place == self.homeworld(seat) and not self.has_ships(1 - seat, place)

    def homeworld_fallen(self, seat: int) -> bool:
        return not self.presence(seat, self.homeworld(seat))

    def free_ship_id(self, seat: int) -> int:
        base = seat * self.r.ship_slots
        for i in range(base, base + self.r.ship_slots):
            if i not in self.ships:
                return i
        raise AssertionError("nearspace: more ships than Stockpile dice")

    def fleet_facets(self, seat: int) -> int:
        """Facets in play for maintenance: finished ships, exempt colours left out."""
        return sum(s.die.facets for _, s in self.fleet(seat) if not self.r.traits(s.die).maintenance_free)

    def graveyard_facets(self, seat: int) -> int:
        return sum(d.facets for d in self.graveyard[seat])

    def directive_total(self, seat: int, effect: str) -> int:
        return sum(self.r.card(c).amount for c in self.directives[seat] if self.r.card(c).effect == effect)

    def is_first_round(self, seat: int) -> bool:
        return self.turns_taken[seat] == 0

    # ------------------------------------------------------------ the contract
    def final_result(self) -> Result:
        winners = list(self.winners)
        scores = [float(self.graveyard_facets(1 - p)) for p in range(2)]
        ranks = [1 if p in winners else 2 for p in range(2)]
        why = [self.over_reason] if self.over_reason else []
        return Result(scores, ranks, winners, why)

    def view(self, player: int | None) -> dict[str, Any]:
        return views.view(self, player)

    def determinize(self, player: int, rng: Rng) -> "NearspaceState":
        """Each deck's unseen cards (face-down places, the unknown part of its Resource, and the
        opponent's hand when hands are hidden) are redrawn among themselves: decks never mix."""
        c: NearspaceState = self.clone()  # type: ignore[assignment]
        c.rng = rng.spawn()
        for q in range(2):
            slots: list[Hidden] = []
            places = [i for i, inst in enumerate(c.place_card)
                      if not c.face_up[i] and inst != EMPTY and c.r.owner(inst) == q]
            slots.append(Hidden([c.place_card[i] for i in places], write=_writer(c.place_card, places)))
            unknown = len(c.resource[q]) - c.known_bottom[q]
            slots.append(Hidden(c.resource[q][:unknown], write=_prefix_writer(c.resource[q])))
            if c.r.hidden_hands and q != player:
                slots.append(Hidden(c.hand[q]))
            c.resample_hidden(rng, slots)
        return c


def _writer(target: list[int], where: list[int]) -> Any:
    def write(items: list[int]) -> None:
        for i, x in zip(where, items):
            target[i] = x

    return write


def _prefix_writer(target: list[int]) -> Any:
    def write(items: list[int]) -> None:
        target[: len(items)] = items

    return write
