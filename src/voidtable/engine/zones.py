"""Hidden zones resampled from the unseen pool: one mechanism for every card (or tile) game.

A determinization for seat ``p`` must keep everything ``p`` knows and redraw the
rest. A game describes, for ``p``, the places holding things ``p`` cannot see
(the deck, other players' hands, a facedown pick, the cards inside another
seat's pending choice) as :class:`Hidden` slots; :func:`resample` pools their
contents, sorts them (so the sample depends on the seed and on what ``p`` sees,
never on the true hidden arrangement), and deals them back at random.

Some slots are known to hold only certain things (a facedown Toy is known to be
a Toy): give them ``only=``, and they are filled first, from the pooled items
that fit, with the rest dealt to the unconstrained slots.

>>> from voidtable.engine.rng import Rng
>>> deck, hand = [5, 1, 4], [2, 3]
>>> slots = [Hidden(deck), Hidden(hand)]
>>> resample(Rng(7), slots)
>>> sorted(deck + hand)
[1, 2, 3, 4, 5]
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import islice
from typing import Any, Callable, Hashable, MutableSequence

from .rng import Rng


@dataclass
class Hidden:
    """A place with hidden contents: a list refilled in place, or a ``write`` callback for other places.

    ``items`` are the current (true) contents; after :func:`resample` the list holds
    the redrawn ones (or ``write`` received them).
    """

    items: MutableSequence[Any]
    only: Callable[[Any], bool] | None = None
    write: Callable[[list[Any]], None] | None = None
    size: int = field(init=False)

    def __post_init__(self) -> None:
        self.size = len(self.items)

    def fill(self, items: list[Any]) -> None:
        if self.write is not None:
            self.write(items)
        else:
            self.items[:] = items


def resample(rng: Rng, slots: list[Hidden], key: Callable[[Any], Any] | None = None) -> None:
    """Redraw the contents of ``slots`` from their pooled contents, constrained slots first.

    The pool is sorted (by ``key`` if given) before drawing. For each distinct
    ``only`` predicate, in the order first seen, the fitting items are shuffled and
    the constrained slots take theirs; then the remaining items are shuffled and
    dealt to the unconstrained slots, in slot order.

    With several predicates an item may fit more than one (a Toy a seat saw, for a
    Toy's place and for the deck that holds no seen card), and a greedy draw for
    the first could leave the next too few: then the draw for that predicate keeps
    each shuffled candidate only if the predicates still to fill can all still be
    filled (Hall's condition over which predicates each item fits). The true
    contents always fit, so a draw always exists.
    """
    pool: list[Any] = []
    for s in slots:
        pool.extend(s.items)
    pool.sort(key=key)
    groups: dict[Hashable, list[Hidden]] = {}
    for s in slots:
        if s.only is not None:
            groups.setdefault(s.only, []).append(s)
    taken_by: dict[Hashable, list[Any]]
    if len(groups) > 1:
        taken_by, rest = _draw_constrained(rng, pool, groups)
    else:
        taken_by = {}
        left = pool
        for pred, members in groups.items():
            cands = [x for x in left if pred(x)]  # type: ignore[operator]
            rng.shuffle(cands)
            need = sum(m.size for m in members)
            if need > len(cands):
                raise ValueError(f"resample: {need} hidden places need an item that fits, only {len(cands)} unseen items fit")
            taken_by[pred] = cands[:need]
            left = _without(left, cands[:need])
        rest = left
    rng.shuffle(rest)
    it_rest = iter(rest)
    its = {pred: iter(items) for pred, items in taken_by.items()}
    for s in slots:
        source = its[s.only] if s.only is not None else it_rest
        s.fill(list(islice(source, s.size)))


def _draw_constrained(rng: Rng, pool: list[Any],
                      groups: dict[Hashable, list[Hidden]]) -> tuple[dict[Hashable, list[Any]], list[Any]]:
    """Each predicate's items (several predicates, see :func:`resample`) and the pool's other items, in pool order."""
    preds: list[Callable[[Any], bool]] = list(groups)  # type: ignore[arg-type]  # the keys are the slots' predicates
    needs = [sum(m.size for m in groups[p]) for p in preds]
    sigs = [0] * len(pool)  # which predicates each pool item fits, as bits
    for i, p in enumerate(preds):
        bit = 1 << i
        for j, fits in enumerate(map(p, pool)):
            if fits:
                sigs[j] |= bit
    k = len(preds)
    counts = [0] * (1 << k)  # pool items per signature
    for g in sigs:
        counts[g] += 1
    meets = [[g for g in range(1 << k) if g & subset] for subset in range(1 << k)]  # signatures fitting a subset
    if not _fillable(counts, needs, meets):
        raise ValueError(f"resample: the hidden places' constraints ({needs} places) cannot be met by the unseen items")
    used = [False] * len(pool)
    taken_by: dict[Hashable, list[Any]] = {}
    for i, pred in enumerate(preds):
        bit = 1 << i
        cands = [j for j, g in enumerate(sigs) if g & bit and not used[j]]
        rng.shuffle(cands)
        need, needs[i] = needs[i], 0
        first = cands[:need]
        for j in first:
            counts[sigs[j]] -= 1
        if not _fillable(counts, needs, meets):  # the quick draw starved a later predicate: draw item by item
            for j in first:
                counts[sigs[j]] += 1
            first = []
            refused = 0  # signatures refused once stay refused: taking others never makes room for them
            for j in cands:
                if len(first) == need:
                    break
                g = sigs[j]
                if refused >> g & 1:
                    continue
                counts[g] -= 1
                needs[i] = need - len(first) - 1
                if _fillable(counts, needs, meets):
                    first.append(j)
                else:
                    counts[g] += 1
                    refused |= 1 << g
            needs[i] = 0
        for j in first:
            used[j] = True
        taken_by[pred] = [pool[j] for j in first]
    return taken_by, [x for j, x in enumerate(pool) if not used[j]]


def _fillable(counts: list[int], needs: list[int], meets: list[list[int]]) -> bool:
    """Hall's condition: every set of predicates needs no more places than there are items fitting one of them."""
    for subset in range(1, len(meets)):
        need = 0
        for i, n in enumerate(needs):
            if subset >> i & 1:
                need += n
        if need:
            have = 0
            for g in meets[subset]:
                have += counts[g]
            if need > have:
                return False
    return True


def _without(pool: list[Any], used: list[Any]) -> list[Any]:
    """``pool`` minus one occurrence of each item of ``used`` (items are hashable)."""
    if not used:
        return list(pool)
    left: dict[Any, int] = {}
    for x in used:
        left[x] = left.get(x, 0) + 1
    out = []
    get = left.get
    for x in pool:
        k = get(x)
        if k:  # a plain dict: Counter's __missing__ on every unused item was most of the cost
            left[x] = k - 1
        else:
            out.append(x)
    return out
