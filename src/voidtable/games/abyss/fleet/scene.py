"""The fleet battle on the table: the battle board, the preset designs, each fleet's ship cards, the decision.

The battle board is drawn with the page's map part: each square of the board is a
cell laid out row by row (the page draws map cells as hexes, so rows are offset by
half a cell; the grid's columns and rows are named on each cell as on a chess
board, "C4"). Ships are square pieces in their cell, in their seat's colour.
Clickable: a cell to place the next ship or to move the acting ship there; a ship
to act with it or to fire at it; a design card to buy it; a square of the hit ship
to cover it; buttons for finishing the fleet and for fleeing.
"""

from __future__ import annotations

from typing import Any, Sequence

from voidtable.engine.actions import Action
from voidtable.engine.game import Game

from ..data import Rules
from .text import cell_name, describe_action, design_line, piece_number, seat_name, ship_name, tile_name

Json = dict[str, Any]

STYLE: dict[str, dict[str, str]] = {  # the game's colours (hooks.py wraps this module in StyledScene with them)
    "fills": {"board": "#10162a", "edge-0": "#2a1a22", "edge-1": "#16243a", "reach": "#1f3b2a"},
    "cards": {"fighter": "#9aa3bd", "frigate": "#4aa3d8", "transport": "#a08660", "cruiser": "#c9a227",
              "square": "#6bdd8b", "covered": "#e0453a"},
}

PROMPTS = {
    "buy": "Buy a ship for your fleet, or finish it",
    "secret_buy": "Order a ship in secret, or seal your fleet order",
    "deploy": "Place your next ship on your edge",
    "turn": "Pick a ship to act with",
    "move": "Move the ship (or hold on its cell)",
    "fire": "Pick a target in range",
    "disable": "Your ship is hit: pick the square that takes the damage",
}
STATUS = {"buy": "outfitting the fleet", "secret_buy": "ordering in secret", "deploy": "deploying", "turn": "picking a ship", "move": "moving a ship",
          "fire": "firing", "disable": "choosing the damaged square"}


def _r(game: Game) -> Rules:
    rules: Rules = game.rules
    return rules


def mark(design: str, n: int, owner: int) -> str:
    """A ship's label on the board: its design's initial and piece number, in capitals for the first fleet and in
    small letters for the second (as the terminal draws them), so both sides' Picket 1 never read alike."""
    return (design[:1].upper() if owner == 0 else design[:1].lower()) + str(n)


