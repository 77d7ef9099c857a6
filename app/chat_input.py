"""Where the terminal chat reads the user's messages from, and how raw input is made safe.

At a terminal the chat uses a line editor (prompt_toolkit): a multi-line paste arrives
whole (bracketed paste), with history and correct widths for Chinese characters, so the
chat's own MAX_INPUT_CHARS limit applies instead of the terminal's 4,095-byte line limit.
From a pipe or a file it reads bytes line by line and decodes them itself, so input that
is not valid UTF-8 never stops the chat.
"""
from __future__ import annotations

import asyncio
import os
import threading
import sys
import unicodedata
from dataclasses import dataclass
from typing import BinaryIO, Protocol

PROMPT = "you> "
TTY_LINE_LIMIT = 4095
"""Bytes a terminal in canonical (cooked) mode keeps of one line; the rest is dropped."""
CUT_LINE = (
    "That line reached the terminal's 4,095-byte limit and was probably cut, so it was not sent. "
    "Run the chat with both input and output at the terminal (its editor takes long pastes), "
    "or pipe the text from a file."
)
_UTF8_REPLACEMENT = b"\xef\xbf\xbd"
_KEEP_CONTROLS = frozenset("\n\t")


@dataclass(frozen=True)
class CleanInput:
    """A user's line after cleaning.

    Attributes:
        text: The text to send: valid Unicode, no NUL or control characters, ``\\n`` line ends.
        removed_controls: How many control characters (NUL, escape, ...) were removed.
        replaced_bytes: How many undecodable byte sequences became U+FFFD.
        refusal: Why the line must not be sent (e.g. it was cut by the terminal), or ``None``.
    """

    text: str
    removed_controls: int = 0
    replaced_bytes: int = 0
    refusal: str | None = None

    def notice(self) -> str | None:
        """A one-line note for the user about what cleaning changed; ``None`` when nothing."""
        parts = []
        if self.replaced_bytes:
            parts.append(f"{self.replaced_bytes} byte sequence(s) that were not valid UTF-8 became \ufffd")
        if self.removed_controls:
            parts.append(f"{self.removed_controls} control character(s) such as NUL were removed")
        return f"note: {'; '.join(parts)}." if parts else None


def clean_text(text: str, replaced_bytes: int = 0) -> CleanInput:
    """``text`` with line ends unified, lone surrogates replaced and control characters removed.

    Tabs and line breaks are kept; every other C0/C1 control character (NUL, ESC, DEL, ...)
    is removed, because stores and terminals mishandle them.
    """
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    kept: list[str] = []
    removed = 0
    for ch in text:
        category = unicodedata.category(ch)
        if category == "Cs":
            kept.append("\ufffd")
            replaced_bytes += 1
        elif category == "Cc" and ch not in _KEEP_CONTROLS:
            removed += 1
        else:
            kept.append(ch)
    return CleanInput("".join(kept), removed, replaced_bytes)


def decode_line(raw: bytes) -> CleanInput:
    """One line of bytes from a pipe, decoded as UTF-8 (bad bytes become U+FFFD) and cleaned."""
    text = raw.decode("utf-8", errors="replace")
    replaced = text.count("\ufffd") - raw.count(_UTF8_REPLACEMENT)
    if text.endswith("\n"):
        text = text[:-1]
    return clean_text(text, replaced)


class LineSource(Protocol):
    """Something the chat reads the user's messages from."""

    async def read(self) -> CleanInput | None:
        """The next message; ``None`` at the end of input (Ctrl-D, end of the pipe)."""


class PipeLines:
    """Lines from a non-interactive stdin (pipe, file, tests), one message per line."""

    def __init__(self, stream: BinaryIO) -> None:
        """Read from ``stream``, a binary file such as ``sys.stdin.buffer``."""
        self._stream = stream
        self._terminal = stream.isatty()
        self._lines: asyncio.Queue[bytes] | None = None

    def _start(self) -> asyncio.Queue[bytes]:
        """Lines are read by a daemon thread: a process that stops while no line comes never waits for one."""
        loop = asyncio.get_running_loop()
        queue: asyncio.Queue[bytes] = asyncio.Queue()

        def put(raw: bytes) -> bool:
            try:
                loop.call_soon_threadsafe(queue.put_nowait, raw)
                return True
            except RuntimeError:
                return False  # the loop is closed: the chat is over

        def read() -> None:
            # os.read on the descriptor, not the buffered reader: a daemon thread blocked inside
            # the reader's lock would abort the interpreter at shutdown.
            try:
                fd, pending = self._stream.fileno(), b""
            except (OSError, ValueError):  # an in-memory stream: it never blocks, read it as it is
                for raw in iter(self._stream.readline, b""):
                    if not put(raw):
                        return
                put(b"")
                return
            while True:
                try:
                    chunk = os.read(fd, 65536)
                except OSError:
                    chunk = b""
                if not chunk:
                    if pending:
                        put(pending)
                    put(b"")
                    return
                pending += chunk
                while b"\n" in pending:
                    line, pending = pending.split(b"\n", 1)
                    if not put(line + b"\n"):
                        return

        threading.Thread(target=read, name="stdin-reader", daemon=True).start()
        return queue

    async def read(self) -> CleanInput | None:
        """The next line, or ``None`` at the end of the stream.

        A line read from a terminal in canonical mode that fills its 4,095-byte buffer was
        most likely cut; it comes back with a refusal so that a fragment is never sent.
        """
        print(PROMPT, end="", flush=True)
        if self._lines is None:
            self._lines = self._start()
        raw = await self._lines.get()
        if not raw:
            return None
        line = decode_line(raw)
        if self._terminal and len(raw.rstrip(b"\r\n")) >= TTY_LINE_LIMIT:
            return CleanInput(line.text, line.removed_controls, line.replaced_bytes, CUT_LINE)
        return line


class TerminalLines:
    """Messages typed or pasted at a terminal, through the prompt_toolkit line editor.

    Enter sends; a paste is inserted whole, line breaks included (bracketed paste). History
    (arrow keys) lasts for the process only, so nothing the user typed is written to disk.
    Ctrl-C clears the line; Ctrl-D on an empty line ends the chat.
    """

    def __init__(self) -> None:
        """Create the line editor on the process's terminal."""
        from prompt_toolkit import PromptSession
        from prompt_toolkit.history import InMemoryHistory

        self._session: PromptSession[str] = PromptSession(history=InMemoryHistory())

    async def read(self) -> CleanInput | None:
        """The next message, or ``None`` when the user pressed Ctrl-D."""
        while True:
            try:
                return clean_text(await self._session.prompt_async(PROMPT))
            except KeyboardInterrupt:
                continue
            except EOFError:
                return None


def open_line_source() -> LineSource:
    """The line editor when stdin and stdout are a terminal, otherwise plain lines from stdin."""
    if sys.stdin.isatty() and sys.stdout.isatty():
        return TerminalLines()
    return PipeLines(sys.stdin.buffer)


def print_above_prompt(text: str) -> None:
    """Print a line while the prompt may be waiting for input: above the line editor (which
    redraws its prompt under it), or plainly when no editor is running (a pipe)."""
    try:
        from prompt_toolkit.application import get_app_or_none, run_in_terminal
    except ImportError:  # pragma: no cover - prompt_toolkit is a dependency
        print(text, flush=True)
        return
    app = get_app_or_none()
    if app is None or not app.is_running:
        print(text, flush=True)
        return
    run_in_terminal(lambda: print(text, flush=True))
