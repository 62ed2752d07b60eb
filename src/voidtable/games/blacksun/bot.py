"""A heuristic Black Sun player: score your faction's conditions, avoid raids you would lose.

Everything on a Black Sun board is public (only the undealt Starting Faction
cards are hidden, and the bot never reads them), so the bot reads the state of
a determinization as its view.

The core is a **move planner**. At the move step it enumerates plans - an
origin hex, a fleet of up to three of its own ships there, a reachable stop
and the blockades run on the way - and scores the board each plan leaves for
this turn's last phase:

* counters it may remove and scores (Need / Crisis) where it will hold a hex centre;
* Crisis Turn (a Rebel ship at some Crisis) and Peaceful Turn (Allied ships at every Crisis);
* Run Blockade points for the distinct blockades of others crossed;
* the best raid it could then declare (points for ships involved, expected
  destroy points and bounty, minus the expected loss of its own dice);
* a small positional term: closeness to counters it scores and to the planets
  the planet roll names most often (10 and 11 for the book's 3d6), and a penalty
  for ending next to stronger ships of players who score by destroying it.

Every rules number it weighs is the one in play (``--set`` and the lab's sweeps
change the bot too): the planet roll's dice, the hit number behind a raid's odds,
each scoring condition's points and whether the Hunted carry a bounty.

The later steps of the move (which ships join, each step of the walk) follow
the same plan, recomputed at every step, so the bot needs no memory. Raids
are declared only when the expected gain is positive; in a raid it retreats
when outgunned, loses its cheapest ships first, aims at whoever pays it most.
Faction cards are taken when the plan under the new card's scoring is clearly
better. ``ROLLOUTS`` is a cheaper table for MCTS rollouts (both tables run in
the engine's bot shell, ``BOT``); :func:`stage` / :func:`evaluate` let MCTS stop
a rollout after some turns.
"""

from __future__ import annotations

import math
from functools import lru_cache
from itertools import combinations
from typing import TYPE_CHECKING, Any, Callable, NamedTuple, cast

from voidtable.engine.actions import Action
from voidtable.engine.bots import BotShell, Decide, pending_in
from voidtable.engine.outcome import pairwise_rewards, result_rewards
from voidtable.engine.rng import Rng
from voidtable.engine.state import GameState
from voidtable.engine.types import Seat

from . import factions
from .flow import (
    Aim,
    Amnesty,
    Arrange,
    Consent,
    Counter,
    Faction,
    Join,
    LendTo,
    Loans,
    Lose,
    Move,
    Pick,
    Place,
    PlaceShips,
    RaidChoice,
    Redraw,
    RemoveCounters,
    Retreat,
    RetreatMove,
    RetreatPick,
    Recentre,
    RetreatTo,
    Sacrifice,
    SecondTurn,
    StoryEnd,
    TurnStart,
    Walk,
)
from .data import D6
from .movement import movable_in, origins
from .positions import BOARD, DESTROYED, anchors, around, can_fit, in_hex, ships_in
from .raids import can_target, involvement, locate_need, locate_power, located, raid_of, destinations_of, retreat_origins
from .scoring import CRISIS, NEED

if TYPE_CHECKING:
    from .data import Scoring
    from .state import BlackSunState

W_POSITION = 0.6     # weight of the positional term (points-equivalent)
W_DANGER = 0.5       # weight of the danger of ending next to stronger hostile ships
DESTROY_SIDE = {"destroy_allied": "allied", "destroy_rebel": "rebel"}
MCTS_HORIZON = 4     # MCTS default: roll out four more turns, then evaluate() the scores ...
MCTS_TRUST = 2.0     # MCTS default: the bot's move stands unless another's mean reward leads it by 2 standard errors
                     # (before issue 26 trust was a fixed bonus of visits; 24 games at 0.5 s/decision vs 3 bots:
                     # none -> 0.15-0.33, 0.2 x iterations -> 0.48, 0.5 x iterations -> 0.38 win share; docs/agents.md)
EVAL_POTENTIAL = 0.0  # ... plus this share of what each seat's position would score at its next last phase
                      # (0.5 was tried: slower and no stronger, 0.15 win share in 24 games at 0.5 s/decision)


# ----------------------------------------------------------------------------
# small helpers
# ----------------------------------------------------------------------------
@lru_cache(maxsize=8)
def planet_chances(dice: int) -> dict[int, float]:
    """Chance of each total of the planet roll of ``dice`` six-sided dice (``game.planet_dice``: 3 in the book)."""
    counts = {0: 1}
    for _ in range(dice):
        nxt: dict[int, int] = {}
        for total, k in counts.items():
            for face in range(1, D6.sides + 1):
                nxt[total + face] = nxt.get(total + face, 0) + k
        counts = nxt
    ways = D6.sides ** dice
    return {t: k / ways for t, k in sorted(counts.items())}


def planet_roll(s: "BlackSunState") -> dict[int, float]:
    """The planet roll in play: chance of each total (a planet whose number cannot come up weighs nothing)."""
    return planet_chances(s.R.game.planet_dice)


#: p_win's steepness at the book's dice (a hit on 5 or 6: odds of a hit 2 to 4), fitted by self-play
RAID_STEEPNESS = 2.2
BOOK_HIT_ODDS = 2 / 4


def raid_steepness(s: "BlackSunState") -> float:
    """How fast a raid's odds turn with a lead in dice, for the hit number in play (``game.hit_min``).

    The hits of n dice spread as sqrt(n p (1 - p)) around n p, so a lead of d dice is worth d p over a spread
    of sqrt((mine + theirs) p (1 - p)): the steepness grows as the square root of a hit's odds p / (1 - p).
    Every face hits from ``hit_min`` 1 on: a lead always wins (a very steep curve).
    """
    hits = max(0, D6.sides + 1 - s.R.game.hit_min)
    misses = D6.sides - hits
    if misses == 0:
        return 1e6
    return RAID_STEEPNESS * math.sqrt((hits / misses) / BOOK_HIT_ODDS)


def p_win(mine: int, theirs: int, steepness: float) -> float:
    """Rough chance that ``mine`` dice outlast ``theirs`` in a raid (even at equal dice), at ``raid_steepness``."""
    if theirs <= 0:
        return 1.0
    if mine <= 0:
        return 0.0
    return 1.0 / (1.0 + math.exp(max(-700.0, min(700.0, -steepness * (mine - theirs) / math.sqrt(mine + theirs)))))


def my_ships(s: "BlackSunState", p: Seat) -> list[int]:
    return [x for x in range(len(s.owner)) if s.ctrl[x] == p and s.sstate[x] == BOARD]


def cond_value(cond: set[str], status: int, points: "Scoring") -> float:
    """Points a counter of ``status`` brings a seat scoring ``cond`` (the points in play for Need and Crisis)."""
    if status == NEED and "need" in cond:
        return float(points.need)
    if status == CRISIS and "crisis" in cond:
        return float(points.crisis)
    return 0.0


