"""What the balance lab counts in the main game (protocol: ``voidtable.sim.measures``).

From the event log of a finished game (every event: the lab is not a seat):

- *victory*: the share of games won by each victory (tribunal terms, the secret of
  life, the last race standing, the twin planets, the cycle limit);
- *cycles*: the cycle the game ended in, over all games and by victory;
- *first colony*: the cycle of each seat's first colony founded by a colony ship
  (seats that never found one are left out, and counted in *never colonised*);
- *planets at elections*: planets with a habitat per seat at each election
  (rows: the election, 1st, 2nd ...);
- *purchases*: per seat and purchase phase, the resources kept unspent and the share
  of phases in which it bought nothing;
- *battles*: space battles per game, and ships lost per seat;
- *technologies*: technologies each seat holds at the end;
- *colony by a cycle*: per seat, whether its first colony came by cycle 3 (and by cycle 5);
- *exploration*: per seat, the face-down places its ships revealed and the planet
  squares it explored (scans, marines' landings);
- *war and peace*: wars declared and peace made per game.
"""

from __future__ import annotations

from typing import Any

from voidtable.engine.events import AnyEvent
from voidtable.engine.game import Game
from voidtable.engine.state import Result

from ..battle_events import Destroyed, Moved
from .events import (Built, BuildingDestroyed, Captured, ColonyFounded, CycleBegan, Flew, FoundTech, GameOver, HomeSettled,
                     Lost, PeaceMade, PurchasesDone, Razed, Researched, Revealed, Scanned, SpaceBattle, TribunalSeated,
                     TurnedBack, WarDeclared)

Cell = tuple[str, str, str, float]

VICTORIES = {"tribunal": "tribunal terms", "secret": "the secret of life", "military": "the last race standing",
             "twin": "the twin planets", "limit": "the cycle limit"}

MEASURES: dict[str, dict[str, Any]] = {
    "victory": {"title": "How games end", "rows": "victory", "cols": "", "kind": "rate",
                "help": "share of games won by each victory; 'the cycle limit' is the share that reached the cap"},
    "cycles": {"title": "Cycles played", "rows": "victory", "cols": "", "kind": "mean",
               "help": "the cycle the game ended in, by victory and over all games ('all')"},
    "first_colony": {"title": "Cycle of the first colony", "rows": "seat", "cols": "", "kind": "mean",
                     "help": "the cycle in which each seat founded its first colony with a colony ship (seats that did are counted)"},
    "never_colonised": {"title": "Seats that never founded a colony", "rows": "seat", "cols": "", "kind": "rate",
                        "help": "share of games in which the seat founded no colony with a colony ship"},
    "planets_at_election": {"title": "Planets per player at each election", "rows": "election", "cols": "seat", "kind": "mean",
                            "help": "planets with the seat's habitat when the tribunal votes (1st election, 2nd ...)"},
    "unspent": {"title": "Resources kept after purchases", "rows": "resource", "cols": "seat", "kind": "mean",
                "help": "energy, food and minerals left in the bank at the end of each purchase phase"},
    "empty_purchases": {"title": "Purchase phases with nothing bought", "rows": "seat", "cols": "", "kind": "rate",
                        "help": "share of a seat's purchase phases in which it bought nothing"},
    "battles": {"title": "Space battles per game", "rows": "what", "cols": "", "kind": "mean",
                "help": "space battles fought, and ships destroyed (in battles, by defences, asteroids, bombs)"},
    "ships_lost": {"title": "Ships lost per game", "rows": "seat", "cols": "", "kind": "mean",
                   "help": "each seat's ships destroyed over the game"},
    "colony_by": {"title": "First colony by a cycle", "rows": "cycle", "cols": "seat", "kind": "rate",
                  "help": "share of games in which the seat founded its first colony with a colony ship by the end of cycle 3 (5)"},
    "explored": {"title": "Land explored per player", "rows": "what", "cols": "seat", "kind": "mean",
                 "help": "face-down places the seat's ships revealed, and planet squares it explored (by scans and landings), per game"},
    "wars": {"title": "War and peace per game", "rows": "what", "cols": "", "kind": "mean",
             "help": "wars declared and peace made (an offer accepted) per game"},
    "techs_at_end": {"title": "Technologies at the end", "rows": "seat", "cols": "", "kind": "mean",
                     "help": "technologies each seat holds when the game ends (bought or found)"},
}


