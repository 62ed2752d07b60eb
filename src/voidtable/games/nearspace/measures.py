"""What the balance lab counts in Nearspace (protocol: ``voidtable.sim.measures``).

Method, from the event log of a finished game (every event: the lab is not a seat):

- *turns to victory*: the ``turn`` of the last ``turn_start`` when ``game_over`` comes, by the
  ``game_over`` reason (conquest, annihilation, exile, turn limit) and over all games;
- *victory kind*: the ``game_over`` reason;
- *first player*: the seat named by ``first_player`` and its win share (a shared win is half);
- *facets built and lost*, per seat: ``ship_completed`` (built), ``destroyed`` by its ``why``
  (combat, threat, encounter), ``dismantled`` (maintenance), ``hull_lost`` (hulls taken back by
  an occupier), ``revived`` (Graveyard dice returned by Time Warp and the like). The lost rows
  less the revived row equal the seat's Graveyard, which is the opponent's final score;
- *CP by source*, per seat, per turn: the ``construction_points`` event gives the general CP
  (with any banked CP, reported apart) and the class-bound Advantage CP; the Homeworld shares
  are rebuilt from the ships' positions, followed through the events (``hull_started``,
  ``ship_completed``, ``moved``, ``destroyed``, ``dismantled``, ``hull_lost``): the own Homeworld
  pays while the seat has presence there (own ships, or no enemy ships), the enemy Homeworld while
  the seat's ships are on it; every other CP is the other sectors'. The rows add up to the CP figured;
  CP left unspent at ``build_done`` (lost, not banked) is its own measure;
- *deck-card usage*: per card title, how often its owner played it, cycled it, and how often it
  was turned up on the map (``explored``, or ``discovered`` as a refill); and the totals per seat.

Decks are the lab's factions (``factions``): each seat's deck title, so the report's win share
by faction is the win share of each preconstructed deck (or deck file).
"""

from __future__ import annotations

from typing import Any, Sequence, get_args

from voidtable.engine.events import AnyEvent
from voidtable.engine.game import Game
from voidtable.engine.state import Result

from .events import (BuildDone, ConstructionPoints, Cycled, Destroyed, DirectiveKept, Discovered, Dismantled,
                     EncounterBeaten, EndReason, Explored, FirstPlayer, GameOver, HullLost, HullStarted, LaidOut, LossWhy,
                     Moved, Played, Revived, ShipCompleted, TurnStarted)

Cell = tuple[str, str, str, float]

MEASURES: dict[str, dict[str, Any]] = {
    "turns_to_victory": {
        "title": "Turns to victory (both players' turns counted)",
        "rows": "how the game ended", "cols": "", "kind": "mean",
        "help": "the turn in which the game ended, by the game_over reason and over all games ('all')",
    },
    "victory_kind": {
        "title": "How games end",
        "rows": "reason", "cols": "", "kind": "rate",
        "help": "share of games ending by conquest, annihilation, exile or the turn limit",
    },
    "first_player": {
        "title": "Win share of the player who took the first turn",
        "rows": "player", "cols": "", "kind": "rate",
        "help": "win share (a shared win counts half) of the seat that won the d20 roll for the first turn, and of the other",
    },
    "facets": {
        "title": "Facets built and lost (per player per game)",
        "rows": "what happened", "cols": "seat", "kind": "mean",
        "help": "facets of ships finished, destroyed (combat, threat, Encounter), dismantled for maintenance, "
                "hulls lost to an occupier, and Graveyard dice revived; lost minus revived is the Graveyard",
    },
    "cp_by_source": {
        "title": "CP by source (per player per game)",
        "rows": "source", "cols": "seat", "kind": "mean",
        "help": "CP figured over the game: own Homeworld, captured enemy Homeworld, other sectors, "
                "class-bound Advantage CP, and CP banked from the turn before (Banking CP option)",
    },
    "cp_unspent": {
        "title": "CP lost unspent (per player per game)",
        "rows": "", "cols": "seat", "kind": "mean",
        "help": "CP (general and class-bound) left at the end of Build steps and not banked",
    },
    "card_use": {
        "title": "Deck cards played, cycled and turned up (per owner per game)",
        "rows": "card", "cols": "use", "kind": "mean",
        "help": "per card title, times its owner played it from the Hand, cycled it, and times it was turned up on "
                "the map (explored face down, or laid as a refill); counted for the seats whose deck holds it",
    },
    "card_use_total": {
        "title": "Deck-card usage totals (per player per game)",
        "rows": "use", "cols": "seat", "kind": "mean",
        "help": "cards played, cycled, explored and laid as refills, Encounters beaten, Directives kept each turn",
    },
}

