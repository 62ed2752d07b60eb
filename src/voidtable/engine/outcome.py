"""Turning score estimates into a reward per player: shared by the games' bots that stop rollouts early.

A bot estimates each player's final score and how uncertain the gap is; from the
chance that p finishes ahead of q for every pair, this derives win shares, an
expected normalized rank, a score scale, or a mix of win and rank.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Callable

if TYPE_CHECKING:
    from .state import Result


def pairwise_rewards(scores: list[float], p_ahead: Callable[[float], float], mode: str = "mix") -> list[float]:
    """Rewards in [0, 1] per player; ``p_ahead(diff)`` is the chance a player ``diff`` points up stays ahead."""
    n = len(scores)
    beat = [[0.5] * n for _ in range(n)]
    for p in range(n):
        for q in range(p + 1, n):
            x = p_ahead(scores[p] - scores[q])
            beat[p][q], beat[q][p] = x, 1.0 - x
    win = [math.prod(beat[p][q] for q in range(n) if q != p) for p in range(n)]
    total = sum(win)
    win = [w / total for w in win]
    rank = [sum(beat[p][q] for q in range(n) if q != p) / (n - 1) for p in range(n)]
    if mode == "win":
        return win
    if mode == "rank":
        return rank
    if mode == "score":
        lo, hi = min(scores), max(scores)
        return [(x - lo) / (hi - lo) if hi > lo else 0.5 for x in scores]
    return [0.5 * w + 0.5 * r for w, r in zip(win, rank)]


def result_rewards(result: "Result", mode: str = "mix") -> list[float]:
    """The reward per player of a finished game, in [0, 1]: what an evaluation of a won (or lost) position equals.

    ``win``: win share (a shared win is a fraction); ``rank``: 1 for first .. 0 for last; ``score``: min-max of
    the final scores; ``mix``: half win share, half rank. Search backs these up from games played to the end,
    and a game's evaluation returns them for a finished position, so both agree where the outcome is known.
    """
    n = len(result.scores)
    if mode == "win":
        return result.win_shares()
    ranks = [(n - r) / (n - 1) if n > 1 else 1.0 for r in result.ranks]
    if mode == "rank":
        return ranks
    if mode == "score":
        lo, hi = min(result.scores), max(result.scores)
        span = hi - lo
        return [(s - lo) / span if span else 0.5 for s in result.scores]
    wins = result.win_shares()
    return [0.5 * w + 0.5 * r for w, r in zip(wins, ranks)]
