"""The declared action kinds: the universe keeps its ids, and every legal action is in it."""

from __future__ import annotations

import voidtable
from voidtable.engine.actions import Action
from voidtable.engine.rng import Rng
from voidtable.games.buccaneers.actions import ACTIONS, SELECT


def test_universe_order_and_size():
    game = voidtable.load("buccaneers", 4)
    r = game.rules
    u = ACTIONS.universe(game)
    keys = list(r.keys)
    thresholds = sorted(set(r.data.components.threshold_cards))
    groups = sum(1 for c in r.data.cards.values() if c.kind == "time_machine")
    relics = [c.effect for c in r.data.cards.values() if c.kind == "relic" and c.effect]
    expected = ([Action("select", k) for k in keys] + [Action("keep", k) for k in keys]
                + [Action("discard", k) for k in keys] + [Action("threshold_card", v) for v in thresholds]
                + [Action("group", g) for g in range(groups)] + [Action("use", e) for e in relics]
                + [Action("decline", e) for e in relics])
    assert u == expected
    assert len(u) == 232
    assert game.spec.actions is ACTIONS
    assert SELECT("spacecraft_1") == Action("select", "spacecraft_1")
    assert ACTIONS.route(SELECT("spacecraft_1")) == ("card", "spacecraft_1")


def test_every_legal_action_is_declared():
    for players in (3, 6):
        game = voidtable.load("buccaneers", players)
        universe = set(ACTIONS.universe(game))
        for seed in range(6):
            s = game.new_state(seed)
            r = Rng(seed)
            while not s.is_over():
                p = s.to_move()[0]
                legal = s.legal_actions(p)
                for a in legal:
                    assert a in universe and ACTIONS.validate(a) == a
                s.apply(p, legal[r.below(len(legal))])
