"""The validation report of one file, in Markdown and HTML (toolset ``data_validation``)."""
from __future__ import annotations

import html
from typing import Any

from agents.declarative.tool_context import ToolContext
from agents.declarative.registry import tool

SEVERITY_ORDER = {"error": 0, "warning": 1, "info": 2}


def _md_cell(value: Any) -> str:
    return "" if value is None else " ".join(str(value).split()).replace("|", "\\|")


def _sorted(findings: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return sorted(findings, key=lambda f: (f["line"] or 0, SEVERITY_ORDER.get(f["severity"], 9), f["check"]))


def _markdown(file: str, head: str, findings: list[dict[str, Any]]) -> str:
    """The section in Markdown: title, the counts line, the findings table (or "No findings.")."""
    md = [f"## {file}", "", f"{head}.", ""]
    if not findings:
        return "\n".join(md + ["No findings."]) + "\n"
    md += ["| line | check | severity | column | finding |", "|---:|---|---|---|---|"]
    md += [f"| {_md_cell(f['line'])} | {f['check']} | {f['severity']} | {_md_cell(f['column'])} | "
           f"{_md_cell(f['message'])} |" for f in findings]
    return "\n".join(md) + "\n"


def _html(file: str, rows_note: str, summary: str, findings: list[dict[str, Any]]) -> str:
    """The section in HTML, the same parts as :func:`_markdown`."""
    esc = html.escape
    body = [f"<section><h2>{esc(file)}</h2>", f"<p>{esc(rows_note)}; {esc(summary)}.</p>"]
    if findings:
        body.append("<table><thead><tr><th>line</th><th>check</th><th>severity</th><th>column</th>"
                    "<th>finding</th></tr></thead><tbody>")
        body += [f"<tr class=\"{esc(f['severity'])}\"><td>{esc(str(f['line'] or ''))}</td><td>{esc(f['check'])}</td>"
                 f"<td>{esc(f['severity'])}</td><td>{esc(str(f['column'] or ''))}</td><td>{esc(f['message'])}</td></tr>"
                 for f in findings]
        body.append("</tbody></table>")
    else:
        body.append("<p>No findings.</p>")
    body.append("</section>")
    return "\n".join(body) + "\n"


@tool("data_validation")
def render_report(inputs: dict[str, Any], ctx: ToolContext) -> dict[str, Any]:
    """A report section for one file: counts by severity and every finding with its line.

    Pipeline warnings (a tool's fallback, a skipped agent) are not repeated here: the batch
    report lists them all in one table.
    """
    del ctx
    file = inputs["file"]
    findings = _sorted(
        list(inputs.get("format_findings", [])) + list(inputs.get("unit_findings", []))
        + list(inputs.get("outlier_findings", []))
    )
    counts = {s: sum(1 for f in findings if f["severity"] == s) for s in SEVERITY_ORDER}
    summary = ", ".join(f"{n} {s}{'s' if n != 1 else ''}" for s, n in counts.items())
    rows_note = f"{inputs.get('row_count', '?')} data rows"
    return {"file": file, "report_md": _markdown(file, f"{rows_note}; {summary}", findings),
            "report_html": _html(file, rows_note, summary, findings),
            "finding_count": len(findings), "findings": findings}
