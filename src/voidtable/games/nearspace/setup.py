"""Setting up: each deck laid out as Frontier, pyramid and Homeworld; Resource and Hand; who starts.

Deck order: the Homeworld comes out, the rest is shuffled, the top 2 go face down
to the Frontier, the next 9 face down to the pyramid, the rest is the Resource;
its top 3 are the Hand, and an Encounter dealt there goes under the Resource and
is replaced. Each seat starts with one active engine and no ships; a d20 each
(again on a tie) says who takes the first turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from voidtable.engine.dice import Die, roll_off

from .events import EncounterToBottom, FirstPlayer, LaidOut
from .resource import draw, key, put_bottom
from .rolls import throw
from .ships import ShipMap
from .board import EMPTY
from .tasks import StartTurn

if TYPE_CHECKING:
    from .state import NearspaceState


def set_up(s: "NearspaceState") -> None:
    r, board, d = s.r, s.r.board, s.r.data
    n_places = len(board.hexes)
    s.place_card = [EMPTY] * n_places
    s.face_up = [False] * n_places
    s.place_card[board.neutral] = r.neutral
    s.face_up[board.neutral] = True
    s.encounter_at = {}
    s.resource, s.known_bottom, s.hand, s.discard, s.directives = [[], []], [0, 0], [[], []], [[], []], [[], []]
    s.graveyard = [[], []]
    s.stockpile = [r.stockpile, r.stockpile]
    s.ships, s.engine_hulls = ShipMap(), {}
    s.engines = [d.engines.start, d.engines.start]
    s.turn, s.turns_taken, s.active = 0, [0, 0], -1
    s.cp, s.cp_class, s.e, s.attack_bonus, s.e_bonus = 0, {}, 0, 0, 0
    s.exile, s.winners = [0, 0], ()
    s.bank, s.stored_e = [0, 0], [0, 0]  # Banking CP and Engine Storage (advanced options)
    for seat in range(2):
        cards = [c for c in r.deck_ids[seat] if c != r.homeworld_ids[seat]]
        s.rng.shuffle(cards)
        places = list(board.frontier[seat]) + list(board.pyramid[seat])
        for place, card in zip(places, cards):
            s.place_card[place] = card
        s.resource[seat] = cards[len(places):]
        hw = board.homeworld[seat]
        s.place_card[hw] = r.homeworld_ids[seat]
        s.face_up[hw] = True
        s.emit(LaidOut(seat, key(s, r.homeworld_ids[seat]), len(places), len(s.resource[seat])))
        deal_hand(s, seat)
    s.first = first_player(s)
    s.push(StartTurn(s.first))


def deal_hand(s: "NearspaceState", seat: int) -> None:
    """Three cards from the Resource; an Encounter among them goes under the Resource and another is dealt."""
    for _ in range(s.r.data.setup.hand):
        draw(s, seat)
    tries = len(s.resource[seat]) + len(s.hand[seat])
    while tries > 0:
        encounters = [c for c in s.hand[seat] if s.r.card(c).kind == "encounter"]
        if not encounters:
            break
        for c in encounters:
            s.hand[seat].remove(c)
            put_bottom(s, seat, c)
            s.emit(EncounterToBottom(seat, key(s, c)))
            draw(s, seat)
        tries -= 1


def first_player(s: "NearspaceState") -> int:
    """Both roll the first-player die; the higher starts; a tie rolls again."""
    die = Die(s.r.data.setup.first_player_die)
    first = roll_off((0, 1), throw(s, die, "first player"))
    s.emit(FirstPlayer(first))
    return first
