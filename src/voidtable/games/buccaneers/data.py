"""Black Hole Buccaneers' components, read from ``cards.toml`` into typed, validated tables.

The TOML is checked by msgspec (types, unknown fields), then by :func:`build`
for what types cannot say (four edges per card, each effect exactly once,
enough cards in the deck for the largest hand). The result, :class:`Rules`,
is flat tuples indexed by card id, because the rules code reads them in the
hot path of every playout.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Literal, get_args

from voidtable.engine.actions import Action
from voidtable.engine.errors import OptionError, RulesDataError
from voidtable.engine.game import Game
from voidtable.engine.rulesdata import RulesStruct, convert

from .actions import SELECT

if TYPE_CHECKING:
    from voidtable.engine.game import Game

KINDS = ("spacecraft", "toy", "time_machine", "shapeshifter", "robot", "artifact", "relic")
SPACECRAFT, TOY, TIME_MACHINE, SHAPESHIFTER, ROBOT, ARTIFACT, RELIC = range(7)

# The rulebook explains the Artifacts in this order; simultaneous effects resolve in it.
ARTIFACT_ORDER = ("gps_tracker", "tiit_clo_uhl", "swiss_army_pocket_laser", "titanic_tentacles", "reality_gyro",
                  "morpho_sucker", "cubus_libra", "loot_box")
WHEN_REVEALED = frozenset(ARTIFACT_ORDER[:5])   # act at once when revealed
FROM_NEXT_TURN = frozenset(ARTIFACT_ORDER[5:])  # watch later reveals, from the owner's next Turn
RELICS = ("easter_egg", "alien_kiddie_pool", "one_ring", "antigravity_carpet", "exoskeleton", "xxl_paperweight",
          "emergency_towel")
COLORS = ("dangerous", "precarious", "dire")


class CardData(RulesStruct):
    kind: Literal["spacecraft", "toy", "time_machine", "shapeshifter", "robot", "artifact", "relic"]
    name: str
    edges: list[tuple[int, int]] | None = None
    part: str | None = None
    effect: str | None = None
    assumed: str | None = None


class BlackHoleData(RulesStruct):
    color: Literal["dangerous", "precarious", "dire"]
    threshold: int
    hand_size: int
    assumed: str | None = None


class GameData(RulesStruct):
    rounds: int


class ComponentData(RulesStruct):
    toy_reward_weight: int
    exoskeleton_weight: int
    carpet_value: int
    threshold_cards: list[int]
    tiit_threshold_card: int
    laser_threshold_cards: list[int]
    laser_kept_if_negative: bool
    tentacles_draw: int
    emergency_towel_points: int
    cubus_libra_min_weight: int
    loot_box_min_weight: int


class TimeMachineData(RulesStruct):
    parts: list[str]
    edges: list[tuple[int, int]]
    assumed: str | None = None


class OneRingData(RulesStruct):
    effect: Literal["discard_one_card"]
    assumed: str | None = None


class ScoreCards(RulesStruct):
    p3: list[int]
    p4: list[int]
    p5: list[int]
    p6: list[int]
    assumed: str | None = None


class FirstGame(RulesStruct):
    black_holes: list[str]
    assumed: str | None = None


class BuccaneersData(RulesStruct):
    game: GameData
    components: ComponentData
    time_machine: TimeMachineData
    one_ring: OneRingData
    score_cards: ScoreCards
    first_game: FirstGame
    black_holes: dict[str, BlackHoleData]
    cards: dict[str, CardData]


class Rules:
    """The validated rules of one loaded game, as flat tables indexed by card id."""

    def __init__(self, data: BuccaneersData, players: int) -> None:
        self.data = data
        self.players = players
        self.rounds = data.game.rounds
        self.c = data.components
        self.keys: tuple[str, ...] = tuple(data.cards)
        self.index: dict[str, int] = {k: i for i, k in enumerate(self.keys)}
        cards = list(data.cards.values())
        self.kind: tuple[int, ...] = tuple(KINDS.index(c.kind) for c in cards)
        self.names: tuple[str, ...] = tuple(c.name for c in cards)
        parts = data.time_machine.parts
        self.part: tuple[int, ...] = tuple(parts.index(c.part) if c.part is not None else -1 for c in cards)
        edges = [list(c.edges) if c.edges is not None else list(data.time_machine.edges) for c in cards]
        self.value: tuple[tuple[int, ...], ...] = tuple(tuple(v for v, _ in e) for e in edges)
        self.weight: tuple[tuple[int, ...], ...] = tuple(tuple(w for _, w in e) for e in edges)
        self.effect_card: dict[str, int] = {c.effect: i for i, c in enumerate(cards) if c.effect}
        self.effect_of: tuple[str | None, ...] = tuple(c.effect for c in cards)
        self.black_holes = data.black_holes
        self.score_card: list[int] = getattr(data.score_cards, f"p{players}")
        self.first_game: list[str] = data.first_game.black_holes
        self.select_actions: tuple[Action, ...] = tuple(SELECT(k) for k in self.keys)
        self.toy_ids: frozenset[int] = frozenset(i for i, k in enumerate(self.kind) if k == TOY)
        self.is_toy: Callable[[int], bool] = self.toy_ids.__contains__  # one object: resample groups slots by it
        self.bit: tuple[int, ...] = tuple(1 << i for i in range(len(self.keys)))  # a card as a set bit (``held``)
        self._never_held: dict[int, Callable[[int], bool]] = {}

    def never_held(self, held: int) -> Callable[[int], bool]:
        """Membership in the cards outside ``held`` (bits): the deck's constraint in a determinization.

        Kept per ``held`` (a search asks it for every iteration from the same position);
        the cache is emptied when it grows past a few thousand positions.
        """
        fn = self._never_held.get(held)
        if fn is None:
            if len(self._never_held) > 4096:
                self._never_held.clear()
            bit = self.bit
            fn = self._never_held[held] = frozenset(c for c in range(len(bit)) if not held & bit[c]).__contains__
        return fn


def validate(data: BuccaneersData, players: int) -> None:
    """What the types cannot say; each problem is one line naming the place in the data."""
    problems: list[str] = []
    tm = data.time_machine
    if len(tm.edges) != len(tm.parts):
        problems.append(f"time_machine.edges needs one [Value, Weight] per group size 1..{len(tm.parts)}")
    for key, card in data.cards.items():
        if card.kind == "time_machine":
            if card.part not in tm.parts:
                problems.append(f"cards.{key}.part must be one of {tm.parts}")
            if card.edges is not None:
                problems.append(f"cards.{key}: Time Machine parts take their edges from [time_machine]")
        elif card.edges is None or len(card.edges) != 4:
            problems.append(f"cards.{key}.edges needs 4 [Value, Weight] pairs (one per quarter turn)")
        if card.kind in ("artifact", "relic") and card.effect is None:
            problems.append(f"cards.{key} ({card.kind}) needs an effect")
        if card.kind not in ("artifact", "relic") and card.effect is not None:
            problems.append(f"cards.{key}: only Artifacts and Relics have effects")
    effects = [c.effect for c in data.cards.values() if c.effect]
    for name, group in (("artifact", ARTIFACT_ORDER), ("relic", RELICS)):
        have = sorted(c.effect for c in data.cards.values() if c.kind == name and c.effect)
        if have != sorted(group):
            problems.append(f"the {name} effects must be exactly {sorted(group)} once each, got {have}")
    if len(effects) != len(set(effects)):
        problems.append("each effect may be on one card only")
    comp = data.components
    for v in comp.laser_threshold_cards + [comp.tiit_threshold_card]:
        if v not in comp.threshold_cards:
            problems.append(f"threshold card {v:+d} is used by an effect but not in components.threshold_cards")
    if comp.tiit_threshold_card in comp.laser_threshold_cards:
        problems.append("the TIIT CLO UHL threshold card cannot also be a Laser choice (each card exists once)")
    if comp.tentacles_draw < 1:
        problems.append("components.tentacles_draw must be at least 1")
    if data.game.rounds < 1:
        problems.append("game.rounds must be at least 1")
    for key, bh in data.black_holes.items():
        if bh.hand_size < 2:
            problems.append(f"black_holes.{key}.hand_size must be at least 2")
    for key in data.first_game.black_holes:
        if key not in data.black_holes:
            problems.append(f"first_game.black_holes names unknown Black Hole {key!r}")
    if len(data.first_game.black_holes) != data.game.rounds:
        problems.append(f"first_game.black_holes needs {data.game.rounds} Black Holes (one per round)")
    for n in range(3, 7):
        if len(getattr(data.score_cards, f"p{n}")) != n:
            problems.append(f"score_cards.p{n} needs {n} places")
    biggest = max((bh.hand_size for bh in data.black_holes.values()), default=0)
    need = players * (biggest + 1) + comp.tentacles_draw + 1
    if need > len(data.cards):
        problems.append(f"{players} players with hands of {biggest} need {need} cards (hands, TIIT CLO UHL, Tentacles, Easter Egg); "
                        f"the deck has {len(data.cards)}")
    if problems:
        raise RulesDataError("buccaneers rules data invalid: " + "; ".join(problems))


def build(game: "Game") -> Rules:
    data = convert(game.data, BuccaneersData, "buccaneers")
    validate(data, game.players)
    choice = game.options["black_hole_set"]
    if choice not in ("first_game", "random"):
        known = {k: f"{bh.color.title()}: Threshold {bh.threshold}, {bh.hand_size} cards each" for k, bh in data.black_holes.items()}
        named_black_holes(choice, known, data.game.rounds)  # raises OptionError naming each key and its card
    return Rules(data, game.players)


def named_black_holes(choice: str, known: dict[str, str] | list[str], rounds: int) -> list[str]:
    """The ``black_hole_set`` option's named Black Holes (top first), or OptionError naming each key allowed beside
    its card in words (the keys alone are printed nowhere)."""
    names = [k.strip() for k in choice.split(",")]
    bad = [k for k in names if k not in known]
    if bad or len(names) != rounds or len(set(names)) != rounds:
        listed = ", ".join(f"{k} ({w})" for k, w in known.items()) if isinstance(known, dict) else ", ".join(known)
        raise OptionError(
            f"black_hole_set must be first_game, random, or {rounds} different Black Holes separated by commas "
            f"(top first) from: {listed}; got {choice!r}"
        )
    return names


#: The phase a view shows: Selection (choosing), Selection with the cards revealed, the Score phase, game over.
Phase = Literal["select", "reveal", "score", "over"]
PHASES: tuple[Phase, ...] = get_args(Phase)
#: The Direction card's side: "left" passes to the next seat, "right" to the previous.
Direction = Literal["left", "right"]
#: Where a placed card came from (its effects depend on it): a Selection, Titanic Tentacles, a Relic.
Source = Literal["selected", "titanic_tentacles", "easter_egg", "alien_kiddie_pool"]


def direction_name(d: int) -> Direction:
    """The Direction card's side: +1 passes to the next seat (left), -1 to the previous (right)."""
    return "left" if d == 1 else "right"


#: The loaded game with these rules, named once: a function taking one reads ``game.rules`` as Rules.
BuccaneersGame = Game[Rules]
