"""Black Sun at the table: a seat's view and legal actions as a generic scene (docs/web.md).

The map is a hex map: terrain, Need/Crisis counters, ships in hex centres and
on hex edges (Blockade positions). Every legal action lands on one element:
a hex (place, move from, step to, raid there, counters, retreat), a ship
(add to a fleet, re-centre, lose, lend, blockade raid), an edge or a hex
centre (where a placed or arriving ship sits), or a button for the rest.
Where one element stands for several actions (a hex with two possible raid
targets, a free edge that takes any of three ship types), it carries
``choices``: the page asks which one, the second step of a guided choice.

Everything on a Black Sun board is public; the view is the only input, plus
the public rules data (ship cards, faction titles).

Also here, as a fallback until the game has a text module: ``describe_action``
and ``describe_event`` (words for the log and the choices list).
"""

from __future__ import annotations

import re
from functools import partial
from typing import Any, Sequence

from voidtable.engine.actions import Action
from voidtable.engine.events import generic_event
from voidtable.engine.game import Game
from voidtable.engine.hexgrid import DIRECTIONS
from voidtable.engine.words import article, count

from .actions import ACTIONS
from .board import tile_kind, tile_planet

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
TERRAIN_LABEL = {"sun": "Sun", "gas_giant": "Gas Giant", "asteroids": "Asteroids", "space": "", "planet": ""}


def _title(text: str) -> str:
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


def _ship_type(game: Game, key: Any) -> str:
    return _title(str(key)) if key else "ship"


def _tile(game: Game, code: str) -> str:
    kind = tile_kind(code)
    if tile_planet(code):
        return f"Planet {tile_planet(code)}"
    return _title(code.partition(":")[2]) if kind == "sun" else _title(kind)


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
        return f"take the {_faction_card(game, a)} card"
    if k in HEX_WORDS:
        return HEX_WORDS[k].format(where="no planet" if a is None else where(a))
    if k in HEX_OR_NONE_WORDS:
        some, none = HEX_OR_NONE_WORDS[k]
        return none if a is None else some.format(where=where(a))
    if k == "put":
        return f"put {article(_ship_type(game, a[0]))} " + ("in the centre" if a[1] < 0 else f"on the {EDGE_WORDS[a[1]]} edge")
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
        return f"lay the {_tile(game, str(a))} tile"
    if isinstance(a, bool):
        word = {"consent": "allow it", "join": "join the raid", "amnesty": "declare Amnesty", "retreat": "retreat",
                "second_turn": "take a second turn", "end_story": "end the story"}.get(k, k.replace("_", " "))
        return word if a else "no: " + word.replace("allow it", "refuse")
    return k.replace("_", " ")


SHIP_WORDS = {"add_ship": "add {ship} to the fleet", "tow": "tow {ship}", "recentre": "move {ship} into the centre",
              "lose": "{ship} absorbs the lost dice", "sacrifice": "sacrifice {ship}", "lend": "lend {ship}", "recall": "recall {ship}"}
EDGE_WORDS = ("right", "upper right", "upper left", "left", "lower left", "lower right")  # DIRECTIONS, pointy-top


def _dice(dice: Any) -> str:
    return " + ".join(str(d) for d in dice) if isinstance(dice, (list, tuple)) else str(dice)


def _ships(n: int) -> str:
    return f"{n} ship" + ("" if n == 1 else "s")


