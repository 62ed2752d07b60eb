"""The Score phase, Steps A-H, and the places on the Score card.

Rulebook: "Score Phase" (Steps A-H in order, a Step skipped when its Relic is
not in play), the Relics' effects, "Value and Weight Cards", and the tie rule
for places (Spacecraft break ties; tied players without one all take the
worst place of the tie).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Union

from voidtable.engine.actions import Action
from voidtable.engine.types import CardId, Seat

from .actions import DECLINE, DISCARD, USE
from .data import Source
from .events import (BlackHoleCard, Discarded, DrawnIn, FinalThreshold, Places, RoundScored, ScorePhaseStarted,
                     ToysRevealed, ValueCardTaken, WeightCardTaken, Weights)
from .placement import EASTER_EGG, KIDDIE_POOL, remove_from_display
from .tasks import (SCORE_STEPS, TASKS, AlienKiddiePool, EasterEgg, OneRing, OneRingDiscard, Place, StepA, StepB,
                    StepC, StepD, StepsEToH, decided)

if TYPE_CHECKING:
    from .state import BuccaneersState

NONE = float("-inf")


def begin_score_phase(s: "BuccaneersState") -> None:
    # The Score phase comes after the last Turn, so watchers revealed in that Turn are active in it.
    s.phase = "score"
    s.turn += 1
    s.emit(ScorePhaseStarted(s.round))
    s.push(*SCORE_STEPS)


# -- the Relics' "you may" ----------------------------------------------------------
RelicOffer = Union[EasterEgg, AlienKiddiePool, OneRing]
RELIC_OFFERS: dict[str, Callable[[Seat], RelicOffer]] = {
    "easter_egg": EasterEgg, "alien_kiddie_pool": AlienKiddiePool, "one_ring": OneRing,
}


def offer_relic(s: "BuccaneersState", relic: str, can_act: bool) -> None:
    """A Relic's "you may": ask its holder, if there is one and the Relic would do something."""
    p = s.holder(relic)
    if p >= 0 and can_act:
        s.push(RELIC_OFFERS[relic](p))


def _use_or_decline(relic: str) -> Callable[["BuccaneersState", RelicOffer], list[Action]]:
    actions = [USE(relic), DECLINE(relic)]

    def legal(s: "BuccaneersState", task: RelicOffer) -> list[Action]:
        return actions

    return legal


def bring_in(s: "BuccaneersState", p: Seat, relic: Source, card: CardId) -> None:
    """Discard the Relic and place ``card`` as if revealed (Robots unturned, Artifacts inert)."""
    discard_from_display(s, p, s.r.effect_card[relic])
    s.push(Place(p, card, relic))


# -- Step A: Easter Egg -------------------------------------------------------
@TASKS.auto(StepA)
def step_a_easter_egg(s: "BuccaneersState", task: StepA) -> None:
    offer_relic(s, "easter_egg", bool(s.deck))


@TASKS.decision(EasterEgg, legal=_use_or_decline("easter_egg"), auto_single=False)
def decide_easter_egg(s: "BuccaneersState", task: EasterEgg, action: Action) -> None:
    decided(s, task, action)
    if action.kind == "use":
        use_easter_egg(s, task.seat)


def use_easter_egg(s: "BuccaneersState", p: Seat) -> None:
    """The top card of the deck goes faceup into the display."""
    bring_in(s, p, EASTER_EGG, s.deck.pop(0))


# -- Step B: Alien Kiddie Pool --------------------------------------------------
@TASKS.auto(StepB)
def step_b_alien_kiddie_pool(s: "BuccaneersState", task: StepB) -> None:
    offer_relic(s, "alien_kiddie_pool", bool(s.pile))


@TASKS.decision(AlienKiddiePool, legal=_use_or_decline("alien_kiddie_pool"), auto_single=False)
def decide_alien_kiddie_pool(s: "BuccaneersState", task: AlienKiddiePool, action: Action) -> None:
    decided(s, task, action)
    if action.kind == "use":
        use_alien_kiddie_pool(s, task.seat)


