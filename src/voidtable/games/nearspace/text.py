"""Nearspace in words for the log and the terminal: card titles and ship names, never ids or keys.

A ship is named by colour, class and die ("red Gunship (d6)"); a card by its
printed title; a seat by its player's name when the front end passes ``names``,
else by its deck's title ("Terran Alliance"). A place is named by its sector: a
row letter from the first seat's Homeworld (A) to the second's (I) and its place
in the row from the left ("sector C2"), the name the table and the terminal draw
on every place, since an event carries only where it happened and what lies there
changes as cards are turned up. The Homeworlds and Neutral Space never change and
keep their names. Where a view is at hand, the card lying there comes first
("Oceana (C2)"), or, face down, whose deck it came from.
"""

from __future__ import annotations

from typing import Any, Sequence

from voidtable.engine.actions import Action
from voidtable.engine.events import AnyEvent, EventRecord, generic_event
from voidtable.engine.game import Game
from voidtable.engine.words import count

from .data import Rules

ROLES = {"red": "Corsair", "orange": "Invader", "yellow": "Berserker"}


def _r(game: Game) -> Rules:
    rules: Rules = game.rules
    return rules


def seat_name(game: Game, seat: Any, names: Sequence[str] | None = None) -> str:
    """The player's name if known, else the title of the deck the seat plays."""
    if not isinstance(seat, int) or not 0 <= seat < 2:
        return "nobody"
    if names is not None and seat < len(names):
        return str(names[seat])
    r = _r(game)
    deck = r.deck_names[seat]
    return r.data.decks[deck].title if deck in r.data.decks else deck


def title(game: Game, key: str | None) -> str:
    if key is None:
        return "nothing"
    card = _r(game).data.cards.get(key)
    return card.title if card is not None else key.replace("_", " ").title()


def ship_name(game: Game, sides: int, colour: str) -> str:
    cls = _r(game).class_of.get(sides, "ship").title()
    return f"{colour} {cls} (d{sides})"


def a_ship(game: Game, sides: int, colour: str) -> str:
    """"a red Gunship (d6)", "an orange Fighter (d4)"."""
    name = ship_name(game, sides, colour)
    return ("an " if name[:1].lower() in "aeiou" else "a ") + name


def sector(game: Game, hex_: list[int] | tuple[int, ...]) -> str:
    """A place's sector as the map labels it: its row's letter from the first seat's Homeworld ("A") and its
    number in that row from the left ("C2"); "?" for a hex not on the map."""
    rows = _r(game).board.hexes
    h = (int(hex_[0]), int(hex_[1]))
    if h not in rows:
        return "?"
    letters = sorted({r for _, r in rows})
    row = sorted(q for q, r in rows if r == h[1])
    return f"{chr(ord('A') + letters.index(h[1]))}{row.index(h[0]) + 1}"


def fixed_place(game: Game, hex_: list[int] | tuple[int, ...], names: Sequence[str] | None = None) -> str | None:
    """The name of a place whose card never changes (Neutral Space, a Homeworld), else None."""
    r = _r(game)
    i = r.board.index.get((int(hex_[0]), int(hex_[1])))
    if i == r.board.neutral:
        return "Neutral Space"
    if i in r.board.homeworld:
        return f"{seat_name(game, r.board.homeworld.index(i), names)}'s Homeworld"
    return None


def place_name(game: Game, view: dict[str, Any] | None, hex_: list[int] | tuple[int, ...],
               names: Sequence[str] | None = None) -> str:
    """A place as the map shows it: by the card lying there and its sector when the view is known, else by its
    sector alone ("sector C2"); Neutral Space and the Homeworlds by name."""
    fixed = fixed_place(game, hex_, names)
    if fixed is not None:
        return fixed
    code = sector(game, hex_)
    if view is not None:
        for p in view["places"]:
            if p["hex"] == list(hex_):
                return f"{lying(game, p, names)} ({code})"
    return f"sector {code}"


def lying(game: Game, place: dict[str, Any], names: Sequence[str] | None = None) -> str:
    """What lies at a place of a view: its card's title, "an empty sector", or whose deck a face-down card is from."""
    if place["card"]:
        return title(game, place["card"])
    return "an empty sector" if place["face_up"] else f"a face-down card of {seat_name(game, place['owner'], names)}"