def describe_event(game: Game, e: dict[str, Any], names: Sequence[str] | None = None) -> str | None:
    """One sentence per event worth reading; None for bookkeeping events."""
    t = e["type"]
    who = seat_name(names, e.get("seat"))
    name = partial(seat_name, names)
    where = partial(hex_name, game)
    if t == "setup_sun":
        return f"The Sun: {_title(e['sun'])}."
    if t in ("sun_drawn", "ships_issued", "setup_gas_giant_lottery", "hexes_dealt", "factions_dealt", "ships_unplaced"):
        return {"factions_dealt": "Starting Factions are dealt.", "hexes_dealt": "Hex tiles are dealt."}.get(t)
    if t == "system_ready":
        return "The stellar system is ready."
    if t == "faction_kept":
        return f"{who} keeps the {_faction(game, e.get('faction'))}."
    if t == "faction_redrawn":
        return f"{who} redraws: now the {_faction(game, e.get('faction') or e.get('to'))}."
    if t == "ship_placed":
        return f"{name(e['owner'])} places {article(_ship_type(game, e['ship_type']))} ({_where(game, e.get('at'))})."
    if t == "ship_recentred":
        return f"{name(e['owner'])}'s ship moves into the centre of {where(e['hex'])}."
    if t == "turn_start":
        return f"Turn {e['turn']}: {who}" + (" (second turn)" if e.get("second_turn") else "") + "."
    if t == "turn_skipped":
        return f"{who} rebuilds instead of playing the turn."
    if t == "rebuilt":
        return f"{who} rebuilds {_ships(len(e['ships']))} in {where(e['hex'])}."
    if t == "planet_roll":
        if e.get("planet") is None:
            return f"{who} rolls {_dice(e['dice'])} = {e['total']}: no planet."
        return f"{who} rolls {_dice(e['dice'])} = {e['total']}: Planet {e['planet']} ({where(e['hex'])}) goes from {e['from']} to {e['to']}."
    if t == "faction_changed":
        return f"{who} takes the {_faction_card(game, e['to'])} card."
    if t == "ship_lent":
        return f"{name(e['owner'])} lends a ship to {name(e['to'])}."
    if t == "ship_recalled":
        return f"{name(e['owner'])} recalls a ship from {name(e['from'])}."
    if t == "fleet_departs":
        tow = f", towing {len(e['towing'])}" if e.get("towing") else ""
        return f"{who}'s fleet of {_ships(len(e['ships']))}{tow} leaves {where(e['hex'])} (Move {e['move']})."
    if t == "ships_picked_up":
        return f"{who} picks up {_ships(len(e['ships']))}."
    if t == "fleet_step":
        return f"  ... to {where(e['to'])}" + (" across a Blockade" if e.get("blockade") else "") + f" ({e['left']} left)."
    if t == "fleet_arrives":
        run = f", running {count(e['blockades_run'], 'Blockade')}" if e.get("blockades_run") else ""
        return f"{who}'s fleet arrives at {where(e['hex'])}{run}."
    if t == "consent":
        return f"{who} {'lets' if e['willing'] else 'does not let'} {name(e['mover'])} move their ship."
    if t == "scored":
        return f"{who} scores {e['points']} for {_title(e['condition'])} (now {e['score']})."
    if t == "points_spent":
        return f"{who} spends {count(e['points'], 'point')} on a second turn (now {e['score']})."
    if t == "counter_placed":
        why = str(e.get("why") or "").replace("_", " ")
        return f"A {e['counter'].title()} counter on {where(e['hex'])}" + (f" ({why})." if why else ".")
    if t == "counter_removed":
        return f"{who} removes the {e['counter'].title()} counter from {where(e['hex'])}."
    if t == "destroyed":
        return f"{name(e['owner'])}'s {_ship_type(game, e['ship_type'])} is destroyed."
    if t == "captured":
        return f"{name(e['owner'])}'s ship is captured in {where(e['hex'])}" + (f" by {name(e['captor'])}" if "captor" in e else "") + "."
    if t == "capture_returned":
        return f"A captured ship returns to {name(e['owner'])} in {where(e['hex'])}."
    if t == "capture_return_blocked":
        return f"A captured ship cannot return in {where(e['hex'])}."
    if t == "target_reached":
        return f"{who} reaches {e['score']} points: every other player has one more turn."
    if t == "game_over":
        reason = re.sub(r"\bseat (\d+)", lambda m: name(int(m.group(1))), str(e.get("reason") or "").replace("_", " "))
        scores = ", ".join(f"{name(p)} {x}" for p, x in enumerate(e["scores"]))
        return f"Game over{f' ({reason})' if reason else ''}. Points: {scores}."
    if t == "raid":
        if e.get("kind") == "blockade":
            return f"{who} raids a blockading ship in {where(e['hex'])}."
        return f"{who} raids {name(e.get('defender'))} in {where(e['hex'])}."
    if t == "raid_joined":
        return f"{who} joins the raid with {_ships(len(e['ships']))}."
    if t == "amnesty":
        return f"{who} declares Amnesty: the raid stops."
    if t == "raid_roll":
        rolls = "; ".join(f"{name(q)} rolls {_dice(d)}" for q, d in (e.get("dice") or {}).items()) if isinstance(e.get("dice"), dict) else ""
        hits = ", ".join(f"{name(q)} {h}" for q, h in (e.get("hits") or {}).items())
        return f"Raid round {e.get('round')}" + (f": {rolls}" if rolls else "") + (f"; hits: {hits}" if hits else "") + "."
    if t == "sacrificed":
        return f"{who} sacrifices a ship to cancel this round's damage."
    if t == "round_negated":
        return f"Raid round {e['round']}: the damage is cancelled."
    if t == "raid_damage":
        lost = ", ".join(f"{name(q)} {x}" for q, x in (e.get("lost") or {}).items())
        return f"Raid round {e['round']} damage; dice lost so far: {lost}."
    if t == "retreat_declared":
        return f"{who} retreats from the raid."
    if t == "retreat_blocked":
        return f"{who} cannot retreat from {where(e['from'])}: the ships are lost."
    if t == "raid_over":
        return "The raid is over."
    if t == "setup_gas_giant":
        return f"A Gas Giant moves out to {where(e['hex'])}."
    if t == "setup_pattern":
        return "The hexes round the Sun are laid."
    if t == "setup_orbit":
        return f"The orbit of the Gas Giant at {where(e['gas_giant'])} is completed."
    if t == "roll_off":
        rolls = ", ".join(f"{name(q)} {_dice(r)}" for q, r in (e.get("rolls") or {}).items())
        return f"Roll-off ({str(e.get('for', '')).replace('_', ' ')}): {rolls}."
    if t in ("first_player", "story_player"):
        return f"{who} is the {t.replace('_', ' ')}."
    if t == "retreat":
        return f"{who} retreats from {where(e['from'])} to {where(e['to'])}."
    if t == "hex_laid":
        return f"{who} lays {_tile(game, str(e['tile']))} at {where(e['hex'])}."
    words = t.replace("_", " ")
    return f"{who}: {words}." if e.get("seat") is not None else words[:1].upper() + words[1:] + "."


