"""The pre-round: research one technology and build ships.

Base game: every seat chooses at once, each seat's choices hidden from the others
until all are done (``PreRound``, a simultaneous task); then ``Reveal`` carries
them out in turn order, so the neutral ships' shared supply goes to the earlier
seat when two want the last one (a reading). Advanced rules: one seat at a time,
in turn order, carried out at once and seen by the later seats (``PreRoundTurn``).

Research: pay the cost, own the prerequisite, control a planet with the trade
good (it is not spent); once per round. Build: pay the cost; a starred ship needs
its technology, a planet's ship an alliance (or infestation) giving it, the
Infestor the Sreech; no more ships than tokens. New ships go on the home world.

The two come in any order, and a Space Port goes on a planet as soon as it is
researched and may take one new ship a round: in the base game the port's planet
is chosen among the seat's hidden choices right after ordering the research, so a
ship ordered later in the same pre-round may go there (the others learn of the
port at the reveal).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import BUILD, BUILD_AT_PORT, BUILD_DONE, PORT_AT, RESEARCH
from .events import PRE_ROUND_ORDER, Built, NotBuilt, PortBuilt, PreRoundChosen, PreRoundDone, Researched
from .planets import Benefits, benefits, is_home, terraform
from .ships import Ship
from .tactics import pay, tactic_options
from .trade import licensed_goods
from .tasks import TASKS, PlacePort, PreRound, PreRoundTurn, Reveal

if TYPE_CHECKING:
    from voidtable.engine.actions import Action

    from .state import EmpiresState


SCHOLARLY = ("research_discount", "ignore_trade_good")


def scholarly(s: "EmpiresState", seat: int) -> tuple[str, ...]:
    """The Scholarly Tactics the seat chose this pre-round (orders ``tactic:<card>/<others>``)."""
    orders = s.orders[seat]
    if not orders:
        return ()
    return tuple(o.split(":")[1].split("/")[0].split(".")[1] for o in orders if o.startswith("tactic:"))


def research_discount(s: "EmpiresState", seat: int, ben: Benefits | None = None) -> int:
    """Credits off every research this pre-round: a Research Grant, the Scholarly Tactic (3), the race, a planet."""
    off = s.grant[seat]  # a Research Grant (an event) comes off the next research
    if "research_discount" in scholarly(s, seat):
        off += 3
    if s.r.race(s.race[seat]).ability == "research_discount":
        off += 1
    if "research_discount" in (ben or benefits(s, seat)).abilities:
        off += 1
    return off


def research_cost(s: "EmpiresState", seat: int, tech: str, ben: Benefits | None = None) -> int:
    cost = s.r.tech(tech).cost
    return max(1, cost - research_discount(s, seat, ben)) if cost > 0 else 0


def researchable(s: "EmpiresState", seat: int, credits: int, ben: Benefits | None = None) -> list[str]:
    """The technologies the seat may research with ``credits``: not owned, its race's if a race's, the
    prerequisite owned, a controlled (or licensed, or waived) trade good, a site for a space port, the cost paid."""
    ben = ben or benefits(s, seat)
    owned = s.techs[seat]
    race = s.race[seat]
    tactics = scholarly(s, seat)
    goods: frozenset[str] | None = None if "ignore_trade_good" in tactics else ben.trade_goods
    if goods is not None and s.licences:
        goods = goods | licensed_goods(s, seat)
    off = research_discount(s, seat, ben)
    techs = s.r.data.techs
    out = []
    for key in s.r.tech_keys:
        t = techs[key]
        if key in owned or (t.race and t.race != race) or (t.prereq and t.prereq not in owned):
            continue
        if goods is not None and t.trade_good and t.trade_good not in goods:
            continue
        if (max(1, t.cost - off) if t.cost > 0 else 0) > credits:
            continue
        if t.effect == "space_port" and not port_sites(s, seat):
            continue
        out.append(key)
    return out


def may_research(s: "EmpiresState", seat: int, tech: str, credits: int, ben: Benefits | None = None) -> bool:
    return tech in researchable(s, seat, credits, ben)


def port_sites(s: "EmpiresState", seat: int) -> list[str]:
    """Where a space port may go: a planet the seat controls, not a home world (a reading)."""
    return sorted(k for k, c in s.control.items() if c.controller == seat and not is_home(k))


def port_open(s: "EmpiresState", seat: int, ships: list[str] | None = None) -> bool:
    """One ship a round may be placed on the space port (one placed, or chosen this pre-round), while the
    seat controls its planet."""
    port = s.ports[seat] or pending_port(s, seat)
    if not port or s.control[port].controller != seat:
        return False
    used = sum(1 for o in s.orders[seat] if o.startswith("build_at_port:")) if ships is None else 0
    return used == 0 and not s.port_used[seat]


def may_build_kind(s: "EmpiresState", seat: int, kind: str, techs: list[str], ben: Benefits | None = None) -> bool:
    ship = s.r.ship(kind)
    if ship.race:
        return ship.race == s.race[seat]
    if ship.planet:
        return kind in (ben or benefits(s, seat)).ships
    return not ship.tech or ship.tech in techs


def free_tokens(s: "EmpiresState", seat: int, kind: str) -> list[int]:
    """Token ids of ``kind`` not on the board: the seat's own colour, or the shared neutral supply."""
    colour = -1 if s.r.ship(kind).neutral else seat
    ships = s.ships
    return [i for i in s.r.token_ids.get((kind, colour), ()) if i not in ships]


