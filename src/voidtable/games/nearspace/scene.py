"""Nearspace at the table: a seat's view and legal actions as a generic scene (docs/web.md).

The map is a hex map of the places, each written with its sector ("C2", the name
the log uses), the card's title and kind, face-down ones as card backs marked
only with whose deck they came from. Ships are square dice in their owner's
colour labelled with their size (``d6``), a stripe in the die's own colour (its
role); hulls being built are outlined dice at their site showing the CP put in
(``3/8``). Their words and each fleet's list say class and role in full. Hulls
and engines being paid for are also cards in the Shipyards part.

Every legal action lands where ``ACTIONS.route`` says the table lights it up:
a sector (start a hull there, move from, step to, target), a ship (add to the
group, face an Encounter, defend, dismantle), a hull (invest), a card in the
hand (play, cycle), or a labelled button for the rest (close the Shipyard, end
the turn, a Directive's upkeep, a revive roll). An element that stands for
several actions (a Homeworld where any Stockpile die may be laid down, a hull
that takes 1..n CP) carries ``choices``: the page asks which one. No two choices
of a decision read alike: each names what sets it apart (a hull's site, a ship
that has attacked), and alike dice or engines say which of them they are.

Drawn from the view alone (never the state) plus the public rules data: card
titles and numbers, classes, colours, deck titles. Players are named by the
``names`` passed in, cards by their titles, ships by ``text.ship_name``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Sequence

from voidtable.engine.actions import Action
from voidtable.engine.game import Game
from voidtable.engine.words import article, count

from . import text
from .actions import ACTIONS
from .data import Card, Rules

Json = dict[str, Any]
Hex = tuple[int, int]

HEX_SIZE = 50  # larger than the page's default: the three lines of words and the dice below them fit in a hex

KIND_WORDS = {
    "homeworld": "Homeworld", "space": "Space", "colony_world": "Colony World", "gas_giant": "Gas Giant",
    "star_base": "Star Base", "asteroid_field": "Asteroid Field", "mine_field": "Mine Field",
    "stronghold": "Stronghold", "neutral": "Neutral Space", "event": "Event", "directive": "Directive",
    "terraform": "Terraforming", "encounter": "Encounter",
}

STYLE: dict[str, dict[str, str]] = {  # the game's colours (hooks.py wraps this module in StyledScene with them)
    "fills": {  # hexes and legend entries: a place's card kind, a face-down card's deck, a die colour
        "neutral": "#2b2b3d", "homeworld": "#5a4a12", "space": "#151b2e", "colony_world": "#1d4a2c",
        "gas_giant": "#3b2a4d", "star_base": "#1c3f55", "asteroid_field": "#3d3428", "mine_field": "#4d2a1c",
        "stronghold": "#34384a", "encounter": "#5a1c2a", "terraform": "#1d4a2c", "empty": "#0b0e17",
        "back-0": "#3a2028", "back-1": "#1c2a44",
        "die-red": "#e0453a", "die-orange": "#f08c2a", "die-yellow": "#f2d23c", "die-green": "#4cbf5a",
        "die-blue": "#3f7fe0", "die-white": "#e8ecf6",
    },
    "cards": {  # card borders: a card's kind, a hull's or ship's die colour, an engine
        "homeworld": "#c9a227", "space": "#4a5578", "colony_world": "#3fae5f", "gas_giant": "#9a6fd0",
        "star_base": "#4aa3d8", "asteroid_field": "#a08660", "mine_field": "#d0704a", "stronghold": "#9aa3bd",
        "event": "#ffcc4d", "directive": "#4de1ff", "terraform": "#6bdd8b", "encounter": "#ff6b6b",
        "engine": "#c0c6d8", "back-0": "#7a3a48", "back-1": "#3a5a8a",
        "die-red": "#e0453a", "die-orange": "#f08c2a", "die-yellow": "#f2d23c", "die-green": "#4cbf5a",
        "die-blue": "#3f7fe0", "die-white": "#e8ecf6",
    },
}

STEPS = {  # the turn step each decision belongs to, for the headline
    "dismantle": "Fleet Maintenance", "upkeep": "Build", "build": "Build", "target": "Build", "revive": "Build",
    "encounter_check": "Threat", "action_step": "Action", "group": "Action", "defend": "Action (combat)",
}

PROMPTS = {
    "dismantle": "Maintenance is short: dismantle a ship (the farthest from your Homeworld go first)",
    "upkeep": "Keep your Directive by paying its cost again, or let it go",
    "build": "Build: click your Homeworld (or a Star Base you hold) to lay down a hull, a hull to invest CP, "
             "a card to play or cycle; then close the Shipyard",
    "target": "Choose the sector for the card you are playing",
    "revive": "Choose the Graveyard ship that tries to come back",
    "encounter_check": "Threat: choose which of your ships faces the Encounter next",
    "action_step": "Action: click a sector to move ships from, or end the turn",
    "group": "Move: add ships to the group, or click a neighbouring sector to step there",
    "defend": "You are attacked: choose which of your ships roll in defence",
}

STATUS = {  # what another seat is doing, in a few words
    "dismantle": "dismantling ships", "upkeep": "paying for a Directive", "build": "building",
    "target": "choosing a sector for a card", "revive": "trying to revive a ship", "encounter_check": "facing an Encounter",
    "action_step": "moving", "group": "moving a group", "defend": "choosing defenders",
}


def _rules(game: Game) -> Rules:
    rules: Rules = game.rules
    return rules


def _hex(value: Any) -> Hex:
    return (int(value[0]), int(value[1]))


# ---------------------------------------------------------------- words for cards, ships and colours


def colour_words(r: Rules, colour: str) -> str:
    """The role a die colour gives its ship, from the rules data ("Corsair: moves for 2 E less")."""
    c = r.data.colours.get(colour)
    effects = []
    if c is not None:
        if c.move:
            effects.append(f"moves for {abs(c.move)} E {'less' if c.move < 0 else 'more'}")
        if c.attack:
            effects.append(f"{c.attack:+d} attacking")
        if c.defence:
            effects.append(f"{c.defence:+d} defending")
        if c.multi_attack:
            effects.append("may attack more than once a turn")
        if c.maintenance_free:
            effects.append("costs no maintenance")
    role = getattr(text, "ROLES", {}).get(colour, "")  # the role names live with the game's words
    words = ", ".join(effects) or "no special role"
    return f"{role}: {words}" if role else words


def sector_facts(card: Card) -> list[str]:
    """A sector card's numbers in short words: CP, Advantage, E, threat, defence."""
    out = []
    if card.cp:
        out.append(f"{card.cp} CP")
    if card.advantage_cp:
        out.append(f"+{card.advantage_cp} CP for {card.advantage_class.replace('_', ' ').title()}s")
    if card.e_bonus:
        out.append(f"+{card.e_bonus} E")
    if card.threat_check:
        out.append(f"threat ≤{card.threat_check}")
    if card.defence:
        out.append(f"{card.defence:+d} defence")
    return out


