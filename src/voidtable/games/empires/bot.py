"""The heuristic player: expands, defends, weighs diplomacy against conquest, times planets for the scorings.

It reads only its observation: its view, its legal actions and the rules the game
was made with (planet cards, ships, technologies, options: public; with every
``--set`` override and option in play, ``obs.rules``).

- **Expand**: Diplomats head for neutral planets whose temperament matches the
  cards it holds, warships for neutral planets they can take; the nearest
  valuable planet first.
- **Diplomacy or conquest**: at a neutral planet it befriends when the roll's
  chance (the diplomacy dice in play, three in the book, against the race's target for the cards it can pay) times
  the planet's full value (VP, credits, influence) beats taking it by force
  (VP and credits only, no influence); otherwise an armed ship attacks it. A
  failed roll keeps the cards, so any fair chance (one in five or better) is
  worth an action; a long shot waits for more cards.
- **Defend**: an enemy warship within two steps of its home world or of a planet
  it holds makes warships worth more in the pre-round and sends them back; it
  attacks an enemy only where its own dice are stronger.
- **Time the scorings**: in a scoring round (5, 9, 11, or 5, 9 in the short game; worked out from
  the event piles and rounds in play) planets weigh more, and it mines and draws less.
- **Research**: technologies with VP first, then those unlocking better ships.
- **Tractor Beam**: it lets a rival's ship leave its beam only for a space further
  from every planet it holds that is not a neutral planet; otherwise it holds it.
- **Trade** (with negotiation on): it accepts an offer that gives it at least as
  much as it costs (credits 1, a card 1.5, a licence 2) and offers 2 credits for a
  licence to the trade good it lacks for the technology it wants.

Search (``mcts``) gets ``stage`` (rounds) and ``evaluate`` (VP so far plus what
the planets and technologies would score) through the hook table.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import TYPE_CHECKING, Any, cast

from voidtable.engine.actions import Action
from voidtable.engine.bots import BotShell, Decide
from voidtable.engine.graph import steps_over
from voidtable.engine.outcome import pairwise_rewards, result_rewards
from voidtable.engine.rng import Rng

from .tasks import (AnswerOffer, BefriendNow, BoostDiplomacy, CancelAttack, ChooseAction, ChooseCorner, ChooseRace,
                    ChooseTarget, CoverPlanet, DiscardDown, FreeMove, MakeOffer, MoveAll, MoveShip, OfferWindow,
                    PayToFire, PlacePort, PreRound, PreRoundTurn, RetreatChoice, Reroll, RotateTile, TakeCasualty,
                    TakePlanet, TractorPermission)

if TYPE_CHECKING:
    from voidtable.engine.state import GameState

    from .data import Rules
    from .state import EmpiresState

MCTS_HORIZON = 1    # MCTS default: roll out to the end of the next round, then evaluate()
MCTS_TRUST = 2.0    # the bot's move stands unless another's mean reward leads it by 2 standard errors (docs/agents.md)
SCORING_BONUS = 1.5  # planets weigh this much more in a scoring round
DANGER_STEPS = 2     # an enemy warship this close to a held planet is a threat
CARD_VALUE = 1.5     # a diplomacy card in credits, when trading
LICENCE_VALUE = 2.0


@lru_cache(maxsize=8)
def _at_least(dice: int) -> tuple[float, ...]:
    """P(sum of ``dice`` six-sided dice >= t) for t = 0 .. 6 x dice + 1 (the last: 0)."""
    counts = [1]
    for _ in range(dice):
        nxt = [0] * (len(counts) + 6)
        for total, k in enumerate(counts):
            for face in range(1, 7):
                nxt[total + face] += k
        counts = nxt
    ways = 6 ** dice
    return tuple(sum(counts[t:]) / ways for t in range(len(counts))) + (0.0,)


def chance(target: int, dice: int) -> float:
    """The chance a diplomacy roll of ``dice`` dice (``game.diplomacy_dice`` in play: 3 in the book) reaches ``target``."""
    table = _at_least(dice)
    return table[max(0, min(len(table) - 1, target))]


def scoring_rounds(r: "Rules") -> tuple[int, ...]:
    """The rounds whose event draw is a score card, for the rounds and event piles in play: each score card lies
    under its pile of events (``event_piles``), one card is drawn per round and one more after the last round (it
    counts for the last round); the short game ends at the second. The book's: 5, 9, 11 (short: 5, 9)."""
    out, at = [], 0
    for pile in r.g.event_piles[:2 if r.short else 3]:
        at += pile + 1
        if at <= r.g.rounds + 1:
            out.append(min(at, r.g.rounds))
    return tuple(out)


