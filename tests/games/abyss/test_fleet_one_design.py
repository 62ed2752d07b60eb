"""The fleet battle's lab mode ``outfit = "one_design"``: one design for seat 0 against a random field for seat 1."""

from __future__ import annotations

from voidtable.agents.play import run
from voidtable.agents.specs import make
from voidtable.engine.registry import load
from voidtable.games.abyss.fleet import measures
from voidtable.games.abyss.fleet.events import Bought, OneDesignChosen, Ordered


def play(seed: int, options: dict | None = None):
    game = load("abyss_battle", 2, {"outfit": "one_design", "battle": "auto", **(options or {})})
    state = game.new_state(seed)
    events = list(state.setup_events)
    seats = [make("heuristic", "abyss_battle", seed * 10 + i) for i in range(2)]
    run(state, seats, apply=lambda p, a: events.extend(state.apply(p, a)) or [])
    return game, state, events


def test_seat_0_flies_one_design_as_far_as_points_and_pieces_go_and_the_field_fills_up():
    for seed in range(6):
        game, state, events = play(seed)
        r = game.rules
        key = next(e.design for e in events if isinstance(e, OneDesignChosen))
        mine = [e for e in events if isinstance(e, Bought) and e.seat == 0]
        assert mine and {e.design for e in mine} == {key}
        d = r.designs[key]
        left = r.minigame.budget - d.points * len(mine)
        assert left < d.points or len(mine) == r.hulls[d.hull].pieces, "no more of that design would fit"
        field = [e for e in events if isinstance(e, Bought) and e.seat == 1]
        left1 = field[-1].left
        hulls = [r.designs[e.design].hull for e in field]
        for k in r.fleet_designs:
            hull = r.designs[k].hull
            assert r.designs[k].points > left1 or hulls.count(hull) == r.hulls[hull].pieces, \
                "the field stops only when it can afford nothing more"
        assert not any(isinstance(e, Ordered) for e in events) and state.is_over()


def test_the_drawn_design_varies_and_the_field_is_mixed():
    drawn, field_designs = set(), set()
    for seed in range(30):
        _, _, events = play(seed)
        drawn.add(next(e.design for e in events if isinstance(e, OneDesignChosen)))
        field_designs |= {e.design for e in events if isinstance(e, Bought) and e.seat == 1}
    assert len(drawn) >= 5 and len(field_designs) >= 4


def test_no_outfitting_decision_is_asked_and_the_measure_names_the_design():
    game, state, events = play(4)
    assert not any(isinstance(e, Ordered) for e in events)
    cells = measures.measure(game, events, state.result())
    rows = [(row, v) for m, row, _, v in cells if m == "one_design"]
    key = next(e.design for e in events if isinstance(e, OneDesignChosen))
    assert rows == [(game.rules.designs[key].name, state.result().win_shares()[0])]


def test_the_game_as_played_has_no_one_design_cells():
    game = load("abyss_battle", 2, {"battle": "auto"})
    state = game.new_state(1)
    events = list(state.setup_events)
    seats = [make("heuristic", "abyss_battle", i) for i in range(2)]
    run(state, seats, apply=lambda p, a: events.extend(state.apply(p, a)) or [])
    assert not [c for c in measures.measure(game, events, state.result()) if c[0] == "one_design"]
    assert any(isinstance(e, Bought) for e in events)



def test_the_one_design_is_drawn_among_the_designs_the_budget_buys():
    drawn = set()
    for seed in range(30):
        game, state, events = play(seed, {"minigame.budget": 20})
        key = next(e.design for e in events if isinstance(e, OneDesignChosen))
        drawn.add(key)
        assert game.rules.designs[key].points <= 20 and any(isinstance(e, Bought) and e.seat == 0 for e in events)
    assert "monitor" not in drawn and "fighter" in drawn


def test_the_measure_says_which_designs_the_budget_buys():
    game, state, events = play(2, {"minigame.budget": 20})
    buyable = {row: v for m, row, _, v in measures.measure(game, events, state.result()) if m == "buyable"}
    assert buyable["Fighter"] == 1.0 and buyable["Picket"] == 1.0     # 3 and 19 points
    assert buyable["Lancer"] == 0.0 and buyable["Monitor"] == 0.0     # 21 and 35 points
