"""The ``space`` target: a point of a map drawn as a graph (added for maps of places joined by lines)."""

from __future__ import annotations

from types import SimpleNamespace

from voidtable.engine import vocabulary as vocab
from voidtable.engine.actions import Action
from voidtable.engine.vocabulary import ActionKind, ActionTable, space_arg

OLD_TARGETS = ("button", "seat", "card", "hex", "edge", "cell", "ship", "die", "number", "choice", "tuple")


def test_space_is_a_target_and_existing_ids_are_unchanged():
    assert vocab.TARGETS[: len(OLD_TARGETS)] == OLD_TARGETS
    assert "space" in vocab.TARGETS


def test_a_space_argument_routes_to_space_and_checks_strings():
    game = SimpleNamespace(players=2, rules=SimpleNamespace(spaces=("pyrious", "t1.c")))
    to = ActionKind("to", space_arg("space", lambda g: g.rules.spaces))
    table = ActionTable("graph_map", [to])
    assert table.universe(game) == [Action("to", "pyrious"), Action("to", "t1.c")]
    assert table.route(Action("to", "t1.c")) == ("space", "t1.c")
    assert to.arg.accepts("pyrious") and not to.arg.accepts(3)
