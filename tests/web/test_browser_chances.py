"""The chances to win along a finished game, in the page (issue 26 item 6): the replay viewer and the end of a game.

Playwright drives Debian's chromium against a real ``voidtable serve``. A seeded 3-player Buccaneers game: Tess's
seat is handed to a bot at once (she keeps her name), two bots play the others. Its 58 steps are all sampled, so
every step is a point of the chart.
"""

from __future__ import annotations

import httpx

from .browsing import browser, page  # noqa: F401  (fixtures)
from .browsing import needs_chromium, shot
from .conftest import until_pushed

pytestmark = needs_chromium

W, L, R = 300, 30, 8  # chances.js's viewBox width and its plot's left and right margins


def finished_table(url: str) -> tuple[str, dict]:
    made = httpx.post(url + "/api/tables", json={"game": "buccaneers", "players": 3, "seed": 11, "seats": [
        {"kind": "person", "claim": True, "name": "Tess"}, {"kind": "bot", "bot": "easy"}, {"kind": "bot", "bot": "medium"}]},
        headers={"Origin": url}).json()
    tid = made["id"]
    r = httpx.post(f"{url}/api/tables/{tid}/seats/0/bot", json={"bot": "easy"},
                   headers={"Authorization": f"Bearer {made['creator']}", "Origin": url})
    assert r.status_code == 200, r.text
    info = until_pushed(url, tid, lambda: (i := httpx.get(f"{url}/api/tables/{tid}").json())["status"] == "finished" and i,
                        what="the bots finishing the game")
    return tid, info


def lines(page, chart: str) -> list[dict]:
    return page.evaluate(f"""() => [...document.querySelectorAll('{chart} polyline.chance-line')].map(l => ({{
        seat: +l.dataset.seat, points: l.getAttribute('points').split(' ').length, colour: getComputedStyle(l).stroke}}))""")


def seat_colours(page, players: int) -> list[str]:
    """The page's colour of each seat (its --sN), as the browser computes a colour."""
    return page.evaluate(f"""() => [...Array({players}).keys()].map(p => {{
        const probe = document.createElement('i'); probe.style.color = `var(--s${{p}})`; document.body.append(probe);
        const c = getComputedStyle(probe).color; probe.remove(); return c; }})""")


def click_step(page, chart: str, step: int, steps: int) -> None:
    """Click the chart where ``step`` is drawn (halfway up the plot)."""
    box = page.locator(f"{chart} svg.chances-chart").bounding_box()
    x = box["x"] + (L + (W - L - R) * step / steps) * box["width"] / W
    page.mouse.click(x, box["y"] + box["height"] * 0.45)


def test_the_replay_and_the_end_of_the_game_chart_each_players_chances(server_factory, page):  # noqa: F811
    srv = server_factory("--bot-delay", "0")
    tid, info = finished_table(srv.url)
    names, steps = [s["name"] for s in info["seats"]], info["step"]
    assert names[0] == "Tess" and steps < 200

    page.goto(f"{srv.url}/replay/{tid}?step=10")
    page.wait_for_selector("#replay-chances polyline.chance-line")
    drawn = lines(page, "#replay-chances")
    assert [d["seat"] for d in drawn] == [0, 1, 2] and all(d["points"] == steps + 1 for d in drawn)  # every step
    assert [d["colour"] for d in drawn] == seat_colours(page, 3) and len({d["colour"] for d in drawn}) == 3
    legend = page.locator("#replay-chances .chances-legend li .name").all_inner_texts()
    assert legend == names
    assert "Viewing step 10" in page.locator("#replay-chances .chances-at").inner_text()
    shot(page, "chances-replay-10")

    # a click on the chart shows that step: the viewer moves there, the marker with it
    target = (2 * steps) // 3
    click_step(page, "#replay-chances", target, steps)
    page.wait_for_function(f"() => (document.querySelector('#status')?.innerText ?? '').startsWith('Step {target} of {steps}')")
    assert page.locator("#replay-step").input_value() == str(target)
    page.wait_for_selector(f"#replay-chances .chances-at:has-text('Viewing step {target}')")
    marker = float(page.locator("#replay-chances .marker line").get_attribute("x1"))
    assert abs(marker - (L + (W - L - R) * target / steps)) < 0.01
    shot(page, "chances-replay-clicked")

    # the end of the game at the table (a spectator): the same chart; a click opens the replay at that step
    page.goto(f"{srv.url}/t/{tid}")
    page.wait_for_selector("#end-chances polyline.chance-line")
    assert [d["seat"] for d in lines(page, "#end-chances")] == [0, 1, 2]
    assert "At the end (step" in page.locator("#end-chances .chances-at").inner_text()
    assert page.locator("#end-chances .chances-legend li .name").all_inner_texts() == names
    winners = info["result"]["winners"]
    values = page.locator("#end-chances .chances-legend li .value").all_inner_texts()  # at the end: the result
    assert values == [f"{round(100 / len(winners))}%" if p in winners else "0%" for p in range(3)]
    page.locator("#result").scroll_into_view_if_needed()
    shot(page, "chances-end")
    click_step(page, "#end-chances", steps // 4, steps)
    page.wait_for_url(f"**/replay/{tid}?step={steps // 4}*")
    page.wait_for_function(f"() => (document.querySelector('#status')?.innerText ?? '').startsWith('Step {steps // 4} of {steps}')")
