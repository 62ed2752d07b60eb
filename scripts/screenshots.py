"""Take docs/screenshots/<game>.png: each registered game's table mid-game in a 1400x900 window.

Usage (from the repository root, with the web extra and Debian's chromium installed, as ``bash test.sh`` leaves them)::

    .venv/bin/python scripts/screenshots.py                      # every registered game that draws a scene
    .venv/bin/python scripts/screenshots.py buccaneers abyss     # just these
    .venv/bin/python scripts/screenshots.py --out /tmp/shots --width 800 --step 40

For each game it plays a seeded game with the game's own bots in this process (the walk of
tests/web/tablewalk.py: the same seed gives the same game), replays its moves into a table on a
``voidtable serve`` it starts on a free loopback port (data in a temporary folder, removed after),
opens the page of the seat to move at the chosen step (by default the middle of the walk) and
takes the window as that player sees it, the board brought up under the header (the page's own
layout puts the prompt and the choices beside it). The seat is remembered in the browser first,
so the page does not ask the player's name. Prints one line per picture written.
"""

from __future__ import annotations

import argparse
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # for tests/web/tablewalk.py

CHROMIUM = "/usr/bin/chromium"
SEED = 11
#: The step pictured where the middle of the walk would show little (counted in moves of the seeded walk).
STEPS: dict[str, int] = {"blacksun": 111}  # turn 7: a raid being chosen, blockades, Need and Crisis counters


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def serve(data: Path) -> tuple[subprocess.Popen[bytes], str]:
    """``voidtable serve`` on a free port, bots at full speed; its process and URL once it answers."""
    import httpx

    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "voidtable.cli.main", "serve", "--port", str(port), "--data", str(data),
                             "--log-level", "warning", "--bot-pace", "0"], stdout=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"voidtable serve exited with {proc.returncode}")
        try:
            if httpx.get(url + "/api/games", timeout=1).status_code == 200:
                return proc, url
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    proc.terminate()
    raise SystemExit("voidtable serve did not answer within 60 s")


def main(argv: list[str] | None = None) -> int:
    from playwright.sync_api import sync_playwright

    from tests.web.tablewalk import Replayer, bot_game, table_configs

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="*", help="games to picture (default: every registered game with a scene)")
    ap.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots", help="folder for <game>.png")
    ap.add_argument("--width", type=int, default=1400)
    ap.add_argument("--height", type=int, default=900)
    ap.add_argument("--step", type=int, default=None, help="the step to picture (default: the middle of the walk)")
    ap.add_argument("--chromium", default=CHROMIUM)
    args = ap.parse_args(argv)
    configs = dict(table_configs())
    unknown = [g for g in args.games if g not in configs]
    if unknown:
        print(f"unknown game(s) {', '.join(unknown)}; games with a scene: {', '.join(configs)}", file=sys.stderr)
        return 2
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        proc, url = serve(Path(tmp))
        browser = p.chromium.launch(executable_path=args.chromium, headless=True,
                                    args=["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"])
        try:
            for name in args.games or list(configs):
                walk = bot_game(name, configs[name], SEED)
                step = args.step if args.step is not None else STEPS.get(name, len(walk.moves) // 2)
                table = Replayer(url, walk)
                try:
                    link = table.to(min(step, len(walk.moves) - 1))
                    seat, token = walk.moves[min(step, len(walk.moves) - 1)][0], link.split("#seat=")[1]
                    ctx = browser.new_context(viewport={"width": args.width, "height": args.height})
                    # this browser already knows the seat: the page does not ask the player's name
                    ctx.add_init_script(f"localStorage.setItem('voidtable.seats', JSON.stringify({{'{table.id}': {{'{seat}': '{token}'}}}}))")
                    page = ctx.new_page()
                    page.goto(link)
                    page.wait_for_function("() => (document.querySelector('#status')?.innerText ?? '').startsWith('Your turn')"
                                           f" && document.body.dataset.layout === '{args.width}x{args.height}'", timeout=60_000)
                    page.evaluate("() => { const b = document.querySelector('#scene .board svg') || document.querySelector('#scene .part');"
                                  " const head = document.querySelector('#top').getBoundingClientRect().bottom;"
                                  " window.scrollTo(0, b.getBoundingClientRect().top + scrollY - head - 40); }")
                    path = args.out / f"{name}.png"
                    page.screenshot(path=str(path))
                    ctx.close()
                    print(f"{path}: {name}, {walk.players} players, seed {SEED}, step {step}, {args.width}x{args.height}")
                finally:
                    table.close()
        finally:
            browser.close()
            proc.terminate()
            proc.wait(timeout=30)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
