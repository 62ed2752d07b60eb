"""Nearspace's table scene: no face-down title ever shows, every legal action is clickable where it belongs, words not keys.

Games are played by a random player that prefers building and moving (so fleets
meet: attacks, defence choices, Encounters, dismantling come up), in every
variant; at each decision the scene of every seat and of a spectator is built
from their views and checked.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any, Iterator

import pytest

from voidtable.engine.actions import Action
from voidtable.engine.game import Game
from voidtable.games.nearspace import SPEC, scene, text
from voidtable.games.nearspace.state import NearspaceState
from voidtable.games.nearspace.tasks import Build, Defend, Group
from voidtable.web import scenes

from .helpers import blank, fresh, lay, load, place, ship

NAMES = ["Alice", "Bob"]
KEY = re.compile(r"\b[a-z]+_[a-z_]+\b")  # a snake_case key: a card key, an action or card kind
SEAT_WORDS = re.compile(r"\b[Ss]eat [01]\b")
NOT_SHOWN = {"action", "id", "kind", "fill", "seat", "shape", "mark", "style", "face", "at", "q", "r"}  # never drawn as text
WEIGHTS = {"start_hull": 4.0, "invest": 3.0, "group": 6.0, "step": 3.0, "add": 2.0, "build_done": 0.6, "end_turn": 0.3}


def words(node: Any, key: str = "") -> Iterator[str]:
    """Every string of a scene a person can read (labels, values, hints, titles, menu entries)."""
    if key in NOT_SHOWN:
        return
    if isinstance(node, str):
        yield node
    elif isinstance(node, dict):
        for k, v in node.items():
            yield from words(v, k)
    elif isinstance(node, list):
        for v in node:
            yield from words(v, key)


def pick(rng: random.Random, legal: list[Action]) -> Action:
    """A random choice leaning towards building, moving and attacking, so that fleets meet."""
    steps = [a for a in legal if a.kind == "step"]
    if steps and rng.random() < 0.7:
        return steps[-1]  # the last neighbour: on this map often the one towards the enemy
    weights = [WEIGHTS.get(a.kind, 1.0) for a in legal]
    return rng.choices(legal, weights)[0]


def positions(options: dict[str, Any], seeds: range, steps: int) -> Iterator[tuple[Game, NearspaceState]]:
    """States along random games (every decision of each), the state about to be decided."""
    game = Game(SPEC, 2, options)
    for seed in seeds:
        state = game.new_state(seed)
        assert isinstance(state, NearspaceState)
        rng = random.Random(seed)
        for _ in range(steps):
            if state.is_over():
                break
            yield game, state
            p = state.to_move()[0]
            state.apply(p, pick(rng, state.legal_actions(p)))


def secret_titles(state: NearspaceState, seat: int | None) -> set[str]:
    """Titles of cards ``seat`` may not know now, less any title also in sight (a title both decks hold)."""
    r = state.r
    secret = {c for i, c in enumerate(state.place_card) if c >= 0 and not state.face_up[i]}
    for q in range(2):
        secret.update(state.resource[q][: len(state.resource[q]) - state.known_bottom[q]])
        if r.hidden_hands and q != seat:
            secret.update(state.hand[q])
    title = {i: r.card(i).title for i in range(len(r.instances))}
    seen = {title[i] for i in range(len(r.instances)) if i not in secret}
    return {title[i] for i in secret} - seen


def leaks(built: dict[str, Any], hidden: set[str]) -> list[str]:
    text = "\n".join(words(built))
    return sorted(t for t in hidden if t in text)


def scene_of(game: Game, state: NearspaceState, seat: int | None) -> dict[str, Any]:
    legal = state.legal_actions(seat) if seat is not None and seat in state.to_move() else []
    built = scene.build(game, state.view(seat), legal, seat, NAMES)
    json.dumps(built)
    return built


@pytest.mark.parametrize("variant", ["standard", "hidden_hands"])
def test_face_down_cards_never_show_their_titles(variant):
    checked = 0
    for n, (game, state) in enumerate(positions(SPEC.variants[variant], range(2), 200)):
        if n % 2:
            continue
        for seat in (0, 1, None):
            built = scene_of(game, state, seat)
            hidden = secret_titles(state, seat)
            assert not leaks(built, hidden), f"seat {seat} sees {leaks(built, hidden)}"
            hexmap = next(part for part in built["parts"] if part["kind"] == "hexmap")
            down = [h for h in hexmap["hexes"] if h["fill"].startswith("back-")]
            assert all(h["label"] == "Face down" for h in down)
            checked += 1
    assert checked > 300


def test_the_leak_check_catches_a_face_down_title():
    """Negative control: a view with one face-down card filled in is caught by the same check."""
    game = Game(SPEC, 2, {})
    state = game.new_state(3)
    assert isinstance(state, NearspaceState)
    view = state.view(0)
    i = next(i for i, p in enumerate(view["places"]) if not p["face_up"])
    view["places"][i]["card"] = state.r.instances[state.place_card[i]][1]  # the leak
    built = scene.build(game, view, [], 0, NAMES)
    assert leaks(built, secret_titles(state, 0)) == [state.r.card(state.place_card[i]).title]


def elements(built: dict[str, Any]) -> dict[str, set[bytes]]:
    """Clickable actions by the kind of element carrying them: hex, piece, card, button, panel."""
    out: dict[str, set[bytes]] = {k: set() for k in ("hex", "piece", "card", "button")}

    def add(where: str, item: dict[str, Any]) -> None:
        for a in [item.get("action")] + [c["action"] for c in item.get("choices") or []]:
            if a:
                out[where].add(scenes._key(a))

    for part in built["parts"]:
        if part["kind"] == "hexmap":
            for h in part["hexes"]:
                add("hex", h)
            for pc in part["pieces"]:
                add("piece", pc)
        elif part["kind"] == "cards":
            for c in part["cards"]:
                add("card", c)
        elif part["kind"] == "buttons":
            for b in part["buttons"]:
                add("button", b)
    return out


ROUTES = {"hex": "hex", "ship": "piece", "die": "card", "card": "card", "button": "button", "number": "button"}


@pytest.mark.parametrize("variant", sorted(SPEC.variants))
def test_every_legal_action_is_clickable_where_it_belongs(variant):
    """Each legal action is on an element of the kind its route names (a hull's invest on its Shipyard card), nothing else is."""
    kinds: set[str] = set()
    for n, (game, state) in enumerate(positions(SPEC.variants[variant], range(2), 150)):
        p = state.to_move()[0]
        legal = state.legal_actions(p)
        built = scene_of(game, state, p)
        at = elements(built)
        assert set().union(*at.values()) == {scenes.action_key(a) for a in legal}
        assert scenes.actions_in(built) == {scenes.action_key(a) for a in legal}
        ships = {s["id"]: s for s in state.view(p)["ships"]}
        for a in legal:
            target, value = SPEC.actions.route(a)
            where = ROUTES[target]
            if target in ("ship", "die") and value in ships and ships[value]["built"]:
                where = "piece"  # a ship on the map: a die there (and its card in the fleet)
            assert scenes.action_key(a) in at[where], f"{a} is not on a {where} ({state.view(p)['decision']})"
            kinds.add(a.kind)
        assert built["prompt"]
        if n % 5 == 0:  # the server's wrapper never needs to add "Other choices"
            full = scenes.build_scene(game, state.view(p), legal, p, NAMES)
            assert not [x for x in full["parts"] if x["id"] == "other-choices"]
    assert {"start_hull", "invest", "build_done", "group", "step", "end_turn", "play", "cycle"} <= kinds, kinds


def test_the_rarer_decisions_are_clickable():
    """Dismantling, Encounters, targets, upkeep, revivals: in the random games that reach them."""
    seen: set[str] = set()
    for game, state in positions({}, range(6), 400):
        p = state.to_move()[0]
        kind = (state.view(p)["decision"] or {}).get("kind")
        if kind in ("dismantle", "encounter_check", "target", "upkeep", "revive") and kind not in seen:
            legal = state.legal_actions(p)
            built = scene_of(game, state, p)
            assert scenes.actions_in(built) == {scenes.action_key(a) for a in legal}
            seen.add(kind)
    assert {"target", "upkeep", "encounter_check"} <= seen, seen


def test_a_defender_chooses_on_the_map_who_rolls():
    """One attacker, three defenders: the defender clicks dice on the map, sees the attacker marked, then a button."""
    s = blank()
    s.turns_taken = [1, 1]
    origin, dest = (0, 0), (-1, 0)
    gun = ship(s, 0, 6, "red", origin)
    defenders = [ship(s, 1, 4, "white", dest), ship(s, 1, 8, "blue", dest), ship(s, 1, 12, "green", dest)]
    s.push(Defend(1, 0, place(s, origin), place(s, dest), (gun,), ()))
    s._legal = None
    game = s.game
    built = scene_of(game, s, 1)
    at = elements(built)
    assert {scenes.action_key(Action("defend", d)) for d in defenders} <= at["piece"]
    assert "defence" in built["prompt"] and "at least 1" in built["prompt"]
    pieces = {pc["id"]: pc for part in built["parts"] if part["kind"] == "hexmap" for pc in part["pieces"]}
    assert pieces[gun].get("mark") == "moving"
    assert pieces[defenders[1]]["hint"] == "Roll the blue Destroyer (d8) in defence"
    s.apply(1, Action("defend", defenders[1]))
    built = scene_of(game, s, 1)
    assert "Roll the chosen defenders" in [b["label"] for part in built["parts"] if part["kind"] == "buttons"
                                          for b in part["buttons"]]
    pieces = {pc["id"]: pc for part in built["parts"] if part["kind"] == "hexmap" for pc in part["pieces"]}
    assert pieces[defenders[1]]["title"].endswith("(chosen to roll in defence)")
    assert scenes.action_key(Action("defend", defenders[1])) not in scenes.actions_in(built)
    waiting = scene_of(game, s, 0)
    assert scenes.actions_in(waiting) == set() and waiting["status"] == "Bob: choosing defenders"


def test_names_not_keys():
    """Players by the names given, cards by titles, ships by colour, class and die: never a key, id or seat number."""
    game = Game(SPEC, 2, {})
    titles = {c.title for c in game.rules.data.cards.values()}
    for n, (game, state) in enumerate(positions({}, range(2), 200)):
        if n % 3:
            continue
        for seat in (0, 1, None):
            built = scene_of(game, state, seat)
            text = "\n".join(words(built))
            assert not KEY.findall(text), KEY.findall(text)[:5]
            assert not SEAT_WORDS.findall(text), SEAT_WORDS.findall(text)[:5]
            assert "Alice" in text and "Bob" in text
    hand = [c for part in built["parts"] if part["id"].startswith("hand") for c in part["cards"]]
    assert hand and all(c["title"] in titles for c in hand)
    pieces = next(part for part in built["parts"] if part["kind"] == "hexmap")["pieces"]
    ships = [pc for pc in pieces if pc.get("mark") != "unfinished"]
    assert ships and all(re.fullmatch(r"d\d+", pc["label"]) for pc in ships)
    assert all(re.fullmatch(r"\d+/\d+", pc["label"]) for pc in pieces if pc not in ships)
    assert all(re.search(r"(Alice|Bob)'s \w+ \w+ \(d\d+\)", pc["title"]) for pc in pieces)


def test_the_map_reads_like_the_board():
    """Issue 28: each place is written with its sector (the name the log uses) above the card's title and one line of
    facts; a ship is a die in its owner's colour with a stripe of its own colour (its role); a hull being built is
    drawn at its site as an unfinished die showing the CP in, clickable to invest as its Shipyard card is."""
    s = blank()
    lay(s, (1, -2), "luna_yards", 0)
    fighter = ship(s, 0, 4, "red", (1, -2))
    hull = ship(s, 0, 8, "green", (2, -4), invested=3)
    enemy = ship(s, 1, 6, "blue", (-2, 4))
    game = load()
    built = scene.build(game, s.view(0), [], 0, NAMES)
    hexmap = next(part for part in built["parts"] if part["kind"] == "hexmap")
    assert hexmap["stack"] == "rows"  # words at the top, dice in rows below them
    hexes = {(h["q"], h["r"]): h for h in hexmap["hexes"]}
    assert {h["name"] for h in hexes.values()} == {text.sector(game, h) for h in game.rules.board.hexes}
    luna = hexes[(1, -2)]
    assert (luna["name"], luna["label"], luna["sub"]) == ("C2", "Luna Yards", "1 CP")
    assert (hexes[(2, -4)]["label"], hexes[(2, -4)]["sub"]) == ("Terra", "Alice's Homeworld")
    assert hexes[(0, 0)]["label"] == "Neutral Space" and "Neutral Space" not in hexes[(0, 0)]["sub"]
    down = next(h for h in hexes.values() if h["fill"] == "back-1")
    assert (down["label"], down["sub"]) == ("Face down", "Bob")
    pieces = {pc["id"]: pc for pc in hexmap["pieces"]}
    die = pieces[fighter]
    assert die["seat"] == 0 and "fill" not in die and die["band"] == "die-red" and die["label"] == "d4"
    assert die["at"] == {"hex": [1, -2]} and "Alice's red Fighter (d4) at Luna Yards (C2)" in die["title"]
    assert pieces[enemy]["seat"] == 1 and pieces[enemy]["band"] == "die-blue"
    drawn = pieces[hull]
    assert drawn["mark"] == "unfinished" and drawn["label"] == "3/8" and drawn["at"] == {"hex": [2, -4]}
    assert drawn["band"] == "die-green" and drawn["title"].startswith("Alice's green Destroyer (d8) being built at Terra")
    # in play, a hull just laid down is clickable on the map to invest in it, as its card in the Shipyards is
    live = fresh(1)  # seed 1: Alice builds first
    live.apply(0, next(a for a in live.legal_actions(0) if a.kind == "start_hull" and a.arg[1] == 8))
    legal = live.legal_actions(0)
    invest = [a.to_json() for a in legal if a.kind == "invest"]
    assert len(invest) >= 2
    built = scene.build(game, live.view(0), legal, 0, NAMES)
    drawn = next(pc for part in built["parts"] if part["kind"] == "hexmap" for pc in part["pieces"])
    assert drawn["mark"] == "unfinished" and drawn["label"] == "1/8"
    assert [c["action"] for c in drawn["choices"]] == invest
    card = next(c for part in built["parts"] if part["id"] == "shipyards" for c in part["cards"])
    assert [c["action"] for c in card["choices"]] == invest
    # the legend says how to read them
    legend = " / ".join(item["label"] for item in hexmap["legend"])
    assert "in its owner's colour" in legend and "a hull being built" in legend and "red stripe: Corsair" in legend


def test_the_scene_is_styled_through_the_hook():
    """The hook table wraps the module with the game's colours; every fill and card kind drawn has one."""
    game = Game(SPEC, 2, {})
    state = game.new_state(1)
    assert isinstance(state, NearspaceState)
    hook = SPEC.hooks.scene
    assert hook is not None
    built = hook.build(game, state.view(0), state.legal_actions(0), 0, NAMES)
    assert built["style"] is scene.STYLE
    fills = {h["fill"] for part in built["parts"] if part["kind"] == "hexmap" for h in part["hexes"]}
    fills |= {pc["band"] for part in built["parts"] if part["kind"] == "hexmap" for pc in part["pieces"]}
    assert fills <= set(scene.STYLE["fills"])
    colours = {f"die-{c}" for c in game.rules.data.stockpile.colours}
    assert colours <= set(scene.STYLE["fills"]) and colours <= set(scene.STYLE["cards"])


# ---------------------------------------------------------------- issue 28: no two choices of a decision read alike


def choice_words(state: NearspaceState, seat: int) -> dict[Action, str]:
    """Each legal action of ``seat`` and the words the table gives it (a hint, a menu entry, a button)."""
    legal = state.legal_actions(seat)
    said = scenes.action_labels(scene.build(state.game, state.view(seat), legal, seat, NAMES))
    return {a: said[scenes.action_key(a)] for a in legal}


def test_alike_dice_in_a_group_say_which_and_a_ship_that_attacked_says_so():
    """Two green Fighters and two blue ones at one sector, one blue having attacked this turn: the green pair are
    alike and say which of two each is; the blue pair differ (a group with the one that attacked may not attack
    again), so that one says it has attacked and neither is called alike."""
    s = blank()
    s.turns_taken = [1, 1]
    origin = (1, -2)
    lay(s, origin, "luna_yards", 0)
    green = [ship(s, 0, 4, "green", origin) for _ in range(2)]
    blue, veteran = (ship(s, 0, 4, "blue", origin) for _ in range(2))
    s.ships[veteran] = s.ships[veteran]._replace(attacks=1)
    s.e = 20
    s.push(Group(0, place(s, origin), ()))
    s._legal = None
    said = choice_words(s, 0)
    assert len(set(said.values())) == len(said)
    add = {a.arg: w for a, w in said.items() if a.kind == "add"}
    assert set(add) == {*green, blue, veteran}
    assert [add[i] for i in green] == ["Add the green Fighter (d4) to the group (+4 E), 1 of 2 alike",
                                       "Add the green Fighter (d4) to the group (+4 E), 2 of 2 alike"]
    assert add[blue] == "Add the blue Fighter (d4) to the group (+4 E)"
    assert add[veteran] == "Add the blue Fighter (d4) to the group (+4 E; it has attacked this turn)"


def test_two_engines_being_built_say_where_and_which():
    """The book builds engines like ships, only at the own Homeworld, any number at once: two begun this turn with
    the same CP in are alike, and every entry names Terra and which of the two it is."""
    s = fresh(1)  # seed 1: Alice builds first, Terra's 5 CP
    s.apply(0, Action("start_engine"))
    s.apply(0, Action("start_engine"))
    assert len(s.view(0)["engine_hulls"]) == 2
    said = choice_words(s, 0)
    assert len(set(said.values())) == len(said)
    one_more = sorted(w for a, w in said.items() if a.kind == "invest" and a.arg[1] == 1)
    assert one_more == ["Put 1 CP into an engine at Terra (2 of 20 CP), 1 of 2 alike",
                        "Put 1 CP into an engine at Terra (2 of 20 CP), 2 of 2 alike"]
    built = scene.build(s.game, s.view(0), s.legal_actions(0), 0, NAMES)
    yard = next(part for part in built["parts"] if part["id"] == "shipyards")
    assert [c["tag"] for c in yard["cards"]] == ["Alice · being built at Terra"] * 2


def test_a_star_base_and_the_homeworld_each_name_their_own_shipyard():
    """With ships on a face-up Star Base, Alice may lay down hulls there as well as at Terra; the book keeps each
    site's Shipyard apart, so each entry names its site, and investing in alike hulls at the two sites says where."""
    s = blank()
    s.turns_taken = [1, 1]
    base = (1, -2)
    lay(s, base, "luna_yards", 0)
    ship(s, 0, 4, "white", base)
    at_home, at_base = ship(s, 0, 6, "blue", (2, -4), invested=1), ship(s, 0, 6, "blue", base, invested=1)
    s.cp = 5
    s.push(Build(0))
    s._legal = None
    said = choice_words(s, 0)
    assert len(set(said.values())) == len(said)
    lay_down = [w for a, w in said.items() if a.kind == "start_hull" and a.arg[1:] == (4, "red")]
    assert sorted(lay_down) == ["Lay down a red Fighter (d4) at Luna Yards (C2) (Corsair: moves for 2 E less)",
                                "Lay down a red Fighter (d4) at Terra (Corsair: moves for 2 E less)"]
    invest = {a.arg[0]: w for a, w in said.items() if a.kind == "invest" and a.arg[1] == 2}
    assert invest == {at_home: "Put 2 CP into the blue Gunship (d6) at Terra (3 of 6 CP)",
                      at_base: "Put 2 CP into the blue Gunship (d6) at Luna Yards (C2) (3 of 6 CP)"}
