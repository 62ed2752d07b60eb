"""Eight clauses of the draft the main game once played otherwise (issue 25, items 5-12).

Each test sets a position, plays the actions the clause is about, and checks the
outcome the draft asks for: the attacker is the side that moved in; flight needs a
friendly space next door, and a flight into asteroids rolls for each ship; a side
with no ships left is out of the battle; a wormhole jump next to a black hole stops
the ship; veteran marines stay veterans when fresh ones join them; bonus squares
include a free colony and a free marine; a habitat may be bulldozed.
"""

from __future__ import annotations

from typing import Any

from voidtable.engine import Action
from voidtable.engine.parameters import find
from voidtable.engine.positions import edit, pending_choices, run_until
from voidtable.games.abyss.battle import Move, Turn
from voidtable.games.abyss.battle_events import BattleOver
from voidtable.games.abyss.fourx import SPEC, ground, movement, purchase, text
from voidtable.games.abyss.fourx.events import CrossedAsteroids, FoundColony, FoundMarine
from voidtable.games.abyss.fourx.state import AbyssState
from voidtable.games.abyss.fourx.tasks import Battles, Ground, Purchase, Seize
from voidtable.games.abyss.ships import Ship
from tests.games.abyss.main_helpers import main_state


class Die:
    """A rigged random source: every die shows ``face`` (at most the die's size)."""

    def __init__(self, face: int) -> None:
        self.face = face

    def below(self, n: int) -> int:
        return min(self.face, n) - 1

    def random(self) -> float:
        return 0.0


def settle(s: AbyssState) -> None:
    """Apply every decision that has one choice only (whether or not the engine applies it itself)."""
    while s.to_move() and len(s.legal_actions(s.to_move()[0])) == 1:
        p = s.to_move()[0]
        s.apply(p, s.legal_actions(p)[0])


def play(s: AbyssState, seat: int, kind: str, arg: Any = None) -> list[dict[str, Any]]:
    """Apply ``seat``'s action, then any forced single choices; the events of both."""
    assert s.to_move() == [seat], (s.pending, s.to_move())
    events = s.apply(seat, Action(kind, arg))
    while s.to_move() and len(s.legal_actions(s.to_move()[0])) == 1:
        p = s.to_move()[0]
        events += s.apply(p, s.legal_actions(p)[0])
    return events


def fighters(s: AbyssState, seat: int) -> list[int]:
    return sorted(i for i, sh in s.ships.items() if sh.owner == seat)


def open_space(s: AbyssState, *places: int) -> None:
    """Turn places face up as empty space."""
    for p in places:
        s.kinds[p] = "empty"


def start_battle_at(s: AbyssState, place: int) -> None:
    """The space battles begin (after the movement) with nothing after them; the state halts before each side's
    turn, so every turn is seen, one with a single choice (or none) too."""
    edit(s, stack=[])
    run_until(s, Turn, push=[Battles()])
    assert s.battle_place == place and isinstance(s.pending, Turn)


def fight_on(s: AbyssState) -> int:
    """The seat to move fights on, or its ship holds its cell (or it takes its first choice); which seat it was.
    A turn with nothing to choose (a side with no ships left) passes."""
    p = s.to_move()[0]
    task = s.pending
    legal = s.legal_actions(p)
    if not legal:
        run_until(s, Turn, past_top=True)
    elif isinstance(task, Move):
        s.apply(p, Action("move", s.ships[task.ship].cell))
    else:
        s.apply(p, Action("flee", None) if Action("flee", None) in legal else legal[0])
    return p


def hold_until_round(s: AbyssState, n: int) -> None:
    """Every side fights on and every ship holds its cell, until round ``n`` begins."""
    while s.round < n:
        fight_on(s)


def hold_until_turn_of(s: AbyssState, seat: int) -> None:
    """Every side fights on and holds until ``seat``'s turn in a round begins."""
    while not (isinstance(s.pending, Turn) and s.pending.seat == seat and not s.pending.started):
        fight_on(s)


