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

from typing import Any

from voidtable.engine.actions import Action

from . import factions, scoring
from .flow import auto, decision, push
from .positions import BOARD, CAPTURED, DESTROYED, anchors, around, can_fit, in_hex, lift, repair, settle, ships_in, where_json


class Raid:
    __slots__ = ("hex", "kind", "initiator", "target", "parts", "ships", "total", "lost", "hits_on", "pending", "aim",
                 "retreating", "out", "ended", "negated", "round", "doom")

    def __init__(self, h: int, kind: str, initiator: int, target: int) -> None:
        self.hex = h
        self.kind = kind
        self.initiator = initiator
        self.target = target
        self.parts: list[int] = []
        self.ships: dict[int, list[int]] = {}
        self.total: dict[int, int] = {}
        self.lost: dict[int, int] = {}
        self.hits_on: dict[tuple[int, int], int] = {}
        self.pending: dict[int, int] = {}
        self.aim: dict[int, int] = {}
        self.retreating: list[int] = []
        self.out: list[int] = []
        self.ended = False
        self.negated = False
        self.round = 0
        self.doom: dict[int, list[int]] = {}

    def copy(self) -> "Raid":
        r = Raid.__new__(Raid)
        r.hex, r.kind, r.initiator, r.target = self.hex, self.kind, self.initiator, self.target
        r.parts = list(self.parts)
        r.ships = {k: list(v) for k, v in self.ships.items()}
        r.total = dict(self.total)
        r.lost = dict(self.lost)
        r.hits_on = dict(self.hits_on)
        r.pending = dict(self.pending)
        r.aim = dict(self.aim)
        r.retreating = list(self.retreating)
        r.out = list(self.out)
        r.ended, r.negated, r.round = self.ended, self.negated, self.round
        r.doom = {k: list(v) for k, v in self.doom.items()}
        return r

    def add(self, s: Any, seat: int, ships: list[int]) -> None:
        self.parts.append(seat)
        self.ships[seat] = list(ships)
        self.total[seat] = sum(s.sfight[x] for x in ships)
        self.lost[seat] = 0

    def remaining(self, seat: int) -> int:
        return self.total[seat] - self.lost[seat]

    def active(self) -> list[int]:
        return [q for q in self.parts if q not in self.out and self.remaining(q) > 0]

    def to_json(self, s: Any) -> dict[str, Any]:
        return {
            "hex": list(s.board.coords[self.hex]), "kind": self.kind, "initiator": self.initiator, "target": self.target,
            "participants": list(self.parts), "ships": {str(k): list(v) for k, v in self.ships.items()},
            "dice": {str(k): self.total[k] for k in self.parts}, "lost": {str(k): self.lost[k] for k in self.parts},
            "round": self.round, "out": list(self.out), "ended": self.ended,
        }


# ---------------------------------------------------------------- who may raid what


def can_target(s: Any, a: int, b: int) -> bool:
    return a != b and not factions.may_not_raid(s, a, b)


def locate_need(s: Any, ship: int, h: int) -> int:
    card = s.R.ships[s.stype[ship]]
    kind = s.board.kind[h]
    if kind == "planet":
        return card.locate_planet
    if kind == "asteroids":
        return card.locate_asteroids
    return card.locate_other


def locate_power(s: Any, p: int, h: int) -> int:
    """Total Move of the ships ``p`` controls in ``h``."""
    return sum(s.smove[x] for x in ships_in(s, h) if s.ctrl[x] == p)


def located(s: Any, ship: int, p: int, h: int, power: int | None = None) -> bool:
    need = locate_need(s, ship, h)
    if need <= 0:
        return True
    return (locate_power(s, p, h) if power is None else power) >= need


def reach_hexes(s: Any, ship: int) -> set[int]:
    """Hexes next to where a Battleship is."""
    out: set[int] = set()
    for a in anchors(s, ship):
        for n in s.board.nbr[a]:
            if n >= 0:
                out.add(n)
    return out - set(anchors(s, ship))


def involvement(s: Any, q: int, h: int) -> list[int]:
    """Ships ``q`` brings to a raid in ``h``: in the centre or on an edge of ``h``, plus a Battleship next door."""
    out = [x for x in around(s, h) if s.ctrl[x] == q]
    for x in range(len(s.owner)):
        if s.ctrl[x] == q and s.sstate[x] == BOARD and s.R.ships[s.stype[x]].reach and x not in out and h in reach_hexes(s, x):
            out.append(x)
    return out


