"""The fleet battle in words for the log and the terminal: design and tile names, never keys or ids.

A ship is named by its design and its piece number ("Lancer 2"); a cell of the battle
board as on a chess board, a column letter and a row number ("C4", columns from seat
0's edge); a seat by its player's name when the front end passes ``names``, else
"the first fleet" / "the second fleet". The terminal's picture (``render``) draws the
board row by row: seat 0's ships in capitals, seat 1's in small letters (the design's
initial and piece number), with a key of every ship below.
"""

from __future__ import annotations

from typing import Any, Sequence

from voidtable.engine.actions import Action
from voidtable.engine.events import AnyEvent, EventRecord, generic_event
from voidtable.engine.game import Game
from voidtable.engine.words import article

from ..battle import slots
from ..data import Rules

FLEETS = ("the first fleet", "the second fleet")
REASONS = {"destroyed": "the other fleet is destroyed", "rounds": "the round limit: more points of ships left",
           "fled": "the other fleet fled"}


def _r(game: Game) -> Rules:
    rules: Rules = game.rules
    return rules


def seat_name(game: Game, seat: Any, names: Sequence[str] | None = None) -> str:
    if not isinstance(seat, int) or not 0 <= seat < 2:
        return "nobody"
    if names is not None and seat < len(names):
        return str(names[seat])
    return FLEETS[seat]


def cell_name(cell: Sequence[int] | None) -> str:
    """"C4": the column as a letter from seat 0's edge, the row as a number from the top."""
    if cell is None or len(cell) != 2 or cell[0] < 0:
        return "off the board"
    return f"{chr(ord('A') + cell[0])}{cell[1] + 1}"


def piece_number(r: Rules, ship_id: int) -> tuple[str, int]:
    """(hull key, piece number from 1) of a ship id."""
    base = ship_id % slots(r)
    for key, h in r.hulls.items():
        if base < h.pieces:
            return key, base + 1
        base -= h.pieces
    return "", 0


def ship_name(game: Game, ship_id: Any, design: str | None = None) -> str:
    """"Lancer 2" (the design, when known, else the hull, and the piece number)."""
    r = _r(game)
    if not isinstance(ship_id, int):
        return "a ship"
    hull, n = piece_number(r, ship_id)
    if design is not None and design in r.designs:
        return f"{r.designs[design].name} {n}"
    return f"{r.hulls[hull].name} {n}" if hull else "a ship"


def tile_name(game: Game, key: str | None) -> str:
    if not key:
        return "an empty square"
    t = _r(game).tiles.get(key)
    return t.name if t is not None else "a tile"


def design_line(game: Game, key: str) -> str:
    """"Lancer (Frigate, 21 points): Computer 2, Missile, Shield 1, Standard jammer"."""
    r = _r(game)
    d = r.designs[key]
    tiles = ", ".join(tile_name(game, t) for t in d.tiles)
    return f"{d.name} ({r.hulls[d.hull].name}, {d.points} points): {tiles}"


def _ship_of_view(view: dict[str, Any] | None, ship_id: Any) -> dict[str, Any] | None:
    if view is None:
        return None
    for sh in view.get("ships", []):
        if sh["id"] == ship_id:
            return sh  # type: ignore[no-any-return]
    return None


