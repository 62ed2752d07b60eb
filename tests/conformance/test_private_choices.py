"""Forced choices tell nobody what a seat holds (issue 24, item 1), for every registered game.

The flow machine applies a decision with one legal action by itself. That is only
safe when every other seat could tell the choice was forced: if the number of
choices depends on what the deciding seat alone knows (its hand), a forced choice
applied at once says so to the whole table ("P0 declines the offer" in the same
step as the offer: P0 lacks the card asked for). Such a task type must be declared
``private=True`` (engine.flow), so it always waits for its seat.

How the undeclared ones are found: along random games, at each pending single-seat
decision of a type that may apply itself, the pending seat's legal actions are
counted again in a determinization made for each *other* seat (a world that seat
cannot tell from the true one). The true count is above one (else the choice would
have been applied); if some other seat's world has one choice or none, that seat
cannot know whether the choice is forced, and the type must be declared.

The sample is bounded per game: ``STEPS_PER_GAME`` random decisions spread over its
player counts and variants (at least ``MIN_STEPS_PER_CONFIG`` each; a game that ends
is followed by another), and at most ``CHECKS_PER_TASK`` checked states of one task
type per config, so frequent decisions do not crowd out rare ones.
"""

from __future__ import annotations

import dataclasses
import random

import pytest

import voidtable
from voidtable.engine import Rng, games
from voidtable.engine.events import events_json

from .test_conformance import config_seed, configs_of, options_of

STEPS_PER_GAME = 4_000      # random decisions played per registered game, spread over its configs
MIN_STEPS_PER_CONFIG = 250  # ... but at least this many per player count x variant
CHECKS_PER_TASK = 10        # checked states of one task type per config


def forced_for_someone(state, p: int, rng: random.Random) -> list[int]:
    """The other seats in whose determinization seat ``p``'s pending decision has at most one choice."""
    return [q for q in range(state.players)
            if q != p and len(state.determinize(q, Rng(rng.randrange(1 << 30))).legal_actions(p)) <= 1]


def undeclared_private_choices(name: str, steps: int = STEPS_PER_GAME,
                               configs: list[tuple[int, str]] | None = None) -> dict[str, str]:
    """Task types of ``name`` that may apply a single choice by themselves although another seat cannot tell
    whether it is forced: {task name: an example}. Random games over ``configs`` (all by default)."""
    spec = voidtable.engine.get(name)
    configs = configs or configs_of(name)
    found: dict[str, str] = {}
    for n, variant in configs:
        game = voidtable.load(name, n, options_of(name, variant), cache=True)
        seed = config_seed(name, n, variant) + 500
        state, chooser = game.new_state(seed), random.Random(seed)
        rng = random.Random(f"private-{seed}")
        checked: dict[str, int] = {}
        for _ in range(max(MIN_STEPS_PER_CONFIG, steps // len(configs))):
            if state.is_over():
                seed += 1
                state, chooser = game.new_state(seed), random.Random(seed)
            movers = state.to_move()
            p = movers[chooser.randrange(len(movers))]
            legal = state.legal_actions(p)
            rule = spec.tasks.rules[type(state.stack[-1])]
            if rule.seats is None and rule.auto_single and rule.name not in found \
                    and checked.get(rule.name, 0) < CHECKS_PER_TASK:
                checked[rule.name] = checked.get(rule.name, 0) + 1
                seats = forced_for_someone(state, p, rng)
                if seats:
                    found[rule.name] = (f"{n}p {variant}, seat {p} has {len(legal)} choices, but in a world seat "
                                        f"{seats[0]} cannot tell apart it has one or none")
            state.apply(p, legal[chooser.randrange(len(legal))])
    return found


@pytest.mark.parametrize("name", sorted(games()))
def test_no_undeclared_decision_is_forced_by_what_its_seat_alone_holds(name):
    found = undeclared_private_choices(name)
    assert not found, f"{name}: declare these decisions private=True (engine.flow): {found}"


def test_the_search_finds_an_undeclared_offer_answer(monkeypatch):
    """Control: with Empires' answer to an offer declared as any decision, the search above finds it."""
    tasks = voidtable.engine.get("empires").tasks
    rule = tasks.by_name["answer_offer"]
    plain = dataclasses.replace(rule, auto_single=True, private=False)
    monkeypatch.setitem(tasks.rules, rule.cls, plain)
    monkeypatch.setitem(tasks.by_name, rule.name, plain)
    found = undeclared_private_choices("empires", steps=2_000, configs=[(3, "negotiation")])
    assert "answer_offer" in found


def test_a_forced_decline_waits_for_its_seat_and_tells_nobody_at_the_offer():
    """The issue's reproduction: Empires, 3 players, full negotiation, seed 1, random moves from random.Random(1).

    Before the fix, step 38 sent an offer asking for a card its recipient lacked, and the only answer, decline,
    was applied in the same step: every seat read that the recipient declined, so the proposer learnt the card was
    not in hand. Now no step that sends an offer says anything public, and the recipient is always asked, also
    when declining is all it can do (found again here: the game's path changed with the fix)."""
    state = voidtable.load("empires", 3, {"negotiation": "full"}).new_state(1)
    rng = random.Random(1)
    forced = 0
    while not state.is_over() and not forced:
        movers = state.to_move()
        p = movers[rng.randrange(len(movers))]
        legal = state.legal_actions(p)
        events = events_json(state.apply(p, legal[rng.randrange(len(legal))]))  # as the seats are sent them
        offers = [e for e in events if e["type"] == "offer"]
        if offers:
            assert [e["type"] for e in events if "visible_to" not in e] == [], "the step of an offer said something public"
            to = offers[0]["to"]
            assert state.to_move() == [to]
            answers = state.legal_actions(to)
            if [a.kind for a in answers] == ["decline"]:
                forced += 1
                declined = events_json(state.apply(to, answers[0]))
                assert [e["type"] for e in declined if e["type"].startswith("offer")] == ["offer_declined"]
    assert forced, "no offer in this game had to be declined: the test checked nothing"
