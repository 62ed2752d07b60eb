"""Turn step 4: one Raid.

Three kinds, as the rulebook describes them:

- **same-hex raid**: a player with ships in a hex raids another player's ships
  there; all of both players' ships in and round the hex take part. Other
  players with ships in the hex or on its blockade positions, and a Battleship
  next to it, may choose to join. An Alliance Battleship next door may also
  start such a raid.
- **blockade raid**: a ship in a hex centre raids one ship on an edge of that
  hex, one against one.
- **towing**: a player 'captures' their own asterisk ship (Medsat, Yacht) with
  another of their ships in the hex, so that ship can carry it later.

Locating: a ship that 'requires X Moves to locate' is involved only if the
raider's ships in the hex have a total Move of at least X (the number depends
on the hex: Planet, Asteroids or elsewhere).

Rounds: every participant rolls one die per remaining Fight point; 5s and 6s
are hits that remove dice from the opponent its roller names. After a round:
an Ambunaut in the hex may be sacrificed to cancel that round's damage, the
Medics may declare Amnesty (the raid stops, no retreat), and each participant
may retreat one hex (not across a blockade; with nowhere to go the retreating
ships are destroyed). At the end each participant decides which ships absorb
the lost dice: a ship loses only if all its dice are lost; an asterisk ship
is captured instead of destroyed. Damage does not carry over.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from voidtable.engine import dice
from voidtable.engine.actions import Action
from voidtable.engine.errors import RulesInvariantError
from voidtable.engine.fields import LIST, VALUE, CopyRule, Fields
from voidtable.engine.types import HexId, Seat, ShipId

from . import factions, scoring
from .data import D6
from .events import (AmnestyDeclared, Captured, Destroyed, RaidDamage, RaidDeclared, RaidJoined, RaidKind, RaidOver, RaidRolled,
                     Retreated, RetreatBlocked, RetreatDeclared, RoundNegated, Sacrificed)
from .flow import (
    TASKS,
    Aim,
    Amnesty,
    AmnestyCheck,
    Counter,
    Join,
    Lose,
    LossesApply,
    RaidChoice,
    RaidClear,
    RaidEnd,
    RaidEngaged,
    RaidRound,
    Retreat,
    RetreatAfter,
    RetreatApply,
    RetreatCheck,
    RetreatMove,
    RetreatPick,
    RetreatTo,
    RoundApply,
    RoundSacrifice,
    Sacrifice,
    yes_no,
)
from .positions import BOARD, CAPTURED, DESTROYED, anchors, around, can_fit, lift, repair, restore, settle, ships_in, where_json

if TYPE_CHECKING:
    from voidtable.engine.flow import Task

    from .state import BlackSunState

#: a dict of lists (seat -> ships): both levels copied
LISTS_BY_KEY = CopyRule("lists_by_key", "{k: x[:] for k, x in v.items()}")
#: a dict of immutable values
DICT_COPY = CopyRule("dict", "v.copy()")


@dataclass
class Raid:
    """The raid under way: who takes part with which ships, dice, damage, and the current round."""

    hex: HexId
    kind: RaidKind                # a same-hex raid or a blockade raid
    initiator: Seat
    target: Seat
    parts: list[Seat] = field(default_factory=list)                 # participants, in joining order
    ships: dict[Seat, list[ShipId]] = field(default_factory=dict)   # each participant's ships involved
    total: dict[Seat, int] = field(default_factory=dict)            # dice at the start (Fight)
    lost: dict[Seat, int] = field(default_factory=dict)             # dice lost so far
    hits_on: dict[tuple[Seat, Seat], int] = field(default_factory=dict)  # (hitter, hit) -> hits, over the raid
    pending: dict[Seat, int] = field(default_factory=dict)          # this round's hits
    aim: dict[Seat, Seat] = field(default_factory=dict)             # this round: whose dice each seat's hits remove
    retreating: list[Seat] = field(default_factory=list)
    out: list[Seat] = field(default_factory=list)                   # participants who left (retreated or done)
    ended: bool = False
    negated: bool = False
    round: int = 0
    doom: dict[Seat, list[ShipId]] = field(default_factory=dict)    # ships each participant will lose

    def copy(self) -> "Raid":
        return _copy_raid(self)  # type: ignore[no-any-return]

    def snapshot(self) -> dict[str, Any]:
        return RAID_FIELDS.snapshot(self)

    def add(self, s: "BlackSunState", seat: Seat, ships: list[ShipId]) -> None:
        self.parts.append(seat)
        self.ships[seat] = list(ships)
        self.total[seat] = sum(s.sfight[x] for x in ships)
        self.lost[seat] = 0

    def remaining(self, seat: Seat) -> int:
        return self.total[seat] - self.lost[seat]

    def active(self) -> list[Seat]:
        return [q for q in self.parts if q not in self.out and self.remaining(q) > 0]

    def to_json(self, s: "BlackSunState") -> dict[str, Any]:
        return {
            "hex": list(s.board.coords[self.hex]), "kind": self.kind, "initiator": self.initiator, "target": self.target,
            "participants": list(self.parts), "ships": {str(k): list(v) for k, v in self.ships.items()},
            "dice": {str(k): self.total[k] for k in self.parts}, "lost": {str(k): self.lost[k] for k in self.parts},
            "round": self.round, "out": list(self.out), "ended": self.ended,
        }


#: How a Raid is copied (``Raid.copy``, generated like a state's clone), field by field.
RAID_FIELDS = Fields(
    "blacksun.raid",
    hex=VALUE, kind=VALUE, initiator=VALUE, target=VALUE, parts=LIST, ships=LISTS_BY_KEY, total=DICT_COPY, lost=DICT_COPY,
    hits_on=DICT_COPY, pending=DICT_COPY, aim=DICT_COPY, retreating=LIST, out=LIST, ended=VALUE, negated=VALUE, round=VALUE,
    doom=LISTS_BY_KEY,
)
_copy_raid = RAID_FIELDS.clone_function()


def raid_of(s: "BlackSunState") -> Raid:
    """The raid under way (raid tasks run only inside one)."""
    r = s.raid
    if r is None:
        raise RulesInvariantError("blacksun: a raid step without a raid under way")
    return r


# ---------------------------------------------------------------- who may raid what


def can_target(s: "BlackSunState", a: Seat, b: Seat) -> bool:
    return a != b and not factions.may_not_raid(s, a, b)


def locate_need(s: "BlackSunState", ship: ShipId, h: HexId) -> int:
    card = s.R.ships[s.stype[ship]]
    kind = s.board.kind[h]
    if kind == "planet":
        return card.locate_planet
    if kind == "asteroids":
        return card.locate_asteroids
    return card.locate_other


def locate_power(s: "BlackSunState", p: Seat, h: HexId) -> int:
    """Total Move of the ships ``p`` controls in ``h``."""
    return sum(s.smove[x] for x in ships_in(s, h) if s.ctrl[x] == p)


def located(s: "BlackSunState", ship: ShipId, p: Seat, h: HexId, power: int | None = None) -> bool:
    need = locate_need(s, ship, h)
    if need <= 0:
        return True
    return (locate_power(s, p, h) if power is None else power) >= need


def reach_hexes(s: "BlackSunState", ship: ShipId) -> set[HexId]:
    """Hexes next to where a Battleship is."""
    out: set[int] = set()
    for a in anchors(s, ship):
        for n in s.board.nbr[a]:
            if n >= 0:
                out.add(n)
    return out - set(anchors(s, ship))


def involvement(s: "BlackSunState", q: Seat, h: HexId) -> list[ShipId]:
    """Ships ``q`` brings to a raid in ``h``: in the centre or on an edge of ``h``, plus a Battleship next door."""
    out = [x for x in around(s, h) if s.ctrl[x] == q]
    for x in range(len(s.owner)):
        if s.ctrl[x] == q and s.sstate[x] == BOARD and s.R.ships[s.stype[x]].reach and x not in out and h in reach_hexes(s, x):
            out.append(x)
    return out


def raid_options(s: "BlackSunState", p: Seat) -> list[Action]:
    b = s.board
    out = [Action("no_raid")]
    hexes: set[int] = set()
    for x in range(len(s.owner)):
        if s.ctrl[x] == p and s.sstate[x] == BOARD:
            hexes.update(anchors(s, x))
            if s.R.ships[s.stype[x]].reach:
                hexes.update(reach_hexes(s, x))
    towed_seen: set[int] = set()
    ctrl, n, centre, occ, owner = s.ctrl, s.n, s.centre, s.edge_occ, s.owner
    may: dict[int, bool] = {}  # can_target(p, q) per q: the same answer for every hex

    def target_ok(q: int) -> bool:
        r = may.get(q)
        if r is None:
            r = may[q] = can_target(s, p, q)
        return r

    for h in sorted(hexes):
        base = h * n
        central = [x for x in centre[base: base + n] if x >= 0]
        edged = [x for x in (occ[e] for e in b.hex_edge[h]) if x >= 0]
        here = central + [x for x in edged if centre[base + owner[x]] >= 0]  # ships_in(s, h)
        mine = [x for x in here if ctrl[x] == p]
        power = sum(s.smove[x] for x in mine)
        # same-hex raids
        targets = sorted({ctrl[x] for x in here if ctrl[x] != p and located(s, x, p, h, power)})
        for t in targets:
            if target_ok(t):
                out.append(Action("raid", (b.coords[h], t)))
        if not mine:
            continue  # only a Battleship next door: same-hex raids only
        # blockade raids: a centre ship against one edge ship
        attackers = [x for x in central if ctrl[x] == p]
        for e in b.hex_edge[h]:
            x = occ[e]
            if x < 0 or ctrl[x] == p or not target_ok(ctrl[x]) or not located(s, x, p, h, power):
                continue
            for a in attackers:
                out.append(Action("raid_blockade", (b.coords[h], a, x)))
        # towing one's own asterisk ship
        for x in central + edged:  # around(s, h)
            if x in towed_seen or not s.scap[x] or s.owner[x] != p or s.ctrl[x] != p:
                continue
            if any(y != x for y in mine):
                towed_seen.add(x)
                out.append(Action("tow_raid", (b.coords[h], x)))
    return out


# ---------------------------------------------------------------- declaring


def _raid_choice_legal(s: "BlackSunState", task: RaidChoice) -> list[Action]:
    return raid_options(s, task.seat)


@TASKS.decision(RaidChoice, _raid_choice_legal)
def raid_choice(s: "BlackSunState", task: RaidChoice, action: Action) -> None:
    p = task.seat
    k = action.kind
    if k == "no_raid":
        return
    h = s.board.hex_of(action.arg[0])
    if k == "tow_raid":
        tow(s, p, h, action.arg[1])
        return
    if k == "raid_blockade":
        _, attacker, target = action.arg
        r = Raid(h, "blockade", p, s.ctrl[target])
        r.add(s, p, [attacker])
        r.add(s, s.ctrl[target], [target])
        s.raid = r
        s.emit(RaidDeclared(kind="blockade", seat=p, hex=s.board.coords[h], attacker=attacker, target=target, defender=s.ctrl[target]))
        s.push(RaidEngaged(), AmnestyCheck(), RaidRound())
        return
    t = action.arg[1]
    r = Raid(h, "hex", p, t)
    power = locate_power(s, p, h)
    r.add(s, p, involvement(s, p, h))
    r.add(s, t, [x for x in involvement(s, t, h) if located(s, x, p, h, power)])
    s.raid = r
    s.emit(RaidDeclared(kind="hex", seat=p, hex=s.board.coords[h], defender=t, ships={str(p): tuple(r.ships[p]), str(t): tuple(r.ships[t])},
                        unlocated=tuple(x for x in involvement(s, t, h) if x not in r.ships[t])))
    joiners = [q for q in ((p + k2) % s.n for k2 in range(1, s.n)) if q != t and involvement(s, q, h)]
    s.push(*[Join(q) for q in joiners], RaidEngaged(), AmnestyCheck(), RaidRound())


def tow(s: "BlackSunState", p: Seat, h: HexId, ship: ShipId) -> None:
    """A raid on one's own asterisk ship: it is captured at once, ready to be towed."""
    escorts = frozenset(x for x in ships_in(s, h) if s.ctrl[x] == p and x != ship)
    loc = s.loc[ship]
    lift(s, ship)
    s.sstate[ship] = CAPTURED
    s.captures.append((ship, p, h, escorts, 2))
    s.emit(Captured(ship, s.owner[ship], p, s.board.coords[h], towing=True))
    if loc == h:
        repair(s, [(h, s.owner[ship])])


