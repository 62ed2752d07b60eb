"""The shared conformance suite: every registered game, every player count, every variant.

A game joins by registering (see engine/registry.py). What is checked: random
games end within the game's stated decision bound; same seed and actions give
the same events; a record replays identically (also through JSON); clones are
independent; a seat's view is the same on any determinization for that seat;
every legal action applies; anything else raises IllegalAction and changes
nothing; actions, views and records survive JSON.

What is sampled, and why: the suite's cost must stay linear in a game's length
and bounded per game, so that long games (thousands of decisions) can join
without the test command outgrowing its budget. Random games are budgeted per
registered game (``RANDOM_GAMES_PER_GAME`` spread over its player counts x
variants, at least ``MIN_GAMES_PER_CONFIG`` each), not per config; so are the
games walked with the per-state checks (``STATE_GAMES_PER_GAME``, each config
walked at least once and at most ``STATE_GAMES_PER_CONFIG`` times: a game of
many player counts x variants walks each once, a game of few each up to three
times). A game walked with the per-state checks is first played, then replayed
with the checks at ``CHECKED_STEPS`` sampled steps (first, last, the rest
seeded-random), not at every k-th step. Clone independence is probed there with
up to ``voidtable.testing.CLONE_PROBE_ACTIONS`` random actions on a clone; a clone is played to
the end at one sampled step per game only.
"""

from __future__ import annotations

import json
import random
import zlib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import voidtable
from voidtable.engine import Rng, games, visible_events
from voidtable.engine.events import event_json, seats_seeing
from voidtable.engine.records import Record, Recorder, replay
from voidtable.testing import (  # the per-state checks, shipped for outside games (docs/architecture.md)
    CHECKED_STEPS, check_facts_events, check_facts_result, check_movers_keep_their_choices, check_state,
    random_moves, sample_steps,
)

RANDOM_GAMES_PER_GAME = 160  # random games per registered game, spread over its configs
MIN_GAMES_PER_CONFIG = 5  # ... but every player count x variant plays at least this many
STATE_GAMES_PER_GAME = 10  # games walked with the per-state checks per registered game, spread over its configs
STATE_GAMES_PER_CONFIG = 3  # ... at most this many per config, and at least one


def configs_of(name: str) -> list[tuple[int, str]]:
    """Every (player count, variant) of a game; a game without variants has one, ``default``."""
    spec = voidtable.engine.get(name)
    return [(n, variant) for n in spec.player_counts() for variant in (spec.variants or {"default": {}})]


CONFIGS = [pytest.param(name, n, variant, id=f"{name}-{n}p-{variant}") for name in games() for n, variant in configs_of(name)]


def options_of(name: str, variant: str) -> dict:
    return dict(voidtable.engine.get(name).variants.get(variant, {}))


