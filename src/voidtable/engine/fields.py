"""State fields declared once, each with a copy rule; ``clone()`` and ``snapshot()`` follow.

A game state lists every attribute it has in one :class:`Fields` table::

    FIELDS = Fields("mygame", FLOW_FIELDS,
        r=FIXED,          # the rules: shared by every clone, left out of snapshots
        n=VALUE,          # immutable values (ints, strings, tuples) are shared
        hand=NESTED,      # list of lists: both levels copied
        deck=LIST,        # a list of immutable items: one level copied
        rng=COPY,         # an object with .copy()
    )

``Fields.clone`` is generated code (as fast as a hand-written clone), and
``Fields.snapshot`` writes every non-fixed field in JSON form. Why: a state's
fields used to be named three times (``__init__``, ``clone``, ``snapshot``) and
a forgotten one was two states quietly sharing a list. The conformance suite
checks the declaration against behaviour: no undeclared attribute, and no
mutable container shared between a clone and its original unless the field
says ``SHARED`` (shared by design, e.g. an immutable board object).
"""

from __future__ import annotations

import copy as _copy
import keyword
from dataclasses import dataclass
from typing import Any, Callable

from .jsonform import jsonable


@dataclass(frozen=True)
class CopyRule:
    """How a field is copied by ``clone()`` and whether ``snapshot()`` shows it."""

    name: str
    expr: str | None            # Python expression copying value ``v``; None: shared
    in_snapshot: bool = True
    checked_immutable: bool = False   # the conformance suite checks the value holds no mutable container
    fresh: Callable[[], Any] | None = None


FIXED = CopyRule("fixed", None, in_snapshot=False)              # game, rules: shared, not state
SHARED = CopyRule("shared", None)                                # shared by design (never mutated in place)
CACHE = CopyRule("cache", None, in_snapshot=False)               # derived data, replaced never mutated: shared, not shown
VALUE = CopyRule("value", None, checked_immutable=True)          # ints, strings, tuples, frozensets, None
LIST = CopyRule("list", "v[:]")                                  # list (or dict/set via .copy) of immutable items
DICT = CopyRule("dict", "v.copy()")
NESTED = CopyRule("nested", "[x[:] for x in v]")                 # list of lists of immutable items
NESTED3 = CopyRule("nested3", "[[y[:] for y in x] for x in v]")  # list of lists of lists
COPY = CopyRule("copy", "v.copy()")                              # an object with its own .copy()
DEEP = CopyRule("deep", "_deepcopy(v)")                          # anything else (slow: avoid on hot paths)
MODE = CopyRule("mode", None, in_snapshot=False, checked_immutable=True)  # how the state runs (events on/off): copied, not shown


def fresh(factory: Callable[[], Any], in_snapshot: bool = False) -> CopyRule:
    """Not copied: every clone starts with ``factory()`` (caches, the events of the current step)."""
    return CopyRule("fresh", None, in_snapshot=in_snapshot, fresh=factory)


