"""Conformance checks for any voidtable game, including one written outside this repository (as pgx ships
``api_test``): call :func:`check_game` on a loaded game from your own tests.

>>> import voidtable
>>> from voidtable.testing import check_game
>>> report = check_game(voidtable.load("my_game", 2), games=2)  # doctest: +SKIP
>>> report.decisions > 0                                      # doctest: +SKIP
True

What is checked (each a plain ``AssertionError`` naming the game and what failed, so any test runner reports it):

- random games end within the spec's ``max_decisions``, with a sound result (a winner ranked first, win shares
  summing to 1) and returns that add up as the spec's declared facts say (``GameSpec.facts.utility``);
- the same seed and the same actions give the same events; two states from one seed start alike;
- at sampled steps: a clone is independent of its original; a determinization for a seat keeps that seat's view,
  the movers and its legal actions; every legal action survives JSON and applies on a clone; junk (an unknown
  action, a seat out of range, another seat's action from an idle seat) raises ``IllegalAction`` and leaves the
  state unchanged; the state's declared fields match its attributes (a ``FlowState``'s ``FIELDS``), the pending
  task is registered and every legal action is in the declared action universe;
- the declared facts hold in play: a sequential game never has two seats to move; a perfect-information game
  has no event only some seats see, and a determinization for any seat keeps every seat's view; a deterministic
  game plays the same from any seed;
- a registered game's records replay to the same events, also through JSON.

The repository's own suite (``tests/conformance``) runs these on every registered game. The checks use only the
engine's public contract and the spec's declarations; none needs pytest.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from voidtable.engine.actions import Action
from voidtable.engine.contract import Chance, Dynamics, GameFacts, Information, Utility
from voidtable.engine.errors import IllegalAction, UnknownGame
from voidtable.engine.events import events_json, seats_seeing
from voidtable.engine.fields import Fields, not_immutable, shared_mutables
from voidtable.engine.game import Game
from voidtable.engine.records import Record, Recorder, replay
from voidtable.engine.registry import get
from voidtable.engine.rng import Rng
from voidtable.engine.state import GameState
from voidtable.engine.vocabulary import TARGETS

CHECKED_STEPS = 12  # states checked per walked game
CLONE_PROBE_ACTIONS = 5  # random actions applied to a clone at a checked step

@dataclass
class Report:
    """What :func:`check_game` played: games, decisions, states checked, and what the facts checks saw."""

    game: str
    games: int = 0
    decisions: int = 0
    states_checked: int = 0
    most_movers: int = 0  # the most seats ever to move at once
    hidden_events: int = 0  # events only some seats saw
    seen: list[str] = field(default_factory=list)


# ----------------------------------------------------------------------------------------- per-state checks
def check_state(state: GameState, rng: random.Random, clone_to_end: bool = False) -> None:
    """Every per-state check on one state that is not over; none may change it."""
    before = state.snapshot_json()
    check_clone_independence(state, rng, None if clone_to_end else CLONE_PROBE_ACTIONS)
    check_views_and_determinizations(state, rng)
    assert state.snapshot_json() == before, f"{state.game.name}: determinize changed the original"
    check_legal_actions_apply(state)
    check_illegal_actions_rejected(state)
    check_declarations(state)
    check_facts_at(state, rng)
    assert state.snapshot_json() == before, f"{state.game.name}: the checks changed the state"


def check_clone_independence(state: GameState, rng: random.Random, actions: int | None) -> None:
    """Apply up to ``actions`` random legal actions to a clone (``None``: play it to the end); the original must not change."""
    before = state.snapshot_json()
    bound = state.game.spec.max_decisions if actions is None else actions
    c = state.clone()
    done = 0
    while not c.is_over() and done < bound:
        p = rng.choice(c.to_move())
        c.apply(p, rng.choice(c.legal_actions(p)))
        done += 1
    assert actions is not None or c.is_over(), f"{state.game.name}: a clone played on did not end within {bound} decisions"
    assert state.snapshot_json() == before, f"{state.game.name}: acting on a clone changed the original"


def check_views_and_determinizations(state: GameState, rng: random.Random) -> None:
    """Views are JSON-ready; a seat's view, the movers and its legal actions are the same on a determinization for it."""
    for p in [None, *range(state.players)]:
        v = state.view(p)
        assert json.loads(json.dumps(v)) == v, f"{state.game.name}: the view of seat {p} is not JSON-ready"
        if p is not None:
            d = state.determinize(p, Rng(rng.randrange(1 << 30)))
            assert d.view(p) == v, f"{state.game.name}: view of seat {p} differs on a determinization"
            assert d.to_move() == state.to_move()
            assert d.legal_actions(p) == state.legal_actions(p)