def render(game: Game, view: dict[str, Any], names: Sequence[str] | None = None) -> str:
    """The map as it lies (each place marked with its sector), a key naming each place and its ships, then each
    seat's side of the table."""
    def who(q: Any) -> str:
        return seat_name(game, q, names)

    lines = [f"Nearspace, turn {view['turn']}: {who(view['active'])} to act; CP {view['cp']}, E {view['e']}", ""]
    lines += map_rows(game, view)
    lines.append("")
    hidden: dict[int, list[str]] = {0: [], 1: []}  # quiet face-down places, listed together per deck
    for p in sorted(view["places"], key=lambda p: sector(game, p["hex"])):
        here = [s for s in view["ships"] if s["hex"] == p["hex"] and s["built"]]
        code = sector(game, p["hex"])
        if not p["face_up"] and not here and not p["encounter"] and p["owner"] in hidden:
            hidden[p["owner"]].append(code)
            continue
        enc = f" [Encounter: {title(game, p['encounter'])}]" if p["encounter"] else ""
        fleet = "; ".join(f"{who(s['owner'])}: {ship_name(game, s['sides'], s['colour'])}" for s in here)
        name = fixed_place(game, p["hex"], names)
        name = f"{title(game, p['card'])}, {name}" if name and p["card"] and "Homeworld" in name else name
        lines.append(f"  {code} {name or lying(game, p, names)}{enc}" + (f" - {fleet}" if fleet else ""))
    for q, codes in hidden.items():
        if codes:
            lines.append(f"  face down, from {who(q)}'s deck: {', '.join(codes)}")
    for q in range(2):
        hulls = [s for s in view["ships"] if s["owner"] == q and not s["built"]]
        hand = view["hands"][q]
        hand_text = ", ".join(title(game, k) for k in hand) if isinstance(hand, list) else f"{hand} hidden cards"
        yard = ", ".join(f"{ship_name(game, h['sides'], h['colour'])} {h['invested']}/{h['sides']} CP" for h in hulls) or "empty"
        lines.append(f"{who(q)}: {count(view['engines'][q], 'engine')}; Hand: {hand_text or 'empty'}; "
                     f"Graveyard {view['graveyard_facets'][q]} facets; Shipyard: {yard}")
    d = view.get("decision")
    if d and not view.get("over"):
        lines.append(f"Waiting for {who(d.get('seat'))}: {d['kind'].replace('_', ' ')}")
    if view.get("over"):
        won = " and ".join(who(q) for q in view["winners"]) or "nobody"
        lines.append(f"Game over by {view['reason']}: {won} won")
    return "\n".join(lines)


def map_rows(game: Game, view: dict[str, Any]) -> list[str]:
    """The places as they lie: hex rows staggered, each place its sector, ships as (own count/enemy count) marks.

    A place shows ``[C2]``, or ``[C2 2:1]`` when seat 0 has 2 ships and seat 1 has one there; a
    face-down place is ``[C2?]``. Rows run from the first seat's Homeworld (row A) to the second's.
    """
    cells: dict[tuple[int, int], str] = {}
    for p in view["places"]:
        q, r = p["hex"]
        counts = [sum(1 for s in view["ships"] if s["hex"] == p["hex"] and s["built"] and s["owner"] == k) for k in range(2)]
        mark = "?" if not p["face_up"] else ""
        ships = f" {counts[0]}:{counts[1]}" if any(counts) else ""
        cells[(r, 2 * q + r)] = f"[{sector(game, p['hex'])}{mark}{ships}]"
    width = max(len(c) for c in cells.values()) + 1
    xs = [x for _, x in cells]
    lo = min(xs)
    rows = []
    for r in sorted({r for r, _ in cells}):
        line = [" "] * ((max(xs) - lo) * (width // 2 + 1) + width + 2)
        for (rr, x), text in cells.items():
            if rr == r:
                at = (x - lo) * (width // 2 + 1)
                line[at:at + len(text)] = list(text)
        rows.append("  " + "".join(line).rstrip())
    return rows


class Say:
    """How Nearspace names things in the log: the naming context every event's ``words`` takes (events.py).

    Seats as the panels show them (``names``), else by deck title; cards by printed title; ships by colour,
    class and die; places by sector, Neutral Space and the Homeworlds by name (an event carries only a hex).
    """

    __slots__ = ("game", "names")

    def __init__(self, game: Game, names: Sequence[str] | None = None) -> None:
        self.game = game
        self.names = names

    def seat(self, seat: Any) -> str:
        return seat_name(self.game, seat, self.names)

    def title(self, key: str | None) -> str:
        return title(self.game, key)

    def ship(self, sides: int, colour: str) -> str:
        return ship_name(self.game, sides, colour)

    def a_ship(self, sides: int, colour: str) -> str:
        return a_ship(self.game, sides, colour)

    def place(self, hex_: tuple[int, ...]) -> str:
        return place_name(self.game, None, hex_, self.names)


def describe_event(game: Game, event: AnyEvent, names: Sequence[str] | None = None) -> str | None:
    """One sentence per event (each record says itself: events.py)."""
    if isinstance(event, EventRecord):
        return event.words(Say(game, names))
    return generic_event(event)


def describe_action(game: Game, action: Action, names: Sequence[str] | None = None) -> str:
    """An action in words without its view: ships and hulls are "a ship" here (the scene names them from the view)."""
    a = action.arg
    k = action.kind
    if k == "start_hull":
        return f"lay down {a_ship(game, a[1], a[2])} at {place_name(game, None, a[0], names)}"
    if k == "invest":
        return f"put {a[1]} CP into a hull"
    if k in ("play", "cycle"):
        return f"{k} {title(game, a)}"
    if k in ("group", "step", "target"):
        verb = {"group": "move from", "step": "step to", "target": "target"}[k]
        return f"{verb} {place_name(game, None, a, names)}"
    if k == "keep":
        return "keep the Directive" if a else "let the Directive go"
    fixed = {"dismantle": "dismantle a ship", "add": "add a ship to the group", "defend": "defend with a ship",
             "check": "let a ship face the Encounter next", "revive": "return a ship from the Graveyard",
             "start_engine": "begin an engine", "build_done": "close the Shipyard", "defend_done": "stop choosing defenders",
             "end_turn": "end the turn", "charge": "charge the engines (CP into E)"}
    return fixed.get(k, k.replace("_", " "))
