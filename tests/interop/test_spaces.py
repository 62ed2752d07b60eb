"""The per-game interop hooks: every action random play meets has an id; tensors keep their shape."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")

from voidtable.engine.registry import get  # noqa: E402
from voidtable.engine.rng import Rng  # noqa: E402
from voidtable.interop.core import context_for  # noqa: E402
from voidtable.interop.registry import supported  # noqa: E402

CASES = [(g, v) for g in supported() for v in get(g).variants]


@pytest.mark.parametrize("name,variant", CASES)
def test_random_play_stays_inside_the_action_space_and_tensor_shapes(name, variant):
    spec = get(name)
    for players in (spec.min_players, spec.max_players):
        ctx = context_for(name, players, dict(spec.variants[variant]))
        for seed in range(3):
            state = ctx.game.new_state(seed)
            rng = Rng(seed + 100 * players)
            steps = 0
            while not state.is_over():
                seat = state.to_move()[0]
                legal = state.legal_actions(seat)
                ids, mapping = ctx.space.legal(legal)  # raises on an action without an id, or two sharing one
                assert len(ids) == len(legal) and all(ctx.space.keys[i] == ctx.space.key(a) if ctx.space.key else ctx.space.keys[i] == a
                                                      for i, a in mapping.items())
                if steps % 25 == 0:
                    obs = ctx.observation(state, seat)
                    assert obs.shape == (ctx.obs_layout.size,) and np.isfinite(obs).all()
                    assert obs.min() >= -1.0 and obs.max() <= 1.0
                state.apply(seat, legal[rng.below(len(legal))])
                steps += 1


def test_declared_universe_keeps_the_old_action_ids():
    """The ids derived from each game's declared action kinds are the ids the hand-written interop spaces gave."""
    import hashlib
    import json
    from pathlib import Path

    from voidtable.engine.actions import _arg_to_json
    from voidtable.engine.registry import load

    old = json.loads((Path(__file__).parent / "action_universe_v1.json").read_text())
    for name in ("buccaneers", "blacksun"):  # the two games that had hand-written spaces (tests/golden pins every game's ids)
        for players, want in old[name].items():
            ctx = context_for(name, int(players))
            keys = [[k.kind, _arg_to_json(k.arg)] for k in ctx.space.keys]
            got = hashlib.sha256(json.dumps(keys, separators=(",", ":")).encode()).hexdigest()
            assert len(keys) == want["size"], (name, players)
            assert keys[:3] == want["first"] and keys[-3:] == want["last"], (name, players)
            assert got == want["sha256"], f"{name} ({players} players): the action ids changed"
            assert load(name, int(players)).spec.actions is not None
