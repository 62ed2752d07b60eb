"""`voidtable lab tune`: search a game's declared parameters for rules that meet a designer's target.

A *tune file* (TOML) names the game, players and agents, the parameters to search
(dotted rules-data paths the game declares in ``GameSpec.parameters``; a range may
narrow the declared one, never widen it), a *target* (a list of named constraints
over the lab's measures) and the budget of a ``quick`` and a ``full`` profile.

How a study runs (docs/lab.md, "lab tune"):

- Optuna proposes values (TPE, multivariate, seeded) and each proposal is a *trial*:
  an ordinary lab condition, played through ``lab.run.execute`` on the local or Ray
  backend into one results store, in ``rounds`` rounds of games; after each round the
  trial reports its distance from the target and Hyperband's pruner may stop it, so
  poor values cost a fraction of the games.
- The study lives in ``study.sqlite`` (Optuna's RDB storage) and the games in
  ``results.sqlite`` (the lab's store), both in the output folder: running the same
  command again continues the study; a trial cut short by Ctrl-C or a crash is run
  again with the same values and finds its games already stored.
- The best ``finalists`` trials are played again with ``final_games`` games each; every
  constraint gets a 95% interval and a verdict, and the best candidate is written as a
  rules-data file (``game`` and a ``[set]`` table) that ``lab run`` and ``serve --rules``
  load.

The objective, to minimize, is the root mean square of each constraint's normalised
deviation (:func:`distance`): 0 when every ``within`` measure sits on its target and
every bound holds; 1 when, on average, each is one tolerance away.
"""

from __future__ import annotations

import difflib
import json
import math
import time
import tomllib
import warnings
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Callable, Iterator

from voidtable.engine.errors import OptionError, VoidtableError
from voidtable.engine.options import OptionSpec
from voidtable.engine.parameters import Parameter
from voidtable.engine.registry import get
from voidtable.engine.rng import derive_seed
from voidtable.engine.stats import describe, wilson
from voidtable.sim import measures as game_measures

from . import spec as lab_spec
from .analysis import CondData, load_condition
from .spec import Condition, Experiment, Plan

# ---------------------------------------------------------------------------------------------------------
# The tune file
# ---------------------------------------------------------------------------------------------------------
KEYS: dict[str, str] = {
    "name": "a name for the study and its folder",
    "game": "game name (voidtable games)",
    "players": "player count or list of counts; the target must hold at each",
    "agents": "agent spec per seat (cycled): list or comma-separated",
    "rotate": "turn the agents one seat per game",
    "seed": "master seed (games and sampler)",
    "variant": "one of the game's variants",
    "set": "KEY = VALUE options and rules-data overrides kept fixed in every trial",
    "parameters": "PATH = [LOW, HIGH] or \"declared\" (or a list of paths), OPTION = [VALUE, ...]: what to search",
    "target": "[[target]] tables: named constraints over the lab's measures",
    "baseline": "also replay the rules as they are beside the finalists (default true)",
    "quick": "budget of --quick: trials, games, rounds, finalists, final_games",
    "full": "budget of the full study: trials, games, rounds, finalists, final_games",
    "jobs": "worker processes or Ray CPUs (0 = every core)",
    "backend": "local or ray",
    "address": "Ray cluster address (ray backend)",
    "out": "output directory",
}
PROFILE_KEYS = ("trials", "games", "rounds", "finalists", "final_games")
# the most each budget key may ask for: checked before the first game
LIMITS = {"trials": 10_000, "games": 100_000, "rounds": 20, "finalists": 20, "final_games": 1_000_000}
MAX_JOBS = 1024
MAX_PARAMETERS = 50
MAX_CHOICES = 20  # values of one searched option
MAX_CONSTRAINTS = 50
DEFAULT_PROFILES = {
    "quick": {"trials": 20, "games": 40, "rounds": 2, "finalists": 3, "final_games": 200},
    "full": {"trials": 100, "games": 300, "rounds": 3, "finalists": 5, "final_games": 1000},
}
CONSTRAINT_KEYS = ("name", "measure", "row", "col", "within", "value", "at_least", "at_most", "scale", "weight",
                   "players")
# built-in measures: name -> (kind, what it is)
BUILTIN: dict[str, tuple[str, str]] = {
    "win_share": ("rate", "each faction's win share, or each seat's when the game has no factions"),
    "faction_win_share": ("rate", "each faction's win share over the games it was dealt"),
    "seat_win_share": ("rate", "each seat's win share"),
    "mean_score": ("mean", "mean score of a seat"),
    "winning_score": ("mean", "the winner's score"),
    "decisions": ("mean", "game length in decisions"),
    "shared_victory": ("rate", "share of games whose victory is shared"),
}
Item = tuple[str, float | None, int, float | None, float | None]  # (label, value, n, low, high)
MISSING = 10.0  # the normalised deviation of an item with no observation (a faction never dealt, no completed game)


@dataclass(frozen=True)
class SearchParam:
    """One searched number: a concrete rules-data path and the range searched (within the declared one)."""

    path: str
    low: float
    high: float
    integer: bool
    boolean: bool = False     # a rule on or off: the search tries false and true
    choices: tuple[Any, ...] = ()  # a game option searched among these values (the path is the option's name)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"path": self.path, "low": self.low, "high": self.high, "integer": self.integer}
        if self.boolean:  # only then, so a study of numbers keeps its stored identity
            out["boolean"] = True
        if self.choices:  # likewise
            out["choices"] = list(self.choices)
        return out

    def describe(self) -> str:
        if self.choices:
            return " or ".join(str(toml_value(c)) for c in self.choices)
        return "false or true" if self.boolean else f"{self.low:g}..{self.high:g}"

    def at(self, end: str) -> Any:
        """The value at one end of the range (an option: its first or last choice)."""
        if self.choices:
            return self.choices[0 if end == "low" else -1]
        return _value(self, getattr(self, end))


