"""The main game's rules, with the draft's numbers where it gives them (X-numbers are the spec's worked examples)."""

from __future__ import annotations

import pytest

from voidtable.engine import Action, IllegalAction
from voidtable.engine.hexgrid import distance, ring
from voidtable.games.abyss.battle_events import Moved, RoundBegan
from voidtable.games.abyss.fourx import cycle, movement, planets, tribunal
from voidtable.games.abyss.fourx.events import Bombed, DefenceFired, EventDrawn
from voidtable.games.abyss.fourx.galaxy import make_galaxy
from voidtable.games.abyss.fourx.tasks import AsteroidHit, EndOfCycle, Movement, ShipMove
from voidtable.games.abyss.ships import Ship
from voidtable.engine.positions import edit, pending_choices, run_until
from tests.games.abyss.main_helpers import main_state


# ------------------------------------------------------------------ the galaxy
def test_option_2_is_a_centre_and_three_rings_with_homes_two_blanks_apart_for_six():
    g = make_galaxy(8, 13, 3, 6, 2)
    assert len(g) == 1 + 6 + 12 + 18 == 37                                      # X15
    outer = ring((0, 0), 3)
    at = sorted(outer.index(g.places[h]) for h in g.homes)
    assert at == [0, 3, 6, 9, 12, 15]                                          # every third place: 2 blanks between


@pytest.mark.parametrize("players", [3, 4, 5])
def test_option_2_spreads_fewer_homes_over_the_outer_ring(players):
    g = make_galaxy(8, 13, 3, players, 2)
    homes = [g.places[h] for h in g.homes]
    assert len(set(homes)) == players and all(distance((0, 0), h) == 3 for h in homes)
    assert min(distance(a, b) for a in homes for b in homes if a != b) >= 3


def test_option_1_lays_all_104_hexes_and_players_pick_homes_apart():
    s = main_state(4, 1, map=1)
    assert len(s.m.galaxy) == 104 and all(k == "" for k in s.kinds)
    first = s.legal_actions(0)[0]
    s.apply(0, first)
    spacing = s.m.data.map.option1.home_spacing
    for a in s.legal_actions(1):
        assert s.m.galaxy.distance(a.arg, first.arg) >= spacing


# ------------------------------------------------------------------ setup and production
def test_the_start_and_the_first_production():
    s = main_state(4)
    assert s.bank == [[12, 12, 12]] * 4                                        # X8: 10 each, +2 from each building
    for p in range(4):
        fighters = [sh for sh in s.ships.values() if sh.owner == p]
        assert len(fighters) == 2 and all(sh.design == "fighter" for sh in fighters)
        assert planets.votes(s, p) == 1 + 4                                     # 1 planet, 4 regions


def test_a_habitat_keeps_three_buildings_working():
    s = main_state(3)
    home = s.m.galaxy.homes[0]
    built = list(s.built[home])
    assert not planets.can_hold_more(s.m, s.built[home], 0)                    # X11: 3 buildings fill 1 habitat
    built[4] = (0, "farm")
    s.built[home] = tuple(built)
    assert len(planets.working(s.m, s.built[home], 0)) == 4                    # the habitat and 3 others
    assert planets.production(s, 0) == [2, 2, 2]                               # the 4th building makes nothing


def test_habitat_loss_leaves_three_of_five_farms_working_the_owner_choosing_which():
    from voidtable.games.abyss.fourx.tasks import Capacity, ShutDown
    s = main_state(3)
    place = s.m.galaxy.homes[0]
    s.surface[place] = ("plains",) * 9
    s.built[place] = ((0, "habitat"), (0, "farm"), (0, "farm"), (0, "farm"), (0, "farm"), (0, "farm"),
                      (0, "habitat"), None, None)
    assert planets.production(s, 0)[1] == 5 * 2                                # X6: 2 habitats, 5 farms: 10 food
    s.built[place] = ((1, "habitat"),) + s.built[place][1:]                     # an enemy marine takes a habitat
    edit(s, stack=[])
    stop = run_until(s, push=[Capacity()])
    assert stop.reason == "decision" and isinstance(stop.pending.task, ShutDown)
    assert {a.arg for a in stop.pending.choices[0]} == {1, 2, 3, 4, 5}
    s.apply(0, Action("shut", 5))
    assert isinstance(s.pending, ShutDown) and s.to_move() == [0]               # the owner picks both
    s.apply(0, Action("shut", 2))
    assert pending_choices(s).kind == "none"                                    # Capacity is done, nothing else ran
    assert s.idle[place] == frozenset({2, 5})
    assert planets.working_at(s, place, 0) == [1, 3, 4, 6]                      # 3 farms and 1 habitat work
    assert planets.production(s, 0)[1] == 3 * 2                                 # 6 food instead of 10
    s.built[place] = s.built[place][:7] + ((0, "habitat"), None)               # a new habitat brings room back
    assert run_until(s, push=[Capacity()]).reason == "dry"
    assert place not in s.idle and planets.production(s, 0)[1] == 5 * 2


