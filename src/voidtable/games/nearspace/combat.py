"""Step 6b, Combat: an attack is a step into enemy ships.

The attacker rolls every ship that stepped in. The defender rolls at least as
many ships as attack, or all they have there if fewer; with more, the defender
chooses which (``defend`` ... ``defend_done``) before any die is rolled. Each
side's rolls are sorted high to low and paired in order: the higher roll wins
the pair and the lower ship is destroyed; a tie destroys both. Unpaired ships
are untouched. The defender's losses go to the Graveyard first (Conquest is
checked as each ship lands). Both are the book's rules and switches in the data
(``[combat]``): ``tie_both_lost = false`` lets the defender win a tie (only the
attacker's ship is lost), ``defender_first_to_graveyard = false`` books the
attacker's losses first, so when both Graveyards reach Conquest in one combat
the defender wins. If no defending ship is left in the sector, the
surviving attackers complete the move; otherwise they stay where they came from,
and the E is spent either way.

Modifiers add to the rolled face (no cap): the attacker's 'attack' bonuses
(an Event this turn, a Berserker's +1) and the defender's 'defence' ones (the
contested sector's own, e.g. a Stronghold: only the defender enjoys it; a
Berserker's -1); 'combat' bonuses (Directives) apply to both sides.
Equal totals on one side are ordered smaller die first, so the smaller ship
meets the stronger opponent (a reading; the book does not say).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from voidtable.engine.actions import Action

from .actions import DEFEND, DEFEND_DONE
from .events import AttackFailed, AttackWon, Combat
from .movement import move_ships
from .rolls import roll
from .tasks import TASKS, Defend
from .victory import check_end, to_graveyard

if TYPE_CHECKING:
    from .state import NearspaceState


def required(task: Defend, defenders: list[int]) -> int:
    return min(len(task.attackers), len(defenders))


def defend_legal(s: "NearspaceState", task: Defend) -> list[Action]:
    defenders = s.ships_at(task.seat, task.dest)
    need = required(task, defenders)
    if len(defenders) == need:
        return [DEFEND_DONE()]  # all must roll: a forced choice
    out = [DEFEND(i) for i in defenders if i not in task.chosen]
    if len(task.chosen) >= need:
        out.append(DEFEND_DONE())
    return out


@TASKS.decision(Defend, legal=defend_legal)
def defend(s: "NearspaceState", task: Defend, action: Action) -> None:
    if action.kind == "defend":
        chosen = task.chosen + (action.arg,)
        if len(chosen) < len(s.ships_at(task.seat, task.dest)):
            s.push(task._replace(chosen=tuple(sorted(chosen))))
            return
        task = task._replace(chosen=tuple(sorted(chosen)))
    rolling = task.chosen if task.chosen else tuple(s.ships_at(task.seat, task.dest))
    resolve(s, task, rolling)


def attack_roll(s: "NearspaceState", ship_id: int) -> int:
    ship = s.ships[ship_id]
    face = roll(s, ship.die, "attack", seat=ship.owner, ship=ship_id)
    return face + s.attack_bonus + s.r.traits(ship.die).attack + s.directive_total(ship.owner, "combat_bonus")


def defence_roll(s: "NearspaceState", ship_id: int) -> int:
    ship = s.ships[ship_id]
    face = roll(s, ship.die, "defence", seat=ship.owner, ship=ship_id)
    sector = s.place_of(ship.place)
    bonus = sector.defence if sector is not None and s.face_up[ship.place] else 0
    return face + bonus + s.r.traits(ship.die).defence + s.directive_total(ship.owner, "combat_bonus")


def ordered(s: "NearspaceState", totals: dict[int, int]) -> list[int]:
    return sorted(totals, key=lambda i: (-totals[i], s.ships[i].die.facets, i))


def pair_losses(s: "NearspaceState", att: dict[int, int], dfn: dict[int, int],
                pairs: list[tuple[int, int]]) -> tuple[list[int], list[int]]:
    """(defenders lost, attackers lost): the higher roll wins a pair; a tie loses both (the book) or the attacker."""
    tie_both = s.r.data.combat.tie_both_lost
    lost_def = [d for a, d in pairs if att[a] > dfn[d] or (tie_both and att[a] == dfn[d])]
    lost_att = [a for a, d in pairs if att[a] <= dfn[d]]
    return lost_def, lost_att


def resolve(s: "NearspaceState", task: Defend, rolling: tuple[int, ...]) -> None:
    att = {i: attack_roll(s, i) for i in task.attackers}
    dfn = {i: defence_roll(s, i) for i in rolling}
    pairs = list(zip(ordered(s, att), ordered(s, dfn)))
    lost_def, lost_att = pair_losses(s, att, dfn, pairs)
    if not s.quiet:
        s.emit(Combat(task.attacker, s.hex(task.dest), tuple((a, att[a], d, dfn[d]) for a, d in pairs),
                      tuple((s.ships[a].die.sides, s.ships[a].die.colour, s.ships[d].die.sides, s.ships[d].die.colour)
                            for a, d in pairs),
                      len(att) + len(dfn) - 2 * len(pairs)))
    first = lost_def + lost_att if s.r.data.combat.defender_first_to_graveyard else lost_att + lost_def
    for i in first:  # Conquest is checked as each ship lands, so the order decides a double Conquest
        to_graveyard(s, i, "combat")
        if s.over:
            return
    survivors = tuple(i for i in task.attackers if i in s.ships)
    if not s.has_ships(task.seat, task.dest) and survivors:
        s.emit(AttackWon(task.attacker, s.hex(task.dest)))
        move_ships(s, task.attacker, survivors, task.dest, 0)
    else:
        s.emit(AttackFailed(task.attacker, s.hex(task.dest)))
        check_end(s)