@TASKS.decision(Join, yes_no("join"))
def join(s: "BlackSunState", task: Join, action: Action) -> None:
    """Third parties round the hex (or a Battleship next to it) may take part."""
    q = task.seat
    if not action.arg:
        return
    r = raid_of(s)
    r.add(s, q, involvement(s, q, r.hex))
    s.emit(RaidJoined(q, tuple(r.ships[q])))


@TASKS.auto(RaidEngaged)
def raid_engaged(s: "BlackSunState", task: RaidEngaged) -> None:
    """Raid Transport / Raid Any Ship: points for the ships of others involved, destroyed or not."""
    r = raid_of(s)
    for q in r.parts:
        if q == r.target:
            continue  # being raided is not engaging in a raid
        others = [x for o in r.parts if o != q for x in r.ships[o]]
        scoring.award_condition(s, q, "raid_transport", sum(1 for x in others if s.stype[x] == "transport"))
        scoring.award_condition(s, q, "raid_any_ship", len(others))


# ---------------------------------------------------------------- rounds


def can_continue(s: "BlackSunState", r: Raid) -> bool:
    act = r.active()
    return any(can_target(s, a, b) for a in act for b in act)


def holders(s: "BlackSunState", h: HexId, flag: str) -> dict[Seat, list[ShipId]]:
    """Seats controlling a ship with ability ``flag`` in or round ``h``."""
    out: dict[Seat, list[ShipId]] = {}
    for x in around(s, h):
        if getattr(s.R.ships[s.stype[x]], flag):
            out.setdefault(s.ctrl[x], []).append(x)
    return out


