"""A heuristic Nearspace player: guard the Homeworld, hold CP sectors, build within maintenance, strike home.

The bot decides from a determinization of its observation but reads only what
its seat may see: face-up cards (a face-down place is "unknown"), ships, hulls,
engines, Graveyards, Stockpiles, Directives and its own Hand. Nothing is kept
between decisions: every decision re-plans the whole turn and takes its first step.

The plan gives every ship a **role** and a target place:

* **guards** stay on the own Homeworld. An empty Homeworld can be walked into,
  which stops all building there and, with no ships elsewhere, loses the game
  at once (Annihilation); so one ship always stays, more when enemy ships are
  near, the biggest dice first;
* **holders** sit on face-up sectors that pay CP (or E) on the own side, and
  **explorers** turn up the own face-down cards (a sector found there pays too);
  small dice do this, never on a threat sector (a d4 on a Mine Field dies half
  the time each turn);
* the **strike force** gathers at the Frontier and marches on the enemy
  Homeworld once it outweighs the ships there, then sits on it (Exile after
  three enemy turns, and Annihilation at once if the enemy has no ship left).

Combat is judged by simulating the rules' pairing (highest roll against highest
roll, ties lose both, the defender rolling its best dice): the bot attacks only
with at least as many ships as defend there and a good chance to clear the sector
or a favourable exchange of facets. Building follows the book's economy: a ship's
facets cost CP once and a tenth of them every turn, so the bot keeps the non-green
fleet (green dice are free of maintenance) within :data:`MAINT_SHARE` of its
income, banks CP in hulls one short of completion when the fleet is full, and
adds engines as the fleet grows (movement costs a ship's facets in E).

``ROLLOUTS`` is a cheap table for MCTS rollouts (both tables run in the engine's
bot shell, ``BOT``); :func:`stage` and
:func:`evaluate` let MCTS stop a rollout after a few turns and score the position.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Callable, NamedTuple, cast

from voidtable.engine.actions import Action
from voidtable.engine.bots import BotShell, Decide
from voidtable.engine.dice import Die
from voidtable.engine.graph import Steps, steps_from
from voidtable.engine.outcome import pairwise_rewards, result_rewards
from voidtable.engine.rng import Rng
from voidtable.engine.state import GameState

from .actions import ADD, BUILD_DONE, END_TURN, GROUP, STEP
from .board import EMPTY, Board
from .cards import has_encounter, terraform_cost
from .economy import construction_points, dismantle_candidates
from .movement import can_attack, destinations, move_cost
from .tasks import ActionStep, Build, Defend, Dismantle, EncounterCheck, Group, Revive, Target, Upkeep

if TYPE_CHECKING:
    from .state import NearspaceState, Ship

MCTS_HORIZON = 2       # MCTS default: roll out two more turns (one each), then evaluate() the position
MCTS_TRUST = 2.0       # MCTS default: the bot's move stands unless another's mean reward leads it by 2 standard errors
MAINT_SHARE = 0.6      # the share of the income the non-green fleet's maintenance may take
COMBAT_SAMPLES = 160   # simulated combats per judged attack
ATTACK_MIN_P = 0.55    # attack when the sector is cleared at least this often ...
ATTACK_MIN_GAIN = 2.0  # ... or the expected exchange of facets is at least this good
HOLD_DIE = 6           # holders and explorers are dice of at most this many sides
MAX_HOLDERS = 3        # at most this many ships hold or explore sectors; the rest strike
STRIKE_MARGIN = 1.15   # the strike force marches when its strength is this multiple of the defence
COLOURS_GUARD = ("green", "blue", "white", "orange", "red", "yellow")
COLOURS_HOLD = ("green", "blue", "white", "red", "orange", "yellow")
COLOURS_STRIKE = ("red", "orange", "green", "yellow", "blue", "white")


# ----------------------------------------------------------------------------
# geometry
# ----------------------------------------------------------------------------
def distances(board: Board) -> Steps:
    """All-pairs step counts on the map: the board builds them once (no cache here to outlive it)."""
    return board.steps


# ----------------------------------------------------------------------------
# reading the position (public facts only)
# ----------------------------------------------------------------------------
def strength(s: "NearspaceState", die: Die, attacking: bool) -> float:
    """Expected combat total of a die: its mean face plus its colour's attack or defence modifier."""
    c = s.r.traits(die)
    return (die.sides + 1) / 2 + (c.attack if attacking else c.defence)


def face_up_card(s: "NearspaceState", place: int) -> Any:
    """The card at a place if it is face up (the bot never looks at a face-down card)."""
    if not s.face_up[place]:
        return None
    return s.place_of(place)


def is_threat(s: "NearspaceState", place: int) -> bool:
    """A face-up threat sector or an Encounter there: ships in it roll to survive each own turn."""
    card = face_up_card(s, place)
    return (card is not None and card.threat_check > 0) or has_encounter(s, place)


