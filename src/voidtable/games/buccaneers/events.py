"""Every event of Black Hole Buccaneers, declared once: its JSON type, its fields, who may see it, its words.

Each class is a frozen record (:class:`voidtable.engine.events.EventRecord`): the rules
build them (``s.emit(Dealt(p, cards, visible_to=(p,)))``), readers match on the
classes (the lab's measures, the words), and the JSON form the records and the
wire carry is derived from the declaration. Fields are declared in the order the
JSON form writes them. Cards are named by their keys, as in the views; ``words``
turns them into printed names through :class:`~.text.Say`.

Events a seat may not see carry ``visible_to``: a hand dealt, cards drawn, the card
a seat selected or a facedown Toy it placed. Everything else is public.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from voidtable.engine.actions import Action
from voidtable.engine.events import EventRecord
from voidtable.engine.types import Seat

from .data import Direction, Source

if TYPE_CHECKING:
    from .text import Say

#: How far a card has turned, in words, by its quarter turns (mod 4).
QUARTER_TURNS = ("back to its first side", "a quarter turn", "half a turn", "three quarters")


class BuccaneersEvent(EventRecord, frozen=True):
    """Any event of the game (untagged: a base). ``words`` takes the game's :class:`~.text.Say`."""

    def words(self, say: Say) -> str | None:
        return None


# -- setting up, rounds and turns ------------------------------------------------------
class Setup(BuccaneersEvent, frozen=True, tag="setup"):
    """Game Setup: the Direction card's side and the Black Hole stack (its keys when players know it, else its size)."""

    players: int
    direction: Direction
    black_holes: tuple[str, ...] | int


class RoundStarted(BuccaneersEvent, frozen=True, tag="round"):
    """A round's Black Hole is revealed: its Threshold and the hand size it shows."""

    round: int
    black_hole: str
    color: str
    threshold: int
    hand_size: int

    def words(self, say: Say) -> str:
        return (f"Round {self.round}: {say.black_hole_colour(self.black_hole)}, Threshold {self.threshold}, "
                f"{self.hand_size} cards each.")


class Dealt(BuccaneersEvent, frozen=True, tag="dealt"):
    """A seat's hand for the round (only that seat sees it)."""

    seat: Seat
    cards: tuple[str, ...]

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} is dealt: {say.cards(self.cards)}"


class TurnStarted(BuccaneersEvent, frozen=True, tag="turn"):
    round: int
    turn: int


class CleanedUp(BuccaneersEvent, frozen=True, tag="cleanup"):
    """The Cleanup phase after a round (not after the last)."""

    round: int


class GameOver(BuccaneersEvent, frozen=True, tag="game_over"):
    totals: tuple[int, ...]
    winners: tuple[Seat, ...]
    tiebreaks: tuple[str, ...]

    def words(self, say: Say) -> str:
        winners = " and ".join(say.seat(w) for w in self.winners)
        lead = "Winner: " if len(self.winners) == 1 else "Shared victory: "
        notes = " ".join(say.tiebreak(t) for t in self.tiebreaks)
        return f"Game over. Totals: {say.each(self.totals)}. {lead}{winners}. {notes}".strip()


# -- the Selection phase -----------------------------------------------------------------
class Selected(BuccaneersEvent, frozen=True, tag="selected"):
    """A seat has chosen its card (``random``: drawn for it under the GPS Tracker; written only then)."""

    seat: Seat
    random: bool = False

    def words(self, say: Say) -> str:
        how = "has a card drawn at random (GPS Tracker)" if self.random else "chooses a card"
        return f"{say.seat(self.seat)} {how}."


class SelectedCard(BuccaneersEvent, frozen=True, tag="selected_card"):
    """Which card the GPS Tracker drew for a seat (only that seat sees it)."""

    seat: Seat
    card: str


class Revealed(BuccaneersEvent, frozen=True, tag="revealed"):
    """Every seat's selected card, in seat order; a Toy stays facedown (None)."""

    cards: tuple[str | None, ...]

    def words(self, say: Say) -> str:
        return "Revealed: " + "; ".join(f"{say.seat(i)}: {say.card(k) if k else 'a Toy, facedown'}"
                                        for i, k in enumerate(self.cards))


class Passed(BuccaneersEvent, frozen=True, tag="passed"):
    direction: Direction

    def words(self, say: Say) -> str:
        return f"Hands pass {self.direction}."


class LastCards(BuccaneersEvent, frozen=True, tag="last_cards"):
    """The last cards go facedown beside the Black Hole; the Score phase follows."""

    count: int

    def words(self, say: Say) -> str:
        return "Last cards go facedown beside the Black Hole. Score phase."


# -- placing cards and what a reveal sets off ------------------------------------------------
class Rotated(BuccaneersEvent, frozen=True, tag="rotated"):
    """A card turned a quarter (``orientation``: its quarter turns now); ``why``: robots met, a watcher saw a card ..."""

    card: str
    orientation: int
    why: str

    def words(self, say: Say) -> str:
        return f"{say.card(self.card)} turns {QUARTER_TURNS[self.orientation % 4]} ({say.why_turned(self.why)})."


class PlacedFacedown(BuccaneersEvent, frozen=True, tag="placed_facedown"):
    """A Toy went facedown into a display (public: that it happened; which Toy: :class:`PlacedToy`)."""

    seat: Seat
    source: Source


class PlacedToy(BuccaneersEvent, frozen=True, tag="placed_toy"):
    """The facedown Toy a seat placed (only that seat sees it)."""

    seat: Seat
    card: str


