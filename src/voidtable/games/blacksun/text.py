"""Black Sun in words: the names the table uses, events and actions as sentences, the terminal's text map.

Everything a player reads is named here once and shared by the terminal (``render``), the log
(each event's ``words``, events.py, with :class:`Say`) and the table's scene (scene.py builds its
labels from these): hexes as the map names them (row letter, column number: the Sun is E5), seats
as the panels show them, ships by owner and type, factions and cards by their printed titles.
"""

from __future__ import annotations

from functools import partial
from typing import Any, Sequence

from voidtable.engine.actions import Action
from voidtable.engine.events import AnyEvent, EventRecord
from voidtable.engine.game import Game
from voidtable.engine.words import article, count

from .board import tile_kind, tile_planet

__all__ = ["Say", "describe_action", "describe_event", "render", "text_map"]

PROMPTS = {
    "redraw": "Keep your Starting Faction, or redraw",
    "lay_hex": "Choose a hex tile to lay",
    "lay_hex_slot": "Choose where to lay the tile (a highlighted open slot)",
    "place": "Choose a hex to place ships in (click a highlighted hex)",
    "place_ships": "Place a ship: click the hex centre or a free edge, then pick the ship type",
    "turn_start": "Start your turn (or rebuild instead of playing it)",
    "faction": "Keep your Faction card, or take another",
    "loans": "Lend or recall ships (click them), then finish",
    "lend_to": "Choose who borrows the ship",
    "move": "Move a fleet: click the hex it leaves from (or do not move)",
    "pick": "Pick up to 3 ships for the fleet (click them), then set off",
    "consent": "Another player wants to move your ship: allow it?",
    "walk": "Move the fleet: click a neighbouring hex, or stop here",
    "arrange": "Choose where the arriving ship sits: the hex centre or a free edge",
    "recentre": "Choose which of your edge ships moves into the empty centre",
    "raid_choice": "Raid: click a hex or a blockading ship, or do not raid",
    "join": "Join the raid?",
    "amnesty": "Declare Amnesty (the raid stops)?",
    "aim": "Choose whose dice your hits remove",
    "sacrifice": "Sacrifice a ship to cancel this round's damage?",
    "retreat": "Retreat from the raid?",
    "lose": "Choose the ship that absorbs lost dice",
    "counter": "Place the counter on a planet without one (or on none)",
    "retreat_move": "Retreat: click the hex the retreating fleet leaves from",
    "retreat_pick": "Pick up to 3 ships to retreat (click them), then set off",
    "retreat_to": "Choose the neighbouring hex to retreat to",
    "remove_counters": "Remove Need/Crisis counters you score for (click them), then finish",
    "second_turn": "Spend a point for a second turn?",
    "story_end": "End the story now?",
}

# words for the actions that name a hex (``None``: no hex)
HEX_WORDS = {
    "place_hex": "place ships in {where}", "fleet_from": "move a fleet from {where}", "step": "move to {where}",
    "remove_counter": "remove the counter from {where}", "hex_slot": "lay the tile at {where}",
    "rebuild_raiders": "rebuild Raiders at {where} (skip the turn)", "rebuild_ambunaut": "rebuild an Ambunaut at {where} (skip the turn)",
}
HEX_OR_NONE_WORDS = {
    "counter": ("put the counter on {where}", "put the counter nowhere"),
    "retreat_to": ("retreat to {where}", "retreat nowhere (the ships are lost)"),
}


def title(text: str) -> str:
    return text.replace("_", " ").title()


def short(game: Game, ship_type: str) -> str:
    """Two or three letters for a ship type, unique among the game's ship types."""
    names = sorted(game.rules.ships)
    for n in (2, 3, 4):
        if sum(1 for t in names if t[:n] == ship_type[:n]) == 1:
            return ship_type[:n].replace("_", "").title()
    return ship_type.title()


# ---------------------------------------------------------------- words
# Seats are named as the panels name them (``names``, when the front end has them), hexes by the
# name each hex shows on the map (row letter, column number: "E5" is the Sun), ships by type and
# owner where the event says, never by internal ids or keys.


def hex_name(game: Game, coord: Any) -> str:
    """The name a hex shows on the map: its row's letter (top row A) and its column's number (from 1, left).

    The frame is the largest board the rules lay (every coordinate within ``pattern_radius + push_out``
    of the Sun), so a hex keeps its name from the first tile laid to the end of the game.
    """
    q, r = int(coord[0]), int(coord[1])
    radius = game.rules.map.pattern_radius + game.rules.map.push_out
    return f"{chr(ord('A') + r + radius)}{(2 * q + r + 2 * radius) // 2 + 1}"


