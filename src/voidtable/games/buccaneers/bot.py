"""A heuristic Black Hole Buccaneers player.

Two policies, both reading only what ``seat`` may see (its own hand, facedown
Toys and last card; every display; public counts), so they give the same
answer on any determinization for that seat:

* ``DECISIONS`` - the full heuristic used by the ``heuristic`` agent. It
  projects the end of the round for every seat (Weight and Value now, plus the
  picks still to come), turns the projected Weight into a chance of staying out
  of the Black Hole (the final Threshold's random card is drawn from the cards
  this seat has not seen), turns projected Values into expected places on the
  Score card, and picks the card (or choice) with the best expected points.
  Card effects enter the projection: Time Machine groups and Shapeshifter
  stacks by their exact change of Value and Weight plus the chance of a later
  part or a lighter Shapeshifter, Robots by the chance another player reveals
  one this Turn, Toys by the chance of the -6 Weight reward, Relics and
  Artifacts by what they do to the Threshold, Weight or Value.
* ``ROLLOUTS`` - a fast greedy version (Value minus a budget-driven
  price per Weight) for MCTS rollouts on determinized states.

Both are tables from the pending task's type to its decision, run by the
engine's bot shell (``BOT``).
"""

from __future__ import annotations

import math
from bisect import bisect_left
from typing import TYPE_CHECKING, Any

from voidtable.engine.actions import Action
from voidtable.engine.bots import BotShell, Decide
from voidtable.engine.outcome import pairwise_rewards, result_rewards
from voidtable.engine.rng import Rng

from .data import ARTIFACT, RELIC, ROBOT, SHAPESHIFTER, SPACECRAFT, TIME_MACHINE, TOY, Rules
from .placement import remove_from_display
from .tasks import (AlienKiddiePool, EasterEgg, OneRing, OneRingDiscard, Select, SwissArmyPocketLaser, TimeMachineGroup,
                    TitanicTentacles)

if TYPE_CHECKING:
    from .state import BuccaneersState

# Tuning constants (found by self-play against random and against earlier versions).
SAFETY = 0.0            # extra Weight margin wanted under the expected Threshold
TOY_W, TOY_V = 3.9, 3.3  # mean Weight / Value of a facedown Toy
ROBOT_PLAY = 0.45        # chance a player holding a Robot reveals one in a given Turn
PILE_SHIFT = 0.0         # how much heavier than an unseen card a last card beside the Black Hole is
RISK = 1.0               # expected points use P(survive) ** RISK (above 1: more careful)
SIGMA_V = 4.0            # spread of a projected Value (logistic scale) ...
SIGMA_PICK = 1.5         # ... growing with every pick still to come
FUT_W = (1.6, 3.5)       # Weight a future pick adds: the budget per pick, within these bounds
FUT_V = (2.5, 1.1)       # Value a future pick adds: FUT_V[0] + FUT_V[1] * its Weight
EFFECT_BONUS = {         # Value-equivalents of optional or hard-to-project effects
    "easter_egg": 1.5, "alien_kiddie_pool": 1.5, "one_ring": 1.5, "gps_tracker": -1.0,
    "titanic_tentacles": 0.0, "reality_gyro": 0.0,
}


