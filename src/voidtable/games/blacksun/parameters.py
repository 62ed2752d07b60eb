"""Black Sun's tunable numbers (``SPEC.parameters``): what the lab sweeps, within sensible ranges.

The targets and the round limit end the game; the ships' Move and Fight are
card values the sources leave open for most ships (``assumed`` in
``blacksun.toml``; docs/rules/blacksun.md), and the faction redraw limit is
an assumption too. The scoring values are the points each scoring condition
is worth: the rulebook gives 1 for each, some of them assumed readings (the
Allied card's Peaceful Turn, per-ship raid scoring), and the balance study
(docs/studies/blacksun.md) found them driving the faction shares and the game's
length. The Red Giant rule is our reading of a misprinted hex list, so it is a
switch. The ranges keep a game playable: a target of at least one point, ships
that move at most across the map's widest orbit in one go, a condition worth
0 (switched off) to 3 points, a Smuggler's second turn costing 0 to 3.
"""

from __future__ import annotations

from voidtable.engine.parameters import Parameter

SCORING = (
    ("need", "points for meeting a Need"),
    ("crisis", "points for answering a Crisis"),
    ("run_blockade", "points per different blockade crossed in one move (Run Blockade)"),
    ("raid_transport", "points per Transport involved in a raid (Raid Transport)"),
    ("raid_any_ship", "points per ship involved in a raid (Raid Any Ship)"),
    ("crisis_turn", "points for a turn with a Rebel ship at a Crisis (Crisis Turn)"),
    ("peaceful_turn", "points for a turn with no Crisis, or Allied ships at every Crisis (Peaceful Turn; the Allied card's is assumed)"),
)

PARAMETERS = (
    Parameter("game.target_short", 1, 50, help="points that end a short game"),
    Parameter("game.target_long", 1, 80, help="points that end a long game", when=(("length", "long"),)),
    Parameter("limits.max_rounds", 10, 500, help="full rounds after which a game ends as if time ran out (assumed)"),
    Parameter("limits.max_redraws", 0, 10, help="how often a player may redraw a Starting Faction (assumed)"),
    Parameter("ships.*.move", 0, 8, help="a ship type's Move (most are assumed)"),
    Parameter("ships.*.fight", 0, 10, help="a ship type's Fight: dice it rolls in a raid (most are assumed)"),
    *(Parameter(f"scoring.{key}", 0, 3, help=text) for key, text in SCORING),
    Parameter("scoring.second_turn_cost", 0, 3, help="points the Smuggler spends for a second turn"),
    Parameter.switch("suns.red_giant.enterable", help="ships may enter the Red Giant's hex (our reading: no)",
                     when=(("sun", "red_giant"),)),
    Parameter.switch("suns.red_giant.stayable", help="ships may end a move in the Red Giant's hex (no)",
                     when=(("sun", "red_giant"), ("suns.red_giant.enterable", True))),
)
