"""Setting up, as the book's steps 1-9 (with the 2- and 3-player changes).

1. The Pyrious tile in the centre; the other tiles at random around it, each
   turned at random (the book says "randomly"; a reading: orientation too). Two
   players: three tiles, below the centre. 3. The diplomacy deck is shuffled.
5. A die roll for the first player. 6. Races, from the first player in seat
   order. 7. The first player's corner; the others follow. 8. Rotations, from the
   third player (two players: the second, then the first). Three players: each
   covers a planet on the tile to his right. 4. The event deck (built last, once
   the covered and absent planets are known: their events are removed first).
9. Two diplomacy cards each; two players: four face up in a row.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from voidtable.engine.dice import Die, dice_throw, roll_off

from . import galaxy
from .events import (Covered, Drew, EventDeckMade, FirstPlayer, GalaxyLaid, HomeSettled, NoRotation,
                     RaceChosen, RowDealt, TileRotated)
from .galaxy import CENTRE, Hex
from .planets import Control
from .tasks import (TASKS, ChooseCorner, ChooseRace, CoverPlanet, FinishSetup, RollFirstPlayer, RotateTile,
                    StartRound)
from .actions import CORNER, COVER, NO_ROTATE, RACE, ROTATE

if TYPE_CHECKING:
    from voidtable.engine.actions import Action

    from .state import EmpiresState

SCORE_CARDS = ("A", "B", "C")


def set_up(s: "EmpiresState") -> None:
    r, n = s.r, s.r.players
    s.round, s.active, s.mined, s.swaps, s.scorings, s.used = 0, -1, False, 0, 0, ()
    s.first, s.order = 0, tuple(range(n))
    outer = list(r.outer)
    s.rng.shuffle(outer)
    s.tile_at = {CENTRE: r.centre}
    s.rotation = {r.centre: 0}
    for h, tile in zip(galaxy.tile_hexes(n), outer):
        s.tile_at[h] = tile
        s.rotation[tile] = s.rng.below(6)
    s.rotated = []
    s.corner = [None] * n
    s.race = [""] * n
    s.covered = []
    s.graph = {}
    s.control = {}
    s.ships = {}
    s.credits = [0] * n
    s.vp = [0] * n
    s.techs = [[] for _ in range(n)]
    s.hands = [[] for _ in range(n)]
    s.deck = list(range(len(r.cards)))
    s.rng.shuffle(s.deck)
    s.discard, s.row = [], []
    s.event_deck, s.events_out, s.revealed = [], [], []
    s.orders = [[] for _ in range(n)]
    s.done = [False] * n
    s.ports = [""] * n
    s.port_used = [False] * n
    s.wormholes, s.tokens, s.grant, s.storm, s.licences = [], {}, [0] * n, 0, []
    s.emit(GalaxyLaid(tuple([(h, t, s.rotation[t]) for h, t in s.tile_at.items()])))
    s.push(RollFirstPlayer())


@TASKS.auto(RollFirstPlayer)
def roll_first_player(s: "EmpiresState", task: RollFirstPlayer) -> None:
    """Everyone rolls a die; the highest starts; the tied roll again (a reading of "roll the dice")."""
    die = Die(s.r.g.first_player_die)
    s.first = roll_off(range(s.r.players), dice_throw(s.rng, (die,), s.emit, why="first player"))
    n = s.r.players
    s.order = tuple((s.first + i) % n for i in range(n))
    s.emit(FirstPlayer(s.first))
    s.push(*(ChooseRace(p) for p in s.order), ChooseCorner(s.first))


def race_legal(s: "EmpiresState", task: ChooseRace) -> list["Action"]:
    return [RACE(k) for k in s.r.race_keys if k not in s.race]


@TASKS.decision(ChooseRace, legal=race_legal)
def choose_race(s: "EmpiresState", task: ChooseRace, action: "Action") -> None:
    seat, key = task.seat, str(action.arg)
    s.race[seat] = key
    s.credits[seat] = s.r.race(key).credits
    s.emit(RaceChosen(seat, key, s.credits[seat]))


def corner_legal(s: "EmpiresState", task: ChooseCorner) -> list["Action"]:
    return [CORNER(c) for c in galaxy.corner_choices(s.r.players)]


@TASKS.decision(ChooseCorner, legal=corner_legal)
def choose_corner(s: "EmpiresState", task: ChooseCorner, action: "Action") -> None:
    corners = galaxy.home_corners(s.r.players, action.arg)
    for seat, c in zip(s.order, corners):
        place_home(s, seat, c)
    rebuild_graph(s)
    n = s.r.players
    if n == 2:
        rotating = [s.order[1], s.order[0]]
    else:
        rotating = [s.order[(2 + i) % n] for i in range(n)]
    tasks: list[tuple[object, ...]] = [RotateTile(p) for p in rotating]
    if n == 3:
        tasks += [CoverPlanet(p) for p in s.order]
    s.push(*tasks, FinishSetup())


def place_home(s: "EmpiresState", seat: int, corner: Hex) -> None:
    s.corner[seat] = corner
    s.control[f"home{seat}"] = Control(ally=seat)
    s.emit(HomeSettled(seat, corner))


def rotatable(s: "EmpiresState", seat: int) -> list[Hex]:
    """The tiles a seat may turn: next to its home (two players: the one above it), not turned before."""
    corner = s.corner[seat]
    assert corner is not None
    if s.r.players == 2:
        near = [galaxy.TWO_PLAYER_ABOVE[corner]]
    else:
        near = galaxy.tiles_touching(corner, s.tile_at)
    return [h for h in near if s.tile_at[h] not in s.rotated]


def rotate_legal(s: "EmpiresState", task: RotateTile) -> list["Action"]:
    out = [ROTATE((h, t)) for h in rotatable(s, task.seat) for t in range(1, 6)]
    return [NO_ROTATE(), *out]


@TASKS.decision(RotateTile, legal=rotate_legal)
def rotate_tile(s: "EmpiresState", task: RotateTile, action: "Action") -> None:
    if action.kind == "no_rotate":
        s.emit(NoRotation(task.seat))
        return
    h, turns = action.arg
    tile = s.tile_at[h]
    s.rotation[tile] = (s.rotation[tile] + turns) % 6
    s.rotated.append(tile)
    rebuild_graph(s)
    s.emit(TileRotated(task.seat, tile, h, turns))


def cover_legal(s: "EmpiresState", task: CoverPlanet) -> list["Action"]:
    corner = s.corner[task.seat]
    assert corner is not None
    tile = s.tile_at[galaxy.right_tile(corner)]
    return [COVER(p) for p in s.r.tiles[tile].planets.values() if p not in s.covered]


@TASKS.decision(CoverPlanet, legal=cover_legal)
def cover_planet(s: "EmpiresState", task: CoverPlanet, action: "Action") -> None:
    s.covered.append(str(action.arg))
    s.emit(Covered(task.seat, action.arg))


def planets_in_play(s: "EmpiresState") -> list[str]:
    """Planets on placed tiles and not covered."""
    out: list[str] = []
    for tile in s.tile_at.values():
        out.extend(p for p in s.r.tiles[tile].planets.values() if p not in s.covered)
    return [p for p in s.r.planet_keys if p in out]


@TASKS.auto(FinishSetup)
def finish_setup(s: "EmpiresState", task: FinishSetup) -> None:
    r = s.r
    for p in planets_in_play(s):
        s.control[p] = Control()
    build_event_deck(s)
    if r.players == 2:
        s.row = [s.deck.pop() for _ in range(r.g.two_player_row)]
        s.emit(RowDealt(tuple([r.cards[c][0] + "." + r.cards[c][1] for c in s.row])))
    for seat in s.order:
        for _ in range(r.g.setup_draw):
            s.hands[seat].append(s.deck.pop())
        s.emit(Drew(seat, r.g.setup_draw))
    s.push(StartRound(1))


def build_event_deck(s: "EmpiresState") -> None:
    """Score cards A, B, C with 4, 3 and 2 events on them, A on B on C; events about missing planets are out first."""
    r = s.r
    usable = [k for k in r.event_keys if not r.data.events.cards[k].planet or r.data.events.cards[k].planet in s.control]
    s.rng.shuffle(usable)
    deck: list[str] = []
    for card, count in zip(SCORE_CARDS, r.g.event_piles):
        deck.extend(usable[:count])
        usable = usable[count:]
        deck.append(card)
    s.event_deck = deck
    s.events_out = sorted(usable)  # not dealt: out of the game, unseen
    s.emit(EventDeckMade(len(deck), tuple([i + 1 for i, c in enumerate(deck) if c in SCORE_CARDS])))


def rebuild_graph(s: "EmpiresState") -> None:
    homes = {seat: c for seat, c in enumerate(s.corner) if c is not None}
    s.graph = galaxy.build_graph(s.r.data, s.tile_at, s.rotation, homes, s.wormholes)
