"""The OpenSpiel adapter: OpenSpiel's own checks on every game (fewest and most players), every variant played through pyspiel,
hidden information."""

from __future__ import annotations

import pickle

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from voidtable.engine.actions import Action  # noqa: E402
from voidtable.engine.registry import games, get  # noqa: E402
from voidtable.engine.rng import Rng  # noqa: E402
from voidtable.interop import openspiel as vo  # noqa: E402
from voidtable.interop.registry import supported  # noqa: E402
from voidtable.interop.spaces import InteropError  # noqa: E402

GAMES = supported()
SIMS = {"buccaneers": 3, "blacksun": 1}  # Black Sun games are ~10x longer
# The fewest and the most players of each game (the counts between are played by the conformance suite;
# OpenSpiel's checks cost a view and a state string per step, and the long games' middle counts added minutes)
CASES = [(g, n) for g in GAMES for n in sorted({get(g).min_players, get(g).max_players})]
VARIANTS = [(g, v) for g in GAMES for v in get(g).variants]


def test_every_registered_game_has_interop_hooks():
    assert sorted(GAMES) == sorted(games()), "a registered game declares no action kinds (GameSpec.actions)"
    names = set(pyspiel.registered_names())
    for g in GAMES:
        assert vo.PREFIX + g in names


@pytest.mark.parametrize("name,players", CASES)
def test_random_sim_test_with_serialization(name, players):
    game = vo.load_game(name, players=players)
    pyspiel.random_sim_test(game, num_sims=SIMS.get(name, 1), serialize=True, verbose=False)


@pytest.mark.parametrize("name,variant", VARIANTS)
def test_every_variant_loads_through_openspiel_and_plays_to_the_end(name, variant):
    """Each variant, named as an OpenSpiel parameter, reaches the game and plays a whole game through pyspiel.

    OpenSpiel's own ``random_sim_test`` runs per game at its fewest and most players (above); per
    variant what is left to prove is that the parameter arrives and that pyspiel's side (chance
    outcomes, legal ids, observations, returns) works with it: the variant's action space and
    tensor shapes are walked for every action by tests/interop/test_spaces.py.
    """
    spec = get(name)
    players = min(spec.max_players, spec.min_players + 1)
    game = pyspiel.load_game(f"{vo.PREFIX}{name}(players={players},variant={variant})")
    ctx = game.voidtable_context
    assert all(ctx.settings.get(k) == v for k, v in spec.variants[variant].items()), (ctx.settings, spec.variants[variant])
    rng = np.random.default_rng(players)
    state = game.new_initial_state()
    steps = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(outcomes, p=probs)))
            continue
        legal = state.legal_actions()
        assert legal and all(0 <= a < game.num_distinct_actions() for a in legal)
        if steps % 97 == 0:  # the observations of a sampled state, for the seat to move and the next
            for seat in {state.current_player(), (state.current_player() + 1) % players}:
                assert len(state.observation_tensor(seat)) == game.observation_tensor_size()
                assert isinstance(state.information_state_string(seat), str)
        state.apply_action(int(rng.choice(legal)))
        steps += 1
        assert steps <= spec.max_decisions
    returns = state.returns()
    assert len(returns) == players and abs(sum(returns) - 1.0) < 1e-9


@pytest.mark.parametrize("name,players", [(g, n) for g in GAMES for n in (get(g).min_players, get(g).max_players)])
def test_openspiel_games_sim_test(name, players):
    """OpenSpiel's Python simulation test: clones, pickles and serializes states at powers of two."""
    gst = pytest.importorskip("open_spiel.python.tests.games_sim_test")
    np.random.seed(players)
    game = vo.load_game(name, players=players)
    gst.GamesSimTest().sim_game(game)


