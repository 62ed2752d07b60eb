"""The Black Hole Buccaneers game state: fields, who decides, views, clones, determinizations.

The rules themselves live in the phase modules (``selection``, ``placement``,
``artifacts``, ``scoring``); this module holds the data they work on and the
engine contract around it. Cards are ints (ids into :class:`~.data.Rules`);
every list here is copied by :meth:`clone`, which is the hot path of search.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from voidtable.engine.actions import Action
from voidtable.engine.events import Event
from voidtable.engine.rng import Rng
from voidtable.engine.state import GameState, Result, ranks_from_keys

from . import decisions, flow, selection
from .data import SHAPESHIFTER, SPACECRAFT, TOY, Rules

if TYPE_CHECKING:
    from voidtable.engine.game import Game

NO_SPACECRAFT = float("-inf")  # any Spacecraft, even one of negative Value, beats none


class BuccaneersState(GameState):
    """One game of Black Hole Buccaneers in progress."""

    def __init__(self, game: "Game", seed: int) -> None:
        self.game = game
        self.r: Rules = game.rules
        n = self.n = game.players
        self.rng = Rng(seed)
        self.orient = [0] * len(self.r.keys)        # quarter turns of every card
        self.hand: list[list[int]] = [[] for _ in range(n)]
        self.shown: list[list[int]] = [[] for _ in range(n)]     # faceup display, Shapeshifters excluded
        self.groups: list[list[list[int]]] = [[] for _ in range(n)]  # Time Machine groups (cards also in shown)
        self.shifters: list[list[int]] = [[] for _ in range(n)]  # Shapeshifter stack, last = on top
        self.toys: list[list[int]] = [[] for _ in range(n)]      # facedown Toys until Step C
        self.selected = [-1] * n
        self.gps = [False] * n                       # must select at random this Turn
        self.weight_cards: list[list[int]] = [[] for _ in range(n)]
        self.value_card = [0] * n
        self.points: list[list[int]] = [[] for _ in range(n)]    # the score pad, one entry per round
        self.deck: list[int] = []
        self.discard: list[int] = []
        self.pile: list[int] = []                    # last cards, facedown beside the Black Hole
        self.pile_owner: list[int] = []
        self.threshold_cards: list[int] = []
        self.black_hole_card = -1                    # the last card turned faceup in Step F
        self.watchers: list[list[int]] = []          # [card, owner, first turn it is active]
        self.robots_turn: list[list[int]] = []       # [player, card, rotated] revealed this Turn
        self.direction = 1                           # +1: pass to the next seat; -1: to the previous
        self.stack: list[str] = []                   # Black Holes still to come, top first
        self.black_hole = ""
        self.played: list[str] = []                  # Black Holes revealed so far (never mutated in place)
        self.known_stack = True                      # do players know the Black Holes to come?
        self.round = 0
        self.turn = 0
        self.phase = "select"
        self.tasks: list[tuple[Any, ...]] = []
        self.decision: tuple[Any, ...] | None = None  # (kind, player, data)
        self.last_round: dict[str, Any] | None = None
        self.best_spacecraft: list[float] = [NO_SPACECRAFT] * n  # kept Spacecraft of the last round scored
        self.setup_events: list[Event] = selection.setup_game(self)

    # -- the engine contract ------------------------------------------------
    def to_move(self) -> list[int]:
        if self.decision is not None:
            return [self.decision[1]]
        if self.phase == "select":
            return [p for p in range(self.n) if self.selected[p] < 0]
        return []

    def legal_actions(self, player: int) -> list[Action]:
        if self.decision is not None:
            return decisions.legal(self, player) if self.decision[1] == player else []
        if self.phase == "select" and 0 <= player < self.n and self.selected[player] < 0:
            sel = self.r.select_actions
            return [sel[c] for c in self.hand[player]]  # hands are kept sorted
        return []

    def apply(self, player: int, action: Action) -> list[Event]:
        # Fast path for the commonest decision; anything unusual goes through the generic check.
        if (self.decision is None and self.phase == "select" and action.__class__ is Action and action.kind == "select"
                and 0 <= player < self.n and self.selected[player] < 0):
            card = self.r.index.get(action.arg) if isinstance(action.arg, str) else None
            if card is not None and card in self.hand[player]:
                ev = selection.select_card(self, player, card)
                if self.tasks:
                    ev.extend(flow.run(self))
                return ev
        return super().apply(player, action)

    def _apply(self, player: int, action: Action) -> list[Event]:
        if self.decision is not None:
            ev = decisions.apply(self, player, action)
        else:
            ev = selection.select_card(self, player, self.r.index[action.arg])
        ev.extend(flow.run(self))
        return ev

    def is_over(self) -> bool:
        return self.phase == "over"

    def result(self) -> Result:
        if self.phase != "over":
            raise RuntimeError("result() is only defined once the game is over")
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

    # -- derived numbers (the rules read these) -------------------------------
    def total_weight(self, p: int) -> int:
        """Weight of p's faceup cards with the Shapeshifter rule, plus any Weight cards."""
        w = self.r.weight
        o = self.orient
        total = sum(w[c][o[c]] for c in self.shown[p]) + sum(self.weight_cards[p])
        sh = self.shifters[p]
        if sh:
            total += len(sh) * w[sh[-1]][0]
        return total

    def total_value(self, p: int) -> int:
        v = self.r.value
        o = self.orient
        return sum(v[c][o[c]] for c in self.shown[p]) + sum(v[c][0] for c in self.shifters[p]) + self.value_card[p]

    def best_spacecraft_of(self, p: int) -> float:
        vals = [self.r.value[c][0] for c in self.shown[p] if self.r.kind[c] == SPACECRAFT]
        return max(vals) if vals else NO_SPACECRAFT

    def holder(self, effect: str) -> int:
        """The seat whose faceup display holds the card with ``effect``, or -1."""
        card = self.r.effect_card[effect]
        for p in range(self.n):
            if card in self.shown[p]:
                return p
        return -1

    # -- copies ---------------------------------------------------------------
    def clone(self) -> "BuccaneersState":
        s = object.__new__(BuccaneersState)
        d = s.__dict__
        d.update(self.__dict__)
        s.rng = Rng(self.rng.state)
        s.orient = self.orient[:]
        s.hand = [h[:] for h in self.hand]
        s.shown = [h[:] for h in self.shown]
        s.groups = [[g[:] for g in gs] for gs in self.groups]
        s.shifters = [h[:] for h in self.shifters]
        s.toys = [h[:] for h in self.toys]
        s.selected = self.selected[:]
        s.gps = self.gps[:]
        s.weight_cards = [h[:] for h in self.weight_cards]
        s.value_card = self.value_card[:]
        s.points = [h[:] for h in self.points]
        s.deck = self.deck[:]
        s.discard = self.discard[:]
        s.pile = self.pile[:]
        s.pile_owner = self.pile_owner[:]
        s.threshold_cards = self.threshold_cards[:]
        s.watchers = [w[:] for w in self.watchers]
        s.robots_turn = [w[:] for w in self.robots_turn]
        s.stack = self.stack[:]
        s.tasks = self.tasks[:]
        s.best_spacecraft = self.best_spacecraft[:]
        return s

    def determinize(self, player: int, rng: Rng) -> "BuccaneersState":
        """Resample everything ``player`` cannot see: the deck, others' hands, selections, Toys and last cards.

        Facedown Toys of other players are known to be Toys, so they are drawn
        from the unseen Toys. Unknown Black Holes still to come are redrawn
        from those not yet seen. (Cards a player saw in a hand passed to them
        are not remembered: a known simplification for search.)
        """
        s = self.clone()
        s.rng = rng.spawn()
        slots: list[tuple[list[int], int]] = [(s.deck, len(s.deck))]
        toy_slots: list[tuple[list[int], int]] = []
        for q in range(self.n):
            if q == player:
                continue
            slots.append((s.hand[q], len(s.hand[q])))
            toy_slots.append((s.toys[q], len(s.toys[q])))
        unknown = list(s.deck)
        for lst, _ in slots[1:]:
            unknown.extend(lst)
        for lst, _ in toy_slots:
            unknown.extend(lst)
        hidden_sel = [q for q in range(self.n) if q != player and s.selected[q] >= 0]
        unknown.extend(s.selected[q] for q in hidden_sel)
        hidden_pile = [i for i, o in enumerate(s.pile_owner) if o != player]
        unknown.extend(s.pile[i] for i in hidden_pile)
        hidden_draw = decisions.hidden_cards(s, player)
        unknown.extend(hidden_draw)
        unknown.sort()  # canonical order: the sample depends on rng and what player sees, never on the hidden arrangement
        toys = [c for c in unknown if self.r.kind[c] == TOY]
        rng.shuffle(toys)
        need = sum(k for _, k in toy_slots)
        chosen_toys = toys[:need]
        chosen_set = set(chosen_toys)
        rest = [c for c in unknown if c not in chosen_set]
        rng.shuffle(rest)
        it = iter(rest)
        tit = iter(chosen_toys)
        for lst, k in toy_slots:
            lst[:] = [next(tit) for _ in range(k)]
        for lst, k in slots:
            lst[:] = [next(it) for _ in range(k)]
        for q in range(self.n):
            s.hand[q].sort()  # hands are kept sorted
        for q in hidden_sel:
            s.selected[q] = next(it)
        for i in hidden_pile:
            s.pile[i] = next(it)
        decisions.refill_hidden(s, player, it)
        if not self.known_stack and s.stack:
            seen = set(selection.seen_black_holes(self))
            pool = [k for k in self.r.black_holes if k not in seen]
            rng.shuffle(pool)
            s.stack = pool[: len(s.stack)]
        return s

    # -- what seats may see -----------------------------------------------------
    def view(self, player: int | None) -> dict[str, Any]:
        from .views import view
        return view(self, player)

    def snapshot(self) -> dict[str, Any]:
        from .views import snapshot
        return snapshot(self)
