"""The lab's Nearspace measures over a few played games: declared, in range, and adding up."""

from __future__ import annotations

from collections import defaultdict

import pytest

from voidtable.agents.play import seat_agents
from voidtable.agents.base import observe
from voidtable.engine.game import Game
from voidtable.engine.registry import get
from voidtable.games.nearspace import SPEC, measures
from voidtable.games.nearspace.events import ConstructionPoints, Discovered, Explored, Played

from .helpers import load


def played(seed: int, specs: list[str]) -> tuple[Game, list[dict], object, object]:
    """One game with its every event, as the lab's runner collects them."""
    game = load()
    s = game.new_state(seed)
    events = list(s.setup_events)
    bots = seat_agents(specs, "nearspace", seed)
    while not s.is_over():
        p = s.to_move()[0]
        events += s.apply(p, bots[p].act(observe(s, p)))
    return game, events, s.result(), s


@pytest.fixture(scope="module")
def games():
    return [played(seed, ["heuristic", "random"] if seed % 2 else ["random", "heuristic"]) for seed in range(3)]


def table(cells):
    out = defaultdict(float)
    for m, row, col, v in cells:
        out[(m, row, col)] = v
    return out


def test_declared_through_the_hook_table():
    mh = get("nearspace").hooks.measures
    assert mh is not None and set(mh.measures) == set(measures.MEASURES)
    assert all(m.kind in ("rate", "mean") for m in mh.measures.values())
    assert mh.factions is not None


def test_every_cell_is_declared_and_rates_are_shares(games):
    for game, events, result, _ in games:
        for m, row, col, v in measures.measure(game, events, result):
            assert m in measures.MEASURES
            if measures.MEASURES[m]["kind"] == "rate":
                assert 0.0 <= v <= 1.0
            else:
                assert v >= 0.0


def test_victory_and_turns_match_the_game(games):
    for game, events, result, s in games:
        t = table(measures.measure(game, events, result))
        kinds = [k for k in measures.ENDS + ("other",) if t[("victory_kind", k, "games")] == 1.0]
        assert kinds == [s.over_reason if s.over_reason in measures.ENDS else "other"]
        assert t[("turns_to_victory", "all", "games")] == s.turn
        assert t[("first_player", "first player", "games")] + t[("first_player", "second player", "games")] == 1.0


def test_facets_lost_less_revived_are_the_graveyard(games):
    for game, events, result, s in games:
        t = table(measures.measure(game, events, result))
        for p in range(2):
            col = f"seat {p}"
            lost = sum(t[("facets", row, col)] for row in ("lost in combat", "lost to threats", "lost to Encounters"))
            assert lost - t[("facets", "revived", col)] == s.graveyard_facets(p) == result.scores[1 - p]
            in_play = sum(sh.die.facets for _, sh in s.fleet(p))
            gone = lost + t[("facets", "dismantled", col)]
            assert t[("facets", "built", col)] == in_play + gone  # every finished ship is in play or gone


def test_cp_sources_add_up_to_the_cp_figured(games):
    for game, events, result, _ in games:
        t = table(measures.measure(game, events, result))
        for p in range(2):
            figured = sum(e.cp + sum(e.bound.values()) for e in events if isinstance(e, ConstructionPoints) and e.seat == p)
            sources = sum(t[("cp_by_source", row, f"seat {p}")] for row in measures.SOURCES)
            assert sources == figured
            assert all(t[("cp_by_source", row, f"seat {p}")] >= 0 for row in measures.SOURCES)
            turns = sum(1 for e in events if isinstance(e, ConstructionPoints) and e.seat == p)
            home = game.rules.data.cards[game.rules.instances[game.rules.homeworld_ids[p]][1]].cp
            assert t[("cp_by_source", "own Homeworld", f"seat {p}")] <= home * turns


def test_card_use_counts_each_play_and_turn_up(games):
    for game, events, result, _ in games:
        cells = measures.measure(game, events, result)
        plays = sum(1 for e in events if isinstance(e, Played))
        up = sum(1 for e in events if isinstance(e, (Explored, Discovered)) and e.owner in (0, 1))
        t = table(cells)
        assert sum(t[("card_use_total", "played", f"seat {p}")] for p in range(2)) == plays
        assert sum(t[("card_use_total", r, f"seat {p}")] for p in range(2) for r in ("explored", "refills")) == up
        per_card = sum(v for m, row, col, v in cells if m == "card_use" and col == "played")
        assert per_card == plays


def test_factions_are_the_decks():
    game = Game(SPEC, 2, {"deck": "centauri", "opponent_deck": "terran"})
    assert measures.factions(game, []) == ["Alpha Centauri Regime", "Terran Alliance"]
