"""The heuristic player: builds within maintenance, attacks only with enough ships, goes for the Homeworld,
defends with its best dice; legal and deterministic everywhere; its rollout policy and evaluation for MCTS."""

from __future__ import annotations

from voidtable.agents.base import observe
from voidtable.engine.actions import Action
from voidtable.engine.rng import Rng
from voidtable.games.nearspace import bot
from voidtable.games.nearspace.tasks import ActionStep, Build, Defend

from .helpers import blank, fresh, lay, place, ship


def decide(s, seat: int, seed: int = 0) -> Action:
    """The bot's action through the agents' door (an observation, never the state)."""
    obs = observe(s, seat)
    a = bot.BOT.act(obs, Rng(seed))
    assert a in obs.legal
    return a


def apply_only(s, seat: int, a: Action) -> None:
    """Apply a decision to the task on top without running the flow on (positions stay as built)."""
    task = s.stack.pop()
    s._legal = None
    s.TASKS.rules[type(task)].apply(s, task, a)
    s._legal = None


def at(s, *tasks) -> None:
    s.stack[:] = list(tasks)
    s._legal = None


def run_build(s, seat: int, limit: int = 60) -> list[Action]:
    """Let the bot run a whole Build step (and any card target it opens) up to its build_done."""
    at(s, Build(seat))
    done = []
    for _ in range(limit):
        a = decide(s, seat)
        done.append(a)
        if a.kind == "build_done":
            return done
        apply_only(s, seat, a)
    raise AssertionError(f"no build_done in {limit} actions: {done}")


def walk(s, seat: int, origin) -> list[Action]:
    """The bot's group from ``origin``: its adds, up to and including the step (not applied)."""
    at(s, ActionStep(seat))
    assert decide(s, seat) == Action("group", origin)
    apply_only(s, seat, Action("group", origin))
    out = []
    for _ in range(20):
        a = decide(s, seat)
        out.append(a)
        if a.kind == "step":
            return out
        apply_only(s, seat, a)
    raise AssertionError(out)


def played(s, seat: int) -> None:
    s.turns_taken = [1, 1]
    s.active = seat


def test_builds_within_maintenance():
    s = blank()
    played(s, 0)
    for sides, colour in ((10, "blue"), (10, "white"), (8, "blue"), (8, "white")):
        ship(s, 0, sides, colour, (2, -4))  # 36 non-green facets on an income of 5: the cap is about full
    s.cp = 9
    cap = bot.facet_cap(s, 0)
    run_build(s, 0)
    assert s.fleet_facets(0) <= max(36, cap), "a non-green ship beyond what the income keeps"
    assert s.fleet_facets(0) // 10 <= 5  # next turn's maintenance is covered by the Homeworld's CP
    assert s.cp <= 1  # the rest went into hulls or an engine (CP are not kept)


def test_first_ship_enters_service_at_once():
    s = blank()
    played(s, 0)
    s.cp = 5
    run_build(s, 0)
    assert s.fleet(0), "no ship guards the Homeworld after the first Build"
    assert s.fleet_facets(0) // 10 <= 5


def test_attacks_only_with_at_least_the_defenders_count():
    s = blank()
    played(s, 0)
    ship(s, 0, 12, "blue", (2, -4))                   # the home guard stays
    lone = ship(s, 0, 20, "blue", (1, -1))
    ship(s, 1, 4, "blue", (0, -1))
    ship(s, 1, 4, "blue", (0, -1))
    s.e = 60
    at(s, ActionStep(0))
    a = decide(s, 0)
    if a == Action("group", (1, -1)):  # it may walk elsewhere, but never into the pair alone
        apply_only(s, 0, a)
        assert decide(s, 0) != Action("step", (0, -1))
    second = ship(s, 0, 20, "white", (1, -1))
    picks = walk(s, 0, (1, -1))
    assert picks[-1] == Action("step", (0, -1))
    assert {a.arg for a in picks if a.kind == "add"} == {lone, second}


def test_goes_for_an_undefended_homeworld():
    s = blank()
    played(s, 0)
    ship(s, 0, 12, "green", (2, -4))
    ship(s, 0, 4, "red", (-1, 3))                     # next to the enemy Homeworld at (-2, 4)
    ship(s, 1, 8, "blue", (0, 1))                     # the enemy's only ship is away from home
    s.e = 10
    assert walk(s, 0, (-1, 3))[-1] == Action("step", (-2, 4))


