"""Agents: they never read hidden state, specs parse or fail in one line, search is deterministic and sees wins."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

import voidtable
from voidtable.agents import ladder as ladder_mod
from voidtable.agents.base import Observation, observe
from voidtable.agents.heuristic import has_bot
from voidtable.agents.mcts import MctsAgent, reward_vector
from voidtable.agents.play import play_specs
from voidtable.agents.specs import DIFFICULTIES, describe, make, parse
from voidtable.engine import Action, OptionError, Result, Rng, games

GAMES = sorted(games())
BOT_GAMES = [g for g in GAMES if has_bot(g)]
SPECS = ["random", "heuristic", "mcts:iterations=60", "mcts:iterations=40,rollout=heuristic"]


def advance(state, steps: int, seed: int):
    """Play ``steps`` random decisions (fewer if the game ends)."""
    rng = Rng(seed)
    for _ in range(steps):
        if state.is_over():
            break
        p = state.to_move()[0]
        legal = state.legal_actions(p)
        state.apply(p, legal[rng.below(len(legal))])
    return state


def specs_for(game: str) -> list[str]:
    """The agent specs to try on ``game``: long games cut MCTS rollouts short with the bot's horizon."""
    out = [s for s in SPECS if "heuristic" not in s or game in BOT_GAMES]
    if voidtable.engine.get(game).max_decisions > 1000 and game in BOT_GAMES:
        out = [s.replace("iterations=60", "iterations=20").replace("iterations=40", "iterations=15") + ",horizon=2"
               if s.startswith("mcts") else s for s in out]
    return out


# -- agents never read the true hidden state ----------------------------------------
def buccaneers_twins():
    """Two Buccaneers states that differ only in what seat 0 cannot see."""
    a = advance(voidtable.load("buccaneers", 4).new_state(21), 9, 4)
    while 0 not in a.to_move():
        advance(a, 1, 5)
    b = a.clone()
    # another player's hand swaps a card with the deck, the deck is reversed, and the future chance differs
    b.hand[2][0], b.deck[3] = b.deck[3], b.hand[2][0]
    b.hand[2].sort()
    b.deck.reverse()
    b.rng = Rng(987654321)
    assert a.snapshot_json() != b.snapshot_json()
    assert a.view(0) == b.view(0)
    return a, b, 0


@pytest.mark.parametrize("spec", SPECS)
def test_buccaneers_decision_ignores_hidden_cards(spec):
    a, b, seat = buccaneers_twins()
    for seed in range(3):
        first = make(spec, "buccaneers", seed).act(observe(a, seat))
        second = make(spec, "buccaneers", seed).act(observe(b, seat))
        assert first == second


@pytest.mark.parametrize("game", GAMES)
def test_any_game_decisions_equal_on_indistinguishable_states(game):
    """For every game: the real state and a determinization for the seat (different hidden parts) get the same move."""
    spec = voidtable.engine.get(game)
    n = spec.min_players + 1 if spec.max_players > spec.min_players else spec.min_players
    checked = 0
    for k in range(3 if spec.max_decisions <= 1000 else 2):
        state = advance(voidtable.load(game, n).new_state(100 + k), 7 + 5 * k + (60 if spec.max_decisions > 1000 else 0), k)
        if state.is_over():
            continue
        seat = state.to_move()[-1]
        twin = state.determinize(seat, Rng(55 + k))
        assert twin.view(seat) == state.view(seat)
        for s in specs_for(game):
            assert make(s, game, 9).act(observe(state, seat)) == make(s, game, 9).act(observe(twin, seat)), s
        checked += 1
    assert checked


def test_observation_holds_no_state():
    s = voidtable.load("buccaneers", 3).new_state(1)
    obs = observe(s, 1)
    held = [obs.seat, obs.legal, obs.game, obs.players, obs.view]
    assert not any(isinstance(x, voidtable.GameState) for x in held)
    assert obs.sample(Rng(1)) is not s