@pytest.mark.parametrize("name", GAMES)
def test_pickle_and_serialize_round_trips(name):
    game = vo.load_game(name, players=min(get(name).min_players + 1, get(name).max_players))
    again = pickle.loads(pickle.dumps(game))
    assert str(again) == str(game)
    assert pickle.loads(pickle.dumps(game.get_type())) == game.get_type()
    state = game.new_initial_state()
    assert state.is_chance_node()
    rng = Rng(5)
    steps = 0
    while not state.is_terminal() and steps < 300:
        if steps % 37 == 0 or steps < 10:
            for copy in (pickle.loads(pickle.dumps(state)),
                         pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))[1]):
                assert str(copy) == str(state)
                assert copy.history() == state.history()
                if not state.is_chance_node():
                    p = state.current_player()
                    assert copy.information_state_string(p) == state.information_state_string(p)
                    assert copy.legal_actions() == state.legal_actions()
        if state.is_chance_node():
            state.apply_action(rng.below(256))
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.below(len(legal))])
        steps += 1
    # a determinized state (what ISMCTS searches) pickles too
    if not state.is_terminal():
        sampled = state.resample_from_infostate(state.current_player(), pyspiel.UniformProbabilitySampler(0.0, 1.0))
        assert str(pickle.loads(pickle.dumps(sampled))) == str(sampled)


@pytest.mark.parametrize("name", GAMES)
def test_action_space_is_fixed_per_game(name):
    spec = get(name)
    sizes = {vo.load_game(name, players=n).num_distinct_actions() for n in spec.player_counts()}
    assert len(sizes) == 1, "the action ids should mean the same at every player count"
    game = vo.load_game(name, players=spec.min_players)
    table = game.voidtable_context.space.describe()
    assert [row["id"] for row in table] == list(range(len(table)))


def test_seed_pins_the_deal_and_states_replay():
    game = vo.load_game("buccaneers", players=4)
    a, b = game.new_initial_state(123), game.new_initial_state(123)
    assert str(a) == str(b) and a.seed == 123
    assert a.history()[: vo.SEED_BYTES] == list((123).to_bytes(vo.SEED_BYTES, "little"))
    assert str(game.new_initial_state(124)) != str(a)


def test_parameters_variants_and_options():
    g = pyspiel.load_game("python_voidtable_buccaneers(players=5,black_hole_set=dire_1|precarious_4|dangerous_3)")
    assert g.num_players() == 5
    s = g.new_initial_state(1)
    assert s.voidtable_state.view(None)["black_hole"]["key"] == "dire_1"
    g2 = vo.load_game("buccaneers", players=3, variant="named")
    assert g2.new_initial_state(1).voidtable_state.view(None)["black_hole"]["key"] == "dire_1"
    g3 = vo.load_game("blacksun", players=2, variant="necessity")
    assert g3.new_initial_state(1).voidtable_state.necessity
    with pytest.raises(Exception, match="unknown variant"):
        vo.load_game("buccaneers", players=3, variant="nope")


def test_illegal_action_id_is_refused_with_the_legal_ones():
    game = vo.load_game("buccaneers", players=3)
    state = game.new_initial_state(9)
    illegal = next(i for i in range(game.num_distinct_actions()) if i not in state.legal_actions())
    with pytest.raises(Exception, match="not legal"):
        state.apply_action(illegal)


# ----------------------------------------------------------------------------- hidden information
def _observables(state, seat):
    return (state.observation_string(seat), state.information_state_string(seat),
            tuple(state.observation_tensor(seat)), tuple(state.information_state_tensor(seat)))


def test_next_seat_cannot_see_a_hidden_selection():
    """Sequentialized simultaneous choice: what seat 0 selected leaves seat 1's observations unchanged."""
    game = vo.load_game("buccaneers", players=4)
    state = game.new_initial_state(31)
    assert state.current_player() == 0
    legal = state.legal_actions()
    seen = set()
    for a in legal[:3]:
        child = state.child(a)
        assert child.current_player() == 1
        seen.add(_observables(child, 1))
        seen_by_2 = _observables(child, 2)
        assert seen_by_2[0] == _observables(state.child(legal[-1]), 2)[0]
    assert len(seen) == 1
    assert len({_observables(state.child(a), 0)[0] for a in legal[:3]}) == 3  # the chooser sees their own choice