# ----------------------------------------------------------------------------
# What the seat knows
# ----------------------------------------------------------------------------
class Seen:
    """Per-decision facts for ``seat``: unseen cards, Threshold, projections for every seat."""

    def __init__(self, s: "BuccaneersState", seat: int) -> None:
        r = s.r
        self.s, self.r, self.seat, self.n = s, r, seat, s.n
        seen = set(s.hand[seat])
        seen.update(s.toys[seat])
        if s.selected[seat] >= 0:
            seen.add(s.selected[seat])
        for q in range(s.n):
            seen.update(s.shown[q])
            seen.update(s.shifters[q])
        seen.update(s.discard)
        seen.update(c for c, o in zip(s.pile, s.pile_owner) if o == seat)
        task = s.decision
        if isinstance(task, TitanicTentacles) and task.seat == seat:
            seen.update(task.drawn)
        self.unseen = [c for c in range(len(r.keys)) if c not in seen]
        w0 = [r.weight[c][0] for c in self.unseen]
        self.pile_weights = sorted(w0) if w0 else [4]
        self.mean_pile = sum(self.pile_weights) / len(self.pile_weights)
        bh = r.black_holes[s.black_hole]
        self.base = bh.threshold + sum(s.threshold_cards)
        self.score_card = r.score_card
        # picks still to come for everyone (after the current Turn's selections)
        self.hand_left = len(s.hand[seat])
        self.xxl = s.holder("xxl_paperweight")
        self.carpet = s.holder("antigravity_carpet")
        self.exo = s.holder("exoskeleton")
        self.towel = s.holder("emergency_towel")

    # -- survival ---------------------------------------------------------------
    def survive(self, weight: float, p: int, base_shift: float = 0.0, own_last: int = -1) -> float:
        """P(weight <= final Threshold for p).

        The Threshold's random card is one of the last cards: ``own_last`` (ours, when known) with
        chance 1/n, else one nobody took, modelled as an unseen card made ``PILE_SHIFT`` heavier
        (last cards are the ones nobody wanted, heavier than the average).
        """
        need = weight - self.base - base_shift
        double = p == self.xxl
        if double:
            need = need / 2.0
        ws = self.pile_weights
        n = len(ws)
        x = need - PILE_SHIFT
        lo = math.floor(x)
        frac = x - lo
        p_lo = (n - bisect_left(ws, lo)) / n
        p_hi = (n - bisect_left(ws, lo + 1)) / n
        unseen = p_lo * (1 - frac) + p_hi * frac
        if own_last < 0 or p != self.seat:
            return unseen
        own = 1.0 if self.r.weight[own_last][0] >= need else 0.0
        return own / self.n + unseen * (self.n - 1) / self.n

    # -- picks to come ----------------------------------------------------------
    @staticmethod
    def future(budget: float, picks: int) -> tuple[float, float]:
        """(Value, Weight) the next ``picks`` picks are expected to add with ``budget`` Weight to spend."""
        if picks <= 0:
            return 0.0, 0.0
        a = budget / picks
        fw = min(max(a, FUT_W[0]), FUT_W[1])
        fv = FUT_V[0] + FUT_V[1] * fw
        return fv * picks, fw * picks

    def projection(self, q: int, picks: int) -> tuple[float, float]:
        """(Value, Weight) seat q is expected to end the round with (facedown Toys at their mean)."""
        s = self.s
        toys_w: float
        toys_v: float
        if q == self.seat:
            toys_w = sum(self.r.weight[c][0] for c in s.toys[q])
            toys_v = sum(self.r.value[c][0] for c in s.toys[q])
        else:
            toys_w = TOY_W * len(s.toys[q])
            toys_v = TOY_V * len(s.toys[q])
        v = s.total_value(q) + toys_v
        w = s.total_weight(q) + toys_w
        fv, fw = self.future(self.base + self.mean_pile - w, picks)
        return v + fv, w + fw


# ----------------------------------------------------------------------------
# Card marginals
# ----------------------------------------------------------------------------
def time_machine_delta(s: "BuccaneersState", p: int, card: int) -> tuple[int, int, int]:
    """(dValue, dWeight, new group size) of adding a part to p's best open group (or a new group)."""
    r = s.r
    best = None
    for g in s.groups[p]:
        if all(r.part[c] != r.part[card] for c in g):
            o = s.orient[g[0]]
            m = len(g)
            o2 = (o + 1) & 3
            dv = (m + 1) * r.value[card][o2] - m * r.value[card][o]
            dw = (m + 1) * r.weight[card][o2] - m * r.weight[card][o]
            if best is None or dv - dw > best[0] - best[1]:
                best = (dv, dw, m + 1)
    if best is None:
        return r.value[card][0], r.weight[card][0], 1
    return best


