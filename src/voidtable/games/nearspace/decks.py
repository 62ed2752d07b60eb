"""Deck lists: the construction rules, and decks read from files for the ``deck`` options.

A deck is a list of card keys. The rules (one copy per title, exactly 30 cards,
at least 12 sectors, total Card Value at most 30 with the Homeworld counted)
are checked here, and a broken one is refused with one line that names the
deck, the card and the rule. A deck file (TOML or JSON, ``cards = [...]`` by
key or title) is bounded in size and length before it is even checked, since
its path comes from a user.
"""

from __future__ import annotations

import json
import tomllib
from collections import Counter
from pathlib import Path
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


def load_deck_option(value: str, d: "NearspaceData", default: str, option: str) -> tuple[str, list[str]]:
    """``(name, keys)`` for a ``deck`` option: empty = the seat's preconstructed deck, a deck name, or a file path."""
    if not value:
        value = default
    if value in d.decks:
        return value, list(d.decks[value].cards)
    path = Path(value)
    where = f"nearspace option {option}: deck file {value}"
    if path.suffix not in (".toml", ".json"):
        raise OptionError(f"{where}: not a preconstructed deck ({', '.join(sorted(d.decks))}) nor a .toml or .json file")
    try:
        size = path.stat().st_size
    except OSError as e:
        raise OptionError(f"{where}: cannot be read ({e.strerror})") from None
    if size > d.deck.file_max_bytes:
        raise OptionError(f"{where}: {size} bytes; a deck file may hold at most {d.deck.file_max_bytes}")
    try:
        text = path.read_text(encoding="utf-8")
        raw = tomllib.loads(text) if path.suffix == ".toml" else json.loads(text)
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError, json.JSONDecodeError) as e:
        raise OptionError(f"{where}: cannot be parsed ({str(e).splitlines()[0]})") from None
    cards = raw.get("cards") if isinstance(raw, dict) else None
    if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
        raise OptionError(f"{where}: needs 'cards', a list of card names or keys")
    if len(cards) > d.deck.file_max_cards:
        raise OptionError(f"{where}: lists {len(cards)} cards; a deck file may list at most {d.deck.file_max_cards}")
    by_title: dict[str, str] = {c.title.casefold(): k for k, c in d.cards.items()}
    keys = [str(c) if c in d.cards else by_title.get(str(c).casefold(), str(c)) for c in cards]
    return str(path), keys
