"""The search's deadline (a fake clock: no real time is measured) and when it overrules its bot (issue 26)."""

from __future__ import annotations

import pytest

import voidtable
from voidtable.agents.base import observe
from voidtable.agents.mcts import MctsAgent, overrules
from voidtable.engine import Action
from voidtable.engine.positions import edit

from .test_agents import obvious_last_pick

TICK = 1 / 1024  # binary fractions of a second: the fake times add up exactly


class FakeClock:
    """Seconds that pass only when the test says so."""

    def __init__(self, now: float = 100.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


class Timed(MctsAgent):
    """An MctsAgent that notes when each iteration starts and makes each one take ``cost`` fake seconds."""

    def __init__(self, *args, clock: FakeClock, cost: float = 0.0, **kw) -> None:
        super().__init__(*args, clock=clock, **kw)
        self.fake = clock
        self.cost = cost
        self.starts: list[float] = []

    def _iterate(self, root, obs, rng, deadline=None):
        self.starts.append(self.fake.now)
        done = super()._iterate(root, obs, rng, deadline)
        self.fake.now += self.cost
        return done


def root_visits(agent: MctsAgent, seat: int) -> int:
    return int(sum(st[0] for st in agent.last_root.stats[seat].values()))


# -- the deadline -------------------------------------------------------------------------------------
def test_no_iteration_starts_at_or_after_the_deadline():
    """Iterations of 1/32 s against a 6/32 s budget: 6 start (the last at 5/32 s); the 7th would start at the deadline.

    The search used to read its clock every 8 iterations only, so it ran 8 here, the last starting at 7/32 s."""
    clock = FakeClock()
    agent = Timed("buccaneers", 1, seconds=6 / 32, clock=clock, cost=1 / 32)
    s = voidtable.load("buccaneers", 3).new_state(2)
    obs = observe(s, 0)
    assert agent.act(obs) in obs.legal
    assert agent.last_iterations == 6 == len(agent.starts)
    assert all(t < 100.0 + agent.seconds for t in agent.starts)
    assert agent.last_seconds == agent.seconds  # the 6th ended exactly at the deadline, and the search with it
    assert root_visits(agent, 0) == 6


def test_an_iteration_in_progress_stops_within_one_decision_of_the_deadline(monkeypatch):
    """Time passes only as the game moves (1 ms a decision) and rollouts play whole games (dozens of decisions
    each): the search still ends within one decision of its budget, and the iteration it cut counts for nothing."""
    clock = FakeClock()
    s = voidtable.load("buccaneers", 3).new_state(2)
    cls = type(s)
    apply = cls._apply

    def timed_apply(self, seat, action):
        clock.now += TICK
        return apply(self, seat, action)

    monkeypatch.setattr(cls, "_apply", timed_apply)
    agent = Timed("buccaneers", 1, seconds=200 * TICK, horizon=0, clock=clock)
    obs = observe(s, 0)
    assert agent.act(obs) in obs.legal
    assert agent.seconds <= agent.last_seconds <= agent.seconds + TICK
    assert all(t < 100.0 + agent.seconds for t in agent.starts)
    assert len(agent.starts) == agent.last_iterations + 1  # the last one started, was cut, and was dropped
    assert agent.last_iterations >= 2 and root_visits(agent, 0) == agent.last_iterations


def test_an_iteration_budget_never_reads_the_clock_in_between():
    reads = []

    def clock() -> float:
        reads.append(1)
        return 0.0

    s = voidtable.load("buccaneers", 3).new_state(2)
    agent = MctsAgent("buccaneers", 1, iterations=30, clock=clock)
    agent.act(observe(s, 0))
    assert agent.last_iterations == 30 and len(reads) == 2  # the start and the end of the search


class NamedBot:
    """Stands in for the game's bot: names ``move`` (taking ``cost`` fake seconds to think, if a clock is given)."""

    def __init__(self, move: Action, clock: FakeClock | None = None, cost: float = 0.0) -> None:
        self.move, self.clock, self.cost = move, clock, cost

    def act(self, obs, rng) -> Action:
        if self.clock is not None:
            self.clock.now += self.cost
        return self.move


def test_a_budget_the_bot_used_up_plays_the_bots_move():
    clock = FakeClock()
    obs = obvious_last_pick()
    wrong = Action("select", "spacecraft_10")
    agent = MctsAgent("buccaneers", 1, seconds=0.25, trust=2.0, clock=clock)
    agent.bot = NamedBot(wrong, clock, cost=0.25)
    assert agent.act(obs) == wrong and agent.last_iterations == 0


# -- trust in the bot --------------------------------------------------------------------------------
RIGHT, WRONG = Action("select", "spacecraft_1"), Action("select", "spacecraft_10")


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_search_overrules_a_clearly_worse_bot_move(seed):
    """The bot names the card that throws seat 0's lead away: 200 iterations show it, and the search plays the other.

    A fixed bonus of trust x iterations visits (the rule before) kept the bot's move at any budget with trust 2."""
    agent = MctsAgent("buccaneers", seed, iterations=200, trust=2.0)
    agent.bot = NamedBot(WRONG)
    assert agent.act(obvious_last_pick()) == RIGHT
    assert agent.last_favourite == WRONG
    stats = agent.last_root.stats[0]
    assert overrules(stats[RIGHT], stats[WRONG], 2.0)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_search_keeps_the_bots_move_when_it_is_best(seed):
    agent = MctsAgent("buccaneers", seed, iterations=200, trust=2.0)
    agent.bot = NamedBot(RIGHT)
    assert agent.act(obvious_last_pick()) == RIGHT


def sure_win():
    """Hidden Duel, last three tricks, nothing left to draw: seat 0's 8, 9 and 10 beat 5, 6 and 7 in any order."""
    s = voidtable.load("duel", 2).new_state(1)
    edit(s, hand=[[8, 9, 10], [5, 6, 7]], deck=[], points=[0, 10])
    return observe(s, 0)


def test_search_keeps_the_bots_move_when_nothing_tells_the_moves_apart():
    """Every card wins: plain search plays whichever it visited most; with trust it keeps the bot's, whichever."""
    obs = sure_win()
    plain = MctsAgent("duel", 4, iterations=120, trust=0.0)
    own = plain.act(obs)
    stats = plain.last_root.stats[0]
    assert all(st[1] == st[0] for st in stats.values())  # every playout of every card won
    for named in obs.legal:
        agent = MctsAgent("duel", 4, iterations=120, trust=2.0)
        agent.bot = NamedBot(named)
        assert agent.act(obs) == named
    assert any(a != own for a in obs.legal)  # so at least one of them is not what plain search played


def stats(n: int, mean: float, var: float) -> list[float]:
    """Root statistics [visits, total, availability, total of squares] of ``n`` rewards with this mean and variance."""
    return [n, n * mean, n, n * (var + mean * mean)]


def test_the_margin_fades_with_evidence():
    """The same lead (0.60 against 0.50, variance 0.2 each) is noise at 20 visits each and evidence at 2,000."""
    assert not overrules(stats(20, 0.6, 0.2), stats(20, 0.5, 0.2), 2.0)
    assert overrules(stats(2000, 0.6, 0.2), stats(2000, 0.5, 0.2), 2.0)
    assert not overrules(stats(2000, 0.6, 0.2), stats(2000, 0.5, 0.2), 8.0)  # a larger trust asks for more
    assert not overrules(stats(2000, 0.5, 0.2), stats(2000, 0.6, 0.2), 0.0)  # never a worse move
    assert not overrules(stats(50, 0.9, 0.0), [0, 0.0, 3, 0.0], 1.0)  # a bot's move never visited: no evidence
    # three identical rewards are not certainty: one pseudo-observation of the largest variance counts too
    assert not overrules(stats(2, 1.0, 0.0), stats(2, 0.5, 0.0), 2.0)
