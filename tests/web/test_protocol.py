"""The message declaration (``web/protocol.py``) is the one source of the docs, the page's module and the server.

- docs/web.md's protocol section and static/protocol.js are exactly what the declaration
  derives (``python -m voidtable.web.protocol_text`` writes them; ``--check`` fails on drift);
- the module is served at /static/protocol.js, and what its builders make is what the server
  decodes; its ``readMessage`` accepts the server's real messages and refuses one missing a field;
- what the server sends decodes strictly as the declared struct (the server builds from it);
- a bad request decodes to one line naming what to send.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import msgspec
import pytest

from voidtable.web import protocol, protocol_text
from voidtable.web.protocol import Accepted, CreateTable, Error, Hello, Malformed, Move, State, decode

from .conftest import HANG, create, person

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs" / "web.md"


def test_the_docs_section_is_the_declarations():
    text = DOCS.read_text(encoding="utf-8")
    assert protocol_text.docs_section() in text, "run python -m voidtable.web.protocol_text"
    assert protocol_text.docs_with_section(text) == text


def test_the_pages_module_is_the_declarations():
    assert protocol_text.JS_PATH.read_text(encoding="utf-8") == protocol_text.js_module(), \
        "run python -m voidtable.web.protocol_text"


def test_the_check_command_names_a_file_that_drifted(tmp_path, capsys):
    stale = tmp_path / "web.md"
    text = DOCS.read_text(encoding="utf-8")
    assert protocol_text.main(["--check", "--docs", str(DOCS)]) == 0
    stale.write_text(text.replace("`step`: int ≥ 0; `action`: ActionJson", "`step`: int; `action`: ActionJson", 1),
                     encoding="utf-8")
    assert protocol_text.main(["--check", "--docs", str(stale)]) == 1
    assert str(stale) in capsys.readouterr().out
    assert protocol_text.main(["--docs", str(stale)]) == 0  # written again: now it matches
    assert stale.read_text(encoding="utf-8") == text


def test_a_new_field_changes_both_derived_texts(monkeypatch):
    """The drift tests can fail: a field added to a declared message changes the docs and the module."""
    docs, js = protocol_text.docs_section(), protocol_text.js_module()

    class Move2(Move, tag="move"):
        """A move, with a new field."""

        hint: str = ""

    monkeypatch.setattr(protocol_text, "TO_SERVER", (Hello, Move2, *protocol.TO_SERVER[2:]))
    assert "`hint`?: text" in protocol_text.docs_section() and protocol_text.docs_section() != docs
    assert "hint = \"\"" in protocol_text.js_module() and protocol_text.js_module() != js


def test_the_module_is_served(client):
    r = client.get("/static/protocol.js")
    assert r.status_code == 200 and "javascript" in r.headers["content-type"]
    assert r.text == protocol_text.js_module()


def first_state(client, tid: str, token: str | None) -> str:
    with client.websocket_connect(f"/ws/{tid}") as ws:
        ws.send_json({"type": "hello", "token": token})
        return ws.receive_text()


def test_what_the_server_sends_decodes_as_declared(client):
    tid, tok = (lambda t: (t["id"], t["links"][0]["token"]))(create(client, players=3, seats=[person(), person(), person()]))
    for token in (tok, None):
        text = first_state(client, tid, token)
        state = msgspec.json.decode(text, type=State, strict=True)  # every field of the declared type, no other
        assert set(json.loads(text)) - {"type"} <= set(State.__struct_fields__)
        assert state.table.id == tid and (state.legal != []) == (token is not None)
    with client.websocket_connect(f"/ws/{tid}") as ws:
        ws.send_json({"type": "hello", "token": tok})
        legal = json.loads(ws.receive_text())["legal"]
        ws.send_json({"type": "move", "step": 0, "action": legal[0], "id": 4})
        assert msgspec.json.decode(ws.receive_text(), type=Accepted, strict=True) == Accepted(1, id=4)
        ws.send_json({"type": "move", "step": 0, "action": legal[0], "id": 5})
        answer = ws.receive_text()
        while json.loads(answer)["type"] == "state":  # the new state may come first
            answer = ws.receive_text()
        err = msgspec.json.decode(answer, type=Error, strict=True)
        assert err.id == 5 and "\n" not in err.error


def node() -> str:
    found = shutil.which("node")
    if found is None:
        pytest.skip("node is not installed (the page's module is checked in a browser test elsewhere)")
    return found


def run_module(script: str) -> str:
    """Run ``script`` as an ES module that has imported the page's protocol module as ``p``."""
    code = f"import * as p from {json.dumps(protocol_text.JS_PATH.as_uri())};\n{script}"
    done = subprocess.run([node(), "--input-type=module", "-e", code], capture_output=True, text=True, timeout=HANG)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_pages_builders_make_what_the_server_decodes():
    out = run_module('console.log(JSON.stringify([p.hello("tok"), p.hello(), p.move(3, {kind: "x", arg: [1, 2]}, 7)]))')
    hello, spectator, move = json.loads(out)
    assert decode(Hello, hello) == Hello("tok") and decode(Hello, spectator) == Hello(None)
    assert decode(Move, move) == Move(3, protocol.ActionJson("x", [1, 2]), 7)


