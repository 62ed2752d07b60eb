"""Agent tests (a package, so one test module can share another's positions)."""
