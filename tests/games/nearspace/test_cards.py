"""Cards from the hand: Hand Cycling (E16), Time Warp (E13), Terraforming Space at half cost (E17), the rest."""

from __future__ import annotations

from voidtable.engine.actions import Action
from voidtable.engine.dice import Die
from voidtable.games.nearspace import cards, shipyard
from voidtable.games.nearspace.tasks import Build, Revive, Target, Upkeep

from .helpers import ScriptedRng, blank, lay, place, ship


def inst(s, key, owner=0):
    return next(j for j, (o, k) in enumerate(s.r.instances) if o == owner and k == key)


def give(s, key, seat=0):
    """Put a card in the seat's hand in place of its first card (which goes back on top of the Resource)."""
    c = inst(s, key, seat)
    for zone in (s.resource[seat], s.discard[seat]):
        if c in zone:
            zone.remove(c)
    for i, p in enumerate(s.place_card):
        if p == c:
            s.place_card[i] = s.hand[seat][0]
            s.hand[seat][0] = c
            return c
    if c not in s.hand[seat]:
        s.resource[seat].insert(0, s.hand[seat][0])
        s.hand[seat][0] = c
    s.known_bottom[seat] = min(s.known_bottom[seat], len(s.resource[seat]))
    return c


def play(s, action, seat=0):
    shipyard.build(s, Build(seat), action)


def test_e16_hand_cycling_costs_one_cp_and_keeps_three_cards():
    s = blank()
    s.cp = 1
    card = s.hand[0][1]
    top = s.resource[0][0]
    key = s.r.instances[card][1]
    assert Action("cycle", key) in shipyard.build_legal(s, Build(0))
    play(s, Action("cycle", key))
    assert s.cp == 0 and card in s.discard[0] and top in s.hand[0] and len(s.hand[0]) == 3
    assert not any(a.kind == "cycle" for a in shipyard.build_legal(s, Build(0)))


def test_e13_time_warp_checks_for_two():
    for face, back in ((2, True), (3, False), (1, True), (4, False)):
        s = blank()
        give(s, "time_warp")
        s.graveyard[0] = [Die(4, "red"), Die(20, "white")]
        s.cp = 2
        play(s, Action("play", "time_warp"))
        task = s.stack.pop()
        assert task == Revive(0, inst(s, "time_warp")) and s.cp == 0
        assert cards.revive_legal(s, task) == [Action("revive", 0), Action("revive", 1)]
        s.rng = ScriptedRng([face])
        before = s.stockpile[0].total()
        cards.revive(s, task, Action("revive", 0))
        assert (s.stockpile[0].total() == before + 1) == back
        assert s.graveyard_facets(0) == (20 if back else 24)
        assert inst(s, "time_warp") in s.discard[0]
    s = blank()
    s.graveyard[0] = [Die(20, "white")]
    s.rng = ScriptedRng([3])
    cards.revive(s, Revive(0, inst(s, "time_warp")), Action("revive", 0))
    assert s.graveyard_facets(0) == 20  # a d20 succeeds only on 1 or 2


def test_revive_needs_a_graveyard_ship():
    s = blank()
    give(s, "time_warp")
    s.cp = 5
    assert Action("play", "time_warp") not in shipyard.build_legal(s, Build(0))


def test_e17_terraforming_space_costs_half():
    s = blank()
    give(s, "garden_project")  # cost 4, makes a Colony World of CP 2
    space = lay(s, (1, -1), "kuiper_void")
    colony = lay(s, (0, -1), "vega_colony")
    s.cp = 4
    assert Action("play", "garden_project") not in shipyard.build_legal(s, Build(0))  # no presence anywhere
    ship(s, 0, 4, "white", (1, -1))
    ship(s, 0, 4, "blue", (0, -1))
    assert cards.terraform_cost(s, inst(s, "garden_project"), space) == 2
    assert cards.terraform_cost(s, inst(s, "garden_project"), colony) == 4
    play(s, Action("play", "garden_project"))
    task = s.stack.pop()
    assert task == Target(0, inst(s, "garden_project"))
    assert sorted(a.arg for a in cards.target_legal(s, task)) == [(0, -1), (1, -1)]
    cards.target(s, task, Action("target", (1, -1)))
    assert s.cp == 2 and s.place_card[space] == inst(s, "garden_project")
    assert inst(s, "kuiper_void") in s.discard[0]
    from voidtable.games.nearspace.economy import construction_points
    assert construction_points(s, 0)[0] == 5 + 2 + 1  # Terra, the new Colony World, Vega Colony


def test_events_this_turn_and_directives_kept_by_paying_again():
    s = blank()
    give(s, "all_guns_blazing")
    s.cp = 10
    play(s, Action("play", "all_guns_blazing"))
    assert s.attack_bonus == 2 and s.cp == 7
    give(s, "solar_wind")
    play(s, Action("play", "solar_wind"))
    assert s.e_bonus == 6 and s.cp == 6
    give(s, "fleet_doctrine")
    play(s, Action("play", "fleet_doctrine"))
    doctrine = inst(s, "fleet_doctrine")
    assert s.directives[0] == [doctrine] and s.directive_total(0, "combat_bonus") == 1 and s.cp == 4
    s.cp = 1  # next turn: the upkeep cannot be paid
    assert shipyard.upkeep_legal(s, Upkeep(0, doctrine)) == [Action("keep", False)]
    s.cp = 2
    assert shipyard.upkeep_legal(s, Upkeep(0, doctrine)) == [Action("keep", True), Action("keep", False)]
    shipyard.upkeep(s, Upkeep(0, doctrine), Action("keep", True))
    assert s.cp == 0 and s.directives[0] == [doctrine]
    shipyard.upkeep(s, Upkeep(0, doctrine), Action("keep", False))
    assert s.directives[0] == [] and doctrine in s.discard[0]


def test_encounters_from_the_hand_go_where_the_opponent_is():
    s = blank()
    give(s, "ion_storm")
    s.cp = 1
    play(s, Action("play", "ion_storm"))
    task = s.stack.pop()
    assert cards.target_legal(s, task) == [Action("target", (-2, 4))]  # only their Homeworld so far
    ship(s, 1, 6, "white", (0, 1))
    assert sorted(a.arg for a in cards.target_legal(s, task)) == [(-2, 4), (0, 1)]
    cards.target(s, task, Action("target", (0, 1)))
    assert s.encounter_at == {place(s, (0, 1)): inst(s, "ion_storm")} and s.cp == 0