def reachable(s: "BlackSunState", p: Seat, pos: int, mp: int, origin: int, fleet: list[int],
              crossed: frozenset[int] = frozenset(), stop_ok: Any = None, count: bool = True) -> dict[int, tuple[int, int]]:
    """Stops ``p``'s fleet can reach from ``pos`` with ``mp``: stop -> (most blockades of others run, first step hex or -1).

    ``count=False``: blockades run are not counted (0; a far smaller walk), for whoever does not score them.
    """
    b = s.board
    occ, steps = s.edge_occ, b.steps
    out: dict[int, tuple[int, int]] = {}
    if stop_ok is None:
        def stop_ok(h: int) -> bool:
            return h != origin and b.stayable[h] and can_fit(s, h, [x for x in fleet if not in_hex(s, x, h)])
    ok_cache: dict[int, bool] = {}

    def ok(h: int) -> bool:
        r = ok_cache.get(h)
        if r is None:
            r = ok_cache[h] = bool(stop_ok(h))
        return r

    seen: dict[tuple[int, int, frozenset[int]], None] = {}

    def walk(h: int, left: int, cr: frozenset[int], first: int) -> None:
        key = (h, left, cr)
        if key in seen:
            return
        seen[key] = None
        if h != pos and ok(h):
            k = len(cr)
            prev = out.get(h)
            if prev is None or k > prev[0]:
                out[h] = (k, first)
        if h != pos and b.stops[h]:
            return
        for n, e in steps[h]:
            blk = occ[e]
            cost = 1 + (blk >= 0)
            if cost > left:
                continue
            cr2 = cr | {e} if count and blk >= 0 and s.ctrl[blk] != p and blk not in fleet else cr
            walk(n, left - cost, cr2, n if first < 0 else first)

    walk(pos, mp, crossed, -1)
    return out


class Shared:
    """What planners for one seat on one unchanged board may share (none of it depends on the seat's card).

    ``h_faction`` builds a planner per card it could take; the walks, the stops each fleet
    fits in and what stands round each hex are the same for all of them.
    """

    def __init__(self) -> None:
        self.raid_here: dict[int, tuple[list[int], list[tuple[int, int, int]]]] = {}
        self.walks: dict[tuple[int, int, bool], dict[int, tuple[int, int]]] = {}  # (origin, Move, count) -> every stop a walk reaches
        self.fits: dict[tuple[int, int, bool, tuple[int, ...]], dict[int, tuple[int, int]]] = {}  # ... and fleet -> its stops