@TASKS.auto(AmnestyCheck)
def amnesty_check(s: "BlackSunState", task: AmnestyCheck) -> None:
    r = raid_of(s)
    if r.ended:
        return
    seats = sorted(holders(s, r.hex, "amnesty"))
    s.push(*[Amnesty(q) for q in seats])


def _amnesty_legal(s: "BlackSunState", task: Amnesty) -> list[Action]:
    return [] if raid_of(s).ended else [Action("amnesty", False), Action("amnesty", True)]


@TASKS.decision(Amnesty, _amnesty_legal)
def amnesty(s: "BlackSunState", task: Amnesty, action: Action) -> None:
    """A Medsat in the hex lets its controller stop the raid: damage so far stands, nobody retreats."""
    if action.arg:
        raid_of(s).ended = True
        s.emit(AmnestyDeclared(task.seat))


@TASKS.auto(RaidRound)
def raid_round(s: "BlackSunState", task: RaidRound) -> None:
    r = raid_of(s)
    if r.ended or not can_continue(s, r):
        r.ended = True
        s.push(RaidEnd())
        return
    r.round += 1
    hit_min = s.R.game.hit_min
    act = r.active()
    rolls: dict[str, tuple[int, ...]] = {}
    r.pending = {}
    r.aim = {}
    choose = []
    for q in act:
        faces = dice.faces(s.rng, D6, r.remaining(q))
        hits = sum(1 for d in faces if d >= hit_min)
        rolls[str(q)] = tuple(faces)
        if hits:
            r.pending[q] = hits
            valid = [b for b in act if can_target(s, q, b)]
            if len(valid) == 1:
                r.aim[q] = valid[0]
            elif len(valid) > 1:
                choose.append(q)
    s.emit(RaidRolled(r.round, rolls, {str(q): h for q, h in r.pending.items()}))
    s.push(*[Aim(q) for q in choose], RoundSacrifice(), RoundApply(), AmnestyCheck(), RetreatCheck(), RaidRound())


