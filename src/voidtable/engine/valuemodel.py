"""A learned value model of a game: its file, the checks that keep a stale one out, and the evaluation search asks.

A model scores a position from each seat's point of view with one function of the game's own public tensor
(``InteropHooks.encoder``: the tensors the OpenSpiel and PettingZoo adapters produce), encoded relative to that seat,
so one model serves every seat; a model may start from the game's own evaluation (``base = "hand"``: the log of the
hand evaluation's chance to win is one more input, whose weight is fitted without penalty, so the tensors learn what
the hand evaluation misses). Scores become rewards as Luce's choice model reads them: the chance to win is the
softmax of the seats' scores, and the chance that p finishes ahead of q is ``logistic(s_p - s_q)`` (the same model
restricted to two), which gives the expected rank. The lab trains models (``voidtable lab train-value``,
``voidtable.lab.value``); a game ships them beside its code, ``games/<name>/models/value_<players>p.json``.

The file is JSON (byte-identical for the same training: no timestamps, weights as little-endian float32 in base64)
and names the game, the player count, the rules version it was trained under and the shape of the encoder it read.
A model of another rules version or encoder shape is refused with one line (:class:`ModelError`): its weights would
read tensors that no longer mean what they meant.

Only the public part of a position is encoded (the spectator's view, each seat numbered from the one scored): every
seat is scored from what all can see, so a hidden hand never enters an evaluation. NumPy is imported here, so this
module is imported only where a learned model is asked for (like ``engine.tensors``).
"""

from __future__ import annotations

import base64
import hashlib
import inspect
import json
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from .errors import VoidtableError
from .outcome import result_rewards
from .tensors import Encoder, GenericEncoder

if TYPE_CHECKING:
    from .contract import LoadedGame
    from .state import GameState

FORMAT = 1
KIND = "voidtable-value-model"
BASES = ("none", "hand")
FLOOR = 1e-6  # the smallest hand chance whose log is taken (a chance of 0 would be minus infinity)


class ModelError(VoidtableError, ValueError):
    """A value model that is missing, unreadable, or made for another game, player count, rules version or encoder."""


def model_path(spec: Any, players: int) -> Path:
    """Where ``spec``'s game ships its value model for ``players``: a ``models`` folder beside its state class."""
    return Path(inspect.getfile(spec.state_class)).parent / "models" / f"value_{players}p.json"


def game_encoder(game: "LoadedGame") -> Encoder:
    """The game's own tensor encoder (the interop hook), or the generic one when it declares none."""
    hook = getattr(game, "spec").hooks.interop
    return hook.encoder(game) if hook is not None else GenericEncoder(game)


def encoder_signature(encoder: Encoder) -> dict[str, Any]:
    """The public layout's size and a digest of its sections (names and shapes): what a model's weights read."""
    sections = [[name, list(shape)] for name, shape in encoder.public.sections]
    digest = hashlib.sha256(json.dumps(sections, separators=(",", ":")).encode()).hexdigest()[:16]
    return {"size": int(encoder.public.size), "digest": digest}


class PositionEncoder:
    """Encodes a state as one public tensor per seat, each seen from that seat (rows of a reused array).

    The same function serves training and search, so the model reads exactly what it was fitted on.
    """

    def __init__(self, game: "LoadedGame") -> None:
        self.game = game
        self.players = int(game.players)
        self.encoder = game_encoder(game)
        layout = self.encoder.public
        self.out = np.zeros((self.players, layout.size), np.float32)
        self.rows = [layout.views(self.out[q]) for q in range(self.players)]

    def encode(self, state: "GameState") -> np.ndarray:
        """``(players, size)`` float32, clipped to [-1, 1] as the adapters clip; overwritten by the next call."""
        out = self.out
        out.fill(0.0)
        view = state.view(None)  # the public view: no seat's hidden part enters a value
        fill = self.encoder.fill_public
        for q, row in enumerate(self.rows):
            fill(row, view, q)
        np.clip(out, -1.0, 1.0, out=out)
        return out


def _pack(a: np.ndarray) -> str:
    return base64.b64encode(np.ascontiguousarray(a, dtype="<f4").tobytes()).decode("ascii")


def _unpack(text: str, shape: tuple[int, ...], name: str) -> np.ndarray:
    try:
        a = np.frombuffer(base64.b64decode(text, validate=True), dtype="<f4").astype(np.float32)
    except (ValueError, TypeError):
        raise ModelError(f"value model weights {name!r} are not base64 float32") from None
    if a.size != math.prod(shape):
        raise ModelError(f"value model weights {name!r} hold {a.size} numbers, expected {math.prod(shape)}")
    return a.reshape(shape)


