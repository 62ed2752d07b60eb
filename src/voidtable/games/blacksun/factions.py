"""Factions: allegiance, scoring conditions, abilities, faction changes, loans, rebuilds.

A player's Starting Faction fixes their ships, their basic scoring and their
special abilities for the whole game. A Faction card (Rebel, Allied, Rogue,
Hunted) adds scoring and decides the player's side. The Rebel Commander and
the Alliance General keep their destroy-scoring only while they hold no card
or the card of their own side.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from voidtable.engine.actions import Action
from voidtable.engine.errors import RulesInvariantError
from voidtable.engine.types import Seat, ShipId

from .events import FactionChanged, Rebuilt, ShipLent, ShipRecalled
from .flow import TASKS, Faction, LendTo, Loans
from .positions import BOARD, DESTROYED, anchors, can_fit, settle

if TYPE_CHECKING:
    from .state import BlackSunState


def starting(s: "BlackSunState", p: Seat) -> str:
    """``p``'s Starting Faction (dealt at setup step 11; no rule asks before)."""
    f = s.starting[p]
    if f is None:
        raise RulesInvariantError(f"blacksun: seat {p} has no Starting Faction yet")
    return f


def allegiance(s: "BlackSunState", p: Seat) -> str:
    """'rebel', 'allied', 'rogue', 'hunted' from a card; else the starting side ('rebel', 'allied' or 'none')."""
    c = s.card[p]
    if c is not None:
        return c
    return s.R.factions[starting(s, p)].allegiance


def conditions(s: "BlackSunState", p: Seat) -> set[str]:
    f = s.R.factions[starting(s, p)]
    out = set(f.scoring)
    c = s.card[p]
    if c is not None:
        if c != f.allegiance:
            out.discard("destroy_allied")
            out.discard("destroy_rebel")
        out.update(s.R.faction_cards[c].scoring)
    return out


def abilities(s: "BlackSunState", p: Seat) -> list[str]:
    return s.R.factions[starting(s, p)].abilities


def may_not_raid(s: "BlackSunState", a: Seat, b: Seat) -> bool:
    """The Rebel card's restriction: a Rebel player cannot raid another Rebel player."""
    side = allegiance(s, a)
    card = s.R.faction_cards.get(side)
    return card is not None and card.no_raid_same and allegiance(s, b) == side


# ---------------------------------------------------------------- turn step 2: faction change


def allowed_cards(s: "BlackSunState", p: Seat) -> list[str]:
    now = allegiance(s, p)
    forbidden = {tuple(x) for x in s.R.faction_changes.forbidden}
    return [c for c in ("allied", "hunted", "rebel", "rogue") if c != now and (now, c) not in forbidden]


def _faction_legal(s: "BlackSunState", task: Faction) -> list[Action]:
    return [Action("keep_card"), *[Action("take_card", c) for c in allowed_cards(s, task.seat)]]


@TASKS.decision(Faction, _faction_legal)
def change_faction(s: "BlackSunState", task: Faction, action: Action) -> None:
    """Optional: take one of the other Faction cards. Never back to no card (there is no action for it)."""
    if action.kind == "keep_card":
        return
    p = task.seat
    old = s.card[p]
    s.card[p] = action.arg
    s.emit(FactionChanged(p, old, action.arg, tuple(sorted(conditions(s, p)))))


# ---------------------------------------------------------------- Loaning variant


def _loans_legal(s: "BlackSunState", task: Loans) -> list[Action]:
    p, changed = task
    out = [Action("loans_done")]
    for i in range(len(s.owner)):
        if s.owner[i] != p or s.sstate[i] != BOARD or i in changed:
            continue
        out.append(Action("lend", i) if s.ctrl[i] == p else Action("recall", i))
    return out


@TASKS.decision(Loans, _loans_legal)
def loans(s: "BlackSunState", task: Loans, action: Action) -> None:
    """Lend a ship to another player (they control it until recalled) or ask for one back; each ship once a turn."""
    p, changed = task
    if action.kind == "loans_done":
        return
    ship = action.arg
    if action.kind == "recall":
        s.emit(ShipRecalled(ship, p, s.ctrl[ship]))
        s.ctrl[ship] = p
        s.push(Loans(p, changed | {ship}))
    else:
        s.push(LendTo(p, ship, changed | {ship}))


def _lend_to_legal(s: "BlackSunState", task: LendTo) -> list[Action]:
    return [Action("lend_to", q) for q in range(s.n) if q != task.seat]


@TASKS.decision(LendTo, _lend_to_legal)
def lend_to(s: "BlackSunState", task: LendTo, action: Action) -> None:
    p, ship, changed = task
    s.ctrl[ship] = action.arg
    s.emit(ShipLent(ship, p, action.arg))
    s.push(Loans(p, changed))


# ---------------------------------------------------------------- skip-turn rebuilds


def _destroyed(s: "BlackSunState", p: Seat, ship_type: str) -> list[ShipId]:
    return [i for i in range(len(s.owner)) if s.owner[i] == p and s.stype[i] == ship_type and s.sstate[i] == DESTROYED]


def _on_board(s: "BlackSunState", p: Seat, ship_type: str) -> list[ShipId]:
    return [i for i in range(len(s.owner)) if s.owner[i] == p and s.stype[i] == ship_type and s.sstate[i] == BOARD]


# ability -> (the destroyed ship it rebuilds, the ship it is rebuilt beside)
REBUILDS = {"rebuild_raiders": ("raider", "secret_base"), "rebuild_ambunaut": ("ambunaut", "medsat")}


def rebuild_options(s: "BlackSunState", p: Seat) -> list[Action]:
    ab = abilities(s, p)
    out: list[Action] = []
    for ability, (lost_type, base_type) in REBUILDS.items():
        lost = _destroyed(s, p, lost_type) if ability in ab else []
        if lost:
            hexes = sorted({h for b in _on_board(s, p, base_type) for h in anchors(s, b)})
            out.extend(Action(ability, s.board.coords[h]) for h in hexes if can_fit(s, h, lost[:1]))
    return out


def rebuild(s: "BlackSunState", p: Seat, action: Action) -> None:
    """Brigands: all destroyed Raiders back at the Secret Base (as many as fit). Medics: one Ambunaut by a Medsat."""
    h = s.board.hex_of(action.arg)
    if action.kind == "rebuild_raiders":
        ships = _destroyed(s, p, "raider")
        fit: list[ShipId] = []
        for x in ships:
            if can_fit(s, h, fit + [x]):
                fit.append(x)
    else:
        fit = _destroyed(s, p, "ambunaut")[:1]
    s.emit(Rebuilt(p, tuple(fit), s.board.coords[h]))
    settle(s, h, p, tuple(fit))
