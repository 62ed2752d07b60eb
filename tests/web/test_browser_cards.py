"""The table reads like the board, in any game (issue 28 items 5, 6 and 10): a registry-wide browser check.

For every registered game with a scene, a seeded bot game is walked in this process and a few
of its positions are picked so that together they show every kind of card the walk met
(tests/web/tablewalk.py); the walk's moves are replayed into a table on a real server, and the
page of the seat to move is looked at in a 1400x900 and an 800x900 window. At each position and width:

- every text on a card, in a player's panel and in each part of the scene lies inside its box and inside
  every box between them that clips (tests/web/overflow.js). On the page before this check, Fleet Battle
  and Black Abyss ship cards ran their stats out of the card ("shield 1 move 2"), Empires' ship cards their
  initiative, Buccaneers' small cards their Weight, and every card badge stood half outside its card;
- the table is laid out so that it can be played (tests/web/layout.js): with the board brought under the
  header, the prompt and the first choice are in view and the board's map whole in the room left (or filling
  it); every lit element and choice can be scrolled into view and is what a click there lands on; every menu
  opens inside the window; no name, label or token on a map covers another, nor a track's marks. On the
  page before this check the choices of an 800 px window started 1,450-2,970 px down the page;
- every choice says what it does in words (tests/web/weigh.js, item 5), once per position.

One walk and one page load per position serve all three (the layout check adds about 0.1 s a look).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from .browsing import ARGS, CHROMIUM, needs_chromium, sync_api
from .conftest import ARTIFACTS, Server
from .tablewalk import Replayer, bot_game, table_configs

pytestmark = needs_chromium
OVERFLOW = (Path(__file__).with_name("overflow.js")).read_text()
WEIGH = (Path(__file__).with_name("weigh.js")).read_text()
LAYOUT = (Path(__file__).with_name("layout.js")).read_text()
WIDTHS = (1400, 800)
SEED = 11


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    data = tmp_path_factory.mktemp("cards") / "data"
    data.mkdir()
    srv = Server(data).start()
    try:
        yield srv
    finally:
        srv.stop()


@pytest.fixture(scope="module")
def window():
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        ctx = b.new_context(viewport={"width": WIDTHS[0], "height": 900})
        pg = ctx.new_page()
        errors: list[str] = []
        pg.on("pageerror", lambda e: errors.append(str(e)))
        try:
            yield pg
        finally:
            b.close()
        assert not errors, f"JavaScript errors on the page: {errors}"


@pytest.mark.parametrize("name,players", table_configs(), ids=[n for n, _ in table_configs()])
def test_no_words_spill_out_of_a_card(server, window, name, players):
    walk = bot_game(name, players, SEED)
    table = Replayer(server.url, walk)
    problems: list[str] = []
    unsaid: list[str] = []
    unplayable: list[str] = []
    covered: list[str] = []
    looked = 0
    try:
        for step in walk.positions:
            window.set_viewport_size({"width": WIDTHS[0], "height": 900})
            window.goto(table.to(step))
            window.wait_for_function("() => (document.querySelector('#status')?.innerText ?? '').startsWith('Your turn')",
                                     timeout=30_000)
            unsaid += [f"step {step}: {p}" for p in window.evaluate(WEIGH)]
            for width in WIDTHS:
                window.set_viewport_size({"width": width, "height": 900})
                window.wait_for_function(f"() => document.body.dataset.layout === '{width}x900'")  # app.js laid it out
                looked += window.locator(".card, .player").count()
                problems += [f"step {step}, {width} px: {p}" for p in window.evaluate(OVERFLOW, ".card, .player, #scene .part")]
                for kind, p in window.evaluate(LAYOUT):
                    (covered if kind == "labels" else unplayable).append(f"step {step}, {width} px: {p}")
                if step == walk.positions[-1]:
                    ARTIFACTS.mkdir(exist_ok=True)
                    window.screenshot(path=str(ARTIFACTS / f"cards-{name}-{width}.png"), full_page=True)
    finally:
        table.close()
    assert looked, f"{name}: no card or player panel at steps {walk.positions}"
    assert not problems, f"{name}: {len(problems)} words out of their box:\n" + "\n".join(problems[:12])
    assert not unsaid, f"{name}: {len(unsaid)} choices do not say what they do:\n" + "\n".join(unsaid[:12])
    assert not unplayable, f"{name}: {len(unplayable)} layout problems:\n" + "\n".join(unplayable[:12])
    assert not covered, f"{name}: {len(covered)} labels covered:\n" + "\n".join(covered[:12])


def test_black_abyss_technologies_and_buildings_say_what_they_do(server, window):
    """Issue 28 item 5: a technology card showed its name and cost only (its tooltip repeated the name), and a
    planet square's menu was announced as "choose". Now each technology card says what it does, from its rules
    data, and a square's tooltip lists its choices, each building with what it brings."""
    from voidtable.engine.registry import load
    from voidtable.games.abyss.fourx.text import building_effect, tech_effect

    game = load("abyss", 4, {})
    walk = bot_game("abyss", 4, SEED)
    step = walk.first("designs:tech")
    table = Replayer(server.url, walk)
    try:
        window.set_viewport_size({"width": 1400, "height": 900})
        window.goto(table.to(step))
        window.wait_for_selector("#part-designs .card.k-tech")
        by_name = {t.name: k for k, t in game.rules.techs.items()}
        cards = window.locator("#part-designs .card.k-tech")
        assert cards.count() >= 3
        for i in range(cards.count()):
            card = cards.nth(i)
            name = card.locator(".ctitle").inner_text()
            said = tech_effect(game, by_name[name])
            assert said and card.locator(".ctext").inner_text() == said, name
            assert said in (card.get_attribute("title") or ""), name
        assert "Lets you found colonies on blue planets" in window.locator("#part-designs").inner_text()
        squares = window.locator("[id^=part-planet-] .card.legal[aria-haspopup]")
        assert squares.count(), "no square with a menu at this step"
        for i in range(squares.count()):
            label = squares.nth(i).get_attribute("aria-label") or ""
            assert label != "choose" and label.startswith("Square "), label
        buildings = {b.name: k for k, b in game.rules.buildings.items()}
        tips = [squares.nth(i).get_attribute("title") or "" for i in range(squares.count())]
        built = [(i, m.group(1)) for i, tip in enumerate(tips) for m in re.finditer(r"• Build an? ([A-Z][a-z ]+?) on square", tip)]
        assert built, tips
        i, name = built[0]
        assert building_effect(game, buildings[name]).lower() in tips[i].lower(), tips[i]
        squares.nth(i).click()
        menu = window.locator("#menu:not([hidden])")
        assert building_effect(game, buildings[name]).lower() in menu.inner_text().lower()
    finally:
        table.close()