def _faction_card(game: Game, key: Any) -> str:
    card = game.rules.faction_cards.get(key) if isinstance(key, str) else None
    return getattr(card, "title", None) or _title(str(key))


def _faction(game: Game, key: Any) -> str:
    f = game.rules.factions.get(key) if isinstance(key, str) else None
    return f.title if f else _title(str(key))


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
    return f"{_title(condition)}: {text}" if text else _title(condition)


def ship_card_words(game: Game, ship_type: str) -> str:
    """A ship card's numbers and any ability it carries, in a few words."""
    card = game.rules.ships.get(ship_type)
    if card is None:
        return _title(ship_type)
    extra = [w for flag, w in ((card.reach, "joins raids in neighbouring hexes"), (card.amnesty, "may call Amnesty"),
                               (card.sacrifice, "may be sacrificed to cancel a raid round's damage"),
                               (card.capture, "captured, not destroyed")) if flag]
    if card.destroyed_counter:
        extra.append(f"leaves a {card.destroyed_counter.title()} counter when destroyed")
    return f"{_title(ship_type)} (Move {card.move}, Fight {card.fight}{''.join('; ' + e for e in extra)})"


def faction_ships(game: Game, key: str) -> str:
    """A Starting Faction's ships, as its card lists them ("3 Raiders, 1 Secret Base")."""
    f = game.rules.factions[key]
    return ", ".join(count(k, _title(t)) for t, k in f.ships.items())


def faction_effect(game: Game, key: Any, side: bool = True) -> str:
    """What a Starting Faction does: its side (unless ``side`` is False), how it scores, its abilities, its placements."""
    f = game.rules.factions.get(key) if isinstance(key, str) else None
    if f is None:
        return ""
    cost = game.rules.scoring.second_turn_cost
    parts = [f"Side: {SIDE_WORDS.get(f.allegiance, _title(f.allegiance))}."] if side else []
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
        text += f" May not raid another {_faction_card(game, key)} player."
    return text


def _where(game: Game, at: Any) -> str:
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


# ---------------------------------------------------------------- the scene


