"""Technology clarifications: Cloaking and Detection, Space Port, and the assumed Shield Matrix."""

from __future__ import annotations

from voidtable.engine.actions import Action
from voidtable.games.empires.planets import Control
from voidtable.games.empires.preround import choices, may_research
from voidtable.games.empires.tasks import PreRoundTurn

from .helpers import attack, blank, resting, run, script, ship

CIRCLE = "t0.p0"


def test_cloaked_hit_lets_the_shooter_choose():  # clause 104
    s = blank()
    s.techs[0] = ["centipede_drives", "cloaking"]
    ship(s, 0, "centipede", CIRCLE)
    cruiser = ship(s, 1, "starcruiser", CIRCLE)
    fighter = ship(s, 1, "starfighter", CIRCLE)
    script(s, [1, 6])  # the Starcruiser (3) misses; the Centipede (4) hits
    attack(s, 0, CIRCLE, 1)
    assert s.to_move() == [0]  # the shooter picks
    assert {a.arg for a in s.legal_actions(0)} == {cruiser, fighter}
    s.apply(0, Action("casualty", cruiser))
    assert cruiser not in s.ships


def test_detection_cancels_cloaking():  # clauses 105-106
    s = blank()
    s.techs[0] = ["centipede_drives", "cloaking"]
    s.techs[1] = ["detection"]
    ship(s, 0, "centipede", CIRCLE)
    ship(s, 1, "starcruiser", CIRCLE)
    ship(s, 1, "starfighter", CIRCLE)
    script(s, [1, 6])
    attack(s, 0, CIRCLE, 1)
    assert s.to_move() == [1]  # the victim picks again


def test_shield_matrix_absorbs_one_hit_then_repairs():
    s = blank()
    s.techs[1] = ["starcruiser_hulls", "tractor_beam", "shield_matrix"]
    cruiser = ship(s, 1, "starcruiser", CIRCLE)
    ship(s, 0, "starfighter", CIRCLE)
    script(s, [1, 6])  # the Starcruiser misses, the Starfighter hits: absorbed
    attack(s, 0, CIRCLE, 1)
    assert cruiser in s.ships and s.ships[cruiser].damage == 0 and resting(s)


def test_space_port():  # T30
    s = blank(options={"advanced": True})
    s.order = (0, 1, 2, 3)
    s.credits[0] = 20
    assert not may_research(s, 0, "space_port", 20)  # no planet to put it on
    s.control["core_traders"] = Control(ally=0)          # metals, and a planet for the port
    assert may_research(s, 0, "space_port", 20)
    run(s, PreRoundTurn(0))
    s.apply(0, Action("research", "space_port"))
    assert s.ports[0] == "core_traders"  # the only planet it may go on: placed at once
    s.apply(0, Action("build_at_port", "starfighter"))
    assert Action("build_at_port", "starfighter") not in s.legal_actions(0)  # one a round
    s.apply(0, Action("build", "starfighter"))
    s.apply(0, Action("build", "starfighter"))
    spaces = sorted(x.space for x in s.ships.values() if x.owner == 0)
    assert spaces == ["core_traders", "home0", "home0"]
    # an opponent takes the planet: the port is destroyed and the technology lost
    for i, x in list(s.ships.items()):
        del s.ships[i]
    s.stack.clear()
    ship(s, 1, "starfighter", "core_traders")
    attack(s, 1, "core_traders", 0)
    s.apply(1, Action("take", "conquer"))
    assert s.ports[0] == "" and "space_port" not in s.techs[0]
    s.control["bindok_ii"] = Control(ally=0)  # metals again, and a planet for a new port
    s.researched[0] = False
    assert Action("research", "space_port") in choices(s, 0)   # it may be researched again
