"""The quiet path (``set_events(False)``): the same game as the evented one, with no events built.

Search and word-free simulations apply actions on quiet states; the table, records
and replays keep every event. If a rule's state change hid inside an event's
construction (or behind a ``state.quiet`` test), the two paths would part: here every
registered game, player count and variant plays the same seeded random actions on
an evented and a quiet state in lockstep, and the two must agree on who moves, the
legal actions, the snapshots (at sampled steps and at the end) and the result.
"""

from __future__ import annotations

import random
import zlib

import pytest

import voidtable
from voidtable.engine import games
from voidtable.sim.runner import Batch, play_one

GAMES_PER_GAME = 6  # lockstep games per registered game, spread over its configs (at least one each)
SNAPSHOT_EVERY = 7  # compare snapshots every k steps (a snapshot costs more than a step)


def configs_of(name: str) -> list[tuple[int, str]]:
    spec = voidtable.engine.get(name)
    return [(n, v) for n in spec.player_counts() for v in (spec.variants or {"default": {}})]


CONFIGS = [pytest.param(name, n, variant, id=f"{name}-{n}p-{variant}") for name in games() for n, variant in configs_of(name)]


def options_of(name: str, variant: str) -> dict:
    return dict(voidtable.engine.get(name).variants.get(variant, {}))


@pytest.mark.parametrize("name,n,variant", CONFIGS)
def test_quiet_and_evented_paths_play_the_same_game(name: str, n: int, variant: str) -> None:
    game = voidtable.load(name, n, options_of(name, variant))
    per_config = max(1, GAMES_PER_GAME // len(configs_of(name)))
    base = zlib.crc32(f"quiet-{name}-{n}-{variant}".encode()) % 100_000
    for seed in range(base, base + per_config):
        loud = game.new_state(seed)
        quiet = game.new_state(seed, events=False)
        assert loud.events_on and not quiet.events_on
        assert quiet.setup_events == loud.setup_events, "setting up is the same (and keeps its events) on both paths"
        chooser = random.Random(seed)
        step = 0
        saw_events = False
        while not loud.is_over():
            assert not quiet.is_over()
            movers = loud.to_move()
            assert quiet.to_move() == movers
            p = movers[chooser.randrange(len(movers))]
            legal = loud.legal_actions(p)
            assert quiet.legal_actions(p) == legal
            a = legal[chooser.randrange(len(legal))]
            saw_events |= bool(loud.apply(p, a))
            assert quiet.apply(p, a) == [], "a quiet state returns no events"
            step += 1
            if step % SNAPSHOT_EVERY == 0:
                assert quiet.snapshot_json() == loud.snapshot_json(), f"the paths parted by step {step}"
                assert not quiet.clone().events_on, "a quiet state's clones stay quiet"
        assert quiet.is_over()
        assert saw_events, "the evented path produced events (else this test compares nothing)"
        assert quiet.snapshot_json() == loud.snapshot_json()
        assert quiet.result() == loud.result()


def test_switching_events_back_on_gives_only_new_events() -> None:
    """A state switched quiet and back produces the events of what follows, never those of the quiet stretch."""
    name = sorted(games())[0]
    spec = voidtable.engine.get(name)
    game = voidtable.load(name, spec.min_players)
    a, b = game.new_state(3), game.new_state(3)
    chooser = random.Random(3)
    b.set_events(False)
    for i in range(40):
        if a.is_over():
            break
        p = a.to_move()[0]
        legal = a.legal_actions(p)
        act = legal[chooser.randrange(len(legal))]
        if i == 20:
            b.set_events(True)
        ea, eb = a.apply(p, act), b.apply(p, act)
        assert eb == (ea if i >= 20 else [])


def test_simulations_without_measures_run_quiet_with_the_same_outcomes() -> None:
    """``play_one`` skips events unless it keeps them or measures: the outcome is the same either way."""
    name = "buccaneers" if "buccaneers" in games() else sorted(games())[0]
    quiet = Batch(name, 4, 3, seed=11, agents=("random", "heuristic"))
    loud = Batch(name, 4, 3, seed=11, agents=("random", "heuristic"), keep_events=True)
    for i in range(3):
        q, l = play_one(quiet, i), play_one(loud, i)
        assert q.error is None and l.error is None
        assert (q.scores, q.ranks, q.decisions) == (l.scores, l.ranks, l.decisions)
        assert q.events is None and l.events


def test_search_plays_quiet_states() -> None:
    """MCTS switches its determinizations to the quiet path (and stays deterministic for its seed)."""
    from voidtable.agents.mcts import MctsAgent
    from voidtable.engine.observation import observe

    name = "buccaneers" if "buccaneers" in games() else sorted(games())[0]
    game = voidtable.load(name, 4 if name == "buccaneers" else voidtable.engine.get(name).min_players)
    state = game.new_state(5)
    seen: list[bool] = []
    obs = observe(state, state.to_move()[0])
    sample = obs.sample

    def spy(rng):  # type: ignore[no-untyped-def]
        s = sample(rng)
        orig = s.set_events

        def record(on: bool) -> None:
            seen.append(on)
            orig(on)

        s.set_events = record  # type: ignore[method-assign]
        return s

    obs.sample = spy
    a1 = MctsAgent(name, seed=1, iterations=20).act(obs)
    assert seen and not any(seen), "every iteration's state was switched quiet"
    assert a1 == MctsAgent(name, seed=1, iterations=20).act(observe(state, state.to_move()[0]))
