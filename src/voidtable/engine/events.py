"""Events: what happened, in order, as JSON-ready dicts ``{"type": ..., ...}``.

An event that only some seats may see carries ``"visible_to": [seats]``; every
other event is public. Front ends, logs and the lab must filter with
:func:`visible_events` before showing a seat anything.
"""

from __future__ import annotations

import json
from typing import Any, Iterable

Event = dict[str, Any]


def visible_events(events: Iterable[Event], seat: int | None) -> list[Event]:
    """The events ``seat`` may see (``None`` = a spectator sees public events only)."""
    out = []
    for e in events:
        to = e.get("visible_to")
        if to is None or (seat is not None and seat in to):
            out.append(e)
    return out


def generic_event(event: Event) -> str:
    """An event in plain words for a game without its own: ``{"type": "turn_start", "seat": 2}`` -> ``"Turn start: seat 2."``"""
    words = str(event.get("type", "event")).replace("_", " ")
    rest = [f"{k.replace('_', ' ')} {json.dumps(v) if isinstance(v, (list, dict)) else v}"
            for k, v in event.items() if k not in ("type", "visible_to")]
    return words[:1].upper() + words[1:] + (": " + ", ".join(rest) if rest else "") + "."
