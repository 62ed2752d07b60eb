"""The lobby needs no insider keys (issue 28, item 8).

Before, Buccaneers' Black Hole set was a free-text box whose wrong entries were answered with keys printed
nowhere (``dire_1,precarious_4``), other options explained themselves only in tooltips ("banking cp",
"tribunal win consecutive"), a player count out of range was changed silently (2 for Buccaneers made a
3-player table), and no game said what it was or how many play it. Now each game shows its summary and
player range, each option is a control named in words with its meaning shown beside it, the Black Holes
are chosen from lists of the cards in words, and a count out of range is put right with a note.
"""

from __future__ import annotations

import re

import httpx
import pytest

from voidtable.engine.registry import games

from .browsing import browser, page  # noqa: F401  (fixtures)
from .browsing import needs_chromium
from .conftest import ARTIFACTS

KEY = re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b")  # a snake_case key


def window(page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def test_every_option_of_every_game_is_declared_in_words():
    """The declarations the lobby draws from (no front end names a game): a label, a meaning, words for each choice."""
    for name, spec in games().items():
        for o in spec.options:
            where = f"{name}.{o.name}"
            assert o.label and not KEY.search(o.label), where
            assert o.help and not KEY.search(o.help), f"{where}: {o.help}"
            if o.choices is not None:
                said = dict(o.choice_words)
                offered = [c for c in o.choices if o.check is None or c in said]  # a checked option may list patterns
                assert offered, where
                assert all(c in said and not KEY.search(said[c]) for c in offered), where
            if o.compose is not None:
                items = o.compose.items()
                assert len(items) >= o.compose.count and not any(KEY.search(w) for _, w in items), where


@needs_chromium
def test_the_lobby_says_what_each_game_is_and_each_option_means(server_factory, page):  # noqa: F811
    srv = server_factory("--bot-delay", "0")
    listed = {g["name"]: g for g in httpx.get(f"{srv.url}/api/games").json()}
    page.goto(srv.url + "/")
    page.wait_for_selector("#create-btn")
    for name, g in listed.items():
        page.select_option("#game", name)
        about = page.locator("#game-about").inner_text()
        lo, hi = g["players"]
        assert (f"{lo}-{hi} players" if lo != hi else f"{lo} players") in about and g["summary"] in about, about
        form = page.locator("#create")
        text = form.inner_text()
        assert not KEY.findall(text), (name, KEY.findall(text))
        for option in form.locator(".option").all():
            assert option.locator(".meaning").is_visible(), name  # the meaning is shown, not only a tooltip
        shown = form.locator("select[data-option] option, select.pick option").evaluate_all("os => os.map(o => o.textContent)")
        assert not [w for w in shown if KEY.search(w)], (name, shown)
        if name == "nearspace":
            window(page, "lobby-nearspace")


@needs_chromium
def test_a_count_out_of_range_is_put_right_with_a_note_and_black_holes_are_chosen_by_their_cards(server_factory, page):  # noqa: F811
    srv = server_factory("--bot-delay", "0")
    page.goto(srv.url + "/")
    page.wait_for_selector("#create-btn")
    page.select_option("#game", "buccaneers")
    page.fill("#players", "2")
    page.dispatch_event("#players", "change")
    note = page.locator("#players-note")
    assert note.is_visible() and "3-6 players" in note.inner_text() and "set to 3" in note.inner_text()
    assert page.locator("#players").input_value() == "3" and page.locator("#seats select").count() == 3
    page.fill("#players", "4")
    page.dispatch_event("#players", "change")
    assert not note.is_visible()

    # the Black Holes: the first-game set, 3 at random, or 3 of your choice, each card in words
    assert page.locator("#opt-black_hole_set-picks").is_hidden()
    page.select_option("#opt-black_hole_set", label="3 of your choice")
    assert page.locator("#opt-black_hole_set-picks").is_visible()
    for i, card in enumerate(["Dire: Threshold 11, 5 cards each", "Precarious: Threshold 26, 9 cards each",
                              "Dangerous: Threshold 22, 7 cards each"]):
        page.select_option(f"#opt-black_hole_set-pick-{i}", label=card)
    page.fill("#myname", "Tess")
    for i, kind in enumerate(["you", "easy", "easy", "easy"]):
        page.select_option(f"#seat-{i}", kind)
    window(page, "lobby-black-holes-of-your-choice")
    page.click("#create-btn")
    page.wait_for_url(re.compile(r"/t/[^#]+#seat="))
    table_id = re.search(r"/t/([^#]+)#", page.url).group(1)
    info = httpx.get(f"{srv.url}/api/tables/{table_id}").json()
    assert info["players"] == 4
    assert info["options"]["black_hole_set"] == "dire_1,precarious_4,dangerous_3"
    page.wait_for_selector("#scene")
    assert "Dire (Threshold 11, 5 cards)" in page.locator("#scene").inner_text()


def test_a_wrong_black_hole_is_answered_with_the_cards_in_words(server_factory):
    srv = server_factory("--bot-delay", "0")
    r = httpx.post(f"{srv.url}/api/tables", json={"game": "buccaneers", "players": 3,
                                                   "options": {"black_hole_set": "dire_9,precarious_4,dangerous_3"},
                                                   "seats": [{"kind": "bot", "bot": "easy"}] * 3})
    assert r.status_code == 400
    assert "dire_1 (Dire: Threshold 11, 5 cards each)" in r.json()["error"], r.json()["error"]
    r = httpx.post(f"{srv.url}/api/tables", json={"game": "buccaneers", "players": 2, "seats": []})
    assert r.status_code == 400 and "3-6" in r.json()["error"]  # the API refuses a count out of range


@pytest.fixture(autouse=True)
def _registered():
    if "buccaneers" not in games():
        pytest.skip("Black Hole Buccaneers is not registered")
