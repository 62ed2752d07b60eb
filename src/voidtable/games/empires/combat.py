"""ATTACK: at one space, against the planet, one opponent, or an infestation.

A battle is one pass through the initiative levels (Fire Bug pre-rolls, then 1 to
5): every ship of both sides at a level rolls its dice, a die at or above the
ship's attack number hits, and only then are casualties taken, each owner picking
his own ships one hit at a time. Shooting Stars pay a credit each time they fire
(and hold fire without one). Ships of players not named take no part (a reading).
Damage on ships needing two hits is repaired after the battle, except the Moth's.

Winning against the planet's controller (no ship of his left, one of yours there)
opens the planet: conquer it, liberate it (only a conquered planet with no ally),
or leave it. An undefended planet is taken with the action and no roll. A neutral
planet falls to one hit (planets never shoot back); an infestation to two hits in
one action.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from voidtable.engine.dice import Die, roll

from .actions import (BEFRIEND_NOW, CASUALTY, HOLD_FIRE, LEAVE, NOT_NOW, PASS, PAY_SHOOTING_STAR, RETREAT, STAY, TAKE,
                      TARGET)
from .cards import of_type
from .events import (AttackCancelled, Attacked, BattleOver, Damaged, Destroyed, HeldFire, HoldReason,
                     LeftPlanet, LevelFired, PiratesBeaten, Rerolled, Retreated, RollReason, Volley)
from .galaxy import distances
from .planets import (NOBODY, ally_with, benefits, clear_infestation, has_token, is_home, liberate, may_liberate,
                      take_control)
from .tactics import may_hold, pay, tactic_options
from .tasks import TASKS, BefriendNow, CancelAttack, ChooseTarget, LevelDice, PayToFire, Reroll, EndBattle, FireLevel, RetreatChoice, TakeCasualty, TakePlanet

if TYPE_CHECKING:
    from voidtable.engine.actions import Action

    from .state import EmpiresState

LEVELS = 5


def ships_at(s: "EmpiresState", seat: int, space: str) -> list[int]:
    return sorted(i for i, sh in s.ships.items() if sh.owner == seat and sh.space == space)


def rollers_at(s: "EmpiresState", seat: int, space: str) -> list[int]:
    return [i for i in ships_at(s, seat, space) if s.r.ship(s.ships[i].kind).dice > 0]


def presence(s: "EmpiresState") -> dict[tuple[int, str], bool]:
    """(owner, space) -> whether the owner has an armed ship there, for every owner and space with ships."""
    armed_kinds = s.r.armed
    out: dict[tuple[int, str], bool] = {}
    for sh in s.ships.values():
        k = (sh.owner, sh.space)
        if not out.get(k):
            out[k] = sh.kind in armed_kinds
    return out


def targets(s: "EmpiresState", seat: int, space: str,
            at: dict[tuple[int, str], bool] | None = None) -> list[Any]:
    """What ``seat`` may attack at ``space`` (``at``: :func:`presence`, when the caller asks for many spaces)."""
    at = presence(s) if at is None else at
    armed = at.get((seat, space))
    if armed is None:
        return []
    c = s.control.get(space)
    out: list[Any] = []
    if c is not None and c.neutral and armed and has_token(s, seat):
        out.append("planet")
    for q in range(s.r.players):
        if q == seat:
            continue
        defends = (q, space) in at
        if (defends and armed) or (not defends and c is not None and c.controller == q):
            out.append(q)
    if c is not None and c.infester not in (NOBODY, seat) and armed:
        out.append("infestation")
    if armed and s.tokens.get(space) == "pirates":
        out.append("pirates")
    return out


def attack_spaces(s: "EmpiresState", seat: int) -> list[str]:
    at = presence(s)
    spaces = sorted({space for owner, space in at if owner == seat})
    return [sp for sp in spaces if targets(s, seat, sp, at)]


def start_attack(s: "EmpiresState", seat: int, space: str) -> list[tuple[Any, ...]]:
    return [ChooseTarget(seat, space)]


def target_legal(s: "EmpiresState", task: ChooseTarget) -> list["Action"]:
    return [TARGET(t) for t in targets(s, task.seat, task.space)]


@TASKS.decision(ChooseTarget, legal=target_legal)
def choose_target(s: "EmpiresState", task: ChooseTarget, action: "Action") -> None:
    seat, space, target = task.seat, task.space, action.arg
    s.emit(Attacked(seat, space, target))
    if target == "planet":
        hits = volley(s, seat, space)
        if hits >= s.r.g.neutral_planet_hits:
            take_control(s, seat, space)
        return
    if target == "pirates":
        if volley(s, seat, space) >= 1:
            del s.tokens[space]
            s.credits[seat] += 2
            s.emit(PiratesBeaten(seat, space, 2))
        return
    if target == "infestation":
        hits = volley(s, seat, space)
        if hits >= s.r.g.infest_removal_hits:
            clear_infestation(s, seat, space)
        return
    if may_hold(s, target, ("cancel_attack",)):
        s.push(CancelAttack(target, seat, space))
        return
    engage(s, seat, target, space)


def engage(s: "EmpiresState", seat: int, target: int, space: str) -> None:
    """The attack on a player goes ahead: an undefended planet, a Retreat offer, or the battle."""
    if not ships_at(s, target, space):
        s.push(TakePlanet(seat, space))  # undefended: taken with the action, no roll
        return
    if retreat_to(s, target, space):
        s.push(RetreatChoice(target, seat, space))
        return
    s.push(FireLevel(seat, target, space, 0))


def cancel_legal(s: "EmpiresState", task: CancelAttack) -> list["Action"]:
    return [*tactic_options(s, task.seat, ("cancel_attack",)), PASS()]


@TASKS.decision(CancelAttack, legal=cancel_legal, private=True)
def cancel_attack(s: "EmpiresState", task: CancelAttack, action: "Action") -> None:
    """The Peaceful Tactic: the attack is off before any die; the attacker's action is spent."""
    if action.kind == "pass":
        engage(s, task.attacker, task.seat, task.space)
        return
    pay(s, task.seat, action.arg)
    s.emit(AttackCancelled(task.seat, task.attacker, task.space))


