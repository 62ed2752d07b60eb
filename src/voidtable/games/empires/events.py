"""Every event of Empires of the Void, declared once: its JSON type, its fields, who may see it, its words.

Each class is a frozen record (:class:`voidtable.engine.events.EventRecord`): the rules build
them (``s.emit(Moved(seat, kind, ship, frm, to, carried, owner))``), readers match on the
classes (the lab's measures, the words, the scene), and the JSON form records, digests and
the table carry is derived from the declaration. Fields are declared in the order the
rules wrote them when events were dicts, so that form is unchanged (records of older games
replay as they were). Planets, spaces, ships, cards and technologies are named by their
keys, as in the views; ``words`` turns them into printed names through :class:`~.text.Say`.

Who may see what: a card drawn into a hand (:class:`Drew` with its ``card``), a choice in the
base game's hidden pre-round (:class:`PreRoundChosen`), an offer between two players
(:class:`OfferMade`) and, unless scores are open, a scoring's VP (:class:`Scored`) carry
``visible_to``; everything else is public. The one field that moved: ``visible_to`` is
written last in every record, so a hidden pre-round choice's JSON keys come in another order
than its dict had (records' digests sort keys, so no record changes).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, get_args

from voidtable.engine.events import EventRecord
from voidtable.engine.types import Seat

if TYPE_CHECKING:
    from .text import Say

#: What an attack aims at: a seat's ships (or its planet), a neutral planet, an infestation, the Pirates.
AttackTarget = Seat | Literal["planet", "infestation", "pirates"]
#: Why a ship with a firing cost (Shooting Star) did not fire: its owner could not pay, or chose not to.
HoldReason = Literal["no credit", "held"]
#: What a die was rolled for (engine.dice's ``why``).
RollReason = Literal["first player", "attack", "re-roll", "pre-roll", "diplomacy", "infest"]
#: The orders of the pre-round (the action kinds a hidden pre-round choice records).
PreRoundOrder = Literal["research", "build", "build_at_port", "port_at", "tactic"]
#: The score cards, drawn from the event deck (A, B, C in scoring order).
ScoreCard = Literal["A", "B", "C"]

#: An action kind as the pre-round order it is (a kind not in the set is a bug: KeyError).
PRE_ROUND_ORDER: dict[str, PreRoundOrder] = {o: o for o in get_args(PreRoundOrder)}
#: An event deck's card as the score card it is (``.get``: None for an event card).
SCORE_CARD: dict[str, ScoreCard] = {c: c for c in get_args(ScoreCard)}


def plural(n: int, word: str, many: bool | None = None) -> str:
    """``1 credit``, ``2 credits`` (``many``: the book's wording when it is not ``n != 1``)."""
    return f"{n} {word}{'s' if (n != 1 if many is None else many) else ''}"


class EmpiresEvent(EventRecord, frozen=True):
    """Any event of the game (untagged: a base). ``words`` takes the game's :class:`~.text.Say`."""

    def words(self, say: Say) -> str | None:
        return None


# -- setting up ----------------------------------------------------------------------------------
class GalaxyLaid(EmpiresEvent, frozen=True, tag="galaxy"):
    """The tiles as laid out: (place, tile, rotation) each."""

    tiles: tuple[tuple[tuple[int, int], str, int], ...]

    def words(self, say: Say) -> str:
        return "The galaxy is laid out: " + ", ".join(
            f"{say.tile(tile)} as {say.place(h)}" for h, tile, _ in self.tiles)


class Rolled(EmpiresEvent, frozen=True, tag="rolled"):
    """A die rolled on the table (engine.dice's roll, as this game's record: :meth:`EmpiresState.emit`)."""

    sides: int
    colour: str
    value: int
    seat: Seat
    why: RollReason


class FirstPlayer(EmpiresEvent, frozen=True, tag="first_player"):
    seat: Seat

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} goes first"


class RaceChosen(EmpiresEvent, frozen=True, tag="race"):
    """A seat's race, and the credits it starts with."""

    seat: Seat
    race: str
    credits: int

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} plays the {say.race(self.race)} ({self.credits} credits)"


class HomeSettled(EmpiresEvent, frozen=True, tag="home"):
    """A seat's home world goes to a corner of the galaxy."""

    seat: Seat
    corner: tuple[int, int]

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} settles at {say.corner(self.corner)}"


class NoRotation(EmpiresEvent, frozen=True, tag="no_rotation"):
    seat: Seat

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} turns no tile"