# -- specs ---------------------------------------------------------------------------
def test_specs_parse_with_types_and_defaults():
    kind, params = parse("mcts:iterations=400")
    assert kind.name == "mcts" and params == {"iterations": 400}
    kind, params = parse("mcts:seconds=1.0,rollout=heuristic")
    assert params == {"seconds": 1.0, "rollout": "heuristic"}
    kind, params = parse("mcts:seconds=2")
    assert params == {"seconds": 2.0}
    assert parse("heuristic")[0].name == "heuristic"
    assert make("random", "buccaneers", 1).spec == "random"


@pytest.mark.parametrize("bad,words", [
    ("alphazero", ["unknown agent 'alphazero'", "random", "heuristic", "mcts:iterations=int", "easy"]),
    ("mcts:iters=5", ["no parameter 'iters=5'", "iterations (int", "seconds (float", "rollout (str"]),
    ("mcts:iterations=many", ["'iterations' must be int"]),
    ("mcts:iterations", ["no parameter 'iterations'"]),
    ("random:x=1", ["parameters: none"]),
])
def test_bad_spec_is_one_line_listing_agents_and_parameters(bad, words):
    with pytest.raises(OptionError) as e:
        parse(bad)
    msg = str(e.value)
    assert "\n" not in msg
    for w in words:
        assert w in msg


@pytest.mark.parametrize("bad", ["mcts:rollout=smart", "mcts:reward=glory", "mcts:iterations=-3", "heuristic:epsilon=2"])
def test_bad_parameter_values_fail_when_made(bad):
    with pytest.raises(OptionError) as e:
        make(bad, "buccaneers", 0)
    assert "\n" not in str(e.value)


def test_difficulties_map_to_valid_specs_and_are_listed():
    assert list(DIFFICULTIES) == ["easy", "medium", "hard"]
    for name, spec in DIFFICULTIES.items():
        assert parse(name) == parse(spec)
        make(name, "buccaneers", 0)
    assert "easy" in describe()


# -- determinism -------------------------------------------------------------------------
@pytest.mark.parametrize("spec", SPECS)
def test_same_seed_same_game(spec):
    specs = [spec, "random", "heuristic"]
    first = play_specs("buccaneers", specs, seed=3)
    second = play_specs("buccaneers", specs, seed=3)
    assert first == second


def test_mcts_same_seed_same_tree_statistics():
    s = advance(voidtable.load("buccaneers", 4).new_state(8), 5, 1)
    seat = s.to_move()[0]
    a, b = MctsAgent("buccaneers", 4, iterations=80), MctsAgent("buccaneers", 4, iterations=80)
    assert a.act(observe(s, seat)) == b.act(observe(s, seat))
    assert a.last_iterations == b.last_iterations == 80
    sa = {str(k): v for k, v in a.last_root.stats[seat].items()}
    sb = {str(k): v for k, v in b.last_root.stats[seat].items()}
    assert sa == sb


def test_mcts_time_budget_runs_and_returns_legal():
    s = voidtable.load("buccaneers", 3).new_state(2)
    agent = make("mcts:seconds=0.05", "buccaneers", 1)
    obs = observe(s, 0)
    assert agent.act(obs) in obs.legal
    assert agent.last_iterations > 0