def retreat_to(s: "EmpiresState", seat: int, space: str) -> list[str]:
    """Bindok II's Retreat: with a credit, the nearest other planets the seat controls (by lines, obstacles
    ignored); when several are equally near, the retreating player picks one (book). None: no Retreat."""
    if "retreat" not in benefits(s, seat).abilities or s.credits[seat] < 1:
        return []
    dist = distances(s.graph, space)
    held = [p for p, c in s.control.items() if c.controller == seat and p != space and p in dist]
    if not held:
        return []
    nearest = min(dist[p] for p in held)
    return sorted(p for p in held if dist[p] == nearest)


def retreat_legal(s: "EmpiresState", task: RetreatChoice) -> list["Action"]:
    return [*(RETREAT(p) for p in retreat_to(s, task.seat, task.space)), STAY()]


@TASKS.decision(RetreatChoice, legal=retreat_legal)
def retreat_choice(s: "EmpiresState", task: RetreatChoice, action: "Action") -> None:
    """Before any die: pay 1 credit and take every ship on the space to the chosen nearest controlled planet."""
    if action.kind == "stay":
        s.push(FireLevel(task.attacker, task.seat, task.space, 0))
        return
    dest = str(action.arg)
    s.credits[task.seat] -= 1
    for i in ships_at(s, task.seat, task.space):
        s.ships[i] = s.ships[i]._replace(space=dest)
    s.emit(Retreated(task.seat, task.space, dest))
    c = s.control.get(task.space)
    if c is not None and c.controller == task.seat:
        s.push(TakePlanet(task.attacker, task.space))  # the planet is left undefended (a reading)


