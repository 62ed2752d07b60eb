"""Game Setup, the Selection phase (select, reveal, pass) and the Cleanup phase.

Rulebook: "Game Setup", "Selection Phase" steps 1-3, "Cleanup Phase".
Work that may stop for a player's decision is queued as tasks (see ``flow``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from voidtable.engine.errors import OptionError
from voidtable.engine.events import Event

from .data import ARTIFACT, TOY, WHEN_REVEALED, ARTIFACT_ORDER
from .placement import SELECTED, place_card

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


def named_black_holes(choice: str, known: list[str], rounds: int) -> list[str]:
    names = [k.strip() for k in choice.split(",")]
    bad = [k for k in names if k not in known]
    if bad or len(names) != rounds or len(set(names)) != rounds:
        raise OptionError(
            f"black_hole_set must be first_game, random, or {rounds} different Black Holes separated by commas "
            f"(top first) from: {', '.join(known)}; got {choice!r}"
        )
    return names


def setup_game(s: "BuccaneersState") -> list[Event]:
    """Game Setup: Black Hole stack, Direction card on a random side, then the first round's deal."""
    s.stack = choose_black_holes(s)
    s.direction = 1 if s.rng.below(2) == 0 else -1
    ev: list[Event] = [{
        "type": "setup", "players": s.n, "direction": direction_name(s.direction),
        "black_holes": list(s.stack) if s.known_stack else len(s.stack),
    }]
    start_round(s, ev)
    from . import flow
    ev.extend(flow.run(s))
    return ev


def seen_black_holes(s: "BuccaneersState") -> list[str]:
    """Black Holes every player has seen: those played and the one in play."""
    return list(s.played)


def start_round(s: "BuccaneersState", ev: list[Event]) -> None:
    """Reveal the next Black Hole, shuffle all Space Trash, deal the hand size it shows."""
    s.round += 1
    s.turn = 0
    s.phase = "select"
    s.black_hole = s.stack.pop(0)
    s.played = s.played + [s.black_hole]  # a new list: clones may share the old one
    bh = s.r.black_holes[s.black_hole]
    s.deck = list(range(len(s.r.keys)))
    s.rng.shuffle(s.deck)
    s.discard = []
    ev.append({"type": "round", "round": s.round, "black_hole": s.black_hole, "color": bh.color,
               "threshold": bh.threshold, "hand_size": bh.hand_size})
    for p in range(s.n):
        s.hand[p] = sorted(s.deck[: bh.hand_size])  # hands are kept sorted: legal actions in a stable order
        del s.deck[: bh.hand_size]
        ev.append({"type": "dealt", "player": p, "cards": [s.r.keys[c] for c in sorted(s.hand[p])], "visible_to": [p]})
    s.tasks.append(("begin_turn",))


def begin_turn(s: "BuccaneersState", task: tuple, ev: list[Event]) -> None:
    """A new Turn: players under the GPS Tracker have their card drawn at random from their hand."""
    s.turn += 1
    s.phase = "select"
    s.robots_turn = []
    ev.append({"type": "turn", "round": s.round, "turn": s.turn})
    for p in range(s.n):
        if s.gps[p]:
            s.gps[p] = False
            card = s.hand[p][s.rng.below(len(s.hand[p]))]
            s.hand[p].remove(card)
            s.selected[p] = card
            ev.append({"type": "selected", "player": p, "random": True})
            ev.append({"type": "selected_card", "player": p, "card": s.r.keys[card], "visible_to": [p]})
    if all(c >= 0 for c in s.selected):
        reveal_cards(s, ev)


def select_card(s: "BuccaneersState", p: int, card: int) -> list[Event]:
    """Selection step 1: a card goes facedown in front of its player; reveal once all have chosen."""
    s.hand[p].remove(card)
    s.selected[p] = card
    ev: list[Event] = [{"type": "selected", "player": p}]
    if all(c >= 0 for c in s.selected):
        reveal_cards(s, ev)
    return ev


def reveal_cards(s: "BuccaneersState", ev: list[Event]) -> None:
    """Selection step 2: reveal together (Toys stay facedown), place, then resolve effects in rulebook order."""
    s.phase = "reveal"
    r = s.r
    chosen = s.selected[:]
    s.selected = [-1] * s.n
    ev.append({"type": "revealed", "cards": [None if r.kind[c] == TOY else r.keys[c] for c in chosen]})
    tasks: list[tuple] = []
    for p, c in enumerate(chosen):  # placed at once; if a placement asks a question, the rest wait in the queue
        if s.decision is None:
            place_card(s, p, c, SELECTED, ev)
        else:
            tasks.append(("place", p, c, SELECTED))
    tasks.append(("rotate_robots",))
    effects = sorted(((ARTIFACT_ORDER.index(r.effect_of[c]), p, c) for p, c in enumerate(chosen)
                      if r.kind[c] == ARTIFACT and r.effect_of[c] in WHEN_REVEALED))
    tasks.extend(("artifact", r.effect_of[c], p, c) for _, p, c in effects)
    tasks.append(("pass_cards",))
    s.tasks[:0] = tasks


def pass_cards(s: "BuccaneersState", task: tuple, ev: list[Event]) -> None:
    """Selection step 3: pass hands along the Direction card while everyone holds 2+; else last cards to the pile."""
    sizes = [len(h) for h in s.hand]
    if min(sizes) >= 2:
        d = s.direction
        s.hand = [s.hand[(p - d) % s.n] for p in range(s.n)]  # whole hands move: they stay sorted
        ev.append({"type": "passed", "direction": direction_name(d)})
        s.tasks.insert(0, ("begin_turn",))
        return
    if max(sizes) > 1:  # cannot happen: everyone plays one card a Turn and TIIT CLO UHL gives everyone one
        raise AssertionError(f"hands of unequal size {sizes}")
    for p in range(s.n):
        for c in s.hand[p]:
            s.pile.append(c)
            s.pile_owner.append(p)
        s.hand[p] = []
    ev.append({"type": "last_cards", "count": len(s.pile)})
    from .scoring import begin_score_phase
    begin_score_phase(s, ev)


def cleanup(s: "BuccaneersState", task: tuple, ev: list[Event]) -> None:
    """Cleanup phase: return everything (the Direction card stays), next Black Hole, deal. Skipped after the last round."""
    if s.round >= s.r.rounds:
        s.phase = "over"
        res = s.result()
        ev.append({"type": "game_over", "totals": [sum(p) for p in s.points], "winners": res.winners,
                   "tiebreaks": res.tiebreaks})
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
    ev.append({"type": "cleanup", "round": s.round})
    start_round(s, ev)


def direction_name(d: int) -> str:
    return "left" if d == 1 else "right"
