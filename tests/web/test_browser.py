"""The page in a real browser: Playwright driving Debian's chromium against a real `voidtable serve`.

A person creates a table in the lobby and plays a whole Buccaneers game
against bots by clicking (and once with the keyboard, and once reloading the
page mid-game); then the first turns of Black Sun on its hex map. Screenshots
go to test-artifacts/ (gitignored). Chromium comes from the project's setup
(scripts/setup.sh installs Debian's package when the test extra is set).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from voidtable.engine.registry import games

from .conftest import ARTIFACTS, until_pushed

sync_api = pytest.importorskip("playwright.sync_api", reason="playwright (the web extra) is not installed")

from .browsing import ARGS, CHROMIUM, browser, needs_chromium  # noqa: E402,F401  (shared: other browser tests import them from here)

pytestmark = needs_chromium


@pytest.fixture
def page(browser):
    ctx = browser.new_context(viewport={"width": 1366, "height": 768})
    pg = ctx.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    yield pg
    ctx.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def shot(page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def step_of(page) -> int:
    return int(page.evaluate("() => document.body.dataset.step || -1"))


def create_in_lobby(page, url: str, game: str, players: int, seats: list[str], name: str = "Tess") -> None:
    page.goto(url + "/")
    page.select_option("#game", game)
    page.fill("#players", str(players))
    page.dispatch_event("#players", "change")
    page.fill("#myname", name)
    for i, kind in enumerate(seats):
        page.select_option(f"#seat-{i}", kind)
    page.click("#create-btn")
    page.wait_for_url(re.compile(r"/t/[^#]+#seat="))
    page.wait_for_selector("#scene")


MENUS: list[str] = []  # titles of the guided second steps the tests went through


def decide(page, keyboard: bool = False, prefer: str = "") -> bool:
    """Wait for our turn or the end; make one choice by clicking a highlighted element (or pressing 1). False at the end."""
    page.wait_for_selector("#result, #scene .legal", timeout=60_000)
    if page.locator("#result").count():
        return False
    before = step_of(page)
    if keyboard:
        page.keyboard.press("1")
    else:
        target = page.locator(f"#scene .legal{prefer}")
        (target if prefer and target.count() else page.locator("#scene .legal")).first.click(timeout=10_000)
        if page.locator("#menu:not([hidden])").count():  # a guided second step: which of several actions
            MENUS.append(page.locator("#menu h3").inner_text())
            page.locator("#menu button.opt").first.click()
    try:
        page.wait_for_function(f"() => document.body.dataset.step !== '{before}' || document.querySelector('#result')", timeout=30_000)
    except sync_api.TimeoutError:
        pass  # e.g. a stale choice (a bot moved first): the page shows the error and we choose again
    return True


def test_a_person_plays_a_whole_buccaneers_game_against_bots(server_factory, page):
    srv = server_factory("--bot-delay", "0")
    create_in_lobby(page, srv.url, "buccaneers", 4, ["you", "easy", "medium", "easy"])
    assert page.locator("#status").inner_text().startswith("Your turn")
    assert page.locator("#part-hand .card.legal").count() >= 5
    shot(page, "buccaneers-1-start")
    decisions = 0
    for i in range(300):
        if i == 2:
            # reload mid-game: the same step, scene and log come back
            page.wait_for_selector("#scene .legal, #result", timeout=60_000)
            step, log = step_of(page), page.locator("#log li").all_inner_texts()
            hand = page.locator("#part-hand .card").all_inner_texts()
            page.reload()
            page.wait_for_selector("#scene .legal, #result", timeout=60_000)
            # the bots go on choosing (hidden picks that change who is still to choose) while the page reloads,
            # so the table may be further on: nothing shown before is lost, and at the same step all is the same
            after, new_log = step_of(page), page.locator("#log li").all_inner_texts()
            assert after >= step
            lines = iter(new_log)
            assert all(any(line == seen for seen in lines) for line in log), (log, new_log)  # the old log, in order
            if after == step:
                assert new_log == log
                assert page.locator("#part-hand .card").all_inner_texts() == hand
        if not decide(page, keyboard=(i == 4)):
            break
        decisions += 1
        if decisions == 8:
            shot(page, "buccaneers-2-mid")
    else:
        pytest.fail("the game did not end within 300 decisions")
    assert decisions >= 10
    result = page.locator("#result")
    assert result.is_visible() and "Winner" in result.inner_text() or "Shared victory" in result.inner_text()
    assert page.locator("#result tbody tr").count() == 4
    assert "Game over" in page.locator("#status").inner_text()
    assert page.locator("#log li").count() > 50
    shot(page, "buccaneers-3-end")
    # the replay viewer steps through the finished game
    page.click("text=Replay this game")
    page.wait_for_selector("#replay-step")
    page.keyboard.press("End")
    page.wait_for_function("() => (document.querySelector('#status')?.innerText ?? '').match(/Step (\\d+) of \\1/)")
    page.keyboard.press("ArrowLeft")
    page.wait_for_function("() => { const s = document.querySelector('#status'); return !!s && !s.innerText.match(/Step (\\d+) of \\1/) }")
    page.select_option("#replay-seat", "0")
    page.wait_for_selector("#part-hand")
    shot(page, "buccaneers-4-replay")


def test_the_first_turns_of_black_sun(server_factory, page):
    if "blacksun" not in games():
        pytest.skip("Black Sun is not registered yet")
    srv = server_factory("--bot-delay", "0")
    import httpx
    # seed 4: the Merchants, several ship types, so placing asks which type goes where (a guided second step)
    res = httpx.post(f"{srv.url}/api/tables", json={"game": "blacksun", "players": 3, "seed": 4, "seats": [
        {"kind": "person", "claim": True, "name": "Tess"}, {"kind": "bot", "bot": "easy"}, {"kind": "bot", "bot": "easy"}]}).json()
    page.goto(srv.url + res["links"][0]["url"])
    page.wait_for_selector("svg.hexmap")
    assert page.locator("svg.hexmap g.hex").count() >= 30
    shot(page, "blacksun-1-start")
    kinds = set()
    MENUS.clear()
    for i in range(60):
        page.wait_for_selector("#result, #scene .legal", timeout=60_000)
        kinds.update(page.locator("#scene .legal").evaluate_all("els => els.map(e => e.tagName.toLowerCase() + '.' + (e.getAttribute('class') || '').split(' ')[0])"))
        if not decide(page, prefer="[aria-haspopup=menu]"):
            break
        if i == 12:
            shot(page, "blacksun-2-placing")
        if re.search(r"Turn [3-9]", page.locator("#headline").inner_text()):
            break
    assert page.locator("svg.hexmap g.piece").count() > 0  # ships on the map
    assert any(k.startswith("g.") for k in kinds)  # the map itself was clicked (hexes, ships or edges)
    assert MENUS, "no guided second step (e.g. which ship type goes on a hex) came up"
    shot(page, "blacksun-3-turns")


# ---------------------------------------------------------------- records the page downloads replay in its own viewer

def finished_bot_table(srv, seed: int | None) -> str:
    import httpx  # the web extra, like playwright
    req = {"game": "buccaneers", "players": 3, "seats": [{"kind": "bot", "bot": "easy"}] * 3}
    if seed is not None:
        req["seed"] = seed
    res = httpx.post(f"{srv.url}/api/tables", json=req)
    assert res.status_code == 201, res.text
    tid = res.json()["id"]
    until_pushed(srv.url, tid, lambda: httpx.get(f"{srv.url}/api/tables/{tid}").json()["status"] == "finished",
                 what=f"bot table {tid} finishing")
    return tid


def upload_and_step(page, url: str, name: str, text: str) -> None:
    """Open the viewer's upload page, give it the record file, check step 0 and a few steps forward."""
    page.goto(url + "/replay")
    page.wait_for_selector("#record-file")
    page.evaluate("""() => { window.__toasts = []; new MutationObserver(() => { const t = document.querySelector('#toast');
        if (!t.hidden && t.textContent) window.__toasts.push(t.textContent); })
        .observe(document.querySelector('#toast'), {childList: true, characterData: true, subtree: true, attributes: true}); }""")
    page.set_input_files("#record-file", files=[{"name": name, "mimeType": "application/json", "buffer": text.encode()}])
    page.wait_for_function("() => /^Step 0 of \\d+/.test((document.querySelector('#status')?.innerText ?? '')) || window.__toasts.length")
    assert page.evaluate("window.__toasts") == []
    steps = int(re.match(r"Step 0 of (\d+)", page.locator("#status").inner_text()).group(1))
    assert steps > 3
    for n in (1, 2, 3):
        page.click("#next")
        page.wait_for_function(f"() => (document.querySelector('#status')?.innerText ?? '').startsWith('Step {n} of ') || window.__toasts.length")
        assert page.evaluate("window.__toasts") == [], f"the viewer refused step {n}"
    page.click("text=End »")
    page.wait_for_function(f"() => (document.querySelector('#status')?.innerText ?? '').startsWith('Step {steps} of {steps}') || window.__toasts.length")
    assert page.evaluate("window.__toasts") == []
    assert page.locator(".part.result").is_visible()