BY_CYCLES = (3, 5)   # "a first colony by cycle 3 in most games" (the study's target), and later


def _seat(q: int) -> str:
    return f"seat {q}"   # numbered from 0, as the lab numbers seats (s0, s1 ...)


def measure(game: Game, events: list[AnyEvent], result: Result) -> list[Cell]:
    n = game.players
    out: list[Cell] = []
    cycle = 0
    kind: str = ""
    end_cycle = 0
    first_colony: list[int | None] = [None] * n
    habitats: dict[tuple[int, int], int] = {}   # (seat, place) -> habitats there
    elections = 0
    unspent = [[0.0, 0.0, 0.0] for _ in range(n)]
    phases, empty = [0] * n, [0] * n
    battles = 0
    lost = [0] * n
    techs = [0] * n
    revealed, squares = [0] * n, [0] * n
    revealing = False   # a place was just revealed: the ship's next step names the seat
    wars = peace = 0

    def habitat(seat: int, place: int, k: int) -> None:
        habitats[(seat, place)] = habitats.get((seat, place), 0) + k

    for e in events:
        match e:
            case CycleBegan(cycle=now):
                cycle = now
            case HomeSettled(seat=p, place=place):
                habitat(p, place, 1)
            case ColonyFounded(seat=p, place=place):
                habitat(p, place, 1)
                if first_colony[p] is None:
                    first_colony[p] = cycle
            case Built(seat=p, place=place, building="habitat"):
                habitat(p, place, 1)
            case BuildingDestroyed(seat=p, place=place, building="habitat"):
                habitat(p, place, -1)
            case Captured(seat=p, place=place, building="habitat", owner=owner):
                habitat(owner, place, -1)
                habitat(p, place, 1)
            case Razed(place=place, building="habitat", owner=owner):
                habitat(owner, place, -1)
            case TribunalSeated():
                elections += 1
                for q in range(n):
                    planets = sum(1 for (p, _), k in habitats.items() if p == q and k > 0)
                    out.append(("planets_at_election", f"election {elections}", _seat(q), float(planets)))
            case PurchasesDone(seat=q, bought=bought, bank=bank):
                phases[q] += 1
                empty[q] += not bought
                for i in range(3):
                    unspent[q][i] += bank[i]
            case SpaceBattle():
                battles += 1
            case Lost(seat=p) | Destroyed(seat=p) if 0 <= p < n:
                lost[p] += 1
            case Researched(seat=p) | FoundTech(seat=p):
                techs[p] += 1
            case Revealed():
                revealing = True
            case Flew(seat=p) | Moved(seat=p) | TurnedBack(seat=p) if revealing:
                revealing = False
                if 0 <= p < n:
                    revealed[p] += 1
            case Scanned(seat=p) if 0 <= p < n:
                squares[p] += 1
            case WarDeclared():
                wars += 1
            case PeaceMade():
                peace += 1
            case GameOver(kind=how, cycle=last):
                kind, end_cycle = how, last
    for k, words in VICTORIES.items():
        out.append(("victory", words, "", 1.0 if kind == k else 0.0))
    out.append(("cycles", VICTORIES.get(kind, kind), "", float(end_cycle)))
    out.append(("cycles", "all", "", float(end_cycle)))
    for q in range(n):
        c = first_colony[q]
        if c is not None:
            out.append(("first_colony", _seat(q), "", float(c)))
        out.append(("never_colonised", _seat(q), "", 0.0 if c is not None else 1.0))
        for by in BY_CYCLES:
            out.append(("colony_by", f"by cycle {by}", _seat(q), 1.0 if c is not None and c <= by else 0.0))
        out.append(("explored", "places revealed", _seat(q), float(revealed[q])))
        out.append(("explored", "planet squares", _seat(q), float(squares[q])))
        if phases[q]:
            for i, res in enumerate(("energy", "food", "minerals")):
                out.append(("unspent", res, _seat(q), unspent[q][i] / phases[q]))
            out.append(("empty_purchases", _seat(q), "", empty[q] / phases[q]))
        out.append(("ships_lost", _seat(q), "", float(lost[q])))
        out.append(("techs_at_end", _seat(q), "", float(techs[q])))
    out.append(("battles", "space battles", "", float(battles)))
    out.append(("battles", "ships destroyed", "", float(sum(lost))))
    out.append(("wars", "wars declared", "", float(wars)))
    out.append(("wars", "peace made", "", float(peace)))
    return out