def _aim_legal(s: "BlackSunState", task: Aim) -> list[Action]:
    r = raid_of(s)
    q = task.seat
    return [Action("aim", b) for b in r.active() if can_target(s, q, b)]


@TASKS.decision(Aim, _aim_legal)
def aim(s: "BlackSunState", task: Aim, action: Action) -> None:
    """With several opponents, each player says whose ships their hits damage."""
    raid_of(s).aim[task.seat] = action.arg


@TASKS.auto(RoundSacrifice)
def round_sacrifice(s: "BlackSunState", task: RoundSacrifice) -> None:
    r = raid_of(s)
    r.negated = False
    if not r.pending:
        return
    s.push(*[Sacrifice(q) for q in sorted(holders(s, r.hex, "sacrifice"))])


def _sacrifice_legal(s: "BlackSunState", task: Sacrifice) -> list[Action]:
    r = raid_of(s)
    if r.negated:
        return []
    ships = holders(s, r.hex, "sacrifice").get(task.seat, [])
    return [Action("sacrifice", None), *[Action("sacrifice", x) for x in ships]]


@TASKS.decision(Sacrifice, _sacrifice_legal)
def sacrifice(s: "BlackSunState", task: Sacrifice, action: Action) -> None:
    """An Ambunaut in the hex is given up and the round's damage, on every side, is ignored."""
    if action.arg is None:
        return
    r = raid_of(s)
    x = action.arg
    r.negated = True
    for q in r.parts:
        if x in r.ships[q]:
            r.ships[q].remove(x)
            r.total[q] -= s.sfight[x]
            r.lost[q] = min(r.lost[q], r.total[q])
    s.emit(Sacrificed(task.seat, x))
    destroy(s, x, killer=-1)