# ------------------------------------------------------------------ votes (X4, X5)
def test_votes_are_planets_plus_regions():
    s = main_state(3)
    home0, home1 = s.m.galaxy.homes[0], s.m.galaxy.homes[1]
    s.built = {}
    s.built[home0] = ((0, "habitat"), (0, "farm"), (0, "mine"), (0, "energy_plant"), (0, "habitat"), (0, "farm"),
                      None, None, None)
    s.built[100] = ((0, "habitat"), (0, "farm"), (0, "mine"), (0, "farm"), None, None, None, None, None)
    assert planets.votes(s, 0) == 12                                            # X4: 2 planets + 10 regions
    s.built[home1] = ((1, "habitat"), (1, "farm"), (1, "mine"), (1, "energy_plant"), None, None, None, None, None)
    for k in (101, 102, 103):
        s.built[k] = ((1, "habitat"),) + (None,) * 8
    assert planets.votes(s, 1) == 11                                            # X5: 4 planets + 7 regions


# ------------------------------------------------------------------ movement
def ship_of(s, seat):
    return min(i for i, sh in s.ships.items() if sh.owner == seat)


def test_a_basic_ship_moves_one_space_and_explores_within_two_of_a_colony():
    s = main_state(4)
    i = ship_of(s, 0)
    home = s.where[i]
    assert movement.speed(s, i) == 1                                            # X10
    g = s.m.galaxy
    for p in range(len(g)):
        if s.kinds[p] == "":
            assert movement.may_explore(s, 0, p) == (min(g.distance(p, h) for h in g.homes) <= 2)
    s.apply(0, Action("select", i))
    to = s.legal_actions(0)[0].arg
    s.apply(0, Action("step", to))
    assert s.where[i] == to and s.kinds[to] != "" and s.moves[i] == 0 and to in g.neighbours[home]


def test_a_black_hole_is_never_entered_and_stops_its_neighbours():
    s = main_state(4)
    i = ship_of(s, 0)
    home = s.where[i]
    a, b = s.m.galaxy.neighbours[home][:2]
    s.kinds[a] = "black_hole"
    assert a not in movement.steps(s, i)
    s.kinds[b] = "empty"
    s.moves[i] = 3
    assert movement.near_black_hole(s, b)                                       # two neighbours of one hex in a row touch
    movement.step(s, 0, i, b)
    assert s.where[i] == b and s.moves[i] == 0                                  # entering next to it stops the ship


def test_a_ship_starting_next_to_a_black_hole_has_one_step():
    s = main_state(4)
    i = ship_of(s, 0)
    s.techs[0] = frozenset({"engines_1"})
    assert movement.speed(s, i) == 2
    s.kinds[s.m.galaxy.neighbours[s.where[i]][0]] = "black_hole"
    s.stack.append(Movement(0))
    movement.start_moving(s, movement.StartMoving(0))
    assert s.moves[i] == 1


class Fixed:
    """A die that always shows ``face``."""

    def __init__(self, face: int) -> None:
        self.face = face

    def below(self, n: int) -> int:
        assert n == 8
        return self.face - 1