LEGEND_FILLS = (("sun", "Sun"), ("planet", "Planet"), ("asteroids", "Asteroids"), ("gas_giant", "Gas Giant"), ("space", "Space"),
                ("need", "Need counter"), ("crisis", "Crisis counter"))


def _legend(game: Game, names: Sequence[str], hexes: list[dict[str, Any]], ships: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """What the map's colours and letters mean: players, terrain and counters on this map, ship types in play."""
    out: list[dict[str, Any]] = [{"label": names[p], "seat": p} for p in range(len(names))]
    fills = {h["fill"] for h in hexes}
    out += [{"label": text, "fill": fill} for fill, text in LEGEND_FILLS if fill in fills]
    types = sorted({s["type"] for s in ships if s.get("at") is not None})
    out += [{"label": f"{short(game, t)} = {_title(t)}"} for t in types]
    out.append({"label": "each hex: its name (row letter, column), terrain; ships sit in the centre or on the edges (Blockades)"})
    return out


def faction_card_part(game: Game, key: str, keep: list[Action], label: Any) -> dict[str, Any]:
    """The Starting Faction card a player weighs before keeping it: its ships, side and what it scores and can do.

    Clicking the card keeps it (``keep``: the keep action, if legal); redrawing stays a button beside it.
    """
    f = game.rules.factions[key]
    card: dict[str, Any] = {
        "id": f"faction-{key}", "title": f.title, "kind": "faction", "tag": "Starting Faction",
        "stats": [{"label": "Ships", "value": faction_ships(game, key)},
                  {"label": "Side", "value": SIDE_WORDS.get(f.allegiance, _title(f.allegiance))}],
        "text": faction_effect(game, key, side=False) + " Ships: " + "; ".join(ship_card_words(game, t) for t in f.ships) + ".",
    }
    if keep:
        card["action"] = keep[0].to_json()
        card["hint"] = label(keep[0])
    return {"kind": "cards", "id": "starting-faction", "title": "Your Starting Faction", "cards": [card]}


def build(game: Game, view: dict[str, Any], legal: list[Action], seat: int | None, names: Sequence[str]) -> dict[str, Any]:
    R = game.rules
    decision = view.get("decision") or {}
    dkind = decision.get("kind")
    mine = legal and decision.get("seat") == seat
    board = view.get("board") or []
    coords = [tuple(h["hex"]) for h in board]
    ships = view.get("ships") or []

    # where each action goes: a hex, a ship, an edge, or a button
    at_hex: dict[tuple[int, ...], list[Action]] = {}
    at_ship: dict[int, list[Action]] = {}
    at_edge: dict[tuple[int, ...], list[Action]] = {}
    buttons: list[Action] = []

    def decision_hex(name: str) -> tuple[int, ...] | None:
        """The coordinates of a hex field of the pending decision (``hex``, ``origin``, ``pos``), if it has one."""
        h = decision.get(name)
        return coords[h] if isinstance(h, int) and not isinstance(h, bool) and 0 <= h < len(coords) else None

    # ships drawn on the map (others, e.g. captured ones, are chosen with buttons)
    drawn = {s["id"] for s in ships if s.get("at") is not None and s["state"] in ("board", "captured")}
    controller = {s["id"]: s["controller"] for s in ships}
    for a in legal:
        target, value = ACTIONS.route(a)
        if value is None or target == "button":
            buttons.append(a)
        elif target == "hex":
            at_hex.setdefault(tuple(value), []).append(a)
        elif target == "ship":
            asks = a.kind == "add_ship" and value in controller and controller[value] != seat
            # another player's ship joins a fleet only if that player agrees: asking is a button that says so,
            # and the map lights only what this seat can take itself
            (at_ship.setdefault(value, []) if value in drawn and not asks else buttons).append(a)
        elif target == "edge":  # a slot of the hex the decision is about: its centre (-1) or an edge
            h = decision_hex("hex")  # place_ships and arrange name the hex they are about
            if h is None:
                buttons.append(a)
            elif value < 0:
                at_hex.setdefault(h, []).append(a)
            else:
                at_edge.setdefault((h[0], h[1], value), []).append(a)
        else:
            buttons.append(a)

    ship_by_id = {s["id"]: s for s in ships}

    def ship_words(x: int, owner: bool = True) -> str:
        """A ship as players tell it apart: owner (unless ``owner`` is False: "your ..."), type, where it is, who flies it."""
        s = ship_by_id.get(x)
        if not s:
            return "a ship"
        flown = "" if s["owner"] == s["controller"] else f", flown by {names[s['controller']]}"
        where = f" ({_where(game, s['at'])})" if s.get("at") else ""
        return f"{names[s['owner']] + chr(39) + 's ' if owner else ''}{_title(s['type'])}{where}{flown}"

    def yours(x: int) -> str:
        """A ship of this seat as "your Raider (centre of D7)"; anyone else's by its owner's name."""
        s = ship_by_id.get(x)
        return f"your {ship_words(x, owner=False)}" if s and s["owner"] == seat else ship_words(x)

    def label(a: Action) -> str:
        k, arg = a.kind, a.arg
        if k == "put":
            card = R.ships[arg[0]]
            return f"{_title(arg[0])} (Move {card.move}, Fight {card.fight})" + (" in the centre" if arg[1] < 0 else f" on the {EDGE_WORDS[arg[1]]} edge")
        if k == "raid":
            return f"raid {names[arg[1]]} in {hex_name(game, arg[0])}"
        if k == "raid_blockade":  # which blockading ship, and which of this seat's ships raids it
            return f"raid {ship_words(arg[2])} with {yours(arg[1])}"
        if k == "tow_raid":
            return f"capture {yours(arg[1])} to tow it"
        if k == "add_ship" and controller.get(arg, seat) != seat:
            return f"ask {names[controller[arg]]} to let their {ship_words(arg, owner=False)} join your fleet (they may say no)"
        if k == "add_ship":
            return f"add {yours(arg)} to the fleet"
        if k == "take_card":
            return f"take the {_faction_card(game, arg)} card. {card_effect(game, arg)}"
        if k == "tow":
            return f"tow {ship_words(arg)}"
        if k in SHIP_WORDS and isinstance(arg, int):
            return SHIP_WORDS[k].format(ship=ship_words(arg))
        if k == "lend_to" or k == "aim":
            return ("lend it to " if k == "lend_to" else "aim at ") + names[arg]
        if k == "consent" and "mover" in decision:
            return (f"let {names[decision['mover']]} move your {ship_words(decision['ship'], owner=False)}" if arg
                    else f"refuse: {names[decision['mover']]} may not move it")
        text = describe_action(game, a, names)
        return text[:1].upper() + text[1:]

    def clickable(item: dict[str, Any], acts: list[Action] | None, title: str) -> dict[str, Any]:
        if not acts:
            return item
        if len(acts) == 1:
            item["action"] = acts[0].to_json()
            item["hint"] = label(acts[0])
        else:
            item["choices"] = [{"label": label(a), "action": a.to_json()} for a in acts]
            item["hint"] = title
        return item

    # -- the map -------------------------------------------------------------------------
    status = {tuple(h): x for h, x in view.get("status") or []}
    hexes = []
    if board:
        for h in board:
            c = tuple(h["hex"])
            kind = h["kind"]
            lbl = f"Planet {h['planet']}" if h.get("planet") else (_title(h["sun"]) if kind == "sun" else TERRAIN_LABEL.get(kind, ""))
            item: dict[str, Any] = {"q": c[0], "r": c[1], "fill": kind, "label": lbl, "name": hex_name(game, c)}
            if c in status:
                item["sub"] = status[c].upper()
                item["fill"] = status[c]
            clickable(item, at_hex.pop(c, None), f"{hex_name(game, c)}: choose")
            hexes.append(item)
    manual = view.get("manual_setup")
    if manual:
        for q, r, t in manual["tiles"]:
            kind = tile_kind(t)
            item = {"q": q, "r": r, "fill": kind, "name": hex_name(game, (q, r)),
                    "label": f"Planet {tile_planet(t)}" if tile_planet(t) else _title(t.partition(':')[2] or TERRAIN_LABEL.get(kind, kind))}
            clickable(item, at_hex.pop((q, r), None), "choose")
            hexes.append(item)
        for q, r in manual["open_slots"]:
            item = {"q": q, "r": r, "fill": "open", "label": "open", "name": hex_name(game, (q, r))}
            clickable(item, at_hex.pop((q, r), None), "choose")
            hexes.append(item)
    known: set[tuple[int, ...]] = {(h["q"], h["r"]) for h in hexes}
    for c, acts in list(at_hex.items()):  # an action on a hex not drawn (should not happen): still offer it
        item = {"q": c[0], "r": c[1], "fill": "open", "label": "?"}
        clickable(item, acts, "choose")
        hexes.append(item)
        known.add(c)
    at_hex.clear()

    pieces = []
    rim_used: dict[tuple[int, ...], set[int]] = {}
    moving: set[int] = set()
    if dkind in ("pick", "walk", "retreat_pick", "retreat_to"):
        moving = set(decision.get("fleet") or ())
    for s in ships:
        at = s.get("at")
        if at is None or s["state"] not in ("board", "captured"):
            continue
        card = R.ships.get(s["type"])
        item = {
            "id": s["id"], "seat": s["controller"], "label": short(game, s["type"]),
            "title": ship_words(s["id"]) + (f": Move {card.move}, Fight {card.fight}" if card else "")
            + (" (captured)" if s["state"] == "captured" else ""),
        }
        if s["state"] == "captured":
            item["mark"] = "captured"
        elif s["id"] in moving:
            item["mark"] = "moving"
        if "hex" in at:
            item["at"] = {"hex": at["hex"]}
        else:
            a, b = at["edge"]
            if isinstance(at.get("side"), int):  # the view says which side of its first hex the edge is
                d = at["side"]
            elif b is not None:
                d = DIRECTIONS.index((b[0] - a[0], b[1] - a[1]))
            else:  # an older view without "side": the first free rim direction
                used = rim_used.setdefault(tuple(a), set())
                rim = [d for d, (dq, dr) in enumerate(DIRECTIONS) if (a[0] + dq, a[1] + dr) not in known and d not in used] or [0]
                d = rim[0]
                used.add(d)
            item["at"] = {"edge": [a[0], a[1], d]}
        item["hint"] = item["title"]
        clickable(item, at_ship.pop(s["id"], None), ship_words(s["id"]) + ": choose")
        pieces.append(item)
    if dkind == "walk":  # the fleet on its way (lifted off the board)
        pos = decision_hex("pos")
        for x in decision.get("fleet") or ():
            s = ship_by_id.get(x)
            if s and pos:
                pieces.append({"id": x, "seat": s["controller"], "label": short(game, s["type"]), "mark": "moving",
                               "at": {"hex": list(pos)}, "title": ship_words(x) + " (moving)", "hint": ship_words(x) + " (moving)"})
    for x, acts in at_ship.items():  # ships not on the board (e.g. a raid's ships off-map): buttons
        buttons.extend(acts)
    edges = []
    for (q, r, d), acts in at_edge.items():
        side = f"the {EDGE_WORDS[d]} edge of {hex_name(game, (q, r))}"
        edges.append(clickable({"at": [q, r, d], "label": side}, acts, f"{side[:1].upper()}{side[1:]}: which ship?"))

    parts: list[dict[str, Any]] = []
    highlight = decision_hex("origin") if dkind in ("pick", "walk", "retreat_pick", "retreat_to") else None
    if highlight:
        for drawn_hex in hexes:
            if (drawn_hex["q"], drawn_hex["r"]) == highlight:
                drawn_hex["highlight"] = True
    if hexes:
        legend = _legend(game, names, hexes, ships)
        parts.append({"kind": "hexmap", "id": "map", "title": "The stellar system", "hexes": hexes, "pieces": pieces,
                      "edges": edges, "legend": legend})

    # -- what is being decided ---------------------------------------------------------------
    prompt = PROMPTS.get(dkind or "", "Decide") if mine else None
    own = next((st for st in view.get("seats") or [] if st["seat"] == seat), None)
    if mine and dkind == "redraw" and own and own.get("faction"):
        prompt = f"Keep your Starting Faction, the {_faction(game, own['faction'])}, or redraw"
        keep = [a for a in buttons if a.kind == "keep_faction"]
        buttons = [a for a in buttons if a.kind != "keep_faction"]
        parts.insert(0, faction_card_part(game, own["faction"], keep, label))
    if mine and dkind == "walk" and "mp" in decision:
        prompt = f"{prompt} ({count(decision['mp'], 'move')} left)"
    if mine and dkind == "consent" and "mover" in decision:
        prompt = f"{names[decision['mover']]} wants to move your {ship_words(decision['ship'], owner=False)}: allow it?"
    if buttons:
        parts.insert(0 if not parts or parts[0]["kind"] != "cards" else 1, {"kind": "buttons", "id": "decision", "title": prompt or "Choices",
                         "buttons": [{"label": label(a), "action": a.to_json()} for a in buttons]})

    # -- scores, players, raid --------------------------------------------------------------------
    target = view["target"]
    scores = view["scores"]
    parts.append({"kind": "track", "id": "scores", "title": f"Points (first to {target})", "min": 0,
                  "max": max(target, *scores) + 1, "line": {"value": target, "label": f"target {target}"},
                  "marks": [{"value": scores[p], "label": names[p], "seat": p} for p in range(len(names))]})
    roll = view.get("last_roll")
    if roll:
        where = f"Planet {roll['planet']}" if roll.get("planet") else "no planet has that number"
        planet_hex = next((h for h in hexes if roll.get("planet") and h.get("label") == f"Planet {roll['planet']}"), None)
        if planet_hex is not None:
            where += f" ({planet_hex['name']})"
        parts.append({"kind": "dice", "id": "planet-roll", "title": f"Last planet roll: {names[roll['seat']]}",
                      "dice": list(roll["dice"]), "total": roll["total"], "note": where})
    raid = view.get("raid")
    if raid:
        items = [{"label": "Where", "value": f"{hex_name(game, raid['hex'])} ({raid['kind'].replace('_', ' ')})"},
                 {"label": "Round", "value": raid["round"]}]
        for q in raid["participants"]:
            items.append({"label": names[int(q)], "value": f"{raid['dice'][str(q)] - raid['lost'][str(q)]} dice left of {raid['dice'][str(q)]}"
                          + (" (out)" if int(q) in raid["out"] else "")})
        parts.append({"kind": "panel", "id": "raid", "title": "Raid", "items": items})
    players = []
    waiting = set(view["to_move"])
    for st in view["seats"]:
        p = st["seat"]
        alive = [s for s in ships if s["owner"] == p and s["state"] in ("board", "captured")]
        stats = [
            {"label": "Points", "value": scores[p]},
            {"label": "Faction", "value": _faction(game, st["faction"]) if st["faction"] else "-",
             "hint": faction_effect(game, st["faction"]) or None},
            {"label": "Card", "value": _title(st["card"]) if st["card"] else "none", "hint": card_effect(game, st["card"]) or None},
            {"label": "Allegiance", "value": "neither side" if st["allegiance"] == "none" else _title(st["allegiance"]) if st["allegiance"] else "none yet"},
            {"label": "Scores for", "value": ", ".join(_title(c) for c in st["scoring"]) or "-"},
            {"label": "Ships", "value": len(alive)},
        ]
        note = None
        if p == view.get("active"):
            note = "active player"
        if p in waiting and decision.get("kind"):
            note = "deciding: " + PROMPTS.get(decision["kind"], decision["kind"].replace("_", " ")).split(":")[0].split(" (")[0].lower()
        players.append({"seat": p, "name": names[p], "you": p == seat, "active": p in waiting, "note": note, "stats": stats})
    parts.append({"kind": "players", "id": "players", "title": "Players", "players": players})
    ship_items = [{"label": _title(t), "value": f"Move {c.move}, Fight {c.fight}" + (" *" if c.capture else "")} for t, c in sorted(R.ships.items())]
    parts.append({"kind": "panel", "id": "ship-cards", "title": "Ship cards (* = captured, not destroyed)", "collapsed": True, "items": ship_items})

    turns = view.get("turns", 0)
    headline = (f"Turn {turns}" if turns else "Setup") + f" · first to {target} points"
    if view.get("sun"):
        headline += f" · {_title(view['sun'])}"
    if view.get("final_turns") is not None:
        headline += " · final turns"
    other = None
    if decision.get("kind") and not mine:
        other = f"{names[decision['seat']]}: {PROMPTS.get(decision['kind'], decision['kind']).split(':')[0].split(' (')[0].lower()}"
    return {"title": game.spec.title, "headline": headline, "prompt": prompt, "status": other, "parts": parts}
