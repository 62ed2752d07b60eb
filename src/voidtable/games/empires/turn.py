"""A player's turn: three actions (MOVE, ATTACK, CULTURE, MINE, DIPLOMACY, race actions), then income.

An action may be repeated except MINE (once a turn). A player may end the turn
with actions left (a reading: the book never forces an action). Two players: up
to two swaps with the face-up row each turn, costing no action.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from voidtable.engine.dice import Die, roll

from .actions import (ATTACK, CARRY, EXTRA_MOVE, MIND_CONTROL, MOVE_ALL, MOVE_ALL_DONE, PASS, PERMIT, REFUSE,
                      CULTURE, DIPLOMACY, DISCARD, END_TURN, INFEST, MINE, MOVE, STOP, SWAP, TO)
from .cards import can_draw, card_with_key, check_hand_limit, draw, hand_limit, key, of_type
from .combat import attack_spaces, start_attack
from .events import (DiplomacyRolled, Discarded, DistressAnswered, ExtraMove, IncomeCollected,
                     InfestRolled, MindControlled, Mined, Moved, Swapped, TractorBeamAnswered,
                     TurnEnded, TurnStarted)
from .galaxy import can_leave
from .movement import beam_spaces, destinations, held_by, leg, move_value, passengers, passes, storm_spaces
from .planets import ally_with, benefits, has_token, infest
from .tactics import may_hold, pay, tactic_options
from .trade import offer_options, start_offer
from .tasks import (TASKS, BoostDiplomacy, ChooseAction, DiscardDown, EndTurn, FreeMove, MoveAll, MoveShip,
                    StartTurn, TractorPermission)

if TYPE_CHECKING:
    from voidtable.engine.actions import Action

    from .state import EmpiresState


@TASKS.auto(StartTurn)
def start_turn(s: "EmpiresState", task: StartTurn) -> None:
    s.active, s.mined, s.swaps, s.used = task.seat, False, 0, ()
    s.emit(TurnStarted(task.seat, s.round))
    s.push(ChooseAction(task.seat, s.r.g.actions_per_turn), EndTurn(task.seat))


def movable(s: "EmpiresState", seat: int) -> list[int]:
    """One ship of each (kind, space, damage) that can go somewhere: alike ships are one choice.

    One step is enough to know that a ship can go somewhere (every move value is at least 1),
    and the answer is the same for every ship at a space that crosses the same obstacles.
    """
    first: dict[tuple[str, str, int], int] = {}   # each group's lowest id (the one offered)
    for i, sh in s.ships.items():
        if sh.owner == seat:
            k = (sh.kind, sh.space, sh.damage)
            j = first.get(k)
            if j is None or i < j:
                first[k] = i
    if not first:
        return []
    out = []
    can_pass, beams = passes(s, seat), beam_spaces(s, seat)
    blocked = storm_spaces(s)
    free: dict[tuple[str, bool], bool] = {}
    ships = s.r.data.ships
    for (kind, space, _), i in first.items():
        ship = ships[kind]
        if ship.move < 1:
            if destinations(s, i, ways=(can_pass, beams)):
                out.append(i)
            continue
        way = (space, ship.ignores_obstacles)
        if way not in free:
            free[way] = can_leave(s.graph, space, can_pass, s.asteroid_spaces, ship.ignores_obstacles, blocked)
        if free[way]:
            out.append(i)
    out.sort()
    return out


def diplomacy_options(s: "EmpiresState", seat: int) -> list[tuple[str, int]]:
    """(planet, cards) for each neutral planet where the seat has a Diplomat, 1..4 cards of its temperament."""
    out = []
    spaces = {sh.space for sh in s.ships.values() if sh.owner == seat and sh.kind == "diplomat"}
    if not spaces or not has_token(s, seat):
        return []
    for planet in sorted(spaces):
        c = s.control.get(planet)
        if c is None or not c.neutral or s.tokens.get(planet) == "pirates":
            continue
        held = len(of_type(s, seat, s.r.planet(planet).temperament))
        out += [(planet, n) for n in range(1, min(held, 4) + 1)]
    return out


def infest_options(s: "EmpiresState", seat: int) -> list[str]:
    """Sreech: planets with an Infestor of theirs that they neither control nor infest already: neutral
    ones and other players', home worlds included (a home world is a planet its owner controls)."""
    if s.r.race(s.race[seat]).ability != "infest":
        return []
    out = set()
    for sh in s.ships.values():
        if sh.owner == seat and sh.kind == "infestor":
            c = s.control.get(sh.space)
            if c is not None and c.controller != seat and c.infester != seat:  # home worlds too (planets)
                out.add(sh.space)
    return sorted(out)