def fire(s: "EmpiresState", ship_id: int, why: RollReason) -> int:
    """One ship's dice at its attack number: the hits."""
    return fire_dice(s, ship_id, why)[0]


def fire_dice(s: "EmpiresState", ship_id: int, why: RollReason, pay: bool = True) -> tuple[int, int]:
    """One ship's dice at its attack number (hits, misses); a ship with a firing cost pays it or holds fire."""
    ship = s.ships[ship_id]
    data = s.r.ship(ship.kind)
    if data.fire_cost:
        if not pay or s.credits[ship.owner] < data.fire_cost:
            why_not: HoldReason = "no credit" if s.credits[ship.owner] < data.fire_cost else "held"
            s.emit(HeldFire(ship.owner, ship_id, why_not))
            return 0, 0
        s.credits[ship.owner] -= data.fire_cost
    dice = [roll(s.rng, Die(6), s.emit, seat=ship.owner, why=why) for _ in range(data.dice)]
    hits = sum(1 for v in dice if v >= data.attack)
    return hits, len(dice) - hits


def volley(s: "EmpiresState", seat: int, space: str) -> int:
    """Every armed ship of the seat at the space fires once, in initiative order (against a planet or infestation)."""
    order = sorted(rollers_at(s, seat, space), key=lambda i: (s.r.ship(s.ships[i].kind).initiative, i))
    hits = sum(fire(s, i, "attack") for i in order)
    s.emit(Volley(seat, space, hits))
    return hits


@TASKS.auto(FireLevel)
def fire_level(s: "EmpiresState", task: FireLevel) -> None:
    a, d, space, level = task.attacker, task.defender, task.space, task.level
    if not ships_at(s, a, space) or not ships_at(s, d, space) or level > LEVELS:
        s.push(EndBattle(a, d, space))
        return
    for side in (a, d):
        if side not in task.asked and pays_to_fire(s, side, space, level):
            s.push(PayToFire(side, task))
            return
    hits = {a: 0, d: 0}     # hits scored BY each side
    cloaked = {a: 0, d: 0}  # of which by cloaked ships (the shooter picks the casualty)
    missed: dict[int, list[int]] = {a: [], d: []}
    only = ""
    for side, other in ((a, d), (d, a)):
        cloak = not detected(s, other, space)
        for i in ships_at(s, side, space):
            data = s.r.ship(s.ships[i].kind)
            scored = misses = 0
            if level == 0:
                prey = data.pre_roll
                if prey and any(s.ships[j].kind == prey for j in ships_at(s, other, space)):
                    scored = fire_pre_roll(s, i)
                    only = prey
            elif data.dice and data.initiative == level:
                scored, misses = fire_dice(s, i, "attack", pay=side in task.paying)
            hits[side] += scored
            missed[side] += [i] * misses
            if cloak and has_effect(s, side, s.ships[i].kind, "cloaking"):
                cloaked[side] += scored
    s.emit(LevelFired(level, space, {str(a): hits[a], str(d): hits[d]}))
    dice = LevelDice(a, d, space, level, (hits[a], hits[d]), (cloaked[a], cloaked[d]),
                     (tuple(missed[a]), tuple(missed[d])), only)
    s.push(*reroll_windows(s, dice, (a, d)), dice)


def pays_to_fire(s: "EmpiresState", seat: int, space: str, level: int) -> bool:
    """The seat has ships at this level that cost credits to fire, and credits to pay."""
    cost = [s.r.ship(s.ships[i].kind).fire_cost for i in ships_at(s, seat, space)
            if s.r.ship(s.ships[i].kind).initiative == level and s.r.ship(s.ships[i].kind).dice]
    return any(cost) and s.credits[seat] >= min(c for c in cost if c)


