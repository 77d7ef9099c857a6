"""The terminal chat as a user drives it: pastes at a real pseudo-terminal, bad bytes through a
pipe, session commands, and supersede links shown in plain words.

Each test runs ``python -m app chat`` in its own process on real stores: the shared Redis
(own key prefix), a fresh MariaDB database and a fresh database on the embedded PostgreSQL.
"""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pexpect

ROOT = Path(__file__).resolve().parents[2]
PASTE_START, PASTE_END = "\x1b[200~", "\x1b[201~"


def _chat_through_pipe(env: dict[str, str], user: str, stdin: bytes) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "app", "chat", "--user", user],
        env=env, cwd=ROOT, input=stdin, capture_output=True, timeout=300,
    )


def _paragraphs(total: int, marker: str) -> str:
    """A multi-line message of exactly ``total`` characters that ends with ``marker``."""
    line = "My notes on the migration plan: step after step, nothing to remember here.\n"
    body = (line * (total // len(line) + 1))[: total - len(marker)]
    return body + marker


def test_a_long_multi_line_paste_reaches_the_pipeline_whole(chat_env: dict[str, str]) -> None:
    env = {**chat_env, "TERM": "xterm-256color", "PROMPT_TOOLKIT_NO_CPR": "1"}
    child = pexpect.spawn(
        sys.executable, ["-m", "app", "chat", "--user", "paula"], env=env, cwd=str(ROOT),
        encoding="utf-8", codec_errors="replace", timeout=120, dimensions=(40, 120),
    )
    try:
        child.expect("you>")  # the line editor draws the prompt's space as a cursor move
        pasted = _paragraphs(6000, "END-OF-PASTE-6000")
        assert len(pasted) == 6000 and pasted.count("\n") > 60 and len(pasted.encode()) > 4095
        child.send(PASTE_START + pasted + PASTE_END)
        child.send("\r")
        child.expect("agent> ")
        child.expect("you>")
        child.send("/why\r")
        child.expect(r"cache hit: (True|False)")
        shown = re.search(r"query: '(.*?)'  cache hit", child.before + child.after, re.S)
        assert shown is not None, child.before[-2000:]
        query = shown.group(1).replace("\r", "").replace("\\n", "\n")
        assert len(query) == 6000 and query.endswith("END-OF-PASTE-6000")  # nothing was cut

        child.expect("you>")
        child.send(PASTE_START + _paragraphs(8001, "TOO-LONG") + PASTE_END)
        child.send("\r")
        child.expect("agent> ")
        child.expect("you>")
        assert "8001 characters long; the limit is 8000" in child.before.replace("\r\n", " ")
        child.send("我住在杭州。\r")  # typed Chinese, then the same line again from history (arrow up)
        child.expect("agent> ")
        child.expect("you>")
        assert "好的，知道了。" in child.before
        child.send("\x1b[A")
        child.expect("我住在杭州。")
        child.send("\r")
        child.expect("agent> ")
        child.expect("you>")
        assert "好的，知道了。" in child.before
        child.send("/quit\r")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert child.exitstatus == 0


def test_invalid_utf8_nul_and_control_bytes_through_a_pipe_are_answered(chat_env: dict[str, str]) -> None:
    lines = [
        b"I live in Lisbon \xff\xfe and I like \xe9clairs.",   # not UTF-8 (Latin-1 bytes)
        b"\xed\xa0\x80 lone surrogate, UTF-8 encoded",          # a surrogate is invalid UTF-8
        b"my name\x00 is Nul\x00l",                             # NUL bytes
        b"\x1b[31mred\x1b[0m and a bell\x07",                   # escape sequences, BEL
        "我住在哪里？".encode("gbk"),                              # a GBK terminal: mostly unreadable, refused
        b"\x00\x00\x00",                                        # nothing left after cleaning
        b"Where do I live?",
        b"/quit",
    ]
    result = _chat_through_pipe(chat_env, "nils", b"\n".join(lines) + b"\n")
    out = result.stdout.decode("utf-8")
    assert result.returncode == 0, result.stderr.decode("utf-8", "replace")[-2000:]
    assert "Traceback" not in out + result.stderr.decode("utf-8", "replace")
    assert out.count("agent> [offline]") == 5  # every message with readable text left is answered
    assert out.count("characters are unreadable); nothing was stored") == 1  # the GBK line, refused cleanly
    assert out.count("were not valid UTF-8") == 3 and out.count("control character(s)") == 3
    answer = out.rsplit("agent> ", 1)[1]
    assert "Lisbon" in answer  # the fact from the mis-encoded line was kept and recalled


def test_memories_and_why_show_which_memory_replaced_which_and_session_commands_speak_plainly(
    chat_env: dict[str, str],
) -> None:
    first = _chat_through_pipe(
        chat_env, "rita", b"I live in Hangzhou.\nI moved to Shanghai last month.\n/why\n/quit\n"
    )
    out = first.stdout.decode("utf-8")
    assert first.returncode == 0, first.stderr.decode("utf-8", "replace")[-2000:]
    moved = re.search(r"remembered: #(\d+) .*Shanghai.*\(replaces #(\d+)\)", out)
    assert moved is not None, out
    new_id, old_id = moved.groups()
    assert "superseded #" not in out

    second = _chat_through_pipe(
        chat_env, "rita", b"/end deadbeef0000\n/sessions\nWhere do I live now?\n/why\n/memories\n/memories all\n/quit\n"
    )
    out = second.stdout.decode("utf-8")
    assert "No live session 'deadbeef0000' for user 'rita'" in out and "Ended session" not in out
    assert "python -m app chat --user rita --session ID" in out
    # One "you>" prompt per line read: ... answer, /why, /memories, /memories all, /quit.
    why, active, everything = out.split("you>")[-4:-1]
    assert re.search(rf"#{new_id} \[profile\] [^\n]*Shanghai[^\n]*\(replaces #{old_id}\)", why), why
    assert re.search(rf"#{new_id} \[profile\] [^\n]*Shanghai[^\n]*replaces #{old_id}\)", active), active
    assert "Hangzhou" not in active
    assert re.search(rf"#{old_id} \[profile\] [^\n]*Hangzhou[^\n]*replaced by #{new_id}\)", everything), everything
