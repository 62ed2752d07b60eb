"""Empires of the Void in words for the log and the terminal: planet, ship, race and technology names.

A seat is named by its player's name when the front end passes ``names``, else by
its race once chosen ("Mystics of Siri"), else "Player 2". Places are named as the table's map
shows them: a space by its planet ("Tan Fu"), a home world by its owner ("the home world of
Collective 5"), a tile by its first planet ("the Tan Fu tile", the book names no tiles), a light
circle by the number the map draws in it ("circle 3 of the Tan Fu tile": the ports are numbered 1-6
in the tile's own frame, so the number turns with the tile), a tile's place by its direction ("the
north-east tile", which the map writes under the tile's name), a corner by the two tiles it touches. The terminal's galaxy
map first draws the tiles as they lie with the home worlds in their corners, then lists each tile
with its planets (and who holds them), the ships on each space and the lines leaving it. Every
event and every action has its words here (the log, the choices, the terminal).
"""

from __future__ import annotations

from typing import Any, Sequence

from voidtable.engine.actions import Action
from voidtable.engine.events import AnyEvent, EventRecord
from voidtable.engine.game import Game
from voidtable.engine.words import article

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
        owner = f"the home world of {seat_name(game, view, int(s[4:]), names)}"
        name = home_name(game, view, s)
        return f"{name}, {owner}" if name else owner
    tile, _, node = s.partition(".")
    if node[:1] in ("a", "p") and node[1:].isdigit():
        kind = "asteroid space" if node[0] == "a" else "circle"
        return f"{kind} {circle_number(node)} of {tile_name(game, tile)}"
    return f"the middle circle of {tile_name(game, tile)}"


def circle_number(node: str) -> int:
    """The number a light circle (port ``p0``..``p5``) or asteroid space (``a1``..) shows on the map: 1 to 6.

    The tiles' printed art is not in our copy, so the table numbers each tile's edge circles itself; an
    asteroid space carries the number of the edge circle it leads to.
    """
    return int(node[1:]) + 1


def tile_label(game: Game, tile: Any) -> str:
    """A tile as the map labels it: by its first planet (``Bindok II tile``, ``Pyrious tile``).

    The book gives the tiles no names; a planet printed on the tile names it wherever it lies or turns.
    """
    t = _r(game).tiles.get(str(tile))
    if t is None or not t.planets:
        return "tile"
    first = next(iter(t.planets.values()))
    return f"{_r(game).planet(first).name} tile" if first in _r(game).data.planets else "tile"


def tile_name(game: Game, tile: Any) -> str:
    """A tile in a sentence: ``the Bindok II tile``."""
    return f"the {tile_label(game, tile)}"


def home_name(game: Game, view: dict[str, Any] | None, home: str) -> str:
    """A home world's own name, when the view tells it: New Earth once terraformed, else its race's (Earth), else none."""
    if not view:
        return ""
    r = _r(game)
    if view.get("new_earth") == home:
        return r.data.new_earth.name
    races = view.get("races") or []
    seat = int(home[4:])
    race = races[seat] if seat < len(races) else ""
    return r.race(race).home if race in r.data.races else ""


def ship_name(game: Game, kind: Any) -> str:
    r = _r(game)
    return r.ship(kind).name if kind in r.data.ships else str(kind)


def tech_name(game: Game, key: Any) -> str:
    r = _r(game)
    return r.tech(key).name if key in r.data.techs else str(key)


TACTIC_NAMES = {
    "reroll": "Re-roll", "extra_action": "Extra Action", "credit": "One Credit", "credits": "Three Credits",
    "research_discount": "Cheaper Research", "ignore_trade_good": "Waived Trade Good", "step": "One Step",
    "free_move": "Free Move", "plus_two": "Plus Two", "cancel_attack": "Cancel Attack",
}
GOODS = {"metals": "Metals", "crystals": "Crystals", "life_forms": "Life Forms", "gas": "Gas", "artifacts": "Artifacts"}
OBSTACLES = {"asteroid": "asteroids", "mine": "a minefield", "ancient_defense": "ancient defences"}
DIRECTION = {(1, 0): "east", (1, -1): "north-east", (0, -1): "north-west", (-1, 0): "west", (-1, 1): "south-west",
             (0, 1): "south-east", (0, 0): "centre"}


