"""The main game's state: the galaxy, the planets, the ships, the bank, wars, the tribunal.

Every attribute is declared in ``FIELDS``. Nothing is hidden from anyone: what
lies under a face-down place is drawn from the public pile of unused pieces when
it is revealed, land is drawn by its colour's shares when scanned, and event and
resolution cards are drawn from the public remainder of their decks; so a
determinization is the same state with a fresh RNG.
"""

from __future__ import annotations

from typing import Any

from voidtable.engine.actions import Action
from voidtable.engine.fields import FIXED, FLOW_FIELDS, DICT, LIST, NESTED, VALUE, Fields
from voidtable.engine.rng import Rng
from voidtable.engine.state import Result

from ..battle import BATTLE_FIELDS, BattleHost, slots
from ..battle_events import EndReason
from ..data import Rules
from ..ships import Ship
from .data import AbyssGame, MainRules
from .events import HomeSettled, NeutralAppeared
from .planets import colonies, votes
from .spacebattle import after_battle, bombs_by_planet, flee_options, flee_to_friendly_space, planet_fires
from .tasks import TASKS, BombChoice, BombShot, Cycle, Demolish, HomePick, PlanetShot
from .views import view


class AbyssState(BattleHost):
    """The galaxy, planets, ships, resources, technologies, wars and the tribunal of a main game."""

    TASKS = TASKS
    BATTLE_EXTRAS = (PlanetShot, BombShot, BombChoice, Demolish)
    FIELDS = Fields(
        "abyss", FLOW_FIELDS, BATTLE_FIELDS,
        r=FIXED, m=FIXED,
        kinds=LIST, pile=LIST, surface=DICT, built=DICT, goods=DICT, chips=DICT, cargo=DICT, marines=DICT, carried=DICT, marched=VALUE, idle=DICT,
        where=DICT, entered=DICT, moves=DICT, jumped=VALUE, scanned=VALUE, offered=VALUE,
        bank=NESTED, techs=LIST, war=VALUE, out=LIST,
        cycle=VALUE, first=VALUE, phase=VALUE,
        fighting=VALUE, truce=VALUE, battle_place=VALUE, fought=VALUE, besieged=VALUE,
        leader=VALUE, terms=LIST, streak=VALUE, in_force=VALUE, event_deck=VALUE, res_deck=VALUE,
        winners=VALUE, win_kind=VALUE,
    )

    r: Rules
    m: MainRules
    kinds: list[str]                 # per place: its hex kind, "" while face down
    pile: list[int]                  # pieces not yet revealed, per kind of map.hexes
    surface: dict[int, tuple[str, ...]]   # planet place -> terrain per square ("" unexplored)
    built: dict[int, tuple[tuple[int, str] | None, ...]]  # planet place -> (owner, building) per square
    goods: dict[int, tuple[str, ...]]     # planet place -> trade good per square ("" none)
    chips: dict[int, tuple[tuple[int, str], ...]]  # planet place -> trade chips there: (owner, good)
    cargo: dict[int, tuple[tuple[str, int], ...]]  # ship id -> units carried: (good, the planet that made it)
    marines: dict[int, tuple[tuple[int, int, tuple[int, ...]] | None, ...]]  # planet -> per square (owner, marines,
    #                                                        the cycle each one landed in, oldest first)
    carried: dict[int, int]          # ship id -> marines aboard
    idle: dict[int, frozenset[int]]  # planet -> squares whose buildings stand idle (a habitat was lost)
    marched: frozenset[tuple[int, int]]  # (planet, square) stacks that marched this cycle
    where: dict[int, int]            # ship id -> place
    entered: dict[int, tuple[int, ...]]  # place -> sides that moved in where another player's ships were, latest last
    moves: dict[int, int]            # ship id -> moves left this Movement phase
    jumped: frozenset[int]
    scanned: frozenset[int]
    offered: frozenset[tuple[int, int]]
    bank: list[list[int]]            # per seat: energy, food, minerals
    techs: list[frozenset[str]]
    war: frozenset[tuple[int, int]]  # pairs (low seat, high seat) at war
    out: list[bool]
    cycle: int
    first: int
    phase: str
    fighting: tuple[int, ...]
    battle_place: int
    fought: frozenset[int]
    besieged: frozenset[int]         # places whose planet fought on the planet side of the board this cycle
    leader: int
    terms: list[int]
    streak: int
    in_force: tuple[str, ...]
    event_deck: tuple[str, ...]
    res_deck: tuple[str, ...]
    winners: tuple[int, ...]
    win_kind: str

    def __init__(self, game: AbyssGame, seed: int) -> None:
        self.game = game
        self.m = game.rules
        self.r = self.m.ships
        self.rng = Rng(seed)
        self.init_flow()
        n, m = game.players, self.m
        self.ships, self.round, self.acted, self.attacker, self.order = {}, 0, frozenset(), 0, ()
        self.planet, self.besieged = frozenset(), frozenset()
        g = m.galaxy
        self.kinds = [""] * len(g)
        self.pile = list(m.data.map.hexes.values())
        self.surface, self.built, self.goods, self.chips, self.cargo = {}, {}, {}, {}, {}
        self.marines, self.carried, self.marched, self.idle = {}, {}, frozenset(), {}
        self.where, self.entered, self.moves = {}, {}, {}
        self.jumped = self.scanned = frozenset()
        self.offered = frozenset()
        st = m.data.setup
        self.bank = [[st.energy, st.food, st.minerals] for _ in range(n)]
        self.techs = [frozenset() for _ in range(n)]
        self.war = frozenset()
        self.out = [False] * n
        self.cycle, self.first, self.phase = 0, 0, "setup"
        self.fighting, self.battle_place, self.fought, self.truce = (), -1, frozenset(), frozenset()
        self.leader, self.terms, self.streak, self.in_force = -1, [0] * n, 0, ()
        self.event_deck = tuple(k for k, e in m.data.events.cards.items() for _ in range(e.copies))
        self.res_deck = tuple(m.data.resolutions.cards)
        self.winners, self.win_kind = (), ""
        if m.twin_planets:
            self.place_twins()
        if m.map_option == 1:
            self.push(*(HomePick(p) for p in range(n)), Cycle())
        else:
            for p, place in enumerate(g.homes):
                self.settle_home(p, place)
            self.push(Cycle())
        self.start_flow()

    # ------------------------------------------------------------ setup
    def settle_home(self, seat: int, place: int) -> None:
        """The home world: a face-up green planet with the start buildings, and the start fighters above it."""
        home = self.m.data.home
        self.kinds[place] = "home"
        self.surface[place] = tuple(home.terrain)
        self.built[place] = tuple((seat, b) if b else None for b in home.buildings)
        for _ in range(self.m.data.setup.fighters):
            ship_id = self.free_id(seat, "fighter")
            if ship_id is not None:
                self.ships[ship_id] = Ship(seat, "fighter")
                self.where[ship_id] = place
        self.emit(HomeSettled(seat, place))

    def place_twins(self) -> None:
        """The twin planets: two face-up green planets at the centre, unexplored, each with its Keepers."""
        n = self.m.data.land.squares["green"]
        for place in self.m.galaxy.twins:
            self.kinds[place] = "twin"
            self.surface[place] = ("",) * n
            self.built[place] = (None,) * n
            for _ in range(self.m.data.twin.keepers):
                self.add_neutral("keeper", place)

    def add_neutral(self, design: str, place: int) -> int | None:
        """A ship no player runs (a monster, a Keeper) at ``place``; None if every piece of its hull is out."""
        base = self.neutral * slots(self.r)   # neutral ships take any of the neutral seat's ids (no piece limits)
        ship_id = next((i for i in range(base, base + slots(self.r)) if i not in self.ships), None)
        if ship_id is not None:
            self.ships[ship_id] = Ship(self.neutral, design)
            self.where[ship_id] = place
            self.emit(NeutralAppeared(ship_id, design, place))
        return ship_id

    @property
    def neutral(self) -> int:
        """The seat number of the ships no player runs: one past the last player."""
        return self.players

    def scripted(self, seat: int) -> bool:
        return seat == self.players

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

    # ------------------------------------------------------------ who is where
    def at_war(self, a: int, b: int) -> bool:
        """Two players at war; the neutral ships are at war with everyone."""
        if a == b:
            return False
        if a == self.players or b == self.players:
            return True
        return ((a, b) if a < b else (b, a)) in self.war

    def ships_at(self, place: int) -> list[int]:
        return sorted(i for i, p in self.where.items() if p == place)

    def owners_at(self, place: int) -> set[int]:
        return {self.ships[i].owner for i in self.ships_at(place)}

    def turn_order(self) -> list[int]:
        """Seats still in the game, from the first player round to the left."""
        n = self.players
        return [(self.first + k) % n for k in range(n) if not self.out[(self.first + k) % n]]

    def resolution(self, effect: str) -> bool:
        """A resolution with this effect is in force."""
        if not self.in_force:
            return False
        cards = self.m.data.resolutions.cards
        return any(cards[k].effect == effect for k in self.in_force)

    def pay(self, seat: int, energy: int, food: int, minerals: int) -> None:
        b = self.bank[seat]
        b[0] -= energy
        b[1] -= food
        b[2] -= minerals

    def can_pay(self, seat: int, energy: int, food: int, minerals: int) -> bool:
        b = self.bank[seat]
        return b[0] >= energy and b[1] >= food and b[2] >= minerals

    # ------------------------------------------------------------ the battle host
    def battle_sides(self) -> tuple[int, ...]:
        return self.fighting

    def round_limit(self) -> int:
        return self.m.data.limits.battle_rounds

    def battle_ended(self, winners: list[int], reason: EndReason) -> None:
        after_battle(self, winners, reason)

    def flee_options(self, seat: int) -> list[Action]:
        return flee_options(self, seat)

    def side_fled(self, seat: int, ships: list[int], to: Any) -> None:
        flee_to_friendly_space(self, seat, ships, to)

    def planet_fires(self) -> None:
        planet_fires(self)

    def by_planet(self, ship_id: int) -> None:
        bombs_by_planet(self, ship_id)

    # ------------------------------------------------------------ the contract
    def final_result(self) -> Result:
        scores = [float(votes(self, p)) for p in range(self.players)]
        winners = list(self.winners)
        ranks = [1 if p in winners else 2 for p in range(self.players)]
        why = {"secret": "the secret of life", "military": "the last race standing",
               "tribunal": "tribunal terms", "twin": "the twin planets",
               "limit": "the cycle limit: most votes, then most planets"}
        return Result(scores, ranks, winners, [why.get(self.win_kind, self.win_kind)])

    def view(self, player: int | None) -> dict[str, Any]:
        return view(self, player)

    def determinize(self, player: int, rng: Rng) -> "AbyssState":
        """Nothing is hidden (see the module docstring): the same state with a fresh RNG."""
        c: AbyssState = self.clone()  # type: ignore[assignment]
        c.rng = rng.spawn()
        return c

    def planets_of(self, seat: int) -> int:
        return len(colonies(self, seat))
