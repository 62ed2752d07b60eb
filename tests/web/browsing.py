"""What the game-by-game browser tests share: Debian's chromium under Playwright, a page that fails on
JavaScript errors, screenshots, a fixed seed for the lobby's create request, and clicks that wait for
the table to move on. Import the fixtures and helpers a test uses from here."""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from .conftest import ARTIFACTS

CHROMIUM = os.environ.get("VOIDTABLE_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run", "--disable-dev-shm-usage"]

sync_api = pytest.importorskip("playwright.sync_api", reason="playwright (the web extra) is not installed")
needs_chromium = pytest.mark.skipif(not Path(CHROMIUM).exists(),
                                    reason=f"no chromium at {CHROMIUM}: run scripts/setup.sh with VOIDTABLE_EXTRAS=test "
                                           "as root (it apt-installs Debian's chromium) or set VOIDTABLE_CHROMIUM")


@pytest.fixture
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        try:
            yield b
        finally:
            b.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    ctx = browser.new_context(viewport={"width": 1366, "height": 900})
    pg = ctx.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    yield pg
    ctx.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def seeded(seed: int) -> Callable[[Any], None]:
    """A route handler adding ``seed`` to the lobby's create request (the form has no seed field)."""
    def with_seed(route: Any) -> None:
        req = route.request
        if req.method == "POST":
            body = json.loads(req.post_data or "{}")
            body["seed"] = seed
            route.continue_(post_data=json.dumps(body))
        else:
            route.continue_()

    return with_seed


def step_of(page: Any) -> str:
    return str(page.evaluate("() => document.body.dataset.step || ''"))


def my_turn(page: Any) -> str:
    """Wait until the status line says it is this page's turn; its words."""
    page.wait_for_function("() => (document.querySelector('#status')?.innerText ?? '').startsWith('Your turn')", timeout=30_000)
    return str(page.locator("#status").inner_text())


def after(page: Any, before: str) -> None:
    """Wait until the table has moved on from step ``before``."""
    page.wait_for_function(f"() => document.body.dataset.step !== '{before}'", timeout=15_000)


def click(page: Any, selector: str) -> None:
    """Click one highlighted element (one action) and wait for the table to move on."""
    before = step_of(page)
    page.locator(selector).first.click()
    after(page, before)


def choose(page: Any, selector: str, option: str) -> str:
    """Click an element standing for several actions, then the menu entry containing ``option``; its words."""
    before = step_of(page)
    page.locator(selector).first.click()
    menu = page.locator("#menu:not([hidden])")
    menu.wait_for()
    entry = menu.locator("button.opt", has_text=option).first
    words = str(entry.inner_text())
    entry.click()
    after(page, before)
    return words
