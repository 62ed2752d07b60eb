"""The declared action table: the same universe, ids and keys as the interop file's hand-written action space."""

from __future__ import annotations

import hashlib
import importlib
import json
from pathlib import Path

import pytest

import voidtable
from voidtable.engine.actions import Action
from voidtable.games.blacksun import SPEC
from voidtable.games.blacksun.actions import ACTIONS


FROZEN = Path(__file__).resolve().parents[2] / "interop" / "action_universe_v1.json"


def _old_action_space():
    """The hand-written action space of the interop file, while it still exists (it is moving into the game)."""
    for name in ("voidtable.interop.games.blacksun", "voidtable.games.blacksun.tensors"):
        try:
            module = importlib.import_module(name)
        except Exception:  # moved away, or mid-move
            continue
        if hasattr(module, "action_space"):
            return module.action_space
    return None


@pytest.mark.parametrize("players", [2, 6])
def test_universe_matches_the_interop_action_space(players):
    game = voidtable.load("blacksun", players)
    new = ACTIONS.universe(game)
    blockade = Action("raid_blockade", ((0, 1), 3, 7))
    assert ACTIONS.key(blockade) == Action("raid_blockade", (3, 7))
    assert len(set(new)) == len(new)
    checked = False
    old_space = _old_action_space()
    if old_space is not None:
        old = old_space(game)
        assert new == list(old.keys)
        assert old.encode(blockade) == new.index(ACTIONS.key(blockade))
        checked = True
    if FROZEN.exists():  # the interop file's universe, frozen: size and digest of [[kind, arg], ...]
        frozen = json.loads(FROZEN.read_text())["blacksun"][str(players)]
        text = json.dumps([[a.to_json()["kind"], a.to_json()["arg"]] for a in new], separators=(",", ":"))
        assert len(new) == frozen["size"]
        assert hashlib.sha256(text.encode()).hexdigest() == frozen["sha256"]
        checked = True
    if not checked:
        pytest.skip("neither the old interop action space nor its frozen digest is at hand")


def test_spec_declares_the_table():
    assert SPEC.actions is ACTIONS
    assert SPEC.rules_version == 2  # 2: a retreat is a fleet movement (a blockader leaves from its centre ship's hex; at most 3 ships)


def test_every_legal_action_is_declared_and_routed():
    import random

    game = voidtable.load("blacksun", 4, {"loaning": True})
    s = game.new_state(3)
    rnd = random.Random(3)
    seen = set()
    while not s.is_over():
        p = s.to_move()[0]
        legal = s.legal_actions(p)
        for a in legal:
            ACTIONS.validate(a)
            target, value = ACTIONS.route(a)
            if target == "hex" and value is not None:
                assert isinstance(value, tuple) and len(value) == 2
            seen.add(a.kind)
        s.apply(p, legal[rnd.randrange(len(legal))])
    assert {"step", "fleet_from", "put", "slot"} <= seen


def test_routes():
    assert ACTIONS.route(Action("raid", ((1, 0), 2))) == ("hex", (1, 0))
    assert ACTIONS.route(Action("raid_blockade", ((1, 0), 2, 9))) == ("ship", 9)
    assert ACTIONS.route(Action("tow_raid", ((1, 0), 4))) == ("hex", (1, 0))
    assert ACTIONS.route(Action("put", ("raider", 3))) == ("edge", 3)
    assert ACTIONS.route(Action("slot", -1)) == ("edge", -1)
    assert ACTIONS.route(Action("tow", 5)) == ("ship", 5)
    assert ACTIONS.route(Action("aim", 1)) == ("button", 1)
    assert ACTIONS.route(Action("counter", None)) == ("hex", None)
    assert ACTIONS.route(Action("take_card", "rogue")) == ("button", "rogue")
