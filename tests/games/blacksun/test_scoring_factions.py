"""Turn steps 2 and 5, every scoring condition, faction abilities, the end of the game, the variants."""

from __future__ import annotations

import pytest

import voidtable
from voidtable.engine.actions import Action
from voidtable.engine.positions import edit, run_until
from voidtable.engine.rng import Rng
from voidtable.games.blacksun import factions, scoring
from voidtable.games.blacksun.events import PlanetRoll, Scored
from voidtable.games.blacksun.positions import BOARD, CAPTURED, DESTROYED

from voidtable.games.blacksun.flow import AfterTurn, EndTurn, Faction, Move, NextTurn, RaidChoice, Roll, ScoreEnd, SecondTurn, TurnStart

from .helpers import kind, ScriptedRng, args, at, do, hx, kinds, make, maybe, run, space_tiles

FS = frozenset()


def planets_map():
    tiles = space_tiles()
    tiles[(-1, 2)] = "P8"
    tiles[(2, 0)] = "P12"
    tiles[(0, -2)] = "P5"
    return tiles


# ---------------------------------------------------------------- step 5


def test_need_and_crisis_removal_score_only_for_their_holders():
    s = make(2, ["merchants", "medics"], tiles=planets_map())
    p8, p12 = hx(s, -1, 2), hx(s, 2, 0)
    s.status[p8] = scoring.NEED
    s.status[p12] = scoring.CRISIS
    at(s, 0, -1, 2)   # Transport at planet 8
    at(s, 1, 2, 0)    # Transport at planet 12
    run(s, ScoreEnd(0))
    assert sorted(args(s, "remove_counter")) == [(-1, 2), (2, 0)]
    do(s, "remove_counter", (-1, 2))
    assert s.scores[0] == 1  # Need = 1 for the Merchants
    do(s, "remove_counter", (2, 0))
    assert s.scores[0] == 1 and s.status[p12] == 0  # removing a Crisis scores them nothing (scorched earth)


def test_ships_on_blockade_positions_are_not_at_the_planet():
    s = edit(make(2, ["merchants", "medics"], tiles=planets_map()), stack=[])
    s.status[hx(s, -1, 2)] = scoring.NEED
    at(s, 0, 0, 2)
    at(s, 1, 0, 2, 3)  # on the edge of planet 8's hex, anchored next door
    stop = run_until(s, "remove_counters", push=[ScoreEnd(0)])  # offered even when "done" is the only choice
    assert stop.reason == "stop" and stop.pending.choices == {0: (Action("scoring_done"),)}


def test_necessity_variant_only_scoring_players_remove():
    s = make(2, ["merchants", "medics"], tiles=planets_map(), options={"necessity": True})
    s.status[hx(s, -1, 2)] = scoring.NEED
    s.status[hx(s, 2, 0)] = scoring.CRISIS
    at(s, 0, -1, 2)
    at(s, 1, 2, 0)
    run(s, ScoreEnd(0))
    assert args(s, "remove_counter") == [(-1, 2)]


def test_crisis_turn_counts_rebel_ships_on_blockade_positions_and_rebel_cards():
    s = make(3, ["rebel", "smuggler", "medics"], tiles=planets_map())
    s.status[hx(s, -1, 2)] = scoring.CRISIS
    at(s, 7, 0, 2)
    edit(s, stack=[])
    assert run_until(s, push=[ScoreEnd(0)]).reason == "dry"  # no counter to remove: the step ends by itself
    assert s.scores[0] == 0  # the Smuggler's Freighter is next door, and she is not Rebel
    edit(s, card=[s.card[0], "rebel", s.card[2]])
    run_until(s, push=[ScoreEnd(0)])
    assert s.scores[0] == 0  # next door is not the Crisis hex
    from voidtable.games.blacksun.positions import lift

    lift(s, 7)
    at(s, 0, 0, 2)
    at(s, 7, 0, 2, 3)  # the Rebel-card Freighter sits on the Crisis hex's edge
    stop = run_until(s, push=[ScoreEnd(0)])
    assert s.scores[0] == 1 and [e.condition for e in stop.events if isinstance(e, Scored)] == ["crisis_turn"]


def test_peaceful_turn_with_no_crisis_or_allies_at_every_crisis():
    s = make(2, ["alliance", "medics"], tiles=planets_map())
    run(s, ScoreEnd(0))
    assert s.scores[0] == 1  # no Crisis anywhere
    edit(s, stack=[])
    s.status[hx(s, -1, 2)] = scoring.CRISIS
    s.status[hx(s, 2, 0)] = scoring.CRISIS
    at(s, 0, -1, 2)
    run(s, ScoreEnd(0))
    assert s.scores[0] == 1  # one Crisis without an Allied ship
    edit(s, stack=[])
    at(s, 1, 1, 0, 0)  # on the edge of planet 12's hex (anchored? no centre yet)
    at(s, 2, 1, 0)
    run(s, ScoreEnd(0))
    assert s.scores[0] == 2


