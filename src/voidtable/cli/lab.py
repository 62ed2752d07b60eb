"""`voidtable lab run` and `voidtable lab report`: balance experiments from a TOML file and/or flags (docs/lab.md)."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any, Optional

import typer

from voidtable.engine.errors import VoidtableError

from .common import fail

def example_experiment() -> str:
    """An example experiment file for the first registered game with a tunable parameter, its numbers read from the
    game's own declarations (no game is named here)."""
    from voidtable.engine.parameters import Parameter
    from voidtable.engine.registry import games

    def concrete(data: Any, param: Parameter) -> tuple[str, Any] | None:
        """The first dotted path in ``data`` that ``param`` declares, with its value."""
        stack: list[tuple[str, Any]] = [("", data)]
        while stack:
            prefix, node = stack.pop(0)
            if isinstance(node, dict):
                stack.extend((f"{prefix}.{k}" if prefix else str(k), v) for k, v in node.items())
            elif param.matches(prefix) and isinstance(node, (int, float)) and not isinstance(node, bool):
                return prefix, node
        return None

    for name, spec in games().items():
        data = spec.raw_data()
        found = next((c for p in spec.parameters if (c := concrete(data, p)) is not None), None)
        if found is None:
            continue
        path, value = found
        param = next(p for p in spec.parameters if p.matches(path))
        other = min(param.high, value + max(1, round(abs(value) * 0.2))) if param.integer else value * 1.2
        players = min(max(4, spec.min_players), spec.max_players)
        return f"""\
# A balance experiment (docs/lab.md). Flags given to `voidtable lab run` override these.
name = "{path.replace('.', '-').replace('_', '-')}"
game = "{name}"
players = [{players}]                 # or several, within {spec.min_players}..{spec.max_players}
games = 2000                  # per condition
seed = 1
agents = ["random"]           # one spec per seat, cycled; e.g. ["heuristic", "random"]
rotate = false                # true: agents move one seat per game
# variants = {sorted(spec.variants)}

[set]                         # for every condition (tunable numbers: `voidtable rules {name}`)

[ab.a]                        # A: the rules as they are
[ab.b]                        # B: one number changed
"{path}" = {other}

# or, instead of [ab]:
# [sweep]                     # several keys make a grid; the first value of each is the baseline
# "{path}" = [{value}, {other}]
"""
    return "# no registered game declares a tunable parameter\n"


LAB_MODULES = ("numpy", "scipy", "matplotlib")


def require_lab_extra() -> None:
    """A one-line error naming the install command if the 'lab' extra is not installed (before any game is played)."""
    import importlib.util

    missing = []
    for module in LAB_MODULES:
        try:
            found = importlib.util.find_spec(module) is not None
        except (ImportError, ValueError):
            found = False
        if not found:
            missing.append(module)
    if missing:
        fail(f"the lab needs the 'lab' extra ({', '.join(missing)} missing): pip install -e '.[lab]'")


def _players(text: str | None) -> list[int] | None:
    if text is None:
        return None
    try:
        return [int(x) for x in text.split(",") if x.strip()]
    except ValueError:
        fail(f"--players takes counts separated by commas (e.g. 3,4,5), got {text!r}")


