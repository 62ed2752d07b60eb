"""The main game on the table: the galaxy, opened planet surfaces, ship designs, the battle board, the tribunal.

- **The galaxy** is a hex map (the engine's axial coordinates), each place filled by
  its kind and named by its number as the log names it ("space 12"); ships are pieces
  in their owner's colour. Clickable: a place to step to, to found a home world on or
  to flee to from a battle (the friendly spaces next door), a ship to move.
- **A planet surface** is opened (a row of square cards, one per square, read left
  to right, top to bottom) for every planet the pending decision touches: squares to
  build on, bulldoze, colonise, train marines on, land or march on, lose or idle a
  building. A square with several choices opens a menu.
- **Ship designs**: the ship cards, the bare hulls and the technologies the seat may
  buy now (or take free, from a bonus square), and its own ships (fit a tile, repair
  a square, sell cargo).
- **The battle board** (while a space battle is fought): the same board as the fleet
  battle's, its cells laid out row by row (the page draws cells as hexes, so rows
  are offset by half a cell), named like a chess board ("C4").
- **The tribunal**: the leader, terms, resolutions in force and the votes.
- Buttons for the rest (done, stop, scan, jump, load, war and peace, votes, fighting
  on instead of fleeing, covering a damaged square).
"""

from __future__ import annotations

from typing import Any, Sequence

from voidtable.engine.actions import Action
from voidtable.engine.game import Game

from ..fleet.text import cell_name
from .data import MainRules
from .text import (TERRAIN_WORDS, building_effect, building_name, card_name, describe_action, kind_words, seat_name,
                   ship_name, tech_effect, tech_name)

Json = dict[str, Any]

STYLE: dict[str, dict[str, str]] = {  # the game's colours (hooks.py wraps this module in StyledScene with them)
    "fills": {"facedown": "#1b1f2e", "empty": "#0d1224", "green": "#2f7d46", "blue": "#2c5f9e", "yellow": "#b59a2a",
              "red": "#9c3b2e", "moon": "#7a7f8c", "black_hole": "#000000", "asteroid": "#5a4a3a",
              "wormhole": "#6b3fa0", "home": "#3fae6a", "twin": "#58c48a", "board": "#10162a", "reach": "#1f3b2a", "planet-side": "#2f7d46",
              "edge-0": "#2a1a22", "edge-1": "#16243a"},
    "cards": {"plains": "#6bbf59", "mineral": "#a0765a", "energy": "#e0c341", "water": "#3d7fd0", "barren": "#8a8a8a",
              "bonus": "#d77fd6", "unexplored": "#333a4d", "ship": "#4aa3d8", "tech": "#c9a227", "hull": "#9aa3bd"},
}

PROMPTS = {
    "home_pick": "Pick the face-down place your home world replaces",
    "movement": "Pick a ship to move, declare war, offer peace, or end your movement",
    "ship_move": "Fly to a neighbouring place, scan, load, land marines, or stop",
    "asteroid_hit": "Asteroids hit your ship: pick the square that takes the damage",
    "peace_offer": "Peace is offered: accept or refuse",
    "colonise": "Found a colony, or pass",
    "purchase": "Build, research, buy ships, repair, or finish your purchases",
    "resolution_vote": "Vote on the resolution with all your votes, or abstain",
    "election": "Vote for a candidate for the tribunal seat, or abstain",
    "bomb_choice": "Your bomb hit: pick whose buildings it strikes",
    "demolish": "A bomb hit your planet: pick the building you lose",
    "take_hit": "A defence hit your ship: pick the square that takes the damage",
    "ground": "March your marines, or stop",
    "shut_down": "Your habitats cannot support every building: pick one to leave idle",
    "seize": "Your marines hold a building: capture it or destroy it",
    "turn": "Pick a ship to act with in the battle",
    "flee": "Fight on, or flee to a friendly space next door (lit on the map)",
    "free_tech": "A bonus square holds a free technology: pick a tier-1 technology",
    "move": "Move the ship on the battle board (or hold on its cell)",
    "fire": "Pick a target in range",
    "disable": "Your ship is hit: pick the square that takes the damage",
}

#: Actions whose argument names a planet and one of its squares (part 0 the place, part 1 the square).
SQUARE_KINDS = ("build", "bulldoze", "colonize", "buy_marine", "march")
#: Actions naming a square of the planet the decision is about.
PLANET_SQUARE_KINDS = ("land", "demolish", "shut")