@dataclass(frozen=True)
class Constraint:
    """One named part of the target: a measure, and how its every item must relate to a value."""

    name: str
    measure: str
    kind: str                 # "within", "at_least" or "at_most"
    bound: float | None       # within: the centre (None: the fair share 1/N); else the bound
    tolerance: float = 0.0    # within only
    scale: float = 1.0        # at_least / at_most: the shortfall that counts as one unit
    weight: float = 1.0
    row: str | None = None    # a game measure's row and column (None: every one)
    col: str | None = None
    players: int | None = None  # the one player count it holds at (None: every count of the study)

    def to_json(self) -> dict[str, Any]:
        out = {"name": self.name, "measure": self.measure, "kind": self.kind, "bound": self.bound,
               "tolerance": self.tolerance, "scale": self.scale, "weight": self.weight, "row": self.row, "col": self.col}
        if self.players is not None:  # only then, so a study without it keeps its stored identity
            out["players"] = self.players
        return out

    def applies(self, players: int) -> bool:
        return self.players is None or self.players == players

    def describe(self) -> str:
        what = self.measure + (f" [{self.row or '*'} / {self.col or '*'}]" if self.row or self.col else "")
        where = f" at {self.players} players" if self.players is not None else ""
        if self.kind == "within":
            centre = "the fair share 1/N" if self.bound is None else f"{self.bound:g}"
            return f"{what} within {self.tolerance:g} of {centre}{where}"
        return f"{what} {'at least' if self.kind == 'at_least' else 'at most'} {self.bound:g}{where}"


@dataclass(frozen=True)
class Profile:
    """A study's budget: trials, games per trial in rounds, and the final replay."""

    name: str
    trials: int
    games: int
    rounds: int
    finalists: int
    final_games: int

    def round_games(self, k: int) -> int:
        """Games a trial has played after round ``k`` (1-based): the budget in equal steps."""
        return math.ceil(self.games * k / self.rounds)

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "trials": self.trials, "games": self.games, "rounds": self.rounds,
                "finalists": self.finalists, "final_games": self.final_games}


@dataclass
class TuneSpec:
    """A validated tune file."""

    name: str
    game: str
    players: list[int]
    agents: list[str]
    rotate: bool
    seed: int
    variant: str | None
    fixed: dict[str, Any]
    params: list[SearchParam]
    target: list[Constraint]
    profiles: dict[str, Profile]
    baseline: bool = True
    jobs: int = 0
    backend: str = "local"
    address: str | None = None
    out: str | None = None
    has_factions: bool = False

    def identity(self) -> dict[str, Any]:
        """What makes two runs the same study (the budget and where games run may change between runs)."""
        ident: dict[str, Any] = json.loads(json.dumps({"game": self.game, "players": self.players, "agents": self.agents,
                                      "rotate": self.rotate, "seed": self.seed, "variant": self.variant,
                                      "set": self.fixed, "parameters": [p.to_json() for p in self.params],
                                      "target": [c.to_json() for c in self.target]}, sort_keys=True, default=str))
        return ident

    def experiment(self, values: dict[str, Any], games: int, name: str = "trial") -> Experiment:
        """The lab experiment that plays ``values`` on top of the fixed overrides: one condition per player count."""
        return Experiment(game=self.game, name=name, players=list(self.players), games=games, seed=self.seed,
                          agents=list(self.agents), rotate=self.rotate,
                          variants=[self.variant] if self.variant else [], set={**self.fixed, **values},
                          jobs=self.jobs, backend=self.backend, address=self.address)


def _unknown(where: str, key: str, allowed: list[str] | tuple[str, ...]) -> OptionError:
    near = difflib.get_close_matches(key, list(allowed), n=1)
    hint = f" (did you mean {near[0]!r}?)" if near else ""
    return OptionError(f"{where} has no key {key!r}{hint}; keys: {', '.join(allowed)}")


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _is_num(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)


def read(path: str | Path) -> dict[str, Any]:
    """The tune file as a dict (``name`` defaults to the file's stem); an unreadable file is a one-line OptionError."""
    p = Path(path)
    try:
        with open(p, "rb") as f:
            raw = tomllib.load(f)
    except OSError as e:
        raise OptionError(f"cannot read tune file {path}: {e.strerror or e}") from None
    except tomllib.TOMLDecodeError as e:
        raise OptionError(f"tune file {path} is not valid TOML: {' '.join(str(e).split())}") from None
    raw.setdefault("name", p.stem)
    return raw


def declared_list(params: tuple[Parameter, ...]) -> str:
    """The game's declared parameters, for an error line: ``path (low..high)``."""
    def one(p: Parameter) -> str:
        return f"{p.path} (true/false)" if p.boolean else f"{p.path} ({p.low:g}..{p.high:g}{'' if p.integer else ', real'})"
    return ", ".join(one(p) for p in params) or "none"


def parse_params(game: str, table: Any) -> list[SearchParam]:
    """The searched parameters, each within the game's declared range (the default range)."""
    spec = get(game)
    if isinstance(table, list):
        table = {str(p): "declared" for p in table}
    if not isinstance(table, dict) or not table:
        raise OptionError(f"parameters: name at least one of {game}'s declared parameters: {declared_list(spec.parameters)}")
    if len(table) > MAX_PARAMETERS:
        raise OptionError(f"parameters: at most {MAX_PARAMETERS} parameters, got {len(table)}")
    out = []
    options = {o.name: o for o in spec.options}
    for path, value in lab_spec._flatten(table):
        if path in options:
            out.append(_one_option(game, options[path], value))
            continue
        out.append(_one_param(game, spec.parameters, path, value, options))
    return out


def _one_option(game: str, opt: OptionSpec, value: Any) -> SearchParam:
    """A game option searched as a categorical parameter: a list of its choices, or "declared" (all of them)."""
    # "declared" takes every value of a closed list (an option with its own check lists examples, not values)
    declared = (list(opt.choices) if opt.choices is not None and opt.check is None
                else [False, True] if opt.type is bool else None)
    usage = (f"parameters: {opt.name} is an option of {game}: give a list of two or more of its values"
             + (f" ({', '.join(toml_value(c) for c in declared)}) or \"declared\"" if declared else "") + f"; got {value!r}")
    if value == "declared":
        if declared is None:
            raise OptionError(usage)
        value = declared
    if not isinstance(value, list) or len(value) < 2 or len(value) > MAX_CHOICES:
        raise OptionError(usage)
    got = []
    for v in value:
        try:
            got.append(opt.validate(v))
        except OptionError as e:
            raise OptionError(f"parameters: {' '.join(str(e).split())}") from None
    if len(set(map(repr, got))) != len(got):
        raise OptionError(f"parameters: {opt.name} lists a value twice: {value!r}")
    return SearchParam(opt.name, 0, len(got) - 1, True, choices=tuple(got))


