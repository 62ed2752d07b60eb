"""Each seat's estimated chance to win along a finished game (sim.chances; issue 26 item 6).

Cheap: one seeded game of the bots per game (a second or less each), replayed once or twice.
"""

from __future__ import annotations

import dataclasses

import pytest

from voidtable.engine.errors import OptionError, RecordError
from voidtable.engine.records import Record
from voidtable.engine.registry import get
from voidtable.sim.chances import MAX_POINTS, has_evaluation, sampled_steps, text_rows, win_chances
from voidtable.sim.runner import record_game

GAMES = [("buccaneers", 4), ("blacksun", 3), ("empires", 3), ("nearspace", 2), ("abyss", 3), ("abyss_battle", 2)]
_records: dict[tuple[str, int], Record] = {}


def bots_record(game: str, players: int) -> Record:
    """A seeded game of the bots, played once per test session."""
    if (game, players) not in _records:
        _records[game, players] = record_game(game, players, 7, ["heuristic"], {}).record
    return _records[game, players]


def test_every_step_of_a_short_game_and_evenly_spaced_steps_of_a_long_one():
    assert sampled_steps(0) == [0]
    assert sampled_steps(5) == [0, 1, 2, 3, 4, 5]
    assert sampled_steps(MAX_POINTS - 1) == list(range(MAX_POINTS))
    long = sampled_steps(1000, 11)
    assert long == [0, 100, 200, 300, 400, 500, 600, 700, 800, 900, 1000]
    odd = sampled_steps(12_345)
    assert len(odd) == MAX_POINTS and odd[0] == 0 and odd[-1] == 12_345 and odd == sorted(set(odd))
    gaps = [b - a for a, b in zip(odd, odd[1:])]
    assert max(gaps) - min(gaps) <= 1  # evenly spaced
    with pytest.raises(OptionError, match="at least 2 points"):
        sampled_steps(10, 1)


@pytest.mark.parametrize("game,players", GAMES)
def test_chances_are_shares_along_the_game_and_end_on_its_result(game, players):
    record = bots_record(game, players)
    assert record.result is not None  # the bots finished it
    found = win_chances(record)
    assert found.steps == len(record.actions) and found.players == players
    assert found.at == sampled_steps(len(record.actions))  # every step up to MAX_POINTS, then evenly spaced
    assert len(found.at) == len(found.chances) <= MAX_POINTS
    for row in found.chances:
        assert len(row) == players and all(0.0 <= x <= 1.0 for x in row), row
        assert sum(row) == pytest.approx(1.0, abs=1e-6)  # the game's evaluation in "win" mode is a share
    assert found.chances[0] == pytest.approx([1 / players] * players)  # nobody is ahead before the first move
    winners = record.result["winners"]
    assert found.chances[-1] == pytest.approx([1 / len(winners) if p in winners else 0.0 for p in range(players)])


@pytest.mark.parametrize("game,players", GAMES[:2])
def test_the_same_record_gives_the_same_chances(game, players):
    record = bots_record(game, players)
    first = win_chances(record)
    assert win_chances(record) == first
    assert win_chances(record, verify=False) == first  # checking the digests changes nothing but the cost
    json = first.to_json()
    assert json["at"] == first.at and all(abs(a - b) <= 0.0005 for r, s in zip(json["chances"], first.chances)
                                           for a, b in zip(r, s))


def test_a_game_stopped_by_a_resignation_ends_on_the_winners_it_was_given():
    record = bots_record("buccaneers", 4)
    cut = dataclasses.replace(record, actions=record.actions[:20], checks=record.checks[:21], result=None)
    found = win_chances(cut, winners=[1, 2])
    assert found.steps == 20 and found.at[-1] == 20
    assert found.chances[-1] == [0.0, 0.5, 0.5, 0.0]
    assert found.chances[:-1] == win_chances(cut).chances[:-1]  # only the end is the table's word
    assert sum(win_chances(cut).chances[-1]) == pytest.approx(1.0)  # no winners given: the estimate at that step


def test_a_record_that_does_not_replay_or_a_game_without_an_evaluation_is_one_line():
    record = bots_record("buccaneers", 4)
    bad = dataclasses.replace(record, checks=[*record.checks[:5], "ffffffffffff", *record.checks[6:]])
    with pytest.raises(RecordError, match="diverges at step 5"):
        win_chances(bad)
    assert not has_evaluation("duel") and has_evaluation("buccaneers") and not has_evaluation("nosuchgame")
    duel = Record("duel", 2, 1, rules_version=get("duel").rules_version)
    with pytest.raises(OptionError, match="'duel' declares no evaluation") as e:
        win_chances(duel)
    assert "\n" not in str(e.value)


def test_the_text_version_shows_each_seat_at_tenths_of_the_game():
    record = bots_record("buccaneers", 4)
    found = win_chances(record)
    rows = text_rows(found, ["Ana", "Ben", "Cy", "Dee"])
    assert len(rows) == 5 and rows[0].split() == [f"{10 * k}%" for k in range(11)]
    for p, row in enumerate(rows[1:]):
        cells = row.split()
        assert cells[0] == ["Ana", "Ben", "Cy", "Dee"][p] and len(cells) == 12
        assert cells[1] == "25%"  # the fair share at the start
        assert cells[-1] == ("100%" if p in record.result["winners"] else "0%")
    points = found.at_fractions(10)
    assert [s for s, _ in points][0] == 0 and points[-1][0] == found.steps
    assert [s for s, _ in points] == sorted(s for s, _ in points)