class Planner:
    """Plans and their values for ``seat`` on state ``s`` (built once per decision)."""

    def __init__(self, s: "BlackSunState", seat: Seat, cond: set[str] | None = None,
                 shared: "Shared | None" = None) -> None:
        self.s, self.p, self.b = s, seat, s.board
        self.cond = cond if cond is not None else factions.conditions(s, seat)
        self.side = factions.allegiance(s, seat)
        self.points = s.R.scoring  # the points in play for each scoring condition
        self.steepness = raid_steepness(s)
        b = s.board
        self.crises = [h for h, x in enumerate(s.status) if x == CRISIS]
        self.dist_cache: dict[int, list[int]] = {}
        # What the board says before any plan, worked out on first use (turn_value is asked for every
        # fleet and stop): see _turn_base. position() and the threat behind danger() depend on the hex only.
        self._base: tuple[dict[int, tuple[int, list[int], bool, int]], dict[int, int], dict[int, int], dict[int, int]] | None = None
        self._position: dict[int, float] = {}
        self._threat: dict[int, int] = {}
        self._hostile_list: list[tuple[list[int], int, int]] | None = None
        share = shared if shared is not None else Shared()
        self._raid_here = share.raid_here
        self._fleets: dict[tuple[int, ...], tuple[float, set[int], bool, bool, bool, list[int], bool, tuple[int, ...]]] = {}
        self._walks = share.walks
        self._fits = share.fits
        # hexes worth being near: counters I score (strongly), likely planets (weakly)
        self.targets: list[tuple[int, float]] = []
        roll = planet_roll(s)
        for h in range(b.n_hex):
            if not b.planet[h]:
                continue
            w = roll.get(b.planet[h], 0.0) * 4.0
            w += 1.5 * cond_value(self.cond, s.status[h], self.points)
            if s.status[h] == CRISIS and ("crisis_turn" in self.cond or "peaceful_turn" in self.cond):
                w += 0.8
            if w > 0:
                self.targets.append((h, w))
        self.hostile = self._hostiles()

    # -- geometry ------------------------------------------------------------------
    def dist(self, h: int) -> list[int]:
        d = self.dist_cache.get(h)
        if d is None:
            d = self.b.walk_dist(h)  # the board keeps them: the terrain never changes
            self.dist_cache[h] = d
        return d

    def position(self, h: int) -> float:
        v = self._position.get(h)
        if v is not None:
            return v
        d = self.dist(h)
        v = 0.0
        for t, w in self.targets:
            k = d[t]
            if k >= 0:
                v += w / (1.0 + k)
        self._position[h] = v
        return v

    # -- who threatens whom ----------------------------------------------------------
    def _hostiles(self) -> list[int]:
        """Players who score by raiding or destroying this seat's ships."""
        s, p = self.s, self.p
        out = []
        for q in range(s.n):
            if q == p or not s.starting[q]:
                continue
            cq = factions.conditions(s, q)
            if "raid_any_ship" in cq or (self.side == "hunted" and s.R.scoring.hunted_bounty) or any(
                    c in cq and DESTROY_SIDE[c] == self.side for c in DESTROY_SIDE):
                out.append(q)
            elif "raid_transport" in cq and any(s.stype[x] == "transport" for x in my_ships(s, p)):
                out.append(q)
        return out

    def danger(self, h: int, dice: int) -> float:
        """Hostile dice within reach of ``h`` (their Move + 1) beyond ours there."""
        if not self.hostile:
            return 0.0
        threat = self._threat.get(h)
        if threat is None:
            d = self.dist(h)
            threat = 0
            for where, reach, fight in self._hostile_ships():
                for a in where:
                    if 0 <= d[a] <= reach:
                        threat += fight
                        break
            self._threat[h] = threat
        return max(0.0, threat - dice) / 3.0

    def _hostile_ships(self) -> list[tuple[list[int], int, int]]:
        """Hostile board ships as (hexes they are in, reach = max(Move, 1), Fight), in ship order, once per planner."""
        if self._hostile_list is None:
            s = self.s
            self._hostile_list = [(anchors(s, x), max(s.smove[x], 1), s.sfight[x]) for x in range(len(s.owner))
                                  if s.sstate[x] == BOARD and s.ctrl[x] in self.hostile]
        return self._hostile_list

    # -- the last phase of this turn, for a board after a plan ------------------------
    def _turn_base(self) -> tuple[dict[int, tuple[int, list[int], bool, int]], dict[int, int], dict[int, int], dict[int, int]]:
        """Every board ship's part in ``turn_value`` where it stands now, and the counts per hex they add up to.

        Per ship: its side (1 rebel, 2 allied, 0 other), the hexes it is around, whether
        this seat controls it, and the centre it holds for this seat (-1: none). Counts:
        rebel ships and allied ships around each hex, this seat's centre ships per hex.
        """
        if self._base is not None:
            return self._base
        s, p, b = self.s, self.p, self.b
        nh = b.n_hex
        info: dict[int, tuple[int, list[int], bool, int]] = {}
        rebel: dict[int, int] = {}
        allied: dict[int, int] = {}
        centre: dict[int, int] = {}
        sides: dict[int, int] = {}
        for x in range(len(s.owner)):
            if s.sstate[x] != BOARD:
                continue
            q = s.ctrl[x]
            side = sides.get(q)
            if side is None:
                name = factions.allegiance(s, q) if s.starting[q] else "none"
                side = sides[q] = 1 if name == "rebel" else 2 if name == "allied" else 0
            loc = s.loc[x]
            hexes = [loc] if loc < nh else [h for h in b.edge_sides[loc - nh] if h >= 0]
            count = rebel if side == 1 else allied if side == 2 else None
            if count is not None:
                for h in hexes:
                    count[h] = count.get(h, 0) + 1
            mine = q == p
            held = loc if mine and loc < nh else -1
            if held >= 0:
                centre[held] = centre.get(held, 0) + 1
            info[x] = (side, hexes, mine, held)
        self._base = (info, rebel, allied, centre)
        return self._base

    def turn_value(self, moved: dict[int, int]) -> float:
        """Points (and position) at this turn's end if the ships in ``moved`` (ship -> hex) end there.

        The board before the plan is counted once (``_turn_base``); a plan only moves
        its ships' contributions (a ship off the board counts nowhere, moved or not).
        """
        s, cond = self.s, self.cond
        info, rebel, allied, centre = self._turn_base()
        gone: dict[tuple[int, int], int] = {}  # (side or 3 for this seat's centres, hex) -> ships that left it
        came: set[tuple[int, int]] = set()
        for x, to in moved.items():
            it = info.get(x)
            if it is None:
                continue
            side, hexes, mine, held = it
            if side:
                for h in hexes:
                    gone[side, h] = gone.get((side, h), 0) + 1
                came.add((side, to))
            if mine:
                if held >= 0:
                    gone[3, held] = gone.get((3, held), 0) + 1
                came.add((3, to))
        v = 0.0
        for h, k in centre.items():
            if k - gone.get((3, h), 0) > 0 and (3, h) not in came:
                v += cond_value(cond, s.status[h], self.points)
        for key in came:
            if key[0] == 3:
                v += cond_value(cond, s.status[key[1]], self.points)
        if "crisis_turn" in cond and any((1, h) in came or rebel.get(h, 0) - gone.get((1, h), 0) > 0 for h in self.crises):
            v += self.points.crisis_turn
        if "peaceful_turn" in cond and all((2, h) in came or allied.get(h, 0) - gone.get((2, h), 0) > 0 for h in self.crises):
            v += self.points.peaceful_turn
        # position of the ships that moved (others keep theirs)
        if moved:
            dests = set(moved.values())
            for h in dests:
                dice = sum(s.sfight[x] for x, hh in moved.items() if hh == h)
                v += W_POSITION * self.position(h) / max(1, len(dests))
                v -= W_DANGER * self.danger(h, dice)
                v += 0.9 * self.raid_value_at(h, moved)
        return v

    def fleet_value(self, fleet: tuple[int, ...] | list[int], stop: int) -> float:
        """``turn_value({x: stop for x in fleet})``, the same number, with the fleet's departure counted once.

        Planning asks this for every stop of every fleet; what the fleet leaves
        behind does not depend on the stop (``_fleet_parts``).
        """
        key = tuple(fleet)
        parts = self._fleets.get(key)
        if parts is None:
            parts = self._fleets[key] = self._fleet_parts(key)
        centre_v, remaining, mine, rebel_any, rebel_in, allied_missing, allied_in, ships = parts
        s, cond = self.s, self.cond
        v = centre_v
        if mine and stop not in remaining:
            v += cond_value(cond, s.status[stop], self.points)
        if "crisis_turn" in cond and (rebel_any or (rebel_in and stop in self.crises)):
            v += self.points.crisis_turn
        if "peaceful_turn" in cond and (not allied_missing or (allied_in and allied_missing == [stop])):
            v += self.points.peaceful_turn
        if ships:  # every ship of the fleet ends in stop: turn_value's last lines for moved = {x: stop}
            sf = s.sfight
            dice = sum(sf[x] for x in ships)
            v += W_POSITION * self.position(stop) / 1
            v -= W_DANGER * self.danger(stop, dice)
            v += 0.9 * self._fleet_raid_at(stop, ships)
        return v

    def _fleet_parts(self, fleet: tuple[int, ...]) -> tuple[float, set[int], bool, bool, bool, list[int], bool, tuple[int, ...]]:
        """``_leaving(fleet)`` and the fleet's ships, each once, in order."""
        return (*self._leaving(fleet), tuple(dict.fromkeys(fleet)))

    def _leaving(self, fleet: tuple[int, ...]) -> tuple[float, set[int], bool, bool, bool, list[int], bool]:
        """What ``fleet`` leaving changes, whatever its stop: the centre value left, the centres left, whether
        it has ships of this seat, of a rebel, of an ally, and the crises it would leave without an ally."""
        s, cond = self.s, self.cond
        info, rebel, allied, centre = self._turn_base()
        gone: dict[tuple[int, int], int] = {}
        mine = rebel_in = allied_in = False
        for x in dict.fromkeys(fleet):
            it = info.get(x)
            if it is None:
                continue
            side, hexes, own, held = it
            if side:
                for h in hexes:
                    gone[side, h] = gone.get((side, h), 0) + 1
                rebel_in = rebel_in or side == 1
                allied_in = allied_in or side == 2
            if own:
                if held >= 0:
                    gone[3, held] = gone.get((3, held), 0) + 1
                mine = True
        remaining = {h for h, k in centre.items() if k - gone.get((3, h), 0) > 0}
        centre_v = 0.0
        for h in remaining:
            centre_v += cond_value(cond, s.status[h], self.points)
        rebel_any = any(rebel.get(h, 0) - gone.get((1, h), 0) > 0 for h in self.crises)
        allied_missing = [h for h in self.crises if allied.get(h, 0) - gone.get((2, h), 0) <= 0]
        return centre_v, remaining, mine, rebel_any, rebel_in, allied_missing, allied_in

    # -- raids ---------------------------------------------------------------------------
    def raid_gain(self, mine_dice: int, others: list[int], target: int) -> float:
        """Expected points of raiding ``target`` with ``mine_dice`` against ``others`` (its ships involved)."""
        s, cond = self.s, self.cond
        theirs = sum(s.sfight[x] for x in others)
        gain = 0.0
        if "raid_transport" in cond:
            gain += sum(1 for x in others if s.stype[x] == "transport") * self.points.raid_transport
        if "raid_any_ship" in cond:
            gain += len(others) * self.points.raid_any_ship
        pw = p_win(mine_dice, theirs, self.steepness)
        tside = factions.allegiance(s, target) if s.starting[target] else "none"
        bounty = 0.0
        for c, side in DESTROY_SIDE.items():
            if c in cond and tside == side:
                bounty = 1.0
        if tside == "hunted" and self.points.hunted_bounty:
            bounty = 1.0
        if bounty:
            gain += pw * 0.6 * theirs
        # what we risk: a share of our dice, worth about a third of a point each
        gain -= (1 - pw) * 0.35 * mine_dice
        if gain <= 0.05:
            return 0.0
        return gain

    def _here(self, h: int) -> tuple[list[int], list[tuple[int, int, int]]]:
        """What stands in ``h`` before any plan: this seat's ships in it, the others' round it (ship, controller, locate need)."""
        here = self._raid_here.get(h)
        if here is None:
            s, p = self.s, self.p
            here = self._raid_here[h] = (
                [x for x in ships_in(s, h) if s.ctrl[x] == p],
                [(x, s.ctrl[x], locate_need(s, x, h)) for x in around(s, h) if s.ctrl[x] != p])
        return here

    def raid_value_at(self, h: int, moved: dict[int, int]) -> float:
        """Best same-hex raid in ``h`` after the move (others' ships located as far as our Move allows)."""
        mine_here, others = self._here(h)
        if not others:
            return 0.0  # no one else's ship round h: no raid here, whoever stops in it
        ours = [x for x, hh in moved.items() if hh == h] + [x for x in mine_here if x not in moved]
        return self._raid_best(ours, others, moved)

    def _fleet_raid_at(self, h: int, ships: tuple[int, ...]) -> float:
        """``raid_value_at(h, {x: h for x in ships})`` without building the map (``ships``: each once)."""
        mine_here, others = self._here(h)
        if not others:
            return 0.0
        return self._raid_best([*ships, *[x for x in mine_here if x not in ships]], others, ships)

    def _raid_best(self, ours: list[int], others: list[tuple[int, int, int]], moved: Any) -> float:
        """The best raid gain of ``ours`` against the others' ships round the hex not in ``moved``."""
        s, p = self.s, self.p
        if not ours:
            return 0.0
        power = sum(s.smove[x] for x in ours)
        dice = sum(s.sfight[x] for x in ours)
        by: dict[int, list[int]] = {}
        for x, q, need in others:
            if x in moved or need > power:
                continue
            by.setdefault(q, []).append(x)
        best = 0.0
        for q, xs in by.items():
            if can_target(s, p, q):
                best = max(best, self.raid_gain(dice, xs, q))
        return best

    # -- movement ------------------------------------------------------------------------
    def paths(self, pos: int, mp: int, origin: int, fleet: list[int], crossed: frozenset[int] = frozenset(),
              stop_ok: Any = None) -> dict[int, tuple[int, int]]:
        """Reachable stops from ``pos`` with ``mp``: stop -> (most blockades of others run, first step hex or -1)."""
        return reachable(self.s, self.p, pos, mp, origin, fleet, crossed, stop_ok)

    def plans(self, origin: int, base_fleet: tuple[int, ...] = (), max_extra: int = 3) -> list[tuple[float, tuple[int, ...], int, int]]:
        """(value, fleet, stop, first step) for fleets from ``origin`` containing ``base_fleet``."""
        s, p = self.s, self.p
        cands = [x for x in movable_in(s, origin, frozenset()) if s.ctrl[x] == p and x not in base_fleet]
        size = s.R.game.fleet_size
        out = []
        run = self.points.run_blockade if "run_blockade" in self.cond else 0  # points per blockade run
        for k in range(0, min(max_extra, size - len(base_fleet)) + 1):
            for extra in combinations(cands, k):
                fleet = tuple(base_fleet) + extra
                if not fleet:
                    continue
                mp = min(s.smove[x] for x in fleet)
                if mp < 1:
                    continue
                if all(s.ctrl[x] == p for x in fleet):
                    ways = self._reach(origin, mp, fleet)
                else:  # a consenting player's ship in the fleet: its blockades count differently
                    ways = self.paths(origin, mp, origin, list(fleet))
                for stop, (blk, first) in ways.items():
                    v = self.fleet_value(fleet, stop) + blk * run
                    out.append((v, fleet, stop, first))
        return out

    def _reach(self, origin: int, mp: int, fleet: tuple[int, ...]) -> dict[int, tuple[int, int]]:
        """``paths(origin, mp, origin, fleet)`` for a fleet of this seat's own ships, the walk done once per (origin, Move).

        Only the stop test depends on the fleet (room for it), and it does not steer the walk,
        so the stops of one walk are filtered per fleet: the same stops, values and order.
        """
        s, b = self.s, self.b
        count = "run_blockade" in self.cond
        key = (origin, mp, count, fleet)
        fits = self._fits.get(key)
        if fits is not None:
            return fits
        walked = self._walks.get((origin, mp, count))
        if walked is None:
            walked = self._walks[origin, mp, count] = reachable(s, self.p, origin, mp, origin, [],
                                                                stop_ok=lambda h: h != origin and b.stayable[h],
                                                                count=count)
        fits = self._fits[key] = {h: w for h, w in walked.items() if can_fit(s, h, [x for x in fleet if not in_hex(s, x, h)])}
        return fits