def test_asteroids_roll_the_d8_and_six_or_seven_damages():
    s = main_state(4)
    i = ship_of(s, 0)
    to = s.m.galaxy.neighbours[s.where[i]][0]
    for roll, hit in [(5, False), (6, True), (7, True), (8, False)]:            # X9
        s2 = s.clone()
        s2.kinds[to] = "asteroid"
        s2.moves[i] = 1
        s2.rng = Fixed(roll)
        before = len(s2.stack)
        movement.step(s2, 0, i, to)
        assert (len(s2.stack) > before and isinstance(s2.stack[-1], AsteroidHit)) == hit


def test_wormholes_jump_only_to_a_face_up_partner():
    s = main_state(4)
    i = ship_of(s, 0)
    here = s.where[i]
    there = next(p for p in range(len(s.kinds)) if s.kinds[p] == "" and p not in s.m.galaxy.neighbours[here])
    s.kinds[here] = "wormhole_a"
    assert movement.partner(s, here) is None
    s.kinds[there] = "wormhole_a"
    assert movement.partner(s, here) == there
    legal = movement.ship_legal(s, ShipMove(0, i))
    assert Action("jump") in legal
    s.in_force = ("no_wormholes",)
    assert Action("jump") not in movement.ship_legal(s, ShipMove(0, i))


def test_war_and_peace_are_actions_between_pairs():
    s = main_state(4)
    s.apply(0, Action("declare_war", 2))
    assert s.at_war(0, 2) and s.at_war(2, 0) and not s.at_war(0, 1)
    s.apply(0, Action("offer_peace", 2))
    assert s.to_move() == [2]
    with pytest.raises(IllegalAction):
        s.apply(0, Action("answer", True))
    s.apply(2, Action("answer", True))
    assert not s.at_war(0, 2) and s.to_move() == [0]
    assert Action("offer_peace", 2) not in s.legal_actions(0)


def test_ships_at_war_in_one_place_fight_a_battle_three_sides_at_once():
    s = main_state(3, seed=4)
    place = s.m.galaxy.homes[0]
    for p in (1, 2):
        for i in [i for i, sh in s.ships.items() if sh.owner == p]:
            s.where[i] = place
    s.war = frozenset({(0, 1), (0, 2), (1, 2)})
    from voidtable.games.abyss.fourx.spacebattle import contested
    assert contested(s) == [place]
    s.stack = [EndOfCycle()]
    from voidtable.games.abyss.fourx.tasks import Battles
    s.push(Battles())
    s.advance()
    assert set(s.fighting) == {0, 1, 2} and s.battle_place == place
    cells = [sh.cell for sh in s.ships.values() if sh.cell[0] >= 0]
    assert len(cells) == 6 == len(set(cells))


# ------------------------------------------------------------------ purchases
def test_a_building_needs_room_under_a_habitat_and_the_right_terrain():
    s = main_state(3)
    while s.to_move() and type(s.pending).__name__ != "Purchase":
        p = s.to_move()[0]
        s.apply(p, Action("done") if Action("done") in s.legal_actions(p) else s.legal_actions(p)[-1])
    p = s.to_move()[0]
    legal = s.legal_actions(p)
    builds = {a.arg[2] for a in legal if a.kind == "build"}
    assert builds == {"habitat"}                                                # 1 habitat, 3 buildings: full
    home = next(a.arg[0] for a in legal if a.kind == "build")
    s.apply(p, Action("build", (home, 4, "habitat")))
    builds = {(a.arg[1], a.arg[2]) for a in s.legal_actions(p) if a.kind == "build"}
    assert (8, "farm") in builds and (5, "mine") in builds and (6, "energy_plant") in builds
    assert (5, "farm") not in builds and all(q != 7 for q, _ in builds)        # no farm on minerals, nothing on water


# ------------------------------------------------------------------ the tribunal and the end
def test_candidates_are_the_top_two_and_a_tie_for_second_adds_a_third():
    s = main_state(4)
    assert len(tribunal.candidates(s)) == 4                                     # everyone equal: all tied
    home = s.m.galaxy.homes[2]
    s.built[home] = s.built[home][:4] + ((2, "habitat"),) + s.built[home][5:]
    assert tribunal.candidates(s)[0] == 2 and len(tribunal.candidates(s)) == 4
    home3 = s.m.galaxy.homes[3]
    s.built[home3] = s.built[home3][:4] + ((3, "habitat"), (3, "farm")) + s.built[home3][6:]
    assert tribunal.candidates(s) == (3, 2)


