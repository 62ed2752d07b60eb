"""Which evaluation scores a position for search and for the value-greedy player: the game's own, or a learned one.

``hand`` is the game's evaluation (``BotSettings.evaluate``, written from what its bot knows). ``learned`` is the
value model the game ships for the table's player count (``engine.valuemodel``, trained by ``voidtable lab
train-value``). Where no model exists, or the one shipped was made for another rules version or encoder, the hand
evaluation is used and one line says why (once per game and player count in a process), so a table keeps playing.
"""

from __future__ import annotations

import logging
from typing import Any, Callable

from voidtable.engine.contract import LoadedGame
from voidtable.engine.errors import OptionError
from voidtable.engine.state import GameState

EVALUATIONS = ("hand", "learned")
Evaluate = Callable[[GameState, str], list[float]]

log = logging.getLogger("voidtable.agents")
_learned: dict[tuple[str, int, str], Any] = {}  # (game, players, settings) -> LearnedEvaluation, or None (fell back)


def check_name(kind: str, agent: str) -> None:
    if kind not in EVALUATIONS:
        raise OptionError(f"agent {agent} parameter 'eval' must be one of {', '.join(EVALUATIONS)}, got {kind!r}")


def learned(game: LoadedGame) -> Evaluate | None:
    """The shipped model's evaluation for ``game`` (cached per rule set), or None after one line saying why not."""
    key = (game.name, game.players, repr(sorted(game.settings.items())))
    if key not in _learned:
        try:
            from voidtable.engine.valuemodel import ModelError, shipped
        except ImportError:  # NumPy is an extra (lab, interop)
            log.warning("eval=learned needs NumPy (pip install 'voidtable[lab]'); using %s's hand evaluation", game.name)
            _learned[key] = None
            return None
        try:
            _learned[key] = shipped(game)
        except ModelError as e:
            log.warning("%s; using %s's hand evaluation", e, game.name)
            _learned[key] = None
    found: Evaluate | None = _learned[key]
    return found


def evaluation(game: LoadedGame, kind: str, hand: Evaluate | None) -> Evaluate | None:
    """The evaluation ``kind`` names for ``game``: the learned one where it can be had, else ``hand``."""
    if kind == "learned":
        got = learned(game)
        if got is not None:
            return got
    return hand
