"""A broken table's page in a real browser: it says why, as the lobby does (its WebSocket is refused with 4410 and
the reason; the page used to sit at "Connecting..." while the socket said "no table")."""

from __future__ import annotations

from voidtable.engine.actions import Action
from voidtable.web.store import SeatRow, Store, TableRow

from .browsing import needs_chromium, page  # noqa: F401  (fixtures)
from .browsing import browser  # noqa: F401

pytestmark = needs_chromium


def test_a_broken_tables_page_says_why(server_factory, tmp_path, page):  # noqa: F811
    data = tmp_path / "data"
    data.mkdir()
    store = Store(data / "voidtable.sqlite3")
    store.create_table(TableRow("gappy", "buccaneers", 3, {}, 7, 100.0, "running", None, None,
                                [SeatRow(i, "bot", "easy", f"Bot {i}", None) for i in range(3)], []))
    store.add_move("gappy", 2, 0, Action("select", 1))  # step 1 is missing: the table cannot be rebuilt
    store.close()
    srv = server_factory(data=data)
    page.goto(f"{srv.url}/t/gappy")
    reason = page.locator("#app p.error")
    reason.wait_for()
    assert "broken" in reason.inner_text() and "gap at step 1" in reason.inner_text()
    page.goto(f"{srv.url}/t/nosuchtable")
    page.locator("#app p.error", has_text="no table 'nosuchtable'").wait_for()
