"""Empires of the Void at the table: a seat's view and legal actions as a generic scene (docs/web.md).

The galaxy is a hex map drawn as a graph: every space (planet, light circle,
asteroid space, home world) is a small hexagon and the lines between them are the
map's ``links`` (a line with an obstacle is dashed and names it). Each tile is a
patch of radius 2 on a finer hex grid, its ports on the patch's tips (turned with
the tile), its planets beside their ports, its middle circle (Pyrious on the
centre tile) in the middle; tiles lie five fine steps apart along the grid's axes (so
the east tile is drawn due east), each outlined as one hexagon (a map ``region``) and
labelled with its name and direction as the words give them; light circles and asteroid
spaces show their numbers 1-6; a home world sits in its corner's notch, in its owner's colour.
The map takes the table's whole width. Ships are tokens in their owner's colour, alike ships
(owner, kind, damage) one token with a count, the kinds' letters named in the legend;
a planet's controller is a square marker in the controller's colour (A: allied,
C: conquered), an infestation one in the infester's (I), the event tokens grey squares
(P: Pirates, D: Distress Call): the hexes are too small to hold a word under the planet's
name and its pieces. A planet covered at setup (3 players) is drawn as the empty space it
counts as.

Around the map: player panels (race, credits, VP when shown, cards in hand,
technologies, planets, influence), the Galactic Council track (influence now, the
score card amounts beside it), the event deck as card backs (score cards marked,
as their backs are), your hand (cards to discard, play as a Tactic, swap or offer),
the 2-player row, the technologies you may research and the ships you may build,
the races to choose from, and the offer being built or answered.

Every legal action lands on an element: a space's hexagon (move to, attack,
diplomacy, cover, infest, space port, retreat; several as a menu), a corner (settle), a
tile's middle (turn it), a ship piece (move, carry, lose, take over), a card
(hand, technology, ship kind, race), a player panel (make an offer to), or a
labelled button for the rest. Drawn from the view and the public rules data only.
"""

from __future__ import annotations

from typing import Any, Sequence

from voidtable.engine.actions import Action
from voidtable.engine.game import Game
from voidtable.engine.words import count

from . import text
from .data import Rules
from .events import event_drawn

Json = dict[str, Any]
Hex = tuple[int, int]