class Fields:
    """The declared fields of one state class; builds its ``clone`` and ``snapshot``."""

    def __init__(self, game: str, *bases: dict[str, CopyRule], **rules: CopyRule) -> None:
        self.game = game
        self.rules: dict[str, CopyRule] = {}
        for b in bases:
            self.rules.update(b)
        self.rules.update(rules)
        for name, rule in self.rules.items():
            if not isinstance(rule, CopyRule):
                raise TypeError(f"{game}: field {name!r} has no copy rule (got {rule!r})")
        self._clone: Callable[[Any], Any] | None = None

    def names(self) -> set[str]:
        return set(self.rules)

    def _build_clone(self) -> Callable[[Any], Any]:
        lines = ["def clone(self):", "    c = _new(self.__class__)", "    s = self.__dict__", "    d = c.__dict__", "    d.update(s)"]
        env: dict[str, Any] = {"_new": object.__new__, "_deepcopy": _copy.deepcopy}
        for name, rule in self.rules.items():
            # Attribute access (self.x) runs about 10% faster than the dicts' subscripts (CPython 3.11
            # specializes it); names that are not plain attributes go through the dicts.
            plain = name.isidentifier() and not keyword.iskeyword(name) and not name.startswith("__")
            src, dst = (f"self.{name}", f"c.{name}") if plain else (f"s[{name!r}]", f"d[{name!r}]")
            if rule.fresh is not None:
                env[f"_fresh_{name}"] = rule.fresh
                lines.append(f"    {dst} = _fresh_{name}()")
            elif rule.expr is not None:
                lines.append(f"    v = {src}")
                lines.append(f"    {dst} = None if v is None else {rule.expr}")
        lines.append("    return c")
        exec("\n".join(lines), env)  # noqa: S102 - generated from the declaration above, no outside input
        return env["clone"]  # type: ignore[no-any-return]

    def clone(self, state: Any) -> Any:
        """An independent copy of ``state`` following each field's rule."""
        if self._clone is None:
            self._clone = self._build_clone()
        return self._clone(state)

    def clone_function(self) -> Callable[[Any], Any]:
        """The generated clone, for a state class to bind as its ``clone`` method directly."""
        if self._clone is None:
            self._clone = self._build_clone()
        return self._clone

    def snapshot(self, state: Any) -> dict[str, Any]:
        """Every field a snapshot shows, in JSON form, keyed by field name (sorted)."""
        d = state.__dict__
        return {name: jsonable(d[name]) for name, rule in sorted(self.rules.items()) if rule.in_snapshot}


#: The fields :class:`~voidtable.engine.flow.FlowState` and :class:`~voidtable.engine.state.GameState` own.
FLOW_FIELDS: dict[str, CopyRule] = {
    "game": FIXED,
    "rng": COPY,
    "stack": LIST,
    "over": VALUE,
    "over_reason": VALUE,
    "quiet": MODE,          # events off (search, word-free simulations): clones keep it; not part of the truth
    "setup_events": FIXED,  # written once by start_flow, never mutated; not part of the state's truth
    "_events": fresh(list),
    "_legal": CACHE,        # replaced, never mutated in place (legal_actions returns a copy)
    "stop_at": MODE,        # a held position's stops (engine.positions): None in play; clones keep it
}

_IMMUTABLE_ATOMS = (type(None), bool, int, float, str, bytes)


def mutable_parts(value: Any, _seen: set[int] | None = None) -> list[Any]:
    """Every mutable container reachable from ``value`` (through lists, dicts, sets, tuples and object fields)."""
    seen = _seen if _seen is not None else set()
    out: list[Any] = []
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, _IMMUTABLE_ATOMS) or id(v) in seen:
            continue
        seen.add(id(v))
        if isinstance(v, (tuple, frozenset)):
            stack.extend(v)
            continue
        if isinstance(v, (list, set)):
            out.append(v)
            stack.extend(v)
        elif isinstance(v, dict):
            out.append(v)
            stack.extend(v.keys())
            stack.extend(v.values())
        elif hasattr(v, "__dict__") or hasattr(v, "__slots__"):
            out.append(v)
            if hasattr(v, "__dict__"):
                stack.extend(vars(v).values())
            for slot in getattr(type(v), "__slots__", ()):
                if hasattr(v, slot):
                    stack.append(getattr(v, slot))
    return out


def shared_mutables(fields: Fields, a: Any, b: Any) -> list[str]:
    """Names of fields through which states ``a`` and ``b`` share a mutable container they should not."""
    bad = []
    da, db = a.__dict__, b.__dict__
    for name, rule in fields.rules.items():
        if rule in (FIXED, SHARED, CACHE) or rule.fresh is not None:
            continue
        ids_a = {id(x) for x in mutable_parts(da[name])}
        if any(id(x) in ids_a for x in mutable_parts(db[name])):
            bad.append(name)
    return bad


def not_immutable(fields: Fields, state: Any) -> list[str]:
    """Names of ``VALUE`` fields whose value holds a mutable container."""
    return [name for name, rule in fields.rules.items() if rule.checked_immutable and mutable_parts(state.__dict__[name])]
