"""Black Sun in words for the terminal: a text map of the stellar system, the players, what is awaited.

The sentences for events and actions are the table's own (``scene.describe_event`` /
``describe_action``), so the terminal and the browser tell the same story; hexes are named
as the map names them (row letter, column number: the Sun is E5).
"""

from __future__ import annotations

from functools import partial
from typing import Any, Sequence

from voidtable.engine.game import Game

from .scene import (EDGE_WORDS, PROMPTS, _faction, _title, _where, describe_action, describe_event, faction_effect, hex_name,
                    seat_name, short)

__all__ = ["describe_action", "describe_event", "render", "text_map"]

CELL = 10  # characters per hex in the text map; a row below sits half a hex to the side, as on the board
TERRAIN = {"sun": "Sun", "gas_giant": "Gas", "asteroids": "Ast", "space": "", "planet": ""}


def _terrain(h: dict[str, Any]) -> str:
    return f"P{h['planet']}" if h.get("planet") else TERRAIN.get(h["kind"], "?")


def text_map(game: Game, view: dict[str, Any]) -> list[str]:
    """The hex map as rows of text: each hex shows its name and terrain, then its counter and ships.

    Line one of a hex: "C4 P7" (name, terrain: P7 Planet 7, Sun, Gas Giant, Ast(eroids)); line two:
    "N"/"C" for a Need/Crisis counter and, per player in the hex, their number and ship count ("1x2").
    Ships on edges (Blockade positions) are listed below the map by the two hexes they sit between.
    """
    board = view.get("board") or []
    if not board:
        return []
    status = {tuple(h): x for h, x in view.get("status") or []}
    crowd: dict[tuple[int, int], dict[int, int]] = {}
    for s in view.get("ships") or []:
        at = s.get("at")
        if s["state"] == "board" and at and "hex" in at:
            c = (at["hex"][0], at["hex"][1])
            crowd.setdefault(c, {}).setdefault(s["controller"], 0)
            crowd[c][s["controller"]] += 1
    cells = {(h["hex"][0], h["hex"][1]): h for h in board}
    rows = sorted({r for _, r in cells})
    left = min(2 * q + r for q, r in cells)
    out = []
    for r in rows:
        top, bottom = [], []
        for q, rr in sorted((c for c in cells if c[1] == r), key=lambda c: c[0]):
            col = (2 * q + r - left) * CELL // 2
            h = cells[(q, rr)]
            mark = {"need": "N ", "crisis": "C "}.get(status.get((q, rr), ""), "")
            ships = " ".join(f"{p + 1}x{k}" for p, k in sorted(crowd.get((q, rr), {}).items()))
            top.append((col, f"{hex_name(game, (q, rr))} {_terrain(h)}".strip()))
            bottom.append((col, (mark + ships).strip() or "."))
        out.append(_place(top))
        out.append(_place(bottom))
    return out


def _place(items: list[tuple[int, str]]) -> str:
    line = ""
    for col, text in items:
        line = line.ljust(col) + text[: CELL - 1]
    return line.rstrip()


def _edge_words(game: Game, at: dict[str, Any]) -> str:
    a, b = at["edge"]
    if b:
        return f"between {hex_name(game, a)} and {hex_name(game, b)}"
    side = at.get("side")
    return f"on the {EDGE_WORDS[side]} outer edge of {hex_name(game, a)}" if isinstance(side, int) else f"on an outer edge of {hex_name(game, a)}"


def render(game: Game, view: dict[str, Any], names: Sequence[str] | None = None) -> str:
    """The stellar system as text (map, blockades, counters), the players, the last planet roll, what is awaited."""
    who = partial(seat_name, names)
    sun = _title(view["sun"]) if view.get("sun") else "not yet laid"
    turn = f"Turn {view['turns']}" if view.get("turns") else "Setup"
    lines = [f"Black Sun · {turn} · first to {view['target']} points · the Sun: {sun}"
             + (f" · {who(view['active'])} is the active player" if isinstance(view.get("active"), int) and view["active"] >= 0 else "")]
    grid = text_map(game, view)
    if grid:
        lines.append("Map (each hex: its name and terrain, then N/C for a Need/Crisis counter and player number x ships):")
        lines += ["  " + g for g in grid]
    blockades = []
    for s in view.get("ships") or []:
        at = s.get("at")
        if s["state"] == "board" and at and "edge" in at:
            blockades.append(f"{who(s['controller'])}'s {_title(s['type'])} {_edge_words(game, at)}")
    if blockades:
        lines.append("On edges (Blockades): " + "; ".join(blockades) + ".")
    captured = [f"{who(s['owner'])}'s {_title(s['type'])} ({_where(game, s.get('at'))})" for s in view.get("ships") or [] if s["state"] == "captured"]
    if captured:
        lines.append("Captured: " + "; ".join(captured) + ".")
    roll = view.get("last_roll")
    if roll:
        dice = " + ".join(str(d) for d in roll["dice"])
        lines.append(f"Last planet roll: {who(roll['seat'])} rolled {dice} = {roll['total']}"
                     + (f" (Planet {roll['planet']})." if roll.get("planet") else " (no such planet)."))
    for st in view["seats"]:
        p = st["seat"]
        you = " (you)" if view.get("viewer") == p and "(you)" not in who(p) else ""
        faction = _faction(game, st["faction"]) if st["faction"] else "no faction yet"
        card = f", {_title(st['card'])} card" if st.get("card") else ""
        ships = sum(1 for s in view.get("ships") or [] if s["owner"] == p and s["state"] in ("board", "captured"))
        scoring = ", ".join(_title(c) for c in st["scoring"]) or "nothing yet"
        lines.append(f"{p + 1}. {who(p)}{you}: {view['scores'][p]} point{'' if view['scores'][p] == 1 else 's'} · {faction}{card} · {ships} ship{'' if ships == 1 else 's'} · scores for {scoring}")
    types = sorted({s["type"] for s in view.get("ships") or []})
    if types:
        lines.append("Ship types: " + ", ".join(f"{short(game, t)} {_title(t)}" for t in types))
    d = view.get("decision")
    if d and not view.get("over"):
        lines.append(f"Waiting for {who(d.get('seat'))}: {PROMPTS.get(d['kind'], _title(d['kind'])).split(':')[0].split(' (')[0]}")
        deciding = next((st for st in view["seats"] if st["seat"] == d.get("seat")), None)
        if d["kind"] == "redraw" and deciding and deciding.get("faction"):  # what keeping it means
            lines.append(f"  {_faction(game, deciding['faction'])}: {faction_effect(game, deciding['faction'])}")
    if view.get("over"):
        lines.append("Game over: " + ", ".join(f"{who(p)} {x}" for p, x in enumerate(view["scores"])) + " points.")
    return "\n".join(lines)


