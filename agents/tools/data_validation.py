"""Laboratory-data validation tools (toolset ``data_validation``), deterministic and offline.

A record is one CSV file: ``{"file": name, "header": [...], "rows": [[...], ...]}``, with
optionally ``lines`` (the file line of each row), ``delimiter`` (in a ``;``-separated file
``5,2`` is the number 5.2, as European spreadsheets write it) and ``read_notes``
(``[line, severity, what]`` noticed while reading: guessed encoding, delimiter, broken quoting). Findings are
dicts ``{file, line, column, check, severity, message}``; ``line`` is the line in the CSV
file (the header is line 1).
"""
from __future__ import annotations

import math
import re
import statistics
from datetime import datetime
from typing import Any

from agents.declarative.tool_context import ToolContext
from agents.declarative.registry import tool
from agents.tools.units import (
    AMOUNT_CONCENTRATION, MASS_CONCENTRATION, PRESSURE, TEMPERATURE, Dimension, describe, parse_unit, si_symbol,
)

TOOLSET = "data_validation"
HEADER_TEMPLATE = ["sample_id", "analyte", "value", "unit", "measured_at", "operator"]
REQUIRED = ("sample_id", "analyte", "value", "unit")
ANALYTE_DIMENSIONS: dict[str, Dimension] = {
    "glucose": AMOUNT_CONCENTRATION, "sodium": AMOUNT_CONCENTRATION, "potassium": AMOUNT_CONCENTRATION,
    "hemoglobin": MASS_CONCENTRATION, "temperature": TEMPERATURE, "pressure": PRESSURE,
}
DEFAULT_UNIT_MAP = {
    "glucose": "mmol/L", "sodium": "mmol/L", "potassium": "mmol/L",
    "hemoglobin": "g/L", "temperature": "degC", "pressure": "kPa",
}
MIN_IQR_VALUES = 4
DECIMAL_COMMA = re.compile(r"^[+-]?\d+,\d+$")


def finding(file: str, line: int | None, column: str | None, check: str, severity: str, message: str) -> dict[str, Any]:
    """One finding."""
    return {"file": file, "line": line, "column": column, "check": check, "severity": severity, "message": message}


def _header_findings(file: str, header: list[str]) -> list[dict[str, Any]]:
    out = []
    for col in HEADER_TEMPLATE:
        if col not in header:
            out.append(finding(file, 1, col, "format", "error", f"required column {col!r} is missing from the header"))
    for col in header:
        if col not in HEADER_TEMPLATE:
            out.append(finding(file, 1, col, "format", "warning", f"unexpected column {col!r} (not in the header template)"))
    present = [c for c in header if c in HEADER_TEMPLATE]
    expected = [c for c in HEADER_TEMPLATE if c in header]
    if present != expected:
        out.append(finding(file, 1, None, "format", "warning",
                           f"column order {present} differs from the template {expected}"))
    return out


def _number(text: str, decimal_comma: bool) -> float:
    """``text`` as a finite number; ``5,2`` is 5.2 in a semicolon-separated (European) file.

    Raises:
        ValueError: not a finite number.
    """
    if decimal_comma and DECIMAL_COMMA.match(text):
        text = text.replace(",", ".")
    number = float(text)
    if not math.isfinite(number):
        raise ValueError(text)
    return number


def _decimal_comma_hint(value: str) -> str:
    """`` (a decimal comma? write 5.2)`` when ``value`` reads as a number with a comma for the point."""
    if "," in value and value.replace(",", ".", 1).replace(".", "", 1).lstrip("-+").isdigit():
        return f" (a decimal comma? write {value.replace(',', '.', 1)})"
    return ""


def _value_problem(row: dict[str, Any], decimal_comma: bool) -> str | None:
    """Turn ``row["value"]`` into a number in place; what is wrong when it is not one."""
    if not row.get("value"):
        return None
    try:
        row["value"] = _number(row["value"], decimal_comma)
    except ValueError:
        return f"value {row['value']!r} is not a number{_decimal_comma_hint(row['value'])}"
    return None


