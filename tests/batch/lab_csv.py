"""Generated laboratory CSV exports, in the shapes people send: encodings, delimiters, line ends.

Names come from Faker (zh_CN, de_DE, fr_FR, en_US); values are plausible measurements.
Nothing here is a fixed example: each seed gives another file of the same kind.
"""
from __future__ import annotations

import random

from faker import Faker

HEADER = ["sample_id", "analyte", "value", "unit", "measured_at", "operator"]
ANALYTES = [("glucose", "mmol/L", 5.0), ("sodium", "mmol/L", 140.0), ("potassium", "mmol/L", 4.2),
            ("hemoglobin", "g/L", 140.0)]


def lab_rows(seed: int, locale: str, n: int) -> list[list[str]]:
    """``n`` data rows with operators named in ``locale``."""
    rng = random.Random(seed)
    fake = Faker(locale)
    fake.seed_instance(seed)
    rows = []
    for i in range(n):
        analyte, unit, centre = rng.choice(ANALYTES)
        rows.append([f"S{seed % 1000:03d}-{i:02d}", analyte, f"{centre * rng.uniform(0.9, 1.1):.2f}", unit,
                     f"2026-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}T{rng.randint(0, 23):02d}:00",
                     fake.name()])
    return rows


def export(header: list[str], rows: list[list[str]], delimiter: str = ",", line_end: str = "\r\n",
           decimal_comma: bool = False) -> str:
    """The CSV text as a spreadsheet writes it (quotes only where needed)."""
    def cell(value: str, column: str) -> str:
        if decimal_comma and column == "value":
            value = value.replace(".", ",")
        return f'"{value}"' if delimiter in value or '"' in value else value

    lines = [delimiter.join(header)] + [delimiter.join(cell(v, c) for v, c in zip(r, header)) for r in rows]
    return line_end.join(lines) + line_end
