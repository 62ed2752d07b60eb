"""Golden records: seeded games of every built-in game pinned with a digest of each step's events and of the end.

A change that plays a pinned game differently without a ``rules_version`` bump fails
``test_golden.py``, naming the game, the config, the step and the action. Re-pin with
``python -m tests.golden --update`` (from the repository root); docs/records.md explains when.
"""
