"""What the balance lab counts in Empires of the Void, from a finished game's events (the lab is no seat).

- *planets gained by way*: per game, planets gained by conquest (``conquered``), by diplomacy or a
  free befriending (``allied``), set free (``liberated``), regained by their ally (``regained``),
  and infestations (``infested``);
- *planets gained by kind*: per game, planets allied or conquered by the planet's temperament
  (its card's kind: militaristic, capitalistic, scholarly, mysterious, peaceful);
- *diplomacy share*: of the planets gained by conquest or alliance, the share by alliance;
- *VP by source*: per player per game, VP from planets (home bonus included), technologies and the
  council, summed over the scorings (``scored``);
- *council winner*: the race that took the larger council amount at the last scoring (none on a
  tie for first or without influence).
Races are the lab's factions, so the report's win share by faction is each race's win share.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from .events import Allied, Conquered, Infested, Liberated, RaceChosen, Regained, Scored

if TYPE_CHECKING:
    from voidtable.engine.events import AnyEvent
    from voidtable.engine.game import Game
    from voidtable.engine.state import Result

Cell = tuple[str, str, str, float]

#: The ways a planet is gained, by the event that says so (its JSON type names the row).
WAYS: dict[type, str] = {Conquered: "conquered", Allied: "allied", Liberated: "liberated", Regained: "regained", Infested: "infested"}

MEASURES: dict[str, dict[str, Any]] = {
    "planets_by_way": {
        "title": "Planets gained, by way (per game)", "rows": "way", "cols": "", "kind": "mean",
        "help": "conquests, alliances (diplomacy or a free befriending), liberations, regained alliances, infestations",
    },
    "planets_by_kind": {
        "title": "Planets gained, by kind (per game)", "rows": "kind", "cols": "", "kind": "mean",
        "help": "planets allied or conquered, by the planet's temperament",
    },
    "diplomacy_share": {
        "title": "Share of planets gained by diplomacy", "rows": "", "cols": "", "kind": "rate",
        "help": "alliances / (alliances + conquests), over the planets gained in all games",
    },
    "vp_by_source": {
        "title": "VP by source (per player per game)", "rows": "source", "cols": "", "kind": "mean",
        "help": "VP from planets (home bonus included), technologies and the council, over all scorings",
    },
    "council_winner": {
        "title": "Council winner at the last scoring, by race", "rows": "race", "cols": "", "kind": "rate",
        "help": "the race taking the larger council amount at the last scoring ('nobody' on a tie or without influence)",
    },
}


def factions(game: "Game", events: Sequence["AnyEvent"]) -> list[str]:
    names = [""] * game.players
    for e in events:
        if isinstance(e, RaceChosen):
            names[e.seat] = game.rules.race(e.race).name
    return names


def measure(game: "Game", events: Sequence["AnyEvent"], result: "Result") -> list[Cell]:
    ways = {w: 0 for w in WAYS.values()}
    kinds = {k: 0 for k in game.rules.g.temperaments}
    vp = {"planets": 0, "techs": 0, "council": 0}
    last: dict[int, int] = {}
    last_card = ""
    for e in events:
        way = WAYS.get(type(e))
        if way is not None:
            ways[way] += 1
            if isinstance(e, (Allied, Conquered)) and e.planet in game.rules.data.planets:
                kinds[game.rules.planet(e.planet).temperament] += 1
        elif isinstance(e, Scored):
            vp["planets"] += e.planets
            vp["techs"] += e.techs
            vp["council"] += e.council
            if e.card != last_card:
                last_card, last = e.card, {}
            last[e.seat] = e.council
    cells: list[Cell] = [("planets_by_way", w, "games", float(n)) for w, n in ways.items()]
    cells += [("planets_by_kind", k, "games", float(n)) for k, n in kinds.items()]
    gained = ways["allied"] + ways["conquered"]
    cells += [("diplomacy_share", "planets", "games", 1.0 if i < ways["allied"] else 0.0) for i in range(gained)]
    cells += [("vp_by_source", k, "games", v / game.players) for k, v in vp.items()]
    names = factions(game, events)
    top = max(last.values(), default=0)
    winners = [p for p, v in last.items() if v == top and v > 0]
    winner = names[winners[0]] if len(winners) == 1 else "nobody"
    cells += [("council_winner", name, "games", float(name == winner)) for name in sorted({*names, "nobody"})]
    return cells
