"""The table reads like the board (issue 28, "Also"): the last move highlighted in play and in the replay, the move
count with the log (not under "You"), a resignation that ended a game of two said as such, the replay's view
selector by the players' names, and the Fleet Battle's two fleets labelled apart on the board.

Playwright drives Debian's chromium against a real ``voidtable serve``. The Fleet Battle table is seeded (seed 3:
the person, seat 0, outfits and deploys first); what the bot does is whatever it does, so each check reads the
board it is given rather than expecting a cell.
"""

from __future__ import annotations

import re

import httpx

from .browsing import browser, page  # noqa: F401  (fixtures)
from .browsing import click, my_turn, needs_chromium, seeded, shot
from .conftest import until_pushed

pytestmark = needs_chromium


def pieces(page) -> dict[str, dict]:
    """Every ship on the board: its piece id -> seat class, label, hex and whether it is marked as the last move."""
    return page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('#part-board g.piece')].map(g => [
        g.dataset.piece, {seat: [...g.classList].find(c => c.startsWith('seat-')), label: g.querySelector('text').textContent,
                          last: g.classList.contains('last')}]))""")


def test_a_fleet_battle_reads_like_the_board(server_factory, page):  # noqa: F811
    srv = server_factory("--bot-delay", "0")
    page.route("**/api/tables", seeded(3))
    page.goto(srv.url + "/")
    page.select_option("#game", "abyss_battle")
    page.fill("#myname", "Tess")
    page.select_option("#seat-0", "you")
    page.select_option("#seat-1", "easy")
    page.click("#create-btn")
    page.wait_for_url(re.compile(r"/t/[^#]+#seat="))
    my_turn(page)
    # the move count goes with the log, as the table's: nothing under "You" counts moves
    assert "move" not in page.locator("section.you").inner_text()
    click(page, "#part-designs .card.legal >> text=Picket")
    my_turn(page)
    click(page, "#part-designs .card.legal >> text=Picket")
    my_turn(page)
    assert re.fullmatch(r" · \d+ moves? so far", page.locator("#log h2 #moves").inner_text())
    assert "move" not in page.locator("section.you").inner_text()

    # deploying: each ship placed since the page's last picture is marked, and nothing else on the board
    for _ in range(2):
        my_turn(page)
        before = pieces(page)
        click(page, "svg.hexmap g.hex.legal")
        page.wait_for_selector("#part-board g.piece.last")
        after = pieces(page)
        marked = {k for k, v in after.items() if v["last"]}
        assert marked and marked <= set(after) - set(before), (before, after)
    my_turn(page)
    shot(page, "last-move-fleet")

    # both fleets' Picket 1 never read alike: the first fleet's in capitals, the second's in small letters
    ships = pieces(page).values()
    first = {v["label"] for v in ships if v["seat"] == "seat-0"}
    second = {v["label"] for v in ships if v["seat"] == "seat-1"}
    assert first and second and not first & second, (first, second)
    assert all(re.fullmatch(r"[A-Z]\d+", x) for x in first) and all(re.fullmatch(r"[a-z]\d+", x) for x in second)
    legend = page.locator("#part-board .legend").inner_text()
    assert "Tess's edge, ships in capitals" in legend and "small letters" in legend

    # resigning a game of two ends it: the page says so, and no bot plays on
    page.click("#resign")
    page.click("#resign")
    page.wait_for_function("() => (document.querySelector('#status')?.innerText ?? '').startsWith('Game over')")
    held = page.locator("#held").inner_text()
    assert "You resigned" in held and "the game is over" in held, held
    assert "plays" not in held and "played" not in held, held
    assert "moves so far" in page.locator("#log h2").inner_text()


def test_the_replay_marks_the_last_move_and_names_the_views(server_factory, page):  # noqa: F811
    srv = server_factory("--bot-delay", "0")
    res = httpx.post(f"{srv.url}/api/tables", json={"game": "blacksun", "players": 2, "seed": 5,
                                                   "seats": [{"kind": "bot", "bot": "easy", "name": "Ana"},
                                                             {"kind": "bot", "bot": "easy", "name": "Ben"}]})
    assert res.status_code == 201, res.text
    tid = res.json()["id"]
    until_pushed(srv.url, tid, lambda: httpx.get(f"{srv.url}/api/tables/{tid}").json()["status"] == "finished",
                 what="the bot game finished")
    names = [s["name"] for s in httpx.get(f"{srv.url}/api/tables/{tid}").json()["seats"]]
    page.goto(f"{srv.url}/replay/{tid}?step=12")
    page.wait_for_selector("#replay-step")
    views = page.locator("#replay-seat option").all_inner_texts()
    assert views == ["Spectator's view"] + [f"{n}'s view" for n in names], views
    # step by step: a step that moved a ship marks it, and the hex it left
    moved = 0
    for _ in range(40):
        step = page.locator("#status").inner_text()
        page.keyboard.press("ArrowRight")
        page.wait_for_function(f"() => {{ const s = document.querySelector('#status'); return !!s && s.innerText !== {step!r} }}")
        marked = page.locator("#scene .last").count()
        ships = page.locator("#part-map g.piece.last").count()
        if ships and page.locator("#part-map g.hex.last").count():  # a ship that left a hex: both are marked
            moved += 1
            shot(page, "last-move-replay")
        assert marked >= ships
        if moved >= 2:
            break
    assert moved >= 2, "no two steps in 40 marked a ship and the hex it left"
    # jumping to a step (not one forward) marks that step's move too: the viewer compares it with the step before
    at = int(re.search(r"Step (\d+)", step).group(1)) + 1  # the step that marked the last ship moved
    page.goto(f"{srv.url}/replay/{tid}?step={at}")
    page.wait_for_selector("#part-map g.last")