def check_movers_keep_their_choices(state: GameState, rng: random.Random) -> None:
    """Each mover's legal actions and the movers are the same in a determinization for that mover (cheap: run it often)."""
    for p in state.to_move():
        d = state.determinize(p, Rng(rng.randrange(1 << 30)))
        assert d.legal_actions(p) == state.legal_actions(p), \
            f"{state.game.name}: seat {p}'s legal actions differ in a determinization for it"
        assert d.to_move() == state.to_move()


def check_legal_actions_apply(state: GameState) -> None:
    """Every legal action of every mover survives JSON and applies on a clone, its events JSON-ready."""
    for p in state.to_move():
        for a in state.legal_actions(p):
            assert Action.from_json(json.loads(json.dumps(a.to_json()))) == a
            events = events_json(state.clone().apply(p, a))
            assert json.loads(json.dumps(events)) == events, f"{state.game.name}: events of {a} are not JSON-ready"


def check_illegal_actions_rejected(state: GameState) -> None:
    """Unknown actions, seats out of range and a mover's action from an idle seat raise IllegalAction and change nothing."""
    before = state.snapshot_json()
    movers = state.to_move()
    idle = [p for p in range(state.players) if p not in movers]
    bad: list[tuple[Any, Any]] = [(-1, Action("select", None)), (state.players, Action("x")), (True, Action("x")),
                                  (0, "junk"), (0, None)]
    if movers:
        bad.append((movers[0], Action("no-such-action", 1)))
    if idle and movers:
        bad.append((idle[0], state.legal_actions(movers[0])[0]))
    for p, a in bad:
        try:
            state.apply(p, a)
        except IllegalAction:
            pass
        else:
            raise AssertionError(f"{state.game.name}: seat {p!r} applying {a!r} was not refused")
        assert state.snapshot_json() == before, f"{state.game.name}: a refused action ({p!r}, {a!r}) changed the state"


def check_declarations(state: GameState) -> None:
    """The game's declarations match its behaviour: fields, tasks and action kinds (for a state on the flow machine).

    Every attribute is a declared field; a clone shares no mutable container with its original unless its field
    says so; VALUE fields hold no mutable container; the pending task is registered; every legal action has a
    declared kind, survives ``parse``, is in the action universe (by its key) and routes to a target the table shows.
    """
    spec = get_spec(state)
    fields = getattr(type(state), "FIELDS", None)
    assert isinstance(fields, Fields), f"{spec.name}: the state class declares no FIELDS (engine.fields.Fields)"
    assert set(vars(state)) == fields.names(), (
        f"{spec.name}: undeclared fields {sorted(set(vars(state)) - fields.names())}, "
        f"declared but missing {sorted(fields.names() - set(vars(state)))}")
    clone = state.clone()
    assert shared_mutables(fields, state, clone) == [], f"{spec.name}: a clone shares these fields' containers"
    assert not_immutable(fields, state) == [], f"{spec.name}: VALUE fields holding mutable containers"
    assert spec.tasks is not None and spec.actions is not None, f"{spec.name}: the spec must declare tasks= and actions="
    stack = getattr(state, "stack", None)
    if stack:
        assert type(stack[-1]) in spec.tasks, f"{spec.name}: pending task {stack[-1]!r} is not registered"
    universe = set(universe_of(state))
    for p in state.to_move():
        for a in state.legal_actions(p):
            assert spec.actions.parse(json.loads(json.dumps(a.to_json()))) == a
            assert spec.actions.key(a) in universe, f"{spec.name}: legal action {a} is outside the declared universe"
            target, _ = spec.actions.route(a)
            assert target in TARGETS, f"{spec.name}: {a} routes to {target!r}, which the table cannot show"


def get_spec(state: GameState) -> Any:
    """The spec of the state's game (its ``Game``'s, as loaded)."""
    game = state.game
    assert isinstance(game, Game), f"the state's game is a {type(game).__name__}, not a loaded voidtable Game"
    return game.spec


