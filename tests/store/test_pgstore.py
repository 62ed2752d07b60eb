"""The PostgreSQL table store: the SQLite store's semantics, plus what several server processes share."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from tests.pgserver import PgServer
from voidtable.engine.actions import Action
from voidtable.web.store import SeatRow, StepTaken, Store, StoreError, StoreUnavailable, TableRow

psycopg = pytest.importorskip("psycopg")

from voidtable.web.pgstore import SCHEMA_VERSION, Listener, PgStore  # noqa: E402
from voidtable.web.store import redact  # noqa: E402


def row(table_id: str = "t1", players: int = 2) -> TableRow:
    seats = [SeatRow(0, "person", None, "Ann", "h0"), SeatRow(1, "person", None, "Ben", None)]
    return TableRow(table_id, "somegame", players, {"x": 1}, 2**62 + 1, 100.0, "waiting", None, None, seats[:players], [],
                    3, "creator")


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Any) -> Any:
    if request.param == "sqlite":
        s: Any = Store(tmp_path / "v.sqlite3")
    else:
        s = PgStore(request.getfixturevalue("pg").new_database())
    yield s
    s.close()


def test_both_stores_give_back_what_was_stored(store: Any) -> None:
    store.create_table(row())
    store.claim_seat("t1", 1, "Ben", "h1", "running")
    store.add_move("t1", 1, 0, Action("pick", 3))
    store.add_move("t1", 2, 1, Action("pass", None), result={"winners": [1]})
    [t] = store.load_all()
    assert (t.id, t.game, t.players, t.options, t.seed, t.rules_version, t.creator_hash) == \
        ("t1", "somegame", 2, {"x": 1}, 2**62 + 1, 3, "creator")
    assert [(s.name, s.token_hash) for s in t.seats] == [("Ann", "h0"), ("Ben", "h1")]
    assert t.moves == [(0, Action("pick", 3)), (1, Action("pass", None))]
    assert (t.status, t.result, t.problem) == ("finished", {"winners": [1]}, None)
    store.delete_table("t1")
    assert store.load_all() == []


def test_a_damaged_table_comes_back_with_its_problem(store: Any) -> None:
    store.create_table(row())
    store.add_move("t1", 2, 0, Action("pick", 3))  # step 1 is missing
    [t] = store.load_all()
    assert t.problem == "its stored moves have a gap at step 1"


def test_two_processes_cannot_both_store_a_step(pg: PgServer) -> None:
    url = pg.new_database()
    a, b = PgStore(url), PgStore(url)
    a.create_table(row())
    a.add_move("t1", 1, 0, Action("pick", 3))
    with pytest.raises(StepTaken):
        b.add_move("t1", 1, 0, Action("pick", 4))
    [t] = b.load_all()
    assert t.moves == [(0, Action("pick", 3))]
    assert b.moves_after("t1", 0) == [(1, 0, Action("pick", 3))]


def test_two_processes_cannot_both_claim_a_seat(pg: PgServer) -> None:
    url = pg.new_database()
    a, b = PgStore(url), PgStore(url)
    a.create_table(row())
    a.claim_seat("t1", 1, "Ben", "hb", "running")
    with pytest.raises(StepTaken):
        b.claim_seat("t1", 1, "Cat", "hc", "running")
    assert [s.name for s in b.load_all()[0].seats] == ["Ann", "Ben"]


def test_rate_limits_count_every_process(pg: PgServer) -> None:
    url = pg.new_database()
    now = [1000.0]
    a, b = PgStore(url, wallclock=lambda: now[0]), PgStore(url, wallclock=lambda: now[0])
    assert [a.rate_allow("1.2.3.4", "create", 3), b.rate_allow("1.2.3.4", "create", 3),
            a.rate_allow("1.2.3.4", "create", 3), b.rate_allow("1.2.3.4", "create", 3)] == [True, True, True, False]
    assert b.rate_allow("5.6.7.8", "create", 3)          # another client
    now[0] += 61
    assert b.rate_allow("1.2.3.4", "create", 3)          # the minute has passed


def test_a_bot_lease_has_one_holder_until_it_lapses(pg: PgServer) -> None:
    url = pg.new_database()
    now = [1000.0]
    a, b = PgStore(url, wallclock=lambda: now[0]), PgStore(url, wallclock=lambda: now[0])
    a.create_table(row())
    assert a.take_lease("t1", "A", 5)
    assert not b.take_lease("t1", "B", 5)
    now[0] += 3
    assert a.take_lease("t1", "A", 5)                     # renewed
    now[0] += 4
    assert not b.take_lease("t1", "B", 5)
    now[0] += 2                                           # A stopped renewing: its lease lapsed
    assert b.take_lease("t1", "B", 5)
    assert not a.take_lease("t1", "A", 5)
    b.drop_leases("B")
    assert a.take_lease("t1", "A", 5)


def test_every_process_hears_every_change(pg: PgServer) -> None:
    url = pg.new_database()
    heard: list[tuple[str, str, int]] = []

    async def main() -> None:
        all_heard = asyncio.Event()

        def hear(kind: str, table: str, step: int) -> None:
            heard.append((kind, table, step))
            if len(heard) == 4:
                all_heard.set()

        listener = Listener(url, hear)
        listener.start()
        await asyncio.wait_for(listener.ready.wait(), 600)  # bounds on a hang, not measurements
        other = PgStore(url)
        other.create_table(row())
        other.claim_seat("t1", 1, "Ben", "hb", "running")
        other.add_move("t1", 1, 0, Action("pick", 3))
        other.delete_table("t1")
        await asyncio.wait_for(all_heard.wait(), 600)  # the fourth notification, not a number of polls
        await listener.stop()

    asyncio.run(main())
    assert heard == [("table", "t1", 0), ("seat", "t1", 0), ("move", "t1", 1), ("removed", "t1", 0)]


def test_a_newer_schema_is_refused_in_one_line(pg: PgServer) -> None:
    url = pg.new_database()
    PgStore(url).close()
    with psycopg.connect(url, autocommit=True) as c:
        c.execute("INSERT INTO voidtable_schema (version) VALUES (%s)", (SCHEMA_VERSION + 1,))
    with pytest.raises(StoreError) as e:
        PgStore(url)
    assert f"schema version {SCHEMA_VERSION + 1}, newer than this server's {SCHEMA_VERSION}" in str(e.value)
    assert "\n" not in str(e.value)


def test_an_unreachable_database_is_one_line_without_the_password(pg: PgServer) -> None:
    from tests.pgserver import free_port

    url = f"postgresql://someone:s3cret@127.0.0.1:{free_port()}/nowhere"
    with pytest.raises(StoreError) as e:
        PgStore(url)
    msg = str(e.value)
    assert msg.startswith("cannot use postgresql://someone:***@127.0.0.1:") and "s3cret" not in msg and "\n" not in msg
    assert redact("postgresql://h/db") == "postgresql://h/db"


def test_a_lost_database_refuses_writes_then_comes_back(pg: PgServer) -> None:
    url = pg.new_database()
    s = PgStore(url)
    s.create_table(row())
    pg.down()
    try:
        with pytest.raises(StoreUnavailable) as e:
            s.add_move("t1", 1, 0, Action("pick", 3))
        assert "\n" not in str(e.value)
    finally:
        pg._start()
    s.add_move("t1", 1, 0, Action("pick", 3))             # reconnected by itself
    assert s.load_all()[0].moves == [(0, Action("pick", 3))]


def test_both_stores_refuse_a_step_or_a_seat_given_twice(store: Any) -> None:
    from voidtable.web.store import TalkRow

    store.create_table(row())
    store.claim_seat("t1", 1, "Ben", "h1", "running")
    with pytest.raises(StepTaken):
        store.claim_seat("t1", 1, "Cat", "h2", "running")
    store.add_move("t1", 1, 0, Action("pick", 3), clocks=[(0, 50.0, None), (1, 60.0, 1234.5)])
    with pytest.raises(StepTaken):
        store.add_move("t1", 1, 1, Action("pick", 4))
    store.add_talk("t1", TalkRow(1, "chat", 0, "Ann", "hello", 99.0))
    with pytest.raises(StepTaken):
        store.add_talk("t1", TalkRow(1, "chat", 1, "Ben", "hi", 99.5))
    [t] = store.load_all()
    assert t.moves == [(0, Action("pick", 3))] and [s.name for s in t.seats] == ["Ann", "Ben"]
    assert [(s.clock_left, s.clock_since) for s in t.seats] == [(50.0, None), (60.0, 1234.5)]
    assert [(x.n, x.text) for x in t.talk] == [(1, "hello")]
    assert store.moves_after("t1", 0) == [(1, 0, Action("pick", 3))]


def hammer(store: Any, threads: int = 4, tables: int = 6, moves: int = 8) -> list[BaseException]:
    """Each of ``threads`` threads creates ``tables`` tables and stores ``moves`` moves in each, reading back
    between writes; all start together (a barrier), so their calls overlap. The errors any thread met."""
    import threading

    errors: list[BaseException] = []
    start = threading.Barrier(threads)

    def worker(n: int) -> None:
        try:
            start.wait()
            for t in range(tables):
                tid = f"w{n}-{t}"
                store.create_table(row(tid))
                for step in range(1, moves + 1):
                    store.add_move(tid, step, step % 2, Action("pick", step))
                    assert store.load_table(tid, moves=False) is not None
                store.claim_seat(tid, 1, "Ben", f"h{n}", "running")
        except BaseException as e:  # noqa: BLE001 - handed to the test, which fails with it
            errors.append(e)

    workers = [threading.Thread(target=worker, args=(n,)) for n in range(threads)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    return errors


def test_every_store_may_be_called_from_several_threads_at_once(store: Any) -> None:
    errors = hammer(store)
    assert errors == []
    rows = {t.id: t for t in store.load_all()}
    assert len(rows) == 4 * 6
    assert all(t.problem is None and len(t.moves) == 8 and t.status == "running" for t in rows.values())


def test_a_postgresql_store_shared_with_its_listener_thread_keeps_every_write(pg: PgServer) -> None:
    """The server's case: the event loop's thread reads the store for each notification it hears (``Peers.heard``)
    while other threads write through the same store, hence the same connection."""
    import threading

    url = pg.new_database()
    store = PgStore(url)
    heard = {"n": 0}
    errors: list[BaseException] = []
    done = threading.Event()
    expected = 4 * 6 * (1 + 8 + 1)  # every table, move and claim notifies once

    def on_change(kind: str, table: str, step: int) -> None:
        try:
            store.load_table(table)  # the same store, from the listener's thread
        except BaseException as e:  # noqa: BLE001
            errors.append(e)
        heard["n"] += 1
        if heard["n"] == expected:
            done.set()

    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever)
    thread.start()
    listener = Listener(url, on_change)

    async def listen() -> None:
        listener.start()
        await listener.ready.wait()

    try:
        asyncio.run_coroutine_threadsafe(listen(), loop).result(600)  # bounds on a hang, not measurements
        errors += hammer(store)
        assert done.wait(600), f"heard {heard['n']} of {expected} notifications"
    finally:
        asyncio.run_coroutine_threadsafe(listener.stop(), loop).result(600)
        loop.call_soon_threadsafe(loop.stop)
        thread.join()
        loop.close()
        store.close()
    assert errors == []