class Sight:
    """What the bot works out once per decision from its view."""

    def __init__(self, view: dict[str, Any], seat: int, rules: "Rules") -> None:
        self.view, self.seat = view, seat
        self.r = r = rules
        self.adj: dict[str, list[str]] = {}
        for a, b, _ in view["lines"]:
            self.adj.setdefault(a, []).append(b)
            self.adj.setdefault(b, []).append(a)
        self.ships = {s["id"]: s for s in view["ships"]}
        self.planets: dict[str, dict[str, Any]] = view["planets"]
        hand = view["hands"][seat]
        self.hand: list[str] = hand if isinstance(hand, list) else []
        self.race = view["races"][seat]
        rnd = view["round"]
        self.scoring_round = rnd in scoring_rounds(r)
        self.weight = SCORING_BONUS if self.scoring_round else 1.0
        self.targets = r.race(self.race).diplomacy_targets if self.race in r.data.races else [17, 13, 8, 4]
        self.neutral = [k for k, p in self.planets.items() if p["state"] == "neutral" and not k.startswith("home")
                        and view["tokens"].get(k) != "pirates"]
        self.to_neutral = self.bfs(self.neutral)
        mine = [k for k, p in self.planets.items() if self.controller(k) == seat]
        self.held = mine
        enemy_war = [s["space"] for s in view["ships"] if s["owner"] != seat and self.armed(s["kind"])]
        self.to_enemy = self.bfs(enemy_war)
        self.threatened = [k for k in mine if self.to_enemy.get(k, 99) <= DANGER_STEPS]
        self.to_threat = self.bfs(self.threatened)

    def controller(self, key: str) -> int:
        p = self.planets[key]
        return int(p["conqueror"] if p["conqueror"] >= 0 else p["ally"])

    def armed(self, kind: str) -> bool:
        return kind in self.r.data.ships and self.r.ship(kind).dice > 0

    def bfs(self, sources: list[str]) -> dict[str, int]:
        """Steps from the nearest of ``sources`` to every space reached, obstacles ignored."""
        adj = self.adj
        return steps_over(lambda k: adj.get(k, ()), sources)

    def value(self, planet: str, allied: bool) -> float:
        """What holding the planet is worth, in VP-like points (influence and ability only when allied)."""
        if planet not in self.r.data.planets:
            extra = 0.0
            if planet == self.view.get("new_earth"):
                card = self.r.data.new_earth
                extra = 1.2 * card.vp + 0.8 * card.credits
            return (2.0 + extra) * self.weight  # an enemy home world: the home bonus (and New Earth's card)
        p = self.r.planet(planet)
        v = 1.2 * p.vp + 0.8 * p.credits + (1.0 * p.influence + (0.5 if p.ability else 0.0) if allied else 0.0)
        return v * self.weight

    def cards_of(self, temperament: str) -> int:
        return sum(1 for c in self.hand if c.split(".")[0] == temperament)

    def strength(self, owner: int, space: str) -> float:
        """Expected hits of one side's ships at a space (dice times the chance of each)."""
        out = 0.0
        for s in self.view["ships"]:
            if s["owner"] == owner and s["space"] == space and s["kind"] in self.r.data.ships:
                sd = self.r.ship(s["kind"])
                out += sd.dice * (7 - sd.attack) / 6 * sd.hits
        return out

    def enemies_at(self, space: str) -> list[int]:
        return sorted({s["owner"] for s in self.view["ships"] if s["owner"] != self.seat and s["space"] == space})


