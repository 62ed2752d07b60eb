"""Golden records and action-id pins: playing, checking and re-pinning them.

Two kinds of pin, each failing with a message that names the game and says what to do:

* **Records** (``tests/golden/<game>.json``): per game, a few seeded games (``configs.py``)
  with the game's ``rules_version``, each game's config, the digest of its setup events,
  every step as ``[seat, kind, arg, digest of that step's events]``, the result and a digest
  of the final snapshot. Two checks read them. *Rules*: replaying the recorded actions must
  give the same events at every step, the same result and the same final state; this needs
  no agent, so it proves the rules alone. *Agents*: the same seeded agents must choose the
  same actions again. A change of a bot (or of the order of legal actions, which random
  agents read) is not a change of the rules: records store actions, not the agents' choices,
  so it needs no ``rules_version`` bump, only a re-pin of the games it changed (the update
  refuses that re-pin while the recorded actions no longer replay to the pinned events).
* **Action ids** (``tests/interop/action_universe_v1.json``): per game, player count and
  variant, the size and SHA-256 of the declared action universe (the OpenSpiel ids) and its
  first and last three entries. A change needs a ``rules_version`` bump and a re-pin.

Digests are SHA-256 over canonical JSON (sorted keys, no spaces, ASCII, no NaN), so they
depend on the values only: not on the process, the hash seed, or how tests are spread over
workers. A step digest keeps 8 hex digits (a diverging step matching by chance is one in
four billion, and a divergence rarely stays on one step); the final state keeps 16.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import pkgutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from voidtable.agents.play import run, seat_agents
from voidtable.engine.actions import Action, _arg_to_json
from voidtable.engine.errors import IllegalAction
from voidtable.engine.events import events_json
from voidtable.engine.game import GameSpec
from voidtable.engine.registry import get, load, specs_in
from voidtable.engine.state import GameState

from .configs import Config, configs_for

HERE = Path(__file__).resolve().parent
UNIVERSE_FILE = HERE.parent / "interop" / "action_universe_v1.json"
UPDATE = "python -m tests.golden --update"
FORMAT = "voidtable-golden"
VERSION = 1


class Mismatch(Exception):
    """A pinned game or pinned action universe no longer matches: the message says which and what to do."""


# ----------------------------------------------------------------------------- games and digests
def builtin_games() -> list[str]:
    """The games shipped in ``voidtable.games`` (found as the registry finds them; not the tests' fixture game)."""
    import voidtable.games as pkg

    names = []
    for mod in pkgutil.iter_modules(pkg.__path__):
        if mod.ispkg:
            module = importlib.import_module(f"voidtable.games.{mod.name}")
            names += [s.name for s in specs_in(getattr(module, "SPEC", None)) + specs_in(getattr(module, "SPECS", None))]
    return sorted(names)


def canonical(value: Any) -> bytes:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=True, allow_nan=False).encode()


def step_digest(events: list[Any]) -> str:
    """Over the events' JSON form (records derive it, dicts are it), so converting a game to records changes no pin."""
    return hashlib.sha256(canonical(events_json(events))).hexdigest()[:8]


def state_digest(state: GameState) -> str:
    return hashlib.sha256(canonical(state.snapshot())).hexdigest()[:16]


def step_json(seat: int, action: Action, digest: str) -> list[Any]:
    return [seat, action.kind, _arg_to_json(action.arg), digest]


def step_action(step: list[Any]) -> tuple[int, Action]:
    seat, kind, arg = step[0], step[1], step[2]
    return seat, Action.from_json({"kind": kind, "arg": arg})


def short(value: Any, limit: int = 300) -> str:
    text = json.dumps(value, sort_keys=True)
    return text if len(text) <= limit else text[:limit] + f"... ({len(text)} chars)"


# ----------------------------------------------------------------------------- one pinned game
@dataclass
class Pinned:
    """One pinned game as stored: its config, setup digest, steps, result and final state digest."""

    config: Config
    setup: str
    steps: list[list[Any]]
    result: dict[str, Any]
    final: str

    def to_json(self) -> dict[str, Any]:
        return {"config": self.config.to_json(), "setup": self.setup, "steps": self.steps, "result": self.result,
                "final": self.final}

    @staticmethod
    def from_json(data: dict[str, Any]) -> "Pinned":
        return Pinned(Config.from_json(data["config"]), data["setup"], data["steps"], data["result"], data["final"])


def new_state(name: str, config: Config) -> GameState:
    spec = get(name)
    return load(name, config.players, config.options(spec), cache=True).new_state(config.seed)