def place_worth(s: "NearspaceState", place: int) -> float:
    """What holding a face-up place pays each turn, in CP (E counts half)."""
    card = face_up_card(s, place)
    if card is None or card.kind in ("event", "directive", "encounter", "neutral"):
        return 0.0
    return float(card.cp + card.advantage_cp * 0.5 + card.e_bonus * 0.5 + (1.0 if card.kind == "star_base" else 0.0))


def ships_of(s: "NearspaceState", seat: int) -> list[tuple[int, "Ship"]]:
    return s.fleet(seat)


def income(s: "NearspaceState", seat: int) -> int:
    """General CP the seat would figure now (its next turn's income if nothing moves)."""
    return construction_points(s, seat)[0]


def maintained_facets(s: "NearspaceState", seat: int) -> int:
    """Facets that cost maintenance once every hull is finished: the fleet's and the hulls' (green ones free)."""
    hulls = sum(h.die.facets for _, h in s.hulls(seat) if not s.r.traits(h.die).maintenance_free)
    return s.fleet_facets(seat) + hulls


def facet_cap(s: "NearspaceState", seat: int) -> int:
    """The most non-green facets the seat's income can keep (at least one small ship's worth)."""
    div = s.r.data.maintenance.divisor
    return max(div - 1, int(div * income(s, seat) * MAINT_SHARE) + div - 1)


def fits_maintenance(s: "NearspaceState", seat: int, die: Die, counted: bool) -> bool:
    """Whether finishing a ship of ``die`` keeps maintenance within the cap (``counted``: its hull is already counted)."""
    if s.r.traits(die).maintenance_free:
        return True
    extra = 0 if counted else die.facets
    return maintained_facets(s, seat) + extra <= facet_cap(s, seat)


# ----------------------------------------------------------------------------
# combat, simulated by the rules' pairing
# ----------------------------------------------------------------------------
class Fight(NamedTuple):
    cleared: float      # chance no defender survives
    kills: float        # expected enemy facets destroyed
    losses: float       # expected own facets destroyed


def _bonus_att(s: "NearspaceState", seat: int, die: Die) -> int:
    extra = s.attack_bonus if seat == s.active else 0
    return extra + s.r.traits(die).attack + s.directive_total(seat, "combat_bonus")


def _bonus_def(s: "NearspaceState", seat: int, die: Die, place: int) -> int:
    card = face_up_card(s, place)
    sector = card.defence if card is not None else 0
    return sector + s.r.traits(die).defence + s.directive_total(seat, "combat_bonus")


def defenders_rolling(s: "NearspaceState", seat: int, place: int, attackers: int) -> list[Die]:
    """The dice a defender rolls: all, or its best ``attackers`` of them (what the bot itself does)."""
    dice = [s.ships[i].die for i in s.ships_at(seat, place)]
    dice.sort(key=lambda d: -strength(s, d, False))
    return dice[:max(attackers, 0)] if len(dice) > attackers else dice


def simulate(s: "NearspaceState", seat: int, attackers: list[Die], place: int, rng: Rng,
             samples: int = COMBAT_SAMPLES) -> Fight:
    """Monte Carlo of one attack by ``attackers`` into ``place`` (defender rolls its best dice)."""
    foe = 1 - seat
    defenders = defenders_rolling(s, foe, place, len(attackers))
    standing = len(s.ships_at(foe, place))
    att = [(d, _bonus_att(s, seat, d)) for d in attackers]
    dfn = [(d, _bonus_def(s, foe, d, place)) for d in defenders]
    cleared = kills = losses = 0.0
    for _ in range(samples):
        a = sorted(((rng.below(d.sides) + 1 + b, d.sides) for d, b in att), key=lambda x: (-x[0], x[1]))
        b = sorted(((rng.below(d.sides) + 1 + k, d.sides) for d, k in dfn), key=lambda x: (-x[0], x[1]))
        dead = lost = 0
        for (ra, sa), (rb, sb) in zip(a, b):
            if ra >= rb:
                kills += sb
                dead += 1
            if ra <= rb:
                losses += sa
                lost += 1
        if dead == standing and lost < len(att):  # no defender left and a survivor to move in
            cleared += 1
    return Fight(cleared / samples, kills / samples, losses / samples)


# ----------------------------------------------------------------------------
# the turn plan: roles and moves
# ----------------------------------------------------------------------------
class Move(NamedTuple):
    score: float
    origin: int
    ships: tuple[int, ...]
    dest: int


