"""The diplomacy deck and hands: drawing (the discard reshuffled when the deck is empty), keys, the hand limit."""

from __future__ import annotations

from typing import TYPE_CHECKING

from voidtable.engine.decks import LAST, draw as draw_card, tell_hidden_draw

from .events import Drew, Reshuffled
from .planets import benefits
from .tasks import DiscardDown

if TYPE_CHECKING:
    from .state import EmpiresState


def key(s: "EmpiresState", card: int) -> str:
    t, a = s.r.cards[card]
    return f"{t}.{a}"


def card_with_key(cards: list[int], s: "EmpiresState", k: str) -> int:
    """The lowest card id in ``cards`` with key ``k`` (alike cards are interchangeable)."""
    return min(c for c in cards if key(s, c) == k)


def can_draw(s: "EmpiresState") -> bool:
    return bool(s.deck or s.discard)


def draw(s: "EmpiresState", seat: int) -> bool:
    """One card into the seat's hand; an empty deck takes the shuffled discard first (a reading). False: none left.

    The draw is told to the drawer alone, with no public event (the records pin that form; the
    hand's size in every view says a card came): the engine's hidden-draw convention without its
    optional public half.
    """
    card = draw_card(s.rng, s.deck, s.discard, top=LAST, reshuffled=lambda n: s.emit(Reshuffled(n)))
    if card is None:
        return False
    s.hands[seat].append(card)
    if not s.quiet:
        tell_hidden_draw(s.emit, seat, None, Drew(seat, 1, key(s, card), visible_to=(seat,)))
    return True


def hand_limit(s: "EmpiresState", seat: int) -> int:
    bonus = sum(1 for t in s.techs[seat] if s.r.tech(t).effect == "hand_limit")
    bonus += sum(1 for a in benefits(s, seat).abilities if a == "hand_limit")
    return s.r.g.hand_limit + bonus


def check_hand_limit(s: "EmpiresState", seat: int) -> None:
    """Over the limit after gaining a card: discard down at once (a reading of when the limit bites)."""
    if len(s.hands[seat]) > hand_limit(s, seat):
        s.push(DiscardDown(seat))


def of_type(s: "EmpiresState", seat: int, temperament: str) -> list[int]:
    return sorted(c for c in s.hands[seat] if s.r.card_type(c) == temperament)
