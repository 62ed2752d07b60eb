"""Black Sun's map in a real browser: it fills its panel, ships are readable, a legend says what is what,
every hex shows the name the log uses, and the last planet roll shows as dice."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from voidtable.engine.registry import games

from .test_browser import CHROMIUM, browser, decide, page, shot  # noqa: F401  (fixtures)

pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(), reason=f"no chromium at {CHROMIUM}")

UNION = """sel => { const rs = [...document.querySelectorAll(sel)].map(e => e.getBoundingClientRect());
  return {left: Math.min(...rs.map(r => r.left)), right: Math.max(...rs.map(r => r.right)),
          top: Math.min(...rs.map(r => r.top)), bottom: Math.max(...rs.map(r => r.bottom)), n: rs.length}; }"""


def test_the_black_sun_map_fills_its_panel_with_names_legend_big_ships_and_dice(server_factory, page):  # noqa: F811
    if "blacksun" not in games():
        pytest.skip("Black Sun is not registered")
    import httpx
    srv = server_factory("--bot-delay", "0")
    res = httpx.post(f"{srv.url}/api/tables", json={"game": "blacksun", "players": 3, "seed": 4, "seats": [
        {"kind": "person", "claim": True, "name": "Tess"}, {"kind": "bot", "bot": "easy"}, {"kind": "bot", "bot": "easy"}]}).json()
    page.goto(srv.url + res["links"][0]["url"])
    page.wait_for_selector("svg.hexmap g.hex")

    # the map fills its panel: the hexes span nearly the panel's whole width and the picture's whole height
    hexes = page.evaluate(UNION, "#part-map g.hex")
    panel = page.locator("#part-map").evaluate("e => { const r = e.getBoundingClientRect(), s = getComputedStyle(e);"
                                               " return {left: r.left + parseFloat(s.paddingLeft), right: r.right - parseFloat(s.paddingRight)}; }")
    svg = page.locator("#part-map svg.hexmap").bounding_box()
    assert (hexes["right"] - hexes["left"]) >= 0.85 * (panel["right"] - panel["left"]), (hexes, panel)
    assert (hexes["bottom"] - hexes["top"]) >= 0.85 * svg["height"], (hexes, svg)

    # every hex shows its name (the log names hexes so); the Sun is E5
    names = page.locator("#part-map text.hname").evaluate_all("ts => ts.map(t => t.textContent)")
    assert len(names) == hexes["n"] and "E5" in names and all(re.fullmatch(r"[A-I]\d{1,2}", n) for n in names), names

    # a legend: players, terrain, ship letters
    legend = page.locator("#part-map .legend [role=listitem]").all_inner_texts()
    for want in ("Tess", "Sun", "Planet"):
        assert want in legend, legend

    # play on (clicking) until ships are on the map and a planet roll has happened
    for _ in range(80):
        if page.locator("#part-planet-roll").count() and page.locator("#part-map g.piece").count() >= 6:
            break
        if not decide(page):
            break
    assert page.locator("#part-map g.piece").count() >= 6
    assert any(re.fullmatch(r"[A-Z][a-z]{1,2} = .+", t) for t in page.locator("#part-map .legend [role=listitem]").all_inner_texts())
    # ships are readable tokens: at least 20 pixels across, measured once the map is laid out (once, beside two busy
    # loops, every circle measured 0 wide at this point; why the map was not laid out then is not found yet)
    page.wait_for_function("() => { const cs = [...document.querySelectorAll('#part-map g.piece circle')];"
                           " return cs.length > 0 && cs.every(c => c.getBoundingClientRect().width > 0); }")
    sizes = page.locator("#part-map g.piece circle").evaluate_all("cs => cs.map(c => c.getBoundingClientRect().width)")
    assert sizes and min(sizes) >= 20, sizes
    # the last planet roll, as dice, with its total and the planet (or none) it named
    dice = page.locator("#part-planet-roll .die").all_inner_texts()
    assert len(dice) >= 2 and all(d.isdigit() for d in dice), dice
    total = page.locator("#part-planet-roll .total").inner_text()
    assert total == f"= {sum(int(d) for d in dice)}"
    assert re.search(r"Planet \d+ \([A-I]\d{1,2}\)|no planet", page.locator("#part-planet-roll").inner_text())
    shot(page, "blacksun-map-fills-its-panel")
