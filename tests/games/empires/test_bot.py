"""The first heuristic player: it plays whole games through its observations at 2-4 players."""

from __future__ import annotations

import random

from voidtable.engine.observation import observe
from voidtable.engine.rng import Rng
from voidtable.games.empires import SPEC

from .helpers import fresh


def test_heuristic_plays_whole_games_legally():
    hooks = SPEC.hooks.bot
    assert hooks is not None
    for players in (2, 3, 4):
        s = fresh(players, seed=10 + players, options={"negotiation": "full"})
        rng = Rng(players)
        chooser = random.Random(players)
        while not s.is_over():
            p = chooser.choice(s.to_move())
            a = hooks.act(observe(s, p), rng) if p == 0 else hooks.rollout_policy(s, p, s.legal_actions(p), rng)
            assert a in s.legal_actions(p)
            s.apply(p, a)
        assert s.result().winners


def test_the_bot_waits_for_cards_before_a_long_shot_at_diplomacy():
    """Three dice against the race's target: with one card (17+) it draws more rather than try."""
    from voidtable.engine.actions import Action
    from voidtable.games.empires import bot

    assert bot.chance(17, 3) == 4 / 216 and bot.chance(8, 3) == 181 / 216 and bot.chance(3, 3) == 1.0
    s = fresh(2, seed=5)
    while s.round == 0 or s.pending is None or type(s.pending).__name__ != "ChooseAction":
        p = s.to_move()[0]
        s.apply(p, s.legal_actions(p)[0])
    seat = s.to_move()[0]
    sight = bot.Sight(s.view(seat), seat, s.r)
    planet = next(k for k in sight.neutral if k in s.r.data.planets)
    long_shot = bot.score(sight, Action("diplomacy", (planet, 1)))
    likely = bot.score(sight, Action("diplomacy", (planet, 3)))
    assert long_shot < bot.score(sight, Action("mine", None)) < likely


def test_the_bot_accepts_an_offer_worth_what_it_costs():
    from voidtable.games.empires import bot

    def view(give, ask, licence=""):
        return {"decision": {"kind": "answer_offer", "seat": 1,
                             "offer": {"seat": 0, "to": 1, "give": give, "ask": ask, "licence": licence}}}

    assert bot.offer_worth(view([["credits", 2]], [], "gas"), 1) > 0          # 2 credits for a licence: yes
    assert bot.offer_worth(view([["credits", 1]], [["credits", 3]]), 1) < 0   # 1 credit for 3: no
    assert bot.offer_worth(view([["peaceful.plus_two", 1]], [["credits", 1]]), 1) > 0


def test_mcts_plays_empires_through_the_hooks():
    """The shared IS-MCTS agent searches this game (horizon and evaluation from its bot settings)."""
    from voidtable.agents.specs import make

    agent = make("mcts:iterations=8", "empires", 3)
    assert agent.horizon == SPEC.hooks.bot_settings.mcts_horizon and agent.evaluate is not None
    s = fresh(3, seed=8)
    chooser = random.Random(8)
    searched = 0
    while searched < 3 and not s.is_over():
        p = s.to_move()[0]
        legal = s.legal_actions(p)
        if p == 0 and len(legal) > 1 and s.round >= 1:
            a = agent.act(observe(s, p))
            searched += 1
        else:
            a = chooser.choice(legal)
        assert a in legal
        s.apply(p, a)
    assert searched == 3 and agent.last_iterations >= 8


def test_heuristic_tables_trade_licences_with_negotiation_on():
    """With negotiation on, a bot lacking a trade good offers 2 credits for a licence and the other accepts."""
    from voidtable.games.empires import bot

    kinds: list[str] = []
    for seed in range(3):
        s = fresh(4, seed=seed, options={"negotiation": "licences"})
        rng = Rng(seed)
        while not s.is_over() and "accept" not in kinds:
            p = s.to_move()[0]
            a = bot.BOT.act(observe(s, p), rng)
            kinds.append(a.kind)
            s.apply(p, a)
        if "accept" in kinds:
            break
    i = kinds.index("offer_send")
    assert kinds[i - 3:i + 2] == ["offer_to", "offer_licence", "offer_give", "offer_send", "accept"]


def test_the_bot_reads_the_rules_the_game_was_made_with():
    """A rules-data override (a technology's VP) and the options reach the bot through its observation.

    With the printed numbers the bot researches Docking Bay here; with Asteroid Navigation worth 5 VP
    by ``--set techs.asteroid_navigation.vp=5`` it must research that instead (it once read the
    rules data loaded without the game's options and overrides, and kept choosing Docking Bay).
    """
    from voidtable.games.empires import bot

    from .helpers import through_setup

    plain = through_setup(4, seed=3)
    changed = through_setup(4, seed=3, options={"techs.asteroid_navigation.vp": 5, "negotiation": "licences"})
    p = plain.to_move()[0]
    assert p == changed.to_move()[0] and plain.legal_actions(p) == changed.legal_actions(p)
    assert bot.BOT.act(observe(plain, p), Rng(1)).arg == "docking_bay"
    obs = observe(changed, p)
    assert obs.rules is changed.game.rules and obs.options["negotiation"] == "licences"
    assert bot.BOT.act(obs, Rng(1)).arg == "asteroid_navigation"
    assert bot.BOT.rollout_policy(changed, p, changed.legal_actions(p), Rng(1)).arg == "asteroid_navigation"


def test_the_bot_lets_a_rival_leave_its_tractor_beam_only_away_from_its_planets():
    """Every other player is a rival: a ship may leave the beam for a space further from every planet the
    bot holds, never towards them, nor to a neutral planet it could take."""
    from voidtable.engine.actions import Action
    from voidtable.games.empires.planets import Control
    from voidtable.games.empires.tasks import MoveShip

    from .helpers import blank, run, ship

    def answer(to: str, start: str) -> Action:
        s = blank()
        # tan_fu (held by seat 1) - t0.p0 (seat 1's beam) - t0.p1, and t0.p0 - bindok_ii (neutral)
        s.graph = {"tan_fu": (("t0.p0", ""),), "t0.p0": (("bindok_ii", ""), ("t0.p1", ""), ("tan_fu", "")),
                   "t0.p1": (("t0.p0", ""),), "bindok_ii": (("t0.p0", ""),)}
        s.control["tan_fu"] = Control(ally=1)
        s.techs[1] = ["starcruiser_hulls", "tractor_beam"]
        ship(s, 1, "starcruiser", "t0.p0")
        mover = ship(s, 0, "starfighter", start)
        run(s, MoveShip(0, mover))                  # from t0.p1 the one leg, to the beam, takes itself
        assert s.ships[mover].space == "t0.p0"
        s.apply(0, Action("to", to))
        assert s.to_move() == [1]
        hooks = SPEC.hooks.bot
        assert hooks is not None
        return hooks.act(observe(s, 1), Rng(1))

    assert answer("t0.p1", "t0.p0") == Action("permit", None)       # away from Tan Fu: let it go
    assert answer("bindok_ii", "t0.p0") == Action("refuse", None)   # to a neutral planet: held
    assert answer("tan_fu", "t0.p1") == Action("refuse", None)      # passing through towards Tan Fu: held
