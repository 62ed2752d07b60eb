"""The main game in words for the log and the terminal: names as on the components, never keys or ids.

A seat is its player's name when the front end passes ``names``, else "Race 1",
"Race 2" ...; a place is named by what lies there and a number ("blue planet
12", "face-down space 40"); a ship by its owner and design ("Race 2's
Frigate 3": the third piece of that hull); a building, technology or card by its
printed name. ``render`` draws the galaxy as text rows of hexes with a key, then
each race's bank, technologies and votes.
"""

from __future__ import annotations

from typing import Any, Sequence

from voidtable.engine.actions import Action
from voidtable.engine.events import AnyEvent, EventRecord, generic_event
from voidtable.engine.game import Game
from voidtable.engine.words import article

from ..battle import slots
from ..battle_events import BattleEvent, BattleOver, Destroyed, Disabled, Fled, Moved, Shot
from .data import MainRules

KIND_WORDS = {"green": "green planet", "blue": "blue planet", "yellow": "yellow planet", "red": "red planet",
              "moon": "moon", "black_hole": "black hole", "asteroid": "asteroid field", "empty": "empty space",
              "home": "home world", "wormhole_a": "violet wormhole", "wormhole_b": "amber wormhole",
              "wormhole_c": "teal wormhole", "twin": "twin planet", "": "face-down space"}
MAP_SYMBOLS = {"green": "G", "blue": "B", "yellow": "Y", "red": "R", "moon": "m", "black_hole": "@",
               "asteroid": "*", "empty": ".", "home": "H", "wormhole_a": "v", "wormhole_b": "a", "wormhole_c": "t", "twin": "T",
               "": "?"}
VICTORY_WORDS = {"tribunal": "tribunal terms", "secret": "the secret of life", "military": "being the last race standing",
                 "twin": "the twin planets", "limit": "the cycle limit (the most votes)"}
TERRAIN_WORDS = {"plains": "plains", "mineral": "mineral land", "energy": "energy field", "water": "water",
                 "barren": "barren land", "bonus": "a bonus find", "": "unexplored land"}


def _m(game: Game) -> MainRules:
    m: MainRules = game.rules
    return m


def seat_name(game: Game, seat: Any, names: Sequence[str] | None = None) -> str:
    if seat == game.players:
        return "the neutral ships"
    if not isinstance(seat, int) or not 0 <= seat < game.players:
        return "nobody"
    if names is not None and seat < len(names):
        return str(names[seat])
    return f"Race {seat + 1}"


def kind_words(kind: str) -> str:
    return KIND_WORDS.get(kind, kind.replace("_", " "))


def place_name(view: dict[str, Any] | None, place: Any) -> str:
    kind = view["kinds"][place] if view is not None and isinstance(place, int) else ""
    return f"{kind_words(kind)} {place}" if view is not None else f"space {place}"


def ship_name(game: Game, ship_id: Any, design: str | None = None, names: Sequence[str] | None = None) -> str:
    m = _m(game)
    if not isinstance(ship_id, int):
        return "a ship"
    per = slots(m.ships)
    seat, k = divmod(ship_id, per)
    hull_name = "ship"
    for h in m.ships.hulls.values():
        if k < h.pieces:
            hull_name = h.name
            break
        k -= h.pieces
    what = m.ships.designs[design].name if design in m.ships.designs else hull_name
    return f"{seat_name(game, seat, names)}'s {what} {k + 1}"


def building_name(game: Game, key: str) -> str:
    b = _m(game).buildings.get(key)
    return b.name if b is not None else key.replace("_", " ")


def tech_name(game: Game, key: str) -> str:
    t = _m(game).techs.get(key)
    return t.name if t is not None else key.replace("_", " ")


def _and(items: Sequence[str]) -> str:
    return ", ".join(items[:-1]) + " and " + items[-1] if len(items) > 1 else "".join(items)


def tech_effect(game: Game, key: str) -> str:
    """What a technology does, in words, from its rules data: shown on its card so a buyer can weigh it."""
    m = _m(game)
    t = m.techs.get(key)
    if t is None:
        return ""
    places = "place" if t.amount == 1 else "places"
    makers = [b.name.lower() for b in m.buildings.values() if b.produces == t.resource]
    said = {
        "hospitable": f"Lets you found colonies on {t.colour} planets" + (" and moons" if t.colour == "blue" else ""),
        "output": f"Each working {' or '.join(makers) or 'building'} makes {t.amount} more {t.resource} a production"
                  f" (base {m.data.production.per_building})",
        "engines": f"Every ship of yours flies {t.amount} more {places} a move",
        "range": f"You may explore {t.amount} more {places} away from friendly planets",
        "scan": f"A scan reveals {t.amount} squares ({m.data.movement.scan_base} without scanners)",
        "secret": "Its owner wins at the end of the cycle",
        "fighter_computer": f"Your fighters get computer {t.amount}, at once",
        "fighter_jammer": f"Your fighters get jammer {t.amount}, at once",
    }.get(t.effect, "")
    tiles = [m.ships.tiles[k].name for k, tech in m.data.tile_techs.items() if tech == key and k in m.ships.tiles]
    cards = [card_name(game, c) for c, needs in m.cards.items() if key in needs]
    unlocks = ([f"fit {_and(tiles)}"] if tiles else []) + ([f"build {_and(cards)}"] if cards else [])
    return "; ".join(([said] if said else []) + (["Lets you " + ", and ".join(unlocks)] if unlocks else []))


