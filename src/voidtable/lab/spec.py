"""Experiments: what to play, read from a TOML file and/or flags, validated before the first game.

An experiment expands into *conditions* (one rule set, one player count, one
seating of agents), each played ``games`` times:

    conditions = player counts x variants x arms

where the arms are the points of the sweep grid (``--sweep KEY=V1,V2``; several
keys make a grid, the first value of each key is the baseline), the two sides
of an A/B (``--a KEY=V`` / ``--b KEY=V``), or the single rule set given by
``--set``. With neither a sweep nor an A/B, several variants are the arms
(compared with the first); otherwise each variant is a group of its own. Everything that could stop a run (an unknown key, a value the game
refuses, a player count out of range, an agent spec that does not parse) is
raised here as a one-line :class:`OptionError`, before any game is played,
because each condition's rule set is loaded (and so validated) now.

Each condition has a *key*: a digest of the game, player count, effective
options, effective rules data (so an edited data file is a new condition),
agents and seating. Its games are seeded from ``derive_seed(seed, key)``, so a
condition's results depend only on what it is and on the master seed, never
on which other conditions run beside it or on how many workers play them.
"""

from __future__ import annotations

import difflib
import hashlib
import itertools
import json
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from voidtable.agents import specs as agent_specs
from voidtable.agents.specs import split_specs
from voidtable.engine.errors import OptionError, VoidtableError
from voidtable.engine.options import parse_value, read_option_files
from voidtable.engine.parameters import find as find_parameter
from voidtable.engine.registry import games, get, load
from voidtable.engine.rng import derive_seed

SCHEMA = 2  # bump when what a stored game means changes

# key -> (type(s), help): every key an experiment file may hold
KEYS: dict[str, tuple[tuple[type, ...], str]] = {
    "name": ((str,), "a name for the report"),
    "game": ((str,), "game name (voidtable games)"),
    "players": ((int, list), "player count or list of counts"),
    "games": ((int,), "games per condition"),
    "seed": ((int,), "master seed"),
    "agents": ((str, list), "agent spec per seat (cycled): list or comma-separated"),
    "rotate": ((bool,), "turn the agents one seat per game, so each sits in every seat equally"),
    "variants": ((str, list), "variant names (voidtable games --json); each is a condition"),
    "set": ((dict,), "KEY = VALUE options and rules-data overrides for every condition"),
    "sweep": ((dict,), "KEY = [V1, V2, ...]; several keys make a grid; first values are the baseline"),
    "ab": ((dict,), "[ab.a] and [ab.b]: the two rule sets to compare (overrides on top of set)"),
    "measures": ((bool,), "count the game's own measures (default true)"),
    "detect": ((float, int), "win-share difference to size samples for when a result is inconclusive (default 0.02)"),
    "alpha": ((float,), "family-wise significance level after Holm's correction (default 0.05)"),
    "jobs": ((int,), "worker processes (0 = one per core)"),
    "backend": ((str,), "local or ray"),
    "address": ((str,), "Ray cluster address (ray backend)"),
    "out": ((str,), "output directory"),
}
BACKENDS = ("local", "ray")


def _one_line(text: str) -> str:
    return " ".join(str(text).split())


def _unknown(what: str, key: str, allowed: list[str]) -> OptionError:
    near = difflib.get_close_matches(key, allowed, n=1)
    hint = f" (did you mean {near[0]!r}?)" if near else ""
    return OptionError(f"{what} has no key {key!r}{hint}; keys: {', '.join(allowed)}")


@dataclass
class Experiment:
    """What to play: the raw request, before expansion into conditions."""

    game: str = ""
    name: str = "experiment"
    players: list[int] = field(default_factory=list)
    games: int = 1000
    seed: int = 0
    agents: list[str] = field(default_factory=lambda: ["random"])
    rotate: bool = False
    variants: list[str] = field(default_factory=list)
    set: dict[str, Any] = field(default_factory=dict)
    sweep: dict[str, list[Any]] = field(default_factory=dict)
    ab: dict[str, dict[str, Any]] = field(default_factory=dict)  # {"a": {...}, "b": {...}}
    measures: bool = True
    detect: float = 0.02
    alpha: float = 0.05
    jobs: int = 0
    backend: str = "local"
    address: str | None = None
    out: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "game": self.game, "players": self.players, "games": self.games,
                "seed": self.seed, "agents": self.agents, "rotate": self.rotate, "variants": self.variants,
                "set": self.set, "sweep": self.sweep, "ab": self.ab, "measures": self.measures,
                "detect": self.detect, "alpha": self.alpha}


