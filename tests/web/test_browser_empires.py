"""Empires of the Void in a real browser: a person creates a 2-player table in the lobby and plays the first turns.

Playwright drives Debian's chromium against a real ``voidtable serve`` (the
pattern of test_browser_nearspace.py). The lobby has no seed field, so the test
adds a fixed seed to the lobby's create request. The person (seat 0) chooses a
race, settles or turns a tile as the setup asks, researches and builds in the
pre-round by clicking cards, then on their turn mines, moves a ship by clicking
its piece and a space of the galaxy, and ends the turn. The bot's choices are
whatever the bot does. Screenshots go to test-artifacts/.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

from .conftest import ARTIFACTS

CHROMIUM = os.environ.get("VOIDTABLE_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run", "--disable-dev-shm-usage"]
SEED = 1

sync_api = pytest.importorskip("playwright.sync_api", reason="playwright (the web extra) is not installed")
pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(),
                                reason=f"no chromium at {CHROMIUM}: run scripts/setup.sh with VOIDTABLE_EXTRAS=test as root "
                                       "(it apt-installs Debian's chromium) or set VOIDTABLE_CHROMIUM")

KEYS = re.compile(r"\b[a-z]+_[a-z_]+\b")  # a snake_case key (a planet, ship or card key, an action kind) must never show


@pytest.fixture
def browser():
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        try:
            yield b
        finally:
            b.close()


@pytest.fixture
def page(browser):
    ctx = browser.new_context(viewport={"width": 1366, "height": 900})
    pg = ctx.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    yield pg
    ctx.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def shot(page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def with_seed(route) -> None:
    req = route.request
    if req.method == "POST":
        body = json.loads(req.post_data or "{}")
        body["seed"] = SEED
        route.continue_(post_data=json.dumps(body))
    else:
        route.continue_()


def step_of(page) -> str:
    return str(page.evaluate("() => document.body.dataset.step || ''"))


def my_turn(page) -> str:
    page.wait_for_function("() => document.querySelector('#status').innerText.startsWith('Your turn')", timeout=30_000)
    return page.locator("#status").inner_text()


def click(page, selector: str) -> None:
    """Click one highlighted element (one action) and wait for the table to move on."""
    before = step_of(page)
    page.locator(selector).first.click()
    page.wait_for_function(f"() => document.body.dataset.step !== '{before}'", timeout=15_000)


def choose(page, selector: str, option: str) -> str:
    """Click an element standing for several actions, then the menu entry containing ``option``; its words."""
    before = step_of(page)
    page.locator(selector).first.click()
    menu = page.locator("#menu:not([hidden])")
    menu.wait_for()
    entry = menu.locator("button.opt", has_text=option).first
    words = entry.inner_text()
    entry.click()
    page.wait_for_function(f"() => document.body.dataset.step !== '{before}'", timeout=15_000)
    return words


def test_the_first_turns_of_empires(server_factory, page):
    srv = server_factory("--bot-delay", "0")
    page.route("**/api/tables", with_seed)
    page.goto(srv.url + "/")
    page.select_option("#game", "empires")
    page.fill("#players", "2")
    page.dispatch_event("#players", "change")
    page.fill("#myname", "Tess")
    page.select_option("#seat-0", "you")
    page.select_option("#seat-1", "easy")
    page.click("#create-btn")
    page.wait_for_url(re.compile(r"/t/[^#]+#seat="))
    page.wait_for_selector("#scene svg.hexmap")

    # setup: the race (a card), the corner (a hexagon) or a tile to turn (its middle), as the table asks
    status = my_turn(page)
    assert "Choose your race" in status
    races = page.locator("#part-races .card.legal")
    assert races.count() >= 6
    click(page, "#part-races .card.legal")
    shot(page, "empires-1-race")
    for _ in range(6):  # the setup's remaining decisions for this seat (a corner, a rotation), then the pre-round
        status = my_turn(page)
        if "Pre-round" in status:
            break
        if "corner" in status:
            click(page, "svg.hexmap g.hex.legal")
        elif "Turn a tile" in status:
            choose(page, "svg.hexmap g.hex.legal", "1 sixth")
        else:
            click(page, "#part-decision button.legal")
    assert "Pre-round" in status
    # the galaxy: 2 players play the centre and three tiles, every space a hexagon, lines between them
    assert page.locator("svg.hexmap g.hex").count() >= 30
    assert page.locator("svg.hexmap g.link").count() >= 30
    assert page.locator("svg.hexmap g.hex", has_text="Pyrious").count() == 1
    assert page.locator("svg.hexmap g.link.marked").count() >= 1  # an obstacle on a line
    assert page.locator("#part-players .player").count() == 2
    assert page.locator("#part-events .card").count() >= 9  # the event deck's backs, score cards marked
    assert page.locator("#part-events .card", has_text="Score card").count() == 3
    shot(page, "empires-2-pre-round")

    # the pre-round: research a technology (a card), build a Diplomat and a Starfighter (cards), done
    click(page, "#part-research .card.legal")
    my_turn(page)
    click(page, "#part-build .card.legal >> text=Diplomat")
    my_turn(page)
    if page.locator("#part-build .card.legal", has_text="Starfighter").count():
        click(page, "#part-build .card.legal >> text=Starfighter")
        my_turn(page)
    click(page, "#part-decision button.legal >> text=done building")

    # the first turn: MINE (a button), MOVE (the ship's piece, then a space), end the turn
    status = my_turn(page)
    assert status.startswith("Your turn: An action")
    assert page.locator("svg.hexmap g.piece.seat-0").count() >= 1  # the new ships on the home world
    assert page.locator("#part-council").count() == 1
    click(page, "#part-decision button.legal >> text=MINE")
    my_turn(page)
    click(page, "svg.hexmap g.piece.legal")
    my_turn(page)
    target = page.locator("svg.hexmap g.hex.legal").first
    where = target.get_attribute("data-hex")
    assert "move to" in (target.get_attribute("aria-label") or "")
    click(page, f'svg.hexmap g.hex.legal[data-hex="{where}"]')
    assert page.locator(f'svg.hexmap g.piece.seat-0').count() >= 1
    shot(page, "empires-3-moved")
    my_turn(page)
    click(page, "#part-decision button.legal >> text=end the turn")
    page.wait_for_function("""() => /Round [2-9]/.test(document.querySelector('#headline').innerText)
        || document.querySelector('#status').innerText.startsWith('Your turn')""", timeout=30_000)
    shot(page, "empires-4-turn-ended")

    # what a person read: the log in words, naming races, ships and spaces, never keys or ids
    lines = page.locator("#log li").all_inner_texts()
    text = "\n".join(lines)
    assert "Tess plays the" in text and "Bot 1 (easy) plays the" in text
    assert "Tess builds a Diplomat" in text and "Tess mines 1 credit" in text and "Tess moves a" in text
    assert "Tess ends the turn" in text
    assert not KEYS.findall(text), KEYS.findall(text)[:5]
    scene_text = page.locator("#scene").inner_text()
    assert not KEYS.findall(scene_text), KEYS.findall(scene_text)[:5]
