"""What a seat is sent: the ``State`` message, built from that seat's view, choices and events only.

``build`` makes the part that changes only with a move or a seat change (the table's
public facts, the scene, the choices in words, the result); the table caches it per
seat and step. ``now`` adds what changes without a move: the log and talk lines this
connection has not had yet, who has a page open, the turn clocks' seconds, and
whether a bot holds the seat.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec

from . import clocks, scenes
from .protocol import UNSET, ActionJson, Choice, ResultWords, Standing, State, TalkLine

if TYPE_CHECKING:
    from .tables import Table


def build(table: Table, seat: int | None) -> State:
    """The state for ``seat`` without its log, talk, presence and clocks (see ``now``)."""
    running = table.status == "running"
    legal = table.legal[seat] if seat is not None and running and not table.seats[seat].by_bot else []
    names = table.names()
    words: dict[bytes, str] = {}
    scene = scenes.build_scene(table.game, table.state.view(seat), legal, seat, names, words)
    actions = [ActionJson(**a.to_json()) for a in legal]
    out = State(table.public_cached(), table.step_of(seat), seat, table.state.to_move() if running else [], actions,
                [Choice(words.get(scenes.action_key(a)) or scenes.describe_action(table.game, a, names), j)
                 for a, j in zip(legal, actions)], scene)
    if table.result_json() is not None:
        out.result = result_words(table)
    return out


def now(table: Table, seat: int | None, base: State, log_from: int, talk_from: int) -> State:
    """``base`` with the log from line ``log_from``, the talk from line ``talk_from``, and the table as it is now."""
    lines = table.lines[seat]
    log_from = min(log_from, len(lines))
    talk_from = min(talk_from, len(table.talk))
    talk = [TalkLine(t.n, t.kind, t.seat, t.name, t.text) for t in table.talk[talk_from:]]  # type: ignore[arg-type]
    clock = clocks.view(table, table.now())
    held = table.seats[seat].held_why if seat is not None and table.seats[seat].held is not None else UNSET
    return msgspec.structs.replace(base, log_from=log_from, log=lines[log_from:], talk_from=talk_from, talk=talk,
                                   present=table.here(), clock=UNSET if clock is None else clock, held=held)


def result_words(table: Table) -> ResultWords:
    """The result with the standings in rank order, each seat by name, and a summary in words."""
    r = table.result_json()
    assert r is not None
    names = table.names()
    resigned = r.get("resigned", [])
    standings = sorted(range(table.players), key=lambda p: (r["ranks"][p], p))
    summary = ("Winner: " if len(r["winners"]) == 1 else "Shared victory: ") + ", ".join(names[p] for p in r["winners"])
    if resigned:
        summary += " (" + ", ".join(names[p] for p in resigned) + " resigned)"
    out = msgspec.convert(r, ResultWords)
    out.standings = [Standing(p, names[p], r["ranks"][p], r["scores"][p], p in resigned) for p in standings]
    out.summary = summary
    return out