def read_toml(path: str | Path) -> dict[str, Any]:
    """The experiment file as a dict; an unreadable file or unknown key is a one-line OptionError."""
    p = Path(path)
    try:
        with open(p, "rb") as f:
            raw = tomllib.load(f)
    except OSError as e:
        raise OptionError(f"cannot read experiment {path}: {e.strerror or e}") from None
    except tomllib.TOMLDecodeError as e:
        raise OptionError(f"experiment {path} is not valid TOML: {_one_line(str(e))}") from None
    raw.setdefault("name", p.stem)
    return raw


def _check_type(where: str, key: str, value: Any, types: tuple[type, ...]) -> None:
    if (isinstance(value, bool) and bool not in types) or not isinstance(value, types):
        raise OptionError(f"{where}: {key!r} must be {' or '.join(t.__name__ for t in types)}, got {value!r}")


def from_dict(raw: dict[str, Any], where: str = "experiment") -> Experiment:
    """Check names and types of every key, then build an :class:`Experiment` (values are checked by :func:`plan`)."""
    exp = Experiment()
    for key, value in raw.items():
        if key not in KEYS:
            raise _unknown(where, key, list(KEYS))
        _check_type(where, key, value, KEYS[key][0])
        if key == "players":
            counts = value if isinstance(value, list) else [value]
            if not counts or not all(isinstance(c, int) and not isinstance(c, bool) for c in counts):
                raise OptionError(f"{where}: 'players' must be an int or a list of ints, got {value!r}")
            exp.players = list(counts)
        elif key == "agents":
            exp.agents = split_specs(value) if isinstance(value, str) else [str(a) for a in value]
        elif key == "variants":
            exp.variants = [v.strip() for v in value.split(",") if v.strip()] if isinstance(value, str) else [str(v) for v in value]
        elif key == "sweep":
            exp.sweep = {}
            for k, vals in _flatten(value):
                exp.sweep[k] = list(vals) if isinstance(vals, list) else [vals]
        elif key == "set":
            exp.set = dict(_flatten(value))
        elif key == "ab":
            if not value:
                continue
            for side in value:
                if side not in ("a", "b"):
                    raise _unknown(f"{where} [ab]", side, ["a", "b"])
                if not isinstance(value[side], dict):
                    raise OptionError(f"{where}: ab.{side} must be a table of KEY = VALUE overrides")
            exp.ab = {side: dict(_flatten(value.get(side, {}))) for side in ("a", "b")}
        elif key == "detect":
            exp.detect = float(value)
        else:
            setattr(exp, key, value)
    return exp


def _flatten(table: dict[str, Any], prefix: str = "") -> list[tuple[str, Any]]:
    """``{"black_holes": {"dire_3": {"threshold": 20}}}`` -> ``[("black_holes.dire_3.threshold", 20)]``."""
    out: list[tuple[str, Any]] = []
    for k, v in table.items():
        path = f"{prefix}.{k}" if prefix else k
        if isinstance(v, dict):
            out.extend(_flatten(v, path))
        else:
            out.append((path, v))
    return out


def parse_set(items: list[str], flag: str = "--set") -> dict[str, Any]:
    out: dict[str, Any] = {}
    for item in items:
        key, sep, text = item.partition("=")
        if not sep or not key.strip():
            raise OptionError(f"{flag} takes KEY=VALUE, got {item!r}")
        out[key.strip()] = parse_value(text.strip())
    return out


def parse_sweep(items: list[str]) -> dict[str, list[Any]]:
    """``["a.b=16,18,20"]`` -> ``{"a.b": [16, 18, 20]}``; a TOML list (``k=["x,y", "z"]``) keeps commas inside values."""
    out: dict[str, list[Any]] = {}
    for item in items:
        key, sep, text = item.partition("=")
        key, text = key.strip(), text.strip()
        if not sep or not key or not text:
            raise OptionError(f"--sweep takes KEY=V1,V2,..., got {item!r}")
        if text.startswith("["):
            values = parse_value(text)
            if not isinstance(values, list):
                raise OptionError(f"--sweep {key}: cannot read the list {text!r}")
        else:
            values = [parse_value(v.strip()) for v in text.split(",") if v.strip()]
        if key in out:
            raise OptionError(f"--sweep {key} is given twice")
        out[key] = values
    return out


# ---------------------------------------------------------------------------------------------------------
# Conditions
# ---------------------------------------------------------------------------------------------------------
@dataclass
class Condition:
    id: int
    label: str
    players: int
    variant: str | None
    arm: dict[str, Any]          # what varies: the sweep point or the A/B side's overrides
    arm_name: str                # "A", "B", "k=v, k2=v2" or "base"
    settings: dict[str, Any]     # everything passed to voidtable.load
    agents: tuple[str, ...]
    rotate: bool
    group: str                   # conditions compared with each other share a group (players, variant)
    baseline: bool               # the group's reference arm
    key: str = ""
    seed: int = 0
    games: int = 0

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "label": self.label, "players": self.players, "variant": self.variant,
                "arm": self.arm, "arm_name": self.arm_name, "settings": self.settings, "agents": list(self.agents),
                "rotate": self.rotate, "group": self.group, "baseline": self.baseline, "key": self.key,
                "seed": self.seed, "games": self.games}


