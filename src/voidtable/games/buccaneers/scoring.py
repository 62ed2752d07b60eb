"""The Score phase, Steps A-H, and the places on the Score card.

Rulebook: "Score Phase" (Steps A-H in order, a Step skipped when its Relic is
not in play), the Relics' effects, "Value and Weight Cards", and the tie rule
for places (Spacecraft break ties; tied players without one all take the
worst place of the tie).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from voidtable.engine.events import Event

from .placement import EASTER_EGG, KIDDIE_POOL, remove_from_display

if TYPE_CHECKING:
    from .state import BuccaneersState

NONE = float("-inf")


def begin_score_phase(s: "BuccaneersState", ev: list[Event]) -> None:
    # The Score phase comes after the last Turn, so watchers revealed in that Turn are active in it.
    s.phase = "score"
    s.turn += 1
    ev.append({"type": "score_phase", "round": s.round})
    s.tasks[:0] = [("step_a",), ("step_b",), ("step_c",), ("step_d",), ("steps_e_to_h",), ("cleanup",)]


# -- Step A: Easter Egg -------------------------------------------------------
def offer_relic(s: "BuccaneersState", relic: str, can_act: bool) -> None:
    """A Relic's "you may": ask its holder, if there is one and the Relic would do something."""
    p = s.holder(relic)
    if p >= 0 and can_act:
        s.decision = (relic, p, None)


def bring_in(s: "BuccaneersState", p: int, relic: str, card: int, ev: list[Event]) -> None:
    """Discard the Relic and place ``card`` as if revealed (Robots unturned, Artifacts inert)."""
    discard_from_display(s, p, s.r.effect_card[relic], ev)
    s.tasks.insert(0, ("place", p, card, relic))


def step_a_easter_egg(s: "BuccaneersState", task: tuple, ev: list[Event]) -> None:
    offer_relic(s, "easter_egg", bool(s.deck))


def use_easter_egg(s: "BuccaneersState", p: int, ev: list[Event]) -> None:
    """The top card of the deck goes faceup into the display."""
    bring_in(s, p, EASTER_EGG, s.deck.pop(0), ev)


# -- Step B: Alien Kiddie Pool --------------------------------------------------
def step_b_alien_kiddie_pool(s: "BuccaneersState", task: tuple, ev: list[Event]) -> None:
    offer_relic(s, "alien_kiddie_pool", bool(s.pile))


def use_alien_kiddie_pool(s: "BuccaneersState", p: int, ev: list[Event]) -> None:
    """A random one of the facedown last cards goes into the display."""
    i = s.rng.below(len(s.pile))
    s.pile_owner.pop(i)
    bring_in(s, p, KIDDIE_POOL, s.pile.pop(i), ev)


# -- Step C: Toys ----------------------------------------------------------------
def step_c_reveal_toys(s: "BuccaneersState", task: tuple, ev: list[Event]) -> None:
    """Everyone reveals their Toys; the single highest Toy Weight takes the -6 Weight card (a tie: nobody)."""
    w = s.r.weight
    totals = []
    for p in range(s.n):
        toys = s.toys[p]
        totals.append(sum(w[c][0] for c in toys))
        if toys:
            ev.append({"type": "toys_revealed", "player": p, "cards": [s.r.keys[c] for c in toys]})
        s.shown[p].extend(toys)
        s.toys[p] = []
    winner = unique_extreme(totals, max)
    if winner >= 0:
        s.weight_cards[winner].append(s.r.c.toy_reward_weight)
        ev.append({"type": "weight_card", "player": winner, "value": s.r.c.toy_reward_weight, "why": "toys"})


# -- Step D: One Ring -------------------------------------------------------------
def step_d_one_ring(s: "BuccaneersState", task: tuple, ev: list[Event]) -> None:
    offer_relic(s, "one_ring", True)


def use_one_ring(s: "BuccaneersState", p: int, ev: list[Event]) -> None:
    """Assumed effect (see cards.toml [one_ring]): discard the Ring, then one other faceup card of your choice."""
    discard_from_display(s, p, s.r.effect_card["one_ring"], ev)
    if s.shown[p] or s.shifters[p]:
        s.decision = ("one_ring_discard", p, None)


def ring_discardable(s: "BuccaneersState", p: int) -> list[int]:
    return sorted(s.shown[p] + s.shifters[p])


def discard_from_display(s: "BuccaneersState", p: int, card: int, ev: list[Event]) -> None:
    remove_from_display(s, p, card)
    s.discard.append(card)
    ev.append({"type": "discarded", "player": p, "card": s.r.keys[card]})


