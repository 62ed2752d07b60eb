"""One sub-package per game; each exposes SPEC (a GameSpec) and so registers itself."""