@dataclass
class Plan:
    experiment: Experiment
    conditions: list[Condition]
    kind: str  # "single", "ab" or "sweep"
    has_measures: bool
    has_factions: bool

    def by_id(self, i: int) -> Condition:
        return self.conditions[i]


def _fmt(v: Any) -> str:
    return json.dumps(v) if isinstance(v, str) and ("," in v or " " in v) else str(v).lower() if isinstance(v, bool) else str(v)


def _short(key: str) -> str:
    """The last two parts of a dotted key: black_holes.dire_3.threshold -> dire_3.threshold."""
    parts = key.split(".")
    return ".".join(parts[-2:]) if len(parts) > 2 else key


def _read_option_files(exp: Experiment, options: Any) -> None:
    """``@PATH`` values of file options (a deck list, say) become the files' text now, so workers read no files."""
    exp.set = read_option_files(exp.set, options)
    for k, vals in exp.sweep.items():
        exp.sweep[k] = [read_option_files({k: v}, options)[k] for v in vals]
    exp.ab = {side: read_option_files(values, options) for side, values in exp.ab.items()}


def plan(exp: Experiment) -> Plan:
    """Expand into conditions and validate everything; an OptionError (one line) names the first problem."""
    if not exp.game:
        raise OptionError(f"an experiment needs a game (game = \"NAME\" or --game); games: {', '.join(games())}")
    try:
        spec = get(exp.game)
    except VoidtableError as e:
        raise OptionError(_one_line(str(e))) from None
    players = exp.players or [spec.min_players]
    _read_option_files(exp, spec.options)
    for n in players:
        if not spec.min_players <= n <= spec.max_players:
            raise OptionError(f"{exp.game} takes {spec.min_players}-{spec.max_players} players, got {n}")
    if len(set(players)) != len(players):
        raise OptionError(f"players lists a count twice: {players}")
    if exp.games < 1:
        raise OptionError(f"games must be at least 1, got {exp.games}")
    if not 0 <= exp.seed < 2 ** 63:
        raise OptionError(f"seed must be in 0..2**63-1, got {exp.seed}")
    if exp.jobs < 0:
        raise OptionError(f"jobs must be 0 (one per core) or more, got {exp.jobs}")
    if exp.backend not in BACKENDS:
        raise OptionError(f"backend must be one of {', '.join(BACKENDS)}, got {exp.backend!r}")
    if exp.address and exp.backend != "ray":
        raise OptionError("address is for the ray backend (add --backend ray)")
    if not 0 < exp.alpha < 1:
        raise OptionError(f"alpha must be between 0 and 1, got {exp.alpha}")
    if not 0 < exp.detect < 1:
        raise OptionError(f"detect is a win-share difference between 0 and 1, got {exp.detect}")
    if not exp.agents:
        raise OptionError("agents needs at least one agent spec")
    for a in exp.agents:
        try:
            agent_specs.make(a, exp.game, 0)  # parses and checks the game has what the agent needs
        except OptionError as e:
            raise OptionError(f"agent {a!r}: {_one_line(str(e))}") from None
    for v in exp.variants:
        if v not in spec.variants:
            raise OptionError(f"{exp.game} has no variant {v!r}; variants: {', '.join(spec.variants) or 'none'}")
    if len(set(exp.variants)) != len(exp.variants):
        raise OptionError(f"variants lists a variant twice: {exp.variants}")
    if exp.sweep and exp.ab:
        raise OptionError("an experiment is either a sweep or an A/B, not both (run two experiments)")
    for k, vals in exp.sweep.items():
        if not vals:
            raise OptionError(f"sweep {k} has no values")
        if len({json.dumps(v) for v in vals}) != len(vals):
            raise OptionError(f"sweep {k} lists a value twice: {vals}")
        if k in exp.set:
            raise OptionError(f"{k} is both set and swept; drop it from set")
    if exp.ab:
        if set(exp.ab) != {"a", "b"}:
            raise OptionError("an A/B needs both sides: [ab.a] and [ab.b] (or --a and --b)")
        if exp.ab["a"] == exp.ab["b"]:
            raise OptionError("the A/B sides are the same rule set; give --b (or [ab.b]) at least one different value")

    # arms
    if exp.sweep:
        kind = "sweep"
        keys = list(exp.sweep)
        arms = []
        for i, combo in enumerate(itertools.product(*(exp.sweep[k] for k in keys))):
            arm = dict(zip(keys, combo))
            arms.append((", ".join(f"{_short(k)}={_fmt(v)}" for k, v in arm.items()), arm, i == 0))
    elif exp.ab:
        kind = "ab"
        arms = [("A", dict(exp.ab["a"]), True), ("B", dict(exp.ab["b"]), False)]
    elif len(exp.variants) > 1:
        kind = "variants"  # the variants are the arms: each compared with the first
        arms = [("base", {}, True)]
    else:
        kind = "single"
        arms = [("base", {}, True)]

    # check --set alone first, so its errors name it rather than an arm
    try:
        load(exp.game, players[0], dict(exp.set))  # names, types and the game's own checks first
        check_parameters(spec, exp.set)
    except VoidtableError as e:
        raise OptionError(f"set: {_one_line(str(e))}") from None

    conditions: list[Condition] = []
    variants: list[str | None] = list(exp.variants) or [None]
    for n in players:
        for variant in variants:
            group = f"{n} players" + (f", variant {variant}" if variant and kind != "variants" else "")
            for arm_name, arm, base in arms:
                if kind == "variants":
                    arm_name, base = str(variant), variant == variants[0]
                settings = dict(spec.variants[variant]) if variant else {}
                settings.update(exp.set)
                settings.update(arm)
                try:
                    g = load(exp.game, n, settings)
                    check_parameters(spec, arm)
                except VoidtableError as e:
                    where = {"sweep": f"sweep {arm_name}", "ab": f"{arm_name.lower()} side"}.get(kind, "set")
                    raise OptionError(f"{where} ({n} players{', ' + variant if variant else ''}): {_one_line(str(e))}") from None
                label_parts = []
                if len(players) > 1:
                    label_parts.append(f"{n}p")
                if variant:
                    label_parts.append(variant)
                if kind not in ("single", "variants") or not label_parts:
                    label_parts.append(arm_name)
                cond = Condition(len(conditions), " | ".join(label_parts), n, variant, arm, arm_name, g.settings,
                                 tuple(exp.agents), exp.rotate, group, base, games=exp.games)
                cond.key = condition_key(exp, cond, g)
                cond.seed = derive_seed(exp.seed, int(cond.key[:15], 16))
                conditions.append(cond)
    keys = [c.key for c in conditions]
    if len(set(keys)) != len(keys):
        dup = next(c for c in conditions if keys.count(c.key) > 1)
        raise OptionError(f"two conditions play the same rule set ({dup.label}); a swept or A/B value changes nothing")
    from voidtable.sim import measures
    return Plan(exp, conditions, kind, exp.measures and bool(measures.declared(exp.game)),
                exp.measures and measures.has_factions(exp.game))


