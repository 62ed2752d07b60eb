"""Nearspace in words for the log and the terminal: card titles and ship names, never ids or keys.

A ship is named by colour, class and die ("red Gunship (d6)"); a place by the
card lying there ("Oceana") or, face down, by whose deck it came from; a card by
its printed title.
"""

from __future__ import annotations

from typing import Any

from voidtable.engine.actions import Action
from voidtable.engine.events import Event, generic_event
from voidtable.engine.game import Game

from .data import Rules

ROLES = {"red": "Corsair", "orange": "Invader", "yellow": "Berserker"}


def _r(game: Game) -> Rules:
    rules: Rules = game.rules
    return rules


def title(game: Game, key: str | None) -> str:
    if key is None:
        return "nothing"
    card = _r(game).data.cards.get(key)
    return card.title if card is not None else key.replace("_", " ").title()


def ship_name(game: Game, sides: int, colour: str) -> str:
    cls = _r(game).class_of.get(sides, "ship").title()
    return f"{colour} {cls} (d{sides})"


def place_name(game: Game, view: dict[str, Any] | None, hex_: list[int] | tuple[int, ...]) -> str:
    if view is not None:
        for p in view["places"]:
            if p["hex"] == list(hex_):
                if p["card"]:
                    return title(game, p["card"])
                return "an empty sector" if p["face_up"] else f"a face-down card of seat {p['owner']}"
    r = _r(game)
    i = r.board.index.get((hex_[0], hex_[1]))
    if i == r.board.neutral:
        return "Neutral Space"
    if i in r.board.homeworld:
        return f"seat {r.board.homeworld.index(i)}'s Homeworld"
    return f"the sector at {tuple(hex_)}"


def render(game: Game, view: dict[str, Any]) -> str:
    """The map by place, each seat's fleet, Shipyard, engines, hand and Graveyard, and what is awaited."""
    lines = [f"Nearspace: turn {view['turn']}, seat {view['active']} to act; CP {view['cp']}, E {view['e']}"]
    for p in view["places"]:
        here = [s for s in view["ships"] if s["hex"] == p["hex"] and s["built"]]
        if not p["face_up"] and not here:
            continue
        name = place_name(game, view, p["hex"])
        enc = f" [Encounter: {title(game, p['encounter'])}]" if p["encounter"] else ""
        fleet = ", ".join(f"seat {s['owner']} {ship_name(game, s['sides'], s['colour'])}" for s in here)
        lines.append(f"  {name}{enc}" + (f": {fleet}" if fleet else ""))
    for q in range(2):
        hulls = [s for s in view["ships"] if s["owner"] == q and not s["built"]]
        hand = view["hands"][q]
        hand_text = ", ".join(title(game, k) for k in hand) if isinstance(hand, list) else f"{hand} hidden cards"
        lines.append(f"Seat {q}: {view['engines'][q]} engines; hand {hand_text}; Graveyard {view['graveyard_facets'][q]} facets; "
                     f"Shipyard " + (", ".join(f"{ship_name(game, h['sides'], h['colour'])} {h['invested']}/{h['sides']} CP"
                                              for h in hulls) or "empty"))
    d = view.get("decision")
    if d:
        lines.append(f"Waiting for seat {d.get('seat')}: {d['kind'].replace('_', ' ')}")
    if view.get("over"):
        lines.append(f"Game over ({view['reason']}): seat(s) {view['winners']} won")
    return "\n".join(lines)