def hex_of(cell: Sequence[int]) -> list[int]:
    """The map position of a board cell: rows offset by half a cell (the page draws cells as hexes)."""
    x, y = cell[0], cell[1]
    return [x - y // 2, y]


class Table:
    """One scene's facts and the legal actions still to place on an element."""

    def __init__(self, game: Game, view: Json, seat: int | None, names: Sequence[str]) -> None:
        self.game = game
        self.r = _r(game)
        self.view = view
        self.seat = seat
        self.names = names
        self.decision: Json = view.get("decision") or {}
        self.by_kind: dict[str, list[Action]] = {}

    def who(self, q: Any) -> str:
        return seat_name(self.game, q, self.names)

    def take(self, kind: str) -> dict[Any, Action]:
        acts = self.by_kind.pop(kind, [])
        return {(tuple(a.arg) if isinstance(a.arg, list) else a.arg): a for a in acts}


def clickable(item: Json, action: Action | None, game: Game, names: Sequence[str] | None = None) -> Json:
    if action is not None:
        item["action"] = action.to_json()
        item["hint"] = describe_action(game, action, names)
        item["highlight"] = True
    return item


def board_part(t: Table) -> Json:
    r = t.r
    cols = r.battle.deploy_columns
    place, move = t.take("place"), t.take("move")
    activate, fire = t.take("activate"), t.take("fire")
    hexes = []
    for (x, y) in r.board.cells:
        fill = "edge-0" if x < cols else "edge-1" if x >= r.board.width - cols else "board"
        q, rr = hex_of((x, y))
        item: Json = {"q": q, "r": rr, "fill": fill, "name": cell_name((x, y))}
        act = place.get((x, y)) or move.get((x, y))
        if act is not None and act.kind == "move":
            item["fill"] = "reach"
        hexes.append(clickable(item, act, t.game, t.names))
    pieces = []
    for sh in t.view["ships"]:
        if sh["cell"] is None:
            continue
        _, n = piece_number(r, sh["id"])
        d = r.designs[sh["design"]]
        title = (f"{t.who(sh['owner'])}'s {d.name} {n}: computer {sh['computer']}, jammer {sh['jammer']}, "
                 f"shield {sh['shield']}, move {sh['move']}, {sh['working']} of {len(d.tiles)} squares working")
        item = {"id": f"ship-{sh['id']}", "at": {"hex": hex_of(sh["cell"])}, "label": mark(d.name, n, sh["owner"]),
                "seat": sh["owner"], "shape": "square", "title": title}
        if sh["id"] == t.decision.get("ship"):
            item["mark"] = "moving"
        pieces.append(clickable(item, activate.get(sh["id"]) or fire.get(sh["id"]), t.game, t.names))
    legend = [{"label": f"{t.who(0)}'s edge, ships in capitals (P1)", "fill": "edge-0"},
              {"label": f"{t.who(1)}'s edge, ships in small letters (p1)", "fill": "edge-1"}]
    if move:
        legend.append({"label": "within reach", "fill": "reach"})
    return {"kind": "hexmap", "id": "board", "title": f"Battle board ({r.board.width} x {r.board.height})",
            "size": 30, "hexes": hexes, "pieces": pieces, "legend": legend}


def design_cards(t: Table) -> Json:
    buy = t.take("buy")
    cards = []
    for key in t.r.fleet_designs:
        d = t.r.designs[key]
        card: Json = {"id": f"design-{key}", "title": d.name, "kind": d.hull, "tag": t.r.hulls[d.hull].name,
                      "badge": f"{d.points} points", "text": design_line(t.game, key)}
        cards.append(clickable(card, buy.get(key), t.game, t.names))
    return {"kind": "cards", "id": "designs", "title": "Designs", "layout": "row", "cards": cards}


def fleet_cards(t: Table, q: int) -> Json:
    cards = []
    for sh in t.view["ships"]:
        if sh["owner"] != q:
            continue
        _, n = piece_number(t.r, sh["id"])
        d = t.r.designs[sh["design"]]
        squares = ", ".join(tile_name(t.game, k) + (" (covered)" if i in sh["disabled"] else "") for i, k in enumerate(d.tiles))
        cards.append({"id": f"ship-card-{sh['id']}", "title": f"{d.name} {n} ({mark(d.name, n, q)})", "kind": d.hull,
                      "tag": cell_name(sh["cell"]),
                      "stats": [{"label": "computer", "value": sh["computer"]}, {"label": "jammer", "value": sh["jammer"]},
                                {"label": "shield", "value": sh["shield"]}, {"label": "move", "value": sh["move"]}],
                      "text": squares})
    return {"kind": "cards", "id": f"fleet-{q}", "title": f"{t.who(q)}'s fleet: {t.view['points'][q]} points",
            "layout": "row", "cards": cards, "empty": "no ships"}


def squares_part(t: Table) -> Json | None:
    disable = t.take("disable")
    if not disable:
        return None
    sh = next(s for s in t.view["ships"] if s["id"] == t.decision.get("ship"))
    d = t.r.designs[sh["design"]]
    cards = []
    for i, key in enumerate(d.tiles):
        card: Json = {"id": f"square-{i}", "title": f"Square {i + 1}", "kind": "covered" if i in sh["disabled"] else "square",
                      "text": tile_name(t.game, key)}
        act = disable.get(i)
        if act is not None:
            card["action"] = act.to_json()
            card["hint"] = f"Cover square {i + 1} ({tile_name(t.game, key)})"  # a ship may carry two alike tiles
        cards.append(card)
    return {"kind": "cards", "id": "squares", "title": f"{ship_name(t.game, sh['id'], sh['design'])}: squares",
            "layout": "row", "cards": cards}


def players_part(t: Table) -> Json:
    v = t.view
    out = []
    for q in range(2):
        ships = [s for s in v["ships"] if s["owner"] == q]
        stats = [{"label": "ships", "value": len(ships)}, {"label": "points left", "value": v["points"][q]}]
        if v["phase"] == "fleets":
            stats.append({"label": "to spend", "value": "secret" if v["budget"][q] is None else v["budget"][q]})
            if v.get("orders") and v["orders"][q]:
                stats.append({"label": "ordered in secret", "value": ", ".join(t.r.designs[k].name for k in v["orders"][q])})
        note = "outfits first, attacker" if q == v["first"] else None
        item: Json = {"seat": q, "name": t.who(q), "you": q == t.seat, "active": t.decision.get("seat") == q, "stats": stats}
        if note:
            item["note"] = note
        out.append(item)
    return {"kind": "players", "id": "players", "title": "Fleets", "players": out}


def headline(t: Table) -> str:
    v = t.view
    if v["over"]:
        won = " and ".join(t.who(q) for q in v["winners"])
        return f"The fleet battle is over: {won} won"
    if v["phase"] == "fleets":
        return "Outfitting the fleets"
    if v["phase"] == "deploy":
        return "Deploying on the edges"
    order = " then ".join(t.who(q) for q in v["order"])
    return f"Round {v['round']} of {v['max_rounds']} · initiative: {order}"


def build(game: Game, view: Json, legal: list[Action], seat: int | None, names: Sequence[str]) -> Json:
    """The scene for ``seat`` (None: a spectator) from its view and legal actions (docs/web.md)."""
    t = Table(game, view, seat, names)
    mine = bool(legal) and (t.decision.get("seat") == seat or t.decision.get("kind") == "secret_buy")
    if mine:
        for a in legal:
            t.by_kind.setdefault(a.kind, []).append(a)
    kind = t.decision.get("kind", "")
    parts: list[Json] = []
    squares = squares_part(t)
    if squares:
        parts.append(squares)
    parts.append(board_part(t))
    if view["phase"] == "fleets":
        parts.append(design_cards(t))
    parts += [fleet_cards(t, q) for q in range(2)]
    parts.append(players_part(t))
    buttons = [a for acts in t.by_kind.values() for a in acts]
    ask = PROMPTS.get(kind, "Choose") if mine else None
    if buttons:
        parts.insert(0, {"kind": "buttons", "id": "decision", "title": ask or "Choices",
                         "buttons": [{"label": describe_action(game, a, names), "action": a.to_json()} for a in buttons]})
    status = None
    if kind and not mine and isinstance(t.decision.get("seat"), int):
        status = f"{t.who(t.decision['seat'])}: {STATUS.get(kind, 'deciding')}"
    return {"title": game.spec.title, "headline": headline(t), "prompt": ask, "status": status, "parts": parts}
