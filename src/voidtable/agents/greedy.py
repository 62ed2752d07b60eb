"""The value-greedy player: each legal move tried once on a determinization, the one the evaluation rates best played.

No search: one clone, one move and one evaluation per legal action, so it costs what the evaluation costs times
the choices. It is how a value model is judged on its own (``voidtable lab train-value`` plays it against the
game's bot) and a cheap player for studies. It reads only its seat's observation: the moves are tried on
``obs.sample`` (a state the seat cannot tell from the real one), and a learned evaluation reads public tensors only.
"""

from __future__ import annotations

from voidtable.engine.actions import Action
from voidtable.engine.errors import OptionError
from voidtable.engine.registry import get

from .base import Agent, Observation
from .evaluation import Evaluate, check_name, evaluation


class GreedyAgent(Agent):
    """Plays the move after which its own chance to win (the evaluation's ``win`` reward) is highest (ties: the
    first in legal order). ``evaluate`` given directly overrides ``eval`` (the lab passes a model just trained)."""

    spec = "greedy"

    def __init__(self, game: str, seed: int = 0, eval: str = "learned", evaluate: Evaluate | None = None) -> None:
        super().__init__(seed)
        check_name(eval, "greedy")
        self.hand = get(game).hooks.bot_settings.evaluate
        if evaluate is None and self.hand is None and eval == "hand":
            raise OptionError(f"agent greedy needs {game!r} to offer evaluate() (GameSpec.hooks.bot_settings)")
        self.kind = eval
        self.evaluate = evaluate

    def act(self, obs: Observation) -> Action:
        if len(obs.legal) == 1:
            return obs.legal[0]
        if self.evaluate is None:
            self.evaluate = evaluation(obs.loaded, self.kind, self.hand)
            if self.evaluate is None:
                raise OptionError(f"agent greedy has no evaluation for {obs.game!r}")
        state = obs.sample(self.rng)
        state.set_events(False)
        best, value = obs.legal[0], -1.0
        for a in obs.legal:
            s = state.clone()
            s._apply(obs.seat, a)  # legal: it is one of the seat's legal actions in a state it cannot tell apart
            v = self.evaluate(s, "win")[obs.seat]
            if v > value:
                best, value = a, v
        return best
