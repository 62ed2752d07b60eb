"""The bot weighs the rules numbers in play: the diplomacy dice and the scoring rounds follow a ``--set`` override.

Before, it assumed three diplomacy dice and scorings in rounds 5, 9 and 11 whatever the rules
said. Each position is reached by the first legal actions, which these overrides do not change.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from voidtable.engine.actions import Action
from voidtable.games.empires import bot
from voidtable.games.empires.state import EmpiresState

from .helpers import fresh


def first_choice_of_action(options: dict[str, Any]) -> EmpiresState:
    s = fresh(2, seed=5, options=options)
    while s.round == 0 or s.pending is None or type(s.pending).__name__ != "ChooseAction":
        p = s.to_move()[0]
        s.apply(p, s.legal_actions(p)[0])
    return s


def one_card_try(options: dict[str, Any]) -> tuple[float, float]:
    """(the bot's score for diplomacy with one card at a neutral planet, its score for mining)."""
    s = first_choice_of_action(options)
    seat = s.to_move()[0]
    sight = bot.Sight(s.view(seat), seat, s.r)
    assert sight.targets[0] >= 17  # one card: 17 or more to befriend
    planet = next(k for k in sight.neutral if k in s.r.data.planets)
    return bot.score(sight, Action("diplomacy", (planet, 1))), bot.score(sight, Action("mine", None))


def test_diplomacy_odds_follow_the_dice_in_play():
    book, mine = one_card_try({})
    assert book < mine  # 3d6 reach 17 one time in 54: a long shot, draw more cards first
    four, mine4 = one_card_try({"game.diplomacy_dice": 4})
    assert four > mine4  # 4d6 reach 17 about one time in three: worth the action


def scoring_round_at(options: dict[str, Any], rnd: int) -> bool:
    s = fresh(2, seed=5, options=options)
    while s.round < rnd:
        p = s.to_move()[0]
        s.apply(p, s.legal_actions(p)[0])
    seat = s.to_move()[0]
    return bot.Sight(s.view(seat), seat, s.r).scoring_round


def test_scoring_rounds_follow_the_event_piles():
    """The piles and rounds are a list and a number tied to it (the rules check that the cards make rounds + 1), so
    ``--set`` cannot move them; another data file can, and the bot reads them from the rules."""
    assert not scoring_round_at({}, 3) and scoring_round_at({}, 5) and not scoring_round_at({}, 8)
    assert bot.scoring_rounds(fresh(2).r) == (5, 9, 11)
    assert bot.scoring_rounds(fresh(2, options={"short": True}).r) == (5, 9)
    other = SimpleNamespace(g=SimpleNamespace(event_piles=[2, 2, 3], rounds=9), short=False)
    assert bot.scoring_rounds(other) == (3, 6, 9)  # type: ignore[arg-type]  # A after 2 events, B after 2 more, C last
