"""Small helpers for a game's words: counted nouns and "a"/"an", so no log line hedges with "ship(s)" or
says "a Ambunaut" (issue 28; tests/web/test_words.py checks every game's words for both)."""

from __future__ import annotations

import re

# words spelled with a vowel but said with a consonant sound ("a unit", "a one-way trip", "a European")
_CONSONANT_SOUND = re.compile(r"(?:uni|use|usu|ur[aeiou]|one\b|once\b|eu|ewe)", re.I)


def count(n: int, noun: str, plural: str | None = None) -> str:
    """``n`` and its noun in the right number: "1 ship", "3 ships", "1 Blockade", "2 enemy turns"."""
    return f"{n} {noun if n == 1 else plural or noun + 's'}"


def article(phrase: str) -> str:
    """``phrase`` with "a" or "an" as it is said: "an Ambunaut", "an orange Fighter", "a Habitat", "a unit"."""
    word = phrase.lstrip()
    vowel = word[:1].lower() in "aeiou" and not _CONSONANT_SOUND.match(word)
    return ("an " if vowel else "a ") + phrase
