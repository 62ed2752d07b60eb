"""The cycle: its phases in order for every player, Production, and the end of the cycle with the victories.

Map option 1 starts with each player, in seat order, picking the face-down place
its home world replaces (at least ``map.option1.home_spacing`` from every other
home). Each cycle then runs I Production, II Movement (every player in turn
order), III a space battles, c colonisation, IV purchases (every player in turn),
V events and elections (every ``events.every`` cycles), and the end of the cycle,
where the game may end: the secret of life, the last race standing, the tribunal
terms (consecutive or in total, the option ``tribunal_win``), or the cycle limit
(most votes wins, then most planets). Then the first player passes to the left.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from voidtable.engine.actions import Action

from .actions import HOME
from .planets import colonies, production, votes
from .trade import make_chips
from .tasks import TASKS, Battles, Bombard, Capacity, Ground, MonstersMove, Colonise, Cycle, EndOfCycle, Events, HomePick, Production, Purchase, StartMoving
from .events import CycleBegan, Eliminated, GameOver, Produced, Victory

if TYPE_CHECKING:
    from .state import AbyssState


def home_legal(s: "AbyssState", task: HomePick) -> list[Action]:
    g, spacing = s.m.galaxy, s.m.data.map.option1.home_spacing
    homes = [p for p, k in enumerate(s.kinds) if k == "home"]
    return [HOME(p) for p in range(len(g)) if not s.kinds[p] and all(g.distance(p, h) >= spacing for h in homes)]


@TASKS.decision(HomePick, legal=home_legal)
def pick_home(s: "AbyssState", task: HomePick, action: Action) -> None:
    s.settle_home(task.seat, action.arg)


@TASKS.auto(Cycle)
def new_cycle(s: "AbyssState", task: Cycle) -> None:
    s.cycle += 1
    s.jumped = s.scanned = frozenset()
    s.marched = frozenset()
    order = s.turn_order()
    s.emit(CycleBegan(s.cycle, s.first, tuple(order)))
    tasks: list[tuple[object, ...]] = [Production()]
    tasks.append(MonstersMove())
    tasks += [StartMoving(p) for p in order]
    tasks += [Battles(), Bombard()]
    tasks += [Ground(p) for p in order]
    tasks.append(Capacity())
    tasks += [Colonise(p) for p in order]
    tasks += [Purchase(p) for p in order]
    if s.cycle % s.m.data.events.every == 0:
        tasks.append(Events())
    tasks.append(EndOfCycle())
    s.push(*tasks)


@TASKS.auto(Production)
def production_phase(s: "AbyssState", task: Production) -> None:
    """Phase I: every player collects from its working farms, mines and plants (less the war levy, if in force)."""
    s.phase = "production"
    for p in s.turn_order():
        got = production(s, p)
        if s.resolution("war_levy"):
            wars = sum(1 for q in range(s.players) if s.at_war(p, q))
            got[0] -= min(wars, s.bank[p][0] + got[0])
        for i in range(3):
            s.bank[p][i] += got[i]
        chips = make_chips(s, p)
        s.emit(Produced(p, got[0], got[1], got[2], chips))


def alive(s: "AbyssState", seat: int) -> bool:
    """A race stays in the game while it has a habitat or a ship."""
    return bool(colonies(s, seat)) or any(sh.owner == seat for sh in s.ships.values())


@TASKS.auto(EndOfCycle)
def end_of_cycle(s: "AbyssState", task: EndOfCycle) -> None:
    for p in range(s.players):
        if not s.out[p] and not alive(s, p):
            s.out[p] = True
            s.war = frozenset(w for w in s.war if p not in w)
            s.emit(Eliminated(p))
    left = [p for p in range(s.players) if not s.out[p]]
    secret = [p for p in left if any(s.m.techs[t].effect == "secret" for t in s.techs[p])]
    need = s.m.data.tribunal.terms_to_win
    if secret:
        return game_over(s, secret, "secret")
    if s.m.twin_planets:
        twins = [p for p in left if all(place in colonies(s, p) for place in s.m.galaxy.twins)]
        if twins:
            return game_over(s, twins, "twin")
    if len(left) <= 1:
        return game_over(s, left or list(range(s.players)), "military")
    if s.leader >= 0 and (s.streak if s.m.win_rule == "consecutive" else s.terms[s.leader]) >= need:
        return game_over(s, [s.leader], "tribunal")
    if s.cycle >= s.m.data.limits.max_cycles:
        best = max((votes(s, p), len(colonies(s, p))) for p in left)
        return game_over(s, [p for p in left if (votes(s, p), len(colonies(s, p))) == best], "limit")
    n = s.players
    s.first = next((s.first + k) % n for k in range(1, n + 1) if not s.out[(s.first + k) % n])
    s.push(Cycle())


def game_over(s: "AbyssState", winners: list[int], kind: Victory) -> None:
    s.winners, s.win_kind = tuple(winners), kind
    s.phase = "over"
    s.emit(GameOver(tuple(winners), kind, s.cycle))
    s.finish(kind)
