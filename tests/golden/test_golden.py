"""Golden records and action-id pins of every built-in game (tests/golden/core.py says what they pin and why).

A game that plays a pinned seeded game differently, or numbers its actions differently, without a
``rules_version`` bump fails here with the game, the config, the step and the action; after a bump
the message names the re-pin command (``python -m tests.golden --update GAME``, docs/records.md).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from dataclasses import replace

import pytest

from voidtable.engine.registry import get

from .configs import configs_for
from .core import (HERE, UPDATE, GameFile, Mismatch, Pinned, builtin_games, check_universe, check_version, play, read,
                   read_universes, replay, replay_agents, universe_pins, update)

GAMES = builtin_games()
SMALL = "buccaneers"  # the shortest game: the mechanism's own tests tamper with its pins


def test_every_builtin_game_is_pinned_with_its_configs():
    """One file per built-in game, holding exactly the configs configs.py plans: every variant, the fewest and most players."""
    assert sorted(p.stem for p in HERE.glob("*.json")) == GAMES, f"re-pin with `{UPDATE}`"
    for name in GAMES:
        spec = get(name)
        pinned = read(name)
        assert pinned.game == name
        configs = [r.config for r in pinned.records]
        assert configs == configs_for(name, spec), f"{name}: configs.py plans other games than the pinned ones: `{UPDATE} {name}`"
        assert {c.variant for c in configs} == set(spec.variants)
        assert {spec.min_players, spec.max_players} <= {c.players for c in configs}
        assert any(set(c.agents) == {"random"} for c in configs)
        if spec.hooks.bot is not None:
            assert any(set(c.agents) == {"heuristic"} for c in configs)
        assert len({(c.players, c.seed, c.agents, c.variant, json.dumps(c.extra, sort_keys=True)) for c in configs}) == len(configs)


def _problems(name: str, check) -> list[str]:
    pinned = read(name)
    check_version(name, pinned.rules_version)
    out = []
    for rec in pinned.records:
        try:
            check(name, rec)
        except Mismatch as e:
            out.append(str(e))
    return out


@pytest.mark.parametrize("name", GAMES)
def test_rules_replay_the_pinned_games(name):
    """Each pinned game's actions give the pinned events at every step, the pinned result and final state."""
    problems = _problems(name, replay)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("name", GAMES)
def test_agents_choose_the_pinned_actions(name):
    """The same seeded agents (the game's bot, random, a bot with random moves) play each pinned game again."""
    problems = _problems(name, replay_agents)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("name", GAMES)
def test_action_ids_are_pinned(name):
    """The declared action universe at every player count and variant is the pinned one (the OpenSpiel ids)."""
    check_universe(name, read_universes().get(name), read(name).rules_version)


