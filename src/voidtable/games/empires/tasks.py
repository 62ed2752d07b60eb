"""The task records of Empires of the Void, one per rulebook step or decision (see engine.flow).

Handlers live in the module of their step: setup.py, preround.py, rounds.py,
turn.py, combat.py, scoring.py.
"""

from __future__ import annotations

from typing import NamedTuple

from voidtable.engine.flow import Tasks

TASKS = Tasks("empires")


# ------------------------------------------------------------------ setup
class RollFirstPlayer(NamedTuple):
    """Setup 5: everyone rolls; the highest starts (the tied roll again)."""


class ChooseRace(NamedTuple):
    """Setup 6: from the first player in seat order, each picks a race."""

    seat: int


class ChooseCorner(NamedTuple):
    """Setup 7: the first player picks a corner; the others follow the book's pattern."""

    seat: int


class RotateTile(NamedTuple):
    """Setup 8: rotate one tile next to one's home that nobody has rotated, or not."""

    seat: int


class CoverPlanet(NamedTuple):
    """3 players: cover one planet of the tile to the right of one's home."""

    seat: int


class FinishSetup(NamedTuple):
    """Setup 3, 4 and 9: event deck (without removed planets' events), the 2-player row, two cards each."""


# ------------------------------------------------------------------ the round
class StartRound(NamedTuple):
    """A round opens: the advanced turn order, then the pre-round."""

    round: int


class PreRound(NamedTuple):
    """Base game: every seat researches and builds at once, hidden until all are done."""


class PreRoundTurn(NamedTuple):
    """Advanced rules: one seat researches and builds, in turn order, in the open."""

    seat: int


class Reveal(NamedTuple):
    """The hidden pre-round choices are carried out, seat by seat in turn order."""


class DrawEvent(NamedTuple):
    """The first player draws the top event card and resolves it (a score card scores)."""

    round: int


class PlacePort(NamedTuple):
    """Space Port researched: its token goes at once on a planet the seat controls."""

    seat: int


class StartTurn(NamedTuple):
    seat: int


class ChooseAction(NamedTuple):
    """One of the turn's actions (``left`` still to take)."""

    seat: int
    left: int


class EndTurn(NamedTuple):
    """Income: the board's credits plus those of every controlled planet."""

    seat: int


class EndRound(NamedTuple):
    round: int


class DiscardDown(NamedTuple):
    """The hand limit: discard one card (pushed again while over)."""

    seat: int


# ------------------------------------------------------------------ actions
class MoveShip(NamedTuple):
    """MOVE: the chosen ship goes to a space within its move value (a Diplomat first picks who rides along).

    ``seat`` decides: the owner, or the Siri player moving another's ship by Mind Control. A ship
    entering an opponent's Tractor Beam stops there; with steps left, the same move goes on
    (``onward``: the mover picks a space further on, or ends the move there) if the beam's owner permits.
    """

    seat: int
    ship: int
    carried: tuple[int, ...] = ()
    steps: int = -1   # -1: the ship's move value
    moved: tuple[int, ...] | None = None   # inside a Warp Gate move-all: the ships already moved
    onward: bool = False   # the move stopped in a Tractor Beam's space and may go on from there


class TractorPermission(NamedTuple):
    """A Tractor Beam's owner: let ``ship`` leave the beam's space for ``to``, or hold it there.

    Asked when a move would leave the space (the ship started there or is passing through); a refusal
    ends the move where the ship is (the mover's action is spent). ``move`` is the move it belongs to.
    """

    seat: int
    mover: int
    ship: int
    to: str
    others: tuple[int, ...]   # further beam owners still to ask
    move: MoveShip


class MakeOffer(NamedTuple):
    """Negotiation: ``seat`` builds an offer to ``to`` part by part (what he gives, what he asks, a licence)."""

    seat: int
    to: int
    give: tuple[tuple[str, int], ...] = ()
    ask: tuple[tuple[str, int], ...] = ()
    licence: str = ""


class Market(NamedTuple):
    """Between two rounds, before the pre-round: each of ``seats`` in turn order with an offer to make gets a window."""

    seats: tuple[int, ...]


class OfferWindow(NamedTuple):
    """Outside anyone's turn: ``seat`` may make one offer (to a seat it can offer something) or none."""

    seat: int


class AnswerOffer(NamedTuple):
    """The recipient accepts (the exchange happens at once: binding) or declines."""

    seat: int
    offer: MakeOffer


class MoveAll(NamedTuple):
    """Warp Gate: every ship may move once, one after another, for two actions; carried ships ride only."""

    seat: int
    moved: tuple[int, ...]


class FreeMove(NamedTuple):
    """A move that costs no action (Narkani's bought move, a Mysterious Tactic): pick the ship.

    ``steps``: how far (-1: the ship's move value).
    """

    seat: int
    steps: int = -1


class BoostDiplomacy(NamedTuple):
    """A failed diplomacy roll that 2 more would turn: play the Peaceful Tactic, or pass."""

    seat: int
    planet: str
    cards: int


class CancelAttack(NamedTuple):
    """An attack declared on ``seat``, before any die: play the Peaceful Tactic to cancel it, or pass."""

    seat: int
    attacker: int
    space: str


class RetreatChoice(NamedTuple):
    """Bindok II's ally, attacked, before any die: pay a credit and withdraw, or stay."""

    seat: int
    attacker: int
    space: str


class ChooseTarget(NamedTuple):
    """ATTACK: at ``space``, the planet, one opponent, or an infestation."""

    seat: int
    space: str


class FireLevel(NamedTuple):
    """A battle: every ship of the two sides at initiative ``level`` rolls (level 0: Fire Bug pre-rolls)."""

    attacker: int
    defender: int
    space: str
    level: int
    asked: tuple[int, ...] = ()    # seats already asked whether their Shooting Stars fire at this level
    paying: tuple[int, ...] = ()   # of which those who pay


class PayToFire(NamedTuple):
    """Before a level with the seat's Shooting Stars: pay a credit each to fire them, or hold fire."""

    seat: int
    level: FireLevel


class LevelDice(NamedTuple):
    """One level's dice, before casualties: hits per side (attacker, defender), those by cloaked ships,
    and the ships whose dice missed (one entry per missed die), for a re-roll."""

    attacker: int
    defender: int
    space: str
    level: int
    hits: tuple[int, int]
    cloaked: tuple[int, int]
    missed: tuple[tuple[int, ...], tuple[int, ...]]
    only: str = ""   # the ship kind these hits may land on (Fire Bug pre-rolls: Starfighters)


class Reroll(NamedTuple):
    """After a level's dice: play the Militaristic Tactic to re-roll all of one's misses, or pass."""

    seat: int
    dice: LevelDice


class TakeCasualty(NamedTuple):
    """``seat`` picks which of ``victim``'s ships at ``space`` takes the next of ``hits`` hits.

    The chooser is the victim, or the shooter for hits by cloaked ships.
    """

    seat: int
    victim: int
    space: str
    hits: int
    only: str   # a ship kind the hits may land on ("" = any; Fire Bug shots: "starfighter")


class EndBattle(NamedTuple):
    """After the last level: repairs, and whether the attacker may take the planet."""

    attacker: int
    defender: int
    space: str


class TakePlanet(NamedTuple):
    """The defender's planet is open: conquer it, liberate it (if it was conquered, with no ally), or leave it."""

    seat: int
    planet: str


class BefriendNow(NamedTuple):
    """Right after liberating: spend one card of the planet's temperament to ally with it at once."""

    seat: int
    planet: str
