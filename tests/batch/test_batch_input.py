"""Batch input as people export it: encodings, delimiters, broken quoting, files that are not CSV."""
from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest

from agents.declarative.batch_input import read_records
from agents.declarative.csv_input import UnreadableFileError, read_csv
from agents.declarative.schema import CsvRecord
from memory.errors import MemoryAgentError
from tests.batch.lab_csv import HEADER, export, lab_rows

SEEDS = range(12)


@pytest.mark.parametrize(("encoding", "locale", "delimiter"), [
    ("gbk", "zh_CN", ","),  # Excel "CSV" on a Chinese Windows
    ("gb18030", "zh_CN", ";"),
    ("utf-16", "zh_CN", "\t"),  # Excel "Unicode text"
    ("utf-8-sig", "zh_CN", ","),  # Excel "CSV UTF-8"
    ("utf-8", "en_US", ","),
    ("cp1252", "de_DE", ";"),  # Excel on a German Windows: semicolons
    ("cp1252", "fr_FR", ","),
    ("big5", "zh_TW", ","),  # Excel on a Traditional-Chinese Windows
    ("shift_jis", "ja_JP", ","),  # ... on a Japanese one
])
def test_spreadsheet_exports_are_read_cell_for_cell(tmp_path: Path, encoding: str, locale: str, delimiter: str) -> None:
    for seed in SEEDS:
        rows = lab_rows(seed, locale, 3 + seed % 10)
        path = tmp_path / f"{encoding}_{seed}.csv"
        raw = export(HEADER, rows, delimiter).encode(encoding)
        path.write_bytes(raw)

        table = read_csv(path)

        assert table.header == HEADER and table.rows == rows, (encoding, seed)
        assert table.lines == list(range(2, len(rows) + 2))
        notes = " ".join(what for _, _, what in table.notes)
        assert ("guessed" in notes) == (encoding in ("gbk", "gb18030", "cp1252", "big5", "shift_jis") and not raw.isascii())
        assert ("not comma" in notes) == (delimiter != ",")


def test_an_unclosed_quote_is_reported_at_its_line_and_no_rows_are_merged(tmp_path: Path) -> None:
    for seed in SEEDS:
        rng = random.Random(seed)
        rows = lab_rows(seed, "en_US", 8)
        lines = export(HEADER, rows, line_end="\n").splitlines()
        bad = rng.randint(1, len(lines) - 2)  # a data line, not the last
        cells = lines[bad].split(",")
        col = rng.randint(0, len(cells) - 1)
        cells[col] = '"' + cells[col]
        lines[bad] = ",".join(cells)
        path = tmp_path / f"broken_{seed}.csv"
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")

        table = read_csv(path)

        assert len(table.rows) == len(rows), seed  # one row per line, none swallowed
        assert not any("\n" in c for r in table.rows for c in r)
        assert [r for r, line in zip(table.rows, table.lines) if line != bad + 1] == \
            [r for i, r in enumerate(rows) if i != bad - 1]
        assert any(line == bad + 1 and severity == "error" and "quote" in what for line, severity, what in table.notes)


def test_a_quoted_field_over_two_lines_is_still_one_row(tmp_path: Path) -> None:
    rows = lab_rows(3, "en_US", 4)
    rows[1][5] = "Dr. Lin\nlab 2"
    path = tmp_path / "multiline.csv"
    path.write_text(export(HEADER, rows).replace('Dr. Lin\nlab 2', '"Dr. Lin\nlab 2"'), encoding="utf-8")

    table = read_csv(path)

    assert table.rows == rows and table.notes == [] and table.lines == [2, 3, 5, 6]


@pytest.mark.parametrize(("content", "says"), [
    (b"PK\x03\x04\x14\x00\x06\x00" + bytes(range(256)) * 8, "Excel workbook"),
    (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(200), "old Excel workbook"),
    (b"%PDF-1.7\n" + bytes(range(256)), "PDF"),
    (b"", "empty"),
    (b"\r\n\r\n", "empty"),
    (bytes(range(1, 32)) * 40, "binary"),
    (b"a,b\n1,2\x00\x00\x00\x01\x02" * 30, "binary"),
])
def test_a_file_that_is_not_csv_is_refused_in_one_line(tmp_path: Path, content: bytes, says: str) -> None:
    path = tmp_path / "data.csv"
    path.write_bytes(content)
    with pytest.raises(UnreadableFileError) as err:
        read_csv(path)
    msg = str(err.value)
    assert "data.csv" in msg and says in msg and "\n" not in msg