def render(game: Game, view: dict[str, Any], names: Sequence[str] | None = None) -> str:
    r = _r(game)
    w, h = r.board.width, r.board.height
    at: dict[tuple[int, int], str] = {}
    key: list[str] = []
    for sh in view["ships"]:
        _, n = piece_number(r, sh["id"])
        d = r.designs[sh["design"]]
        mark = (d.name[0].upper() if sh["owner"] == 0 else d.name[0].lower()) + str(n)
        where = cell_name(sh["cell"])
        if sh["cell"] is not None:
            at[(sh["cell"][0], sh["cell"][1])] = mark
        hurt = f", {len(sh['disabled'])} squares disabled" if sh["disabled"] else ""
        key.append(f"  {mark:<3} {seat_name(game, sh['owner'], names)}'s {d.name} {n} at {where}: "
                   f"computer {sh['computer']}, jammer {sh['jammer']}, shield {sh['shield']}, move {sh['move']}{hurt}")
    lines = [f"Fleet battle, {phase_words(view)}"]
    lines.append("     " + "".join(f"{chr(ord('A') + x):<3}" for x in range(w)))
    for y in range(h):
        lines.append(f"  {y + 1:>2} " + "".join(f"{at.get((x, y), '.'):<3}" for x in range(w)))
    lines.append(f"Points left: {seat_name(game, 0, names)} {view['points'][0]}, {seat_name(game, 1, names)} {view['points'][1]}")
    if view["phase"] == "fleets":
        spend = ["secret" if b is None else str(b) for b in view["budget"]]
        lines.append(f"Points to spend: {seat_name(game, 0, names)} {spend[0]}, {seat_name(game, 1, names)} {spend[1]}")
        for q, orders in enumerate(view.get("orders") or []):
            if orders:
                lines.append(f"{seat_name(game, q, names)}'s secret order: " + ", ".join(_r(game).designs[k].name for k in orders))
    lines.extend(key or ["  no ships yet"])
    return "\n".join(lines)


def phase_words(view: dict[str, Any]) -> str:
    phase = view["phase"]
    if phase == "fleets":
        return "outfitting the fleets"
    if phase == "deploy":
        return "deploying on the edges"
    if phase == "battle":
        return f"battle round {view['round']} of {view['max_rounds']}"
    return "the fleet battle is over"


class Say:
    """How the fleet battle names things in the log: the naming context every event's ``words`` takes.

    Seats by the players' names (``names``), else "the first fleet" / "the second fleet";
    ships by design and piece number; cells as on a chess board. It also serves the
    battle's own events (``..battle_events.BattleSay``).
    """

    __slots__ = ("game", "names")

    def __init__(self, game: Game, names: Sequence[str] | None = None) -> None:
        self.game = game
        self.names = names

    def seat(self, seat: object) -> str:
        return seat_name(self.game, seat, self.names)

    def ship(self, ship_id: object, design: str | None = None) -> str:
        return ship_name(self.game, ship_id, design)

    def owner(self, ship_id: int) -> int:
        return ship_id // slots(_r(self.game))

    def cell(self, cell: Sequence[int] | None) -> str:
        return cell_name(cell)

    def tile(self, key: str | None) -> str:
        return tile_name(self.game, key)

    def design(self, key: str) -> str:
        return _r(self.game).designs[key].name

    def reason(self, reason: str) -> str:
        return REASONS.get(reason, "the end")


def describe_event(game: Game, event: AnyEvent, names: Sequence[str] | None = None) -> str | None:
    """One sentence per event (each record says itself: events.py and ..battle_events)."""
    if isinstance(event, EventRecord):
        return event.words(Say(game, names))
    return generic_event(event)


def owned(game: Game, ship_id: Any, names: Sequence[str] | None = None) -> str:
    """"Bartholomew's Picket 1": the owner named, since both fleets number their pieces alike."""
    if not isinstance(ship_id, int):
        return "a ship"
    return f"{seat_name(game, ship_id // slots(_r(game)), names)}'s {ship_name(game, ship_id)}"


def describe_action(game: Game, action: Action, names: Sequence[str] | None = None) -> str:
    k, a = action.kind, action.arg
    if k == "buy":
        return f"Buy {design_line(game, a)}"
    if k == "fleet_done":
        return "The fleet is complete"
    if k == "place":
        return f"Place the next ship at {cell_name(a)}"
    if k == "activate":
        return f"Act with {owned(game, a, names)}"
    if k == "move":
        return f"Move to {cell_name(a)}"
    if k == "fire":
        return f"Fire at {owned(game, a, names)}"
    if k == "disable":
        return f"Cover square {a + 1}"
    if k == "flee":
        return "Flee the battle" if a else "Stay and fight"
    return k.replace("_", " ")
