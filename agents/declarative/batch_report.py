"""The report of a batch run, assembled from every record's report section.

Its first lines count exactly what its tables hold: the findings by severity (from each
record's ``findings_field``), the pipeline warnings (one table, with the record), the
records that produced no report section, and the input problems (files or lines that
could not be read). A test parses the report and checks the counts against the tables.
"""
from __future__ import annotations

import html
from collections import Counter
from typing import Any

from agents.declarative.schema import ReportSpec

SEVERITIES = ("error", "warning", "info")


def _cell(text: str) -> str:
    return " ".join(str(text).split()).replace("|", "\\|")


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def report_counts(spec: ReportSpec, rows: list[dict[str, Any]], problems: list[str]) -> dict[str, int]:
    """What the summary line states (rows are the committed records: ``index``, ``key``, ``result``)."""
    severities: Counter[str] = Counter()
    sections = 0
    for row in rows:
        for output in row["result"].get("outputs", {}).values():
            if spec.markdown_field in output:
                sections += 1
            for f in output.get(spec.findings_field, []) or []:
                severities[f.get("severity", "info") if isinstance(f, dict) else "info"] += 1
    return {
        "records": len(rows), "sections": sections,
        **{s: severities[s] for s in SEVERITIES},
        "pipeline_warnings": sum(len(r["result"].get("warnings", [])) for r in rows),
        "input_problems": len(problems),
    }


def summary_line(counts: dict[str, int]) -> str:
    """``3 records, 2 reported: 7 errors, 5 warnings, 1 info in the findings; 1 pipeline warning; ...``."""
    return (
        f"{_plural(counts['records'], 'record')}, {counts['sections']} reported: "
        f"{_plural(counts['error'], 'error')}, {_plural(counts['warning'], 'warning')}, {counts['info']} info "
        f"in the findings; {_plural(counts['pipeline_warnings'], 'pipeline warning')}; "
        f"{_plural(counts['input_problems'], 'input problem')}."
    )


def _problems_part(problems: list[str]) -> tuple[list[str], list[str]]:
    """(Markdown lines, HTML parts) of the input-problems table; nothing when there are none."""
    if not problems:
        return [], []
    md = ["## Input problems", "", "| input | problem |", "|---|---|"]
    md += [f"| {i + 1} | {_cell(p)} |" for i, p in enumerate(problems)] + [""]
    page = ["<h2>Input problems</h2><table class=\"problems\"><tbody>"]
    page += [f"<tr class=\"error\"><td>{i + 1}</td><td>{html.escape(p)}</td></tr>" for i, p in enumerate(problems)]
    page.append("</tbody></table>")
    return md, page


def _sections_part(spec: ReportSpec, rows: list[dict[str, Any]]) -> tuple[list[str], list[str]]:
    """(Markdown, HTML) report sections of every record's outputs, in input order."""
    md: list[str] = []
    page: list[str] = []
    for row in rows:
        for output in row["result"].get("outputs", {}).values():
            if spec.markdown_field in output:
                md.append(str(output[spec.markdown_field]))
            if spec.html_field in output:
                page.append(str(output[spec.html_field]))
    return md, page


def _warnings_part(rows: list[dict[str, Any]]) -> tuple[list[str], list[str]]:
    """(Markdown lines, HTML parts) of the pipeline-warnings table, with each record's key."""
    warned = [(row["key"], w) for row in rows for w in row["result"].get("warnings", [])]
    if not warned:
        return [], []
    esc = html.escape
    md = ["## Pipeline warnings", "", "| record | warning |", "|---|---|"]
    md += [f"| {_cell(k)} | {_cell(w)} |" for k, w in warned] + [""]
    page = ["<h2>Pipeline warnings</h2><table class=\"pipeline\"><tbody>"]
    page += [f"<tr class=\"warning\"><td>{esc(k)}</td><td>{esc(w)}</td></tr>" for k, w in warned]
    page.append("</tbody></table>")
    return md, page


def assemble_report(spec: ReportSpec, rows: list[dict[str, Any]], problems: list[str]) -> tuple[str, str]:
    """The whole report (Markdown, HTML): summary, input problems, sections in input order, pipeline warnings."""
    line = summary_line(report_counts(spec, rows, problems))
    title = html.escape(spec.title)
    md = [f"# {spec.title}", "", line, ""]
    page = [f"<h1>{title}</h1>", f"<p class=\"summary\">{html.escape(line)}</p>"]
    for part_md, part_page in (_problems_part(problems), _sections_part(spec, rows), _warnings_part(rows)):
        md += part_md
        page += part_page
    document = (
        f"<!doctype html>\n<html><head><meta charset=\"utf-8\"><title>{title}</title>"
        "<style>table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:2px 6px}"
        ".error{background:#fdd}.warning{background:#ffd}</style></head><body>\n"
        + "\n".join(page) + "\n</body></html>\n"
    )
    return "\n".join(md) + "\n", document
