"""The bot scheduler: which bot seats are due, who thinks when, for how long, and how their moves come back.

A bot decides in a worker thread on an observation of a state that no longer
changes (``tables.Table`` makes a new state for each move), so the table goes on
while it thinks; its move then goes through the same checks as anyone's (the move
path), and a move gone stale meanwhile is thought again. Workers are shared fairly
between tables (``bots.FairQueue``). A bot's thinking is held to a budget per
decision and per turn (``--max-bot-seconds``, ``--max-bot-turn-seconds``), read on
an injectable clock (``think_clock``), so a turn of many decisions still ends in time.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any, Callable

from voidtable.agents import specs as agent_specs
from voidtable.agents.base import Agent, observe
from voidtable.engine.rng import derive_seed

from .bots import FALLBACK_LEVELS, FairQueue, bot_spec, set_budget
from .errors import MoveError
from .limits import Clock

if TYPE_CHECKING:
    from .hub import Hub
    from .tables import Table

log = logging.getLogger("voidtable.web")

TURN_FLOOR = 0.05  # a bot decision with less of its turn left than this plays its quick fallback move
Key = tuple[str, int]  # (table id, seat)


class BotScheduler:
    """Every bot seat of every table: queued decisions, workers, turn budgets, and seats forced by a clock."""

    def __init__(self, hub: Hub, workers: int, delay: float, pace: float, think_clock: Clock | None = None) -> None:
        self.hub = hub
        self.workers = workers
        self.executor = ThreadPoolExecutor(max_workers=workers + 1, thread_name_prefix="voidtable-bot")  # +1: replays
        self.bot_delay = delay    # seconds a bot waits before deciding at a table where a person plays
        self.pace = pace          # seconds between moves at a table with no person playing
        self.think_clock: Clock = think_clock or time.perf_counter  # a bot's thinking against its turn budget
        self.agents: dict[Key, Agent] = {}
        self.thinking: set[Key] = set()   # bot seats queued or with a worker
        self.queue = FairQueue()
        self.working = 0                  # decisions with a worker now
        self.turn: dict[Key, float] = {}  # seconds a bot has thought in its current turn
        self.refused: dict[Key, int] = {}
        self.forced: set[Key] = set()     # person seats whose move clock ran out: a bot chooses this move
        self.tasks: set[asyncio.Task[None]] = set()
        self.closed = False

    def close(self) -> None:
        """No new bot work; searches already running end within their budget (--max-bot-seconds)."""
        self.closed = True
        for task in list(self.tasks):
            task.cancel()
        self.executor.shutdown(wait=False, cancel_futures=True)

    def forget(self, table_id: str) -> None:
        """Drop a table's bots and their bookkeeping once it can take no more moves (finished or removed)."""
        for book in (self.agents, self.turn, self.refused):
            for key in [k for k in book if k[0] == table_id]:
                del book[key]
        self.forced -= {k for k in self.forced if k[0] == table_id}

    def drop(self, table_id: str) -> None:
        """A table is gone: also its waiting decisions."""
        self.queue.drop(table_id)
        self.forget(table_id)

    def agent(self, table: Table, seat: int) -> Agent:
        key = (table.id, seat)
        a = self.agents.get(key)
        if a is None:
            spec = bot_spec(table.seats[seat].level or "medium", table.name)
            a = self.agents[key] = agent_specs.make(spec, table.name, derive_seed(table.seed, 1 + seat))
            set_budget(a, self.hub.limits.max_bot_seconds)  # also a stored spec from before the limits, or iterations only
        return a

    def quick(self, table: Table, seat: int) -> Agent:
        """The bot that decides when a searching bot's turn budget is spent: the game's medium bot if it does not
        search (a heuristic), else a random one (``FALLBACK_LEVELS['easy']``)."""
        key = (table.id, -1 - seat)
        a = self.agents.get(key)
        if a is None:
            a = agent_specs.make(bot_spec("medium", table.name), table.name, derive_seed(table.seed, 100 + seat))
            if hasattr(a, "seconds"):
                a = agent_specs.make(FALLBACK_LEVELS["easy"], table.name, derive_seed(table.seed, 100 + seat))
            self.agents[key] = a
        return a

    # -- when a bot decides ------------------------------------------------------------------------
    def due(self, table: Table, seat: int) -> bool:
        """A bot decides for this seat now: a bot seat, or a person's seat whose move clock ran out."""
        return table.seats[seat].by_bot or (table.id, seat) in self.forced

    def schedule(self, table: Table) -> None:
        """Queue a decision for every bot seat to move that is not queued or thinking already."""
        if table.status != "running" or self.closed:
            return
        peers = self.hub.peers
        if peers is not None and not any(self.due(table, p) for p in table.state.to_move()):
            return
        if peers is not None and not peers.runs_bots(table):  # another process runs this table's bots
            return
        for p in table.state.to_move():
            key = (table.id, p)
            if self.due(table, p) and key not in self.thinking:
                self.thinking.add(key)
                delay = 0.0 if key in self.forced else self.delay(table)
                if delay:
                    self._later(delay, self._enqueue, table.id, p)
                else:
                    self._enqueue(table.id, p)

    def delay(self, table: Table) -> float:
        """Seconds a bot waits before it decides: ``bot_delay`` at a table where a person plays (so their moves can
        be followed), the table's pace (or the server's, ``--bot-pace``) at a table of bots alone (watchable)."""
        if any(not s.by_bot for s in table.seats):
            return self.bot_delay
        pace = table.table_options.get("pace")
        return float(pace) if isinstance(pace, (int, float)) else self.pace

    def _later(self, delay: float, fn: Callable[..., None], *args: Any) -> None:
        asyncio.get_running_loop().call_later(delay, fn, *args)

    def _enqueue(self, table_id: str, seat: int) -> None:
        if self.closed or table_id not in self.hub.tables:
            self.thinking.discard((table_id, seat))
            return
        self.queue.add(table_id, seat)
        self._pump()

    def _pump(self) -> None:
        """Give free workers the next decisions, tables in turn."""
        while not self.closed and self.working < self.workers:
            item = self.queue.take()
            if item is None:
                return
            self.working += 1
            task = asyncio.get_running_loop().create_task(self._decide(*item))
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)

    # -- how long it may think -----------------------------------------------------------------------
    def budget(self, table: Table, seat: int) -> float:
        """Seconds this decision may think, derived from the turn's budget: at most the per-decision limit and at
        most half of what the bot's turn has left (``--max-bot-turn-seconds``), so however many decisions a turn
        holds, their thinking adds up to less than the turn's budget. Under ``TURN_FLOOR`` left: 0 (quick move)."""
        key = (table.id, seat)
        if table.actions and table.actions[-1][0] != seat:  # another seat moved since: a new turn
            self.turn[key] = 0.0
        left = self.hub.limits.max_bot_turn_seconds - self.turn.get(key, 0.0)
        if left < TURN_FLOOR:
            return 0.0
        return min(self.hub.limits.max_bot_seconds, left / 2)

    def charge(self, table_id: str, seat: int, seconds: float) -> None:
        """Count ``seconds`` of thinking against the bot's current turn."""
        key = (table_id, seat)
        self.turn[key] = self.turn.get(key, 0.0) + seconds

    # -- deciding and playing --------------------------------------------------------------------------
    async def _decide(self, table_id: str, p: int) -> None:
        """One bot decision on a worker, then its move through the same checks as anyone's."""
        table = self.hub.tables.get(table_id)
        action = None
        step = table.step_of(p) if table is not None else 0
        try:
            if table is None or self.closed or table.status != "running" or p not in table.state.to_move() \
                    or not self.due(table, p):
                self.thinking.discard((table_id, p))
                return
            action = await self._choose(table, p)
        except RuntimeError:  # the executor is shut down
            self.thinking.discard((table_id, p))
            return
        except Exception:  # e.g. the bot cannot be built: log it and play a legal move, so the table goes on
            log.exception("bot %s at table %s failed; playing its first legal move", p, table_id)
            action = table.legal[p][0] if table is not None and table.legal[p] else None
        finally:
            self.working -= 1
            self.queue.done(table_id)
            self._pump()
        self.thinking.discard((table_id, p))
        if self.closed or table is None or self.hub.tables.get(table_id) is not table or action is None:
            return
        self._play(table, p, step, action)

    async def _choose(self, table: Table, p: int) -> Any:
        """The bot's action, thought in a worker within this decision's budget (charged to its turn)."""
        obs = observe(table.state, p)
        seconds = self.budget(table, p)
        agent = self.agent(table, p)
        if seconds <= 0 and hasattr(agent, "seconds"):  # the turn's budget is spent: the quick bot decides
            agent = self.quick(table, p)
        t0 = self.think_clock()
        action = await asyncio.get_running_loop().run_in_executor(self.executor, self._think, agent, obs, seconds)
        self.charge(table.id, p, self.think_clock() - t0)
        return action

    @staticmethod
    def _think(agent: Agent, obs: Any, seconds: float) -> Any:
        """In a worker: the agent's choice within ``seconds`` (a search with none left: the first legal move)."""
        if seconds <= 0 and hasattr(agent, "seconds"):
            return obs.legal[0]
        set_budget(agent, seconds)
        try:
            return agent.act(obs)
        except Exception:  # a bot bug must not stall the table: log it and play a legal move
            log.exception("a bot failed; playing its first legal move")
            return obs.legal[0]

    def _play(self, table: Table, p: int, step: int, action: Any) -> None:
        """Submit a bot's move; a stale one thinks again, an unstored one retries when the store may write again."""
        key = (table.id, p)
        if not self.due(table, p):  # the person took the seat back while it thought
            return
        try:
            self.hub.move_as(table, p, step, action.to_json(), bot=True)
            self.refused.pop(key, None)
        except MoveError as e:
            if e.status == 503:  # the store cannot write (disk full): the table is unchanged; try again later
                asyncio.get_running_loop().call_later(self.hub.limits.store_retry, self._retry, table.id)
                return
            if e.status != 409:  # not stale but wrong: a bot bug; keep the table going
                self._refused_move(table, p, e)
            self.schedule(table)  # else the table moved on while it thought: think again

    def _refused_move(self, table: Table, p: int, e: MoveError) -> None:
        """A bot's move refused as wrong: logged; the third time in a row its seat plays its first legal move."""
        key = (table.id, p)
        self.refused[key] = self.refused.get(key, 0) + 1
        log.error("bot %s at table %s: %s", p, table.id, e.message)
        if self.refused[key] >= 3 and table.legal[p]:
            with contextlib.suppress(MoveError):
                self.hub.move_as(table, p, table.step_of(p), table.legal[p][0].to_json(), bot=True)

    def _retry(self, table_id: str) -> None:
        table = self.hub.tables.get(table_id)
        if table is not None:
            self.schedule(table)
