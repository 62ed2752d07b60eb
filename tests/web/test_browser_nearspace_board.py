"""Nearspace's board reads like the board (issue 28, item 7, and item 3 for Nearspace), in a real browser.

A seeded bot game is replayed into a table on a real server (tests/web/tablewalk.py) up to a position with a crowded
place (five of one player's dice on one sector) and hulls being built at both Homeworlds; the person to move looks at
it at 1400x900. The steps of the issue, each checked on the page as drawn:

- labels were cut off ("Bot 1 (mediu", "eutral Spa"): every word on the map lies whole inside its own hexagon (where
  no neighbour drawn later can cover it), and every die's size inside its die;
- stacked dice covered the place's name and its CP: no die overlaps a word of its place or another die, and every
  die lies inside its hexagon;
- a die's fill was its role colour, its owner only a thin border: a ship's die is filled with its owner's colour (the
  players panel's), its own colour a stripe on it;
- hulls under construction were not on the map: each hull is drawn at its site, outlined and dashed, with the CP put
  in over its cost, not filled as a finished ship is;
- the log named places by numbers the map does not show ("place 23 on the map"): every sector the log names is
  written on the map.
"""

from __future__ import annotations

import re
from collections import Counter

from voidtable.engine.registry import load

from .browsing import browser  # noqa: F401  (fixture)
from .browsing import needs_chromium
from .conftest import ARTIFACTS
from .tablewalk import NAMES, Replayer, bot_game

pytestmark = needs_chromium

SEED, STEP = 3, 120  # seat 0 to move; five of its dice on one sector, a hull at each Homeworld
MAP = "#part-map svg.hexmap"

# every word and die of the map with its box in the map's own units, and the hexagon each lies in (by its point test)
DRAWN = """sel => {
  const svg = document.querySelector(sel);
  const hexes = [...svg.querySelectorAll('g.hex')].map(g => ({key: g.dataset.hex, poly: g.querySelector('polygon')}));
  const inside = (poly, b) => [[b.x, b.y], [b.x + b.width, b.y], [b.x, b.y + b.height], [b.x + b.width, b.y + b.height]]
    .every(([x, y]) => poly.isPointInFill(new DOMPoint(x, y)));
  const home = b => (hexes.find(h => h.poly.isPointInFill(new DOMPoint(b.x + b.width / 2, b.y + b.height / 2))) || {}).key;
  const box = e => { const b = e.getBBox(); return {x: b.x, y: b.y, width: b.width, height: b.height}; };
  const words = [...svg.querySelectorAll('g.hex text, .labels text')].map(t => {
    const b = box(t), key = t.dataset.hex || t.closest('g.hex')?.dataset.hex;
    return {text: t.textContent, cls: t.getAttribute('class'), hex: key, box: b,
            whole: inside(hexes.find(h => h.key === key).poly, b)};
  });
  const pieces = [...svg.querySelectorAll('g.piece')].map(g => {
    const rect = g.querySelector(':scope > rect'), label = g.querySelector(':scope > text'), b = box(rect);
    const band = g.querySelector('.band polygon');
    const hex = home(b);
    return {id: g.dataset.piece, cls: g.getAttribute('class'), label: label.textContent, hex, box: b,
            whole: !!hex && inside(hexes.find(h => h.key === hex).poly, b),
            labelInside: (() => { const l = box(label); return l.x >= b.x - 0.5 && l.x + l.width <= b.x + b.width + 0.5; })(),
            fill: getComputedStyle(rect).fill, stroke: getComputedStyle(rect).stroke,
            dashed: getComputedStyle(rect).strokeDasharray !== 'none',
            band: band ? getComputedStyle(band).fill : null};
  });
  return {words, pieces};
}"""


def overlap(a: dict, b: dict) -> bool:
    return (a["x"] < b["x"] + b["width"] - 0.3 and b["x"] < a["x"] + a["width"] - 0.3
            and a["y"] < b["y"] + b["height"] - 0.3 and b["y"] < a["y"] + a["height"] - 0.3)


def rgb(hex_colour: str) -> str:
    h = hex_colour.lstrip("#")
    return "rgb({}, {}, {})".format(*(int(h[i:i + 2], 16) for i in (0, 2, 4)))


