"""Running experiments: results stored as games finish, resumed after an interruption, the same whatever the
worker count, chunking or backend; reports written and self-contained."""

from __future__ import annotations

import json
import os
import re
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from voidtable.lab import analysis, run_experiment, spec
from voidtable.lab.run import execute, open_store


def small_ab(games: int = 60, **kw) -> spec.Experiment:
    return spec.build(None, game="buccaneers", players=[4], games=games, seed=7, agents="random",
                      ab_b={"black_holes.dire_3.threshold": 40}, **kw)


def stats_of(res) -> dict:
    """What summary.json says of a run's games (its "run" block apart), as JSON reads it back."""
    return json.loads(json.dumps(res.analysis.summary))


def stored_rows(path: Path) -> list[tuple]:
    """Every stored game, decoded (cell schema ids depend on arrival order; what they name does not)."""
    from voidtable.lab.store import Store
    with Store(path) as store:
        conds = [c for (c,) in store.db.execute("SELECT cond FROM conditions ORDER BY cond")]
        return [(c, r) for c in conds for r in store.rows(c, 10 ** 9)]


def test_same_results_whatever_workers_and_chunks(tmp_path):
    one = run_experiment(small_ab(jobs=1), tmp_path / "one", chunk=7, report=False)
    two = run_experiment(small_ab(jobs=2), tmp_path / "two", chunk=5, report=False)
    assert one.run.played == two.run.played == 120
    assert stored_rows(tmp_path / "one" / "results.sqlite") == stored_rows(tmp_path / "two" / "results.sqlite")
    assert stats_of(one) == stats_of(two)


class Interrupt(Exception):
    pass


def test_resume_after_interruption_gives_the_uninterrupted_results(tmp_path):
    exp = small_ab(games=80, jobs=2)
    p = spec.plan(exp)
    seen = []

    def stop_after_two_chunks(done: int, total: int) -> None:
        seen.append(done)
        if len(seen) == 3:  # the start, then two chunks stored
            raise Interrupt

    with open_store(tmp_path / "cut") as store:
        with pytest.raises(Interrupt):
            execute(p, store, jobs=2, progress=stop_after_two_chunks, chunk=10)
        partial = sum(store.count(c.key, c.games) for c in p.conditions)
    assert 0 < partial < 160 and partial == seen[-1]

    resumed = run_experiment(exp, tmp_path / "cut", chunk=10, report=False)
    assert resumed.run.reused == partial and resumed.run.played == 160 - partial
    straight = run_experiment(exp, tmp_path / "straight", chunk=13, report=False)
    assert stored_rows(tmp_path / "cut" / "results.sqlite") == stored_rows(tmp_path / "straight" / "results.sqlite")
    assert stats_of(resumed) == stats_of(straight)

    # more games later: only the new ones are played; --fresh starts again
    more = run_experiment(small_ab(games=90, jobs=2), tmp_path / "cut", report=False)
    assert more.run.reused == 160 and more.run.played == 20
    again = run_experiment(exp, tmp_path / "cut", fresh=True, report=False)
    assert again.run.reused == 0 and again.run.played == 160


# Runs the command as a shell runs a command in the foreground of a terminal: a session of its own whose controlling
# terminal is the pty on its stdin, and Ctrl-C's signal at its default. (A test run started in the background, as
# `cmd &` in a script, ignores SIGINT, and every command it starts inherits that: the lab, rightly, would then play
# on through Ctrl-C. That is why this test used to skip in full runs: the run finished, as an ignored Ctrl-C lets it.)
IN_A_TERMINAL = ("import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_DFL); os.setsid(); "
                 "os.close(os.open(os.ttyname(0), os.O_RDWR)); os.execv(sys.executable, [sys.executable, *sys.argv[1:]])")