def games_per_config(name: str) -> int:
    """The game's random-game budget split evenly over its configs, never below ``MIN_GAMES_PER_CONFIG``."""
    return max(MIN_GAMES_PER_CONFIG, RANDOM_GAMES_PER_GAME // len(configs_of(name)))


def state_games_per_config(name: str) -> int:
    """Games walked with the per-state checks per config: the game's budget split over its configs, within 1..3."""
    return max(1, min(STATE_GAMES_PER_CONFIG, STATE_GAMES_PER_GAME // len(configs_of(name))))


def config_seed(name: str, n: int, variant: str) -> int:
    """A stable seed base per config (crc32, not hash()), so that configs play different deals."""
    return zlib.crc32(f"{name}-{n}p-{variant}".encode()) % 1_000_000 * 1_000


def play_random(name: str, n: int, options: dict, seed: int) -> tuple[Recorder, int]:
    """A whole random game through a Recorder, held to the game's ``max_decisions``; returns it and its length."""
    rec = Recorder(name, n, seed, options)
    return rec, random_moves(rec.state, rec.apply, seed)


def random_game(name: str, n: int, options: dict, seed: int) -> tuple[object, int]:
    """The same game as ``play_random`` (same seed, same moves) on a bare state: no record, for checks that read
    only how it ended."""
    state = voidtable.load(name, n, options, cache=True).new_state(seed)
    return state, random_moves(state, state.apply, seed)


def walk_with_checks(name: str, n: int, options: dict, seed: int) -> None:
    """Play a random game, then replay its actions on a fresh state running ``check_state`` at sampled steps.

    The cost is linear in the game's length (playing it twice) plus ``CHECKED_STEPS`` checks;
    the clone is played to the end at one of those steps.
    """
    rec, steps = play_random(name, n, options, seed)
    rng = random.Random(f"checks-{seed}")  # apart from the move chooser: checks never change the game played
    checked = sample_steps(steps, rng)
    assert len(checked) == min(steps, CHECKED_STEPS)
    to_the_end = rng.choice(checked)
    state = voidtable.load(name, n, options).new_state(seed)
    done = 0
    for step, (p, a) in enumerate(rec.record.actions):
        if step in checked:
            check_state(state, rng, clone_to_end=step == to_the_end)
            done += 1
        check_movers_keep_their_choices(state, rng)
        state.apply(p, a)
    assert done == len(checked), "some sampled steps were never checked"
    assert state.snapshot_json() == rec.state.snapshot_json(), "the checks changed the game they checked"


def test_random_game_budget_covers_every_config():
    """Each game's random-game and walked-game budgets reach every config and stay bounded per game."""
    for name in games():
        configs = configs_of(name)
        per_config = games_per_config(name)
        assert per_config >= MIN_GAMES_PER_CONFIG
        assert per_config * len(configs) <= max(RANDOM_GAMES_PER_GAME, MIN_GAMES_PER_CONFIG * len(configs))
        walked = state_games_per_config(name)
        assert 1 <= walked <= STATE_GAMES_PER_CONFIG
        assert walked * len(configs) <= max(STATE_GAMES_PER_GAME, len(configs))
        spec = voidtable.engine.get(name)
        assert {n for n, _ in configs} == set(spec.player_counts())
        assert {v for _, v in configs} == set(spec.variants or {"default": {}})


def test_sample_steps_is_bounded_and_spans_the_game():
    rng = random.Random(0)
    assert sample_steps(5, rng) == [0, 1, 2, 3, 4]
    for length in (CHECKED_STEPS, CHECKED_STEPS + 1, 100, 40_000):
        steps = sample_steps(length, rng)
        assert len(steps) == CHECKED_STEPS and steps[0] == 0 and steps[-1] == length - 1
        assert steps == sorted(set(steps)) and all(0 <= s < length for s in steps)


@pytest.mark.parametrize("name,n,variant", CONFIGS)
def test_random_games_end_and_results_are_sound(name, n, variant):
    options = options_of(name, variant)
    base = config_seed(name, n, variant)
    for seed in range(base, base + games_per_config(name)):
        state, _ = random_game(name, n, options, seed)
        res = state.result()
        assert len(res.scores) == n and len(res.ranks) == n
        assert res.winners and all(res.ranks[w] == 1 for w in res.winners)
        assert sorted(set(res.ranks))[0] == 1
        assert abs(sum(res.win_shares()) - 1.0) < 1e-9
        check_facts_result(state)


@pytest.mark.parametrize("name,n,variant", CONFIGS)
def test_states_along_games(name, n, variant):
    options = options_of(name, variant)
    for seed in range(state_games_per_config(name)):
        walk_with_checks(name, n, options, 10_000 + seed)


@pytest.fixture(scope="module", params=[p.values for p in CONFIGS], ids=[p.id for p in CONFIGS])
def recorded(request) -> tuple[str, int, str, Recorder, int]:
    """One recorded random game per config (seed 77), shared by the record and event checks below; none changes it.

    Module scope groups the three tests of a config together (pytest orders them so), so the game is played once.
    """
    name, n, variant = request.param
    rec, steps = play_random(name, n, options_of(name, variant), 77)
    return name, n, variant, rec, steps


def test_same_seed_same_events_and_replay(recorded):
    name, n, variant, rec, _ = recorded
    again, _ = play_random(name, n, options_of(name, variant), 77)
    assert again.events == rec.events
    data = json.loads(json.dumps(rec.record.to_json()))
    state, events = replay(Record.from_json(data))
    assert events == rec.events
    assert state.snapshot_json() == rec.state.snapshot_json()
    assert state.result() == rec.state.result()


def test_tampered_record_names_divergent_step(recorded):
    _, _, _, rec, steps = recorded
    data = rec.record.to_json()
    k = steps // 2
    data["checks"][k] = "000000000000"
    with pytest.raises(voidtable.RecordError, match=f"step {k}"):
        replay(Record.from_json(data))
    data = rec.record.to_json()
    data["actions"][k][1] = {"kind": "no-such-action", "arg": None}
    with pytest.raises(voidtable.RecordError, match=f"step {k + 1}"):
        replay(Record.from_json(data))


def test_private_events_reach_only_their_seats(recorded):
    name, n, _, rec, _ = recorded
    for e in rec.events:
        to = seats_seeing(e)
        if to is not None:
            assert to and all(0 <= p < n for p in to)
    check_facts_events(voidtable.engine.get(name).facts, name, rec.events, n)  # none hidden where declared perfect
    public = visible_events(rec.events, None)
    assert all(seats_seeing(e) is None and "visible_to" not in event_json(e) for e in public)


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
