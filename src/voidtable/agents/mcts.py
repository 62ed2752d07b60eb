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
* **Whole moves.** A game whose moves are chains of small decisions may offer
  plans (:class:`~voidtable.engine.hooks.PlanHooks`): at a decision that starts
  a move, the node's choices are the game's few best plans instead of the first
  small step, and choosing one plays its steps; rollouts follow the game's cheap
  plan. The agent keeps the plan it chose and plays its later steps without
  searching again. Decisions the game offers no plans for are searched as usual.
* **Budget.** ``iterations`` or ``seconds``. With an iteration budget the
  agent is deterministic for its seed: the same observation and seed give the
  same move. A time budget reads an injectable clock (``clock``, seconds; by
  default ``time.perf_counter``) before every iteration and at every decision
  inside one, and an iteration the deadline interrupts is dropped unscored, so
  a search ends within one decision's cost of its budget (a decision of the
  tree or of a rollout, or one ``evaluate``), not one iteration's.
* **Cut-off.** With ``cutoff=k`` a rollout stops after k decisions with a choice
  and the game's evaluation (``BotSettings.evaluate``, valid at any position)
  scores the position instead of playing on: many more, shallower iterations in
  games whose rollouts are long and dear (a game's default: ``mcts_cutoff``).
  ``horizon`` (stages: rounds, turns) still applies; whichever comes first ends it.
* **Progressive widening.** With ``widen=a`` (0 < a <= 1) a decision with more than
  ``WIDEN_FROM`` choices opens them one at a time, at most ceil((visits + 1) ** a),
  the rollout policy's pick first (the bot's move first at the root), so a small
  budget is spent deepening the likely moves instead of trying every one once.
* **Learned evaluation.** ``eval=learned`` scores those positions with the value model the game ships for the
  table's player count (``engine.valuemodel``) instead of the game's own evaluation; without a usable model it
  says so in one line and uses the game's own.
* **Trust in the bot.** With ``trust=z`` > 0 the bot's move (or the game's first
  plan) is the presumed choice, and the search overrules it only when its
  evidence says so: when the choice it would play on its own (the most visited)
  has a mean reward above the bot's move's by more than ``z`` standard errors of
  the difference. The margin shrinks as both are visited more, so with enough
  iterations a clearly better move wins, and a move the search cannot tell from
  the bot's leaves the bot's move standing. ``trust=0`` never asks the bot.
