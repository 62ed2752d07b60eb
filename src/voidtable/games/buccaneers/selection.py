"""Game Setup, the Selection phase (select, reveal, pass) and the Cleanup phase.

Rulebook: "Game Setup", "Selection Phase" steps 1-3, "Cleanup Phase".
Each step is a task on the flow machine (see ``tasks``); Selection step 1 is
the one simultaneous decision: every seat that has not chosen picks at once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from voidtable.engine.actions import Action
from voidtable.engine.errors import RulesInvariantError
from voidtable.engine.types import CardId, Seat

from .data import ARTIFACT, ARTIFACT_ORDER, TOY, WHEN_REVEALED, direction_name, named_black_holes
from .events import (CleanedUp, Dealt, GameOver, LastCards, Passed, Revealed, RoundStarted, Selected, SelectedCard,
                     Setup, TurnStarted)
from .placement import SELECTED, place_card
from .scoring import begin_score_phase
from .tasks import (BEGIN_TURN, PASS_CARDS, ROTATE_ROBOTS, SELECT, TASKS, Artifact, BeginTurn, Cleanup, PassCards,
                    Place, Select)

if TYPE_CHECKING:
    from .state import BuccaneersState


def choose_black_holes(s: "BuccaneersState") -> list[str]:
    """Setup step 1: the first-game set, 3 random of the 13, or the 3 named (top first)."""
    r = s.r
    choice = s.game.options["black_hole_set"]
    if choice == "first_game":
        return list(r.first_game)
    if choice == "random":
        s.known_stack = False
        keys = list(r.black_holes)
        s.rng.shuffle(keys)
        return keys[: r.rounds]
    return named_black_holes(choice, list(r.black_holes), r.rounds)


def setup_game(s: "BuccaneersState") -> None:
    """Game Setup: Black Hole stack, Direction card on a random side, then the first round's deal."""
    s.holes = choose_black_holes(s)
    s.direction = 1 if s.rng.below(2) == 0 else -1
    s.emit(Setup(s.n, direction_name(s.direction), tuple(s.holes) if s.known_stack else len(s.holes)))
    start_round(s)


def mask_of(s: "BuccaneersState", cards: list[CardId]) -> int:
    """A set of distinct cards as bits (``held``: the cards a seat has held this round); distinct bits add as they or."""
    return sum(map(s.r.bit.__getitem__, cards))


def seen_black_holes(s: "BuccaneersState") -> list[str]:
    """Black Holes every player has seen: those played and the one in play."""
    return list(s.played)


def start_round(s: "BuccaneersState") -> None:
    """Reveal the next Black Hole, shuffle all Space Trash, deal the hand size it shows."""
    s.round += 1
    s.turn = 0
    s.phase = "select"
    s.black_hole = s.holes.pop(0)
    s.played = s.played + [s.black_hole]  # a new list: clones may share the old one
    bh = s.r.black_holes[s.black_hole]
    s.deck = list(range(len(s.r.keys)))
    s.rng.shuffle(s.deck)
    s.discard = []
    s.emit(RoundStarted(s.round, s.black_hole, bh.color, bh.threshold, bh.hand_size))
    for p in range(s.n):
        s.hand[p] = sorted(s.deck[: bh.hand_size])  # hands are kept sorted: legal actions in a stable order
        del s.deck[: bh.hand_size]
        s.held[p] = mask_of(s, s.hand[p])
        if not s.quiet:
            s.emit(Dealt(p, tuple([s.r.keys[c] for c in s.hand[p]]), visible_to=(p,)))
    s.stack.insert(0, BEGIN_TURN)  # after everything already waiting (nothing is, at the start of a round)


@TASKS.auto(BeginTurn)
def begin_turn(s: "BuccaneersState", task: BeginTurn) -> None:
    """A new Turn: players under the GPS Tracker have their card drawn at random from their hand."""
    s.turn += 1
    s.phase = "select"
    s.robots_turn = []
    if not s.quiet:
        s.emit(TurnStarted(s.round, s.turn))
    if True in s.gps:
        _gps_draws(s)
    if -1 not in s.selected:
        reveal_cards(s)
    else:
        s.stack.append(SELECT)


def _gps_draws(s: "BuccaneersState") -> None:
    """Seats under the GPS Tracker have their card drawn at random from their hand."""
    for p in range(s.n):
        if s.gps[p]:
            s.gps[p] = False
            card = s.hand[p][s.rng.below(len(s.hand[p]))]
            s.hand[p].remove(card)
            s.selected[p] = card
            s.emit(Selected(p, random=True))
            s.emit(SelectedCard(p, s.r.keys[card], visible_to=(p,)))


