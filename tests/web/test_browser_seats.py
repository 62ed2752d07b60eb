"""A friend gets back to their seat and sets their own name (issue 28, item 4).

Before, a friend who opened their seat link and then went to the lobby was offered only "Watch" for
that table (the browser remembered only the seats it had created or joined), and had no way to set
their name: the table called them "Friend 1" to the end. Now the page remembers a seat link it opened
as one of this browser's seats (the lobby shows "Your seat"), and the first time a seat is opened its
player is asked for a name; the server words the log again with it.
"""

from __future__ import annotations

import re

import httpx

from .browsing import browser, needs_chromium  # noqa: F401  (fixtures)
from .conftest import ARTIFACTS
from .test_browser import create_in_lobby

pytestmark = needs_chromium


def window(page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def new_page(browser, errors: list[str]):
    ctx = browser.new_context(viewport={"width": 1366, "height": 768})
    page = ctx.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    return ctx, page


def test_a_friend_names_themselves_and_finds_their_seat_in_the_lobby(server_factory, browser):  # noqa: F811
    srv = server_factory("--bot-delay", "0")
    errors: list[str] = []
    ctx, creator = new_page(browser, errors)
    create_in_lobby(creator, srv.url, "buccaneers", 3, ["you", "link", "easy"])
    table_id = re.search(r"/t/([^#]+)#", creator.url).group(1)
    link = creator.locator('#invites .seat-link[data-seat="1"] input.link').input_value()

    # the friend opens the link in their own browser: the table calls them Friend 1 and asks for a name
    fctx, friend = new_page(browser, errors)
    friend.goto(link)
    friend.wait_for_selector("#ask-name")
    assert "(seat 1)" in friend.locator("#who").inner_text()
    assert "Friend 1" in friend.locator("#ask-name").inner_text()
    window(friend, "friend-asked-for-a-name")
    friend.fill("#name-text", "  Ben  ")
    friend.click("#name-save")
    friend.wait_for_function("() => (document.querySelector('#who')?.innerText ?? '').startsWith('Ben (seat 1)')")
    assert friend.locator("#ask-name").count() == 0
    player_names = friend.locator("#part-players h3, .player h3").all_inner_texts()
    assert any("Ben" in n for n in player_names), player_names
    page_text = friend.locator("main").inner_text()
    assert "Friend 1" not in page_text.replace("Friend 1 is now called Ben", ""), "every panel and log line uses the new name"

    # the creator's page and the lobby call the seat Ben
    creator.wait_for_function("() => (document.querySelector('main')?.innerText ?? '').includes('Ben')")
    assert "Friend 1 is now called Ben" in creator.locator("#chat").inner_text()
    info = httpx.get(f"{srv.url}/api/tables/{table_id}").json()
    assert [s["name"] for s in info["seats"]][:2] == ["Tess", "Ben"]

    # the friend goes to the lobby: their own seat is offered (not only Watch) and takes them back to it
    friend.goto(srv.url + "/")
    line = friend.locator("ul.tables li", has=friend.locator(f'a[href="/t/{table_id}"]'))
    line.wait_for()
    assert "Ben" in line.inner_text()
    back = line.locator("a.btn", has_text="Your seat 1")
    assert back.count() == 1
    assert line.locator("a.btn", has_text="Your seat 0").count() == 0  # only the seats this browser opened
    window(friend, "friend-in-the-lobby")
    back.click()
    friend.wait_for_selector("#who")
    friend.wait_for_function("() => (document.querySelector('#who')?.innerText ?? '').startsWith('Ben (seat 1)')")
    assert friend.locator("#ask-name").count() == 0, "asked once, the first time the seat is opened here"
    friend.locator("#name-fold summary").click()  # and the name can still be changed later
    assert friend.locator("#name-text").input_value() == "Ben"
    fctx.close()
    ctx.close()
    assert not errors, errors


def test_setting_a_name_is_checked(server_factory):
    srv = server_factory("--bot-delay", "0")
    res = httpx.post(f"{srv.url}/api/tables", json={"game": "buccaneers", "players": 3, "seats": [
        {"kind": "person", "claim": True, "name": "Tess"}, {"kind": "person", "claim": True, "name": "Friend 1"},
        {"kind": "bot", "bot": "easy"}]}).json()
    tid, tess, friend = res["id"], res["links"][0]["token"], res["links"][1]["token"]

    def name(token, body):
        return httpx.post(f"{srv.url}/api/tables/{tid}/name", json=body,
                          headers={"Authorization": f"Bearer {token}"} if token else {})

    assert name(None, {"name": "Ben"}).status_code == 401
    assert name("not-a-token", {"name": "Ben"}).status_code == 401
    assert name(friend, {"who": "Ben"}).status_code == 400
    assert name(friend, {"name": 7}).status_code == 400
    assert name(friend, {"name": " \t "}).status_code == 400
    long = name(friend, {"name": "B" * 41})
    assert long.status_code == 400 and "40" in long.json()["error"]
    same = name(friend, {"name": "tess"})
    assert same.status_code == 409 and "called tess" in same.json()["error"]
    ok = name(friend, {"name": "Ben\x07 Lee"})
    assert ok.status_code == 200 and ok.json() == {"id": tid, "seat": 1, "name": "Ben Lee"}
    state = httpx.get(f"{srv.url}/api/tables/{tid}/state", headers={"Authorization": f"Bearer {tess}"}).json()
    assert state["table"]["seats"][1]["name"] == "Ben Lee"
    assert [t["text"] for t in state["talk"]] == ["Friend 1 is now called Ben Lee"]
    mine = httpx.get(f"{srv.url}/api/tables/{tid}/state", headers={"Authorization": f"Bearer {friend}"}).json()
    assert any(line.startswith("Ben Lee is dealt: ") for line in mine["log"]), mine["log"]  # the log worded again
    assert not any("Friend 1" in line for line in mine["log"])