# -- search quality -----------------------------------------------------------------------
def obvious_last_pick():
    """Last pick of the last round: only one card keeps seat 0 under the Threshold and first in Value.

    Seat 0 chooses between spacecraft_1 (keeps its lead: right) and spacecraft_10 (throws it away: wrong)."""
    s = voidtable.load("buccaneers", 3, {"black_hole_set": "dangerous_2,precarious_2,dire_3"}).new_state(5)
    # play to the last round with random moves, then set the table by hand
    rng = Rng(1)
    while s.round < 3:
        p = s.to_move()[0]
        legal = s.legal_actions(p)
        s.apply(p, legal[rng.below(len(legal))])
    while not (s.phase == "select" and s.decision is None and len(s.hand[0]) == 2 and 0 in s.to_move()
               and len(s.to_move()) == s.n):
        p = s.to_move()[0]
        legal = s.legal_actions(p)
        s.apply(p, legal[rng.below(len(legal))])
        assert s.round == 3 and not s.is_over()
    r = s.r
    everything = set(range(len(r.keys)))

    def take(key):
        c = r.index[key]
        for lst in [s.deck, s.discard, *s.hand, *s.shown, *s.toys, *s.shifters, s.pile]:
            if c in lst:
                lst.remove(c)
        return c

    # empty every display, then give seat 0 a clear lead that a heavy card would throw away
    for q in range(s.n):
        s.deck.extend(s.shown[q] + s.shifters[q] + s.toys[q])
        s.shown[q], s.shifters[q], s.toys[q], s.groups[q] = [], [], [], []
        s.weight_cards[q] = []
    s.watchers, s.threshold_cards = [], []
    s.points = [[0, 0], [0, 0], [0, 0]]
    for q, keys in {0: ["spacecraft_9", "robot_9"], 1: ["robot_1"], 2: ["robot_2"]}.items():
        for k in keys:
            c = take(k)
            s.orient[c] = 0
            s.shown[q].append(c)
    hands = {0: ["spacecraft_1", "spacecraft_10"], 1: ["toy_1", "toy_2"], 2: ["toy_3", "toy_10"]}
    for q, keys in hands.items():
        s.deck.extend(s.hand[q])
        s.hand[q] = []
    for q, keys in hands.items():
        s.hand[q] = sorted(take(k) for k in keys)
    assert set(sum(s.hand, []) + s.deck + sum(s.shown, []) + s.discard + s.pile) == everything
    # seat 0: Weight 12 (9 + 3), Threshold 17 for dire_3 plus a last card. spacecraft_10 (+10 Weight) is
    # almost surely drawn in; spacecraft_1 (-4 Weight, -5 Value) keeps a lead of 14 Value.
    obs = observe(s, 0)
    assert obs.legal == [Action("select", "spacecraft_1"), Action("select", "spacecraft_10")]
    return obs


def test_mcts_picks_the_obviously_winning_card():
    choice = MctsAgent("buccaneers", 1, iterations=300).act(obvious_last_pick())
    assert choice == Action("select", "spacecraft_1")


def test_reward_vectors():
    res = Result([30.0, 10.0, 30.0, 5.0], [1, 3, 1, 4], [0, 2])
    assert reward_vector(res, "win") == [0.5, 0.0, 0.5, 0.0]
    assert reward_vector(res, "rank") == [1.0, 1 / 3, 1.0, 0.0]
    assert reward_vector(res, "score") == [1.0, 0.2, 1.0, 0.0]
    mix = reward_vector(res, "mix")
    assert mix[0] == 0.75 and mix[3] == 0.0


@pytest.mark.parametrize("game", BOT_GAMES)
def test_heuristic_beats_random(game):
    spec = voidtable.engine.get(game)
    n = max(spec.min_players, min(4, spec.max_players))
    games = 4 * n * (3 if spec.max_decisions <= 1000 else 1)
    res = ladder_mod.run_ladder(game, n, ["heuristic"] + ["random"] * (n - 1), games=games, seed=1)
    row = res.row("heuristic")
    assert row.win_share > 1.0 / n


# -- the ladder ---------------------------------------------------------------------------------
def test_lineups_rotate_seats_and_mix_tables():
    agents = ["a", "b", "c"]
    seen = [ladder_mod.lineup(agents, 4, i) for i in range(12)]
    for seat in range(4):
        assert {t[seat] for t in seen} == {"a", "b", "c"}
    counts = {x: sum(t.count(x) for t in seen) for x in agents}
    assert counts == {"a": 16, "b": 16, "c": 16}
    assert all(len(set(t)) > 1 for t in seen)
    two = [ladder_mod.lineup(["h", "r", "r", "r"], 4, i) for i in range(4)]
    assert [t.index("h") for t in two] == [0, 3, 2, 1]


