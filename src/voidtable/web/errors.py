"""The one error a table request ends in: a line for the player and the HTTP status it maps to."""

from __future__ import annotations


class MoveError(Exception):
    """A move or request the table refuses: one line for the player, an HTTP status, and no change to the table."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
