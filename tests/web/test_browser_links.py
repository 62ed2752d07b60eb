"""Seat links in a real browser: a creator who also takes a seat still gets the friend's link, labelled, with a copy button.

Before, "You + Friend" took the creator straight to their seat and the friend's link
only surfaced later in the lobby as a button labelled "Your seat 1".
"""

from __future__ import annotations

import re

import pytest

from .test_browser import ARGS, CHROMIUM, browser, create_in_lobby, shot, sync_api  # noqa: F401  (fixtures)

pytestmark = pytest.mark.skipif(not __import__("pathlib").Path(CHROMIUM).exists(), reason=f"no chromium at {CHROMIUM}")


def test_the_creator_sees_the_friends_link_at_the_table_and_in_the_lobby(server_factory, browser):  # noqa: F811
    srv = server_factory("--bot-delay", "0")
    ctx = browser.new_context(viewport={"width": 1366, "height": 768}, permissions=["clipboard-read", "clipboard-write"])
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    create_in_lobby(page, srv.url, "buccaneers", 3, ["you", "link", "easy"])
    table_id = re.search(r"/t/([^#]+)#", page.url).group(1)

    # at the creator's own seat: the friend's link, labelled with its seat and name, and a copy button
    box = page.locator("#invites")
    box.wait_for()
    row = box.locator('.seat-link[data-seat="1"]')
    assert row.is_visible(), "the invitation is open at the table while the game runs"
    assert "Seat 1" in row.inner_text() and "Friend 1" in row.inner_text()
    link = row.locator("input.link").input_value()
    assert re.fullmatch(rf"{re.escape(srv.url)}/t/{table_id}#seat=[\w-]+", link), link
    assert link != srv.url + page.url.split(srv.url)[1]  # not the creator's own seat
    row.locator("button.copy").click()
    page.wait_for_function("() => (document.querySelector('#invites button.copy')?.textContent ?? '').startsWith('Copied')")
    assert page.evaluate("() => navigator.clipboard.readText()") == link
    shot(page, "seat-links-at-the-table")
    assert not re.search(r"\bstep \d", page.locator("main").inner_text(), re.I)  # moves, not the server's "step 58"

    # the friend opens the link in another browser and plays seat 1
    friend_ctx = browser.new_context(viewport={"width": 1366, "height": 768})
    friend = friend_ctx.new_page()
    friend.goto(link)
    friend.wait_for_selector("#who")
    assert "(seat 1)" in friend.locator("#who").inner_text()
    assert friend.locator("#invites").count() == 0  # the friend made no links

    # back in the lobby the link is offered to copy as the friend's, never as "Your seat 1"
    page.goto(srv.url + "/")
    page.wait_for_selector(f'a[href="/t/{table_id}"]')
    line = page.locator("ul.tables li", has=page.locator(f'a[href="/t/{table_id}"]'))
    assert "Your seat 0" in line.inner_text()
    assert "Your seat 1" not in line.inner_text()
    assert "Friend's link, seat 1" in line.inner_text()
    assert re.search(r"\d+ moves? made", line.inner_text()) and not re.search(r"\bstep \d", line.inner_text(), re.I)
    line.locator('button.copy[data-seat="1"]').click()
    page.wait_for_function("() => (document.querySelector('button.copy[data-seat=\"1\"]')?.textContent ?? '').startsWith('Copied')")
    assert page.evaluate("() => navigator.clipboard.readText()") == link
    friend_ctx.close()
    ctx.close()
    assert not errors, errors


def test_a_creator_who_only_makes_links_sees_each_one_labelled_in_the_lobby(server_factory, browser):  # noqa: F811
    srv = server_factory("--bot-delay", "0")
    ctx = browser.new_context(viewport={"width": 1366, "height": 768})
    page = ctx.new_page()
    page.goto(srv.url + "/")
    page.select_option("#game", "buccaneers")
    page.fill("#players", "3")
    page.dispatch_event("#players", "change")
    for i, kind in enumerate(["link", "link", "easy"]):
        page.select_option(f"#seat-{i}", kind)
    page.click("#create-btn")
    created = page.locator("#created")
    created.locator(".seat-link").nth(1).wait_for()
    assert created.locator(".seat-link").count() == 2
    for seat in (0, 1):
        row = created.locator(f'.seat-link[data-seat="{seat}"]')
        assert f"Seat {seat} · Friend {seat}" in row.inner_text()
        assert "#seat=" in row.locator("input.link").input_value()
        assert row.locator("button.copy").is_visible()
    ctx.close()