def test_split_specs_keeps_parameters_together():
    assert ladder_mod.split_specs("random,mcts:iterations=10,rollout=heuristic,heuristic") == [
        "random", "mcts:iterations=10,rollout=heuristic", "heuristic"]


def test_wilson_and_bradley_terry():
    lo, hi = ladder_mod.wilson(60, 100)
    assert 0.50 < lo < 0.51 and 0.69 < hi < 0.70
    assert ladder_mod.wilson(0, 10)[0] == 0.0
    r = ladder_mod.bradley_terry(["a", "b"], {("a", "b"): 75.0, ("b", "a"): 25.0})
    # P(a beats b) = 0.75 -> about 191 Elo apart
    assert abs((r["a"] - r["b"]) - 400 * 0.47712) < 3
    assert abs((r["a"] + r["b"]) / 2 - 1500) < 1e-6


def test_ladder_deterministic_and_independent_of_jobs():
    args = dict(game="buccaneers", players=3, agents=["heuristic", "random"], games=6, seed=7)
    one = ladder_mod.run_ladder(**args, jobs=1)
    two = ladder_mod.run_ladder(**args, jobs=2)
    strip = lambda res: [(g.specs, g.scores, g.ranks) for g in res.results]
    assert strip(one) == strip(two)
    a, b = one.to_json(), two.to_json()
    for d in (a, b):
        d.pop("seconds")
        for row in d["table"]:
            row.pop("seconds_per_decision")
    assert a == b
    assert {r["agent"] for r in a["table"]} == {"heuristic", "random"}
    assert sum(r["appearances"] for r in a["table"]) == 18


