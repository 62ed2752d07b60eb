"""Buccaneers in words: a seat's view as a terminal picture, events and actions as sentences."""

from __future__ import annotations

import re
from typing import Any, Sequence

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


def render(game: Game, view: dict[str, Any], names: Sequence[str] | None = None) -> str:
    """The table as a seat sees it: the Black Hole, each display with Value/Weight, your hand; in words, no keys."""
    bh = view["black_hole"]
    phase = {"select": "Selection", "reveal": "Selection, cards revealed", "score": "Score phase", "over": "game over"}
    lines = [
        f"Round {view['round']} of {view['rounds']} · Turn {view['turn']} · {phase.get(view['phase'], view['phase'])} · "
        f"hands pass {view['direction']} · deck {view['deck_size']}",
    ]
    if bh:
        cards = view["threshold_cards"]
        lines.append(f"{black_hole_name(game, bh['key'])[:1].upper()}{black_hole_name(game, bh['key'])[1:]}"
                     + (f"; Threshold cards {' '.join(f'{v:+d}' for v in cards)} (Threshold now {bh['threshold'] + sum(cards)})" if cards else ""))
    for pl in view["players"]:
        d = pl["display"]
        you = " (you)" if view.get("viewer") == pl["seat"] and "(you)" not in seat_name(names, pl["seat"]) else ""
        parts = [_card(game, c) for c in d["cards"]]
        parts += ["Time Machine: " + " + ".join(_card(game, c) for c in g) for g in d["time_machine_groups"]]
        if d["shapeshifters"]:
            parts.append("Shapeshifters: " + ", ".join(f"{c['value']}/{c['weight']}" for c in d["shapeshifters"]))
        if d["facedown_toys"]:
            parts.append(f"{d['facedown_toys']} facedown Toy" + ("s" if d["facedown_toys"] > 1 else ""))
        extra = "".join(f", Weight card {w:+d}" for w in d["weight_cards"]) + (f", Value card +{d['value_card']}" if d["value_card"] else "")
        rounds = " + ".join(str(x) for x in pl["points"])
        points = f"{pl['total']} points" + (f" ({rounds})" if len(pl["points"]) > 1 else "")
        lines.append(f"{seat_name(names, pl['seat'])}{you}: {points} | Value {d['value']}, Weight {d['weight']}{extra}"
                     f" | {pl['hand_size']} in hand{', has chosen' if pl['has_selected'] else ''}")
        lines.append("    " + ("; ".join(parts) if parts else "(empty display)"))
    mine = view.get("you")
    if mine:
        lines.append("Your hand: " + (", ".join(_name(game, k) for k in mine["hand"]) or "empty"))
        if mine["facedown_toys"]:
            lines.append("Your facedown Toys: " + ", ".join(_name(game, k) for k in mine["facedown_toys"]))
        if mine["last_card"]:
            lines.append("Your last card beside the Black Hole: " + ", ".join(_name(game, k) for k in mine["last_card"]))
    return "\n".join(lines)


def seat_name(names: Sequence[str] | None, seat: Any) -> str:
    """A seat as the panels show it ("Bot 2 (medium)"); without names, "Seat N" (the seat numbers the table shows)."""
    if not isinstance(seat, int) or seat < 0:
        return "no one"
    return names[seat] if names is not None and seat < len(names) else f"Seat {seat}"


def _seats_named(note: str, names: Sequence[str] | None) -> str:
    """A result note ("seats [1, 2] tied ...; seat 1 wins ...") with the seats by name."""
    note = re.sub(r"seats \[([\d, ]*)\]", lambda m: " and ".join(seat_name(names, int(x)) for x in m.group(1).split(",") if x.strip()), note)
    return re.sub(r"\bseat (\d+)", lambda m: seat_name(names, int(m.group(1))), note)


def _effect(game: Game, effect: str) -> str:
    """An effect by the printed name of the card that carries it (TIIT CLO UHL, not tiit_clo_uhl)."""
    r = game.rules
    for c, e in enumerate(r.effect_of):
        if e == effect:
            return str(r.names[c])
    return effect.replace("_", " ")


def hole_words(color: str, threshold: int, hand_size: int) -> str:
    """A Black Hole card's face in words for a list of them (the lobby): "Dangerous: Threshold 18, 6 cards each"."""
    return f"{color.title()}: Threshold {threshold}, {hand_size} cards each"


def black_hole_name(game: Game, key: str) -> str:
    """A Black Hole as its card shows it: colour, Threshold and hand size ("the Dangerous Black Hole (18, 6 cards)")."""
    bh = game.rules.black_holes.get(key)
    if bh is None:
        return "the Black Hole"
    return f"the {bh.color.title()} Black Hole (Threshold {bh.threshold}, {bh.hand_size} cards)"


