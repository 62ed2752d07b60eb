"""Step 6b: one sector attacks (E4), pairing and ties (E5), the defender's choice, waves, Invaders (E15).

The two rules of ``[combat]`` are played both ways: the book's (a tie loses both ships, the
defender's losses reach the Graveyard first) and the alternative each switch offers."""

from __future__ import annotations

from voidtable.engine.actions import Action
from voidtable.engine.dice import Die
from voidtable.games.nearspace import combat, movement
from voidtable.games.nearspace.events import AttackFailed, Combat, Destroyed
from voidtable.games.nearspace.tasks import Defend, Group

from .helpers import ScriptedRng, blank, lay, place, ship

X = (0, 1)  # the defended sector (the opponent's side)


def ready(faces=(), options=None):
    s = blank(options=options)
    s.turns_taken = [1, 1]
    s.rng = ScriptedRng(list(faces))
    for hex_, key, owner in (((0, 0), None, 0), ((1, 0), "oceana", 0), (X, "proxima_b", 1)):
        if key:
            lay(s, hex_, key, owner)
    return s


def step(s, origin, ships, dest):
    movement.group(s, Group(0, place(s, origin), tuple(ships)), Action("step", dest))


def test_e4_e5_join_then_attack_pairs_high_with_high_ties_kill_both():
    s = ready(faces=[5, 8, 3, 8])  # attackers (gunship, battleship), then defenders (fighter, destroyer)
    gun = ship(s, 0, 6, "white", (0, 0))
    bat = ship(s, 0, 10, "white", (1, 0))
    fighter = ship(s, 1, 4, "white", X)
    destroyer = ship(s, 1, 8, "white", X)
    s.e = 22
    # a group is one sector's ships: the Gunship cannot be added to the Battleship's group from afar
    assert Action("add", gun) not in movement.group_legal(s, Group(0, place(s, (1, 0)), ()))
    step(s, (0, 0), [gun], (1, 0))
    assert s.e == 16
    step(s, (1, 0), [gun, bat], X)
    assert s.e == 0
    task = s.stack.pop()
    assert task == Defend(1, 0, place(s, (1, 0)), place(s, X), (gun, bat), ())
    assert combat.defend_legal(s, task) == [Action("defend_done")]  # two attack, two defend: both must roll
    s.take_events()
    combat.defend(s, task, Action("defend_done"))
    ev = s.take_events()
    fight = next(e for e in ev if isinstance(e, Combat))
    assert fight.pairs == ((bat, 8, destroyer, 8), (gun, 5, fighter, 3))
    lost = [(e.seat, e.sides) for e in ev if isinstance(e, Destroyed)]
    assert lost == [(1, 8), (1, 4), (0, 10)]  # defender's go to the Graveyard first
    assert s.graveyard[1] == [Die(8, "white"), Die(4, "white")] and s.graveyard[0] == [Die(10, "white")]
    assert s.ships[gun].place == place(s, X)  # the survivor completes the move


def test_defender_with_more_ships_chooses_which_roll_and_survivors_stop_the_move():
    s = ready(faces=[6, 2])
    gun = ship(s, 0, 6, "white", (0, 0))
    d = [ship(s, 1, 4, "white", X), ship(s, 1, 8, "white", X), ship(s, 1, 12, "white", X)]
    s.e = 10
    step(s, (0, 0), [gun], X)
    task = s.stack.pop()
    assert combat.defend_legal(s, task) == [Action("defend", i) for i in d]
    combat.defend(s, task, Action("defend", d[0]))
    task = s.stack.pop()
    assert combat.defend_legal(s, task) == [Action("defend", d[1]), Action("defend", d[2]), Action("defend_done")]
    combat.defend(s, task, Action("defend_done"))
    assert d[0] not in s.ships and d[1] in s.ships  # the fighter lost 2 to 6
    assert s.ships[gun].place == place(s, (0, 0)) and s.e == 4  # the move fails, the E is spent
    assert s.ships[gun].attacks == 1


def defend_with(s, ship_id):
    combat.defend(s, s.stack.pop(), Action("defend", ship_id))
    combat.defend(s, s.stack.pop(), Action("defend_done"))


def test_one_attack_per_ship_except_invaders():
    s = ready(faces=[1, 6, 1, 6])
    white = ship(s, 0, 6, "white", (0, 0))
    orange = ship(s, 0, 6, "orange", (1, 0))
    ship(s, 1, 6, "white", X)
    ship(s, 1, 6, "blue", X)
    s.e = 40
    step(s, (0, 0), [white], X)
    defend_with(s, 54)
    assert white not in s.ships  # lost 1 to 6
    white2 = ship(s, 0, 6, "blue", (0, 0))
    s.ships[white2] = s.ships[white2]._replace(attacks=1)  # a ship that already attacked this turn
    assert place(s, X) not in movement.destinations(s, 0, place(s, (0, 0)), (white2,))
    assert place(s, (1, 0)) in movement.destinations(s, 0, place(s, (0, 0)), (white2,))  # it may still move
    o2 = ship(s, 0, 8, "orange", (1, 0))
    s.ships[o2] = s.ships[o2]._replace(attacks=1)
    assert place(s, X) in movement.destinations(s, 0, place(s, (1, 0)), (o2,))  # an Invader attacks again
    s.ships[orange] = s.ships[orange]._replace(attacks=1)
    assert place(s, X) in movement.destinations(s, 0, place(s, (1, 0)), (o2, orange))  # two Invaders: a wave
    mixed = ship(s, 0, 4, "white", (1, 0))
    s.ships[mixed] = s.ships[mixed]._replace(attacks=1)
    assert place(s, X) not in movement.destinations(s, 0, place(s, (1, 0)), (o2, mixed))