def use_alien_kiddie_pool(s: "BuccaneersState", p: Seat) -> None:
    """A random one of the facedown last cards goes into the display."""
    i = s.rng.below(len(s.pile))
    s.pile_owner.pop(i)
    bring_in(s, p, KIDDIE_POOL, s.pile.pop(i))


# -- Step C: Toys ----------------------------------------------------------------
@TASKS.auto(StepC)
def step_c_reveal_toys(s: "BuccaneersState", task: StepC) -> None:
    """Everyone reveals their Toys; the single highest Toy Weight takes the -6 Weight card (a tie: nobody)."""
    w = s.r.weight
    totals = []
    for p in range(s.n):
        toys = s.toys[p]
        totals.append(sum(w[c][0] for c in toys))
        if toys:
            s.emit(ToysRevealed(p, tuple([s.r.keys[c] for c in toys])))
        s.shown[p].extend(toys)
        s.toys[p] = []
    winner = unique_extreme(totals, max)
    if winner >= 0:
        s.weight_cards[winner].append(s.r.c.toy_reward_weight)
        s.emit(WeightCardTaken(winner, s.r.c.toy_reward_weight, "toys"))


# -- Step D: One Ring -------------------------------------------------------------
@TASKS.auto(StepD)
def step_d_one_ring(s: "BuccaneersState", task: StepD) -> None:
    offer_relic(s, "one_ring", True)


@TASKS.decision(OneRing, legal=_use_or_decline("one_ring"), auto_single=False)
def decide_one_ring(s: "BuccaneersState", task: OneRing, action: Action) -> None:
    decided(s, task, action)
    if action.kind == "use":
        use_one_ring(s, task.seat)


def use_one_ring(s: "BuccaneersState", p: Seat) -> None:
    """Assumed effect (see cards.toml [one_ring]): discard the Ring, then one other faceup card of your choice."""
    discard_from_display(s, p, s.r.effect_card["one_ring"])
    if s.shown[p] or s.shifters[p]:
        s.push(OneRingDiscard(p))


def ring_discardable(s: "BuccaneersState", p: Seat) -> list[CardId]:
    return sorted(s.shown[p] + s.shifters[p])


def _ring_discard_legal(s: "BuccaneersState", task: OneRingDiscard) -> list[Action]:
    keys = s.r.keys
    return [DISCARD(keys[c]) for c in ring_discardable(s, task.seat)]


@TASKS.decision(OneRingDiscard, legal=_ring_discard_legal, auto_single=False)
def discard_with_the_ring(s: "BuccaneersState", task: OneRingDiscard, action: Action) -> None:
    decided(s, task, action)
    discard_from_display(s, task.seat, s.r.index[action.arg])


def discard_from_display(s: "BuccaneersState", p: Seat, card: CardId) -> None:
    remove_from_display(s, p, card)
    s.discard.append(card)
    s.emit(Discarded(p, card=s.r.keys[card]))


# -- Steps E-H ----------------------------------------------------------------------
@TASKS.auto(StepsEToH)
def steps_e_to_h(s: "BuccaneersState", task: StepsEToH) -> None:
    weights = step_e_weights(s)
    finals = step_f_final_thresholds(s)
    out, towel = step_g_black_hole(s, weights, finals)
    values, points = step_h_places(s, out)
    for p in range(s.n):
        s.points[p].append(points[p] + towel[p])
    scored = [points[p] + towel[p] for p in range(s.n)]
    s.last_round = {
        "round": s.round, "black_hole": s.black_hole, "weights": weights, "final_thresholds": finals,
        "drawn_in": out, "values": values, "points": scored,
    }
    s.emit(RoundScored(s.round, s.black_hole, tuple(weights), tuple(finals), tuple(out), tuple(values), tuple(scored)))


