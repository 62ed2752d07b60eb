"""A seat's view never names a card it could not see on the table."""

from __future__ import annotations

import json
import random

from voidtable.engine.events import events_json, visible_events
from voidtable.engine.records import Recorder
from voidtable.games.buccaneers.events import CleanedUp, Setup
from voidtable.games.buccaneers.tasks import TitanicTentacles


def hidden_from(s, p: int) -> set[str]:
    keys = s.r.keys
    hidden = {keys[c] for c in s.deck}
    for q in range(s.n):
        if q != p:
            hidden |= {keys[c] for c in s.hand[q] + s.toys[q]}
            if s.selected[q] >= 0:
                hidden.add(keys[s.selected[q]])
    hidden |= {keys[c] for c, o in zip(s.pile, s.pile_owner) if o != p}
    if isinstance(s.decision, TitanicTentacles) and s.decision.seat != p:
        hidden |= {keys[c] for c in s.decision.drawn}
    return hidden


def held_by_others(s, p: int) -> set[str]:
    """Cards in other players' hands, facedown Toys and facedown selections."""
    keys = s.r.keys
    out = set()
    for q in range(s.n):
        if q != p:
            out |= {keys[c] for c in s.hand[q] + s.toys[q]}
            if s.selected[q] >= 0:
                out.add(keys[s.selected[q]])
    if isinstance(s.decision, TitanicTentacles) and s.decision.seat != p:
        out |= {keys[c] for c in s.decision.drawn}  # another player's Tentacles draw
    return out


def names_in(obj) -> set[str]:
    text = json.dumps(obj)
    return {tok.strip('"') for tok in text.replace("[", " ").replace("]", " ").replace(",", " ").replace(":", " ").split()}


def test_views_and_visible_events_never_leak_hidden_cards():
    for seed in range(40):
        rec = Recorder("buccaneers", 3 + seed % 4, seed, {"black_hole_set": "random" if seed % 2 else "first_game"})
        rng = random.Random(seed)
        seen_events = 0
        while not rec.state.is_over():
            s = rec.state
            for p in range(s.n):
                leaked = names_in(s.view(p)) & hidden_from(s, p)
                assert not leaked, f"seat {p} view leaks {leaked}"
            spectator = names_in(s.view(None)) & hidden_from(s, -1)
            assert not spectator, f"spectator view leaks {spectator}"
            mover = s.to_move()[0]
            before = {p: held_by_others(s, p) for p in range(s.n)}
            events = rec.apply(mover, rng.choice(s.legal_actions(mover)))
            # private events go only to the player they are about
            for e in events:
                if e.visible_to is not None:
                    assert e.visible_to == (e.seat,), e
            # public events (up to a reshuffle) never name a card another player held before and after the step
            # (a step that ends a round reshuffles everything: cards revealed in it may be dealt again, so
            # "held before and after" says nothing there; the views checked above cover those states)
            public = visible_events(events, None)
            if any(isinstance(e, CleanedUp) for e in public):
                continue
            for p in range(s.n):
                kept_hidden = before[p] & held_by_others(rec.state, p)
                leaked = names_in(events_json(public)) & kept_hidden
                assert not leaked, f"public events leak {leaked} held by others"
            seen_events += len(events)
        assert seen_events > 0


def test_future_black_holes_hidden_when_drawn_at_random():
    rec = Recorder("buccaneers", 4, 3, {"black_hole_set": "random"})
    v = rec.state.view(0)
    assert v["black_holes_to_come"] == 2
    setup = rec.state.setup_events[0]
    assert isinstance(setup, Setup) and isinstance(setup.black_holes, int)
    known = Recorder("buccaneers", 4, 3).state.view(0)
    assert [b["key"] for b in known["black_holes_to_come"]] == ["precarious_2", "dire_3"]
