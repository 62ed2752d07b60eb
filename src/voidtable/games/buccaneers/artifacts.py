"""The Artifacts whose effects act when revealed, in the rulebook's order.

GPS Tracker, TIIT CLO UHL, Swiss Army Pocket Laser, Titanic Tentacles, Reality
Gyro. (Morpho Sucker, Cubus Libra and Loot Box watch later reveals; see
``placement.watchers_react``.) An Artifact placed by Titanic Tentacles, the
Easter Egg or the Alien Kiddie Pool never reaches this module: its
when-revealed effect is ignored, as the rulebook says.
"""

from __future__ import annotations

from bisect import insort
from typing import TYPE_CHECKING

from voidtable.engine.events import Event

from .placement import TENTACLES, remove_from_display
from .selection import direction_name

if TYPE_CHECKING:
    from .state import BuccaneersState


def gps_tracker(s: "BuccaneersState", p: int, card: int, ev: list[Event]) -> None:
    """Next Turn this round, p's selected card is drawn at random from their hand."""
    s.gps[p] = True
    ev.append({"type": "effect", "effect": "gps_tracker", "player": p})


def tiit_clo_uhl(s: "BuccaneersState", p: int, card: int, ev: list[Event]) -> None:
    """Everyone draws 1 card into their hand; the +3 Threshold card goes beside the Black Hole."""
    ev.append({"type": "effect", "effect": "tiit_clo_uhl", "player": p})
    for q in range(s.n):
        if s.deck:
            c = s.deck.pop(0)
            insort(s.hand[q], c)  # hands are kept sorted
            ev.append({"type": "drew", "player": q, "count": 1})
            ev.append({"type": "drew_cards", "player": q, "cards": [s.r.keys[c]], "visible_to": [q]})
    add_threshold_card(s, s.r.c.tiit_threshold_card, p, ev)


def add_threshold_card(s: "BuccaneersState", value: int, p: int, ev: list[Event]) -> None:
    s.threshold_cards.append(value)
    ev.append({"type": "threshold_card", "value": value, "player": p})


def laser_choices(s: "BuccaneersState") -> list[int]:
    """Threshold cards the Swiss Army Pocket Laser may place: those still beside the box (each exists once)."""
    return [v for v in s.r.c.laser_threshold_cards if v not in s.threshold_cards]


def swiss_army_pocket_laser(s: "BuccaneersState", p: int, card: int, ev: list[Event]) -> None:
    if laser_choices(s):
        s.decision = ("swiss_army_pocket_laser", p, card)


def choose_laser_threshold(s: "BuccaneersState", p: int, card: int, value: int, ev: list[Event]) -> None:
    """Place the chosen Threshold card; a positive one costs the Laser (discarded faceup)."""
    add_threshold_card(s, value, p, ev)
    if value > 0 or not s.r.c.laser_kept_if_negative:
        remove_from_display(s, p, card)
        s.discard.append(card)
        ev.append({"type": "discarded", "player": p, "card": s.r.keys[card]})


def titanic_tentacles(s: "BuccaneersState", p: int, card: int, ev: list[Event]) -> None:
    """Draw 3; the player keeps one in their display (its own when-revealed effect ignored)."""
    drawn = s.deck[: s.r.c.tentacles_draw]
    del s.deck[: len(drawn)]
    ev.append({"type": "drew", "player": p, "count": len(drawn)})
    ev.append({"type": "drew_cards", "player": p, "cards": [s.r.keys[c] for c in drawn], "visible_to": [p]})
    if drawn:
        s.decision = ("titanic_tentacles", p, tuple(drawn))


def keep_tentacles_card(s: "BuccaneersState", p: int, drawn: tuple[int, ...], keep: int, ev: list[Event]) -> None:
    others = [c for c in drawn if c != keep]
    s.discard.extend(others)
    ev.append({"type": "discarded", "player": p, "cards": [s.r.keys[c] for c in others]})
    s.tasks[:0] = [("place", p, keep, TENTACLES), ("rotate_robots",)]


def reality_gyro(s: "BuccaneersState", p: int, card: int, ev: list[Event]) -> None:
    """Flip the Direction card: hands now pass the other way."""
    s.direction = -s.direction
    ev.append({"type": "effect", "effect": "reality_gyro", "player": p, "direction": direction_name(s.direction)})


WHEN_REVEALED_EFFECTS = {
    "gps_tracker": gps_tracker,
    "tiit_clo_uhl": tiit_clo_uhl,
    "swiss_army_pocket_laser": swiss_army_pocket_laser,
    "titanic_tentacles": titanic_tentacles,
    "reality_gyro": reality_gyro,
}
