"""Declared action kinds (``engine.vocabulary``), and proof that they fit the three games still to be built.

The first part unit-tests the module: argument types, ``optional()``, tuples,
``key_parts``, ``route_part``, number bounds, the table's checks and parsing.

The rest writes down, as ``ActionTable`` values, the action vocabularies that the
specs in ``shared/rulebooks/specs/`` propose for Empires of the Void, Nearspace and
Black Abyss (and Black Abyss's two-player fleet duel), before those games exist.
Each table is loaded against a tiny stand-in game (``players`` plus a ``rules``
namespace: a 7-hex galaxy, a 3x3 planet, a 6x6 battle board, three ship kinds ...)
so every universe is small and its size can be stated exactly. Every table then
goes through the same checks (``check_table``): unique and deterministic ids,
JSON round trips, routing to a known target, and ``InvalidAction`` on bad JSON.

Where a spec was vague, or its proposal did not fit the scheme as written, the
declaration says so in a comment starting with "Reading:" or "Misfit:".
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from voidtable.engine import hexgrid
from voidtable.engine import vocabulary as vocab
from voidtable.engine.actions import Action
from voidtable.engine.errors import InvalidAction
from voidtable.engine.vocabulary import (
    NO_ARG,
    YES_NO,
    ActionKind,
    ActionTable,
    ArgType,
    cell_arg,
    choice_arg,
    edge_arg,
    hex_arg,
    id_arg,
    number_arg,
    seat_arg,
    tuple_arg,
)


def fake_game(players: int, rules: Any) -> Any:
    """The smallest thing an ``ArgType`` universe reads: a player count and typed rules."""
    return SimpleNamespace(players=players, rules=rules)


def square(w: int, h: int) -> tuple[tuple[int, int], ...]:
    """Cells of a ``w`` x ``h`` square grid, row by row."""
    return tuple((x, y) for y in range(h) for x in range(w))


# ---------------------------------------------------------------------------
# The shared checks every game table must pass
# ---------------------------------------------------------------------------


def full_actions(kind: ActionKind, game: Any) -> list[Action]:
    """Every action of ``kind`` with a whole argument (for a keyed kind, more than its keys)."""
    return [kind(v) for v in kind.arg.universe(game)]


def check_table(table: ActionTable, game: Any) -> list[Action]:
    """The properties the platform relies on, for one table and one loaded game; returns the universe."""
    universe = table.universe(game)
    assert universe == table.universe(game), "the universe must be the same list every time"
    assert len(set(universe)) == len(universe), "two action ids for one action"
    ids = {a: i for i, a in enumerate(universe)}

    seen_kinds = {a.kind for a in universe}
    assert seen_kinds == set(table.names()), f"kinds with an empty universe: {set(table.names()) - seen_kinds}"

    for kind in table.kinds:
        for action in full_actions(kind, game):
            data = action.to_json()
            parsed = table.parse(data)
            assert parsed == action, f"{action} did not survive JSON"
            assert table.key(parsed) in ids, f"{action}'s key {table.key(parsed)} has no id"
            target, value = table.route(action)
            assert target in vocab.TARGETS
            if kind.route_part is not None:
                assert value == action.arg[kind.route_part]
            else:
                assert value == action.arg
        if kind.key_parts is None:
            # Unkeyed: the universe holds exactly the kind's whole arguments.
            assert [a for a in universe if a.kind == kind.name] == full_actions(kind, game)
    return universe


BAD_SHAPE = [["not", ["a", "value"]]]  # a list holding a list: no declared argument type accepts it


def check_malformed(table: ActionTable) -> None:
    """Unknown kinds, wrong argument shapes, extra keys and non-JSON values: one-line InvalidAction."""

    def one_line_error(data: Any) -> str:
        with pytest.raises(InvalidAction) as e:
            table.parse(data)
        message = str(e.value)
        assert "\n" not in message and message
        return message

    msg = one_line_error({"kind": "no_such_kind", "arg": None})
    assert table.game in msg and "'no_such_kind'" in msg
    for kind in table.kinds:
        msg = one_line_error({"kind": kind.name, "arg": BAD_SHAPE})
        assert f"{table.game}: action {kind.name!r} takes {kind.arg.name}" in msg
        msg = one_line_error({"kind": kind.name, "arg": None, "seat": 0})
        assert kind.name in msg and "seat" in msg
        msg = one_line_error({"kind": kind.name, "arg": 1.5})
        assert kind.name in msg and kind.arg.name in msg
    one_line_error({"arg": 1})
    one_line_error(["move", 1])


# ---------------------------------------------------------------------------
# 1. The module itself
# ---------------------------------------------------------------------------

TINY = fake_game(3, SimpleNamespace(hexes=((0, 0), (1, 0)), width=2))


def test_optional_adds_none_first_and_keeps_type():
    h = hex_arg("hex", lambda g: g.rules.hexes)
    o = h.optional()
    assert o.name == "hex?"
    assert o.target == "hex"
    assert list(o.universe(TINY)) == [None, (0, 0), (1, 0)]
    assert o.accepts(None) and o.accepts((3, -1))
    assert not o.accepts((1,)) and not o.accepts("x")
    assert not h.accepts(None), "the original type is unchanged"
    t = tuple_arg("pair", h, YES_NO).optional()
    assert t.parts == (h, YES_NO) and t.target == "tuple"
    assert list(t.universe(TINY)) == [None, ((0, 0), False), ((0, 0), True), ((1, 0), False), ((1, 0), True)]


def test_tuple_arg_is_the_product_of_its_parts_in_order():
    t = tuple_arg("offer", choice_arg("what", ["credits", "card"]), number_arg("n", 1, 3))
    assert t.target == "tuple"
    assert list(t.universe(TINY)) == [
        ("credits", 1), ("credits", 2), ("credits", 3), ("card", 1), ("card", 2), ("card", 3),
    ]
    assert t.accepts(("card", 2))
    assert not t.accepts(["card", 2]), "a list is JSON's form, not an argument"
    assert not t.accepts(("card",)) and not t.accepts(("card", 2, 3))
    assert not t.accepts(("card", "two")) and not t.accepts(("card", True))
    assert tuple_arg("x", YES_NO, target="ship").target == "ship"


def test_nested_tuples_round_trip_json():
    inner = tuple_arg("give", choice_arg("res", ["food"]), number_arg("n", 1, 2))
    kind = ActionKind("offer", tuple_arg("offer", seat_arg(), inner, YES_NO))
    table = ActionTable("nest", [kind])
    a = kind((2, ("food", 1), True))
    assert a.to_json() == {"kind": "offer", "arg": [2, ["food", 1], True]}
    assert table.parse(a.to_json()) == a
    assert len(table.universe(TINY)) == 3 * 2 * 2


def test_key_parts_number_by_some_parts():
    hexes = hex_arg("hex", lambda g: g.rules.hexes)
    raid = ActionKind("raid", tuple_arg("raid", seat_arg(), hexes, YES_NO), key_parts=(1, 2))
    table = ActionTable("keys", [ActionKind("pass"), raid])
    assert table.needs_keys()
    assert not ActionTable("nokeys", [ActionKind("pass")]).needs_keys()
    assert raid.key_universe(TINY) == [((0, 0), False), ((0, 0), True), ((1, 0), False), ((1, 0), True)]
    full = raid((2, (1, 0), True))
    assert table.key(full) == Action("raid", ((1, 0), True))
    assert table.key(Action("pass")) == Action("pass")
    assert table.universe(TINY).index(table.key(full)) == 4  # "pass" is id 0
    # The full action is what gets parsed and validated; its key is what gets numbered.
    assert table.parse(full.to_json()) == full
    with pytest.raises(InvalidAction):
        table.parse({"kind": "raid", "arg": [[1, 0], True]})


def test_route_part_picks_the_clicked_part_and_target_overrides():
    ship = id_arg("ship", lambda g: 2, "ship")
    cells = cell_arg("square", lambda g: square(g.rules.width, g.rules.width))
    move = ActionKind("move", tuple_arg("move", ship, cells), route_part=1)
    pick = ActionKind("pick", tuple_arg("pick", ship, cells), route_part=0, target="die")
    whole = ActionKind("whole", tuple_arg("whole", ship, cells))
    go = ActionKind("go", NO_ARG, target="ship")
    t = ActionTable("route", [move, pick, whole, go])
    assert t.route(move((1, (0, 1)))) == ("cell", (0, 1))
    assert t.route(pick((1, (0, 1)))) == ("die", 1)
    assert t.route(whole((1, (0, 1)))) == ("tuple", (1, (0, 1)))
    assert t.route(go()) == ("ship", None)
    with pytest.raises(InvalidAction, match="unknown action kind 'fly'"):
        t.route(Action("fly", 1))


def test_number_arg_bounds_are_inclusive_and_may_read_the_game():
    n = number_arg("cards", 1, 4)
    assert list(n.universe(TINY)) == [1, 2, 3, 4]
    assert n.target == "number"
    per_seat = number_arg("bid", 0, lambda g: g.players * 2, target="choice")
    assert list(per_seat.universe(TINY)) == [0, 1, 2, 3, 4, 5, 6]
    assert per_seat.target == "choice"
    assert list(number_arg("none", 3, 2).universe(TINY)) == []
    assert n.accepts(7), "bounds are the universe's business; the check is shape only"
    assert not n.accepts(True) and not n.accepts("1") and not n.accepts(1.0)


def test_seat_id_choice_hex_edge_cell_shapes():
    assert list(seat_arg().universe(TINY)) == [0, 1, 2]
    assert list(seat_arg(max_seats=6).universe(TINY)) == [0, 1, 2, 3, 4, 5]
    assert seat_arg().target == "seat" and not seat_arg().accepts(False)
    assert list(id_arg("die", lambda g: 3, "die").universe(TINY)) == [0, 1, 2]
    c = choice_arg("tech", lambda g: ("a", "b"))
    assert list(c.universe(TINY)) == ["a", "b"] and c.target == "choice"
    assert c.accepts("zzz") and c.accepts(3) and not c.accepts(("a",))
    e = edge_arg("edge", lambda g: [(0, 0, 1)])
    assert e.target == "edge" and e.accepts((0, 0, 1)) and not e.accepts((0, 0))
    h = hex_arg("hex", lambda g: g.rules.hexes)
    assert h.accepts((0, -1)) and not h.accepts((0, True)) and not h.accepts((0, 0, 0))
    cl = cell_arg("cell", lambda g: square(2, 2))
    assert list(cl.universe(TINY)) == [(0, 0), (1, 0), (0, 1), (1, 1)] and cl.target == "cell"


def test_yes_no_and_no_arg():
    assert list(YES_NO.universe(TINY)) == [False, True]
    assert YES_NO.target == "button" and YES_NO.name == "yes_no"
    assert YES_NO.accepts(True) and YES_NO.accepts(False)
    assert not YES_NO.accepts(1) and not YES_NO.accepts(None)
    assert list(NO_ARG.universe(TINY)) == [None]
    assert NO_ARG.target == "button" and NO_ARG.name == "nothing"
    assert NO_ARG.accepts(None) and not NO_ARG.accepts(0) and not NO_ARG.accepts(False)
    vote = ActionKind("vote", YES_NO)
    table = ActionTable("t", [ActionKind("pass"), vote])
    assert table.universe(TINY) == [Action("pass"), Action("vote", False), Action("vote", True)]
    assert table.parse({"kind": "pass"}) == Action("pass")
    assert table.parse({"kind": "vote", "arg": True}) == Action("vote", True)
    with pytest.raises(InvalidAction, match="'vote' takes yes_no, got 1"):
        table.parse({"kind": "vote", "arg": 1})
    with pytest.raises(InvalidAction, match="'pass' takes nothing, got 0"):
        table.parse({"kind": "pass", "arg": 0})


def test_duplicate_kind_names_are_rejected():
    with pytest.raises(ValueError, match="abyss: action kind 'disable' declared twice"):
        ActionTable("abyss", [ActionKind("disable", YES_NO), ActionKind("pass"), ActionKind("disable", NO_ARG)])


def test_unknown_target_is_rejected():
    with pytest.raises(ValueError, match="target 'node' is not one of"):
        ArgType("space", lambda g: (), "node")


def test_table_lookup_and_declaration_order_numbers_the_universe():
    a, b = ActionKind("b_first", YES_NO), ActionKind("a_second")
    t = ActionTable("order", [a, b])
    assert t.names() == ["b_first", "a_second"]
    assert "a_second" in t and "zzz" not in t and t["b_first"] is a
    assert t.universe(TINY) == [Action("b_first", False), Action("b_first", True), Action("a_second")]
    assert t.validate(Action("a_second")) == Action("a_second")
    with pytest.raises(InvalidAction, match="order: unknown action kind 'c'; kinds: b_first, a_second"):
        t.validate(Action("c"))


def test_malformed_json_messages_name_the_game_kind_and_type():
    t = ActionTable("demo", [ActionKind("aim", seat_arg()), ActionKind("pass")])
    check_malformed(t)
    with pytest.raises(InvalidAction, match=r"demo: action 'aim' takes seat, got \(1, 2\)"):
        t.parse({"kind": "aim", "arg": [1, 2]})
    with pytest.raises(InvalidAction, match=r"demo: action 'aim' has only 'kind' and 'arg', got extra keys \['who'\]"):
        t.parse({"kind": "aim", "arg": 1, "who": 2})
    with pytest.raises(InvalidAction, match=r"demo: action 'aim' takes seat, got \{'q': 1\}"):
        t.parse({"kind": "aim", "arg": {"q": 1}})
    with pytest.raises(InvalidAction, match="demo: unknown action kind 'zap'"):
        t.parse({"kind": "zap", "arg": 1.5})
    with pytest.raises(InvalidAction, match="object with a string 'kind'"):
        t.parse({"kind": 3, "arg": 1})


# ---------------------------------------------------------------------------
# 2. Empires of the Void
# ---------------------------------------------------------------------------
#
# Follows empires.md, section 5 (the module plan's closing list of the decisions a
# player makes), with the argument types taken from section 3 (races, ships, techs,
# planets, the galaxy as tiles on hexes with spaces inside them) and section 4
# (the pre-round, the reaction windows, binding offers built step by step).
#
# The simultaneous, hidden pre-round (research, build) needs nothing special from the
# vocabulary: hiding and simultaneity belong to the flow; the kinds are plain.
#
# Misfit: the board's places ("spaces": planets and light circles joined by printed
# lines) are nodes of a graph drawn on the tiles, not hexes, edges or square cells,
# and TARGETS has no graph-node target. Declared here as a choice of node keys
# ("t3.A" = node A of tile 3), which routes as "choice": the table can offer them as
# a list but cannot light a board place from the route alone. A "space" target (or
# a node_arg) in the module would close this; left for the platform's owner.
#
# Reading: the spec's plan moves one ship, then names where it goes (`move (ship)`,
# `to (space)`); one action "kind, count, from, to" would need a far larger universe
# (ship kinds x counts x spaces^2), so the two-step form is declared.

EMPIRES_RULES = SimpleNamespace(
    races=("mystics_of_siri", "parasites_of_sreech", "collective_5"),
    tiles=tuple(hexgrid.spiral((0, 0), 1)),  # 7 hexes: Pyrious at the centre, then ring 1
    corners=((-1, 2), (1, 1), (2, -1), (1, -2), (-1, -1), (-2, 1)),  # the six notches (spec 3.2)
    spaces=tuple(f"t{i}.{node}" for i in range(7) for node in ("A", "B", "c")),  # 21 nodes
    planets=("pyrious", "tan_fu", "bindok_ii", "moth_world"),
    techs=("centipede_drives", "cloaking", "warp_gate"),
    ship_kinds=("starfighter", "diplomat", "sunhammer"),
    ship_tokens=12,  # every ship token on the table, numbered once
    cards=("militaristic.reroll", "militaristic.extra_action", "peaceful.plus_two", "peaceful.cancel"),
    trade_goods=("metals", "crystals", "gas"),
    diplomacy_targets=(17, 13, 8, 4),
    max_offer=3,
)

E_SEAT = seat_arg()
E_RACE = choice_arg("race", lambda g: g.rules.races)
E_CORNER = hex_arg("corner", lambda g: g.rules.corners)
E_TILE = hex_arg("tile", lambda g: g.rules.tiles[1:])  # only outer tiles touch a home, so only they rotate
E_SPACE = choice_arg("space", lambda g: g.rules.spaces)  # Misfit: graph nodes, see above
E_PLANET = choice_arg("planet", lambda g: g.rules.planets)
E_TECH = choice_arg("tech", lambda g: g.rules.techs)
E_SHIP_KIND = choice_arg("ship_kind", lambda g: g.rules.ship_kinds)
E_SHIP = id_arg("ship", lambda g: g.rules.ship_tokens, "ship")
E_CARD = choice_arg("card", lambda g: g.rules.cards, target="card")  # a card is its (type.ability)
E_GOOD = choice_arg("trade_good", lambda g: g.rules.trade_goods)
E_AMOUNT = number_arg("amount", 1, lambda g: g.rules.max_offer)
E_TRADEABLE = choice_arg("tradeable", lambda g: ("credits", *g.rules.cards))  # never VP, never planet cards

# Misfit: `target (player | planet | infestation)` is a sum of a seat and named
# things; the module has no union type. Declared as one ArgType whose values are a
# seat (int) or a word, with its own strict check; it routes as "choice" as a whole
# (so a player target is not lit as a seat). "pirates" is the Pirates event's token,
# which the spec's events say is attacked on its own.
E_ATTACK_TARGET = ArgType(
    "attack_target",
    lambda g: (*range(g.players), "planet", "infestation", "pirates"),
    "choice",
    lambda v: (isinstance(v, int) and not isinstance(v, bool)) or v in ("planet", "infestation", "pirates"),
)

EMPIRES = ActionTable("empires", [
    # setup
    ActionKind("race", E_RACE),
    ActionKind("corner", E_CORNER),
    ActionKind("rotate", tuple_arg("rotation", E_TILE, number_arg("turns", 1, 5)), route_part=0),
    ActionKind("no_rotate"),
    ActionKind("cover", E_PLANET),  # 3 players only
    # pre-round (simultaneous and hidden in the base game)
    ActionKind("research", E_TECH),
    ActionKind("no_research"),
    ActionKind("build", E_SHIP_KIND),
    ActionKind("build_done"),
    ActionKind("port_at", E_PLANET),
    # reaction windows
    # Reading: `tactic (ability, cards)`: cards of one type are told apart only by their
    # printed ability, so which cards pay is (the ability used, how many of the paid cards
    # carry the type's other ability); the count comes from the ability itself.
    ActionKind("tactic", tuple_arg("tactic", E_CARD, number_arg("other_ability_cards", 0, 2)), route_part=0),
    ActionKind("swap", tuple_arg("swap", E_CARD, E_CARD), route_part=0),  # (hand card, row card), 2 players
    ActionKind("offer_to", E_SEAT),
    ActionKind("offer_give", tuple_arg("give", E_TRADEABLE, E_AMOUNT)),
    ActionKind("offer_ask", tuple_arg("ask", E_TRADEABLE, E_AMOUNT)),
    # Reading: a licence (trade good, this round) is asked for by its own kind, since its
    # amount is meaningless; the round is always the current one.
    ActionKind("offer_licence", E_GOOD),
    ActionKind("offer_send"),
    ActionKind("accept"),
    ActionKind("decline"),
    ActionKind("pass"),
    # the turn: three actions
    ActionKind("move", E_SHIP),
    ActionKind("to", E_SPACE),  # also ends a Mind Control move and each Warp Gate sub-move
    ActionKind("carry", E_SHIP),  # a Diplomat's passenger
    ActionKind("attack", E_SPACE),
    ActionKind("target", E_ATTACK_TARGET),
    ActionKind("culture"),
    ActionKind("mine"),
    ActionKind("diplomacy", tuple_arg("diplomacy", E_PLANET, number_arg("cards", 1, lambda g: len(g.rules.diplomacy_targets))), route_part=0),
    ActionKind("infest", E_PLANET),  # Sreech
    ActionKind("mind_control", E_SHIP),  # Siri
    ActionKind("move_all"),  # Warp Gate
    ActionKind("move_all_done"),
    ActionKind("extra_move"),  # Narkani
    # combat
    ActionKind("retreat"),
    ActionKind("stay"),
    ActionKind("pay_shooting_star"),
    ActionKind("hold_fire"),
    ActionKind("casualty", E_SHIP),  # a token, not a kind: a damaged Moth differs from a fresh one
    ActionKind("take", choice_arg("outcome", ("conquer", "liberate"))),
    ActionKind("leave"),
    ActionKind("befriend_now"),
    ActionKind("not_now"),
    # movement permission (Tractor Beam) and the hand limit
    ActionKind("permit"),
    ActionKind("refuse"),
    ActionKind("discard", E_CARD),
])

EMPIRES_SIZES = {
    "race": 3, "corner": 6, "rotate": 6 * 5, "no_rotate": 1, "cover": 4,
    "research": 3, "no_research": 1, "build": 3, "build_done": 1, "port_at": 4,
    "tactic": 4 * 3, "swap": 4 * 4, "offer_to": 4, "offer_give": 5 * 3, "offer_ask": 5 * 3,
    "offer_licence": 3, "offer_send": 1, "accept": 1, "decline": 1, "pass": 1,
    "move": 12, "to": 21, "carry": 12, "attack": 21, "target": 4 + 3, "culture": 1, "mine": 1,
    "diplomacy": 4 * 4, "infest": 4, "mind_control": 12, "move_all": 1, "move_all_done": 1, "extra_move": 1,
    "retreat": 1, "stay": 1, "pay_shooting_star": 1, "hold_fire": 1, "casualty": 12,
    "take": 2, "leave": 1, "befriend_now": 1, "not_now": 1, "permit": 1, "refuse": 1, "discard": 4,
}


def per_kind(universe: list[Action]) -> dict[str, int]:
    sizes: dict[str, int] = {}
    for a in universe:
        sizes[a.kind] = sizes.get(a.kind, 0) + 1
    return sizes


@pytest.mark.parametrize("players", [2, 3, 4])
def test_empires_table_fits(players):
    universe = check_table(EMPIRES, fake_game(players, EMPIRES_RULES))
    expected = {**EMPIRES_SIZES, "offer_to": players, "target": players + 3}  # seats vary with the count
    assert per_kind(universe) == expected
    assert len(universe) == sum(expected.values())


def test_empires_names_ids_and_routes():
    game = fake_game(4, EMPIRES_RULES)
    universe = EMPIRES.universe(game)
    assert len(universe) == 262
    assert EMPIRES.names()[:5] == ["race", "corner", "rotate", "no_rotate", "cover"]
    assert universe[0] == Action("race", "mystics_of_siri")
    assert universe.index(Action("mine")) == 199
    assert universe[-1] == Action("discard", "peaceful.cancel")
    # the corners are the ring-2 hexes touching two ring-1 tiles
    ring1 = set(EMPIRES_RULES.tiles[1:])
    for c in EMPIRES_RULES.corners:
        assert hexgrid.distance((0, 0), c) == 2
        assert len(ring1 & set(hexgrid.neighbors(c))) == 2
    r = EMPIRES["rotate"]
    assert EMPIRES.route(r(((1, 0), 2))) == ("hex", (1, 0))
    assert EMPIRES.route(EMPIRES["move"](7)) == ("ship", 7)
    assert EMPIRES.route(EMPIRES["to"]("t3.A")) == ("choice", "t3.A")  # Misfit: not a board place
    assert EMPIRES.route(EMPIRES["diplomacy"](("tan_fu", 2))) == ("choice", "tan_fu")
    assert EMPIRES.route(EMPIRES["discard"]("peaceful.cancel")) == ("card", "peaceful.cancel")
    assert EMPIRES.route(EMPIRES["culture"]()) == ("button", None)
    assert EMPIRES.parse({"kind": "target", "arg": 2}) == Action("target", 2)
    assert EMPIRES.parse({"kind": "target", "arg": "infestation"}) == Action("target", "infestation")
    assert EMPIRES.parse({"kind": "offer_give", "arg": ["credits", 3]}) == Action("offer_give", ("credits", 3))


def test_empires_rejects_malformed_actions():
    check_malformed(EMPIRES)
    with pytest.raises(InvalidAction, match="'target' takes attack_target, got 'moon'"):
        EMPIRES.parse({"kind": "target", "arg": "moon"})
    with pytest.raises(InvalidAction, match="'target' takes attack_target, got True"):
        EMPIRES.parse({"kind": "target", "arg": True})
    with pytest.raises(InvalidAction, match=r"'rotate' takes rotation, got \(\(1, 0\),\)"):
        EMPIRES.parse({"kind": "rotate", "arg": [[1, 0]]})
    with pytest.raises(InvalidAction, match="'mine' takes nothing, got 1"):
        EMPIRES.parse({"kind": "mine", "arg": 1})
    with pytest.raises(InvalidAction, match="unknown action kind 'raid'"):
        EMPIRES.parse({"kind": "raid", "arg": 1})


# ---------------------------------------------------------------------------
# 3. Nearspace
# ---------------------------------------------------------------------------
#
# Follows nearspace.md, section 4's closing list (the suggested action vocabulary,
# one small decision at a time, step by step through Maintenance, Build, Threat and
# Action), with the map of section 3.2 (the 25-place hex rhombus that stands in for
# the missing figure) and the dice of the suggested Stockpile (size and colour).
#
# Reading: the spec's map is a hex rhombus (the pyramid rows are staggered), so a
# sector is a hex, not a square-grid cell.
# Reading: ships are dice from the player's Stockpile, numbered once by the rules
# (an id per die); a hull in a Shipyard is a die too, so `invest (hull, n)` names the
# die being built, and engine hulls take the ids after the Stockpile's dice.
# Reading: "allocate energy" in this game is spending CP into hulls (`invest`) and E
# by moving (`step`); the amount invested is a number up to the largest die.

NEARSPACE_RULES = SimpleNamespace(
    places=tuple((q, r) for q in range(-2, 3) for r in range(-4, 5) if abs(q + r) <= 2),
    stockpile=6,  # ship dice per player
    engine_supply=2,
    facets=(4, 6, 8, 10, 12, 20),
    colours=("red", "orange", "green"),
    cards=("time_warp", "all_guns_blazing", "krakl", "oceana"),
)

N_SECTOR = hex_arg("sector", lambda g: g.rules.places)
N_SHIP = id_arg("ship", lambda g: g.rules.stockpile, "ship")
N_HULL = id_arg("hull", lambda g: g.rules.stockpile + g.rules.engine_supply, "die")
N_CARD = choice_arg("card", lambda g: g.rules.cards, target="card")

NEARSPACE = ActionTable("nearspace", [
    # 2 Maintenance
    ActionKind("dismantle", N_SHIP),
    # 3 Build
    ActionKind("start_hull", tuple_arg(
        "hull_order", hex_arg("site", lambda g: g.rules.places),
        choice_arg("facets", lambda g: g.rules.facets), choice_arg("colour", lambda g: g.rules.colours),
    ), route_part=0),
    ActionKind("invest", tuple_arg("investment", N_HULL, number_arg("cp", 1, lambda g: max(g.rules.facets))), route_part=0),
    ActionKind("start_engine"),
    ActionKind("play", N_CARD),
    ActionKind("target", N_SECTOR),
    ActionKind("cycle", N_CARD),
    ActionKind("build_done"),
    # 5 Threat
    ActionKind("check", N_SHIP),
    # 6 Action: movement and combat
    ActionKind("group", N_SECTOR),
    ActionKind("add", N_SHIP),
    ActionKind("step", N_SECTOR),
    ActionKind("defend", N_SHIP),
    ActionKind("defend_done"),
    ActionKind("end_turn"),
])

NEARSPACE_SIZES = {
    "dismantle": 6, "start_hull": 25 * 6 * 3, "invest": 8 * 20, "start_engine": 1, "play": 4, "target": 25,
    "cycle": 4, "build_done": 1, "check": 6, "group": 25, "add": 6, "step": 25, "defend": 6,
    "defend_done": 1, "end_turn": 1,
}


def test_nearspace_table_fits():
    game = fake_game(2, NEARSPACE_RULES)
    universe = check_table(NEARSPACE, game)
    assert len(NEARSPACE_RULES.places) == 25 and (2, -4) in NEARSPACE_RULES.places and (-2, 4) in NEARSPACE_RULES.places
    assert per_kind(universe) == NEARSPACE_SIZES
    assert len(universe) == 721
    assert universe.index(Action("start_hull", ((-2, 0), 4, "red"))) == 6
    assert universe.index(Action("invest", (0, 1))) == 6 + 450
    assert universe.index(Action("end_turn")) == 720


def test_nearspace_routes():
    assert NEARSPACE.route(Action("start_hull", ((2, -4), 20, "green"))) == ("hex", (2, -4))
    assert NEARSPACE.route(Action("invest", (7, 5))) == ("die", 7)
    assert NEARSPACE.route(Action("step", (0, 1))) == ("hex", (0, 1))
    assert NEARSPACE.route(Action("defend", 3)) == ("ship", 3)
    assert NEARSPACE.route(Action("play", "time_warp")) == ("card", "time_warp")


def test_nearspace_rejects_malformed_actions():
    check_malformed(NEARSPACE)
    with pytest.raises(InvalidAction, match=r"'start_hull' takes hull_order, got \(\(0, 0\), 6\)"):
        NEARSPACE.parse({"kind": "start_hull", "arg": [[0, 0], 6]})
    with pytest.raises(InvalidAction, match=r"'step' takes sector, got \(0, 0, 1\)"):
        NEARSPACE.parse({"kind": "step", "arg": [0, 0, 1]})
    with pytest.raises(InvalidAction, match="'invest' takes investment, got 3"):
        NEARSPACE.parse({"kind": "invest", "arg": 3})


# ---------------------------------------------------------------------------
# 4. Black Abyss (the main game)
# ---------------------------------------------------------------------------
#
# Follows abyss.md, section 4's closing list (the suggested action vocabulary, split
# by phase: Movement, Battle, Ground, Colonise, Trade/Purchase, habitat loss), its
# table rows on negotiation (war and peace, the optional binding trade offer) and
# elections (votes), and section 3.3's defaults for the spaces: a hex galaxy, planet
# surfaces as small square grids, the battle board as a square grid, ships as grids
# of squares fitted with tiles.
#
# Misfit: the spec uses `disable` twice (a ship owner disabling a hit ship's square;
# an owner idling buildings after losing a habitat) with different arguments, and a
# table cannot declare one name twice. Declared as `disable (section)` and
# `disable_building (planet, square)`.
# Misfit: `destroy` also appears twice (a marine's square in ground combat, bare; the
# building a bomb hits, chosen by the planet's owner). Both name a building by its
# square on the planet in play, so one `destroy (square)` serves both; `capture`
# takes the square too, since several marines may stand on buildings at once.
# Reading: `bulldoze (square)` and `build (kind, planet, square)`: a square alone does
# not say which planet, so bulldoze names (planet, square).
# Reading: `march (marine, square)`: marines in one square are alike, so a marine is
# named by the square it leaves.
# Reading: `fire (ship, tile, target)`: the tile is the firing ship's square holding
# the weapon; the target is the battle-board square the target stands on.

ABYSS_RULES = SimpleNamespace(
    galaxy=tuple(hexgrid.spiral((0, 0), 1)),  # 7 hexes
    surface=square(3, 3),
    board=square(6, 6),  # the battle board (10 x 8 in the spec's defaults)
    hulls=("fighter", "transport", "cruiser"),
    ship_pieces=4,  # 2 fighters, 1 transport, 1 cruiser per player
    sections=6,  # the largest hull's squares
    tiles=("basic_laser", "shield_1", "cargo_hold"),
    goods=("grapes", "barley", "crystal"),
    techs=("blue_hospitality", "farming_1", "secret_of_life"),
    buildings=("farm", "mine", "habitat"),
    resources=("food", "energy", "minerals"),
    max_cargo=3,
    max_trade=3,
)

A_HEX = hex_arg("hex", lambda g: g.rules.galaxy)
A_PLANET = hex_arg("planet", lambda g: g.rules.galaxy)  # a planet is named by its hex
A_SQUARE = cell_arg("square", lambda g: g.rules.surface)  # a square of the planet in play
A_BOARD = cell_arg("board_square", lambda g: g.rules.board)
A_SHIP = id_arg("ship", lambda g: g.rules.ship_pieces, "ship")
A_SECTION = number_arg("section", 0, lambda g: g.rules.sections - 1, target="choice")
A_SEAT = seat_arg()
A_RESOURCES = tuple_arg("resources", choice_arg("resource", lambda g: g.rules.resources), number_arg("units", 1, lambda g: g.rules.max_trade))

A_DONE = ActionKind("done")
A_MOVE = ActionKind("move", tuple_arg("board_move", A_SHIP, A_BOARD), route_part=1)
A_FIRE = ActionKind("fire", tuple_arg("shot", A_SHIP, A_SECTION, A_BOARD), route_part=2)
A_DISABLE = ActionKind("disable", A_SECTION)
A_SHIP_DONE = ActionKind("ship_done")
A_FIT = ActionKind("fit", tuple_arg("fitting", A_SHIP, A_SECTION, choice_arg("tile", lambda g: g.rules.tiles)), route_part=0)
A_ACCEPT, A_DECLINE = ActionKind("accept"), ActionKind("decline")

ABYSS = ActionTable("abyss", [
    # II Movement / Exploration
    ActionKind("fleet", A_HEX),
    ActionKind("add", A_SHIP),
    ActionKind("step", A_HEX),
    ActionKind("jump"),
    ActionKind("stop"),
    ActionKind("load", tuple_arg("cargo", A_SHIP, choice_arg("good", lambda g: g.rules.goods), number_arg("units", 1, lambda g: g.rules.max_cargo)), route_part=0),
    ActionKind("scan", tuple_arg("scan", A_PLANET, A_SQUARE), route_part=1),
    ActionKind("land", tuple_arg("landing", A_SHIP, A_SQUARE), route_part=1),
    ActionKind("declare_war", A_SEAT),
    ActionKind("offer_peace", A_SEAT),
    A_ACCEPT,
    A_DECLINE,
    A_DONE,
    # III A Space battle
    A_MOVE,
    A_FIRE,
    ActionKind("bomb", A_SHIP),
    ActionKind("drop", tuple_arg("drop", A_SHIP, A_SQUARE), route_part=1),
    ActionKind("flee", A_HEX),
    A_SHIP_DONE,
    A_DISABLE,
    ActionKind("destroy", A_SQUARE),
    # III B Ground combat
    ActionKind("march", tuple_arg("march", cell_arg("from", lambda g: g.rules.surface), A_SQUARE), route_part=1),
    ActionKind("capture", A_SQUARE),
    # III C Colonisation
    ActionKind("colonize", tuple_arg("colony", A_SHIP, A_SQUARE), route_part=1),
    ActionKind("pass"),
    # Trade cash-in and IV Purchase
    # `cash_in (transport, planet)`: the planet is the one under the transport, so the
    # action is numbered by the transport alone (key_parts) and lights the planet.
    ActionKind("cash_in", tuple_arg("cash_in", A_SHIP, A_PLANET), key_parts=(0,), route_part=1),
    ActionKind("buy_tech", choice_arg("tech", lambda g: g.rules.techs)),
    ActionKind("buy_hull", tuple_arg("hull_order", A_PLANET, choice_arg("class", lambda g: g.rules.hulls)), route_part=0),
    A_FIT,
    ActionKind("build", tuple_arg("building", choice_arg("kind", lambda g: g.rules.buildings), A_PLANET, A_SQUARE), route_part=2),
    ActionKind("bulldoze", tuple_arg("lot", A_PLANET, A_SQUARE), route_part=1),
    ActionKind("repair", tuple_arg("repair", A_SHIP, A_SECTION), route_part=0),
    ActionKind("buy_marine", tuple_arg("lot", A_PLANET, A_SQUARE), route_part=1),
    # Reading: the option `trade_offers`: `offer (to, give, get)`, each side a (resource,
    # units) pair or nothing (a gift, or a demand); accepted or declined at once.
    ActionKind("offer", tuple_arg("offer", A_SEAT, A_RESOURCES.optional(), A_RESOURCES.optional()), route_part=0),
    # habitat loss, after the battles
    ActionKind("disable_building", tuple_arg("lot", A_PLANET, A_SQUARE), route_part=1),
    # V Elections
    ActionKind("vote", YES_NO),
    ActionKind("vote_for", A_SEAT),
    ActionKind("abstain"),
])

ABYSS_SIZES = {
    "fleet": 7, "add": 4, "step": 7, "jump": 1, "stop": 1, "load": 4 * 3 * 3, "scan": 7 * 9, "land": 4 * 9,
    "declare_war": 3, "offer_peace": 3, "accept": 1, "decline": 1, "done": 1,
    "move": 4 * 36, "fire": 4 * 6 * 36, "bomb": 4, "drop": 4 * 9, "flee": 7, "ship_done": 1, "disable": 6,
    "destroy": 9, "march": 9 * 9, "capture": 9, "colonize": 4 * 9, "pass": 1,
    "cash_in": 4, "buy_tech": 3, "buy_hull": 7 * 3, "fit": 4 * 6 * 3, "build": 3 * 7 * 9, "bulldoze": 7 * 9,
    "repair": 4 * 6, "buy_marine": 7 * 9, "offer": 3 * 10 * 10, "disable_building": 7 * 9,
    "vote": 2, "vote_for": 3, "abstain": 1,
}


def test_abyss_table_fits():
    game = fake_game(3, ABYSS_RULES)
    universe = check_table(ABYSS, game)
    assert per_kind(universe) == ABYSS_SIZES
    assert len(universe) == 2170
    # keyed kind: the universe holds keys, the game's actions are whole
    assert [a for a in universe if a.kind == "cash_in"] == [Action("cash_in", (t,)) for t in range(4)]
    whole = Action("cash_in", (2, (1, -1)))
    assert ABYSS.key(whole) == Action("cash_in", (2,))
    assert ABYSS.route(whole) == ("hex", (1, -1))
    assert ABYSS.parse(whole.to_json()) == whole


def test_abyss_routes_and_ids():
    game = fake_game(3, ABYSS_RULES)
    universe = ABYSS.universe(game)
    assert ABYSS.route(Action("fire", (1, 2, (5, 5)))) == ("cell", (5, 5))
    assert ABYSS.route(Action("move", (0, (3, 4)))) == ("cell", (3, 4))
    assert ABYSS.route(Action("fit", (3, 0, "shield_1"))) == ("ship", 3)
    assert ABYSS.route(Action("disable", 4)) == ("choice", 4)
    assert ABYSS.route(Action("vote", False)) == ("button", False)
    assert ABYSS.route(Action("offer", (2, None, ("food", 3)))) == ("seat", 2)
    first_fire = universe.index(Action("fire", (0, 0, (0, 0))))
    assert universe.index(Action("fire", (0, 1, (0, 0)))) == first_fire + 36
    assert universe.index(Action("fire", (1, 0, (0, 0)))) == first_fire + 6 * 36
    assert universe.index(Action("offer", (0, None, None))) == universe.index(Action("disable_building", ((0, 0), (0, 0)))) - 300
    assert universe[-3:] == [Action("vote_for", 1), Action("vote_for", 2), Action("abstain")]


def test_abyss_rejects_malformed_actions():
    check_malformed(ABYSS)
    with pytest.raises(InvalidAction, match=r"'cash_in' takes cash_in, got \(2,\)"):
        ABYSS.parse({"kind": "cash_in", "arg": [2]})  # a key is numbered, never parsed as an action
    with pytest.raises(InvalidAction, match=r"'offer' takes offer, got \(0, \('food',\), None\)"):
        ABYSS.parse({"kind": "offer", "arg": [0, ["food"], None]})
    with pytest.raises(InvalidAction, match="'vote' takes yes_no, got 'yes'"):
        ABYSS.parse({"kind": "vote", "arg": "yes"})


def test_abyss_cannot_declare_the_spec_names_as_written():
    """The spec's two `disable`s (and two `destroy`s) cannot share one table."""
    with pytest.raises(ValueError, match="declared twice"):
        ActionTable("abyss", [A_DISABLE, ActionKind("disable", tuple_arg("lot", A_PLANET, A_SQUARE))])


