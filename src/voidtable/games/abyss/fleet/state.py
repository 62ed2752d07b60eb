"""The fleet battle's state: two fleets bought within the same points, placed on their edges, then one battle.

Every attribute is declared in ``FIELDS``. Ships are immutable records in one dict
(see ``..ships``), so a clone copies one dict and shares the records. Nothing is
hidden with open buying: designs are bought openly, one ship at a time, and the board is public. With secret
buying (``buying = "secret"``) each seat's orders and points left are hidden from the other until both fleets
are sealed; a determinization for a seat redraws the other's orders (any fleet its points could buy).
"""

from __future__ import annotations

from typing import Any, Literal

from voidtable.engine.fields import FIXED, FLOW_FIELDS, LIST, VALUE, Fields
from voidtable.engine.rng import Rng
from voidtable.engine.state import Result

from ..battle import BATTLE_FIELDS, BattleHost, slots
from ..battle_events import EndReason
from ..data import FleetGame, Rules
from ..ships import points
from .events import First, GameOver
from .views import view as view_of
from .tasks import TASKS, Buy, OneDesign, SecretBuy

#: Outfitting the fleets, deploying them, the battle, the end.
Phase = Literal["fleets", "deploy", "battle", "over"]


def affordable_orders(r: Rules, left: int, orders: tuple[str, ...]) -> list[str]:
    """The designs a seat may still order: within its points left and the pieces of the hull not yet ordered."""
    out = []
    for key in r.fleet_designs:
        d = r.designs[key]
        if d.points <= left and sum(1 for k in orders if r.designs[k].hull == d.hull) < r.hulls[d.hull].pieces:
            out.append(key)
    return out


def redraw_orders(s: "FleetState", seat: int) -> None:
    """A determinization's guess at a seat's hidden orders: any fleet its points could buy, sealed if it is."""
    r = s.r
    left = r.minigame.budget
    orders: tuple[str, ...] = ()
    while True:
        options = affordable_orders(r, left, orders)
        if not options or (orders and s.rng.below(3) == 0 and s.buying[seat]):
            break
        if orders and not s.buying[seat] and s.rng.below(4) == 0:
            break
        key = options[s.rng.below(len(options))]
        orders += (key,)
        left -= r.designs[key].points
    s.orders[seat] = orders
    s.budget[seat] = left



class FleetState(BattleHost):
    """Two fleets, their points left, the battle board and whose decision it is."""

    TASKS = TASKS
    FIELDS = Fields(
        "abyss_battle", FLOW_FIELDS, BATTLE_FIELDS,
        r=FIXED, phase=VALUE, budget=LIST, buying=LIST, winners=VALUE, orders=LIST,
    )

    r: Rules
    phase: Phase
    budget: list[int]        # points each seat has left to spend
    buying: list[bool]       # seats still outfitting
    orders: list[tuple[str, ...]]  # secret buying: the designs each seat has ordered, hidden from the other
    winners: tuple[int, ...]

    def __init__(self, game: FleetGame, seed: int) -> None:
        self.game = game
        self.r = game.rules
        self.rng = Rng(seed)
        self.init_flow()
        self.ships = {}
        self.round = 0
        self.acted = frozenset()
        self.order = ()
        self.planet = frozenset()   # the fleet battle is fought on the ship side of the board
        self.phase = "fleets"
        self.budget = [self.r.minigame.budget] * 2
        self.buying = [True, True]
        self.orders = [(), ()]
        self.winners = ()
        self.attacker = self.rng.below(2)
        self.emit(First(self.attacker))
        if self.r.one_design:
            self.push(OneDesign())   # outfitted by its task in flow.py (which imports this module)
        else:
            self.push(SecretBuy() if self.r.secret_buying else Buy(self.attacker))
        self.start_flow()

    # ------------------------------------------------------------ fleets
    def fleet_of(self, seat: int) -> list[int]:
        """Every ship the seat owns (on the board or not), by id."""
        return sorted(i for i, sh in self.ships.items() if sh.owner == seat)

    def fleet_points(self, seat: int) -> int:
        """What the seat's surviving ships are worth: hulls and working tiles."""
        return sum(points(self.r, sh) for sh in self.ships.values() if sh.owner == seat)

    def free_id(self, seat: int, hull: str) -> int | None:
        """The next free id among the seat's pieces of ``hull`` (None: every piece is in use)."""
        base = seat * slots(self.r)
        for key, h in self.r.hulls.items():
            if key == hull:
                for i in range(base, base + h.pieces):
                    if i not in self.ships:
                        return i
                return None
            base += h.pieces
        return None

    # ------------------------------------------------------------ the battle host
    def battle_sides(self) -> tuple[int, ...]:
        return (0, 1)

    def round_limit(self) -> int:
        return self.r.minigame.max_rounds

    def battle_ended(self, winners: list[int], reason: EndReason) -> None:
        if reason == "rounds":
            left = [self.fleet_points(p) for p in range(2)]
            winners = [p for p in range(2) if left[p] == max(left)]
        if not winners:
            winners = [0, 1]
        self.winners = tuple(winners)
        self.phase = "over"
        self.emit(GameOver(tuple(winners), reason, tuple([self.fleet_points(p) for p in range(2)])))
        self.finish(reason)

    # ------------------------------------------------------------ the contract
    def final_result(self) -> Result:
        scores = [float(self.fleet_points(p)) for p in range(2)]
        ranks = [1 if p in self.winners else 2 for p in range(2)]
        why = {"rounds": ["the round limit: more points of ships left wins"], "fled": ["the other side fled"]}
        return Result(scores, ranks, list(self.winners), why.get(self.over_reason, []))

    def view(self, player: int | None) -> dict[str, Any]:
        return view_of(self, player)

    def determinize(self, player: int, rng: Rng) -> "FleetState":
        """The same state with a fresh RNG; while fleets are ordered in secret, the other seat's orders redrawn."""
        c: FleetState = self.clone()  # type: ignore[assignment]
        c.rng = rng.spawn()
        if self.r.secret_buying and self.phase == "fleets":
            redraw_orders(c, 1 - player)
        return c
