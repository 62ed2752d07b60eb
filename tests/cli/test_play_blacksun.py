"""Black Sun in the terminal, played by piping answers to `voidtable play blacksun`.

The player sees a text map (hex rows with names and terrain, counters, ships by player,
ships on edges listed as Blockades), choices in words, prompts that say who asks what
(the consent prompt names the asking player and the ship), and no internal fields.
"""

from __future__ import annotations

import random
import re
import subprocess
import sys

import voidtable
from voidtable.cli.common import choices

VT = [sys.executable, "-m", "voidtable.cli.main"]
INTERNAL = [re.compile(p) for p in (r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b", r"\bNone\b", r"[{}\[\]]", r"#\d", r"\(-?\d+, -?\d+\)",
                                     r"\bseat -1\b", r"\bcard None\b", r"\bstep \d+\b")]


def play(stdin: str, *extra: str) -> subprocess.CompletedProcess:
    return subprocess.run([*VT, "play", "blacksun", "--players", "3", "--seat", "0", "--agents", "easy", "--seed", "4", *extra],
                          capture_output=True, text=True, input=stdin, timeout=300)


def test_a_piped_game_shows_the_map_and_choices_in_words():
    out = play("1\n" * 40)
    assert out.returncode == 0, out.stderr
    text = out.stdout
    assert "Map (each hex" in text
    # the map: hex rows naming every hex (row letter, column number); the Sun sits in E5
    grid = [line for line in text.splitlines() if re.match(r"^\s+[A-I]\d{1,2}\b", line)]
    names = {n for line in grid for n in re.findall(r"\b([A-I]\d{1,2})\b", line)}
    assert "E5" in names and len(names) >= 30, names
    assert re.search(r"\bE5 Sun\b", text)
    assert re.search(r"\b[A-I]\d{1,2} P\d{1,2}\b", text)  # planets by number
    assert re.search(r"\b\dx\d\b", text)  # ships in hexes: player number x count
    assert "On edges (Blockades):" in text and re.search(r"between [A-I]\d{1,2} and [A-I]\d{1,2}", text)
    assert "Last planet roll:" in text
    # who asks what, and numbered choices in words
    assert "Player 1 (you): your turn" in text
    assert re.search(r"^\s+1\. [A-Z]", text, re.M)
    assert re.search(r"Move a fleet from [A-I]\d", text) or re.search(r"Place ships in [A-I]\d", text)
    assert not re.search(r"\bclick", text, re.I)  # one types a number in the terminal
    for pattern in INTERNAL:
        found = pattern.findall(text)
        assert not found, (pattern.pattern, found[:5])


def test_the_consent_question_names_the_asking_player_and_the_ship():
    """Where another player's fleet would take your ship along, you are asked by name, about that ship."""
    names = ["Player 1 (you)", "Bot 2 (easy)", "Bot 3 (easy)", "Bot 4 (easy)"]
    for seed in range(60):
        game = voidtable.load("blacksun", 4)
        state = game.new_state(seed)
        rng = random.Random(seed)
        while not state.is_over():
            p = state.to_move()[0]
            view = state.view(p)
            decision = view.get("decision") or {}
            if decision.get("kind") == "consent":
                prompt, labels = choices(game, view, state.legal_actions(p), p, names)
                mover = names[decision["mover"]]
                ship = next(s for s in view["ships"] if s["id"] == decision["ship"])
                kind = ship["type"].replace("_", " ").title()
                assert prompt.startswith(f"{mover} wants to move your {kind}") and prompt.endswith("allow it?"), prompt
                assert any(label.startswith(f"let {mover} move your {kind}") for label in labels), labels
                assert any(label.startswith("refuse") for label in labels), labels
                for text in [prompt, *labels]:
                    for pattern in INTERNAL:
                        assert not pattern.search(text), (pattern.pattern, text)
                return
            state.apply(p, rng.choice(state.legal_actions(p)))
    raise AssertionError("no consent question came up in 60 random games")