@pytest.mark.parametrize("name", GAMES)
def test_observations_depend_only_on_the_seats_information(name):
    """A determinization for seat p (other hands, deck, hidden selections resampled) looks the same to p."""
    spec = get(name)
    game = vo.load_game(name, players=spec.max_players)
    rng = Rng(7)
    for seed in range(3):
        state = game.new_initial_state(seed)
        for step in range(60):
            if state.is_terminal():
                break
            if step % 6 == 0:
                for p in range(game.num_players()):
                    sampled = state.resampled(p, rng.next64() >> 1)
                    assert _observables(sampled, p) == _observables(state, p)
            legal = state.legal_actions()
            state.apply_action(legal[rng.below(len(legal))])


def test_private_and_public_observers():
    game = vo.load_game("buccaneers", players=3)
    state = game.new_initial_state(4)
    public = pyspiel.IIGObservationType(perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE)
    private = pyspiel.IIGObservationType(perfect_recall=False, public_info=False, private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER)
    from open_spiel.python.observation import make_observation

    pub = make_observation(game, public)
    prv = make_observation(game, private)
    strings = {pub.string_from(state, p) for p in range(3)}
    assert len(strings) == 1, "the public observation is the same for every seat"
    hand = state.voidtable_state.view(0)["you"]["hand"]
    assert all(card in prv.string_from(state, 0) for card in hand)
    assert not any(card in pub.string_from(state, 0) for card in hand)
    pub.set_from(state, 0)
    prv.set_from(state, 0)
    assert "card_private" in prv.dict and "card_private" not in pub.dict


def test_information_state_has_perfect_recall():
    """A seat's information-state string only grows: each step appends what the seat saw."""
    game = vo.load_game("buccaneers", players=3)
    state = game.new_initial_state(8)
    rng = Rng(2)
    before = [state.information_state_string(p) for p in range(3)]
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply_action(legal[rng.below(len(legal))])
        now = [state.information_state_string(p) for p in range(3)]
        assert all(n.startswith(b) for n, b in zip(now, before))
        before = now


# ----------------------------------------------------------------------------- bots
def test_ismcts_mcts_and_voidtable_bots_play_a_game():
    from open_spiel.python.algorithms import ismcts, mcts

    game = vo.load_game("buccaneers", players=3)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(1))
    isbot = ismcts.ISMCTSBot(game, evaluator, 0.7, 20, random_state=np.random.RandomState(2))
    isbot.set_resampler(vo.resampler(3))
    bots = [vo.VoidtableBot(game, 0, "mcts:iterations=20", seed=1), isbot,
            mcts.MCTSBot(game, 0.7, 20, evaluator, random_state=np.random.RandomState(4))]
    state = game.new_initial_state(77)
    while not state.is_terminal():
        action = bots[state.current_player()].step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    assert sum(state.returns()) == pytest.approx(1.0)


def test_action_space_rejects_an_unlisted_action():
    space = vo.load_game("buccaneers", players=3).voidtable_context.space
    with pytest.raises(InteropError, match="outside the interop action space"):
        space.encode(Action("select", "no_such_card"))


# ----------------------------------------------------------------------------- declared facts
@pytest.mark.parametrize("name", GAMES)
def test_the_game_type_follows_the_declared_facts(name):
    """Information and utility come from the game's declaration (GameSpec.facts), not one value for every game;
    the adapter is sequential with explicit chance (the seed) for every game, as its docstring says why."""
    facts = get(name).facts
    t = vo.load_game(name, players=get(name).min_players).get_type()
    perfect = facts.information.value == "perfect" and facts.dynamics.value == "sequential"
    assert t.information == (pyspiel.GameType.Information.PERFECT_INFORMATION if perfect
                             else pyspiel.GameType.Information.IMPERFECT_INFORMATION)
    assert t.utility == getattr(pyspiel.GameType.Utility, facts.utility.name)
    assert t.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert t.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert vo.load_game(name, players=get(name).min_players).utility_sum() == facts.utility_sum


def test_perfect_information_games_say_so():
    """Black Sun and Black Abyss hide nothing from any seat (voidtable.testing checks it in play); the others do."""
    kinds = {name: vo.load_game(name, players=get(name).min_players).get_type().information for name in GAMES}
    perfect = {name for name, kind in kinds.items() if kind == pyspiel.GameType.Information.PERFECT_INFORMATION}
    assert perfect == {"blacksun", "abyss"}