@pytest.mark.parametrize("rule, history, wins", [
    ("consecutive", [1, 1, 1], True), ("consecutive", [1, 2, 1], False), ("total", [1, 2, 1, 0, 1], True),
    ("total", [1, 2, 1], False)])
def test_tribunal_terms_in_a_row_or_in_total(rule, history, wins):
    s = main_state(3, tribunal_win=rule)
    for leader in history:
        s.streak = s.streak + 1 if leader == s.leader else 1
        s.leader = leader
        s.terms[leader] += 1
    s.stack = []
    cycle.end_of_cycle(s, EndOfCycle())
    assert (s.over and s.win_kind == "tribunal" and s.winners == (1,)) == wins


def test_the_secret_of_life_wins_at_the_end_of_the_cycle():
    s = main_state(3)
    s.techs[2] = frozenset({"secret_of_life"})
    s.stack = []
    cycle.end_of_cycle(s, EndOfCycle())
    assert s.over and s.winners == (2,) and s.win_kind == "secret"


def test_the_last_race_standing_wins():
    s = main_state(3)
    for p in (0, 2):
        for place, built in list(s.built.items()):
            s.built[place] = tuple(None if b and b[0] == p else b for b in built)
        for i in [i for i, sh in s.ships.items() if sh.owner == p]:
            del s.ships[i], s.where[i]
    s.stack = []
    cycle.end_of_cycle(s, EndOfCycle())
    assert s.out == [True, False, True] and s.winners == (1,) and s.win_kind == "military"


def test_events_and_elections_come_every_third_cycle():
    s = main_state(3, seed=5)
    import random
    ch = random.Random(5)
    cycles_with_events = set()
    while not s.is_over() and s.cycle <= 9:
        p = s.to_move()[0]
        for e in s.apply(p, ch.choice(s.legal_actions(p))):
            if isinstance(e, EventDrawn):
                cycles_with_events.add(s.cycle)
    assert cycles_with_events <= {3, 6, 9} and 3 in cycles_with_events          # X12


# ------------------------------------------------------------------ trade
def test_three_grapes_carried_two_spaces_to_a_barley_planet_pay_six_food():
    from voidtable.games.abyss.fourx import trade
    s = main_state(3)
    g = s.m.galaxy
    home = g.homes[0]
    far = next(p for p in range(len(g)) if g.distance(home, p) == 2 and not s.kinds[p])
    s.kinds[far] = "green"
    s.surface[far] = ("plains",) * 9
    s.built[far] = ((1, "trade_house"),) + (None,) * 8
    s.goods[far] = ("", "barley") + ("",) * 7
    ship = 12                                                                   # seat 0's first transport piece
    s.ships[ship] = Ship(0, "freighter")
    s.where[ship] = far
    s.cargo[ship] = (("grapes", home),) * 3
    food = s.bank[0][1]
    assert trade.can_cash_in(s, ship)                                           # seat 1's house, not at war
    s.war = frozenset({(0, 1)})
    assert not trade.can_cash_in(s, ship)                                       # at war: the house is shut
    s.war = frozenset()
    trade.cash_in(s, ship)
    assert s.bank[0][1] == food + 6 and ship not in s.cargo                     # X7: 2 spaces x 3 grapes


def test_a_producer_on_a_good_makes_a_chip_and_a_transport_loads_it():
    from voidtable.games.abyss.fourx import trade
    s = main_state(3)
    home = s.m.galaxy.homes[0]
    s.goods[home] = ("", "", "", "grapes") + ("",) * 5                          # the farm's square
    assert trade.make_chips(s, 0) == 1 and s.chips[home] == ((0, "grapes"),)
    ship = 12
    s.ships[ship] = Ship(0, "freighter")
    s.where[ship] = home
    assert trade.capacity(s, ship) == 6 and trade.can_load(s, ship)
    trade.load(s, ship)
    assert s.cargo[ship] == (("grapes", home),) and s.chips[home] == ()


# ------------------------------------------------------------------ planets under attack
def enemy_planet(s, attacker: int = 0, defender: int = 1):
    """The defender's home world with the attacker at war with it."""
    s.war = frozenset({(min(attacker, defender), max(attacker, defender))})
    return s.m.galaxy.homes[defender]