def words(key: Any) -> str:
    """A key the book prints no name for, in plain words (``life_forms`` -> ``life forms``)."""
    return str(key).replace("_", " ")


def card_name(key: Any) -> str:
    kind, _, tactic = str(key).partition(".")
    return f"{kind.capitalize()} card ({TACTIC_NAMES.get(tactic, words(tactic))})"


def good_name(key: Any) -> str:
    return GOODS.get(str(key), words(key).title())


def where(h: Any) -> str:
    """A tile's place in the galaxy: ``the north-east tile``, ``the centre tile`` (the map labels each tile with it too)."""
    return f"the {DIRECTION.get(tuple(h), 'outer')} tile"


def direction(h: Any) -> str:
    """Where a tile lies, in one word or two: ``north-east``, ``centre``."""
    return DIRECTION.get(tuple(h), "outer")


def corner_name(h: Any) -> str:
    """A corner by the two ring tiles it touches: ``the corner between the east and south-east tiles``."""
    q, r = tuple(h)
    near = [d for (dq, dr), d in DIRECTION.items() if d != "centre" and abs(q - dq) + abs(r - dr) + abs(q + r - dq - dr) == 2]
    return "the corner between the " + " and ".join(near) + " tiles" if len(near) == 2 else "a corner"


def ship_token(game: Game, ship_id: Any, names: Sequence[str] | None = None) -> str:
    """A ship token by its kind and colour (``a Starfighter of Ana``, ``a Moth``)."""
    r = _r(game)
    if not isinstance(ship_id, int) or not 0 <= ship_id < len(r.tokens):
        return "a ship"
    tok = r.tokens[ship_id]
    colour = f" of {seat_name(game, None, tok.colour, names)}" if tok.colour >= 0 else ""
    return article(f"{ship_name(game, tok.kind)}{colour}")


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
                     f"{'?' if vp is None else vp} VP, {held} card{'' if held == 1 else 's'}; {techs}")
    lines.append("Galaxy:")
    lines.extend(map_rows(game, view, names))
    return "\n".join(lines)


def picture(game: Game, view: dict[str, Any], names: Sequence[str] | None = None) -> list[str]:
    """The tiles as they lie (pointy hexagons, rows offset by half a tile), then who sits at which corner."""
    cells = {tuple(t["hex"]): f"<{tile_label(game, t['tile'])[:-5][:10]}>" for t in view["tiles"]}
    homes = {tuple(h): p for p, h in enumerate(view.get("homes") or []) if h is not None}
    out = []
    for r in (-2, -1, 0, 1, 2):
        row = ""
        for q in range(-2, 3):
            x = (2 * q + r + 4) * 6
            label = cells.get((q, r))
            if label is None and (q, r) in homes:
                label = f"({seat_name(game, view, homes[(q, r)], names)[:10]})"
            if label is None:
                continue
            row = row.ljust(x) + label
        if row.strip():
            out.append("    " + row.rstrip())
    for h, p in sorted(homes.items(), key=lambda x: x[1]):
        own = home_name(game, view, f"home{p}")
        held = (view.get("planets") or {}).get(f"home{p}", {}).get("conqueror", -1)
        out.append(f"  home world of {seat_name(game, view, p, names)}" + (f" ({own})" if own else "")
                   + f", at {corner_name(h)}" + (f"; conquered by {seat_name(game, view, held, names)}" if held >= 0 else ""))
    return out


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
    rows = picture(game, view, names)
    for t in view["tiles"]:
        tile = r.tiles[t["tile"]]
        rows.append(f"  {tile_name(game, t['tile'])} ({direction(t['hex'])}), turned {t['rotation']}:")
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


