"""Negotiation between players as binding offers (the ``negotiation`` option).

The book lets players bargain at any time, also for leave to use a trade good
they control, with cards, credits and the like, but never VP or planet cards. Here
a trade is an offer, made in one of two bounded windows: during one's own turn (one
a turn, no action), and between two rounds, before the pre-round, where every seat
in turn order that has an offer to make gets one window (one offer or none; the
``Market``). An offer is built part by part (credits and cards given, credits and
cards asked, a licence asked), then accepted or declined by its recipient.
Acceptance carries it out at once, so it binds; a promise about later turns cannot
be expressed (there is nothing to enforce it). A licence lets its holder count the
licensor's trade good for his research in the next pre-round, while the licensor
still controls a planet with it.

``negotiation = licences`` allows only credits for a licence; ``full`` also cards,
and credits or cards asked; ``off`` none (the default).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import ACCEPT, DECLINE, OFFER_ASK, OFFER_GIVE, OFFER_LICENCE, OFFER_SEND, OFFER_TO, PASS
from .cards import card_with_key, check_hand_limit, key
from .events import NoOffer, OfferAccepted, OfferDeclined, OfferDropped, OfferMade
from .planets import benefits
from .tasks import TASKS, AnswerOffer, MakeOffer, Market, OfferWindow

if TYPE_CHECKING:
    from voidtable.engine.actions import Action

    from .state import EmpiresState

MAX_PARTS = 3     # parts in one offer (gives, asks and the licence together): keeps every list small
MAX_AMOUNT = 3


def recipients(s: "EmpiresState", seat: int) -> list[int]:
    """The seats ``seat`` can send an offer to: any other with ``full`` (credits may always be asked);
    with ``licences``, a seat controlling a trade good ``seat`` lacks (the one thing to ask for)."""
    if s.r.negotiation == "off":
        return []
    others = [q for q in range(s.r.players) if q != seat]
    if s.r.negotiation == "full":
        return others
    mine = benefits(s, seat).trade_goods
    return [q for q in others if benefits(s, q).trade_goods - mine]


def offer_options(s: "EmpiresState", seat: int) -> list["Action"]:
    """During one's own turn: one offer a turn, costing no action."""
    if "offer" in s.used:
        return []
    return [OFFER_TO(q) for q in recipients(s, seat)]


def market(s: "EmpiresState") -> list[Market]:
    """The windows between two rounds (none with negotiation off)."""
    return [Market(tuple(s.order))] if s.r.negotiation != "off" else []


@TASKS.auto(Market)
def open_windows(s: "EmpiresState", task: Market) -> None:
    """The next seat in turn order that has an offer to make gets its window; a seat with none is never asked."""
    for i, seat in enumerate(task.seats):
        if recipients(s, seat):
            s.push(OfferWindow(seat), Market(task.seats[i + 1:]))
            return


def window_legal(s: "EmpiresState", task: OfferWindow) -> list["Action"]:
    return [*(OFFER_TO(q) for q in recipients(s, task.seat)), PASS()]


@TASKS.decision(OfferWindow, legal=window_legal)
def offer_window(s: "EmpiresState", task: OfferWindow, action: "Action") -> None:
    if action.kind == "pass":
        s.emit(NoOffer(task.seat))
    else:
        s.push(MakeOffer(task.seat, int(action.arg)))


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
        s.emit(OfferDropped(task.seat))
    elif action.kind == "offer_give":
        s.push(task._replace(give=(*task.give, action.arg)))
    elif action.kind == "offer_ask":
        s.push(task._replace(ask=(*task.ask, action.arg)))
    elif action.kind == "offer_licence":
        s.push(task._replace(licence=str(action.arg)))
    else:
        s.emit(OfferMade(task.seat, task.to, task.give, task.ask, task.licence,
                         visible_to=tuple(sorted({task.seat, task.to}))))
        s.push(AnswerOffer(task.to, task))


def shown_cards(s: "EmpiresState", viewer: int) -> dict[int, list[int]]:
    """Cards in other seats' hands that ``viewer`` knows are there: what a pending offer to or from ``viewer``
    gives (the proposer cannot offer what he does not hold, and both see the offer). A determinization for
    ``viewer`` keeps them in place, or the offer it sees could not be accepted in the world it samples."""
    out: dict[int, list[int]] = {}
    for task in s.stack:
        offer = task.offer if isinstance(task, AnswerOffer) else task if isinstance(task, MakeOffer) else None
        if offer is None or offer.seat == viewer or offer.to != viewer:
            continue
        hand = sorted(s.hands[offer.seat])
        for what in sorted({w for w, _ in offer.give if w != "credits"}):  # a kind may be given in two parts
            out.setdefault(offer.seat, []).extend([c for c in hand if key(s, c) == what][:_given(offer.give, what)])
    return out


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


@TASKS.decision(AnswerOffer, legal=answer_legal, private=True)
def answer_offer(s: "EmpiresState", task: AnswerOffer, action: "Action") -> None:
    o = task.offer
    if action.kind == "decline":
        s.emit(OfferDeclined(task.seat, o.seat))
        return
    hand_over(s, o.seat, o.to, o.give)
    hand_over(s, o.to, o.seat, o.ask)
    if o.licence:
        s.licences.append((o.seat, o.licence, s.round + 1, o.to))
    s.emit(OfferAccepted(task.seat, o.seat, o.licence, (_given(o.give, "credits"), _given(o.ask, "credits"))))
    check_hand_limit(s, o.to)
    check_hand_limit(s, o.seat)


def licensed_goods(s: "EmpiresState", seat: int) -> frozenset[str]:
    """Trade goods the seat may use for research this round by licence (while the licensor still has them)."""
    return frozenset(g for holder, g, rnd, licensor in s.licences
                     if holder == seat and rnd == s.round and g in benefits(s, licensor).trade_goods)