def step_e_weights(s: "BuccaneersState") -> list[int]:
    """Total Weights; then Antigravity Carpet (single lowest: +10 Value) and Exoskeleton (single highest: -10 Weight) at once."""
    weights = [s.total_weight(p) for p in range(s.n)]
    s.emit(Weights(tuple(weights)))
    carpet, exo = s.holder("antigravity_carpet"), s.holder("exoskeleton")
    # Both effects read the same totals. One player holding both can use only one; with 2+ players the
    # single lowest is never also the single highest, so at most one of them can fire for that player.
    if carpet >= 0 and unique_extreme(weights, min) == carpet:
        s.value_card[carpet] = s.r.c.carpet_value
        s.emit(ValueCardTaken(carpet, s.r.c.carpet_value, "antigravity_carpet"))
    if exo >= 0 and unique_extreme(weights, max) == exo:
        s.weight_cards[exo].append(s.r.c.exoskeleton_weight)
        s.emit(WeightCardTaken(exo, s.r.c.exoskeleton_weight, "exoskeleton"))
    return [s.total_weight(p) for p in range(s.n)]


def step_f_final_thresholds(s: "BuccaneersState") -> list[int]:
    """Shuffle the last cards, reveal one; its Weight and any Threshold cards join the Threshold (twice for the XXL Paperweight)."""
    base = s.r.black_holes[s.black_hole].threshold + sum(s.threshold_cards)
    added = 0
    if s.pile:
        order = list(range(len(s.pile)))
        s.rng.shuffle(order)  # cards and who put them there stay paired: each player still knows their own
        s.pile = [s.pile[i] for i in order]
        s.pile_owner = [s.pile_owner[i] for i in order]
        card = s.pile.pop(0)  # faceup now: public, no longer one of the hidden last cards
        s.pile_owner.pop(0)
        s.black_hole_card = card
        added = s.r.weight[card][0]
        s.emit(BlackHoleCard(s.r.keys[card], added))
    xxl = s.holder("xxl_paperweight")
    finals = [base + added + (added if p == xxl else 0) for p in range(s.n)]
    s.emit(FinalThreshold(tuple(finals)))
    return finals


def step_g_black_hole(s: "BuccaneersState", weights: list[int], finals: list[int]) -> tuple[list[bool], list[int]]:
    """In turn order, anyone heavier than their final Threshold is drawn in and discards everything; the Emergency Towel pays 5."""
    towel_holder = s.holder("emergency_towel")
    out = [weights[p] > finals[p] for p in range(s.n)]
    towel = [0] * s.n
    for p in range(s.n):
        if not out[p]:
            continue
        if p == towel_holder:
            towel[p] = s.r.c.emergency_towel_points
        s.emit(DrawnIn(p, weights[p], finals[p], towel[p]))
    best = [s.best_spacecraft_of(p) if not out[p] else NONE for p in range(s.n)]
    for p in range(s.n):
        if out[p]:
            for c in s.shown[p] + s.shifters[p]:
                s.discard.append(c)
            s.shown[p], s.shifters[p], s.groups[p] = [], [], []
    s.best_spacecraft = best
    return out, towel


def step_h_places(s: "BuccaneersState", out: list[bool]) -> tuple[list[int | None], list[int]]:
    """Survivors score by total Value from the Score card, ties broken by Spacecraft."""
    values: list[int | None] = [None if out[p] else s.total_value(p) for p in range(s.n)]
    survivors = {p: (values[p], s.best_spacecraft[p]) for p in range(s.n) if not out[p]}
    places = award_places(survivors)
    points = [0] * s.n
    for p, place in places.items():
        points[p] = s.r.score_card[place]
    s.emit(Places(tuple(values), {str(p): pl + 1 for p, pl in places.items()}, tuple(points)))
    return values, points


def award_places(players: dict[Seat, tuple[int | None, float]]) -> dict[Seat, int]:
    """0-based place for each player from (value, best Spacecraft value or -inf).

    Higher value places first. Among equal values the better Spacecraft takes
    the better place; tied players left without a Spacecraft (or with equal
    ones) all take the worst place of their tie.
    """
    order = sorted(players, key=lambda p: players[p], reverse=True)
    places: dict[int, int] = {}
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and players[order[j + 1]] == players[order[i]]:
            j += 1
        for p in order[i: j + 1]:
            places[p] = j
        i = j + 1
    return places


def unique_extreme(values: list[int], pick: Callable[[list[int]], int]) -> int:
    """The index of the single highest (``max``) or lowest (``min``) value, or -1 on a tie."""
    target = pick(values)
    hits = [i for i, v in enumerate(values) if v == target]
    return hits[0] if len(hits) == 1 else -1