class Plan:
    """Roles and targets of one seat's ships on one position (built once per decision)."""

    def __init__(self, s: "NearspaceState", seat: int) -> None:
        self.s, self.seat = s, seat
        self.dist = distances(s.r.board)
        self.home, self.ehome = s.homeworld(seat), s.homeworld(1 - seat)
        self.mine = ships_of(s, seat)
        self.theirs = ships_of(s, 1 - seat)
        self.target: dict[int, int] = {}
        self.role: dict[int, str] = {}
        self.assign()

    # -- what the enemy threatens
    def threat_near_home(self) -> tuple[int, float]:
        """Enemy ships within three steps of the own Homeworld: their count and attack strength."""
        near = [sh for _, sh in self.theirs if self.dist[sh.place][self.home] <= 3]
        return len(near), sum(strength(self.s, sh.die, True) for sh in near)

    def defence_at(self, place: int) -> tuple[int, float]:
        """Enemy ships on and next to a place: what a strike there meets."""
        near = [sh for _, sh in self.theirs if self.dist[sh.place][place] <= 1]
        return len(near), sum(strength(self.s, sh.die, False) for sh in near)

    def guard_need(self) -> int:
        count, _ = self.threat_near_home()
        base = 1 if self.mine else 0
        return max(base, count)

    # -- roles
    def assign(self) -> None:
        s, seat = self.s, self.seat
        free = dict(self.mine)
        if not free:
            return
        # ships already on the enemy Homeworld hold it (Exile)
        for i, sh in list(free.items()):
            if sh.place == self.ehome:
                self.set(i, "occupy", self.ehome)
                free.pop(i)
        # guards: the biggest dice, those at home first
        need = self.guard_need()
        order = sorted(free.items(), key=lambda x: (x[1].place != self.home, -strength(s, x[1].die, False), x[0]))
        for i, sh in order[:need]:
            self.set(i, "guard", self.home)
            free.pop(i)
        # an undefended enemy Homeworld: every free ship near it goes (Annihilation if they have no ship left)
        rush = not self.s.has_ships(1 - seat, self.ehome)
        side = s.r.board.enemy_side_from
        if rush:
            for i, sh in list(free.items()):
                if self.dist[sh.place][self.ehome] <= 3:
                    self.set(i, "strike", self.ehome)
                    free.pop(i)
        # holders already in place stay (no shuffling between places), then the nearest small die to each
        # own-side place worth holding or unknown, up to MAX_HOLDERS
        holders = 0
        for i, sh in sorted(free.items()):
            if holders < MAX_HOLDERS and sh.die.sides <= HOLD_DIE and self.worth_holding(sh.place):
                self.set(i, "hold", sh.place)
                free.pop(i)
                holders += 1
        wanted = self.hold_places()
        for place in wanted:
            if holders >= MAX_HOLDERS:
                break
            small = [(self.dist[sh.place][place], sh.die.colour in ("red", "orange"), sh.die.facets, i)
                     for i, sh in free.items() if sh.die.sides <= HOLD_DIE and self.dist[self.home][sh.place] <= side]
            if not small:
                break
            i = min(small)[-1]
            self.set(i, "hold", place)
            free.pop(i)
            holders += 1
        # the strike force: gather at the Frontier, march when it outweighs the defence
        stage_at = self.staging()
        force = sum(strength(s, sh.die, True) for sh in free.values())
        count = len(free)
        dcount, dstr = self.defence_at(self.ehome)
        go = rush or (count > 0 and count >= dcount and force >= STRIKE_MARGIN * dstr)
        for i, sh in free.items():
            self.set(i, "strike", self.ehome if go or self.dist[sh.place][self.ehome] < self.dist[stage_at][self.ehome]
                     else stage_at)

    def set(self, i: int, role: str, place: int) -> None:
        self.role[i], self.target[i] = role, place

    def worth_holding(self, place: int) -> bool:
        """An own-side, face-up, unthreatened place that pays."""
        s = self.s
        return (place != self.home and self.dist[self.home][place] <= s.r.board.enemy_side_from
                and place_worth(s, place) > 0 and not is_threat(s, place))

    def hold_places(self) -> list[int]:
        """Own-side places to hold (paying, unthreatened, no own ship) or explore, best and nearest first."""
        s, seat = self.s, self.seat
        side = s.r.board.enemy_side_from
        held = {sh.place for _, sh in self.mine}
        enemy = {sh.place for _, sh in self.theirs}
        out = []
        for p in range(len(s.place_card)):
            d = self.dist[self.home][p]
            if p == self.home or d > side or p in held or p in enemy or s.place_card[p] == EMPTY and s.face_up[p]:
                continue
            if s.face_up[p]:
                w = place_worth(s, p)
                if w <= 0 or is_threat(s, p):
                    continue
                out.append((-w, d, p))
            else:  # face down: exploring turns up a card of the own deck, a sector with luck
                out.append((-0.8, d, p))
        out.sort()
        return [p for _, _, p in out]

    def staging(self) -> int:
        """The Frontier place nearest the enemy Homeworld that is not a threat (where the strike force gathers)."""
        s = self.s
        best = (99, 99, self.home)
        for p in range(len(s.place_card)):
            if self.dist[self.home][p] == s.r.board.enemy_side_from and not is_threat(s, p):
                best = min(best, (self.dist[p][self.ehome], p, p))
        return best[2]

    # -- moves
    def next_hop(self, origin: int, target: int, ships: tuple[int, ...]) -> int | None:
        """The step toward ``target`` a group may take now, around enemy ships where a way exists.

        Steps follow distances on the map without the places to avoid (so a stack on the only
        shortest path is walked around); with no way around, the plain distance, stopping short of
        enemy ships (whether to attack them is for :meth:`attacks` to judge).
        """
        s = self.s
        legal = destinations(s, self.seat, origin, ships)
        blocked = [p != target and s.has_ships(1 - self.seat, p) for p in range(len(s.place_card))]
        around = self.detour(target, blocked)
        dist = around if around[origin] >= 0 else self.dist[target]
        here = dist[origin]
        through = s.e >= 2 * sum(move_cost(s, s.ships[i]) for i in ships)  # E to step on out of a threat
        best: tuple[float, int] | None = None
        for d in legal:
            if dist[d] < 0 or dist[d] >= here or blocked[d] or (d != target and not through and is_threat(s, d)):
                continue
            # a threat only strikes ships still there at their owner's Threat step: passing through is safe
            key = (-place_worth(s, d) - (0.5 if not s.face_up[d] else 0.0) + (3.0 if is_threat(s, d) else 0.0), d)
            if best is None or key < best:
                best = key
        return None if best is None else best[1]

    def detour(self, target: int, blocked: list[bool]) -> list[int]:
        """Steps to ``target`` from every place, never through a blocked place (-1: no way)."""
        return steps_from(self.s.r.board.neighbours, (target,), [not b for b in blocked])

    def moves(self, rng: Rng) -> list[Move]:
        """Every group step worth taking now, with a score (attacks and captures first)."""
        s = self.s
        out: list[Move] = []
        by_place: dict[int, list[int]] = {}
        for i, sh in self.mine:
            by_place.setdefault(sh.place, []).append(i)
        for origin, ids in by_place.items():
            out += self.attacks(origin, ids, rng)
            groups: dict[int, list[int]] = {}
            for i in ids:
                if self.target.get(i, origin) != origin:
                    groups.setdefault(self.target[i], []).append(i)
            for target, members in groups.items():
                out += self.walks(origin, target, members)
        return out

    def walks(self, origin: int, target: int, members: list[int]) -> list[Move]:
        """The ships bound for ``target`` step together (the cheapest drop out if E is short)."""
        s = self.s
        members = sorted(members, key=lambda i: (-move_cost(s, s.ships[i]), i))
        while members and sum(move_cost(s, s.ships[i]) for i in members) > s.e:
            members.pop()  # the dearest ship waits
        if not members:
            return []
        ships = tuple(sorted(members))
        hop = self.next_hop(origin, target, ships)
        if hop is None:
            return []
        if hop == target and s.has_ships(1 - self.seat, hop):
            return []  # an attack is judged by attacks()
        role = self.role[ships[0]]
        base = {"guard": 60.0, "hold": 40.0, "strike": 30.0, "occupy": 0.0}[role]
        if hop == self.ehome:
            base += 500.0
        progress = self.dist[origin][target] - self.dist[hop][target]
        cost = sum(move_cost(s, s.ships[i]) for i in ships)
        return [Move(base + 5.0 * progress * len(ships) - 0.1 * cost + place_worth(s, hop), origin, ships, hop)]

    def attacks(self, origin: int, ids: list[int], rng: Rng) -> list[Move]:
        """Attacks from ``origin`` worth making: at least the defenders' count, a good chance or exchange."""
        s, seat = self.s, self.seat
        able = [i for i in ids if can_attack(s, s.ships[i]) and self.role.get(i) not in ("occupy",)]
        if origin == self.home:
            keep = max(0, self.guard_need() - 1)
            able = sorted(able, key=lambda i: (strength(s, s.ships[i].die, False), i))[keep:] if keep else able
        out: list[Move] = []
        if not able:
            return out
        able.sort(key=lambda i: (-strength(s, s.ships[i].die, True), i))
        for dest in s.r.board.neighbours[origin]:
            foes = s.ships_at(1 - seat, dest)
            if not foes:
                continue
            best: Move | None = None
            for k in range(len(foes), len(able) + 1):
                group = tuple(sorted(able[:k]))
                if dest not in destinations(s, seat, origin, group):
                    continue
                fight = simulate(s, seat, [s.ships[i].die for i in group], dest, rng)
                value = self.attack_value(dest, fight)
                even = fight.kills >= fight.losses or dest == self.ehome  # never trade facets at a loss (Conquest)
                if even and (fight.cleared >= ATTACK_MIN_P or fight.kills - fight.losses >= ATTACK_MIN_GAIN):
                    mv = Move(100.0 + value, origin, group, dest)
                    if best is None or mv.score > best.score:
                        best = mv
            if best is not None:
                out.append(best)
        return out

    def attack_value(self, dest: int, fight: Fight) -> float:
        prize = 3.0 * place_worth(self.s, dest)
        if dest == self.ehome:
            prize += 60.0
        elif dest == self.home or self.dist[dest][self.home] <= 2:
            prize += 20.0
        return fight.cleared * prize + fight.kills - 1.2 * fight.losses


