"""A batch over a messy folder, and the resume messages, as a user runs them (in-process CLI, embedded SQLite)."""
from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

from app.cli import main
from tests.batch.lab_csv import HEADER, export, lab_rows
from tests.batch.report_tables import summary_counts, table_counts

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "configs/examples/data_validation"


@pytest.fixture
def cli(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]):  # noqa: ANN201
    """``cli(*args) -> (exit code, stdout, stderr)`` on a fresh embedded data folder."""
    for var in ("MYSQL_URL", "REDIS_URL", "PG_DSN"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("MEMORY_AGENT_HOME", str(tmp_path / "home"))

    def run(*args: str) -> tuple[int, str, str]:
        code = main(list(args))
        out = capsys.readouterr()
        return code, out.out, out.err

    return run


def _messy_folder(folder: Path) -> None:
    folder.mkdir()
    rows = lab_rows(11, "zh_CN", 8)
    rows[3][2] = "n/a"
    (folder / "a_gbk.csv").write_bytes(export(HEADER, rows).encode("gbk"))
    semi = lab_rows(12, "de_DE", 6)
    (folder / "b_semicolon.csv").write_bytes(export(HEADER, semi, ";", decimal_comma=True).encode("cp1252"))
    broken = export(HEADER, lab_rows(13, "en_US", 6), line_end="\n").splitlines()
    broken[3] = broken[3].replace(",glucose", ',"glucose').replace(",sodium", ',"sodium') \
        .replace(",potassium", ',"potassium').replace(",hemoglobin", ',"hemoglobin')
    (folder / "c_broken.csv").write_text("\n".join(broken) + "\n", encoding="utf-8")
    (folder / "d_workbook.csv").write_bytes(b"PK\x03\x04" + os.urandom(500))
    (folder / "e_noise.csv").write_bytes(bytes(range(256)) * 8)


def test_a_messy_folder_is_reported_file_by_file_and_the_counts_match_the_tables(cli, tmp_path: Path) -> None:  # noqa: ANN001
    data, out = tmp_path / "in", tmp_path / "out"
    _messy_folder(data)

    code, stdout, stderr = cli("batch", "--agents", str(EXAMPLE / "AGENTS.md"), str(data), "--out", str(out), "--no-progress")

    assert code == 0, stderr
    assert "d_workbook.csv is an Excel workbook" in stderr and "e_noise.csv" in stderr
    md = (out / "report.md").read_text(encoding="utf-8")
    summary = summary_counts(md)
    tables = table_counts(md)
    assert {k: summary[k] for k in tables} == tables
    assert summary["records"] == summary["sections"] == 3 and summary["input_problems"] == 2
    results = {r["key"]: r for r in map(json.loads, (out / "results.jsonl").read_text(encoding="utf-8").splitlines())}
    findings = {k: r["outputs"]["report"]["findings"] for k, r in results.items()}
    gbk = [(f["line"], f["severity"]) for f in findings["a_gbk.csv"] if f["check"] == "format"]
    assert gbk == [(5, "error")]  # only the seeded 'n/a': every other GBK cell was read right
    assert any(f["check"] == "read" and "gb18030" in f["message"] for f in findings["a_gbk.csv"])
    semi = findings["b_semicolon.csv"]
    assert not any("missing" in f["message"] for f in semi)  # the columns were found
    assert any("semicolon" in f["message"] for f in semi) and any("decimal commas" in f["message"] for f in semi)
    assert not any(f["severity"] == "error" for f in semi)  # 5,2 is a number in a semicolon file
    assert len(results["b_semicolon.csv"]["outputs"]["unit_check"]["measures"]) == 6
    broken = [f for f in findings["c_broken.csv"] if f["line"] == 4]
    assert any(f["check"] == "read" and "quote" in f["message"] for f in broken)
    assert results["c_broken.csv"]["outputs"]["format_check"]["row_count"] == 6  # no row swallowed
    manifest = json.loads((out / "batch-run.json").read_text(encoding="utf-8"))
    assert len(manifest["input_problems"]) == 2 and manifest["records"] == 3


def test_resume_messages_speak_of_runs_and_outputs(cli, tmp_path: Path) -> None:  # noqa: ANN001
    agents, data, out = str(EXAMPLE / "AGENTS.md"), str(EXAMPLE / "data"), str(tmp_path / "out")
    base = ("batch", "--agents", agents, data, "--out", out, "--no-progress")

    code, _, err = cli(*base, "--resume", "nope")
    assert code == 2 and err.count("\n") == 1
    assert "there is no batch run 'nope'" in err and "python -m app batch --list-runs" in err
    assert "__batch__" not in err and "Task" not in err

    code, stdout, err = cli(*base)
    first = re.match(r"run ([0-9a-f]{12}):", err).group(1)
    code, _, err = cli(*base, "--resume", first)
    assert code == 2 and f"run {first} is already done" in err and f"its outputs are in {Path(out).resolve()}" in err

    code, _, err = cli(*base)
    second = re.match(r"run ([0-9a-f]{12}):", err).group(1)
    code, _, err = cli(*base, "--resume", first)
    assert code == 2 and err.count("\n") == 1
    assert f"outputs in {Path(out).resolve()} were replaced by run {second}" in err and "its outputs are in" not in err
    code, _, err = cli(*base, "--resume", second)
    assert code == 2 and "its outputs are in" in err

    code, listing, _ = cli("batch", "--list-runs")
    assert code == 0 and [line.split()[0] for line in listing.splitlines()] == [first, second]
    assert all("done" in line and "3/3 records" in line for line in listing.splitlines())


def test_batch_without_its_arguments_says_what_is_missing(cli) -> None:  # noqa: ANN001
    code, _, err = cli("batch", "--agents", "x.md")
    assert code == 2 and err.count("\n") == 1 and "batch needs INPUT, --out DIR" in err
