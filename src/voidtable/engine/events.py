"""Events: what happened, in order. A game declares each of its event types once, as a typed record.

A record is a frozen :class:`msgspec.Struct` deriving from :class:`EventRecord`
(see docs/architecture.md, "Events"): its class names its JSON ``"type"`` (``tag=``),
its fields are the event's keys in the order they are written, and ``visible_to``
says which seats may see it (absent, ``None``: every seat). Its ``words(say)``
method puts it in the game's words, with ``say``, the game's own naming context,
built by the game's text hook (it knows the loaded game and the seats' names).

The JSON form, ``{"type": ..., ...}`` with ``visible_to`` only when some seats
may not see it, is derived in one place, :func:`event_json`, and used only where
events leave Python: records' digests, the wire, logs, information-state strings.
Everything inside reads the records' attributes, so mypy sees every read.

Games not converted yet still emit plain dicts (:data:`DictEvent`, the same JSON
form written by hand); :data:`AnyEvent` is either, and every function here takes
both. Front ends, logs and the lab must filter with :func:`visible_events` before
showing a seat anything.
"""

from __future__ import annotations

import json
from typing import Any, Iterable, TypeVar, Union

import msgspec


class EventRecord(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True, gc=False, tag_field="type", tag=False):
    """One event of a game: subclass it once per event type, naming the type with ``tag="..."``.

    A game's own base (``class BuccaneersEvent(EventRecord)``, where it types ``words``) stays
    untagged; every concrete record names its type (a record without one would be written
    without ``"type"``; tests/games/test_event_records.py fails on it).

    Frozen, so a record is shared, never copied (a state's log, a clone's, a
    replay's); its collections are tuples for the same reason. Fields with a
    default are left out of the JSON form while they hold it (``omit_defaults``),
    as an optional key of the dict form was; fields without one are always written.
    ``gc=False``: records hold plain values only, never a cycle, so the
    collector need not track them (cheaper to build than the dicts they replace).
    """

    visible_to: tuple[int, ...] | None = None

    def words(self, say: Any) -> str | None:
        """This event in the game's words, or None for bookkeeping nobody reads.

        ``say`` is the game's naming context (a game types it with its own class:
        how it names seats, cards, ships); the base says nothing.
        """
        return None


#: An event of a game whose events are not records yet: the JSON form, written by hand.
DictEvent = dict[str, Any]
#: The old name of :data:`DictEvent`, kept while games not yet converted import it.
Event = DictEvent
#: What the rules emit and the contract returns: a record, or a not-yet-converted game's dict.
AnyEvent = Union[EventRecord, DictEvent]

E = TypeVar("E", bound=AnyEvent)

_encode = msgspec.json.Encoder().encode
_decode = msgspec.json.Decoder().decode


def event_json(event: AnyEvent) -> DictEvent:
    """The JSON form of an event (plain dicts, lists and scalars): a record's derived, a dict as it is."""
    if isinstance(event, EventRecord):
        out: DictEvent = _decode(_encode(event))
        return out
    return event


def events_json(events: Iterable[AnyEvent]) -> list[DictEvent]:
    """:func:`event_json` of each event, in order."""
    return [event_json(e) for e in events]


def seats_seeing(event: AnyEvent) -> tuple[int, ...] | list[int] | None:
    """The seats that may see ``event`` (None: every seat and spectators)."""
    if isinstance(event, EventRecord):
        return event.visible_to
    to: tuple[int, ...] | list[int] | None = event.get("visible_to")
    return to


def visible_events(events: Iterable[E], seat: int | None) -> list[E]:
    """The events ``seat`` may see (``None`` = a spectator sees public events only)."""
    out = []
    for e in events:
        to = seats_seeing(e)
        if to is None or (seat is not None and seat in to):
            out.append(e)
    return out


def generic_event(event: AnyEvent) -> str:
    """An event in plain words for a game without its own: ``{"type": "turn_start", "seat": 2}`` -> ``"Turn start: seat 2."``"""
    data = event_json(event)
    words = str(data.get("type", "event")).replace("_", " ")
    rest = [f"{k.replace('_', ' ')} {json.dumps(v) if isinstance(v, (list, dict)) else v}"
            for k, v in data.items() if k not in ("type", "visible_to")]
    return words[:1].upper() + words[1:] + (": " + ", ".join(rest) if rest else "") + "."


def record_types(base: type[EventRecord]) -> dict[str, type[EventRecord]]:
    """Every concrete record type deriving from ``base`` (a game's own base), by its JSON ``type``."""
    out: dict[str, type[EventRecord]] = {}
    todo = list(base.__subclasses__())
    while todo:
        cls = todo.pop()
        todo.extend(cls.__subclasses__())
        tag = cls.__struct_config__.tag
        if isinstance(tag, str):  # a base in between is untagged
            out[tag] = cls
    return out
