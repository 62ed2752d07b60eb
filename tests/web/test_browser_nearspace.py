"""Nearspace in a real browser: a person creates a table in the lobby and plays the first turns by clicking.

Playwright drives Debian's chromium against a real ``voidtable serve`` (the
pattern of test_browser.py). The lobby has no seed field, so the test adds a
fixed seed to the lobby's own create request on its way out (seed 1: the
person, seat 0, takes the first turn; their first turn is scripted click by
click). The bot's turns are whatever the bot does; the person's second turn
only uses what the page offers. Screenshots go to test-artifacts/.
"""

from __future__ import annotations

import re

import pytest

from voidtable.games.nearspace import SPEC

from .browsing import browser, page  # noqa: F401  (fixtures)
from .browsing import choose, click, my_turn, needs_chromium, seeded, shot

SEED = 1  # seat 0 moves first; Terra gives 5 CP; the engine rolls enough E to move

pytestmark = needs_chromium
with_seed = seeded(SEED)

HOME = "2,-4"  # Tess's Homeworld (seat 0), from nearspace.toml [map]
KEYS = re.compile(r"\b[a-z]+_[a-z_]+\b")  # a snake_case key (card key, action kind) must never show


def create_in_lobby(page, url: str) -> None:
    page.route("**/api/tables", with_seed)
    page.goto(url + "/")
    page.select_option("#game", "nearspace")
    page.fill("#myname", "Tess")
    page.select_option("#seat-0", "you")
    page.select_option("#seat-1", "easy")
    page.click("#create-btn")
    page.wait_for_url(re.compile(r"/t/[^#]+#seat="))
    page.wait_for_selector("#scene svg.hexmap")


def hex_texts(page, where: str) -> str:
    return page.locator(f'svg.hexmap g.hex[data-hex="{where}"]').text_content() or ""  # SVG: no innerText


def panel_value(page, part: str, label: str) -> str:
    return page.locator(f"#part-{part} dt", has_text=re.compile(f"^{label}$")).locator("xpath=following-sibling::dd[1]").inner_text()


def log(page) -> list[str]:
    return page.locator("#log li").all_inner_texts()