def test_ladder_cli_json_and_errors():
    from voidtable.cli.main import app
    runner = CliRunner()
    out = runner.invoke(app, ["ladder", "buccaneers", "--players", "3", "--agents", "heuristic,random",
                              "--games", "3", "--seed", "2", "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)
    assert data["fair_share"] == pytest.approx(1 / 3)
    assert {"agent", "win_share", "ci95", "mean_score", "rating"} <= set(data["table"][0])
    for argv, words in [
        (["ladder", "buccaneers", "-p", "3", "--agents", "heuristic,nobody", "--games", "2"], "unknown agent 'nobody'"),
        (["ladder", "buccaneers", "-p", "9", "--agents", "random", "--games", "2"], "3-6 players"),
        (["ladder", "chess", "-p", "2", "--agents", "random", "--games", "2"], "unknown game"),
        (["ladder", "buccaneers", "-p", "3", "--agents", "mcts:c=high", "--games", "2"], "'c' must be float"),
    ]:
        res = runner.invoke(app, argv)
        assert res.exit_code == 2, (argv, res.output)
        err = res.stderr.strip()
        assert len(err.splitlines()) == 1 and words in err, err


# -- the game bots' main ideas --------------------------------------------------------------------
def _buccaneers_turn_one(players: int = 4, seed: int = 3):
    s = voidtable.load("buccaneers", players).new_state(seed)
    assert s.phase == "select" and s.turn == 1
    return s


def _deal(s, seat: int, keys: list[str]) -> None:
    r = s.r
    s.deck.extend(s.hand[seat])
    s.hand[seat] = []
    for k in keys:
        c = r.index[k]
        for lst in [s.deck, *s.hand]:
            if c in lst:
                lst.remove(c)
        s.hand[seat].append(c)
    s.hand[seat].sort()


def _show(s, seat: int, keys: list[str]) -> None:
    from voidtable.games.buccaneers import placement
    r = s.r
    for k in keys:
        c = r.index[k]
        for lst in [s.deck, *s.hand]:
            if c in lst:
                lst.remove(c)
        placement.place_card(s, seat, c, placement.SELECTED)
    s.robots_turn = []


def test_buccaneers_bot_completes_a_time_machine():
    s = _buccaneers_turn_one()
    _show(s, 0, ["command_chair_1", "reflector_shield_1", "quantum_steering_1"])
    _deal(s, 0, ["warp_drive_1", "toy_2", "robot_1", "spacecraft_4", "easter_egg"])
    a = make("heuristic", "buccaneers", 0).act(observe(s, 0))
    assert a == Action("select", "warp_drive_1")  # +16 Value for -2 Weight


def test_buccaneers_bot_stays_under_the_threshold_at_the_last_pick():
    s = _buccaneers_turn_one()
    # seat 0 already carries 16 Weight on an 18 Threshold (dangerous_2): the heavy ship would sink it
    _show(s, 0, ["spacecraft_8", "spacecraft_5", "robot_3"])  # Weight 8 + 6 + 2
    _deal(s, 0, ["spacecraft_10", "spacecraft_3", "toy_1"])
    a = make("heuristic", "buccaneers", 0).act(observe(s, 0))
    assert a != Action("select", "spacecraft_10")


def test_blacksun_bot_takes_its_counter_and_fears_stronger_fleets():
    from voidtable.games.blacksun import bot as bs_bot
    from voidtable.games.blacksun.flow import RemoveCounters
    from voidtable.games.blacksun.scoring import NEED
    s = advance(voidtable.load("blacksun", 4).new_state(4), 400, 2)
    steep = bs_bot.raid_steepness(s)  # the book's dice: a 5 or a 6 hits
    assert bs_bot.p_win(1, 6, steep) < 0.1 < 0.5 <= bs_bot.p_win(4, 4, steep) < bs_bot.p_win(6, 1, steep)
    # a Need under one of a need-scorer's centre ships is removed before scoring is done
    for p in range(4):
        cond = bs_bot.factions.conditions(s, p)
        if "need" not in cond:
            continue
        centres = [s.loc[x] for x in range(len(s.owner)) if s.ctrl[x] == p and s.sstate[x] == 1 and s.loc[x] < s.board.n_hex]
        planets = [h for h in centres if s.board.planet[h]]
        if not planets:
            continue
        h = planets[0]
        s.status[h] = NEED
        s.stack.append(RemoveCounters(p))
        s._legal = None
        legal = s.legal_actions(p)
        choice = bs_bot.choose(s, p, legal, Rng(0))
        assert choice == Action("remove_counter", s.board.coords[h])
        return
    pytest.skip("no need-scoring seat with a centre ship at a planet in this position")


@pytest.mark.parametrize("game", [g for g in BOT_GAMES if voidtable.engine.get(g).hooks.bot_settings.evaluate is not None])
def test_bot_evaluate_gives_a_reward_per_seat(game):
    spec = voidtable.engine.get(game)
    settings = spec.hooks.bot_settings
    n = min(spec.min_players + 1, spec.max_players)
    s = advance(voidtable.load(game, n).new_state(2), 50, 1)
    for mode in ("win", "mix", "rank", "score"):
        r = settings.evaluate(s, mode)
        assert len(r) == n and all(0.0 <= x <= 1.0 for x in r)
    assert abs(sum(settings.evaluate(s, "win")) - 1.0) < 1e-9
    assert isinstance(settings.stage(s), int)


def test_mcts_horizon_defaults_and_errors():
    assert MctsAgent("buccaneers", 0).horizon == 1
    assert MctsAgent("buccaneers", 0, horizon=0).horizon == 0
    with pytest.raises(OptionError):
        make("mcts:horizon=-2", "buccaneers", 0)


def test_mcts_full_trust_plays_the_bots_move():
    """No 20 iterations can show a lead of 1,000 standard errors (a reward lies in [0, 1]): the bot's move stands."""
    s = advance(voidtable.load("buccaneers", 4).new_state(12), 6, 3)
    seat = s.to_move()[0]
    for seed in range(3):
        obs = observe(s, seat)
        assert make("mcts:iterations=20,trust=1000", "buccaneers", seed).act(obs) == make("heuristic", "buccaneers", seed).act(obs)
    assert MctsAgent("buccaneers", 0).trust == 0.0