def swap_options(s: "EmpiresState", seat: int) -> list["Action"]:
    if s.r.players != 2 or s.swaps >= s.r.g.two_player_swaps or not s.row:
        return []
    hand = sorted({key(s, c) for c in s.hands[seat]})
    row = sorted({key(s, c) for c in s.row})
    return [SWAP((h, w)) for h in hand for w in row if h != w]


def action_legal(s: "EmpiresState", task: ChooseAction) -> list["Action"]:
    seat = task.seat
    ships = movable(s, seat)
    out: list[Action] = [MOVE(i) for i in ships]
    out += [ATTACK(sp) for sp in attack_spaces(s, seat)]
    if can_draw(s):
        out.append(CULTURE())
    if not s.mined:
        out.append(MINE())
    out += [DIPLOMACY(o) for o in diplomacy_options(s, seat)]
    out += [INFEST(p) for p in infest_options(s, seat)]
    out += [MIND_CONTROL(i) for i in mind_control_options(s, seat)]
    out += offer_options(s, seat)
    if task.left >= 2 and ships and any(s.r.tech(t).effect == "warp_gate" for t in s.techs[seat]):
        out.append(MOVE_ALL())
    moving = ("step", "free_move") if ships else ()
    out += tactic_options(s, seat, ("credit", "credits", "extra_action", *moving))
    if may_extra_move(s, seat, ships):
        out.append(EXTRA_MOVE())
    out += swap_options(s, seat)
    out.append(END_TURN())
    return out


@TASKS.decision(ChooseAction, legal=action_legal, private=True)
def choose_action(s: "EmpiresState", task: ChooseAction, action: "Action") -> None:
    seat, kind = task.seat, action.kind
    if kind == "end_turn":
        s.emit(TurnEnded(seat, task.left))
        return
    if kind == "swap":
        swap(s, seat, action.arg)
        s.push(task)
        return
    if kind == "offer_to":
        s.push(task)
        start_offer(s, seat, action.arg)
        return
    if kind == "tactic":
        play_own_turn_tactic(s, task, pay(s, seat, action.arg))
        return
    if kind == "extra_move":
        s.credits[seat] -= extra_move_cost(s)
        s.used = (*s.used, "extra_move")
        s.emit(ExtraMove(seat, extra_move_cost(s)))
        s.push(FreeMove(seat), task)
        return
    after = [task._replace(left=task.left - 1)] if task.left > 1 else []
    if kind == "move":
        s.push(MoveShip(seat, action.arg), *after)
    elif kind == "move_all":
        s.push(MoveAll(seat, ()), *([task._replace(left=task.left - 2)] if task.left > 2 else []))
    elif kind == "attack":
        s.push(*start_attack(s, seat, action.arg), *after)
    elif kind == "culture":
        s.push(*after)
        culture(s, seat)
    elif kind == "mine":
        mine(s, seat)
        s.push(*after)
    elif kind == "diplomacy":
        s.push(*after)
        diplomacy(s, seat, *action.arg)
    elif kind == "mind_control":
        s.used = (*s.used, "mind_control")
        s.emit(MindControlled(seat, action.arg, s.ships[action.arg].owner))
        s.push(MoveShip(seat, action.arg), *after)
    elif kind == "infest":
        try_infest(s, seat, action.arg)
        s.push(*after)