"""

from __future__ import annotations

import math
import time
from typing import Any, Callable, Hashable, Sequence

from voidtable.engine.actions import Action
from voidtable.engine.errors import OptionError
from voidtable.engine.hooks import Plan, PlanHooks
from voidtable.engine.outcome import result_rewards
from voidtable.engine.registry import get
from voidtable.engine.rng import Rng
from voidtable.engine.state import GameState, Result

from .base import Agent, Observation
from .evaluation import check_name, evaluation

REWARDS = ("win", "rank", "mix", "score")
UNSEEN_VARIANCE = 0.25  # the largest variance a reward in [0, 1] can have: one such pseudo-observation per choice
ROLLOUTS = ("random", "heuristic")
MAX_CUTOFF = 10_000  # rollout decisions: beyond this a cut-off is no cut-off (whole games are shorter)
WIDEN_FROM = 8  # progressive widening applies to a decision with more choices than this


Choice = Hashable  # an Action, or a Plan (a whole move) where the game offers plans


class Node:
    """One point of the tree: per acting seat, per choice, [visits, total reward, availability, total squared
    reward]; children; plans.

    ``plans[seat]`` holds the plans the game offered the first time ``seat`` decided here
    (None: none offered): later visits reuse them, and a plan whose first step is not legal
    in another determinization is simply unavailable there (availability counts).
    """

    __slots__ = ("stats", "children", "plans")

    def __init__(self) -> None:
        self.stats: dict[int, dict[Choice, list[float]]] = {}
        self.children: dict[Any, Node] = {}
        self.plans: dict[int, Sequence[Plan] | None] = {}


def reward_vector(result: Result, mode: str) -> list[float]:
    """One reward in [0, 1] per seat: ``win`` (win share), ``rank`` (1 best .. 0 worst), ``score`` (min-max), ``mix``."""
    return result_rewards(result, mode)


class MctsAgent(Agent):
    spec = "mcts"

    def __init__(self, game: str, seed: int = 0, iterations: int = 0, seconds: float = 0.0, c: float = 0.7,
                 rollout: str = "random", reward: str = "mix", max_depth: int = 0, horizon: int = -1,
                 trust: float = -1.0, plans: int = -1, cutoff: int = -1, widen: float = 0.0, eval: str = "hand",
                 clock: Callable[[], float] = time.perf_counter) -> None:
        super().__init__(seed)
        if rollout not in ROLLOUTS:
            raise OptionError(f"agent mcts parameter 'rollout' must be one of {', '.join(ROLLOUTS)}, got {rollout!r}")
        if reward not in REWARDS:
            raise OptionError(f"agent mcts parameter 'reward' must be one of {', '.join(REWARDS)}, got {reward!r}")
        if iterations < 0 or seconds < 0 or c < 0 or max_depth < 0 or horizon < -1:
            raise OptionError("agent mcts parameters 'iterations', 'seconds', 'c' and 'max_depth' must not be negative "
                              "('horizon': -1 for the game's default, 0 for whole-game rollouts, k for k stages)")
        if plans not in (-1, 0, 1):
            raise OptionError(f"agent mcts parameter 'plans' must be -1 (the game's plans if it offers them), 0 (never) "
                              f"or 1 (required), got {plans}")
        if not -1 <= cutoff <= MAX_CUTOFF:
            raise OptionError(f"agent mcts parameter 'cutoff' must be -1 (the game's default), 0 (no cut-off) or 1..{MAX_CUTOFF} "
                              f"rollout decisions, got {cutoff}")
        if not 0.0 <= widen <= 1.0:
            raise OptionError(f"agent mcts parameter 'widen' must be within 0..1 (0: off; else the exponent of progressive "
                              f"widening), got {widen}")
        check_name(eval, "mcts")
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
        if cutoff < 0:  # the game may suggest a cut-off (BotSettings.mcts_cutoff); else none
            cutoff = settings.mcts_cutoff
        if cutoff:
            if settings.evaluate is None:
                raise OptionError(f"agent mcts parameter 'cutoff' needs {game!r} to offer evaluate() "
                                  "(GameSpec.hooks.bot_settings)")
            self.evaluate = settings.evaluate
        self.cutoff = cutoff  # 0: no cut-off; k: a rollout stops after k decisions with a choice and asks evaluate()
        if eval == "learned" and self.evaluate is None:
            raise OptionError("agent mcts parameter 'eval=learned' scores the positions where rollouts stop: "
                              "give it a cut-off (cutoff=k) or a horizon")
        self.eval_kind = eval  # hand: the game's evaluation; learned: its shipped value model, resolved at the first act
        self.widen = widen  # 0: every choice at once; a: a node opens ceil((visits + 1) ** a) of its choices
        if trust < 0:  # the game may suggest how far to trust its bot (BotSettings.mcts_trust); else not at all
            trust = settings.mcts_trust
        if trust > 0 and bot is None:
            raise OptionError(f"agent mcts parameter 'trust' needs a heuristic bot for {game!r}")
        self.trust = trust  # the bot's move stands unless another's mean reward leads it by trust standard errors
        self.clock = clock  # seconds: read at the start and end of a search, and often in between under a time budget
        hooks = get(game).hooks.plans
        if plans == 1 and hooks is None:
            raise OptionError(f"agent mcts parameter 'plans=1' needs {game!r} to offer whole moves (GameSpec.hooks.plans)")
        self.plan_hooks: PlanHooks | None = hooks if plans != 0 else None
        self.active: Plan | None = None  # the plan chosen at the start of this move; its later steps need no search
        self.last_iterations = 0
        self.last_seconds = 0.0
        self.last_root: Node | None = None
        self.last_options: list[Any] = []  # the root's choices in the last search (actions, or the game's plans)
        self.last_favourite: Any = None  # the bot's move (or the game's first plan) the last search presumed; None: no trust

    # -- the search ---------------------------------------------------------------
    def act(self, obs: Observation) -> Action:
        self.last_favourite = None
        if self.eval_kind == "learned":  # the model is per player count, known here first (once: hand if none)
            self.evaluate = evaluation(obs.loaded, "learned", self.evaluate)
            self.eval_kind = "resolved"
        if len(obs.legal) == 1:
            self.last_iterations = 0
            return obs.legal[0]
        root = Node()
        rng = self.rng
        start = self.clock()
        options: list[Any] = obs.legal
        favourite: Any = None
        state: GameState | None = None
        if self.plan_hooks is not None:
            state = obs.sample(rng)
            if self.active is not None:  # a later step of the move chosen earlier
                a = self.active.next(state, obs.seat, obs.legal)
                if a is not None and a in obs.legal:
                    self.last_iterations = 0
                    return a
                self.active = None
            offered = self.plan_hooks.plans(state, obs.seat, obs.legal)
            if offered:
                options = [p for p in offered if _first(p, state, obs.seat, obs.legal) is not None]
            if offered and options:
                root.plans[obs.seat] = list(offered)
                favourite = options[0]  # the game lists its bot's own plan first
                if len(options) == 1:
                    self.last_iterations = 0
                    return self._follow(options[0], state, obs)
            else:
                options = obs.legal
        if self.trust <= 0:
            favourite = None  # no trust: the bot is not asked (and its plan is just the first choice)
        elif favourite is None and self.bot is not None:
            favourite = self.bot.act(obs, rng)
        if self.widen and isinstance(favourite, Action) and len(options) > WIDEN_FROM:
            root.stats[obs.seat] = {favourite: [0, 0.0, 0, 0.0]}  # widening opens the bot's move first
        deadline = start + self.seconds if self.seconds else None
        done = self._search(root, obs, rng, deadline)
        self.last_iterations = done
        self.last_seconds = self.clock() - start
        self.last_root = root
        self.last_options = list(options)
        self.last_favourite = favourite
        best = self.decide(root, obs.seat, options, favourite, self.trust)
        if isinstance(best, Action):
            return best
        assert state is not None
        return self._follow(best, state, obs)

    def _follow(self, plan: Plan, state: GameState, obs: Observation) -> Action:
        """Start ``plan``: keep it for the move's later steps and play its first."""
        a = plan.next(state, obs.seat, obs.legal)
        if a is None or a not in obs.legal:  # cannot happen for a plan offered here; stay legal regardless
            self.active = None
            return obs.legal[0]
        self.active = plan
        return a

    def _search(self, root: Node, obs: Observation, rng: Rng, deadline: float | None) -> int:
        """Iterate until the budget is spent; the number of completed iterations (one the deadline cut is dropped).

        The clock is read before every iteration, so none starts after the deadline, and inside each one
        (``_iterate``), so none runs on past it by more than one decision. Without a deadline it is not read here.
        """
        limit = self.iterations or None
        clock = self.clock
        done = 0
        while limit is None or done < limit:
            if deadline is not None and clock() >= deadline:
                break
            if not self._iterate(root, obs, rng, deadline):
                break
            done += 1
        return done

    def decide(self, root: Node, seat: int, options: Sequence[Any], favourite: Any = None, trust: float = 0.0) -> Any:
        """The root choice to play: the most visited (ties: the better mean), unless ``favourite`` (the bot's move,
        presumed with ``trust`` > 0) is another choice and the evidence against it falls short (:func:`overrules`).

        A favourite the search never visited stands: there is no evidence about it at all.
        """
        stats = root.stats.get(seat, {})
        presumed = favourite is not None and trust > 0 and favourite in options
        best = most_visited(stats, options, favourite if presumed else options[0])
        if not presumed or best == favourite:
            return best
        ours, theirs = stats.get(favourite), stats.get(best)
        if ours is None or theirs is None or not overrules(theirs, ours, trust):
            return favourite
        return best

    def _iterate(self, root: Node, obs: Observation, rng: Rng, deadline: float | None = None) -> bool:
        """One iteration: walk the tree, grow one node, roll out, back up. False (nothing backed up) if the
        deadline passed on the way."""
        clock = self.clock
        state = obs.sample(rng)
        state.set_events(False)  # search reads states and results, never words: the quiet path skips building events
        node = root
        path: list[tuple[Node, list[tuple[int, Any]]]] = []
        c = self.c
        depth = 0
        hooks = self.plan_hooks
        stage = self.stage
        limit = stage(state) + self.horizon if stage is not None else None
        while not state.is_over():
            if deadline is not None and clock() >= deadline:
                return False
            if stage is not None and limit is not None and stage(state) >= limit:
                break
            movers = state.to_move()
            joint: list[tuple[int, Any]] = []
            for seat in movers:
                legal = state.legal_actions(seat)
                if joint and not legal:
                    break
                stats = node.stats.get(seat)
                if stats is None:
                    stats = node.stats[seat] = {}
                options: list[Any] = legal
                if hooks is not None and len(movers) == 1:
                    if seat in node.plans:
                        offered = node.plans[seat]
                    else:
                        offered = node.plans[seat] = hooks.plans(state, seat, legal) or None
                    if offered:
                        options = [p for p in offered if _first(p, state, seat, legal) is not None] or legal
                if self.widen and options is legal and len(options) > WIDEN_FROM:
                    options = self._widened(stats, options, state, seat, rng)
                joint.append((seat, _select(stats, options, c, rng)))
            first = True
            applied: list[tuple[int, Any]] = []
            for seat, choice in joint:
                if isinstance(choice, Action):
                    if not first and choice not in state.legal_actions(seat):
                        break  # an earlier choice changed this seat's options: the rest decide at the next node
                    state._apply(seat, choice)  # legal by construction
                else:
                    _play(choice, state, seat)
                applied.append((seat, choice))
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
        if not self._rollout(state, rng, limit, deadline):
            return False
        if state.is_over():
            reward = reward_vector(state.result(), self.reward)
        else:
            reward = self.evaluate(state, self.reward)  # type: ignore[misc]
        for node, applied in path:
            for seat, action in applied:
                st = node.stats[seat][action]
                r = reward[seat]
                st[0] += 1
                st[1] += r
                st[3] += r * r
        return True

    def _widened(self, stats: dict[Choice, list[float]], legal: list[Any], state: GameState, seat: int,
                 rng: Rng) -> list[Any]:
        """Progressive widening: the choices this seat may take here now, at most ceil((visits + 1) ** widen) of them.

        A node with many choices cannot try each even once in a small budget, and plain UCT would spend its
        visits on trying them all. Here a node opens its choices one at a time as its visits grow: first the
        one the rollout policy (the game's bot, cheaply) would play, then, each time the limit rises, the
        policy's pick if it is still unopened, else a random unopened one. Opened choices illegal in this
        determinization do not count, so another one may open in their stead.
        """
        opened = [a for a in legal if a in stats]
        visits = sum(st[0] for st in stats.values())
        if len(opened) < len(legal) and len(opened) < math.ceil((visits + 1) ** self.widen):
            pick = self.policy(state, seat, legal, rng) if self.policy is not None else None
            if pick is None or pick in stats:
                fresh = [a for a in legal if a not in stats]
                pick = fresh[rng.below(len(fresh))]
            opened.append(pick)
        return opened

    def _rollout(self, state: GameState, rng: Rng, limit: int | None = None, deadline: float | None = None) -> bool:
        """Play on from ``state`` to the end, the horizon ``limit`` or the cut-off (``cutoff`` decisions with a
        choice); False if the deadline passed first."""
        clock = self.clock
        left = self.cutoff or -1  # decisions with a choice before the cut-off (-1: none)
        policy = self.policy
        stage = self.stage
        hooks = self.plan_hooks
        plan: Plan | None = None
        planner = -1  # the seat following ``plan``
        while not state.is_over():
            if deadline is not None and clock() >= deadline:
                return False
            if limit is not None and stage(state) >= limit:  # type: ignore[misc]
                return True
            seat = state.to_move()[0]
            legal = state.legal_actions(seat)
            if len(legal) == 1:
                state._apply(seat, legal[0])
                continue
            if left == 0:
                return True
            left -= 1
            action = None
            if plan is not None and seat == planner:
                action = plan.next(state, seat, legal)
                if action is not None and action not in legal:
                    action = None
            if action is None and hooks is not None:
                plan = hooks.rollout_plan(state, seat, legal, rng)
                planner = seat
                if plan is not None:
                    action = plan.next(state, seat, legal)
                    if action is not None and action not in legal:
                        action = None
            if action is None:
                plan = None
                if policy is None:
                    action = legal[rng.below(len(legal))]
                else:
                    action = policy(state, seat, legal, rng)
            state._apply(seat, action)  # legal by construction
        return True


