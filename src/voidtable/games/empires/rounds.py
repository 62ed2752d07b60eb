"""The round: turn order (advanced rules), the pre-round, the event card, every seat's turn, the game's end.

Eleven rounds. Base game: the turn order never changes. Advanced rules: before
each pre-round the order is most planets first; ties: lower influence first, then
more unspent credits, then the previous order. The event deck's 5th, 9th and 12th
cards are the score cards; the 12th is drawn when round 11 ends. Short game: the
game ends with the second scoring (round 9's turns are not played, a reading).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import check_hand_limit, draw
from .events import (SCORE_CARD, Built, DistressCall, PiratesArrived, RoundStarted, Uprising, WormHoleOpened,
                     event_drawn)
from .planets import NOBODY, Control, benefits, is_home
from .preround import free_tokens
from .scoring import score
from .setup import SCORE_CARDS, rebuild_graph
from .ships import Ship
from .tasks import TASKS, DrawEvent, EndRound, PreRound, PreRoundTurn, StartRound, StartTurn
from .trade import market

if TYPE_CHECKING:
    from .state import EmpiresState


def advanced_order(s: "EmpiresState") -> tuple[int, ...]:
    def key(p: int) -> tuple[int, int, int, int]:
        b = benefits(s, p)
        return (-b.planets, b.influence, -s.credits[p], s.order.index(p))

    return tuple(sorted(s.order, key=key))


@TASKS.auto(StartRound)
def start_round(s: "EmpiresState", task: StartRound) -> None:
    s.round = task.round
    s.researched = [False] * s.r.players
    s.port_used = [False] * s.r.players
    s.orders = [[] for _ in range(s.r.players)]
    if s.r.advanced:
        s.order = advanced_order(s)
    s.emit(RoundStarted(task.round, s.order, s.event_deck[0] in SCORE_CARDS))
    pre = [PreRoundTurn(p) for p in s.order] if s.r.advanced else [PreRound()]
    s.push(*pre, DrawEvent(task.round), *(StartTurn(p) for p in s.order), EndRound(task.round))


@TASKS.auto(EndRound)
def end_round(s: "EmpiresState", task: EndRound) -> None:
    if task.round < s.r.g.rounds:
        s.push(*market(s), StartRound(task.round + 1))  # offers outside anyone's turn, before the pre-round
    else:
        s.push(DrawEvent(task.round + 1))


@TASKS.auto(DrawEvent)
def draw_event(s: "EmpiresState", task: DrawEvent) -> None:
    card = s.event_deck.pop(0)
    s.revealed.append(card)
    score_card = SCORE_CARD.get(card)
    if score_card is not None:
        s.emit(event_drawn(card, task.round))
        score(s, score_card)
        if card == "C":
            s.finish("the third scoring")
        elif card == "B" and s.r.short:
            s.finish("the second scoring (short game)")
        return
    e = s.r.data.events.cards[card]
    s.emit(event_drawn(card, task.round))
    EFFECTS[e.kind](s, e.planet, e.amount)


# ------------------------------------------------------------------ event effects (a registry by kind)
def credits_all(s: "EmpiresState", planet: str, amount: int) -> None:
    for p in s.order:
        s.credits[p] += amount


def draw_all(s: "EmpiresState", planet: str, amount: int) -> None:
    for p in s.order:
        for _ in range(amount):
            draw(s, p)
        check_hand_limit(s, p)


def council_credits(s: "EmpiresState", planet: str, amount: int) -> None:
    inf = [benefits(s, p).influence for p in range(s.r.players)]
    top = max(inf)
    if top > 0 and inf.count(top) == 1:
        s.credits[inf.index(top)] += amount


def nothing(s: "EmpiresState", planet: str, amount: int) -> None:
    return


def rise_up(s: "EmpiresState", key: str) -> None:
    """A conquered planet without a ship of its conqueror throws him out (back to its ally, or neutral)."""
    c = s.control.get(key)
    if c is None or c.conqueror == NOBODY or is_home(key):
        return
    if any(sh.owner == c.conqueror and sh.space == key for sh in s.ships.values()):
        return
    s.control[key] = Control(ally=c.ally, infester=c.infester)
    s.emit(Uprising(key, c.conqueror))


def rebellion(s: "EmpiresState", planet: str, amount: int) -> None:
    for key in list(s.control):
        rise_up(s, key)


def uprising(s: "EmpiresState", planet: str, amount: int) -> None:
    rise_up(s, planet)


def festival(s: "EmpiresState", planet: str, amount: int) -> None:
    c = s.control.get(planet)
    if c is not None and c.ally != NOBODY and c.conqueror == NOBODY:
        s.credits[c.ally] += amount


def defectors(s: "EmpiresState", planet: str, amount: int) -> None:
    c = s.control.get(planet)
    if c is None or c.controller == NOBODY:
        return
    tokens = free_tokens(s, c.controller, "starfighter")
    if tokens:
        s.ships[tokens[0]] = Ship("starfighter", c.controller, planet, 0)
        s.emit(Built(c.controller, "starfighter", tokens[0], planet, free=True))


def worm_hole(s: "EmpiresState", planet: str, amount: int) -> None:
    """A line from a random home world to Pyrious for the rest of the game (a public preview reports one)."""
    seat = s.rng.below(s.r.players)
    centre = s.r.tiles[s.r.centre]
    s.wormholes.append((f"home{seat}", centre.planets.get("P", next(iter(centre.planets.values())))))
    rebuild_graph(s)
    s.emit(WormHoleOpened(seat, s.wormholes[-1][1]))


def neutral_planet(s: "EmpiresState") -> str | None:
    free = [k for k, c in sorted(s.control.items()) if c.neutral and k not in s.tokens]
    return free[s.rng.below(len(free))] if free else None


def pirates(s: "EmpiresState", planet: str, amount: int) -> None:
    """Pirates on a random neutral planet: no credits from it, no diplomacy, until an attack on them hits."""
    p = neutral_planet(s)
    if p is not None:
        s.tokens[p] = "pirates"
        s.emit(PiratesArrived(p))


def distress_call(s: "EmpiresState", planet: str, amount: int) -> None:
    p = neutral_planet(s)
    if p is not None:
        s.tokens[p] = "distress_call"
        s.emit(DistressCall(p))


def research_grant(s: "EmpiresState", planet: str, amount: int) -> None:
    s.grant = [g + amount for g in s.grant]


def ion_storm(s: "EmpiresState", planet: str, amount: int) -> None:
    s.storm = s.round


EFFECTS = {
    "worm_hole": worm_hole, "pirates": pirates, "distress_call": distress_call, "research_grant": research_grant,
    "ion_storm": ion_storm,
    "credits_all": credits_all, "draw_all": draw_all, "council_credits": council_credits, "none": nothing,
    "rebellion": rebellion, "uprising": uprising, "festival": festival, "defectors": defectors,
}