def test_marines_land_on_a_free_square_and_explore_the_squares_touching_it():
    from voidtable.games.abyss.fourx import ground, movement as mv
    s = main_state(3)
    place = s.m.galaxy.homes[1]
    s.surface[place] = ("plains", "", "", "", "", "", "", "", "water")
    s.built[place] = ((1, "habitat"),) + (None,) * 8
    ship = 12
    s.ships[ship] = Ship(0, "dropship")
    s.where[ship] = place
    s.carried[ship] = ground.bays(s, ship)
    assert s.carried[ship] == 4                                                 # two bays of 2
    assert ground.landing_squares(s, ship) == []                                # only seat 1's habitat is explored
    s.surface[place] = ("plains", "plains", "", "", "", "", "", "", "water")
    assert ground.landing_squares(s, ship) == [1]
    ground.land(s, ship, 1, mv.reveal_square)
    assert s.marines[place][1] == (0, 4, (s.cycle,) * 4) and ship not in s.carried
    assert all(s.surface[place][q] for q in (0, 2, 4)) and not s.surface[place][3]   # touching, not diagonal


def test_marines_that_landed_this_cycle_wait_and_then_fight_and_capture():
    from voidtable.games.abyss.fourx import ground
    from voidtable.games.abyss.fourx.tasks import Ground, Seize
    s = main_state(3)
    place = enemy_planet(s)
    s.marines[place] = (None, (0, 5, (s.cycle,) * 5)) + (None,) * 7
    assert ground.marches(s, 0) == []                                           # landed this cycle: no attack yet
    s.marines[place] = (None, (0, 5, (s.cycle - 1,) * 5), None, None, (1, 1, (0,))) + (None,) * 4
    legal = ground.marches(s, 0)
    assert Action("march", (place, 1, 0)) in legal and Action("march", (place, 1, 4)) in legal
    assert Action("march", (place, 1, 3)) not in legal                          # diagonal
    s.stack = [EndOfCycle(), Ground(0)]
    s._legal = None
    s.apply(0, Action("march", (place, 1, 0)))                                  # onto the habitat
    assert isinstance(s.pending, Seize) and s.to_move() == [0]
    s.apply(0, Action("capture"))
    assert s.built[place][0] == (0, "habitat")
    assert planets.colonies(s, 1) == [] and place in planets.colonies(s, 0)


def test_a_ground_fight_rolls_at_once_until_one_side_is_gone():
    from voidtable.games.abyss.fourx import ground
    s = main_state(3)
    place = enemy_planet(s)
    a, b = ground.fight(s, place, 0, (0, 6, (0,) * 6), (1, 3, (0,) * 3))
    assert (a is None) != (b is None)
    left = a or b
    assert left is not None and 1 <= left[1] <= (6 if left[0] == 0 else 3)
    assert len(left[2]) == left[1]                                              # each survivor keeps its cycle


def test_a_bomb_hit_lets_the_planets_owner_choose_the_building():
    from voidtable.games.abyss.fourx.tasks import Bombard, Demolish
    s = main_state(3, seed=2)
    place = enemy_planet(s)
    ship = 8
    s.ships[ship] = Ship(0, "bomber")
    s.where[ship] = place
    for i in [i for i, sh in s.ships.items() if sh.owner == 1]:
        del s.ships[i], s.where[i]
    found = False
    for seed in range(40):
        c = edit(s.clone(), rng=type(s.rng)(seed), stack=[])
        stop = run_until(c, Demolish, push=[Bombard()])                         # halt at a hit, even with one choice
        if stop.reason == "stop":
            assert stop.pending.seats == (1,)
            squares = {a.arg for a in stop.pending.choices[1]}
            assert squares == {0, 1, 2, 3}                                      # the habitat, mine, plant, farm
            c.apply(1, Action("demolish", 2))
            assert c.built[place][2] is None
            found = True
            break
        assert stop.reason == "dry" and not any(isinstance(e, Bombed) and e.hit for e in stop.events)
    assert found


