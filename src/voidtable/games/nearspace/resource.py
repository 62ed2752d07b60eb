"""The Resource, the Hand and the discard pile: drawing, putting under, refilling, reshuffling.

The Resource's top is index 0. Cards put under it openly (an Encounter from the
opening hand, a card discovered on the map) are public, so ``known_bottom`` counts
them and determinization leaves them in place.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from voidtable.engine.decks import FIRST, draw as draw_card, tell_hidden_draw

from .events import Drew, DrewCard, HandShort, Reshuffled

if TYPE_CHECKING:
    from .state import NearspaceState


def take_top(s: "NearspaceState", seat: int) -> int | None:
    """The Resource's top card, reshuffling the discard pile in when the Resource is empty; None if both are."""
    res = s.resource[seat]

    def reshuffled(n: int) -> None:
        s.known_bottom[seat] = 0
        s.emit(Reshuffled(seat, n))

    card = draw_card(s.rng, res, s.discard[seat], top=FIRST, reshuffled=reshuffled)
    if card is not None:
        s.known_bottom[seat] = min(s.known_bottom[seat], len(res))
    return card


def put_bottom(s: "NearspaceState", seat: int, card: int) -> None:
    """Under the Resource, in the open."""
    s.resource[seat].append(card)
    s.known_bottom[seat] += 1


def key(s: "NearspaceState", card: int) -> str:
    return s.r.instances[card][1]


def draw(s: "NearspaceState", seat: int) -> int | None:
    """The Resource's top card joins the Hand (face up, unless the hidden-hands option is on)."""
    card = take_top(s, seat)
    if card is None:
        s.emit(HandShort(seat))
        return None
    s.hand[seat].append(card)
    if s.r.hidden_hands:
        if not s.quiet:
            tell_hidden_draw(s.emit, seat, Drew(seat), DrewCard(seat, key(s, card), visible_to=(seat,)))
    else:
        s.emit(Drew(seat, key(s, card)))
    return card


def leave_hand(s: "NearspaceState", seat: int, card: int) -> None:
    """A card leaves the Hand; the Resource's top card replaces it at once."""
    s.hand[seat].remove(card)
    draw(s, seat)


def to_discard(s: "NearspaceState", card: int) -> None:
    """A used or beaten card goes to its owner's discard pile (face up)."""
    s.discard[s.r.owner(card)].append(card)
