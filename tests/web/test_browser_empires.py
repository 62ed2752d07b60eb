"""Empires of the Void in a real browser: a person creates a 2-player table in the lobby and plays the first turns.

Playwright drives Debian's chromium against a real ``voidtable serve`` (the
pattern of test_browser_nearspace.py). The lobby has no seed field, so the test
adds a fixed seed to the lobby's create request. The person (seat 0) chooses a
race, settles or turns a tile as the setup asks, researches and builds in the
pre-round by clicking cards, then on their turn mines, moves a ship by clicking
its piece and a space of the galaxy, and ends the turn. Negotiation is on (chosen
in the lobby), so between the rounds, outside anyone's turn, the person makes an
offer in the page: the other player's panel, a credit, send; an offer to them is
answered with its buttons. The bot's choices are whatever the bot does.
Screenshots go to test-artifacts/.
"""

from __future__ import annotations

import re

import pytest

from .browsing import browser, page  # noqa: F401  (fixtures)
from .browsing import after, choose, click, my_turn, needs_chromium, seeded, shot, step_of
from .conftest import ARTIFACTS as ARTIFACTS_DIR

SEED = 1

pytestmark = needs_chromium
with_seed = seeded(SEED)

KEYS = re.compile(r"\b[a-z]+_[a-z_]+\b")  # a snake_case key (a planet, ship or card key, an action kind) must never show


def test_the_first_turns_of_empires(server_factory, page):
    srv = server_factory("--bot-delay", "0")
    page.route("**/api/tables", with_seed)
    page.goto(srv.url + "/")
    page.select_option("#game", "empires")
    page.fill("#players", "2")
    page.dispatch_event("#players", "change")
    page.fill("#myname", "Tess")
    page.select_option('select[data-option="negotiation"]', "full")
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
            choose(page, "svg.hexmap g.hex.legal", "one sixth")
        else:
            click(page, "#part-decision button.legal")
    assert "Pre-round" in status
    # the galaxy: 2 players play the centre and three tiles, every space a hexagon, lines between them
    assert page.locator("svg.hexmap g.hex").count() >= 30
    assert page.locator("svg.hexmap g.link").count() >= 30
    assert page.locator("svg.hexmap .labels text.hname", has_text="Pyrious").count() == 1
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
    page.wait_for_function("""() => /Round [2-9]/.test((document.querySelector('#headline')?.innerText ?? ''))
        || (document.querySelector('#status')?.innerText ?? '').startsWith('Your turn')""", timeout=30_000)
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

    # between rounds 1 and 2, outside anyone's turn: one offer (the other player's panel, a credit, send)
    for _ in range(20):
        status = my_turn(page)
        if "Before the next round" in status:
            break
        if "An offer to you" in status:  # the bot may have offered something first
            click(page, "#part-decision button.legal >> text=decline the offer")
        elif "end the turn" in page.locator("#part-decision").inner_text():
            click(page, "#part-decision button.legal >> text=end the turn")
        else:
            click(page, "#part-decision button.legal >> text=done building")
    assert "Before the next round" in status and "Round 1 of" in page.locator("#headline").inner_text()
    click(page, "#part-players .player.seat-1")
    my_turn(page)
    assert page.locator("#part-offer").count() == 1
    click(page, "#part-decision button.legal >> text=give 1 credit")
    my_turn(page)
    shot(page, "empires-5-offer")
    before = step_of(page)
    page.locator("#part-decision button.legal", has_text="send the offer").first.click()
    after(page, before)
    page.wait_for_function("""() => /the offer of Tess/.test((document.querySelector('#log')?.innerText ?? ''))""", timeout=30_000)
    log = "\n".join(page.locator("#log li").all_inner_texts())
    assert "Tess offers Bot 1 (easy) 1 credit" in log
    assert "accepts the offer of Tess" in log or "declines the offer of Tess" in log


# ---------------------------------------------------------------- the galaxy reads like the board (issue 28 item 2)

MAP = "#part-galaxy svg.hexmap"
BOXES = """sel => [...document.querySelectorAll(sel)].map(e => { const r = e.getBoundingClientRect();
  return {text: e.textContent, left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width,
          seat: (e.closest('[class*=seat-]') || e).getAttribute('class'), fill: getComputedStyle(e).fill,
          stroke: getComputedStyle(e).stroke}; })"""


def overlap(a, b) -> bool:
    return a["left"] < b["right"] - 0.5 and b["left"] < a["right"] - 0.5 and a["top"] < b["bottom"] - 0.5 and b["top"] < a["bottom"] - 0.5


