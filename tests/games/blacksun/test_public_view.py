"""Every public fact of Black Sun is in every seat's view (and the spectator's).

The page needs them: which rim edge a ship sits on (a rim edge borders one hex, so its two
hexes cannot say) and the last planet roll (so the page can show the dice).
"""

from __future__ import annotations

import random

import voidtable
from voidtable.engine.hexgrid import DIRECTIONS
from voidtable.games.blacksun.events import PlanetRoll


def test_views_say_which_edge_a_ship_is_on_and_the_last_planet_roll():
    rim_seen = rolls_seen = 0
    for seed in range(6):
        players = 2 + seed % 5
        game = voidtable.load("blacksun", players)
        state = game.new_state(seed)
        rng = random.Random(seed)
        last_roll = None
        events = list(state.setup_events)
        for _ in range(600):
            for e in events:
                if isinstance(e, PlanetRoll):
                    last_roll = e
            views = [state.view(p) for p in range(players)] + [state.view(None)]
            board = state.board
            for v in views:
                assert v == views[-1]  # nothing on a Black Sun board is one seat's secret (the undealt order is in no view)
            if board is not None:
                v = views[-1]
                roll = v["last_roll"]
                if last_roll is None:
                    assert roll is None
                else:
                    rolls_seen += 1
                    assert roll == {"seat": last_roll.seat, "dice": list(last_roll.dice), "total": last_roll.total,
                                    "planet": last_roll.planet}
                for ship in v["ships"]:
                    at = ship["at"]
                    if not at or "edge" not in at:
                        continue
                    a, b = at["edge"]
                    side = at["side"]
                    dq, dr = DIRECTIONS[side]
                    assert board.hex_edge[board.hex_of(a)][side] == state.loc[ship["id"]] - board.n_hex
                    if b is None:
                        rim_seen += 1
                        assert board.hex_of((a[0] + dq, a[1] + dr)) < 0  # a rim edge faces off the board
                    else:
                        assert [a[0] + dq, a[1] + dr] == b
            if state.is_over():
                break
            p = state.to_move()[0]
            events = state.apply(p, rng.choice(state.legal_actions(p)))
    assert rim_seen > 0 and rolls_seen > 0
