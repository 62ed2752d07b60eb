"""Determinizations remember what a seat held: a card it saw in a hand (and passed on) is never redrawn into the deck.

A seat that held a card this round (dealt, passed to it, drawn) and passed it on knows
it sits in another hand, another seat's selection or Toys, or the last cards, never in
the deck. Forgetting that made search believe in draws that cannot happen (an Easter
Egg turning up a card seen a moment ago).
"""

from __future__ import annotations

import voidtable
from voidtable.engine.rng import Rng
from voidtable.engine.zones import Hidden, resample
from voidtable.games.buccaneers.tasks import Select

SAMPLES = 60  # determinizations per checked state


def _positions(players: int, games: int) -> list:
    """States during Selection after hands were passed at least once, with the seat deciding."""
    game = voidtable.load("buccaneers", players)
    out = []
    for seed in range(games):
        s = game.new_state(seed)
        r = Rng(seed)
        step = 0
        while not s.is_over():
            p = s.to_move()[0]
            if s.turn >= 2 and isinstance(s.stack[-1], Select) and step % 5 == 0:
                out.append((s.clone(), p))
            legal = s.legal_actions(p)
            s.apply(p, legal[r.below(len(legal))])
            step += 1
    return out


def _passed_on(s, p: int) -> set[int]:
    """Cards ``p`` held this round that are now hidden from it (in the truth: not in its hand or display)."""
    own = set(s.hand[p]) | set(s.toys[p]) | {s.selected[p]}
    held = {c for c in range(len(s.r.keys)) if s.held[p] >> c & 1}
    shown = {c for q in range(s.n) for c in s.shown[q] + s.shifters[q]} | set(s.discard)
    return held - own - shown


def test_a_card_a_seat_saw_never_lands_in_the_deck() -> None:
    checked = 0
    for players in (3, 4, 6):
        for s, p in _positions(players, 3):
            passed = _passed_on(s, p)
            assert passed, "after a pass the deciding seat has passed cards on"
            assert not passed & set(s.deck), "the memory is true: those cards are not in the deck"
            rng = Rng(1000 + checked)
            for _ in range(SAMPLES):
                d = s.determinize(p, rng)
                assert not passed & set(d.deck), f"seat {p} saw {sorted(passed & set(d.deck))} but they were dealt to the deck"
                hidden_before = sorted(s.deck + [c for q in range(s.n) if q != p for c in s.hand[q] + s.toys[q]])
                hidden_after = sorted(d.deck + [c for q in range(s.n) if q != p for c in d.hand[q] + d.toys[q]])
                assert len(hidden_before) == len(hidden_after)
                assert d.hand[p] == s.hand[p] and d.view(p) == s.view(p)
            checked += 1
    assert checked >= 10


def test_without_the_memory_the_same_cards_do_land_in_the_deck() -> None:
    """The control: the check above can fail (forget ``held`` and the seen cards are redrawn into the deck)."""
    landed = 0
    for s, p in _positions(4, 2):
        passed = _passed_on(s, p)
        forgetful = s.clone()
        forgetful.held = [0] * s.n
        rng = Rng(7)
        for _ in range(SAMPLES):
            landed += bool(passed & set(forgetful.determinize(p, rng).deck))
    assert landed > 0


def test_memory_follows_deals_passes_and_resets_each_round() -> None:
    game = voidtable.load("buccaneers", 4)
    s = game.new_state(2)
    r = Rng(2)
    first = list(s.hand)
    assert [s.held[p] == sum(1 << c for c in first[p]) for p in range(4)] == [True] * 4
    round_ = s.round
    while s.round == round_ and not s.is_over():
        p = s.to_move()[0]
        legal = s.legal_actions(p)
        s.apply(p, legal[r.below(len(legal))])
        for q in range(4):
            assert all(s.held[q] >> c & 1 for c in s.hand[q]), "every card in a hand was held by its seat"
    if not s.is_over():
        assert [s.held[p] == sum(1 << c for c in s.hand[p]) for p in range(4)] == [True] * 4, "a new round forgets"


def test_resample_meets_overlapping_constraints_where_a_greedy_draw_would_not() -> None:
    """A Toy place drawn first could take the only unseen Toy the deck needs; the draw must leave it."""
    never_seen = {"n1", "u1"}.__contains__
    is_toy = {"u1", "s1"}.__contains__
    for seed in range(40):
        toys: list[str] = ["s1"]
        deck: list[str] = ["n1", "u1"]
        hand: list[str] = ["s2"]
        resample(Rng(seed), [Hidden(toys, only=is_toy), Hidden(deck, only=never_seen), Hidden(hand)])
        assert toys == ["s1"] and sorted(deck) == ["n1", "u1"] and hand == ["s2"]
    never_seen2 = {"n1", "n2", "n3", "u1", "u2"}.__contains__
    is_toy2 = {"u1", "u2", "s1"}.__contains__
    decks = set()
    for seed in range(40):  # with room to choose, every constraint still holds and the draw varies
        toys, deck, hand = ["s1"], ["n1", "u1", "n2"], ["s2", "u2", "n3"]
        resample(Rng(seed), [Hidden(toys, only=is_toy2), Hidden(deck, only=never_seen2), Hidden(hand)])
        assert is_toy2(toys[0]) and all(never_seen2(c) for c in deck)
        assert sorted(toys + deck + hand) == ["n1", "n2", "n3", "s1", "s2", "u1", "u2"]
        decks.add(tuple(sorted(deck)))
    assert len(decks) > 1


def test_a_position_set_by_hand_that_contradicts_the_memory_still_determinizes() -> None:
    """Tests and puzzles set tables by hand: a memory no deal can meet makes the draw forget, not fail."""
    s, p = _positions(4, 1)[0]
    assert s.deck
    s.held[p] = (1 << len(s.r.keys)) - 1  # "held every card": then no card may be in the deck, yet the deck has some
    rng = Rng(3)
    draws = [s.determinize(p, rng) for _ in range(5)]
    assert all(len(d.deck) == len(s.deck) and d.hand[p] == s.hand[p] for d in draws)
    assert len({tuple(d.deck) for d in draws}) > 1, "the deck is still redrawn"