def raid_options(s: Any, p: int) -> list[Action]:
    b = s.board
    out = [Action("no_raid")]
    hexes: set[int] = set()
    for x in range(len(s.owner)):
        if s.ctrl[x] == p and s.sstate[x] == BOARD:
            hexes.update(anchors(s, x))
            if s.R.ships[s.stype[x]].reach:
                hexes.update(reach_hexes(s, x))
    towed_seen: set[int] = set()
    for h in sorted(hexes):
        mine = [x for x in ships_in(s, h) if s.ctrl[x] == p]
        power = sum(s.smove[x] for x in mine)
        # same-hex raids
        targets = sorted({s.ctrl[x] for x in ships_in(s, h) if s.ctrl[x] != p and located(s, x, p, h, power)})
        for t in targets:
            if can_target(s, p, t):
                out.append(Action("raid", (b.coords[h], t)))
        if not mine:
            continue  # only a Battleship next door: same-hex raids only
        # blockade raids: a centre ship against one edge ship
        attackers = [x for x in s.centre[h * s.n:(h + 1) * s.n] if x >= 0 and s.ctrl[x] == p]
        for e in b.hex_edge[h]:
            x = s.edge_occ[e]
            if x < 0 or s.ctrl[x] == p or not can_target(s, p, s.ctrl[x]) or not located(s, x, p, h, power):
                continue
            for a in attackers:
                out.append(Action("raid_blockade", (b.coords[h], a, x)))
        # towing one's own asterisk ship
        for x in around(s, h):
            if x in towed_seen or not s.scap[x] or s.owner[x] != p or s.ctrl[x] != p:
                continue
            if any(y != x for y in mine):
                towed_seen.add(x)
                out.append(Action("tow_raid", (b.coords[h], x)))
    return out


# ---------------------------------------------------------------- declaring


@decision("raid_choice", lambda s, task: raid_options(s, task[1]))
def raid_choice(s: Any, task: tuple, action: Action) -> None:
    p = task[1]
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
        s.emit({"type": "raid", "kind": "blockade", "seat": p, "hex": list(s.board.coords[h]), "attacker": attacker, "target": target,
                "defender": s.ctrl[target]})
        push(s, ("raid_engaged", -1), ("amnesty_check", -1), ("raid_round", -1))
        return
    t = action.arg[1]
    r = Raid(h, "hex", p, t)
    power = locate_power(s, p, h)
    r.add(s, p, involvement(s, p, h))
    r.add(s, t, [x for x in involvement(s, t, h) if located(s, x, p, h, power)])
    s.raid = r
    s.emit({"type": "raid", "kind": "hex", "seat": p, "hex": list(s.board.coords[h]), "defender": t,
            "ships": {str(p): r.ships[p], str(t): r.ships[t]}, "unlocated": [x for x in involvement(s, t, h) if x not in r.ships[t]]})
    joiners = [q for q in ((p + k2) % s.n for k2 in range(1, s.n)) if q != t and involvement(s, q, h)]
    push(s, *[("join", q) for q in joiners], ("raid_engaged", -1), ("amnesty_check", -1), ("raid_round", -1))


def tow(s: Any, p: int, h: int, ship: int) -> None:
    """A raid on one's own asterisk ship: it is captured at once, ready to be towed."""
    escorts = frozenset(x for x in ships_in(s, h) if s.ctrl[x] == p and x != ship)
    loc = s.loc[ship]
    lift(s, ship)
    s.sstate[ship] = CAPTURED
    s.captures.append((ship, p, h, escorts, 2))
    s.emit({"type": "captured", "ship": ship, "owner": s.owner[ship], "captor": p, "hex": list(s.board.coords[h]), "towing": True})
    if loc == h:
        repair(s, [(h, s.owner[ship])])


def _join_legal(s: Any, task: tuple) -> list[Action]:
    return [Action("join", False), Action("join", True)]


@decision("join", _join_legal)
def join(s: Any, task: tuple, action: Action) -> None:
    """Third parties round the hex (or a Battleship next to it) may take part."""
    q = task[1]
    if not action.arg:
        return
    r = s.raid
    r.add(s, q, involvement(s, q, r.hex))
    s.emit({"type": "raid_joined", "seat": q, "ships": r.ships[q]})