ENDS: tuple[EndReason, ...] = get_args(EndReason)
FACET_ROWS = ("built", "lost in combat", "lost to threats", "lost to Encounters", "dismantled", "hulls lost", "revived")
SOURCES = ("own Homeworld", "enemy Homeworld", "other sectors", "Advantages", "banked")
USES = ("played", "cycled", "turned up")
TOTALS = ("played", "cycled", "explored", "refills", "Encounters beaten", "Directives kept")
WHY: dict[LossWhy, str] = {"combat": "lost in combat", "threat": "lost to threats", "encounter": "lost to Encounters"}


def deck_title(game: Game, name: str) -> str:
    """A preconstructed deck's title, or the deck file's name as given."""
    deck = game.rules.data.decks.get(name)
    return str(deck.title) if deck is not None else name


def factions(game: Game, events: Sequence[AnyEvent]) -> list[str]:
    """Each seat's deck (the lab's win share by faction is the win share by deck)."""
    return [deck_title(game, n) for n in game.rules.deck_names]


class Tracker:
    """Where every ship is, followed through the events, to tell whose presence a Homeworld has."""

    def __init__(self, game: Game) -> None:
        self.index = game.rules.board.index
        self.homeworld = game.rules.board.homeworld
        self.ships: dict[int, tuple[int, int, bool]] = {}  # id -> (owner, place, built)

    def see(self, e: AnyEvent) -> None:
        match e:
            case HullStarted(seat=p, ship=i, hex=h):
                self.ships[i] = (p, self.index[tuple(h)], False)
            case ShipCompleted(seat=p, ship=i, hex=h):
                self.ships[i] = (p, self.index[tuple(h)], True)
            case Moved(ships=ships, hex=h):
                place = self.index[tuple(h)]
                for i in ships:
                    owner, _, built = self.ships[i]
                    self.ships[i] = (owner, place, built)
            case Destroyed(ship=i) | Dismantled(ship=i) | HullLost(ship=i):
                self.ships.pop(i, None)

    def has_ships(self, seat: int, place: int) -> bool:
        return any(o == seat and p == place and b for o, p, b in self.ships.values())

    def presence_home(self, seat: int) -> bool:
        hw = self.homeworld[seat]
        return self.has_ships(seat, hw) or not self.has_ships(1 - seat, hw)


def homeworld_cp(game: Game, events: Sequence[AnyEvent]) -> list[int]:
    """Each seat's Homeworld CP, from the cards laid out (a rules override of the card's CP included)."""
    cp = [0, 0]
    for e in events:
        if isinstance(e, LaidOut):
            cp[e.seat] = game.rules.data.cards[e.homeworld].cp
    return cp