def describe_event(game: Game, event: Event) -> str | None:
    t = event.get("type")
    seat = event.get("seat")
    who = f"Seat {seat}"
    if t == "rolled":
        what = f"a d{event['sides']}"
        if event.get("why") in ("attack", "defence", "threat", "encounter", "revive") and event.get("colour") != "encounter":
            what = f"its {ship_name(game, event['sides'], event['colour'])}"
        if event.get("card"):
            return f"{title(game, event['card'])} rolls {event['value']}."
        return f"{who} rolls {event['value']} on {what} ({event.get('why', 'roll')})."
    if t == "turn_start":
        return f"Turn {event['turn']}: seat {seat}" + (" (opening round)." if event.get("first_round") else ".")
    if t == "construction_points":
        bound = ", ".join(f"{n} for {c.title()}s" for c, n in event["bound"].items())
        return f"{who} has {event['cp']} CP" + (f" and {bound}." if bound else ".")
    if t == "maintenance":
        return f"{who}'s fleet of {event['facets']} facets costs {event['cost']} CP of {event['cp']}."
    if t == "dismantled":
        return f"{who} dismantles a {ship_name(game, event['sides'], event['colour'])}."
    if t == "hull_started":
        return f"{who} lays down a {ship_name(game, event['sides'], event['colour'])} at {place_name(game, None, event['hex'])}."
    if t == "ship_completed":
        return f"{who}'s {ship_name(game, event['sides'], event['colour'])} enters service."
    if t == "engine_completed":
        return f"{who} completes an engine ({event['engines']} now)."
    if t in ("played", "cycled", "directive_kept", "directive_dropped", "encounter_placed", "terraformed"):
        verb = {"played": "plays", "cycled": "cycles", "directive_kept": "keeps", "directive_dropped": "drops",
                "encounter_placed": "sets loose", "terraformed": "terraforms with"}[t]
        return f"{who} {verb} {title(game, event['card'])}."
    if t == "drew":
        return f"{who} draws {title(game, event['card'])}." if "card" in event else f"{who} draws a card."
    if t == "engine_points":
        return f"{who} rolls {event['e']} E."
    if t == "explored":
        return f"{title(game, event['card'])} is revealed."
    if t == "discovered":
        return f"{title(game, event['card'])} is turned up from seat {event['owner']}'s Resource."
    if t == "moved":
        return f"{who} moves {len(event['ships'])} ship(s) to {place_name(game, None, event['hex'])}."
    if t == "attack":
        return f"{who} attacks {place_name(game, None, event['hex'])} with {len(event['ships'])} ship(s)."
    if t == "destroyed":
        return f"{who}'s {ship_name(game, event['sides'], event['colour'])} is destroyed ({event['why']})."
    if t == "combat":
        parts = []
        for (a, av, d, dv), (asd, acol, dsd, dcol) in zip(event["pairs"], event["dice"]):
            verdict = "beats" if av > dv else "loses to" if av < dv else "ties"
            parts.append(f"{ship_name(game, asd, acol)} {av} {verdict} {ship_name(game, dsd, dcol)} {dv}")
        return f"Combat at {place_name(game, None, event['hex'])}: " + "; ".join(parts) + "."
    if t == "attack_won":
        return f"{who}'s attack takes {place_name(game, None, event['hex'])}."
    if t == "attack_failed":
        return f"{who}'s attack on {place_name(game, None, event['hex'])} fails; the E is spent."
    if t == "build_done":
        return f"{who} closes the Shipyard" + (f", losing {event['cp_lost']} unspent CP." if event["cp_lost"] else ".")
    if t == "drew_card":
        return f"{who} draws {title(game, event['card'])}."
    if t == "emptied":
        return f"No card is left to lay at {place_name(game, None, event['hex'])}; it stays empty."
    if t == "encounter_beaten":
        return f"{who} beats {title(game, event['card'])}."
    if t == "encounter_to_bottom":
        return f"{who} puts {title(game, event['card'])} under the Resource (no Encounter in an opening Hand)."
    if t == "engine_started":
        return f"{who} begins a new engine."
    if t == "exile_count":
        return f"{who} has held the enemy Homeworld through {event['turns']} enemy turn(s)."
    if t == "first_player":
        return f"Seat {seat} rolled higher and goes first."
    if t == "hull_lost":
        return f"{who}'s unfinished {ship_name(game, event['sides'], event['colour'])} is dismantled by the occupier."
    if t == "invested":
        what = "an engine" if event.get("engine") else f"a {ship_name(game, event['sides'], event['colour'])}"
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
        return f"{who} ends the turn" + (f" ({event['e_lost']} E unused)." if event["e_lost"] else ".")
    if t == "game_over":
        return f"Game over by {event['reason']}: seat(s) {', '.join(map(str, event['winners']))} win."
    return generic_event(event)


def describe_action(game: Game, action: Action) -> str:
    a = action.arg
    if action.kind == "start_hull":
        return f"lay down a {ship_name(game, a[1], a[2])} at {place_name(game, None, a[0])}"
    if action.kind == "invest":
        return f"put {a[1]} CP into hull {a[0]}"
    if action.kind in ("play", "cycle"):
        return f"{action.kind} {title(game, a)}"
    if action.kind in ("group", "step", "target"):
        verb = {"group": "move from", "step": "step to", "target": "target"}[action.kind]
        return f"{verb} {place_name(game, None, a)}"
    if action.kind == "keep":
        return "keep the Directive" if a else "let the Directive go"
    return action.kind.replace("_", " ") + ("" if a is None else f" {a}")