def most_visited(stats: dict[Choice, list[float]], options: Sequence[Any], default: Any) -> Any:
    """The choice with the most visits (ties: the better mean); ``default`` if no choice has statistics."""
    best = default
    key = (-1.0, -1.0)
    for a in options:
        st = stats.get(a)
        if st is None:
            continue
        k = (st[0], st[1] / st[0] if st[0] else 0.0)
        if k > key:
            key, best = k, a
    return best


def overrules(challenger: Sequence[float], favourite: Sequence[float], trust: float) -> bool:
    """Whether ``challenger``'s mean reward beats ``favourite``'s by more than ``trust`` standard errors of the gap.

    Both are root statistics ``[visits, total, availability, total of squares]``. Each one's variance is its
    sample variance with one extra pseudo-observation at the largest variance a reward in [0, 1] can have, so a
    choice seen a few times with identical rewards is not taken as certain. The margin shrinks as both are
    visited more: the bot's move is a presumption that fades as the search gathers evidence.
    """
    n_c, n_f = challenger[0], favourite[0]
    if n_c < 1 or n_f < 1:
        return False
    gap = challenger[1] / n_c - favourite[1] / n_f
    if gap <= 0:
        return False
    return gap * gap > trust * trust * (_variance(challenger) / n_c + _variance(favourite) / n_f)