@TASKS.auto(RoundApply)
def round_apply(s: "BlackSunState", task: RoundApply) -> None:
    r = raid_of(s)
    if r.negated:
        s.emit(RoundNegated(r.round))
    else:
        applied = {}
        for q in sorted(r.pending):
            t = r.aim.get(q, -1)
            if t < 0:
                continue
            k = min(r.pending[q], r.remaining(t))
            if k:
                r.lost[t] += k
                r.hits_on[(q, t)] = r.hits_on.get((q, t), 0) + k
                applied[f"{q}>{t}"] = k
        s.emit(RaidDamage(r.round, applied, {str(q): r.lost[q] for q in r.parts}))
    r.pending, r.aim, r.negated = {}, {}, False
    if not can_continue(s, r):
        r.ended = True


@TASKS.auto(RetreatCheck)
def retreat_check(s: "BlackSunState", task: RetreatCheck) -> None:
    r = raid_of(s)
    if r.ended:
        return
    s.push(*[Retreat(q) for q in r.active()], RetreatApply())


@TASKS.decision(Retreat, yes_no("retreat"))
def retreat(s: "BlackSunState", task: Retreat, action: Action) -> None:
    if action.arg:
        raid_of(s).retreating.append(task.seat)
        s.emit(RetreatDeclared(task.seat))


