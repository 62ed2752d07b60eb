"""The bot weighs the rules numbers in play: a ``--set`` override changes its estimates as it changes the game.

Before, the bot assumed the book's 3d6 planet roll and fixed raid odds and points, so an
override of ``game.planet_dice``, ``game.hit_min`` or a scoring value changed the game but not
the bot. Each test builds the same position under the book's numbers and under an override
(the same seed; the moves to reach it take the first legal action, which no override here
changes) and asks the bot's planner.
"""

from __future__ import annotations

from typing import Any

import voidtable
from voidtable.games.blacksun import bot
from voidtable.games.blacksun.state import BlackSunState


def position(options: dict[str, Any], ships: bool = False) -> BlackSunState:
    """Seed 1 at three players; with ``ships``, played on (first legal actions) until seat 1 has an armed ship."""
    s = voidtable.load("blacksun", 3, options=options).new_state(1)
    assert isinstance(s, BlackSunState)
    while ships and not any(s.owner[x] == 1 and s.sfight[x] > 0 for x in range(len(s.owner))):
        p = s.to_move()[0]
        s.apply(p, s.legal_actions(p)[0])
    return s


def roll_weights(options: dict[str, Any]) -> dict[int, float]:
    """The planner's weight of each planet hex by its number, at the start (no counters yet: the roll's part alone)."""
    s = position(options)
    assert not any(s.status)
    return {s.board.planet[h]: w for h, w in bot.Planner(s, 0).targets}


def test_the_planet_roll_is_the_one_in_play():
    book = roll_weights({})
    assert sorted(book) == list(range(5, 17))  # 3d6 names every planet, 10 and 11 most often
    assert max(book, key=lambda t: (book[t], t)) == 11 and book[10] == book[11]
    assert abs(book[10] / book[5] - 27 / 6) < 1e-9  # 27 of 216 rolls make 10, 6 make 5
    two = roll_weights({"game.planet_dice": 2})
    assert sorted(two) == list(range(5, 13))  # 2d6 never makes 13 or more: those planets weigh nothing
    assert max(two, key=lambda t: two[t]) == 7
    assert abs(two[7] / two[12] - 6) < 1e-9  # 6 of 36 rolls make 7, 1 makes 12


def raid_gains(options: dict[str, Any], dice: tuple[int, ...] = (2, 3, 4, 6)) -> list[float]:
    """Expected points of raiding one armed ship of seat 1 with each number of dice, for a seat scoring Raid Any Ship."""
    s = position(options, ships=True)
    pl = bot.Planner(s, 0)
    pl.cond = {"raid_any_ship"}
    target = next(x for x in range(len(s.owner)) if s.owner[x] == 1 and s.sfight[x] > 0)
    assert s.sfight[target] < min(dice)  # we outnumber it
    return [pl.raid_gain(d, [target], 1) for d in dice]


def test_raid_odds_follow_the_hit_number_in_play():
    book = raid_gains({})
    easy = raid_gains({"game.hit_min": 3})  # 3 to 6 hit: a lead in dice tells more
    hard = raid_gains({"game.hit_min": 6})  # only 6s hit: more luck, a lead tells less
    assert all(h < b < e for h, b, e in zip(hard, book, easy))
    assert book == sorted(book) and easy == sorted(easy)  # more dice, better odds, whatever the hit number


def test_raid_points_are_the_ones_in_play():
    book = raid_gains({})
    double = raid_gains({"scoring.raid_any_ship": 2})
    assert all(abs(d - b - 1.0) < 1e-9 for b, d in zip(book, double))  # one ship involved: one more point


def test_hit_odds_at_the_extremes_stay_finite():
    every = raid_gains({"game.hit_min": 1})  # every face hits: the larger side wins
    none = raid_gains({"game.hit_min": 7})   # no face hits: dice tell nothing
    assert all(0.0 <= g < 10 for g in every + none)
    assert every[0] > none[0]