def older_table(tmp_path, monkeypatch, seed: int) -> str:
    """A finished bot table stored by a server from before seeds were bounded (it drew them up to 2**63).

    The table is made in-process in the data folder the browser's server then opens, as a
    server upgraded over an older store would find it.
    """
    from voidtable.web import lobby

    from .conftest import TEST_LIMITS, TestClient, bot, create, create_app, wait_status

    monkeypatch.setattr(lobby, "SEED_LIMIT", 2 ** 63)
    with TestClient(create_app(tmp_path / "data", limits=TEST_LIMITS)) as c:
        tid = create(c, players=3, seats=[bot(), bot(), bot()], seed=seed)["id"]
        wait_status(c, tid)
    monkeypatch.undo()
    return str(tid)


@pytest.mark.parametrize("seed", [None, 2 ** 62 + 1], ids=["new-seed", "seed-above-2**53"])
def test_a_record_downloaded_from_the_lobby_replays_in_the_viewer(server_factory, page, seed, tmp_path, monkeypatch):
    tid = older_table(tmp_path, monkeypatch, seed) if seed is not None else None
    srv = server_factory("--bot-delay", "0")
    tid = tid or finished_bot_table(srv, seed)
    page.goto(srv.url + "/")
    page.click("#fold-finished > summary")  # finished tables are folded away in the lobby
    link = page.locator(f'a[href="/api/tables/{tid}/record"]')
    link.wait_for()
    with page.expect_download() as dl:
        link.click()
    text = Path(dl.value.path()).read_text()
    stored = json.loads(text)["seed"]
    if seed is None:
        assert isinstance(stored, int) and stored < 2 ** 53  # a new table's seed is exact as a JavaScript number
    else:
        assert stored == str(seed)  # an older table's big seed is downloaded as a decimal string
    upload_and_step(page, srv.url, dl.value.suggested_filename, text)
    shot(page, f"replay-upload-{'new' if seed is None else 'big'}")