class Say:
    """How Empires names things in the log: the naming context every event's ``words`` takes (events.py).

    Seats by the names the table passes (else "Player N"; the log does not know races yet when it
    speaks), places as the map shows them, ships, technologies, cards and races as printed.
    """

    __slots__ = ("game", "names")

    def __init__(self, game: Game, names: Sequence[str] | None = None) -> None:
        self.game = game
        self.names = names

    def seat(self, seat: Any) -> str:
        return seat_name(self.game, None, seat, self.names)

    def space(self, space: Any) -> str:
        return space_name(self.game, None, space, self.names)

    def race(self, key: str) -> str:
        return _r(self.game).race(key).name

    def tech(self, key: str) -> str:
        return tech_name(self.game, key)

    def ship(self, kind: str) -> str:
        return ship_name(self.game, kind)

    def a_ship(self, kind: str) -> str:
        return article(ship_name(self.game, kind))

    def token(self, ship_id: int) -> str:
        """A ship token by kind and colour: ``a Starfighter of Ana``."""
        return ship_token(self.game, ship_id, self.names)

    def card(self, key: str) -> str:
        return card_name(key)

    def a_card(self, key: str) -> str:
        return article(card_name(key))

    def tile(self, tile: str) -> str:
        return tile_name(self.game, tile)

    def place(self, h: Any) -> str:
        return where(h)

    def corner(self, h: Any) -> str:
        return corner_name(h)

    def sixths(self, n: int) -> str:
        return sixths(n)

    def ordinal(self, n: int) -> str:
        return ordinal(n)

    def new_earth(self) -> str:
        return _r(self.game).data.new_earth.name

    def event_card(self, card: str) -> str:
        """An event card by its printed name; a score card by its letter (``score card B``)."""
        if card.startswith("score_"):
            return f"score card {card[-1].upper()}"
        return _r(self.game).data.events.cards[card].name

    def target(self, target: Any) -> str:
        """What an attack aims at: a seat, or the planet, the Pirates, the infestation."""
        fixed = {"planet": "the planet", "pirates": "the Pirates", "infestation": "the infestation"}
        return fixed[target] if isinstance(target, str) and target in fixed else self.seat(target)

    def offer(self, give: Any, ask: Any, licence: str | None) -> str:
        return offer_words(self.game, give, ask, licence, self.names)

    def pre_round_order(self, choice: str, what: Any) -> str:
        return choice_words(self.game, choice, what, self.names)


def describe_event(game: Game, event: AnyEvent, names: Sequence[str] | None = None) -> str | None:
    """One sentence per event worth reading (each record says itself: events.py); None for bookkeeping (dice)."""
    return event.words(Say(game, names)) if isinstance(event, EventRecord) else None


def sixths(n: Any) -> str:
    """A turn of a tile in words (``one sixth``, ``two sixths``): a digit there would read as a tile's number."""
    word = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five"}.get(int(n), str(n))
    return f"{word} sixth{'' if int(n) == 1 else 's'}"


def ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def part_words(what: str, n: int) -> str:
    if what == "credits":
        return f"{n} credit{'s' if n != 1 else ''}"
    return f"{n} {card_name(what)}{'s' if n != 1 else ''}"


def offer_words(game: Game, give: Any, ask: Any, licence: Any, names: Sequence[str] | None = None) -> str:
    out = []
    if give:
        out.append(" and ".join(part_words(w, n) for w, n in give))
    wants = [part_words(w, n) for w, n in ask or []]
    if licence:
        wants.append(f"a licence for {good_name(licence)}")
    if wants:
        out.append(("for " if give else "nothing, asking ") + " and ".join(wants))
    return " ".join(out) or "nothing"


