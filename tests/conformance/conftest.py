"""The conformance suite's terminal summary: every game's declared decisions and how each was reached.

``test_reach.py`` records each game's report as a test property, which also travels back from xdist
workers; this hook prints them after the run (only when those tests ran)."""

from __future__ import annotations


def pytest_terminal_summary(terminalreporter) -> None:
    reports = []
    for outcome in ("passed", "failed"):
        for rep in terminalreporter.stats.get(outcome, []):
            for key, value in getattr(rep, "user_properties", ()):
                if key == "decision_reach" and getattr(rep, "when", "call") == "call":
                    reports.append(value)
    if reports:
        terminalreporter.section("declared decisions reached (tests/conformance/test_reach.py)")
        for text in sorted(reports):
            for line in text.splitlines():
                terminalreporter.write_line(line)