def test_stronghold_defence_and_colour_modifiers():
    s = ready(faces=[4, 4])
    lay(s, X, "bastion_of_rigil", 1)
    gun = ship(s, 0, 6, "white", (0, 0))
    d = ship(s, 1, 6, "white", X)
    s.e = 6
    step(s, (0, 0), [gun], X)
    combat.defend(s, s.stack.pop(), Action("defend_done"))
    assert gun not in s.ships and d in s.ships  # 4 vs 4 + 1
    s2 = ready(faces=[4, 5])
    berserker = ship(s2, 0, 6, "yellow", (0, 0))
    ship(s2, 1, 6, "yellow", X)
    s2.e = 6
    step(s2, (0, 0), [berserker], X)
    combat.defend(s2, s2.stack.pop(), Action("defend_done"))
    fight = next(e for e in s2.take_events() if isinstance(e, Combat))
    assert fight.pairs[0][1] == 5 and fight.pairs[0][3] == 4  # +1 attacking, -1 defending


def test_defenders_losses_count_first_for_conquest():
    s = ready(faces=[3, 3])
    s.graveyard = [[Die(20, "white")] * 4 + [Die(12, "white"), Die(4, "white")],
                   [Die(20, "white")] * 4 + [Die(12, "white"), Die(4, "white")]]
    assert s.graveyard_facets(0) == s.graveyard_facets(1) == 96
    a = ship(s, 0, 4, "white", (0, 0))
    ship(s, 1, 4, "white", X)
    s.e = 4
    step(s, (0, 0), [a], X)
    combat.defend(s, s.stack.pop(), Action("defend_done"))
    assert s.over and s.winners == (0,) and s.over_reason == "conquest"  # both reach 100; the defender's first
    assert a in s.ships  # the game ended before the attacker's loss was booked


def tie_position(options=None):
    """E5's combat: Battleship 8 against Destroyer 8 (a tie), Gunship 5 against Fighter 3."""
    s = ready(faces=[5, 8, 3, 8], options=options)
    gun = ship(s, 0, 6, "white", (1, 0))
    bat = ship(s, 0, 10, "white", (1, 0))
    fighter = ship(s, 1, 4, "white", X)
    destroyer = ship(s, 1, 8, "white", X)
    s.e = 6
    step(s, (1, 0), [gun, bat], X)
    s.take_events()
    combat.defend(s, s.stack.pop(), Action("defend_done"))
    return s, (gun, bat, fighter, destroyer)


def test_without_tie_both_lost_the_defender_wins_a_tie_and_holds_the_sector():
    s, (gun, bat, fighter, destroyer) = tie_position({"combat.tie_both_lost": False})
    ev = s.take_events()
    assert [(e.seat, e.sides) for e in ev if isinstance(e, Destroyed)] == [(1, 4), (0, 10)]
    assert destroyer in s.ships and bat not in s.ships and fighter not in s.ships
    assert s.ships[gun].place == place(s, (1, 0))  # a defender is left: the survivor stays where it came from
    assert any(isinstance(e, AttackFailed) for e in ev)
    book, _ = tie_position()
    assert destroyer not in book.ships and book.ships[gun].place == place(book, X)  # the book's tie: both lost


def test_attackers_losses_first_when_the_switch_is_off():
    s, (gun, bat, fighter, destroyer) = tie_position({"combat.defender_first_to_graveyard": False})
    lost = [(e.seat, e.sides) for e in s.take_events() if isinstance(e, Destroyed)]
    assert lost == [(0, 10), (1, 8), (1, 4)]  # the attacker's Battleship is booked before the defender's losses


def double_conquest(options=None):
    """Both Graveyards at 96 facets; a d4 against a d4 rolls 3 against 3: each side's loss reaches 100."""
    s = ready(faces=[3, 3], options=options)
    s.graveyard = [[Die(20, "white")] * 4 + [Die(12, "white"), Die(4, "white")],
                   [Die(20, "white")] * 4 + [Die(12, "white"), Die(4, "white")]]
    a = ship(s, 0, 4, "white", (0, 0))
    d = ship(s, 1, 4, "white", X)
    s.e = 4
    step(s, (0, 0), [a], X)
    combat.defend(s, s.stack.pop(), Action("defend_done"))
    return s, a, d


def test_attackers_loss_first_gives_a_double_conquest_to_the_defender():
    s, a, d = double_conquest({"combat.defender_first_to_graveyard": False})
    assert s.over and s.winners == (1,) and s.over_reason == "conquest"
    assert d in s.ships and a not in s.ships  # the game ended before the defender's loss was booked
    book, a, d = double_conquest()
    assert book.winners == (0,) and a in book.ships and d not in book.ships