@auto("raid_engaged")
def raid_engaged(s: Any, task: tuple) -> None:
    """Raid Transport / Raid Any Ship: points for the ships of others involved, destroyed or not."""
    r = s.raid
    for q in r.parts:
        if q == r.target:
            continue  # being raided is not engaging in a raid
        others = [x for o in r.parts if o != q for x in r.ships[o]]
        scoring.award_condition(s, q, "raid_transport", sum(1 for x in others if s.stype[x] == "transport"))
        scoring.award_condition(s, q, "raid_any_ship", len(others))


# ---------------------------------------------------------------- rounds


def can_continue(s: Any, r: Raid) -> bool:
    act = r.active()
    return any(can_target(s, a, b) for a in act for b in act)


def holders(s: Any, h: int, flag: str) -> dict[int, list[int]]:
    """Seats controlling a ship with ability ``flag`` in or round ``h``."""
    out: dict[int, list[int]] = {}
    for x in around(s, h):
        if getattr(s.R.ships[s.stype[x]], flag):
            out.setdefault(s.ctrl[x], []).append(x)
    return out


@auto("amnesty_check")
def amnesty_check(s: Any, task: tuple) -> None:
    r = s.raid
    if r.ended:
        return
    seats = sorted(holders(s, r.hex, "amnesty"))
    push(s, *[("amnesty", q) for q in seats])


@decision("amnesty", lambda s, task: [] if s.raid.ended else [Action("amnesty", False), Action("amnesty", True)])
def amnesty(s: Any, task: tuple, action: Action) -> None:
    """A Medsat in the hex lets its controller stop the raid: damage so far stands, nobody retreats."""
    if action.arg:
        s.raid.ended = True
        s.emit({"type": "amnesty", "seat": task[1]})


@auto("raid_round")
def raid_round(s: Any, task: tuple) -> None:
    r = s.raid
    if r.ended or not can_continue(s, r):
        r.ended = True
        push(s, ("raid_end", -1))
        return
    r.round += 1
    hit_min = s.R.game.hit_min
    act = r.active()
    rolls = {}
    r.pending = {}
    r.aim = {}
    choose = []
    for q in act:
        dice = s.rng.roll(r.remaining(q))
        hits = sum(1 for d in dice if d >= hit_min)
        rolls[str(q)] = dice
        if hits:
            r.pending[q] = hits
            valid = [b for b in act if can_target(s, q, b)]
            if len(valid) == 1:
                r.aim[q] = valid[0]
            elif len(valid) > 1:
                choose.append(q)
    s.emit({"type": "raid_roll", "round": r.round, "dice": rolls, "hits": {str(q): h for q, h in r.pending.items()}})
    push(s, *[("aim", q) for q in choose], ("round_sacrifice", -1), ("round_apply", -1), ("amnesty_check", -1),
         ("retreat_check", -1), ("raid_round", -1))


def _aim_legal(s: Any, task: tuple) -> list[Action]:
    r = s.raid
    q = task[1]
    return [Action("aim", b) for b in r.active() if can_target(s, q, b)]


@decision("aim", _aim_legal)
def aim(s: Any, task: tuple, action: Action) -> None:
    """With several opponents, each player says whose ships their hits damage."""
    s.raid.aim[task[1]] = action.arg


@auto("round_sacrifice")
def round_sacrifice(s: Any, task: tuple) -> None:
    r = s.raid
    r.negated = False
    if not r.pending:
        return
    push(s, *[("sacrifice", q) for q in sorted(holders(s, r.hex, "sacrifice"))])


def _sacrifice_legal(s: Any, task: tuple) -> list[Action]:
    r = s.raid
    if r.negated:
        return []
    ships = holders(s, r.hex, "sacrifice").get(task[1], [])
    return [Action("sacrifice", None), *[Action("sacrifice", x) for x in ships]]


@decision("sacrifice", _sacrifice_legal)
def sacrifice(s: Any, task: tuple, action: Action) -> None:
    """An Ambunaut in the hex is given up and the round's damage, on every side, is ignored."""
    if action.arg is None:
        return
    r = s.raid
    x = action.arg
    r.negated = True
    for q in r.parts:
        if x in r.ships[q]:
            r.ships[q].remove(x)
            r.total[q] -= s.sfight[x]
            r.lost[q] = min(r.lost[q], r.total[q])
    s.emit({"type": "sacrificed", "seat": task[1], "ship": x})
    destroy(s, x, killer=-1)


@auto("round_apply")
def round_apply(s: Any, task: tuple) -> None:
    r = s.raid
    if r.negated:
        s.emit({"type": "round_negated", "round": r.round})
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
        s.emit({"type": "raid_damage", "round": r.round, "hits": applied, "lost": {str(q): r.lost[q] for q in r.parts}})
    r.pending, r.aim, r.negated = {}, {}, False
    if not can_continue(s, r):
        r.ended = True


