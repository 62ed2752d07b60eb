"""The Black Sun bot consents to be moved and lends ships (Loaning variant) when that protects a ship, and not otherwise."""

from __future__ import annotations

from voidtable.engine.actions import Action
from voidtable.engine.rng import Rng
from voidtable.games.blacksun import bot
from voidtable.games.blacksun.flow import Loans, Move

from .helpers import at, do, make, run

FS: frozenset[int] = frozenset()

# seat 0: the Rebel Commander (two Destroyers), seat 1: the Merchants (a Yacht), seat 2: the Smuggler (a Freighter)
SHIPS = [(0, "destroyer"), (0, "destroyer"), (1, "yacht"), (2, "freighter")]
DESTROYERS, YACHT, FREIGHTER = (0, 1), 2, 3


def table(rebels_near: bool = True, loaning: bool = False):
    s = make(3, ["rebel", "merchants", "smuggler"], ships=SHIPS, options={"loaning": loaning})
    s.card[1] = "allied"  # the Merchants side with the Alliance: the Rebel Commander scores for destroying their ships
    at(s, YACHT, 0, 2)
    at(s, FREIGHTER, 0, 2)
    where = (1, 1) if rebels_near else (-3, 0)
    at(s, DESTROYERS[0], *where)
    at(s, DESTROYERS[1], *where, 0)
    return s


def decide(s) -> Action:
    p = s.to_move()[0]
    return bot.choose(s, p, s.legal_actions(p), Rng(1))


def ask_consent(s, mover: int = 2) -> Action:
    run(s, Move(mover, 1, FS, FS))
    do(s, "fleet_from", (0, 2))
    do(s, "add_ship", YACHT)
    assert s.to_move() == [1]
    return decide(s)


def test_the_setup_puts_the_yacht_in_danger_only_with_the_rebels_near():
    assert bot.exposed(table(), YACHT, 1) > 0
    assert bot.exposed(table(rebels_near=False), YACHT, 1) == 0
    assert bot.exposed(table(), YACHT, 2) == 0  # under the Smuggler (no side) it is no Rebel's target


def test_consents_when_the_ship_is_exposed_and_the_mover_is_harmless():
    assert ask_consent(table()) == Action("consent", True)


def test_refuses_when_the_ship_is_safe_where_it_stands():
    assert ask_consent(table(rebels_near=False)) == Action("consent", False)


def test_refuses_a_mover_who_would_score_on_the_ship():
    s = table()
    s.card[2] = "hunted"  # the Smuggler now raids any ship for points
    assert ask_consent(s) == Action("consent", False)


def test_refuses_a_mover_far_ahead_and_a_ship_on_a_counter_it_scores():
    s = table()
    s.scores[2] = 5
    assert ask_consent(s) == Action("consent", False)
    s = table()
    s.status[s.board.idx.index[(0, 2)]] = 1  # a Need counter under the Yacht: the Merchants score it there
    assert ask_consent(s) == Action("consent", False)


def test_lends_an_exposed_ship_to_a_player_under_whom_it_is_safe():
    s = table(loaning=True)
    run(s, Loans(1, FS))
    assert decide(s) == Action("lend", YACHT)
    do(s, "lend", YACHT)
    assert decide(s) == Action("lend_to", 2)  # not the Rebel Commander, who scores for destroying Allied ships
    do(s, "lend_to", 2)
    assert s.ctrl[YACHT] == 2 and not any(isinstance(t, Loans) for t in s.stack)  # nothing left to lend: the turn goes on


def test_keeps_a_safe_ship_and_will_not_lend_to_the_leader():
    s = table(rebels_near=False, loaning=True)
    run(s, Loans(1, FS))
    assert decide(s) == Action("loans_done")
    s = table(loaning=True)
    s.scores[2] = 4  # the only harmless borrower is far ahead
    run(s, Loans(1, FS))
    assert decide(s) == Action("loans_done")


def test_recalls_a_lent_ship_once_it_is_safe_again():
    s = table(rebels_near=False, loaning=True)
    s.ctrl[YACHT] = 2
    run(s, Loans(1, FS))
    assert decide(s) == Action("recall", YACHT)
    s = table(loaning=True)
    s.ctrl[YACHT] = 2
    run(s, Loans(1, FS))
    assert decide(s) == Action("loans_done")  # still exposed under us: it stays lent