def test_run_blockade_counts_different_blockades_only_and_not_ones_own():
    s = make(2, ["smuggler", "merchants"], options={"ships.freighter.move": 8})
    at(s, 0, -2, 2)
    at(s, 1, -1, 2)
    at(s, 2, -1, 2, 0)  # blockade between (-1,2) and (0,2)
    run(s, Move(0, 1, FS, FS))
    maybe(s, "fleet_from", (-2, 2))
    maybe(s, "add_ship", 0)
    maybe(s, "fleet_done")
    for h in ((-1, 2), (0, 2), (-1, 2), (0, 2)):
        do(s, "step", h)  # the same blockade four times... (costs 1 + 2 + 2 + 2 = 7)
    do(s, "stop")
    assert s.scores[0] == 1  # ... scores once: blockades are counted when different


def test_destroy_scoring_and_the_rebel_commander_losing_it():
    s = make(2, ["rebel", "alliance"])
    assert "destroy_allied" in factions.conditions(s, 0)
    scoring.destroy_points(s, 0, 7)  # an Alliance Destroyer: its Fight, 2
    assert s.scores[0] == 2
    s.card[0] = "rogue"
    assert "destroy_allied" not in factions.conditions(s, 0)
    scoring.destroy_points(s, 0, 8)
    assert s.scores[0] == 2
    s.card[0] = "rebel"  # a card matching the original faction keeps it
    assert "destroy_allied" in factions.conditions(s, 0)
    s.card[1] = "hunted"
    scoring.destroy_points(s, 0, 11)  # the Battleship of a Hunted player: bounty = Fight 6
    assert s.scores[0] == 8


def test_raid_any_ship_for_hunted_players():
    s = make(2, ["merchants", "rebel"])
    s.card[0] = "hunted"
    at(s, 0, -1, 2)
    at(s, 9, -1, 2)
    at(s, 10, -1, 2, 1)
    run(s, RaidChoice(0))
    s.rng = ScriptedRng([[1], [1, 1, 1, 1]])
    do(s, "raid", ((-1, 2), 1))
    assert s.scores[0] == 2  # two Rebel ships involved


# ---------------------------------------------------------------- step 2


def test_faction_change_constraints():
    s = make(6, ["smuggler", "brigands", "merchants", "medics", "rebel", "alliance"])
    assert "allied" not in factions.allowed_cards(s, 4)  # the Rebel Commander is a Rebel
    assert "allied" in factions.allowed_cards(s, 0)
    s.card[0] = "rebel"
    assert "allied" not in factions.allowed_cards(s, 0) and "rebel" not in factions.allowed_cards(s, 0)
    s.card[0] = "hunted"
    assert "rogue" not in factions.allowed_cards(s, 0) and "allied" in factions.allowed_cards(s, 0)
    s.card[5] = "rebel"  # even the Alliance General can become Rebel
    run(s, Faction(0))
    assert Action("keep_card") in s.legal_actions(0)
    assert all(a.arg is not None for a in s.legal_actions(0) if a.kind == "take_card")  # never back to no card
    do(s, "take_card", "allied")
    assert s.card[0] == "allied" and "peaceful_turn" in factions.conditions(s, 0)


# ---------------------------------------------------------------- abilities


def test_smuggler_second_turn_costs_a_point_and_only_once():
    s = make(2, ["smuggler", "medics"])
    at(s, 0, -2, 2)
    s.scores[0] = 2
    s.stack = []
    run(s, AfterTurn(0, False))
    assert kind(s) == "second_turn"
    do(s, "second_turn", True)
    assert s.scores[0] == 1 and s.active == 0
    assert EndTurn(0, True) in s.stack
    assert not any(isinstance(t, NextTurn) for t in s.stack)  # the first turn's hand-over is replaced
    s.stack = []
    run(s, AfterTurn(0, True))
    assert not any(isinstance(t, SecondTurn) for t in s.stack)  # never a third turn


def test_brigands_rebuild_raiders_at_the_secret_base():
    s = make(2, ["brigands", "medics"])
    raiders, base = [0, 1, 2], 3
    at(s, base, 1, 1)
    at(s, 0, 1, 1, 0)
    s.sstate[1] = s.sstate[2] = DESTROYED
    edit(s, stack=[])
    opts = factions.rebuild_options(s, 0)
    assert opts == [Action("rebuild_raiders", (1, 1))]
    s.rng = Rng(1)
    run(s, TurnStart(0), Roll(0), Faction(0), EndTurn(0, False))
    ev = do(s, "rebuild_raiders", (1, 1))
    assert not [e for e in ev if isinstance(e, PlanetRoll)]  # the whole turn is skipped, die roll included
    while kind(s) == "arrange":
        do(s, "slot", args(s, "slot")[0])
    assert all(s.sstate[r] == BOARD for r in raiders)