# ----------------------------------------------------------------------------
# decisions
# ----------------------------------------------------------------------------
def _by_kind(legal: list[Action], kind: str) -> list[Action]:
    return [a for a in legal if a.kind == kind]


def h_dismantle(s: "NearspaceState", seat: int, legal: list[Action], task: Dismantle, rng: Rng) -> Action:
    """Lose as few facets as possible: the smallest ship that covers the need, else the biggest candidate."""
    ids = [a.arg for a in legal]
    cover = [i for i in ids if s.ships[i].die.facets >= task.need]
    if cover:
        i = min(cover, key=lambda i: (s.ships[i].die.facets, i))
    else:
        i = max(ids, key=lambda i: (s.ships[i].die.facets, -i))
    return next(a for a in legal if a.arg == i)


def h_keep(s: "NearspaceState", seat: int, legal: list[Action], task: Upkeep, rng: Rng) -> Action:
    keep = directive_useful(s, seat, task.card)
    return next((a for a in legal if bool(a.arg) == keep), legal[0])


def directive_useful(s: "NearspaceState", seat: int, card: int) -> bool:
    """A combat Directive while there is fighting to do, an engine one while ships want to travel."""
    c = s.r.card(card)
    fleet = ships_of(s, seat)
    if c.effect == "combat_bonus":
        return len(fleet) >= 3 + c.cost // 2 and bool(ships_of(s, 1 - seat))
    if c.effect == "engine_bonus":
        plan = Plan(s, seat)
        return sum(1 for i, sh in fleet if plan.target.get(i, sh.place) != sh.place) >= 1 and income(s, seat) >= 5
    return False


