"""Rules data and deck construction: the book's deck rules, the two public decks, deck files (E8)."""

from __future__ import annotations

import json

import pytest

from voidtable.engine.errors import OptionError, RulesDataError
from voidtable.games.nearspace.decks import deck_problems

from .helpers import load

GAME = load()
D = GAME.rules.data
TERRAN = list(D.decks["terran"].cards)


def test_the_book_numbers_are_in_the_data():
    assert (D.deck.size, D.deck.min_sectors, D.deck.max_value, D.deck.max_copies) == (30, 12, 30, 1)
    assert set(D.deck.sector_kinds) == {"homeworld", "space", "colony_world", "gas_giant", "star_base",
                                        "asteroid_field", "mine_field", "stronghold"}
    assert (D.setup.frontier_per_player, D.setup.pyramid, D.setup.hand, D.setup.first_player_die) == (2, 9, 3, 20)
    assert (D.maintenance.divisor, D.maintenance.exempt_colours) == (10, ["green"])
    assert (D.build.homeworld_hulls, D.build.starbase_hulls) == (5, 3)
    assert (D.engines.sides, D.engines.start) == (20, 1)
    assert (D.victory.conquest_facets, D.victory.exile_turns) == (100, 3)
    assert D.cards["terra"].cp == 5 and D.cards["krakl"].cp == 1 and D.cards["oceana"].cp == 2
    assert D.cards["shontarran_lights"].cp == 0
    assert (D.cards["krakl"].advantage_cp, D.cards["krakl"].advantage_class) == (1, "carrier")
    assert D.colours["red"].move == -2 and D.colours["orange"].multi_attack and D.colours["green"].maintenance_free
    assert D.hand_cycling.cost == 1 and D.cards["time_warp"].check == 2


def test_every_designer_default_is_marked():
    paths = dict(GAME.assumptions())
    for path in ("map", "engines", "limits", "classes", "stockpile", "build.start", "colours.yellow", "decks.terran",
                 "decks.centauri", "cards.new_terra", "cards.pirate_raiders"):
        assert path in paths, path
    book_cards = {"terra", "krakl", "oceana", "shontarran_lights", "neutral_space"}
    for key, card in D.cards.items():
        assert bool(card.assumed) != (key in book_cards), key


@pytest.mark.parametrize("deck", ["terran", "centauri"])
def test_preconstructed_decks_pass_every_rule(deck):
    keys = D.decks[deck].cards
    assert deck_problems(keys, D) == []
    assert len(keys) == 30
    assert sum(1 for k in keys if D.cards[k].kind in D.deck.sector_kinds) >= 12
    assert sum(D.cards[k].value for k in keys) <= 30
    assert sum(1 for k in keys if D.cards[k].kind == "homeworld") == 1


def test_the_rules_build_two_decks_of_instances():
    r = GAME.rules
    assert r.deck_names == ("terran", "centauri")
    assert len(r.deck_ids[0]) == len(r.deck_ids[1]) == 30
    assert r.card(r.homeworld_ids[0]).title == "Terra"
    assert r.card(r.neutral).title == "Neutral Space" and r.owner(r.neutral) == -1
    assert r.stockpile.total() == 54 and r.stockpile.facets() == 468


def _swap(keys: list[str], old: str, new: str) -> list[str]:
    return [new if k == old else k for k in keys]


@pytest.mark.parametrize("keys,needle", [
    (TERRAN[:-1], "it has 29 cards; a deck has exactly 30"),
    (TERRAN + ["aurora"], "it has 31 cards"),
    (_swap(TERRAN, "kuiper_void", "oceana"), "card 'Oceana' appears 2 times; a deck holds at most 1 card per title"),
    (_swap(_swap(_swap(_swap(_swap(TERRAN, "kuiper_void", "pirate_raiders"), "oort_drift", "pirate_raiders"),
                        "barnard_gap", "ion_storm"), "sirius_reach", "rally"), "proxima_shoals", "time_warp"),
     "appears"),
    (_swap(TERRAN, "kuiper_void", "toliman"), "its Card Value totals 34 with the Homeworld; the limit is 30"),
    (_swap(TERRAN, "terra", "aurora"), "it has no Homeworld"),
    (_swap(TERRAN, "kuiper_void", "centauri_prime"), "it has 2 Homeworlds (Terra, Centauri Prime)"),
    (_swap(TERRAN, "kuiper_void", "no_such_card"), "card 'no_such_card' is not in the card pool"),
    (_swap(TERRAN, "kuiper_void", "neutral_space"), "belongs in no deck"),
])
def test_broken_decks_name_the_rule_and_card(keys, needle):
    problems = deck_problems(keys, D)
    assert any(needle in p for p in problems), problems


def test_value_30_is_allowed_and_31_is_not():
    assert sum(D.cards[k].value for k in TERRAN) == 30
    over = _swap(TERRAN, "kuiper_void", "centauri_deep")  # a -1 Space for a 0 Space: 31
    assert any("its Card Value totals 31 with the Homeworld; the limit is 30" in p for p in deck_problems(over, D))