def shapeshifter_delta(s: "BuccaneersState", p: int, card: int) -> tuple[int, int]:
    r = s.r
    sh = s.shifters[p]
    top = r.weight[sh[-1]][0] if sh else 0
    return r.value[card][0], (len(sh) + 1) * r.weight[card][0] - len(sh) * top


def _edge_at(r: Rules, card: int, turns: float) -> tuple[float, float]:
    """Value/Weight of a watching Artifact after an expected number of turns (capped at 3)."""
    t = min(max(turns, 0.0), 3.0)
    i = int(t)
    f = t - i
    j = min(i + 1, 3)
    return (r.value[card][i] * (1 - f) + r.value[card][j] * f, r.weight[card][i] * (1 - f) + r.weight[card][j] * f)


class Eval:
    """Expected points of end-of-round outcomes for ``seat`` (built once per decision)."""

    def __init__(self, s: "BuccaneersState", seat: int, picks_after: int) -> None:
        self.k = Seen(s, seat)
        k = self.k
        self.s, self.seat, self.n = s, seat, s.n
        self.picks_after = picks_after
        self.others = []  # (value, weight, survival) projected per other seat
        for q in range(s.n):
            if q == seat:
                continue
            v, w = k.projection(q, picks_after + (1 if _pending(s, q) else 0))
            self.others.append((q, v, w))
        self.sigma = SIGMA_V + SIGMA_PICK * picks_after
        r = s.r
        self.my_v = s.total_value(seat) + sum(r.value[c][0] for c in s.toys[seat])
        self.my_w = s.total_weight(seat) + sum(r.weight[c][0] for c in s.toys[seat])
        self.my_toys_w = sum(r.weight[c][0] for c in s.toys[seat])
        # our own last card beside the Black Hole, once known
        self.own_last = next((c for c, o in zip(s.pile, s.pile_owner) if o == seat), -1)

    def points(self, v: float, w: float, base_shift: float = 0.0, toy_w: float | None = None,
               holds: frozenset[str] = frozenset(), extra_picks: int = 0, own_last: int = -1) -> float:
        """Expected round points if this seat ends at Value ``v`` / Weight ``w`` before the picks to come."""
        k = self.k
        s = self.s
        if own_last < 0:
            own_last = self.own_last
        picks = self.picks_after + extra_picks
        fv, fw = k.future(k.base + base_shift + k.mean_pile - w, picks)
        v += fv
        w += fw
        # opponents
        beats = 0.0
        lighter_than_all = 1.0
        heavier_than_all = 1.0
        toy_win = 1.0 if toy_w is None or toy_w > 0 else 0.0
        for q, qv, qw in self.others:
            sq = k.survive(qw, q, base_shift)
            z = (v - qv) / self.sigma
            beats += (1 - sq) + sq / (1.0 + math.exp(-1.7 * z))
            lw = (qw - w) / (2.0 + picks)
            lighter_than_all *= 1.0 / (1.0 + math.exp(-1.7 * lw))
            heavier_than_all *= 1.0 / (1.0 + math.exp(1.7 * lw))
            if toy_w is not None and toy_w > 0:
                tz = (toy_w - TOY_W * (len(s.toys[q]) + 0.35 * picks)) / (2.5 + 1.5 * picks)
                toy_win *= 1.0 / (1.0 + math.exp(-1.7 * tz))
        seat = self.seat
        if seat == k.carpet or "antigravity_carpet" in holds:
            v += 10.0 * lighter_than_all
        # survival, mixing in the Toy reward and the Exoskeleton
        reward = self.s.r.c.toy_reward_weight
        def surv(weight: float) -> float:
            if toy_w is None or toy_w <= 0:
                return k.survive(weight, seat, base_shift, own_last)
            return (toy_win * k.survive(weight + reward, seat, base_shift, own_last)
                    + (1 - toy_win) * k.survive(weight, seat, base_shift, own_last))
        if seat == k.exo or "exoskeleton" in holds:
            p_hi = heavier_than_all
            surv_p = p_hi * surv(w + s.r.c.exoskeleton_weight) + (1 - p_hi) * surv(w)
        else:
            surv_p = surv(w)
        place = (self.n - 1) - beats  # expected 0-based place from the top
        card = k.score_card
        i = min(max(int(place), 0), len(card) - 1)
        f = min(max(place - i, 0.0), 1.0)
        pts = card[i] * (1 - f) + card[min(i + 1, len(card) - 1)] * f
        towel = s.r.c.emergency_towel_points if (seat == k.towel or "emergency_towel" in holds) else 0
        if RISK != 1.0:
            surv_p = surv_p ** RISK
        return surv_p * pts + (1 - surv_p) * towel


