"""`voidtable replay` of a finished game prints each seat's estimated chance to win at every tenth of it."""

from __future__ import annotations

import json
import subprocess
import sys

VT = [sys.executable, "-m", "voidtable.cli.main"]


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([*VT, *args], capture_output=True, text=True, timeout=300)


def test_replay_prints_the_chances_at_tenths_then_the_result(tmp_path):
    path = tmp_path / "game.json"
    assert run("record", "buccaneers", "-p", "4", "--seed", "5", "-o", str(path)).returncode == 0
    out = run("replay", str(path))
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    at = lines.index("Estimated chance to win, by how far the game had gone:")
    head, rows = lines[at + 1], lines[at + 2:at + 6]
    assert head.split() == [f"{10 * k}%" for k in range(11)]
    winners = json.loads(path.read_text())["result"]["winners"]
    for p, row in enumerate(rows):
        cells = row.split()
        assert cells[:2] == ["Seat", str(p)] and cells[2] == "25%"
        assert cells[-1] == (f"{round(100 / len(winners))}%" if p in winners else "0%")  # the end is the result
        assert all(c.endswith("%") and 0 <= int(c[:-1]) <= 100 for c in cells[2:])
    assert json.loads(lines[-1])["winners"] == winners  # the result stays the last line
    assert "Estimated chance" not in run("replay", str(path), "--verify").stdout