def _variance(st: Sequence[float]) -> float:
    """Sample variance of one choice's rewards, with one pseudo-observation of variance ``UNSEEN_VARIANCE``."""
    n, total, squares = st[0], st[1], st[3]
    return (max(0.0, squares - total * total / n) + UNSEEN_VARIANCE) / n


def _first(plan: Plan, state: GameState, seat: int, legal: list[Action]) -> Action | None:
    """The plan's first action if it is legal here (else None: the plan is unavailable in this state)."""
    a = plan.next(state, seat, legal)
    return a if a is not None and a in legal else None


def _play(plan: Plan, state: GameState, seat: int) -> None:
    """Play ``plan``'s steps while ``seat`` alone is to move and the plan names a legal action."""
    while not state.is_over():
        movers = state.to_move()
        if len(movers) != 1 or movers[0] != seat:
            return
        legal = state.legal_actions(seat)
        a = plan.next(state, seat, legal)
        if a is None or a not in legal:
            return
        state._apply(seat, a)


def _select(stats: dict[Choice, list[float]], legal: Sequence[Any], c: float, rng: Rng) -> Any:
    """UCT with availability counts; an action never tried here is tried first (a random one of them)."""
    untried = None
    for a in legal:
        st = stats.get(a)
        if st is None:
            stats[a] = [0, 0.0, 1, 0.0]
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
        n, w, m, _ = stats[a]
        v = w / n + c * sqrt(log(m) / n)
        if v > best_v:
            best_v, best = v, a
    return best