@auto("retreat_check")
def retreat_check(s: Any, task: tuple) -> None:
    r = s.raid
    if r.ended:
        return
    push(s, *[("retreat", q) for q in r.active()], ("retreat_apply", -1))


@decision("retreat", lambda s, task: [Action("retreat", False), Action("retreat", True)])
def retreat(s: Any, task: tuple, action: Action) -> None:
    if action.arg:
        s.raid.retreating.append(task[1])
        s.emit({"type": "retreat_declared", "seat": task[1]})


@auto("retreat_apply")
def retreat_apply(s: Any, task: tuple) -> None:
    r = s.raid
    if not r.retreating:
        return
    seats = list(r.retreating)
    r.retreating = []
    r.out.extend(seats)
    if not can_continue(s, r):
        r.ended = True
    leave(s, seats, retreating=True)


@auto("raid_end")
def raid_end(s: Any, task: tuple) -> None:
    r = s.raid
    rest = [q for q in r.parts if q not in r.out]
    r.out.extend(rest)
    s.emit({"type": "raid_over", "rounds": r.round, "lost": {str(q): r.lost[q] for q in r.parts}})
    push(s, ("raid_clear", -1))
    leave(s, rest, retreating=False)


@auto("raid_clear")
def raid_clear(s: Any, task: tuple) -> None:
    s.raid = None


# ---------------------------------------------------------------- losses


def alive(s: Any, r: Raid, q: int) -> list[int]:
    return [x for x in r.ships[q] if s.sstate[x] == BOARD]


def losses(s: Any, r: Raid, q: int) -> int:
    """How many ships ``q`` must give up: each ship can soak its Fight less one die without being lost."""
    ships = alive(s, r, q)
    spare = sum(max(0, s.sfight[x] - 1) for x in ships)
    return max(0, min(len(ships), r.lost[q] - spare))


def leave(s: Any, seats: list[int], retreating: bool) -> None:
    """Participants leaving the raid: choose losses, apply them, then retreat."""
    r = s.raid
    tasks: list[tuple] = []
    for q in seats:
        k = losses(s, r, q)
        ships = alive(s, r, q)
        r.doom[q] = list(ships) if k >= len(ships) else []
        if 0 < k < len(ships):
            tasks.append(("lose", q, k))
    tasks.append(("losses_apply", -1, tuple(seats)))
    if retreating:
        tasks += [("retreat_move", q) for q in seats]
    push(s, *tasks)


def _lose_legal(s: Any, task: tuple) -> list[Action]:
    r = s.raid
    q = task[1]
    return [Action("lose", x) for x in alive(s, r, q) if x not in r.doom[q]]


@decision("lose", _lose_legal)
def lose(s: Any, task: tuple, action: Action) -> None:
    """The owner of lost dice decides which ships take them (a ship is lost when all its dice are)."""
    r = s.raid
    _, q, k = task
    r.doom[q].append(action.arg)
    if len(r.doom[q]) < k:
        push(s, ("lose", q, k))


def killer(s: Any, r: Raid, q: int) -> int:
    """Whose hits destroyed ``q``'s ships: most hits on ``q``; ties to the earliest in turn order from the active player."""
    best, who = 0, -1
    for k in range(s.n):
        a = (s.active + k) % s.n
        h = r.hits_on.get((a, q), 0)
        if h > best:
            best, who = h, a
    return who


@auto("losses_apply")
def losses_apply(s: Any, task: tuple) -> None:
    r = s.raid
    for q in task[2]:
        doomed = r.doom.get(q, [])
        if not doomed:
            continue
        k = killer(s, r, q)
        for x in doomed:
            if s.sstate[x] != BOARD:
                continue
            if s.scap[x] and k >= 0:
                capture(s, x, k, r)
            else:
                destroy(s, x, k)
        r.doom[q] = []


def capture(s: Any, x: int, captor: int, r: Raid) -> None:
    """An asterisk ship that loses all its dice is taken by the player who beat it."""
    loc = s.loc[x]
    hexes = anchors(s, x)
    h = hexes[0] if hexes else r.hex
    escorts = frozenset(y for y in r.ships.get(captor, []) if s.sstate[y] == BOARD)
    lift(s, x)
    s.sstate[x] = CAPTURED
    # back at the end of the captor's next turn: if that is the turn now running, two turn ends away
    s.captures.append((x, captor, h, escorts, 2 if captor == s.active else 1))
    s.emit({"type": "captured", "ship": x, "owner": s.owner[x], "captor": captor, "hex": list(s.board.coords[h])})
    if loc == h:
        repair(s, [(h, s.owner[x])])


