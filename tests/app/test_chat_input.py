"""Raw terminal and pipe input made safe before it reaches a chat turn."""
from __future__ import annotations

import io
import os
import pty
import termios

from app.chat_input import CUT_LINE, TTY_LINE_LIMIT, PipeLines, clean_text, decode_line


def test_bad_bytes_become_replacement_characters_and_are_counted() -> None:
    line = decode_line(b"caf\xe9 \xed\xa0\x80 ok \xef\xbf\xbd\n")
    assert line.text.startswith("caf\ufffd ") and line.text.endswith(" ok \ufffd")
    assert line.replaced_bytes == 1 + 3  # é as Latin-1; the UTF-8-encoded surrogate; a real U+FFFD is not counted
    line.text.encode("utf-8")  # always encodable
    assert "not valid UTF-8" in line.notice()


def test_controls_are_removed_tabs_and_line_breaks_kept() -> None:
    cleaned = clean_text("a\x00b\tc\r\nd\x1b[31me\x7f\x85f\ud800")
    assert cleaned.text == "ab\tc\nd[31mef\ufffd"
    assert cleaned.removed_controls == 4 and cleaned.replaced_bytes == 1
    assert cleaned.notice().count("\n") == 0 and "NUL" in cleaned.notice()
    assert clean_text("我住在杭州。").notice() is None


async def test_pipe_lines_end_with_none_and_keep_every_line() -> None:
    source = PipeLines(io.BytesIO(b"first\nsecond\xff\n\nlast without newline"))
    read = [await source.read() for _ in range(5)]
    assert [r.text if r else None for r in read] == ["first", "second\ufffd", "", "last without newline", None]
    assert all(r is None or r.refusal is None for r in read)


async def test_a_line_cut_by_a_cooked_terminal_is_refused_not_sent() -> None:
    master, slave = pty.openpty()
    attrs = termios.tcgetattr(slave)
    attrs[3] &= ~termios.ECHO  # nobody reads the echo
    termios.tcsetattr(slave, termios.TCSANOW, attrs)
    with os.fdopen(slave, "rb", buffering=0) as stream:
        short, long_line = b"I live in Berlin.\n", b"x" * 5000 + b"\n"
        os.write(master, short)
        os.write(master, long_line)
        source = PipeLines(stream)  # canonical mode: the kernel keeps 4,095 bytes of a line
        first, second = await source.read(), await source.read()
    os.close(master)
    assert first.text == "I live in Berlin." and first.refusal is None
    assert len(second.text) == TTY_LINE_LIMIT and second.refusal == CUT_LINE
