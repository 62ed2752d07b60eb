"""What the balance lab counts in Black Hole Buccaneers (protocol: ``voidtable.sim.measures``).

Method. The measures replay a finished game's event log, rebuilding every
player's display as the rulebook builds it:

- ``placed`` puts a card faceup (upright); ``toys_revealed`` (Step C) turns the
  facedown Toys faceup; ``rotated`` gives a card's new orientation (Robots,
  watching Artifacts, Time Machine groups); ``discarded`` with a ``card``
  takes it out of that player's display (Laser, Relics, the One Ring);
  ``value_card`` is the Antigravity Carpet's +10 Value card;
- at ``round_scored`` (after Step G) each survivor's Value is added up by card
  type with the loaded rules data (overrides included): a card's Value is the
  edge on top for its orientation; Shapeshifters always count upright; Time
  Machine parts take the ``[time_machine]`` edges. The sum is checked against
  the Values the game itself scored; any difference goes to the row
  ``unattributed`` (it is 0 in every game the tests play).

Points by card type: a survivor's place points for the round are split over
the card types in proportion to each type's *positive* Value in their display
(a type with zero or negative Value gets none of the points; the Antigravity
Carpet's Value card and the Emergency Towel's 5 points count as ``relic``).
This is an attribution, not a rule of the game: the places come from total
Value, so no card type "scores" on its own. The signed Value by type
(``value_by_type``) is exact and is shown next to it.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from voidtable.engine.events import AnyEvent
from voidtable.engine.game import Game
from voidtable.engine.state import Result

from .data import KINDS, SHAPESHIFTER
from .events import CleanedUp, Discarded, Placed, Rotated, RoundScored, ToysRevealed, ValueCardTaken

MEASURES: dict[str, dict[str, Any]] = {
    "drawn_in": {
        "title": "Pulled into the Black Hole",
        "rows": "round", "cols": "seat", "kind": "rate",
        "help": "share of games in which the seat was heavier than its final Threshold in that round "
                "(column 'all': per player per round)",
    },
    "points_by_type": {
        "title": "Points by card type (per player per game)",
        "rows": "card type", "cols": "", "kind": "mean",
        "help": "each survivor's place points of a round split over card types in proportion to their positive "
                "Value in the display; the Emergency Towel's points and the Carpet's Value card count as relic",
    },
    "value_by_type": {
        "title": "Value by card type at scoring (per surviving player per round)",
        "rows": "card type", "cols": "", "kind": "mean",
        "help": "signed Value each card type adds to a survivor's total in Step H, rebuilt from the event log",
    },
}

TYPES = KINDS  # spacecraft, toy, time_machine, shapeshifter, robot, artifact, relic
PER_PLAYER = "per player"


def measure(game: Game, events: Sequence[AnyEvent], result: Result) -> list[tuple[str, str, str, float]]:
    r = game.rules
    n = game.players
    kind_of = {k: KINDS[r.kind[i]] for i, k in enumerate(r.keys)}
    index = r.index
    cells: list[tuple[str, str, str, float]] = []
    display: list[dict[str, int]] = [{} for _ in range(n)]   # card -> orientation
    extra_value = [0] * n                                     # the Carpet's Value card
    points = [dict.fromkeys(TYPES, 0.0) for _ in range(n)]
    points_unattributed = [0.0] * n

    def card_value(card: str, orient: int) -> int:
        i = index[card]
        value: int = r.value[i][0 if r.kind[i] == SHAPESHIFTER else orient]
        return value

    for e in events:
        match e:
            case Placed(seat=p, card=card):
                display[p][card] = 0
            case ToysRevealed(seat=p, cards=cards):
                for c in cards:
                    display[p][c] = 0
            case Rotated(card=card, orientation=o):
                for d in display:
                    if card in d:
                        d[card] = o
            case Discarded(seat=p, card=str(card)):
                display[p].pop(card, None)
            case ValueCardTaken(seat=p, value=v):
                extra_value[p] += v
            case RoundScored():
                score_round(e, display, extra_value, card_value, kind_of, cells, points, points_unattributed)
            case CleanedUp():
                display = [{} for _ in range(n)]
                extra_value = [0] * n
    for p in range(n):
        for k in TYPES:
            cells.append(("points_by_type", k, PER_PLAYER, points[p][k]))
        cells.append(("points_by_type", "no positive Value", PER_PLAYER, points_unattributed[p]))
    return cells


def score_round(e: RoundScored, display: list[dict[str, int]], extra_value: list[int], card_value: Callable[[str, int], int],
                kind_of: dict[str, str], cells: list[tuple[str, str, str, float]], points: list[dict[str, float]],
                points_unattributed: list[float]) -> None:
    """One round scored (after Step G): each survivor's Value by card type, and its place points split over the types."""
    rnd = f"round {e.round}"
    for p, out in enumerate(e.drawn_in):
        cells.append(("drawn_in", rnd, f"seat {p}", float(out)))
        cells.append(("drawn_in", rnd, "all", float(out)))
        got = e.points[p]
        if out:
            points[p]["relic"] += got  # only the Emergency Towel pays a player who was drawn in
            continue
        by_type = dict.fromkeys(TYPES, 0)
        for c, o in display[p].items():
            by_type[kind_of[c]] += card_value(c, o)
        by_type["relic"] += extra_value[p]
        missing = (e.values[p] or 0) - sum(by_type.values())
        for k in TYPES:
            cells.append(("value_by_type", k, PER_PLAYER, float(by_type[k])))
        cells.append(("value_by_type", "unattributed", PER_PLAYER, float(missing)))
        positive = {k: v for k, v in by_type.items() if v > 0}
        total = sum(positive.values())
        if total > 0:
            for k, v in positive.items():
                points[p][k] += got * v / total
        else:
            points_unattributed[p] += got