def hex_facts(card: Card) -> str:
    """A sector's numbers short enough for the bottom of its hex ("2 CP +1 def"); the hint has them in words."""
    out = []
    if card.cp or card.advantage_cp:
        out.append(f"{card.cp}" + (f"+{card.advantage_cp}" if card.advantage_cp else "") + " CP")
    if card.e_bonus:
        out.append(f"+{card.e_bonus} E")
    if card.threat_check:
        out.append(f"threat ≤{card.threat_check}")
    if card.defence:
        out.append(f"{card.defence:+d} def")
    return " ".join(out)


def card_text(r: Rules, card: Card) -> str:
    """What a card does, in words, from its data (the effect system is data-driven, so is this)."""
    if card.kind == "event":
        return {
            "revive": f"A Graveyard ship rolls: {card.check} or less returns it to the Stockpile.",
            "attack_bonus": f"+{card.amount} to your attack rolls this turn.",
            "extra_e": f"+{card.amount} E this turn.",
        }.get(card.effect, "An Event.")
    if card.kind == "directive":
        what = "all your combat rolls" if card.effect == "combat_bonus" else "your E each turn"
        return f"+{card.amount} to {what} while kept (pay {card.cost} CP again each Build step)."
    if card.kind == "terraform":
        return (f"A Space or Colony World where you have ships becomes a Colony World of {card.cp} CP "
                f"(half the cost over Space).")
    if card.kind == "encounter":
        return f"Set loose on a sector with enemy ships, or their Homeworld: a d{card.die} fights each ship there."
    facts = sector_facts(card)
    words = KIND_WORDS.get(card.kind, card.kind) + (": " + ", ".join(facts) if facts else "") + "."
    if card.threat_check:
        words += f" Each Threat step a ship here rolls its die: {card.threat_check} or less destroys it."
    return words


# ---------------------------------------------------------------- the table as the scene reads it