#: What the buildings the rules know by key do (the rest say it through their data: produces, dock, wonder).
BUILDING_WORDS = {"habitat": "Keeps {capacity} buildings on its planet working",
                  "trade_house": "Transports sell cargo here: distance x units",
                  "defence": "Fires at enemy ships near the planet in a battle",
                  "space_port": "Repairs ships here for half the part's price"}


def building_effect(game: Game, key: str) -> str:
    """What a building does, in words (shown with its choices on a planet's squares)."""
    m = _m(game)
    b = m.buildings.get(key)
    if b is None:
        return ""
    if b.produces:
        return f"Makes {m.data.production.per_building} {b.produces} a production"
    if b.dock:
        return "A dock: builds ships here" + (", cruisers too" if b.dock == "large" else " (not cruisers)")
    if b.wonder:
        return f"Wonder: each of your {b.wonder} producers makes 1 more; never destroyed"
    return BUILDING_WORDS.get(key, "").format(capacity=m.data.habitat.capacity)


def card_name(game: Game, key: str) -> str:
    m = _m(game)
    if key in m.ships.designs:
        return m.ships.designs[key].name
    if key in m.data.resolutions.cards:
        return m.data.resolutions.cards[key].name
    if key in m.data.events.cards:
        return m.data.events.cards[key].name
    return key.replace("_", " ")


def render(game: Game, view: dict[str, Any], names: Sequence[str] | None = None) -> str:
    """The galaxy as rows of hexes (symbols, homes by race number), then each race's state."""
    places = [tuple(p) for p in view["places"]]
    kinds = view["kinds"]
    home_of = {}
    for seat, cols in enumerate(view["colonies"]):
        for p in cols:
            if kinds[p] == "home":
                home_of[p] = seat
    rows: dict[int, list[tuple[float, int]]] = {}
    for i, (q, r) in enumerate(places):
        rows.setdefault(r, []).append((q + r / 2, i))
    lo = min(x for row in rows.values() for x, _ in row)
    lines = [f"Cycle {view['cycle']}, {view['phase']}; first player {seat_name(game, view['first'], names)}"]
    for r in sorted(rows):
        row = sorted(rows[r])
        text = ""
        for x, i in row:
            pos = int(round((x - lo) * 2))
            sym = str(home_of[i] + 1) if i in home_of else MAP_SYMBOLS.get(kinds[i], "?")
            ships = any(s["place"] == i for s in view["ships"])
            text = text.ljust(pos) + sym + ("'" if ships else " ")
        lines.append(text.rstrip())
    lines.append("Key: digit = home world of that race, G B Y R = planets, m = moon, @ = black hole, "
                 "* = asteroids, . = empty, v a t = wormholes (violet, amber, teal), T = twin planet, ? = face down, ' = ships there")
    for seat in range(game.players):
        e, f, mi = view["bank"][seat]
        techs = ", ".join(tech_name(game, t) for t in view["techs"][seat]) or "no technologies"
        out = " (out)" if view["out"][seat] else ""
        lines.append(f"{seat_name(game, seat, names)}{out}: {e} energy, {f} food, {mi} minerals; "
                     f"{len(view['colonies'][seat])} planets, {view['votes'][seat]} votes; {techs}")
    if view["war"]:
        lines.append("At war: " + "; ".join(f"{seat_name(game, a, names)} and {seat_name(game, b, names)}"
                                            for a, b in view["war"]))
    if view["leader"] >= 0:
        lines.append(f"Tribunal leader: {seat_name(game, view['leader'], names)} ({view['streak']} in a row)")
    return "\n".join(lines)


def describe_action(game: Game, action: Action, names: Sequence[str] | None = None) -> str:
    """The action as a button or menu entry says it ("Fly to space 7")."""
    words = _action_words(game, action, names)
    return words[:1].upper() + words[1:]