def _one_param(game: str, declared: tuple[Parameter, ...], path: str, value: Any,
               options: dict[str, OptionSpec] | None = None) -> SearchParam:
    decl = next((p for p in declared if p.matches(path)), None)
    if decl is None or "*" in path:
        near = difflib.get_close_matches(path, [p.path for p in declared] + list(options or {}), n=1)
        hint = f" (did you mean {near[0]!r}?)" if near else ""
        opts = f"; or one of its options: {', '.join(options)}" if options else ""
        raise OptionError(f"parameters: {game} declares no parameter {path!r}{hint}; name a concrete path of: "
                          f"{declared_list(declared)}{opts}")
    if decl.boolean:  # a switch: searched as false and true, or left to [set] when only one is wanted
        both = isinstance(value, list) and len(value) == 2 and all(isinstance(v, bool) for v in value)
        if value == "declared" or (both and set(value) == {False, True}):
            return SearchParam(path, 0, 1, True, boolean=True)
        raise OptionError(f"parameters: {path} is a rule on or off: give [false, true] or \"declared\" "
                          f"(to fix one value, put it in [set]); got {value!r}")
    kind = "whole numbers" if decl.integer else "numbers"
    if value == "declared":
        return SearchParam(path, decl.low, decl.high, decl.integer)
    ok = isinstance(value, list) and len(value) == 2 and all((_is_int if decl.integer else _is_num)(v) for v in value)
    if not ok:
        raise OptionError(f"parameters: {path} takes [LOW, HIGH] of {kind} within {decl.low:g}..{decl.high:g}, "
                          f"or \"declared\"; got {value!r}")
    low, high = value
    if not decl.low <= low < high <= decl.high:
        raise OptionError(f"parameters: {path} range {low:g}..{high:g} must be LOW < HIGH within the declared "
                          f"{decl.low:g}..{decl.high:g} (narrower, never wider)")
    return SearchParam(path, low, high, decl.integer)


def measure_names(game: str) -> list[str]:
    """Every measure a constraint may name for ``game``: the built-in ones it supports and its declared ones."""
    names = [m for m in BUILTIN if m != "faction_win_share" or game_measures.has_factions(game)]
    return names + list(game_measures.declared(game))


def measure_kind(game: str, measure: str) -> str:
    """``rate`` (0..1, Wilson intervals) or ``mean`` (t intervals)."""
    if measure in BUILTIN:
        return BUILTIN[measure][0]
    return str(game_measures.declared(game).get(measure, {}).get("kind", "mean"))


def parse_target(game: str, items: Any) -> list[Constraint]:
    """The target: a list of constraints, each checked for a known measure and a possible bound."""
    if isinstance(items, dict):
        items = [items]
    if not isinstance(items, list) or not items or not all(isinstance(t, dict) for t in items):
        raise OptionError("target: give at least one [[target]] table, e.g. measure = \"win_share\" and within = 0.05")
    if len(items) > MAX_CONSTRAINTS:
        raise OptionError(f"target: at most {MAX_CONSTRAINTS} constraints, got {len(items)}")
    out = [_one_constraint(game, i, t) for i, t in enumerate(items)]
    names = [c.name for c in out]
    if len(set(names)) != len(names):
        raise OptionError(f"target: two constraints share the name {next(n for n in names if names.count(n) > 1)!r}")
    return out


def _one_constraint(game: str, i: int, t: dict[str, Any]) -> Constraint:
    where = f"target {t.get('name', i + 1)!r}" if isinstance(t.get("name"), str) else f"target {i + 1}"
    for key in t:
        if key not in CONSTRAINT_KEYS:
            raise _unknown(where, key, CONSTRAINT_KEYS)
    measure = t.get("measure")
    allowed = measure_names(game)
    if measure not in allowed:
        raise OptionError(f"{where}: {game} has no measure {measure!r}; measures: {', '.join(allowed)}")
    kinds = [k for k in ("within", "at_least", "at_most") if k in t]
    if len(kinds) != 1:
        raise OptionError(f"{where}: give exactly one of within = TOLERANCE, at_least = VALUE, at_most = VALUE")
    kind = kinds[0]
    for key in ("within", "at_least", "at_most", "value", "scale", "weight"):
        if key in t and not _is_num(t[key]):
            raise OptionError(f"{where}: {key} must be a number, got {t[key]!r}")
    for key in ("row", "col", "name"):
        if key in t and not isinstance(t[key], str):
            raise OptionError(f"{where}: {key} must be a string, got {t[key]!r}")
    if ("row" in t or "col" in t) and measure in BUILTIN:
        raise OptionError(f"{where}: row and col select cells of a game's own measures, not of {measure}")
    if "value" in t and kind != "within":
        raise OptionError(f"{where}: value is the centre of within; at_least and at_most carry their own value")
    players = t.get("players")
    if players is not None and not _is_int(players):
        raise OptionError(f"{where}: players must be one player count of the study (a whole number), got {players!r}")
    rate = measure_kind(game, measure) == "rate"
    share = measure in ("win_share", "faction_win_share", "seat_win_share")
    weight = float(t.get("weight", 1.0))
    if weight <= 0:
        raise OptionError(f"{where}: weight must be above 0, got {weight:g}")
    name = str(t.get("name") or f"{measure} {kind.replace('_', ' ')}")
    row, col = t.get("row"), t.get("col")
    if kind == "within":
        tol = float(t["within"])
        if tol <= 0:
            raise OptionError(f"{where}: within is a tolerance above 0 (a band around the target), got {tol:g}")
        if "value" not in t and not share:
            raise OptionError(f"{where}: within needs value = CENTRE (only win shares default to the fair share 1/N)")
        centre = float(t["value"]) if "value" in t else None
        if rate and centre is not None and not 0 <= centre <= 1:
            raise OptionError(f"{where}: {measure} is a share in 0..1, so value {centre:g} cannot be met")
        return Constraint(name, measure, kind, centre, tolerance=tol, weight=weight, row=row, col=col, players=players)
    bound = float(t[kind])
    if rate and ((kind == "at_least" and bound > 1) or (kind == "at_most" and bound < 0)):
        raise OptionError(f"{where}: {measure} is a share in 0..1, so {kind} {bound:g} cannot be met")
    scale = float(t.get("scale", 0.1 * abs(bound) if bound else 0.1))
    if scale <= 0:
        raise OptionError(f"{where}: scale must be above 0, got {scale:g}")
    return Constraint(name, measure, kind, bound, scale=scale, weight=weight, row=row, col=col, players=players)


