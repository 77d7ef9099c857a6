"""Records of a batch input: JSONL lines, CSV rows, or whole CSV files; and the report.

Each record has a stable key (``file:line`` or ``file``) and the input has a fingerprint,
so a resumed run can check it reads the same records in the same order.
"""
from __future__ import annotations

import csv
import hashlib
import html
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from agents.declarative.schema import CsvRecord, ReportSpec
from memory.errors import MemoryAgentError


@dataclass(frozen=True)
class InputRecord:
    """One unit of work of a batch run."""

    index: int
    key: str
    data: dict[str, Any]


def _csv_files(path: Path) -> list[Path]:
    if path.is_dir():
        files = sorted(p for p in path.iterdir() if p.suffix.lower() == ".csv")
        if not files:
            raise MemoryAgentError(f"no .csv files in folder {path}; pass a JSONL file, a CSV file or a folder of CSVs")
        return files
    return [path]


def read_records(path: Path, csv_record: CsvRecord) -> list[InputRecord]:
    """Every record of ``path`` (a ``.jsonl`` file, a ``.csv`` file or a folder of CSVs).

    Raises:
        MemoryAgentError: missing input, a JSONL line that is not a JSON object; names the line.
    """
    if not path.exists():
        raise MemoryAgentError(f"input {path} does not exist; pass a JSONL file, a CSV file or a folder of CSVs")
    out: list[InputRecord] = []
    if path.is_file() and path.suffix.lower() in (".jsonl", ".ndjson"):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if not line.strip():
                continue
            try:
                data = json.loads(line)
            except json.JSONDecodeError as exc:
                raise MemoryAgentError(f"{path}:{n}: not JSON ({exc.msg}); each line must be one JSON object") from None
            if not isinstance(data, dict):
                raise MemoryAgentError(f"{path}:{n}: a record must be a JSON object, got {type(data).__name__}")
            out.append(InputRecord(len(out), f"{path.name}:{n}", data))
        return out
    for file in _csv_files(path):
        with file.open(newline="", encoding="utf-8-sig") as fh:
            rows = list(csv.reader(fh))
        if not rows:
            raise MemoryAgentError(f"{file}: empty CSV file (no header)")
        header, body = rows[0], rows[1:]
        if csv_record is CsvRecord.FILE:
            out.append(InputRecord(len(out), file.name, {"file": file.name, "header": header, "rows": body}))
            continue
        for n, cells in enumerate(body, start=2):
            out.append(InputRecord(len(out), f"{file.name}:{n}", dict(zip(header, cells))))
    return out


def fingerprint(records: list[InputRecord]) -> str:
    """A hash of the keys and contents of every record, in order."""
    h = hashlib.sha256()
    for r in records:
        h.update(r.key.encode("utf-8") + b"\x1f")
        h.update(json.dumps(r.data, sort_keys=True, ensure_ascii=False).encode("utf-8") + b"\x1e")
    return h.hexdigest()


def assemble_report(spec: ReportSpec, results: list[dict[str, Any]]) -> tuple[str, str]:
    """The whole report (Markdown, HTML) from every record's report sections, in input order."""
    md_parts, html_parts = [], []
    for res in results:
        for output in res.get("outputs", {}).values():
            if spec.markdown_field in output:
                md_parts.append(output[spec.markdown_field])
            if spec.html_field in output:
                html_parts.append(output[spec.html_field])
    warnings = [w for res in results for w in res.get("warnings", [])]
    md = [f"# {spec.title}", "", f"{len(results)} records; {len(warnings)} warning(s).", ""] + md_parts
    title = html.escape(spec.title)
    page = (
        f"<!doctype html>\n<html><head><meta charset=\"utf-8\"><title>{title}</title>"
        "<style>table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:2px 6px}"
        ".error{background:#fdd}.warning{background:#ffd}</style></head><body>\n"
        f"<h1>{title}</h1>\n<p>{len(results)} records; {len(warnings)} warning(s).</p>\n"
        + "".join(html_parts) + "</body></html>\n"
    )
    return "\n".join(md), page