def selecting(s: "BuccaneersState", task: Select) -> list[Seat]:
    """Seats still to choose this Turn."""
    return [p for p in range(s.n) if s.selected[p] < 0]


def selectable(s: "BuccaneersState", task: Select, p: Seat) -> list[Action]:
    sel = s.r.select_actions
    return [sel[c] for c in s.hand[p]]  # hands are kept sorted


@TASKS.simultaneous(Select, seats=selecting, legal=selectable)
def choose_card(s: "BuccaneersState", task: Select, p: Seat, action: Action) -> None:
    select_card(s, p, s.r.index[action.arg])


def select_card(s: "BuccaneersState", p: Seat, card: CardId) -> None:
    """Selection step 1: a card goes facedown in front of its player; reveal once all have chosen."""
    s.hand[p].remove(card)
    s.selected[p] = card
    if not s.quiet:
        s.emit(Selected(p))
    if -1 not in s.selected:
        reveal_cards(s)
    else:
        s.stack.append(SELECT)


def reveal_cards(s: "BuccaneersState") -> None:
    """Selection step 2: reveal together (Toys stay facedown), place, then resolve effects in rulebook order.

    Cards are placed in seat order, at once; if a placement asks a question (a Time
    Machine group), the placements after it wait under that decision as ``Place`` tasks.
    """
    s.phase = "reveal"
    r = s.r
    chosen = s.selected[:]
    s.selected = [-1] * s.n
    kind = r.kind
    if not s.quiet:
        s.emit(Revealed(tuple([None if kind[c] == TOY else r.keys[c] for c in chosen])))
    stack = s.stack
    stack.append(PASS_CARDS)
    if ARTIFACT in map(kind.__getitem__, chosen):
        effects = sorted(((ARTIFACT_ORDER.index(r.effect_of[c]), p, c) for p, c in enumerate(chosen)
                          if kind[c] == ARTIFACT and r.effect_of[c] in WHEN_REVEALED))
        stack.extend(Artifact(r.effect_of[c], p, c) for _, p, c in reversed(effects))  # type: ignore[arg-type]
    stack.append(ROTATE_ROBOTS)  # on top: runs first, then the effects in order, then the pass
    waiting = len(stack)
    for p, c in enumerate(chosen):
        place_card(s, p, c, SELECTED)
        if len(stack) != waiting:  # a question: the rest of the placements come after its answer
            question = stack.pop()
            s.push(question, *(Place(q, d, SELECTED) for q, d in enumerate(chosen) if q > p))
            return


@TASKS.auto(PassCards)
def pass_cards(s: "BuccaneersState", task: PassCards) -> None:
    """Selection step 3: pass hands along the Direction card while everyone holds 2+; else last cards to the pile."""
    sizes = [len(h) for h in s.hand]
    if min(sizes) >= 2:
        d = s.direction
        n = s.n
        hand = s.hand = [s.hand[(p - d) % n] for p in range(n)]  # whole hands move: they stay sorted
        held = s.held
        bit = s.r.bit.__getitem__
        for p in range(n):
            held[p] |= sum(map(bit, hand[p]))  # the seat sees the hand passed to it (see mask_of)
        if not s.quiet:
            s.emit(Passed(direction_name(d)))
        s.stack.append(BEGIN_TURN)
        return
    if max(sizes) > 1:  # cannot happen: everyone plays one card a Turn and TIIT CLO UHL gives everyone one
        raise RulesInvariantError(f"buccaneers: hands of unequal size {sizes}")
    for p in range(s.n):
        for c in s.hand[p]:
            s.pile.append(c)
            s.pile_owner.append(p)
        s.hand[p] = []
    s.emit(LastCards(len(s.pile)))
    begin_score_phase(s)


@TASKS.auto(Cleanup)
def cleanup(s: "BuccaneersState", task: Cleanup) -> None:
    """Cleanup phase: return everything (the Direction card stays), next Black Hole, deal. Skipped after the last round."""
    if s.round >= s.r.rounds:
        s.phase = "over"
        s.finish("the last round was scored")
        res = s.result()
        s.emit(GameOver(tuple([sum(p) for p in s.points]), tuple(res.winners), tuple(res.tiebreaks)))
        return
    n = s.n
    s.shown = [[] for _ in range(n)]
    s.groups = [[] for _ in range(n)]
    s.shifters = [[] for _ in range(n)]
    s.toys = [[] for _ in range(n)]
    s.weight_cards = [[] for _ in range(n)]
    s.value_card = [0] * n
    s.pile = []
    s.pile_owner = []
    s.threshold_cards = []
    s.black_hole_card = -1
    s.watchers = []
    s.gps = [False] * n
    s.orient = [0] * len(s.r.keys)
    s.emit(CleanedUp(s.round))
    start_round(s)


