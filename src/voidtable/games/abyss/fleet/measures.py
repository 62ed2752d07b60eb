"""What the balance lab counts in the fleet battle (protocol: ``voidtable.sim.measures``).

From the event log of a finished game (every event: the lab is not a seat):

- *how fleet battles end*: the ``game_over`` reason (a fleet destroyed, the round limit, a flight);
- *rounds*: the ``round`` of ``battle_over``, by reason and over all games;
- *first player*: the win share of the seat named by ``first`` (it outfits and deploys first
  and wins initiative ties) and of the other seat;
- *designs*: per design, ships bought per game, and the win share of the fleets that bought
  at least one (a design the winners buy is the lab's first hint of a dominant design);
- *points*: per seat, points spent, points left unspent, and points of ships lost;
- *shots*: shots fired and the share that hit;
- *one design against the field* (option ``outfit = "one_design"``, a lab mode): the win
  share of seat 0's one-design fleet, by its design, against seat 1's random field;
- *designs the budget buys*: for each design, whether one ship of it fits the budget
  (a tuning target "every design can be bought" keeps a search from pricing designs out).

Factions (``factions``): each seat's fleet as its most expensive design bought, so the
report's win share by faction compares fleet styles.
"""

from __future__ import annotations

from typing import Any, Sequence

from voidtable.engine.events import AnyEvent
from voidtable.engine.game import Game
from voidtable.engine.state import Result

from ..battle_events import BattleOver, Destroyed, Shot
from .events import Bought, First, FleetComplete, GameOver, OneDesignChosen

Cell = tuple[str, str, str, float]

MEASURES: dict[str, dict[str, Any]] = {
    "game_end": {"title": "How fleet battles end", "rows": "reason", "cols": "", "kind": "rate",
                 "help": "share of fleet battles ending with a fleet destroyed, at the round limit, or by a flight"},
    "rounds": {"title": "Battle rounds played", "rows": "how the fleet battle ended", "cols": "", "kind": "mean",
               "help": "the round in which the battle ended, by reason and over all games ('all')"},
    "first_player": {"title": "Win share of the first player", "rows": "player", "cols": "", "kind": "rate",
                     "help": "win share (a shared win counts half) of the seat that outfits first and wins initiative ties, and of the other"},
    "designs_bought": {"title": "Ships bought per fleet", "rows": "design", "cols": "", "kind": "mean",
                       "help": "ships of each design per fleet per game"},
    "design_wins": {"title": "Win share of fleets with a design", "rows": "design", "cols": "", "kind": "rate",
                    "help": "win share of the fleets that bought at least one ship of the design"},
    "points": {"title": "Points per fleet", "rows": "what", "cols": "seat", "kind": "mean",
               "help": "points spent on ships, left unspent, and lost with destroyed ships"},
    "one_design": {"title": "One design against the field", "rows": "design", "cols": "", "kind": "rate",
                   "help": "lab mode outfit = one_design: win share (a shared win counts half) of a fleet of one design "
                           "against a field of designs drawn at random"},
    "buyable": {"title": "Designs the budget buys", "rows": "design", "cols": "", "kind": "rate",
                "help": "share of games in which one ship of the design costs no more than the budget"},
    "shots": {"title": "Shots", "rows": "what", "cols": "", "kind": "mean",
              "help": "shots fired per game and the share of them that hit"},
}


def measure(game: Game, events: Sequence[AnyEvent], result: Result) -> list[Cell]:
    shares = result.win_shares()
    out: list[Cell] = []
    first = next((e.seat for e in events if isinstance(e, First)), 0)
    bought: list[dict[str, int]] = [{}, {}]
    spent, lost = [0, 0], [0, 0]
    unspent = [0, 0]
    shots = hits = 0
    reason, rounds = "", 0
    for e in events:
        match e:
            case Bought(seat=q, design=design, points=cost, left=left):
                bought[q][design] = bought[q].get(design, 0) + 1
                spent[q] += cost
                unspent[q] = left
            case FleetComplete(seat=q, left=left):
                unspent[q] = left
            case Destroyed(seat=q, points=worth):
                lost[q] += worth
            case Shot(hit=hit):
                shots += 1
                hits += hit
            case BattleOver(round=last):
                rounds = last
            case GameOver(reason=why):
                reason = why
            case OneDesignChosen(seat=q, design=design):
                out.append(("one_design", game.rules.designs[design].name, "", shares[q]))
    words = {"destroyed": "a fleet destroyed", "rounds": "round limit", "fled": "a flight"}
    for r, w in words.items():
        out.append(("game_end", w, "", 1.0 if reason == r else 0.0))
    out.append(("rounds", words.get(reason, "other"), "", float(rounds)))
    out.append(("rounds", "all", "", float(rounds)))
    out.append(("first_player", "first", "", shares[first]))
    out.append(("first_player", "second", "", shares[1 - first]))
    r = game.rules
    for key in r.fleet_designs:
        name = r.designs[key].name
        out.append(("buyable", name, "", 1.0 if r.designs[key].points <= r.minigame.budget else 0.0))
        for q in range(2):
            out.append(("designs_bought", name, "", float(bought[q].get(key, 0))))
            if bought[q].get(key):
                out.append(("design_wins", name, "", shares[q]))
    for q in range(2):
        out.append(("points", "spent", str(q), float(spent[q])))
        out.append(("points", "unspent", str(q), float(unspent[q])))
        out.append(("points", "lost", str(q), float(lost[q])))
    out.append(("shots", "fired", "", float(shots)))
    if shots:
        out.append(("shots", "share that hit", "", hits / shots))
    return out


def factions(game: Game, events: Sequence[AnyEvent]) -> list[str]:
    """Each seat's fleet named by its dearest design bought ("Monitor fleet")."""
    r = game.rules
    best: list[str | None] = [None, None]
    for e in events:
        if isinstance(e, Bought):
            q, key = e.seat, e.design
            if best[q] is None or r.designs[key].points > r.designs[best[q]].points:
                best[q] = key
    return [f"{r.designs[k].name} fleet" if k else "no fleet" for k in best]