def choice_words(game: Game, choice: Any, what: Any, names: Sequence[str] | None = None) -> str:
    if choice == "research":
        return f"research {tech_name(game, what)}"
    if choice in ("build", "build_at_port"):
        return f"build {article(ship_name(game, what))}" + (" at the space port" if choice == "build_at_port" else "")
    if choice == "port_at":
        return f"build the space port at {space_name(game, None, what, names)}"
    if choice == "tactic" and isinstance(what, (list, tuple)) and what:
        return f"the Tactic {card_name(what[0])}"
    return words(choice)


def describe_action(game: Game, action: Action, names: Sequence[str] | None = None) -> str:
    r = _r(game)
    k, a = action.kind, action.arg
    if k == "race":
        return f"play the {r.race(a).name}"
    if k in ("build", "build_at_port"):
        return f"build {article(ship_name(game, a))}" + (" at the space port" if k == "build_at_port" else "")
    if k == "research":
        return f"research {tech_name(game, a)}"
    if k in ("to", "attack"):
        return f"{'move to' if k == 'to' else 'attack at'} {space_name(game, None, a, names)}"
    if k == "diplomacy":
        return f"diplomacy at {space_name(game, None, a[0], names)} with {a[1]} card{'s' if a[1] > 1 else ''}"
    if k == "target":
        return {"planet": "attack the planet", "pirates": "attack the Pirates", "infestation": "attack the infestation"}.get(
            a, f"attack {seat_name(game, None, a, names)}") if isinstance(a, str) else f"attack {seat_name(game, None, a, names)}"
    if k == "discard":
        return f"discard {article(card_name(a))}"
    if k == "tactic":
        extra = f", paying with {a[1]} card{'s' if a[1] > 1 else ''} of its other Tactic" if a[1] else ""
        return f"play the Tactic of {article(card_name(a[0]))}{extra}"
    if k in ("move", "carry", "casualty", "mind_control"):
        verb = {"move": "move", "carry": "carry", "casualty": "lose", "mind_control": "take over"}[k]
        return f"{verb} {ship_token(game, a, names)}"
    if k == "corner":
        return f"settle at {corner_name(a)}"
    if k == "rotate":
        return f"turn {where(a[0])} {sixths(a[1])} round"
    if k == "retreat":
        return f"retreat to {space_name(game, None, a, names)}" if a is not None else "retreat"
    if k in ("cover", "infest", "port_at"):
        verb = {"cover": "cover", "infest": "infest", "port_at": "build the space port at"}[k]
        return f"{verb} {space_name(game, None, a, names)}"
    if k == "take":
        return "conquer the planet" if a == "conquer" else "liberate the planet"
    if k == "swap":
        return f"swap your {card_name(a[0])} for the {card_name(a[1])}"
    if k == "offer_to":
        return f"make an offer to {seat_name(game, None, a, names)}"
    if k in ("offer_give", "offer_ask"):
        return f"{'give' if k == 'offer_give' else 'ask for'} {part_words(a[0], a[1])}"
    if k == "offer_licence":
        return f"ask for a licence for {good_name(a)}"
    fixed = {
        "no_rotate": "turn no tile", "build_done": "done building", "culture": "CULTURE: draw a card",
        "mine": "MINE: take a credit", "end_turn": "end the turn", "leave": "leave the planet as it is",
        "befriend_now": "befriend the planet now", "not_now": "not now", "extra_move": "buy a move costing no action",
        "stay": "stay and fight", "pass": "pass", "move_all": "Warp Gate: move every ship",
        "move_all_done": "done moving", "permit": "let it go", "refuse": "hold it", "stop": "end the move here",
        "offer_send": "send the offer",
        "accept": "accept the offer", "decline": "decline the offer", "pay_shooting_star": "pay to fire the Shooting Stars",
        "hold_fire": "hold fire",
    }
    return fixed.get(k, words(k))
