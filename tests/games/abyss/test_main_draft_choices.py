"""Two choices the draft gives the player that the main game once made for it (rules version 3).

- A44: from round 2 a side 'may flee to a friendly space if there is one'. With more than
  one friendly space next door, the player picks which (``flee(place)``); ``flee(None)``
  fights on. Version 2 sent the ships to the first friendly space it found.
- A27 and the spec's bonus tiles: a free technology is 'a tier-1 technology of your
  choice'. The finder picks among the tier-1 technologies it lacks (``free_tech``); one
  that knows them all gets nothing. Version 2 gave the first one lacking.

Each test builds the position with engine.positions, plays the actions, and checks the
outcome, the words, the scene and the bot's choice.
"""

from __future__ import annotations

from voidtable.engine import Action
from voidtable.engine.positions import edit, pending_choices, run_until
from voidtable.games.abyss.battle import Turn
from voidtable.games.abyss.fourx import bot, scene, text
from voidtable.games.abyss.fourx.events import CrossedAsteroids, FoundTech, Retreated
from voidtable.games.abyss.fourx.state import AbyssState
from voidtable.games.abyss.fourx.tasks import FreeTech, ShipMove
from voidtable.games.abyss.ships import Ship
from tests.games.abyss.main_helpers import main_state
from tests.games.abyss.test_main_draft_clauses import (
    Die, distance_ok, hold_until_round, hold_until_turn_of, only, play, start_battle_at,
)

NAMES = ["Ann", "Bo", "Cy"]


# ------------------------------------------------------------------ A44: where a fleeing side goes
def two_refuges(extra_enemies: int = 0) -> tuple[AbyssState, int, int, int]:
    """Races 0 and 1 at war fight at a place whose neighbours are black holes but two: an asteroid field (the
    lower numbered) and an empty space, nobody in either. Two fighters a side, and ``extra_enemies`` more
    fighters for race 1. Halted at race 0's first turn of round 2, where flight opens."""
    s = main_state(3)
    g = s.m.galaxy
    place = next(p for p in range(len(g)) if len(g.neighbours[p]) == 6 and distance_ok(s, p)
                 and all(distance_ok(s, n) for n in g.neighbours[p]))
    rock, empty = sorted(g.neighbours[place])[:2]
    s.kinds[place] = "empty"
    for n in g.neighbours[place]:
        s.kinds[n] = "black_hole"
    s.kinds[rock], s.kinds[empty] = "asteroid", "empty"
    for i in (0, 1, 17, 18):
        s.where[i] = place
    for i in range(19, 19 + extra_enemies):
        s.ships[i], s.where[i] = Ship(1, "fighter"), place
    s.war = frozenset({(0, 1)})
    start_battle_at(s, place)
    hold_until_round(s, s.r.battle.flee_from_round)
    hold_until_turn_of(s, 0)
    return s, place, rock, empty


def test_a_fleeing_side_picks_which_friendly_space_it_goes_to():
    s, place, rock, empty = two_refuges()
    now = pending_choices(s)
    assert isinstance(now.task, Turn) and now.task.seat == 0
    assert now.actions() == [Action("flee", None), Action("flee", rock), Action("flee", empty)]
    edit(s, rng=Die(6))                                      # a 6 on the asteroid die would damage a fighter
    events = play(s, 0, "flee", empty)                     # not the first friendly space: the player's pick
    assert all(s.where[i] == empty for i in (0, 1)) and all(s.where[i] == place for i in (17, 18))
    assert [(e.came, e.to) for e in events if isinstance(e, Retreated)] == [(place, empty)]
    assert not [e for e in events if isinstance(e, CrossedAsteroids)] and 0 in s.ships and 1 in s.ships


def test_the_flight_is_worded_by_place_and_lit_on_the_galaxy_map():
    s, place, rock, empty = two_refuges()
    game = s.game
    assert text.describe_action(game, Action("flee", empty)) == f"Flee to space {empty}"
    assert text.describe_action(game, Action("flee", None)) == "Fight on"
    line = text.describe_event(game, Retreated(0, place, empty), names=NAMES)
    assert line == f"Ann flees from space {place} to space {empty}."
    picture = scene.build(game, s.view(0), s.legal_actions(0), 0, NAMES)
    galaxy = next(p for p in picture["parts"] if p["id"] == "galaxy")
    lit = {h["name"]: h["action"] for h in galaxy["hexes"] if h.get("highlight")}
    assert lit == {str(rock): {"kind": "flee", "arg": rock}, str(empty): {"kind": "flee", "arg": empty}}
    buttons = next(p for p in picture["parts"] if p["id"] == "decision")["buttons"]
    assert [b["label"] for b in buttons] == ["Fight on"]
    assert picture["prompt"] == scene.PROMPTS["flee"]


