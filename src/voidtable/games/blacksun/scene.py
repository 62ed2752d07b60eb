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
the public rules data (ship cards, faction titles). Every name and sentence comes
from the game's words (text.py), so the map, the choices and the log say the same.
"""

from __future__ import annotations

from typing import Any, Sequence

from voidtable.engine.actions import Action
from voidtable.engine.game import Game
from voidtable.engine.hexgrid import DIRECTIONS
from voidtable.engine.words import count

from .actions import ACTIONS
from .board import tile_kind, tile_planet
from .text import (EDGE_WORDS, PROMPTS, SIDE_WORDS, card_effect, condition_words, describe_action, faction_card_name, faction_effect,
                   faction_name, faction_ships, hex_name, place_name, ship_card_words, short, title)

__all__ = ["build", "condition_words", "describe_action", "faction_card_part"]

TERRAIN_LABEL = {"sun": "Sun", "gas_giant": "Gas Giant", "asteroids": "Asteroids", "space": "", "planet": ""}


SHIP_WORDS = {"add_ship": "add {ship} to the fleet", "tow": "tow {ship}", "recentre": "move {ship} into the centre",
              "lose": "{ship} absorbs the lost dice", "sacrifice": "sacrifice {ship}", "lend": "lend {ship}", "recall": "recall {ship}"}


# ---------------------------------------------------------------- the scene


LEGEND_FILLS = (("sun", "Sun"), ("planet", "Planet"), ("asteroids", "Asteroids"), ("gas_giant", "Gas Giant"), ("space", "Space"),
                ("need", "Need counter"), ("crisis", "Crisis counter"))


def _legend(game: Game, names: Sequence[str], hexes: list[dict[str, Any]], ships: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """What the map's colours and letters mean: players, terrain and counters on this map, ship types in play."""
    out: list[dict[str, Any]] = [{"label": names[p], "seat": p} for p in range(len(names))]
    fills = {h["fill"] for h in hexes}
    out += [{"label": text, "fill": fill} for fill, text in LEGEND_FILLS if fill in fills]
    types = sorted({s["type"] for s in ships if s.get("at") is not None})  # not an event: the type of a ship in the view
    out += [{"label": f"{short(game, t)} = {title(t)}"} for t in types]
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
                  {"label": "Side", "value": SIDE_WORDS.get(f.allegiance, title(f.allegiance))}],
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
        where = f" ({place_name(game, s['at'])})" if s.get("at") else ""
        return f"{names[s['owner']] + chr(39) + 's ' if owner else ''}{title(s['type'])}{where}{flown}"  # not an event: the type of a ship in the view

    def yours(x: int) -> str:
        """A ship of this seat as "your Raider (centre of D7)"; anyone else's by its owner's name."""
        s = ship_by_id.get(x)
        return f"your {ship_words(x, owner=False)}" if s and s["owner"] == seat else ship_words(x)

    def label(a: Action) -> str:
        k, arg = a.kind, a.arg
        if k == "put":
            card = R.ships[arg[0]]
            return f"{title(arg[0])} (Move {card.move}, Fight {card.fight})" + (" in the centre" if arg[1] < 0 else f" on the {EDGE_WORDS[arg[1]]} edge")
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
            return f"take the {faction_card_name(game, arg)} card. {card_effect(game, arg)}"
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
            lbl = f"Planet {h['planet']}" if h.get("planet") else (title(h["sun"]) if kind == "sun" else TERRAIN_LABEL.get(kind, ""))
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
                    "label": f"Planet {tile_planet(t)}" if tile_planet(t) else title(t.partition(':')[2] or TERRAIN_LABEL.get(kind, kind))}
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
        card = R.ships.get(s["type"])  # not an event: the type of a ship in the view
        item = {
            "id": s["id"], "seat": s["controller"], "label": short(game, s["type"]),  # not an event: the type of a ship in the view
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
                pieces.append({"id": x, "seat": s["controller"], "label": short(game, s["type"]), "mark": "moving",  # not an event: the type of a ship in the view
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
        prompt = f"Keep your Starting Faction, the {faction_name(game, own['faction'])}, or redraw"
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
            {"label": "Faction", "value": faction_name(game, st["faction"]) if st["faction"] else "-",
             "hint": faction_effect(game, st["faction"]) or None},
            {"label": "Card", "value": title(st["card"]) if st["card"] else "none", "hint": card_effect(game, st["card"]) or None},
            {"label": "Allegiance", "value": "neither side" if st["allegiance"] == "none" else title(st["allegiance"]) if st["allegiance"] else "none yet"},
            {"label": "Scores for", "value": ", ".join(title(c) for c in st["scoring"]) or "-"},
            {"label": "Ships", "value": len(alive)},
        ]
        note = None
        if p == view.get("active"):
            note = "active player"
        if p in waiting and decision.get("kind"):
            note = "deciding: " + PROMPTS.get(decision["kind"], decision["kind"].replace("_", " ")).split(":")[0].split(" (")[0].lower()
        players.append({"seat": p, "name": names[p], "you": p == seat, "active": p in waiting, "note": note, "stats": stats})
    parts.append({"kind": "players", "id": "players", "title": "Players", "players": players})
    ship_items = [{"label": title(t), "value": f"Move {c.move}, Fight {c.fight}" + (" *" if c.capture else "")} for t, c in sorted(R.ships.items())]
    parts.append({"kind": "panel", "id": "ship-cards", "title": "Ship cards (* = captured, not destroyed)", "collapsed": True, "items": ship_items})

    turns = view.get("turns", 0)
    headline = (f"Turn {turns}" if turns else "Setup") + f" · first to {target} points"
    if view.get("sun"):
        headline += f" · {title(view['sun'])}"
    if view.get("final_turns") is not None:
        headline += " · final turns"
    other = None
    if decision.get("kind") and not mine:
        other = f"{names[decision['seat']]}: {PROMPTS.get(decision['kind'], decision['kind']).split(':')[0].split(' (')[0].lower()}"
    return {"title": game.spec.title, "headline": headline, "prompt": prompt, "status": other, "parts": parts}
