"""The command line as a user meets it: outputs, exit codes, one-line errors."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

VT = [sys.executable, "-m", "voidtable.cli.main"]


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([*VT, *args], capture_output=True, text=True, input=stdin, timeout=300)


def test_games_json_lists_buccaneers():
    out = run("games", "--json")
    assert out.returncode == 0
    games = {g["name"]: g for g in json.loads(out.stdout)}
    assert games["buccaneers"]["players"] == [3, 6]
    assert set(games["buccaneers"]["variants"]) == {"first_game", "random", "named"}


def test_simulate_json_keys_and_same_results_whatever_jobs():
    a = json.loads(run("simulate", "buccaneers", "-p", "4", "-n", "60", "--seed", "3", "--json", "-j", "1").stdout)
    b = json.loads(run("simulate", "buccaneers", "-p", "4", "-n", "60", "--seed", "3", "--json", "-j", "2").stdout)
    for key in ("game", "players", "games", "completed", "errors", "wins_by_seat", "mean_score_by_seat",
                "mean_decisions", "seconds", "games_per_second"):
        assert key in a
    assert a["completed"] == 60 and a["errors"] == 0
    assert abs(sum(a["wins_by_seat"]) - 60) < 1e-6
    for key in ("wins_by_seat", "mean_score_by_seat", "mean_decisions"):
        assert a[key] == b[key]


@pytest.mark.parametrize("args,needle", [
    (["simulate", "nosuchgame", "-p", "3"], "games: "),
    (["simulate", "buccaneers", "-p", "9"], "3-6 players"),
    (["simulate", "buccaneers", "-p", "4", "--set", "colour=red"], "options: black_hole_set"),
    (["simulate", "buccaneers", "-p", "4", "--set", "black_holes.dire_1.threshold=high"], "must be int"),
    (["simulate", "buccaneers", "-p", "4", "--set", "black_holes.nope.threshold=3"], "tables here"),
    (["simulate", "buccaneers", "-p", "4", "--set", "black_hole_set=a,b,c"], "from: dangerous_1"),
    (["simulate", "buccaneers", "-p", "4", "--agents", "genius"], "agents: random"),
    (["replay", "/nonexistent/record.json"], "cannot read record"),
    (["play", "buccaneers", "-p", "4", "--seat", "7"], "--seat must be"),
])
def test_bad_input_exit_2_with_one_line(args, needle):
    out = run(*args)
    assert out.returncode == 2
    lines = [l for l in out.stderr.strip().splitlines() if l.strip()]
    assert len(lines) == 1 and needle in lines[0], out.stderr


def test_record_then_replay_and_verify(tmp_path):
    path = tmp_path / "game.json"
    out = run("record", "buccaneers", "-p", "3", "--seed", "11", "-o", str(path))
    assert out.returncode == 0, out.stderr
    ok = run("replay", str(path), "--verify")
    assert ok.returncode == 0 and "replays" in ok.stdout
    words = run("replay", str(path))
    assert "Round 1" in words.stdout and "Game over" in words.stdout
    data = json.loads(path.read_text())
    data["checks"][5] = "ffffffffffff"
    path.write_text(json.dumps(data))
    bad = run("replay", str(path), "--verify")
    assert bad.returncode == 2 and "step 5" in bad.stderr


def test_rules_json_marks_assumptions_and_applies_overrides():
    out = run("rules", "buccaneers", "--json", "--set", "black_holes.dire_1.threshold=30")
    info = json.loads(out.stdout)
    assert info["data"]["black_holes"]["dire_1"]["threshold"] == 30
    paths = {a["path"] for a in info["assumed"]}
    assert {"time_machine", "one_ring", "score_cards", "black_holes.dire_1"} <= paths
    assert "black_holes.dangerous_2" not in paths  # the first-game Black Hole's 18/6 come from the rulebook


def test_play_bots_only_shows_a_whole_game():
    out = run("play", "buccaneers", "-p", "3", "--seed", "2")
    assert out.returncode == 0, out.stderr
    assert "Revealed:" in out.stdout and "Game over" in out.stdout


def test_play_human_seat_from_stdin(tmp_path):
    # always choose option 1; enough lines for a whole game
    out = run("play", "buccaneers", "-p", "3", "--seat", "1", "--seed", "4", "--save", str(tmp_path / "r.json"),
              stdin="1\n" * 200)
    assert out.returncode == 0, out.stderr
    assert "Your hand:" in out.stdout and "choose 1-" in out.stdout
    assert (tmp_path / "r.json").exists()
    # what seat 1 was shown never includes another seat's dealt hand
    assert "Bot 1 (random) is dealt" not in out.stdout and "Player 2 (you) is dealt" in out.stdout


def test_play_without_stdin_stops_cleanly():
    out = run("play", "buccaneers", "-p", "3", "--seat", "0", stdin="")
    assert out.returncode == 0 and "no input" in out.stdout


def test_play_black_sun_in_words():
    out = run("play", "blacksun", "-p", "3", "--seed", "1", "--bots", "heuristic")
    assert out.returncode == 0, out.stderr
    assert "Game over" in out.stdout and "Black Sun · Turn" in out.stdout and '{"type"' not in out.stdout


def test_play_asks_again_on_bad_input_and_ends_cleanly_at_end_of_input():
    """A bad answer (here an empty line) asks again, on stderr; the end of input ends the game with a message."""
    out = run("play", "buccaneers", "--players", "4", "--seat", "0", "--bots", "random", "--seed", "7", stdin="1\n\n")
    assert out.returncode == 0, out.stderr
    assert "please type a number from 1 to" in out.stderr
    assert out.stdout.count("choose 1-") >= 3  # the first pick, the bad answer, the question at end of input
    assert "no input (end of stdin): stopping the game" in out.stdout
    assert "Traceback" not in out.stderr


def test_games_and_rules_list_the_tunable_parameters():
    games = {g["name"]: g for g in json.loads(run("games", "--json").stdout)}
    for name, g in games.items():
        assert isinstance(g["rules_version"], int) and isinstance(g["parameters"], list), name
    threshold = next(p for p in games["buccaneers"]["parameters"] if p["path"] == "black_holes.*.threshold")
    assert threshold["low"] <= 14 and threshold["high"] >= 25 and threshold["integer"]
    assert any(p["path"] == "game.target_short" for p in games["blacksun"]["parameters"])
    info = json.loads(run("rules", "buccaneers", "--json").stdout)
    assert info["parameters"] == games["buccaneers"]["parameters"]
    text = run("rules", "blacksun").stdout
    assert "Tunable parameters" in text and "game.target_short" in text
    # a parameter that acts only under an option says so, in the listing and in the JSON
    target_long = next(p for p in games["blacksun"]["parameters"] if p["path"] == "game.target_long")
    assert target_long["when"] == {"length": "long"} and target_long["informational"] == ""
    flat = " ".join(text.split())  # the console wraps long lines
    assert "game.target_long: whole number in 1..80 points that end a long game (acts only with length=long)" in flat
    assert all("informational" in o for g in games.values() for o in g["options"].values())


def test_rules_text_prints_the_toml_section_headers_literally():
    """`[name]` headers are printed as they are, not eaten as rich markup (they were blank lines)."""
    out = run("rules", "buccaneers")
    assert out.returncode == 0, out.stderr
    lines = [l.strip() for l in out.stdout.splitlines()]
    for header in ("[game]", "[black_holes]", "[time_machine]", "[score_cards]"):
        assert header in lines, out.stdout[:2000]
    assert "black_holes.dire_1" in out.stdout  # a dotted path in brackets' company survives too


@pytest.mark.parametrize("args,needle", [
    (["simulate", "blacksun", "-p", "3", "--set", "length=3"], "allowed: short | long"),
    (["simulate", "buccaneers"], "Missing option '--players'"),  # typer's own errors: one line too, not a box
    (["nosuchcommand"], "No such command 'nosuchcommand'"),
    (["lab", "nosuchcommand"], "No such command 'nosuchcommand'"),
    (["simulate", "buccaneers", "-p", "x"], "Invalid value for '--players'"),
])
def test_more_bad_input_exit_2_with_one_line(args, needle):
    out = run(*args)
    assert out.returncode == 2
    lines = [l for l in out.stderr.strip().splitlines() if l.strip()]
    assert len(lines) == 1 and needle in lines[0] and lines[0].startswith("voidtable: error: "), out.stderr


def test_replay_refuses_a_seat_the_record_does_not_have(tmp_path):
    path = tmp_path / "game.json"
    assert run("record", "buccaneers", "-p", "4", "--seed", "5", "-o", str(path)).returncode == 0
    out = run("replay", str(path), "--seat", "9")
    assert out.returncode == 2 and out.stdout == ""
    lines = [l for l in out.stderr.strip().splitlines() if l.strip()]
    assert len(lines) == 1 and "--seat must be between 0 and 3" in lines[0], out.stderr
    assert run("replay", str(path), "--seat", "3").returncode == 0


def test_play_takes_agents_like_every_other_command_and_bots_still():
    new = run("play", "buccaneers", "-p", "3", "--seed", "2", "--agents", "heuristic")
    old = run("play", "buccaneers", "-p", "3", "--seed", "2", "--bots", "heuristic")
    assert new.returncode == 0 and old.returncode == 0, new.stderr + old.stderr
    assert "Game over" in new.stdout and new.stdout == old.stdout
    assert new.stdout != run("play", "buccaneers", "-p", "3", "--seed", "2").stdout  # the agents were used
