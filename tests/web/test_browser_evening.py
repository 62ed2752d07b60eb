"""A newcomer's first evening, as one browser test (issue 12, done-when), and the page while offline (item 16).

The server runs in this process (uvicorn in a thread) with a wall clock the test moves: turn clocks run out
when the test says so, through ``hub.tick()`` called on the server's loop. That hook is Python in this process;
the real ``voidtable serve`` has no such route.
"""

from __future__ import annotations

import re
import threading
import time
from pathlib import Path
from types import SimpleNamespace

import pytest

from voidtable.web.app import create_app
from voidtable.web.limits import Limits

from .conftest import FakeClock, free_port, on_loop
from .test_browser import ARGS, CHROMIUM, shot, sync_api

pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(), reason=f"no chromium at {CHROMIUM}")
uvicorn = pytest.importorskip("uvicorn")


@pytest.fixture(scope="module")
def evening(tmp_path_factory):
    wall = FakeClock()
    data = tmp_path_factory.mktemp("evening") / "data"
    app = create_app(data, limits=Limits(creates_per_minute=1000, joins_per_minute=1000), wall=wall, tick=3600)
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", ws="websockets-sansio",
                                           ws_per_message_deflate=False))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    for _ in range(500):
        if server.started:
            break
        time.sleep(0.02)
    assert server.started, "the in-process server did not start"
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        try:
            yield SimpleNamespace(url=f"http://127.0.0.1:{port}", hub=app.state.hub, wall=wall, browser=browser,
                                  tmp=tmp_path_factory.mktemp("downloads"))
        finally:
            browser.close()
            server.should_exit = True
            thread.join(15)


def context(ev):
    ctx = ev.browser.new_context(viewport={"width": 1366, "height": 900}, accept_downloads=True)
    errors: list[str] = []
    ctx.on("weberror", lambda e: errors.append(str(e.error)))
    return ctx, errors


def talk_has(page, text: str) -> None:
    page.wait_for_function("t => [...document.querySelectorAll('#chat li')].some(li => li.textContent.includes(t))", arg=text,
                           timeout=30_000)


def test_a_newcomers_first_evening(evening):
    ev = evening
    ctx, errors = context(ev)
    page = ctx.new_page()
    # serve, create a Buccaneers table: me, a friend's seat link, a bot; a clock of 30 s a move
    page.goto(ev.url + "/")
    page.select_option("#game", "buccaneers")
    page.fill("#players", "3")
    page.dispatch_event("#players", "change")
    page.fill("#myname", "Tess")
    for i, kind in enumerate(["you", "link", "easy"]):
        page.select_option(f"#seat-{i}", kind)
    page.select_option("#clock", "move:30")
    page.click("#create-btn")
    page.wait_for_url(re.compile(r"/t/[^#]+#seat="))
    page.wait_for_selector("#scene")
    table_id = re.search(r"/t/([^#]+)#", page.url).group(1)
    hub = ev.hub
    link = page.locator('#invites .seat-link[data-seat="1"] input.link').input_value()

    # the friend opens the link in a second browser context and says hello (as text, never HTML)
    fctx, ferrors = context(ev)
    friend = fctx.new_page()
    friend.goto(link)
    friend.wait_for_selector("#who")
    assert "(seat 1)" in friend.locator("#who").inner_text()
    friend.fill("#chat-text", "<b>hi</b> Tess")
    friend.click("#chat-send")
    talk_has(page, "<b>hi</b> Tess")
    line = page.locator("#chat li.chat", has_text="<b>hi</b> Tess")
    assert line.inner_text() == "Friend 1: <b>hi</b> Tess"  # the tags are shown as written
    assert line.locator("span b").count() == 0  # and made no element

    # everyone sees the turn clock
    page.wait_for_selector('#clocks li[data-seat="0"] .clock-left')
    assert re.fullmatch(r"0:[0-3]\d", page.locator('#clocks li[data-seat="0"] .clock-left').inner_text())

    # the friend leaves; the creator hands the absent seat to a bot; the friend comes back and takes it back
    friend.close()
    page.click("#hand-1", timeout=30_000)
    talk_has(page, "handed to a bot")
    friend = fctx.new_page()
    friend.goto(link)
    friend.wait_for_selector("#held")
    assert "handed it to a bot" in friend.locator("#held").inner_text()
    friend.click("#take-back")
    friend.wait_for_selector("#held", state="detached")
    talk_has(page, "took their seat back")
    shot(page, "evening-1-handover")

    # let the clock run out: the test moves the server's clock, and a bot chooses the waiting seats' moves
    page.wait_for_selector("#scene .legal", timeout=30_000)
    before, moves = hub.tables[table_id].step_of(0), hub.tables[table_id].step
    ev.wall.advance(31)
    on_loop(hub, hub.tick)
    talk_has(page, "time for this move ran out")
    page.wait_for_function(f"() => +document.body.dataset.step > {before}")
    assert 0 in {p for p, _ in hub.tables[table_id].actions[moves:]}, "a bot chose Tess's move"

    # resign (twice asked); the friend resigns too, so bots play both seats to the end
    page.click("#resign")
    assert "Really resign" in page.locator("#resign").inner_text()
    page.click("#resign")
    talk_has(page, "Tess resigned")
    friend.wait_for_selector("#resign")
    friend.click("#resign")
    friend.click("#resign")
    page.wait_for_selector("#result", timeout=60_000)
    summary = page.locator("#result .summary").inner_text()
    assert "Tess, Friend 1 resigned" in summary, summary
    shot(page, "evening-2-result")

    # rematch: the same seats; the friend's own page offers the way to the new table
    with page.expect_navigation():
        page.click("#rematch-btn")
    page.wait_for_selector("#who")
    new_id = re.search(r"/t/([^#]+)#", page.url).group(1)
    assert new_id != table_id and "(seat 0)" in page.locator("#who").inner_text()
    friend.wait_for_selector("#rematch-go", timeout=30_000)
    friend.click("#rematch-go")
    friend.wait_for_selector("#who")
    assert f"/t/{new_id}#seat=" in friend.url and "(seat 1)" in friend.locator("#who").inner_text()

    # the lobby: the rematch waits for my move; the finished table is folded away
    page.goto(ev.url + "/")
    page.wait_for_selector(f'#tables-yours a[href="/t/{new_id}"]')
    assert not page.locator(f'#fold-finished a[href="/t/{table_id}"]').is_visible()

    # download the finished game's record and replay it in the viewer
    page.goto(f"{ev.url}/t/{table_id}")
    page.wait_for_selector("#result")
    with page.expect_download() as dl:
        page.click("text=Download the record")
    path = ev.tmp / "record.json"
    dl.value.save_as(path)
    page.goto(ev.url + "/replay")
    page.set_input_files("#record-file", str(path))
    page.wait_for_selector("#replay-step")
    page.click("text=End »")
    page.wait_for_function("() => (document.querySelector('#status')?.innerText ?? '').match(/Step (\\d+) of \\1/)")
    assert "(Seat 0, Seat 1 resigned)" in page.locator(".result").inner_text()
    shot(page, "evening-3-replay")
    fctx.close()
    ctx.close()
    assert not errors and not ferrors, errors + ferrors