def _pending(s: "BuccaneersState", q: int) -> bool:
    """Has q still to select this Turn (so one more pick is to come for q than the hand shows)?"""
    return s.phase == "select" and s.decision is None and s.selected[q] < 0


def _robot_risk(kn: Seen, s: "BuccaneersState") -> float:
    """Chance that another player reveals a Robot this Turn (or already did)."""
    if any(q != kn.seat for q, _, _ in s.robots_turn):
        return 1.0
    r = kn.r
    unseen = kn.unseen
    if not unseen:
        return 0.0
    frac = sum(1 for c in unseen if r.kind[c] == ROBOT) / len(unseen)
    none = 1.0
    for q in range(s.n):
        if q == kn.seat:
            continue
        h = len(s.hand[q]) + (1 if s.selected[q] >= 0 else 0)
        has = 1.0 - (1.0 - frac) ** h
        none *= 1.0 - ROBOT_PLAY * has
    return 1.0 - none


def _p_see(kn: Seen, count: int, picks: int) -> float:
    """Chance of meeting (and taking) one of ``count`` unseen wanted cards in the picks to come."""
    if count <= 0 or picks <= 0 or not kn.unseen:
        return 0.0
    circulating = (kn.n - 1) * max(kn.hand_left - 1, 1)
    frac = count / len(kn.unseen)
    seen_cards = circulating * 0.5 * min(picks, 3) / 3.0
    chance: float = 1.0 - (1.0 - frac) ** max(seen_cards, 0.0)
    return min(0.85, chance)