@TASKS.auto(RetreatApply)
def retreat_apply(s: "BlackSunState", task: RetreatApply) -> None:
    r = raid_of(s)
    if not r.retreating:
        return
    seats = list(r.retreating)
    r.retreating = []
    r.out.extend(seats)
    if not can_continue(s, r):
        r.ended = True
    leave(s, seats, retreating=True)


@TASKS.auto(RaidEnd)
def raid_end(s: "BlackSunState", task: RaidEnd) -> None:
    r = raid_of(s)
    rest = [q for q in r.parts if q not in r.out]
    r.out.extend(rest)
    s.emit(RaidOver(r.round, {str(q): r.lost[q] for q in r.parts}))
    s.push(RaidClear())
    leave(s, rest, retreating=False)


@TASKS.auto(RaidClear)
def raid_clear(s: "BlackSunState", task: RaidClear) -> None:
    s.raid = None


# ---------------------------------------------------------------- losses


def alive(s: "BlackSunState", r: Raid, q: Seat) -> list[ShipId]:
    return [x for x in r.ships[q] if s.sstate[x] == BOARD]


def losses(s: "BlackSunState", r: Raid, q: Seat) -> int:
    """How many ships ``q`` must give up: each ship can soak its Fight less one die without being lost."""
    ships = alive(s, r, q)
    spare = sum(max(0, s.sfight[x] - 1) for x in ships)
    return max(0, min(len(ships), r.lost[q] - spare))


def leave(s: "BlackSunState", seats: list[Seat], retreating: bool) -> None:
    """Participants leaving the raid: choose losses, apply them, then retreat."""
    r = raid_of(s)
    tasks: list[Task] = []
    for q in seats:
        k = losses(s, r, q)
        ships = alive(s, r, q)
        r.doom[q] = list(ships) if k >= len(ships) else []
        if 0 < k < len(ships):
            tasks.append(Lose(q, k))
    tasks.append(LossesApply(tuple(seats)))
    if retreating:
        tasks += [RetreatMove(q) for q in seats]
    s.push(*tasks)


def _lose_legal(s: "BlackSunState", task: Lose) -> list[Action]:
    r = raid_of(s)
    q = task.seat
    return [Action("lose", x) for x in alive(s, r, q) if x not in r.doom[q]]


@TASKS.decision(Lose, _lose_legal)
def lose(s: "BlackSunState", task: Lose, action: Action) -> None:
    """The owner of lost dice decides which ships take them (a ship is lost when all its dice are)."""
    r = raid_of(s)
    q, k = task
    r.doom[q].append(action.arg)
    if len(r.doom[q]) < k:
        s.push(task)


def killer(s: "BlackSunState", r: Raid, q: Seat) -> Seat:
    """Whose hits destroyed ``q``'s ships: most hits on ``q``; ties to the earliest in turn order from the active player."""
    best, who = 0, -1
    for k in range(s.n):
        a = (s.active + k) % s.n
        h = r.hits_on.get((a, q), 0)
        if h > best:
            best, who = h, a
    return who


@TASKS.auto(LossesApply)
def losses_apply(s: "BlackSunState", task: LossesApply) -> None:
    r = raid_of(s)
    for q in task.seats:
        doomed = r.doom.get(q, [])
        if not doomed:
            continue
        k = killer(s, r, q)
        for x in doomed:
            if s.sstate[x] != BOARD:
                continue
            if s.scap[x] and k >= 0:
                # "'destroyed' (i.e. loses all its dice)", then captured: it scores as destroyed for its captor
                scoring.destroy_points(s, k, x)
                capture(s, x, k, r)
            else:
                destroy(s, x, k)
        r.doom[q] = []


