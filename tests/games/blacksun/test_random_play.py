"""Random games at 2-6 players in every variant finish, and the board never breaks its placement rules."""

from __future__ import annotations

import random

import pytest

import voidtable
from voidtable.games.blacksun import SPEC
from voidtable.games.blacksun.flow import Arrange, Walk
from voidtable.games.blacksun.positions import BOARD, anchors

from .helpers import kind


def check_board(s) -> None:
    if s.board is None or not s.owner:
        return
    nh = s.board.n_hex
    seen_edges = {}
    for x in range(len(s.owner)):
        loc = s.loc[x]
        if s.sstate[x] != BOARD:
            assert loc == -1
            continue
        if loc == -1:  # in transit: a walking fleet, or ships waiting to be arranged
            top = s.stack[-1]
            assert (isinstance(top, Walk) and x in top.fleet) or any(isinstance(t, Arrange) and x in t.ships for t in s.stack)
            continue
        if loc < nh:
            assert s.centre[loc * s.n + s.owner[x]] == x
            assert s.board.stayable[loc], "a ship stayed where ships may not remain"
        else:
            assert s.edge_occ[loc - nh] == x
            seen_edges[loc - nh] = x
    assert sum(1 for e in s.edge_occ if e >= 0) == len(seen_edges)
    if s.stack and kind(s) in ("arrange", "recentre", "walk", "lose", "counter", "retreat_move", "retreat_pick", "retreat_to"):
        return  # mid-move or mid-placement: an edge ship may wait for a centre ship (re-centring follows)
    for e, x in seen_edges.items():
        assert anchors(s, x), f"edge ship {x} has no same-faction ship in a centre"


@pytest.mark.parametrize("variant", sorted(SPEC.variants))
@pytest.mark.parametrize("players", range(2, 7))
def test_random_games_finish(players, variant):
    for seed in range(3):
        s = voidtable.load("blacksun", players, SPEC.variants[variant]).new_state(seed)
        rnd = random.Random(seed)
        steps = 0
        while not s.is_over():
            p = s.to_move()[0]
            legal = s.legal_actions(p)
            assert legal
            s.apply(p, legal[rnd.randrange(len(legal))])
            if seed == 0:
                check_board(s)
            steps += 1
            assert steps <= SPEC.max_decisions
        r = s.result()
        assert r.winners and max(r.scores) == r.scores[r.winners[0]]


def test_options_are_validated():
    with pytest.raises(voidtable.OptionError):
        voidtable.load("blacksun", 3, {"necessity": "maybe"})
    with pytest.raises(voidtable.OptionError):
        voidtable.load("blacksun", 3, {"no_such_option": 1})
    with pytest.raises(voidtable.OptionError):
        voidtable.load("blacksun", 7)
    g = voidtable.load("blacksun", 3, {"ships.raider.move": 4})
    assert g.rules.ships["raider"].move == 4
    assert any("ships.freighter" == path for path, _ in g.assumptions())
