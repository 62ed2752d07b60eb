"""The `voidtable` command: one module per group of subcommands, each with a ``register(app)``."""