class TileRotated(EmpiresEvent, frozen=True, tag="rotated"):
    """A seat turns a tile next to its home world by ``turns`` sixths."""

    seat: Seat
    tile: str
    hex: tuple[int, int]
    turns: int

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} turns {say.tile(self.tile)} {say.sixths(self.turns)} round"


class Covered(EmpiresEvent, frozen=True, tag="covered"):
    """A planet taken out of a 2-player game."""

    seat: Seat
    planet: str

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} covers {say.space(self.planet)} (out of this game)"


class RowDealt(EmpiresEvent, frozen=True, tag="row"):
    """The 2-player game's face-up diplomacy cards beside the deck."""

    cards: tuple[str, ...]

    def words(self, say: Say) -> str:
        return "Face up beside the deck: " + ", ".join(say.card(c) for c in self.cards)


class Drew(EmpiresEvent, frozen=True, tag="drew"):
    """Diplomacy cards into a hand: the set-up hand (public, a count), or one card (``card``: its seat only)."""

    seat: Seat
    count: int
    card: str | None = None

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} draws " + (say.a_card(self.card) if self.card else plural(self.count, "card"))


class Reshuffled(EmpiresEvent, frozen=True, tag="reshuffled"):
    """The discard pile became the diplomacy deck (``cards``: its size)."""

    cards: int

    def words(self, say: Say) -> str:
        return f"The discard pile is shuffled into a new deck of {self.cards} cards"


class EventDeckMade(EmpiresEvent, frozen=True, tag="event_deck"):
    """The event deck's size and where its score cards lie (1 = the top)."""

    cards: int
    score_at: tuple[int, ...]

    def words(self, say: Say) -> str:
        return (f"The event deck holds {self.cards} cards; the score cards come "
                + ", ".join(say.ordinal(n) for n in self.score_at))


# -- rounds, turns, the event deck ----------------------------------------------------------------
class RoundStarted(EmpiresEvent, frozen=True, tag="round"):
    """A round's turn order, and whether the next event card is a score card (their backs say it)."""

    round: int
    order: tuple[Seat, ...]
    next_is_score: bool

    def words(self, say: Say) -> str:
        return f"Round {self.round} begins; turn order: " + ", ".join(say.seat(p) for p in self.order)


class EventDrawn(EmpiresEvent, frozen=True, tag="event_card"):
    """The round's event card (``score_a``..``score_c`` for a score card)."""

    card: str
    round: int

    def words(self, say: Say) -> str:
        return f"Event of round {self.round}: {say.event_card(self.card)}"


def event_drawn(card: str, round: int) -> EventDrawn:
    """The record of the event deck's ``card`` drawn in ``round``: the deck holds score cards by letter (A-C), the
    record names them ``score_a``..``score_c`` (the rules when it is drawn, the table's list of drawn cards)."""
    return EventDrawn(f"score_{card.lower()}" if card in SCORE_CARD else card, round)


class Uprising(EmpiresEvent, frozen=True, tag="uprising"):
    """A conquered planet rises up against its conqueror (``lost``)."""

    planet: str
    lost: Seat

    def words(self, say: Say) -> str:
        return f"{say.space(self.planet)} rises up against {say.seat(self.lost)}"


class WormHoleOpened(EmpiresEvent, frozen=True, tag="worm_hole"):
    """A Worm Hole joins a home world (its owner, ``home``) to a space."""

    home: Seat
    to: str

    def words(self, say: Say) -> str:
        return f"A Worm Hole joins the home world of {say.seat(self.home)} to {say.space(self.to)}"


class PiratesArrived(EmpiresEvent, frozen=True, tag="pirates"):
    planet: str

    def words(self, say: Say) -> str:
        return f"Pirates take {say.space(self.planet)}"


class DistressCall(EmpiresEvent, frozen=True, tag="distress_call"):
    planet: str

    def words(self, say: Say) -> str:
        return f"A Distress Call comes from {say.space(self.planet)}"


class TurnStarted(EmpiresEvent, frozen=True, tag="turn"):
    seat: Seat
    round: int

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)}'s turn (round {self.round})"


class TurnEnded(EmpiresEvent, frozen=True, tag="turn_ended"):
    """A seat ends its turn with ``unused`` actions left."""

    seat: Seat
    unused: int

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} ends the turn" + (
            f" with {self.unused} action{'s' if self.unused > 1 else ''} unused" if self.unused else "")


class IncomeCollected(EmpiresEvent, frozen=True, tag="income"):
    """A turn's income (``credits``) and the seat's credits after it (``total``)."""

    seat: Seat
    credits: int
    total: int

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} collects {self.credits} credits ({self.total} in all)"