# ----------------------------------------------------------------------------
# decisions
# ----------------------------------------------------------------------------
def _by_kind(legal: list[Action], kind: str, arg: Any = None) -> Action | None:
    for a in legal:
        if a.kind == kind and (arg is None or a.arg == arg):
            return a
    return None


def h_move(s: "BlackSunState", p: Seat, legal: list[Action], task: Move, rng: Rng) -> Action:
    pl = Planner(s, p)
    stay = pl.turn_value({})
    best, pick = stay + 0.05, _by_kind(legal, "no_move")
    moved, refused = task.moved, task.refused
    for a in legal:
        if a.kind != "fleet_from":
            continue
        origin = s.board.hex_of(a.arg)
        for v, fleet, _, _ in pl.plans(origin):
            if any(x in moved or x in refused for x in fleet):
                continue
            if v > best:
                best, pick = v, a
    return pick or legal[0]


def h_pick(s: "BlackSunState", p: Seat, legal: list[Action], task: Pick, rng: Rng) -> Action:
    fleet, origin = task.fleet, task.origin
    pl = Planner(s, p)
    addable = {a.arg for a in legal if a.kind == "add_ship"}
    best_v, best_fleet = -1e9, tuple(fleet)
    for v, f, _, _ in pl.plans(origin, tuple(fleet)):
        if all(x in fleet or x in addable for x in f) and v > best_v:
            best_v, best_fleet = v, f
    for x in best_fleet:
        if x not in fleet and x in addable:
            return Action("add_ship", x)
    done = _by_kind(legal, "fleet_done")
    return done or _by_kind(legal, "fleet_abandon") or legal[0]


def h_walk(s: "BlackSunState", p: Seat, legal: list[Action], task: Walk, rng: Rng) -> Action:
    origin, fleet, pos, mp, crossed, need = task.origin, task.fleet, task.pos, task.mp, task.crossed, task.need
    pl = Planner(s, p)
    run = pl.points.run_blockade if "run_blockade" in pl.cond else 0  # points per blockade run
    options = pl.paths(pos, mp, origin, list(fleet), crossed, stop_ok=lambda h: need[h] == 0 and h != origin)
    best, choice = -1e9, None
    if _by_kind(legal, "stop"):
        best = pl.fleet_value(fleet, pos) + len(crossed) * run + 0.01
        choice = _by_kind(legal, "stop")
    for stop, (blk, first) in options.items():
        v = pl.fleet_value(fleet, stop) + blk * run
        if v > best and first >= 0:
            a = Action("step", s.board.coords[first])
            if a in legal:
                best, choice = v, a
    return choice or legal[0]


