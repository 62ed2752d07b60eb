"""Every declared parameter and option value changes what happens (issue 25, item 13: no dead switches).

For each registered game the check plays a fixed set of seeded games (``PROBES``: player counts,
seeds, random moves or the game's bot) with the default rules, keeping a hash of each step: the
setup events and every seat's first view, each step's events, every seat's last view and the result.
Then it moves one setting and plays the same games again, stopping at the first step that differs:

- a declared parameter (``GameSpec.parameters``) goes to the far end of its range (then the near end,
  then one step either way: the first that loads), every rules-data value it matches at once, under the
  options it declares it needs (``Parameter.when``);
- an option goes to each of its declared choices and each value a variant gives it.

Some rules act only in situations seeded games seldom reach (an enemy home world held at a
scoring, cargo cashed in at a trade house): for those ``POSITIONS`` names a position, made from each
probe game's start, from which the probe games go on (Black Abyss's are built with engine.positions in
tests/games/abyss/rule_positions.py). A setting that changes no step of any probe game fails the test,
unless it is declared ``informational`` with the reason. Most settings differ within a few steps, so the
check costs about one full play of each probe game per game and position plus a few steps per setting
(measured: see the rules pages).
"""

from __future__ import annotations

import hashlib
import json
from typing import Any, Callable, Iterator

import pytest

from voidtable.engine.errors import OptionError, RulesDataError
from voidtable.engine.game import Game, GameSpec
from voidtable.engine.parameters import Parameter
from voidtable.engine.registry import games
from voidtable.engine.rng import Rng
from voidtable.engine.state import GameState

from tests.games.abyss.rule_positions import POSITIONS as ABYSS_POSITIONS

SEEDS = (101, 102, 103)
MODES = ("random", "bot")


def probes(spec: GameSpec) -> list[tuple[int, int, str]]:
    """``(players, seed, moves)``: the smallest table first, then one more seat (some rules need a third player)."""
    counts = sorted({spec.min_players, min(spec.min_players + 1, spec.max_players)})
    modes = MODES if spec.hooks.bot is not None else ("random",)
    return [(n, seed, mode) for n in counts for seed in SEEDS for mode in modes]


def _h(x: Any) -> bytes:
    return hashlib.blake2b(json.dumps(x, sort_keys=True, default=str).encode(), digest_size=8).digest()


Position = Callable[[GameState, Rng], None]


def empires_held_homes(s: GameState, rng: Rng) -> None:
    """Empires: random moves until the home worlds are on the board, then seat 0 holds seat 1's home world and
    its own home is New Earth (the Nomads' home once terraformed), whatever race it plays."""
    while not s.is_over() and "home1" not in s.control:  # type: ignore[attr-defined]
        p = s.to_move()[0]
        legal = s.legal_actions(p)
        s.apply(p, legal[rng.below(len(legal))])
    control = s.control  # type: ignore[attr-defined]
    control["home1"] = control["home1"]._replace(conqueror=0)
    s.new_earth = "home0"  # type: ignore[attr-defined]
    s.benefit_cache = None  # type: ignore[attr-defined]


POSITIONS: dict[tuple[str, str], Position] = {
    ("empires", "game.home_bonus_vp"): empires_held_homes,
    ("empires", "new_earth.vp"): empires_held_homes,
    ("empires", "new_earth.credits"): empires_held_homes,
    # cargo cashed in, ground fights, a planetary defence on the battle board, repairs
    **{("abyss", path): position for path, position in ABYSS_POSITIONS.items()},
}


def trajectory(game: Game, seed: int, mode: str, position: Position | None = None) -> Iterator[bytes]:
    """One hash per step of a seeded game: setup and first views, each step's events, last views and result."""
    s = game.new_state(seed)
    rng = Rng(seed)
    bot = game.spec.hooks.bot
    if position is not None:
        position(s, rng)
        s.take_events()  # type: ignore[attr-defined]
    yield _h([s.setup_events, [s.view(p) for p in range(game.players)]])
    while not s.is_over():
        p = s.to_move()[0]
        legal = s.legal_actions(p)
        action = bot.rollout_policy(s, p, legal, rng) if mode == "bot" and bot is not None else legal[rng.below(len(legal))]
        yield _h(s.apply(p, action))
    r = s.result()
    yield _h([[s.view(p) for p in range(game.players)], r.scores, r.ranks, r.winners])


class Checker:
    """Plays a game's probe games once with each base setting, then each moved setting against them."""

    def __init__(self, spec: GameSpec) -> None:
        self.spec = spec
        self.probes = probes(spec)
        self.base: dict[tuple[str, tuple[int, int, str], Position | None], list[bytes]] = {}

    def baseline(self, settings: dict[str, Any], probe: tuple[int, int, str], position: Position | None) -> list[bytes]:
        key = (json.dumps(settings, sort_keys=True), probe, position)
        if key not in self.base:
            self.base[key] = list(trajectory(Game(self.spec, probe[0], settings), probe[1], probe[2], position))
        return self.base[key]

    def changes(self, base: dict[str, Any], moved: dict[str, Any], position: Position | None = None) -> bool:
        """Whether the games under ``base`` and ``moved`` settings differ at some step (``OptionError`` if refused)."""
        loaded: dict[int, Game] = {}
        for probe in self.probes:
            n, seed, mode = probe
            if n not in loaded:
                loaded[n] = Game(self.spec, n, {**base, **moved})
            before = self.baseline(base, probe, position)
            steps = 0
            for i, h in enumerate(trajectory(loaded[n], seed, mode, position)):
                steps = i + 1
                if i >= len(before) or h != before[i]:
                    return True
            if steps != len(before):
                return True
        return False


