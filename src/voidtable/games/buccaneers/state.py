"""The Black Hole Buccaneers game state: fields, who decides, views, clones, determinizations.

The game runs on the engine's flow machine (:class:`~voidtable.engine.flow.FlowState`):
the task types are declared in ``tasks`` and the rules that run them live in
the phase modules (``selection``, ``placement``, ``artifacts``, ``scoring``);
this module holds the data they work on, declared once in :data:`FIELDS` (which
derives ``clone()`` and ``snapshot()``), and the engine contract around it.
Cards are ints (ids into :class:`~.data.Rules`).
"""

from __future__ import annotations

from typing import Any

from voidtable.engine.actions import Action
from voidtable.engine.events import AnyEvent
from voidtable.engine.fields import FIXED, FLOW_FIELDS, LIST, NESTED, NESTED3, SHARED, VALUE, Fields
from voidtable.engine.flow import FlowState
from voidtable.engine.native import mypyc_attr
from voidtable.engine.rng import Rng
from voidtable.engine.state import Result, ranks_from_keys
from voidtable.engine.types import CardId, Seat
from voidtable.engine.zones import Hidden

from . import artifacts, placement, scoring, selection  # noqa: F401 - importing them registers their tasks
from .data import SPACECRAFT, BuccaneersGame, Phase, Rules
from .tasks import TASKS, Decision, Select, TitanicTentacles
from .views import view

NO_SPACECRAFT = float("-inf")  # any Spacecraft, even one of negative Value, beats none

#: Every field of a state, with how ``clone()`` copies it (the hot path of search).
FIELDS = Fields(
    "buccaneers", FLOW_FIELDS,
    r=FIXED,
    n=VALUE,
    orient=LIST,             # quarter turns of every card
    hand=NESTED,             # kept sorted
    held=LIST,               # per seat, a bit per card it has held in hand this round (what determinizations remember)
    shown=NESTED,            # faceup display, Shapeshifters excluded
    groups=NESTED3,          # Time Machine groups (cards also in shown)
    shifters=NESTED,         # Shapeshifter stack, last = on top
    toys=NESTED,             # facedown Toys until Step C
    selected=LIST,           # facedown selection this Turn, -1: none yet
    gps=LIST,                # must select at random this Turn
    weight_cards=NESTED,
    value_card=LIST,
    points=NESTED,           # the score pad, one entry per round
    deck=LIST,
    discard=LIST,
    pile=LIST,               # last cards, facedown beside the Black Hole
    pile_owner=LIST,
    threshold_cards=LIST,
    black_hole_card=VALUE,   # the last card turned faceup in Step F
    watchers=NESTED,         # [card, owner, first turn it is active]
    robots_turn=NESTED,      # [seat, card, rotated] revealed this Turn
    direction=VALUE,         # +1: pass to the next seat; -1: to the previous
    holes=LIST,              # Black Holes still to come, top first
    black_hole=VALUE,
    played=SHARED,           # Black Holes revealed so far (replaced, never mutated in place)
    known_stack=VALUE,       # do players know the Black Holes to come?
    round=VALUE,
    turn=VALUE,
    phase=VALUE,             # select, reveal, score, over (for views): data.Phase
    last_round=SHARED,       # the last round's scoring summary (replaced, never mutated in place)
    best_spacecraft=LIST,    # kept Spacecraft of the last round scored
)


