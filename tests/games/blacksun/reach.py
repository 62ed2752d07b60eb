"""Positions for the Black Sun decisions random play seldom makes pending (tests/conformance/reach.py uses them).

The builders start from ``make`` (a map and ships set with engine.positions, the state held) and push
the steps that lead to the decision; once it is taken the pushed steps finish and the stack is empty.
"""

from __future__ import annotations

from voidtable.engine.positions import edit
from voidtable.engine.rng import Rng
from voidtable.games.blacksun.flow import RaidChoice
from voidtable.games.blacksun.state import BlackSunState

from .helpers import ScriptedRng, at, do, kind, make, run


def retreat_move() -> BlackSunState:
    """A Merchant Transport blockading the raided hex, with a centre ship in both hexes, retreats from the
    hex its controller picks (the Transport counts as being in either)."""
    s = make(2, ["rebel", "merchants"])
    at(s, 9, -1, 2)   # a Merchant centre ship in the raided hex
    at(s, 0, -1, 2)   # the Rebel Destroyer raids from there
    at(s, 7, 0, 2)
    at(s, 8, 0, 2, 3)  # Transport 8 on the edge (0, 2)-(-1, 2), anchored in (0, 2) by Transport 7
    s.rng = ScriptedRng([[1, 1], [1]])  # a round without hits
    run(s, RaidChoice(0))
    do(s, "raid_blockade", ((-1, 2), 0, 8))
    do(s, "retreat", False)  # the Rebel fights on
    do(s, "retreat", True)   # the Merchants retreat
    assert kind(s) == "retreat_move"
    return edit(s, rng=Rng(5))


REACH = {"blacksun": {"retreat_move": retreat_move}}