def h_target(s: "NearspaceState", seat: int, legal: list[Action], task: Target, rng: Rng) -> Action:
    """Terraform the poorest held sector (Space costs half); an Encounter where the most enemy facets stand."""
    c = s.r.card(task.card)
    index = s.r.board.index

    def score(a: Action) -> tuple[float, int]:
        p = index[a.arg]
        if c.kind == "terraform":
            return (c.cp - place_worth(s, p) - 0.1 * terraform_cost(s, task.card, p), -p)
        facets = sum(s.ships[i].die.facets for i in s.ships_at(1 - seat, p))
        return (facets + (5 if p == s.homeworld(1 - seat) else 0), -p)

    return max(legal, key=score)


def h_revive(s: "NearspaceState", seat: int, legal: list[Action], task: Revive, rng: Rng) -> Action:
    """Every die gives the same expected facets back (check/sides x sides); the likeliest success is the smallest."""
    return min(legal, key=lambda a: (s.graveyard[seat][a.arg].sides, a.arg))


def h_check(s: "NearspaceState", seat: int, legal: list[Action], task: EncounterCheck, rng: Rng) -> Action:
    """The biggest die faces an Encounter first: beating it early spares the ships after."""
    return max(legal, key=lambda a: (s.ships[a.arg].die.sides, -a.arg))


def h_defend(s: "NearspaceState", seat: int, legal: list[Action], task: Defend, rng: Rng) -> Action:
    """Roll the best dice: just enough of them (more rollers cannot win more pairs than attack)."""
    need = min(len(task.attackers), len(s.ships_at(seat, task.dest)))
    done = _by_kind(legal, "defend_done")
    if len(task.chosen) >= need and done:
        return done[0]
    picks = _by_kind(legal, "defend")
    if not picks:
        return legal[0]
    return max(picks, key=lambda a: (strength(s, s.ships[a.arg].die, False), -a.arg))


def h_action(s: "NearspaceState", seat: int, legal: list[Action], task: ActionStep, rng: Rng) -> Action:
    best = best_move(s, seat, rng)
    if best is None:
        return next((a for a in legal if a.kind == "end_turn"), legal[0])
    a = GROUP(s.hex(best.origin))
    return a if a in legal else next((x for x in legal if x.kind == "end_turn"), legal[0])


def best_move(s: "NearspaceState", seat: int, rng: Rng, origin: int | None = None,
              chosen: tuple[int, ...] = ()) -> Move | None:
    moves = Plan(s, seat).moves(rng)
    if origin is not None:
        moves = [m for m in moves if m.origin == origin and set(chosen) <= set(m.ships)]
    moves = [m for m in moves if m.score > 0]
    return max(moves, key=lambda m: (m.score, -m.origin, m.ships)) if moves else None