def _time_problem(row: dict[str, Any]) -> str | None:
    """What is wrong with ``row["measured_at"]`` (``None``: empty or an ISO 8601 date/time)."""
    if not row.get("measured_at"):
        return None
    try:
        datetime.fromisoformat(row["measured_at"])
    except ValueError:
        return f"measured_at {row['measured_at']!r} is not an ISO 8601 date/time"
    return None


def _row_problems(header: list[str], row: dict[str, Any], decimal_comma: bool) -> list[tuple[str, str]]:
    """(column, what is wrong) of one row: empty required values, a value or a time that does not read."""
    problems = [(col, f"required value {col!r} is empty") for col in REQUIRED if col in header and not row.get(col)]
    checked = (("value", _value_problem(row, decimal_comma)), ("measured_at", _time_problem(row)))
    return problems + [(col, what) for col, what in checked if what]


def _row(file: str, line: int, header: list[str], cells: list[str], out: list[dict[str, Any]],
         decimal_comma: bool = False) -> dict[str, Any] | None:
    """A valid row as a dict, or ``None`` after recording why it is not."""
    if len(cells) != len(header):
        out.append(finding(file, line, None, "format", "error", f"row has {len(cells)} cells, the header has {len(header)}"))
        return None
    row: dict[str, Any] = {h: c.strip() for h, c in zip(header, cells)}
    problems = _row_problems(header, row, decimal_comma)
    out += [finding(file, line, col, "format", "error", what) for col, what in problems]
    if problems or not {"value", "unit", "analyte"} <= set(header):
        return None
    return {"line": line, "sample_id": row.get("sample_id", ""), "analyte": row["analyte"].lower(),
            "value": row["value"], "unit": row["unit"], "measured_at": row.get("measured_at")}


def _decimal_comma_note(file: str, header: list[str], rows: list[list[str]], decimal_comma: bool) -> list[dict[str, Any]]:
    """An info finding when a semicolon-separated file writes its values with decimal commas."""
    if not decimal_comma or "value" not in header:
        return []
    at = header.index("value")
    if not any(len(c) == len(header) and DECIMAL_COMMA.match(c[at].strip()) for c in rows):
        return []
    return [finding(file, None, "value", "format", "info",
                    "decimal commas (5,2) read as numbers, as in a semicolon-separated European export")]


def _operators(header: list[str], rows: list[list[str]]) -> list[str]:
    """The distinct operators of the well-formed rows (none without an ``operator`` column)."""
    if "operator" not in header:
        return []
    at = header.index("operator")
    return sorted({cells[at] for cells in rows if len(cells) == len(header)})


@tool(TOOLSET)
async def check_format(inputs: dict[str, Any], ctx: ToolContext) -> dict[str, Any]:
    """Check the header against the template and every row's cells; keep the valid rows.

    Writes the ``file_profile`` memory (file, row count, columns, operators).
    """
    file, header, rows = inputs["file"], [h.strip() for h in inputs["header"]], inputs["rows"]
    lines = inputs.get("lines") or [i + 2 for i in range(len(rows))]
    decimal_comma = inputs.get("delimiter") == ";"
    findings = [finding(file, line, None, "read", severity, what) for line, severity, what in inputs.get("read_notes", [])]
    findings += _header_findings(file, header)
    findings += _decimal_comma_note(file, header, rows, decimal_comma)
    records = [r for line, cells in zip(lines, rows)
               if (r := _row(file, line, header, cells, findings, decimal_comma)) is not None]
    operators = _operators(header, rows)
    profile = {"file": file, "row_count": len(rows), "columns": header, "operators": operators}
    await ctx.memory.write("file_profile", profile)
    return {"file": file, "records": records, "row_count": len(rows), "format_findings": findings}


