"""A throwaway PostgreSQL server for the tests: ``initdb`` in a temp directory, ``postgres`` on a free port.

``initdb`` and ``postgres`` refuse to run as root, so as root both run as the
unprivileged ``nobody`` (the directory is handed to it first). Trust
authentication on 127.0.0.1 only; no fsync (a test cluster need not survive a
power cut, and the durability the tests check is the server's, across a kill
of *our* process, which fsync does not change).

Outside CI a machine without PostgreSQL skips these tests with the reason; with
``CI=true`` a missing PostgreSQL fails the run instead (CI must test both stores).
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

import pytest

USER = "voidtable"


def find_bin() -> Path | None:
    """The directory holding initdb/postgres/pg_ctl (Debian keeps them out of PATH)."""
    env = os.environ.get("VOIDTABLE_PG_BIN")
    if env:
        return Path(env)
    for d in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True):
        if os.path.exists(os.path.join(d, "initdb")):
            return Path(d)
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


def missing(reason: str) -> None:
    """Skip (or, in CI, fail) for a machine without PostgreSQL."""
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"CI needs PostgreSQL for the store tests: {reason} (scripts/setup.sh installs Debian's postgresql as root)")
    pytest.skip(f"no PostgreSQL: {reason}; as root, VOIDTABLE_EXTRAS=test bash scripts/setup.sh installs it")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class PgServer:
    """One running throwaway cluster; ``url(db)`` for a database in it, ``new_database()`` for a fresh one."""

    def __init__(self) -> None:
        bindir = find_bin()
        if bindir is None:
            missing("initdb not found (looked in /usr/lib/postgresql/*/bin and PATH)")
        assert bindir is not None
        self.bin = bindir
        self.dir = Path(tempfile.mkdtemp(prefix="voidtable-pg-"))
        self.data = self.dir / "data"
        self.port = free_port()
        self.as_user: list[str] = []
        if os.geteuid() == 0:
            shutil.chown(self.dir, "nobody")
            self.as_user = ["runuser", "-u", "nobody", "--"]
        self._count = 0
        self._free: list[str] = []
        out = subprocess.run(self.as_user + [str(self.bin / "initdb"), "-D", str(self.data), "-A", "trust", "-U", USER,
                                             "--no-sync", "-E", "UTF8"], capture_output=True, text=True)
        if out.returncode != 0:
            missing(f"initdb failed: {out.stderr.strip().splitlines()[-1:]}")
        self._start()

    def _start(self) -> None:
        with open(self.dir / "log", "a") as log:
            self.proc = subprocess.Popen(
                self.as_user + [str(self.bin / "postgres"), "-D", str(self.data), "-p", str(self.port), "-h", "127.0.0.1",
                                "-k", str(self.dir), "-c", "fsync=off", "-c", "full_page_writes=off",
                                "-c", "synchronous_commit=off", "-c", "max_connections=200"],
                stdout=subprocess.DEVNULL, stderr=log)
        self._wait()

    def _wait(self) -> None:
        import psycopg

        for _ in range(300):
            try:
                psycopg.connect(self.url("postgres"), connect_timeout=1).close()
                return
            except psycopg.OperationalError:
                if self.proc.poll() is not None:
                    break
                time.sleep(0.05)
        missing(f"postgres did not start: {(self.dir / 'log').read_text()[-300:]}")

    def url(self, db: str) -> str:
        return f"postgresql://{USER}@127.0.0.1:{self.port}/{db}"

    def new_database(self) -> str:
        """A fresh empty database's URL: one given back by :meth:`release` (emptied), else a new one.

        Creating a database copies its template (about 8 MB, 0.1-0.2 s); the server suite asks for
        hundreds, and a cluster of hundreds of databases also made the run's end slow to clean up."""
        import psycopg

        if self._free:
            return self._free.pop()
        self._count += 1
        name = f"t{os.getpid()}_{self._count}"
        with psycopg.connect(self.url("postgres"), autocommit=True) as c:
            c.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def release(self, url: str) -> None:
        """A test is done with ``url``: close whatever still talks to it, empty it, and keep it for the next test.

        What the table store makes lives in the ``public`` schema; dropping that schema and making it
        again leaves the database as new. A database that cannot be emptied is simply not reused."""
        import psycopg

        name = url.rsplit("/", 1)[-1]
        try:
            with psycopg.connect(self.url("postgres"), autocommit=True) as c:
                c.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s AND pid <> pg_backend_pid()",
                          (name,))
            with psycopg.connect(url, autocommit=True) as c:
                c.execute("DROP SCHEMA public CASCADE")
                c.execute("CREATE SCHEMA public")
        except psycopg.Error:
            return
        self._free.append(url)

    def stop(self) -> None:
        """Throw the cluster away: an immediate stop (no shutdown checkpoint over every test's database)."""
        try:
            self.down("immediate")
        except (subprocess.TimeoutExpired, OSError):
            self.proc.kill()
        shutil.rmtree(self.dir, ignore_errors=True)

    def restart(self) -> None:
        """Stop and start the same cluster on the same port (a database that goes away and comes back)."""
        self.down()
        self._start()

    def down(self, mode: str = "fast") -> None:
        """Stop the server, keeping its data (``_start`` brings it back)."""
        subprocess.run(self.as_user + [str(self.bin / "pg_ctl"), "stop", "-D", str(self.data), "-m", mode, "-w"],
                       capture_output=True, timeout=30)
        self.proc.wait(10)