def test_the_first_turns_of_nearspace(server_factory, page):
    srv = server_factory("--bot-delay", "0")
    create_in_lobby(page, srv.url)
    my_turn(page)
    shot(page, "nearspace-1-start")

    # the map: 25 places; 22 face down, showing only whose deck they came from; both Homeworlds by title
    hexes = page.locator("svg.hexmap g.hex")
    assert hexes.count() == 25
    down = page.locator("svg.hexmap g.hex", has_text="Face down")
    assert down.count() == 22
    backs = page.locator("svg.hexmap g.hex.f-back-0")  # a back of Tess's deck: its colour and her name
    assert backs.count() == 11 and "Tess" in (backs.first.text_content() or "")
    assert "from Tess's deck" in (backs.first.locator("title").text_content() or "")
    home = page.locator(f'svg.hexmap g.hex[data-hex="{HOME}"]')
    assert home.locator("text.hl1").text_content() == "Terra" and home.locator("text.hl2").text_content() == "Tess's Homeworld"
    assert page.locator(f'svg.hexmap .labels text.hname[data-hex="{HOME}"]').text_content() == "A1"  # its sector
    assert "Lay down a hull at Terra" in (home.get_attribute("aria-label") or "")
    theirs = page.locator('svg.hexmap g.hex[data-hex="-2,4"]')
    assert theirs.locator("text.hl1").text_content() == "Centauri Prime"
    assert "Bot 1 (easy)'s Homeworld" in (theirs.locator("title").text_content() or "")
    assert "Neutral Space" in hex_texts(page, "0,0")
    # CP and E this turn, the hand (public, with play/cycle on its cards), the prompt, the headline
    assert panel_value(page, "turn", "CP") == "5"
    assert panel_value(page, "turn", "E") == "0"
    assert page.locator("#part-hand .card").count() == 3
    assert page.locator("#part-hand .card.legal").count() >= 1  # cycling costs 1 CP: every card can be cycled
    assert "Build" in page.locator("#status").inner_text()
    assert re.search(r"Turn 1 · Tess · Build", page.locator("#headline").inner_text())
    assert page.locator("#part-players .player").count() == 2

    # lay down a hull: the Homeworld stands for every die of the Stockpile (a menu)
    words = choose(page, f'svg.hexmap g.hex.legal[data-hex="{HOME}"]', "red Fighter (d4)")
    assert "Corsair" in words
    hull = page.locator("#part-shipyards .card", has_text="red Fighter (d4)")
    assert "1/4" in hull.inner_text()
    # the hull is on the map too, at its Homeworld, unfinished: 1 of its 4 CP in
    drawn = page.locator("svg.hexmap g.piece.m-unfinished")
    assert drawn.count() == 1 and drawn.first.locator(":scope > text").text_content() == "1/4"
    assert panel_value(page, "turn", "CP") == "4"
    # invest the rest of its cost: it enters service, a d4 on the map
    choose(page, "#part-shipyards .card.legal", "Put 3 CP")
    assert page.locator("#part-shipyards .card").count() == 0
    die = page.locator("svg.hexmap g.piece")
    assert die.count() == 1 and (die.first.text_content() or "").startswith("d4")
    # the die is filled with its owner's colour, its own colour (red) a stripe on it
    body = die.first.locator(":scope > rect")
    tess = page.locator("#part-players .player.seat-0 .dot").evaluate("e => getComputedStyle(e).backgroundColor")
    assert body.evaluate("e => getComputedStyle(e).fill") == tess
    assert die.first.locator(".band polygon").evaluate("e => getComputedStyle(e).fill") == "rgb(224, 69, 58)"
    assert "red Fighter (d4)" in page.locator("#part-fleet-0").inner_text()
    # close the Shipyard: the engine is rolled, E to move with
    click(page, "#part-decision button.legal >> text=Close the Shipyard")
    my_turn(page)
    e = int(panel_value(page, "turn", "E"))
    assert e >= 2, "seed 1 rolls enough E to move the Corsair (2 E)"
    assert "Action" in page.locator("#status").inner_text()
    shot(page, "nearspace-2-built")

    # move: the Homeworld (a group of its one ship), then a neighbouring face-down sector, which turns up
    click(page, f'svg.hexmap g.hex.legal[data-hex="{HOME}"]')
    target = page.locator("svg.hexmap g.hex.legal").first
    where = target.get_attribute("data-hex")
    assert "Face down" in (target.text_content() or "")
    hint = target.get_attribute("aria-label") or ""
    assert hint.startswith("Move the group to a face-down card from Tess's deck")
    click(page, f'svg.hexmap g.hex.legal[data-hex="{where}"]')
    assert "Face down" not in hex_texts(page, where)
    assert int(panel_value(page, "turn", "E")) < e
    lines = log(page)
    assert any("is revealed" in line for line in lines)
    assert any("moves 1 ship" in line for line in lines)
    shot(page, "nearspace-3-moved")
    # end the turn (a labelled button); the bot plays its turn; Turn 3 is ours again
    # E is left (seed 1 rolled plenty), so the Fighter may move on: its sector is offered, and the button ends the turn
    assert page.locator(f'svg.hexmap g.hex.legal[data-hex="{where}"]').count() == 1
    click(page, "#part-decision button.legal >> text=End the turn")
    my_turn(page)
    assert re.search(r"Turn 3 · Tess", page.locator("#headline").inner_text())

    # the second turn: lay down a Gunship and put CP into it, close the Shipyard, end the turn
    choose(page, f'svg.hexmap g.hex.legal[data-hex="{HOME}"]', "Gunship (d6)")
    assert "1/6" in page.locator("#part-shipyards .card", has_text="Gunship (d6)").inner_text()
    choose(page, "#part-shipyards .card.legal", "Put 1 CP")
    assert "2/6" in page.locator("#part-shipyards .card", has_text="Gunship (d6)").inner_text()
    click(page, "#part-decision button.legal >> text=Close the Shipyard")
    # with E to move the Fighter, the Action step waits for us; without, it ends by itself (its only choice)
    page.wait_for_function("""() => /Turn [4-9]/.test((document.querySelector('#headline')?.innerText ?? ''))
        || [...document.querySelectorAll('#part-decision button.legal')].some(b => b.innerText.startsWith('End the turn'))""",
                           timeout=30_000)
    if "Turn 3" in page.locator("#headline").inner_text():
        click(page, "#part-decision button.legal >> text=End the turn")
    page.wait_for_function("() => /Turn [4-9]/.test((document.querySelector('#headline')?.innerText ?? ''))", timeout=30_000)
    shot(page, "nearspace-4-turn3")

    # what a person read: the log in words, naming cards and dice, never keys or ids
    lines = log(page)
    text = "\n".join(lines)
    assert "lays down a red Fighter (d4)" in text and "enters service" in text
    assert "puts 3 CP into" in text
    assert not KEYS.findall(text), KEYS.findall(text)[:5]
    scene_text = page.locator("#scene").inner_text()
    assert not KEYS.findall(scene_text), KEYS.findall(scene_text)[:5]
    assert SPEC.title in page.title() or page.locator("#title, .brand").count()