def h_arrange(s: "BlackSunState", p: Seat, legal: list[Action], task: Any, rng: Rng) -> Action:
    return _by_kind(legal, "slot", -1) or legal[0]


def h_raid(s: "BlackSunState", p: Seat, legal: list[Action], task: Any, rng: Rng) -> Action:
    pl = Planner(s, p)
    best, pick = 0.05, _by_kind(legal, "no_raid")
    for a in legal:
        if a.kind == "raid":
            h = s.board.hex_of(a.arg[0])
            t = a.arg[1]
            mine = involvement(s, p, h)
            power = locate_power(s, p, h)
            theirs = [x for x in involvement(s, t, h) if located(s, x, p, h, power)]
            v = pl.raid_gain(sum(s.sfight[x] for x in mine), theirs, t)
        elif a.kind == "raid_blockade":
            _, attacker, target = a.arg
            v = pl.raid_gain(s.sfight[attacker], [target], s.ctrl[target])
        else:
            continue
        if v > best:
            best, pick = v, a
    return pick or legal[0]


def _raid_dice(s: "BlackSunState", p: Seat) -> tuple[int, int]:
    """(our remaining dice, the strongest opponent's remaining dice) in the current raid."""
    r = s.raid
    if r is None or p not in r.parts:
        return 0, 0
    ours = r.remaining(p)
    theirs = max((r.remaining(q) for q in r.active() if q != p and (can_target(s, q, p) or can_target(s, p, q))), default=0)
    return ours, theirs


def h_retreat(s: "BlackSunState", p: Seat, legal: list[Action], task: Any, rng: Rng) -> Action:
    ours, theirs = _raid_dice(s, p)
    return Action("retreat", ours < theirs or (ours <= 1 and theirs >= 2))


def h_amnesty(s: "BlackSunState", p: Seat, legal: list[Action], task: Any, rng: Rng) -> Action:
    ours, theirs = _raid_dice(s, p)
    return Action("amnesty", p in (s.raid.parts if s.raid else []) and ours < theirs)


def h_sacrifice(s: "BlackSunState", p: Seat, legal: list[Action], task: Any, rng: Rng) -> Action:
    r = s.raid
    if r is None or p not in r.parts:
        return Action("sacrifice", None)
    taken = sum(k for q, k in r.pending.items() if r.aim.get(q) == p)
    given = sum(k for q, k in r.pending.items() if q == p)
    if taken >= 2 and taken > given + 1:
        return next((a for a in legal if a.arg is not None), legal[0])
    return Action("sacrifice", None)


def h_join(s: "BlackSunState", p: Seat, legal: list[Action], task: Any, rng: Rng) -> Action:
    r = s.raid
    if r is None:
        return Action("join", False)
    pl = Planner(s, p)
    mine = involvement(s, p, r.hex)
    dice = sum(s.sfight[x] for x in mine)
    best = 0.0
    for q in r.parts:
        if q != p and can_target(s, p, q):
            # joining against q alongside the other side
            allies = sum(r.total[o] for o in r.parts if o != q)
            best = max(best, pl.raid_gain(dice + allies, r.ships[q], q) * dice / max(1, dice + allies))
    return Action("join", best > 0.3)


def h_aim(s: "BlackSunState", p: Seat, legal: list[Action], task: Any, rng: Rng) -> Action:
    r = raid_of(s)
    cond = factions.conditions(s, p)

    def worth(q: int) -> float:
        side = factions.allegiance(s, q) if s.starting[q] else "none"
        pay = 0.0
        for c, sd in DESTROY_SIDE.items():
            if c in cond and side == sd:
                pay = 2.0
        if side == "hunted":
            pay = 2.0
        return pay - 0.1 * r.remaining(q)

    return max(legal, key=lambda a: (worth(a.arg), -a.arg))


def h_lose(s: "BlackSunState", p: Seat, legal: list[Action], task: Any, rng: Rng) -> Action:
    value = {"transport": 1, "yacht": 2, "carrier": 1, "ambunaut": 2, "medsat": 3, "raider": 2, "destroyer": 2,
             "freighter": 5, "secret_base": 4, "battleship": 6, "cruiser": 2}
    return min(legal, key=lambda a: (value.get(s.stype[a.arg], 2), s.sfight[a.arg], a.arg))


def h_counter(s: "BlackSunState", p: Seat, legal: list[Action], task: Counter, rng: Rng) -> Action:
    kind = task.counter
    pl = Planner(s, p)
    mine = my_ships(s, p)
    scores_it = ("need" if kind == NEED else "crisis") in pl.cond
    best, pick = -1e9, legal[0]
    for a in legal:
        if a.arg is None:
            continue
        h = s.board.hex_of(a.arg)
        d = pl.dist(h)
        near = min((d[x0] for x in mine for x0 in anchors(s, x) if d[x0] >= 0), default=9)
        v = -near if scores_it else near
        if v > best:
            best, pick = v, a
    return pick


def h_remove(s: "BlackSunState", p: Seat, legal: list[Action], task: Any, rng: Rng) -> Action:
    cond = factions.conditions(s, p)
    others = [factions.conditions(s, q) for q in range(s.n) if q != p and s.starting[q]]
    for a in legal:
        if a.kind != "remove_counter":
            continue
        h = s.board.hex_of(a.arg)
        st = s.status[h]
        if cond_value(cond, st, s.R.scoring):
            return a
    for a in legal:
        if a.kind != "remove_counter":
            continue
        h = s.board.hex_of(a.arg)
        st = s.status[h]
        if st == CRISIS and "crisis_turn" in cond:
            continue
        if st == CRISIS and "peaceful_turn" in cond:
            return a
        name = "need" if st == NEED else "crisis"
        if any(name in c for c in others):
            return a  # deny it to whoever scores it
    return _by_kind(legal, "scoring_done") or legal[0]


def h_faction(s: "BlackSunState", p: Seat, legal: list[Action], task: Any, rng: Rng) -> Action:
    keep = _by_kind(legal, "keep_card")
    shared = Shared()  # the card changes what a plan is worth, not where fleets can go
    cur = Planner(s, p, shared=shared)
    base = _best_turn(s, p, cur) + _card_bias(s, p, s.card[p])
    best, pick = base + 0.5, keep
    old = s.card[p]
    for a in legal:
        if a.kind != "take_card":
            continue
        s.card[p] = a.arg
        try:
            pl = Planner(s, p, shared=shared)
            v = _best_turn(s, p, pl) + _card_bias(s, p, a.arg)
        finally:
            s.card[p] = old
        if v > best:
            best, pick = v, a
    return pick or legal[0]


def _card_bias(s: "BlackSunState", p: Seat, card: str | None) -> float:
    """Long-run worth of a card beyond this turn: Hunted makes us a bounty; commanders keep destroy-scoring."""
    if card == "hunted":
        return -1.0
    start = s.R.factions[factions.starting(s, p)].allegiance
    if start in ("rebel", "allied") and card not in (None, start):
        return -0.7
    return 0.0


