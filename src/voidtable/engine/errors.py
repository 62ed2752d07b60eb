"""Named errors, so callers can tell a bad move from a bad option from a bad record."""

from __future__ import annotations


class VoidtableError(Exception):
    """Base of every error voidtable raises on purpose."""


class IllegalAction(VoidtableError):
    """An action that is not in ``legal_actions(player)`` right now; the state is untouched."""


class OptionError(VoidtableError, ValueError):
    """An unknown or ill-typed option or rules override; the message names what is allowed."""


class RulesDataError(VoidtableError, ValueError):
    """A game's rules data (TOML) does not validate."""


class UnknownGame(VoidtableError, KeyError):
    """A game name that is not in the registry."""

    def __str__(self) -> str:  # KeyError quotes its message; we want one plain line
        return str(self.args[0]) if self.args else "unknown game"


class RecordError(VoidtableError, ValueError):
    """A game record that cannot be read or does not replay; names the first divergent step."""


class InvalidAction(VoidtableError, ValueError):
    """Not an action of this game at all: an unknown kind, or an argument outside its kind's declared type."""


class GameNotOver(VoidtableError, RuntimeError):
    """``result()`` asked of a game still in progress."""


class RulesInvariantError(VoidtableError, AssertionError):
    """The rules reached a state they say cannot happen: a bug, never a bad input."""