# ------------------------------------------------------------------ 5. the attacker is the side that moved in
def test_on_a_full_tie_the_side_that_moved_in_goes_first_even_as_the_first_player():
    """Draft: equal totals, then the best single computer, then 'the one that moved into the space already
    occupied by the enemy'. Two fighters (computer 1) a side tie on both, so who entered decides."""
    for mover in (0, 1):                       # seat 0 is the first player of cycle 1, seat 1 the second
        sitter = 1 - mover
        s = main_state(3)
        g = s.m.galaxy
        there = next(p for p in range(len(g)) if not s.kinds[p] and all(not s.kinds[n] for n in g.neighbours[p])
                     and distance_ok(s, p))
        here = g.neighbours[there][0]
        open_space(s, there, here)
        for i in fighters(s, sitter):
            s.where[i] = there
        for i in fighters(s, mover):
            s.where[i] = here
            s.moves[i] = 1
        edit(s, war=frozenset({(0, 1)}))
        for seat in s.turn_order():
            if seat == mover:
                for i in fighters(s, mover):
                    play(s, seat, "select", i)
                    play(s, seat, "step", there)
            play(s, seat, "done")
        assert s.battle_place == there and set(s.fighting) == {0, 1}
        assert s.order == (mover, sitter), f"seat {mover} moved in, so it goes first"


def distance_ok(s: AbyssState, p: int) -> bool:
    """At least 2 from every home world (so nothing else is in play there)."""
    return all(s.m.galaxy.distance(p, h) >= 2 for h in s.m.galaxy.homes)


def test_a_side_that_moves_in_at_peace_and_then_declares_war_is_the_attacker():
    s = main_state(3)
    g = s.m.galaxy
    there = next(p for p in range(len(g)) if not s.kinds[p] and distance_ok(s, p)
                 and all(not s.kinds[n] for n in g.neighbours[p]))
    here = g.neighbours[there][0]
    open_space(s, there, here)
    for i in fighters(s, 1):
        s.where[i] = there
    for i in fighters(s, 0):
        s.where[i] = here
        s.moves[i] = 1
    edit(s)                                    # the legal actions worked out before the edits are stale
    for i in fighters(s, 0):
        play(s, 0, "select", i)
        play(s, 0, "step", there)              # at peace: nobody is stopped, nobody fights yet
    play(s, 0, "declare_war", 1)
    play(s, 0, "done")
    play(s, 1, "done")
    play(s, 2, "done")
    assert s.battle_place == there and s.order == (0, 1)


# ------------------------------------------------------------------ 6, 7. flight needs a friendly space
def flight_position(friendly: str | None) -> tuple[AbyssState, int, list[int]]:
    """Seats 0 and 1 at war fight at a place of three neighbours; seat 1 holds one neighbour, a black hole is
    another, and the third is ``friendly`` (a kind of place with nobody in it) or seat 1's as well (None)."""
    s = main_state(3)
    g = s.m.galaxy
    place = next(p for p in range(len(g)) if len(g.neighbours[p]) == 3 and distance_ok(s, p))
    a, b, c = g.neighbours[place]
    open_space(s, place, a)
    s.kinds[b] = "black_hole"
    if friendly is None:
        open_space(s, c)
        s.ships[20], s.where[20] = Ship(1, "fighter"), c
    else:
        s.kinds[c] = friendly
    s.ships[19], s.where[19] = Ship(1, "fighter"), a
    for i in (0, 1, 17, 18):
        s.where[i] = place
    s.war = frozenset({(0, 1)})
    start_battle_at(s, place)
    hold_until_round(s, s.r.battle.flee_from_round)
    return s, place, [c]


def flights(actions: list[Action]) -> list[int]:
    """The places a side is offered to flee to (``flee(None)`` fights on)."""
    return sorted(a.arg for a in actions if a.kind == "flee" and a.arg is not None)


def test_no_flight_is_offered_when_every_neighbour_is_enemy_held_or_a_black_hole():
    s, place, (c,) = flight_position(None)
    a = next(n for n in s.m.galaxy.neighbours[place] if s.kinds[n] != "black_hole" and n != c)
    offered = {}
    while s.round == s.r.battle.flee_from_round:
        now = pending_choices(s)
        if isinstance(now.task, Turn) and not now.task.started:
            offered[now.task.seat] = flights(now.actions())
        fight_on(s)
    assert offered == {0: [], 1: sorted([a, c])}, "seat 1 holds both open neighbours; seat 0 has no friendly space"


def test_a_side_that_flees_goes_to_the_friendly_space_and_the_battle_ends():
    s, place, (to,) = flight_position("empty")
    hold_until_turn_of(s, 0)
    events = play(s, 0, "flee", to)
    assert [e for e in events if isinstance(e, BattleOver)]
    assert all(s.where[i] == to for i in (0, 1)) and all(s.where[i] == place for i in (17, 18))
    assert s.battle_place != place or not s.fighting


