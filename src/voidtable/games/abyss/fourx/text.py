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
from voidtable.engine.events import Event
from voidtable.engine.game import Game
from voidtable.engine.words import article

from ..battle import slots
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


def describe_event(game: Game, event: Event, names: Sequence[str] | None = None) -> str | None:
    t = event.get("type")
    who = seat_name(game, event.get("seat"), names)
    e = event
    if t == "cycle":
        return f"Cycle {e['cycle']} begins; {seat_name(game, e['first'], names)} goes first."
    if t == "home":
        return f"{who} settles a home world at space {e['place']}."
    if t == "production":
        return f"{who} collects {e['energy']} energy, {e['food']} food and {e['minerals']} minerals."
    if t == "revealed":
        return f"Space {e['place']} is revealed: {kind_words(e['kind'])}."
    if t == "moved":
        if isinstance(e["to"], list):   # a move on the battle board: cells, not places
            return (f"{ship_name(game, e['ship'], names=names)} moves on the battle board to column {e['to'][0] + 1}, "
                    f"row {e['to'][1] + 1}.")
        return f"{ship_name(game, e['ship'], names=names)} flies from space {e['came']} to space {e['to']}."
    if t == "jumped":
        return f"{ship_name(game, e['ship'], names=names)} jumps from space {e['came']} to space {e['to']}."
    if t == "black_hole":
        return f"{ship_name(game, e['ship'], names=names)} turns back from the black hole at space {e['place']}."
    if t == "asteroids":
        return f"{ship_name(game, e['ship'], names=names)} crosses asteroids: rolls {e['roll']}" + \
            (", and is struck." if e["hit"] else ", and passes safely.")
    if t == "scanned":
        good = f" with {e['good']}" if e.get("good") else ""
        return f"{who} explores square {e['square'] + 1} of space {e['place']}: {TERRAIN_WORDS.get(e['terrain'], e['terrain'])}{good}."
    if t == "bonus":
        if "tech" in e:
            if e["tech"] is None:
                return f"{who} finds a free technology, but already knows every tier-1 technology: nothing to take."
            return f"{who} finds a free technology and takes {tech_name(game, e['tech'])}."
        if "colony" in e:
            if e["colony"]:
                return f"{who} finds a free colony: a habitat on square {e['square'] + 1} of space {e['place']}."
            return f"{who} finds a free colony, but it cannot take on space {e['place']}: the planet is not hospitable to them."
        if "marine" in e:
            return f"{who} finds a free marine on square {e['square'] + 1} of space {e['place']}."
        return f"{who} finds {e['amount']} {e['resource']}."
    if t == "war":
        return f"{who} declares war on {seat_name(game, e['on'], names)}."
    if t == "peace_offered":
        return f"{who} offers peace to {seat_name(game, e['to'], names)}."
    if t == "peace":
        return f"{who} makes peace with {seat_name(game, e['by'], names)}."
    if t == "peace_declined":
        return f"{who} refuses peace with {seat_name(game, e['by'], names)}."
    if t == "space_battle":
        side = (f", on the planet side of the board ({seat_name(game, e['planet'], names)}'s planet)"
                if e.get("planet") is not None else "")
        return f"Battle at space {e['place']}{side}: " + ", ".join(seat_name(game, p, names) for p in e["sides"]) + "."
    if t == "colony":
        return f"{who} founds a colony on space {e['place']}."
    if t == "built":
        return f"{who} builds {article(building_name(game, e['building']))} on space {e['place']}."
    if t == "bulldozed":
        return f"{who} bulldozes {article(building_name(game, e['building']))} on space {e['place']}."
    if t == "tech":
        return f"{who} researches {tech_name(game, e['tech'])}."
    if t == "ship_built":
        return f"{who} builds {article(card_name(game, e['design']))} at space {e['place']}."
    if t == "hull_built":
        return f"{who} builds a bare {_m(game).ships.hulls[e['hull']].name.lower()} hull at space {e['place']}."
    if t == "fitted":
        return f"{who} fits {article(_m(game).ships.tiles[e['tile']].name.lower())} to {ship_name(game, e['ship'], names=names)}."
    if t == "cashed_in":
        return f"{who} sells cargo for {e['energy']} energy, {e['food']} food and {e['minerals']} minerals."
    if t == "loaded":
        return f"{who} loads {len(e['goods'])} trade goods."
    if t == "landed":
        return f"{who} lands {e['marines']} marines on space {e['place']}."
    if t == "marched":
        return f"{who}'s marines march on space {e['place']}."
    if t == "ground_fight":
        return f"Marines fight on space {e['place']}: {e['left'][0]} and {e['left'][1]} left."
    if t in ("captured", "razed"):
        verb = "captures" if t == "captured" else "destroys"
        return f"{who} {verb} {seat_name(game, e['owner'], names)}'s {building_name(game, e['building'])}."
    if t == "bombed":
        return f"{who} bombs space {e['place']}: rolls {e['roll']}" + (", a hit." if e["hit"] else ", a miss.")
    if t == "building_destroyed":
        return f"{who} loses {article(building_name(game, e['building']))} on space {e['place']}."
    if t == "defence_fired":
        return f"{who}'s defences fire at {ship_name(game, e['target'], names=names)}: rolls {e['roll']}" + \
            (", a hit." if e["hit"] else ", a miss.")
    if t == "marine_bought":
        return f"{who} trains a marine on space {e['place']}."
    if t == "event":
        return f"Event: {card_name(game, e['card'])}."
    if t == "resolution_drawn":
        return f"The tribunal takes up a resolution: {card_name(game, e['card'])}."
    if t == "voted":
        return f"{who} votes {e['vote']} ({e['votes']} votes)."
    if t == "resolution":
        verdict = "stays in force" if e["passed"] and e["standing"] else "passes" if e["passed"] else "fails"
        return f"{card_name(game, e['card'])} {verdict}, {e['yes']} to {e['no']}."
    if t == "elect":
        return f"{who} votes for {seat_name(game, e['candidate'], names)}." if e["candidate"] is not None \
            else f"{who} abstains."
    if t == "tribunal":
        return f"{seat_name(game, e['leader'], names)} takes the tribunal seat ({e['streak']} in a row)."
    if t == "idle":
        return f"{who}'s {building_name(game, e['building'])} on space {e['place']} stands idle."
    if t == "restored":
        return f"{who}'s idle buildings on space {e['place']} work again."
    if t == "neutral":
        return f"A {card_name(game, e['design'])} appears at space {e['place']}."
    if t == "eliminated":
        return f"{who} is out of the game."
    if t == "game_over":
        how = VICTORY_WORDS.get(e["kind"], e["kind"].replace("_", " "))
        return "Game over: " + " and ".join(seat_name(game, p, names) for p in e["winners"]) + f" win by {how}."
    if t == "destroyed":
        return f"{ship_name(game, e['ship'], names=names)} is destroyed."
    if t == "disabled":
        return f"{ship_name(game, e['ship'], names=names)} takes damage on square {e['square'] + 1}."
    if t == "retreated":
        return f"{who} flees from space {e['came']} to space {e['to']}."
    if t == "shot":
        return f"{ship_name(game, e['ship'], names=names)} fires at {ship_name(game, e['target'], names=names)}: " \
            f"rolls {e['roll']}" + (", a hit." if e["hit"] else ", a miss.")
    if t == "fled":
        return f"{who} flees the battle."
    if t == "battle_over":
        return "The battle is over."
    if t == "purchases_done":
        e_, f_, m_ = e["bank"]
        what = "nothing" if not e["bought"] else f"{e['bought']} purchase" + ("s" if e["bought"] > 1 else "")
        return f"{who} is done buying ({what}), keeping {e_} energy, {f_} food and {m_} minerals."
    if t in ("round", "battle", "first"):
        return None
    return None
