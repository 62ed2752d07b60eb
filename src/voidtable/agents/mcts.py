"""Information-set Monte Carlo tree search (single observer, determinization per iteration).

Each iteration draws a determinization from the observation (a state the
searching seat cannot tell apart from the real one), walks the tree from the
root choosing every seat's action by UCT over that seat's rewards, adds one
node, finishes the game with a rollout policy and backs up one reward per
seat. Nodes are keyed by the actions taken (chance is part of the
determinization, so the tree is "open loop" over chance and hidden cards).

* **Availability counts.** A node's legal actions differ between
  determinizations (another hand, another draw), so each edge counts how often
  it was *available*; UCT uses that count instead of the parent's visits
  (Cowling, Powley and Whitehouse, 2012).
* **Many players.** The reward is a vector with one entry per seat (win share,
  normalized rank, or a mix); each seat's node maximizes its own entry, so the
  search works for 2-6 players.
* **Simultaneous choices.** When several seats must choose at once (the game
  lists them all in ``to_move``), each picks from its own statistics at that
  node without seeing the others' choices (decoupled UCT): an opponent never
  "answers" a selection it could not have seen. Their legal actions come from
  the determinization, i.e. from that seat's (sampled) information.
* **No events.** Tree moves and rollouts run on quiet states
  (:meth:`~voidtable.engine.state.GameState.set_events`): the same game, with no
  event built (a good part of a cheap decision's cost).
* **Budget.** ``iterations`` or ``seconds``. With an iteration budget the
  agent is deterministic for its seed: the same observation and seed give the
  same move.
"""

from __future__ import annotations

import math
import time
from typing import Any, Callable

from voidtable.engine.actions import Action
from voidtable.engine.errors import OptionError
from voidtable.engine.registry import get
from voidtable.engine.rng import Rng
from voidtable.engine.state import GameState, Result

from .base import Agent, Observation

REWARDS = ("win", "rank", "mix", "score")
ROLLOUTS = ("random", "heuristic")


class Node:
    """One point of the tree: per acting seat, per action, [visits, total reward, availability]; and children."""

    __slots__ = ("stats", "children")

    def __init__(self) -> None:
        self.stats: dict[int, dict[Action, list[float]]] = {}
        self.children: dict[Any, Node] = {}


def reward_vector(result: Result, mode: str) -> list[float]:
    """One reward in [0, 1] per seat: ``win`` (win share), ``rank`` (1 best .. 0 worst), ``score`` (min-max), ``mix``."""
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


