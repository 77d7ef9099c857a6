"""Property: whatever a user types or feeds it, the CLI answers or prints one error line; never a traceback.

``app.cli.main`` runs in-process (no subprocess) on embedded stores in a temporary data
folder and working directory. The commands that would open every tier or read stdin
(``chat``, ``remember``, ``recall``) are fuzzed with ids that break the id rule, so they stop
at validation; ``batch`` and ``audit`` run for real on arbitrary arguments, arbitrary
files, spreadsheet exports in many encodings and mutated AGENTS.md files.

Runs derandomized (the same 25 examples per property in CI every time); ``FUZZ_RANDOM=1``
explores anew and ``FUZZ_EXAMPLES=N`` runs N examples per property.
"""
from __future__ import annotations

import contextlib
import io
import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.cli import main
from memory.errors import MemoryAgentError
from memory.ids import check_user_id
from tests.batch.lab_csv import HEADER, export, lab_rows
from tests.batch.report_tables import summary_counts, table_counts

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "configs/examples/data_validation"
FUZZ = settings(
    max_examples=int(os.environ.get("FUZZ_EXAMPLES", "25")), deadline=None, database=None, derandomize=not os.environ.get("FUZZ_RANDOM"),
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
)
BUG_EXIT = 70  # app.cli's last line of defence: an exception nobody meant to raise


