"""Menus open inside the window (issue 28, item 1).

A Nearspace card near the bottom of the window opened its menu below the window's edge (its options at
y=892-1060 of a 900-pixel window) where no scrolling reached it. The test sits a person at a Nearspace
table, brings every element that opens a menu to the bottom edge of the window, then to its top edge,
opens the menu and requires the whole menu, every option included, inside the viewport.
"""

from __future__ import annotations

import httpx

from .browsing import browser, page  # noqa: F401  (fixtures)
from .browsing import my_turn, needs_chromium
from .conftest import ARTIFACTS

pytestmark = needs_chromium

SEED = 1  # seat 0 (the person) moves first


def sit_at_nearspace(url: str) -> str:
    res = httpx.post(f"{url}/api/tables", json={"game": "nearspace", "players": 2, "seed": SEED, "seats": [
        {"kind": "person", "claim": True, "name": "Tess"}, {"kind": "bot", "bot": "easy"}]}).json()
    return url + res["links"][0]["url"]


def menu_box(page) -> dict:
    """The open menu's box, and its last option's box once scrolled to (a long menu scrolls inside itself),
    in viewport pixels."""
    return page.evaluate("""() => {
        const m = document.querySelector('#menu'); const r = m.getBoundingClientRect();
        const opts = [...m.querySelectorAll('button.opt')];
        opts[opts.length - 1].scrollIntoView({block: 'nearest'});
        const last = opts[opts.length - 1].getBoundingClientRect();
        return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, options: opts.length,
                last_top: last.top, last_bottom: last.bottom, width: document.documentElement.clientWidth,
                height: window.innerHeight};
    }""")


def bring_to(page, index: int, where: str) -> dict:
    """Scroll element ``index`` of those that open a menu to the window's top or bottom edge; its box."""
    return page.evaluate("""([i, where]) => {
        const e = document.querySelectorAll('[aria-haspopup="menu"]')[i];
        e.scrollIntoView({block: where, inline: 'nearest'});
        const r = e.getBoundingClientRect(); return {top: r.top, bottom: r.bottom};
    }""", [index, where])


def test_every_menu_opens_inside_the_window(server_factory, page):  # noqa: F811
    srv = server_factory("--bot-delay", "0")
    page.set_viewport_size({"width": 1366, "height": 700})  # short enough that the hand sits low on the page
    page.goto(sit_at_nearspace(srv.url))
    my_turn(page)
    count = page.locator('[aria-haspopup="menu"]').count()
    assert count >= 2, "Nearspace's first turn offers menus (a hull on Terra, play or cycle a card, invest)"
    checked = 0
    for i in range(count):
        for where in ("end", "start"):
            box = bring_to(page, i, where)
            if box["bottom"] <= 0 or box["top"] >= 700:
                continue  # cannot be brought into the window at all (not the case on this page)
            page.locator('[aria-haspopup="menu"]').nth(i).click(position=None)
            page.wait_for_selector("#menu:not([hidden])")
            m = menu_box(page)
            if where == "end":  # what the person sees: the window, not the whole page
                ARTIFACTS.mkdir(exist_ok=True)
                page.screenshot(path=str(ARTIFACTS / f"menu-{i}-at-the-bottom-edge.png"))
            assert m["options"] >= 1
            assert 0 <= m["top"] and m["bottom"] <= m["height"], (i, where, box, m)
            assert 0 <= m["last_top"] and m["last_bottom"] <= m["height"], (i, where, m)
            assert 0 <= m["left"] and m["right"] <= m["width"], (i, where, m)
            page.keyboard.press("Escape")
            page.wait_for_selector("#menu", state="hidden")
            checked += 1
    assert checked >= 2 * count - 1