def seat_name(names: Sequence[str] | None, seat: Any) -> str:
    """A seat as the panels show it; without names, "Seat N" (the seat numbers the table shows)."""
    if isinstance(seat, str) and seat.lstrip("-").isdigit():
        seat = int(seat)
    if not isinstance(seat, int) or seat < 0:
        return "no one"
    return names[seat] if names is not None and seat < len(names) else f"Seat {seat}"


def ship_type_name(game: Game, key: Any) -> str:
    return title(str(key)) if key else "ship"


def tile_name(game: Game, code: str) -> str:
    kind = tile_kind(code)
    if tile_planet(code):
        return f"Planet {tile_planet(code)}"
    return title(code.partition(":")[2]) if kind == "sun" else title(kind)


def describe_action(game: Game, action: Action, names: Sequence[str] | None = None) -> str:
    """An action in words; the scene names ships by type and owner from the view (``label`` in ``build``)."""
    k, a = action.kind, action.arg
    who = partial(seat_name, names)
    where = partial(hex_name, game)
    if k in ("keep_faction", "keep_card", "play", "no_move", "no_raid", "fleet_done", "fleet_abandon", "stop", "stay",
             "place_done", "scoring_done", "loans_done"):
        return {"keep_faction": "keep this Starting Faction", "keep_card": "keep your Faction card", "play": "play your turn",
                "no_move": "do not move", "no_raid": "do not raid", "fleet_done": "set off with this fleet",
                "fleet_abandon": "choose another fleet", "stop": "stop here", "stay": "leave your ships where they are",
                "place_done": "finish placing here", "scoring_done": "finish", "loans_done": "finish lending"}[k]
    if k == "redraw_faction":
        return "redraw your Starting Faction"
    if k == "take_card":
        return f"take the {faction_card_name(game, a)} card"
    if k in HEX_WORDS:
        return HEX_WORDS[k].format(where="no planet" if a is None else where(a))
    if k in HEX_OR_NONE_WORDS:
        some, none = HEX_OR_NONE_WORDS[k]
        return none if a is None else some.format(where=where(a))
    if k == "put":
        return f"put {article(ship_type_name(game, a[0]))} " + ("in the centre" if a[1] < 0 else f"on the {EDGE_WORDS[a[1]]} edge")
    if k == "slot":
        return "the centre" if a < 0 else f"the {EDGE_WORDS[a]} edge"
    if k == "add_ship":
        return "add this ship to the fleet"
    if k == "tow":
        return "tow this captured ship"
    if k == "recentre":
        return "move this ship into the centre"
    if k == "lose":
        return "this ship absorbs the lost dice"
    if k == "sacrifice":
        return "sacrifice nothing" if a is None else "sacrifice this ship"
    if k in ("lend", "recall"):
        return f"{k} this ship"
    if k == "lend_to":
        return f"lend it to {who(a)}"
    if k == "raid":
        return f"raid {who(a[1])} in {where(a[0])}"
    if k == "raid_blockade":
        return f"raid the blockading ship in {where(a[0])}"
    if k == "tow_raid":
        return f"capture your own ship in {where(a[0])} to tow it"
    if k == "aim":
        return f"aim at {who(a)}"
    if k == "hex_tile":
        return f"lay the {tile_name(game, str(a))} tile"
    if isinstance(a, bool):
        word = {"consent": "allow it", "join": "join the raid", "amnesty": "declare Amnesty", "retreat": "retreat",
                "second_turn": "take a second turn", "end_story": "end the story"}.get(k, k.replace("_", " "))
        return word if a else "no: " + word.replace("allow it", "refuse")
    return k.replace("_", " ")


EDGE_WORDS = ("right", "upper right", "upper left", "left", "lower left", "lower right")  # DIRECTIONS, pointy-top


def dice_words(dice: Any) -> str:
    return " + ".join(str(d) for d in dice) if isinstance(dice, (list, tuple)) else str(dice)


def faction_card_name(game: Game, key: Any) -> str:
    card = game.rules.faction_cards.get(key) if isinstance(key, str) else None
    return getattr(card, "title", None) or title(str(key))


def faction_name(game: Game, key: Any) -> str:
    f = game.rules.factions.get(key) if isinstance(key, str) else None
    return f.title if f else title(str(key))


