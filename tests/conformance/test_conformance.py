"""The shared conformance suite: every registered game, every player count, every variant.

A game joins by registering (see engine/registry.py). What is checked: random
games end within the game's stated decision bound; same seed and actions give
the same events; a record replays identically (also through JSON); clones are
independent; a seat's view is the same on any determinization for that seat;
every legal action applies; anything else raises IllegalAction and changes
nothing; actions, views and records survive JSON.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import voidtable
from voidtable.engine import Action, IllegalAction, Rng, games, visible_events
from voidtable.engine.records import Record, Recorder, replay

GAMES_PER_CONFIG = 200

CONFIGS = [
    pytest.param(name, n, variant, id=f"{name}-{n}p-{variant}")
    for name, spec in games().items()
    for n in spec.player_counts()
    for variant in (spec.variants or {"default": {}})
]


def options_of(name: str, variant: str) -> dict:
    return dict(voidtable.engine.get(name).variants.get(variant, {}))


def play_random(name: str, n: int, options: dict, seed: int, check_every: int = 0) -> tuple[Recorder, int]:
    """A whole random game through a Recorder; with ``check_every``, run the per-state checks that often."""
    rec = Recorder(name, n, seed, options)
    chooser = random.Random(seed)
    bound = voidtable.engine.get(name).max_decisions
    steps = 0
    while not rec.state.is_over():
        movers = rec.state.to_move()
        assert movers, "a game that is not over must have someone to move"
        p = movers[chooser.randrange(len(movers))]
        legal = rec.state.legal_actions(p)
        assert legal, f"seat {p} is to move but has no legal action"
        if check_every and steps % check_every == 0:
            check_state(rec.state, chooser)
        rec.apply(p, legal[chooser.randrange(len(legal))])
        steps += 1
        assert steps <= bound, f"game did not end within {bound} decisions"
    return rec, steps


def check_state(state, chooser: random.Random) -> None:
    """Clone independence, views on determinizations, legal actions apply, illegal ones rejected."""
    before = state.snapshot_json()
    # clone independence: play a clone to the end
    c = state.clone()
    while not c.is_over():
        p = c.to_move()[0]
        c.apply(p, chooser.choice(c.legal_actions(p)))
    assert state.snapshot_json() == before, "acting on a clone changed the original"
    # views are JSON-ready and identical on determinizations
    for p in [None, *range(state.players)]:
        v = state.view(p)
        assert json.loads(json.dumps(v)) == v
        if p is not None:
            d = state.determinize(p, Rng(chooser.randrange(1 << 30)))
            assert d.view(p) == v, f"view of seat {p} differs on a determinization"
            assert d.to_move() == state.to_move()
            assert d.legal_actions(p) == state.legal_actions(p)
    assert state.snapshot_json() == before, "determinize changed the original"
    # every legal action applies (on a clone)
    for p in state.to_move():
        for a in state.legal_actions(p):
            assert Action.from_json(json.loads(json.dumps(a.to_json()))) == a
            events = state.clone().apply(p, a)
            assert json.loads(json.dumps(events)) == events
    # illegal actions raise and change nothing
    movers = state.to_move()
    idle = [p for p in range(state.players) if p not in movers]
    bad = [(movers[0], Action("no-such-action", 1)), (-1, Action("select", None)), (state.players, Action("x"))]
    if idle and movers:
        bad.append((idle[0], state.legal_actions(movers[0])[0]))
    for p, a in bad:
        with pytest.raises(IllegalAction):
            state.apply(p, a)
        assert state.snapshot_json() == before, "an illegal action changed the state"


@pytest.mark.parametrize("name,n,variant", CONFIGS)
def test_random_games_end_and_results_are_sound(name, n, variant):
    options = options_of(name, variant)
    for seed in range(GAMES_PER_CONFIG):
        rec, _ = play_random(name, n, options, seed)
        res = rec.state.result()
        assert len(res.scores) == n and len(res.ranks) == n
        assert res.winners and all(res.ranks[w] == 1 for w in res.winners)
        assert sorted(set(res.ranks))[0] == 1
        assert abs(sum(res.win_shares()) - 1.0) < 1e-9


@pytest.mark.parametrize("name,n,variant", CONFIGS)
def test_states_along_games(name, n, variant):
    options = options_of(name, variant)
    for seed in range(3):
        play_random(name, n, options, 10_000 + seed, check_every=7)


@pytest.mark.parametrize("name,n,variant", CONFIGS)
def test_same_seed_same_events_and_replay(name, n, variant):
    options = options_of(name, variant)
    rec, _ = play_random(name, n, options, 77)
    again, _ = play_random(name, n, options, 77)
    assert again.events == rec.events
    data = json.loads(json.dumps(rec.record.to_json()))
    state, events = replay(Record.from_json(data))
    assert events == rec.events
    assert state.snapshot_json() == rec.state.snapshot_json()
    assert state.result() == rec.state.result()


@pytest.mark.parametrize("name,n,variant", CONFIGS)
def test_tampered_record_names_divergent_step(name, n, variant):
    options = options_of(name, variant)
    rec, steps = play_random(name, n, options, 5)
    data = rec.record.to_json()
    k = steps // 2
    data["checks"][k] = "000000000000"
    with pytest.raises(voidtable.RecordError, match=f"step {k}"):
        replay(Record.from_json(data))
    data = rec.record.to_json()
    data["actions"][k][1] = {"kind": "no-such-action", "arg": None}
    with pytest.raises(voidtable.RecordError, match=f"step {k + 1}"):
        replay(Record.from_json(data))


@pytest.mark.parametrize("name,n,variant", CONFIGS)
def test_private_events_reach_only_their_seats(name, n, variant):
    rec, _ = play_random(name, n, options_of(name, variant), 3)
    for e in rec.events:
        to = e.get("visible_to")
        if to is not None:
            assert to and all(0 <= p < n for p in to)
    public = visible_events(rec.events, None)
    assert all("visible_to" not in e for e in public)


GAME_NAMES = sorted(games())


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(GAME_NAMES), seed=st.integers(0, 2**40), choices=st.lists(st.integers(0, 10**6), max_size=400))
def test_property_any_legal_path_keeps_contract(name, seed, choices):
    spec = voidtable.engine.get(name)
    n = spec.min_players + seed % (spec.max_players - spec.min_players + 1)
    state = voidtable.load(name, n).new_state(seed)
    for x in choices:
        if state.is_over():
            break
        movers = state.to_move()
        p = movers[x % len(movers)]
        legal = state.legal_actions(p)
        before = state.snapshot_json()
        clone = state.clone()
        state.apply(p, legal[x % len(legal)])
        assert clone.snapshot_json() == before
    for p in range(n):
        assert state.determinize(p, Rng(seed)).view(p) == state.view(p)
