"""Phase V, events and elections (every ``events.every`` cycles): an event, the resolutions, the tribunal seat.

- An event card is drawn from what is left of the deck (the deck is remade when
  empty): a harvest gives every player ``amount`` more per working building of
  that resource; a loss takes ``amount`` from every player.
- A new resolution is drawn and voted on; then each resolution already in force
  is voted on again. Players vote in turn order from the first player, each
  casting all its votes (planets with its colonies + regions with its
  buildings) for or against, or abstaining. More for than against passes (a
  standing resolution stays); otherwise it goes back to the deck.
- The candidates for the tribunal seat are the two players with the most votes;
  on a tie for second the one with more planets; still tied, both. Everyone
  votes for a candidate with all its votes, or abstains. Most votes wins; ties go
  to the higher voting power, then the sitting leader, then turn order.
- A leader re-elected extends a streak of terms; the tribunal victory counts
  the streak or the total of terms (the option ``tribunal_win``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from voidtable.engine.actions import Action
from voidtable.engine.decks import ANY, draw
from voidtable.engine.errors import RulesInvariantError

from .actions import ABSTAIN, ELECT, VOTE
from .data import RESOURCES, event_effect
from .planets import colonies, producers, votes
from .tasks import TASKS, Election, Events, ResolutionVote
from .events import Elected, EventDrawn, ResolutionDecided, ResolutionDrawn, TribunalSeated, Voted

if TYPE_CHECKING:
    from .state import AbyssState


@TASKS.auto(Events)
def events(s: "AbyssState", task: Events) -> None:
    s.phase = "events"
    draw_event(s)
    voters = tuple(p for p in s.turn_order() if votes(s, p) > 0)
    tasks: list[tuple[object, ...]] = []
    if s.res_deck and voters:
        k = s.res_deck[s.rng.below(len(s.res_deck))]
        s.res_deck = tuple(c for c in s.res_deck if c != k)
        s.emit(ResolutionDrawn(k))
        tasks.append(ResolutionVote(voters[0], k, False, voters=voters[1:]))
    if voters:
        tasks += [ResolutionVote(voters[0], k, True, voters=voters[1:]) for k in s.in_force]
        cands = candidates(s)
        tasks.append(Election(voters[0], cands, (0,) * len(cands), voters[1:]))
    s.push(*tasks)


def draw_event(s: "AbyssState") -> None:
    """An event card at random from the pile; an empty pile takes every card again first (drawn at random: no shuffle)."""
    cards = s.m.data.events.cards
    deck = list(s.event_deck)
    again = [] if deck else [k for k, e in cards.items() for _ in range(e.copies)]
    k = draw(s.rng, deck, again, top=ANY)
    if k is None:
        raise RulesInvariantError("abyss: the event pile is empty and the rules data has no event card")
    s.event_deck = tuple(deck)
    e = cards[k]
    if e.effect == "monster":
        spawn_monster(s, k)
        return
    r = RESOURCES.index(e.resource)
    for p in s.turn_order():
        if e.effect == "harvest":
            s.bank[p][r] += e.amount * producers(s, p, e.resource)
        else:
            s.bank[p][r] = max(0, s.bank[p][r] - e.amount)
    s.emit(EventDrawn(k, event_effect(e), e.resource, e.amount))


def spawn_monster(s: "AbyssState", card: str) -> None:
    """A space monster appears on a random face-up place that is no home world and no black hole."""
    places = [p for p, kind in enumerate(s.kinds) if kind and kind not in ("home", "black_hole")]
    s.emit(EventDrawn(card, "monster", "", 0))
    if places:
        s.add_neutral("monster", places[s.rng.below(len(places))])


def resolution_legal(s: "AbyssState", task: ResolutionVote) -> list[Action]:
    return [VOTE(True), VOTE(False), ABSTAIN()]


@TASKS.decision(ResolutionVote, legal=resolution_legal, auto_single=False)
def resolution_vote(s: "AbyssState", task: ResolutionVote, action: Action) -> None:
    n = votes(s, task.seat)
    yes = task.yes + (n if action.kind == "vote" and action.arg else 0)
    no = task.no + (n if action.kind == "vote" and not action.arg else 0)
    s.emit(Voted(task.seat, task.card, "abstain" if action.kind == "abstain" else ("yes" if action.arg else "no"), n))
    if task.voters:
        s.push(task._replace(seat=task.voters[0], yes=yes, no=no, voters=task.voters[1:]))
        return
    passed = yes > no
    if passed and not task.standing:
        s.in_force = s.in_force + (task.card,)
    elif not passed:
        if task.standing:
            s.in_force = tuple(k for k in s.in_force if k != task.card)
        s.res_deck = s.res_deck + (task.card,)
    s.emit(ResolutionDecided(task.card, passed, yes, no, task.standing))


def candidates(s: "AbyssState") -> tuple[int, ...]:
    """The top players by votes; a tie at the last place goes to more planets, and a tie there adds both."""
    power = {p: (votes(s, p), len(colonies(s, p))) for p in s.turn_order()}
    ranked = sorted(power, key=lambda p: (-power[p][0], -power[p][1], p))
    k = s.m.data.tribunal.candidates
    chosen = ranked[:k]
    if len(ranked) > k and chosen and power[ranked[k]] == power[chosen[-1]]:
        chosen += [p for p in ranked[k:] if power[p] == power[chosen[-1]]]
    return tuple(chosen)


def election_legal(s: "AbyssState", task: Election) -> list[Action]:
    return [ELECT(c) for c in task.candidates] + [ABSTAIN()]


@TASKS.decision(Election, legal=election_legal, auto_single=False)
def election(s: "AbyssState", task: Election, action: Action) -> None:
    n = votes(s, task.seat)
    tally = list(task.tally)
    if action.kind == "elect":
        tally[task.candidates.index(action.arg)] += n
    s.emit(Elected(task.seat, action.arg if action.kind == "elect" else None, n))
    if task.voters:
        s.push(task._replace(seat=task.voters[0], tally=tuple(tally), voters=task.voters[1:]))
        return
    order = s.turn_order()
    best = max(range(len(task.candidates)), key=lambda i: (
        tally[i], votes(s, task.candidates[i]), task.candidates[i] == s.leader,
        -order.index(task.candidates[i]) if task.candidates[i] in order else -99))
    leader = task.candidates[best]
    s.streak = s.streak + 1 if leader == s.leader else 1
    s.leader = leader
    s.terms[leader] += 1
    s.emit(TribunalSeated(leader, tuple(tally), task.candidates, s.streak, s.terms[leader]))
