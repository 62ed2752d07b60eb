"""voidtable behind the researchers' APIs: OpenSpiel games, PettingZoo and Gymnasium environments.

Optional extra: ``pip install 'voidtable[interop]'``. Submodules import their
library on first use, so importing this package costs nothing:

- ``voidtable.interop.openspiel``: registers ``python_voidtable_<game>`` with OpenSpiel;
- ``voidtable.interop.pettingzoo``: ``env(game, players=...)``, an AEC environment with action masks;
- ``voidtable.interop.gym``: ``VoidtableEnv``, one learning seat against voidtable agents.

Nothing here names a game: fixed action ids come from each game's declared
action kinds (``GameSpec.actions``) and tensors from its encoder hook
(``GameSpec.hooks.interop``), both read by ``interop.registry``;
docs/interop.md explains the encodings and the choices.
"""
