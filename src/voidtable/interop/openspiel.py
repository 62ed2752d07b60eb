"""Every voidtable game as an OpenSpiel Python game: ``pyspiel.load_game("python_voidtable_<game>")``.

Importing this module registers ``python_voidtable_<game>`` for each registered
game that declares its action kinds (see ``interop/registry.py``; a game without
a tensor encoder gets a minimal generic tensor). Game parameters:
``players``, ``variant`` (one of the game's named variants), and one
parameter per declared game option (left at its default, an option takes
the variant's value; OpenSpiel game strings reserve commas, so write ``|``
inside an option value where the game expects a comma).

Design (details and reasons in docs/interop.md):

* **Sequential.** Simultaneous choices (several seats choosing at once) are asked
  one seat at a time, lowest seat first, exactly as the engine collects them.
  A chosen card stays out of every other seat's view, string and tensor until
  all have chosen, so the sequencing reveals only *that* a seat has chosen.
* **Chance at the root.** Shuffles and dice come from the state's own seeded
  RNG, inside the engine's steps. OpenSpiel sees one explicit chance event: the
  64-bit seed, drawn as 8 chance nodes of 256 equally likely bytes. (A sampled
  stochastic Python game cannot be serialized by pyspiel 2.0.2: Game::Serialize
  needs GetRNGState, which Python games cannot provide.) A state is its seed
  plus its action history: serialization and pickling store exactly that.
* **Persistent states.** Applying an action clones the voidtable state and
  keeps the old one as the parent step, so OpenSpiel's ``Clone`` is O(1) and
  the information state of any seat can be rebuilt from the steps behind it.
* **Information state** (perfect recall) = the events the seat has seen, its
  own actions, and its private observation each time it changed.
  **Observation** = the seat's current view. Public parts are what a spectator
  sees (``view(None)``); private parts are what the seat's view adds to that.
"""

from __future__ import annotations

import functools
from typing import Any, Callable, Iterator

import numpy as np

try:
    import pyspiel
except ImportError as exc:  # pragma: no cover - exercised only without the extra
    raise ImportError("voidtable.interop.openspiel needs OpenSpiel: pip install 'voidtable[interop]'") from exc

from voidtable.engine.actions import Action
from voidtable.engine.contract import Dynamics, GameFacts, Information, Utility
from voidtable.engine.events import event_json, seats_seeing
from voidtable.engine.registry import get
from voidtable.engine.rng import Rng
from voidtable.engine.state import GameState

from .core import Context, context_for, dumps
from .registry import supported
from .spaces import InteropError
from voidtable.engine.tensors import Layout

PREFIX = "python_voidtable_"
CHECKPOINT = 32  # an information-state string is kept whole every this many steps

ROOT, STEP, RESAMPLE = 0, 1, 2

# observation modes (from an IIGObservationType)
M_SINGLE, M_PUBLIC, M_PRIVATE, M_ALL, M_ALL_PRIVATE, M_NOTHING = range(6)


