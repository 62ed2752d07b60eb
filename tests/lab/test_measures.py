"""Game measures counted from events agree with what the games themselves scored."""

from __future__ import annotations

from collections import defaultdict

import pytest

from voidtable.games.blacksun.events import FactionRedrawn, FactionsDealt
from voidtable.games.buccaneers.events import RoundScored
from voidtable.sim import measures
from voidtable.sim.runner import Batch, run_batch


def cells_by_game(outcomes):
    for o in outcomes:
        assert o.error is None, o.error
        yield o, {(m, r, c): v for m, r, c, v in o.cells}


@pytest.mark.parametrize("players,options", [(3, {}), (4, {"black_hole_set": "random"}), (6, {})])
def test_buccaneers_value_and_points_rebuilt_from_events(players, options):
    batch = Batch("buccaneers", players, 60, seed=players, agents=("random", "heuristic"), options=options,
                  keep_events=True, measures=True)
    for o, cells in cells_by_game(run_batch(batch, 1)):
        # the rebuilt displays add up to the Values the game scored: nothing unattributed
        assert cells[("value_by_type", "unattributed", "per player")] == 0
        # points by card type add up to the mean final score
        total = sum(v for (m, _, _), v in cells.items() if m == "points_by_type")
        assert total == pytest.approx(sum(o.scores) / players)
        # drawn in: the same as the round_scored events say
        scored = [e for e in o.events if isinstance(e, RoundScored)]
        assert len(scored) == 3
        for e in scored:
            for p in range(players):
                assert cells[("drawn_in", f"round {e.round}", f"seat {p}")] == float(e.drawn_in[p])
            assert cells[("drawn_in", f"round {e.round}", "all")] == pytest.approx(sum(e.drawn_in) / players)


def test_buccaneers_declares_no_factions():
    assert measures.declared("buccaneers")["drawn_in"]["kind"] == "rate"
    assert not measures.has_factions("buccaneers")


def test_blacksun_points_by_condition_add_up_to_scores_and_factions_are_the_starting_ones():
    if measures.module_for("blacksun") is None:
        pytest.skip("Black Sun has no measures module")
    batch = Batch("blacksun", 4, 12, seed=5, keep_events=True, measures=True)
    ends = defaultdict(int)
    for o, cells in cells_by_game(run_batch(batch, 1)):
        assert len(set(o.factions)) == 4
        dealt = list(next(e for e in o.events if isinstance(e, FactionsDealt)).factions)
        for e in o.events:
            if isinstance(e, FactionRedrawn):
                dealt[e.seat] = e.faction
        assert o.factions == dealt
        for p, f in enumerate(o.factions):
            by_faction = sum(v for (m, _, c), v in cells.items() if m == "points_by_faction" and c == f)
            assert by_faction == o.scores[p]
            held = [r for (m, r, c), v in cells.items() if m == "faction_card_at_end" and c == f and v == 1.0]
            assert len(held) == 1
        assert sum(v for (m, _, _), v in cells.items() if m == "points_by_condition") == pytest.approx(sum(o.scores) / 4)
        end = [r for (m, r, _), v in cells.items() if m == "game_end" and v == 1.0]
        assert len(end) == 1 and end[0] != "other"
        ends[end[0]] += 1
    assert sum(ends.values()) == 12


def test_a_game_without_measures_module():
    assert measures.module_for("no_such_game_here") is None
    assert measures.declared("no_such_game_here") == {}