def test_offline_is_visible_choices_pause_and_clicks_are_never_silently_dropped(evening):
    ev = evening
    ctx, errors = context(ev)
    page = ctx.new_page()
    net = {"up": True, "route": None}

    def socket(route):  # the page's WebSocket passes through here: up, it reaches the server; down, it is cut
        if net["up"]:
            route.connect_to_server()
            net["route"] = route
        else:
            route.close()

    page.route_web_socket(re.compile(r"/ws/"), socket)
    made = page.request.post(ev.url + "/api/tables", data={"game": "buccaneers", "players": 3,
                                                           "seats": [{"kind": "person", "claim": True}, {"kind": "bot", "bot": "easy"},
                                                                     {"kind": "bot", "bot": "easy"}]}).json()
    page.goto(ev.url + made["links"][0]["url"])
    page.wait_for_selector("#scene .legal")
    assert page.locator("#offline").is_hidden()

    net["up"] = False
    net["route"].close()  # the connection drops
    page.wait_for_selector("#offline:not([hidden])")
    assert "Connection to the server lost" in page.locator("#offline").inner_text()
    assert page.locator("#scene .legal").count() == 0  # nothing on the table is clickable
    assert "offline" in page.locator("#status").inner_text()
    assert page.locator("#choices button.choice").count() > 0
    assert page.locator("#choices button.choice:not([disabled])").count() == 0
    step = page.evaluate("() => document.body.dataset.step")
    page.keyboard.press("1")  # a choice made anyway is refused out loud, never dropped silently
    page.wait_for_selector("#toast:not([hidden])")
    assert "Not sent" in page.locator("#toast").inner_text()
    shot(page, "offline")

    net["up"] = True  # the connection comes back: the banner goes, the choices return, a move goes through
    page.wait_for_selector("#offline[hidden]", state="attached", timeout=30_000)
    page.wait_for_selector("#scene .legal")
    assert page.evaluate("() => document.body.dataset.step") == step
    page.keyboard.press("1")
    page.wait_for_function(f"() => document.body.dataset.step !== '{step}'", timeout=30_000)
    ctx.close()
    assert not errors, errors