# =============================================================================== steps
class Node:
    """One step of a game's history: a voidtable state and how it was reached.

    ``ROOT``: a new game from ``seed``. ``STEP``: ``seat`` played ``action``
    (``events`` is what it caused). ``RESAMPLE``: the parent determinized for
    ``seat`` (a state that seat cannot tell apart from the parent) with
    ``Rng(seed)``. Per-seat private parts and information strings are memoized
    on the nodes.

    Ownership: OpenSpiel's ``Clone`` shares the node (and marks it ``shared``).
    Applying an action to a shared node clones its voidtable state; applying
    to a node only one OpenSpiel state holds *moves* the voidtable state into
    the child, so a playout costs no copies. A node whose state moved away
    rebuilds it on demand by replaying from the nearest ancestor that still
    has one (or from the seed).
    """

    __slots__ = ("ctx", "parent", "vt", "kind", "seat", "action", "events", "seed", "depth", "shared",
                 "_movers", "_legal", "_priv", "_info", "_texts", "_text", "_views")

    def __init__(self, ctx: Context, parent: "Node | None", vt: GameState, kind: int, seat: int = -1,
                 action: Action | None = None, events: list[Any] | None = None, seed: int = 0) -> None:
        self.ctx = ctx
        self.parent = parent
        self.vt: GameState | None = vt
        self.kind = kind
        self.seat = seat
        self.action = action
        self.events = events if events is not None else []
        self.seed = seed
        self.depth: int = parent.depth + 1 if parent is not None else 0
        self.shared = False
        self._movers: list[int] | None = None
        self._legal: tuple[list[int], dict[int, Action]] | None = None
        self._priv: dict[int, tuple[Any, str]] = {}
        self._info: dict[tuple[int, int], str] | None = None
        self._texts: list[str] | None = None
        self._text: str | None = None
        self._views: dict[int | None, dict[str, Any]] | None = None

    @staticmethod
    def root(ctx: Context, seed: int) -> "Node":
        vt = ctx.game.new_state(seed)
        return Node(ctx, None, vt, ROOT, events=list(vt.setup_events), seed=seed)

    def state(self) -> GameState:
        """This step's voidtable state (rebuilt by replay if it was moved on)."""
        vt = self.vt
        if vt is not None:
            return vt
        chain = []
        n: Node | None = self
        while n is not None and n.vt is None:
            chain.append(n)
            n = n.parent
        if n is None:
            n = chain.pop()  # the root: rebuild it from the seed
            n.vt = n.ctx.game.new_state(n.seed)
            n.shared = True
        vt = n.vt
        for m in reversed(chain):
            assert vt is not None and (m.kind != STEP or m.action is not None)
            if m.kind == STEP:
                vt = vt.clone()
                vt._apply(m.seat, m.action)  # type: ignore[arg-type]
            else:
                vt = vt.determinize(m.seat, Rng(m.seed))
            m.vt = vt
            m.shared = True
        return vt  # type: ignore[return-value]

    def text(self) -> str:
        """The state's snapshot as JSON, made once: a node's state never changes, and OpenSpiel's
        simulations ask for ``str(state)`` several times a step."""
        t = self._text
        if t is None:
            t = self._text = self.state().snapshot_json()
        return t

    def view(self, seat: int | None) -> dict[str, Any]:
        """``seat``'s view of this step (``None``: the public one), made once while this is the newest step:
        OpenSpiel asks for each seat's string and tensor several times a step. A step that has a child
        drops them (a long history must not hold every view); asked again, it makes them again."""
        views = self._views
        if views is None:
            views = self._views = {}
        v = views.get(seat)
        if v is None:
            v = views[seat] = self.state().view(seat)
        return v

    # -- moves ---------------------------------------------------------------------
    def movers(self) -> list[int]:
        m = self._movers
        if m is None:
            m = self._movers = self.state().to_move()
        return m

    def current(self) -> int:
        m = self.movers()
        return m[0] if m else -1

    def legal(self) -> tuple[list[int], dict[int, Action]]:
        """Sorted action ids of the seat to move, and id -> Action."""
        lg = self._legal
        if lg is None:
            seat = self.current()
            lg = self._legal = self.ctx.space.legal(self.state().legal_actions(seat)) if seat >= 0 else ([], {})
        return lg

    def play(self, action_id: int) -> "Node":
        seat = self.current()
        action = self.legal()[1].get(action_id)
        if action is None:
            raise InteropError(f"{self.ctx.name}: action id {action_id} ({self.ctx.space.label(action_id)}) "
                               f"is not legal for seat {seat} now; legal ids: {self.legal()[0]}")
        return self.apply(seat, action)

    def apply(self, seat: int, action: Action) -> "Node":
        vt = self.vt
        if vt is None or self.shared:
            vt = self.state().clone()
        else:
            self.vt = None  # moved into the child
        events = vt._apply(seat, action)  # legal: it came from legal_actions
        self._views = None
        return Node(self.ctx, self, vt, STEP, seat, action, events)

    def resample(self, viewer: int, seed: int) -> "Node":
        vt = self.state().determinize(viewer, Rng(seed))
        self._views = None
        return Node(self.ctx, self, vt, RESAMPLE, viewer, seed=seed)

    # -- serialization: the seed and the path, replayed on load ----------------------
    def path(self) -> tuple[int, list[tuple[Any, ...]]]:
        ops = []
        n: Node | None = self
        while n is not None and n.kind != ROOT:
            if n.kind == STEP:
                ops.append(("a", n.seat, n.action.to_json()))  # type: ignore[union-attr]
            else:
                ops.append(("r", n.seat, n.seed))
            n = n.parent
        ops.reverse()
        return n.seed, ops  # type: ignore[union-attr]

    def __reduce__(self) -> tuple[Any, ...]:
        seed, ops = self.path()
        return (_replay, (self.ctx, seed, ops))

    def __deepcopy__(self, memo: dict[int, Any]) -> "Node":
        self.shared = True  # two OpenSpiel states hold it now
        return self

    # -- what a seat knows ---------------------------------------------------------
    def private(self, seat: int) -> tuple[Any, str]:
        got = self._priv.get(seat)
        if got is None:
            obj = self.ctx.encoder.private_part(self.state(), seat)
            got = self._priv[seat] = (obj, dumps(obj) if obj is not None else "")
        return got

    def history(self, seat: int) -> Iterator[tuple[GameState, Any]]:
        """(state, private part of ``seat``) from this step back to the start (or to a resample ``seat`` did not make)."""
        n: Node | None = self
        while n is not None:
            yield n.state(), n.private(seat)[0]
            if n.kind == RESAMPLE and n.seat != seat:
                return
            n = n.parent

    def _chunk(self, seat: int, mode: int) -> str:
        """What ``seat`` learns at this step, in the information-state string of observation mode ``mode``."""
        lines = []
        if self.kind == STEP and mode in (M_SINGLE, M_PRIVATE, M_ALL) and (self.seat == seat or mode == M_ALL):
            lines.append(f"> seat {self.seat}: {self.action}")
        if self.events:
            texts = self._event_texts()
            for e, text in zip(self.events, texts):
                to = seats_seeing(e)
                if mode == M_ALL or (to is None and mode != M_PRIVATE) or (to is not None and seat in to and mode != M_PUBLIC):
                    lines.append(text)
        if mode in (M_SINGLE, M_PRIVATE, M_ALL):
            seats = range(self.ctx.players) if mode == M_ALL else (seat,)
            for q in seats:
                text = self.private(q)[1]
                fresh = self.parent is None or (self.kind == RESAMPLE and self.seat != q)
                if text and (fresh or text != self.parent.private(q)[1]):  # type: ignore[union-attr]
                    lines.append(f"= seat {q}: {text}")
        return "\n".join(lines) + "\n" if lines else ""

    def _event_texts(self) -> list[str]:
        texts = self._texts
        if texts is None:
            texts = self._texts = [dumps(event_json(e)) for e in self.events]
        return texts

    def info_string(self, seat: int, mode: int) -> str:
        key = (mode, seat)
        todo: list[Node] = []
        n: Node | None = self
        base = ""
        while n is not None:
            if n._info is not None and key in n._info:
                base = n._info[key]
                break
            if n.kind == RESAMPLE and n.seat != seat and mode != M_PUBLIC:
                # a sampled world: this seat's past here is unknown; it starts from what it holds now
                base = f"~ resampled for seat {n.seat}\n" + n._chunk(seat, mode)
                n = None
                break
            todo.append(n)
            n = n.parent
        text = base
        for m in reversed(todo):
            text += m._chunk(seat, mode)
            if m.depth % CHECKPOINT == 0:
                if m._info is None:
                    m._info = {}
                m._info[key] = text
        return text


