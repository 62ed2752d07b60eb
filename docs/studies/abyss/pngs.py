"""Save one plot of a lab report (report.html or tune.html embed their plots) as a PNG file for the study.

    python docs/studies/abyss/pngs.py lab-results/abyss-e-fleet-today/report.html "One design against the field" \
        docs/studies/abyss/e-fleet-today.png

The plot is the first image whose alt text starts with the given words (the lab names each plot by its
title: "win share by seat", "sweep curves 4 players", "One design against the field" ...).
"""

from __future__ import annotations

import base64
import html
import re
import sys
from pathlib import Path

IMG = re.compile(r'<img alt="([^"]*)" src="data:image/png;base64,([A-Za-z0-9+/=]+)"')


def main(argv: list[str]) -> int:
    if len(argv) != 3:
        print("usage: pngs.py REPORT.html ALT_TEXT OUT.png", file=sys.stderr)
        return 2
    report, alt, out = Path(argv[0]), argv[1], Path(argv[2])
    try:
        text = report.read_text()
    except OSError as e:
        print(f"pngs.py: cannot read {report}: {e.strerror}", file=sys.stderr)
        return 2
    found = [(html.unescape(a), data) for a, data in IMG.findall(text)]
    for a, data in found:
        if a.startswith(alt):
            out.write_bytes(base64.b64decode(data))
            print(f"{out}: {a!r}, {out.stat().st_size // 1024} KB")
            return 0
    names = ", ".join(sorted({a for a, _ in found})) or "none"
    print(f"pngs.py: no plot in {report} starts with {alt!r}; plots: {names}", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