# ---------------------------------------------------------------------------
# 5. Black Abyss fleet duel (the two-player mini game)
# ---------------------------------------------------------------------------
#
# Follows abyss.md, section 3.3's "mini game" row (two players outfit ships from a
# point budget, deploy alternately on their own edge of the battle board, then fight
# with no fleeing) and reuses the main game's battle kinds from section 4's list.
# Reading: outfitting is `buy_hull (class)` (no dock in the duel), `fit (ship, square,
# tile)`; deployment is `deploy (ship, square)` on the board; `ready` ends outfitting.

DUEL = ActionTable("abyss_duel", [
    ActionKind("buy_hull", choice_arg("class", lambda g: g.rules.hulls)),
    A_FIT,
    ActionKind("ready"),
    ActionKind("deploy", tuple_arg("deployment", A_SHIP, A_BOARD), route_part=1),
    A_MOVE,
    A_FIRE,
    A_SHIP_DONE,
    A_DISABLE,
    A_DONE,
])


def test_duel_table_fits():
    game = fake_game(2, ABYSS_RULES)
    universe = check_table(DUEL, game)
    assert per_kind(universe) == {
        "buy_hull": 3, "fit": 72, "ready": 1, "deploy": 144, "move": 144, "fire": 864, "ship_done": 1, "disable": 6, "done": 1,
    }
    assert universe.index(Action("fit", (0, 0, "basic_laser"))) == 3
    assert universe.index(Action("fit", (3, 5, "cargo_hold"))) == 3 + 71
    assert DUEL.route(Action("deploy", (1, (0, 5)))) == ("cell", (0, 5))
    # the same kind objects in two tables give the same arguments but their own ids
    main = ABYSS.universe(fake_game(2, ABYSS_RULES))
    assert [a for a in universe if a.kind == "fire"] == [a for a in main if a.kind == "fire"]
    assert universe.index(Action("fire", (0, 0, (0, 0)))) != main.index(Action("fire", (0, 0, (0, 0))))


def test_duel_rejects_malformed_actions():
    check_malformed(DUEL)
    with pytest.raises(InvalidAction, match=r"'fit' takes fitting, got \(0, 0\)"):
        DUEL.parse({"kind": "fit", "arg": [0, 0]})
    with pytest.raises(InvalidAction, match="unknown action kind 'flee'"):
        DUEL.parse({"kind": "flee", "arg": [0, 0]})  # no fleeing in the duel
