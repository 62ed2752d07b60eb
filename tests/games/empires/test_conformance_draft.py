"""The shared conformance checks, run on the unregistered draft spec directly.

The suite in tests/conformance walks registered games by name; Empires is not
registered yet (``SPEC_DRAFT``), so this file plays its games itself and hands
states to the suite's per-state checks (clone independence, views kept by
determinizations, every legal action applies, illegal ones are refused, the
declarations match behaviour), following ``walk_with_checks`` step for step.
"""

from __future__ import annotations

import json
import random

import pytest

from tests.conformance.drafts import play_draft
from tests.conformance.test_conformance import check_declarations, check_state, sample_steps
from voidtable.engine import Action, Rng
from voidtable.engine.game import Game
from voidtable.games.empires import SPEC_DRAFT

CONFIGS = [(n, v) for n in (2, 3, 4) for v in sorted(SPEC_DRAFT.variants)]


def play(players: int, options: dict, seed: int):
    return play_draft(SPEC_DRAFT, players, options, seed)


@pytest.mark.parametrize("players, variant", CONFIGS)
def test_random_games_end_and_results_are_sound(players, variant):
    for seed in range(2):
        state, actions, events = play(players, SPEC_DRAFT.variants[variant], 1000 + seed)
        res = state.result()
        assert len(res.scores) == players and res.winners and all(res.ranks[w] == 1 for w in res.winners)
        assert abs(sum(res.win_shares()) - 1.0) < 1e-9
        assert json.loads(json.dumps(events)) == events
        for e in events:
            to = e.get("visible_to")
            assert to is None or (to and all(0 <= p < players for p in to))


@pytest.mark.parametrize("players, variant", [(2, "standard"), (3, "advanced"), (4, "standard"), (4, "advanced_short")])
def test_states_along_games(players, variant):
    options = SPEC_DRAFT.variants[variant]
    final, actions, _ = play(players, options, 2000 + players)
    rng = random.Random(f"checks-{players}-{variant}")
    checked = sample_steps(len(actions), rng)
    to_the_end = rng.choice(checked)
    state = Game(SPEC_DRAFT, players, options).new_state(2000 + players)
    for step, (p, a) in enumerate(actions):
        if step in checked:
            check_state(state, rng, clone_to_end=step == to_the_end)
        state.apply(p, a)
    assert state.snapshot_json() == final.snapshot_json(), "the checks changed the game they checked"


def test_same_seed_same_events_and_replay():
    a, actions, ev_a = play(3, {}, 77)
    b, _, ev_b = play(3, {}, 77)
    assert ev_a == ev_b and a.snapshot_json() == b.snapshot_json()
    again = Game(SPEC_DRAFT, 3, {}).new_state(77)
    for p, act in actions:
        again.apply(p, Action.from_json(json.loads(json.dumps(act.to_json()))))
    assert again.snapshot_json() == a.snapshot_json() and again.result() == a.result()


def test_declarations_hold_in_every_kind_of_decision():
    """Walk games (attacking whenever possible, else building and moving) until every decision kind is checked."""
    wanted = {"ChooseRace", "ChooseCorner", "RotateTile", "CoverPlanet", "PreRound", "PreRoundTurn", "ChooseAction",
              "MoveShip", "ChooseTarget", "TakeCasualty", "TakePlanet"}
    seen: set[str] = set()
    for seed in range(30):
        state = Game(SPEC_DRAFT, 4 - seed % 3, {"advanced": seed % 2 == 1}).new_state(3000 + seed)
        chooser = random.Random(seed)
        while not state.is_over():
            kind = type(state.pending).__name__
            if kind not in seen:
                seen.add(kind)
                check_declarations(state)
            p = chooser.choice(state.to_move())
            legal = state.legal_actions(p)
            fight = [a for a in legal if a.kind in ("attack", "target", "take")]
            busy = [a for a in legal if a.kind in ("move", "to", "build", "research")]
            state.apply(p, chooser.choice(fight or (busy if busy and chooser.random() < 0.9 else legal)))
        if wanted <= seen:
            break
    assert wanted <= seen, sorted(wanted - seen)


def test_determinization_keeps_the_view_and_hides_hands():
    state, actions, _ = play(4, {}, 55)
    s = Game(SPEC_DRAFT, 4, {}).new_state(55)
    for p, a in actions[:150]:
        s.apply(p, a)
    for p in range(4):
        d = s.determinize(p, Rng(9))
        assert d.view(p) == s.view(p)
        assert d.hands[p] == s.hands[p]
        assert sorted(d.deck + sum((d.hands[q] for q in range(4) if q != p), [])) == \
            sorted(s.deck + sum((s.hands[q] for q in range(4) if q != p), []))