def register(app: typer.Typer) -> None:
    lab_app = typer.Typer(help="Balance lab: simulate rule sets, compare them, read a report (docs/lab.md).",
                          no_args_is_help=True)
    app.add_typer(lab_app, name="lab")
    register_train_value(lab_app)

    @lab_app.command("run")
    def run_cmd(
        experiment: Optional[Path] = typer.Argument(None, help="experiment TOML file (flags override its keys)"),
        game: Optional[str] = typer.Option(None, "--game", "-g", help="game name"),
        players: Optional[str] = typer.Option(None, "--players", "-p", help="player count(s), e.g. 4 or 3,4,5"),
        games: Optional[int] = typer.Option(None, "--games", "-n", help="games per condition (default 1000)"),
        seed: Optional[int] = typer.Option(None, "--seed"),
        agents: Optional[str] = typer.Option(None, "--agents", "-a", help="agent spec per seat, comma-separated (cycled)"),
        rotate: Optional[bool] = typer.Option(None, "--rotate/--fixed", help="move agents one seat per game, or keep them"),
        variants: Optional[list[str]] = typer.Option(None, "--variant", help="a variant of the game (repeat for several)"),
        sets: Optional[list[str]] = typer.Option(None, "--set", help="KEY=VALUE option or rules-data override, every condition"),
        sweeps: Optional[list[str]] = typer.Option(None, "--sweep", help="KEY=V1,V2,... (repeat: a grid); first values = baseline"),
        ab_a: Optional[list[str]] = typer.Option(None, "--a", help="KEY=VALUE for rule set A of an A/B (repeatable)"),
        ab_b: Optional[list[str]] = typer.Option(None, "--b", help="KEY=VALUE for rule set B of an A/B (repeatable)"),
        jobs: Optional[int] = typer.Option(None, "--jobs", "-j", help="worker processes or Ray CPUs (0 = all cores)"),
        backend: Optional[str] = typer.Option(None, "--backend", help="local (default) or ray"),
        address: Optional[str] = typer.Option(None, "--address", help="Ray cluster to join (ray backend); default: a local Ray"),
        out: Optional[Path] = typer.Option(None, "--out", "-o", help="output directory (default lab-results/NAME, or NAME-2... if that holds another experiment)"),
        name: Optional[str] = typer.Option(None, "--name", help="experiment name (default: the file's name)"),
        detect: Optional[float] = typer.Option(None, "--detect", help="win-share difference to size samples for (default 0.02)"),
        alpha: Optional[float] = typer.Option(None, "--alpha", help="family-wise significance level (default 0.05)"),
        fresh: bool = typer.Option(False, "--fresh", help="discard stored results in --out instead of resuming"),
        no_measures: bool = typer.Option(False, "--no-measures", help="skip the game's own measures (faster)"),
        as_json: bool = typer.Option(False, "--json", help="print summary.json instead of the text summary"),
        example: bool = typer.Option(False, "--example", help="print an example experiment file and exit"),
    ) -> None:
        """Run an experiment (resuming what --out already holds), then write report.html, summary.json, games.csv."""
        if example:
            print(example_experiment(), end="")
            return
        require_lab_extra()
        from voidtable.lab import run_experiment, spec

        try:
            raw: dict[str, Any] = spec.read_toml(experiment) if experiment else {}
            flags: dict[str, Any] = {
                "game": game, "players": _players(players), "games": games, "seed": seed, "agents": agents,
                "rotate": rotate, "variants": list(variants) if variants else None, "jobs": jobs, "backend": backend,
                "address": address, "out": str(out) if out else None, "name": name, "detect": detect, "alpha": alpha,
                "measures": False if no_measures else None,
                "set": spec.parse_set(list(sets or [])),
                "sweep": spec.parse_sweep(list(sweeps)) if sweeps else None,
                "ab_a": spec.parse_set(list(ab_a), "--a") if ab_a else None,
                "ab_b": spec.parse_set(list(ab_b), "--b") if ab_b else None,
            }
            exp = spec.build(raw, **flags)
            spec.plan(exp)  # every check before anything else happens
        except VoidtableError as e:
            fail(str(e))
        from voidtable.lab.run import default_out
        out_dir = Path(exp.out) if exp.out else default_out(exp)  # its own folder, never another experiment's
        result = None
        from rich.console import Console
        from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TaskProgressColumn, TextColumn,
                                   TimeElapsedColumn, TimeRemainingColumn)
        console = Console(stderr=True)
        state: dict[str, Any] = {"first": None, "t0": time.perf_counter(), "done": 0}
        with Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(), TaskProgressColumn(),
                      TextColumn("{task.fields[rate]}"), TimeElapsedColumn(), TextColumn("ETA"), TimeRemainingColumn(),
                      console=console, transient=True, disable=as_json) as bar:
            task = bar.add_task(f"{exp.name}", total=None, rate="")

            def progress(done: int, total: int) -> None:
                if state["first"] is None:
                    state["first"] = done
                    bar.update(task, total=total, completed=done)
                    return
                state["done"] = done
                secs = time.perf_counter() - state["t0"]
                rate = (done - state["first"]) / secs if secs > 0 else 0.0
                bar.update(task, completed=done, rate=f"{rate:,.0f} games/s")

            try:
                result = run_experiment(exp, out_dir, fresh=fresh, progress=progress)
            except KeyboardInterrupt:
                bar.stop()
                import sys
                print(f"interrupted: {state['done'] or state['first'] or 0} games are stored in {out_dir}; "
                      "run the same command again to resume", file=sys.stderr)
                raise SystemExit(130)
            except VoidtableError as e:
                bar.stop()
                fail(str(e))
        assert result is not None
        if as_json:
            print(json.dumps(json.loads(result.files["summary"].read_text()), indent=1))
            return
        info = result.run
        print(f"{exp.name}: {info.played} games played, {info.reused} reused from {out_dir}, "
              f"{info.seconds:.1f} s ({info.backend}, {info.jobs} workers)")
        for line in result.lines:
            print(line)
        print(f"report: {result.files['report']}")

    @lab_app.command("report")
    def report_cmd(
        out: Path = typer.Argument(..., help="an experiment's output directory (holding results.sqlite)"),
    ) -> None:
        """Rewrite report.html, summary.json and the CSV from what results.sqlite holds (e.g. after an interrupted run)."""
        require_lab_extra()
        from voidtable.lab import analysis, report, spec
        from voidtable.lab.run import store_path
        from voidtable.lab.store import Store

        path = store_path(out)
        if not path.exists():
            fail(f"no results store at {path}")
        try:
            with Store(path) as store:
                raw = store.get_meta("experiment")
                if raw is None:
                    fail(f"{path} holds no experiment")
                p = spec.plan(spec.from_dict(raw))
                if not any(store.count(c.key, c.games) for c in p.conditions):
                    fail(f"{path} holds no games of this experiment's conditions as they are now "
                         "(the game's rules data changed since the run?); run the experiment again")
                an = analysis.analyse(p, store)
                files = report.write_all(p, store, an, Path(out))
        except VoidtableError as e:
            fail(str(e))
        for line in report.terminal_lines(p, an):
            print(line)
        print(f"report: {files['report']}")

    @lab_app.command("tune")
    def tune_cmd(
        file: Path = typer.Argument(..., help="tune file (TOML): game, players, agents, parameters, target, quick and full budgets"),
        quick: bool = typer.Option(False, "--quick", help="the quick budget: fewer trials and games"),
        jobs: Optional[int] = typer.Option(None, "--jobs", "-j", help="worker processes or Ray CPUs (0 = all cores)"),
        backend: Optional[str] = typer.Option(None, "--backend", help="local (default) or ray"),
        address: Optional[str] = typer.Option(None, "--address", help="Ray cluster to join (ray backend)"),
        out: Optional[Path] = typer.Option(None, "--out", "-o", help="output directory (default lab-results/tune-NAME)"),
        fresh: bool = typer.Option(False, "--fresh", help="discard the study and games stored in --out"),
    ) -> None:
        """Search the game's declared parameters for rules that meet the file's target (Optuna), replay the best,
        write best.toml and tune.html; running it again continues the study (docs/lab.md, "lab tune")."""
        require_lab_extra()
        try:
            import optuna  # noqa: F401
        except ImportError:
            fail("lab tune needs Optuna (the 'lab' extra): pip install -e '.[lab]'")
        from voidtable.lab import tune as lab_tune

        try:
            tspec = lab_tune.load(file, jobs=jobs, backend=backend, address=address, out=str(out) if out else None)
        except VoidtableError as e:
            fail(str(e))
        profile = "quick" if quick else "full"
        folder = Path(tspec.out) if tspec.out else lab_tune.default_out(tspec)

        def progress(event: str, info: dict[str, Any]) -> None:
            import sys
            if event == "start":
                print(f"{tspec.name}: {info['done']}/{info['trials']} trials done, in {folder}", file=sys.stderr)
            elif event == "resume":
                print(f"  {info['retried']} trial(s) cut short last time run again with the same values", file=sys.stderr)
            elif event == "trial":
                vals = ", ".join(f"{k}={v}" for k, v in info["params"].items())
                value = f"{info['value']:.3f}" if info["value"] is not None else info["state"].lower()
                print(f"  trial {info['number']}: {value} after {info['games']} games ({vals})"
                      + (" pruned" if info["state"] == "PRUNED" else ""), file=sys.stderr)
            elif event == "final":
                print(f"  replaying {info['finalists']} finalist(s) with {info['games']} games each", file=sys.stderr)

        try:
            result = lab_tune.tune(tspec, profile, folder, fresh=fresh, progress=progress)
        except KeyboardInterrupt:
            import sys
            print(f"interrupted: the study and its games are stored in {folder}; run the same command again to "
                  "continue", file=sys.stderr)
            raise SystemExit(130)
        except VoidtableError as e:
            fail(str(e))
        for line in lab_tune.terminal_lines(result):
            print(line)
        if "best" in result.files:
            print(f"best: {result.files['best']}")
        print(f"report: {result.files['report']}")


