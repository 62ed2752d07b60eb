"""Factions: allegiance, scoring conditions, abilities, faction changes, loans, rebuilds.

A player's Starting Faction fixes their ships, their basic scoring and their
special abilities for the whole game. A Faction card (Rebel, Allied, Rogue,
Hunted) adds scoring and decides the player's side. The Rebel Commander and
the Alliance General keep their destroy-scoring only while they hold no card
or the card of their own side.
"""

from __future__ import annotations

from typing import Any

from voidtable.engine.actions import Action

from .flow import decision, push
from .positions import BOARD, DESTROYED, anchors, can_fit, settle


def allegiance(s: Any, p: int) -> str:
    """'rebel', 'allied', 'rogue', 'hunted' from a card; else the starting side ('rebel', 'allied' or 'none')."""
    c = s.card[p]
    if c is not None:
        return c
    return s.R.factions[s.starting[p]].allegiance


def conditions(s: Any, p: int) -> set[str]:
    f = s.R.factions[s.starting[p]]
    out = set(f.scoring)
    c = s.card[p]
    if c is not None:
        if c != f.allegiance:
            out.discard("destroy_allied")
            out.discard("destroy_rebel")
        out.update(s.R.faction_cards[c].scoring)
    return out


def abilities(s: Any, p: int) -> list[str]:
    return s.R.factions[s.starting[p]].abilities


def may_not_raid(s: Any, a: int, b: int) -> bool:
    """The Rebel card's restriction: a Rebel player cannot raid another Rebel player."""
    side = allegiance(s, a)
    card = s.R.faction_cards.get(side)
    return card is not None and card.no_raid_same and allegiance(s, b) == side


# ---------------------------------------------------------------- turn step 2: faction change


def allowed_cards(s: Any, p: int) -> list[str]:
    now = allegiance(s, p)
    forbidden = {tuple(x) for x in s.R.faction_changes.forbidden}
    return [c for c in ("allied", "hunted", "rebel", "rogue") if c != now and (now, c) not in forbidden]


def _faction_legal(s: Any, task: tuple) -> list[Action]:
    return [Action("keep_card"), *[Action("take_card", c) for c in allowed_cards(s, task[1])]]


@decision("faction", _faction_legal)
def change_faction(s: Any, task: tuple, action: Action) -> None:
    """Optional: take one of the other Faction cards. Never back to no card (there is no action for it)."""
    if action.kind == "keep_card":
        return
    p = task[1]
    old = s.card[p]
    s.card[p] = action.arg
    s.emit({"type": "faction_changed", "seat": p, "from": old, "to": action.arg, "scoring": sorted(conditions(s, p))})


# ---------------------------------------------------------------- Loaning variant


def _loans_legal(s: Any, task: tuple) -> list[Action]:
    p, changed = task[1], task[2]
    out = [Action("loans_done")]
    for i in range(len(s.owner)):
        if s.owner[i] != p or s.sstate[i] != BOARD or i in changed:
            continue
        out.append(Action("lend", i) if s.ctrl[i] == p else Action("recall", i))
    return out


@decision("loans", _loans_legal)
def loans(s: Any, task: tuple, action: Action) -> None:
    """Lend a ship to another player (they control it until recalled) or ask for one back; each ship once a turn."""
    p, changed = task[1], task[2]
    if action.kind == "loans_done":
        return
    ship = action.arg
    if action.kind == "recall":
        s.emit({"type": "ship_recalled", "ship": ship, "owner": p, "from": s.ctrl[ship]})
        s.ctrl[ship] = p
        push(s, ("loans", p, changed | {ship}))
    else:
        push(s, ("lend_to", p, ship, changed | {ship}))


def _lend_to_legal(s: Any, task: tuple) -> list[Action]:
    return [Action("lend_to", q) for q in range(s.n) if q != task[1]]


@decision("lend_to", _lend_to_legal)
def lend_to(s: Any, task: tuple, action: Action) -> None:
    p, ship, changed = task[1], task[2], task[3]
    s.ctrl[ship] = action.arg
    s.emit({"type": "ship_lent", "ship": ship, "owner": p, "to": action.arg})
    push(s, ("loans", p, changed))


# ---------------------------------------------------------------- skip-turn rebuilds


def _destroyed(s: Any, p: int, ship_type: str) -> list[int]:
    return [i for i in range(len(s.owner)) if s.owner[i] == p and s.stype[i] == ship_type and s.sstate[i] == DESTROYED]


def _on_board(s: Any, p: int, ship_type: str) -> list[int]:
    return [i for i in range(len(s.owner)) if s.owner[i] == p and s.stype[i] == ship_type and s.sstate[i] == BOARD]


# ability -> (the destroyed ship it rebuilds, the ship it is rebuilt beside)
REBUILDS = {"rebuild_raiders": ("raider", "secret_base"), "rebuild_ambunaut": ("ambunaut", "medsat")}


def rebuild_options(s: Any, p: int) -> list[Action]:
    ab = abilities(s, p)
    out = []
    for ability, (lost_type, base_type) in REBUILDS.items():
        lost = _destroyed(s, p, lost_type) if ability in ab else []
        if lost:
            hexes = sorted({h for b in _on_board(s, p, base_type) for h in anchors(s, b)})
            out.extend(Action(ability, s.board.coords[h]) for h in hexes if can_fit(s, h, lost[:1]))
    return out


def rebuild(s: Any, p: int, action: Action) -> None:
    """Brigands: all destroyed Raiders back at the Secret Base (as many as fit). Medics: one Ambunaut by a Medsat."""
    h = s.board.hex_of(action.arg)
    if action.kind == "rebuild_raiders":
        ships = _destroyed(s, p, "raider")
        fit: list[int] = []
        for x in ships:
            if can_fit(s, h, fit + [x]):
                fit.append(x)
    else:
        fit = _destroyed(s, p, "ambunaut")[:1]
    s.emit({"type": "rebuilt", "seat": p, "ships": fit, "hex": list(s.board.coords[h])})
    settle(s, h, p, tuple(fit))