@tool(TOOLSET)
def check_units_si(inputs: dict[str, Any], ctx: ToolContext) -> dict[str, Any]:
    """Parse every unit as SI, check its dimension for the analyte, convert values to SI.

    Raises:
        UnknownUnitError: a unit cannot be read (the fallback takes over).
    """
    file, findings, measures = inputs["file"], [], []
    for rec in inputs.get("records", []):
        unit = parse_unit(rec["unit"])
        expected = ANALYTE_DIMENSIONS.get(rec["analyte"])
        if expected is None:
            findings.append(finding(file, rec["line"], "analyte", "unit", "warning",
                                    f"unknown analyte {rec['analyte']!r}; its unit cannot be checked"))
            continue
        if unit.dimension != expected:
            findings.append(finding(file, rec["line"], "unit", "unit", "error",
                                    f"{rec['analyte']} in {rec['unit']!r} is a {describe(unit.dimension)}; "
                                    f"expected: {describe(expected)}"))
            continue
        si = unit.to_si(rec["value"])
        if not unit.is_si:
            findings.append(finding(file, rec["line"], "unit", "unit", "warning",
                                    f"non-SI unit {rec['unit']!r}: {rec['value']:g} {rec['unit']} = {si:.6g} {si_symbol(unit.dimension)}"))
        measures.append({"line": rec["line"], "sample_id": rec["sample_id"], "analyte": rec["analyte"], "value": si})
    profile = ctx.recalled.get("file_profile", {})
    return {"file": file, "unit_findings": findings, "measures": measures,
            "unit_basis": "SI", "rows_seen": profile.get("row_count")}


@tool(TOOLSET)
def check_units_default_map(inputs: dict[str, Any], ctx: ToolContext) -> dict[str, Any]:
    """Backup of ``check_units_si``: compare each unit with the default unit of its analyte."""
    del ctx
    file, findings, measures = inputs["file"], [], []
    for rec in inputs.get("records", []):
        default = DEFAULT_UNIT_MAP.get(rec["analyte"])
        if default is None:
            findings.append(finding(file, rec["line"], "analyte", "unit", "warning",
                                    f"unknown analyte {rec['analyte']!r}; no default unit"))
        elif rec["unit"] != default:
            findings.append(finding(file, rec["line"], "unit", "unit", "error",
                                    f"unit {rec['unit']!r} of {rec['analyte']} is not the default {default!r}; value not used"))
        else:
            measures.append({"line": rec["line"], "sample_id": rec["sample_id"], "analyte": rec["analyte"],
                             "value": rec["value"]})
    return {"file": file, "unit_findings": findings, "measures": measures, "unit_basis": "default unit map"}


@tool(TOOLSET)
def detect_outliers_iqr(inputs: dict[str, Any], ctx: ToolContext) -> dict[str, Any]:
    """Flag values outside [Q1 − 1.5·IQR, Q3 + 1.5·IQR] of their analyte in this file."""
    del ctx
    file, findings, stats = inputs["file"], [], {}
    groups: dict[str, list[dict[str, Any]]] = {}
    for m in inputs.get("measures", []):
        groups.setdefault(m["analyte"], []).append(m)
    for analyte, ms in sorted(groups.items()):
        values = [m["value"] for m in ms]
        if len(values) < MIN_IQR_VALUES:
            findings.append(finding(file, None, "value", "outlier", "info",
                                    f"{analyte}: only {len(values)} values, IQR needs {MIN_IQR_VALUES}"))
            continue
        q1, _, q3 = statistics.quantiles(values, n=4, method="inclusive")
        low, high = q1 - 1.5 * (q3 - q1), q3 + 1.5 * (q3 - q1)
        stats[analyte] = {"n": len(values), "q1": q1, "q3": q3, "low": low, "high": high}
        for m in ms:
            if not low <= m["value"] <= high:
                findings.append(finding(file, m["line"], "value", "outlier", "warning",
                                        f"{analyte} {m['value']:.6g} of sample {m['sample_id']} is outside "
                                        f"[{low:.4g}, {high:.4g}] (IQR fences)"))
    return {"file": file, "outlier_findings": findings, "iqr": stats}