def test_fleeing_into_an_asteroid_field_rolls_the_d8_for_each_ship():
    """Draft: entering asteroids rolls an 8-sided die for each ship; a 6 or 7 damages it. A flight enters too."""
    s, place, (to,) = flight_position("asteroid")
    hold_until_turn_of(s, 0)
    edit(s, rng=Die(6))
    events = play(s, 0, "flee", to)
    rolls = [e for e in events if isinstance(e, CrossedAsteroids)]
    assert sorted(e.ship for e in rolls) == [0, 1] and all(e.roll == 6 and e.hit for e in rolls)
    assert 0 not in s.ships and 1 not in s.ships                            # a fighter goes on its first damage


# ------------------------------------------------------------------ 8. a side with no ships left is out of the battle
def test_a_side_that_lost_its_last_ship_is_never_asked_to_flee_and_the_others_fight_on():
    s = main_state(3)
    g = s.m.galaxy
    place = next(p for p in range(len(g)) if distance_ok(s, p) and len(g.neighbours[p]) == 6)
    open_space(s, place, *g.neighbours[place])
    for i in (0, 17, 34):
        s.where[i] = place
    s.war = frozenset({(0, 1), (0, 2), (1, 2)})
    s.techs[0] = frozenset({"fighter_computer_2"})
    purchase.refit_fighters(s, 0)                          # seat 0 goes first each round
    start_battle_at(s, place)
    assert set(s.fighting) == {0, 1, 2}
    s.ships[0] = s.ships[0]._replace(cell=(4, 4))
    s.ships[34] = s.ships[34]._replace(cell=(5, 4))        # seat 2's fighter next to seat 0's
    s.ships[17] = s.ships[17]._replace(cell=(9, 0))        # seat 1's far off
    edit(s, rng=Die(1))                                     # round 1: every shot misses
    hold_until_round(s, s.r.battle.flee_from_round)
    assert s.order[0] == 0 and s.order.index(2) > s.order.index(0)
    edit(s, rng=Die(6))
    play(s, 0, "flee", None)
    if isinstance(s.pending, Move):
        play(s, 0, "move", (4, 4))                          # holds; its laser hits seat 2's fighter: gone
    assert 34 not in s.ships and s.fighting and s.round == 2
    turns = {}
    while s.round == 2 and s.to_move():
        now = pending_choices(s)
        if isinstance(now.task, Turn) and not now.task.started:
            turns[now.task.seat] = now.actions()
        fight_on(s)
    assert turns[2] == [], "a side with no ships is out of the battle: its turn offers nothing, not even flight"
    assert flights(turns[1]), "seat 1 may still flee to the open space around"
    assert s.round == 3 and set(s.order) == {0, 1}         # 0 and 1 are still at war: the battle goes on


# ------------------------------------------------------------------ 9. a wormhole jump next to a black hole stops the ship
def test_a_wormhole_jump_to_a_partner_next_to_a_black_hole_stops_the_ship():
    for near in (False, True):
        s = main_state(3)
        g = s.m.galaxy
        i = fighters(s, 0)[0]
        here = s.where[i]
        there = next(p for p in range(len(g)) if not s.kinds[p] and distance_ok(s, p) and g.distance(p, here) > 2)
        s.kinds[here] = s.kinds[there] = "wormhole_a"
        s.kinds[g.neighbours[there][0]] = "black_hole" if near else "empty"
        s.moves[i] = 2
        edit(s, techs=[frozenset({"engines_1"}), *s.techs[1:]])
        play(s, 0, "select", i)
        play(s, 0, "jump")
        assert s.where[i] == there
        assert s.moves[i] == (0 if near else 2), "the jump is free, but a black hole next door stops the ship"