class Placed(BuccaneersEvent, frozen=True, tag="placed"):
    seat: Seat
    card: str
    source: Source

    def words(self, say: Say) -> str | None:
        if self.source == "selected":
            return None  # the reveal already said it
        return f"{say.seat(self.seat)} places {say.card(self.card)} ({self.source.replace('_', ' ')})."


class TimeMachineGrouped(BuccaneersEvent, frozen=True, tag="time_machine_group"):
    """A Time Machine part joined group ``group`` (from 0) of its seat, which now has ``parts`` parts."""

    seat: Seat
    group: int
    parts: int


class EffectActed(BuccaneersEvent, frozen=True, tag="effect"):
    """A when-revealed Artifact acts (``direction``: the Reality Gyro's new side; written only for it)."""

    effect: str
    seat: Seat
    direction: Direction | None = None

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)}'s {say.effect(self.effect)} takes effect."


class Drew(BuccaneersEvent, frozen=True, tag="drew"):
    """How many cards a seat drew (public; which: :class:`DrewCards`)."""

    seat: Seat
    count: int


class DrewCards(BuccaneersEvent, frozen=True, tag="drew_cards"):
    """The cards a seat drew (only that seat sees them)."""

    seat: Seat
    cards: tuple[str, ...]

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} draws: {say.cards(self.cards)}"


class ThresholdCardPlaced(BuccaneersEvent, frozen=True, tag="threshold_card"):
    value: int
    seat: Seat

    def words(self, say: Say) -> str:
        return f"The {self.value:+d} Threshold card goes beside the Black Hole."


class Discarded(BuccaneersEvent, frozen=True, tag="discarded"):
    """A faceup card left a display (``card``), or the cards Titanic Tentacles did not keep (``cards``): one is written."""

    seat: Seat
    card: str | None = None
    cards: tuple[str, ...] | None = None

    def words(self, say: Say) -> str | None:
        keys = self.cards if self.cards is not None else (self.card,) if self.card is not None else ()
        if not keys:
            return None  # Tentacles drew a single card: nothing left to discard
        return f"{say.seat(self.seat)} discards {', '.join(say.card(k) for k in keys)}."


class Decided(BuccaneersEvent, frozen=True, tag="decided"):
    """A seat's answer to a decision (``decision``: its registered name; ``action``: its JSON form).

    Private (``visible_to``) where the answer names a card only its seat may know (the Toy Tentacles kept)."""

    seat: Seat
    decision: str
    action: dict[str, Any]

    @property
    def chosen(self) -> Action:
        return Action.from_json(self.action)

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)}: {say.action(self.chosen)}."


# -- the Score phase ------------------------------------------------------------------------
class ScorePhaseStarted(BuccaneersEvent, frozen=True, tag="score_phase"):
    round: int


class ToysRevealed(BuccaneersEvent, frozen=True, tag="toys_revealed"):
    seat: Seat
    cards: tuple[str, ...]

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} reveals Toys: {say.cards(self.cards)}"


class WeightCardTaken(BuccaneersEvent, frozen=True, tag="weight_card"):
    """A Weight card for a seat: ``why`` "toys" (the single highest Toy Weight) or the effect that gave it."""

    seat: Seat
    value: int
    why: str

    def words(self, say: Say) -> str:
        why = "the highest Toy Weight" if self.why == "toys" else say.effect(self.why)
        return f"{say.seat(self.seat)} takes the {self.value:+d} Weight card ({why})."


class ValueCardTaken(BuccaneersEvent, frozen=True, tag="value_card"):
    seat: Seat
    value: int
    why: str

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} takes the +{self.value} Value card ({say.effect('antigravity_carpet')})."


class Weights(BuccaneersEvent, frozen=True, tag="weights"):
    """Step E: every seat's total Weight, before the Carpet and the Exoskeleton."""

    weights: tuple[int, ...]

    def words(self, say: Say) -> str:
        return "Weights: " + say.each(self.weights)


class BlackHoleCard(BuccaneersEvent, frozen=True, tag="black_hole_card"):
    """Step F: the last card turned faceup and the Weight it adds to the Threshold."""

    card: str
    weight: int

    def words(self, say: Say) -> str:
        return f"The Black Hole reveals {say.card(self.card)}: +{self.weight} to its Threshold."


class FinalThreshold(BuccaneersEvent, frozen=True, tag="final_threshold"):
    thresholds: tuple[int, ...]

    def words(self, say: Say) -> str:
        return "Final Thresholds: " + say.each(self.thresholds)


class DrawnIn(BuccaneersEvent, frozen=True, tag="drawn_in"):
    """Step G: a seat heavier than its final Threshold (``towel_points``: what the Emergency Towel pays it)."""

    seat: Seat
    weight: int
    threshold: int
    towel_points: int

    def words(self, say: Say) -> str:
        towel = f" ({say.effect('emergency_towel')}: +{self.towel_points})" if self.towel_points else ""
        return f"{say.seat(self.seat)} is pulled into the Black Hole: Weight {self.weight} > {self.threshold}{towel}."


class Places(BuccaneersEvent, frozen=True, tag="places"):
    """Step H: survivors' Values (None: drawn in), their places from 1 by seat (as text), the points."""

    values: tuple[int | None, ...]
    places: dict[str, int]
    points: tuple[int, ...]

    def words(self, say: Say) -> str:
        return "Points this round: " + say.each(self.points)


class RoundScored(BuccaneersEvent, frozen=True, tag="round_scored"):
    """The round's scoring summary (the state keeps the same as ``last_round``)."""

    round: int
    black_hole: str
    weights: tuple[int, ...]
    final_thresholds: tuple[int, ...]
    drawn_in: tuple[bool, ...]
    values: tuple[int | None, ...]
    points: tuple[int, ...]