def capture(s: "BlackSunState", x: ShipId, captor: Seat, r: Raid) -> None:
    """An asterisk ship that loses all its dice is taken by the player who beat it."""
    loc = s.loc[x]
    hexes = anchors(s, x)
    h = hexes[0] if hexes else r.hex
    escorts = frozenset(y for y in r.ships.get(captor, []) if s.sstate[y] == BOARD)
    lift(s, x)
    s.sstate[x] = CAPTURED
    # back at the end of the captor's next turn: if that is the turn now running, two turn ends away
    s.captures.append((x, captor, h, escorts, 2 if captor == s.active else 1))
    s.emit(Captured(x, s.owner[x], captor, s.board.coords[h]))
    if loc == h:
        repair(s, [(h, s.owner[x])])


def destroy(s: "BlackSunState", x: ShipId, killer: Seat) -> None:
    """A ship is destroyed; its controller's Transport/Ambunaut counter; destroy scoring for the killer."""
    loc = s.loc[x]
    at = where_json(s, x)
    scoring.destroy_points(s, killer, x)
    lift(s, x)
    s.sstate[x] = DESTROYED
    s.emit(Destroyed(x, s.owner[x], s.stype[x], killer, at))
    nh = s.board.n_hex
    if 0 <= loc < nh:
        repair(s, [(loc, s.owner[x])])
    kind = s.R.ships[s.stype[x]].destroyed_counter
    if kind:
        counter = scoring.NEED if kind == "need" else scoring.CRISIS
        if 0 <= loc < nh and s.board.kind[loc] == "planet" and s.status[loc] == scoring.NORMAL:
            scoring.place_counter(s, loc, counter, f"{s.stype[x]} destroyed")
        else:
            s.push(Counter(s.ctrl[x], counter, s.stype[x]))


def _counter_legal(s: "BlackSunState", task: Counter) -> list[Action]:
    b = s.board
    return [Action("counter", None), *[Action("counter", b.coords[h]) for h in range(b.n_hex) if b.planet[h] and s.status[h] == 0]]


@TASKS.decision(Counter, _counter_legal)
def counter(s: "BlackSunState", task: Counter, action: Action) -> None:
    """Destroyed away from a free planet: its controller may put the counter on any planet without one."""
    if action.arg is None:
        return
    q, kind, why = task
    scoring.place_counter(s, s.board.hex_of(action.arg), kind, f"{why} destroyed")


# ---------------------------------------------------------------- retreat
#
# A retreat is an extra fleet movement of one move to a neighbouring hex, so it
# cannot cross a blockade (an edge with any ship on it), and like every fleet
# it is at most ``game.fleet_size`` (3) ships leaving one hex. For movement a
# blockading ship is in the hex of its same-faction centre ship (either hex
# when both sides hold one: its controller chooses), so every retreating ship
# leaves from the hex it is in: a centre ship from its hex, an edge ship from
# the hex of its centre ship, a Battleship from its own hex next door.
#
# The retreating player chooses the hex (``fleet_from``), then the ships
# (``add_ship`` / ``fleet_done``, as for an ordinary fleet), then the
# neighbour (``retreat_to``); the raided hex is never a retreat's destination
# (a retreat leaves the raid). The player's raid ships not in the fleet stay
# where they are, out of the raid (the raid is over for that player). A fleet
# with nowhere to go is destroyed; such a fleet must be as large as the limit
# allows, so that a surrounded player cannot give up one ship and keep the rest
# out of the raid.


def retreat_origins(s: "BlackSunState", q: Seat) -> dict[HexId, list[ShipId]]:
    """The hexes ``q``'s surviving raid ships that can move (Move 1 or more) are in, with those ships."""
    out: dict[HexId, list[ShipId]] = {}
    for x in raid_of(s).ships[q]:
        if s.sstate[x] != BOARD or s.smove[x] < 1:
            continue
        for h in anchors(s, x):
            out.setdefault(h, []).append(x)
    return dict(sorted(out.items()))