QUARTER_TURNS = ("back to its first side", "a quarter turn", "half a turn", "three quarters")


def _why_turned(game: Game, why: str) -> str:
    """Why a card turned, in words: "Cubus Libra saw Spacecraft" rather than cubus_libra saw spacecraft_7."""
    effect, sep, key = why.partition(" saw ")
    if sep:
        r = game.rules
        seen = r.names[r.index[key]] if key in r.index else "a card"
        return f"{_effect(game, effect)} saw {seen}"
    return why.replace("_", " ")


def describe_action(game: Game, action: Action, names: Sequence[str] | None = None) -> str:
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
        return f"{k} the {_effect(game, a)}"
    return k.replace("_", " ")


def describe_event(game: Game, e: dict[str, Any], names: Sequence[str] | None = None) -> str | None:
    """One sentence per event worth reading; None for bookkeeping events. Seats by ``names`` when given."""
    t = e["type"]
    p = e.get("seat")
    who = seat_name(names, p)
    def each(values: list[int]) -> str:
        return ", ".join(f"{seat_name(names, i)} {v}" for i, v in enumerate(values))
    if t == "round":
        bh = game.rules.black_holes.get(e["black_hole"])
        colour = f"the {bh.color.title()} Black Hole" if bh is not None else "the Black Hole"
        return f"Round {e['round']}: {colour}, Threshold {e['threshold']}, {e['hand_size']} cards each."
    if t == "dealt":
        return f"{who} is dealt: " + ", ".join(_name(game, k) for k in e["cards"])
    if t == "selected":
        return f"{who} {'has a card drawn at random (GPS Tracker)' if e.get('random') else 'chooses a card'}."
    if t == "revealed":
        return "Revealed: " + "; ".join(f"{seat_name(names, i)}: {_name(game, k) if k else 'a Toy, facedown'}"
                                        for i, k in enumerate(e["cards"]))
    if t == "placed" and e["source"] != "selected":
        return f"{who} places {_name(game, e['card'])} ({e['source'].replace('_', ' ')})."
    if t == "rotated":
        return f"{_name(game, e['card'])} turns {QUARTER_TURNS[e['orientation'] % 4]} ({_why_turned(game, e['why'])})."
    if t == "effect":
        return f"{who}'s {_effect(game, e['effect'])} takes effect."
    if t == "threshold_card":
        return f"The {e['value']:+d} Threshold card goes beside the Black Hole."
    if t == "drew_cards":
        return f"{who} draws: " + ", ".join(_name(game, k) for k in e["cards"])
    if t == "discarded":
        cards = e.get("cards") or [e["card"]]
        return f"{who} discards " + ", ".join(_name(game, k) for k in cards) + "."
    if t == "passed":
        return f"Hands pass {e['direction']}."
    if t == "last_cards":
        return "Last cards go facedown beside the Black Hole. Score phase."
    if t == "decided":
        return f"{who}: {describe_action(game, Action.from_json(e['action']), names)}."
    if t == "toys_revealed":
        return f"{who} reveals Toys: " + ", ".join(_name(game, k) for k in e["cards"])
    if t == "weight_card":
        why = {"toys": "the highest Toy Weight"}.get(e["why"]) or _effect(game, e["why"])
        return f"{who} takes the {e['value']:+d} Weight card ({why})."
    if t == "value_card":
        return f"{who} takes the +{e['value']} Value card ({_effect(game, 'antigravity_carpet')})."
    if t == "weights":
        return "Weights: " + each(e["weights"])
    if t == "black_hole_card":
        return f"The Black Hole reveals {_name(game, e['card'])}: +{e['weight']} to its Threshold."
    if t == "final_threshold":
        return "Final Thresholds: " + each(e["thresholds"])
    if t == "drawn_in":
        towel = f" ({_effect(game, 'emergency_towel')}: +{e['towel_points']})" if e["towel_points"] else ""
        return f"{who} is pulled into the Black Hole: Weight {e['weight']} > {e['threshold']}{towel}."
    if t == "places":
        return "Points this round: " + each(e["points"])
    if t == "game_over":
        winners = " and ".join(seat_name(names, w) for w in e["winners"])
        return (f"Game over. Totals: {each(e['totals'])}. " + ("Winner: " if len(e["winners"]) == 1 else "Shared victory: ")
                + winners + ". " + " ".join(_seats_named(t, names) for t in e["tiebreaks"])).strip()
    return None