# ------------------------------------------------------------------ 10. veteran marines stay veterans
def test_fresh_marines_joining_veterans_do_not_hold_the_veterans_back():
    """Draft: marines landed this turn cannot attack until next turn; those landed earlier can."""
    s = main_state(3)
    place = s.m.galaxy.homes[1]
    s.war = frozenset({(0, 1)})
    s.surface[place] = ("plains",) * 8 + ("water",)
    s.built[place] = ((1, "habitat"),) + (None,) * 8
    s.ships[12], s.where[12] = Ship(0, "dropship"), place
    s.carried[12] = 2
    ground.land(s, 12, 1, movement.reveal_square)          # two marines land in cycle 1
    s.cycle += 1                                           # a cycle later: they are veterans
    s.ships[13], s.where[13] = Ship(0, "dropship"), place
    s.carried[13] = 1
    ground.land(s, 13, 1, movement.reveal_square)          # a fresh one joins them
    assert s.marines[place][1][:2] == (0, 3)
    edit(s, stack=[])
    stop = run_until(s, push=[Ground(0)])
    assert Action("march", (place, 1, 0)) in stop.pending.actions(0)
    s.apply(0, Action("march", (place, 1, 0)))            # onto seat 1's habitat
    assert isinstance(s.pending, Seize)
    assert s.marines[place][0][:2] == (0, 2) and s.marines[place][1][:2] == (0, 1)   # the fresh one stays


def test_a_marine_bought_on_veterans_square_leaves_them_free_to_march():
    s = main_state(3)
    place = s.m.galaxy.homes[0]
    s.war = frozenset({(0, 1)})
    edit(s, stack=[], bank=[[9, 9, 9], *s.bank[1:]])
    run_until(s, push=[Purchase(0)])
    s.apply(0, Action("buy_marine", (place, 4)))           # bought in cycle 1: ready from cycle 2
    edit(s, stack=[], cycle=s.cycle + 1)
    run_until(s, push=[Purchase(0)])
    s.apply(0, Action("buy_marine", (place, 4)))           # another, bought in cycle 2
    assert s.marines[place][4][:2] == (0, 2)
    assert any(a.arg[:2] == (place, 4) for a in ground.marches(s, 0))


# ------------------------------------------------------------------ 11. bonus squares: a free colony, a free marine
def only(find: str) -> dict[str, float]:
    """Overrides that make every bonus square the one kind of find, and every green square a bonus."""
    kinds = ("energy", "food", "minerals", "technology", "colony", "marine")
    out = {f"land.bonus_shares.{k}": (1.0 if k == find else 0.0) for k in kinds}
    out.update({f"land.shares.green.{t}": 0.0 for t in ("plains", "mineral", "energy", "water", "barren")})
    out["land.shares.green.bonus"] = 1.0
    return out


def test_a_bonus_square_can_be_a_free_colony_or_a_free_marine():
    assert find(SPEC.parameters, "land.bonus_shares.colony") is not None
    assert find(SPEC.parameters, "land.bonus_shares.marine") is not None
    for kind, colour in (("colony", "green"), ("marine", "green"), ("colony", "red")):
        s = main_state(3, **only(kind), **{f"land.shares.red.{t}": 0.0 for t in ("plains", "mineral", "energy",
                                                                                 "water", "barren")})
        g = s.m.galaxy
        place = next(p for p in range(len(g)) if not s.kinds[p] and distance_ok(s, p))
        s.kinds[place] = colour
        s.surface[place], s.built[place] = ("",) * 9, (None,) * 9
        s.take_events()
        movement.reveal_square(s, 0, place, 4)
        assert s.surface[place][4] == "bonus"
        found = [e for e in s.take_events() if isinstance(e, (FoundColony, FoundMarine))]
        words = text.describe_event(s.game, found[0], names=["Ann", "Bo", "Cy"])
        assert words and words.startswith("Ann finds a free " + kind) and "None" not in words, words
        if kind == "colony":
            want = (0, "habitat") if colour == "green" else None     # a colony takes only where it may live
            assert s.built[place][4] == want
        else:
            assert s.marines[place][4][:2] == (0, 1)
            assert not [a for a in ground.marches(s, 0) if a.arg[:2] == (place, 4)]   # fresh this cycle


# ------------------------------------------------------------------ 12. a habitat may be bulldozed
def test_any_building_but_a_wonder_may_be_bulldozed_habitats_included():
    s = main_state(3)
    home = s.m.galaxy.homes[0]
    s.built[home] = s.built[home][:4] + ((0, "habitat"), (0, "granary_of_ages")) + s.built[home][6:]
    legal = purchase.purchase_legal(s, Purchase(0))
    assert Action("bulldoze", (home, 0)) in legal and Action("bulldoze", (home, 4)) in legal   # the habitats
    assert Action("bulldoze", (home, 5)) not in legal                                          # the wonder
    edit(s, stack=[])
    run_until(s, push=[Purchase(0)])
    s.apply(0, Action("bulldoze", (home, 4)))
    assert s.built[home][4] is None and s.built[home][0] == (0, "habitat")