def score(sight: Sight, a: Action) -> float:
    """How much the bot likes one legal action (the highest is played)."""
    v, seat, r = sight.view, sight.seat, sight.r
    k, arg = a.kind, a.arg
    credits = v["credits"][seat]
    if k == "diplomacy":
        planet, n = arg
        p = chance(sight.targets[n - 1] if n - 1 < len(sight.targets) else 4, r.g.diplomacy_dice)
        if p < 0.2:
            return 2 * p  # a long shot: draw more cards first (or take it by force)
        # a failed roll keeps the cards (book), so a fair chance costs only the action
        return 10 + 8 * p * sight.value(planet, True) - int(n)
    if k == "attack":
        here = sight.strength(seat, arg)
        foes = sight.enemies_at(arg)
        foe = max((sight.strength(q, arg) for q in foes), default=0.0)
        c = sight.planets.get(arg)
        if c is not None and c["state"] == "neutral":
            temperament = r.planet(arg).temperament if arg in r.data.planets else ""
            befriend = (chance(sight.targets[min(3, sight.cards_of(temperament)) - 1], r.g.diplomacy_dice)
                        if sight.cards_of(temperament) else 0)
            diplomat_here = any(s["owner"] == seat and s["space"] == arg and s["kind"] == "diplomat" for s in v["ships"])
            if diplomat_here and befriend * sight.value(arg, True) > sight.value(arg, False):
                return 5  # befriend it instead
            return 30 + 4 * sight.value(arg, False) if here > 0 else 0
        if not foes:
            return 32 + 4 * sight.value(arg, False)  # an undefended planet: taken without a roll
        return 25 + 10 * (here - foe) if here > 1.2 * foe else -5
    if k == "target":
        if arg == "planet":
            return 40
        if arg == "pirates":
            return 15
        if arg == "infestation":
            return 12
        space = (v.get("decision") or {}).get("space", "")
        return 30 if sight.strength(seat, space) >= sight.strength(int(arg), space) else -1
    if k == "take":
        return 40 if arg == "conquer" else 5
    if k == "befriend_now":
        return 40
    if k == "research":
        t = r.tech(arg)
        unlocks = any(sd.tech == arg for sd in r.data.ships.values())
        return 20 + 4 * t.vp + (3 if unlocks else 0) + (2 if t.effect in ("move", "space_port", "docking_bay") else 0)
    if k in ("build", "build_at_port"):
        sd = r.ship(arg)
        mine = [s for s in v["ships"] if s["owner"] == seat]
        diplomats = sum(1 for s in mine if s["kind"] == "diplomat")
        warships = sum(1 for s in mine if sight.armed(s["kind"]))
        if arg == "diplomat":
            return 19 if diplomats < 2 else (8 if diplomats < 3 else 0)
        if sd.dice == 0:
            return 2
        power = sd.dice * (7 - sd.attack) / 6 * sd.hits
        need = 10 if sight.threatened or warships < 2 else (6 if warships < 6 else 1)
        return need + 3 * power / max(1, sd.cost) + (1 if k == "build_at_port" else 0)
    if k == "move":
        sh = sight.ships.get(arg)
        if sh is None:
            return 0
        if sh["kind"] == "diplomat":
            here = sh["space"]
            at_neutral = here in sight.neutral and sight.cards_of(r.planet(here).temperament) > 0
            return -1 if at_neutral else 16
        if not sight.armed(sh["kind"]):
            return 3
        if sight.threatened and sight.to_threat.get(sh["space"], 99) > 0:
            return 17
        if sh["space"] in sight.neutral or sh["space"] in sight.threatened:
            return 1
        return 14
    if k == "to":
        d = v.get("decision") or {}
        sh = sight.ships.get(d.get("ship", -1))
        if sh is not None and sh["kind"] == "diplomat":
            best = 0.0
            if arg in sight.neutral and arg in r.data.planets:
                best = 40 + sight.cards_of(r.planet(arg).temperament) * 5 + sight.value(arg, True)
            return best or 30 - 2 * sight.to_neutral.get(arg, 20)
        if sight.threatened and sh is not None and sight.to_threat.get(sh["space"], 99) > 0:
            return 30 - 3 * sight.to_threat.get(arg, 20)
        if arg in sight.neutral:
            return 40 + sight.value(arg, False)
        foes = sight.enemies_at(arg)
        if foes and sh is not None and sight.strength(seat, sh["space"]) < max(sight.strength(q, arg) for q in foes):
            return -5
        return 30 - 2 * sight.to_neutral.get(arg, 20)
    if k == "carry":
        return 12
    if k == "culture":
        waiting = [s["space"] for s in v["ships"] if s["owner"] == seat and s["kind"] == "diplomat"
                   and s["space"] in sight.neutral and s["space"] in r.data.planets
                   and sight.cards_of(r.planet(s["space"]).temperament) < 3]
        if len(sight.hand) >= 3:
            return 1
        return (22 if waiting else 12) - (3 if sight.scoring_round else 0)
    if k == "mine":
        return 9
    if k == "casualty":
        sh = sight.ships.get(arg)
        return -r.ship(sh["kind"]).cost if sh is not None and sh["kind"] in r.data.ships else 0
    if k == "pay_shooting_star":
        return 10 if credits >= 1 else -1
    if k == "tactic":
        name = str(arg[0]).split(".")[1]
        if name in ("plus_two", "cancel_attack", "reroll"):
            return 30
        if name in ("extra_action", "credits"):
            return 11
        return 4 - int(arg[1])
    if k == "retreat":
        d = v.get("decision") or {}
        space = d.get("space", "")
        mine_power = sight.strength(seat, space)
        theirs = max((sight.strength(q, space) for q in sight.enemies_at(space)), default=0.0)
        # between equally near planets: one under threat, where the ships defend it
        return (10 + (1 if arg in sight.threatened else 0)) if theirs > 1.5 * mine_power else -1
    if k == "permit":
        return 6 if lets_go(sight) else 0
    if k == "refuse":
        return 5
    if k == "stop":
        sh = sight.ships.get((v.get("decision") or {}).get("ship", -1))
        return score(sight, Action("to", sh["space"])) if sh is not None else 0
    if k == "accept":
        return offer_worth(v, seat)
    if k == "offer_to":
        return 7 if wants_licence(sight, int(arg)) else -10
    if k == "offer_licence":
        return 20 if r.negotiation != "off" else -10
    if k == "offer_give":
        what, n = arg
        parts = (v.get("decision") or {}).get("give", [])
        return 13 if what == "credits" and n == 2 and not parts else -5
    if k == "offer_send":
        d = v.get("decision") or {}
        return 18 if d.get("licence") and d.get("give") else -2
    if k in ("offer_ask",):
        return -5
    if k == "port_at":
        return sight.value(str(arg), False)
    if k == "infest":  # an infestation gives the planet's ability only (a home world has none)
        return 6 if arg in r.data.planets and r.planet(arg).ability else 1
    if k in ("move_all", "extra_move", "swap", "mind_control"):
        return 6 if k == "mind_control" else -2
    if k in ("end_turn", "build_done", "pass", "decline", "stay", "leave", "not_now", "no_rotate", "move_all_done",
             "hold_fire"):
        return 0
    return 5