HEX_SIZE = 22
DIRS: tuple[Hex, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
SHORT = {"starfighter": "SF", "diplomat": "Di", "centipede": "Ce", "starcruiser": "SC", "sunhammer": "SH",
         "moth": "Mo", "tempest": "Te", "black_hole": "BH", "firebug": "FB", "shooting_star": "SS", "infestor": "In"}

STYLE: dict[str, dict[str, str]] = {
    "fills": {"circle": "#151b2e", "planet": "#1d4a2c", "asteroids": "#3d3428", "home": "#5a4a12", "open": "#2b2b3d",
              "pyrious": "#7a3a48", "covered": "#2a2d38"},
    "cards": {"score": "#ffcc4d", "event": "#4a5578", "tech": "#4de1ff", "ship": "#9aa3bd", "race": "#c9a227",
              "militaristic": "#e0453a", "capitalistic": "#f2d23c", "scholarly": "#3f7fe0", "mysterious": "#9a6fd0",
              "peaceful": "#4cbf5a"},
}

PROMPTS = {
    "choose_race": "Choose your race", "choose_corner": "Choose the corner for your home world",
    "rotate_tile": "Turn a tile next to your home world (click its middle), or turn none",
    "cover_planet": "Cover a planet on the tile to your right",
    "pre_round": "Pre-round: research a technology and build ships, then done",
    "pre_round_turn": "Pre-round: research a technology and build ships, then done",
    "choose_action": "An action (move a ship, attack or act at a space), a card, or end the turn",
    "move_ship": "Where does the ship go? (click a space)", "choose_target": "Attack whom?",
    "take_casualty": "Choose the ship that takes the hit", "take_planet": "Conquer the planet, liberate it, or leave it",
    "befriend_now": "Befriend the planet now, for free?", "discard_down": "Over the hand limit: discard a card",
    "make_offer": "Build your offer: what you give, what you ask, a licence; then send it",
    "answer_offer": "An offer to you: accept or decline",
    "offer_window": "Before the next round: make one offer (click a player) or pass", "place_port": "Place your space port on a planet you hold",
    "retreat_choice": "Attacked: pay a credit and retreat to a planet you hold (click it), or stay and fight",
}


#: A tile is a patch of radius 2 on the fine grid (its ports on the patch's six tips); tiles lie five fine
#: steps apart along the grid's own axes, so each is drawn where the words say it is (the east tile due east)
#: and the tips of two neighbouring tiles touch across their common edge.
TILE_RADIUS = 2
TILE_STEP = 2 * TILE_RADIUS + 1


def patch(h: Hex) -> Hex:
    """The middle of a tile's patch on the fine grid."""
    return (TILE_STEP * h[0], TILE_STEP * h[1])


def home_spot(corner: Hex) -> Hex:
    """Where a home world (or an open corner) is drawn: in its notch, two steps from each of its two tiles' tips."""
    return ((TILE_STEP - 1) * corner[0], (TILE_STEP - 1) * corner[1])


def add(a: Hex, b: Hex, k: int = 1) -> Hex:
    return (a[0] + k * b[0], a[1] + k * b[1])


SHIP_VERBS = {"move": "move", "carry": "carry", "casualty": "lose", "mind_control": "take over"}


class Table:
    """The view read once: where each space is drawn, who holds what, and which element takes which action."""

    def __init__(self, game: Game, view: Json, seat: int | None, names: Sequence[str]) -> None:
        self.game, self.view, self.seat, self.names = game, view, seat, list(names)
        self.r: Rules = game.rules
        self.at: dict[str, Hex] = {}
        self.tile_middle: dict[Hex, Hex] = {}   # tile hex -> the fine hex of its middle
        self.place_spaces()
        self.on_space: dict[str, list[Action]] = {}
        self.on_corner: dict[Hex, list[Action]] = {}
        self.on_tile: dict[Hex, list[Action]] = {}
        self.on_ship: dict[int, list[Action]] = {}
        self.on_card: dict[str, list[Action]] = {}
        self.on_seat: dict[int, list[Action]] = {}
        self.buttons: list[Action] = []

    def who(self, q: Any) -> str:
        return text.seat_name(self.game, self.view, q, self.names)

    def place_spaces(self) -> None:
        for t in self.view["tiles"]:
            h: Hex = (int(t["hex"][0]), int(t["hex"][1]))
            tile = self.r.tiles[t["tile"]]
            mid = patch(h)
            self.tile_middle[h] = mid
            rot = int(t["rotation"])

            def name(node: str) -> str:
                return tile.planets.get(node, f"{t['tile']}.{node}")

            adj: dict[str, list[str]] = {n: [] for n in tile.nodes}
            for a, b in tile.lines:
                adj[a].append(b)
                adj[b].append(a)
            taken: set[Hex] = set()
            for node in tile.nodes:
                if node.startswith("p") and node[1:].isdigit():
                    spot = add(mid, DIRS[(int(node[1:]) + rot) % 6], 2)
                    self.at[name(node)] = spot
                    taken.add(spot)
            inner = [n for n in tile.nodes if n not in adj or not (n.startswith("p") and n[1:].isdigit())]
            hub = max(inner, key=lambda n: sum(1 for m in adj[n] if not m.startswith("p")), default=None)
            if hub is not None:
                self.at[name(hub)] = mid
                taken.add(mid)
            for node in inner:
                if node == hub:
                    continue
                sides = [(int(m[1:]) + rot) % 6 for m in adj[node] if m.startswith("p") and m[1:].isdigit()]
                spots = [add(mid, DIRS[s]) for s in sides] + [add(mid, d) for d in DIRS]
                spot = next(s for s in spots if s not in taken)
                self.at[name(node)] = spot
                taken.add(spot)
        for p, corner in enumerate(self.view["homes"]):
            if corner is not None:
                self.at[f"home{p}"] = home_spot((int(corner[0]), int(corner[1])))

    def route(self, legal: list[Action]) -> None:
        for a in legal:
            k, arg = a.kind, a.arg
            if k in ("to", "attack", "cover", "infest", "port_at", "retreat") and arg in self.at:
                self.on_space.setdefault(arg, []).append(a)
            elif k == "diplomacy" and arg[0] in self.at:
                self.on_space.setdefault(arg[0], []).append(a)
            elif k == "corner":
                self.on_corner.setdefault(tuple(arg), []).append(a)
            elif k == "rotate" and tuple(arg[0]) in self.tile_middle:
                self.on_tile.setdefault(tuple(arg[0]), []).append(a)
            elif k in ("move", "carry", "casualty", "mind_control"):
                self.on_ship.setdefault(int(arg), []).append(a)
            elif k in ("discard", "tactic", "swap", "offer_give") and self.seat is not None:
                card = arg if k == "discard" else arg[0]
                if k == "offer_give" and card == "credits":
                    self.buttons.append(a)
                else:
                    self.on_card.setdefault(f"hand:{card}", []).append(a)
            elif k == "research":
                self.on_card.setdefault(f"tech:{arg}", []).append(a)
            elif k in ("build", "build_at_port"):
                self.on_card.setdefault(f"ship:{arg}", []).append(a)
            elif k == "race":
                self.on_card.setdefault(f"race:{arg}", []).append(a)
            elif k == "offer_to":
                self.on_seat.setdefault(int(arg), []).append(a)
            else:
                self.buttons.append(a)

    def clickable(self, element: Json, acts: list[Action] | None) -> Json:
        if not acts:
            return element
        if len(acts) == 1:
            element["action"] = acts[0].to_json()
            element["hint"] = self.label(acts[0])
        else:
            element["choices"] = [{"label": self.label(a), "action": a.to_json()} for a in acts]
        return element

    def label(self, a: Action) -> str:
        """An action in words; a tile or corner as the map labels it (its first planet and where it lies)."""
        if a.kind == "rotate":
            h = (int(a.arg[0][0]), int(a.arg[0][1]))
            tile = next((tv["tile"] for tv in self.view["tiles"] if tuple(tv["hex"]) == h), None)
            if tile is not None:
                return f"turn {text.tile_name(self.game, tile)} ({text.direction(h)}) {text.sixths(a.arg[1])} round"
        if a.kind == "corner":
            return f"settle at {corner_words(self, (int(a.arg[0]), int(a.arg[1])))}"
        if a.kind in SHIP_VERBS and isinstance(a.arg, int):
            return self.ship_choice(a.kind, a.arg)
        return text.describe_action(self.game, a, self.names)

    def ship_choice(self, kind: str, ship_id: int) -> str:
        """A ship action that says which ship: its kind and owner, where it is, damaged or not, and, where alike
        ships (same owner, kind, place and damage) share a token, which of them ("1 of 2 alike": any one will do)."""
        ships = {sh["id"]: sh for sh in self.view["ships"]}
        sh = ships.get(ship_id)
        words = f"{SHIP_VERBS[kind]} {text.ship_token(self.game, ship_id, self.names)}"
        if sh is None:
            return words
        def same(o: Json) -> tuple[Any, ...]:
            return o["space"], o["owner"], o["kind"], o["damage"]

        alike = sorted(i for i, o in ships.items() if same(o) == same(sh))
        where = text.space_name(self.game, self.view, sh["space"], self.names)
        words += f" {'from' if kind == 'move' else 'at'} {where}" + (", damaged" if sh["damage"] else "")
        return words + (f" ({alike.index(ship_id) + 1} of {len(alike)} alike)" if len(alike) > 1 else "")

    def influence(self, q: int) -> int:
        out = 0
        for key, p in self.view["planets"].items():
            if p["ally"] == q and p["conqueror"] < 0 and key in self.r.data.planets:
                out += self.r.planet(key).influence
            elif p["ally"] == q and p["conqueror"] < 0 and key == self.view.get("new_earth"):
                out += self.r.data.new_earth.influence
        return out

    def planets_held(self, q: int) -> int:
        return sum(1 for key, p in self.view["planets"].items()
                   if (p["conqueror"] if p["conqueror"] >= 0 else p["ally"]) == q and key in self.r.data.planets)


def space_hex(t: Table, space: str, q: int, rr: int, pieces: list[Json]) -> Json:
    """One space's hexagon: its fill, the name the words use (a planet's, a home world's, a circle's number)."""
    v, r = t.view, t.r
    h: Json = {"q": q, "r": rr, "hint": text.space_name(t.game, v, space, t.names)}
    tile, _, node = space.partition(".")
    if space in r.data.planets:
        h["fill"] = "pyrious" if space == "pyrious" else "planet"
        h["name"] = r.planet(space).name
        if space in v.get("covered", []):   # under a spare home world token: an empty space for the game
            h["fill"] = "covered"
            h["hint"] += " (covered at setup: an empty space)"
        planet_markers(t, space, [q, rr], pieces)
    elif space.startswith("home"):
        owner = int(space[4:])
        h["fill"] = "home"
        h["seat"] = owner   # the owner's colour, as on the table the home world's board is
        h["name"] = text.home_name(t.game, v, space) or "home world"   # whose: its colour (the legend names it)
        p = v["planets"].get(space)
        if p is not None and p["conqueror"] >= 0:
            pieces.append({"id": f"control-{space}", "at": {"hex": [q, rr]}, "seat": p["conqueror"], "shape": "square",
                           "label": "C", "title": f"{h['hint']}: conquered by {t.who(p['conqueror'])}"})
        if space == v.get("new_earth"):
            card = r.data.new_earth
            h["hint"] += f" ({card.credits} credits, {card.vp} VP)"
    elif node in r.tiles[tile].asteroid_spaces:
        h["fill"] = "asteroids"
        h["name"] = str(text.circle_number(node))
    else:
        h["fill"] = "circle"
        if node[:1] == "p" and node[1:].isdigit():
            h["name"] = str(text.circle_number(node))
    return h


#: The event tokens a planet may carry, as their square markers show them (letter, name).
TOKENS = {"pirates": ("P", "Pirates"), "distress_call": ("D", "Distress Call")}


def planet_markers(t: Table, space: str, at: list[int], pieces: list[Json]) -> None:
    """What lies on a planet besides ships, as square markers: who holds it (A allied, C conquered, in the holder's
    colour), who infests it (I, in the infester's) and an event token (P Pirates, D Distress Call, grey)."""
    name = t.r.planet(space).name
    p = t.view["planets"].get(space)

    def marker(kind: str, seat: int | None, letter: str, title: str) -> None:
        pieces.append({"id": f"{kind}-{space}", "at": {"hex": at}, "seat": seat, "shape": "square", "label": letter,
                       "title": f"{name}: {title}"})

    if p is not None:
        holder = p["conqueror"] if p["conqueror"] >= 0 else p["ally"]
        if holder >= 0:
            allied = p["conqueror"] < 0
            marker("control", holder, "A" if allied else "C", f"{'allied with' if allied else 'conquered by'} {t.who(holder)}")
        if p["infester"] >= 0:
            marker("infest", p["infester"], "I", f"infested by {t.who(p['infester'])}")
    token = t.view["tokens"].get(space)
    if token:
        letter, words = TOKENS.get(token, (token[:1].upper(), text.words(token)))
        marker("token", None, letter, f"{words} token")


def tile_regions(t: Table) -> list[Json]:
    """Each tile outlined as one hexagon around its patch, labelled as the words name it, with where it lies."""
    out = []
    for tv in t.view["tiles"]:
        h: Hex = (int(tv["hex"][0]), int(tv["hex"][1]))
        q, rr = t.tile_middle[h]
        out.append({"id": f"tile-{tv['tile']}", "at": [q, rr], "radius": TILE_RADIUS,
                    "label": text.tile_label(t.game, tv["tile"]), "sub": text.direction(h)})
    return out


def ship_pieces(t: Table) -> tuple[list[Json], list[Json]]:
    """Ships as tokens in their owner's colour, alike ships (owner, kind, damage) one token with a count;
    and the legend's key to the kinds' letters, for the kinds on the map."""
    groups: dict[tuple[str, int, str, int], list[int]] = {}
    for sh in t.view["ships"]:
        groups.setdefault((sh["space"], sh["owner"], sh["kind"], sh["damage"]), []).append(sh["id"])
    pieces: list[Json] = []
    kinds: dict[str, str] = {}
    for (space, owner, kind, damage), ids in sorted(groups.items()):
        if space not in t.at:
            continue
        acts = [a for i in ids for a in t.on_ship.pop(i, [])]
        name = text.ship_name(t.game, kind)
        kinds[SHORT.get(kind, kind[:2])] = name
        whose = f" of {t.who(owner)}" if owner >= 0 else " (neutral)"
        title = f"{count(len(ids), name)}{whose}" + (", damaged" if damage else "")
        piece: Json = {"id": f"ships-{ids[0]}", "at": {"hex": list(t.at[space])}, "seat": owner,
                       "label": SHORT.get(kind, kind[:2]), "title": title}
        if len(ids) > 1:
            piece["count"] = len(ids)
        if damage:
            piece["mark"] = "damaged"
        pieces.append(t.clickable(piece, acts))
    legend = [{"label": f"{k} = {n}"} for k, n in sorted(kinds.items(), key=lambda x: x[1])]
    return pieces, legend


def map_part(t: Table) -> Json:
    v = t.view
    hexes: list[Json] = []
    pieces: list[Json] = []
    middles = {m: th for th, m in t.tile_middle.items()}
    for space, (q, rr) in sorted(t.at.items(), key=lambda x: x[1]):
        h = space_hex(t, space, q, rr, pieces)
        acts = list(t.on_space.get(space, []))
        if (q, rr) in middles:
            acts += t.on_tile.pop(middles[(q, rr)], [])
        if acts:
            h["highlight"] = True
        hexes.append(t.clickable(h, acts))
    for corner, acts in t.on_corner.items():
        q, rr = home_spot(corner)
        hexes.append(t.clickable({"q": q, "r": rr, "fill": "open", "name": "corner", "highlight": True,
                                  "hint": corner_words(t, corner)}, acts))
    t.on_corner = {}
    ships, kinds = ship_pieces(t)
    pieces += ships
    links = []
    for a, b, obstacle in v["lines"]:
        if a in t.at and b in t.at:
            link: Json = {"from": list(t.at[a]), "to": list(t.at[b])}
            if obstacle:
                link["mark"] = obstacle
                link["label"] = text.OBSTACLES.get(obstacle, text.words(obstacle))
            links.append(link)
    for a, b in v["wormholes"]:
        if a in t.at and b in t.at:
            links.append({"from": list(t.at[a]), "to": list(t.at[b]), "label": "Worm Hole"})
    legend = [{"label": t.who(q), "seat": q} for q in range(t.game.players)]
    legend += [{"label": "planet", "fill": "planet"}, {"label": "light circle (numbered 1-6 on its tile)", "fill": "circle"},
               {"label": "asteroid space", "fill": "asteroids"}, {"label": "home world", "fill": "home"}]
    legend += kinds
    if v.get("covered"):
        legend.append({"label": "covered planet (an empty space)", "fill": "covered"})
    legend.append({"label": "squares: A allied, C conquered, I infested (the player's colour), P Pirates, D Distress Call; "
                            "dashed lines cross an obstacle"})
    return {"kind": "hexmap", "id": "galaxy", "title": "The galaxy", "size": HEX_SIZE, "fit": "width",
            "regions": tile_regions(t), "hexes": hexes, "pieces": pieces, "edges": [], "links": links, "legend": legend}


def corner_words(t: Table, corner: Hex) -> str:
    """An open corner by the tiles it touches, as the map labels them: ``the corner between the Bindok II
    (north-east) and Umbra (east) tiles``."""
    near = []
    for tv in t.view["tiles"]:
        h = (int(tv["hex"][0]), int(tv["hex"][1]))
        if h != (0, 0) and max(abs(h[0] - corner[0]), abs(h[1] - corner[1]), abs(h[0] + h[1] - corner[0] - corner[1])) == 1:
            near.append(f"{text.tile_label(t.game, tv['tile'])[:-5]} ({text.direction(h)})")
    return f"the corner between the {' and '.join(near)} tiles" if len(near) == 2 else text.corner_name(corner)


def players_part(t: Table) -> Json:
    v = t.view
    out = []
    for q in range(t.game.players):
        hand = v["hands"][q]
        vp = v["vp"][q]
        stats = [
            {"label": "race", "value": t.r.race(v["races"][q]).name if v["races"][q] else "not chosen"},
            {"label": "credits", "value": str(v["credits"][q])},
            {"label": "VP", "value": "hidden" if vp is None else str(vp)},
            {"label": "cards", "value": str(len(hand) if isinstance(hand, list) else hand)},
            {"label": "planets", "value": str(t.planets_held(q))},
            {"label": "influence", "value": str(t.influence(q))},
            {"label": "technologies", "value": ", ".join(text.tech_name(t.game, k) for k in v["techs"][q]) or "none"},
        ]
        if v["ports"][q]:
            stats.append({"label": "space port", "value": text.space_name(t.game, v, v["ports"][q], t.names)})
        elif q == t.seat and v["pre_round"]["mine"]:
            ordered = [o[len("port_at:"):] for o in v["pre_round"]["mine"] if o.startswith("port_at:")]
            if ordered:  # your own port chosen this pre-round: the others see it at the reveal
                stats.append({"label": "space port", "value": text.space_name(t.game, v, ordered[0], t.names)
                              + " (this pre-round)"})
        entry: Json = {"seat": q, "name": t.who(q), "you": q == t.seat, "active": q in v["to_move"], "stats": stats}
        if v["pre_round"]["done"][q]:
            entry["note"] = "pre-round done"
        out.append(t.clickable(entry, t.on_seat.pop(q, [])))
    return {"kind": "players", "id": "players", "title": "Empires", "players": out}


def council_track(t: Table) -> Json:
    influence = [t.influence(q) for q in range(t.game.players)]
    marks = [{"value": influence[q], "label": t.who(q), "seat": q} for q in range(t.game.players)]
    sc = t.r.data.score_cards
    left = [c for c in t.view["event_backs"] if c == "score"]
    nxt = {3: sc.a, 2: sc.b, 1: sc.c}.get(len(left), sc.c)
    return {"kind": "track", "id": "council", "title": f"Galactic Council: influence (next scoring pays {nxt[0]} "
            f"and {nxt[1]} VP)", "min": 0, "max": max(10, *influence), "marks": marks}


def events_part(t: Table) -> Json:
    v = t.view
    cards: list[Json] = []
    for i, back in enumerate(v["event_backs"]):
        cards.append({"id": f"event-{i}", "title": "Score card" if back == "score" else "Event", "kind": back,
                      "face": "down"})
    revealed = [text.describe_event(t.game, event_drawn(c, i + 1), t.names) or ""
                for i, c in enumerate(v["revealed"])]
    return {"kind": "cards", "id": "events", "title": f"Event deck ({len(cards)} left; drawn: "
            + ("; ".join(x.split(": ", 1)[-1] for x in revealed) or "none") + ")", "layout": "row", "cards": cards,
            "empty": "no event card left"}


def hand_part(t: Table) -> Json | None:
    if t.seat is None:
        return None
    hand = t.view["hands"][t.seat]
    if not isinstance(hand, list):
        return None
    cards = []
    counts: dict[str, int] = {}
    for c in hand:
        counts[c] = counts.get(c, 0) + 1
    for c, n in sorted(counts.items()):
        kind = c.split(".")[0]
        card: Json = {"id": f"hand-{c}", "title": text.card_name(c), "kind": kind,
                      "badge": f"x{n}" if n > 1 else None,
                      "text": f"Tactic: {text.TACTIC_NAMES.get(c.split('.')[1], text.words(c.split('.')[1]))} "
                              f"({t.r.data.diplomacy.cards_needed.get(c.split('.')[1], 1)} cards)"}
        if card["badge"] is None:
            del card["badge"]
        cards.append(t.clickable(card, t.on_card.pop(f"hand:{c}", [])))
    return {"kind": "cards", "id": "hand", "title": "Your diplomacy cards (limit 3)", "layout": "hand", "cards": cards,
            "empty": "no cards"}


def row_part(t: Table) -> Json | None:
    row = t.view["row"]
    if not row:
        return None
    cards = [{"id": f"row-{i}", "title": text.card_name(c), "kind": c.split(".")[0]} for i, c in enumerate(row)]
    return {"kind": "cards", "id": "row", "title": "Face-up cards (swap up to two a turn)", "layout": "row", "cards": cards}


def techs_part(t: Table) -> Json | None:
    keys = [k[5:] for k in t.on_card if k.startswith("tech:")]
    if not keys:
        return None
    cards = []
    for key in keys:
        td = t.r.tech(key)
        stats = [{"label": "cost", "value": str(td.cost)}, {"label": "VP", "value": str(td.vp)}]
        if td.trade_good:
            stats.append({"label": "needs", "value": text.good_name(td.trade_good)})
        cards.append(t.clickable({"id": f"tech-{key}", "title": td.name, "kind": "tech", "stats": stats},
                                 t.on_card.pop(f"tech:{key}")))
    return {"kind": "cards", "id": "research", "title": "Research (one a round)", "layout": "row", "cards": cards}


def ships_part(t: Table) -> Json | None:
    keys = [k[5:] for k in t.on_card if k.startswith("ship:")]
    if not keys:
        return None
    cards = []
    for key in keys:
        sd = t.r.ship(key)
        stats = [{"label": "cost", "value": str(sd.cost)}, {"label": "move", "value": str(sd.move)},
                 {"label": "dice", "value": f"{sd.dice} on {sd.attack}+" if sd.dice else "none"},
                 {"label": "initiative", "value": str(sd.initiative)}]
        cards.append(t.clickable({"id": f"ship-{key}", "title": sd.name, "kind": "ship", "stats": stats},
                                 t.on_card.pop(f"ship:{key}")))
    return {"kind": "cards", "id": "build", "title": "Build ships (on your home world, or the space port)",
            "layout": "row", "cards": cards}


def races_part(t: Table) -> Json | None:
    keys = [k[5:] for k in t.on_card if k.startswith("race:")]
    if not keys:
        return None
    cards = []
    for key in keys:
        rd = t.r.race(key)
        stats = [{"label": "credits", "value": str(rd.credits)}]
        cards.append(t.clickable({"id": f"race-{key}", "title": rd.name, "kind": "race", "stats": stats,
                                  "text": text.words(rd.ability) if rd.ability else "no special ability"},
                                 t.on_card.pop(f"race:{key}")))
    return {"kind": "cards", "id": "races", "title": "Races", "layout": "row", "cards": cards}


def offer_panel(t: Table) -> Json | None:
    d = t.view.get("decision") or {}
    offer = d.get("offer") if d.get("kind") == "answer_offer" else d if d.get("kind") == "make_offer" else None
    if not offer:
        return None
    items = [{"label": "from", "value": t.who(offer["seat"])}, {"label": "to", "value": t.who(offer["to"])}]
    if "give" in offer:
        items.append({"label": "gives", "value": ", ".join(text.part_words(w, n) for w, n in offer["give"]) or "nothing"})
        items.append({"label": "asks", "value": ", ".join(text.part_words(w, n) for w, n in offer["ask"]) or "nothing"})
        items.append({"label": "licence", "value": text.good_name(offer["licence"]) if offer["licence"] else "none"})
    else:
        items.append({"label": "content", "value": "seen by the two players only"})
    return {"kind": "panel", "id": "offer", "title": "Offer", "items": items}


def prompt(t: Table, legal: list[Action]) -> str:
    """What the seat is asked, in words; the Tractor Beam's question names the ship and where it would go."""
    d = t.view.get("decision") or {}
    kind = str(d.get("kind"))
    if kind == "tractor_permission":
        return (f"Let {text.ship_token(t.game, d.get('ship'), t.names)} leave your Tractor Beam for "
                f"{text.space_name(t.game, t.view, d.get('to'), t.names)}?")
    if kind == "move_ship" and d.get("onward"):
        return ("The ship is stopped by a Tractor Beam: go on (click a space; the beam's owner is asked) "
                "or end the move here")
    if kind == "pre_round" and legal and all(a.kind == "port_at" for a in legal):
        return PROMPTS["place_port"]
    return PROMPTS.get(kind, "Choose")


def build(game: Game, view: Json, legal: list[Action], seat: int | None, names: Sequence[str]) -> Json:
    """The scene for ``seat`` (None: a spectator) from its view and legal actions (docs/web.md)."""
    t = Table(game, view, seat, names)
    if legal:
        t.route(legal)
    parts: list[Json] = []
    offer = offer_panel(t)
    if offer:
        parts.append(offer)
    for make in (races_part, techs_part, ships_part, hand_part, row_part):
        part = make(t)
        if part is not None:
            parts.append(part)
    parts.insert(0, map_part(t))
    parts += [players_part(t), council_track(t), events_part(t)]
    for left in (t.on_space, t.on_tile, t.on_ship, t.on_card, t.on_seat):
        for acts in left.values():
            t.buttons.extend(acts)
        left.clear()
    ask = prompt(t, legal) if legal else None
    if t.buttons:
        parts.insert(0, {"kind": "buttons", "id": "decision", "title": ask or "Choices",
                         "buttons": [{"label": t.label(a), "action": a.to_json()} for a in t.buttons]})
    movers = [q for q in view["to_move"] if q != seat]
    status = f"Waiting for {', '.join(t.who(q) for q in movers)}" if movers and not legal else None
    scoring = "5 and 9" if t.r.short else "5, 9 and 11"
    last = 9 if t.r.short else t.r.g.rounds
    headline = (f"Game over: {view.get('reason') or 'the last scoring'}" if view.get("over")
                else f"Round {view['round']} of {last} · scoring after rounds {scoring}")
    return {"title": "Empires of the Void", "headline": headline, "prompt": ask, "status": status, "parts": parts}
