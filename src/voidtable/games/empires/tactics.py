"""Tactics: the second use of diplomacy cards, paid with cards of one type, costing no action.

The Tactics are not in our copy (designer defaults, ``[diplomacy]`` in the data).
"At any time" becomes bounded windows where a Tactic can matter (a reading):
during one's own turn, between actions (extra credits, a free move or step, an
extra action); after one's own failed diplomacy roll that two more would turn
(+2); and when an attack is declared on one, before any die (cancel it: the
attacker's action is spent). A window opens for a seat whose hand is big enough to
pay for a Tactic that fits it (hand sizes are public), whether or not the right cards are
in it: opening only for a seat that holds them would tell everyone what it holds. The
window is a private decision (engine.flow): with nothing to play it still waits for its
seat, who passes, so the others cannot tell a pass from an empty hand.
The Scholarly Tactics are pre-round choices (hidden with the others in the base game;
one a round, before the research). Not built: the Militaristic re-roll.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import TACTIC
from .cards import key
from .events import TacticPlayed

if TYPE_CHECKING:
    from voidtable.engine.actions import Action

    from .state import EmpiresState

OWN_TURN = ("credit", "credits", "step", "free_move", "extra_action")


def other_tactic(s: "EmpiresState", kind: str, name: str) -> str:
    a, b = s.r.data.diplomacy.tactics[kind]
    return b if name == a else a


def may_hold(s: "EmpiresState", seat: int, names: tuple[str, ...], spare: int = 0) -> bool:
    """Whether the seat's hand might pay for one of the Tactics ``names`` (with ``spare`` more cards kept):
    public, from the hand's size alone, so a window opened by it tells nobody what the hand holds."""
    need = s.r.data.diplomacy.cards_needed
    return len(s.hands[seat]) >= spare + min(need[n] for n in names)


def tactic_options(s: "EmpiresState", seat: int, names: tuple[str, ...]) -> list["Action"]:
    """Each playable Tactic among ``names``, with each way to pay (how many cards of the other Tactic)."""
    out: list[Action] = []
    hand = s.hands[seat]
    if not hand:
        return out
    held: dict[tuple[str, str], int] = {}
    for c in hand:
        held[s.r.cards[c]] = held.get(s.r.cards[c], 0) + 1
    for kind, tactics in s.r.data.diplomacy.tactics.items():
        for name in tactics:
            if name not in names or (kind, name) not in held:
                continue
            need = s.r.data.diplomacy.cards_needed[name]
            same = held[(kind, name)]
            other = held.get((kind, other_tactic(s, kind, name)), 0)
            for o in range(0, min(other, need - 1, 2) + 1):
                if same >= 1 and same >= need - o:
                    out.append(TACTIC((f"{kind}.{name}", o)))
    return out


def pay(s: "EmpiresState", seat: int, arg: tuple[str, int]) -> str:
    """Discard the cards paying for a Tactic; returns its name."""
    card_key, others = arg
    kind, name = card_key.split(".")
    need = s.r.data.diplomacy.cards_needed[name]
    other_key = f"{kind}.{other_tactic(s, kind, name)}"
    paid = sorted(c for c in s.hands[seat] if key(s, c) == card_key)[: need - others]
    paid += sorted(c for c in s.hands[seat] if key(s, c) == other_key)[:others]
    for c in paid:
        s.hands[seat].remove(c)
        s.discard.append(c)
    s.emit(TacticPlayed(seat, card_key, len(paid)))
    return name