def _best_turn(s: "BlackSunState", p: Seat, pl: Planner) -> float:
    best = pl.turn_value({})
    for origin in origins(s, p, frozenset()):
        for v, _, _, _ in pl.plans(origin, (), max_extra=1):
            best = max(best, v)
    return best


def h_second_turn(s: "BlackSunState", p: Seat, legal: list[Action], task: Any, rng: Rng) -> Action:
    if s.scores[p] < 2:
        return Action("second_turn", False)
    pl = Planner(s, p)
    return Action("second_turn", _best_turn(s, p, pl) - pl.turn_value({}) >= 1.2)


def h_turn_start(s: "BlackSunState", p: Seat, legal: list[Action], task: Any, rng: Rng) -> Action:
    dead: dict[str, int] = {}
    for x in range(len(s.owner)):
        if s.owner[x] == p and s.sstate[x] == DESTROYED:
            dead[s.stype[x]] = dead.get(s.stype[x], 0) + 1
    alive = len(my_ships(s, p))
    for a in legal:
        if a.kind == "rebuild_raiders" and dead.get("raider", 0) >= 2:
            return a
        if a.kind == "rebuild_ambunaut" and (dead.get("ambunaut", 0) >= 2 or alive <= 3):
            return a
    return Action("play")


LEAD_GIFT = 2  # never hand a ship to a player this many points or more ahead of us


def exposed(s: "BlackSunState", x: int, q: Seat) -> float:
    """How exposed ship ``x`` is where it stands if ``q`` controlled it: ``Planner.danger`` for ``q`` there.

    Control decides who may raid a ship and for what (its side is its controller's), so
    the same ship can be a bounty under one player and nobody's target under another.
    """
    old = s.ctrl[x]
    s.ctrl[x] = q
    try:
        h = anchors(s, x)[0]
        dice = sum(s.sfight[y] for y in ships_in(s, h) if s.ctrl[y] == q)
        return Planner(s, q).danger(h, dice)
    finally:
        s.ctrl[x] = old


def scores_against(s: "BlackSunState", q: Seat, p: Seat) -> bool:
    """Does ``q`` score by raiding or destroying ``p``'s ships whatever their controller (not a Hunted bounty)?"""
    if not s.starting[q]:
        return False
    cq = factions.conditions(s, q)
    side = factions.allegiance(s, p)
    if "raid_any_ship" in cq or any(c in cq and DESTROY_SIDE[c] == side for c in DESTROY_SIDE):
        return True
    return "raid_transport" in cq and any(s.stype[x] == "transport" for x in my_ships(s, p))


def _scoring_here(s: "BlackSunState", x: int, cond: set[str]) -> bool:
    """Is ship ``x`` in a hex centre whose counter its owner scores?"""
    loc = s.loc[x]
    return loc < s.board.n_hex and cond_value(cond, s.status[loc], s.R.scoring) > 0


def consents(s: "BlackSunState", p: Seat, ship: int, mover: Seat) -> bool:
    """Let ``mover`` take ``p``'s ``ship`` along only if it is exposed where it stands and scores nothing there,
    and the mover neither scores against ``p`` (a Hunted bounty included: it could raid the ship on arrival)
    nor leads ``p`` by ``LEAD_GIFT`` points or more."""
    pl = Planner(s, p)
    if mover in pl.hostile or s.scores[mover] >= s.scores[p] + LEAD_GIFT:
        return False
    if _scoring_here(s, ship, pl.cond):
        return False
    return exposed(s, ship, p) > 0


def h_consent(s: "BlackSunState", p: Seat, legal: list[Action], task: Consent, rng: Rng) -> Action:
    return Action("consent", consents(s, p, task.ship, task.mover))


def h_story(s: "BlackSunState", p: Seat, legal: list[Action], task: Any, rng: Rng) -> Action:
    lead = s.scores[p] - max((s.scores[q] for q in range(s.n) if q != p), default=0)
    return Action("end_story", lead >= 3)


def h_redraw(s: "BlackSunState", p: Seat, legal: list[Action], task: Any, rng: Rng) -> Action:
    return _by_kind(legal, "keep_faction") or legal[0]


def _placement_value(s: "BlackSunState", p: Seat, h: int, pl: Planner) -> float:
    b = s.board
    v = pl.position(h)
    if b.planet[h]:
        v += 2.0 * planet_roll(s).get(b.planet[h], 0.0) * 4
    if b.stops[h]:
        v += 0.3 if any(s.R.ships[s.stype[x]].locate_asteroids for x in range(len(s.owner)) if s.owner[x] == p) else -0.2
    crowd = sum(1 for x in around(s, h))
    return v - 0.3 * crowd


def h_place(s: "BlackSunState", p: Seat, legal: list[Action], task: Any, rng: Rng) -> Action:
    pl = Planner(s, p)
    best, pick = -1e9, legal[0]
    for a in legal:
        if a.kind != "place_hex":
            continue
        h = s.board.hex_of(a.arg)
        v = _placement_value(s, p, h, pl)
        if s.centre[h * s.n + p] >= 0:
            v -= 1.0  # already there: spread out
        if v > best:
            best, pick = v, a
    stay = _by_kind(legal, "stay")
    if stay is not None and any(s.owner[x] == p and s.sstate[x] == BOARD for x in range(len(s.owner))):
        here = [h for x in range(len(s.owner)) if s.owner[x] == p and s.sstate[x] == BOARD for h in anchors(s, x)]
        if here and max(_placement_value(s, p, h, pl) for h in here) >= best - 0.2:
            return stay
    return pick


def h_place_ships(s: "BlackSunState", p: Seat, legal: list[Action], task: PlaceShips, rng: Rng) -> Action:
    rnd, placed = task.rnd, task.placed
    total_rounds = s.R.factions[factions.starting(s, p)].placements
    unplaced = sum(1 for x in range(len(s.owner)) if s.owner[x] == p and s.sstate[x] == 0)
    rounds_left = max(1, total_rounds - rnd)
    quota = math.ceil((unplaced + placed) / rounds_left)
    done = _by_kind(legal, "place_done")
    if done is not None and (placed >= quota or unplaced == 0):
        return done
    puts = [a for a in legal if a.kind == "put"]
    if not puts:
        return done or legal[0]
    # the strongest ship first (it takes the centre), then the others
    fight = {t: s.R.ships[t].fight + 0.1 * s.R.ships[t].move for t in {a.arg[0] for a in puts}}
    return max(puts, key=lambda a: (fight[a.arg[0]], -abs(a.arg[1] + 1) if a.arg[1] is not None else 0))


def h_retreat_move(s: "BlackSunState", p: Seat, legal: list[Action], task: Any, rng: Rng) -> Action:
    """The retreat leaves from the hex with the most ships that can go (the first when equal)."""
    places = retreat_origins(s, p)
    return max(legal, key=lambda a: len(places.get(s.board.hex_of(a.arg), [])))