def test_a_planetary_defence_fires_at_enemy_ships_above():
    from voidtable.games.abyss.fourx.tasks import Bombard, TakeHit
    s = main_state(3)
    place = enemy_planet(s)
    s.built[place] = s.built[place][:4] + ((1, "habitat"), (1, "defence")) + s.built[place][6:]
    ship = 8
    s.ships[ship] = Ship(0, "escort")
    s.where[ship] = place
    hits = 0
    for seed in range(30):
        c = edit(s.clone(), rng=type(s.rng)(seed), stack=[])
        stop = run_until(c, TakeHit, push=[Bombard()])                          # halt at a hit, even with one choice
        if stop.reason == "stop":
            hits += 1
            assert stop.pending.seats == (0,) and stop.pending.task.ship == ship
    assert 0 < hits < 30


def test_sides_at_peace_keep_a_truce_in_a_three_sided_battle():
    from voidtable.games.abyss.battle import in_range, initiative
    from voidtable.games.abyss.fourx.tasks import Battles
    s = main_state(3, seed=4)
    place = s.m.galaxy.homes[0]
    for p in (1, 2):
        for i in [i for i, sh in s.ships.items() if sh.owner == p]:
            s.where[i] = place
    s.war = frozenset({(0, 1), (0, 2)})                                         # 1 and 2 are at peace
    s.stack = [EndOfCycle()]
    s.push(Battles())
    s.advance()
    assert set(s.fighting) == {0, 1, 2} and s.truce == frozenset({(1, 2)})
    one = next(i for i, sh in s.ships.items() if sh.owner == 1)
    two = next(i for i, sh in s.ships.items() if sh.owner == 2)
    s.ships[one] = s.ships[one]._replace(cell=(4, 4))
    s.ships[two] = s.ships[two]._replace(cell=(5, 4))
    assert two not in in_range(s, one, 0)                                       # no shots across the truce
    order, totals = initiative({0: [(1, 0)], 1: [(1, 2)], 2: [(1, 2)]}, 0, 1, frozenset({(1, 2)}))
    assert totals == {0: 1 - 4, 1: 1, 2: 1}                                      # no jammers across it either


# ------------------------------------------------------------------ ships no player runs
def test_a_space_monster_is_at_war_with_everyone_and_the_policy_plays_it():
    from voidtable.games.abyss.fourx import tribunal as tb
    from voidtable.games.abyss.fourx.tasks import Battles
    s = main_state(3, seed=1)
    home = s.m.galaxy.homes[0]
    for p in s.m.galaxy.neighbours[home]:
        s.kinds[p] = "empty"
    s.kinds = ["" if k not in ("home", "empty") else k for k in s.kinds]
    tb.spawn_monster(s, "space_monster")
    monster = next(i for i, sh in s.ships.items() if sh.design == "monster")
    assert s.ships[monster].owner == 3 and all(s.at_war(3, p) and s.at_war(p, 3) for p in range(3))
    s.where[monster] = home
    s.stack = [EndOfCycle()]
    s.push(Battles())
    s.advance()
    assert s.fighting == (0, 3)
    seen_seats = set()
    while s.fighting and not s.over:
        p = s.to_move()[0]
        seen_seats.add(p)
        s.apply(p, s.legal_actions(p)[-1])
    assert seen_seats == {0}                                                    # the monster never waits for a seat


def test_monsters_roam_one_face_up_place_a_cycle():
    from voidtable.games.abyss.fourx import movement as mv
    from voidtable.games.abyss.fourx.tasks import MonstersMove
    s = main_state(3, seed=1)
    place = s.m.galaxy.homes[0]
    i = s.add_neutral("monster", place)
    assert i is not None
    for n in s.m.galaxy.neighbours[place]:
        s.kinds[n] = "black_hole"
    s.kinds[s.m.galaxy.neighbours[place][0]] = "empty"
    mv.monsters_move(s, MonstersMove())
    assert s.where[i] == s.m.galaxy.neighbours[place][0]