def register_train_value(lab_app: typer.Typer) -> None:
    """`voidtable lab train-value`: self-play, a value model, its report (docs/lab.md, "Learned evaluation")."""

    @lab_app.command("train-value")
    def train_value_cmd(
        game: str = typer.Argument(..., help="game name"),
        players: int = typer.Option(..., "--players", "-p", help="player count the model is for"),
        games: int = typer.Option(400, "--games", "-n", help="self-play games (every 5th held out), 10..100000"),
        seed: int = typer.Option(0, "--seed", help="master seed: the same seed gives the same model file"),
        epochs: int = typer.Option(300, "--epochs", help="most L-BFGS iterations over the training positions, 1..10000"),
        hidden: int = typer.Option(0, "--hidden", help="tanh units of one hidden layer (0: linear), 0..256"),
        l2: float = typer.Option(0.1, "--l2", help="L2 penalty on the weights, 0..100"),
        base: str = typer.Option("hand", "--base", help="hand: start from the game's own evaluation (one more input); none"),
        check_games: int = typer.Option(12, "--check-games", help="games of the value-greedy player against the bot, 0..10000"),
        jobs: int = typer.Option(1, "--jobs", "-j", help="worker processes or Ray CPUs (0 = all cores), 0..1024"),
        backend: str = typer.Option("local", "--backend", help="local or ray"),
        address: Optional[str] = typer.Option(None, "--address", help="Ray cluster to join (ray backend); default: a local Ray"),
        out: Optional[Path] = typer.Option(None, "--out", "-o", help="model file (default: where the game ships it, "
                                           "games/<game>/models/value_<players>p.json)"),
        report: Optional[Path] = typer.Option(None, "--report", help="write the training report (HTML) here"),
    ) -> None:
        """Play self-play games with the game's bot, train a value model on the game's tensors, write it (and the
        report); search uses it with mcts:...,cutoff=k,eval=learned, the value-greedy player with greedy."""
        require_lab_extra()
        import sys

        from voidtable.lab import value

        spec = value.TrainSpec(game, players, games=games, seed=seed, epochs=epochs, hidden=hidden, l2=l2,
                               check_games=check_games, base=base, jobs=jobs, backend=backend, address=address)
        try:
            spec.check()
        except VoidtableError as e:
            fail(str(e))

        def progress(stage: str, done: int, total: int) -> None:
            if done == total or done % max(1, total // 10) == 0:
                print(f"  {stage}: {done}/{total}", file=sys.stderr)

        try:
            result = value.train_value(spec, out, report, progress)
        except VoidtableError as e:
            fail(str(e))
        for line in value.summary_lines(result):
            print(line)
        print(f"model: {result.files['model']}")
        if "report" in result.files:
            print(f"report: {result.files['report']}")