def h_group(s: "NearspaceState", seat: int, legal: list[Action], task: Group, rng: Rng) -> Action:
    """Carry out the planned group: add its ships, then step; with no plan, the cheapest step toward the enemy."""
    best = best_move(s, seat, rng, task.origin, task.ships)
    if best is not None:
        for i in best.ships:
            if i not in task.ships and ADD(i) in legal:
                return ADD(i)
        step = STEP(s.hex(best.dest))
        if step in legal:
            return step
    steps = _by_kind(legal, "step")
    dist = distances(s.r.board)
    ehome = s.homeworld(1 - seat)
    if steps:
        safe = [a for a in steps if not s.has_ships(1 - seat, s.r.board.index[a.arg])] or steps
        return min(safe, key=lambda a: (dist[s.r.board.index[a.arg]][ehome], a.arg))
    adds = _by_kind(legal, "add")
    return min(adds, key=lambda a: (move_cost(s, s.ships[a.arg]), a.arg)) if adds else legal[0]


# -- the Build step -----------------------------------------------------------
def h_build(s: "NearspaceState", seat: int, legal: list[Action], task: Build, rng: Rng) -> Action:
    """One Build action at a time, by priority; ``build_done`` when nothing is worth the CP."""
    plan = Plan(s, seat)
    for step in (play_terraform, urgent_guard, play_movement_cards, complete_hull, start_ship, play_encounter,
                 play_directive, build_engine, bank_cp, play_revive):
        a = step(s, seat, legal, plan)
        if a is not None and a in legal:
            return a
    return BUILD_DONE() if BUILD_DONE() in legal else legal[-1]


def _play(legal: list[Action], s: "NearspaceState", want: Callable[[Any], bool]) -> Action | None:
    for a in _by_kind(legal, "play"):
        if want(s.r.data.cards[a.arg]):
            return a
    return None


def play_terraform(s: "NearspaceState", seat: int, legal: list[Action], plan: Plan) -> Action | None:
    """A Terraforming card pays for itself in a few turns wherever it raises a held sector's CP."""
    for a in _by_kind(legal, "play"):
        c = s.r.data.cards[a.arg]
        if c.kind != "terraform":
            continue
        card = next(x for x in s.hand[seat] if s.r.instances[x][1] == a.arg)
        from .cards import targets
        if any(c.cp > place_worth(s, p) for p in targets(s, seat, card)):
            return a
    return None


def urgent_guard(s: "NearspaceState", seat: int, legal: list[Action], plan: Plan) -> Action | None:
    """Too few ships at home against the enemy near it: finish a home hull, or start the best guard we can pay."""
    home = plan.home
    at_home = len(s.ships_at(seat, home))
    if at_home >= plan.guard_need() or s.homeworld_fallen(seat):
        return None
    return complete_hull(s, seat, legal, plan, only=home) or start_ship(s, seat, legal, plan, role="guard")


def wanted_moves(s: "NearspaceState", plan: Plan) -> int:
    """E the plan's ships would spend reaching their targets."""
    total = 0
    for i, sh in plan.mine:
        t = plan.target.get(i, sh.place)
        if t != sh.place:
            total += move_cost(s, sh) * plan.dist[sh.place][t]
    return total