def play(name: str, config: Config) -> Pinned:
    """Play the config's seeded game with its agents (seat ``p`` seeded ``derive_seed(seed, 1 + p)``) and pin it."""
    state = new_state(name, config)
    steps: list[list[Any]] = []

    def apply(seat: int, action: Action) -> list[Any]:
        events = state.apply(seat, action)
        steps.append(step_json(seat, action, step_digest(events)))
        return events

    run(state, seat_agents(list(config.agents), name, config.seed), apply=apply)
    return Pinned(config, step_digest(state.setup_events), steps, state.result().to_json(), state_digest(state))


def where(name: str, pinned: Pinned, step: int, seat: int | None = None, action: Action | None = None) -> str:
    what = f" (seat {seat}, {action})" if action is not None else ""
    return f"{name} [{pinned.config.name}]: step {step}{what}"


def replay(name: str, pinned: Pinned) -> None:
    """The rules check: the recorded actions give the pinned events at every step, the result and the final state.

    Raises :class:`Mismatch` at the first difference, naming game, config, step (0 = setup) and action.
    """
    state = new_state(name, pinned.config)
    got = step_digest(state.setup_events)
    if got != pinned.setup:
        raise Mismatch(f"{where(name, pinned, 0)} (setup): the setup events differ (pinned {pinned.setup}, now {got}): "
                       f"{short(events_json(state.setup_events))}")
    for i, step in enumerate(pinned.steps, start=1):
        seat, action = step_action(step)
        try:
            events = state.apply(seat, action)
        except IllegalAction as e:
            legal = state.legal_actions(seat) if seat in state.to_move() else []
            raise Mismatch(f"{where(name, pinned, i, seat, action)}: the recorded action is not legal now ({e}); "
                           f"to move: {state.to_move()}, legal: {short([str(a) for a in legal], 200)}") from e
        got = step_digest(events)
        if got != step[3]:
            raise Mismatch(f"{where(name, pinned, i, seat, action)}: the events differ (pinned {step[3]}, now {got}): "
                           f"now {short(events_json(events))}")
    end = len(pinned.steps)
    if not state.is_over():
        raise Mismatch(f"{where(name, pinned, end)}: the game is not over after the recorded actions; to move: {state.to_move()}")
    result = state.result().to_json()
    if result != pinned.result:
        raise Mismatch(f"{where(name, pinned, end)}: the result differs (pinned {short(pinned.result)}, now {short(result)})")
    got = state_digest(state)
    if got != pinned.final:
        raise Mismatch(f"{where(name, pinned, end)}: every step's events and the result match, but the final state's snapshot "
                       f"differs (pinned {pinned.final}, now {got}). If only the state's layout changed on purpose (a field "
                       f"added, renamed or encoded differently; no rule), re-pin with `{UPDATE} --accept-state {name}`; "
                       f"otherwise the state diverged: bump {name}'s rules_version and re-pin with `{UPDATE} {name}`")


class _Diverged(Exception):
    """Stops the agents' game at its first difference from the pinned one."""


def replay_agents(name: str, pinned: Pinned) -> None:
    """The agents check: the config's seeded agents choose the recorded action at every step.

    Raises :class:`Mismatch` at the first step whose action or events differ, saying which (a
    divergence of events first is the rules' doing; of an action with the same events so far,
    the agents').
    """
    state = new_state(name, pinned.config)
    count = 0

    def apply(seat: int, action: Action) -> list[Any]:
        nonlocal count
        count += 1
        here = where(name, pinned, count, seat, action)
        if count > len(pinned.steps):
            raise _Diverged(f"{here}: the agents play on after the pinned game ended at step {len(pinned.steps)} "
                            f"{_agents_hint(name)}")
        step = pinned.steps[count - 1]
        want_seat, want = step_action(step)
        if (seat, action) != (want_seat, want) or type(action.arg) is not type(want.arg):
            raise _Diverged(f"{here}: the agents now choose this, the pinned game has seat {want_seat}, {want} "
                            f"{_agents_hint(name)}")
        events = state.apply(seat, action)
        if step_digest(events) != step[3]:
            raise _Diverged(f"{here}: same action, other events: the rules play differently (the rules check names it too)")
        return events

    try:
        run(state, seat_agents(list(pinned.config.agents), name, pinned.config.seed), apply=apply)
    except _Diverged as e:
        raise Mismatch(str(e)) from None
    if count != len(pinned.steps):
        raise Mismatch(f"{where(name, pinned, count)}: the game ended after {count} steps, the pinned one after "
                       f"{len(pinned.steps)}")


