"""The lab's worker processes end when the lab is killed (kill -9 runs no cleanup)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

SCRIPT = textwrap.dedent("""
    import os, sys, time
    from pathlib import Path
    from voidtable.lab import backends

    OUT = Path(sys.argv[1])

    def slow(batch, indices):
        (OUT / str(os.getpid())).write_text("up")
        time.sleep(600)
        return []

    if __name__ == "__main__":
        for _ in backends.local([("k", None, list(range(8)))], jobs=2, chunk=1, fn=slow):
            pass
""")


def alive(pid: int) -> bool:
    """A process that exists and is not a zombie."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return False
    return state != "Z"


def test_workers_end_when_the_lab_is_killed(tmp_path):
    script = tmp_path / "lab.py"
    script.write_text(SCRIPT)
    out = tmp_path / "pids"
    out.mkdir()
    lab = subprocess.Popen([sys.executable, str(script), str(out)])
    try:
        for _ in range(1200):
            if len(list(out.iterdir())) >= 2:
                break
            time.sleep(0.05)
        workers = [int(p.name) for p in out.iterdir()]
        assert len(workers) == 2 and all(alive(w) for w in workers)
        lab.send_signal(signal.SIGKILL)
        lab.wait(timeout=30)
        for _ in range(600):  # bounded: poll for the outcome, not a duration
            if not any(alive(w) for w in workers):
                break
            time.sleep(0.05)
        assert not any(alive(w) for w in workers), "worker processes outlived the killed lab"
    finally:
        for w in [int(p.name) for p in out.iterdir()]:
            if alive(w):
                os.kill(w, signal.SIGKILL)
        if lab.poll() is None:
            lab.kill()