def card_score(ev: Eval, card: int, robot_risk: float) -> float:
    """Expected round points if ``seat`` adds ``card`` to its display now."""
    s, r, seat, kn = ev.s, ev.s.r, ev.seat, ev.k
    kind = r.kind[card]
    v, w = ev.my_v, ev.my_w
    picks = ev.picks_after
    if kind == TIME_MACHINE:
        dv, dw, size = time_machine_delta(s, seat, card)
        score = ev.points(v + dv, w + dw)
        if size < 4 and picks > 0:
            group_parts = {r.part[card]}
            for g in s.groups[seat]:
                if all(r.part[c] != r.part[card] for c in g) and len(g) == size - 1:
                    group_parts |= {r.part[c] for c in g}
                    break
            missing = sum(1 for c in kn.unseen if r.kind[c] == TIME_MACHINE and r.part[c] not in group_parts)
            p = _p_see(kn, missing, picks)
            if p > 0:
                # the next part turns the grown group again
                nv: float = (size + 1) * r.value[card][size & 3] - size * r.value[card][(size - 1) & 3]
                nw: float = (size + 1) * r.weight[card][size & 3] - size * r.weight[card][(size - 1) & 3]
                better = ev.points(v + dv + nv, w + dw + nw, extra_picks=-1)
                score = (1 - p) * score + p * max(score, better)
        return score
    if kind == SHAPESHIFTER:
        dv, dw = shapeshifter_delta(s, seat, card)
        score = ev.points(v + dv, w + dw)
        if picks > 0:
            wc = r.weight[card][0]
            lighter = [c for c in kn.unseen if r.kind[c] == SHAPESHIFTER and r.weight[c][0] < wc]
            p = _p_see(kn, len(lighter), picks)
            if p > 0:
                lw = sum(r.weight[c][0] for c in lighter) / len(lighter)
                lv = sum(r.value[c][0] for c in lighter) / len(lighter)
                k2 = len(s.shifters[seat]) + 1
                nv, nw = lv, (k2 + 1) * lw - k2 * wc
                better = ev.points(v + dv + nv, w + dw + nw, extra_picks=-1)
                score = (1 - p) * score + p * max(score, better)
        return score
    if kind == ROBOT:
        a = ev.points(v + r.value[card][0], w + r.weight[card][0])
        if robot_risk <= 0:
            return a
        b = ev.points(v + r.value[card][1], w + r.weight[card][1])
        return (1 - robot_risk) * a + robot_risk * b
    if kind == TOY:
        tw = ev.my_toys_w + r.weight[card][0]
        return ev.points(v + r.value[card][0], w + r.weight[card][0], toy_w=tw)
    cv, cw = r.value[card][0], r.weight[card][0]
    effect = r.effect_of[card]
    toy_w = ev.my_toys_w if ev.my_toys_w > 0 else None
    if kind == SPACECRAFT:
        return ev.points(v + cv, w + cw, toy_w=toy_w) + 0.05
    bonus = EFFECT_BONUS.get(effect or "", 0.0)
    if kind == ARTIFACT:
        if effect == "tiit_clo_uhl":
            return ev.points(v + cv, w + cw, base_shift=r.c.tiit_threshold_card, toy_w=toy_w, extra_picks=1)
        if effect == "swiss_army_pocket_laser":
            best = -1e9
            for t in r.c.laser_threshold_cards:
                if t in s.threshold_cards:
                    continue
                if t > 0 or not r.c.laser_kept_if_negative:
                    best = max(best, ev.points(v, w, base_shift=t, toy_w=toy_w))
                else:
                    best = max(best, ev.points(v + cv, w + cw, base_shift=t, toy_w=toy_w))
            return best if best > -1e9 else ev.points(v + cv, w + cw, toy_w=toy_w)
        if effect == "titanic_tentacles":
            return ev.points(v + cv + 1.5, w + cw, toy_w=toy_w, extra_picks=1)
        if effect in ("morpho_sucker", "cubus_libra", "loot_box"):
            frac_sh = sum(1 for c in kn.unseen if r.kind[c] == SHAPESHIFTER) / max(len(kn.unseen), 1)
            frac_heavy = sum(1 for c in kn.unseen if r.kind[c] != ROBOT and r.weight[c][0] >= 7) / max(len(kn.unseen), 1)
            if effect == "morpho_sucker":
                turns = picks * (ev.n - 1) * frac_sh * 0.6
            elif effect == "cubus_libra":
                turns = picks * (ev.n - 1) * frac_heavy * 0.6
            else:
                turns = picks * 0.3
            ev_v, ev_w = _edge_at(r, card, turns)
            return ev.points(v + ev_v, w + ev_w, toy_w=toy_w)
        return ev.points(v + cv + bonus, w + cw, toy_w=toy_w)
    # relics
    if effect in ("antigravity_carpet", "exoskeleton", "emergency_towel"):
        return ev.points(v + cv, w + cw, toy_w=toy_w, holds=frozenset((effect,)))
    if effect == "xxl_paperweight":
        # the last card counts twice for us: on average like a lighter card
        return ev.points(v + cv, w + cw - kn.mean_pile, toy_w=toy_w) - 0.3
    return ev.points(v + cv + bonus, w + cw, toy_w=toy_w)


