"""Black Abyss's main game in a real browser: a person plays the first turns of a 3-player game against two bots.

Playwright drives Debian's chromium against a real ``voidtable serve`` (the pattern
of test_browser_abyss_duel.py). The lobby has no seed field, so the test adds a fixed
seed to the lobby's create request. The person (seat 0, the first player of cycle 1)
picks a Fighter on the galaxy map, flies it to a neighbouring place by clicking the
hex, stops it, ends the movement with the decision's button, and later in the cycle
buys something in the purchase phase. The bots' choices are whatever the bots do.
Screenshots go to test-artifacts/.
"""

from __future__ import annotations

import re

import pytest

from .browsing import browser, page  # noqa: F401  (fixtures)
from .browsing import click, my_turn, needs_chromium, seeded, shot

SEED = 4

pytestmark = needs_chromium
with_seed = seeded(SEED)

KEYS = re.compile(r"\b[a-z]+_[a-z_]+\b")  # a snake_case key (building, tile, action kind) must never show


def prompt(page) -> str:
    return page.locator("#part-decision").inner_text() if page.locator("#part-decision").count() else ""


def test_the_first_turns_of_the_main_game(server_factory, page):
    srv = server_factory("--bot-delay", "0")
    page.route("**/api/tables", with_seed)
    page.goto(srv.url + "/")
    page.select_option("#game", "abyss")
    page.fill("#players", "3")
    page.dispatch_event("#players", "change")
    page.fill("#myname", "Vera")
    page.select_option("#seat-0", "you")
    page.select_option("#seat-1", "easy")
    page.select_option("#seat-2", "easy")
    page.click("#create-btn")
    page.wait_for_url(re.compile(r"/t/[^#]+#seat="))
    page.wait_for_selector("#part-galaxy svg.hexmap")
    my_turn(page)
    shot(page, "abyss-1-galaxy")

    # the galaxy (map option 2): a centre and three rings, 37 places, named by number as the log names them
    assert page.locator("#part-galaxy svg.hexmap g.hex").count() == 37
    assert "Cycle 1" in page.locator("#headline").inner_text()
    assert page.locator("#part-tribunal").count() == 1
    # Movement: pick one of the two start Fighters on the map, then fly it to a neighbouring place
    fighters = page.locator("#part-galaxy svg.hexmap g.piece.legal")
    assert fighters.count() == 2
    click(page, "#part-galaxy svg.hexmap g.piece.legal")
    my_turn(page)
    steps = page.locator("#part-galaxy svg.hexmap g.hex.legal")
    assert steps.count() >= 1
    hint = steps.first.get_attribute("aria-label") or ""
    assert hint.startswith("Fly to space "), hint
    click(page, "#part-galaxy svg.hexmap g.hex.legal")
    shot(page, "abyss-2-flown")
    # stop this ship if it may still fly or scan, then end the movement
    my_turn(page)
    for _ in range(4):
        buttons = page.locator("#part-decision button.legal")
        labels = buttons.all_inner_texts()
        if any(label.endswith("Done") or "Done" in label for label in labels) and not page.locator(
                "#part-galaxy svg.hexmap g.hex.legal").count():
            break
        if any("Stop this ship" in label for label in labels):
            click(page, "#part-decision button.legal >> text=Stop this ship")
            my_turn(page)
        elif any("Scan the planet below" in label for label in labels):
            click(page, "#part-decision button.legal >> text=Scan the planet below")
            my_turn(page)
        else:
            break
    click(page, "#part-decision button.legal >> text=Done")
    # the bots move; production and purchases come round to us: something to buy lights up
    my_turn(page)
    shot(page, "abyss-3-next")
    # the next decision of ours in the cycle: a purchase (a habitat, a building, a technology lights up)
    headline = page.locator("#headline").inner_text()
    assert re.search(r"Cycle \d+ · \w+", headline), headline
    if "purchases" in headline:
        assert page.locator("#part-designs .card.legal").count() + page.locator("[id^=part-planet-] .card.legal").count() > 0

    log = "\n".join(page.locator("#log li").all_inner_texts())
    assert "Cycle 1 begins" in log
    assert re.search(r"Vera's Fighter [12] flies from space \d+ to space \d+", log), log[:800]
    assert not KEYS.findall(log), KEYS.findall(log)[:5]
    scene_text = page.locator("#scene").inner_text()
    assert not KEYS.findall(scene_text), KEYS.findall(scene_text)[:5]