def run_in_a_terminal_until(args: list[str], ready: "re.Pattern[bytes]", keys: bytes) -> tuple[int, str, bytes | None]:
    """Run ``args`` on a pseudo-terminal; once its output matches ``ready``, type ``keys``. Returns the exit code,
    the whole output (escape codes removed) and the match that triggered the keys (None if it never came)."""
    import pty
    import select

    master, slave = pty.openpty()
    proc = subprocess.Popen([sys.executable, "-c", IN_A_TERMINAL, *args], stdin=slave, stdout=slave, stderr=slave)
    os.close(slave)
    out, seen = b"", None
    deadline = time.monotonic() + 240  # a bound on a hung command, not a measurement
    try:
        while time.monotonic() < deadline:
            if not select.select([master], [], [], 1.0)[0]:
                if proc.poll() is not None:
                    break
                continue
            try:
                data = os.read(master, 1 << 16)
            except OSError:  # the terminal closed: the command ended
                break
            if not data:
                break
            out += data
            if seen is None:
                m = ready.search(out)
                if m:
                    seen = m.group(0)
                    os.write(master, keys)
        code = proc.wait(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(master)
    text = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", out.decode(errors="replace"))
    return code, text, seen


def test_ctrl_c_on_the_command_line_then_resume(tmp_path):
    """A real interruption: Ctrl-C typed at `voidtable lab run` in a terminal (SIGINT to the command and its workers)
    once its own progress bar shows games stored; the same command again finishes the job."""
    out = tmp_path / "cli"
    GAMES = 3_000  # chunks of 100: Ctrl-C comes after the first of 30, long before the last
    args = ["-m", "voidtable.cli.main", "lab", "run", "--game", "buccaneers", "-p", "4", "-n", str(GAMES),
            "--seed", "3", "-j", "2", "--no-measures", "--out", str(out)]
    played = re.compile(rb"\b([1-9]\d*)/" + str(GAMES).encode() + rb"\b")  # the bar's "done/total", done > 0
    code, text, seen = run_in_a_terminal_until(args, played, b"\x03")
    assert seen is not None, f"the progress bar never showed games stored: {text[-2000:]}"
    assert code == 130, text[-2000:]
    said = re.search(r"interrupted: (\d+) games are stored in .*; run the same command again to resume", text)
    assert said, text[-2000:]
    con = sqlite3.connect(out / "results.sqlite")
    kept = con.execute("SELECT COUNT(*) FROM games").fetchone()[0]
    con.close()
    assert 0 < int(said.group(1)) <= kept < GAMES  # stored as chunks finished, and the run was cut short
    done = subprocess.run([sys.executable, *args], capture_output=True, text=True, timeout=300,
                          stdin=subprocess.DEVNULL)
    assert done.returncode == 0, done.stderr
    assert f"{GAMES - kept} games played, {kept} reused" in done.stdout
    con = sqlite3.connect(out / "results.sqlite")
    assert con.execute("SELECT COUNT(*), COUNT(DISTINCT idx) FROM games").fetchone() == (GAMES, GAMES)
    con.close()


def test_report_files_are_written_and_self_contained(tmp_path):
    res = run_experiment(small_ab(games=40, jobs=2), tmp_path / "rep")
    files = res.files
    for key in ("report", "summary", "csv", "jsonl", "store", "measures"):
        assert files[key].exists() and files[key].stat().st_size > 0, key
    page = files["report"].read_text()
    assert page.startswith("<!DOCTYPE html>") and page.rstrip().endswith("</html>")
    # self-contained: images inline, no external scripts, styles, images or fonts
    assert page.count('src="data:image/png;base64,') >= 5
    assert not re.search(r'(src|href)="(https?:)?//', page)
    assert "<script src" not in page and "<link" not in page and "@import" not in page
    for title in ("Win share by seat", "Factions", "Scores", "Game length and ties", "Pulled into the Black Hole",
                  "Points by card type", "Differences against the baseline"):
        assert title in page, title
    # raw results: one CSV row per game and seat, one JSON line per game
    lines = files["csv"].read_text().strip().splitlines()
    assert lines[0].startswith("condition,label,game,seed,seat") and len(lines) == 1 + 2 * 40 * 4
    games = [json.loads(line) for line in files["jsonl"].read_text().splitlines()]
    assert len(games) == 80 and {g["label"] for g in games} == {"A", "B"}
    summary = json.loads(files["summary"].read_text())
    assert summary["kind"] == "ab" and len(summary["conditions"]) == 2
    # terminal summary: seats with intervals, then the differences
    text = "\n".join(res.lines)
    assert "win share by seat" in text and "differences vs baseline" in text


def test_a_big_change_is_significant_and_small_ones_say_how_many_games(tmp_path):
    res = run_experiment(small_ab(games=150, jobs=2), tmp_path / "big", report=False)
    tests = res.analysis.summary["comparisons"]
    by = {t["metric"]: t for t in tests}
    # a Dire Threshold of 40 instead of 17: hardly anybody is pulled in in round 3
    drawn = by["drawn_in: round 3 / all"]
    assert drawn["significant"] and drawn["diff"] < -0.3 and drawn["p_holm"] >= drawn["p"]
    assert all(t["p_holm"] >= t["p"] for t in tests)
    assert res.analysis.summary["family"]["tests"] == len(tests)
    seat = by["win share, seat 0"]
    if not seat["significant"]:
        assert seat["games_needed_detect"] > 1000  # 2 points of win share need thousands of games per arm
    b = res.analysis.summary["conditions"][1]
    assert b["measures"]["drawn_in"]["cells"]["round 3"]["all"]["mean"] < 0.05


def cli(capsys, *args: str) -> tuple[int, str, str]:
    """``voidtable ARGS`` run in this process (the command line's own entry point): exit code, stdout, stderr.
    The subprocess tests here and in tests/cli start it as a program; this saves their seconds of imports."""
    from voidtable.cli.main import main
    with pytest.raises(SystemExit) as e:
        main(list(args))
    out, err = capsys.readouterr()
    return e.value.code, out, err


def test_report_command_rebuilds_from_the_store(tmp_path, capsys):
    run_experiment(small_ab(games=20, jobs=1), tmp_path / "r", report=False)  # games stored, no report yet
    assert not (tmp_path / "r" / "report.html").exists()
    code, out, err = cli(capsys, "lab", "report", str(tmp_path / "r"))
    assert code == 0, err
    assert (tmp_path / "r" / "report.html").exists() and "report:" in out


def test_cli_run_with_a_toml_file(tmp_path, capsys):
    f = tmp_path / "exp.toml"
    f.write_text('game = "buccaneers"\nplayers = 3\ngames = 30\nseed = 2\njobs = 2\n[sweep]\n'
                 '"black_holes.dire_3.threshold" = [17, 25]\n')
    code, out, err = cli(capsys, "lab", "run", str(f), "--out", str(tmp_path / "o"), "--games", "20")
    assert code == 0, err
    assert "40 games played" in out and "report:" in out
    summary = json.loads((tmp_path / "o" / "summary.json").read_text())
    assert [c["games"] for c in summary["conditions"]] == [20, 20]
    assert summary["sweep_keys"] == ["black_holes.dire_3.threshold"]
    assert "Sweep curves" in (tmp_path / "o" / "report.html").read_text()


def test_analysis_counts_errors_instead_of_crashing(tmp_path):
    """A game that raises is stored as an error row; statistics use the completed games."""
    exp = small_ab(games=10, jobs=1)
    p = spec.plan(exp)
    from voidtable.sim.runner import GameOutcome
    with open_store(tmp_path / "e") as store:
        store.add_conditions(p.conditions)
        from voidtable.engine.registry import get  # a store filled now records its rules version (lab.run.execute does)
        store.set_meta("rules_version", {"game": exp.game, "version": get(exp.game).rules_version})
        store.add(p.conditions[0].key, [GameOutcome(0, 1, error="RuntimeError: boom")])
        execute(p, store, jobs=1)
        an = analysis.analyse(p, store)
    a = an.summary["conditions"][0]
    assert a["errors"] == 1 and a["completed"] == 9 and "boom" in a["error_samples"][0]


def test_factions_in_summary_and_report(tmp_path):
    """Black Sun declares factions: win share by faction with intervals, and the faction matrix."""
    exp = spec.build(None, game="blacksun", players=[4], games=16, seed=3, jobs=2)
    res = run_experiment(exp, tmp_path / "bs")
    c = res.analysis.summary["conditions"][0]
    assert res.analysis.summary["has_factions"]
    assert sum(f["appearances"] for f in c["factions"]) == 4 * c["completed"]
    for f in c["factions"]:
        lo, hi = f["ci95"]
        assert lo <= f["win_share"] <= hi
    m = c["faction_matrix"]
    n = len(m["factions"])
    for i in range(n):
        for j in range(n):
            if i != j and m["games"][i][j]:
                assert m["beats"][i][j] + m["beats"][j][i] == pytest.approx(1.0)
    page = res.files["report"].read_text()
    assert 'alt="faction matrix"' in page and "Points by scoring condition" in page


@pytest.mark.parametrize("command", ["run", "report"])
def test_a_missing_lab_extra_is_one_line_before_any_game(tmp_path, command):
    """Without numpy (the 'lab' extra not installed) the lab says so in one line, naming the install command,
    before any game is played (it used to play every game and then die on the import)."""
    out_dir = tmp_path / "o"
    args = (["lab", "run", "--game", "buccaneers", "-p", "4", "-n", "10", "--out", str(out_dir)] if command == "run"
            else ["lab", "report", str(out_dir)])
    code = ("import sys; sys.modules['numpy'] = None; "  # what `import numpy` sees when it is not installed
            f"sys.argv = ['voidtable', *{args!r}]; from voidtable.cli.main import main; main()")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 2
    lines = [l for l in out.stderr.splitlines() if l.strip()]
    assert len(lines) == 1 and "numpy" in lines[0] and "pip install -e '.[lab]'" in lines[0], out.stderr
    assert not (out_dir / "results.sqlite").exists()


def test_runs_without_an_output_folder_get_their_own_and_resume_there(tmp_path, monkeypatch):
    """Two different experiments run without --out/--name used to share lab-results/experiment and overwrite
    each other's report; now the second gets experiment-2, and running either again resumes in its own folder."""
    monkeypatch.chdir(tmp_path)
    first = run_experiment(small_ab(games=20, jobs=1))
    other = spec.build(None, game="buccaneers", players=[4], games=20, seed=8, agents="random",
                       ab_b={"black_holes.dire_3.threshold": 30}, jobs=1)
    second = run_experiment(other)
    root = Path("lab-results")
    assert first.files["report"].resolve() == (tmp_path / root / "experiment" / "report.html").resolve()
    assert second.files["report"].resolve() == (tmp_path / root / "experiment-2" / "report.html").resolve()
    assert json.loads((root / "experiment" / "summary.json").read_text()) != json.loads(
        (root / "experiment-2" / "summary.json").read_text())
    again = run_experiment(small_ab(games=30, jobs=1))  # the same experiment, more games: resumed where it was
    assert again.run.reused == 40 and again.run.played == 20
    assert again.files["report"].resolve() == first.files["report"].resolve()
    assert sorted(p.name for p in root.iterdir()) == ["experiment", "experiment-2"]