# -- Steps E-H ----------------------------------------------------------------------
def steps_e_to_h(s: "BuccaneersState", task: tuple, ev: list[Event]) -> None:
    weights = step_e_weights(s, ev)
    finals = step_f_final_thresholds(s, ev)
    out, towel = step_g_black_hole(s, weights, finals, ev)
    values, points = step_h_places(s, out, ev)
    for p in range(s.n):
        s.points[p].append(points[p] + towel[p])
    s.last_round = {
        "round": s.round, "black_hole": s.black_hole, "weights": weights, "final_thresholds": finals,
        "drawn_in": out, "values": values, "points": [points[p] + towel[p] for p in range(s.n)],
    }
    ev.append({"type": "round_scored", **s.last_round})


def step_e_weights(s: "BuccaneersState", ev: list[Event]) -> list[int]:
    """Total Weights; then Antigravity Carpet (single lowest: +10 Value) and Exoskeleton (single highest: -10 Weight) at once."""
    weights = [s.total_weight(p) for p in range(s.n)]
    ev.append({"type": "weights", "weights": weights})
    carpet, exo = s.holder("antigravity_carpet"), s.holder("exoskeleton")
    # Both effects read the same totals. One player holding both can use only one; with 2+ players the
    # single lowest is never also the single highest, so at most one of them can fire for that player.
    if carpet >= 0 and unique_extreme(weights, min) == carpet:
        s.value_card[carpet] = s.r.c.carpet_value
        ev.append({"type": "value_card", "player": carpet, "value": s.r.c.carpet_value, "why": "antigravity_carpet"})
    if exo >= 0 and unique_extreme(weights, max) == exo:
        s.weight_cards[exo].append(s.r.c.exoskeleton_weight)
        ev.append({"type": "weight_card", "player": exo, "value": s.r.c.exoskeleton_weight, "why": "exoskeleton"})
    return [s.total_weight(p) for p in range(s.n)]


def step_f_final_thresholds(s: "BuccaneersState", ev: list[Event]) -> list[int]:
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
        ev.append({"type": "black_hole_card", "card": s.r.keys[card], "weight": added})
    xxl = s.holder("xxl_paperweight")
    finals = [base + added + (added if p == xxl else 0) for p in range(s.n)]
    ev.append({"type": "final_threshold", "thresholds": finals})
    return finals


def step_g_black_hole(s: "BuccaneersState", weights: list[int], finals: list[int], ev: list[Event]) -> tuple[list[bool], list[int]]:
    """In turn order, anyone heavier than their final Threshold is drawn in and discards everything; the Emergency Towel pays 5."""
    towel_holder = s.holder("emergency_towel")
    out = [weights[p] > finals[p] for p in range(s.n)]
    towel = [0] * s.n
    for p in range(s.n):
        if not out[p]:
            continue
        if p == towel_holder:
            towel[p] = s.r.c.emergency_towel_points
        ev.append({"type": "drawn_in", "player": p, "weight": weights[p], "threshold": finals[p], "towel_points": towel[p]})
    best = [s.best_spacecraft_of(p) if not out[p] else NONE for p in range(s.n)]
    for p in range(s.n):
        if out[p]:
            for c in s.shown[p] + s.shifters[p]:
                s.discard.append(c)
            s.shown[p], s.shifters[p], s.groups[p] = [], [], []
    s.best_spacecraft = best
    return out, towel


def step_h_places(s: "BuccaneersState", out: list[bool], ev: list[Event]) -> tuple[list[int | None], list[int]]:
    """Survivors score by total Value from the Score card, ties broken by Spacecraft."""
    values: list[int | None] = [None if out[p] else s.total_value(p) for p in range(s.n)]
    survivors = {p: (values[p], s.best_spacecraft[p]) for p in range(s.n) if not out[p]}
    places = award_places(survivors)
    points = [0] * s.n
    for p, place in places.items():
        points[p] = s.r.score_card[place]
    ev.append({"type": "places", "values": values, "places": {str(p): pl + 1 for p, pl in places.items()}, "points": points})
    return values, points


def award_places(players: dict[int, tuple[Any, float]]) -> dict[int, int]:
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


def unique_extreme(values: list[int], pick: Any) -> int:
    """The index of the single highest (``max``) or lowest (``min``) value, or -1 on a tie."""
    target = pick(values)
    hits = [i for i, v in enumerate(values) if v == target]
    return hits[0] if len(hits) == 1 else -1