def _m(game: Game) -> MainRules:
    m: MainRules = game.rules
    return m


def fill_of(kind: str) -> str:
    if not kind:
        return "facedown"
    if kind.startswith("wormhole"):
        return "wormhole"
    return kind


def hex_of(cell: Sequence[int]) -> list[int]:
    """The map position of a battle board cell: rows offset by half a cell (the page draws cells as hexes)."""
    x, y = cell[0], cell[1]
    return [x - y // 2, y]


class Table:
    """One scene's facts and the legal actions still to place on an element."""

    def __init__(self, game: Game, view: Json, seat: int | None, names: Sequence[str]) -> None:
        self.game = game
        self.m = _m(game)
        self.view = view
        self.seat = seat
        self.names = names
        self.decision: Json = view.get("decision") or {}
        self.by_kind: dict[str, list[Action]] = {}

    def who(self, q: Any) -> str:
        return seat_name(self.game, q, self.names)

    def take(self, kind: str) -> dict[Any, Action]:
        return {a.arg: a for a in self.by_kind.pop(kind, [])}

    def take_list(self, kind: str) -> list[Action]:
        return self.by_kind.pop(kind, [])


def weigh(game: Game, action: Action, names: Sequence[str]) -> str:
    """An action in words with what it brings, where a player must weigh it: a building's or a technology's effect."""
    words = describe_action(game, action, names=names)
    effect = ""
    if action.kind == "build":
        effect = building_effect(game, action.arg[2])
    elif action.kind in ("buy_tech", "free_tech"):
        effect = tech_effect(game, action.arg)
    return f"{words}: {effect[:1].lower()}{effect[1:]}" if effect else words


def clickable(item: Json, actions: list[Action], game: Game, names: Sequence[str]) -> Json:
    """One action: clicking sends it; several: clicking opens a menu."""
    if len(actions) == 1:
        item["action"] = actions[0].to_json()
        item["hint"] = weigh(game, actions[0], names)
        item["highlight"] = True
    elif actions:
        item["choices"] = [{"label": weigh(game, a, names), "action": a.to_json()} for a in actions]
        item["highlight"] = True
    return item


def galaxy_part(t: Table) -> Json:
    v = t.view
    step, home, select = t.take("step"), t.take("home"), t.take("select")
    flee = t.take("flee")
    fight_on = flee.pop(None, None)
    if fight_on is not None:   # fighting on is a button; each way to flee is its place on the map
        t.by_kind["flee"] = [fight_on]
    hexes = []
    ships_at: dict[int, list[Json]] = {}
    for sh in v["ships"]:
        if sh["place"] >= 0:
            ships_at.setdefault(sh["place"], []).append(sh)
    for i, (q, r) in enumerate(v["places"]):
        kind = v["kinds"][i]
        item: Json = {"q": q, "r": r, "fill": fill_of(kind), "name": str(i), "hint": f"space {i}: {kind_words(kind)}"}
        acts = [a for a in (step.get(i), home.get(i), flee.get(i)) if a is not None]
        hexes.append(clickable(item, acts, t.game, t.names))
    pieces = []
    letters: dict[str, set[str]] = {}  # a token's letter and the kinds of ship it stands for on this map
    for place, here in sorted(ships_at.items()):
        q, r = v["places"][place]
        for sh in here:
            name = ship_name(t.game, sh["id"], sh["design"], t.names)
            what = name.split("'s ")[-1]   # "Fighter 2": its initial and piece number label it
            letters.setdefault(what[:1], set()).add(what.rsplit(" ", 1)[0])
            item = {"id": f"ship-{sh['id']}", "at": {"hex": [q, r]}, "label": what[:1] + what.rsplit(" ", 1)[-1],
                    "seat": sh["owner"] if sh["owner"] < t.game.players else None, "shape": "square",
                    "title": f"{name}: computer {sh['computer']}, jammer {sh['jammer']}, shield {sh['shield']}"}
            if item["seat"] is None:
                del item["seat"]
            if sh["id"] == t.decision.get("ship") and t.decision.get("kind") == "ship_move":
                item["mark"] = "moving"
            act = select.get(sh["id"])
            pieces.append(clickable(item, [act] if act else [], t.game, t.names))
    # whose each colour is, what each letter stands for (a token says "F2": its owner's Fighter 2), then the spaces
    legend: list[Json] = [{"label": t.who(q), "seat": q} for q in range(t.game.players)]
    if any(sh["owner"] >= t.game.players for sh in v["ships"] if sh["place"] >= 0):
        legend.append({"label": "grey: the neutral ships"})
    legend += [{"label": f"{k} = {' or '.join(sorted(letters[k]))}"} for k in sorted(letters)]
    legend += [{"label": kind_words(k), "fill": fill_of(k)}
               for k in ("", "home", "green", "blue", "yellow", "red", "moon", "black_hole", "asteroid", "wormhole_a", "empty")]
    return {"kind": "hexmap", "id": "galaxy", "title": f"The galaxy · cycle {v['cycle']}", "size": 24,
            "hexes": hexes, "pieces": pieces, "legend": legend}


def planet_parts(t: Table) -> list[Json]:
    """Each planet the pending decision touches, opened: one card per square with what may be done there."""
    per: dict[tuple[int | None, int], list[Action]] = {}
    for kind in SQUARE_KINDS:
        for a in t.take_list(kind):
            place, q = a.arg[0], a.arg[1]
            if kind == "march":
                per.setdefault((place, a.arg[2]), []).append(a)
            else:
                per.setdefault((place, q), []).append(a)
    dec_place = t.decision.get("place")
    if dec_place is None and t.decision.get("ship") is not None:
        dec_place = next((s["place"] for s in t.view["ships"] if s["id"] == t.decision["ship"]), None)
    for kind in PLANET_SQUARE_KINDS:
        for a in t.take_list(kind):
            per.setdefault((dec_place, a.arg), []).append(a)
    places = sorted({p for p, _ in per if p is not None})
    planets = {pl["place"]: pl for pl in t.view["planets"]}
    out = []
    for p in places:
        pl = planets.get(p)
        if pl is None:
            continue
        cards = []
        for q, terrain in enumerate(pl["surface"]):
            b = pl["built"][q]
            marines = pl["marines"][q]
            text = []
            if b:
                text.append(f"{t.who(b[0])}'s {building_name(t.game, b[1])}" + (" (idle)" if q in pl["idle"] else ""))
            if marines:
                text.append(f"{marines[1]} marines of {t.who(marines[0])}")
            if pl["goods"][q]:
                text.append(f"trade good: {pl['goods'][q]}")
            card: Json = {"id": f"square-{p}-{q}", "title": f"Square {q + 1}",
                          "kind": terrain or "unexplored", "tag": TERRAIN_WORDS.get(terrain, terrain),
                          "text": "; ".join(text) or "empty"}
            cards.append(clickable(card, per.get((p, q), []), t.game, t.names))
        out.append({"kind": "cards", "id": f"planet-{p}", "title": f"Space {p}, {kind_words(t.view['kinds'][p])}: the surface",
                    "layout": "row", "cards": cards})
    return out


def designs_part(t: Table) -> Json | None:
    """What may be bought now: ship cards, bare hulls, technologies."""
    cards = []
    for a in t.take_list("buy_ship"):
        d = t.m.ships.designs[a.arg]
        tiles = ", ".join(t.m.ships.tiles[k].name for k in d.tiles if k) or "no tiles"
        cards.append(clickable({"id": f"card-{a.arg}", "title": card_name(t.game, a.arg), "kind": "ship",
                                "tag": t.m.ships.hulls[d.hull].name, "badge": f"{d.energy} energy, {d.minerals} minerals",
                                "text": tiles}, [a], t.game, t.names))
    for a in t.take_list("buy_hull"):
        h = t.m.ships.hulls[a.arg]
        cards.append(clickable({"id": f"hull-{a.arg}", "title": f"Bare {h.name.lower()} hull", "kind": "hull",
                                "badge": f"{h.energy} energy, {h.minerals} minerals", "text": f"{h.squares} squares to fit"},
                               [a], t.game, t.names))
    for a in t.take_list("buy_tech"):
        e, f = t.m.tech_cost(a.arg)
        cards.append(clickable({"id": f"tech-{a.arg}", "title": tech_name(t.game, a.arg), "kind": "tech",
                                "badge": f"{e} energy, {f} food", "text": tech_effect(t.game, a.arg)}, [a], t.game, t.names))
    for a in t.take_list("free_tech"):
        cards.append(clickable({"id": f"tech-{a.arg}", "title": tech_name(t.game, a.arg), "kind": "tech",
                                "badge": "free (bonus square)", "text": tech_effect(t.game, a.arg)}, [a], t.game, t.names))
    if not cards:
        return None
    return {"kind": "cards", "id": "designs", "title": "Ship cards, hulls and technologies to buy", "layout": "row",
            "cards": cards}


def fleet_part(t: Table) -> Json | None:
    """The seat's own ships with fitting, repairs and sales on them (or every ship of the seat, to read)."""
    if t.seat is None:
        return None
    fit, repair, cash = t.take_list("fit"), t.take_list("repair"), t.take("cash_in")
    per: dict[int, list[Action]] = {}
    for a in fit + repair:
        per.setdefault(a.arg[0], []).append(a)
    for i, a in cash.items():
        per.setdefault(i, []).append(a)
    cards = []
    for sh in t.view["ships"]:
        if sh["owner"] != t.seat:
            continue
        d = t.m.ships.designs.get(sh["design"])
        tiles = []
        if d is not None:
            tiles = [(t.m.ships.tiles[k].name if k else "empty") + (" (covered)" if sh["disabled"] >> q & 1 else "")
                     for q, k in enumerate(d.tiles)]
        card: Json = {"id": f"own-{sh['id']}", "title": ship_name(t.game, sh["id"], sh["design"], t.names).split("'s ")[-1],
                      "kind": "ship", "tag": f"space {sh['place']}" if sh["place"] >= 0 else "",
                      "stats": [{"label": "computer", "value": sh["computer"]}, {"label": "jammer", "value": sh["jammer"]},
                                {"label": "shield", "value": sh["shield"]}],
                      "text": ", ".join(tiles)}
        cards.append(clickable(card, per.get(sh["id"], []), t.game, t.names))
    return {"kind": "cards", "id": "fleet", "title": "Your ships", "layout": "row", "cards": cards, "empty": "no ships",
            "collapsed": not per}


def battle_part(t: Table) -> Json | None:
    v = t.view
    if v["battle"]["place"] < 0 or not any(s["cell"] is not None for s in v["ships"]):
        return None
    r = t.m.ships
    move, activate, fire = t.take("move"), t.take("activate"), t.take("fire")
    hexes = []
    planet = {(c[0], c[1]) for c in v["battle"].get("planet", [])}
    for (x, y) in r.board.cells:
        q, rr = hex_of((x, y))
        item: Json = {"q": q, "r": rr, "fill": "planet-side" if (x, y) in planet else "board", "name": cell_name((x, y))}
        act = move.get((x, y))
        if act is not None:
            item["fill"] = "reach"
        hexes.append(clickable(item, [act] if act else [], t.game, t.names))
    pieces = []
    for sh in v["ships"]:
        if sh["cell"] is None:
            continue
        name = ship_name(t.game, sh["id"], sh["design"], t.names)
        what = name.split("'s ")[-1]
        item = {"id": f"board-ship-{sh['id']}", "at": {"hex": hex_of(sh["cell"])}, "label": what[:1] + what.rsplit(" ", 1)[-1],
                "shape": "square", "title": f"{name}: computer {sh['computer']}, jammer {sh['jammer']}, shield {sh['shield']}"}
        if sh["owner"] < t.game.players:
            item["seat"] = sh["owner"]
        if sh["id"] == t.decision.get("ship"):
            item["mark"] = "moving"
        act = activate.get(sh["id"]) or fire.get(sh["id"])
        pieces.append(clickable(item, [act] if act else [], t.game, t.names))
    order = " then ".join(t.who(q) for q in v["battle"]["order"])
    return {"kind": "hexmap", "id": "board", "size": 24, "hexes": hexes, "pieces": pieces,
            "title": f"Battle at space {v['battle']['place']} · round {v['battle']['round']}" + (f" · {order}" if order else ""),
            "legend": ([{"label": "within reach", "fill": "reach"}] if move else [])
            + ([{"label": "the planet (planet side of the board)", "fill": "planet-side"}] if planet else [])}


def tribunal_part(t: Table) -> Json:
    v = t.view
    items = [{"label": "leader", "value": t.who(v["leader"]) if v["leader"] >= 0 else "none yet"},
             {"label": "terms in a row", "value": v["streak"]},
             {"label": "in force", "value": ", ".join(card_name(t.game, k) for k in v["in_force"]) or "no resolutions"}]
    d = t.decision
    if d.get("kind") == "resolution_vote":
        items.append({"label": "on the table", "value": f"{card_name(t.game, d['card'])}: {d['yes']} for, {d['no']} against"})
    if d.get("kind") == "election":
        items.append({"label": "candidates", "value": ", ".join(t.who(c) for c in d["candidates"])})
    return {"kind": "panel", "id": "tribunal", "title": "The galactic tribunal", "items": items}


def players_part(t: Table) -> Json:
    v = t.view
    out = []
    for q in range(t.game.players):
        e, f, mi = v["bank"][q]
        stats = [{"label": "energy", "value": e}, {"label": "food", "value": f}, {"label": "minerals", "value": mi},
                 {"label": "planets", "value": len(v["colonies"][q])}, {"label": "votes", "value": v["votes"][q]},
                 {"label": "terms", "value": v["terms"][q]}, {"label": "technologies", "value": len(v["techs"][q])}]
        wars = [w for w in v["war"] if q in w]
        note = "out of the game" if v["out"][q] else (
            "at war with " + ", ".join(t.who(a if b == q else b) for a, b in wars) if wars else None)
        item: Json = {"seat": q, "name": t.who(q), "you": q == t.seat, "active": t.decision.get("seat") == q, "stats": stats}
        if note:
            item["note"] = note
        out.append(item)
    return {"kind": "players", "id": "players", "title": "Races", "players": out}


#: The phase a pending decision belongs to (the view's phase names the last phase that changed the state).
PHASE_OF = {"home_pick": "setup", "movement": "movement", "ship_move": "movement", "asteroid_hit": "movement",
            "free_tech": "movement", "peace_offer": "movement", "turn": "space battle", "move": "space battle", "fire": "space battle",
            "disable": "space battle", "take_hit": "bombardment", "bomb_choice": "bombardment", "demolish": "bombardment",
            "ground": "ground combat", "seize": "ground combat", "shut_down": "ground combat",
            "colonise": "colonisation", "purchase": "purchases", "resolution_vote": "the tribunal",
            "election": "the tribunal"}


def headline(t: Table) -> str:
    v = t.view
    if v["over"]:
        return "Game over: " + " and ".join(t.who(q) for q in v["winners"]) + " won"
    phase = PHASE_OF.get(t.decision.get("kind", ""), v["phase"])
    return f"Cycle {v['cycle']} · {phase} · first player {t.who(v['first'])}"


def build(game: Game, view: Json, legal: list[Action], seat: int | None, names: Sequence[str]) -> Json:
    """The scene for ``seat`` (None: a spectator) from its view and legal actions (docs/web.md)."""
    t = Table(game, view, seat, names)
    mine = bool(legal) and t.decision.get("seat") == seat
    if mine:
        for a in legal:
            t.by_kind.setdefault(a.kind, []).append(a)
    kind = t.decision.get("kind", "")
    if "flee" in t.by_kind:   # the start of a battle turn with flight open: the question is flight, not a ship
        kind = "flee"
    parts: list[Json] = []
    battle = battle_part(t)
    planets = planet_parts(t)
    designs = designs_part(t)
    fleet = fleet_part(t)
    galaxy = galaxy_part(t)
    if battle:
        parts.append(battle)
    parts += planets
    parts.append(galaxy)
    if designs:
        parts.append(designs)
    if fleet:
        parts.append(fleet)
    parts.append(tribunal_part(t))
    parts.append(players_part(t))
    buttons = [a for acts in t.by_kind.values() for a in acts]
    ask = PROMPTS.get(kind, "Choose") if mine else None
    if buttons:
        parts.insert(0, {"kind": "buttons", "id": "decision", "title": ask or "Choices",
                         "buttons": [{"label": describe_action(game, a, names=names), "action": a.to_json()} for a in buttons]})
    status = None
    if kind and not mine and isinstance(t.decision.get("seat"), int):
        status = f"{t.who(t.decision['seat'])}: {PROMPTS.get(kind, 'deciding').lower()}"
    return {"title": game.spec.title, "headline": headline(t), "prompt": ask, "status": status, "parts": parts}
