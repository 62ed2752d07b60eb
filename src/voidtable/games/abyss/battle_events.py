"""The space battle's events, declared once for every game that hosts the battle (``battle.py``).

Both hosts log them as they are. The fleet battle's (``abyss_battle``) words come from the
records below, through the host's naming context (:class:`BattleSay`: how the host
names seats, ships, cells and tiles); the main game (``abyss``) says them in its own,
shorter words (``fourx/text.battle_words`` matches on these classes), and writes three of
these types in a second shape of its own outside battles (``fourx/events.py``).

Cells are ``(column, row)`` pairs on the battle board; ships are ids (owner and piece).
"""

from __future__ import annotations

from typing import Literal, Protocol

from voidtable.engine.events import EventRecord
from voidtable.engine.squaregrid import Cell

#: Why a battle ended: a fleet destroyed (or no two sides left fighting), a side fled, the round limit.
EndReason = Literal["destroyed", "fled", "rounds"]


class BattleSay(Protocol):
    """What a battle event's words need from its host game's naming context."""

    def seat(self, seat: object) -> str: ...

    def ship(self, ship_id: object, design: str | None = None) -> str: ...

    def owner(self, ship_id: int) -> int: ...

    def cell(self, cell: Cell | None) -> str: ...

    def tile(self, key: str | None) -> str: ...


class BattleEvent(EventRecord, frozen=True):
    """Any battle event (untagged: a base). ``words`` takes the host's naming context."""

    def words(self, say: BattleSay) -> str | None:
        return None


class BattleBegan(BattleEvent, frozen=True, tag="battle"):
    """The battle starts: its sides, played on the board or resolved by the scripted policy (a lab mode)."""

    sides: tuple[int, ...]
    mode: Literal["auto", "board"]

    def words(self, say: BattleSay) -> str:
        return "The battle begins" + (" (played by the scripted policy)" if self.mode == "auto" else "")


class RoundBegan(BattleEvent, frozen=True, tag="round"):
    """A battle round: the sides in initiative order and their initiative totals in that order."""

    round: int
    order: tuple[int, ...]
    totals: tuple[int, ...]

    def words(self, say: BattleSay) -> str:
        order = " then ".join(say.seat(p) for p in self.order)
        totals = ", ".join(str(x) for x in self.totals)
        return f"Round {self.round}: initiative {totals}, {order} goes first"


class Moved(BattleEvent, frozen=True, tag="moved"):
    """A ship moved on the board (``came``: from, ``to``: where it ended)."""

    seat: int
    ship: int
    design: str
    to: Cell
    came: Cell

    def words(self, say: BattleSay) -> str:
        return (f"{say.seat(self.seat)}'s {say.ship(self.ship, self.design)} moves from {say.cell(self.came)} "
                f"to {say.cell(self.to)}")


class Shot(BattleEvent, frozen=True, tag="shot"):
    """A weapon (the ship's ``square``) fired at ``target``: one die with ``die`` faces, less the target's shield,
    must meet ``need``."""

    seat: int
    ship: int
    design: str
    square: int
    target: int
    target_design: str
    die: int
    roll: int
    shield: int
    need: int
    hit: bool

    def words(self, say: BattleSay) -> str:
        shield = f", less shield {self.shield}" if self.shield else ""
        outcome = "a hit" if self.hit else "a miss"
        return (f"{say.seat(self.seat)}'s {say.ship(self.ship, self.design)} fires at "
                f"{say.seat(say.owner(self.target))}'s {say.ship(self.target, self.target_design)}: "
                f"rolls {self.roll} on a d{self.die}{shield}, needs {self.need}: {outcome}")


class Disabled(BattleEvent, frozen=True, tag="disabled"):
    """A hit ship's owner covered one of its squares (``tile``: what was there)."""

    seat: int
    ship: int
    design: str
    square: int
    tile: str

    def words(self, say: BattleSay) -> str:
        return f"{say.seat(self.seat)} covers {say.tile(self.tile)} of {say.ship(self.ship, self.design)}"


class Destroyed(BattleEvent, frozen=True, tag="destroyed"):
    """A ship with every square covered explodes (``by``: the side that shot it; ``points``: what it was worth)."""

    seat: int
    ship: int
    design: str
    by: int
    points: int

    def words(self, say: BattleSay) -> str:
        return f"{say.seat(self.seat)}'s {say.ship(self.ship, self.design)} explodes ({self.points} points)"


class Fled(BattleEvent, frozen=True, tag="fled"):
    seat: int
    round: int

    def words(self, say: BattleSay) -> str:
        return f"{say.seat(self.seat)} flees the battle board"


class BattleOver(BattleEvent, frozen=True, tag="battle_over"):
    """The battle ended: the sides left on the board (none at the round limit: the host decides), and why."""

    winners: tuple[int, ...]
    reason: EndReason
    round: int

    def words(self, say: BattleSay) -> str:
        won = " and ".join(say.seat(p) for p in self.winners) or "nobody"
        return f"The battle is over after round {self.round}: {won} holds the field"