def test_the_galaxy_reads_like_the_board(server_factory, browser):  # noqa: F811
    """A 4-player game in round 2 or later, at 1400x900: big hexes, every tile outlined and labelled as the
    words name it, every planet's name whole and clear of every other label and token, ships in their owner's
    colour with their kind named, home worlds in their owner's colour, and the prompt's places on the map."""
    from voidtable.engine.registry import load

    from voidtable.games.empires import text

    from .tablewalk import Replayer, bot_game

    srv = server_factory("--bot-delay", "0")
    walk = bot_game("empires", 4, 5, decisions=160, looks=1)
    game = load("empires", 4, {})
    step = next(i for i in range(120, len(walk.moves)) if walk.moves[i][1]["kind"] in ("move", "to"))
    rep = Replayer(srv.url, walk)
    ctx = browser.new_context(viewport={"width": 1400, "height": 900})
    page = ctx.new_page()
    try:
        page.goto(rep.to(step))
        page.wait_for_selector(f"{MAP} g.piece")
        # the map takes the table's width: its hexes are at least 60 px across (52 px before, the map capped by the
        # window's height)
        widths = page.locator(f"{MAP} g.hex polygon").evaluate_all("ps => ps.map(p => p.getBoundingClientRect().width)")
        assert len(widths) >= 60 and min(widths) >= 60, (len(widths), min(widths))

        # seven tiles, each outlined and labelled with the name the words give it, and where it lies
        labels = page.locator(f"{MAP} text.rname").all_text_contents()
        assert sorted(labels) == sorted(text.tile_label(game, k) for k in game.rules.tiles), labels
        assert page.locator(f"{MAP} g.region polygon").count() == 7
        subs = page.locator(f"{MAP} text.rsub").all_text_contents()
        assert sorted(subs) == sorted(["centre", "east", "north-east", "north-west", "west", "south-west", "south-east"])

        # every planet's name whole, drawn above every hexagon (none covers it) and clear of other labels and tokens
        planets = {game.rules.planet(k).name for k in game.rules.data.planets}
        names = page.evaluate(BOXES, f"{MAP} .labels text.hname")
        shown = [n for n in names if n["text"] in planets]
        assert {n["text"] for n in shown} == planets, sorted(planets - {n["text"] for n in shown})
        order = page.evaluate(f"""() => {{ const ps = [...document.querySelectorAll('{MAP} g.hex polygon')];
            const ts = [...document.querySelectorAll('{MAP} .labels text.hname')];
            return ts.every(t => ps.every(p => p.compareDocumentPosition(t) & Node.DOCUMENT_POSITION_FOLLOWING)); }}""")
        assert order, "a name is drawn under a hexagon"
        others = page.evaluate(BOXES, f"{MAP} .labels text, {MAP} g.piece, {MAP} g.hex text")
        for n in shown:
            assert n["width"] >= 8, n
            clash = [o for o in others if o["text"] != n["text"] and overlap(n, o)]
            assert not clash, (n, clash[:3])

        # a ship token: its owner's colour, its kind named by the legend's key, its count and owner in its title
        legend = page.locator("#part-galaxy .legend [role=listitem]").all_inner_texts()
        key = dict(item.split(" = ", 1) for item in legend if " = " in item)
        dots = page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('#part-players .player')].map(
            p => [p.dataset.seat, getComputedStyle(p.querySelector('.dot')).backgroundColor]))""")
        ships = page.evaluate("""sel => [...document.querySelectorAll(sel)].filter(g => g.dataset.piece.startsWith('ships-'))
            .map(g => ({label: g.querySelector(':scope > text').textContent, title: g.querySelector(':scope > title').textContent,
                        seat: [...g.classList].find(c => c.startsWith('seat-')).slice(5), width: g.querySelector('circle').getBoundingClientRect().width,
                        fill: getComputedStyle(g.querySelector('circle')).fill}))""", f"{MAP} g.piece")
        assert len(ships) >= 8
        ship_names = {text.ship_name(game, k) for k in game.rules.data.ships}
        for s in ships:
            assert key.get(s["label"]) in ship_names, (s, key)
            assert key[s["label"]] in s["title"] or key[s["label"]] + "s" in s["title"], s
            assert s["width"] >= 18, s
            if s["seat"] in dots:
                assert s["fill"] == dots[s["seat"]], s
        # a home world: outlined in its owner's colour, its name too
        for seat in range(4):
            home = page.locator(f"{MAP} g.hex.owned.seat-{seat} polygon")
            assert home.count() == 1, seat
            assert home.evaluate("p => getComputedStyle(p).stroke") == dots[str(seat)]
            name = page.locator(f"{MAP} .labels text.hname.owned.seat-{seat}")
            assert name.evaluate("t => getComputedStyle(t).fill") == dots[str(seat)]

        # the places the choices name are on the map as the map shows them
        for hint in page.locator(f"{MAP} g.hex.legal").evaluate_all("gs => gs.map(g => g.getAttribute('aria-label'))"):
            m = re.search(r"circle (\d) of the (.+ tile)", hint or "")
            if m:
                assert m.group(2) in labels, hint
        page.screenshot(path=str(ARTIFACTS_DIR / "empires-galaxy-1400.png"))
    finally:
        ctx.close()
        rep.close()