@mypyc_attr(native_class=False, allow_interpreted_subclasses=True)  # an ordinary class: see engine/native.py
class BuccaneersState(FlowState):
    """One game of Black Hole Buccaneers in progress."""

    TASKS = TASKS
    FIELDS = FIELDS

    def __init__(self, game: BuccaneersGame, seed: int) -> None:
        self.init_flow()
        self.game = game
        self.r = game.rules
        n = self.n = game.players
        self.rng = Rng(seed)
        self.orient = [0] * len(self.r.keys)
        self.hand: list[list[CardId]] = [[] for _ in range(n)]
        self.held: list[int] = [0] * n
        self.shown: list[list[CardId]] = [[] for _ in range(n)]
        self.groups: list[list[list[CardId]]] = [[] for _ in range(n)]
        self.shifters: list[list[CardId]] = [[] for _ in range(n)]
        self.toys: list[list[CardId]] = [[] for _ in range(n)]
        self.selected: list[CardId] = [-1] * n
        self.gps = [False] * n
        self.weight_cards: list[list[int]] = [[] for _ in range(n)]
        self.value_card = [0] * n
        self.points: list[list[int]] = [[] for _ in range(n)]
        self.deck: list[CardId] = []
        self.discard: list[CardId] = []
        self.pile: list[CardId] = []
        self.pile_owner: list[Seat] = []
        self.threshold_cards: list[int] = []
        self.black_hole_card: CardId = -1
        self.watchers: list[list[int]] = []
        self.robots_turn: list[list[int]] = []
        self.direction = 1
        self.holes: list[str] = []
        self.black_hole = ""
        self.played: list[str] = []
        self.known_stack = True
        self.round = 0
        self.turn = 0
        self.phase: Phase = "select"
        self.last_round: dict[str, Any] | None = None
        self.best_spacecraft: list[int | float] = [NO_SPACECRAFT] * n  # a card Value (int), or none (a float)
        selection.setup_game(self)
        self.start_flow()

    # -- the engine contract (fast paths for the commonest decision: Selection) ----------------
    def to_move(self) -> list[Seat]:
        stack = self.stack
        if stack and stack[-1].__class__ is Select and not self.over:
            return [p for p, c in enumerate(self.selected) if c < 0]
        return super().to_move()

    def legal_actions(self, player: Any) -> list[Action]:  # Any: from outside (see FlowState.apply)
        stack = self.stack
        if stack and stack[-1].__class__ is Select and not self.over:
            if player.__class__ is int and 0 <= player < self.n and self.selected[player] < 0:
                return list(map(self.r.select_actions.__getitem__, self.hand[player]))  # hands are kept sorted
            return []
        return super().legal_actions(player)

    def apply(self, player: Any, action: Any) -> list[AnyEvent]:  # Any: from outside (see FlowState.apply)
        stack = self.stack
        if stack and stack[-1].__class__ is Select and action.__class__ is Action and not self.over:
            arg = action.arg
            card = self.r.index.get(arg) if action.kind == "select" and arg.__class__ is str else None
            if (card is not None and player.__class__ is int and 0 <= player < self.n and self.selected[player] < 0
                    and card in self.hand[player]):
                self._legal = None
                stack.pop()
                selection.select_card(self, player, card)
                if stack[-1].__class__ is not Select:
                    self.advance()
                if self.quiet:
                    return []
                return self.take_events()
        return super().apply(player, action)

    def final_result(self) -> Result:
        totals = [sum(p) for p in self.points]
        keys = [(totals[p], self.best_spacecraft[p]) for p in range(self.n)]
        ranks = ranks_from_keys(keys)
        winners = [p for p in range(self.n) if ranks[p] == 1]
        notes = []
        top = max(totals)
        tied = [p for p in range(self.n) if totals[p] == top]
        if len(tied) > 1:
            if len(winners) == 1:
                notes.append(f"seats {tied} tied on {top} points; seat {winners[0]} wins with the most valuable Spacecraft of round {self.r.rounds}")
            else:
                notes.append(f"seats {tied} tied on {top} points and none kept a Spacecraft in round {self.r.rounds}: shared victory")
        return Result([float(t) for t in totals], ranks, winners, notes)

    @property
    def decision(self) -> Decision | None:
        """The pending single-seat decision task (a Relic, the Laser, Tentacles, a Time Machine group), or None."""
        stack = self.stack
        if not stack or self.over or stack[-1].__class__ is Select:
            return None
        task: Decision = stack[-1]  # type: ignore[assignment]
        return task

    # -- derived numbers (the rules read these) -------------------------------
    def total_weight(self, p: Seat) -> int:
        """Weight of p's faceup cards with the Shapeshifter rule, plus any Weight cards."""
        w = self.r.weight
        o = self.orient
        total = sum(w[c][o[c]] for c in self.shown[p]) + sum(self.weight_cards[p])
        sh = self.shifters[p]
        if sh:
            total += len(sh) * w[sh[-1]][0]
        return total

    def total_value(self, p: Seat) -> int:
        v = self.r.value
        o = self.orient
        return sum(v[c][o[c]] for c in self.shown[p]) + sum(v[c][0] for c in self.shifters[p]) + self.value_card[p]

    def best_spacecraft_of(self, p: Seat) -> int | float:  # not float: compiled code would turn the int into one
        vals = [self.r.value[c][0] for c in self.shown[p] if self.r.kind[c] == SPACECRAFT]
        return max(vals) if vals else NO_SPACECRAFT

    def holder(self, effect: str) -> Seat:
        """The seat whose faceup display holds the card with ``effect``, or -1."""
        card = self.r.effect_card[effect]
        for p in range(self.n):
            if card in self.shown[p]:
                return p
        return -1

    # -- copies ---------------------------------------------------------------
    def clone(self) -> "BuccaneersState":
        return _clone(self)  # type: ignore[no-any-return]

    def determinize(self, player: Seat, rng: Rng, remember: bool = True) -> "BuccaneersState":
        """Resample everything ``player`` cannot see: the deck, others' hands, selections, Toys and last cards.

        Facedown Toys of other players are known to be Toys, so they are drawn
        from the unseen Toys. The cards of another seat's pending Titanic
        Tentacles choice are unseen too. Unknown Black Holes still to come are
        redrawn from those not yet seen. A card ``player`` has held this round
        (dealt, passed to it, drawn) and passed on is known not to be in the
        deck: the deck, and another seat's Tentacles draw (taken from the deck),
        are redrawn from cards it never held (``held``). A position set up by
        hand can contradict that memory (a held card put back in the deck): the
        draw then forgets it (``remember=False``) rather than fail.
        """
        return determinize(self, player, rng, remember)

    # -- what seats may see, and the whole truth -----------------------------------
    def view(self, player: Seat | None) -> dict[str, Any]:
        return view(self, player)

    def snapshot(self) -> dict[str, Any]:
        """Every declared field (see ``FIELDS``) and the task stack, with cards named by their keys."""
        snap = super().snapshot()
        keys = self.r.keys
        for name in CARD_LISTS:
            snap[name] = [keys[c] for c in snap[name]]
        for name in CARD_LISTS_PER_SEAT:
            snap[name] = [[keys[c] for c in cards] for cards in snap[name]]
        snap["groups"] = [[[keys[c] for c in g] for g in gs] for gs in self.groups]
        snap["selected"] = [keys[c] if c >= 0 else None for c in self.selected]
        snap["best_spacecraft"] = [str(b) for b in self.best_spacecraft]  # -inf: none kept (strict JSON has no -Infinity)
        return snap


