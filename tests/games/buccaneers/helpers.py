"""Building Buccaneers positions by hand, so rulebook examples can be replayed with the book's numbers."""

from __future__ import annotations

from typing import TypeVar

import voidtable
from voidtable.engine.events import EventRecord
from voidtable.engine.positions import edit, run_until
from voidtable.games.buccaneers import placement, scoring
from voidtable.games.buccaneers.state import BuccaneersState

E = TypeVar("E", bound=EventRecord)


def new(players: int = 3, seed: int = 1, **options) -> BuccaneersState:
    return voidtable.load("buccaneers", players, options).new_state(seed)  # type: ignore[return-value]


def cid(s: BuccaneersState, key: str) -> int:
    return s.r.index[key]


def take(s: BuccaneersState, key: str) -> int:
    """Remove a card from wherever it is (deck, a hand, the pile) and return its id."""
    c = cid(s, key)
    for lst in [s.deck, s.discard, *s.hand]:
        if c in lst:
            lst.remove(c)
            return c
    if c in s.pile:
        i = s.pile.index(c)
        s.pile.pop(i)
        s.pile_owner.pop(i)
        return c
    raise AssertionError(f"{key} is not in the deck, a hand or the pile")


def set_hands(s: BuccaneersState, hands: dict[int, list[str]]) -> None:
    """Give players exactly these hands (their old cards go back to the deck)."""
    for p in hands:
        s.deck.extend(s.hand[p])
        s.hand[p] = []
    for p, keys in hands.items():
        s.hand[p] = sorted(take(s, k) for k in keys)


def put(s: BuccaneersState, p: int, *keys: str) -> None:
    """Place cards into p's display the way a reveal in an earlier Turn would (no watchers active)."""
    for k in keys:
        placement.place_card(s, p, take(s, k), placement.SELECTED)
    s.take_events()
    s.robots_turn = []


def play_turn(s: BuccaneersState, picks: dict[int, str]) -> list[dict]:
    """Every player selects the named card; returns the events of the whole Turn."""
    ev: list[dict] = []
    for p, key in picks.items():
        ev += s.apply(p, voidtable.Action("select", key))
    return ev


def to_score_phase(s: BuccaneersState, pile: list[tuple[int, str]], deck_top: list[str] = ()) -> list[dict]:
    """Jump to the end of the Selection phase: hands emptied, these last cards beside the Black Hole.

    Returns the events of the Score phase up to its first decision (or the game's end)."""
    for p in range(s.n):
        s.deck.extend(s.hand[p])
    edit(s, hand=[[] for _ in range(s.n)], selected=[-1] * s.n, stack=[], pile=[], pile_owner=[])
    edit(s, pile=[take(s, key) for _, key in pile], pile_owner=[owner for owner, _ in pile])
    for key in reversed(list(deck_top)):
        s.deck.insert(0, take(s, key))
    scoring.begin_score_phase(s)
    return run_until(s).events


def of_type(events: list, typ: type[E]) -> list[E]:
    """The events of one declared type (games/buccaneers/events.py), in order."""
    return [e for e in events if isinstance(e, typ)]
