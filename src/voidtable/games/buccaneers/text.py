"""Buccaneers in words: a seat's view as a terminal picture, events and actions as sentences."""

from __future__ import annotations

from typing import Any

from voidtable.engine.actions import Action
from voidtable.engine.game import Game


def _name(game: Game, key: str | None) -> str:
    if key is None:
        return "a facedown card"
    r = game.rules
    c = r.index[key]
    return f"{r.names[c]} ({r.value[c][0]}/{r.weight[c][0]})"


def _card(game: Game, entry: dict[str, Any]) -> str:
    return f"{game.rules.names[game.rules.index[entry['card']]]} {entry['value']}/{entry['weight']}"


def render(game: Game, view: dict[str, Any]) -> str:
    """The table as a seat sees it: Black Hole, each display with Value/Weight, your hand."""
    bh = view["black_hole"]
    lines = [
        f"Round {view['round']}/{view['rounds']}  Turn {view['turn']}  phase: {view['phase']}  "
        f"passing {view['direction']}  deck {view['deck_size']}",
        f"Black Hole {bh['key']} ({bh['color']}): Threshold {bh['threshold']}, hand {bh['hand_size']}"
        + (f"; Threshold cards {view['threshold_cards']}" if view["threshold_cards"] else ""),
    ]
    for pl in view["players"]:
        d = pl["display"]
        you = " (you)" if view.get("viewer") == pl["seat"] else ""
        parts = [_card(game, c) for c in d["cards"]]
        parts += ["TM[" + ", ".join(_card(game, c) for c in g) + "]" for g in d["time_machine_groups"]]
        if d["shapeshifters"]:
            parts.append("Shapeshifters[" + ", ".join(f"{c['value']}/{c['weight']}" for c in d["shapeshifters"]) + "]")
        if d["facedown_toys"]:
            parts.append(f"{d['facedown_toys']} facedown Toy(s)")
        extra = "".join(f" {w:+d}W" for w in d["weight_cards"]) + (f" +{d['value_card']}V" if d["value_card"] else "")
        lines.append(f"Seat {pl['seat']}{you}: points {pl['points']} = {pl['total']} | Value {d['value']} Weight {d['weight']}{extra}"
                     f" | hand {pl['hand_size']}{' (chosen)' if pl['has_selected'] else ''}")
        lines.append("    " + ("; ".join(parts) if parts else "(empty display)"))
    mine = view.get("you")
    if mine:
        lines.append("Your hand: " + ", ".join(_name(game, k) for k in mine["hand"]))
        if mine["facedown_toys"]:
            lines.append("Your facedown Toys: " + ", ".join(_name(game, k) for k in mine["facedown_toys"]))
        if mine["last_card"]:
            lines.append("Your last card beside the Black Hole: " + ", ".join(_name(game, k) for k in mine["last_card"]))
    if view.get("result"):
        lines.append(f"Game over: winners {view['result']['winners']}, scores {view['result']['scores']}")
    return "\n".join(lines)


def describe_action(game: Game, action: Action) -> str:
    k, a = action.kind, action.arg
    if k == "select":
        return f"select {_name(game, a)}"
    if k == "keep":
        return f"keep {_name(game, a)}"
    if k == "discard":
        return f"discard {_name(game, a)}"
    if k == "threshold_card":
        return f"place the {a:+d} Threshold card"
    if k == "group":
        return f"add the part to Time Machine group {a + 1}"
    if k in ("use", "decline"):
        return f"{k} the {a.replace('_', ' ').title()}"
    return str(action)


def describe_event(game: Game, e: dict[str, Any]) -> str | None:
    """One sentence per event worth reading; None for bookkeeping events."""
    t = e["type"]
    p = e.get("seat")
    if t == "round":
        return f"Round {e['round']}: Black Hole {e['black_hole']} ({e['color']}), Threshold {e['threshold']}, {e['hand_size']} cards each."
    if t == "dealt":
        return f"Seat {p} is dealt: " + ", ".join(_name(game, k) for k in e["cards"])
    if t == "selected":
        return f"Seat {p} {'has a card drawn at random (GPS Tracker)' if e.get('random') else 'chooses a card'}."
    if t == "revealed":
        return "Revealed: " + "; ".join(f"seat {i}: {_name(game, k) if k else 'a Toy, facedown'}" for i, k in enumerate(e["cards"]))
    if t == "placed" and e["source"] != "selected":
        return f"Seat {p} places {_name(game, e['card'])} ({e['source'].replace('_', ' ')})."
    if t == "rotated":
        return f"{_name(game, e['card'])} turns to orientation {e['orientation']} ({e['why']})."
    if t == "effect":
        return f"Seat {p}'s {e['effect'].replace('_', ' ').title()} takes effect."
    if t == "threshold_card":
        return f"The {e['value']:+d} Threshold card goes beside the Black Hole."
    if t == "drew_cards":
        return f"Seat {p} draws: " + ", ".join(_name(game, k) for k in e["cards"])
    if t == "discarded":
        cards = e.get("cards") or [e["card"]]
        return f"Seat {p} discards " + ", ".join(_name(game, k) for k in cards) + "."
    if t == "passed":
        return f"Hands pass {e['direction']}."
    if t == "last_cards":
        return "Last cards go facedown beside the Black Hole. Score phase."
    if t == "decided":
        return f"Seat {p}: {describe_action(game, Action.from_json(e['action']))}."
    if t == "toys_revealed":
        return f"Seat {p} reveals Toys: " + ", ".join(_name(game, k) for k in e["cards"])
    if t == "weight_card":
        return f"Seat {p} takes the {e['value']} Weight card ({e['why'].replace('_', ' ')})."
    if t == "value_card":
        return f"Seat {p} takes the +{e['value']} Value card (Antigravity Carpet)."
    if t == "weights":
        return "Weights: " + ", ".join(f"seat {i} {w}" for i, w in enumerate(e["weights"]))
    if t == "black_hole_card":
        return f"The Black Hole reveals {_name(game, e['card'])}: +{e['weight']} to its Threshold."
    if t == "final_threshold":
        return "Final Thresholds: " + ", ".join(f"seat {i} {v}" for i, v in enumerate(e["thresholds"]))
    if t == "drawn_in":
        towel = f" (Emergency Towel: +{e['towel_points']})" if e["towel_points"] else ""
        return f"Seat {p} is pulled into the Black Hole: Weight {e['weight']} > {e['threshold']}{towel}."
    if t == "places":
        return "Points this round: " + ", ".join(f"seat {i} {pt}" for i, pt in enumerate(e["points"]))
    if t == "game_over":
        return f"Game over. Totals {e['totals']}; winner(s): seats {e['winners']}. " + " ".join(e["tiebreaks"])
    return None