def _action_words(game: Game, action: Action, names: Sequence[str] | None = None) -> str:
    k, a = action.kind, action.arg
    if k == "home":
        return f"place the home world at space {a}"
    if k == "select":
        return f"move {ship_name(game, a, names=names)}"
    if k == "step":
        return f"fly to space {a}"
    words = {"jump": "jump through the wormhole", "scan": "scan the planet below", "stop": "stop this ship",
             "load": "load trade goods", "done": "done", "abstain": "abstain", "capture": "capture the building",
             "raze": "destroy the building"}
    if k in words:
        return words[k]
    if k == "declare_war":
        return f"declare war on {seat_name(game, a, names)}"
    if k == "offer_peace":
        return f"offer peace to {seat_name(game, a, names)}"
    if k == "answer":
        return "accept peace" if a else "refuse peace"
    if k == "colonize":
        return f"found a colony on square {a[1] + 1} of space {a[0]}"
    if k == "build":
        return f"build {article(building_name(game, a[2]))} on square {a[1] + 1} of space {a[0]}"
    if k == "bulldoze":
        return f"bulldoze the building on square {a[1] + 1} of space {a[0]}"
    if k == "buy_tech":
        return f"research {tech_name(game, a)}"
    if k == "buy_ship":
        return f"build {article(card_name(game, a))}"
    if k == "buy_hull":
        return f"build a bare {_m(game).ships.hulls[a].name.lower()} hull"
    if k == "fit":
        return f"fit {article(_m(game).ships.tiles[a[2]].name.lower())} on square {a[1] + 1} of {ship_name(game, a[0], names=names)}"
    if k == "repair":
        return f"repair square {a[1] + 1} of {ship_name(game, a[0], names=names)}"
    if k == "cash_in":
        return f"sell the cargo of {ship_name(game, a, names=names)}"
    if k == "land":
        return f"land marines on square {a + 1}"
    if k == "march":
        return f"march marines from square {a[1] + 1} to square {a[2] + 1} of space {a[0]}"
    if k == "target":
        return f"bomb {seat_name(game, a, names)}"
    if k == "demolish":
        return f"lose the building on square {a + 1}"
    if k == "shut":
        return f"leave the building on square {a + 1} idle"
    if k == "buy_marine":
        return f"train a marine on square {a[1] + 1} of space {a[0]}"
    if k == "vote":
        return "vote for" if a else "vote against"
    if k == "elect":
        return f"vote for {seat_name(game, a, names)}"
    if k == "activate":
        return f"act with {ship_name(game, a, names=names)}"
    if k == "move":
        return f"move to square {a[0] + 1},{a[1] + 1} of the battle board"
    if k == "fire":
        return f"fire at {ship_name(game, a, names=names)}"
    if k == "disable":
        return f"cover square {a + 1} with a damage disk"
    if k == "flee":
        return "fight on" if a is None or a is False else f"flee to space {a}"
    if k == "free_tech":
        return f"take {tech_name(game, a)} as the free technology"
    return k.replace("_", " ")


class Say:
    """How the main game names things in the log: the naming context every event's ``words`` takes (events.py).

    Seats by the players' names (``names``), else "Race N"; ships by owner, design (or hull) and
    piece number; buildings, technologies, cards, hulls and tiles by their printed names. It also
    serves the shared battle's records (``..battle_events.BattleSay``).
    """

    __slots__ = ("game", "names")

    def __init__(self, game: Game, names: Sequence[str] | None = None) -> None:
        self.game = game
        self.names = names

    def seat(self, seat: object) -> str:
        return seat_name(self.game, seat, self.names)

    def ship(self, ship_id: object, design: str | None = None) -> str:
        return ship_name(self.game, ship_id, design, self.names)

    def owner(self, ship_id: int) -> int:
        return ship_id // slots(_m(self.game).ships)

    def cell(self, cell: Sequence[int] | None) -> str:
        """A cell of the battle board: "column 3, row 5"."""
        return "off the board" if cell is None else f"column {cell[0] + 1}, row {cell[1] + 1}"

    def tile(self, key: str | None) -> str:
        return _m(self.game).ships.tiles[key].name if key else "an empty square"

    def hull(self, key: str) -> str:
        return _m(self.game).ships.hulls[key].name

    def building(self, key: str) -> str:
        return building_name(self.game, key)

    def tech(self, key: str) -> str:
        return tech_name(self.game, key)

    def card(self, key: str) -> str:
        return card_name(self.game, key)

    def kind(self, kind: str) -> str:
        return kind_words(kind)

    def terrain(self, terrain: str) -> str:
        return TERRAIN_WORDS.get(terrain, terrain)

    def victory(self, kind: str) -> str:
        return VICTORY_WORDS.get(kind, kind.replace("_", " "))


def battle_words(event: BattleEvent, say: Say) -> str | None:
    """The shared battle's records in this game's words (shorter than the fleet battle's; rounds go unsaid)."""
    match event:
        case Moved(ship=ship, to=to):
            return f"{say.ship(ship)} moves on the battle board to {say.cell(to)}."
        case Shot(ship=ship, target=target, roll=roll, hit=hit):
            return f"{say.ship(ship)} fires at {say.ship(target)}: rolls {roll}" + (", a hit." if hit else ", a miss.")
        case Disabled(ship=ship, square=square):
            return f"{say.ship(ship)} takes damage on square {square + 1}."
        case Destroyed(ship=ship):
            return f"{say.ship(ship)} is destroyed."
        case Fled(seat=seat):
            return f"{say.seat(seat)} flees the battle."
        case BattleOver():
            return "The battle is over."
    return None


def describe_event(game: Game, event: AnyEvent, names: Sequence[str] | None = None) -> str | None:
    """One sentence per event worth reading (the game's records say themselves: events.py; the battle's: battle_words)."""
    say = Say(game, names)
    if isinstance(event, BattleEvent):
        return battle_words(event, say)
    if isinstance(event, EventRecord):
        return event.words(say)
    return generic_event(event)