_UNIVERSES: dict[tuple[str, int, str], list[Action]] = {}


def universe_of(state: GameState) -> list[Action]:
    """The declared action universe of the state's loaded game (cached per game, player count and options)."""
    game = state.game
    key = (game.name, game.players, json.dumps(game.settings, sort_keys=True))
    if key not in _UNIVERSES:
        universe = get_spec(state).actions.universe(game)
        assert len(set(universe)) == len(universe), f"{game.name}: the action universe lists an action twice"
        _UNIVERSES[key] = universe
    return _UNIVERSES[key]


# ----------------------------------------------------------------------------------------- declared facts
def check_facts_at(state: GameState, rng: random.Random) -> None:
    """The declared facts that one state can show wrong: two movers in a sequential game; in a perfect-information
    game, a determinization for any seat changing what another seat sees (that seat knew something the first did not)."""
    facts: GameFacts = state.game.spec.facts
    name = state.game.name
    movers = state.to_move()
    if facts.dynamics is Dynamics.SEQUENTIAL:
        assert len(movers) <= 1, f"{name}: declared sequential, but seats {movers} are to move at once"
    if facts.information is Information.PERFECT:
        views = [state.view(q) for q in range(state.players)]
        for p in range(state.players):
            d = state.determinize(p, Rng(rng.randrange(1 << 30)))
            for q in range(state.players):
                assert d.view(q) == views[q], (f"{name}: declared perfect information, but a determinization for seat "
                                               f"{p} changes what seat {q} sees")


def check_facts_events(facts: GameFacts, name: str, events: Iterable[Any], players: int) -> int:
    """Events only some seats see (returned as a count) are hidden information: a perfect-information game has none."""
    hidden = 0
    for e in events:
        to = seats_seeing(e)
        if to is not None and set(to) != set(range(players)):
            hidden += 1
            assert facts.information is not Information.PERFECT, \
                f"{name}: declared perfect information, but an event is shown only to seats {list(to)}: {e!r}"
    return hidden


def check_facts_result(state: GameState) -> None:
    """A finished game's returns (win shares) add up as the declared utility says; the result is sound."""
    name, facts = state.game.name, state.game.spec.facts
    res = state.result()
    n = state.players
    assert len(res.scores) == n and len(res.ranks) == n, f"{name}: a result needs a score and a rank per seat"
    assert res.winners and all(res.ranks[w] == 1 for w in res.winners), f"{name}: the winners must be ranked first"
    shares = res.win_shares()
    if facts.utility is Utility.CONSTANT_SUM:
        assert abs(sum(shares) - facts.utility_sum) < 1e-9, f"{name}: declared constant-sum {facts.utility_sum}, returns {shares}"
    elif facts.utility is Utility.ZERO_SUM:
        assert abs(sum(shares)) < 1e-9, f"{name}: declared zero-sum, returns {shares}"
    elif facts.utility is Utility.IDENTICAL:
        assert len(set(shares)) == 1, f"{name}: declared identical utilities, returns {shares}"


def check_chance(game: Game, seeds: tuple[int, ...] = (1, 2, 3, 4)) -> None:
    """A game declared deterministic plays alike from every seed; one declared with chance differs from some seed to another
    (its setup or its first random moves), else it is deterministic and should say so."""
    runs = [_first_moves(game, seed) for seed in seeds]
    same = all(r == runs[0] for r in runs)
    if game.spec.facts.chance is Chance.DETERMINISTIC:
        assert same, f"{game.name}: declared deterministic, but seeds {seeds} play differently"
    else:
        assert not same, f"{game.name}: declared chance {game.spec.facts.chance.value}, but seeds {seeds} all play alike"


def _first_moves(game: Game, seed: int, moves: int = 40) -> str:
    """The setup, the first moves (always each mover's first legal action) and their views, in JSON."""
    state = game.new_state(seed)
    out: list[Any] = [events_json(state.setup_events), state.view(None)]
    for _ in range(moves):
        if state.is_over():
            break
        p = state.to_move()[0]
        out.append(events_json(state.apply(p, state.legal_actions(p)[0])))
        out.append([state.view(q) for q in range(state.players)])
    return json.dumps(out, sort_keys=True)