def test_strike_force_marches_on_the_homeworld_when_it_outweighs_the_guard():
    s = blank()
    played(s, 0)
    ship(s, 0, 12, "green", (2, -4))
    ship(s, 0, 10, "red", (0, 0))
    ship(s, 0, 10, "orange", (0, 0))
    ship(s, 1, 4, "blue", (-2, 4))
    s.e = 40
    picks = walk(s, 0, (0, 0))
    dist = s.r.board.distance[1]
    assert dist[place(s, picks[-1].arg)] < dist[place(s, (0, 0))]


def test_holds_the_enemy_homeworld():
    s = blank()
    played(s, 0)
    ship(s, 0, 12, "green", (2, -4))
    ship(s, 0, 8, "red", (-2, 4))                     # on the enemy Homeworld: Exile is counting
    s.e = 30
    at(s, ActionStep(0))
    assert decide(s, 0) != Action("group", (-2, 4))


def test_defends_with_its_best_dice():
    s = blank(active=1)
    played(s, 1)
    att = ship(s, 1, 8, "red", (1, -1))
    ship(s, 0, 4, "blue", (2, -4))
    big = ship(s, 0, 12, "blue", (2, -4))
    at(s, Defend(0, 1, place(s, (1, -1)), place(s, (2, -4)), (att,), ()))
    assert decide(s, 0) == Action("defend", big)


def test_dismantles_the_fewest_facets():
    from voidtable.games.nearspace.tasks import Dismantle

    s = blank()
    a = ship(s, 0, 4, "blue", (0, 0))
    b = ship(s, 0, 10, "blue", (0, 0))
    c = ship(s, 0, 12, "blue", (0, 0))
    assert bot.h_dismantle(s, 0, [Action("dismantle", i) for i in (a, b, c)], Dismantle(0, 8), Rng(0)) == \
        Action("dismantle", b)


def test_terraforms_a_held_space():
    s = blank()
    played(s, 0)
    ship(s, 0, 10, "green", (2, -4))
    lay(s, (1, -3), "kuiper_void")
    ship(s, 0, 4, "green", (1, -3))
    card = next(i for i, (o, k) in enumerate(s.r.instances) if o == 0 and k == "deep_core_mining")
    for zone in (*s.resource, *s.hand):
        if card in zone:
            zone.remove(card)
    s.hand[0].append(card)
    s.cp = 5
    at(s, Build(0))
    assert decide(s, 0) == Action("play", "deep_core_mining")


def random_positions(count: int, seed: int):
    """States along random games (every 23rd decision), each with its seat to move."""
    rng = Rng(seed)
    for k in range(count):
        s = fresh(seed + k)
        for n in range(40 + 37 * k):
            if s.is_over():
                break
            p = s.to_move()[0]
            legal = s.legal_actions(p)
            s.apply(p, legal[rng.below(len(legal))])
        if not s.is_over():
            yield s


def test_legal_in_random_positions_and_rollouts():
    checked = 0
    for s in random_positions(4, 11):
        for _ in range(20):
            if s.is_over():
                break
            p = s.to_move()[0]
            legal = s.legal_actions(p)
            a = decide(s, p, checked)
            assert bot.BOT.rollout_policy(s, p, legal, Rng(checked)) in legal
            s.apply(p, a)
            checked += 1
    assert checked > 30


def test_same_seed_same_game():
    def game(seed: int) -> list[Action]:
        s = fresh(seed)
        out = []
        for _ in range(80):
            if s.is_over():
                break
            p = s.to_move()[0]
            a = decide(s, p, len(out))
            out.append(a)
            s.apply(p, a)
        return out

    assert game(5) == game(5)


def test_evaluate_and_stage_for_search():
    s = fresh(3)
    r = bot.evaluate(s, "mix")
    assert len(r) == 2 and all(0.0 <= x <= 1.0 for x in r)
    assert abs(bot.evaluate(s, "win")[0] + bot.evaluate(s, "win")[1] - 1.0) < 1e-9
    assert bot.stage(s) == s.turn
    ship(s, 0, 20, "green", (2, -4))
    assert bot.evaluate(s, "win")[0] > 0.5  # a ship more is better