def test_pins_hold_in_a_fresh_process_under_another_hash_seed():
    """Digests depend on values only: the first pinned game of every game replays (rules and agents) with hash seed 0."""
    out = subprocess.run([sys.executable, "-m", "tests.golden", "--check", "--first"], cwd=HERE.parent.parent,
                         env={**os.environ, "PYTHONHASHSEED": "0"}, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stdout + out.stderr
    assert out.stdout.startswith(f"ok: {len(GAMES)} games checked"), out.stdout


# ----------------------------------------------------------------------------- the messages
def _first() -> Pinned:
    return read(SMALL).records[0]


def _raises(fn, *args) -> str:
    with pytest.raises(Mismatch) as e:
        fn(*args)
    return str(e.value)


def test_a_changed_step_names_game_config_step_and_action():
    rec = _first()
    label = f"{SMALL} [{rec.config.name}]"
    steps = [list(s) for s in rec.steps]
    steps[4][3] = "00000000"
    msg = _raises(replay, SMALL, replace(rec, steps=steps))
    seat, kind = rec.steps[4][0], rec.steps[4][1]
    assert msg.startswith(f"{label}: step 5 (seat {seat}, {kind}") and "the events differ (pinned 00000000, now " + rec.steps[4][3] in msg
    assert "step 0 (setup)" in _raises(replay, SMALL, replace(rec, setup="00000000"))
    assert "the result differs" in _raises(replay, SMALL, replace(rec, result={**rec.result, "winners": [9]}))
    msg = _raises(replay, SMALL, replace(rec, final="0" * 16))
    assert "final state's snapshot differs" in msg and f"{UPDATE} --accept-state {SMALL}" in msg
    assert "not over after the recorded actions" in _raises(replay, SMALL, replace(rec, steps=rec.steps[:-1]))


def test_an_action_the_agents_no_longer_choose_is_named_as_theirs():
    """A pinned game whose step 3 is another action: the agents check names step 3 and both actions; the rules check fails on its events."""
    rec = _first()
    other = play(SMALL, replace(rec.config, agents=("random",) * rec.config.players))
    first = next(i for i, (a, b) in enumerate(zip(rec.steps, other.steps)) if a[:3] != b[:3])
    spliced = replace(rec, steps=other.steps[:first + 1] + rec.steps[first + 1:])
    msg = _raises(replay_agents, SMALL, spliced)
    assert f"step {first + 1} (seat {rec.steps[first][0]}, {rec.steps[first][1]}" in msg and "the agents now choose this" in msg
    assert "no rules_version bump needed" in msg
    step = int(re.search(r"\]: step (\d+) ", _raises(replay, SMALL, spliced)).group(1))
    assert step > first  # the rules check fails at the spliced step or, if its events look the same, after it


def test_a_rules_version_bump_asks_for_a_re_pin_by_command():
    now = get(SMALL).rules_version
    assert _raises(check_version, SMALL, now - 1) == (f"rules_version of {SMALL} changed from {now - 1} to {now}: "
                                                      f"re-pin with `{UPDATE} {SMALL}`")
    check_version(SMALL, now)


def test_changed_action_ids_ask_for_a_bump_then_a_re_pin():
    pins = universe_pins(SMALL)
    changed = {k: {**v, "size": v["size"] + 1} for k, v in pins.items()}
    now = get(SMALL).rules_version
    msg = _raises(check_universe, SMALL, changed, now)
    assert msg.startswith(f"the action ids of {SMALL} changed (") and f"bump {SMALL}'s rules_version" in msg and UPDATE in msg
    assert f"re-pin with `{UPDATE} {SMALL}`" in _raises(check_universe, SMALL, changed, now - 1)
    assert "are not pinned" in _raises(check_universe, SMALL, None, now)


# ----------------------------------------------------------------------------- the update command
def test_update_is_idempotent_re_pins_agents_and_refuses_unbumped_rule_changes(tmp_path):
    committed = (HERE / f"{SMALL}.json").read_text()
    (tmp_path / f"{SMALL}.json").write_text(committed)
    assert update(SMALL, folder=tmp_path) == [f"{SMALL}: unchanged (rules_version {get(SMALL).rules_version})"]
    assert (tmp_path / f"{SMALL}.json").read_text() == committed

    pinned = GameFile.parse(committed, "copy")
    rec = pinned.records[1]  # a bot that now plays otherwise: a game its agents no longer choose, rules intact
    other = play(SMALL, replace(rec.config, agents=("random",) * rec.config.players))
    pinned.records[1] = replace(other, config=rec.config)
    (tmp_path / f"{SMALL}.json").write_text(pinned.text())
    assert update(SMALL, folder=tmp_path) == [f"{SMALL} [{rec.config.name}]: the agents play differently now, re-pinned"]
    assert (tmp_path / f"{SMALL}.json").read_text() == committed

    pinned = GameFile.parse(committed, "copy")
    pinned.records[0].steps[2][3] = "00000000"  # the rules play step 3 otherwise under the same version
    (tmp_path / f"{SMALL}.json").write_text(pinned.text())
    msg = _raises(update, SMALL, False, tmp_path)
    assert msg.startswith("refused: ") and "step 3" in msg and "needs a bump" in msg

    pinned.rules_version -= 1  # after a bump: everything pinned anew, the same as the committed pins
    (tmp_path / f"{SMALL}.json").write_text(pinned.text())
    assert update(SMALL, folder=tmp_path)[0].startswith(f"{SMALL}: pinned {len(pinned.records)} games")
    assert (tmp_path / f"{SMALL}.json").read_text() == committed