def h_retreat_pick(s: "BlackSunState", p: Seat, legal: list[Action], task: Any, rng: Rng) -> Action:
    """The strongest ships first, as long as the fleet still has somewhere to go; then set off."""
    adds = [a for a in legal if a.kind == "add_ship"]
    adds.sort(key=lambda a: (-s.sfight[a.arg], a.arg))
    for a in adds:
        if destinations_of(s, task.origin, [*task.fleet, a.arg]):
            return a
    return _by_kind(legal, "fleet_done") or adds[0]


def h_retreat_to(s: "BlackSunState", p: Seat, legal: list[Action], task: Any, rng: Rng) -> Action:
    pl = Planner(s, p)
    best, pick = -1e9, legal[0]
    for a in legal:
        if a.arg is None:
            continue
        h = s.board.hex_of(a.arg)
        v = pl.position(h) - pl.danger(h, 0)
        if v > best:
            best, pick = v, a
    return pick


def borrower(s: "BlackSunState", p: Seat, x: int) -> Seat | None:
    """Who should borrow ``p``'s ship ``x`` (Loaning variant), or None: keep it.

    Lend only a ship that is exposed under ``p`` (hostile dice within reach beyond ours) and
    scores nothing where it stands, to a player under whom it is not exposed, who does not
    score against ``p``'s ships and does not lead ``p`` by ``LEAD_GIFT``; the lowest score
    among them (the least helped), then the lowest seat.
    """
    if exposed(s, x, p) <= 0 or _scoring_here(s, x, factions.conditions(s, p)):
        return None
    best: Seat | None = None
    for q in range(s.n):
        if q == p or not s.starting[q] or s.scores[q] >= s.scores[p] + LEAD_GIFT or scores_against(s, Seat(q), p):
            continue
        if exposed(s, x, Seat(q)) > 0:
            continue
        if best is None or s.scores[q] < s.scores[best]:
            best = Seat(q)
    return best


def h_loans(s: "BlackSunState", p: Seat, legal: list[Action], task: Any, rng: Rng) -> Action:
    """Recall a lent ship once it is safe with us again or its borrower turned against us or leads; lend an exposed one."""
    for a in legal:
        if a.kind == "recall":
            q = s.ctrl[a.arg]
            if exposed(s, a.arg, p) <= 0 or scores_against(s, q, p) or s.scores[q] >= s.scores[p] + LEAD_GIFT:
                return a
    for a in legal:
        if a.kind == "lend" and borrower(s, p, a.arg) is not None:
            return a
    return _by_kind(legal, "loans_done") or legal[0]


def h_lend_to(s: "BlackSunState", p: Seat, legal: list[Action], task: Any, rng: Rng) -> Action:
    q = borrower(s, p, task.ship)
    return Action("lend_to", q) if q is not None else legal[0]


# ----------------------------------------------------------------------------
# rollouts: cheap rules of thumb; random where they say nothing (movement mostly)
# ----------------------------------------------------------------------------
def r_remove(s: "BlackSunState", seat: Seat, legal: list[Action], task: Any, rng: Rng) -> Action:
    """Remove the first counter the seat scores, else end the scoring."""
    cond = factions.conditions(s, seat)
    for a in legal:
        if a.kind == "remove_counter" and cond_value(cond, s.status[s.board.hex_of(a.arg)], s.R.scoring):
            return a
    return _by_kind(legal, "scoring_done") or legal[0]


def r_walk(s: "BlackSunState", seat: Seat, legal: list[Action], task: Walk, rng: Rng) -> Action:
    """Stop where the seat scores (or one time in three), else a random step."""
    stop = _by_kind(legal, "stop")
    if stop is not None:
        if cond_value(factions.conditions(s, seat), s.status[task.pos], s.R.scoring) or rng.below(3) == 0:
            return stop
    steps = [a for a in legal if a.kind == "step"]
    return steps[rng.below(len(steps))] if steps else legal[0]


def r_first(s: "BlackSunState", seat: Seat, legal: list[Action], task: Any, rng: Rng) -> Action:
    """The first choice: "no" where the question is yes or no (join, second turn, story, amnesty), the least step else."""
    return legal[0]


def r_retreat(s: "BlackSunState", seat: Seat, legal: list[Action], task: Any, rng: Rng) -> Action:
    ours, theirs = _raid_dice(s, seat)
    return Action("retreat", ours < theirs)


def r_faction(s: "BlackSunState", seat: Seat, legal: list[Action], task: Any, rng: Rng) -> Action:
    return legal[0] if rng.below(8) else legal[rng.below(len(legal))]


def r_arrange(s: "BlackSunState", seat: Seat, legal: list[Action], task: Any, rng: Rng) -> Action:
    return _by_kind(legal, "slot", -1) or legal[rng.below(len(legal))]


def r_move(s: "BlackSunState", seat: Seat, legal: list[Action], task: Any, rng: Rng) -> Action:
    """Sometimes no move, else a random fleet's hex."""
    nm = _by_kind(legal, "no_move")
    if nm is not None and len(legal) > 1 and rng.below(6) == 0:
        return nm
    movers = [a for a in legal if a.kind == "fleet_from"]
    return movers[rng.below(len(movers))] if movers else legal[0]


def r_pick(s: "BlackSunState", seat: Seat, legal: list[Action], task: Any, rng: Rng) -> Action:
    """A fleet of random size: done half the time, else a random own ship added."""
    done = _by_kind(legal, "fleet_done")
    if done is not None and rng.below(2) == 0:
        return done
    adds = [a for a in legal if a.kind == "add_ship" and s.ctrl[a.arg] == seat]
    if adds:
        return adds[rng.below(len(adds))]
    return done or _by_kind(legal, "fleet_abandon") or legal[0]


#: the playout rules per pending task type (anything else: a random legal action); a raid is declared as the
#: bot does (only with an expected gain: the bots at the table raid so)
ROLLOUTS: dict[type, Decide["BlackSunState"]] = {
    RemoveCounters: r_remove, Walk: r_walk, Consent: h_consent, RaidChoice: h_raid, Retreat: r_retreat,
    Join: r_first, SecondTurn: r_first, StoryEnd: r_first, Amnesty: r_first,
    Sacrifice: r_first, Loans: r_first, Counter: r_first, TurnStart: r_first,
    Faction: r_faction, Arrange: r_arrange, Move: r_move, Pick: r_pick,
}


def stage(state: GameState) -> int:
    """Turns played so far: MCTS with ``horizon=k`` stops a rollout after k more turns."""
    s = cast("BlackSunState", state)
    return s.turns + (10_000 if s.over else 0)


def evaluate(state: GameState, mode: str) -> list[float]:
    """Reward vector for a game cut short: chances from the scores, scaled by how far the target still is (a
    finished game's own rewards)."""
    s = cast("BlackSunState", state)
    if s.over:
        return result_rewards(s.result(), mode)
    scores = [float(x) for x in s.scores]
    if not s.over and EVAL_POTENTIAL:
        # what each seat would score at its next last phase without moving (counters under its centre
        # ships, Crisis/Peaceful Turn), discounted: rivals move and remove counters in between
        scores = [x + EVAL_POTENTIAL * Planner(s, q).turn_value({}) if s.starting[q] else x for q, x in enumerate(scores)]
    left = max(1.0, s.target - max(scores))
    scale = 1.2 * math.sqrt(left + 1.0)
    return pairwise_rewards(scores, lambda diff: 1.0 / (1.0 + math.exp(-diff / scale)), mode)