def test_exactly_eleven_sectors_is_refused():
    sectors = [k for k in TERRAN if D.cards[k].kind in D.deck.sector_kinds]
    others = [k for k in TERRAN if k not in sectors]
    assert len(sectors) == 16 and len(others) == 14
    # 11 sectors + 14 non-sectors = 25; the deck also needs 30 cards, so both rules are named
    problems = deck_problems(sectors[:11] + others, D)
    assert "it has 11 sector cards; a deck needs at least 12" in problems


def test_deck_option_takes_deck_lists_as_text():
    centauri_titles = [D.cards[k].title for k in D.decks["centauri"].cards]
    toml_list = 'name = "My Regime"\ncards = [' + ", ".join(json.dumps(t) for t in centauri_titles) + "]\n"
    g = load({"deck": toml_list})
    assert g.rules.deck_names[0] == "My Regime" and g.rules.card(g.rules.homeworld_ids[0]).title == "Centauri Prime"
    g = load({"opponent_deck": json.dumps({"cards": TERRAN})})
    assert g.rules.deck_names[1] == "custom deck" and g.rules.card(g.rules.homeworld_ids[1]).title == "Terra"
    assert load({"deck": "\n".join(centauri_titles)}).rules.card(load({"deck": "\n".join(centauri_titles)}).rules.homeworld_ids[0]).title == "Centauri Prime"
    assert load({"deck": "; ".join(TERRAN)}).rules.deck_names[0] == "custom deck"
    assert load({"deck": "centauri", "opponent_deck": "terran"}).rules.deck_names == ("centauri", "terran")


@pytest.mark.parametrize("content,needle", [
    ("cards = " + json.dumps(_swap(TERRAN, "kuiper_void", "oceana")), "card 'Oceana' appears 2 times"),
    ("cards = " + json.dumps(TERRAN[:29]), "it has 29 cards"),
    ("cards = 3", "needs 'cards', a list"),
    ("cards = [", "cannot be parsed"),
    ('name = ""\ncards = []', "a deck's name is text of 1-40 characters"),
    ("cards = " + json.dumps(["x"] * 201), "lists 201 cards; a deck list may hold at most 200"),
    ("cards = " + json.dumps(["x" * 70000]), "bytes; at most 65536 are allowed"),
])
def test_bad_deck_lists_are_one_line_errors_naming_card_and_rule(content, needle):
    with pytest.raises(OptionError) as e:
        load({"deck": content})
    msg = str(e.value)
    assert needle in msg and "\n" not in msg
    assert "deck" in msg


def test_the_game_never_opens_a_file(tmp_path):
    """A value from a web client is text: a path is refused as a name, never read (the lobby sends options as they are)."""
    f = tmp_path / "mine.toml"
    f.write_text("cards = " + json.dumps(TERRAN))
    with pytest.raises(OptionError, match="not a preconstructed deck .* nor a deck list; to read a deck file give @FILE"):
        load({"deck": str(f)})
    with pytest.raises(OptionError, match="not a preconstructed deck"):
        load({"deck": "klingons"})
    with pytest.raises(OptionError, match="not a preconstructed deck"):
        load({"deck": "@" + str(f)})


def test_command_line_and_lab_read_at_file(tmp_path):
    from voidtable.engine.options import read_option_files
    from voidtable.games.nearspace import OPTIONS

    f = tmp_path / "mine.toml"
    f.write_text("cards = " + json.dumps(TERRAN))
    values = read_option_files({"deck": "@" + str(f), "small_dice": True}, OPTIONS)
    assert values["deck"] == f.read_text() and values["small_dice"] is True
    assert load(values).rules.card(load(values).rules.homeworld_ids[0]).title == "Terra"
    with pytest.raises(OptionError, match="cannot be read"):
        read_option_files({"deck": "@" + str(tmp_path / "none.toml")}, OPTIONS)
    big = tmp_path / "big.toml"
    big.write_text("x" * 70000)
    with pytest.raises(OptionError, match="holds 70000 bytes; at most 65536"):
        read_option_files({"opponent_deck": "@" + str(big)}, OPTIONS)
    with pytest.raises(OptionError, match="is not a file"):
        read_option_files({"deck": "@" + str(tmp_path)}, OPTIONS)


def test_overrides_and_data_errors():
    g = load({"cards.oceana.cp": 3, "victory.conquest_facets": 50})
    assert g.rules.data.cards["oceana"].cp == 3 and g.rules.data.victory.conquest_facets == 50
    with pytest.raises(OptionError, match="no 'cards.oceana.speed'"):
        load({"cards.oceana.speed": 3})
    with pytest.raises(OptionError, match="must be str"):
        load({"cards.oceana.kind": 3})
    with pytest.raises(RulesDataError, match="card 'oceana': kind 'planet'"):
        load({"cards.oceana.kind": "planet"})
    with pytest.raises(OptionError, match="Card Value totals"):
        load({"cards.oceana.value": 9})