def test_medics_rebuild_one_ambunaut_by_a_medsat():
    s = make(2, ["medics", "brigands"])
    at(s, 3, 2, -1)  # a Medsat
    s.sstate[0] = s.sstate[1] = DESTROYED
    assert factions.rebuild_options(s, 0) == [Action("rebuild_ambunaut", (2, -1))]
    factions.rebuild(s, 0, Action("rebuild_ambunaut", (2, -1)))
    s._legal = None
    do(s, "slot", args(s, "slot")[0])  # beside the Medsat, on an edge of its hex
    assert sum(1 for x in (0, 1) if s.sstate[x] == BOARD) == 1


# ---------------------------------------------------------------- end of the game


def test_target_gives_every_other_player_one_more_turn():
    s = make(4, ["medics", "rebel", "alliance", "merchants"])
    s.scores[2] = 10
    edit(s, stack=[])
    assert scoring.check_end(s, 1) is False
    assert s.final_queue == [3, 0, 1]  # seat 2 reached it on seat 1's turn: 2 skipped
    s2 = make(4, ["medics", "rebel", "alliance", "merchants"])
    s2.scores[1] = 10
    scoring.check_end(s2, 1)
    assert s2.final_queue == [2, 3, 0]


def test_long_game_target():
    assert voidtable.load("blacksun", 3, {"length": "long"}).new_state(1).target == 20
    assert voidtable.load("blacksun", 3).new_state(1).target == 10


def test_story_variant_belongs_to_one_player():
    s = voidtable.load("blacksun", 3, {"story": True}).new_state(5)
    while kind(s) == "redraw":
        do(s, "keep_faction")
    assert 0 <= s.story_player < 3
    from voidtable.games.blacksun.positions import put

    put(s, s.owner.index(s.story_player), s.board.stayable.index(True), -1)  # not eliminated
    s.scores[(s.story_player + 1) % 3] = 50
    assert scoring.check_end(s, 0) is False and s.final_queue is None  # only the story player's score ends it
    s.scores[s.story_player] = 10
    assert scoring.check_end(s, 0) is True and s.over


def test_story_player_eliminated_ends_the_game():
    s = make(2, ["medics", "rebel"], options={"story": True})
    s.story_player = 1
    at(s, 0, 1, 1)
    assert scoring.check_end(s, 0) is True and "eliminated" in s.over_reason


def test_story_player_may_end_the_game():
    m = make(2, ["medics", "rebel"], options={"story": True})
    m.story_player = 1
    at(m, 7, 1, 1)
    m.stack = []
    run(m, AfterTurn(1, False))
    assert kind(m) == "story_end" and m.to_move() == [1]
    do(m, "end_story", True)
    assert m.is_over() and m.result().winners == [0, 1]


def test_result_ranks_and_shared_wins():
    s = make(3, ["medics", "rebel", "alliance"])
    s.scores = [4, 9, 9]
    s.over = True
    r = s.result()
    assert r.ranks == [3, 1, 1] and r.winners == [1, 2] and r.tiebreaks


def test_a_captured_ship_scores_as_destroyed_for_its_captor():
    # the book: an asterisk ship that is "'destroyed' (i.e. loses all its dice)" is captured instead of removed;
    # for Destroy Alliance/Rebel Ship and the Hunted bounty it has been destroyed (its Fight in points)
    s = make(2, ["rebel", "smuggler"])
    freighter = 7
    s.card[1] = "allied"
    at(s, 0, -1, 2)
    at(s, freighter, -1, 2)
    run(s, RaidChoice(0))
    s.rng = ScriptedRng([[6, 1], [1]])
    do(s, "raid", ((-1, 2), 1))
    assert s.sstate[freighter] == CAPTURED
    assert s.scores[0] == 1  # Destroy Alliance Ship: the Freighter's Fight
    s2 = make(2, ["rebel", "smuggler"])
    s2.card[1] = "hunted"
    s2.card[0] = "rogue"  # no Destroy Alliance Ship any more; the bounty is anyone's
    at(s2, 0, -1, 2)
    at(s2, freighter, -1, 2)
    run(s2, RaidChoice(0))
    s2.rng = ScriptedRng([[6, 1], [1]])
    do(s2, "raid", ((-1, 2), 1))
    assert s2.sstate[freighter] == CAPTURED and s2.scores[0] == 1


def test_raid_transport_and_raid_any_ship_both_score_for_one_transport():
    # two different conditions (the Brigands' Raid Transport, the Hunted card's Raid Any Ship): a faction card
    # adds scoring conditions to those kept, and each scores for the Transport involved
    s = make(2, ["brigands", "merchants"])
    s.card[0] = "hunted"
    at(s, 0, -1, 2)
    at(s, 4, -1, 2)  # a Merchant Transport
    run(s, RaidChoice(0))
    s.rng = ScriptedRng([[1, 1], [1]])
    ev = do(s, "raid", ((-1, 2), 1))
    assert s.scores[0] == 2
    assert sorted(e.condition for e in ev if isinstance(e, Scored) and e.seat == 0) == ["raid_any_ship", "raid_transport"]