@pytest.fixture(scope="module", autouse=True)
def sandbox(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A data folder and a working directory of its own; relative paths the fuzzer makes land here."""
    base = tmp_path_factory.mktemp("cli_fuzz")
    saved = {k: os.environ.get(k) for k in ("MEMORY_AGENT_HOME", "MYSQL_URL", "REDIS_URL", "PG_DSN", "LOG_LEVEL")}
    for k in ("MYSQL_URL", "REDIS_URL", "PG_DSN", "LOG_LEVEL"):
        os.environ.pop(k, None)
    os.environ["MEMORY_AGENT_HOME"] = str(base / "home")
    cwd = Path.cwd()
    work = base / "cwd"
    work.mkdir()
    shutil.copy(EXAMPLE / "AGENTS.md", work / "agents.md")
    shutil.copytree(EXAMPLE / "data", work / "data")
    (work / "gbk.csv").write_bytes(export(HEADER, lab_rows(1, "zh_CN", 5)).encode("gbk"))
    (work / "binary.csv").write_bytes(b"PK\x03\x04" + bytes(range(256)))
    os.chdir(work)
    yield work
    os.chdir(cwd)
    for k, v in saved.items():
        if v is None:
            os.environ.pop(k, None)
        else:
            os.environ[k] = v


def run(argv: list[str]) -> tuple[int, str, str]:
    """Exit code, stdout and stderr of ``python -m app ARGV``, in-process."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(argv)
        except SystemExit as exc:  # argparse: --help (0) or a usage error (2)
            code = exc.code if isinstance(exc.code, int) else 2
    return code, out.getvalue(), err.getvalue()


def assert_answered_or_one_line(code: int, out: str, err: str) -> None:
    """The contract: exit 0/1 with an answer, or exit 2 whose last stderr line is the only error line."""
    assert "Traceback" not in out + err, err
    assert code != BUG_EXIT, err
    assert code in (0, 1, 2), (code, err)
    errors = [line for line in err.splitlines() if line.startswith("error:")]
    if code == 2:
        assert len(errors) == 1 and err.rstrip("\n").splitlines()[-1] == errors[0], err
        assert len(errors[0]) < 3000
    else:
        assert not errors, err


def _safe_path_text(s: str) -> bool:
    """No absolute paths or parent folders: whatever the fuzzer writes stays in the sandbox."""
    return not s.startswith(("/", "~")) and ".." not in s


ANY_TEXT = st.one_of(
    st.text(st.characters(codec=None, exclude_categories=()), max_size=20),  # any code point, lone surrogates too
    st.binary(max_size=20).map(lambda b: b.decode("utf-8", "surrogateescape")),  # how Python decodes argv bytes
).filter(_safe_path_text)
FILES = st.sampled_from(["agents.md", "data", "gbk.csv", "binary.csv", "missing.csv", "data/plate_a.csv", "."])
OPTIONS = st.sampled_from(["--agents", "--out", "--resume", "--list-runs", "--user", "--no-progress", "--diff",
                           "--min-score", "-h", "--", "-"])


@FUZZ
@given(command=st.sampled_from(["batch", "audit", ""]), tokens=st.lists(st.one_of(OPTIONS, FILES, ANY_TEXT), max_size=7))
def test_any_batch_or_audit_arguments(command: str, tokens: list[str]) -> None:
    argv = ([command] if command else []) + tokens
    assert_answered_or_one_line(*run(argv))


def _breaks_the_rule(s: str) -> bool:
    try:
        check_user_id(s)
    except MemoryAgentError:
        return True
    return False


@FUZZ
@given(command=st.sampled_from(["chat", "remember", "recall"]),
       user=st.one_of(ANY_TEXT, st.sampled_from(["", "a:b", " ", "x" * 65, "_internal", "a\x00b", "\udcff"]))
       .filter(_breaks_the_rule),
       text=ANY_TEXT)
def test_an_id_that_breaks_the_rule_is_one_line_naming_the_rule(command: str, user: str, text: str) -> None:
    argv = [command, f"--user={user}"] + ([] if command == "chat" else ["--", text])
    code, out, err = run(argv)
    assert_answered_or_one_line(code, out, err)
    assert code == 2
    assert "an id is 1-64 characters: letters, digits and . _ - @" in err or "is not valid UTF-8" in err or "NUL" in err


LAB_FILES = st.builds(
    lambda seed, n, locale_enc, delimiter, quote_at, cut: _lab_bytes(seed, n, locale_enc, delimiter, quote_at, cut),
    st.integers(0, 10_000), st.integers(0, 12),
    st.sampled_from([("zh_CN", "gbk"), ("zh_CN", "utf-8-sig"), ("zh_CN", "utf-16"), ("de_DE", "cp1252"),
                     ("en_US", "utf-8"), ("ja_JP", "shift_jis"), ("ru_RU", "cp1251")]),
    st.sampled_from([",", ";", "\t", "|"]), st.one_of(st.none(), st.integers(0, 400)), st.one_of(st.none(), st.integers(0, 600)),
)


def _lab_bytes(seed: int, n: int, locale_enc: tuple[str, str], delimiter: str, quote_at: int | None, cut: int | None) -> bytes:
    locale, encoding = locale_enc
    text = export(HEADER, lab_rows(seed, locale, n), delimiter, decimal_comma=delimiter == ";")
    if quote_at is not None:
        text = text[:quote_at] + '"' + text[quote_at:]
    raw = text.encode(encoding, "replace")
    return raw[:cut] if cut is not None else raw


@FUZZ
@given(files=st.lists(st.one_of(LAB_FILES, st.binary(max_size=400)), min_size=1, max_size=3))
def test_any_folder_of_csv_files_gets_a_report_whose_counts_match_its_tables(sandbox: Path, files: list[bytes]) -> None:
    folder = sandbox / "fuzz_in"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir()
    for i, content in enumerate(files):
        (folder / f"f{i}.csv").write_bytes(content)
    out = sandbox / "fuzz_out"

    code, stdout, err = run(["batch", "--agents", "agents.md", str(folder), "--out", str(out), "--no-progress"])

    assert_answered_or_one_line(code, stdout, err)
    assert code == 0, err  # a folder always runs: unreadable files are input problems
    md = (out / "report.md").read_text(encoding="utf-8")
    summary, tables = summary_counts(md), table_counts(md)
    assert {k: summary[k] for k in tables} == tables
    assert summary["records"] + summary["input_problems"] >= len(files)


@FUZZ
@given(content=st.one_of(
    st.binary(max_size=300),
    st.builds(lambda at, junk, cut: _mutated_agents(at, junk, cut), st.integers(0, 3000),
              st.binary(min_size=1, max_size=6), st.integers(0, 40)),
))
def test_any_agents_file_is_audited_or_refused_in_one_line(sandbox: Path, content: bytes) -> None:
    path = sandbox / "fuzz_agents.md"
    path.write_bytes(content)
    code, out, err = run(["audit", "--agents", str(path)])
    assert_answered_or_one_line(code, out, err)
    if code in (0, 1):
        assert out.startswith(f"audit of {path}: ")


def _mutated_agents(at: int, junk: bytes, cut: int) -> bytes:
    raw = (EXAMPLE / "AGENTS.md").read_bytes()
    at %= len(raw)
    return raw[:at] + junk + raw[at + cut:]
