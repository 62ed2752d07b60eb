"""What the balance lab counts in Black Sun (protocol: ``voidtable.sim.measures``).

Method, from the event log of a finished game:

- a seat's *faction* is its Starting Faction: ``factions_dealt``, then the last
  ``faction_redrawn`` for that seat (the Faction cards taken later change a
  player's side and extra scoring, not their faction);
- *points by scoring condition*: every ``scored`` event adds its ``points`` to
  its ``condition`` for that seat; a Smuggler's second turn (``points_spent``)
  is the row ``second turn (spent)``, negative. The rows add up to the final
  score, so a faction's rows say where its points come from;
- *Faction card at the end*: the card named by the seat's last
  ``faction_changed`` event (``none`` if it never took one), per faction;
- *how the game ended*: the ``game_over`` reason, without its numbers (the
  target reached, the round limit, the Story player's end);
- *full rounds*: the turns begun (``turn_start`` events that are not a
  Smuggler's second turn) divided by the players, as the study's ``rounds.py``
  counts them; the last lap after someone reaches the target counts, so a
  game's rounds may end in a fraction.
"""

from __future__ import annotations

import re
from typing import Any, Sequence

from voidtable.engine.events import AnyEvent

from .events import FactionChanged, FactionRedrawn, FactionsDealt, GameOver, PointsSpent, Scored, TurnStarted

MEASURES: dict[str, dict[str, Any]] = {
    "points_by_condition": {
        "title": "Points by scoring condition (per player per game)",
        "rows": "scoring condition", "cols": "", "kind": "mean",
        "help": "points each scoring condition brought a player over the game; 'second turn (spent)' is negative",
    },
    "points_by_faction": {
        "title": "Points by scoring condition and faction (per player of that faction per game)",
        "rows": "scoring condition", "cols": "faction", "kind": "mean",
        "help": "the same points split by the seat's Starting Faction; a faction counts only in games it was dealt",
    },
    "faction_card_at_end": {
        "title": "Faction card held at the end, by faction",
        "rows": "card", "cols": "faction", "kind": "rate",
        "help": "share of a faction's games in which it ended holding each Faction card ('none': never took one)",
    },
    "rounds": {
        "title": "Game length in full rounds",
        "rows": "", "cols": "", "kind": "mean",
        "help": "turns begun (a Smuggler's second turn is not a new turn) divided by the players: "
                "full rounds, the last lap after the target included",
    },
    "game_end": {
        "title": "How games end",
        "rows": "reason", "cols": "", "kind": "rate",
        "help": "the game_over reason, sorted into: " + "; ".join(
            ("target reached", "round limit", "story: target reached", "story: player eliminated",
             "story: ended by its player", "other")),
    },
}

SPENT = "second turn (spent)"
CARDS = ("none", "rebel", "allied", "rogue", "hunted")


def conditions(game: Any) -> list[str]:
    """Every scoring condition the loaded rules can award, in a stable order."""
    r = game.rules
    seen: dict[str, None] = {}
    for f in r.factions.values():
        seen.update(dict.fromkeys(f.scoring))
    for c in r.faction_cards.values():
        seen.update(dict.fromkeys(c.scoring))
    if r.scoring.hunted_bounty:
        seen["hunted_bounty"] = None
    return list(seen)


def factions(game: Any, events: Sequence[AnyEvent]) -> list[str]:
    """Each seat's Starting Faction: as dealt, then as last redrawn."""
    out: list[str] = [""] * game.players
    for e in events:
        match e:
            case FactionsDealt(factions=dealt):
                out = [f or "" for f in dealt]
            case FactionRedrawn(seat=p, faction=f):
                out[p] = f or ""
    return out


ENDS = ("target reached", "round limit", "story: target reached", "story: player eliminated", "story: ended by its player",
        "other")


def end_kind(reason: str) -> str:
    """The ``game_over`` reason as one of :data:`ENDS` (state.finish's texts, numbers dropped)."""
    text = " ".join(re.sub(r"\(?\d+\)?", "", reason).split())
    if "whose story" in text:
        return "story: target reached" if "reached" in text else "story: player eliminated"
    if "ended the story" in text:
        return "story: ended by its player"
    if "round limit" in text:
        return "round limit"
    if "target was reached" in text:
        return "target reached"
    return "other"


def measure(game: Any, events: Sequence[AnyEvent], result: Any) -> list[tuple[str, str, str, float]]:
    n = game.players
    rows = conditions(game)
    points = [dict.fromkeys(rows + [SPENT], 0.0) for _ in range(n)]
    card = ["none"] * n
    end = None
    turns = 0
    for e in events:
        match e:
            case TurnStarted(second_turn=second):
                turns += not second
            case Scored(seat=p, condition=why, points=k):
                points[p][why] = points[p].get(why, 0.0) + k
            case PointsSpent(seat=p, points=k):
                points[p][SPENT] -= k
            case FactionChanged(seat=p, to=to):
                card[p] = to or "none"
            case GameOver(reason=reason):
                end = end_kind(reason)
    fac = factions(game, events)
    cells: list[tuple[str, str, str, float]] = []
    for p in range(n):
        for cond, v in points[p].items():
            cells.append(("points_by_condition", cond, "per player", v))
            cells.append(("points_by_faction", cond, fac[p], v))
        for c in CARDS:
            cells.append(("faction_card_at_end", c, fac[p], float(card[p] == c)))
    for kind in ENDS:
        cells.append(("game_end", kind, "games", float(kind == end)))
    cells.append(("rounds", "full rounds", "per game", turns / n))
    return cells