# -- the pre-round ----------------------------------------------------------------------------------
class PreRoundChosen(EmpiresEvent, frozen=True, tag="pre_round_choice"):
    """An order in the base game's hidden pre-round (only its seat sees it; carried out at the reveal).

    ``what``: the technology, ship kind or planet; for a Tactic, its card and how many cards of the
    other Tactic pay for it.
    """

    seat: Seat
    choice: PreRoundOrder
    what: str | tuple[str, int]

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} chooses: " + say.pre_round_order(self.choice, self.what)


class PreRoundDone(EmpiresEvent, frozen=True, tag="pre_round_done"):
    seat: Seat

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} has finished building and research"


class Researched(EmpiresEvent, frozen=True, tag="researched"):
    seat: Seat
    tech: str
    cost: int

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} researches {say.tech(self.tech)} for {self.cost} credits"


class NewEarth(EmpiresEvent, frozen=True, tag="new_earth"):
    """Terraforming: the seat's home world (``planet``) is New Earth from now on."""

    seat: Seat
    planet: str

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} terraforms: Earth is replaced with {say.new_earth()}"


class Built(EmpiresEvent, frozen=True, tag="built"):
    """A ship token (``id``) put on the board; ``free``: given by a Rebellion's defectors, not bought."""

    seat: Seat
    ship: str
    id: int
    space: str
    free: bool = False

    def words(self, say: Say) -> str:
        if self.free:
            return f"Defectors give {say.seat(self.seat)} {say.a_ship(self.ship)} at {say.space(self.space)}"
        return f"{say.seat(self.seat)} builds {say.a_ship(self.ship)} at {say.space(self.space)}"


class NotBuilt(EmpiresEvent, frozen=True, tag="not_built"):
    """An ordered ship that could not be built at the reveal."""

    seat: Seat
    ship: str
    why: Literal["no token left"]

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} cannot build {say.a_ship(self.ship)}: no token left"


class PortBuilt(EmpiresEvent, frozen=True, tag="port"):
    seat: Seat
    planet: str

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} builds a space port at {say.space(self.planet)}"


class PortDestroyed(EmpiresEvent, frozen=True, tag="port_destroyed"):
    seat: Seat
    planet: str

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} loses the space port at {say.space(self.planet)}"


class TacticPlayed(EmpiresEvent, frozen=True, tag="tactic"):
    """A Tactic (``tactic``: its card) paid with ``cards`` cards."""

    seat: Seat
    tactic: str
    cards: int

    def words(self, say: Say) -> str:
        return (f"{say.seat(self.seat)} plays the Tactic {say.card(self.tactic)} with "
                f"{self.cards} card{'s' if self.cards > 1 else ''}")


# -- the turn's actions ---------------------------------------------------------------------------------
class Moved(EmpiresEvent, frozen=True, tag="moved"):
    """One leg of a move: the ship (``id``, of ``owner``: a Mind Control moves another's) and what it carries."""

    seat: Seat
    ship: str
    id: int
    frm: str
    to: str
    carried: tuple[int, ...]
    owner: Seat

    def words(self, say: Say) -> str:
        n = len(self.carried)
        return (f"{say.seat(self.seat)} moves {say.a_ship(self.ship)} from {say.space(self.frm)} "
                f"to {say.space(self.to)}"
                + (f", carrying {n} ship{'s' if n > 1 else ''}" if self.carried else ""))


class ExtraMove(EmpiresEvent, frozen=True, tag="extra_move"):
    """Narkani: a move bought with credits instead of an action."""

    seat: Seat
    credits: int

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} pays {self.credits} credits for a move costing no action"


class MindControlled(EmpiresEvent, frozen=True, tag="mind_control"):
    """Siri: another seat's ship (``id``, of ``owner``) moved once."""

    seat: Seat
    id: int
    owner: Seat

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} takes over {say.token(self.id)} for one move"


class TractorBeamAnswered(EmpiresEvent, frozen=True, tag="tractor_beam"):
    """A Tractor Beam's owner (``seat``) lets ``mover``'s ship leave its space for ``to``, or holds it."""

    seat: Seat
    mover: Seat
    id: int
    frm: str
    to: str
    permitted: bool

    def words(self, say: Say) -> str:
        lets = "lets" if self.permitted else "does not let"
        where = (f"leave the Tractor Beam at {say.space(self.frm)} for {say.space(self.to)}" if self.to
                 else "leave the Tractor Beam")
        return f"{say.seat(self.seat)} {lets} {say.token(self.id)} {where}"