def permission_legal(s: "EmpiresState", task: TractorPermission) -> list["Action"]:
    return [PERMIT(), REFUSE()]


@TASKS.decision(TractorPermission, legal=permission_legal)
def tractor_permission(s: "EmpiresState", task: TractorPermission, action: "Action") -> None:
    """Tractor Beam: the ship leaves the beam's space for ``to`` only if every holder permits (asked in
    seat order); a refusal ends the move where the ship is."""
    permitted = action.kind == "permit"
    s.emit(TractorBeamAnswered(task.seat, task.mover, task.ship, s.ships[task.ship].space, task.to, permitted))
    if not permitted:
        end_move(s, task.move, moved=task.move.onward)
    elif task.others:
        s.push(task._replace(seat=task.others[0], others=task.others[1:]))
    else:
        go(s, task.move, task.to)


def play_own_turn_tactic(s: "EmpiresState", task: ChooseAction, name: str) -> None:
    """Credits, a free step or move, or one more action (no action spent on the Tactic itself)."""
    seat = task.seat
    if name == "credit":
        s.credits[seat] += 1
    elif name == "credits":
        s.credits[seat] += 3
    elif name == "extra_action":
        task = task._replace(left=task.left + 1)
    s.push(task)
    if name == "step":
        s.push(FreeMove(seat, 1))
    elif name == "free_move":
        s.push(FreeMove(seat))


def to_legal(s: "EmpiresState", task: MoveShip) -> list["Action"]:
    """Riders to pick up (at the start only), the spaces of this leg, and, stopped in a Tractor Beam, the end."""
    riders = [CARRY(i) for i in passengers(s, task.ship, task.carried) if task.moved is None or i not in task.moved] \
        if s.ships[task.ship].owner == task.seat and not task.onward else []
    return [*riders, *(TO(sp) for sp in destinations(s, task.ship, task.steps)), *([STOP()] if task.onward else [])]


@TASKS.decision(MoveShip, legal=to_legal)
def move_ship(s: "EmpiresState", task: MoveShip, action: "Action") -> None:
    """The ship (and whoever rides with its Diplomat) goes to the chosen space; leaving an opponent's
    Tractor Beam's space first asks that opponent."""
    if action.kind == "carry":
        s.push(task._replace(carried=(*task.carried, action.arg)))
        return
    if action.kind == "stop":
        end_move(s, task, moved=True)
        return
    holders = [q for q in held_by(s, task.ship) if q != task.seat]
    if holders:
        s.push(TractorPermission(holders[0], task.seat, task.ship, action.arg, tuple(holders[1:]), task))
        return
    go(s, task, action.arg)


def go(s: "EmpiresState", task: MoveShip, to: str) -> None:
    """One leg of the move: the ship and its riders go to ``to``. Stopped in an opponent's Tractor Beam
    with steps left and somewhere to go, the mover may carry on (``onward``); otherwise the move ends."""
    ship = s.ships[task.ship]
    left = (move_value(s, task.ship) if task.steps < 0 else task.steps) - leg(s, task.ship, task.steps)[to]
    for i in (task.ship, *task.carried):
        s.ships[i] = s.ships[i]._replace(space=to)
    s.emit(Moved(task.seat, ship.kind, task.ship, ship.space, to, task.carried, ship.owner))
    if left > 0 and held_by(s, task.ship) and destinations(s, task.ship, left):
        s.push(task._replace(steps=left, onward=True))
        return
    end_move(s, task, moved=True)


def end_move(s: "EmpiresState", task: MoveShip, moved: bool) -> None:
    """The move ends where the ship is (``moved``: it went somewhere): the first ship to end a move on a
    Distress Call answers it; inside a Warp Gate move-all, the next ship may move."""
    space = s.ships[task.ship].space
    if moved and s.tokens.get(space) == "distress_call":
        answer_distress_call(s, s.ships[task.ship].owner, space)
    if task.moved is not None:
        s.push(MoveAll(task.seat, (*task.moved, task.ship, *task.carried)))