def parse_profile(name: str, table: Any) -> Profile:
    """A budget, each number bounded (``LIMITS``) and checked before any game."""
    if table is None:
        table = {}
    if not isinstance(table, dict):
        raise OptionError(f"[{name}] must be a table of {', '.join(PROFILE_KEYS)}")
    for key in table:
        if key not in PROFILE_KEYS:
            raise _unknown(f"[{name}]", key, PROFILE_KEYS)
    values = {**DEFAULT_PROFILES[name], **table}
    for key in PROFILE_KEYS:
        v = values[key]
        if not _is_int(v) or not 1 <= v <= LIMITS[key]:
            raise OptionError(f"[{name}] {key} must be a whole number in 1..{LIMITS[key]:,}, got {v!r}")
    if values["rounds"] > values["games"]:
        raise OptionError(f"[{name}] rounds ({values['rounds']}) cannot exceed games per trial ({values['games']})")
    if values["finalists"] > values["trials"]:
        raise OptionError(f"[{name}] finalists ({values['finalists']}) cannot exceed trials ({values['trials']})")
    return Profile(name, *(int(values[k]) for k in PROFILE_KEYS))


def from_dict(raw: dict[str, Any], **flags: Any) -> TuneSpec:
    """Check every key of a tune file (flags given as None are not given), then everything the game can check."""
    raw = {**raw, **{k: v for k, v in flags.items() if v is not None}}
    for key in raw:
        if key not in KEYS:
            raise _unknown("tune file", key, list(KEYS))
    game = raw.get("game")
    if not isinstance(game, str) or not game:
        from voidtable.engine.registry import games
        raise OptionError(f"a tune file needs game = \"NAME\"; games: {', '.join(games())}")
    try:
        gspec = get(game)
    except VoidtableError as e:
        raise OptionError(" ".join(str(e).split())) from None
    exp = lab_spec.from_dict({k: raw[k] for k in ("name", "game", "players", "agents", "rotate", "seed", "set", "jobs",
                                                  "backend", "address", "out") if k in raw}, where="tune file")
    variant = raw.get("variant")
    if variant is not None and (not isinstance(variant, str) or variant not in gspec.variants):
        raise OptionError(f"variant: {game} has no variant {variant!r}; variants: {', '.join(gspec.variants) or 'none'}")
    if not isinstance(raw.get("baseline", True), bool):
        raise OptionError(f"baseline must be true or false, got {raw['baseline']!r}")
    if not 0 <= exp.jobs <= MAX_JOBS:
        raise OptionError(f"jobs must be in 0..{MAX_JOBS} (0 = every core), got {exp.jobs}")
    params = parse_params(game, raw.get("parameters"))
    clash = [p.path for p in params if p.path in exp.set]
    if clash:
        raise OptionError(f"{clash[0]} is both set and searched; drop it from [set]")
    counts = exp.players or [gspec.min_players]
    target = parse_target(game, raw.get("target"))
    for c in target:
        if c.players is not None and c.players not in counts:
            raise OptionError(f"target {c.name!r}: players = {c.players} is not a player count of this study; "
                              f"counts: {', '.join(str(n) for n in counts)}")
    spec = TuneSpec(name=exp.name, game=game, players=counts, agents=exp.agents,
                    rotate=exp.rotate, seed=exp.seed, variant=variant, fixed=dict(exp.set), params=params,
                    target=target,
                    profiles={k: parse_profile(k, raw.get(k)) for k in ("quick", "full")},
                    baseline=bool(raw.get("baseline", True)), jobs=exp.jobs, backend=exp.backend, address=exp.address,
                    out=exp.out, has_factions=game_measures.has_factions(game))
    check(spec)
    return spec


def check(spec: TuneSpec) -> None:
    """Plan the lab experiment at both ends of every range: agents, players, backend, paths and the game's own
    checks all speak now, before the first game (``lab.spec.plan`` raises the one-line error)."""
    for end in ("low", "high"):
        values = {p.path: p.at(end) for p in spec.params}
        try:
            lab_spec.plan(spec.experiment(values, 1))
        except OptionError as e:
            text = str(e)
            raise OptionError(f"parameters (each at its {end} end): {text[5:]}" if text.startswith("set: ") else text) from None


def _value(p: SearchParam, v: float) -> int | float | bool:
    if p.boolean:
        return bool(v)
    return int(round(v)) if p.integer else float(v)


def load(path: str | Path, **flags: Any) -> TuneSpec:
    """Read and validate a tune file; flags (jobs, backend, address, out) override its keys."""
    return from_dict(read(path), **flags)


# ---------------------------------------------------------------------------------------------------------
# Measuring a condition against the target
# ---------------------------------------------------------------------------------------------------------
@dataclass
class Observation:
    """One item of one constraint in one condition: a value with its 95% interval and how it stands."""

    constraint: str
    item: str                 # "4p seat 0", "4p FACTION", "4p ROW / COL" of a game measure
    players: int
    value: float | None
    n: int
    low: float | None
    high: float | None
    target: float | None      # the centre (within) or the bound
    deviation: float          # normalised: see distance()
    verdict: str = ""         # met / missed / unsure (from the 95% interval)
    confidence: float = 0.0   # P(the true value meets it), normal approximation

    def to_json(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in ("constraint", "item", "players", "value", "n", "low", "high", "target",
                                              "deviation", "verdict", "confidence")}


