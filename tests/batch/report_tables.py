"""Reading a batch report back: what its summary line says and what its tables hold."""
from __future__ import annotations

import re

SUMMARY = re.compile(r"(\d+) records?, (\d+) reported: (\d+) errors?, (\d+) warnings?, (\d+) info in the findings; "
                     r"(\d+) pipeline warnings?; (\d+) input problems?\.$")
KEYS = ["records", "sections", "error", "warning", "info", "pipeline_warnings", "input_problems"]


def summary_counts(md: str) -> dict[str, int]:
    """The counts of the report's summary line (its third line)."""
    line = md.splitlines()[2]
    m = SUMMARY.match(line)
    assert m, line
    return dict(zip(KEYS, map(int, m.groups())))


def table_counts(md: str) -> dict[str, int]:
    """What the report's tables hold: findings by severity, pipeline warnings, input problems."""
    counts = {"error": 0, "warning": 0, "info": 0, "pipeline_warnings": 0, "input_problems": 0}
    section = ""
    for line in md.splitlines():
        if line.startswith("## "):
            section = line[3:]
            continue
        cells = [c.strip() for c in re.split(r"(?<!\\)\|", line.strip())[1:-1]] if line.startswith("| ") else []
        if not cells or cells[0] in ("line", "record", "input") or set(line) <= set("|-: "):
            continue
        if section == "Input problems":
            counts["input_problems"] += 1
        elif section == "Pipeline warnings":
            counts["pipeline_warnings"] += 1
        else:
            counts[cells[2]] += 1
    return counts