def test_the_nearspace_board_reads_like_the_board(server_factory, browser):  # noqa: F811
    from voidtable.games.nearspace import scene, text

    srv = server_factory("--bot-delay", "0")
    walk = bot_game("nearspace", 2, SEED, decisions=STEP + 1, looks=1)
    game = load("nearspace", 2, {})
    state = game.new_state(SEED)
    for seat, action in walk.moves[:STEP]:  # the same position in this process: what the map must show
        state.apply(seat, next(a for a in state.legal_actions(seat) if a.to_json() == action))
    ships = {s["id"]: s for s in state.view(None)["ships"]}
    crowded = max(Counter(tuple(s["hex"]) for s in ships.values() if s["built"]).values())
    hulls = [s for s in ships.values() if not s["built"]]
    assert crowded >= 5 and len({tuple(h["hex"]) for h in hulls}) == 2, "the position this test is written from"

    rep = Replayer(srv.url, walk)
    ctx = browser.new_context(viewport={"width": 1400, "height": 900})
    page = ctx.new_page()
    try:
        page.goto(rep.to(STEP))
        page.wait_for_selector(f"{MAP} g.piece")
        drawn = page.evaluate(DRAWN, MAP)
        page.screenshot(path=str(ARTIFACTS / "nearspace-board-1400.png"))
        words, pieces = drawn["words"], drawn["pieces"]

        # every word whole inside its own hexagon, so no neighbour covers a letter of it
        cut = [(w["text"], w["hex"]) for w in words if not w["whole"]]
        assert not cut, [(w["text"], w["box"], w["cls"]) for w in words if not w["whole"]][:8]
        assert {w["text"] for w in words if "hname" in (w["cls"] or "")} == {text.sector(game, h) for h in game.rules.board.hexes}

        # every ship and hull drawn, each inside its hexagon, its words inside it; none over a word or another die
        assert len(pieces) == len(ships), (len(pieces), len(ships))
        outside = [p for p in pieces if not p["whole"] or not p["labelInside"]]
        assert not outside, outside[:4]
        for p in pieces:
            covered = [w["text"] for w in words if w["hex"] == p["hex"] and overlap(p["box"], w["box"])]
            assert not covered, (p["label"], p["hex"], covered)
            stacked = [q["label"] for q in pieces if q is not p and overlap(p["box"], q["box"])]
            assert not stacked, (p["label"], p["hex"], stacked)

        # a finished ship: its owner's colour fills the die, the die's own colour is its stripe
        dots = page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('#part-players .player')].map(
            p => [p.dataset.seat, getComputedStyle(p.querySelector('.dot')).backgroundColor]))""")
        by_id = {int(p["id"]): p for p in pieces}
        for sid, s in ships.items():
            p = by_id[sid]
            assert p["hex"] == f"{s['hex'][0]},{s['hex'][1]}", (p, s)
            assert p["band"] == rgb(scene.STYLE["fills"][f"die-{s['colour']}"]), (p, s)
            if s["built"]:
                assert p["label"] == f"d{s['sides']}" and "m-unfinished" not in p["cls"]
                assert p["fill"] == dots[str(s["owner"])], (p, s, dots)
            else:  # a hull: at its site, outlined in its owner's colour and dashed, the CP in over its cost, not filled
                assert p["label"] == f"{s['invested']}/{s['sides']}" and "m-unfinished" in p["cls"]
                assert p["dashed"] and p["stroke"] == dots[str(s["owner"])] and p["fill"] != dots[str(s["owner"])], p

        # the log names places as the map writes them: a sector's name, never a number the map does not show
        log = page.locator("#log li").all_inner_texts()
        named = {m for line in log for m in re.findall(r"\bsector ([A-I][1-5])\b", line)}
        assert named, log[-10:]
        assert named <= {w["text"] for w in words}, sorted(named)
        assert not [line for line in log if re.search(r"\bplace \d|\(s\)", line)]
        # the players' names, as long as the walk's, are whole on the map too (the Homeworlds' and backs' lines)
        assert any(f"{NAMES[1]}'s Homeworld" == w["text"] for w in words)
    finally:
        ctx.close()
        rep.close()
