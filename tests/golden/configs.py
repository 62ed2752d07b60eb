"""Which seeded games are pinned for each game: a spread of player counts, every variant, the options no variant sets.

The list is derived from the game's spec, so a new game gets golden records with no
edit here: every variant once with the game's own bot at every seat (player counts
taken in turn from the fewest, the most, then the middle ones), one game of mixed
agents (bot, random, a bot that moves at random a third of the time) at every count no
variant reached (or, if they reached all, at the middle count), and all-random games at the fewest and the
most players (random play reaches corners a bot avoids). ``EXTRAS`` adds games for
options no variant sets. Changing this list changes the pins: re-pin with
``python -m tests.golden --update`` (the test compares the pinned configs with these).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from voidtable.engine.game import GameSpec

MIXED = ("heuristic", "random", "heuristic:epsilon=0.3")


@dataclass(frozen=True)
class Config:
    """One pinned game: player count, variant (its options), extra options, the seed and each seat's agent spec."""

    players: int
    variant: str
    seed: int
    agents: tuple[str, ...]
    extra: dict[str, Any] = field(default_factory=dict)

    def options(self, spec: GameSpec) -> dict[str, Any]:
        """The options the game is loaded with: the variant's, then the extra ones."""
        return {**spec.variants[self.variant], **self.extra}

    @property
    def name(self) -> str:
        """A short label for messages: ``4p twin_planets+battle=auto heuristic seed 3``."""
        extra = "".join(f"+{k}={v}" for k, v in sorted(self.extra.items()))
        kinds = sorted(set(self.agents))
        who = kinds[0] if len(kinds) == 1 else "mixed"
        return f"{self.players}p {self.variant}{extra} {who} seed {self.seed}"

    def to_json(self) -> dict[str, Any]:
        return {"players": self.players, "variant": self.variant, "options": dict(sorted(self.extra.items())),
                "seed": self.seed, "agents": list(self.agents)}

    @staticmethod
    def from_json(data: dict[str, Any]) -> "Config":
        return Config(data["players"], data["variant"], data["seed"], tuple(data["agents"]), dict(data["options"]))


# Options no variant sets, played once each with the game's bot (count, extra options).
EXTRAS: dict[str, list[tuple[int, dict[str, Any]]]] = {
    "abyss_battle": [(2, {"outfit": "one_design"})],
    "blacksun": [(3, {"sun": "yellow_sun", "length": "long"}), (4, {"sun": "red_giant"}), (2, {"sun": "white_dwarf"})],
}


def spread(counts: list[int]) -> list[int]:
    """Player counts in the order configs take them: the fewest, the most, then from the middle outwards."""
    if len(counts) <= 2:
        return list(counts)
    inner = counts[1:-1]
    middle = len(inner) // 2
    rest = sorted(inner, key=lambda n: (abs(inner.index(n) - middle), n))
    return [counts[0], counts[-1], *rest]


def configs_for(name: str, spec: GameSpec) -> list[Config]:
    """The pinned games of one game, in the order they are stored (each with its own seed)."""
    counts = list(spec.player_counts())
    order = spread(counts)
    bot = "heuristic" if spec.hooks.bot is not None else "random"
    variants = list(spec.variants)
    out: list[Config] = []

    def add(players: int, variant: str, agents: tuple[str, ...], extra: dict[str, Any] | None = None) -> None:
        out.append(Config(players, variant, len(out) + 1, agents, dict(extra or {})))

    for i, variant in enumerate(variants):
        n = order[i % len(order)]
        add(n, variant, (bot,) * n)
    covered = {c.players for c in out}
    for n in [n for n in counts if n not in covered] or [counts[len(counts) // 2]]:
        add(n, variants[0], tuple(MIXED[p % len(MIXED)] if bot == "heuristic" else "random" for p in range(n)))
    for n in sorted({counts[0], counts[-1]}):
        add(n, variants[0], ("random",) * n)
    for n, extra in EXTRAS.get(name, []):
        add(n, variants[0], (bot,) * n, extra)
    return out
