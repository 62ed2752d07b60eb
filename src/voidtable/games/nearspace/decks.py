"""Deck lists: the construction rules, and deck lists given as text for the ``deck`` options.

A deck is a list of card keys. The rules (one copy per title, exactly 30 cards,
at least 12 sectors, total Card Value at most 30 with the Homeworld counted)
are checked here, and a broken one is refused with one line that names the
deck, the card and the rule. A deck list (TOML, JSON or lines, by title or
key) is bounded in size and length before it is even parsed, since it comes
from a user.
"""

from __future__ import annotations

import json
import tomllib
from collections import Counter
from typing import TYPE_CHECKING

from voidtable.engine.errors import OptionError

if TYPE_CHECKING:
    from .data import NearspaceData


def deck_problems(keys: list[str], d: "NearspaceData") -> list[str]:
    """Every broken deck rule, in a fixed order; empty when the deck is legal."""
    problems: list[str] = []
    unknown = [k for k in keys if k not in d.cards]
    for k in unknown:
        problems.append(f"card {k!r} is not in the card pool")
    known = [k for k in keys if k in d.cards]
    for k in known:
        if d.cards[k].kind == "neutral":
            problems.append(f"card {d.cards[k].title!r} is the shared Neutral Space and belongs in no deck")
    titles = Counter(d.cards[k].title for k in known)
    for title, n in titles.items():
        if n > d.deck.max_copies:
            problems.append(f"card {title!r} appears {n} times; a deck holds at most {d.deck.max_copies} card per title")
    if len(keys) != d.deck.size:
        problems.append(f"it has {len(keys)} cards; a deck has exactly {d.deck.size} (the Homeworld among them)")
    homes = [d.cards[k].title for k in known if d.cards[k].kind == "homeworld"]
    if len(homes) != 1:
        problems.append("it has no Homeworld; a deck needs exactly one" if not homes
                        else f"it has {len(homes)} Homeworlds ({', '.join(homes)}); a deck needs exactly one")
    sectors = [k for k in known if d.cards[k].kind in d.deck.sector_kinds]
    if len(sectors) < d.deck.min_sectors:
        problems.append(f"it has {len(sectors)} sector cards; a deck needs at least {d.deck.min_sectors}")
    value = sum(d.cards[k].value for k in known)
    if value > d.deck.max_value:
        top = max(known, key=lambda k: (d.cards[k].value, k))
        problems.append(f"its Card Value totals {value} with the Homeworld; the limit is {d.deck.max_value} "
                        f"(its most valuable card is {d.cards[top].title!r}, {d.cards[top].value})")
    return problems


def validate_deck(keys: list[str], d: "NearspaceData", name: str) -> None:
    """Refuse a broken deck with one line naming the deck, the card and the first broken rule."""
    problems = deck_problems(keys, d)
    if problems:
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        raise OptionError(f"nearspace deck {name}: {problems[0]}{more}")


NAME_MAX_CHARS = 40


def load_deck_option(value: str, d: "NearspaceData", default: str, option: str) -> tuple[str, list[str]]:
    """``(name, keys)`` for a ``deck`` option: empty = the seat's preconstructed deck, a deck name, or a deck list.

    A deck list is text: TOML (``name = "..."``, ``cards = [...]``), JSON
    (``{"name": ..., "cards": [...]}``) or card names one per line (or separated by
    ``;``), by title or key. The game never opens a file: the command line and the
    lab turn ``@FILE`` into the file's text first, so a web client cannot make the
    server read one and a record carries its decks whole.
    """
    if not value:
        value = default
    if value in d.decks:
        return value, list(d.decks[value].cards)
    where = f"nearspace option {option}"
    size = len(value.encode("utf-8"))
    if size > d.deck.file_max_bytes:
        raise OptionError(f"{where}: the deck list holds {size} bytes; at most {d.deck.file_max_bytes} are allowed")
    name, cards = _parse_deck_list(value.strip(), where, d)
    if len(cards) > d.deck.file_max_cards:
        raise OptionError(f"{where}: lists {len(cards)} cards; a deck list may hold at most {d.deck.file_max_cards}")
    by_title: dict[str, str] = {c.title.casefold(): k for k, c in d.cards.items()}
    keys = [c if c in d.cards else by_title.get(c.casefold(), c) for c in cards]
    return name, keys


def _parse_deck_list(text: str, where: str, d: "NearspaceData") -> tuple[str, list[str]]:
    """The deck's name and its card names from TOML, JSON or plain lines."""
    if not any(mark in text for mark in ("\n", ";", "=", "{")):
        hint = "; to read a deck file give @FILE on the command line or in a lab experiment" \
            if text.endswith((".toml", ".json")) else ""
        raise OptionError(f"{where}: {text!r} is not a preconstructed deck ({', '.join(sorted(d.decks))}) "
                          f"nor a deck list{hint}")
    raw: object
    try:
        if text.startswith("{"):
            raw = json.loads(text)
        elif "=" in text:
            raw = tomllib.loads(text)
        else:
            raw = {"cards": [c.strip() for line in text.splitlines() for c in line.split(";") if c.strip()]}
    except (tomllib.TOMLDecodeError, json.JSONDecodeError) as e:
        raise OptionError(f"{where}: the deck list cannot be parsed ({str(e).splitlines()[0]})") from None
    cards = raw.get("cards") if isinstance(raw, dict) else None
    if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
        raise OptionError(f"{where}: a deck list needs 'cards', a list of card names or keys")
    name = raw.get("name", "custom deck") if isinstance(raw, dict) else "custom deck"
    if not isinstance(name, str) or not 0 < len(name) <= NAME_MAX_CHARS:
        raise OptionError(f"{where}: a deck's name is text of 1-{NAME_MAX_CHARS} characters")
    return name, [c.strip() for c in cards]
