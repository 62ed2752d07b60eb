"""Black Hole Buccaneers' action kinds, declared once (interop spaces and click routing derive from them).

Universes, in this order (the order numbers the researchers' action ids):

- ``select`` a card from your hand, ``keep`` one of the cards Titanic Tentacles
  drew, ``discard`` a card with the One Ring: every card key, in the rules data's order;
- ``threshold_card``: the Swiss Army Pocket Laser's pick, every Threshold card value, sorted;
- ``group``: which open Time Machine group takes a part, one index per Time Machine part;
- ``use`` / ``decline`` a Relic's "you may": every Relic effect, in card order
  (only the Relics with a "may" ever ask; the others' ids are never legal).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from voidtable.engine.vocabulary import ActionKind, ActionTable, choice_arg, id_arg

if TYPE_CHECKING:
    from voidtable.engine.actions import Arg
    from voidtable.engine.game import Game

    from .data import Rules


def _rules(game: "Game") -> "Rules":
    rules: "Rules" = game.rules
    return rules


def _card_keys(game: "Game") -> list["Arg"]:
    return list(_rules(game).keys)


def _threshold_values(game: "Game") -> list["Arg"]:
    return sorted(set(_rules(game).c.threshold_cards))


def _time_machine_parts(game: "Game") -> int:
    return sum(1 for c in _rules(game).data.cards.values() if c.kind == "time_machine")


def _relic_effects(game: "Game") -> list["Arg"]:
    return [c.effect for c in _rules(game).data.cards.values() if c.kind == "relic" and c.effect]


CARD = choice_arg("card", _card_keys, target="card")
THRESHOLD = choice_arg("threshold_card", _threshold_values)
GROUP = id_arg("group", _time_machine_parts, target="choice")
RELIC_EFFECT = choice_arg("relic", _relic_effects, target="button")

SELECT = ActionKind("select", CARD)                      # Selection step 1: a card from your hand
KEEP = ActionKind("keep", CARD)                          # Titanic Tentacles: the drawn card you keep
DISCARD = ActionKind("discard", CARD)                    # One Ring: the card that goes with it
THRESHOLD_CARD = ActionKind("threshold_card", THRESHOLD)  # Swiss Army Pocket Laser: which Threshold card
GROUP_KIND = ActionKind("group", GROUP)                  # Time Machine: which open group takes the part
USE = ActionKind("use", RELIC_EFFECT)                    # a Relic's "you may": yes ...
DECLINE = ActionKind("decline", RELIC_EFFECT)            # ... or no

ACTIONS = ActionTable("buccaneers", [SELECT, KEEP, DISCARD, THRESHOLD_CARD, GROUP_KIND, USE, DECLINE])
