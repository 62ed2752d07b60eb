"""The Artifacts whose effects act when revealed, in the rulebook's order.

GPS Tracker, TIIT CLO UHL, Swiss Army Pocket Laser, Titanic Tentacles, Reality
Gyro. (Morpho Sucker, Cubus Libra and Loot Box watch later reveals; see
``placement.watchers_react``.) An Artifact placed by Titanic Tentacles, the
Easter Egg or the Alien Kiddie Pool never reaches this module: its
when-revealed effect is ignored, as the rulebook says.
"""

from __future__ import annotations

from bisect import insort
from typing import TYPE_CHECKING, Callable

from voidtable.engine.actions import Action
from voidtable.engine.types import CardId, Seat

from .actions import KEEP, THRESHOLD_CARD
from .data import direction_name
from .events import Discarded, Drew, DrewCards, EffectActed, ThresholdCardPlaced
from .placement import TENTACLES, remove_from_display
from .tasks import ROTATE_ROBOTS, TASKS, Artifact, Place, SwissArmyPocketLaser, TitanicTentacles, decided

if TYPE_CHECKING:
    from .state import BuccaneersState


@TASKS.auto(Artifact)
def run_artifact(s: "BuccaneersState", task: Artifact) -> None:
    WHEN_REVEALED_EFFECTS[task.effect](s, task.seat, task.card)


def gps_tracker(s: "BuccaneersState", p: Seat, card: CardId) -> None:
    """Next Turn this round, p's selected card is drawn at random from their hand."""
    s.gps[p] = True
    s.emit(EffectActed("gps_tracker", p))


def tiit_clo_uhl(s: "BuccaneersState", p: Seat, card: CardId) -> None:
    """Everyone draws 1 card into their hand; the +3 Threshold card goes beside the Black Hole."""
    s.emit(EffectActed("tiit_clo_uhl", p))
    for q in range(s.n):
        if s.deck:
            c = s.deck.pop(0)
            insort(s.hand[q], c)  # hands are kept sorted
            s.held[q] |= 1 << c
            s.emit(Drew(q, 1))
            s.emit(DrewCards(q, (s.r.keys[c],), visible_to=(q,)))
    add_threshold_card(s, s.r.c.tiit_threshold_card, p)


def add_threshold_card(s: "BuccaneersState", value: int, p: Seat) -> None:
    s.threshold_cards.append(value)
    s.emit(ThresholdCardPlaced(value, p))


def laser_choices(s: "BuccaneersState") -> list[int]:
    """Threshold cards the Swiss Army Pocket Laser may place: those still beside the box (each exists once)."""
    return [v for v in s.r.c.laser_threshold_cards if v not in s.threshold_cards]


def swiss_army_pocket_laser(s: "BuccaneersState", p: Seat, card: CardId) -> None:
    if laser_choices(s):
        s.push(SwissArmyPocketLaser(p, card))


def _laser_legal(s: "BuccaneersState", task: SwissArmyPocketLaser) -> list[Action]:
    return [THRESHOLD_CARD(v) for v in laser_choices(s)]


@TASKS.decision(SwissArmyPocketLaser, legal=_laser_legal, auto_single=False)
def choose_laser_threshold(s: "BuccaneersState", task: SwissArmyPocketLaser, action: Action) -> None:
    """Place the chosen Threshold card; a positive one costs the Laser (discarded faceup)."""
    p, card, value = task.seat, task.card, action.arg
    decided(s, task, action)
    add_threshold_card(s, value, p)
    if value > 0 or not s.r.c.laser_kept_if_negative:
        remove_from_display(s, p, card)
        s.discard.append(card)
        s.emit(Discarded(p, card=s.r.keys[card]))


def titanic_tentacles(s: "BuccaneersState", p: Seat, card: CardId) -> None:
    """Draw 3; the player keeps one in their display (its own when-revealed effect ignored)."""
    drawn = s.deck[: s.r.c.tentacles_draw]
    del s.deck[: len(drawn)]
    s.emit(Drew(p, len(drawn)))
    s.emit(DrewCards(p, tuple([s.r.keys[c] for c in drawn]), visible_to=(p,)))
    if drawn:
        s.push(TitanicTentacles(p, tuple(drawn)))


def _tentacles_legal(s: "BuccaneersState", task: TitanicTentacles) -> list[Action]:
    keys = s.r.keys
    return [KEEP(keys[c]) for c in sorted(task.drawn)]


@TASKS.decision(TitanicTentacles, legal=_tentacles_legal, auto_single=False)
def keep_tentacles_card(s: "BuccaneersState", task: TitanicTentacles, action: Action) -> None:
    """Keep one drawn card (placed as if revealed; a Toy goes facedown, so only its seat learns which); discard the rest."""
    p = task.seat
    keep = s.r.index[action.arg]
    decided(s, task, action, private=True)
    others = [c for c in task.drawn if c != keep]
    s.discard.extend(others)
    s.emit(Discarded(p, cards=tuple([s.r.keys[c] for c in others])))
    s.push(Place(p, keep, TENTACLES), ROTATE_ROBOTS)


def reality_gyro(s: "BuccaneersState", p: Seat, card: CardId) -> None:
    """Flip the Direction card: hands now pass the other way."""
    s.direction = -s.direction
    s.emit(EffectActed("reality_gyro", p, direction_name(s.direction)))


WHEN_REVEALED_EFFECTS: dict[str, Callable[["BuccaneersState", Seat, CardId], None]] = {
    "gps_tracker": gps_tracker,
    "tiit_clo_uhl": tiit_clo_uhl,
    "swiss_army_pocket_laser": swiss_army_pocket_laser,
    "titanic_tentacles": titanic_tentacles,
    "reality_gyro": reality_gyro,
}