def test_random_bytes_are_read_or_refused_never_crash(tmp_path: Path) -> None:
    for seed in range(40):
        path = tmp_path / f"r{seed}.csv"
        path.write_bytes(random.Random(seed).randbytes(random.Random(seed).randint(1, 3000)))
        try:
            table = read_csv(path)
        except UnreadableFileError as exc:
            assert "\n" not in str(exc)
        else:
            assert all(len(line) >= 1 for line in table.lines)


def test_a_bad_file_in_a_folder_is_a_problem_and_the_others_are_read(tmp_path: Path) -> None:
    good = lab_rows(5, "zh_CN", 4)
    (tmp_path / "a_gbk.csv").write_bytes(export(HEADER, good).encode("gbk"))
    (tmp_path / "b_workbook.csv").write_bytes(b"PK\x03\x04" + os.urandom(300))
    (tmp_path / "c_empty.csv").write_bytes(b"")
    (tmp_path / "d_book.xlsx").write_bytes(b"PK\x03\x04")
    (tmp_path / "e_utf16.csv").write_bytes(export(HEADER, good, "\t").encode("utf-16"))

    read = read_records(tmp_path, CsvRecord.FILE)

    assert [r.key for r in read.records] == ["a_gbk.csv", "e_utf16.csv"]
    assert read.records[0].data["rows"] == good == read.records[1].data["rows"]
    assert len(read.problems) == 3
    assert any("b_workbook.csv" in p and "skipped" in p for p in read.problems)
    assert any("c_empty.csv" in p for p in read.problems) and any("d_book.xlsx" in p for p in read.problems)

    rows = read_records(tmp_path, CsvRecord.ROW)
    assert len(rows.records) == 2 * len(good)
    assert rows.records[0].data == dict(zip(HEADER, good[0]))


def test_a_single_unreadable_file_is_a_one_line_error(tmp_path: Path) -> None:
    path = tmp_path / "only.csv"
    path.write_bytes(b"PK\x03\x04" + bytes(100))
    with pytest.raises(MemoryAgentError, match="only.csv is an Excel workbook"):
        read_records(path, CsvRecord.FILE)


def test_jsonl_bad_lines_are_problems_and_other_encodings_are_read(tmp_path: Path) -> None:
    path = tmp_path / "in.jsonl"
    good = [{"id": f"r{i}", "name": n} for i, n in enumerate(["张伟", "李娜", "王芳"])]
    lines = [json.dumps(good[0], ensure_ascii=False), "{not json", json.dumps(good[1], ensure_ascii=False),
             "[1, 2]", '{"id": "x", "bad": "\\ud800"}', json.dumps(good[2], ensure_ascii=False)]
    path.write_bytes(("\n".join(lines) + "\n").encode("gbk"))

    read = read_records(path, CsvRecord.ROW)

    assert [r.data for r in read.records] == good
    assert [r.key for r in read.records] == ["in.jsonl:1", "in.jsonl:3", "in.jsonl:6"]
    assert [p.split(":")[1] for p in read.problems] == ["2", "4", "5"]


def test_a_file_name_that_is_not_utf8_is_shown_with_a_replacement_character(tmp_path: Path) -> None:
    rows = lab_rows(8, "zh_CN", 3)
    name = os.fsdecode("样本".encode("gbk") + b".csv")  # a GBK file name from a zip made on Windows
    (tmp_path / name).write_bytes(export(HEADER, rows).encode("gbk"))
    (tmp_path / os.fsdecode(b"bad\xff.csv")).write_bytes(b"PK\x03\x04")

    read = read_records(tmp_path, CsvRecord.FILE)

    assert [r.data["rows"] for r in read.records] == [rows]
    key = read.records[0].key
    assert key.endswith(".csv") and "\ufffd" in key and key.encode("utf-8")
    assert read.problems == ["bad\ufffd.csv is an Excel workbook or another ZIP archive (.xlsx?), not CSV text; "
                             "export it as CSV (UTF-8) -- file skipped"]
