"""Black Abyss's fleet battle in a real browser: a person outfits a fleet, deploys it and plays the first battle turns.

Playwright drives Debian's chromium against a real ``voidtable serve`` (the pattern
of test_browser_nearspace.py). The lobby has no seed field, so the test adds a fixed
seed to the lobby's create request (seed 3: the person, seat 0, outfits first). The
person buys two Pickets by clicking their design card (the rest of the points buy
nothing, so the fleet completes itself), places both on the left edge by clicking
cells of the battle board, then acts with a ship and moves it. The bot's choices are
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
SEED = 3  # seat 0 outfits first (and deploys first)

sync_api = pytest.importorskip("playwright.sync_api", reason="playwright (the web extra) is not installed")
pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(),
                                reason=f"no chromium at {CHROMIUM}: run scripts/setup.sh with VOIDTABLE_EXTRAS=test as root "
                                       "(it apt-installs Debian's chromium) or set VOIDTABLE_CHROMIUM")

KEYS = re.compile(r"\b[a-z]+_[a-z_]+\b")  # a snake_case key (tile key, action kind) must never show


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


def my_turn(page) -> None:
    page.wait_for_function("() => document.querySelector('#status').innerText.startsWith('Your turn')", timeout=30_000)


def click(page, selector: str) -> None:
    """Click one highlighted element (one action) and wait for the table to move on."""
    before = step_of(page)
    page.locator(selector).first.click()
    page.wait_for_function(f"() => document.body.dataset.step !== '{before}'", timeout=15_000)


def log(page) -> list[str]:
    return page.locator("#log li").all_inner_texts()


def test_the_first_turns_of_the_fleet_battle(server_factory, page):
    srv = server_factory("--bot-delay", "0")
    page.route("**/api/tables", with_seed)
    page.goto(srv.url + "/")
    page.select_option("#game", "abyss_battle")
    page.fill("#myname", "Tess")
    page.select_option("#seat-0", "you")
    page.select_option("#seat-1", "easy")
    page.click("#create-btn")
    page.wait_for_url(re.compile(r"/t/[^#]+#seat="))
    page.wait_for_selector("#scene svg.hexmap")
    my_turn(page)
    shot(page, "abyss-duel-1-outfit")

    # the battle board: 10 x 8 cells named as on a chess board; seven designs to buy, each with its points
    assert page.locator("svg.hexmap g.hex").count() == 80
    assert "Outfitting" in page.locator("#headline").inner_text()
    designs = page.locator("#part-designs .card")
    assert designs.count() == 7
    picket = page.locator("#part-designs .card.legal", has_text="Picket")
    assert "19 points" in picket.inner_text()
    click(page, "#part-designs .card.legal >> text=Picket")
    my_turn(page)
    click(page, "#part-designs .card.legal >> text=Picket")
    # 2 points left buy nothing: the fleet completes itself; the bot finishes its fleet; deployment
    my_turn(page)
    assert "Deploying" in page.locator("#headline").inner_text()
    assert "Tess's fleet" in page.locator("#part-fleet-0").inner_text()
    assert page.locator("#part-fleet-0 .card", has_text="Picket").count() == 2
    shot(page, "abyss-duel-2-deploy")

    # place both Pickets on the left edge (columns A and B)
    for _ in range(2):
        my_turn(page)
        cell = page.locator("svg.hexmap g.hex.legal").first
        hint = cell.get_attribute("aria-label") or ""
        assert hint.startswith("Place the next ship at "), hint
        assert re.search(r"at [AB]\d", hint)
        click(page, "svg.hexmap g.hex.legal")
    # the battle: pick a ship, then a cell within its move (the board lights them up)
    my_turn(page)
    assert re.search(r"Round \d+ of 30", page.locator("#headline").inner_text())
    pieces = page.locator("svg.hexmap g.piece.legal")
    if pieces.count():
        click(page, "svg.hexmap g.piece.legal")
        my_turn(page)
    reach = page.locator("svg.hexmap g.hex.legal")
    assert reach.count() >= 2
    assert (reach.first.get_attribute("aria-label") or "").startswith("Move to ")
    click(page, "svg.hexmap g.hex.legal >> nth=-1")
    shot(page, "abyss-duel-3-battle")

    text = "\n".join(log(page))
    assert "buys a Picket (19 points; 21 left)" in text
    assert re.search(r"places Picket [12] at [AB]\d", text)
    assert re.search(r"Round 1: initiative", text)
    assert not KEYS.findall(text), KEYS.findall(text)[:5]
    scene_text = page.locator("#scene").inner_text()
    assert not KEYS.findall(scene_text), KEYS.findall(scene_text)[:5]