def retreat_destinations(s: "BlackSunState", origin: HexId, raided: HexId, ships: list[ShipId]) -> list[HexId]:
    """Neighbours of ``origin`` (not the raided hex) one move away, not across a blockade, where ``ships`` (lifted) may stay and fit."""
    b = s.board
    out = []
    for d in range(6):
        n = b.nbr[origin][d]
        if n < 0 or n == raided or not b.enterable[n] or not b.stayable[n]:
            continue
        if s.edge_occ[b.hex_edge[origin][d]] >= 0:
            continue
        if can_fit(s, n, ships):
            out.append(n)
    return out


def destinations_of(s: "BlackSunState", origin: HexId, ships: list[ShipId]) -> list[HexId]:
    """``retreat_destinations`` with the fleet lifted for the look (and put back)."""
    places = [(x, s.loc[x]) for x in ships]
    for x in ships:
        lift(s, x)
    try:
        return retreat_destinations(s, origin, raid_of(s).hex, ships)
    finally:
        for x, loc in places:
            restore(s, x, loc)
            s.sstate[x] = BOARD


def _retreat_move_legal(s: "BlackSunState", task: RetreatMove) -> list[Action]:
    origins = retreat_origins(s, task.seat)
    # a single ship is the easiest fleet to get away (it frees its own edge, needs the least room)
    open_ = [h for h, ships in origins.items() if any(destinations_of(s, h, [x]) for x in ships)]
    # with somewhere to go from some hex, the player retreats from there; else the retreating fleet is lost
    return [Action("fleet_from", s.board.coords[h]) for h in (open_ or list(origins))]


@TASKS.decision(RetreatMove, _retreat_move_legal)
def retreat_move(s: "BlackSunState", task: RetreatMove, action: Action) -> None:
    s.push(RetreatPick(task.seat, s.board.hex_of(action.arg), ()))


def _retreat_pick_legal(s: "BlackSunState", task: RetreatPick) -> list[Action]:
    q, origin, fleet = task
    ships = retreat_origins(s, q).get(origin, [])
    full = min(len(ships), s.R.game.fleet_size)
    out = [Action("add_ship", x) for x in ships if x not in fleet] if len(fleet) < full else []
    if fleet and (len(fleet) == full or destinations_of(s, origin, list(fleet))):
        out.append(Action("fleet_done"))
    return out


@TASKS.decision(RetreatPick, _retreat_pick_legal)
def retreat_pick(s: "BlackSunState", task: RetreatPick, action: Action) -> None:
    if action.kind == "add_ship":
        s.push(task._replace(fleet=task.fleet + (action.arg,)))
    else:
        s.push(RetreatTo(*task))


def _retreat_to_legal(s: "BlackSunState", task: RetreatTo) -> list[Action]:
    dests = destinations_of(s, task.origin, list(task.fleet))
    if not dests:
        return [Action("retreat_to", None)]
    return [Action("retreat_to", s.board.coords[n]) for n in dests]


@TASKS.decision(RetreatTo, _retreat_to_legal)
def retreat_to(s: "BlackSunState", task: RetreatTo, action: Action) -> None:
    q, origin, fleet = task
    r = raid_of(s)
    ships = list(fleet)
    if action.arg is None:
        # nowhere to go: the retreating ships are lost (asterisk ships taken by the other side)
        other = r.target if q == r.initiator else r.initiator
        s.emit(RetreatBlocked(q, s.board.coords[origin], fleet))
        for x in ships:
            if s.scap[x] and other != q:
                capture(s, x, other, r)
            else:
                destroy(s, x, killer=-1)
        return
    n = s.board.hex_of(action.arg)
    owners = {(origin, s.owner[x]) for x in ships}
    for x in ships:
        lift(s, x)
    s.emit(Retreated(q, s.board.coords[origin], s.board.coords[n], fleet))
    settle(s, n, q, tuple(ships), then=RetreatAfter(tuple(sorted(owners))))


@TASKS.auto(RetreatAfter)
def retreat_after(s: "BlackSunState", task: RetreatAfter) -> None:
    repair(s, list(task.places))