def move_all_legal(s: "EmpiresState", task: MoveAll) -> list["Action"]:
    """Each ship not yet moved (alike ships once), or the end of the move-all."""
    seen: set[tuple[str, str, int]] = set()
    out: list[Action] = []
    for i, sh in sorted(s.ships.items()):
        k = (sh.kind, sh.space, sh.damage)
        if sh.owner == task.seat and i not in task.moved and k not in seen and destinations(s, i):
            seen.add(k)
            out.append(MOVE(i))
    return [*out, MOVE_ALL_DONE()]


@TASKS.decision(MoveAll, legal=move_all_legal)
def move_all(s: "EmpiresState", task: MoveAll, action: "Action") -> None:
    if action.kind == "move":
        s.push(MoveShip(task.seat, action.arg, moved=task.moved))


def answer_distress_call(s: "EmpiresState", seat: int, planet: str) -> None:
    """The first ship to end a move on the Distress Call's planet: its owner draws two cards (assumed)."""
    del s.tokens[planet]
    s.emit(DistressAnswered(seat, planet))
    for _ in range(2):
        draw(s, seat)
    check_hand_limit(s, seat)


def mind_control_options(s: "EmpiresState", seat: int) -> list[int]:
    """Siri, once a turn: an opponent's ship sharing a space with a Siri ship (alike ships offered once)."""
    if s.r.race(s.race[seat]).ability != "mind_control" or "mind_control" in s.used:
        return []
    mine = {sh.space for sh in s.ships.values() if sh.owner == seat}
    seen: set[tuple[int, str, str, int]] = set()
    out = []
    for i, sh in sorted(s.ships.items()):
        k = (sh.owner, sh.kind, sh.space, sh.damage)
        if sh.owner != seat and sh.space in mine and k not in seen and destinations(s, i):
            seen.add(k)
            out.append(i)
    return out


def extra_move_cost(s: "EmpiresState") -> int:
    return 2


def may_extra_move(s: "EmpiresState", seat: int, ships: list[int] | None = None) -> bool:
    """Narkani (assumed): once a turn, 2 credits buy a MOVE that costs no action (``ships``: :func:`movable`, if known)."""
    return (s.r.race(s.race[seat]).ability == "extra_move" and "extra_move" not in s.used
            and s.credits[seat] >= extra_move_cost(s) and bool(movable(s, seat) if ships is None else ships))


def free_move_legal(s: "EmpiresState", task: FreeMove) -> list["Action"]:
    """Any ship that can go somewhere (a Tractor Beam's owner is asked when the move would leave its space)."""
    return [MOVE(i) for i in movable(s, task.seat)]


@TASKS.decision(FreeMove, legal=free_move_legal)
def free_move(s: "EmpiresState", task: FreeMove, action: "Action") -> None:
    s.push(MoveShip(task.seat, action.arg, steps=task.steps))


def culture(s: "EmpiresState", seat: int) -> None:
    """CULTURE: draw a diplomacy card (at the limit, then discard one)."""
    if draw(s, seat):
        check_hand_limit(s, seat)


def mine(s: "EmpiresState", seat: int) -> None:
    """MINE: 1 credit, once a turn (a technology or a planet may add one)."""
    gain = s.r.g.mine_credits
    gain += sum(1 for t in s.techs[seat] if s.r.tech(t).effect == "mine")
    gain += 1 if "mine" in benefits(s, seat).abilities else 0
    s.credits[seat] += gain
    s.mined = True
    s.emit(Mined(seat, gain))


def diplomacy_target(s: "EmpiresState", seat: int, cards: int) -> int:
    target = s.r.race(s.race[seat]).diplomacy_targets[cards - 1]
    if "diplomacy_bonus" in benefits(s, seat).abilities:
        target -= 2
    return target


