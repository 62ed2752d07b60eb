"""Black Hole Buccaneers' tunable numbers (``SPEC.parameters``): what the lab sweeps, within sensible ranges.

The Black Holes' Thresholds and hand sizes are designer defaults (only the
first game's set is printed in the sources; see ``cards.toml``), so they are
what a balance study varies. A Threshold below 5 or above 40 leaves no game
(everyone is pulled in, or nobody ever is); a hand below 2 has no pick to pass,
and above 12 the deck cannot deal six players.
"""

from __future__ import annotations

from voidtable.engine.parameters import Parameter

PARAMETERS = (
    Parameter("black_holes.*.threshold", 5, 40, help="a Black Hole's Threshold: the Weight a display may carry and survive"),
    Parameter("black_holes.*.hand_size", 2, 12, help="cards dealt to each player in a round under that Black Hole"),
)