# ----------------------------------------------------------------------------
# The full heuristic
# ----------------------------------------------------------------------------
def choose_select(s: "BuccaneersState", seat: int, legal: list[Action], task: Select, rng: Rng) -> Action:
    """Selection: the card that scores best (on the last pick, the card left over goes beside the Black Hole)."""
    r = s.r
    ev = Eval(s, seat, len(s.hand[seat]) - 2)
    risk = _robot_risk(ev.k, s)
    last_pick = len(s.hand[seat]) == 2 and not s.gps[seat]
    scored = []
    for i, a in enumerate(legal):
        c = r.index[a.arg]
        if last_pick:  # the card we leave goes beside the Black Hole
            ev.own_last = next(x for x in s.hand[seat] if x != c)
        scored.append((card_score(ev, c, risk), -i))
    return legal[-max(scored)[1]]


def choose_keep(s: "BuccaneersState", seat: int, legal: list[Action], task: TitanicTentacles, rng: Rng) -> Action:
    """Titanic Tentacles: keep the best of the drawn cards."""
    r = s.r
    ev = Eval(s, seat, len(s.hand[seat]) - 1)
    risk = _robot_risk(ev.k, s)
    scored = [(card_score(ev, r.index[a.arg], risk), -i) for i, a in enumerate(legal)]
    return legal[-max(scored)[1]]


def choose_group(s: "BuccaneersState", seat: int, legal: list[Action], task: TimeMachineGroup, rng: Rng) -> Action:
    """The fullest open group gains most."""
    return max(legal, key=lambda a: (len(s.groups[seat][a.arg]), -a.arg))


def choose_threshold(s: "BuccaneersState", seat: int, legal: list[Action], task: SwissArmyPocketLaser, rng: Rng) -> Action:
    """Swiss Army Pocket Laser: the Threshold card that leaves the best expected points."""
    r = s.r
    ev = Eval(s, seat, len(s.hand[seat]) - 1)
    laser = r.effect_card["swiss_army_pocket_laser"]
    lv, lw = r.value[laser][0], r.weight[laser][0]
    toy_w = ev.my_toys_w if ev.my_toys_w > 0 else None
    best, pick = -1e9, legal[0]
    for a in legal:
        t = a.arg
        keep = t < 0 and r.c.laser_kept_if_negative
        # the Laser is already in the display: losing it removes its Value and Weight
        v = ev.my_v - (0 if keep else lv)
        w = ev.my_w - (0 if keep else lw)
        sc = ev.points(v, w, base_shift=t, toy_w=toy_w)
        if sc > best:
            best, pick = sc, a
    return pick


def choose_relic(s: "BuccaneersState", seat: int, legal: list[Action], task: Any, rng: Rng) -> Action:
    """A Relic's "you may": use it when the expected points say so."""
    return _relic_choice(s, seat, legal)


def choose_discard(s: "BuccaneersState", seat: int, legal: list[Action], task: OneRingDiscard, rng: Rng) -> Action:
    """One Ring: shed the card that helps most."""
    r = s.r
    ev = Eval(s, seat, 0)
    best, pick = -1e9, legal[0]
    for a in legal:
        c = r.index[a.arg]
        v, w = _without(s, seat, c)
        sc = ev.points(v, w)
        if sc > best:
            best, pick = sc, a
    return pick


#: the heuristic per pending task type (anything else: a random legal action)
DECISIONS: dict[type, Decide["BuccaneersState"]] = {
    Select: choose_select, TitanicTentacles: choose_keep, TimeMachineGroup: choose_group,
    SwissArmyPocketLaser: choose_threshold, EasterEgg: choose_relic, AlienKiddiePool: choose_relic,
    OneRing: choose_relic, OneRingDiscard: choose_discard,
}


def _without(s: "BuccaneersState", p: int, card: int) -> tuple[int, int]:
    """p's total Value and Weight (facedown Toys included) if ``card`` left the display."""
    c = s.clone()
    remove_from_display(c, p, card)
    r = s.r
    tv = sum(r.value[x][0] for x in s.toys[p])
    tw = sum(r.weight[x][0] for x in s.toys[p])
    return c.total_value(p) + tv, c.total_weight(p) + tw