# ----------------------------------------------------------------------------
# whole moves for search (engine.hooks.PlanHooks)
# ----------------------------------------------------------------------------
PLANS_K = 6           # search chooses among the planner's best few whole moves (the bot's own first)
ROLLOUT_EXTRA = 2     # rollouts plan fleets of one or two ships (no third: about two thirds of the planner's cost)
ROLLOUT_EPSILON = 6   # ... and take a random plan one move in this many, else the best
NO_FLEET: tuple[int, ...] = ()


class MovePlan(NamedTuple):
    """One whole move of turn step 3: the fleet of ``seat``'s ships leaving ``origin`` and where it stops.

    ``origin`` -1 is "no move". ``turn`` and ``fleets`` (fleets still to move when the plan was made)
    tie the plan to one fleet movement of one turn; ``next`` says nothing outside it.
    """

    seat: int
    turn: int
    fleets: int
    origin: int
    fleet: tuple[int, ...]
    stop: int

    def next(self, state: GameState, seat: int, legal: list[Action]) -> Action | None:
        s = cast("BlackSunState", state)
        if seat != self.seat or s.turns != self.turn:
            return None
        hit = pending_in(PLAN_STEPS, s)
        if hit is None:
            return None
        step, top = hit
        return step(self, s, seat, legal, top)

    def move(self, s: "BlackSunState", seat: Seat, legal: list[Action], top: Move) -> Action | None:
        """Which fleet moves: the plan's origin (or no move)."""
        if top.fleets != self.fleets:
            return None
        if self.origin < 0:
            return NO_MOVE
        return s.board.fleet_from_action[self.origin]

    def arrange(self, s: "BlackSunState", seat: Seat, legal: list[Action], top: Any) -> Action | None:
        """Where the arriving ships sit: as the bot would."""
        return h_arrange(s, seat, legal, top, Rng(0))

    def recentre(self, s: "BlackSunState", seat: Seat, legal: list[Action], top: Any) -> Action | None:
        return legal[0]

    def pick(self, s: "BlackSunState", seat: Seat, legal: list[Action], top: Pick) -> Action | None:
        """The plan's ships join the fleet, then it is done."""
        if top.fleets != self.fleets or top.origin != self.origin:
            return None
        for x in self.fleet:
            if x not in top.fleet:
                return Action("add_ship", x)
        return FLEET_DONE

    def walk(self, s: "BlackSunState", seat: Seat, legal: list[Action], top: Walk) -> Action | None:
        """The next step of the way to the plan's stop (stop there, or where allowed once it is out of reach)."""
        if top.fleets != self.fleets or top.origin != self.origin:
            return None
        pos = top.pos
        if pos == self.stop:
            return STOP
        need = top.need
        stop = self.stop
        ways = reachable(s, seat, pos, top.mp, self.origin, list(top.fleet), top.crossed,
                         stop_ok=lambda h: h == stop and need[h] == 0,
                         count="run_blockade" in factions.conditions(s, seat))
        way = ways.get(stop)
        if way is None or way[1] < 0:
            return STOP if STOP in legal else None  # the stop is out of reach now: end where allowed
        return s.board.step_action[way[1]]


#: a plan's step per pending task type (any other task: the plan has nothing to say)
PLAN_STEPS: dict[type, Callable[[MovePlan, "BlackSunState", Seat, list[Action], Any], Action | None]] = {
    Move: MovePlan.move, Arrange: MovePlan.arrange, Recentre: MovePlan.recentre, Pick: MovePlan.pick, Walk: MovePlan.walk,
}


NO_MOVE = Action("no_move")
FLEET_DONE = Action("fleet_done")
STOP = Action("stop")


def _move_plans(s: "BlackSunState", seat: Seat, legal: list[Action], top: Move, max_extra: int) -> list[tuple[float, MovePlan]]:
    """Every plan for the pending Move with its planner value (``h_move``'s numbers), best first."""
    pl = Planner(s, seat)
    turn, fleets = s.turns, top.fleets
    best: dict[MovePlan, float] = {}
    if NO_MOVE in legal:
        best[MovePlan(seat, turn, fleets, -1, NO_FLEET, -1)] = pl.turn_value({}) + 0.05
    moved, refused = top.moved, top.refused
    for a in legal:
        if a.kind != "fleet_from":
            continue
        origin = s.board.hex_of(a.arg)
        for v, fleet, stop, _ in pl.plans(origin, (), max_extra=max_extra):
            if any(x in moved or x in refused for x in fleet):
                continue
            plan = MovePlan(seat, turn, fleets, origin, fleet, stop)
            if v > best.get(plan, -1e18):
                best[plan] = v
    return sorted(((v, p) for p, v in best.items()), key=lambda vp: -vp[0])


def move_plans(s: "BlackSunState", seat: int, legal: list[Action], top: Move) -> list[MovePlan] | None:
    """The planner's best whole moves (``PLANS_K``, the bot's own first) when ``seat`` is to choose a fleet."""
    ranked = _move_plans(s, Seat(seat), legal, top, 3)
    return [p for _, p in ranked[:PLANS_K]] or None


def rollout_move_plan(s: "BlackSunState", seat: int, legal: list[Action], top: Move, rng: Rng) -> MovePlan | None:
    """A cheap whole move for playouts: the planner's best with fleets of at most ``ROLLOUT_EXTRA`` ships."""
    ranked = _move_plans(s, Seat(seat), legal, top, ROLLOUT_EXTRA)
    if not ranked:
        return None
    if len(ranked) > 1 and rng.below(ROLLOUT_EPSILON) == 0:
        return ranked[rng.below(len(ranked))][1]
    return ranked[0][1]


#: the heuristic per pending task type (anything else: a random legal action)
DECISIONS: dict[type, Decide["BlackSunState"]] = {
    Move: h_move, Pick: h_pick, Walk: h_walk, Arrange: h_arrange, RaidChoice: h_raid,
    Retreat: h_retreat, Amnesty: h_amnesty, Sacrifice: h_sacrifice, Join: h_join, Aim: h_aim,
    Lose: h_lose, Counter: h_counter, RemoveCounters: h_remove, Faction: h_faction,
    SecondTurn: h_second_turn, TurnStart: h_turn_start, Consent: h_consent, StoryEnd: h_story,
    Redraw: h_redraw, Place: h_place, PlaceShips: h_place_ships, RetreatMove: h_retreat_move, RetreatPick: h_retreat_pick,
    RetreatTo: h_retreat_to,
    Loans: h_loans, LendTo: h_lend_to,
}

#: the heuristic player: decides on a determinization (the board is public; the faction deck is never read), and
#: offers search the planner's whole moves at the fleet movement
BOT: BotShell["BlackSunState"] = BotShell(DECISIONS, rollouts=ROLLOUTS, if_illegal=0,
                                          plans={Move: move_plans}, rollout_plans={Move: rollout_move_plan})
choose = BOT.choose
