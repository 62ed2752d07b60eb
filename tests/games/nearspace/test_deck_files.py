"""Deck files from the command line and the lab: ``@FILE`` is read by the front end, errors are one line naming the file."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest

from .helpers import load

D = load().rules.data
TERRAN = list(D.decks["terran"].cards)


def run(capsys, *args: str) -> SimpleNamespace:
    """``voidtable ARGS`` through the command line's entry point, in this process (tests/cli starts it as a program)."""
    from voidtable.cli.main import main
    capsys.readouterr()
    with pytest.raises(SystemExit) as e:
        main(list(args))
    out, err = capsys.readouterr()
    return SimpleNamespace(returncode=e.value.code, stdout=out, stderr=err)


def test_a_deck_file_plays_and_its_record_carries_the_deck(tmp_path, capsys):
    f = tmp_path / "mine.toml"
    f.write_text('name = "Home Guard"\ncards = ' + json.dumps(TERRAN) + "\n")
    out = tmp_path / "game.json"
    made = run(capsys, "record", "nearspace", "-p", "2", "--seed", "5", "--set", f"opponent_deck=@{f}", "-o", str(out))
    assert made.returncode == 0, made.stderr
    f.unlink()  # the record holds the list itself: it replays without the file
    again = run(capsys, "replay", str(out), "--verify")
    assert again.returncode == 0, again.stderr


def test_a_broken_deck_file_is_one_line_naming_file_card_and_rule(tmp_path, capsys):
    f = tmp_path / "bad.toml"
    f.write_text("cards = " + json.dumps(TERRAN[:-1] + ["oceana"]) + "\n")
    out = run(capsys, "simulate", "nearspace", "-p", "2", "-n", "1", "--set", f"deck=@{f}")
    assert out.returncode == 2
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and "Oceana" in lines[0] and "appears 2 times" in lines[0] and str(f) in lines[0]
    missing = run(capsys, "simulate", "nearspace", "-p", "2", "-n", "1", "--set", f"deck=@{tmp_path / 'none.toml'}")
    assert missing.returncode == 2 and "cannot be read" in missing.stderr and len(missing.stderr.strip().splitlines()) == 1
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    parsed = run(capsys, "simulate", "nearspace", "-p", "2", "-n", "1", "--set", f"deck=@{bad}")
    assert parsed.returncode == 2 and "cannot be parsed" in parsed.stderr and str(bad) in parsed.stderr


def test_the_lab_reads_deck_files_once(tmp_path):
    from voidtable.lab import spec as lab_spec

    f = tmp_path / "mine.toml"
    f.write_text("cards = " + json.dumps(TERRAN) + "\n")
    exp = lab_spec.build({"game": "nearspace", "games": 2, "set": {"deck": f"@{f}"}})
    plan = lab_spec.plan(exp)
    assert plan.conditions[0].settings["deck"] == f.read_text()