@dataclass
class Table:
    """The view with its lookups (places by hex, ships by id) and where each legal action goes."""

    game: Game
    view: Json
    seat: int | None
    names: Sequence[str]
    r: Rules = field(init=False)
    places: dict[Hex, Json] = field(init=False)
    ships: dict[int, Json] = field(init=False)
    decision: Json = field(init=False)
    hulls: dict[Hex, list[Json]] = field(init=False)  # Shipyards by site
    at_hex: dict[Hex, list[Action]] = field(default_factory=dict)
    at_piece: dict[int, list[Action]] = field(default_factory=dict)
    at_card: dict[str, list[Action]] = field(default_factory=dict)
    buttons: list[Action] = field(default_factory=list)
    labels: dict[Action, str] = field(default_factory=dict)  # each legal action's words, alike pieces told apart

    def __post_init__(self) -> None:
        self.r = _rules(self.game)
        self.places = {_hex(p["hex"]): p for p in self.view["places"]}
        self.ships = {s["id"]: s for s in self.view["ships"]}
        self.decision = self.view.get("decision") or {}
        self.hulls = {}
        for s in self.view["ships"]:
            if not s["built"]:
                self.hulls.setdefault(_hex(s["hex"]), []).append(s)

    def route(self, legal: list[Action]) -> None:
        """Sort the legal actions by the element that stands for them (``ACTIONS.route``), and word them."""
        self.labels = tell_alike_apart({a: self.words(a) for a in legal})
        for a in legal:
            target, value = ACTIONS.route(a)
            if target in ("hex", "sector", "site") and value is not None:
                self.at_hex.setdefault(_hex(value), []).append(a)
            elif target in ("ship", "die") and isinstance(value, int):
                self.at_piece.setdefault(value, []).append(a)
            elif target == "card" and isinstance(value, str):
                self.at_card.setdefault(value, []).append(a)
            else:
                self.buttons.append(a)

    # -- words -------------------------------------------------------------------------------
    def who(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else "nobody"

    def deck(self, seat: int) -> str:
        name = self.view["decks"][seat]
        d = self.r.data.decks.get(name)
        return d.title if d is not None else str(name).rsplit("/", 1)[-1]

    def title(self, key: str | None) -> str:
        return text.title(self.game, key)

    def place(self, hex_: Hex) -> str:
        """A place by the card lying there, or (face down) by whose deck it came from: never a hidden title; with the
        sector the map writes on it ("Oceana (C2)"), as the log names it. Homeworlds and Neutral Space by name."""
        p = self.places.get(hex_)
        code = text.sector(self.game, hex_)
        if p is None:
            return f"sector {code}"
        if p["card"] and self.r.data.cards[p["card"]].kind in ("homeworld", "neutral"):
            return self.title(p["card"])
        if p["card"]:
            return f"{self.title(p['card'])} ({code})"
        if p["face_up"]:
            return f"an empty sector ({code})"
        return f"a face-down card from {self.who(p['owner'])}'s deck ({code})"

    def ship(self, sid: int) -> str:
        s = self.ships.get(sid)
        if s is None:
            return "a ship"
        return text.ship_name(self.game, s["sides"], s["colour"])

    def decision_card(self) -> str | None:
        """The key of the card the pending decision is about (a played card, a Directive), if any."""
        inst = self.decision.get("card")
        if isinstance(inst, int) and not isinstance(inst, bool) and 0 <= inst < len(self.r.instances):
            return self.r.instances[inst][1]
        return None

    def decision_hex(self, name: str) -> Hex | None:
        i = self.decision.get(name)
        hexes = self.r.board.hexes
        return hexes[i] if isinstance(i, int) and not isinstance(i, bool) and 0 <= i < len(hexes) else None

    def move_cost(self, sid: int) -> int:
        s = self.ships[sid]
        c = self.r.data.colours.get(s["colour"])
        return max(1, max(1, int(s["sides"])) + (c.move if c is not None else 0))

    def label(self, a: Action) -> str:
        """One action in words, as the button, menu entry or hint says it: no two choices of a decision alike."""
        return self.labels.get(a) or self.words(a)

    def words(self, a: Action) -> str:
        """One action in words, saying everything that sets it apart from another of its kind but which of two alike
        pieces it takes (:func:`tell_alike_apart` adds that): a hull's site, since each site has its own Shipyard
        (a Star Base held and the Homeworld offer the same dice), whether a ship joining a group has attacked."""
        k, arg = a.kind, a.arg
        cp = self.view["cp"]
        if k == "start_hull":
            return (f"Lay down {article(text.ship_name(self.game, arg[1], arg[2]))} at {self.place(_hex(arg[0]))} "
                    f"({colour_words(self.r, arg[2])})")
        if k == "invest":
            return self.invest_label(arg[0], arg[1])
        if k == "start_engine":
            return f"Begin an engine ({self.r.data.build.start.cp} CP now, {self.r.data.engines.cost} in all)"
        if k in ("play", "cycle"):
            if k == "cycle":
                return f"Cycle {self.title(arg)} ({self.r.data.hand_cycling.cost} CP): discard it and draw another"
            played = self.r.data.cards.get(arg)
            return f"Play {self.title(arg)} ({played.cost if played else '?'} CP)"
        if k == "build_done":
            lost = cp + sum(self.view["cp_bound"].values())
            return "Close the Shipyard" + (f" (the {lost} CP left are lost)" if lost else "")
        if k == "end_turn":
            return "End the turn" + (f" ({self.view['e']} E unused)" if self.view["e"] else "")
        if k == "keep":
            kept = self.decision_card()
            cost = self.r.data.cards[kept].cost if kept in self.r.data.cards else 0
            return f"Keep {self.title(kept)} (pay {cost} CP)" if arg else f"Let {self.title(kept)} go"
        if k == "target":
            return f"Play {self.title(self.decision_card())} on {self.place(_hex(arg))}"
        if k == "revive":
            return self.revive_label(arg)
        if k == "group":
            return f"Move ships from {self.place(_hex(arg))}"
        if k == "step":
            return self.step_label(_hex(arg))
        if k == "add":
            return f"Add the {self.ship(arg)} to the group (+{self.move_cost(arg)} E{self.attacked(arg)})"
        if k == "check":
            return f"The {self.ship(arg)} faces the Encounter at {self.place(self.ship_hex(arg))}"
        if k == "defend":
            return f"Roll the {self.ship(arg)} in defence"
        if k == "defend_done":
            return "Roll the chosen defenders" if self.decision.get("chosen") else "Roll all your ships there"
        if k == "dismantle":
            return f"Dismantle the {self.ship(arg)} at {self.place(self.ship_hex(arg))}"
        return k.replace("_", " ").capitalize()

    def ship_hex(self, sid: int) -> Hex:
        s = self.ships.get(sid)
        return _hex(s["hex"]) if s else (0, 0)

    def attacked(self, sid: int) -> str:
        """"; it has attacked this turn" for a ship that has: a group with it may not attack again (Invaders may)."""
        n = int((self.ships.get(sid) or {}).get("attacks") or 0)
        return "" if not n else "; it has attacked this turn" if n == 1 else f"; it has attacked {n} times this turn"

    def homeworld(self, seat: int) -> str:
        """Where a seat's engines are built: its own Homeworld, by name."""
        b = self.r.board
        return self.place(_hex(b.hexes[b.homeworld[seat]])) if seat in (0, 1) else "a Homeworld"

    def invest_label(self, hull: int, n: int) -> str:
        engine = next((h for h in self.view["engine_hulls"] if h["id"] == hull), None)
        if engine is not None:
            total = engine["invested"] + n
            return (f"Put {n} CP into an engine at {self.homeworld(engine['owner'])} "
                    f"({total} of {self.r.data.engines.cost} CP)")
        s = self.ships.get(hull)
        if s is None:
            return f"Put {n} CP into a hull"
        site = self.place(_hex(s["hex"]))
        return f"Put {n} CP into the {self.ship(hull)} at {site} ({s['invested'] + n} of {s['sides']} CP)"

    def revive_label(self, index: int) -> str:
        mine = self.view["graveyard"][self.decision.get("seat", 0)]
        card = self.r.data.cards.get(self.decision_card() or "")
        check = f" (it must roll {card.check} or less)" if card is not None else ""
        if 0 <= index < len(mine):
            die = mine[index]
            return f"Try to bring back the {text.ship_name(self.game, die['sides'], die['colour'])}{check}"
        return f"Try to bring back Graveyard ship {index + 1}{check}"

    def step_label(self, dest: Hex) -> str:
        group = self.decision.get("ships") or []
        cost = sum(self.move_cost(i) for i in group if i in self.ships)
        mover = self.decision.get("seat", 0)
        enemies = [s for s in self.view["ships"] if s["built"] and s["owner"] != mover and _hex(s["hex"]) == dest]
        if enemies:
            return f"Attack {self.who(enemies[0]['owner'])}'s {count(len(enemies), 'ship')} at {self.place(dest)} ({cost} E)"
        return f"Move the group to {self.place(dest)} ({cost} E)"

    def clickable(self, item: Json, acts: list[Action] | None, title: str) -> Json:
        """Put one action (``action`` + ``hint``) or several (``choices``, a menu) on an element."""
        if not acts:
            return item
        if len(acts) == 1:
            item["action"] = acts[0].to_json()
            item["hint"] = self.label(acts[0])
        else:
            item["choices"] = [{"label": self.label(a), "action": a.to_json()} for a in acts]
            item["hint"] = title
        return item


def tell_alike_apart(words: dict[Action, str]) -> dict[Action, str]:
    """Choices of one decision that take a piece (a ship, a hull, an engine) and still read the same are alike pieces:
    same owner, die and place (same CP in, for a hull), so any of them will do. Their words say which of them
    ("Roll the blue Fighter (d4) in defence, 1 of 2 alike"), in the order the rules list them, so no two entries of a
    list read the same. Other choices are left as they are: two of those reading alike is a fault in their words."""
    pieces = {a: w for a, w in words.items() if ACTIONS.route(a)[0] in ("ship", "die")}
    alike = Counter(pieces.values())
    seen: Counter[str] = Counter()
    out = dict(words)
    for a, w in pieces.items():
        if alike[w] > 1:
            seen[w] += 1
            out[a] = f"{w}, {seen[w]} of {alike[w]} alike"
    return out


# ---------------------------------------------------------------- the map


def hex_item(t: Table, hex_: Hex, p: Json) -> Json:
    """One place, written top to bottom as a card is read: its sector (the name the log uses), the card's title (a
    face-down card says so), one line of what matters there (its numbers, whose Homeworld or deck, an Encounter);
    the ships and hulls there sit below the words (``stack: rows``), never over them."""
    key = p["card"]
    hulls = t.hulls.get(hex_, [])
    subs: list[str] = []
    if key:
        card = t.r.data.cards[key]
        fill, label = card.kind, t.title(key)
        if card.kind == "homeworld":
            subs.append(f"{t.who(p['owner'])}'s Homeworld")
        elif card.kind == "encounter":
            subs.append(f"Encounter d{card.die}")
        elif KIND_WORDS.get(card.kind) != label:  # not "Neutral Space" twice
            subs.append(hex_facts(card) or KIND_WORDS.get(card.kind, ""))
        hint = f"{label} ({card_text(t.r, card)})"
        if card.kind == "homeworld":
            hint = f"{label}, {t.who(p['owner'])}'s Homeworld ({card_text(t.r, card)})"
        elif p["owner"] >= 0:
            hint += f" From {t.who(p['owner'])}'s deck."
    elif p["face_up"]:
        fill, label, hint = "empty", "Empty", "An empty sector: no card was left to lay here."
    else:
        fill, label = f"back-{p['owner']}", "Face down"
        subs.append(t.who(p["owner"]))  # whose deck: the back's colour says it too (legend)
        hint = f"A face-down card from {t.who(p['owner'])}'s deck ({t.deck(p['owner'])}): entering turns it up."
    if p["encounter"]:
        enc = t.r.data.cards.get(p["encounter"])
        subs.insert(0, f"Encounter d{enc.die if enc else '?'}")
        hint += f" Encounter here: {t.title(p['encounter'])} (a d{enc.die if enc else '?'})."
    if hulls:
        hint += " Shipyard: " + ", ".join(f"{t.who(h['owner'])}'s {t.ship(h['id'])} {h['invested']}/{h['sides']} CP"
                                         for h in hulls) + "."
    code = text.sector(t.game, hex_)
    item: Json = {"q": hex_[0], "r": hex_[1], "fill": fill, "name": code, "label": label,
                  "sub": " · ".join(s for s in subs if s), "hint": f"{code}: {hint}"}
    acts = t.at_hex.pop(hex_, None)
    ask = f"{t.place(hex_)}: choose"
    if acts and all(a.kind == "start_hull" for a in acts):
        ask = f"Lay down a hull at {t.place(hex_)}: which die?"
    return t.clickable(item, acts, ask)


def ship_title(t: Table, s: Json) -> str:
    """A ship in full words: whose, colour, class and die, role, where."""
    return (f"{t.who(s['owner'])}'s {t.ship(s['id'])} at {t.place(_hex(s['hex']))}; "
            f"{colour_words(t.r, s['colour'])}" + (f"; attacked {s['attacks']}x this turn" if s["attacks"] else ""))


def marks(t: Table) -> dict[int, str]:
    """Ships marked on the map: the moving group, or the attackers and chosen defenders of a combat."""
    d = t.decision
    out: dict[int, str] = {}
    if d.get("kind") == "group":
        out.update({i: "moving" for i in d.get("ships") or []})
    if d.get("kind") == "defend":
        out.update({i: "moving" for i in d.get("attackers") or []})
    return out


def piece_item(t: Table, s: Json, mark: str | None) -> Json:
    """A ship on the map: a die in its owner's colour (whose it is, read first), its size written on it ("d6") and
    a stripe in the die's own colour, the colour that gives it its role (the legend and its title say which)."""
    title = ship_title(t, s)
    if s["id"] in (t.decision.get("chosen") or []):
        title += " (chosen to roll in defence)"
    item: Json = {"id": s["id"], "at": {"hex": list(s["hex"])}, "label": f"d{s['sides']}", "seat": s["owner"],
                  "shape": "square", "band": f"die-{s['colour']}", "title": title, "hint": title}
    if mark:
        item["mark"] = mark
    return t.clickable(item, t.at_piece.get(s["id"]), f"{t.who(s['owner'])}'s {t.ship(s['id'])}: choose")


def hull_item(t: Table, s: Json) -> Json:
    """A hull in its Shipyard, drawn at its site: an outline of the die in its owner's colour, not yet filled in,
    with the CP put in over its cost ("3/8") and its die's colour as a stripe; clicking it invests (when legal)."""
    title = (f"{t.who(s['owner'])}'s {t.ship(s['id'])} being built at {t.place(_hex(s['hex']))}: "
             f"{s['invested']} of {s['sides']} CP in; {colour_words(t.r, s['colour'])}")
    item: Json = {"id": s["id"], "at": {"hex": list(s["hex"])}, "label": f"{s['invested']}/{s['sides']}",
                  "seat": s["owner"], "shape": "square", "band": f"die-{s['colour']}", "mark": "unfinished",
                  "title": title, "hint": title}
    return t.clickable(item, t.at_piece.get(s["id"]),
                       f"Put CP into the {t.ship(s['id'])} ({s['invested']} of {s['sides']} in): how much?")


def legend(t: Table, fills: set[str]) -> list[Json]:
    out: list[Json] = [{"label": t.who(q), "seat": q} for q in range(len(t.names))]
    for kind, words in KIND_WORDS.items():
        if kind in fills:
            out.append({"label": words, "fill": kind})
    for q in range(2):
        if f"back-{q}" in fills:
            out.append({"label": f"face down ({t.who(q)}'s deck)", "fill": f"back-{q}"})
    if "empty" in fills:
        out.append({"label": "empty sector", "fill": "empty"})
    out.append({"label": "A1 ... I1: a sector's name, row by row from the top"})
    out.append({"label": "dN: a ship, a die of N sides in its owner's colour"})
    out.append({"label": "3/8 outlined: a hull being built, CP in / its cost"})
    for colour in t.r.data.stockpile.colours:
        out.append({"label": f"{colour} stripe: {colour_words(t.r, colour)}", "fill": f"die-{colour}"})
    return out


def map_part(t: Table) -> Json:
    hexes = [hex_item(t, h, p) for h, p in t.places.items()]
    focus = {t.decision_hex("origin"), t.decision_hex("dest")} if t.decision.get("kind") in ("group", "defend") else set()
    for h in hexes:
        if (h["q"], h["r"]) in focus:
            h["highlight"] = True
    mk = marks(t)
    pieces = [piece_item(t, s, mk.get(s["id"])) if s["built"] else hull_item(t, s) for s in t.view["ships"]]
    return {"kind": "hexmap", "id": "map", "title": "Nearspace", "size": HEX_SIZE, "stack": "rows", "hexes": hexes,
            "pieces": pieces, "edges": [], "legend": legend(t, {h["fill"] for h in hexes})}


# ---------------------------------------------------------------- cards: hands, shipyards, fleets


def hand_part(t: Table, q: int) -> Json:
    """A seat's Hand: face up (the book's rule), or with hidden hands only backs for the other seat."""
    hand = t.view["hands"][q]
    mine = q == t.seat
    title = "Your hand" if mine else f"{t.who(q)}'s hand"
    cards: list[Json] = []
    if isinstance(hand, int):
        cards = [{"id": f"hand{q}-{i}", "title": "Hidden card", "kind": f"back-{q}", "face": "down",
                  "tag": f"{t.who(q)}'s deck"} for i in range(hand)]
    else:
        for i, key in enumerate(hand):
            card = t.r.data.cards[key]
            item: Json = {"id": f"hand{q}-{i}", "title": t.title(key), "kind": card.kind,
                          "tag": KIND_WORDS.get(card.kind, ""), "stats": [{"label": "Cost", "value": f"{card.cost} CP"}],
                          "text": card_text(t.r, card)}
            cards.append(t.clickable(item, t.at_card.pop(key, None) if mine else None, f"{t.title(key)}: play or cycle"))
    return {"kind": "cards", "id": f"hand-{q}" if not mine else "hand", "title": title, "layout": "hand" if mine else "row",
            "cards": cards, "empty": "no cards"}


def shipyard_part(t: Table) -> Json:
    """Hulls being paid for (CP invested / the die's size) and engines being built, both seats'."""
    cards: list[Json] = []
    for s in t.view["ships"]:
        if s["built"]:
            continue
        item: Json = {"id": f"hull-{s['id']}", "title": t.ship(s["id"]), "kind": f"die-{s['colour']}",
                      "tag": f"{t.who(s['owner'])} · at {t.place(_hex(s['hex']))}",
                      "stats": [{"label": "CP", "value": f"{s['invested']}/{s['sides']}"}],
                      "text": colour_words(t.r, s["colour"])}
        cards.append(t.clickable(item, t.at_piece.pop(s["id"], None), f"Put CP into the {t.ship(s['id'])} ({s['invested']} of {s['sides']} in): how much?"))
    cost = t.r.data.engines.cost
    for h in t.view["engine_hulls"]:
        item = {"id": f"engine-{h['id']}", "title": f"Engine (d{t.r.data.engines.sides})", "kind": "engine",
                "tag": f"{t.who(h['owner'])} · being built at {t.homeworld(h['owner'])}",
                "stats": [{"label": "CP", "value": f"{h['invested']}/{cost}"}],
                "text": "Rolled each turn for E once finished."}
        cards.append(t.clickable(item, t.at_piece.pop(h["id"], None),
                                 f"Put CP into the engine ({h['invested']} of {cost} in): how much?"))
    return {"kind": "cards", "id": "shipyards", "title": "Shipyards (hulls: CP in / cost)", "layout": "row",
            "cards": cards, "empty": "no hulls or engines being built"}


def fleet_part(t: Table, q: int) -> Json:
    """One seat's ships on the map as cards bordered in their die colour (the map shows them as dice)."""
    mk = marks(t)
    fleet = [s for s in t.view["ships"] if s["built"] and s["owner"] == q]
    facets = sum(max(1, s["sides"]) for s in fleet)
    cards = []
    for s in sorted(fleet, key=lambda s: (-s["sides"], s["colour"], s["id"])):
        item: Json = {"id": f"ship-{s['id']}", "title": t.ship(s["id"]), "kind": f"die-{s['colour']}",
                      "tag": f"at {t.place(_hex(s['hex']))}" + (" (moving)" if s["id"] in mk else ""),
                      "stats": [{"label": "Move", "value": f"{t.move_cost(s['id'])} E"}],
                      "text": colour_words(t.r, s["colour"])}
        cards.append(t.clickable(item, t.at_piece.get(s["id"]), f"{t.who(q)}'s {t.ship(s['id'])}: choose"))
    return {"kind": "cards", "id": f"fleet-{q}", "title": f"{t.who(q)}'s fleet: {len(fleet)} ships, {facets} facets",
            "layout": "row", "cards": cards, "empty": "no ships on the map"}


# ---------------------------------------------------------------- panels


def turn_panel(t: Table) -> Json:
    v = t.view
    items: list[Json] = [{"label": "Turn", "value": f"{v['turn']}: {t.who(v['active'])}" if v["active"] >= 0 else "-"}]
    bound = ", ".join(f"{n} for {c.replace('_', ' ').title()}s" for c, n in v["cp_bound"].items() if n)
    items.append({"label": "CP", "value": str(v["cp"]) + (f" (+{bound})" if bound else ""),
                  "hint": "Construction Points this turn: unspent CP are lost"})
    items.append({"label": "E", "value": str(v["e"]), "hint": "Engine points this turn: moving a ship costs its facets"})
    if v["attack_bonus"]:
        items.append({"label": "Attack bonus", "value": f"+{v['attack_bonus']}"})
    if v["e_bonus"]:
        items.append({"label": "E bonus", "value": f"+{v['e_bonus']}"})
    if v["active"] >= 0 and v["first_round"][v["active"]]:
        items.append({"label": "Opening round", "value": "no ship may cross the Frontier"})
    return {"kind": "panel", "id": "turn", "title": "This turn", "items": items}


def graveyard_track(t: Table) -> Json:
    """Each seat's destroyed facets against the Conquest threshold."""
    limit = t.r.data.victory.conquest_facets
    facets = t.view["graveyard_facets"]
    return {"kind": "track", "id": "graveyards", "title": f"Graveyards: facets destroyed (Conquest at {limit})",
            "min": 0, "max": max(limit, *facets), "line": {"value": limit, "label": f"Conquest {limit}"},
            "marks": [{"value": facets[q], "label": t.who(q), "seat": q} for q in range(2)]}


def sizes(dice: list[Json]) -> str:
    """Dice by size, largest first ("d10 x1, d4 x3"): what a Graveyard or Stockpile holds, in a line."""
    by_size: Counter[int] = Counter()
    for d in dice:
        by_size[d["sides"]] += d.get("count", 1)
    return ", ".join(f"d{s} x{n}" for s, n in sorted(by_size.items(), reverse=True)) or "empty"


def dice_words(game: Game, dice: list[Json]) -> str:
    counts = Counter((d["sides"], d["colour"]) for d in dice)
    return ", ".join(text.ship_name(game, s, c) + (f" x{n}" if n > 1 else "") for (s, c), n in sorted(counts.items()))


def dice_panel(t: Table) -> Json:
    """Graveyards (what Conquest counts) and Stockpiles (what Annihilation counts), seat by seat."""
    v = t.view
    items: list[Json] = []
    for q in range(2):
        who, grave, pile = t.who(q), v["graveyard"][q], v["stockpile"][q]
        items.append({"label": f"{who}'s Graveyard", "value": f"{v['graveyard_facets'][q]} facets, {len(grave)} dice: {sizes(grave)}",
                      "hint": dice_words(t.game, grave) or "empty"})
        n = sum(d["count"] for d in pile)
        items.append({"label": f"{who}'s Stockpile", "value": f"{n} dice: {sizes(pile)}",
                      "hint": "dice not yet in play; no ships, no hulls and an empty Stockpile loses by Annihilation"})
    return {"kind": "panel", "id": "dice", "title": "Graveyards and Stockpiles", "items": items}


def cards_panel(t: Table) -> Json:
    """The piles of cards: each Resource (and what is known at its bottom) and each discard pile."""
    v = t.view
    items: list[Json] = []
    for q in range(2):
        who = t.who(q)
        bottom = v["resource_bottom"][q]
        items.append({"label": f"{who}'s Resource", "value": f"{v['resource'][q]} cards"
                      + (f"; at the bottom: {', '.join(t.title(k) for k in bottom)}" if bottom else "")})
        items.append({"label": f"{who}'s discard pile", "value": ", ".join(t.title(k) for k in v["discard"][q]) or "empty"})
    return {"kind": "panel", "id": "piles", "title": "Resources and discard piles", "collapsed": True, "items": items}


def encounters_panel(t: Table) -> Json | None:
    items = []
    for h, p in t.places.items():
        if p["encounter"]:  # played from a Hand onto a sector
            card = t.r.data.cards[p["encounter"]]
            items.append({"label": t.title(p["encounter"]), "value": f"a d{card.die} at {t.place(h)}"})
        elif p["card"] and t.r.data.cards[p["card"]].kind == "encounter":  # turned up on the map
            card = t.r.data.cards[p["card"]]
            items.append({"label": t.title(p["card"]), "value": f"a d{card.die} on the map, from {t.who(p['owner'])}'s deck"})
    if not items:
        return None
    return {"kind": "panel", "id": "encounters", "title": "Encounters", "items": items}


def players_part(t: Table) -> Json:
    v = t.view
    waiting = set(v["to_move"])
    out = []
    for q in range(2):
        fleet = [s for s in v["ships"] if s["owner"] == q and s["built"]]
        building = [h for h in v["engine_hulls"] if h["owner"] == q]
        hand = v["hands"][q]
        stats = [
            {"label": "Deck", "value": t.deck(q)},
            {"label": "Ships", "value": f"{len(fleet)} ({sum(max(1, s['sides']) for s in fleet)} facets)"},
            {"label": "Engines", "value": str(v["engines"][q]) + (f" (+{len(building)} being built)" if building else "")},
            {"label": "Hand", "value": f"{hand if isinstance(hand, int) else len(hand)} cards"},
            {"label": "Resource", "value": f"{v['resource'][q]} cards"},
            {"label": "Directives", "value": ", ".join(t.title(k) for k in v["directives"][q]) or "none"},
            {"label": "Graveyard", "value": f"{v['graveyard_facets'][q]} facets"},
        ]
        if v["exile"][q]:
            stats.append({"label": "Exile", "value": f"holding the enemy Homeworld for {count(v['exile'][q], 'turn')}"})
        note = None
        if q in waiting and t.decision.get("kind"):
            note = STATUS.get(t.decision["kind"], t.decision["kind"].replace("_", " "))
        out.append({"seat": q, "name": t.who(q), "you": q == t.seat, "active": q in waiting, "note": note, "stats": stats})
    return {"kind": "players", "id": "players", "title": "Players", "players": out}


# ---------------------------------------------------------------- prompt, headline, the whole scene


def prompt(t: Table) -> str:
    d, v = t.decision, t.view
    kind = d.get("kind", "")
    base = PROMPTS.get(kind, "Decide")
    if kind == "dismantle":
        return f"{base}: {d.get('need', 0)} facets still to go"
    if kind == "upkeep":
        return f"Keep {t.title(t.decision_card())}? {base} (you have {v['cp']} CP)"
    if kind == "build":
        return f"{base} (you have {v['cp']} CP)"
    if kind == "target":
        return f"Choose the sector for {t.title(t.decision_card())}"
    if kind in ("action_step", "group"):
        return f"{base} (you have {v['e']} E)"
    if kind == "defend":
        attackers = d.get("attackers") or []
        return f"{base} (at least {len(attackers)}, or all you have there)"
    return base


def headline(t: Table) -> str:
    v = t.view
    if v["over"]:
        winners = " and ".join(t.who(q) for q in v["winners"]) or "nobody"
        return f"Game over after {v['turn']} turns: {winners} won ({v['reason']})"
    step = STEPS.get(t.decision.get("kind", ""), "")
    who = t.who(v["active"]) if v["active"] >= 0 else "setup"
    return f"Turn {v['turn']} · {who}" + (f" · {step}" if step else "") + f" · CP {v['cp']} · E {v['e']}"


def buttons_part(t: Table, title: str) -> Json:
    return {"kind": "buttons", "id": "decision", "title": title,
            "buttons": [{"label": t.label(a), "action": a.to_json()} for a in t.buttons]}


def build(game: Game, view: dict[str, Any], legal: list[Action], seat: int | None, names: Sequence[str]) -> dict[str, Any]:
    """The scene for ``seat`` (None: a spectator) from its view and legal actions (docs/web.md)."""
    t = Table(game, view, seat, names)
    mine = bool(legal) and t.decision.get("seat") == seat
    if mine:
        t.route(legal)
    parts: list[Json] = [map_part(t), turn_panel(t)]
    if seat is not None:
        parts.append(hand_part(t, seat))
    for q in range(2):
        if q != seat:
            parts.append(hand_part(t, q))
    parts.append(shipyard_part(t))
    parts += [fleet_part(t, q) for q in range(2)]
    for s in view["ships"]:  # a ship on the map is clickable as a die on the map and as a card in its fleet
        if s["built"]:
            t.at_piece.pop(s["id"], None)
    parts.append(graveyard_track(t))
    enc = encounters_panel(t)
    if enc:
        parts.append(enc)
    parts += [dice_panel(t), players_part(t), cards_panel(t)]
    # whatever no element took (a hex, ship or card not drawn) becomes a button too
    for left in (t.at_hex, t.at_piece, t.at_card):
        for acts in left.values():
            t.buttons.extend(acts)
        left.clear()
    ask = prompt(t) if mine else None
    if t.buttons:
        parts.insert(0, buttons_part(t, ask or "Choices"))
    status = None
    if t.decision.get("kind") and not mine and isinstance(t.decision.get("seat"), int):
        status = f"{t.who(t.decision['seat'])}: {STATUS.get(t.decision['kind'], t.decision['kind'].replace('_', ' '))}"
    return {"title": game.spec.title, "headline": headline(t), "prompt": ask, "status": status, "parts": parts}