def pay_legal(s: "EmpiresState", task: PayToFire) -> list["Action"]:
    return [PAY_SHOOTING_STAR(), HOLD_FIRE()]


@TASKS.decision(PayToFire, legal=pay_legal)
def pay_to_fire(s: "EmpiresState", task: PayToFire, action: "Action") -> None:
    """Pay (a credit per Shooting Star, as long as credits last) and fire, or hold fire at this level."""
    lv = task.level
    paying = (*lv.paying, task.seat) if action.kind == "pay_shooting_star" else lv.paying
    s.push(lv._replace(asked=(*lv.asked, task.seat), paying=paying))


def reroll_windows(s: "EmpiresState", dice: LevelDice, sides: tuple[int, ...]) -> list[tuple[Any, ...]]:
    """The next side (attacker first) with misses and the Militaristic re-roll in hand gets a window."""
    for side in sides:
        k = 0 if side == dice.attacker else 1
        if dice.missed[k] and may_hold(s, side, ("reroll",)):
            return [Reroll(side, dice)]
    return []


def reroll_legal(s: "EmpiresState", task: Reroll) -> list["Action"]:
    return [*tactic_options(s, task.seat, ("reroll",)), PASS()]


@TASKS.decision(Reroll, legal=reroll_legal, private=True)
def reroll(s: "EmpiresState", task: Reroll, action: "Action") -> None:
    """Re-roll every die of one's own that missed at this level (each once, at its ship's number)."""
    dice = task.dice
    k = 0 if task.seat == dice.attacker else 1
    if action.kind == "tactic":
        pay(s, task.seat, action.arg)
        other = dice.defender if k == 0 else dice.attacker
        cloak = not detected(s, other, dice.space)
        extra = cloaked_extra = 0
        for i in dice.missed[k]:
            data = s.r.ship(s.ships[i].kind)
            if roll(s.rng, Die(6), s.emit, seat=task.seat, why="re-roll") >= data.attack:
                extra += 1
                if cloak and has_effect(s, task.seat, s.ships[i].kind, "cloaking"):
                    cloaked_extra += 1
        hits = list(dice.hits)
        cloaked = list(dice.cloaked)
        hits[k] += extra
        cloaked[k] += cloaked_extra
        dice = dice._replace(hits=(hits[0], hits[1]), cloaked=(cloaked[0], cloaked[1]))
        s.emit(Rerolled(task.seat, len(dice.missed[k]), extra))
    later = (dice.defender,) if k == 0 else ()
    s.push(*reroll_windows(s, dice, later), dice)


@TASKS.auto(LevelDice)
def level_casualties(s: "EmpiresState", task: LevelDice) -> None:
    """The level's hits become casualties (the shooter picks for cloaked hits); then the next level."""
    a, d, space = task.attacker, task.defender, task.space
    only = task.only
    nxt: list[tuple[Any, ...]] = []
    for k, (side, other) in enumerate(((a, d), (d, a))):
        if task.cloaked[k]:
            nxt.append(TakeCasualty(side, other, space, task.cloaked[k], only))
        if task.hits[k] - task.cloaked[k]:
            nxt.append(TakeCasualty(other, other, space, task.hits[k] - task.cloaked[k], only))
    s.push(*nxt, FireLevel(a, d, space, task.level + 1))  # a new level: Shooting Star owners are asked again


def hits_to_destroy(s: "EmpiresState", seat: int, kind: str) -> int:
    """The ship's hits, one more with Shield Matrix (an assumed effect; repaired after the battle)."""
    return s.r.ship(kind).hits + (1 if has_effect(s, seat, kind, "shield") else 0)


def has_effect(s: "EmpiresState", seat: int, kind: str, effect: str) -> bool:
    """Whether the seat has a technology giving ``effect`` to ships of ``kind``."""
    return any(s.r.tech(t).effect == effect and kind in s.r.tech(t).ships for t in s.techs[seat])