def test_the_pages_reader_takes_the_servers_messages_and_refuses_a_broken_one(client):
    tid = create(client, players=3, seats=[person(), person(), person()])["id"]
    text = first_state(client, tid, None)
    broken = json.dumps({k: v for k, v in json.loads(text).items() if k != "scene"})
    script = (f"const m = p.readMessage({json.dumps(text)}); console.log(m.type, m.table.id);\n"
              f"try {{ p.readMessage({json.dumps(broken)}); console.log('read'); }} catch (e) {{ console.log(e.message); }}\n"
              "try { p.readMessage('{\"type\": \"hello\"}'); } catch (e) { console.log(e.message); }")
    lines = run_module(script).splitlines()
    assert lines == [f"state {tid}", "a state message without 'scene'", 'not a message the server sends: type "hello"']


@pytest.mark.parametrize("raw, line", [
    ({"game": "g", "seats": [{"kind": "bot"}, {"kind": "alien"}]}, "seat 1: 'kind' must be 'person' or 'bot'"),
    ({"game": "g", "seats": [{"kind": "person", "name": 5}]}, "seat 0: 'name' must be text"),
    ({"game": "g", "colour": "red"}, "unknown field(s) ['colour']; fields: game, players, variant, options, seats, seed, "
                                     "clock, chat, pace"),
    ({"game": "g", "clock": {"mode": "move", "seconds": 60, "x": 1}}, "'clock' must be null or {mode: move|game, seconds}"),
    ({"game": "g", "pace": 11}, "'pace' must be seconds between bot moves in 0-10 (a table without people)"),
    ({"game": "g", "seed": 2 ** 63}, "'seed' must be a whole number in 0..41 (what a browser reads exactly)"),
    ([1], "a table request is a JSON object: {game, players, variant?, options?, seats?, seed?}"),
])
def test_a_bad_request_is_the_line_its_struct_declares(raw, line):
    with pytest.raises(Malformed) as e:
        decode(CreateTable, raw, seed_max=41)
    assert str(e.value) == line


@pytest.mark.parametrize("raw, line", [
    ({"type": "move", "step": -1, "action": {"kind": "x"}}, "malformed move: 'step' must be the table step"),
    ({"type": "move", "step": 0, "action": {"kind": "x", "extra": 1}}, "malformed move: send {type: move"),
    ({"type": "move", "step": 0}, "malformed move: send {type: move"),
    ({"type": "move", "step": 0, "action": {"kind": "x"}, "why": 1}, "malformed move: send {type: move"),
])
def test_a_bad_move_message_is_one_malformed_line(raw, line):
    with pytest.raises(Malformed) as e:
        decode(Move, raw)
    assert str(e.value).startswith(line) and "\n" not in str(e.value)
