"""Stale moves: a move names the step it was made at; a re-sent answer never answers the next question."""

from __future__ import annotations

import random

import pytest

from voidtable.engine import games as registered_games
from voidtable.web.store import SeatRow, TableRow
from voidtable.web.tables import MoveError, Table


def people_table(game: str, players: int, seed: int) -> Table:
    seats = [SeatRow(p, "person", None, f"P{p}", "x") for p in range(players)]
    return Table(TableRow("t", game, players, {}, seed, 0.0, "running", None, None, seats, []))


def play(table: Table, seat: int, action) -> None:
    checked = table.check(seat, table.step_of(seat), action.to_json())
    new, events = table.prepare(seat, checked)
    table.commit(new, seat, checked, events)


def repeated_questions(game: str, players: int, seeds: range, limit: int = 2):
    """(table, seat, step, action) where ``seat`` moved at ``step`` and is asked again with the very same choices."""
    for seed in seeds:
        table = people_table(game, players, seed)
        rng = random.Random(seed)
        while table.status == "running" and table.step < 800:
            p = rng.choice(table.state.to_move())
            before = list(table.legal[p])
            action = rng.choice(before)
            step = table.step_of(p)
            play(table, p, action)
            if table.status == "running" and p in table.state.to_move() and table.legal[p] == before:
                yield table, p, step, action
                limit -= 1
                if limit == 0:
                    return
                break


def test_a_resent_move_is_stale_even_when_the_next_choices_are_the_same():
    found = 0
    for name, spec in sorted(registered_games().items()):
        for table, seat, step, action in repeated_questions(name, spec.min_players, range(6)):
            found += 1
            with pytest.raises(MoveError) as e:
                table.check(seat, step, action.to_json())
            assert e.value.status == 409 and "stale move" in e.value.message
            table.check(seat, table.step_of(seat), action.to_json())  # made at the seat's step now: accepted
    assert found, "no registered game asks a seat twice in a row with the same choices; the test checks nothing"
