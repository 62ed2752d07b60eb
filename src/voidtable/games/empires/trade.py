"""Negotiation between players as binding offers (the ``negotiation`` option).

The book lets players bargain, also for leave to use a trade good they control,
with cards, credits and the like, but never VP or planet cards. Here a trade is an
offer made during one's own turn (one a turn, no action): built part by part
(credits and cards given, credits and cards asked, a licence asked), then
accepted or declined by its recipient. Acceptance carries it out at once, so it
binds; a promise about later turns cannot be expressed (there is nothing to
enforce it). A licence lets its holder count the licensor's trade good for his
research in the next pre-round, while the licensor still controls a planet with it.

``negotiation = licences`` allows only credits for a licence; ``full`` also cards,
and credits or cards asked; ``off`` none (the default).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import ACCEPT, DECLINE, OFFER_ASK, OFFER_GIVE, OFFER_LICENCE, OFFER_SEND, OFFER_TO, PASS
from .cards import card_with_key, check_hand_limit, key
from .planets import benefits
from .tasks import TASKS, AnswerOffer, MakeOffer

if TYPE_CHECKING:
    from voidtable.engine.actions import Action

    from .state import EmpiresState

MAX_PARTS = 3     # parts in one offer (gives, asks and the licence together): keeps every list small
MAX_AMOUNT = 3


def offer_options(s: "EmpiresState", seat: int) -> list["Action"]:
    if s.r.negotiation == "off" or "offer" in s.used:
        return []
    return [OFFER_TO(q) for q in range(s.r.players) if q != seat]


def start_offer(s: "EmpiresState", seat: int, to: int) -> None:
    s.used = (*s.used, "offer")
    s.push(MakeOffer(seat, to))


def _given(parts: tuple[tuple[str, int], ...], what: str) -> int:
    return sum(n for w, n in parts if w == what)


def offer_legal(s: "EmpiresState", task: MakeOffer) -> list["Action"]:
    full = s.r.negotiation == "full"
    out: list[Action] = []
    if len(task.give) + len(task.ask) + (1 if task.licence else 0) < MAX_PARTS:
        spare = s.credits[task.seat] - _given(task.give, "credits")
        out += [OFFER_GIVE(("credits", n)) for n in range(1, min(spare, MAX_AMOUNT) + 1)]
        if full:
            for k in sorted({key(s, c) for c in s.hands[task.seat]}):
                held = sum(1 for c in s.hands[task.seat] if key(s, c) == k) - _given(task.give, k)
                out += [OFFER_GIVE((k, n)) for n in range(1, min(held, MAX_AMOUNT) + 1)]
            if not task.ask:  # one thing asked (the recipient's hand is hidden: any card may be asked for)
                out += [OFFER_ASK(("credits", n)) for n in range(1, MAX_AMOUNT + 1)]
                out += [OFFER_ASK((k, 1)) for k in sorted({f"{t}.{a}" for t, a in s.r.cards})]
        if not task.licence:
            mine = benefits(s, task.seat).trade_goods
            out += [OFFER_LICENCE(g) for g in sorted(benefits(s, task.to).trade_goods - mine)]
    if (task.give or task.licence or task.ask) and (task.ask or task.licence or full):
        out.append(OFFER_SEND())
    out.append(PASS())
    return out


@TASKS.decision(MakeOffer, legal=offer_legal)
def make_offer(s: "EmpiresState", task: MakeOffer, action: "Action") -> None:
    if action.kind == "pass":
        s.event(type="offer_dropped", seat=task.seat)
    elif action.kind == "offer_give":
        s.push(task._replace(give=(*task.give, action.arg)))
    elif action.kind == "offer_ask":
        s.push(task._replace(ask=(*task.ask, action.arg)))
    elif action.kind == "offer_licence":
        s.push(task._replace(licence=str(action.arg)))
    else:
        s.event(type="offer", seat=task.seat, to=task.to, give=[list(p) for p in task.give],
                ask=[list(p) for p in task.ask], licence=task.licence, visible_to=sorted({task.seat, task.to}))
        s.push(AnswerOffer(task.to, task))


def can_pay(s: "EmpiresState", seat: int, parts: tuple[tuple[str, int], ...]) -> bool:
    for what, n in parts:
        if what == "credits":
            if s.credits[seat] < _given(parts, "credits"):
                return False
        elif sum(1 for c in s.hands[seat] if key(s, c) == what) < _given(parts, what):
            return False
    return True


def answer_legal(s: "EmpiresState", task: AnswerOffer) -> list["Action"]:
    o = task.offer
    ok = can_pay(s, task.seat, o.ask) and can_pay(s, o.seat, o.give)
    return [ACCEPT(), DECLINE()] if ok else [DECLINE()]


def hand_over(s: "EmpiresState", frm: int, to: int, parts: tuple[tuple[str, int], ...]) -> None:
    for what, n in parts:
        if what == "credits":
            s.credits[frm] -= n
            s.credits[to] += n
        else:
            for _ in range(n):
                c = card_with_key(s.hands[frm], s, what)
                s.hands[frm].remove(c)
                s.hands[to].append(c)


@TASKS.decision(AnswerOffer, legal=answer_legal)
def answer_offer(s: "EmpiresState", task: AnswerOffer, action: "Action") -> None:
    o = task.offer
    if action.kind == "decline":
        s.event(type="offer_declined", seat=task.seat, by=o.seat)
        return
    hand_over(s, o.seat, o.to, o.give)
    hand_over(s, o.to, o.seat, o.ask)
    if o.licence:
        s.licences.append((o.seat, o.licence, s.round + 1, o.to))
    s.event(type="offer_accepted", seat=task.seat, by=o.seat, licence=o.licence,
            credits=[_given(o.give, "credits"), _given(o.ask, "credits")])
    check_hand_limit(s, o.to)
    check_hand_limit(s, o.seat)


def licensed_goods(s: "EmpiresState", seat: int) -> frozenset[str]:
    """Trade goods the seat may use for research this round by licence (while the licensor still has them)."""
    return frozenset(g for holder, g, rnd, licensor in s.licences
                     if holder == seat and rnd == s.round and g in benefits(s, licensor).trade_goods)
