"""Bot work shared fairly between tables, and bot budgets held to the server's limits.

A table's bots may all be due at once (a simultaneous choice), and one
table's search must not hold every worker while other tables wait. So a
table has at most one bot decision with a worker at a time, and tables take
turns (round robin) for the workers. A bot spec from a client (or from the
store, written before the limits existed) never thinks longer than
``--max-bot-seconds`` a decision: the search's own time budget is clamped, so
work ends by itself, also when the server shuts down.
"""

from __future__ import annotations

from collections import deque

from voidtable.agents import specs as agent_specs
from voidtable.agents.base import Agent
from voidtable.engine.errors import OptionError

LEVELS = ("easy", "medium", "hard")
# Used only if agents/specs.py has no difficulty names, or a game has no heuristic bot yet.
FALLBACK_LEVELS = {"easy": "random", "medium": "mcts:iterations=200", "hard": "mcts:seconds=1.0"}


def bot_spec(level: str, game: str) -> str:
    """The agent spec a bot level stands for in ``game`` (a spec given directly is kept)."""
    if level not in LEVELS:
        return level
    spec = getattr(agent_specs, "DIFFICULTIES", {}).get(level) or FALLBACK_LEVELS[level]
    try:
        agent_specs.make(spec, game, 0)
    except OptionError:  # e.g. the game has no heuristic bot yet
        spec = FALLBACK_LEVELS[level]
    return spec


class FairQueue:
    """Bot decisions waiting for a worker: tables in turn, one decision per table with a worker at a time."""

    def __init__(self) -> None:
        self._waiting: dict[str, deque[int]] = {}
        self._order: deque[str] = deque()
        self._busy: set[str] = set()

    def add(self, table_id: str, seat: int) -> None:
        """Queue a decision of ``seat`` (once: a seat already queued is not queued again)."""
        seats = self._waiting.setdefault(table_id, deque())
        if seat not in seats:
            seats.append(seat)
        if table_id not in self._busy and table_id not in self._order:
            self._order.append(table_id)

    def take(self) -> tuple[str, int] | None:
        """The next decision to give a worker: the table that has waited longest; None if none may go now."""
        while self._order:
            table_id = self._order.popleft()
            seats = self._waiting.get(table_id)
            if seats:
                self._busy.add(table_id)
                return table_id, seats.popleft()
        return None

    def done(self, table_id: str) -> None:
        """A decision of ``table_id`` left its worker: the table queues again, behind the others, if it has more."""
        self._busy.discard(table_id)
        if self._waiting.get(table_id):
            if table_id not in self._order:
                self._order.append(table_id)
        else:
            self._waiting.pop(table_id, None)

    def drop(self, table_id: str) -> None:
        """Forget a removed table's waiting decisions."""
        self._waiting.pop(table_id, None)
        if table_id in self._order:
            self._order.remove(table_id)


def check_spec(spec: str, max_seconds: float) -> None:
    """An OptionError (one line) if a bot spec asks for more thinking time a decision than the server allows."""
    _, params = agent_specs.parse(spec)
    seconds = params.get("seconds")
    if isinstance(seconds, (int, float)) and seconds > max_seconds:
        raise OptionError(f"bot {spec!r} asks for {seconds:g} s a decision; this server allows at most "
                          f"{max_seconds:g} s (--max-bot-seconds); or choose easy, medium or hard")


def set_budget(agent: Agent, seconds: float) -> None:
    """Hold a searching agent's next decision to ``seconds`` (its own budget if smaller; an iteration-only
    budget then ends at whichever comes first). Agents without a time budget are not searches and are left alone."""
    if not hasattr(agent, "seconds"):
        return
    own = agent.__dict__.setdefault("_spec_seconds", agent.seconds)  # the spec's own budget, kept across decisions
    agent.seconds = min(own, seconds) if isinstance(own, (int, float)) and own > 0 else seconds
