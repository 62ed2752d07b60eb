"""Decks: drawing a card, taking the discard pile back in when the deck runs out, and telling a hidden draw.

Several games draw from a deck that, once empty, takes its discard pile back
shuffled (Empires' diplomacy deck, each Nearspace player's Resource), or refill a
pile drawn at random (Black Abyss's event cards). The mechanics are the same
everywhere, and so must be what a draw tells the table:

- :func:`draw` takes one card from a deck's top (``FIRST``: index 0, ``LAST``:
  the end of the list, whichever end the game's list keeps on top) or at random
  from an unordered pile (``ANY``: a pile drawn at random needs no shuffle); an
  empty deck first takes the discard pile, shuffled with the state's ``Rng``
  (``reshuffled(n)`` is told, so the game logs it in its own words).
- :func:`tell_hidden_draw` is the one convention for a draw the other seats may
  not see: the cards are named only in an event whose ``visible_to`` is the
  drawer alone; what the table sees (who drew, how many) is a separate public
  event that names no card. The function checks both before emitting them.

The deck and the discard are the state's own lists (declared ``LIST`` fields),
changed in place.

>>> from voidtable.engine.rng import Rng
>>> deck, discard = [], ["a", "b"]
>>> draw(Rng(3), deck, discard, top=LAST) in ("a", "b"), discard
(True, [])
"""

from __future__ import annotations

from typing import Any, Callable, Literal, TypeVar

from .events import AnyEvent, event_json
from .rng import Rng

T = TypeVar("T")

Top = Literal["first", "last", "any"]
FIRST: Top = "first"
LAST: Top = "last"
ANY: Top = "any"


def draw(rng: Rng, deck: list[T], discard: list[T], *, top: Top,
         reshuffled: Callable[[int], None] | None = None) -> T | None:
    """The deck's top card (removed); an empty deck takes the shuffled discard first; None when both are empty."""
    if not deck and discard:
        deck.extend(discard)
        discard.clear()
        if top != ANY:
            rng.shuffle(deck)
        if reshuffled is not None:
            reshuffled(len(deck))
    if not deck:
        return None
    if top == LAST:
        return deck.pop()
    if top == FIRST:
        return deck.pop(0)
    return deck.pop(rng.below(len(deck)))


def tell_hidden_draw(emit: Callable[[Any], None], seat: int, public: AnyEvent | None, private: AnyEvent) -> None:
    """Emit a hidden draw the one way: ``public`` (if any) for every seat, naming no card; ``private`` to ``seat`` only.

    ``private`` must be visible to ``seat`` alone and ``public`` to everyone, and no
    value ``private`` carries beside its type and seat may appear under the same key in
    ``public`` (a card named in the public event would tell every seat what was drawn).
    A breach is a bug in the game, so it raises ``ValueError`` naming the events.
    """
    secret = event_json(private)
    if list(secret.get("visible_to") or ()) != [seat]:
        raise ValueError(f"a hidden draw's cards must be visible to seat {seat} alone: {secret}")
    if public is not None:
        shown = event_json(public)
        if shown.get("visible_to") is not None:
            raise ValueError(f"a hidden draw's public event must be public: {shown}")
        leaked = [k for k, v in secret.items() if k not in ("type", "seat", "visible_to", "count") and shown.get(k) == v]
        if leaked:
            raise ValueError(f"a hidden draw's public event names what was drawn ({', '.join(leaked)}): {shown}")
        emit(public)
    emit(private)