def _agents_hint(name: str) -> str:
    return (f"-- if a bot (or the order of legal actions) changed on purpose and the rules check passes, re-pin the "
            f"agents' games with `{UPDATE} {name}` (no rules_version bump needed)")


# ----------------------------------------------------------------------------- the file of one game
def path_of(name: str, folder: Path = HERE) -> Path:
    return folder / f"{name}.json"


@dataclass
class GameFile:
    game: str
    rules_version: int
    records: list[Pinned]

    def text(self) -> str:
        """The stored form: canonical JSON, one step to a line (so a re-pin's diff shows where games changed)."""
        head = json.dumps({"format": FORMAT, "version": VERSION, "game": self.game, "rules_version": self.rules_version},
                          sort_keys=True)[:-1]
        lines = [head + ', "records": [']
        for r, rec in enumerate(self.records):
            lines.append(' {"config": ' + json.dumps(rec.config.to_json(), sort_keys=True) + ",")
            lines.append('  "setup": ' + json.dumps(rec.setup) + ",")
            lines.append('  "steps": [')
            for s, step in enumerate(rec.steps):
                lines.append("   " + json.dumps(step, separators=(",", ":")) + ("," if s < len(rec.steps) - 1 else ""))
            lines.append("  ],")
            lines.append('  "result": ' + json.dumps(rec.result, sort_keys=True) + ",")
            lines.append('  "final": ' + json.dumps(rec.final) + "}" + ("," if r < len(self.records) - 1 else ""))
        lines.append("]}")
        return "\n".join(lines) + "\n"

    @staticmethod
    def parse(text: str, source: str) -> "GameFile":
        data = json.loads(text)
        if data.get("format") != FORMAT or data.get("version") != VERSION:
            raise Mismatch(f"{source}: not a golden-records file of format {FORMAT} version {VERSION}")
        return GameFile(data["game"], data["rules_version"], [Pinned.from_json(r) for r in data["records"]])


def read(name: str, folder: Path = HERE) -> GameFile:
    path = path_of(name, folder)
    if not path.exists():
        raise Mismatch(f"{name} has no golden records ({path.name}): pin them with `{UPDATE} {name}`")
    return GameFile.parse(path.read_text(), path.name)


def check_version(name: str, pinned_version: int) -> None:
    now = get(name).rules_version
    if now != pinned_version:
        raise Mismatch(f"rules_version of {name} changed from {pinned_version} to {now}: re-pin with `{UPDATE} {name}`")


# ----------------------------------------------------------------------------- action-id pins
def universe_entry(name: str, players: int, options: dict[str, Any]) -> dict[str, Any]:
    """size, sha256 and the first and last three ``[kind, arg]`` of the game's action universe."""
    spec = get(name)
    assert spec.actions is not None
    game = load(name, players, options, cache=True)
    keys = [[k.kind, _arg_to_json(k.arg)] for k in spec.actions.universe(game)]
    digest = hashlib.sha256(json.dumps(keys, separators=(",", ":")).encode()).hexdigest()
    return {"size": len(keys), "sha256": digest, "first": keys[:3], "last": keys[-3:]}


def universe_pins(name: str) -> dict[str, Any]:
    """Every player count's universe with the default options (key ``"3"``), and a variant's where it differs (``"3/open_map"``)."""
    spec = get(name)
    out: dict[str, Any] = {}
    for n in spec.player_counts():
        base = universe_entry(name, n, {})
        out[str(n)] = base
        for variant, options in spec.variants.items():
            entry = universe_entry(name, n, dict(options)) if options else base
            if entry != base:
                out[f"{n}/{variant}"] = entry
    return out


def read_universes() -> dict[str, Any]:
    return dict(json.loads(UNIVERSE_FILE.read_text())) if UNIVERSE_FILE.exists() else {}


def write_universes(data: dict[str, Any]) -> bool:
    text = json.dumps(dict(sorted(data.items())), indent=1) + "\n"
    if UNIVERSE_FILE.exists() and UNIVERSE_FILE.read_text() == text:
        return False
    UNIVERSE_FILE.write_text(text)
    return True


