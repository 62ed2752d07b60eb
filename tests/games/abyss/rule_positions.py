"""Black Abyss positions where rules that seeded games seldom reach act next, for the every-setting check.

tests/engine/test_every_setting_matters.py plays its probe games on from a position (random moves or
the bot), once with a rules value at its default and once moved, and needs some step to differ. These
four rules act only in situations random or bot play seldom builds: cargo cashed in at a trade house, a
ground fight, a planetary defence on the planet side of the battle board, and a repair at a space port.

Each builder takes a fresh game (cycle 1, seat 0 to move), sets up what its rule needs around seat 0's
home world with engine.positions, drops the cycle's phases before the one where the rule acts, and runs
to the first decision there; play then goes on as usual, into the next cycles. Nothing in a builder
depends on the value being checked: both games start from the same position.
"""

from __future__ import annotations

from typing import Any

from voidtable.engine.positions import edit, release, run_until
from voidtable.engine.rng import Rng
from voidtable.engine.state import GameState
from voidtable.games.abyss.fourx.ground import orthogonal
from voidtable.games.abyss.fourx.state import AbyssState
from voidtable.games.abyss.fourx.tasks import Battles, Ground, Purchase
from voidtable.games.abyss.fourx.trade import set_good
from voidtable.games.abyss.ships import Ship


def _abyss(s: GameState) -> AbyssState:
    assert isinstance(s, AbyssState), type(s)
    return s


def free_land(s: AbyssState, place: int) -> list[int]:
    """Explored squares of the planet a building or marines may take: not water or barren, nothing built."""
    return [q for q, t in enumerate(s.surface[place])
            if t and t not in ("water", "barren") and s.built[place][q] is None]


def build(s: AbyssState, seat: int, place: int, kind: str) -> None:
    """A habitat (for room) and ``kind`` of the seat on the first free squares of its planet."""
    built = list(s.built[place])
    room, square = free_land(s, place)[:2]
    built[room], built[square] = (seat, "habitat"), (seat, kind)
    edit(s, built={**s.built, place: tuple(built)})


def add_ship(s: AbyssState, seat: int, design: str, place: int, **fields: Any) -> int:
    """A ship of ``design`` for the seat above ``place`` (the seat's next free piece of its hull)."""
    ship_id = s.free_id(seat, s.r.designs[design].hull)
    assert ship_id is not None, (seat, design)
    edit(s, ships={**s.ships, ship_id: Ship(seat, design, **fields)}, where={**s.where, ship_id: place})
    return ship_id


def from_phase(s: AbyssState, first: type) -> None:
    """Drop the cycle's tasks above the first ``first`` task (its phase and what follows stay), run to the first
    decision there and hand the state back to play."""
    top = max(k for k, t in enumerate(s.stack) if isinstance(t, first))
    edit(s, stack=s.stack[:top + 1])
    run_until(s)
    release(s)


def cargo_for_sale(state: GameState, rng: Rng) -> None:
    """Purchases: seat 0's freighter above its home world, which has a trade house and a food good, carries a
    food unit made on seat 1's home world (``trade.pay_per_space`` times the distance pays for it)."""
    s = _abyss(state)
    home, far = s.m.galaxy.homes[0], s.m.galaxy.homes[1]
    build(s, 0, home, "trade_house")
    food = s.m.data.trade.food
    set_good(s, home, free_land(s, home)[-1], food[0])
    ship = add_ship(s, 0, "freighter", home)
    edit(s, cargo={**s.cargo, ship: ((food[1], far),)})
    from_phase(s, Purchase)


def ground_fight(state: GameState, rng: Rng) -> None:
    """The ground phase, seats 0 and 1 at war: two marines of each, landed last cycle, on neighbouring squares
    of seat 0's home world; seat 0's can march only onto seat 1's (a fight: ``ground.die``, ``ground.hit``)."""
    s = _abyss(state)
    home = s.m.galaxy.homes[0]
    free = free_land(s, home)
    mine, theirs = min(((a, b) for a in free for b in orthogonal(s, home, a) if b in free),
                       key=lambda p: sum(1 for q in orthogonal(s, home, p[0])
                                         if s.surface[home][q] not in ("", "water")))
    old = (s.cycle - 1,) * 2
    marines: list[Any] = [None] * len(s.surface[home])
    marines[mine], marines[theirs] = (0, 2, old), (1, 2, old)
    edit(s, war=frozenset({(0, 1)}), marines={**s.marines, home: tuple(marines)})
    from_phase(s, Ground)


def defence_in_battle(state: GameState, rng: Rng) -> None:
    """The space battles, seats 0 and 1 at war: seat 1's escort above seat 0's home world, which has a planetary
    defence, so the battle is fought on the planet side of the board and the defence fires at the start of
    every round at enemy ships within ``ground.defence_range`` squares (the escort starts on the far edge)."""
    s = _abyss(state)
    home = s.m.galaxy.homes[0]
    build(s, 0, home, "defence")
    add_ship(s, 1, "escort", home)
    edit(s, war=frozenset({(0, 1)}))
    from_phase(s, Battles)


#: Seat 0's bank in :func:`repair_at_port`: one energy and one mineral (see there).
REPAIR_BANK = [1, 0, 1]
#: Damaged pickets in :func:`repair_at_port`: random play is offered their nine repairs beside a few bulldozers.
PICKETS = 3


def repair_at_port(state: GameState, rng: Rng) -> None:
    """Purchases: three of seat 0's pickets above its home world, which has a space port, each with damage disks on
    both heavy lasers (2 energy, 2 minerals each) and on its empty square. With one energy and one mineral in the
    bank each repair is offered at the defaults (half a tile's price, rounded up; 1 mineral for an empty square),
    the lasers' are not when ``repair.fraction`` is raised, the empty squares' not when ``repair.empty_minerals``
    is. (The bot buys no repairs: random moves are the probe games that do.)"""
    s = _abyss(state)
    home = s.m.galaxy.homes[0]
    build(s, 0, home, "space_port")
    tiles = s.r.designs["picket"].tiles
    damaged = sum(1 << q for q, t in enumerate(tiles) if t in ("heavy_laser", ""))
    for _ in range(PICKETS):
        add_ship(s, 0, "picket", home, disabled=damaged)
    bank = [list(b) for b in s.bank]
    bank[0] = list(REPAIR_BANK)
    edit(s, bank=bank)
    from_phase(s, Purchase)


#: Which position each rules value needs, for the every-setting check.
POSITIONS = {
    "trade.pay_per_space": cargo_for_sale,
    "ground.die": ground_fight,
    "ground.hit": ground_fight,
    "ground.defence_range": defence_in_battle,
    "repair.fraction": repair_at_port,
    "repair.empty_minerals": repair_at_port,
}