# What a Starting Faction or Faction card does, in our words, built from the rules data (its scoring
# conditions with their points from ``scoring``, its abilities, its ships): a player deciding whether to keep
# a faction, or which card to take, weighs this. ``{n}`` is the condition's points, ``{what}`` a point or points.
CONDITION_WORDS = {
    "need": "{n} {what} for each Need counter you take away (a ship of yours in the centre of its Planet at the end "
            "of your turn)",
    "crisis": "{n} {what} for each Crisis counter you take away the same way",
    "run_blockade": "{n} {what} for each different Blockade your fleet crosses in a move",
    "raid_transport": "{n} {what} for each other player's Transport in a raid you take part in, destroyed or not",
    "raid_any_ship": "{n} {what} for each other player's ship in a raid you take part in, destroyed or not",
    "crisis_turn": "{n} {what} at the end of your turn if a Rebel ship shares a hex with a Crisis counter",
    "peaceful_turn": "{n} {what} at the end of your turn if there is no Crisis counter, or Allied ships share a hex "
                     "with every one",
    "destroy_allied": "an Allied ship you destroy scores its Fight (while your side is still the Rebels')",
    "destroy_rebel": "a Rebel ship you destroy scores its Fight (while your side is still the Alliance's)",
}
ABILITY_WORDS = {
    "second_turn": "may spend {cost} after a turn to play a second one (never a third)",
    "re_place": "may move her ship to another hex in the second round of placing",
    "rebuild_raiders": "while the Secret Base survives, may skip a turn to put every lost Raider back at it",
    "rebuild_ambunaut": "may skip a turn to put a lost Ambunaut back beside a Medsat",
    "two_fleets": "moves two fleets a turn (no ship in both)",
}
SIDE_WORDS = {"none": "neither side", "rebel": "the Rebels' side", "allied": "the Alliance's side"}


def condition_words(game: Game, condition: str) -> str:
    """One scoring condition: its name as the rules call it, and how it scores."""
    n = game.rules.scoring.value(condition) if condition in type(game.rules.scoring).__struct_fields__ else 0
    text = CONDITION_WORDS.get(condition, "").format(n=n, what="point" if n == 1 else "points")
    return f"{title(condition)}: {text}" if text else title(condition)


def ship_card_words(game: Game, ship_type: str) -> str:
    """A ship card's numbers and any ability it carries, in a few words."""
    card = game.rules.ships.get(ship_type)
    if card is None:
        return title(ship_type)
    extra = [w for flag, w in ((card.reach, "joins raids in neighbouring hexes"), (card.amnesty, "may call Amnesty"),
                               (card.sacrifice, "may be sacrificed to cancel a raid round's damage"),
                               (card.capture, "captured, not destroyed")) if flag]
    if card.destroyed_counter:
        extra.append(f"leaves a {card.destroyed_counter.title()} counter when destroyed")
    return f"{title(ship_type)} (Move {card.move}, Fight {card.fight}{''.join('; ' + e for e in extra)})"


def faction_ships(game: Game, key: str) -> str:
    """A Starting Faction's ships, as its card lists them ("3 Raiders, 1 Secret Base")."""
    f = game.rules.factions[key]
    return ", ".join(count(k, title(t)) for t, k in f.ships.items())


def faction_effect(game: Game, key: Any, side: bool = True) -> str:
    """What a Starting Faction does: its side (unless ``side`` is False), how it scores, its abilities, its placements."""
    f = game.rules.factions.get(key) if isinstance(key, str) else None
    if f is None:
        return ""
    cost = game.rules.scoring.second_turn_cost
    parts = [f"Side: {SIDE_WORDS.get(f.allegiance, title(f.allegiance))}."] if side else []
    parts.append("Scores: " + "; ".join(condition_words(game, c) for c in f.scoring) + ".")
    abilities = [ABILITY_WORDS[a].format(cost=count(cost, "point")) for a in f.abilities if a in ABILITY_WORDS]
    if abilities:
        parts.append("Can: " + "; ".join(abilities) + ".")
    parts.append(f"Places ships in {count(f.placements, 'round')}.")
    return " ".join(parts)


def card_effect(game: Game, key: Any) -> str:
    """What a Faction card adds: the scoring it brings and what it forbids."""
    card = game.rules.faction_cards.get(key) if isinstance(key, str) else None
    if card is None:
        return ""
    text = "Adds: " + "; ".join(condition_words(game, c) for c in card.scoring) + "."
    if card.no_raid_same:
        text += f" May not raid another {faction_card_name(game, key)} player."
    return text