class Mined(EmpiresEvent, frozen=True, tag="mined"):
    seat: Seat
    credits: int

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} mines {plural(self.credits, 'credit')}"


class DistressAnswered(EmpiresEvent, frozen=True, tag="distress_answered"):
    seat: Seat
    planet: str

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} answers the Distress Call at {say.space(self.planet)} and draws two cards"


class DiplomacyRolled(EmpiresEvent, frozen=True, tag="diplomacy"):
    """Diplomacy at a neutral planet with ``cards`` cards: the dice's ``total`` against the race's ``target``."""

    seat: Seat
    planet: str
    cards: int
    total: int
    target: int
    success: bool

    def words(self, say: Say) -> str:
        return (f"{say.seat(self.seat)} tries diplomacy at {say.space(self.planet)} with "
                f"{self.cards} card{'s' if self.cards > 1 else ''}: "
                f"{self.total} against {self.target}, {'success' if self.success else 'failure'}")


class InfestRolled(EmpiresEvent, frozen=True, tag="infest_roll"):
    """Sreech: the die for an infestation (``need`` or more infests)."""

    seat: Seat
    planet: str
    value: int
    need: int

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} rolls {self.value} to infest {say.space(self.planet)} (needs {self.need})"


class Swapped(EmpiresEvent, frozen=True, tag="swapped"):
    """2 players: a hand card (``gave``) for one of the face-up row (``took``)."""

    seat: Seat
    gave: str
    took: str

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} swaps {say.a_card(self.gave)} for {say.a_card(self.took)}"


class Discarded(EmpiresEvent, frozen=True, tag="discarded"):
    seat: Seat
    card: str

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} discards {say.a_card(self.card)}"


# -- planets ------------------------------------------------------------------------------------------------
class Allied(EmpiresEvent, frozen=True, tag="allied"):
    """Diplomacy or a free befriending: the seat's ally token on the planet."""

    seat: Seat
    planet: str

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} befriends {say.space(self.planet)}"


class Conquered(EmpiresEvent, frozen=True, tag="conquered"):
    """Taken by force (``previous``: who controlled it, -1 none)."""

    seat: Seat
    planet: str
    previous: int

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} conquers {say.space(self.planet)}"


class Regained(EmpiresEvent, frozen=True, tag="regained"):
    """Taken back by force by its ally (``previous``: its conqueror until now)."""

    seat: Seat
    planet: str
    previous: int

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} takes back {say.space(self.planet)}"


class Liberated(EmpiresEvent, frozen=True, tag="liberated"):
    """Set free from its conqueror (``previous``), neutral again."""

    seat: Seat
    planet: str
    previous: int

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} liberates {say.space(self.planet)}"


class Infested(EmpiresEvent, frozen=True, tag="infested"):
    seat: Seat
    planet: str

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} infests {say.space(self.planet)}"


class InfestationRemoved(EmpiresEvent, frozen=True, tag="infestation_removed"):
    seat: Seat
    planet: str

    def words(self, say: Say) -> str:
        return f"The infestation on {say.space(self.planet)} is gone"


class LeftPlanet(EmpiresEvent, frozen=True, tag="left_planet"):
    """A battle won at a planet, the winner chose neither to conquer nor to liberate it."""

    seat: Seat
    planet: str

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} leaves {say.space(self.planet)} as it is"


# -- battles --------------------------------------------------------------------------------------------------
class Attacked(EmpiresEvent, frozen=True, tag="attack"):
    seat: Seat
    space: str
    target: AttackTarget

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} attacks {say.target(self.target)} at {say.space(self.space)}"


class AttackCancelled(EmpiresEvent, frozen=True, tag="attack_cancelled"):
    """The Cancel Attack Tactic: ``seat`` cancels ``attacker``'s attack."""

    seat: Seat
    attacker: Seat
    space: str

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} cancels the attack of {say.seat(self.attacker)} at {say.space(self.space)}"


class PiratesBeaten(EmpiresEvent, frozen=True, tag="pirates_beaten"):
    seat: Seat
    planet: str
    credits: int

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} drives the Pirates off {say.space(self.planet)} and takes {self.credits} credits"


class Volley(EmpiresEvent, frozen=True, tag="volley"):
    """Every armed ship of a seat fired once at a planet or an infestation."""

    seat: Seat
    space: str
    hits: int

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} fires at {say.space(self.space)}: {plural(self.hits, 'hit')}"


