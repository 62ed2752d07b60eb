"""Agent specs on the command line: ``random``, ``heuristic``, ``mcts:iterations=400,rollout=heuristic``.

Each agent kind declares its parameters with types and defaults; a bad spec is
a one-line :class:`~voidtable.engine.errors.OptionError` listing kinds and parameters.
Difficulty names for people (``easy``...) map to specs here too.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from voidtable.engine.errors import OptionError
from voidtable.engine.options import coerce, parse_value

from .base import Agent
from .random_agent import RandomAgent


@dataclass(frozen=True)
class AgentKind:
    name: str
    make: Callable[..., Agent]  # make(game_name, seed, **params)
    params: dict[str, tuple[type, Any]] = field(default_factory=dict)  # name -> (type, default)
    help: str = ""


def _heuristic(game: str, seed: int, **params: Any) -> Agent:
    from .heuristic import HeuristicAgent
    return HeuristicAgent(game, seed, **params)


def _mcts(game: str, seed: int, **params: Any) -> Agent:
    from .mcts import MctsAgent
    return MctsAgent(game, seed, **params)


def _greedy(game: str, seed: int, **params: Any) -> Agent:
    from .greedy import GreedyAgent
    return GreedyAgent(game, seed, **params)


KINDS: dict[str, AgentKind] = {
    "random": AgentKind("random", lambda game, seed: RandomAgent(seed), {}, "uniform over legal actions (seeded)"),
    "heuristic": AgentKind("heuristic", _heuristic, {"epsilon": (float, 0.0)},
                           "the game's own bot (games/<game>/bot.py); epsilon = chance of a random move"),
    "mcts": AgentKind("mcts", _mcts, {
        "iterations": (int, 1000), "seconds": (float, 0.0), "c": (float, 0.7), "rollout": (str, "random"),
        "reward": (str, "mix"), "max_depth": (int, 0), "horizon": (int, -1), "trust": (float, -1.0),
        "plans": (int, -1), "cutoff": (int, -1), "widen": (float, 0.0), "eval": (str, "hand"),
    }, "information-set MCTS; budget iterations= (default 1000) or seconds= (both: whichever ends first)"),
    "greedy": AgentKind("greedy", _greedy, {"eval": (str, "learned"), "margin": (float, 0.02)},
                        "value-greedy: the bot's move unless the evaluation (learned or hand) rates another more than "
                        "margin better (margin=-1: pure value-greedy)"),
}

# Difficulty names for people, weakest first (figures in docs/agents.md).
DIFFICULTIES: dict[str, str] = {
    "easy": "heuristic:epsilon=0.5",
    "medium": "heuristic",
    "hard": "mcts:seconds=1.0,rollout=heuristic",  # with the game's default horizon (its bot settings)
}


def register_kind(kind: AgentKind) -> None:
    KINDS[kind.name] = kind


def describe() -> str:
    parts = []
    for k in KINDS.values():
        ps = ",".join(f"{n}={t.__name__}" for n, (t, _) in k.params.items())
        parts.append(f"{k.name}" + (f":{ps}" if ps else ""))
    names = "; ".join(parts)
    if DIFFICULTIES:
        names += "; or " + ", ".join(DIFFICULTIES)
    return names


def parse(spec: str) -> tuple[AgentKind, dict[str, Any]]:
    """``"mcts:iterations=400"`` -> (kind, {"iterations": 400}) with every parameter checked."""
    spec = DIFFICULTIES.get(spec.strip(), spec.strip())
    name, _, rest = spec.partition(":")
    if name not in KINDS:
        raise OptionError(f"unknown agent {name!r}; agents: {describe()}")
    kind = KINDS[name]
    params: dict[str, Any] = {}
    for item in filter(None, (x.strip() for x in rest.split(","))):
        key, sep, text = item.partition("=")
        if not sep or key not in kind.params:
            allowed = ", ".join(f"{n} ({t.__name__}, default {d})" for n, (t, d) in kind.params.items()) or "none"
            raise OptionError(f"agent {name!r} has no parameter {item!r}; parameters: {allowed}")
        typ, _ = kind.params[key]
        params[key] = coerce(parse_value(text), typ, f"agent {name} parameter {key!r}")
    return kind, params


def make(spec: str, game: str, seed: int) -> Agent:
    """Build the agent ``spec`` describes for ``game``, seeded (an OptionError if it cannot play that game)."""
    kind, params = parse(spec)
    agent = kind.make(game, seed, **params)
    agent.spec = spec
    return agent


def split_specs(text: str) -> list[str]:
    """``"random,mcts:iterations=10,rollout=heuristic"`` -> ``["random", "mcts:iterations=10,rollout=heuristic"]``.

    A comma starts a new agent unless what follows is ``key=value`` continuing the parameters of an agent with ``:``.
    """
    out: list[str] = []
    for item in (x.strip() for x in text.split(",")):
        if not item:
            continue
        if out and ":" not in item and "=" in item and ":" in out[-1]:
            out[-1] += "," + item
        else:
            out.append(item)
    return out


def validate(spec: str) -> None:
    parse(spec)