def _replay(ctx: Context, seed: int, ops: list[tuple[Any, ...]]) -> Node:
    node = Node.root(ctx, seed)
    for op in ops:
        if op[0] == "a":
            node = node.apply(op[1], Action.from_json(op[2]))
        else:
            node = node.resample(op[1], op[2])
    return node


# =============================================================================== observers
def _mode(iig: Any) -> tuple[int, bool]:
    if iig is None:
        return M_SINGLE, False
    public = bool(iig.public_info)
    private = iig.private_info
    P = pyspiel.PrivateInfoType
    if private == P.SINGLE_PLAYER:
        mode = M_SINGLE if public else M_PRIVATE
    elif private == P.ALL_PLAYERS:
        mode = M_ALL if public else M_ALL_PRIVATE
    else:
        mode = M_PUBLIC if public else M_NOTHING
    return mode, bool(iig.perfect_recall)


class Observer:
    """An OpenSpiel Python observer: ``tensor`` + named ``dict`` views, ``set_from`` and ``string_from``."""

    def __init__(self, ctx: Context, iig_obs_type: Any = None, params: dict[str, Any] | None = None) -> None:
        if params:
            raise ValueError(f"voidtable observers take no parameters, got {params}")
        self.ctx = ctx
        self.mode, self.recall = _mode(iig_obs_type)
        enc = ctx.encoder
        n = ctx.players
        sections = []
        if self.mode in (M_SINGLE, M_PUBLIC, M_ALL):
            sections += enc.public.sections
        if self.mode in (M_SINGLE, M_PRIVATE):
            sections += enc.private.sections
            if self.recall:
                sections += enc.recall.sections
        elif self.mode in (M_ALL, M_ALL_PRIVATE):
            for k in range(n):
                sections += enc.private.prefixed(f"seat{k}/").sections
                if self.recall:
                    sections += enc.recall.prefixed(f"seat{k}/").sections
        self.layout = Layout(sections)
        # an observer with nothing to show still needs a tensor for OpenSpiel's shape query
        self.tensor = self.layout.zeros() if self.layout.size else np.zeros(0, np.float32)
        self.dict = self.layout.views(self.tensor)

    def set_from(self, state: "VoidtableState", player: int) -> None:
        self.tensor.fill(0.0)
        node = state._node
        if node is None:
            return  # still dealing: nothing to see yet
        enc = self.ctx.encoder
        mode = self.mode
        d = self.dict
        if mode == M_SINGLE or mode == M_PRIVATE:
            view = node.view(player)
            if mode == M_SINGLE:
                enc.fill_public(d, view, player)
            enc.fill_private(d, view, player)
            if self.recall:
                enc.fill_recall(d, node.history(player), player)
        elif mode == M_PUBLIC:
            enc.fill_public(d, node.view(None), None)
        elif mode in (M_ALL, M_ALL_PRIVATE):
            n = self.ctx.players
            if mode == M_ALL:
                enc.fill_public(d, node.view(player), player)
            for k in range(n):
                q = (player + k) % n
                sub = {name[len(f"seat{k}/"):]: arr for name, arr in d.items() if name.startswith(f"seat{k}/")}
                enc.fill_private(sub, node.view(q), q)
                if self.recall:
                    enc.fill_recall(sub, node.history(q), q)
        np.clip(self.tensor, -1.0, 1.0, out=self.tensor)

    def string_from(self, state: "VoidtableState", player: int) -> str:
        node = state._node
        if node is None:
            return ""
        mode = self.mode
        if self.recall:
            return node.info_string(player, mode) if mode != M_NOTHING else ""
        if mode == M_SINGLE:
            return dumps(node.view(player))
        if mode == M_PUBLIC:
            return dumps(node.view(None))
        if mode == M_PRIVATE:
            return node.private(player)[1]
        if mode == M_ALL:
            return dumps({"public": node.view(None), "private": [node.private(q)[0] for q in range(self.ctx.players)]})
        if mode == M_ALL_PRIVATE:
            return dumps([node.private(q)[0] for q in range(self.ctx.players)])
        return ""