def test_the_twin_planets_sit_at_the_centre_guarded_and_win_when_both_hold_a_habitat():
    s = main_state(4, twin_planets=True)
    a, b = s.m.galaxy.twins
    assert s.m.galaxy.places[a] == (0, 0) and b in s.m.galaxy.neighbours[a]
    assert s.kinds[a] == s.kinds[b] == "twin"
    keepers = [i for i, sh in s.ships.items() if sh.design == "keeper"]
    assert sorted(s.where[i] for i in keepers) == sorted([a, b])
    s.built[a] = ((2, "habitat"),) + (None,) * 8
    s.stack = []
    cycle.end_of_cycle(s, EndOfCycle())
    assert not s.over
    s.built[b] = ((2, "habitat"),) + (None,) * 8
    s.stack = []
    cycle.end_of_cycle(s, EndOfCycle())
    assert s.over and s.winners == (2,) and s.win_kind == "twin"


def test_a_wonder_adds_to_its_resource_once_per_game_and_is_never_destroyed():
    from voidtable.games.abyss.fourx import ground, purchase
    from voidtable.games.abyss.fourx.tasks import Demolish, Purchase, Seize
    s = main_state(3)
    home = s.m.galaxy.homes[0]
    s.built[home] = s.built[home][:4] + ((0, "habitat"), (0, "granary_of_ages")) + s.built[home][6:]
    assert planets.production(s, 0) == [2, 3, 2]                                # the farm makes 2 + 1
    s.bank[1] = [99, 99, 99]
    other = s.m.galaxy.homes[1]
    s.built[other] = s.built[other][:4] + ((1, "habitat"),) + s.built[other][5:]
    kinds = {a.arg[2] for a in purchase.purchase_legal(s, Purchase(1)) if a.kind == "build"}
    assert "deep_core" in kinds and "granary_of_ages" not in kinds             # one of each per game
    assert Action("bulldoze", (home, 5)) not in purchase.purchase_legal(s, Purchase(0))
    s.war = frozenset({(0, 1)})
    assert 5 not in {a.arg for a in ground.demolish_legal(s, Demolish(0, home))}
    assert ground.seize_legal(s, Seize(1, home, 5)) == [Action("capture")]


def test_a_bare_hull_is_bought_at_a_dock_and_fitted_tile_by_tile():
    from voidtable.games.abyss.fourx import purchase
    from voidtable.games.abyss.fourx.tasks import Purchase
    from voidtable.games.abyss.ships import stats
    s = main_state(3)
    home = s.m.galaxy.homes[0]
    s.built[home] = s.built[home][:4] + ((0, "habitat"), (0, "small_dock")) + s.built[home][6:]
    s.bank[0] = [30, 30, 30]
    legal = purchase.purchase_legal(s, Purchase(0))
    hulls = {a.arg for a in legal if a.kind == "buy_hull"}
    assert hulls == {"frigate", "transport"}                                    # a cruiser needs the large dock
    s.stack = [EndOfCycle(), Purchase(0)]
    s._legal = None
    s.apply(0, Action("buy_hull", "frigate"))
    ship = next(i for i, sh in s.ships.items() if sh.design.startswith("custom"))
    assert s.bank[0] == [27, 30, 26] and s.where[ship] == home
    fits = {a.arg for a in s.legal_actions(0) if a.kind == "fit"}
    assert (ship, 0, "computer_2") in fits and (ship, 0, "heavy_laser") not in fits   # heavy lasers need the tech
    s.apply(0, Action("fit", (ship, 0, "computer_2")))
    s.apply(0, Action("fit", (ship, 1, "basic_laser")))
    st = stats(s.r, s.ships[ship])
    assert st.computer == 2 and st.weapons == (1,) and s.bank[0] == [24, 30, 24]
    assert not any(a.kind == "fit" and a.arg[1] in (0, 1) for a in s.legal_actions(0))


