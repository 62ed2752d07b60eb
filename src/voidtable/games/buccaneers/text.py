"""Buccaneers in words: a seat's view as a terminal picture, events and actions as sentences."""

from __future__ import annotations

import re
from typing import Any, Sequence

from voidtable.engine.actions import Action
from voidtable.engine.events import AnyEvent, EventRecord
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


class Say:
    """How Buccaneers names things in the log: the naming context every event's ``words`` takes (events.py).

    Cards by their printed name with Value/Weight, effects by the card that carries them,
    seats as the panels show them (``names``), else "Seat N".
    """

    __slots__ = ("game", "names")

    def __init__(self, game: Game, names: Sequence[str] | None = None) -> None:
        self.game = game
        self.names = names

    def seat(self, seat: Any) -> str:
        return seat_name(self.names, seat)

    def each(self, values: Sequence[int]) -> str:
        """One number per seat: "Ana 12, Bot 1 (easy) 9, ..."."""
        return ", ".join(f"{self.seat(i)} {v}" for i, v in enumerate(values))

    def card(self, key: str | None) -> str:
        return _name(self.game, key)

    def cards(self, keys: Sequence[str]) -> str:
        return ", ".join(self.card(k) for k in keys)

    def effect(self, effect: str) -> str:
        return _effect(self.game, effect)

    def why_turned(self, why: str) -> str:
        return _why_turned(self.game, why)

    def action(self, action: Action) -> str:
        return describe_action(self.game, action, self.names)

    def black_hole_colour(self, key: str) -> str:
        """"the Dangerous Black Hole" (or "the Black Hole" for a key the rules data lacks)."""
        bh = self.game.rules.black_holes.get(key)
        return f"the {bh.color.title()} Black Hole" if bh is not None else "the Black Hole"

    def tiebreak(self, note: str) -> str:
        return _seats_named(note, self.names)


def describe_event(game: Game, event: AnyEvent, names: Sequence[str] | None = None) -> str | None:
    """One sentence per event worth reading (each record says itself: events.py); None for bookkeeping."""
    return event.words(Say(game, names)) if isinstance(event, EventRecord) else None