def test_the_bot_fights_on_when_even_and_flees_clear_of_asteroids_when_outgunned():
    s, place, rock, empty = two_refuges()
    assert bot.choose(s, 0, s.legal_actions(0), s.rng) == Action("flee", None)    # two fighters against two
    s, place, rock, empty = two_refuges(extra_enemies=3)
    assert bot.choose(s, 0, s.legal_actions(0), s.rng) == Action("flee", empty)   # five against two: away, no rocks


def test_the_bot_flees_toward_its_own_planets():
    s = main_state(3)
    g = s.m.galaxy
    home = g.homes[0]
    near = next(p for p in range(len(g)) if g.distance(p, home) == 2)
    far = max(range(len(g)), key=lambda p: (g.distance(p, home), p))
    for p in (near, far):
        s.kinds[p] = "empty"
    assert bot.best_refuge(s, 0, [far, near]) == near
    s.kinds[near] = "asteroid"
    assert bot.best_refuge(s, 0, [far, near]) == far


# ------------------------------------------------------------------ A27: a free technology of the finder's choice
TIER_1 = ["blue_worlds", "farming_1", "mining_1", "energy_1", "engines_1", "fuel_1", "scanners_1", "heavy_lasers",
          "fighter_computer_2", "fighter_jammer_1"]


def scanning_a_bonus(knows: frozenset[str]) -> tuple[AbyssState, int]:
    """Every bonus square holds a free technology and every green square is a bonus; race 0, knowing ``knows``,
    has a fighter above an unexplored green planet and is about to scan it (one square: no scanners)."""
    s = main_state(3, **only("technology"))
    g = s.m.galaxy
    place = next(p for p in range(len(g)) if not s.kinds[p] and distance_ok(s, p))
    s.kinds[place] = "green"
    s.surface[place], s.built[place] = ("",) * 9, (None,) * 9
    s.where[0] = place
    edit(s, stack=[], techs=[knows, *s.techs[1:]])
    run_until(s, push=[ShipMove(0, 0)])
    assert Action("scan") in s.legal_actions(0)
    return s, place


def test_the_finder_of_a_free_technology_picks_any_tier_1_technology_it_lacks():
    s, place = scanning_a_bonus(frozenset({"blue_worlds"}))
    s.apply(0, Action("scan"))
    now = pending_choices(s)
    assert isinstance(now.task, FreeTech) and now.seats == (0,)
    assert sorted(a.arg for a in now.actions()) == sorted(set(TIER_1) - {"blue_worlds"})
    assert all(a.kind == "free_tech" for a in now.actions())
    events = s.apply(0, Action("free_tech", "scanners_1"))
    assert s.techs[0] == {"blue_worlds", "scanners_1"}
    found = [e for e in events if isinstance(e, FoundTech)]
    assert text.describe_event(s.game, found[0], names=NAMES) == "Ann finds a free technology and takes Scanners I."
    assert isinstance(s.pending, ShipMove), "then the ship goes on"


def test_a_free_fighter_technology_reaches_the_fighters_at_once():
    s, _ = scanning_a_bonus(frozenset())
    s.apply(0, Action("scan"))
    before = s.ships[1].design
    s.apply(0, Action("free_tech", "fighter_computer_2"))
    assert s.ships[1].design != before and s.view(0)["ships"][1]["computer"] == 2


def test_a_finder_that_knows_every_tier_1_technology_gets_nothing():
    s, _ = scanning_a_bonus(frozenset(TIER_1))
    events = s.apply(0, Action("scan"))
    assert isinstance(s.pending, ShipMove) and s.techs[0] == set(TIER_1)
    found = [e for e in events if isinstance(e, FoundTech)]
    assert found and found[0].tech is None
    words = text.describe_event(s.game, found[0], names=NAMES)
    assert words == "Ann finds a free technology, but already knows every tier-1 technology: nothing to take."


def test_the_free_technology_is_worded_shown_as_cards_and_picked_by_the_bot():
    s, place = scanning_a_bonus(frozenset())
    s.apply(0, Action("scan"))
    legal = s.legal_actions(0)
    assert text.describe_action(s.game, Action("free_tech", "mining_1")) == "Take Mining I as the free technology"
    picture = scene.build(s.game, s.view(0), legal, 0, NAMES)
    cards = next(p for p in picture["parts"] if p["id"] == "designs")["cards"]
    assert sorted(c["action"]["arg"] for c in cards) == sorted(TIER_1)
    assert picture["prompt"] == scene.PROMPTS["free_tech"]
    assert bot.choose(s, 0, legal, s.rng) == Action("free_tech", "blue_worlds")      # a new colour to settle first
    home = s.m.galaxy.homes[0]
    built = list(s.built[home])
    assert built[2] == (0, "energy_plant")
    built[2] = None                                      # no energy made: Energy I next, not the first output technology
    edit(s, techs=[frozenset({"blue_worlds"}), *s.techs[1:]], built={**s.built, home: tuple(built)})
    assert bot.production(s, 0) == [0, 2, 2]
    assert bot.choose(s, 0, s.legal_actions(0), s.rng) == Action("free_tech", "energy_1")
