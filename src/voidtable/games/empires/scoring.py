"""Scoring (rounds 5 and 9 and after round 11): planets, technologies, the Galactic Council; the final result.

VP are kept face down (the book): each seat's scoring event is visible to that
seat only, unless the open-scores option is on. Council: the highest influence
takes the card's larger amount, the next the smaller; a tie for first shares
both amounts, rounded up, and no second place is paid (a reading); a tie for
second shares the smaller amount, rounded up; no influence, no council VP.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from voidtable.engine.state import Result, ranks_from_keys

from .events import CouncilMet, Scored, ScoreCard
from .planets import benefits

if TYPE_CHECKING:
    from .state import EmpiresState


def ceil_div(a: int, b: int) -> int:
    return -(-a // b)


def council(influence: list[int], high: int, low: int) -> list[int]:
    """Council VP per seat for the given influence and the score card's two amounts."""
    out = [0] * len(influence)
    ranked = sorted({i for i in influence if i > 0}, reverse=True)
    if not ranked:
        return out
    first = [p for p, i in enumerate(influence) if i == ranked[0]]
    if len(first) > 1:
        for p in first:
            out[p] = ceil_div(high + low, len(first))
        return out
    out[first[0]] = high
    if len(ranked) > 1:
        second = [p for p, i in enumerate(influence) if i == ranked[1]]
        for p in second:
            out[p] = ceil_div(low, len(second))
    return out


def tech_vp(s: "EmpiresState", seat: int) -> int:
    return sum(s.r.tech(t).vp for t in s.techs[seat])


def score(s: "EmpiresState", card: ScoreCard) -> None:
    """One scoring: every seat gains VP for planets (home bonus included), technologies and the council."""
    high, low = s.r.score_card(card)
    n = s.r.players
    ben = [benefits(s, p) for p in range(n)]
    influence = [b.influence for b in ben]
    from_council = council(influence, high, low)
    s.scorings += 1
    s.emit(CouncilMet(card, tuple(influence), (high, low)))
    for p in range(n):
        gained = ben[p].vp + tech_vp(s, p) + from_council[p]
        s.vp[p] += gained
        s.emit(Scored(p, card, ben[p].vp, tech_vp(s, p), from_council[p], gained, s.vp[p],
                      visible_to=None if s.r.open_scores else (p,)))


def tiebreak_key(s: "EmpiresState", seat: int) -> tuple[int, int, int, int, int]:
    """Most VP; then most planets, most influence, most technologies, most unspent credits."""
    b = benefits(s, seat)
    return (s.vp[seat], b.planets, b.influence, len(s.techs[seat]), s.credits[seat])


def final_result(s: "EmpiresState") -> Result:
    keys = [tiebreak_key(s, p) for p in range(s.r.players)]
    ranks = ranks_from_keys(keys)
    winners = [p for p, r in enumerate(ranks) if r == 1]
    tied = [p for p in range(s.r.players) if s.vp[p] == max(s.vp)]
    why = ["tied on VP: planets, then influence, technologies, credits decide"] if len(tied) > 1 else []
    return Result([float(v) for v in s.vp], ranks, winners, why)