def _relic_choice(s: "BuccaneersState", seat: int, legal: list[Action]) -> Action:
    r = s.r
    relic = legal[0].arg
    use = next(a for a in legal if a.kind == "use")
    decline = next(a for a in legal if a.kind == "decline")
    ev = Eval(s, seat, 0)
    toy_w = ev.my_toys_w if ev.my_toys_w > 0 else None
    keep = ev.points(ev.my_v, ev.my_w, toy_w=toy_w)
    card = r.effect_card[relic]
    base_v, base_w = ev.my_v - r.value[card][0], ev.my_w - r.weight[card][0]
    if relic in ("easter_egg", "alien_kiddie_pool"):
        if relic == "easter_egg":
            pool = ev.k.unseen
        else:
            pool = [c for c in ev.k.unseen] or list(s.pile)
        if not pool:
            return decline
        total = 0.0
        for c in pool:
            kind = r.kind[c]
            if kind == SHAPESHIFTER:
                dv, dw = shapeshifter_delta(s, seat, c)
            elif kind == TIME_MACHINE:
                dv, dw, _ = time_machine_delta(s, seat, c)
            else:
                dv, dw = r.value[c][0], r.weight[c][0]
            tw = (ev.my_toys_w + r.weight[c][0]) if kind == TOY else toy_w
            total += ev.points(base_v + dv, base_w + dw, toy_w=tw)
        return use if total / len(pool) > keep else decline
    if relic == "one_ring":
        best = keep
        for c in sorted(s.shown[seat] + s.shifters[seat]):
            if c == card:
                continue
            v, w = _without(s, seat, c)
            sc = ev.points(v - r.value[card][0], w - r.weight[card][0], toy_w=toy_w)
            if sc > best:
                return use
        return decline
    return decline


# ----------------------------------------------------------------------------
# The fast rollout policy
# ----------------------------------------------------------------------------
def roll_select(s: "BuccaneersState", seat: int, legal: list[Action], task: Any, rng: Rng) -> Action:
    """Selection: a cheap greedy choice, Value minus a Weight price that rises as the budget tightens."""
    return _greedy_pick(s, seat, legal, 1)


def roll_keep(s: "BuccaneersState", seat: int, legal: list[Action], task: Any, rng: Rng) -> Action:
    """Titanic Tentacles: the same greedy choice (the kept card is not one of the hand's picks)."""
    return _greedy_pick(s, seat, legal, 0)


def _greedy_pick(s: "BuccaneersState", seat: int, legal: list[Action], this_pick: int) -> Action:
    """Value minus a Weight price that rises as the budget per pick still to come tightens."""
    r = s.r
    weight = s.total_weight(seat) + sum(r.weight[c][0] for c in s.toys[seat])
    picks = max(len(s.hand[seat]) - this_pick, 1)
    budget = r.black_holes[s.black_hole].threshold + sum(s.threshold_cards) + 3.5 - weight
    a = budget / picks
    lam = 2.4 - 0.35 * a
    lam = 0.25 if lam < 0.25 else (4.0 if lam > 4.0 else lam)
    index = r.index
    kinds = r.kind
    best = -1e9
    pick = legal[0]
    for act in legal:
        c = index[act.arg]
        k = kinds[c]
        dv: float
        dw: float
        if k == TIME_MACHINE:
            dv, dw, size = time_machine_delta(s, seat, c)
            if size == 1 and picks > 2:
                dv += 2.0
        elif k == SHAPESHIFTER:
            dv, dw = shapeshifter_delta(s, seat, c)
        else:
            dv, dw = r.value[c][0], r.weight[c][0]
            if k == ROBOT:
                dv -= 1.0
        sc = dv - lam * dw
        if dw > budget:
            sc -= 3.0 * (dw - budget)
        if sc > best:
            best, pick = sc, act
    return pick