def detected(s: "EmpiresState", by: int, space: str) -> bool:
    """Detection: a ship of ``by`` in the space with the ability cancels opposing cloaking there."""
    return any(has_effect(s, by, s.ships[i].kind, "detection") for i in ships_at(s, by, space))


def fire_pre_roll(s: "EmpiresState", ship_id: int) -> int:
    """A Fire Bug's free die before the battle, good only against Starfighters."""
    data = s.r.ship(s.ships[ship_id].kind)
    value = roll(s.rng, Die(6), s.emit, seat=s.ships[ship_id].owner, why="pre-roll")
    return 1 if value >= data.attack else 0


def casualty_legal(s: "EmpiresState", task: TakeCasualty) -> list["Action"]:
    seen: set[tuple[str, int]] = set()
    out = []
    for i in ships_at(s, task.victim, task.space):
        sh = s.ships[i]
        if task.only and sh.kind != task.only:
            continue
        if (sh.kind, sh.damage) not in seen:
            seen.add((sh.kind, sh.damage))
            out.append(CASUALTY(i))
    return out


@TASKS.decision(TakeCasualty, legal=casualty_legal)
def take_casualty(s: "EmpiresState", task: TakeCasualty, action: "Action") -> None:
    i = action.arg
    sh = s.ships[i]
    if sh.damage + 1 >= hits_to_destroy(s, sh.owner, sh.kind):
        del s.ships[i]
        s.emit(Destroyed(sh.owner, sh.kind, i, sh.space))
    else:
        s.ships[i] = sh._replace(damage=sh.damage + 1)
        s.emit(Damaged(sh.owner, sh.kind, i, sh.damage + 1))
    if task.hits > 1:
        s.push(task._replace(hits=task.hits - 1))


@TASKS.auto(EndBattle)
def end_battle(s: "EmpiresState", task: EndBattle) -> None:
    a, d, space = task
    for side in (a, d):
        for i in ships_at(s, side, space):
            sh = s.ships[i]
            if sh.damage and not s.r.ship(sh.kind).lasting_damage:
                s.ships[i] = sh._replace(damage=0)
    won = not ships_at(s, d, space) and bool(ships_at(s, a, space))
    s.emit(BattleOver(a, d, space, won))
    c = s.control.get(space)
    if won and c is not None and c.controller == d:
        s.push(TakePlanet(a, space))


def take_legal(s: "EmpiresState", task: TakePlanet) -> list["Action"]:
    c = s.control[task.planet]
    out = [TAKE("conquer")] if has_token(s, task.seat) or c.ally == task.seat else []
    if may_liberate(c) and not is_home(task.planet):
        out.append(TAKE("liberate"))
    return [*out, LEAVE()]


@TASKS.decision(TakePlanet, legal=take_legal)
def take_planet(s: "EmpiresState", task: TakePlanet, action: "Action") -> None:
    if action.kind == "leave":
        s.emit(LeftPlanet(task.seat, task.planet))
        return
    if action.arg == "conquer":
        take_control(s, task.seat, task.planet)
        return
    liberate(s, task.seat, task.planet)
    if of_type(s, task.seat, s.r.planet(task.planet).temperament):
        s.push(BefriendNow(task.seat, task.planet))


def befriend_legal(s: "EmpiresState", task: BefriendNow) -> list["Action"]:
    return [BEFRIEND_NOW(), NOT_NOW()] if has_token(s, task.seat) else [NOT_NOW()]


@TASKS.decision(BefriendNow, legal=befriend_legal)
def befriend_now(s: "EmpiresState", task: BefriendNow, action: "Action") -> None:
    """Right after liberating: one card of the planet's temperament allies it, no action, no roll."""
    if action.kind == "not_now":
        return
    card = of_type(s, task.seat, s.r.planet(task.planet).temperament)[0]
    s.hands[task.seat].remove(card)
    s.discard.append(card)
    ally_with(s, task.seat, task.planet)
