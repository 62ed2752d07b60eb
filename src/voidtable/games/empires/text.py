"""Empires of the Void in words for the log and the terminal: planet, ship, race and technology names.

A seat is named by its player's name when the front end passes ``names``, else by
its race once chosen ("Mystics of Siri"), else "Player 2". A space is named by its
planet ("Tan Fu"), a home world by its owner ("home of Collective 5"), a light
circle by its number on its tile ("circle 2 of tile 3": the ports are numbered by side). The terminal's galaxy map lists
each tile with its planets (and who holds them) and the lines leaving each space.
"""

from __future__ import annotations

from typing import Any, Sequence

from voidtable.engine.actions import Action
from voidtable.engine.events import Event, generic_event
from voidtable.engine.game import Game

from .data import Rules


def _r(game: Game) -> Rules:
    rules: Rules = game.rules
    return rules


def seat_name(game: Game, view: dict[str, Any] | None, seat: Any, names: Sequence[str] | None = None) -> str:
    if not isinstance(seat, int) or not 0 <= seat < game.players:
        return str(seat)
    if names and seat < len(names) and names[seat]:
        return names[seat]
    races = (view or {}).get("races") or []
    if seat < len(races) and races[seat]:
        return _r(game).race(races[seat]).name
    return f"Player {seat + 1}"


def space_name(game: Game, view: dict[str, Any] | None, space: Any, names: Sequence[str] | None = None) -> str:
    r = _r(game)
    s = str(space)
    if s in r.data.planets:
        return r.planet(s).name
    if s.startswith("home"):
        return f"the home world of {seat_name(game, view, int(s[4:]), names)}"
    tile, _, node = s.partition(".")
    if node.startswith("a"):
        return f"asteroid space {node[1:]} of tile {tile[1:]}"
    if node.startswith("p"):
        return f"circle {node[1:]} of tile {tile[1:]}"
    return f"the middle circle of tile {tile[1:]}"


def ship_name(game: Game, kind: Any) -> str:
    r = _r(game)
    return r.ship(kind).name if kind in r.data.ships else str(kind)


def tech_name(game: Game, key: Any) -> str:
    r = _r(game)
    return r.tech(key).name if key in r.data.techs else str(key)


def card_name(key: Any) -> str:
    kind, _, tactic = str(key).partition(".")
    return f"{kind.capitalize()} card ({tactic.replace('_', ' ')})"


def render(game: Game, view: dict[str, Any], names: Sequence[str] | None = None) -> str:
    """The round, every empire, then the galaxy tile by tile."""
    r = _r(game)
    lines = [f"Round {view['round']} of {r.g.rounds}" + (" (game over)" if view.get("over") else "")]
    for p in range(game.players):
        vp = view["vp"][p]
        hand = view["hands"][p]
        held = len(hand) if isinstance(hand, list) else hand
        techs = ", ".join(tech_name(game, t) for t in view["techs"][p]) or "no technology"
        lines.append(f"  {seat_name(game, view, p, names)}: {view['credits'][p]} credits, "
                     f"{'?' if vp is None else vp} VP, {held} cards; {techs}")
    lines.append("Galaxy:")
    lines.extend(map_rows(game, view, names))
    return "\n".join(lines)