def diplomacy(s: "EmpiresState", seat: int, planet: str, cards: int) -> None:
    """DIPLOMACY: roll three dice against the board's number for the cards played; success discards them and allies."""
    target = diplomacy_target(s, seat, cards)
    dice = [roll(s.rng, Die(6), s.emit, seat=seat, why="diplomacy") for _ in range(s.r.g.diplomacy_dice)]
    total = sum(dice)
    ok = total >= target
    s.emit(DiplomacyRolled(seat, planet, cards, total, target, ok))
    if ok:
        befriend(s, seat, planet, cards)
    elif total + 2 >= target and may_hold(s, seat, ("plus_two",), spare=cards):
        s.push(BoostDiplomacy(seat, planet, cards))


def befriend(s: "EmpiresState", seat: int, planet: str, cards: int) -> None:
    for c in of_type(s, seat, s.r.planet(planet).temperament)[:cards]:
        s.hands[seat].remove(c)
        s.discard.append(c)
    ally_with(s, seat, planet)


def boost_options(s: "EmpiresState", seat: int, planet: str, cards: int) -> list["Action"]:
    """The +2 Tactic, if the cards played for the attempt are still there after paying for it."""
    spare = len(of_type(s, seat, "peaceful")) - (cards if s.r.planet(planet).temperament == "peaceful" else 0)
    if spare < s.r.data.diplomacy.cards_needed["plus_two"]:
        return []
    return tactic_options(s, seat, ("plus_two",))


def boost_legal(s: "EmpiresState", task: BoostDiplomacy) -> list["Action"]:
    return [*boost_options(s, task.seat, task.planet, task.cards), PASS()]


@TASKS.decision(BoostDiplomacy, legal=boost_legal, private=True)
def boost_diplomacy(s: "EmpiresState", task: BoostDiplomacy, action: "Action") -> None:
    """After seeing a failed roll: +2 turns it into a success."""
    if action.kind == "pass":
        return
    pay(s, task.seat, action.arg)
    befriend(s, task.seat, task.planet, task.cards)


def try_infest(s: "EmpiresState", seat: int, planet: str) -> None:
    """Infest (Sreech): one die, 3 or more (Spore Pods: one less, an assumed effect)."""
    need = s.r.g.infest_min - (1 if any(s.r.tech(t).effect == "spore_pods" for t in s.techs[seat]) else 0)
    value = roll(s.rng, Die(6), s.emit, seat=seat, why="infest")
    s.emit(InfestRolled(seat, planet, value, need))
    if value >= need:
        infest(s, seat, planet)


def swap(s: "EmpiresState", seat: int, arg: tuple[str, str]) -> None:
    mine_key, row_key = arg
    a = card_with_key(s.hands[seat], s, mine_key)
    b = card_with_key(s.row, s, row_key)
    s.hands[seat].remove(a)
    s.row.remove(b)
    s.hands[seat].append(b)
    s.row.append(a)
    s.swaps += 1
    s.emit(Swapped(seat, mine_key, row_key))


def discard_legal(s: "EmpiresState", task: DiscardDown) -> list["Action"]:
    if len(s.hands[task.seat]) <= hand_limit(s, task.seat):
        return []
    return [DISCARD(k) for k in sorted({key(s, c) for c in s.hands[task.seat]})]


@TASKS.decision(DiscardDown, legal=discard_legal, private=True)
def discard_down(s: "EmpiresState", task: DiscardDown, action: "Action") -> None:
    c = card_with_key(s.hands[task.seat], s, action.arg)
    s.hands[task.seat].remove(c)
    s.discard.append(c)
    s.emit(Discarded(task.seat, action.arg))
    check_hand_limit(s, task.seat)


def income(s: "EmpiresState", seat: int) -> int:
    """The board's credits plus every controlled planet's, New Earth's included (a technology may add)."""
    total = s.r.race(s.race[seat]).credits + benefits(s, seat).credits
    for t in s.techs[seat]:
        if s.r.tech(t).effect == "income":
            total += 2
    return total


@TASKS.auto(EndTurn)
def end_turn(s: "EmpiresState", task: EndTurn) -> None:
    gain = income(s, task.seat)
    s.credits[task.seat] += gain
    s.emit(IncomeCollected(task.seat, gain, s.credits[task.seat]))
