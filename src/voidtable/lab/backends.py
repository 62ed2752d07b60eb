"""Where games are played: worker processes on this machine, or a Ray cluster.

Both take the same units of work (``sim.runner.split_work``: a condition key,
its :class:`~voidtable.sim.runner.Batch` and a list of game indices) and yield
``(key, outcomes)`` as units finish, in whatever order they finish. A game's
result depends only on its batch and index, never on where it ran, so the two
backends give the same results for the same seed.
"""

from __future__ import annotations

import os
import threading
import time
from typing import Any, Callable, Hashable, Iterator, Sequence

from voidtable.engine.errors import OptionError
from voidtable.sim.runner import Work, chunk_size, iter_work, play_chunk, split_work

Yield = Iterator[tuple[Hashable, Any]]


#: How often a worker process looks whether the process that started it is still there (seconds).
PARENT_CHECK = 0.5
_orphan_guard = False


def die_with_parent() -> None:
    """Make every process forked from now on end when its parent ends.

    A killed lab (``kill -9``) runs no cleanup, and its pool's workers would wait
    for work forever. Each forked worker watches its parent instead, in a daemon
    thread, and exits once it has been handed to another parent.
    """
    global _orphan_guard
    if not _orphan_guard and hasattr(os, "register_at_fork"):
        os.register_at_fork(after_in_child=_watch_parent)
        _orphan_guard = True


def _watch_parent() -> None:
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK)
        os._exit(1)

    threading.Thread(target=watch, name="voidtable-parent-watch", daemon=True).start()


def local(work: Sequence[Work], jobs: int, chunk: int | None = None, fn: Callable[..., Any] = play_chunk) -> Yield:
    """Worker processes on this machine (``jobs <= 1``: in this process); ``fn`` plays one unit (see ``iter_work``).
    The workers end with this process, however it ends (:func:`die_with_parent`)."""
    die_with_parent()
    yield from iter_work(work, jobs, chunk, fn)


def start_ray(jobs: int = 0, address: str | None = None) -> bool:
    """Start a local Ray with ``jobs`` CPUs (0: all), or join ``address``, unless Ray is initialized already.

    True when this call started it, so the caller shuts it down; a caller that plays many
    batches (``lab tune``) starts it once here rather than once per batch.
    """
    try:
        import ray as ray_mod
    except ImportError:  # pragma: no cover - the lab extra has Ray
        raise OptionError("the ray backend needs Ray: pip install 'voidtable[lab]'") from None
    if ray_mod.is_initialized():
        return False
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    kwargs: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False, "configure_logging": False}
    try:
        if address:
            ray_mod.init(address=address, **kwargs)
        else:
            ray_mod.init(num_cpus=jobs or os.cpu_count() or 1, **kwargs)
    except Exception as e:  # connection errors come in many types; one line for the user
        raise OptionError(f"cannot start or join Ray{' at ' + address if address else ''}: "
                          f"{' '.join(str(e).split())[:300]}") from None
    return True


def ray(work: Sequence[Work], jobs: int = 0, address: str | None = None, chunk: int | None = None,
        fn: Callable[..., Any] = play_chunk) -> Yield:
    """Ray tasks, one per unit of work, at most two per CPU in flight.

    With ``address`` the driver joins that cluster (``auto`` finds a local one
    started by ``ray start``); without, and when Ray is not initialized yet, a
    local Ray is started in this process with ``jobs`` CPUs (0: all) and shut
    down at the end. A Ray that the caller initialized is used and left running.
    """
    started = start_ray(jobs, address)  # a one-line OptionError without Ray
    import ray as ray_mod

    pending: dict[Any, Any] = {}
    try:
        cpus = int(ray_mod.cluster_resources().get("CPU", 1)) or 1  # type: ignore[no-untyped-call]
        total = sum(len(idx) for _, _, idx in work)
        units = split_work(work, chunk or chunk_size(total, cpus))
        remote = ray_mod.remote(num_cpus=1, max_retries=2)(fn)
        it = iter(units)

        def submit() -> bool:
            unit = next(it, None)
            if unit is None:
                return False
            key, batch, idx = unit
            pending[remote.remote(batch, idx)] = key
            return True

        while len(pending) < 2 * cpus and submit():
            pass
        while pending:
            done, _ = ray_mod.wait(list(pending), num_returns=1)
            ref = done[0]
            key = pending.pop(ref)
            submit()
            yield key, ray_mod.get(ref)
    finally:
        for ref in pending:  # an interrupted run: nothing left running on a shared cluster
            ray_mod.cancel(ref, force=True)
        if started:
            ray_mod.shutdown()
