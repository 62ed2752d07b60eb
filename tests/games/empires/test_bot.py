"""The first heuristic player: it plays whole games through its observations at 2-4 players."""

from __future__ import annotations

import random

from voidtable.engine.observation import observe
from voidtable.engine.rng import Rng
from voidtable.games.empires import SPEC

from .helpers import fresh


def test_heuristic_plays_whole_games_legally():
    hooks = SPEC.hooks.bot
    assert hooks is not None
    for players in (2, 3, 4):
        s = fresh(players, seed=10 + players, options={"negotiation": "full"})
        rng = Rng(players)
        chooser = random.Random(players)
        while not s.is_over():
            p = chooser.choice(s.to_move())
            a = hooks.act(observe(s, p), rng) if p == 0 else hooks.rollout_policy(s, p, s.legal_actions(p), rng)
            assert a in s.legal_actions(p)
            s.apply(p, a)
        assert s.result().winners
