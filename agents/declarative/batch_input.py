"""Records of a batch input: JSONL lines, CSV rows, or whole CSV files.

Each record has a stable key (``file:line`` or ``file``) and the input has a fingerprint,
so a resumed run can check it reads the same records in the same order.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from agents.declarative.csv_input import CsvTable, UnreadableFileError, decode_bytes, display_name, read_csv
from agents.declarative.schema import CsvRecord
from memory.errors import MemoryAgentError


@dataclass(frozen=True)
class InputRecord:
    """One unit of work of a batch run."""

    index: int
    key: str
    data: dict[str, Any]


def _csv_files(path: Path, problems: list[str]) -> list[Path]:
    if not path.is_dir():
        return [path]
    files = sorted(p for p in path.iterdir() if p.suffix.lower() == ".csv" and p.is_file())
    sheets = sorted(p for p in path.iterdir() if p.suffix.lower() in (".xlsx", ".xls", ".ods"))
    for other in sheets:
        problems.append(f"{display_name(other)}: a spreadsheet, not read; export it as CSV (UTF-8) to include it")
    if not files:
        also = f" (only {len(sheets)} spreadsheet(s): export them as CSV UTF-8)" if sheets else ""
        raise MemoryAgentError(f"no .csv files in folder {path}{also}; pass a JSONL file, a CSV file or a folder of CSVs")
    return files


@dataclass(frozen=True)
class InputRead:
    """The records of an input, and what could not be read (each problem names the file and line)."""

    records: list[InputRecord]
    problems: list[str]


def _jsonl(path: Path) -> InputRead:
    out: list[InputRecord] = []
    problems: list[str] = []
    name = display_name(path)
    try:
        text, _, _ = decode_bytes(path.read_bytes(), name)
    except UnreadableFileError as exc:
        raise MemoryAgentError(str(exc)) from None
    for n, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            data = json.loads(line)
        except (json.JSONDecodeError, RecursionError) as exc:
            msg = exc.msg if isinstance(exc, json.JSONDecodeError) else "nested too deeply"
            problems.append(f"{name}:{n}: not JSON ({msg}); each line must be one JSON object -- line skipped")
            continue
        if not isinstance(data, dict):
            problems.append(f"{name}:{n}: a record must be a JSON object, got {type(data).__name__} -- line skipped")
            continue
        try:
            json.dumps(data, ensure_ascii=False).encode("utf-8")
        except UnicodeEncodeError:
            problems.append(f"{name}:{n}: holds a lone surrogate escape (e.g. \\ud800), not text -- line skipped")
            continue
        out.append(InputRecord(len(out), f"{name}:{n}", data))
    return InputRead(out, problems)


def _csv_rows(table: CsvTable, out: list[InputRecord], problems: list[str]) -> None:
    """One record per row (``csv_record: row``); notes and rows of the wrong width are problems."""
    problems.extend(f"{table.name}:{line}: {what}" if line else f"{table.name}: {what}" for line, _, what in table.notes)
    for line, cells in zip(table.lines, table.rows):
        if len(cells) != len(table.header):
            problems.append(f"{table.name}:{line}: row has {len(cells)} cells, the header has "
                            f"{len(table.header)} -- row skipped")
            continue
        out.append(InputRecord(len(out), f"{table.name}:{line}", dict(zip(table.header, cells))))


def read_records(path: Path, csv_record: CsvRecord) -> InputRead:
    """Every record of ``path`` (a ``.jsonl`` file, a ``.csv`` file or a folder of CSVs).

    A file or line that cannot be read is a problem of the input and the run goes on
    with the others; with ``csv_record: file`` the notes of a file (guessed encoding,
    delimiter, broken quoting) travel with its record as ``read_notes``.

    Raises:
        MemoryAgentError: the input is missing, or holds nothing readable at all.
    """
    if not path.exists():
        raise MemoryAgentError(f"input {path} does not exist; pass a JSONL file, a CSV file or a folder of CSVs")
    if path.is_file() and path.suffix.lower() in (".jsonl", ".ndjson"):
        return _jsonl(path)
    out: list[InputRecord] = []
    problems: list[str] = []
    for file in _csv_files(path, problems):
        try:
            table = read_csv(file)
        except UnreadableFileError as exc:
            if not path.is_dir():
                raise MemoryAgentError(str(exc)) from None
            problems.append(f"{exc} -- file skipped")
            continue
        if csv_record is CsvRecord.FILE:
            out.append(InputRecord(len(out), table.name, {
                "file": table.name, "header": table.header, "rows": table.rows, "lines": table.lines,
                "delimiter": table.delimiter,
                "read_notes": [list(note) for note in table.notes],
            }))
        else:
            _csv_rows(table, out, problems)
    return InputRead(out, problems)


def fingerprint(read: InputRead) -> str:
    """A hash of the keys and contents of every record, in order, and of the input's problems."""
    h = hashlib.sha256()
    for problem in read.problems:
        h.update(problem.encode("utf-8", "backslashreplace") + b"\x1d")
    for r in read.records:
        h.update(r.key.encode("utf-8") + b"\x1f")
        h.update(json.dumps(r.data, sort_keys=True, ensure_ascii=True, default=str).encode("utf-8") + b"\x1e")
    return h.hexdigest()