def determinize(state: BuccaneersState, player: Seat, rng: Rng, remember: bool = True) -> BuccaneersState:
    """:meth:`BuccaneersState.determinize` (here, not in the method: mypyc compiles closures in functions only)."""
    s = state.clone()
    s.rng = rng.spawn()
    others = [q for q in range(state.n) if q != player]
    held = state.held[player] if remember else 0
    from_deck = None
    toys = [Hidden(s.toys[q], only=state.r.is_toy) for q in others]  # facedown Toys are known to be Toys
    if held:  # cards never held, as one set: its membership test is the deck's constraint
        from_deck = state.r.never_held(held)
        slots = toys + [Hidden(s.deck, only=from_deck)]  # the Toys drawn first: the deck's draw rarely starves them
    else:
        slots = [Hidden(s.deck)]
    slots += [Hidden(s.hand[q]) for q in others]
    if not held:
        slots += toys
    hidden_sel = [q for q in others if s.selected[q] >= 0]

    def write_sel(cards: list[CardId]) -> None:
        for q, c in zip(hidden_sel, cards):
            s.selected[q] = c

    slots.append(Hidden([s.selected[q] for q in hidden_sel], write=write_sel))
    hidden_pile = [i for i, o in enumerate(s.pile_owner) if o != player]

    def write_pile(cards: list[CardId]) -> None:
        for i, c in zip(hidden_pile, cards):
            s.pile[i] = c

    slots.append(Hidden([s.pile[i] for i in hidden_pile], write=write_pile))
    top = s.stack[-1] if s.stack and not s.over else None
    if isinstance(top, TitanicTentacles) and top.seat != player:  # another seat's draw, unseen
        task = top

        def write_draw(cards: list[CardId]) -> None:
            s.stack[-1] = task._replace(drawn=tuple(cards))

        slots.append(Hidden(list(task.drawn), only=from_deck, write=write_draw))
    try:
        s.resample_hidden(rng, slots)
    except ValueError:  # nothing was redrawn yet: the constraints are checked before any place is filled
        if not held:
            raise
        return determinize(state, player, rng, remember=False)
    for q in others:
        s.hand[q].sort()  # hands are kept sorted
    if not state.known_stack and s.holes:
        seen = set(selection.seen_black_holes(state))
        pool = [k for k in state.r.black_holes if k not in seen]
        rng.shuffle(pool)
        s.holes = pool[: len(s.holes)]
    return s


CARD_LISTS = ("deck", "discard", "pile")
CARD_LISTS_PER_SEAT = ("hand", "shown", "shifters", "toys")


_clone = FIELDS.clone_function()