# =============================================================================== state
SEED_BYTES = 8  # the deal: the state's 64-bit RNG seed, drawn as 8 chance outcomes of one byte


class VoidtableState(pyspiel.State):  # type: ignore[misc]  # pyspiel is untyped
    """An OpenSpiel state over a voidtable game state (see the module docstring).

    The first ``SEED_BYTES`` moves are chance: each picks one byte of the seed
    (uniformly, 256 outcomes); then the voidtable game starts from that seed.
    """

    def __init__(self, game: "VoidtableGame") -> None:
        super().__init__(game)
        self._ctx: Context = game._ctx
        self._deal: tuple[int, ...] = ()
        self._node: Node | None = None

    def _n(self) -> Node:
        n = self._node
        if n is None:
            raise InteropError(f"{self._ctx.name}: the deal is not complete (a chance node); "
                               f"apply {SEED_BYTES - len(self._deal)} more chance outcomes first")
        return n

    # -- the voidtable side, for bots and tests ------------------------------------------
    @property
    def voidtable_state(self) -> GameState:
        """The underlying voidtable state (read it, never change it: steps share it)."""
        return self._n().state()

    @property
    def seed(self) -> int | None:
        """The 64-bit seed of the deal, once all its bytes are drawn."""
        return self._n().path()[0] if self._node is not None else None

    def action_of(self, action_id: int) -> Action:
        """The voidtable Action a legal id stands for now."""
        return self._n().legal()[1][action_id]

    def id_of(self, action: Action) -> int:
        return self._ctx.space.encode(action)

    # -- the OpenSpiel contract ----------------------------------------------------------
    def current_player(self) -> int:
        n = self._node
        if n is None:
            return int(pyspiel.PlayerId.CHANCE)
        if n.state().is_over():
            return int(pyspiel.PlayerId.TERMINAL)
        return n.current()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return _BYTE_OUTCOMES if self._node is None else []

    def _legal_actions(self, player: int) -> list[int]:
        n = self._node
        if n is None or player != n.current():
            return []
        return list(n.legal()[0])

    def _apply_action(self, action: int) -> None:
        n = self._node
        if n is None:
            b = int(action)
            if not 0 <= b < 256:
                raise InteropError(f"chance outcome {b} is not a byte")
            self._deal = deal = self._deal + (b,)
            if len(deal) == SEED_BYTES:
                self._node = Node.root(self._ctx, int.from_bytes(bytes(deal), "little"))
            return
        self._node = n.play(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed byte {len(self._deal)}: {action}"
        n = self._node
        a = n.legal()[1].get(action) if n is not None and player == n.current() else None
        return str(a) if a is not None else self._ctx.space.label(action)

    def is_terminal(self) -> bool:
        return self._node is not None and self._node.state().is_over()

    def returns(self) -> list[float]:
        n = self._node
        if n is None or not n.state().is_over():
            return [0.0] * self._ctx.players
        return n.state().result().win_shares()

    def rewards(self) -> list[float]:
        return self.returns()  # terminal rewards only: the return arrives at the end

    def __str__(self) -> str:
        n = self._node
        if n is None:
            return f"dealing: seed bytes {list(self._deal)}"
        return n.text()

    # -- determinization (used by OpenSpiel's ISMCTSBot) ------------------------------------
    def resample_from_infostate(self, player_id: int, probability_sampler: Any = None) -> "VoidtableState":
        """A state ``player_id`` cannot tell apart from this one (voidtable's ``determinize``)."""
        u = probability_sampler() if probability_sampler is not None else np.random.random()
        return self.resampled(player_id, int(u * (1 << 53)))

    def resampled(self, player: int, seed: int) -> "VoidtableState":
        s: VoidtableState = self.clone()
        s._node = self._n().resample(player, seed)
        return s


_BYTE_OUTCOMES = [(b, 1.0 / 256) for b in range(256)]


def resampler(seed: int = 0) -> Callable[["VoidtableState", int], "VoidtableState"]:
    """A seeded resampler for ``ISMCTSBot.set_resampler`` (reproducible determinizations)."""
    rng = Rng(seed)

    def resample(state: VoidtableState, player: int) -> VoidtableState:
        return state.resampled(player, rng.next64() >> 1)

    return resample


# =============================================================================== game
_RESERVED = ("players", "variant")


def parameter_specification(name: str) -> dict[str, Any]:
    spec = get(name)
    params: dict[str, Any] = {"players": spec.min_players, "variant": next(iter(spec.variants), "")}
    for o in spec.options:
        if o.name in _RESERVED:
            raise InteropError(f"{name}: option {o.name!r} clashes with an OpenSpiel parameter name")
        if o.type not in (str, bool, int, float):
            raise InteropError(f"{name}: option {o.name!r} of type {o.type.__name__} has no OpenSpiel parameter type")
        params[o.name] = o.default
    return params


def settings_from(name: str, params: dict[str, Any]) -> tuple[int, dict[str, Any], dict[str, Any]]:
    """(players, voidtable settings, full normalized parameters) from OpenSpiel parameters."""
    spec = get(name)
    full = parameter_specification(name)
    unknown = set(params) - set(full)
    if unknown:
        raise InteropError(f"{PREFIX}{name} has no parameter(s) {sorted(unknown)}; parameters: {sorted(full)}")
    full.update(params)
    variant = str(full["variant"])
    if variant and variant not in spec.variants:
        raise InteropError(f"{PREFIX}{name}: unknown variant {variant!r}; variants: {', '.join(spec.variants)}")
    settings: dict[str, Any] = dict(spec.variants.get(variant, {}))
    for o in spec.options:
        value = full[o.name]
        if o.type is str:
            value = str(value).replace("|", ",")
        if value != o.default:
            settings[o.name] = value
    return int(full["players"]), settings, full


class VoidtableGame(pyspiel.Game):  # type: ignore[misc]
    """``python_voidtable_<name>``: one voidtable game for OpenSpiel (see the module docstring)."""

    def __init__(self, name: str, params: dict[str, Any] | None = None) -> None:
        spec = get(name)
        players, settings, full = settings_from(name, dict(params or {}))
        ctx = context_for(name, players, settings)
        low, high, total = utility_range(spec.facts)
        info = pyspiel.GameInfo(
            num_distinct_actions=ctx.space.size,
            max_chance_outcomes=256,
            num_players=players,
            min_utility=low,
            max_utility=high,
            utility_sum=total,
            max_game_length=spec.max_decisions,
        )
        super().__init__(_game_type(name), info, full)
        self._ctx = ctx

    def new_initial_state(self, seed: Any = None) -> VoidtableState:
        """A new game at its first chance node; with ``seed`` (int, or a string of one) the deal is applied."""
        state = VoidtableState(self)
        if isinstance(seed, dict):
            seed = seed.get("seed")
        if isinstance(seed, str):
            seed = int(seed) if seed.strip() else None
        if seed is not None:
            for b in (int(seed) & ((1 << 64) - 1)).to_bytes(SEED_BYTES, "little"):
                state.apply_action(b)
        return state

    def max_chance_nodes_in_history(self) -> int:
        return SEED_BYTES

    def make_py_observer(self, iig_obs_type: Any = None, params: dict[str, Any] | None = None) -> Observer:
        return Observer(self._ctx, iig_obs_type, params)

    @property
    def voidtable_context(self) -> Context:
        return self._ctx


def openspiel_facts(facts: GameFacts) -> dict[str, tuple[str, str]]:
    """OpenSpiel's game type fields for a game's declared facts: ``{field: (pyspiel.GameType enum, member)}``.

    Read from the declaration, except where the adapter itself decides: it is always sequential (simultaneous
    choices are asked one seat at a time, each hidden from the others until all have chosen, so a simultaneous
    game is imperfect information here whatever it declares), and its chance is always explicit (the seed is
    dealt as chance outcomes at the root, also for a game that declares none: its seed then changes nothing).
    A perfect-information game stays perfect: the seed bytes are public outcomes, so every seat can know the
    whole state, as every seat of the game at the table can.
    """
    perfect = facts.information is Information.PERFECT and facts.dynamics is Dynamics.SEQUENTIAL
    return {
        "dynamics": ("Dynamics", "SEQUENTIAL"),
        "chance_mode": ("ChanceMode", "EXPLICIT_STOCHASTIC"),
        "information": ("Information", "PERFECT_INFORMATION" if perfect else "IMPERFECT_INFORMATION"),
        "utility": ("Utility", facts.utility.name),
        "reward_model": ("RewardModel", facts.reward_model.name),
    }


def utility_range(facts: GameFacts) -> tuple[float, float, float | None]:
    """(min, max, sum) of the returns OpenSpiel is told: win shares lie in [0, 1]; their sum only when declared constant."""
    total = {Utility.CONSTANT_SUM: facts.utility_sum, Utility.ZERO_SUM: 0.0}.get(facts.utility)
    return 0.0, 1.0, total


@functools.lru_cache(maxsize=None)
def _game_type(name: str) -> Any:
    spec = get(name)
    return pyspiel.GameType(
        short_name=PREFIX + name,
        long_name=f"Python voidtable {spec.title}",
        **{key: getattr(getattr(pyspiel.GameType, kind), value) for key, (kind, value) in openspiel_facts(spec.facts).items()},
        max_num_players=spec.max_players,
        min_num_players=spec.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        provides_factored_observation_string=True,
        parameter_specification=parameter_specification(name),
    )


@functools.lru_cache(maxsize=None)
def game_class(name: str) -> type:
    """The ``pyspiel.Game`` subclass registered for ``name`` (a class, as OpenSpiel's own Python games
    register: the registry's creator then outlives the interpreter safely)."""

    def __init__(self: VoidtableGame, params: dict[str, Any] | None = None) -> None:
        VoidtableGame.__init__(self, name, params)

    title = "".join(part.title() for part in name.split("_"))
    cls_name = f"Voidtable{title}Game"
    cls = type(cls_name, (VoidtableGame,), {"__init__": __init__, "__module__": __name__, "__qualname__": cls_name})
    globals()[cls_name] = cls  # pickles name the class; importing this module makes it again
    return cls


def register_all() -> list[str]:
    """Register every game that declares its action kinds (idempotent); returns the OpenSpiel short names."""
    have = set(pyspiel.registered_names())
    names = []
    for name in supported():
        short = PREFIX + name
        if short not in have:
            pyspiel.register_game(_game_type(name), game_class(name))
        names.append(short)
    return names


def load_game(name: str, **params: Any) -> VoidtableGame:
    """``pyspiel.load_game`` for a voidtable game by its voidtable name: ``load_game(name, players=4)``."""
    register_all()
    game: VoidtableGame = pyspiel.load_game(PREFIX + name, params)
    return game


# =============================================================================== bots
class VoidtableBot(pyspiel.Bot):  # type: ignore[misc]
    """A voidtable agent (``agents.specs`` spec, e.g. ``mcts:seconds=0.2``) as an OpenSpiel bot.

    The agent decides from ``observe(state, seat)`` as everywhere else: its
    view, its legal actions and determinizations, never the true state.
    """

    def __init__(self, game: VoidtableGame, player_id: int, spec: str = "random", seed: int = 0) -> None:
        pyspiel.Bot.__init__(self)
        from voidtable.agents.specs import make

        self.player_id = player_id
        self.agent = make(spec, game._ctx.name, seed)

    def step(self, state: VoidtableState) -> int:
        from voidtable.agents.base import observe

        vt = state.voidtable_state
        action = self.agent.act(observe(vt, state.current_player()))
        return state.id_of(action)

    def restart_at(self, state: Any) -> None:
        pass

    def inform_action(self, state: Any, player_id: int, action: int) -> None:
        pass


register_all()
