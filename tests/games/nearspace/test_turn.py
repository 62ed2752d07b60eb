"""A turn through the flow machine: the six steps in the book's order, CP and E not kept, forced choices apply themselves."""

from __future__ import annotations

from voidtable.engine.actions import Action
from voidtable.engine.errors import IllegalAction
from voidtable.games.nearspace.events import (BuildDone, ConstructionPoints, EnginePoints, MaintenanceDue, Rolled,
                                              TurnEnded, TurnStarted)

from .helpers import fresh


def test_a_turn_runs_the_steps_in_order():
    s = fresh(11)
    a = s.first
    assert s.cp == 5 and s.to_move() == [a]
    events = s.apply(a, Action("build_done"))
    kinds = [type(e) for e in events]
    # Build ends; engines roll (step 4); no ship faces a threat (5); no ship can move, so the Action
    # step's only choice (end_turn) applies itself (6); the other seat's turn runs up to its Build.
    order = [BuildDone, Rolled, EnginePoints, TurnEnded, TurnStarted, ConstructionPoints, MaintenanceDue]
    assert [k for k in kinds if k in order] == order
    assert s.to_move() == [1 - a] and s.cp == 5 and s.e == 0
    assert type(s.pending).__name__ == "Build"


def test_cp_spent_in_build_and_a_ship_moves_next_turn():
    s = fresh(12)
    a = s.first
    site = s.r.board.hexes[s.r.board.homeworld[a]]
    s.apply(a, Action("start_hull", (site, 4, "red")))
    assert s.cp == 4
    hull = next(i for i, sh in s.ships.items() if sh.owner == a)
    s.apply(a, Action("invest", (hull, 3)))
    assert s.ships[hull].built and s.cp == 1
    with_e = s.apply(a, Action("build_done"))
    e = next(ev for ev in with_e if isinstance(ev, EnginePoints)).e
    assert e >= 1
    if s.to_move() == [a]:  # the new Corsair may move at once (2 E a step)
        legal = s.legal_actions(a)
        assert Action("group", site) in legal and Action("end_turn") in legal
        s.apply(a, Action("group", site))
        assert s.pending.ships == (hull,)  # the only ship there: adding it was a forced choice
        step = next(x for x in s.legal_actions(a) if x.kind == "step")
        s.apply(a, step)
        assert s.e == e - 2


def test_illegal_actions_change_nothing():
    s = fresh(13)
    before = s.snapshot_json()
    for p, act in ((s.first, Action("invest", (0, 5))), (1 - s.first, Action("build_done")),
                   (s.first, Action("start_hull", ((0, 0), 4, "red"))), (s.first, Action("play", "terra"))):
        try:
            s.apply(p, act)
        except IllegalAction:
            pass
        else:
            raise AssertionError(f"{act} was accepted")
    assert s.snapshot_json() == before


def test_engine_points_add_gas_giants_events_and_directives():
    from voidtable.games.nearspace.tasks import EngineDice
    from voidtable.games.nearspace.turn import engine_dice

    from .helpers import ScriptedRng, blank, lay, ship

    s = blank()
    s.engines[0] = 2
    lay(s, (1, -1), "jovian_reach")  # +4 E while present
    ship(s, 0, 4, "white", (1, -1))
    s.e_bonus = 6  # Solar Wind this turn
    s.directives[0] = [next(j for j, (o, k) in enumerate(s.r.instances) if o == 0 and k == "warp_research")]  # +4
    s.rng = ScriptedRng([7, 16])
    engine_dice(s, EngineDice(0))
    assert s.e == 7 + 16 + 4 + 6 + 4


def test_small_dice_option_adds_a_d2_and_d3_per_colour():
    from voidtable.engine.dice import Die

    s = fresh(1, {"small_dice": True})
    assert s.stockpile[0].total() == 54 + 12 and s.stockpile[0].left(Die(2, "red")) == 1
    assert s.r.ship_class(Die(3, "red")) == "fighter"