def pending(s: "EmpiresState", seat: int) -> tuple[str | None, list[str], int]:
    """A seat's hidden orders so far: (research, ships, credits they cost)."""
    research = None
    ships: list[str] = []
    cost = 0
    for o in s.orders[seat]:
        what, key = o.split(":")
        if what == "research":
            research = key
            cost += research_cost(s, seat, key)
        elif what in ("tactic", "port_at"):
            continue
        else:
            ships.append(key)
            cost += s.r.ship(key).cost
    # orders are "research:tech", "port_at:planet", "build:kind", "build_at_port:kind" or "tactic:card/others"
    return research, ships, cost


def pending_port(s: "EmpiresState", seat: int) -> str:
    """Base game: the planet the seat chose this pre-round for the Space Port it ordered ("" for none)."""
    for o in s.orders[seat]:
        if o.startswith("port_at:"):
            return o[len("port_at:"):]
    return ""


def choices(s: "EmpiresState", seat: int) -> list["Action"]:
    research, ships, cost = pending(s, seat)
    if research is not None and s.r.tech(research).effect == "space_port" and not pending_port(s, seat):
        return [PORT_AT(p) for p in port_sites(s, seat)]  # the port goes down at once, before anything else
    left = s.credits[seat] - cost
    ben = benefits(s, seat)
    out: list[Action] = []
    if research is None and not s.researched[seat]:
        if not scholarly(s, seat):  # one Scholarly Tactic a round, before the research (a reading)
            out += tactic_options(s, seat, SCHOLARLY)
        out += [RESEARCH(t) for t in researchable(s, seat, left, ben)]
    techs = s.techs[seat] + ([research] if research else [])
    at_port = port_open(s, seat)
    data, token_ids, on_board = s.r.data.ships, s.r.token_ids, s.ships
    for kind in s.r.ship_kinds:
        ship = data[kind]
        if ship.cost > left or not may_build_kind(s, seat, kind, techs, ben):
            continue
        ordered = ships.count(kind)    # a token for each ordered ship, and one more
        for i in token_ids.get((kind, -1 if ship.neutral else seat), ()):
            if i not in on_board:
                ordered -= 1
                if ordered < 0:
                    out.append(BUILD(kind))
                    if at_port:
                        out.append(BUILD_AT_PORT(kind))
                    break
    out.append(BUILD_DONE())
    return out


def open_seats(s: "EmpiresState", task: PreRound) -> list[int]:
    return [p for p in s.order if not s.done[p]]


def pre_round_legal(s: "EmpiresState", task: PreRound, seat: int) -> list["Action"]:
    return choices(s, seat)


