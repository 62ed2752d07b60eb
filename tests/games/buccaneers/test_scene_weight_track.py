"""The Weight track's Threshold line is the final Threshold once step F has revealed a card beside the Black Hole.

Before, the line ignored that card's Weight, so a display that survived (Weight at or under
its final Threshold) was drawn beyond the line.
"""

from __future__ import annotations

import voidtable
from voidtable.engine.rng import Rng
from voidtable.games.buccaneers import scene


def finished(players: int, seed: int):
    state = voidtable.load("buccaneers", players).new_state(seed)
    rng = Rng(seed)
    while not state.is_over():
        p = state.to_move()[0]
        state.apply(p, rng.choice(state.legal_actions(p)))
    return state


def track(game, view, players):
    built = scene.build(game, view, [], None, [f"P{p}" for p in range(players)])
    return next(p for p in built["parts"] if p["id"] == "weights")


def test_survivors_sit_at_or_under_the_line_and_the_pulled_in_beyond_it():
    checked_card = 0
    for seed in range(12):
        players = 3 + seed % 4
        state = finished(players, seed)
        view = state.view(None)
        last = view["last_round"]
        t = track(state.game, view, players)
        if view["black_hole_card"]:
            checked_card += 1
            card_weight = state.game.rules.weight[state.game.rules.index[view["black_hole_card"]]][0]
            assert t["line"]["value"] == min(last["final_thresholds"])
            assert t["line"]["value"] >= view["black_hole"]["threshold"] + sum(view["threshold_cards"]) + min(card_weight, 0)
        for p, mark in enumerate(t["marks"]):
            own = last["final_thresholds"][p]
            assert mark["value"] == last["weights"][p]
            assert (mark["value"] > own) == last["drawn_in"][p], (seed, p, mark, own)
            if not last["drawn_in"][p] and own == t["line"]["value"]:
                assert mark["value"] <= t["line"]["value"]
            if own != t["line"]["value"]:
                assert f"own Threshold {own}" in mark["label"]
    assert checked_card >= 6  # most rounds reveal a card in step F