def lets_go(sight: Sight) -> bool:
    """Tractor Beam: every other player is a rival (the game has no treaties), so a ship may leave the
    beam only to go further from every planet the bot holds, and not to a neutral planet it could take."""
    d = sight.view.get("decision") or {}
    sh = sight.ships.get(d.get("ship", -1))
    to = str(d.get("to", ""))
    if sh is None or to in sight.neutral:
        return False
    near = sight.bfs(sight.held)
    return near.get(to, 99) > near.get(sh["space"], 99)


def offer_worth(view: dict[str, Any], seat: int) -> float:
    """Accept (a positive score) when what the offer gives is worth at least what it asks."""
    d = view.get("decision") or {}
    offer = d.get("offer") or {}
    got = sum(n if w == "credits" else CARD_VALUE * n for w, n in offer.get("give", []))
    cost = sum(n if w == "credits" else CARD_VALUE * n for w, n in offer.get("ask", []))
    if offer.get("licence"):
        cost += LICENCE_VALUE / 2  # a licence costs its licensor little: the good is not spent
    return 1.0 if got >= cost else -1.0


def wants_licence(sight: Sight, to: int) -> bool:
    """A technology it would research lacks only a trade good that seat ``to`` controls."""
    if sight.view["credits"][sight.seat] < 2:
        return False  # it pays 2 credits for a licence
    mine = {sight.r.planet(k).trade_good for k in sight.held if k in sight.r.data.planets}
    theirs = {sight.r.planet(k).trade_good for k, p in sight.planets.items()
              if k in sight.r.data.planets and sight.controller(k) == to}
    owned = set(sight.view["techs"][sight.seat])
    for key, t in sight.r.data.techs.items():
        if key in owned or (t.prereq and t.prereq not in owned) or (t.race and t.race != sight.race):
            continue
        if t.trade_good and t.trade_good not in mine and t.trade_good in theirs and t.vp > 0:
            return True
    return False