def check_parameters(spec: Any, values: dict[str, Any]) -> None:
    """An OptionError naming the allowed range if a value overrides a declared parameter outside it.

    Only paths the game declares (``GameSpec.parameters``) are checked here; any other
    rules-data path keeps the engine's checks (type, the game's own validation).
    """
    for key, value in values.items():
        p = find_parameter(spec.parameters, key)
        if p is not None and p.check(value) is not None:
            kind = "a whole number" if p.integer else "a number"
            what = "true or false" if p.boolean else f"{kind} in {p.low:g}..{p.high:g}"
            raise OptionError(f"{key} takes {what} (a declared parameter of {spec.name}), got {value!r}")


def condition_key(exp: Experiment, cond: Condition, game: Any) -> str:
    """A digest of everything that decides a condition's games (not the master seed: rows store their seed)."""
    data = hashlib.sha256(json.dumps(game.data, sort_keys=True, default=str).encode()).hexdigest()
    ident = {"schema": SCHEMA, "game": exp.game, "players": cond.players, "options": game.options,
             "overrides": game.overrides, "data": data, "agents": list(cond.agents), "rotate": cond.rotate,
             "measures": exp.measures}
    return hashlib.sha256(json.dumps(ident, sort_keys=True, default=str).encode()).hexdigest()


def build(raw: dict[str, Any] | None = None, **flags: Any) -> Experiment:
    """An experiment from a file's dict with flags on top (a flag given as None is not given)."""
    merged = dict(raw or {})
    for k, v in flags.items():
        if v is None:
            continue
        if k in ("set", "ab_a", "ab_b"):
            continue
        merged[k] = v
    exp = from_dict(merged)
    if flags.get("set"):
        exp.set.update(flags["set"])
    if flags.get("ab_a") is not None or flags.get("ab_b") is not None:
        exp.ab = {"a": dict(exp.ab.get("a", {})), "b": dict(exp.ab.get("b", {}))}
        exp.ab["a"].update(flags.get("ab_a") or {})
        exp.ab["b"].update(flags.get("ab_b") or {})
    return exp
