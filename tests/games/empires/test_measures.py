"""Lab measures from a finished game's events: planets by way, diplomacy share, VP by source, council winner."""

from __future__ import annotations

import random

from voidtable.games.empires import SPEC, measures

from .helpers import fresh


def test_measures_of_a_played_game_add_up():
    s = fresh(3, seed=8)
    chooser = random.Random(8)
    events = list(s.setup_events)
    while not s.is_over():
        p = chooser.choice(s.to_move())
        events += s.apply(p, chooser.choice(s.legal_actions(p)))
    cells = measures.measure(s.game, events, s.result())
    declared = SPEC.hooks.measures
    assert declared is not None and {c[0] for c in cells} <= set(declared.measures)
    vp = {row: v for m, row, _, v in cells if m == "vp_by_source"}
    assert abs(sum(vp.values()) * 3 - sum(s.vp)) < 1e-9     # every VP has a source
    council = [c for c in cells if c[0] == "council_winner"]
    assert sum(v for *_, v in council) == 1.0
    races = measures.factions(s.game, events)
    assert races == [s.r.race(k).name for k in s.race]
    way = {row: v for m, row, _, v in cells if m == "planets_by_way"}
    kind = {row: v for m, row, _, v in cells if m == "planets_by_kind"}
    assert set(kind) == set(s.r.g.temperaments)
    assert sum(kind.values()) <= way["allied"] + way["conquered"]   # home worlds have no kind