# ----------------------------------------------------------------------------------------- whole games
def random_moves(state: GameState, apply: Callable[[int, Action], Any], seed: int) -> int:
    """Play ``state`` to its end with random legal moves chosen by ``random.Random(seed)``, each through ``apply``,
    held to the spec's ``max_decisions``; returns the number of decisions."""
    chooser = random.Random(seed)
    bound = state.game.spec.max_decisions
    steps = 0
    while not state.is_over():
        movers = state.to_move()
        assert movers, f"{state.game.name}: a game that is not over must have someone to move"
        p = movers[chooser.randrange(len(movers))]
        legal = state.legal_actions(p)
        assert legal, f"{state.game.name}: seat {p} is to move but has no legal action"
        apply(p, legal[chooser.randrange(len(legal))])
        steps += 1
        assert steps <= bound, f"{state.game.name}: the game did not end within {bound} decisions"
    return steps


def sample_steps(length: int, rng: random.Random, k: int = CHECKED_STEPS) -> list[int]:
    """``k`` of a game's ``length`` steps, sorted: the first, the last and seeded-random ones between (all if fewer)."""
    if length <= k:
        return list(range(length))
    return sorted({0, length - 1, *rng.sample(range(1, length - 1), k - 2)})


def check_game(game: Game, games: int = 3, seed: int = 0, steps: int = CHECKED_STEPS) -> Report:
    """Play ``games`` random games of the loaded ``game`` and run every check above on them (see the module docstring).

    Each game is played once with a log of its events and moves, then replayed on a fresh state with the per-state
    checks at ``steps`` sampled steps (the first, the last, the rest seeded-random) and the movers' determinization
    check at every step; a clone is played to the end at one sampled step per game. Cost: linear in the games' length.
    """
    report = Report(game.name)
    check_chance(game)
    registered = _registered(game)
    for i in range(games):
        s = seed + i
        state = game.new_state(s)
        log: list[tuple[int, Action]] = []
        events: list[Any] = list(state.setup_events)

        def apply(p: int, a: Action, _state: GameState = state, _log: list[tuple[int, Action]] = log,
                  _events: list[Any] = events) -> None:
            _log.append((p, a))
            _events.extend(_state.apply(p, a))

        length = random_moves(state, apply, s)
        report.games += 1
        report.decisions += length
        report.hidden_events += check_facts_events(game.spec.facts, game.name, events, game.players)
        check_facts_result(state)
        again = game.new_state(s)
        again_events: list[Any] = list(again.setup_events)
        rng = random.Random(f"checks-{s}")
        checked = sample_steps(length, rng, steps)
        to_the_end = rng.choice(checked) if checked else -1
        for step, (p, a) in enumerate(log):
            report.most_movers = max(report.most_movers, len(again.to_move()))
            if step in checked:
                check_state(again, rng, clone_to_end=step == to_the_end)
                report.states_checked += 1
            check_movers_keep_their_choices(again, rng)
            again_events.extend(again.apply(p, a))
        assert events_json(again_events) == events_json(events), f"{game.name}: seed {s} with the same moves gave other events"
        assert again.snapshot_json() == state.snapshot_json(), f"{game.name}: the checks changed the game they checked"
        if registered:
            check_record_round_trip(game, s, log)
    return report


def _registered(game: Game) -> bool:
    try:
        return get(game.name) is game.spec
    except UnknownGame:
        return False


def check_record_round_trip(game: Game, seed: int, moves: list[tuple[int, Action]]) -> None:
    """A record of the game (a registered one: replay finds games by name) replays to the same events, also through JSON."""
    rec = Recorder(game.name, game.players, seed, dict(game.settings))
    for p, a in moves:
        rec.apply(p, a)
    data = json.loads(json.dumps(rec.record.to_json()))
    state, events = replay(Record.from_json(data))
    assert events_json(events) == events_json(rec.events), f"{game.name}: a record of seed {seed} replays to other events"
    assert state.snapshot_json() == rec.state.snapshot_json()
    assert state.result() == rec.state.result()


__all__ = ["CHECKED_STEPS", "CLONE_PROBE_ACTIONS", "Report", "check_chance", "check_clone_independence", "check_declarations",
           "check_facts_at", "check_facts_events", "check_facts_result", "check_game", "check_illegal_actions_rejected",
           "check_legal_actions_apply", "check_movers_keep_their_choices", "check_record_round_trip", "check_state",
           "check_views_and_determinizations", "random_moves", "sample_steps", "universe_of"]
