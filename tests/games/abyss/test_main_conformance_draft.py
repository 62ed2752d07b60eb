"""The shared conformance checks, run on the unregistered main game (``SPEC_DRAFT``) directly.

The suite in tests/conformance walks registered games by name; the main game is
not registered yet, so this file plays its games itself at 2-6 players in every
variant and hands states to the suite's per-state checks (clone independence,
views equal on a determinization, every legal action applies, illegal ones are
refused, the declarations match behaviour), following ``walk_with_checks``.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conformance.drafts import play_draft
from tests.conformance.test_conformance import check_declarations, check_state, sample_steps
from voidtable.engine import Action, Rng
from voidtable.engine.game import Game
from voidtable.games.abyss.fourx import SPEC_DRAFT

CONFIGS = [(n, v) for n in SPEC_DRAFT.player_counts() for v in sorted(SPEC_DRAFT.variants)]
#: Walked with the per-state checks: every player count in the standard game, every variant at 3 and 6 (time).
WALKED = [(n, v) for n, v in CONFIGS if v == "standard" or n in (3, 6)]


def play(players: int, options: dict, seed: int):
    return play_draft(SPEC_DRAFT, players, options, seed)


@pytest.mark.parametrize("players,variant", CONFIGS)
def test_random_games_end_and_results_are_sound(players, variant):
    for seed in range(2):
        state, actions, events = play(players, SPEC_DRAFT.variants[variant], 1000 + seed)
        res = state.result()
        assert len(res.scores) == players and res.winners and all(res.ranks[w] == 1 for w in res.winners)
        assert abs(sum(res.win_shares()) - 1.0) < 1e-9
        assert json.loads(json.dumps(events)) == events


@pytest.mark.parametrize("players,variant", WALKED)
def test_states_along_games(players, variant):
    options = SPEC_DRAFT.variants[variant]
    seed = 2000 + players
    final, actions, _ = play(players, options, seed)
    rng = random.Random(f"checks-{seed}")
    checked = sample_steps(len(actions), rng)
    to_the_end = rng.choice(checked)
    state = Game(SPEC_DRAFT, players, options).new_state(seed)
    for step, (p, a) in enumerate(actions):
        if step in checked:
            check_state(state, rng, clone_to_end=step == to_the_end)
        state.apply(p, a)
    assert state.snapshot_json() == final.snapshot_json(), "the checks changed the game they checked"


@pytest.mark.parametrize("players", [2, 6])
def test_same_seed_same_events_and_replay(players):
    a, actions, ev_a = play(players, {}, 77)
    b, _, ev_b = play(players, {}, 77)
    assert ev_a == ev_b and a.snapshot_json() == b.snapshot_json()
    again = Game(SPEC_DRAFT, players, {}).new_state(77)
    for p, act in actions:
        again.apply(p, Action.from_json(json.loads(json.dumps(act.to_json()))))
    assert again.snapshot_json() == a.snapshot_json() and again.result() == a.result()


def test_declarations_hold_mid_game_in_every_kind_of_decision():
    """Walk games, preferring war and building, until the main kinds of decision have been seen and checked."""
    seen: set[str] = set()
    for seed in range(10):
        state = Game(SPEC_DRAFT, 3, {"map": 1} if seed % 2 else {}).new_state(3000 + seed)
        chooser = random.Random(seed)
        while not state.is_over():
            kind = type(state.pending).__name__
            if kind not in seen:
                seen.add(kind)
                check_declarations(state)
            p = state.to_move()[0]
            legal = state.legal_actions(p)
            busy = [a for a in legal if a.kind not in ("done", "stop", "abstain", "offer_peace")] or legal
            state.apply(p, chooser.choice(busy if chooser.random() < 0.9 else legal))
    assert {"HomePick", "Movement", "ShipMove", "Purchase", "ResolutionVote", "Election", "Turn", "Move"} <= seen, seen


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**40), choices=st.lists(st.integers(0, 10**6), max_size=300), players=st.integers(2, 6))
def test_property_any_legal_path_keeps_contract(seed, choices, players):
    state = Game(SPEC_DRAFT, players, {}).new_state(seed)
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
    for p in range(players):
        assert state.determinize(p, Rng(seed)).view(p) == state.view(p)
