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
from voidtable.engine.events import Event, generic_event
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


def describe_event(game: Game, event: Event, names: Sequence[str] | None = None) -> str | None:
    t = event.get("type")
    seat = event.get("seat")
    who = seat_name(game, seat, names)
    if t == "rolled":
        what = f"a d{event['sides']}"
        if event.get("why") in ("attack", "defence", "threat", "encounter", "revive") and event.get("colour") != "encounter":
            what = f"its {ship_name(game, event['sides'], event['colour'])}"
        if event.get("card"):
            return f"{title(game, event['card'])} rolls {event['value']}."
        return f"{who} rolls {event['value']} on {what} ({event.get('why', 'roll')})."
    if t == "turn_start":
        return f"Turn {event['turn']}: {who}" + (" (opening round)." if event.get("first_round") else ".")
    if t == "construction_points":
        bound = ", ".join(f"{n} for {c.title()}s" for c, n in event["bound"].items())
        banked = f" ({event['banked']} from the bank)" if event.get("banked") else ""
        return f"{who} has {event['cp']} CP{banked}" + (f" and {bound}." if bound else ".")
    if t == "maintenance":
        return f"{who}'s fleet of {event['facets']} facets costs {event['cost']} CP of {event['cp']}."
    if t == "dismantled":
        return f"{who} dismantles {a_ship(game, event['sides'], event['colour'])}."
    if t == "hull_started":
        return f"{who} lays down {a_ship(game, event['sides'], event['colour'])} at {place_name(game, None, event['hex'], names)}."
    if t == "ship_completed":
        return f"{who}'s {ship_name(game, event['sides'], event['colour'])} enters service."
    if t == "engine_completed":
        return f"{who} completes an engine ({event['engines']} now)."
    if t in ("played", "cycled", "directive_kept", "directive_dropped", "encounter_placed", "terraformed"):
        verb = {"played": "plays", "cycled": "cycles", "directive_kept": "keeps", "directive_dropped": "drops",
                "encounter_placed": "sets loose", "terraformed": "terraforms with"}[t]
        where = f" at {place_name(game, None, event['hex'], names)}" if t in ("encounter_placed", "terraformed") and "hex" in event else ""
        return f"{who} {verb} {title(game, event['card'])}{where}."
    if t == "drew":
        return f"{who} draws {title(game, event['card'])}." if "card" in event else f"{who} draws a card."
    if t == "engine_points":
        stored = f", {event['stored']} of them stored from the last turn" if event.get("stored") else ""
        return f"{who} has {event['e']} E{stored}."
    if t == "explored":  # the card and the sector together, so later lines naming the sector read on
        return f"{title(game, event['card'])} is revealed at {place_name(game, None, event['hex'], names)}."
    if t == "discovered":
        return (f"{title(game, event['card'])} is turned up from {seat_name(game, event['owner'], names)}'s Resource "
                f"at {place_name(game, None, event['hex'], names)}.")
    if t == "moved":
        return f"{who} moves {count(len(event['ships']), 'ship')} to {place_name(game, None, event['hex'], names)}."
    if t == "attack":
        return f"{who} attacks {place_name(game, None, event['hex'], names)} with {count(len(event['ships']), 'ship')}."
    if t == "destroyed":
        return f"{who}'s {ship_name(game, event['sides'], event['colour'])} is destroyed ({event['why']})."
    if t == "combat":
        parts = []
        for (a, av, d, dv), (asd, acol, dsd, dcol) in zip(event["pairs"], event["dice"]):
            verdict = "beats" if av > dv else "loses to" if av < dv else "ties"
            parts.append(f"{ship_name(game, asd, acol)} {av} {verdict} {ship_name(game, dsd, dcol)} {dv}")
        return f"Combat at {place_name(game, None, event['hex'], names)}: " + "; ".join(parts) + "."
    if t == "attack_won":
        return f"{who}'s attack takes {place_name(game, None, event['hex'], names)}."
    if t == "attack_failed":
        return f"{who}'s attack on {place_name(game, None, event['hex'], names)} fails; the E is spent."
    if t == "build_done":
        banked = f" and banks {event['banked']} CP" if event.get("banked") else ""
        return f"{who} closes the Shipyard{banked}" + (f", losing {event['cp_lost']} unspent CP." if event["cp_lost"] else ".")
    if t == "charged":
        return f"{who} charges the engines: {event['cp']} CP for {event['e']} E."
    if t == "drew_card":
        return f"{who} draws {title(game, event['card'])}."
    if t == "emptied":
        return f"No card is left to lay at {place_name(game, None, event['hex'], names)}; it stays empty."
    if t == "encounter_beaten":
        return f"{who} beats {title(game, event['card'])}."
    if t == "encounter_to_bottom":
        return f"{who} puts {title(game, event['card'])} under the Resource (no Encounter in an opening Hand)."
    if t == "engine_started":
        return f"{who} begins a new engine."
    if t == "exile_count":
        return f"{who} has held the enemy Homeworld through {count(event['turns'], 'enemy turn')}."
    if t == "first_player":
        return f"{who} rolled higher and goes first."
    if t == "hull_lost":
        return f"{who}'s unfinished {ship_name(game, event['sides'], event['colour'])} is dismantled by the occupier."
    if t == "invested":
        what = "an engine" if event.get("engine") else f"{a_ship(game, event['sides'], event['colour'])}"
        return f"{who} puts {event['cp']} CP into {what} ({event['total']} in)."
    if t == "laid_out":
        return (f"{who} lays out Nearspace around {title(game, event['homeworld'])}: {event['face_down']} cards face down, "
                f"{event['resource']} in the Resource.")
    if t == "maintenance_paid":
        return f"{who}'s fleet is down to {event['facets']} facets; {event['cp']} CP left."
    if t == "reshuffled":
        return f"{who} shuffles the discard pile into a new Resource of {event['cards']} cards."
    if t == "hand_short":
        return f"{who} has no card left to draw."
    if t == "revived":
        return f"{who}'s {ship_name(game, event['sides'], event['colour'])} returns from the Graveyard to the Stockpile."
    if t == "turn_end":
        stored = f", storing {event['e_stored']} E" if event.get("e_stored") else ""
        return f"{who} ends the turn{stored}" + (f" ({event['e_lost']} E unused)." if event["e_lost"] else ".")
    if t == "game_over":
        won = " and ".join(seat_name(game, q, names) for q in event["winners"]) or "nobody"
        return f"Game over by {event['reason']}: {won} wins."
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