def play_movement_cards(s: "NearspaceState", seat: int, legal: list[Action], plan: Plan) -> Action | None:
    """Extra E when ships want to travel further than one engine carries; an attack bonus when a fight is near."""
    want_e = wanted_moves(s, plan)
    if want_e > 10 * s.engines[seat]:
        a = _play(legal, s, lambda c: c.effect == "extra_e" and c.cost <= 1 + want_e // 12)
        if a is not None:
            return a
    if plan.theirs and any(plan.dist[sh.place][e.place] <= 1 for _, sh in plan.mine for _, e in plan.theirs):
        return _play(legal, s, lambda c: c.effect == "attack_bonus" and c.cost <= max(1, s.cp - 2))
    return None


def _hull_order(s: "NearspaceState", seat: int, plan: Plan, only: int | None) -> list[tuple[int, "Ship"]]:
    hulls = [(i, h) for i, h in s.hulls(seat) if s.presence(seat, h.place) and (only is None or h.place == only)]
    hulls.sort(key=lambda x: (x[1].place != plan.ehome, x[1].die.facets - x[1].invested, x[0]))
    return hulls


def complete_hull(s: "NearspaceState", seat: int, legal: list[Action], plan: Plan, only: int | None = None) -> Action | None:
    """Finish the hull nearest completion that maintenance can keep (green hulls always)."""
    from .shipyard import payable
    for i, h in _hull_order(s, seat, plan, only):
        left = h.die.facets - h.invested
        if left <= payable(s, s.r.ship_class(h.die)) and fits_maintenance(s, seat, h.die, counted=True):
            a = Action("invest", (i, left))
            if a in legal:
                return a
    return None


def choose_die(s: "NearspaceState", seat: int, plan: Plan, role: str) -> Die | None:
    """The Stockpile die for the next ship: its size by role and purse, its colour by role (green first)."""
    from .shipyard import payable
    pile = s.stockpile[seat]
    inc = max(1, income(s, seat))
    if role == "guard":
        sizes = [12, 10, 8, 20, 6, 4] if inc >= 8 else [10, 8, 6, 12, 4]
        colours = COLOURS_GUARD
    elif role == "hold":
        sizes, colours = [4, 6], COLOURS_HOLD
    else:
        sizes = [8, 6, 10, 12, 4] if inc >= 7 else [6, 4, 8]
        colours = COLOURS_STRIKE
    purse = payable(s, "")
    if not plan.mine:  # no ship yet: one that enters service this turn, since an empty Homeworld can be walked into
        sizes = sorted((x for x in sizes if x <= purse), reverse=True) or sizes
    else:  # finished within about two turns
        sizes = [x for x in sizes if x <= purse + inc] or sizes[-1:]
    for sides in sizes:
        for colour in colours:
            die = Die(sides, colour)
            if not pile.has(die) or not fits_maintenance(s, seat, die, counted=False):
                continue
            if payable(s, s.r.ship_class(die)) < s.r.data.build.start.cp:
                continue
            return die
    return None


def next_role(s: "NearspaceState", seat: int, plan: Plan) -> str:
    """Which kind of ship the plan lacks most: guards, then holders for known places, then strikers."""
    if len(s.ships_at(seat, plan.home)) < plan.guard_need() or not plan.mine:
        return "guard"
    holders = sum(1 for r in plan.role.values() if r == "hold")
    if holders < min(3, len(plan.hold_places()) + holders) and len(plan.mine) < 6:
        return "hold"
    return "strike"


def start_ship(s: "NearspaceState", seat: int, legal: list[Action], plan: Plan, role: str | None = None) -> Action | None:
    """Start a hull when no hull waits for CP (one ship at a time), at the enemy Homeworld when held."""
    if any(s.presence(seat, h.place) for _, h in s.hulls(seat)) and role is None:
        return None
    die = choose_die(s, seat, plan, role or next_role(s, seat, plan))
    if die is None:
        return None
    for site in (plan.ehome, plan.home):
        a = Action("start_hull", (s.hex(site), die.sides, die.colour))
        if a in legal:
            return a
    starts = [a for a in _by_kind(legal, "start_hull") if a.arg[1] == die.sides and a.arg[2] == die.colour]
    return starts[0] if starts else None


def play_encounter(s: "NearspaceState", seat: int, legal: list[Action], plan: Plan) -> Action | None:
    """An Encounter where enemy ships stand (their Homeworld's guard, a raider on our side)."""
    if not plan.theirs:
        return None
    return _play(legal, s, lambda c: c.kind == "encounter" and c.cost <= s.cp - 1)


def play_directive(s: "NearspaceState", seat: int, legal: list[Action], plan: Plan) -> Action | None:
    for a in _by_kind(legal, "play"):
        c = s.r.data.cards[a.arg]
        if c.kind != "directive":
            continue
        card = next(x for x in s.hand[seat] if s.r.instances[x][1] == a.arg)
        if directive_useful(s, seat, card) and income(s, seat) >= 2 * c.cost:
            return a
    return None


def desired_engines(s: "NearspaceState", seat: int, plan: Plan) -> int:
    """One engine, one more per two ships (movement costs facets in E), within the supply."""
    return min(s.r.data.engines.supply, 1 + len(plan.mine) // 2)


def build_engine(s: "NearspaceState", seat: int, legal: list[Action], plan: Plan) -> Action | None:
    """Put spare CP into an engine while the fleet needs more E than it has."""
    if s.engines[seat] + sum(1 for i in s.r.engine_ids(seat) if i in s.engine_hulls) < desired_engines(s, seat, plan):
        start = Action("start_engine", None)
        if start in legal:
            return start
    invests = [a for a in _by_kind(legal, "invest") if a.arg[0] in s.engine_hulls]
    return max(invests, key=lambda a: (a.arg[1], -a.arg[0])) if invests else None


def bank_cp(s: "NearspaceState", seat: int, legal: list[Action], plan: Plan) -> Action | None:
    """CP are lost at the end of the turn: put the rest into hulls (one short of completion if maintenance is full)."""
    for i, h in _hull_order(s, seat, plan, None):
        fits = fits_maintenance(s, seat, h.die, counted=True)
        room = h.die.facets - h.invested - (0 if fits else 1)
        if room <= 0:
            continue
        options = [a for a in _by_kind(legal, "invest") if a.arg[0] == i and a.arg[1] <= room]
        if options:
            return max(options, key=lambda a: a.arg[1])
    if s.cp >= 2:
        return start_ship(s, seat, legal, plan, role=next_role(s, seat, plan))
    return None


def play_revive(s: "NearspaceState", seat: int, legal: list[Action], plan: Plan) -> Action | None:
    if s.graveyard_facets(seat) >= 20:
        return _play(legal, s, lambda c: c.effect == "revive")
    return None


#: the heuristic per pending task type (anything else: a random legal action)
DECISIONS: dict[type, Decide["NearspaceState"]] = {
    Dismantle: h_dismantle, Upkeep: h_keep, Build: h_build, Target: h_target, Revive: h_revive,
    EncounterCheck: h_check, ActionStep: h_action, Group: h_group, Defend: h_defend,
}


# ----------------------------------------------------------------------------
# rollouts: cheap rules of thumb: build small ships within maintenance, march on the enemy Homeworld, defend
# with all. No planning and no combat simulation: a rollout decision costs about what the legal-action list does.
# ----------------------------------------------------------------------------
def _rollout_action(s: "NearspaceState", seat: int, legal: list[Action], task: ActionStep, rng: Rng) -> Action:
    """Mostly a group away from home (the Homeworld keeps one ship), else the turn ends."""
    groups = _by_kind(legal, "group")
    home = s.homeworld(seat)
    away = [a for a in groups if s.r.board.index[a.arg] != home or len(s.ships_at(seat, home)) > 1]
    if away and rng.below(5):
        return away[rng.below(len(away))]
    return END_TURN() if END_TURN() in legal else legal[-1]


def _rollout_build(s: "NearspaceState", seat: int, legal: list[Action], task: Build, rng: Rng) -> Action:
    invests = [a for a in _by_kind(legal, "invest") if a.arg[0] not in s.engine_hulls]
    if invests:
        return max(invests, key=lambda a: a.arg[1])
    cap = 10 * max(1, income(s, seat))
    if s.fleet_facets(seat) < cap and s.cp >= 3:
        starts = [a for a in _by_kind(legal, "start_hull") if a.arg[1] <= 8 and a.arg[2] in ("red", "green", "orange")]
        if starts:
            return starts[rng.below(len(starts))]
    return BUILD_DONE() if BUILD_DONE() in legal else legal[-1]


def _rollout_group(s: "NearspaceState", seat: int, legal: list[Action], task: Group, rng: Rng) -> Action:
    adds = _by_kind(legal, "add")
    if adds and (not task.ships or rng.below(2)):
        return adds[rng.below(len(adds))]
    steps = _by_kind(legal, "step")
    if not steps:
        return legal[0]
    dist = s.r.board.distance[1 - seat]
    index = s.r.board.index
    fewer = [a for a in steps if len(s.ships_at(1 - seat, index[a.arg])) <= len(task.ships)]
    pool = fewer or steps
    return min(pool, key=lambda a: (dist[index[a.arg]], rng.below(4)))


#: the playout rules per pending task type (anything else: a random legal action)
ROLLOUTS: dict[type, Decide["NearspaceState"]] = {
    Build: _rollout_build, Group: _rollout_group, ActionStep: _rollout_action, Defend: h_defend,
    Dismantle: h_dismantle, EncounterCheck: h_check,
}

#: the heuristic player: decides on a determinization, reading only public facts (an action its rules of thumb
#: name that is not legal gives way to the last legal one: ending the step)
BOT: BotShell["NearspaceState"] = BotShell(DECISIONS, rollouts=ROLLOUTS, if_illegal=-1)
choose = BOT.choose


def stage(state: GameState) -> int:
    """Turns played so far: MCTS with ``horizon=k`` stops a rollout after k more turns."""
    s = cast("NearspaceState", state)
    return s.turn + (10_000 if s.over else 0)


# The evaluation (BotSettings.evaluate): a weighted sum of eval_features per seat, the chance of finishing
# ahead logistic in the difference. Weights fitted by bench/fit_evaluation.py (60 games of the bots, seed 11).
EVAL_WEIGHTS = (3.65, 0.8, 0.51, 1.35, 4.23)


def eval_features(s: "NearspaceState", seat: int) -> list[float]:
    """What decides a game, each against the number in play: the foe's losses over the Conquest threshold (also the
    turn limit's measure), the fleet's facets over it, Exile turns held over those a win needs, ships on the foe's
    Homeworld, and the turn limit's nearness times the losses gap. (Income, fitted at about 0.05 of a unit of
    score, was left out: it cost two thirds of the evaluation's time.)"""
    v = s.r.data.victory
    foe = 1 - seat
    conquest = float(v.conquest_facets)
    kills = s.graveyard_facets(foe) / conquest
    return [kills, sum(sh.die.facets for _, sh in s.fleet(seat)) / conquest, s.exile[seat] / v.exile_turns,
            1.0 if s.has_ships(seat, s.homeworld(foe)) else 0.0,
            (kills - s.graveyard_facets(seat) / conquest) * s.turn / s.r.data.limits.max_turns]


def evaluate(state: GameState, mode: str) -> list[float]:
    """Reward vector for a position (search's cut-off or horizon): the fitted weights over eval_features, turned
    into chances of being ahead; a finished game's own rewards."""
    s = cast("NearspaceState", state)
    if s.over:
        return result_rewards(s.result(), mode)
    scores = [sum(w * f for w, f in zip(EVAL_WEIGHTS, eval_features(s, q))) for q in range(2)]
    return pairwise_rewards(scores, _logistic, mode)


def _logistic(diff: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, diff))))