def test_a_new_table_refuses_a_seed_a_browser_cannot_read_exactly(server_factory):
    import httpx

    srv = server_factory("--bot-delay", "0")
    r = httpx.post(f"{srv.url}/api/tables", json={"game": "buccaneers", "players": 3, "seed": 2 ** 62 + 1})
    assert r.status_code == 400 and "seed" in r.json()["error"]


def test_a_record_file_from_before_the_fix_with_a_big_number_seed_replays(server_factory, page, tmp_path, monkeypatch):
    """Records downloaded earlier hold the 62-bit seed as a bare JSON number: the page keeps its digits."""
    seed = 2658144421835365866  # the newcomer's seed: a browser's JSON.parse reads it as ...888
    tid = older_table(tmp_path, monkeypatch, seed)
    srv = server_factory("--bot-delay", "0")
    page.goto(srv.url + "/replay")
    text = page.evaluate("id => fetch(`/api/tables/${id}/record`).then(r => r.text())", tid)
    data = json.loads(text)
    data["seed"] = int(data["seed"])
    upload_and_step(page, srv.url, "old-record.json", json.dumps(data, indent=1))


# ---------------------------------------------------------------- the lobby form and the log

def test_log_line_numbers_show_whole_past_one_hundred(server_factory, page):
    """Line 189 of the log reads "189.", every digit inside the log's box (an ol marker lost its hundreds digit)."""
    srv = server_factory("--bot-delay", "0")
    import httpx
    res = httpx.post(f"{srv.url}/api/tables", json={"game": "buccaneers", "players": 5, "seed": 1,
                                                     "seats": [{"kind": "bot", "bot": "easy"}] * 5}).json()
    until_pushed(srv.url, res["id"], lambda: httpx.get(f"{srv.url}/api/tables/{res['id']}").json()["status"] == "finished",
                 what="the bots' game finishing")
    page.goto(f"{srv.url}/t/{res['id']}")
    page.wait_for_selector("#result")
    lines = page.locator("#log li")
    assert lines.count() > 189
    n = lines.nth(188).locator(".n")
    assert n.inner_text() == "189."
    box = n.evaluate("""e => { const r = e.getBoundingClientRect(), o = e.closest('ol').getBoundingClientRect();
        return {left: r.left, olLeft: o.left, sw: e.scrollWidth, cw: e.clientWidth}; }""")
    assert box["left"] >= box["olLeft"] and box["sw"] <= box["cw"], box
    assert lines.nth(188).locator(".t").inner_text()  # the line's own text beside its number
    shot(page, "log-numbers")


def test_the_lobby_keeps_the_chosen_game_and_players(server_factory, page):
    srv = server_factory("--bot-delay", "0")
    create_in_lobby(page, srv.url, "buccaneers", 5, ["you", "easy", "easy", "easy", "easy"])
    page.goto(srv.url + "/")  # back to the lobby: a fresh render of the form
    page.wait_for_selector("#create-btn")
    assert page.locator("#game").input_value() == "buccaneers"
    assert page.locator("#players").input_value() == "5"
    assert page.locator("#seats select").count() == 5
    page.reload()
    page.wait_for_selector("#create-btn")
    assert (page.locator("#game").input_value(), page.locator("#players").input_value()) == ("buccaneers", "5")


def test_the_black_sun_lobby_form_has_one_control_per_option(server_factory, page):
    if "blacksun" not in games():
        pytest.skip("Black Sun is not registered yet")
    srv = server_factory()
    page.goto(srv.url + "/")
    page.wait_for_selector("#create-btn")
    page.select_option("#game", "blacksun")
    spec = games()["blacksun"]
    for o in spec.options:
        assert page.locator(f'#create [data-option="{o.name}"]').count() == 1, o.name
    # the variants (each turns on one option) are not offered again in the Variant dropdown
    offered = [v for v in page.locator("#variant option").evaluate_all("os => os.map(o => o.value)") if v]
    assert not [v for v in offered if v in {o.name for o in spec.options}], offered
    assert all(set(spec.variants[v]) - {o.name for o in spec.options} for v in offered)
    assert not page.locator("#variant").is_visible()
