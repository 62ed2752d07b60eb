"""The lab's worker processes end when the lab is killed (kill -9 runs no cleanup)."""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

#: Seconds after which a wait that never ended fails the test: a guard against a hang, never a measurement.
HANG = 600.0

SCRIPT = textwrap.dedent("""
    import os, sys, time
    from voidtable.lab import backends

    UP = sys.argv[1]  # a FIFO the test reads: each worker says it is up by writing its pid there

    def slow(batch, indices):
        with open(UP, "w") as f:
            f.write(f"{os.getpid()}\\n")
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


def read_pids(fd: int, n: int) -> list[int]:
    """The first ``n`` pids written to the FIFO ``fd``: each read waits for a write (an event), not a poll."""
    text = ""
    while text.count("\n") < n:
        assert select.select([fd], [], [], HANG)[0], "the lab's workers never started"
        text += os.read(fd, 4096).decode()
    return [int(line) for line in text.split()[:n]]


def wait_gone(pid: int) -> None:
    """Until process ``pid`` has ended: its pidfd becomes readable when it exits (an event, not a poll)."""
    try:
        fd = os.pidfd_open(pid)
    except ProcessLookupError:
        return  # gone already
    try:
        select.select([fd], [], [], HANG)
    finally:
        os.close(fd)


def test_workers_end_when_the_lab_is_killed(tmp_path):
    script = tmp_path / "lab.py"
    script.write_text(SCRIPT)
    up = tmp_path / "up"
    os.mkfifo(up)
    fifo = os.open(up, os.O_RDWR | os.O_NONBLOCK)  # read and write: opening never blocks and never reads an end
    lab = subprocess.Popen([sys.executable, str(script), str(up)])
    workers: list[int] = []
    try:
        workers = read_pids(fifo, 2)
        assert all(alive(w) for w in workers)
        lab.send_signal(signal.SIGKILL)
        lab.wait(timeout=HANG)
        for w in workers:
            wait_gone(w)
        assert not any(alive(w) for w in workers), "worker processes outlived the killed lab"
    finally:
        os.close(fifo)
        for w in workers:
            if alive(w):
                os.kill(w, signal.SIGKILL)
        if lab.poll() is None:
            lab.kill()