class MctsAgent(Agent):
    spec = "mcts"

    def __init__(self, game: str, seed: int = 0, iterations: int = 0, seconds: float = 0.0, c: float = 0.7,
                 rollout: str = "random", reward: str = "mix", max_depth: int = 0, horizon: int = -1,
                 trust: float = -1.0) -> None:
        super().__init__(seed)
        if rollout not in ROLLOUTS:
            raise OptionError(f"agent mcts parameter 'rollout' must be one of {', '.join(ROLLOUTS)}, got {rollout!r}")
        if reward not in REWARDS:
            raise OptionError(f"agent mcts parameter 'reward' must be one of {', '.join(REWARDS)}, got {reward!r}")
        if iterations < 0 or seconds < 0 or c < 0 or max_depth < 0 or horizon < -1:
            raise OptionError("agent mcts parameters 'iterations', 'seconds', 'c' and 'max_depth' must not be negative "
                              "('horizon': -1 for the game's default, 0 for whole-game rollouts, k for k stages)")
        if iterations == 0 and seconds == 0:
            iterations = 1000
        self.game = game
        self.iterations = iterations
        self.seconds = seconds
        self.c = c
        self.reward = reward
        self.max_depth = max_depth  # 0: no limit on tree depth
        self.rollout_name = rollout
        from .heuristic import bot_for, has_bot
        bot = bot_for(game) if has_bot(game) else None
        settings = get(game).hooks.bot_settings  # what the game's bot tells search about itself
        self.bot = bot
        self.policy: Callable[[GameState, int, list[Action], Rng], Action] | None = None
        if rollout == "heuristic":
            self.policy = bot_for(game).rollout_policy  # an OptionError naming the game if it has no bot
        if horizon < 0:  # the game may suggest a horizon (BotSettings.mcts_horizon); else whole-game rollouts
            horizon = settings.mcts_horizon
        self.horizon = horizon  # 0: roll out to the end; k: stop after k stages (rounds, turns) and ask evaluate()
        self.stage: Callable[[GameState], int] | None = None
        self.evaluate: Callable[[GameState, str], list[float]] | None = None
        if horizon:
            if settings.stage is None or settings.evaluate is None:
                raise OptionError(f"agent mcts parameter 'horizon' needs {game!r} to offer stage() and evaluate() "
                                  "(GameSpec.hooks.bot_settings)")
            self.stage, self.evaluate = settings.stage, settings.evaluate
        if trust < 0:  # the game may suggest how far to trust its bot (BotSettings.mcts_trust); else not at all
            trust = settings.mcts_trust
        if trust > 0 and bot is None:
            raise OptionError(f"agent mcts parameter 'trust' needs a heuristic bot for {game!r}")
        self.trust = trust  # the bot's move stands unless another gets trust * iterations more root visits
        self.last_iterations = 0
        self.last_seconds = 0.0
        self.last_root: Node | None = None

    # -- the search ---------------------------------------------------------------
    def act(self, obs: Observation) -> Action:
        if len(obs.legal) == 1:
            self.last_iterations = 0
            return obs.legal[0]
        root = Node()
        rng = self.rng
        start = time.perf_counter()
        favourite = self.bot.act(obs, rng) if self.trust > 0 and self.bot is not None else None
        deadline = start + self.seconds if self.seconds else None
        limit = self.iterations if self.iterations else None
        done = 0
        while True:
            if limit is not None and done >= limit:
                break
            if deadline is not None and done and (done & 7) == 0 and time.perf_counter() >= deadline:
                break
            self._iterate(root, obs, rng)
            done += 1
        self.last_iterations = done
        self.last_seconds = time.perf_counter() - start
        self.last_root = root
        return self._best(root, obs, favourite, self.trust * done)

    def _best(self, root: Node, obs: Observation, favourite: Action | None = None, bonus: float = 0.0) -> Action:
        """The most visited root action (ties: the better mean); the bot's favourite counts ``bonus`` extra visits."""
        stats = root.stats.get(obs.seat, {})
        best = favourite if favourite in obs.legal else obs.legal[0]
        key = (-1.0, -1.0)
        for a in obs.legal:
            st = stats.get(a)
            if st is None:
                continue
            k = (st[0] + (bonus if a == favourite else 0.0), st[1] / st[0] if st[0] else 0.0)
            if k > key:
                key, best = k, a
        return best

    def _iterate(self, root: Node, obs: Observation, rng: Rng) -> None:
        state = obs.sample(rng)
        state.set_events(False)  # search reads states and results, never words: the quiet path skips building events
        node = root
        path: list[tuple[Node, list[tuple[int, Action]]]] = []
        c = self.c
        depth = 0
        stage = self.stage
        limit = stage(state) + self.horizon if stage is not None else None
        while not state.is_over():
            if stage is not None and limit is not None and stage(state) >= limit:
                break
            movers = state.to_move()
            joint: list[tuple[int, Action]] = []
            for seat in movers:
                legal = state.legal_actions(seat)
                if joint and not legal:
                    break
                stats = node.stats.get(seat)
                if stats is None:
                    stats = node.stats[seat] = {}
                joint.append((seat, _select(stats, legal, c, rng)))
            first = True
            applied: list[tuple[int, Action]] = []
            for seat, action in joint:
                if not first and action not in state.legal_actions(seat):
                    break  # an earlier choice changed this seat's options: the rest decide at the next node
                state._apply(seat, action)  # legal by construction
                applied.append((seat, action))
                first = False
            path.append((node, applied))
            key: Any = applied[0] if len(applied) == 1 else tuple(applied)  # who did what: seats never share a child
            child = node.children.get(key)
            depth += 1
            if child is None:
                child = node.children[key] = Node()
                break
            node = child
            if self.max_depth and depth >= self.max_depth:
                break
        self._rollout(state, rng, limit)
        if state.is_over():
            reward = reward_vector(state.result(), self.reward)
        else:
            reward = self.evaluate(state, self.reward)  # type: ignore[misc]
        for node, applied in path:
            for seat, action in applied:
                st = node.stats[seat][action]
                st[0] += 1
                st[1] += reward[seat]

    def _rollout(self, state: GameState, rng: Rng, limit: int | None = None) -> None:
        policy = self.policy
        stage = self.stage
        while not state.is_over():
            if limit is not None and stage(state) >= limit:  # type: ignore[misc]
                return
            seat = state.to_move()[0]
            legal = state.legal_actions(seat)
            if len(legal) == 1:
                action = legal[0]
            elif policy is None:
                action = legal[rng.below(len(legal))]
            else:
                action = policy(state, seat, legal, rng)
            state._apply(seat, action)  # legal by construction


def _select(stats: dict[Action, list[float]], legal: list[Action], c: float, rng: Rng) -> Action:
    """UCT with availability counts; an action never tried here is tried first (a random one of them)."""
    untried = None
    for a in legal:
        st = stats.get(a)
        if st is None:
            stats[a] = [0, 0.0, 1]
            untried = untried or []
            untried.append(a)
        else:
            st[2] += 1
            if st[0] == 0:
                untried = untried or []
                untried.append(a)
    if untried:
        return untried[rng.below(len(untried))] if len(untried) > 1 else untried[0]
    best = legal[0]
    best_v = -1.0
    log = math.log
    sqrt = math.sqrt
    for a in legal:
        n, w, m = stats[a]
        v = w / n + c * sqrt(log(m) / n)
        if v > best_v:
            best_v, best = v, a
    return best