def leaves(data: Any, prefix: str = "") -> Iterator[tuple[str, Any]]:
    if isinstance(data, dict):
        for k, v in data.items():
            yield from leaves(v, f"{prefix}.{k}" if prefix else str(k))
    else:
        yield prefix, data


def moves(p: Parameter, value: Any) -> list[Any]:
    """Values to try, best first: the range's far end, its near end, one step up, one step down."""
    if p.boolean:
        return [not value]
    far = p.high if abs(p.high - value) >= abs(value - p.low) else p.low
    near = p.low if far == p.high else p.high
    step = 1 if p.integer else (p.high - p.low) / 4
    out: list[Any] = []
    for v in (far, near, value + step, value - step):
        v = int(v) if p.integer else float(v)
        if p.low <= v <= p.high and v != value and v not in out:
            out.append(v)
    return out


def parameter_changes(check: Checker, p: Parameter, values: list[tuple[str, Any]],
                      position: Position | None = None) -> tuple[bool, list[str]]:
    """Whether some move of ``p`` changes a probe game; what was tried."""
    matched = [(path, v) for path, v in values if p.matches(path)]
    tried: list[str] = []
    for i in range(4):
        moved = {path: moves(p, v)[i] for path, v in matched if i < len(moves(p, v))}
        attempts = [moved, dict(list(moved.items())[:1])] if len(moved) > 1 else [moved] if moved else []
        for attempt in attempts:
            try:
                if check.changes(p.options(), attempt, position):
                    return True, tried
                tried.append(f"{', '.join(f'{k}={v}' for k, v in list(attempt.items())[:2])}: no change")
            except (OptionError, RulesDataError) as e:
                tried.append(f"refused ({str(e)[:80]})")
    return False, tried


def option_values(spec: GameSpec, name: str) -> list[Any]:
    """An option's values other than its default: declared choices it accepts, and the values variants give it."""
    option = next(o for o in spec.options if o.name == name)
    found: list[Any] = [not option.default] if option.type is bool else []
    for choice in option.choices or ():
        try:
            value = option.validate(choice)
            Game(spec, spec.min_players, {name: value})
        except OptionError:
            continue  # a pattern shown to people (KEY,KEY,KEY), not a value
        if value != option.default and value not in found:
            found.append(value)
    for variant in spec.variants.values():
        if name in variant and variant[name] != option.default and variant[name] not in found:
            found.append(variant[name])
    return found


CASES = [pytest.param(name, id=name) for name in games()]


@pytest.mark.parametrize("name", CASES)
def test_every_parameter_and_option_value_changes_an_outcome(name):
    spec = games()[name]
    check = Checker(spec)
    values = list(leaves(Game(spec, spec.min_players, {}).data))
    dead: list[str] = []
    for p in spec.parameters:
        if p.informational:
            continue
        changed, tried = parameter_changes(check, p, values, POSITIONS.get((name, p.path)))
        if not changed:
            dead.append(f"parameter {p.path} (tried {'; '.join(tried) or 'nothing: it matches no value'})")
    for option in spec.options:
        if option.informational:
            continue
        found = option_values(spec, option.name)
        if not found:
            dead.append(f"option {option.name}: no value besides the default to try (declare choices or a variant)")
        for value in found:
            if not check.changes({}, {option.name: value}):
                dead.append(f"option {option.name}={value!r}")
    assert not dead, f"{name}: settings that change nothing in {len(check.probes)} seeded games: " + " | ".join(dead)


def test_the_positions_name_declared_parameters_that_are_not_informational():
    for name, path in POSITIONS:
        declared = [p for p in games()[name].parameters if p.path == path]
        assert declared and not declared[0].informational, (name, path)


def test_the_check_finds_a_number_no_rule_reads():
    """Nearspace's deck.file_max_bytes bounds a deck list's text before parsing: no step of play reads it."""
    import dataclasses

    dead = Parameter("deck.file_max_bytes", 1000, 100_000)
    spec = dataclasses.replace(games()["nearspace"], parameters=(dead,))
    check = Checker(spec)
    check.probes = check.probes[:2]
    changed, tried = parameter_changes(check, dead, list(leaves(Game(spec, 2, {}).data)))
    assert not changed and tried == ["deck.file_max_bytes=1000: no change", "deck.file_max_bytes=100000: no change",
                                     "deck.file_max_bytes=65537: no change", "deck.file_max_bytes=65535: no change"]
    live = Parameter.switch("combat.tie_both_lost")
    assert parameter_changes(check, live, list(leaves(Game(spec, 2, {}).data)))[0]
