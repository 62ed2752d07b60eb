"""The fleet battle's heuristic player: buy the toughest firepower per point, close in, focus fire, lose empty squares first.

- **Outfitting**: each design is valued as firepower (each weapon's chance to hit
  an unshielded and a shield-1 target) times speed times shield (the draft's shield
  takes whole faces off every roll); the bot buys the best value per point it can
  afford and finishes its fleet only when nothing is affordable.
- **Deployment**: the cells of its edge nearest the middle of the board, front column first.
- **Battle**: the scripted policy of ``..battle`` (the same one ``battle.mode =
  "auto"`` uses): close in until the longest weapon reaches, hold there, fire at the
  target most likely to be lost, cover empty squares before tiles and shields last;
  it never flees.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from voidtable.engine.actions import Action
from voidtable.engine.bots import BotShell, Decide
from voidtable.engine.outcome import result_rewards
from voidtable.engine.rng import Rng
from voidtable.engine.squaregrid import chebyshev
from voidtable.engine.state import GameState

from ..battle import Disable, Fire, Move, Turn, best_cell, best_target, square_to_cover
from ..data import Design, Rules
from ..ships import hit_chance
from .tasks import Buy, Deploy, SecretBuy

if TYPE_CHECKING:
    from .state import FleetState

MCTS_HORIZON = 0   # fleet battles are short: roll out to the end
MCTS_TRUST = 2.0   # the bot's move stands unless another's mean reward leads it by 2 standard errors


def design_value(r: Rules, d: Design) -> float:
    """Firepower x speed x shield of a design at full strength (divided by its points to rank designs).

    Firepower: each weapon's chance to hit an unshielded and a shield-1 target, a little
    more for range; speed: the hull's board move and engines (ships that cannot reach
    the enemy decide nothing before the round limit); the shield: the draft's rule takes
    whole faces off every roll against the ship.
    """
    shield = max((r.tiles[t].rating for t in d.tiles if t and r.tiles[t].kind == "shield"), default=0)
    move = r.hulls[d.hull].board_move + sum(r.tiles[t].rating for t in d.tiles if t and r.tiles[t].kind == "engine")
    fire = 0.0
    for t in d.tiles:
        if t and r.tiles[t].kind == "weapon":
            w = r.tiles[t]
            fire += (hit_chance(w, 0) + hit_chance(w, 1)) / 2 * (1 + 0.2 * (w.range - 1))
    return fire * (1 + move) * (1 + shield)


def choose_buy(s: "FleetState", seat: int, legal: list[Action], task: Buy | SecretBuy, rng: Rng) -> Action:
    """The affordable design with the best value per point (then the dearer, to leave less unspent)."""
    buys = [a for a in legal if a.kind == "buy"]
    if not buys:
        return legal[0]
    return max(buys, key=lambda a: (design_value(s.r, s.r.designs[a.arg]) / s.r.designs[a.arg].points,
                                    s.r.designs[a.arg].points, a.arg))


def choose_cell(s: "FleetState", seat: int, legal: list[Action], task: Deploy, rng: Rng) -> Action:
    """The cell of its edge nearest the middle of the board."""
    w, h = s.r.board.width, s.r.board.height
    centre = ((w - 1) / 2, (h - 1) / 2)
    return min(legal, key=lambda a: (abs(a.arg[0] - centre[0]), abs(a.arg[1] - centre[1]), a.arg))


def choose_turn(s: "FleetState", seat: int, legal: list[Action], task: Turn, rng: Rng) -> Action:
    """Never flee; the ship nearest the enemy acts first."""
    flee = [a for a in legal if a.kind == "flee"]
    if flee:
        return next(a for a in flee if not a.arg)
    return min(legal, key=lambda a: _nearest_enemy(s, a.arg))


def choose_move(s: "FleetState", seat: int, legal: list[Action], task: Move, rng: Rng) -> Action:
    cell = best_cell(s, task.ship, [a.arg for a in legal])
    return next(a for a in legal if a.arg == cell)


def choose_fire(s: "FleetState", seat: int, legal: list[Action], task: Fire, rng: Rng) -> Action:
    target = best_target(s, task.ship, task.square, [a.arg for a in legal])
    return next(a for a in legal if a.arg == target)


def choose_cover(s: "FleetState", seat: int, legal: list[Action], task: Disable, rng: Rng) -> Action:
    q = square_to_cover(s.r, s.ships[task.ship])
    return next(a for a in legal if a.arg == q)


def _nearest_enemy(s: "FleetState", ship_id: int) -> tuple[int, int]:
    """Ships nearest the enemy act first (they may clear the way), then by id."""
    me = s.ships[ship_id]
    d = min((chebyshev(me.cell, o.cell) for o in s.ships.values() if o.owner != me.owner and o.cell[0] >= 0), default=0)
    return (d, ship_id)


#: the heuristic per pending task type (anything else: a random legal action); playouts use the same rules of thumb
#: (they are cheap: no look-ahead)
DECISIONS: dict[type, Decide["FleetState"]] = {
    Buy: choose_buy, SecretBuy: choose_buy, Deploy: choose_cell, Turn: choose_turn, Move: choose_move,
    Fire: choose_fire, Disable: choose_cover,
}
BOT: BotShell["FleetState"] = BotShell(DECISIONS)
choose = BOT.choose


def stage(state: GameState) -> int:
    """Battle rounds so far (outfitting and deployment are stage 0)."""
    s = cast("FleetState", state)
    return s.round + (10_000 if s.over else 0)


def evaluate(state: GameState, mode: str) -> list[float]:
    """Each seat's share of the points still afloat (its budget and orders counted); a finished battle's own rewards."""
    s = cast("FleetState", state)
    if s.over:
        return result_rewards(s.result(), mode)
    pts = [s.fleet_points(q) + s.budget[q] * 0.5 + sum(s.r.designs[k].points for k in s.orders[q]) for q in range(2)]
    total = sum(pts) or 1.0
    return [p / total for p in pts]
