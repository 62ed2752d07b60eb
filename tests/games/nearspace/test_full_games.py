"""Whole games through the flow machine with a simple directed player: every way to win is reached."""

from __future__ import annotations

import random
from collections import Counter

from voidtable.testing import check_state
from voidtable.engine.game import Game
from voidtable.games.nearspace import SPEC


def directed(s, p, legal, rng):
    """Invest, build small Corsairs, march every group toward the enemy Homeworld, defend with all."""
    r = s.r
    dist = r.board.distance[1 - p]

    def score(a):
        k = a.kind
        if k == "invest":
            return 100 + a.arg[1]
        if k == "start_hull":
            return 50 + (10 if a.arg[2] == "red" else 0) + (5 if a.arg[1] == 6 else 0)
        if k == "add":
            return 90
        if k in ("step", "group"):
            return 80 - dist[r.board.index[a.arg]]
        if k == "defend":
            return 60
        if k == "keep":
            return int(bool(a.arg))
        if k in ("build_done", "end_turn", "defend_done"):
            return 10
        return 20

    best = max(score(a) for a in legal)
    return rng.choice([a for a in legal if score(a) == best])


def test_directed_games_reach_every_victory():
    game = Game(SPEC, 2, {})
    reasons = Counter()
    for seed in range(20):
        s = game.new_state(seed)
        rng, checks = random.Random(seed), random.Random(-seed)
        n = 0
        while not s.is_over():
            if n % 40 == 7:
                check_state(s, checks)
            p = s.to_move()[0]
            s.apply(p, directed(s, p, s.legal_actions(p), rng))
            n += 1
        reasons[s.over_reason] += 1
        res = s.result()
        loser = 1 - res.winners[0] if len(res.winners) == 1 else None
        if s.over_reason == "conquest":
            assert s.graveyard_facets(loser) >= 100
        if s.over_reason == "exile":
            assert s.has_ships(res.winners[0], s.homeworld(loser)) and s.exile[res.winners[0]] == 3
        if s.over_reason == "annihilation":
            assert not s.fleet(loser)
    assert {"annihilation", "exile", "conquest"} <= set(reasons), reasons
