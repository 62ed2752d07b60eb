"""The main game's heuristic player: expand, colonise, build, defend, vote against the leader.

Rules of thumb, no look-ahead (cheap enough to be MCTS's rollout policy too):

- **Movement**: each ship with something to do is picked in turn. A ship above a
  planet with unexplored squares scans it; a ship with cargo holds loads chips; a
  ship with marines lands them only on a planet holding buildings of a race it is
  at war with. Colony ships fly toward the nearest face-up planet they can settle
  (hospitable, with a free square or still unexplored), other ships toward the
  nearest face-down place (exploring), keeping one ship above each home world it
  holds while an enemy is at war with it (defence).
- **War and peace**: war is declared only on a tribunal leader one term from
  winning (so it can be fought and its planets bombed); peace is offered to every
  other player at war with us and accepted from anyone but that leader.
- **Colonisation**: always, on the least useful square (barren land before bonus,
  energy, minerals, plains).
- **Purchases**, best first while affordable: the secret of life; a habitat where
  a planet's room is full and squares are free; a producer of the resource it
  makes least of; hospitality technologies; a small dock; colony ships (at most two
  afloat); output technologies; a planetary defence on a home world while at war;
  escorts or fighters while at war; then done (resources are kept for the next
  cycle rather than spent on nothing).
- **The tribunal**: a candidate votes for itself; others vote for the candidate
  who is not the sitting leader, with the fewest votes (against the leader);
  resolutions are voted by what they do for the bot (grants and open space yes,
  the ceasefire yes only while at war, the war levy no while at war, closing
  wormholes no).
- **Battles**: the scripted policy of ``..battle`` (close in, focus fire, cover
  empty squares first). It flees when outgunned (the armed enemy ships left on the
  board are worth more than twice its own armed ones; never from a planet it has
  buildings on), to the friendly space with no asteroids (a flight into them rolls
  for every ship), nearest its own planets, then the lowest numbered. Bombs fall on
  the leading race; a lost building is the least useful one; marines march on
  enemy squares and capture.
- **A free technology** (a bonus square): the one it would research first: a new
  colour to settle, then output of the resource it makes least, then scanners,
  exploring range, engines, weapons, then the rest in the technologies' order.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Callable, cast

from voidtable.engine.actions import Action
from voidtable.engine.bots import BotShell, Decide
from voidtable.engine.graph import steps_over
from voidtable.engine.outcome import pairwise_rewards, result_rewards
from voidtable.engine.rng import Rng
from voidtable.engine.squaregrid import chebyshev
from voidtable.engine.state import GameState

from ..battle import Disable, Fire, Move, Turn, best_cell, best_target, hostile, square_to_cover
from ..ships import points, stats
from .colonise import pod_square
from .data import RESOURCES
from .ground import landing_squares
from .movement import can_scan
from .planets import colonies, hospitable, is_planet, production, votes
from .trade import can_load
from .tasks import (AsteroidHit, BombChoice, Colonise, Demolish, Election, FreeTech, Ground, HomePick, Movement, PeaceOffer,
                    Purchase, ResolutionVote, Seize, ShipMove, ShutDown, TakeHit)

if TYPE_CHECKING:
    from .state import AbyssState

MCTS_HORIZON = 3    # rollouts stop after this many cycles and ask ``evaluate``
MCTS_TRUST = 2.0    # the bot's move stands unless another's mean reward leads it by 2 standard errors

#: The least useful terrain first (a habitat or a lost building goes there).
TERRAIN_VALUE = {"barren": 0, "bonus": 1, "water": 1, "energy": 2, "mineral": 3, "plains": 4}
#: A building's worth to its owner when one must go (lowest first).
BUILDING_VALUE = {"defence": 1, "trade_house": 2, "space_port": 3, "small_dock": 4, "large_dock": 5,
                  "energy_plant": 6, "mine": 7, "farm": 8, "habitat": 20}
RESOLUTION_STANCE = {"cheap_buildings": True, "cheap_techs": True, "wider_exploring": True, "no_jumps": False}


# ------------------------------------------------------------------ who leads
def leader_threat(s: "AbyssState", seat: int) -> int | None:
    """The sitting tribunal leader when one more term would win it the game (None otherwise, or if it is us)."""
    t = s.m.data.tribunal
    need = t.terms_to_win
    lead = s.leader
    if lead < 0 or lead == seat or s.out[lead]:
        return None
    have = s.streak if s.m.win_rule == "consecutive" else s.terms[lead]
    return lead if have >= need - 1 else None


def strongest(s: "AbyssState", seat: int, among: list[int]) -> int:
    """The rival among ``among`` with the most votes (then planets)."""
    return max(among, key=lambda p: (votes(s, p), len(colonies(s, p)), -p))


# ------------------------------------------------------------------ the galaxy
def distances_to(s: "AbyssState", targets: set[int]) -> dict[int, int]:
    """Steps from every reachable place to the nearest target, over places a ship may pass (not black holes)."""
    kinds = s.kinds
    return steps_over(s.m.galaxy.neighbours.__getitem__, targets, lambda b: bool(kinds[b]) and kinds[b] != "black_hole")


def settle_targets(s: "AbyssState", seat: int) -> set[int]:
    """Face-up planets the seat could settle: hospitable, without its habitat, with a free or unexplored square."""
    mine = set(colonies(s, seat))
    out = set()
    for p, kind in enumerate(s.kinds):
        if p in mine or not is_planet(kind) or not hospitable(s.m, s.techs[seat], kind):
            continue
        built, surface = s.built.get(p, ()), s.surface.get(p, ())
        if any(b is None and t != "water" for b, t in zip(built, surface)):
            out.add(p)
    return out


def explore_targets(s: "AbyssState") -> set[int]:
    """Face-down places, and face-up planets with unexplored squares."""
    return {p for p, k in enumerate(s.kinds) if not k or (is_planet(k) and "" in s.surface.get(p, ("",)))}


def guards_home(s: "AbyssState", seat: int, ship_id: int) -> bool:
    """The ship is the only one of the seat above a home world of its own while the seat is at war."""
    if not any(s.at_war(seat, q) for q in range(s.players) if q != seat):
        return False
    place = s.where.get(ship_id, -1)
    if s.kinds[place] != "home" or (seat, "habitat") not in s.built.get(place, ()):
        return False
    mine_here = [i for i, p in s.where.items() if p == place and s.ships[i].owner == seat]
    return mine_here and min(mine_here) == ship_id   # type: ignore[return-value]


def is_colony_ship(s: "AbyssState", ship_id: int) -> bool:
    return pod_square(s, ship_id) is not None


def useful_landing(s: "AbyssState", seat: int, ship_id: int) -> bool:
    place = s.where.get(ship_id, -1)
    return s.carried.get(ship_id, 0) > 0 and any(b is not None and b[0] != seat and s.at_war(seat, b[0])
                                        for b in s.built.get(place, ()))


def step_toward(s: "AbyssState", legal: list[Action], targets: set[int]) -> Action | None:
    steps = [a for a in legal if a.kind == "step"]
    if not steps or not targets:
        return None
    dist = distances_to(s, targets)
    best = min(steps, key=lambda a: (dist.get(a.arg, 99), a.arg))
    return best if dist.get(best.arg, 99) < 99 else None


# ------------------------------------------------------------------ decisions
def choose_movement(s: "AbyssState", seat: int, legal: list[Action], task: Any, rng: Rng) -> Action:
    threat = leader_threat(s, seat)
    for a in legal:
        if a.kind == "declare_war" and a.arg == threat:
            return a
    for a in legal:
        if a.kind == "offer_peace" and a.arg != threat:
            return a
    for a in legal:
        if a.kind == "select" and worth_moving(s, seat, a.arg):
            return a
    return next(a for a in legal if a.kind == "done")


def worth_moving(s: "AbyssState", seat: int, i: int) -> bool:
    """The ship has something the bot would do with it now (so its Movement ends)."""
    if can_scan(s, i) or can_load(s, i) or (useful_landing(s, seat, i) and bool(landing_squares(s, i))):
        return True
    return s.moves.get(i, 0) > 0 and not guards_home(s, seat, i)


def choose_ship_move(s: "AbyssState", seat: int, legal: list[Action], task: ShipMove, rng: Rng) -> Action:
    kinds = {a.kind for a in legal}
    i = task.ship
    if "scan" in kinds:
        return Action("scan")
    if "load" in kinds:
        return Action("load")
    lands = [a for a in legal if a.kind == "land"]
    if lands and useful_landing(s, task.seat, i):
        built = s.built.get(s.where[i], ())
        def enemy_square(a: Action) -> tuple[bool, int]:
            b = built[a.arg]
            return (b is not None and b[0] != task.seat, -a.arg)
        return max(lands, key=enemy_square)
    place = s.where[i]
    if is_colony_ship(s, i):
        targets = settle_targets(s, task.seat)
        if place in targets:
            return next(a for a in legal if a.kind == "stop")
        go = step_toward(s, legal, targets or explore_targets(s))
    else:
        go = step_toward(s, legal, explore_targets(s) - {place})
    return go or next(a for a in legal if a.kind == "stop")


def choose_colony(s: "AbyssState", seat: int, legal: list[Action], task: Any, rng: Rng) -> Action:
    sites = [a for a in legal if a.kind == "colonize"]
    if not sites:
        return legal[-1]
    return min(sites, key=lambda a: (TERRAIN_VALUE.get(s.surface[a.arg[0]][a.arg[1]], 5), a.arg))


def choose_purchase(s: "AbyssState", seat: int, legal: list[Action], task: Any, rng: Rng) -> Action:
    by_kind: dict[str, list[Action]] = {}
    for a in legal:
        by_kind.setdefault(a.kind, []).append(a)
    techs = s.m.techs
    at_war = any(s.at_war(seat, q) for q in range(s.players) if q != seat and not s.out[q])
    for a in by_kind.get("buy_tech", []):
        if techs[a.arg].effect == "secret":
            return a
    builds = by_kind.get("build", [])
    for a in by_kind.get("cash_in", []):
        return a

    def cheapest_square(options: list[Action]) -> Action:
        return min(options, key=lambda a: (TERRAIN_VALUE.get(s.surface[a.arg[0]][a.arg[1]], 5), a.arg))

    habitats = [a for a in builds if a.arg[2] == "habitat"]
    have_dock = any(s.m.buildings[b[1]].dock for built in s.built.values() for b in built
                    if b is not None and b[0] == seat)
    if not have_dock:   # expansion needs a dock: build one, or first the habitat that makes room for it
        docks = [a for a in builds if a.arg[2] == "small_dock"]
        if docks:
            return cheapest_square(docks)
        if habitats:
            return cheapest_square(habitats)
    colony_ships = sum(1 for i, sh in s.ships.items() if sh.owner == seat and is_colony_ship(s, i))
    saving = False   # minerals kept for a colony ship: only mines are built meanwhile
    if colony_ships < 2 and have_dock:
        for a in by_kind.get("buy_ship", []):
            if a.arg == "colony_ship":
                return a
        saving = colony_ships == 0
    # a producer of the resource made least, on its own terrain
    made = production(s, seat)
    producers = [a for a in builds if s.m.buildings[a.arg[2]].produces
                 and (not saving or s.m.buildings[a.arg[2]].produces == "minerals")]
    if producers:
        def need(a: Action) -> tuple[int, int, int]:
            res = s.m.buildings[a.arg[2]].produces
            return (made[RESOURCES.index(res)], a.arg[0], a.arg[1])
        return min(producers, key=need)
    if habitats and not saving:   # room for more producers where squares are free
        return cheapest_square(habitats)
    for a in by_kind.get("buy_tech", []):
        if techs[a.arg].effect == "hospitable":
            return a
    for a in by_kind.get("buy_tech", []):
        if techs[a.arg].effect in ("output", "scan", "range"):
            return a
    if at_war and not saving:
        defences = [a for a in builds if a.arg[2] == "defence" and s.kinds[a.arg[0]] == "home"]
        if defences:
            return defences[0]
        for card in ("escort", "picket", "fighter"):
            for a in by_kind.get("buy_ship", []):
                if a.arg == card:
                    return a
    for a in by_kind.get("buy_tech", []):
        if techs[a.arg].effect in ("hospitable", "weapons", "engines"):
            return a
    return by_kind["done"][0]


def choose_election(s: "AbyssState", seat: int, legal: list[Action], task: Election, rng: Rng) -> Action:
    """Against the sitting leader: the strongest other candidate (so every rival picks the same one); else itself."""
    if task.seat == s.leader or s.leader not in task.candidates:
        if task.seat in task.candidates:
            return Action("elect", task.seat)
    others = [c for c in task.candidates if c != s.leader] or list(task.candidates)
    return Action("elect", max(others, key=lambda c: (votes(s, c), -c)))


def choose_resolution(s: "AbyssState", seat: int, legal: list[Action], task: ResolutionVote, rng: Rng) -> Action:
    effect = s.m.data.resolutions.cards[task.card].effect
    at_war = any(s.at_war(task.seat, q) for q in range(s.players) if q != task.seat)
    if effect == "no_new_wars":
        return Action("vote", at_war)
    if effect == "war_levy":
        return Action("vote", not at_war)
    return Action("vote", RESOLUTION_STANCE.get(effect, False))


def least_useful_square(s: "AbyssState", place: int, legal: list[Action]) -> Action:
    built = s.built.get(place, ())
    def worth(a: Action) -> tuple[int, int]:
        b = built[a.arg]
        return (BUILDING_VALUE.get(b[1], 9) if b is not None else 0, a.arg)
    return min(legal, key=worth)


def choose_ground(s: "AbyssState", seat: int, legal: list[Action], task: Any, rng: Rng) -> Action:
    marches = [a for a in legal if a.kind == "march"]
    attacks = []
    for a in marches:
        place, _, to = a.arg
        other = s.marines.get(place, ())
        target = other[to] if to < len(other) else None
        b = s.built[place][to]
        if (target is not None and target[0] != seat) or (b is not None and b[0] != seat):
            attacks.append(a)
    return attacks[0] if attacks else next(a for a in legal if a.kind == "done")


def answer_peace(s: "AbyssState", seat: int, legal: list[Action], task: PeaceOffer, rng: Rng) -> Action:
    """Peace with anyone but the race that threatens most."""
    return Action("answer", task.by != leader_threat(s, seat))


def choose_cover(s: "AbyssState", seat: int, legal: list[Action], task: Any, rng: Rng) -> Action:
    """A hit on a ship (an asteroid's, a weapon's, a disabling one): the square the battle rules would cover."""
    q = square_to_cover(s.r, s.ships[task.ship])
    return next((a for a in legal if a.arg == q), legal[0])


def choose_turn(s: "AbyssState", seat: int, legal: list[Action], task: Turn, rng: Rng) -> Action:
    """Flee when outgunned (``choose_flight``), else the ship nearest the enemy acts first."""
    if any(a.kind == "flee" for a in legal):
        return choose_flight(s, seat, legal)
    return min(legal, key=lambda a: _nearest_enemy(s, a.arg))


def choose_move(s: "AbyssState", seat: int, legal: list[Action], task: Move, rng: Rng) -> Action:
    cell = best_cell(s, task.ship, [a.arg for a in legal])
    return next(a for a in legal if a.arg == cell)


def choose_fire(s: "AbyssState", seat: int, legal: list[Action], task: Fire, rng: Rng) -> Action:
    target = best_target(s, task.ship, task.square, [a.arg for a in legal])
    return next(a for a in legal if a.arg == target)


def choose_bomb_target(s: "AbyssState", seat: int, legal: list[Action], task: BombChoice, rng: Rng) -> Action:
    """Bomb the strongest race among those offered."""
    return Action("target", strongest(s, seat, [a.arg for a in legal]))


def choose_square(s: "AbyssState", seat: int, legal: list[Action], task: Any, rng: Rng) -> Action:
    """A building lost (demolished, shut down): the least useful square of the place."""
    return least_useful_square(s, task.place, legal)


def choose_seizure(s: "AbyssState", seat: int, legal: list[Action], task: Seize, rng: Rng) -> Action:
    return next((a for a in legal if a.kind == "capture"), legal[0])


#: The bot flees when the armed enemy ships on the board are worth more than this many times its own armed ones.
FLEE_ODDS = 2


def armed_strength(s: "AbyssState", owners: Callable[[int], bool]) -> int:
    """What the armed ships on the battle board of the owners picked are worth (their working parts' points)."""
    return sum(points(s.r, sh) for sh in s.ships.values()
               if sh.cell[0] >= 0 and owners(sh.owner) and stats(s.r, sh).weapons)


def choose_flight(s: "AbyssState", seat: int, legal: list[Action]) -> Action:
    """Fight on unless outgunned (and never away from a planet it has buildings on); else flee to the best refuge."""
    places = [a.arg for a in legal if a.arg is not None]
    stay = next(a for a in legal if a.arg is None)
    if not places or any(b is not None and b[0] == seat for b in s.built.get(s.battle_place, ())):
        return stay
    mine = armed_strength(s, lambda o: o == seat)
    theirs = armed_strength(s, lambda o: hostile(s, seat, o))
    if theirs <= FLEE_ODDS * mine:
        return stay
    return Action("flee", best_refuge(s, seat, places))


def best_refuge(s: "AbyssState", seat: int, places: list[int]) -> int:
    """No asteroid field (every ship would roll), then nearest one of its planets, then the lowest numbered."""
    g = s.m.galaxy
    own = colonies(s, seat)

    def key(p: int) -> tuple[bool, int, int]:
        return (s.kinds[p] == "asteroid", min((g.distance(p, c) for c in own), default=99), p)

    return min(places, key=key)


#: The order the bot takes technologies by effect (output techs further by the resource it makes least).
TECH_PREFERENCE = {"hospitable": 0, "output": 1, "scan": 2, "range": 3, "engines": 4, "weapons": 5}


def choose_free_tech(s: "AbyssState", seat: int, legal: list[Action], task: Any, rng: Rng) -> Action:
    """The free technology it would research first (see the module docstring)."""
    made = production(s, seat)
    order = s.m.tech_order

    def key(a: Action) -> tuple[int, int, int]:
        t = s.m.techs[a.arg]
        need = made[RESOURCES.index(t.resource)] if t.effect == "output" and t.resource in RESOURCES else 0
        return (TECH_PREFERENCE.get(t.effect, 9), need, order.index(a.arg))

    return min(legal, key=key)


def choose_home(s: "AbyssState", seat: int, legal: list[Action], task: Any, rng: Rng) -> Action:
    """Map option 1: the place farthest from every home already placed, then nearest the middle."""
    homes = [p for p, k in enumerate(s.kinds) if k == "home"]
    g = s.m.galaxy
    middle = len(g) // 2

    def key(a: Action) -> tuple[int, int, int]:
        far = min((g.distance(a.arg, h) for h in homes), default=0)
        return (-far, g.distance(a.arg, middle), a.arg)
    return min(legal, key=key)


def _nearest_enemy(s: "AbyssState", ship_id: int) -> tuple[int, int]:
    me = s.ships[ship_id]
    d = min((chebyshev(me.cell, o.cell) for o in s.ships.values()
             if o.owner != me.owner and o.cell[0] >= 0), default=0)
    return (d, ship_id)


#: the heuristic per pending task type (anything else: a random legal action); playouts use the same rules of thumb
#: (no look-ahead)
DECISIONS: dict[type, Decide["AbyssState"]] = {
    Movement: choose_movement, ShipMove: choose_ship_move, Purchase: choose_purchase, Colonise: choose_colony,
    Election: choose_election, ResolutionVote: choose_resolution, PeaceOffer: answer_peace, HomePick: choose_home,
    AsteroidHit: choose_cover, TakeHit: choose_cover, Disable: choose_cover, Turn: choose_turn,
    FreeTech: choose_free_tech, Move: choose_move, Fire: choose_fire, BombChoice: choose_bomb_target,
    Demolish: choose_square, ShutDown: choose_square, Ground: choose_ground, Seize: choose_seizure,
}
BOT: BotShell["AbyssState"] = BotShell(DECISIONS)
choose = BOT.choose


def stage(state: GameState) -> int:
    """Cycles so far (the MCTS horizon counts them)."""
    s = cast("AbyssState", state)
    return s.cycle + (10_000 if s.over else 0)


# The evaluation (BotSettings.evaluate): a weighted sum of eval_features per seat, the chance of finishing
# ahead logistic in the difference. Weights fitted by bench/fit_evaluation.py (40 games of the bots at 4 players, seed 11).
EVAL_WEIGHTS = (0.7, 0.03, 0.08, 3.32, 0.45)
OUT = -30.0  # an eliminated race's score: it finishes behind every race still in the game


def _features(s: "AbyssState") -> list[list[float]]:
    """eval_features of every seat, with one pass over the buildings: what decides a game, each against the number
    in play: the seat's share of the voting power (colonised planets and regions built on, at the tribunal's
    weights), tribunal terms (the streak under the consecutive rule) over the terms a win needs, the leader's seat,
    technologies over those in the game, and the cycle limit's nearness times the voting share. (The share of the
    ships' points, fitted at 0.03, was left out: it cost half the evaluation's time.)"""
    n = s.players
    t = s.m.data.tribunal
    power = [0] * n
    for built in s.built.values():
        homes = 0  # bit per seat with a habitat on this planet: a colony counts once per planet
        for b in built:
            if b is not None:
                power[b[0]] += t.votes_per_region
                if b[1] == "habitat":
                    homes |= 1 << b[0]
        for p in range(n):
            power[p] += t.votes_per_planet * (homes >> p & 1)
    total = sum(power) or 1
    late = s.cycle / s.m.data.limits.max_cycles
    techs = len(s.m.techs)
    consecutive = s.m.win_rule == "consecutive"
    out = []
    for p in range(n):
        lead = s.leader == p
        terms = (s.streak if lead else 0) if consecutive else s.terms[p]
        share = power[p] / total
        out.append([share, terms / t.terms_to_win, 1.0 if lead else 0.0, len(s.techs[p]) / techs, share * late])
    return out


def eval_features(s: "AbyssState", seat: int) -> list[float]:
    """The features the evaluation weighs for ``seat`` (see ``_features``; bench/fit_evaluation.py fits them)."""
    return _features(s)[seat]


def evaluate(state: GameState, mode: str) -> list[float]:
    """Reward vector for a position (search's cut-off or horizon): the fitted weights over eval_features (an
    eliminated race last), turned into chances of being ahead; a finished game's own rewards."""
    s = cast("AbyssState", state)
    if s.over:
        return result_rewards(s.result(), mode)
    scores = [OUT if s.out[p] else sum(w * f for w, f in zip(EVAL_WEIGHTS, x)) for p, x in enumerate(_features(s))]
    return pairwise_rewards(scores, _logistic, mode)


def _logistic(diff: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, diff))))