def roll_group(s: "BuccaneersState", seat: int, legal: list[Action], task: Any, rng: Rng) -> Action:
    return max(legal, key=lambda a: len(s.groups[seat][a.arg]))


def roll_threshold(s: "BuccaneersState", seat: int, legal: list[Action], task: Any, rng: Rng) -> Action:
    """The lowest Threshold card while the display is light for the picks to come, else the highest."""
    r = s.r
    weight = s.total_weight(seat)
    base = r.black_holes[s.black_hole].threshold + sum(s.threshold_cards)
    picks = len(s.hand[seat])
    light = weight + 3.2 * picks < base
    vals = [a.arg for a in legal]
    want = min(vals) if light else max(vals)
    return next(a for a in legal if a.arg == want)


def roll_relic(s: "BuccaneersState", seat: int, legal: list[Action], task: Any, rng: Rng) -> Action:
    """The One Ring when over the Threshold, another Relic with room to spare."""
    r = s.r
    weight = s.total_weight(seat) + sum(r.weight[c][0] for c in s.toys[seat])
    base = r.black_holes[s.black_hole].threshold + sum(s.threshold_cards)
    relic = legal[0].arg
    if relic == "one_ring":
        want_use = weight > base + 2
    else:
        want_use = weight + 5 <= base
    return next(a for a in legal if (a.kind == "use") == want_use)


def roll_discard(s: "BuccaneersState", seat: int, legal: list[Action], task: Any, rng: Rng) -> Action:
    """One Ring: the heaviest card (the least Value among equals)."""
    r = s.r
    return max(legal, key=lambda a: (r.weight[r.index[a.arg]][s.orient[r.index[a.arg]]], -r.value[r.index[a.arg]][0]))


#: the playout rules per pending task type (anything else: a random legal action)
ROLLOUTS: dict[type, Decide["BuccaneersState"]] = {
    Select: roll_select, TitanicTentacles: roll_keep, TimeMachineGroup: roll_group,
    SwissArmyPocketLaser: roll_threshold, EasterEgg: roll_relic, AlienKiddiePool: roll_relic,
    OneRing: roll_relic, OneRingDiscard: roll_discard,
}

#: the heuristic player: decides on a determinization for the seat (only its visible parts are read)
BOT: BotShell["BuccaneersState"] = BotShell(DECISIONS, rollouts=ROLLOUTS)
choose = BOT.choose


# ----------------------------------------------------------------------------
# Cutting rollouts short (MCTS ``horizon=``)
# ----------------------------------------------------------------------------
ROUND_SD = 6.5  # spread of one player's points in one round (self-play)
MCTS_HORIZON = 1  # MCTS default: roll out to the end of the current round, then evaluate() the totals


def stage(s: "BuccaneersState") -> int:
    """The round in play: MCTS with ``horizon=k`` ends a rollout once k rounds have been scored."""
    return s.round if s.phase != "over" else s.round + 1


def evaluate(s: "BuccaneersState", mode: str) -> list[float]:
    """Reward vector for a game cut short between rounds: chances from the point totals and the rounds left.

    Each round left adds roughly independent points (spread ``ROUND_SD``) to every total, so seat p
    beats seat q with chance Phi(gap / (ROUND_SD * sqrt(2 * rounds left))); the win chance is the product over q.
    Mid-round (a cut-off) the round in play counts as one still to come. A finished game gives its own rewards.
    """
    if s.phase == "over":
        return result_rewards(s.result(), mode)
    totals = [float(sum(p)) for p in s.points]
    left = max(s.r.rounds - len(s.points[0]), 0.25)  # called between rounds; a finished game ends rollouts first
    scale = ROUND_SD * math.sqrt(2.0 * left)
    return pairwise_rewards(totals, lambda diff: 0.5 * (1.0 + math.erf(diff / (scale * math.sqrt(2.0)))), mode)