def place_name(game: Game, at: Any) -> str:
    """A ship's place in words: "centre of C4", "edge C4/C5", "upper left outer edge of A1"."""
    if not at:
        return "off the board"
    if "hex" in at:
        return f"centre of {hex_name(game, at['hex'])}"
    a, b = at["edge"]
    if b:
        return f"edge {hex_name(game, a)}/{hex_name(game, b)}"
    side = at.get("side")  # a hex has up to six outer edges: the side tells two ships on them apart
    return f"{EDGE_WORDS[side]} outer edge of {hex_name(game, a)}" if isinstance(side, int) and 0 <= side < 6 \
        else f"outer edge of {hex_name(game, a)}"


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
    sun = title(view["sun"]) if view.get("sun") else "not yet laid"
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
            blockades.append(f"{who(s['controller'])}'s {title(s['type'])} {_edge_words(game, at)}")  # not an event: the type of a ship in the view
    if blockades:
        lines.append("On edges (Blockades): " + "; ".join(blockades) + ".")
    captured = [f"{who(s['owner'])}'s {title(s['type'])} ({place_name(game, s.get('at'))})" for s in view.get("ships") or [] if s["state"] == "captured"]  # not an event: the type of a ship in the view
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
        faction = faction_name(game, st["faction"]) if st["faction"] else "no faction yet"
        card = f", {title(st['card'])} card" if st.get("card") else ""
        ships = sum(1 for s in view.get("ships") or [] if s["owner"] == p and s["state"] in ("board", "captured"))
        scoring = ", ".join(title(c) for c in st["scoring"]) or "nothing yet"
        lines.append(f"{p + 1}. {who(p)}{you}: {view['scores'][p]} point{'' if view['scores'][p] == 1 else 's'} · {faction}{card} · {ships} ship{'' if ships == 1 else 's'} · scores for {scoring}")
    types = sorted({s["type"] for s in view.get("ships") or []})  # not an event: the type of a ship in the view
    if types:
        lines.append("Ship types: " + ", ".join(f"{short(game, t)} {title(t)}" for t in types))
    d = view.get("decision")
    if d and not view.get("over"):
        lines.append(f"Waiting for {who(d.get('seat'))}: {PROMPTS.get(d['kind'], title(d['kind'])).split(':')[0].split(' (')[0]}")
        deciding = next((st for st in view["seats"] if st["seat"] == d.get("seat")), None)
        if d["kind"] == "redraw" and deciding and deciding.get("faction"):  # what keeping it means
            lines.append(f"  {faction_name(game, deciding['faction'])}: {faction_effect(game, deciding['faction'])}")
    if view.get("over"):
        lines.append("Game over: " + ", ".join(f"{who(p)} {x}" for p, x in enumerate(view["scores"])) + " points.")
    return "\n".join(lines)


class Say:
    """How Black Sun names things in the log: the naming context every event's ``words`` takes (events.py).

    Seats as the panels show them (``names``), else "Seat N" (seat numbers may come as text, the keys of
    an event's per-seat dicts); hexes by their map name; ships by type; factions and cards by title.
    """

    __slots__ = ("game", "names")

    def __init__(self, game: Game, names: Sequence[str] | None = None) -> None:
        self.game = game
        self.names = names

    def seat(self, seat: Any) -> str:
        return seat_name(self.names, seat)

    def hex(self, coord: Any) -> str:
        return hex_name(self.game, coord)

    def place(self, at: Any) -> str:
        """A ship's place (``{"hex": ...}`` or ``{"edge": ...}``): "centre of C4", "edge C4/C5"."""
        return place_name(self.game, at)

    def ship_type(self, key: Any) -> str:
        return ship_type_name(self.game, key)

    def ships(self, n: int) -> str:
        return count(n, "ship")

    def tile(self, code: str) -> str:
        return tile_name(self.game, code)

    def faction(self, key: Any) -> str:
        return faction_name(self.game, key)

    def faction_card(self, key: Any) -> str:
        return faction_card_name(self.game, key)

    def dice(self, dice: Any) -> str:
        return dice_words(dice)

    @staticmethod
    def title(key: str) -> str:
        return title(key)


def describe_event(game: Game, event: AnyEvent, names: Sequence[str] | None = None) -> str | None:
    """One sentence per event worth reading (each record says itself: events.py); None for bookkeeping."""
    return event.words(Say(game, names)) if isinstance(event, EventRecord) else None