class LevelFired(EmpiresEvent, frozen=True, tag="level"):
    """One initiative level of a battle: hits scored by each side (seat numbers as strings, attacker first)."""

    level: int
    space: str
    hits: dict[str, int]

    def words(self, say: Say) -> str:
        return f"Initiative {self.level} at {say.space(self.space)}: " + ", ".join(
            f"{say.seat(int(p))} {plural(h, 'hit')}" for p, h in self.hits.items())


class HeldFire(EmpiresEvent, frozen=True, tag="held_fire"):
    """A ship with a firing cost (``id``) did not fire."""

    seat: Seat
    id: int
    why: HoldReason

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)}'s {say.token(self.id)[2:].split(' of ')[0]} holds fire"


class Rerolled(EmpiresEvent, frozen=True, tag="rerolled"):
    """The Re-roll Tactic: ``dice`` missed dice rolled again, ``hits`` more."""

    seat: Seat
    dice: int
    hits: int

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} re-rolls {self.dice} missed dice: {self.hits} more hits"


class Destroyed(EmpiresEvent, frozen=True, tag="destroyed"):
    seat: Seat
    ship: str
    id: int
    space: str

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} loses {say.a_ship(self.ship)} at {say.space(self.space)}"


class Damaged(EmpiresEvent, frozen=True, tag="damaged"):
    """A ship that takes more than one hit survives this one (``damage``: hits it has taken)."""

    seat: Seat
    ship: str
    id: int
    damage: int

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)}'s {say.ship(self.ship)} takes a hit and survives"


class Retreated(EmpiresEvent, frozen=True, tag="retreated"):
    seat: Seat
    frm: str
    to: str

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} retreats from {say.space(self.frm)} to {say.space(self.to)}"


class BattleOver(EmpiresEvent, frozen=True, tag="battle_over"):
    """``won``: the attacker won (the defender has no ship left there)."""

    attacker: Seat
    defender: Seat
    space: str
    won: bool

    def words(self, say: Say) -> str:
        return f"The battle at {say.space(self.space)} is over: " + (
            f"{say.seat(self.attacker)} wins" if self.won else f"{say.seat(self.defender)} holds")


# -- scoring ------------------------------------------------------------------------------------------------------
class CouncilMet(EmpiresEvent, frozen=True, tag="council"):
    """A scoring's Galactic Council: every seat's influence and the two amounts (first, second)."""

    card: ScoreCard
    influence: tuple[int, ...]
    amounts: tuple[int, int]

    def words(self, say: Say) -> str:
        return (f"The Galactic Council meets (score card {self.card}): "
                + ", ".join(f"{say.seat(p)} {i} influence" for p, i in enumerate(self.influence))
                + f"; {self.amounts[0]} and {self.amounts[1]} VP to the first two")


class Scored(EmpiresEvent, frozen=True, tag="scored"):
    """A seat's VP at a scoring, by source (only its seat sees it unless scores are open)."""

    seat: Seat
    card: ScoreCard
    planets: int
    techs: int
    council: int
    gained: int
    total: int

    def words(self, say: Say) -> str:
        return (f"{say.seat(self.seat)} scores {self.gained} VP: {self.planets} from planets, {self.techs} from "
                f"technologies, {self.council} from the council ({self.total} in all)")


# -- negotiation (an option) ----------------------------------------------------------------------------------------
class NoOffer(EmpiresEvent, frozen=True, tag="no_offer"):
    seat: Seat

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} makes no offer before the next round"


class OfferDropped(EmpiresEvent, frozen=True, tag="offer_dropped"):
    seat: Seat

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} drops the offer"


class OfferMade(EmpiresEvent, frozen=True, tag="offer"):
    """An offer to ``to`` (only the two see it): what is given and asked for, (credits or a card, how many) each,
    and a licence asked for (``""``: none)."""

    seat: Seat
    to: Seat
    give: tuple[tuple[str, int], ...]
    ask: tuple[tuple[str, int], ...]
    licence: str

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} offers {say.seat(self.to)} " + say.offer(self.give, self.ask, self.licence)


class OfferDeclined(EmpiresEvent, frozen=True, tag="offer_declined"):
    """``seat`` (who answers) declines the offer of ``by``."""

    seat: Seat
    by: Seat

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} declines the offer of {say.seat(self.by)}"


class OfferAccepted(EmpiresEvent, frozen=True, tag="offer_accepted"):
    """``seat`` (who answers) accepts the offer of ``by``: the licence and the credits each way (given, asked)."""

    seat: Seat
    by: Seat
    licence: str
    credits: tuple[int, int]

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} accepts the offer of {say.seat(self.by)}"
