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

import re

import pytest

from .browsing import browser, page  # noqa: F401  (fixtures)
from .browsing import click, my_turn, needs_chromium, seeded, shot

SEED = 3  # seat 0 outfits first (and deploys first)

pytestmark = needs_chromium
with_seed = seeded(SEED)

KEYS = re.compile(r"\b[a-z]+_[a-z_]+\b")  # a snake_case key (tile key, action kind) must never show


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
