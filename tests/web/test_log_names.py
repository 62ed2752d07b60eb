"""The table's log and choices name seats as the panels do ("Ada", "Bot 2 (easy)"), never "Seat N"."""

from __future__ import annotations

import re

import pytest

import voidtable

from .conftest import bot, create, person, state, wait_status

from voidtable.web.scenes import takes_names

# Games whose words take the players' names (optional for a game; the test fixture's minimal words do not).
GAMES = sorted(g for g, spec in voidtable.engine.games().items()
               if spec.hooks.text is not None and takes_names(spec.hooks.text.describe_event))


@pytest.mark.parametrize("name", GAMES)
def test_a_finished_tables_log_names_its_players(client, name):
    spec = voidtable.engine.get(name)
    n = spec.min_players
    res = create(client, game=name, players=n, seats=[bot() for _ in range(n)], seed=11)
    wait_status(client, res["id"])
    seen = state(client, res["id"])
    log = "\n".join(seen["log"])
    names = [s["name"] for s in client.get(f"/api/tables/{res['id']}").json()["seats"]]
    assert any(nm in log for nm in names), (names, log[:400])
    assert not re.search(r"\bSeat \d\b", log), re.search(r".*\bSeat \d\b.*", log).group(0)  # type: ignore[union-attr]
    frame = client.get(f"/api/tables/{res['id']}/replay", params={"step": 3}).json()
    assert frame["names"] == names and not re.search(r"\bSeat \d\b", "\n".join(frame["log"]))


def test_choices_name_the_player(client):
    res = create(client, game="nearspace", players=2, seats=[person(name="Ada"), bot()], seed=3)
    token = res["links"][0]["token"]
    seen = state(client, res["id"], token)
    text = " ".join(c["label"] for c in seen.get("choices", [])) + "\n".join(seen["log"])
    assert "Ada" in text and not re.search(r"\bSeat \d\b", text)
