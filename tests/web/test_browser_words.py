"""Words on the page: Black Sun's log names hexes as its map labels them; the replay's result names winners in words."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from voidtable.engine.registry import games

from .conftest import until_pushed
from .test_browser import CHROMIUM, browser, finished_bot_table, page  # noqa: F401  (fixtures)

pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(), reason=f"no chromium at {CHROMIUM}")
HEX = re.compile(r"\b[A-I]\d{1,2}\b")


def test_every_hex_the_black_sun_log_names_is_labelled_on_the_map(server_factory, page):  # noqa: F811
    if "blacksun" not in games():
        pytest.skip("Black Sun is not registered")
    import httpx
    srv = server_factory("--bot-delay", "0")
    res = httpx.post(f"{srv.url}/api/tables", json={"game": "blacksun", "players": 3, "seed": 5,
                                                    "seats": [{"kind": "bot", "bot": "easy"}] * 3}).json()
    until_pushed(srv.url, res["id"], lambda: (i := httpx.get(f"{srv.url}/api/tables/{res['id']}").json())["status"] == "finished"
                 or i["step"] >= 150, what="150 bot moves")
    page.goto(f"{srv.url}/t/{res['id']}")
    page.wait_for_selector("#part-map text.hname")
    log = page.locator("#log li .t").all_inner_texts()
    labels = set(page.locator("#part-map text.hname").evaluate_all("ts => ts.map(t => t.textContent)"))
    named = {h for line in log for h in HEX.findall(line)}
    assert len(named) >= 5, log[:20]
    assert named <= labels, sorted(named - labels)
    assert not [line for line in log if re.search(r"\(-?\d+, -?\d+\)|#\d|\bNone\b|_", line)]


def test_the_replay_result_names_the_winner_in_words(server_factory, page):  # noqa: F811
    srv = server_factory("--bot-delay", "0")
    tid = finished_bot_table(srv, None)
    page.goto(f"{srv.url}/replay/{tid}")
    page.wait_for_selector("#replay-step")
    page.keyboard.press("End")
    page.wait_for_selector(".part.result")
    text = page.locator(".part.result").inner_text()
    assert re.search(r"^(Winner|Shared victory): ", text, re.M), text
    assert "Points: Bot 0 (easy) " in text  # the table's players by name, as its panels show them
    assert "winner(s)" not in text and "[" not in text