@dataclass
class ValueModel:
    """Per-seat score ``s = w . x`` (``hidden == 0``) or ``s = w2 . tanh(W1 x + b1)`` over the columns it uses,
    plus ``beta * log(hand chance to win)`` with ``base == "hand"``.

    ``columns`` are the tensor entries the training data ever set (the rest are always 0 and need no weight),
    so a model is as small as what it learned from and scoring touches only those entries.
    """

    game: str
    players: int
    rules_version: int
    encoder: dict[str, Any]
    columns: np.ndarray  # int32 indices into the public tensor
    hidden: int
    w1: np.ndarray  # (len(columns), hidden), or (len(columns), 1) for a linear model
    b1: np.ndarray  # (hidden,), or empty
    w2: np.ndarray  # (hidden,), or empty
    training: dict[str, Any] = field(default_factory=dict)
    base: str = "none"  # "hand": the game's own evaluation is an input (see the module's docstring)
    beta: float = 0.0  # the weight of log(hand chance to win)
    _dense: np.ndarray | None = field(default=None, repr=False, compare=False)

    # -- scoring -----------------------------------------------------------------------
    def scores(self, x: np.ndarray) -> np.ndarray:
        """One score per row of ``x`` (``(seats, size)``: the full public tensors).

        The weights are spread once over the whole tensor (zero rows where no column is used): one dense product
        over a few thousand entries costs less than gathering the used columns first."""
        dense = self._dense
        if dense is None or dense.shape[0] != x.shape[1]:
            dense = np.zeros((x.shape[1], self.w1.shape[1]), np.float32)
            dense[self.columns] = self.w1
            self._dense = dense
        z = x @ dense
        if self.hidden:
            return np.tanh(z + self.b1) @ self.w2  # type: ignore[no-any-return]
        return z[:, 0]  # type: ignore[no-any-return]

    # -- the file ----------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        weights: dict[str, Any] = {"columns": base64.b64encode(np.ascontiguousarray(self.columns, dtype="<i4").tobytes()).decode("ascii"),
                   "w1": _pack(self.w1)}
        if self.hidden:
            weights.update(b1=_pack(self.b1), w2=_pack(self.w2))
        return {"kind": KIND, "format": FORMAT, "game": self.game, "players": self.players,
                "rules_version": self.rules_version, "encoder": self.encoder, "hidden": self.hidden,
                "inputs": int(self.columns.size), "training": self.training, "weights": weights,
                "base": {"kind": self.base, "weight": float(np.float32(self.beta))}}

    def dumps(self) -> str:
        """The file's text: sorted keys and no clock, so the same model is the same bytes."""
        return json.dumps(self.to_json(), sort_keys=True, indent=1) + "\n"

    def save(self, path: str | Path) -> Path:
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(self.dumps(), encoding="utf-8")
        return path

    @classmethod
    def from_json(cls, data: Any, where: str = "value model") -> "ValueModel":
        if not isinstance(data, dict) or data.get("kind") != KIND:
            raise ModelError(f"{where} is not a voidtable value model")
        if data.get("format") != FORMAT:
            raise ModelError(f"{where} has format {data.get('format')!r}; this voidtable reads format {FORMAT}")
        try:
            game, players, version = str(data["game"]), int(data["players"]), int(data["rules_version"])
            encoder, hidden, n = dict(data["encoder"]), int(data["hidden"]), int(data["inputs"])
            weights = data["weights"]
            raw = base64.b64decode(weights["columns"], validate=True)
        except (KeyError, TypeError, ValueError) as e:
            raise ModelError(f"{where} lacks or misstates {e}") from None
        columns = np.frombuffer(raw, dtype="<i4").astype(np.int32)
        if columns.size != n or not 0 <= hidden <= 4096:
            raise ModelError(f"{where} names {n} inputs but holds {columns.size} columns (hidden {hidden})")
        h = hidden or 1
        w1 = _unpack(weights["w1"], (n, h), "w1")
        b1 = _unpack(weights.get("b1", ""), (hidden,), "b1") if hidden else np.zeros(0, np.float32)
        w2 = _unpack(weights.get("w2", ""), (hidden,), "w2") if hidden else np.zeros(0, np.float32)
        base = data.get("base") or {"kind": "none", "weight": 0.0}
        if not isinstance(base, dict) or base.get("kind") not in BASES or not isinstance(base.get("weight"), (int, float)):
            raise ModelError(f"{where} has a base that is not one of {', '.join(BASES)} with a weight")
        return cls(game, players, version, encoder, columns, hidden, w1, b1, w2, dict(data.get("training") or {}),
                   str(base["kind"]), float(base["weight"]))

    @classmethod
    def load(cls, path: str | Path) -> "ValueModel":
        path = Path(path)
        if not path.is_file():
            raise ModelError(f"no value model at {path}")
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, ValueError) as e:
            raise ModelError(f"value model {path} is not readable JSON ({' '.join(str(e).split())[:120]})") from None
        return cls.from_json(data, f"value model {path}")

    def check(self, game: "LoadedGame", encoder: Encoder, where: str = "value model") -> None:
        """A one-line ModelError unless this model was made for ``game`` as it is now (name, players, rules
        version, encoder layout)."""
        spec = getattr(game, "spec")
        if self.game != game.name or self.players != game.players:
            raise ModelError(f"{where} is for {self.game} at {self.players} players, not {game.name} at {game.players}")
        if self.rules_version != spec.rules_version:
            raise ModelError(f"{where} was trained under {self.game} rules version {self.rules_version}; this is rules "
                             f"version {spec.rules_version}: train it again (voidtable lab train-value {self.game} "
                             f"--players {self.players})")
        now = encoder_signature(encoder)
        if self.encoder != now:
            raise ModelError(f"{where} reads a tensor of {self.encoder.get('size')} entries (layout "
                             f"{self.encoder.get('digest')}); {self.game}'s encoder now gives {now['size']} (layout "
                             f"{now['digest']}): train it again")
        if self.columns.size and (int(self.columns.min()) < 0 or int(self.columns.max()) >= now["size"]):
            raise ModelError(f"{where} names tensor entries outside 0..{now['size'] - 1}")