def check_universe(name: str, pinned: dict[str, Any] | None, pinned_version: int | None) -> None:
    """The game's action universe at every count and variant is the pinned one; a change names the game and what to do."""
    if not pinned:
        raise Mismatch(f"{name}'s action ids are not pinned in {UNIVERSE_FILE.name}: pin them with `{UPDATE} {name}`")
    now = universe_pins(name)
    if now == pinned:
        return
    spec = get(name)
    diffs = []
    for key in sorted(set(now) | set(pinned)):
        old, new = pinned.get(key), now.get(key)
        if old != new:
            diffs.append(f"{key}: " + ("no longer differs from the default" if new is None else "newly differs from the default"
                                       if old is None else f"size {old['size']} -> {new['size']}, sha256 {old['sha256'][:12]} -> "
                                       f"{new['sha256'][:12]}, last {old['last']} -> {new['last']}"))
    if pinned_version is not None and spec.rules_version == pinned_version:
        todo = f"bump {name}'s rules_version (now {spec.rules_version}) and re-pin with `{UPDATE} {name}`"
    else:
        todo = f"re-pin with `{UPDATE} {name}` (rules_version is now {spec.rules_version})"
    raise Mismatch(f"the action ids of {name} changed ({'; '.join(diffs[:4])}{' ...' if len(diffs) > 4 else ''}): {todo}")


# ----------------------------------------------------------------------------- re-pinning
def planned(name: str) -> list[Config]:
    spec: GameSpec = get(name)
    return configs_for(name, spec)


def update(name: str, accept_state: bool = False, folder: Path = HERE) -> list[str]:
    """Re-pin one game (idempotent); returns what it did, one line each. Raises :class:`Mismatch` when it must refuse.

    * no pin, or another ``rules_version``: every config is played and pinned anew, and the action ids too;
    * the same ``rules_version``: the pinned actions must still replay to the pinned events and result, and
      the action ids must be unchanged (else: refused, bump the version); a pinned game the agents now play
      differently, or a config added to ``configs.py``, is played and pinned anew; a config no longer listed
      is dropped. With ``accept_state``, final-state digests that alone differ are taken as they are now.
    """
    spec = get(name)
    path = path_of(name, folder)
    old = GameFile.parse(path.read_text(), path.name) if path.exists() else None
    universes = read_universes() if folder == HERE else {}
    done: list[str] = []
    if old is None or old.rules_version != spec.rules_version:
        why = "no pin" if old is None else f"rules_version {old.rules_version} -> {spec.rules_version}"
        records = [play(name, c) for c in planned(name)]
        done.append(f"{name}: pinned {len(records)} games, {sum(len(r.steps) for r in records):,} steps ({why})")
        if folder == HERE:
            universes[name] = universe_pins(name)
    else:
        by_config = {json.dumps(r.config.to_json(), sort_keys=True): r for r in old.records}
        records = []
        for config in planned(name):
            rec = by_config.get(json.dumps(config.to_json(), sort_keys=True))
            if rec is None:
                records.append(play(name, config))
                done.append(f"{name} [{config.name}]: new config, pinned")
                continue
            try:
                replay(name, rec)
            except Mismatch as e:
                if not (accept_state and "final state's snapshot differs" in str(e)):
                    raise Mismatch(f"refused: {e}\n{name} still has rules_version {spec.rules_version}: a change that plays "
                                   f"differently needs a bump (docs/architecture.md, Versions), then `{UPDATE} {name}`") from None
                rec = Pinned(rec.config, rec.setup, rec.steps, rec.result, state_digest(_replayed(name, rec)))
                done.append(f"{name} [{config.name}]: final state re-pinned (--accept-state)")
            try:
                replay_agents(name, rec)
            except Mismatch:
                rec = play(name, config)
                done.append(f"{name} [{config.name}]: the agents play differently now, re-pinned")
            records.append(rec)
        dropped = len(by_config) - sum(1 for c in planned(name) if json.dumps(c.to_json(), sort_keys=True) in by_config)
        if dropped:
            done.append(f"{name}: {dropped} configs no longer listed, dropped")
        if folder == HERE:
            check_universe(name, universes.get(name) or universe_pins(name), spec.rules_version)
            universes.setdefault(name, universe_pins(name))
    text = GameFile(name, spec.rules_version, records).text()
    if not path.exists() or path.read_text() != text:
        path.write_text(text)
    elif not done:
        done.append(f"{name}: unchanged (rules_version {spec.rules_version})")
    if folder == HERE and write_universes(universes):
        done.append(f"{name}: action ids written to {UNIVERSE_FILE.name}")
    return done


def _replayed(name: str, pinned: Pinned) -> GameState:
    state = new_state(name, pinned.config)
    for step in pinned.steps:
        state.apply(*step_action(step))
    return state
