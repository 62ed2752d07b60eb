"""``voidtable.testing``, the conformance checks shipped for games written elsewhere, on every registered game,
and each declared fact caught when a game misdeclares it (issue 29).

The full budget of walked games stays in ``test_conformance.py`` (which uses the same per-state checks); here each
registered game plays one game at its smallest and largest table through the public entry point, so a game outside
this repository gets exactly what this test runs.
"""

from __future__ import annotations

import dataclasses

import pytest

import voidtable
from voidtable.engine.contract import Chance, Dynamics, GameFacts, Information, Utility
from voidtable.engine.game import Game
from voidtable.engine.registry import games, get
from voidtable.testing import check_game

TABLES = [pytest.param(name, n, id=f"{name}-{n}p") for name in games()
          for n in sorted({get(name).min_players, get(name).max_players})]


@pytest.mark.parametrize("name,players", TABLES)
def test_check_game_passes_every_registered_game(name, players):
    report = check_game(voidtable.load(name, players), games=1, seed=players, steps=4)
    assert report.games == 1 and report.decisions > 0 and report.states_checked > 0
    facts = get(name).facts
    if facts.information is Information.PERFECT:
        assert report.hidden_events == 0
    if facts.dynamics is Dynamics.SEQUENTIAL:
        assert report.most_movers == 1


def test_the_declared_facts_are_what_the_games_are():
    """Perfect information where nothing is hidden (Black Sun, Black Abyss), simultaneous where seats choose at once."""
    declared = {name: (get(name).facts.dynamics, get(name).facts.information) for name in games()}
    assert declared["blacksun"] == (Dynamics.SEQUENTIAL, Information.PERFECT)
    assert declared["abyss"] == (Dynamics.SEQUENTIAL, Information.PERFECT)
    for name in ("buccaneers", "empires", "abyss_battle", "duel"):
        assert declared[name] == (Dynamics.SIMULTANEOUS, Information.IMPERFECT), name
    assert all(get(name).facts.utility is Utility.CONSTANT_SUM for name in games())


def misdeclared(name: str, players: int, **facts) -> Game:
    spec = get(name)
    return Game(dataclasses.replace(spec, facts=dataclasses.replace(spec.facts, **facts)), players)


@pytest.mark.parametrize("name,players,facts,message", [
    ("duel", 2, {"information": Information.PERFECT}, "declared perfect information"),  # hidden hands
    ("buccaneers", 3, {"information": Information.PERFECT}, "declared perfect information"),
    ("duel", 2, {"dynamics": Dynamics.SEQUENTIAL}, "declared sequential"),  # both play a card at once
    ("blacksun", 2, {"chance": Chance.DETERMINISTIC}, "declared deterministic"),  # dice
    ("duel", 2, {"utility": Utility.IDENTICAL}, "declared identical"),
    ("duel", 2, {"utility_sum": 2.0}, "declared constant-sum 2.0"),
])
def test_a_misdeclared_fact_is_caught(name, players, facts, message):
    with pytest.raises(AssertionError, match=message):
        check_game(misdeclared(name, players, **facts), games=2, steps=3)


def test_a_game_declared_with_chance_that_never_uses_it_is_caught(monkeypatch):
    """Negative control of check_chance's other half: the duel with its shuffle taken out plays alike from every seed."""
    from voidtable.engine.rng import Rng

    if voidtable.build_kind() != "pure":
        pytest.skip("the compiled build's Rng cannot be patched")
    monkeypatch.setattr(Rng, "shuffle", lambda self, items: None)
    with pytest.raises(AssertionError, match="all play alike"):
        check_game(voidtable.load("duel", 2), games=1)
    check_game(misdeclared("duel", 2, chance=Chance.DETERMINISTIC), games=1, steps=2)


def test_default_facts_are_the_platforms_usual_game():
    assert GameFacts() == GameFacts(Dynamics.SEQUENTIAL, Chance.EXPLICIT, Information.IMPERFECT, Utility.CONSTANT_SUM)
    assert GameFacts().to_json()["information"] == "imperfect"