def rewards_from_scores(scores: np.ndarray | list[float], mode: str) -> list[float]:
    """Rewards in [0, 1] per seat from model scores: ``win`` the softmax (Luce), ``rank`` the mean chance of
    finishing ahead of each other seat (``logistic`` of the score gap), ``score`` min-max, ``mix`` half each."""
    s = np.asarray(scores, dtype=np.float64)
    e = np.exp(s - s.max())
    win = e / e.sum()
    n = s.size
    if mode == "win":
        return [float(x) for x in win]
    if mode == "score":
        lo, hi = float(s.min()), float(s.max())
        return [(float(x) - lo) / (hi - lo) if hi > lo else 0.5 for x in s]
    ahead = 1.0 / (1.0 + np.exp(-(s[:, None] - s[None, :])))
    rank = (ahead.sum(axis=1) - 0.5) / (n - 1) if n > 1 else np.ones(n)
    if mode == "rank":
        return [float(x) for x in rank]
    return [float(0.5 * w + 0.5 * r) for w, r in zip(win, rank)]


class LearnedEvaluation:
    """``evaluate(state, mode)`` from a value model, for one loaded game (the ``BotSettings.evaluate`` contract:
    one reward in [0, 1] per seat, a finished game's own rewards)."""

    def __init__(self, game: "LoadedGame", model: ValueModel, where: str = "value model") -> None:
        self.positions = PositionEncoder(game)
        model.check(game, self.positions.encoder, where)
        self.model = model
        self.hand = getattr(game, "spec").hooks.bot_settings.evaluate if model.base == "hand" else None
        if model.base == "hand" and self.hand is None:
            raise ModelError(f"{where} starts from the hand evaluation, which {game.name} does not offer")

    def __call__(self, state: "GameState", mode: str) -> list[float]:
        if state.is_over():
            return result_rewards(state.result(), mode)
        s = self.model.scores(self.positions.encode(state))
        if self.hand is not None:
            s = s + self.model.beta * hand_logs(self.hand(state, "win"))
        return rewards_from_scores(s, mode)


def hand_logs(chances: Any) -> np.ndarray:
    """The log of the hand evaluation's chances to win (floored): the input a ``base = "hand"`` model weighs."""
    return np.log(np.maximum(np.asarray(chances, dtype=np.float64), FLOOR))


def shipped(game: "LoadedGame") -> LearnedEvaluation:
    """The evaluation from the model ``game`` ships for its player count (a one-line ModelError if there is
    none, or it is stale)."""
    path = model_path(getattr(game, "spec"), game.players)
    return LearnedEvaluation(game, ValueModel.load(path), f"value model {path.name} of {game.name}")