def map_rows(game: Game, view: dict[str, Any], names: Sequence[str] | None = None) -> list[str]:
    r = _r(game)
    planets = view["planets"]
    by_space: dict[str, list[str]] = {}
    for sh in view["ships"]:
        by_space.setdefault(sh["space"], []).append(
            f"{ship_name(game, sh['kind'])} ({seat_name(game, view, sh['owner'], names)})")
    links: dict[str, list[str]] = {}
    for a, b, obstacle in view["lines"]:
        mark = f" [{obstacle.replace('_', ' ')}]" if obstacle else ""
        links.setdefault(a, []).append(space_name(game, view, b, names) + mark)
        links.setdefault(b, []).append(space_name(game, view, a, names) + mark)
    rows = []
    for t in view["tiles"]:
        tile = r.tiles[t["tile"]]
        rows.append(f"  tile {t['tile'][1:]} at {tuple(t['hex'])}, turned {t['rotation']}:")
        for node in tile.nodes:
            space = tile.planets.get(node, f"{t['tile']}.{node}")
            if space not in links:
                continue
            state = ""
            if space in planets:
                p = planets[space]
                holder = p["conqueror"] if p["conqueror"] >= 0 else p["ally"]
                state = f" ({p['state'].replace('_', ' ')}" + (
                    f", {seat_name(game, view, holder, names)}" if holder >= 0 else "") + ")"
            elif space in view.get("covered", []):
                state = " (covered)"
            ships = by_space.get(space, [])
            rows.append(f"    {space_name(game, view, space, names)}{state}"
                        + (f": {', '.join(ships)}" if ships else "")
                        + f" -> {'; '.join(links[space])}")
    return rows


def describe_event(game: Game, event: Event, names: Sequence[str] | None = None) -> str | None:
    t = event.get("type")
    who = seat_name(game, None, event.get("seat"), names)

    def sp(k: str) -> str:
        return space_name(game, None, event.get(k), names)

    if t == "rolled":
        return None
    if t == "race":
        return f"{who} plays the {_r(game).race(event['race']).name}"
    if t == "built":
        return f"{who} builds a {ship_name(game, event['ship'])} at {sp('space')}"
    if t == "researched":
        return f"{who} researches {tech_name(game, event['tech'])} for {event['cost']} credits"
    if t == "moved":
        return f"{who} moves a {ship_name(game, event['ship'])} from {sp('frm')} to {sp('to')}"
    if t == "attack":
        target = event["target"]
        what = f"the planet {sp('space')}" if target == "planet" else (
            str(target) if isinstance(target, str) else seat_name(game, None, target, names))
        return f"{who} attacks {what} at {sp('space')}"
    if t == "destroyed":
        return f"{who} loses a {ship_name(game, event['ship'])}"
    if t in ("conquered", "allied", "liberated", "regained", "infested"):
        return f"{who} has {t} {space_name(game, None, event['planet'], names)}"
    if t == "diplomacy":
        result = "succeeds" if event["success"] else "fails"
        return (f"{who} tries diplomacy at {space_name(game, None, event['planet'], names)} with {event['cards']} "
                f"cards: {event['total']} against {event['target']}, {result}")
    if t == "income":
        return f"{who} collects {event['credits']} credits"
    if t == "event_card":
        card = str(event["card"])
        name = "a score card" if card.startswith("score_") else _r(game).data.events.cards[card].name
        return f"Event of round {event['round']}: {name}"
    if t == "scored":
        return f"{who} scores {event['gained']} VP ({event['total']} in all)"
    if t == "round":
        return f"Round {event['round']} begins"
    return generic_event(event)


def describe_action(game: Game, action: Action, names: Sequence[str] | None = None) -> str:
    k, a = action.kind, action.arg
    if k == "race":
        return f"play the {_r(game).race(a).name}"
    if k in ("build", "build_at_port"):
        return f"build a {ship_name(game, a)}" + (" at the space port" if k == "build_at_port" else "")
    if k == "research":
        return f"research {tech_name(game, a)}"
    if k in ("to", "attack"):
        return f"{'move to' if k == 'to' else 'attack at'} {space_name(game, None, a, names)}"
    if k == "diplomacy":
        return f"diplomacy at {space_name(game, None, a[0], names)} with {a[1]} card{'s' if a[1] > 1 else ''}"
    if k == "target":
        return "the planet" if a == "planet" else (str(a) if isinstance(a, str) else seat_name(game, None, a, names))
    if k == "discard":
        return f"discard a {card_name(a)}"
    if k == "tactic":
        return f"play the Tactic of a {card_name(a[0])}"
    return k.replace("_", " ") + ("" if a is None else f" {a}")