def _normal_cdf(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


def _rate_items(labels: list[str], per: dict[str, list[float]]) -> Iterator[Item]:
    for k in labels:
        vals = per.get(k, [])
        if not vals:
            yield k, None, 0, None, None
            continue
        lo, hi = wilson(math.fsum(vals), len(vals))
        yield k, math.fsum(vals) / len(vals), len(vals), lo, hi


def _mean_item(label: str, vals: list[float]) -> Item:
    if not vals:
        return label, None, 0, None, None
    s = describe(vals)
    return label, s.mean, s.n, (s.low if math.isfinite(s.low) else s.mean), (s.high if math.isfinite(s.high) else s.mean)


def items(spec: TuneSpec, c: Constraint, d: CondData, players: int,
          seen: set[tuple[str, str, str]] | frozenset[tuple[str, str, str]] = frozenset()) -> list[Item]:
    """(item, value, n, low, high) for every item the constraint covers in one condition.

    A game measure's items are its cells this condition produced and the cells ``seen`` (any game of the
    study at this player count produced them): a cell no game of this condition produced is an item with no
    observation, which counts as far off, so values that make a row vanish (a design priced out of the
    budget, a victory that never comes) cannot meet a constraint by leaving it nothing to judge."""
    games = d.scores.shape[0]
    measure = c.measure
    if measure == "win_share":
        measure = "faction_win_share" if spec.has_factions else "seat_win_share"
    if measure == "faction_win_share":
        per: dict[str, list[float]] = {}
        for g, lineup in enumerate(d.factions or []):
            for p, f in enumerate(lineup):
                per.setdefault(f, []).append(float(d.shares[g, p]))
        return list(_rate_items(sorted(per), per))
    if measure == "seat_win_share":
        seats = {f"seat {p}": [float(x) for x in d.shares[:, p]] for p in range(players)}
        return list(_rate_items(list(seats), seats))
    if measure == "shared_victory":
        shared = {"all": [float((row > 0).sum() > 1) for row in d.shares]}
        return list(_rate_items(["all"], shared))
    if measure in ("mean_score", "winning_score", "decisions"):
        vals = (d.scores.mean(axis=1) if measure == "mean_score" else d.scores.max(axis=1) if measure == "winning_score"
                else d.decisions) if games else []
        return [_mean_item("all", [float(v) for v in vals])]
    rate = measure_kind(spec.game, measure) == "rate"
    out: list[Item] = []
    cells = sorted({k for k in d.cells} | set(seen))
    for (m, r, col) in cells:
        if m != measure or (c.row is not None and r != c.row) or (c.col is not None and col != c.col):
            continue
        label = r + (f" / {col}" if col else "")
        vals = list(d.cells.get((m, r, col), {}).values())
        out.extend(_rate_items([label], {label: vals}) if rate else [_mean_item(label, vals)])
    if not out:  # a cell no game produced: no observation, which counts as far off
        out.append((f"{c.row or '*'} / {c.col or '*'}", None, 0, None, None))
    return out


def observe(spec: TuneSpec, c: Constraint, d: CondData, players: int,
            seen: set[tuple[str, str, str]] | frozenset[tuple[str, str, str]] = frozenset()) -> list[Observation]:
    """The constraint's observations in one condition, each with its deviation, verdict and confidence."""
    out = []
    for label, value, n, lo, hi in items(spec, c, d, players, seen):
        target = (1.0 / players if c.bound is None else c.bound)
        ob = Observation(c.name, f"{players}p {label}", players, value, n, lo, hi, target, MISSING)
        if value is not None and lo is not None and hi is not None:
            ob.deviation = deviation(c, value, target)
            ob.verdict, ob.confidence = judge(c, value, lo, hi, target)
        else:
            ob.verdict = "no games"
        out.append(ob)
    return out


def deviation(c: Constraint, value: float, target: float) -> float:
    """How far one item is from its constraint, in the constraint's own units.

    ``within``: |value - centre| / tolerance, so 1 is the edge of the band and the search is
    drawn to the centre (where the final replay is likeliest to confirm it); ``at_least`` /
    ``at_most``: the shortfall past the bound / ``scale`` (0 whenever the bound holds).
    """
    if c.kind == "within":
        return abs(value - target) / c.tolerance
    short = target - value if c.kind == "at_least" else value - target
    return max(0.0, short) / c.scale


def judge(c: Constraint, value: float, low: float, high: float, target: float) -> tuple[str, float]:
    """Verdict from the 95% interval (met: all of it satisfies the constraint; missed: none of it does) and the
    probability that the true value satisfies it, taking the estimate as normal with sd = interval width / 3.92."""
    se = max(high - low, 0.0) / 3.92
    if c.kind == "within":
        lo_ok, hi_ok = target - c.tolerance, target + c.tolerance
        met = lo_ok <= low and high <= hi_ok
        missed = high < lo_ok or low > hi_ok
        if se > 0:
            p = _normal_cdf((hi_ok - value) / se) - _normal_cdf((lo_ok - value) / se)
        else:
            p = float(lo_ok <= value <= hi_ok)
    elif c.kind == "at_least":
        met, missed = low >= target, high < target
        p = _normal_cdf((value - target) / se) if se > 0 else float(value >= target)
    else:
        met, missed = high <= target, low > target
        p = _normal_cdf((target - value) / se) if se > 0 else float(value <= target)
    return ("met" if met else "missed" if missed else "unsure"), p


def distance(spec: TuneSpec, obs: list[Observation]) -> float:
    """The objective: sqrt( sum_c w_c * mean_i(dev_ci^2) / sum_c w_c ), over constraints c and their items i
    (every faction or seat, every cell, at every player count). A constraint with six factions weighs the same
    as one with a single value; an item nobody observed counts as ``MISSING`` (10) units off."""
    total = 0.0
    for c in spec.target:
        devs = [o.deviation for o in obs if o.constraint == c.name]
        if devs:
            total += c.weight * math.fsum(d * d for d in devs) / len(devs)
    return math.sqrt(total / math.fsum(c.weight for c in spec.target))


@dataclass
class _After:
    """A read-only view of a store that shows only games ``first`` and later of each condition."""

    store: Any
    first: int

    def rows(self, cond: str, below: int) -> Iterator[Any]:
        return (r for r in self.store.rows(cond, below) if r.idx >= self.first)

    def cell_names(self, players: int) -> set[tuple[str, str, str]]:
        return set(self.store.cell_names(players))


def evaluate(spec: TuneSpec, plan: Plan, store: Any, first: int = 0) -> tuple[float, list[Observation], int]:
    """(distance, observations, completed games) of the plan's conditions, from games ``first`` and later."""
    obs: list[Observation] = []
    completed = 0
    view: Any = _After(store, first) if first else store
    seen: dict[int, set[tuple[str, str, str]]] = {}
    for cond in plan.conditions:
        d = load_condition(view, cond.key, cond.games, cond.players)
        completed += d.scores.shape[0]
        if cond.players not in seen:  # the cells any game of the study produced at this count: the items to expect
            seen[cond.players] = view.cell_names(cond.players) if hasattr(view, "cell_names") else set()
        for c in spec.target:
            if c.applies(cond.players):
                obs.extend(observe(spec, c, d, cond.players, seen[cond.players]))
    return distance(spec, obs), obs, completed


# ---------------------------------------------------------------------------------------------------------
# The study
# ---------------------------------------------------------------------------------------------------------
@dataclass
class Candidate:
    """A finalist (or the rules as they are) replayed with the final games."""

    label: str
    values: dict[str, Any]
    trial: int | None
    search_value: float | None
    games: int
    distance: float
    observations: list[Observation]
    verdict: str
    confidence: float

    def to_json(self) -> dict[str, Any]:
        return {"label": self.label, "values": self.values, "trial": self.trial, "search_value": self.search_value,
                "games": self.games, "distance": self.distance, "verdict": self.verdict,
                "confidence": self.confidence, "observations": [o.to_json() for o in self.observations]}


@dataclass
class TuneResult:
    spec: TuneSpec
    profile: Profile
    out: Path
    trials: list[dict[str, Any]]
    candidates: list[Candidate]
    best: Candidate | None
    importances: dict[str, float] | None
    importance_note: str
    played: int
    seconds: float
    files: dict[str, Path] = field(default_factory=dict)


Progress = Callable[[str, dict[str, Any]], None]


def default_out(spec: TuneSpec, root: str | Path = "lab-results") -> Path:
    return Path(root) / f"tune-{spec.name}"


def study_name(spec: TuneSpec, profile: Profile) -> str:
    return f"{spec.name}:{profile.name}"


def open_study(spec: TuneSpec, profile: Profile, out: Path, fresh: bool = False) -> Any:
    """The Optuna study in ``out/study.sqlite``: created, or loaded to continue. A folder holding a study of
    another tune file (other game, players, agents, parameters or target) is refused in one line."""
    import optuna

    path = out / "study.sqlite"
    if fresh:
        for name in ("study.sqlite", "results.sqlite", "results.sqlite-wal", "results.sqlite-shm"):
            (out / name).unlink(missing_ok=True)
    out.mkdir(parents=True, exist_ok=True)
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    storage = optuna.storages.RDBStorage(f"sqlite:///{path.resolve()}")
    for other in optuna.get_all_study_summaries(storage, include_best_trial=False):
        stored = other.user_attrs.get("tune")
        if stored is not None and stored != spec.identity():
            raise OptionError(f"{out} holds a study of another tune file (its game, players, agents, parameters or "
                              "target differ); use --fresh or another --out")
    study = optuna.create_study(study_name=study_name(spec, profile), storage=storage, direction="minimize",
                                load_if_exists=True)
    study.set_user_attr("tune", spec.identity())
    return study


def make_sampler(spec: TuneSpec, profile: Profile, started: int) -> Any:
    """TPE over all parameters jointly (multivariate), seeded from the master seed and the trials already in the
    study, so a resumed study does not replay the first run's random start."""
    import optuna

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", optuna.exceptions.ExperimentalWarning)
        return optuna.samplers.TPESampler(seed=derive_seed(spec.seed, 1_000_003 + started) % 2 ** 32,
                                          n_startup_trials=max(3, min(10, profile.trials // 3)), multivariate=True)


def make_pruner(profile: Profile) -> Any:
    """Hyperband over the rounds of a trial (Optuna's advice for TPE); nothing to prune with one round."""
    import optuna

    if profile.rounds < 2:
        return optuna.pruners.NopPruner()
    return optuna.pruners.HyperbandPruner(min_resource=1, max_resource=profile.rounds, reduction_factor=3)


def recover(study: Any) -> int:
    """Trials cut short (still RUNNING after a crash, or FAIL after Ctrl-C) are failed and queued again with the
    same values, once each: their stored games are found and only the rest are played. Returns how many."""
    from optuna.trial import TrialState

    retried = set(study.user_attrs.get("retried", []))
    again = 0
    for t in study.get_trials(deepcopy=False):
        if t.state == TrialState.RUNNING:  # one run per folder: a RUNNING trial is a dead one
            study.tell(t.number, state=TrialState.FAIL)
        if t.state in (TrialState.RUNNING, TrialState.FAIL) and t.number not in retried and t.params:
            study.enqueue_trial(dict(t.params), user_attrs={"retry_of": t.number})
            retried.add(t.number)
            again += 1
    study.set_user_attr("retried", sorted(retried))
    return again


def finished(study: Any) -> int:
    """Trials that count against the budget: completed or pruned."""
    from optuna.trial import TrialState

    return sum(1 for t in study.get_trials(deepcopy=False) if t.state in (TrialState.COMPLETE, TrialState.PRUNED))


def suggest(trial: Any, p: SearchParam) -> Any:
    if p.choices:
        return trial.suggest_categorical(p.path, list(p.choices))
    if p.boolean:
        return bool(trial.suggest_categorical(p.path, [False, True]))
    if p.integer:
        return int(trial.suggest_int(p.path, int(p.low), int(p.high)))
    return float(trial.suggest_float(p.path, float(p.low), float(p.high)))


@dataclass
class Runner:
    """Plays lab experiments into one store through ``lab.run.execute`` (local processes or Ray)."""

    spec: TuneSpec
    store: Any
    chunk: int | None = None
    played: int = 0

    def play(self, plan: Plan) -> None:
        from .run import execute

        info = execute(plan, self.store, jobs=self.spec.jobs or _cores(), backend=self.spec.backend,
                       address=self.spec.address, chunk=self.chunk)
        self.played += info.played


def _cores() -> int:
    import os
    return os.cpu_count() or 1


def objective(spec: TuneSpec, profile: Profile, runner: Runner, progress: Progress | None) -> Callable[[Any], float]:
    """The function Optuna calls per trial: play the trial's rounds, report each round's distance, stop when pruned."""
    import optuna

    def run_trial(trial: Any) -> float:
        values = {p.path: suggest(trial, p) for p in spec.params}
        dist = math.inf
        for k in range(1, profile.rounds + 1):
            games = profile.round_games(k)
            plan = lab_spec.plan(spec.experiment(values, games))
            runner.play(plan)
            dist, obs, completed = evaluate(spec, plan, runner.store)
            trial.report(dist, k)
            trial.set_user_attr("games", games)
            trial.set_user_attr("completed", completed)
            if progress:
                progress("round", {"trial": trial.number, "round": k, "games": games, "distance": dist})
            if k < profile.rounds and trial.should_prune():
                raise optuna.TrialPruned()
        trial.set_user_attr("observations", [[o.item, o.constraint, o.value] for o in obs])
        return dist

    return run_trial


def _trial_rows(study: Any) -> list[dict[str, Any]]:
    return [{"number": t.number, "state": t.state.name, "value": t.value, "params": dict(t.params),
             "games": t.user_attrs.get("games", 0), "retry_of": t.user_attrs.get("retry_of"),
             "intermediate": {str(k): v for k, v in sorted(t.intermediate_values.items())}}
            for t in study.get_trials(deepcopy=False)]


def pick_finalists(study: Any, k: int) -> list[Any]:
    """The ``k`` best completed trials, each set of values once (a retried trial repeats its original's values)."""
    from optuna.trial import TrialState

    done = sorted((t for t in study.get_trials(deepcopy=False) if t.state == TrialState.COMPLETE and t.value is not None),
                  key=lambda t: (t.value, t.number))
    out, seen = [], set()
    for t in done:
        key = json.dumps(t.params, sort_keys=True)
        if key not in seen:
            seen.add(key)
            out.append(t)
        if len(out) == k:
            break
    return out


def final_round(spec: TuneSpec, profile: Profile, runner: Runner, finalists: list[Any]) -> list[Candidate]:
    """Replay the finalists (and the rules as they are) with ``final_games`` games each, in one batch of work.

    The replay's games are new ones: game indices from ``profile.games`` on, past any game a trial
    played, so the luck that made a finalist look good in the search does not flatter it here. The
    rules as they are were not selected by anything, so they are judged on all their games.
    """
    entries: list[tuple[str, dict[str, Any], Any]] = []
    if spec.baseline:
        entries.append(("rules as they are", {}, None))
    entries.extend((f"trial {t.number}", {p.path: t.params[p.path] for p in spec.params}, t) for t in finalists)
    total = profile.games + profile.final_games
    plans = [lab_spec.plan(spec.experiment(values, total, name=label)) for label, values, _ in entries]
    conds: list[Condition] = []
    keys: set[str] = set()
    for p in plans:
        for c in p.conditions:
            if c.key not in keys:  # a finalist may be the rules as they are: play its games once
                keys.add(c.key)
                conds.append(replace(c, id=len(conds)))
    first = plans[0]
    runner.play(Plan(first.experiment, conds, "single", first.has_measures, first.has_factions))
    out = []
    for (label, values, t), p in zip(entries, plans):
        # nothing selected the rules as they are, so all their games count; a finalist's only from the replay on
        dist, obs, completed = evaluate(spec, p, runner.store, first=profile.games if t is not None else 0)
        verdicts = {o.verdict for o in obs}
        verdict = "meets" if verdicts == {"met"} else "misses" if verdicts & {"missed", "no games"} else "unsure"
        conf = math.prod(o.confidence for o in obs)
        out.append(Candidate(label, values, t.number if t is not None else None, t.value if t is not None else None,
                             completed, dist, obs, verdict, conf))
    return out


def choose_best(candidates: list[Candidate]) -> Candidate | None:
    """The finalist to write: the likeliest to meet the target (confidence), then the nearest (distance)."""
    tuned = [c for c in candidates if c.trial is not None]
    return min(tuned, key=lambda c: (-round(c.confidence, 6), c.distance)) if tuned else None


def importances(study: Any) -> tuple[dict[str, float] | None, str]:
    """PED-ANOVA importances of the parameters over the completed trials (None and why, when it cannot say).

    PED-ANOVA (``optuna.importance.PedAnovaImportanceEvaluator``) asks which parameters separate the best
    trials from the rest; it needs no scikit-learn (fANOVA, Optuna's default, does) and is deterministic.
    """
    import optuna
    from optuna.trial import TrialState

    complete = [t for t in study.get_trials(deepcopy=False) if t.state == TrialState.COMPLETE]
    if len(complete) < 2:
        return None, "fewer than two completed trials"
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            evaluator = optuna.importance.PedAnovaImportanceEvaluator()
            got = optuna.importance.get_param_importances(study, evaluator=evaluator)
        return {k: float(v) for k, v in got.items()}, ""
    except (RuntimeError, ValueError, ImportError) as e:
        return None, " ".join(str(e).split())[:200]


def tune(spec: TuneSpec, profile_name: str = "full", out: str | Path | None = None, *, fresh: bool = False,
         progress: Progress | None = None, chunk: int | None = None, report: bool = True) -> TuneResult:
    """Run (or continue) the study, replay the finalists, write the best candidate, the report and tune.json."""
    from .backends import start_ray
    from .run import open_store

    profile = spec.profiles[profile_name]
    folder = Path(out or spec.out or default_out(spec))
    start = time.perf_counter()
    study = open_study(spec, profile, folder, fresh=fresh)
    again = recover(study)
    if progress and again:
        progress("resume", {"retried": again})
    study.sampler = make_sampler(spec, profile, len(study.trials))
    study.pruner = make_pruner(profile)
    ray_started = start_ray(spec.jobs, spec.address) if spec.backend == "ray" else False
    try:
        with open_store(folder) as store:
            runner = Runner(spec, store, chunk)
            remaining = profile.trials - finished(study)
            if progress:
                progress("start", {"done": finished(study), "trials": profile.trials})

            def after(study: Any, t: Any) -> None:
                if progress:
                    progress("trial", {"number": t.number, "state": t.state.name, "value": t.value,
                                       "games": t.user_attrs.get("games", 0), "params": dict(t.params)})

            if remaining > 0:
                study.optimize(objective(spec, profile, runner, progress), n_trials=remaining, callbacks=[after],
                               gc_after_trial=False)
            finalists = pick_finalists(study, profile.finalists)
            if progress:
                progress("final", {"finalists": len(finalists), "games": profile.final_games})
            candidates = final_round(spec, profile, runner, finalists) if finalists else []
            played = runner.played
    finally:
        if ray_started:
            import ray
            ray.shutdown()
    imp, note = importances(study)
    result = TuneResult(spec, profile, folder, _trial_rows(study), candidates, choose_best(candidates), imp, note,
                        played, time.perf_counter() - start)
    result.files["study"] = folder / "study.sqlite"
    result.files["store"] = folder / "results.sqlite"
    if result.best is not None:
        result.files["best"] = write_override(result, folder / "best.toml")
    result.files["json"] = write_json(result, folder / "tune.json")
    if report:
        from .tune_report import write_html
        result.files["report"] = write_html(result, folder / "tune.html")
    return result


# ---------------------------------------------------------------------------------------------------------
# Outputs
# ---------------------------------------------------------------------------------------------------------
def toml_value(v: Any) -> str:
    """A TOML literal for a rules-data value (numbers, booleans, strings and lists of them)."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float, str)):
        return json.dumps(v)
    if isinstance(v, list):
        return "[" + ", ".join(toml_value(x) for x in v) + "]"
    raise OptionError(f"cannot write {v!r} to a rules-data file")


def write_override(result: TuneResult, path: Path) -> Path:
    """The best candidate as a rules-data file: ``game`` and a ``[set]`` of dotted paths (the fixed overrides and
    the tuned values), which ``voidtable lab run FILE`` plays as an experiment and ``serve --rules NAME=FILE``
    offers at the table. Comments record where it came from and how sure the final replay is."""
    best = result.best
    assert best is not None
    spec = result.spec
    lines = [f"# Tuned by `voidtable lab tune` (study {spec.name!r}, profile {result.profile.name}): {best.label}.",
             f"# Final replay: {best.games} games, distance {best.distance:.3f}, {best.verdict} the target "
             f"(confidence {best.confidence:.2f}).",
             "# Play it in the lab: voidtable lab run THIS_FILE   (or keys under [set] with --set / another [set])",
             "# Offer it at the table: voidtable serve --rules NAME=THIS_FILE",
             f"name = {json.dumps(spec.name + '-best')}",
             f"game = {json.dumps(spec.game)}",
             f"players = {toml_value(list(spec.players))}",
             f"agents = {toml_value(list(spec.agents))}",
             f"seed = {spec.seed}"]
    if spec.rotate:
        lines.append("rotate = true")
    if spec.variant:
        lines.append(f"variants = [{json.dumps(spec.variant)}]")
    lines.append("")
    lines.append("[set]")
    for key, value in {**spec.fixed, **best.values}.items():
        lines.append(f"{json.dumps(key)} = {toml_value(value)}")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def summary(result: TuneResult) -> dict[str, Any]:
    spec = result.spec
    return {"name": spec.name, "game": spec.game, "players": spec.players, "agents": spec.agents,
            "profile": result.profile.to_json(), "parameters": [p.to_json() for p in spec.params],
            "target": [c.to_json() for c in spec.target], "fixed": spec.fixed, "trials": result.trials,
            "candidates": [c.to_json() for c in result.candidates],
            "best": result.best.to_json() if result.best else None, "importances": result.importances,
            "importance_note": result.importance_note,
            "run": {"played": result.played, "seconds": round(result.seconds, 3), "backend": spec.backend,
                    "jobs": spec.jobs}}


def write_json(result: TuneResult, path: Path) -> Path:
    path.write_text(json.dumps(summary(result), indent=1, default=str), encoding="utf-8")
    return path


def terminal_lines(result: TuneResult) -> list[str]:
    """A short text summary: the study, then each replayed candidate and its verdict."""
    states = [t["state"] for t in result.trials]
    lines = [f"{result.spec.name}: {states.count('COMPLETE')} trials completed, {states.count('PRUNED')} pruned, "
             f"{states.count('FAIL')} cut short (retried); {result.played} games played now, {result.seconds:.1f} s "
             f"({result.spec.backend}, profile {result.profile.name})"]
    for c in result.candidates:
        vals = "".join(f", {k}={v}" for k, v in c.values.items())
        search = f", search {c.search_value:.3f}" if c.search_value is not None else ""
        lines.append(f"  {c.label}{vals}: distance {c.distance:.3f}{search}; {c.verdict} the target "
                     f"(confidence {c.confidence:.2f}, {c.games} games)")
        worst = sorted(c.observations, key=lambda o: o.confidence)[:2]
        for o in worst:
            if o.value is None:
                lines.append(f"    {o.constraint}: {o.item}: no games")
                continue
            lines.append(f"    {o.constraint}: {o.item} {o.value:.3f} [{o.low:.3f}-{o.high:.3f}] vs {o.target:.3f}: "
                         f"{o.verdict} (p {o.confidence:.2f})")
    if result.importances:
        lines.append("  importance: " + ", ".join(f"{k} {v:.2f}" for k, v in result.importances.items()))
    return lines