def measure(game: Game, events: Sequence[AnyEvent], result: Result) -> list[Cell]:
    cards = game.rules.data.cards
    seats = ("seat 0", "seat 1")
    facets = [dict.fromkeys(FACET_ROWS, 0.0) for _ in range(2)]
    sources = [dict.fromkeys(SOURCES, 0.0) for _ in range(2)]
    totals = [dict.fromkeys(TOTALS, 0.0) for _ in range(2)]
    unspent = [0.0, 0.0]
    use: list[dict[tuple[str, str], float]] = [{}, {}]
    hw_cp = homeworld_cp(game, events)
    ships = Tracker(game)
    turn, first, end = 0, -1, "other"
    for e in events:
        ships.see(e)
        match e:
            case TurnStarted(turn=t):
                turn = t
            case FirstPlayer(seat=p):
                first = p
            case GameOver(reason=reason):
                end = reason if reason in ENDS else "other"
            case ConstructionPoints(seat=p):
                count_cp(sources[p], e, p, ships, hw_cp)
            case ShipCompleted(seat=p, sides=n):
                facets[p]["built"] += n
            case Destroyed(seat=p, sides=n, why=why):
                facets[p][WHY.get(why, "lost in combat")] += n
            case Dismantled(seat=p, sides=n):
                facets[p]["dismantled"] += n
            case HullLost(seat=p, sides=n):
                facets[p]["hulls lost"] += n
            case Revived(seat=p, sides=n):
                facets[p]["revived"] += n
            case BuildDone(seat=p, cp_lost=lost):
                unspent[p] += lost
            case Played(seat=p, card=card):
                totals[p]["played"] += 1
                add(use[p], cards[card].title, "played")
            case Cycled(seat=p, card=card):
                totals[p]["cycled"] += 1
                add(use[p], cards[card].title, "cycled")
            case Explored(owner=p, card=card) | Discovered(owner=p, card=card) if p in (0, 1):
                totals[p]["explored" if isinstance(e, Explored) else "refills"] += 1
                add(use[p], cards[card].title, "turned up")
            case EncounterBeaten(seat=p):
                totals[p]["Encounters beaten"] += 1
            case DirectiveKept(seat=p):
                totals[p]["Directives kept"] += 1
    return cells(game, result, turn, first, end, facets, sources, totals, unspent, use, seats)


def count_cp(row: dict[str, float], e: ConstructionPoints, seat: int, ships: Tracker, hw_cp: list[int]) -> None:
    """Split one turn's figured CP into its sources (the rows add up to cp plus the bound CP)."""
    general = e.cp - e.banked
    own = hw_cp[seat] if ships.presence_home(seat) else 0
    enemy = hw_cp[1 - seat] if ships.has_ships(seat, ships.homeworld[1 - seat]) else 0
    row["own Homeworld"] += own
    row["enemy Homeworld"] += enemy
    row["other sectors"] += general - own - enemy
    row["Advantages"] += sum(e.bound.values())
    row["banked"] += e.banked


def add(counts: dict[tuple[str, str], float], title: str, kind: str) -> None:
    counts[(title, kind)] = counts.get((title, kind), 0.0) + 1


def cells(game: Game, result: Result, turn: int, first: int, end: str, facets: list[dict[str, float]],
          sources: list[dict[str, float]], totals: list[dict[str, float]], unspent: list[float],
          use: list[dict[tuple[str, str], float]], seats: tuple[str, str]) -> list[Cell]:
    out: list[Cell] = [("turns_to_victory", "all", "games", float(turn)), ("turns_to_victory", end, "games", float(turn))]
    out += [("victory_kind", kind, "games", float(kind == end)) for kind in ENDS + ("other",)]
    shares = result.win_shares()
    if first in (0, 1):
        out.append(("first_player", "first player", "games", float(shares[first])))
        out.append(("first_player", "second player", "games", float(shares[1 - first])))
    deck_titles = [sorted({game.rules.data.cards[k].title for o, k in game.rules.instances if o == p}) for p in range(2)]
    for p in range(2):
        out += [("facets", row, seats[p], v) for row, v in facets[p].items()]
        out += [("cp_by_source", row, seats[p], v) for row, v in sources[p].items()]
        out += [("card_use_total", row, seats[p], v) for row, v in totals[p].items()]
        out.append(("cp_unspent", "CP", seats[p], unspent[p]))
        for title in deck_titles[p]:
            out += [("card_use", title, kind, use[p].get((title, kind), 0.0)) for kind in USES]
    return out
