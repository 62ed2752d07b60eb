"""Rules-data overrides from the lobby: only declared parameters, within their declared ranges; a server flag
turns them off; the operator's named rule sets (--rules NAME=FILE) appear as variants."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest
from starlette.testclient import TestClient

from voidtable.engine import games as registered_games
from voidtable.web.app import create_app
from voidtable.web.limits import Limits
from voidtable.web.serving import read_rule_set

from .conftest import TEST_LIMITS, bot, make_app


def concrete(spec) -> list[tuple[str, Any, Any]]:
    """(path in the rules data, its value, its Parameter) for each declared parameter of ``spec``."""
    out = []
    stack: list[tuple[str, Any]] = [("", spec.raw_data())]
    while stack:
        prefix, node = stack.pop(0)
        if isinstance(node, dict):
            stack.extend((f"{prefix}.{k}" if prefix else str(k), v) for k, v in node.items())
        elif isinstance(node, (int, float)) and not isinstance(node, bool):
            p = next((p for p in spec.parameters if p.matches(prefix)), None)
            if p is not None and all(q[2] is not p for q in out):
                out.append((prefix, node, p))
    return out


def tunable() -> list[tuple[str, str, Any, Any]]:
    cases = [(name, *c) for name, spec in sorted(registered_games().items()) for c in concrete(spec)]
    return cases or [pytest.param(None, None, None, None, marks=pytest.mark.skip("no game declares a parameter"))]


def table(game: str, options: dict[str, Any], **extra: Any) -> dict[str, Any]:
    n = registered_games()[game].min_players
    return {"game": game, "players": n, "options": options, "seats": [bot("random")] * n, **extra}


@pytest.mark.sqlite_only  # checked before any store is touched; one accepted table per parameter needs no second store
@pytest.mark.parametrize("game,path,value,param", tunable())
def test_overrides_outside_the_declared_range_are_refused(client, game, path, value, param):
    for bad in (param.high + 1, param.low - 1, 1e9, "12", True):
        r = client.post("/api/tables", json=table(game, {path: bad}))
        assert r.status_code == 400, (path, bad, r.text)
        assert path in r.json()["error"] and "\n" not in r.json()["error"]
    assert client.get("/api/tables").json() == []
    r = client.post("/api/tables", json=table(game, {path: value}))  # in range (the game's own value): accepted
    assert r.status_code == 201, r.text


def test_undeclared_rules_paths_are_refused(client):
    for name, spec in sorted(registered_games().items()):
        path = next(iter(concrete(spec)), ("x.y", 0, None))[0].rsplit(".", 1)[0] + ".not_a_parameter"
        r = client.post("/api/tables", json=table(name, {path: 1}))
        assert r.status_code == 400 and "not a tunable parameter" in r.json()["error"], r.text


def test_the_server_can_turn_overrides_off(tmp_path):
    cases = [c for c in tunable() if isinstance(c, tuple)]
    if not cases:
        pytest.skip("no game declares a parameter")
    game, path, value, _ = cases[0]
    with TestClient(make_app(tmp_path / "data", limits=Limits(**{**TEST_LIMITS.__dict__, "allow_overrides": False}))) as c:
        r = c.post("/api/tables", json=table(game, {path: value}))
        assert r.status_code == 400 and "--no-overrides" in r.json()["error"]


def test_named_rule_sets_are_variants_in_the_lobby(tmp_path):
    cases = [c for c in tunable() if isinstance(c, tuple)]
    if not cases:
        pytest.skip("no game declares a parameter")
    game, path, value, param = cases[0]
    tuned = param.high if value != param.high else param.low
    file = tmp_path / "tuned.json"
    file.write_text(json.dumps({"game": game, "set": {path: tuned}}))
    name, g, values = read_rule_set(f"tuned={file}")
    with TestClient(make_app(tmp_path / "data", limits=TEST_LIMITS, rule_sets={name: (g, values)})) as c:
        listed = next(x for x in c.get("/api/games").json() if x["name"] == game)
        assert listed["variants"]["tuned"] == {path: tuned}
        r = c.post("/api/tables", json=table(game, {}, variant="tuned"))
        assert r.status_code == 201 and r.json()["table"]["options"][path] == tuned
    bad = tmp_path / "bad.toml"
    bad.write_text('game = "no-such-game"\n[set]\n')
    r = subprocess.run([sys.executable, "-m", "voidtable.cli.main", "serve", "--rules", f"x={bad}", "--port", "1"],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 2 and "--rules x" in r.stderr and "Traceback" not in r.stderr
