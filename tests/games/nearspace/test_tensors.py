"""The observation tensors: read from views only, the hidden-hands option keeps the other Hand out."""

from __future__ import annotations

import random

import numpy as np

from voidtable.engine.game import Game
from voidtable.games.nearspace import SPEC
from voidtable.games.nearspace.tensors import NearspaceEncoder


def tensors(game: Game, state, seat: int) -> dict[str, np.ndarray]:
    enc = NearspaceEncoder(game)
    layout = enc.public if not enc.private.sections else type(enc.public)(enc.public.sections + enc.private.sections)
    flat = layout.zeros()
    out = layout.views(flat)
    view = state.view(seat)
    enc.fill_public(out, view, seat)
    if enc.private.sections:
        enc.fill_private(out, view, seat)
    return out


def played(options: dict, seed: int, steps: int):
    game = Game(SPEC, 2, options)
    state = game.new_state(seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over():
            break
        p = state.to_move()[0]
        legal = state.legal_actions(p)
        state.apply(p, legal[rng.randrange(len(legal))])
    return game, state


def test_ships_cards_and_seats_are_relative_to_the_observer():
    game, state = played({}, 3, 120)
    a, b = tensors(game, state, 0), tensors(game, state, 1)
    assert np.array_equal(a["place_dice"][:, 0], b["place_dice"][:, 1])
    assert np.array_equal(a["hand"][0], b["hand"][1]) and a["hand"][0].sum() == len(state.hand[0])
    assert a["place"][:, 2].sum() == sum(state.face_up)
    assert all(np.isfinite(t).all() for t in a.values())


def test_hidden_hands_keep_the_other_hand_out_of_the_tensor():
    game, state = played({"hidden_hands": True}, 5, 60)
    mine = tensors(game, state, 0)
    assert mine["hand"].sum() == 0, "no Hand in the public part when Hands are secret"
    assert mine["my_hand"].sum() == len(state.hand[0])
    other = state.clone()
    n = len(other.hand[1])
    other.hand[1], other.resource[1][:n] = list(other.resource[1][:n]), list(other.hand[1])  # other cards in that Hand
    assert sorted(other.hand[1]) != sorted(state.hand[1])
    assert all(np.array_equal(mine[k], tensors(game, other, 0)[k]) for k in mine)