@TASKS.simultaneous(PreRound, seats=open_seats, legal=pre_round_legal)
def pre_round(s: "EmpiresState", task: PreRound, seat: int, action: "Action") -> None:
    if action.kind == "build_done":
        s.done[seat] = True
        s.emit(PreRoundDone(seat))
    elif action.kind == "tactic":
        s.orders[seat].append(f"tactic:{action.arg[0]}/{action.arg[1]}")
        s.emit(PreRoundChosen(seat, "tactic", action.arg, visible_to=(seat,)))
    else:
        s.orders[seat].append(f"{action.kind}:{action.arg}")
        s.emit(PreRoundChosen(seat, PRE_ROUND_ORDER[action.kind], action.arg, visible_to=(seat,)))
    if all(s.done):
        s.push(Reveal())
    else:
        s.push(task)


@TASKS.auto(Reveal)
def reveal(s: "EmpiresState", task: Reveal) -> None:
    """Everyone's choices at once, carried out in turn order (research first: it may unlock a ship)."""
    ports = []
    for seat in s.order:
        research, _, _ = pending(s, seat)
        port = pending_port(s, seat)
        for order in s.orders[seat]:
            if order.startswith("tactic:"):
                card, others = order.split(":")[1].split("/")
                pay(s, seat, (card, int(others)))
        if research is not None and may_research(s, seat, research, s.credits[seat]):
            do_research(s, seat, research)
            if s.r.tech(research).effect == "space_port":
                if port and s.control[port].controller == seat:
                    put_port(s, seat, port)   # before the builds: a ship ordered for it goes there
                else:
                    ports.append(PlacePort(seat))
        for order in s.orders[seat]:
            what, kind = order.split(":")
            if what in ("research", "tactic", "port_at"):
                continue
            if s.r.ship(kind).cost <= s.credits[seat] and free_tokens(s, seat, kind):
                do_build(s, seat, kind, at_port=what == "build_at_port")
            else:
                s.emit(NotBuilt(seat, kind, "no token left"))
        s.orders[seat] = []
        s.done[seat] = False
    s.push(*ports)


def pre_round_turn_legal(s: "EmpiresState", task: PreRoundTurn) -> list["Action"]:
    return choices(s, task.seat)


@TASKS.decision(PreRoundTurn, legal=pre_round_turn_legal, private=True)
def pre_round_turn(s: "EmpiresState", task: PreRoundTurn, action: "Action") -> None:
    if action.kind == "build_done":
        s.emit(PreRoundDone(task.seat))
        return
    s.push(task)
    if action.kind == "tactic":
        pay(s, task.seat, action.arg)
        s.orders[task.seat].append(f"tactic:{action.arg[0]}/{action.arg[1]}")  # its effect lasts the round
    elif action.kind == "research":
        do_research(s, task.seat, str(action.arg))
        if s.r.tech(str(action.arg)).effect == "space_port":
            s.push(PlacePort(task.seat))
    else:
        do_build(s, task.seat, str(action.arg), at_port=action.kind == "build_at_port")


def do_research(s: "EmpiresState", seat: int, tech: str) -> None:
    cost = research_cost(s, seat, tech)
    s.credits[seat] -= cost
    s.techs[seat].append(tech)
    s.grant[seat] = 0
    s.researched[seat] = True
    s.emit(Researched(seat, tech, cost))
    if s.r.tech(tech).effect == "terraforming":
        terraform(s, seat)


def do_build(s: "EmpiresState", seat: int, kind: str, at_port: bool = False) -> None:
    """A new ship on the home world (or, once a round, on the space port)."""
    token = free_tokens(s, seat, kind)[0]
    s.credits[seat] -= s.r.ship(kind).cost
    where = f"home{seat}"
    if at_port and port_open(s, seat, ships=[]):
        where = s.ports[seat]
        s.port_used[seat] = True
    s.ships[token] = Ship(kind, seat, where, 0)
    s.emit(Built(seat, kind, token, where))


def port_legal(s: "EmpiresState", task: PlacePort) -> list["Action"]:
    return [PORT_AT(p) for p in port_sites(s, task.seat)]


@TASKS.decision(PlacePort, legal=port_legal)
def place_port(s: "EmpiresState", task: PlacePort, action: "Action") -> None:
    put_port(s, task.seat, str(action.arg))


def put_port(s: "EmpiresState", seat: int, planet: str) -> None:
    s.ports[seat] = planet
    s.emit(PortBuilt(seat, planet))