def destroy(s: Any, x: int, killer: int) -> None:
    """A ship is destroyed; its controller's Transport/Ambunaut counter; destroy scoring for the killer."""
    loc = s.loc[x]
    at = where_json(s, x)
    scoring.destroy_points(s, killer, x)
    lift(s, x)
    s.sstate[x] = DESTROYED
    s.emit({"type": "destroyed", "ship": x, "owner": s.owner[x], "ship_type": s.stype[x], "by": killer, "at": at})
    nh = s.board.n_hex
    if 0 <= loc < nh:
        repair(s, [(loc, s.owner[x])])
    kind = s.R.ships[s.stype[x]].destroyed_counter
    if kind:
        counter = scoring.NEED if kind == "need" else scoring.CRISIS
        if 0 <= loc < nh and s.board.kind[loc] == "planet" and s.status[loc] == scoring.NORMAL:
            scoring.place_counter(s, loc, counter, f"{s.stype[x]} destroyed")
        else:
            push(s, ("counter", s.ctrl[x], counter, s.stype[x]))


def _counter_legal(s: Any, task: tuple) -> list[Action]:
    b = s.board
    return [Action("counter", None), *[Action("counter", b.coords[h]) for h in range(b.n_hex) if b.planet[h] and s.status[h] == 0]]


@decision("counter", _counter_legal)
def counter(s: Any, task: tuple, action: Action) -> None:
    """Destroyed away from a free planet: its controller may put the counter on any planet without one."""
    if action.arg is None:
        return
    _, q, kind, why = task
    scoring.place_counter(s, s.board.hex_of(action.arg), kind, f"{why} destroyed")


# ---------------------------------------------------------------- retreat


def retreat_destinations(s: Any, h: int, ships: list[int]) -> list[int]:
    """Neighbours one move away, not across a blockade, where the ships may stay and fit (ships lifted)."""
    b = s.board
    out = []
    for d in range(6):
        n = b.nbr[h][d]
        if n < 0 or not b.enterable[n] or not b.stayable[n]:
            continue
        if s.edge_occ[b.hex_edge[h][d]] >= 0:
            continue
        if can_fit(s, n, ships):
            out.append(n)
    return out


def retreaters(s: Any, q: int) -> list[int]:
    r = s.raid
    return [x for x in r.ships[q] if s.sstate[x] == BOARD and s.smove[x] >= 1 and in_hex(s, x, r.hex)]


def _retreat_move_legal(s: Any, task: tuple) -> list[Action]:
    q = task[1]
    ships = retreaters(s, q)
    if not ships:
        return []
    places = [(x, s.loc[x]) for x in ships]
    for x in ships:
        lift(s, x)
    try:
        dests = retreat_destinations(s, s.raid.hex, ships)
    finally:
        from .movement import _restore

        for x, loc in places:
            _restore(s, x, loc)
            s.sstate[x] = BOARD
    if not dests:
        return [Action("retreat_to", None)]
    return [Action("retreat_to", s.board.coords[n]) for n in dests]


@decision("retreat_move", _retreat_move_legal)
def retreat_move(s: Any, task: tuple, action: Action) -> None:
    q = task[1]
    r = s.raid
    ships = retreaters(s, q)
    h = r.hex
    owners = {(h, s.owner[x]) for x in ships}
    if action.arg is None:
        # nowhere to go: the retreating ships are lost (asterisk ships taken by the other side)
        other = r.target if q == r.initiator else r.initiator
        s.emit({"type": "retreat_blocked", "seat": q, "ships": ships})
        for x in ships:
            if s.scap[x] and other != q:
                capture(s, x, other, r)
            else:
                destroy(s, x, killer=-1)
        return
    n = s.board.hex_of(action.arg)
    for x in ships:
        lift(s, x)
    s.emit({"type": "retreat", "seat": q, "from": list(s.board.coords[h]), "to": list(s.board.coords[n]), "ships": ships})
    settle(s, n, q, tuple(ships), then=("retreat_after", -1, tuple(sorted(owners))))


@auto("retreat_after")
def retreat_after(s: Any, task: tuple) -> None:
    repair(s, list(task[2]))