def test_fighter_technology_reaches_every_fighter_and_the_drafts_initiative_example_follows_the_rule():
    from voidtable.games.abyss.battle import initiative
    from voidtable.games.abyss.fourx import purchase
    from voidtable.games.abyss.ships import stats
    s = main_state(3)
    s.techs[1] = frozenset({"fighter_computer_2"})
    purchase.refit_fighters(s, 1)
    fighters1 = [i for i, sh in s.ships.items() if sh.owner == 1]
    assert all(stats(s.r, s.ships[i]).computer == 2 for i in fighters1)         # race two's fighter technology: 2
    assert all(stats(s.r, sh).computer == 1 for sh in s.ships.values() if sh.owner == 0)
    s.ships[8] = Ship(0, "custom:frigate:computer_3,jammer_1,,")                 # race one's frigate
    s.ships[17 + 15] = Ship(1, "custom:cruiser:computer_1,jammer_3,,,,")          # race two's cruiser
    del s.ships[fighters1[1]]                                                   # race two brings one fighter
    sides = {p: [(stats(s.r, sh).computer, stats(s.r, sh).jammer) for sh in s.ships.values() if sh.owner == p]
             for p in (0, 1)}
    order, totals = initiative(sides, attacker=1)
    assert totals == {0: 1 + 1 + 3 - 3, 1: 2 + 1 - 1} == {0: 2, 1: 2}           # the draft counts 4 - 1 = 3 for race two
    assert order == [0, 1]                                                      # a tie: race one's computer 3 decides


def planet_side_battle(seed: int, escort_cell=None):
    """Race 1 holds its home world with a planetary defence and a fighter above it; Race 0's bomber and escort come."""
    from voidtable.games.abyss.fourx.tasks import Battles, EndOfCycle
    s = main_state(3, seed=seed)
    place = enemy_planet(s)
    s.built[place] = s.built[place][:4] + ((1, "habitat"), (1, "defence")) + s.built[place][6:]
    for i in [i for i, sh in s.ships.items() if sh.owner == 1][1:]:
        del s.ships[i], s.where[i]
    s.ships[8], s.where[8] = Ship(0, "bomber"), place
    s.ships[9], s.where[9] = Ship(0, "escort"), place
    s.stack = [EndOfCycle(), Battles()]
    s._legal = None
    s.advance()
    return s, place


def test_a_battle_at_a_held_planet_is_fought_on_the_planet_side_and_the_planet_goes_first():
    from voidtable.games.abyss.battle import Round
    s, place = planet_side_battle(1)
    assert s.planet == frozenset({(0, 3), (0, 4), (1, 3), (1, 4)})     # 2 x 2 in the middle of the holder's edge
    assert s.besieged == frozenset({place})
    holder_cells = [sh.cell for sh in s.ships.values() if sh.owner == 1]
    assert holder_cells and all(c[0] < 2 and c not in s.planet for c in holder_cells)
    for seed in range(6):
        c, _ = planet_side_battle(seed)
        for p in c.to_move():
            assert not {a.arg for a in c.legal_actions(p) if a.kind == "move"} & c.planet, "no ship enters the planet"
    # an enemy escort within 3 squares of the planet: at the next round the defence fires before any ship acts
    s.ships[9] = s.ships[9]._replace(cell=(4, 3))
    s.take_events()
    s.stack.append(Round())
    s._legal = None
    s.advance()
    types = [type(e) for e in s.take_events()]
    assert types[0] is RoundBegan and types[1] is DefenceFired, types
    assert Moved not in types[:2]


def test_a_ship_next_to_the_planet_drops_its_bombs_and_the_bombardment_leaves_that_planet_alone():
    from voidtable.games.abyss.fourx.tasks import Bombard, Demolish, EndOfCycle
    s, place = planet_side_battle(2)
    s.ships[8] = s.ships[8]._replace(cell=(5, 6))      # far from the planet: no bombs
    s.take_events()
    s.by_planet(8)
    assert not s.stack or not any(type(t).__name__ == "BombShot" for t in s.stack)
    s.ships[8] = s.ships[8]._replace(cell=(2, 4))      # next to the planet
    dropped = 0
    for seed in range(20):
        c = s.clone()
        c.rng = type(s.rng)(seed)
        c.take_events()
        c.by_planet(8)
        c._legal = None
        c.advance()
        bombs = [e for e in c.take_events() if isinstance(e, Bombed)]
        dropped += len(bombs)
        if isinstance(c.pending, Demolish):
            assert c.to_move() == [1]                    # the planet's owner picks the building
    assert dropped >= 20, "each of the bomber's two bays rolls (a hit stops for the owner's choice)"
    after = s.clone()
    after.stack = [EndOfCycle(), Bombard()]
    after._legal = None
    after.take_events()
    after.advance()
    assert not [e for e in after.take_events() if isinstance(e, (DefenceFired, Bombed)) and e.place == place]
    assert after.besieged == frozenset()
