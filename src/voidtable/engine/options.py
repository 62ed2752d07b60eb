"""Game options and rules-data overrides: declared, parsed, validated.

``--set KEY=VALUE`` reaches here. A KEY that names a declared option sets that
option; a dotted KEY that names a value in the game's rules data overrides that
number. Anything else is a one-line :class:`OptionError` naming what is allowed.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from .errors import OptionError


@dataclass(frozen=True)
class Compose:
    """A value built from several picks of one list (Buccaneers' three named Black Holes, top first), so that a
    front end offers ``count`` lists of the items in words instead of a text box that needs the keys.

    ``items`` is read only when a front end asks (it may read the game's data): (value, words) pairs. The value
    is the picks' values joined by ``joiner``, in the order picked; ``distinct``: no item twice."""

    label: str  # the choice that opens the lists, in words ("three Black Holes of your choice")
    count: int
    items: Callable[[], tuple[tuple[str, str], ...]]
    joiner: str = ","
    distinct: bool = True
    pick_label: str = "pick {n}"  # each list's label; {n} is its number from 1

    def to_json(self) -> dict[str, Any]:
        return {"label": self.label, "count": self.count, "joiner": self.joiner, "distinct": self.distinct,
                "pick_label": self.pick_label, "items": [{"value": v, "words": w} for v, w in self.items()]}


@dataclass(frozen=True)
class OptionSpec:
    """One option a game accepts: type, default, allowed values, and why it exists.

    ``label``, ``choice_words`` and ``compose`` are for people choosing it (the lobby): the option's name in
    words, each choice in words, and a value made of picks from a list. ``help`` says what it means."""

    name: str
    type: type
    default: Any
    help: str
    choices: tuple[Any, ...] | None = None
    check: Callable[[Any], str | None] | None = None  # returns an error text or None
    from_file: bool = False  # a front end on the user's machine may give ``@PATH``: the file's text becomes the value
    # why changing the option changes no outcome (no event, view or result of a seeded game); empty: every value
    # must change one (tests/engine/test_every_setting_matters.py)
    informational: str = ""
    label: str = ""  # the option in words, as a lobby names it ("Black Holes"); empty: the name with spaces
    choice_words: tuple[tuple[Any, str], ...] = ()  # (choice, words) for a lobby's list ("first_game": "the first-game set")
    compose: Compose | None = None

    def words(self) -> str:
        """The option's name as a person reads it."""
        return self.label or self.name.replace("_", " ")

    def to_json(self) -> dict[str, Any]:
        """What a front end needs to offer the option (``GameSpec.describe``)."""
        out: dict[str, Any] = {"type": self.type.__name__, "default": self.default, "allowed": self.allowed(),
                               "help": self.help, "informational": self.informational, "label": self.words(),
                               "choice_words": [[c, w] for c, w in self.choice_words]}
        if self.compose is not None:
            out["compose"] = self.compose.to_json()
        return out

    def allowed(self) -> str:
        if self.choices is not None:
            return " | ".join(str(c) for c in self.choices)
        return self.type.__name__

    def validate(self, value: Any) -> Any:
        value = coerce(value, self.type, f"option {self.name!r}")
        if self.choices is not None and value not in self.choices and self.check is None:
            raise OptionError(f"option {self.name!r} = {value!r} is not allowed; allowed: {self.allowed()}")
        if self.check is not None:
            problem = self.check(value)
            if problem:
                raise OptionError(f"option {self.name!r} = {value!r}: {problem}")
        return value


def parse_value(text: str) -> Any:
    """A command-line value as TOML would read it (``20``, ``1.5``, ``true``, ``[1,2]``), else the plain string."""
    try:
        return tomllib.loads(f"v = {text}")["v"]
    except tomllib.TOMLDecodeError:
        return text


def coerce(value: Any, typ: type, what: str) -> Any:
    """``value`` as ``typ`` or an OptionError; accepts strings from the command line."""
    if isinstance(value, str) and typ is not str:
        value = parse_value(value)
    if typ is float and isinstance(value, int) and not isinstance(value, bool):
        return float(value)
    if typ is int and isinstance(value, bool):
        raise OptionError(f"{what} must be an int, got {value!r}")
    if not isinstance(value, typ):
        raise OptionError(f"{what} must be {typ.__name__}, got {value!r}")
    return value


OPTION_FILE_MAX_BYTES = 64 * 1024


def read_option_files(values: dict[str, Any], options: list[OptionSpec] | tuple[OptionSpec, ...],
                      max_bytes: int = OPTION_FILE_MAX_BYTES) -> dict[str, Any]:
    """``values`` with every ``@PATH`` of a ``from_file`` option replaced by that file's text.

    Only front ends that act for the person at this machine (the command line, the
    lab) call this; a game never opens files, so a value sent by a web client is
    plain text and a record holds the whole value (it replays anywhere). The size is
    checked before the read.
    """
    out = dict(values)
    for option in options:
        value = out.get(option.name)
        if not option.from_file or not isinstance(value, str) or not value.startswith("@"):
            continue
        path = Path(value[1:])
        where = f"option {option.name!r}: file {value[1:]}"
        try:
            size = path.stat().st_size
            if not path.is_file():
                raise OptionError(f"{where} is not a file")
            if size > max_bytes:
                raise OptionError(f"{where} holds {size} bytes; at most {max_bytes} are allowed")
            out[option.name] = path.read_text(encoding="utf-8")
        except OSError as e:
            raise OptionError(f"{where} cannot be read ({e.strerror or e})") from None
        except UnicodeDecodeError:
            raise OptionError(f"{where} is not UTF-8 text") from None
    return out


def parse_assignments(items: list[str]) -> dict[str, Any]:
    """``["a=1", "b.c=x"]`` -> ``{"a": 1, "b.c": "x"}`` (values parsed as TOML where they can be)."""
    out: dict[str, Any] = {}
    for item in items:
        key, sep, text = item.partition("=")
        if not sep or not key.strip():
            raise OptionError(f"--set takes KEY=VALUE, got {item!r}")
        out[key.strip()] = parse_value(text.strip())
    return out


@dataclass
class SplitOptions:
    options: dict[str, Any] = field(default_factory=dict)
    overrides: dict[str, Any] = field(default_factory=dict)


def split_options(given: dict[str, Any], specs: list[OptionSpec], data: dict[str, Any] | None, game: str) -> SplitOptions:
    """Sort user settings into validated options (defaults filled in) and rules-data overrides."""
    by_name = {s.name: s for s in specs}
    out = SplitOptions()
    for key, value in given.items():
        if key in by_name:
            out.options[key] = by_name[key].validate(value)
        elif data is not None and "." in key:
            out.overrides[key] = value
        else:
            names = ", ".join(f"{s.name} ({s.allowed()})" for s in specs) or "none"
            raise OptionError(
                f"{game} has no option {key!r}; options: {names}; or a rules-data path such as "
                f"'{example_path(data)}' (see `voidtable rules {game}`)"
            )
    for s in specs:
        out.options.setdefault(s.name, s.default)
    return out


def example_path(data: dict[str, Any] | None) -> str:
    """A real dotted path into ``data``, to show in error messages."""
    node: Any = data or {}
    parts: list[str] = []
    while isinstance(node, dict) and node:
        key = next((k for k in node if k != "assumed"), None)
        if key is None:
            break
        parts.append(key)
        node = node[key]
    return ".".join(parts) or "section.key"
