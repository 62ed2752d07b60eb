"""The value-greedy player: each legal move tried once on a determinization, the one the evaluation rates best played.

No search: one clone, one move and one evaluation per legal action, so it costs what the evaluation costs times
the choices. Most single moves of these games change no evaluation at all (a step of a move, an order among
several), so a pure greedy player breaks ties blindly and loses to everything (measured: 0 of 24 Empires games
against the bot). So by default the game's bot names its move first and another move is played only when the
evaluation rates it more than ``margin`` above the bot's (a one-step policy improvement of the bot);
``margin=-1`` is the pure value-greedy player. It is how a value model is judged on its own (``voidtable lab train-value`` plays it against the
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
    """Plays the move after which its own chance to win (the evaluation's ``win`` reward) is highest, unless the bot's
    move is rated within ``margin`` of it (then the bot's). ``evaluate`` given directly overrides ``eval`` (the lab
    passes a model just trained)."""

    spec = "greedy"

    def __init__(self, game: str, seed: int = 0, eval: str = "learned", margin: float = 0.02,
                 evaluate: Evaluate | None = None) -> None:
        super().__init__(seed)
        check_name(eval, "greedy")
        if not (margin == -1.0 or 0.0 <= margin <= 1.0):
            raise OptionError(f"agent greedy parameter 'margin' must be -1 (no bot: pure value-greedy) or within 0..1, "
                              f"got {margin}")
        bot = get(game).hooks.bot
        self.bot = bot if margin >= 0 else None
        self.margin = margin
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
        favourite = self.bot.act(obs, self.rng) if self.bot is not None else None
        state = obs.sample(self.rng)
        state.set_events(False)
        values = []
        for a in obs.legal:
            s = state.clone()
            s._apply(obs.seat, a)  # legal: it is one of the seat's legal actions in a state it cannot tell apart
            values.append(self.evaluate(s, "win")[obs.seat])
        top = max(range(len(values)), key=values.__getitem__)  # the first of the best
        if favourite is None or favourite not in obs.legal:
            return obs.legal[top]
        if values[top] > values[obs.legal.index(favourite)] + self.margin:
            return obs.legal[top]
        return favourite