def best_scored(sight: Sight, seat: int, legal: list[Action], task: Any, rng: Rng) -> Action:
    """The best-scored action; a tie (the race, a corner, alike moves) is broken by the bot's own dice."""
    scored = [(score(sight, a), a) for a in legal]
    best = max(x for x, _ in scored)
    top = [a for x, a in scored if x == best]
    return top[rng.below(len(top))] if len(top) > 1 else top[0]


#: the heuristic per pending task type: every decision weighs its actions with ``score`` (what an action is worth
#: does not depend on the step that offers it); playouts decide the same way, on the seat's own view (cheap enough
#: for a round or two)
DECISIONS: dict[type, Decide[Sight]] = {
    # setting up
    ChooseRace: best_scored, ChooseCorner: best_scored, RotateTile: best_scored, CoverPlanet: best_scored,
    # the pre-round and the turn
    PreRound: best_scored, PreRoundTurn: best_scored, PlacePort: best_scored, ChooseAction: best_scored,
    MoveShip: best_scored, MoveAll: best_scored, FreeMove: best_scored, TractorPermission: best_scored,
    BoostDiplomacy: best_scored, DiscardDown: best_scored,
    # battles
    ChooseTarget: best_scored, CancelAttack: best_scored, RetreatChoice: best_scored, PayToFire: best_scored,
    Reroll: best_scored, TakeCasualty: best_scored, TakePlanet: best_scored, BefriendNow: best_scored,
    # trade (negotiation)
    OfferWindow: best_scored, MakeOffer: best_scored, AnswerOffer: best_scored,
}

#: the heuristic player: reads its seat's view (``Sight``), never a determinization
BOT: BotShell[Sight] = BotShell(DECISIONS, reads_view=Sight)


def stage(state: "GameState") -> int:
    """Rounds played: MCTS with ``horizon=k`` stops a rollout after k more rounds."""
    s = cast("EmpiresState", state)
    return s.round + (1000 if s.over else 0)


def position(s: "EmpiresState", seat: int) -> float:
    """VP so far plus what the planets and technologies would score at the scorings still to come."""
    from .planets import benefits
    from .scoring import tech_vp

    left = max(0, (2 if s.r.short else 3) - s.scorings)
    b = benefits(s, seat)
    return s.vp[seat] + left * (b.vp + tech_vp(s, seat) + 0.5 * b.influence) + 0.1 * s.credits[seat]


def evaluate(state: "GameState", mode: str) -> list[float]:
    """Reward vector for a rollout cut short: each seat's position, turned into chances of being ahead (a finished
    game's own rewards)."""
    s = cast("EmpiresState", state)
    if s.over:
        return result_rewards(s.result(), mode)
    scores = [position(s, q) for q in range(s.r.players)]
    return pairwise_rewards(scores, lambda diff: 1.0 / (1.0 + math.exp(-diff / 6.0)), mode)
