"""Reading one CSV file as a person exported it: any encoding, any common delimiter.

* **Encoding**: a BOM (UTF-8, UTF-16) decides; else strict UTF-8; else GBK/GB18030 when
  the text reads as Chinese (Excel on a Chinese Windows saves "CSV" in GBK); else
  Windows-1252 when it reads as Western European; else Big5 or Shift-JIS when it decodes to
  nothing but CJK text; else ``charset-normalizer``'s best guess
  (which alone misreads short files). A guessed encoding is noted.
* **Binary files** (an Excel workbook renamed ``.csv``, an image, NUL bytes) are refused
  with a message saying what the file looks like and what to export instead.
* **Delimiter**: ``,`` ``;`` tab or ``|``, whichever splits the first lines most
  consistently into the header's width; anything other than ``,`` is noted.
* **Quoting**: a quoted field that runs over several lines and swallows what look like
  rows (an unclosed quote) is never merged silently: those lines are read one by one and
  the note names the line where the quote opens.
"""
from __future__ import annotations

import contextlib
import csv
import io
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from memory.errors import MemoryAgentError

DELIMITERS = (",", ";", "\t", "|")
SNIFF_LINES = 30
MAX_CSV_BYTES = 200_000_000
_MAGIC = {
    b"PK\x03\x04": "an Excel workbook or another ZIP archive (.xlsx?)",
    b"\xd0\xcf\x11\xe0": "an old Excel workbook (.xls)",
    b"%PDF": "a PDF document",
    b"\x89PNG": "a PNG image",
    b"\xff\xd8\xff": "a JPEG image",
}
csv.field_size_limit(10_000_000)


class UnreadableFileError(MemoryAgentError):
    """A file of a batch input cannot be read as CSV; the message says why and what to do."""


@dataclass
class CsvTable:
    """One CSV file: its header, its rows with their line numbers, and what was noticed."""

    name: str
    encoding: str
    delimiter: str
    header: list[str]
    rows: list[list[str]] = field(default_factory=list)
    lines: list[int] = field(default_factory=list)  # physical line of each row (header = 1)
    notes: list[tuple[int | None, str, str]] = field(default_factory=list)  # (line, severity, what)


def _chinese(raw: bytes) -> str | None:
    """The text when ``raw`` decodes as GB18030 and reads as Chinese.

    Reads as Chinese: at least 90 % of the non-ASCII characters are GB2312 characters and
    at least half the distinct hanzi are among its 3,755 common ones (level 1, lead byte 0xB0-0xD7). Cyrillic or
    Latin text in a one-byte code page decodes into rare level-2 hanzi and fails this.
    """
    try:
        text = raw.decode("gb18030")
    except UnicodeDecodeError:
        return None
    wide = [c for c in text if ord(c) > 0x7F]
    if not wide:
        return None
    leads = _gb2312_leads(wide)
    in_gb2312 = sum(c in leads for c in wide)
    return text if _reads_as_chinese(len(wide), in_gb2312, list(leads.values())) else None


def _gb2312_leads(wide: list[str]) -> dict[str, int]:
    """Each distinct character of ``wide`` that GB2312 holds -> its GB2312 lead byte."""
    leads: dict[str, int] = {}
    for c in dict.fromkeys(wide):
        with contextlib.suppress(UnicodeEncodeError):
            leads[c] = c.encode("gb2312")[0]
    return leads


def _reads_as_chinese(n_wide: int, in_gb2312: int, distinct_leads: list[int]) -> bool:
    """At least 90 % of the characters in GB2312 and at least half the distinct hanzi among level 1."""
    hanzi = [lead for lead in distinct_leads if lead >= 0xB0]
    common = sum(lead <= 0xD7 for lead in hanzi)
    return in_gb2312 >= 0.9 * n_wide and common >= 0.5 * len(hanzi)


_WESTERN_SYMBOLS = frozenset("°µ²³±·×€§½¼¾")


def _western(raw: bytes) -> str | None:
    """The text when ``raw`` decodes as Windows-1252 and reads as a Western European language.

    Accented letters sit inside ASCII words (``Müller``, ``Zoë``); a run of three non-ASCII
    letters, or mostly non-ASCII letters, is another encoding (Cyrillic in cp1251, ...).
    """
    try:
        text = raw.decode("cp1252")
    except UnicodeDecodeError:
        return None
    letters = non_ascii = run = 0
    for c in text:
        if ord(c) < 0x80:
            run = 0
            letters += c.isalpha()
            continue
        if c in _WESTERN_SYMBOLS:
            run = 0
            continue
        if not ("\u00c0" <= c <= "\u017f") or not c.isalpha():
            return None
        letters += 1
        non_ascii += 1
        run += 1
        if run >= 3:
            return None
    return text if non_ascii and non_ascii <= 0.3 * letters else None


def _east_asian(raw: bytes, encoding: str) -> str | None:
    """The text when ``raw`` decodes as ``encoding`` (Big5, Shift-JIS) into nothing but CJK text.

    Every non-ASCII character must be a CJK ideograph, kana or CJK punctuation/full-width
    form, with at least one run of two; one-byte code pages rarely decode that way.
    """
    try:
        text = raw.decode(encoding)
    except UnicodeDecodeError:
        return None
    run = longest = 0
    for c in text:
        if ord(c) < 0x80:
            run = 0
            continue
        if not ("\u4e00" <= c <= "\u9fff" or "\u3040" <= c <= "\u30ff" or "\u3000" <= c <= "\u303f"
                or "\uff00" <= c <= "\uffef"):
            return None
        run += 1
        longest = max(longest, run)
    return text if longest >= 2 else None


def _refuse_binary_magic(raw: bytes, name: str) -> None:
    for magic, what in _MAGIC.items():
        if raw.startswith(magic):
            raise UnreadableFileError(f"{name} is {what}, not CSV text; export it as CSV (UTF-8)")


def _legacy_guess(raw: bytes) -> tuple[str, str] | None:
    """(text, encoding) when the bytes read as Chinese, Western European, Big5 or Shift-JIS text."""
    if b"\x00" in raw:
        return None
    guessers = (("gb18030", _chinese), ("cp1252", _western),
                ("big5", lambda b: _east_asian(b, "big5")), ("shift_jis", lambda b: _east_asian(b, "shift_jis")))
    for encoding, guess in guessers:
        text = guess(raw)
        if text is not None:
            return text, encoding
    return None


def _normalizer_guess(raw: bytes, name: str) -> tuple[str, str]:
    """``charset-normalizer``'s best (text, encoding), the last resort.

    Raises:
        UnreadableFileError: nothing it recognises, or a non-UTF-16/32 guess for bytes with NULs.
    """
    from charset_normalizer import from_bytes

    best = from_bytes(raw).best()
    if best is None or (b"\x00" in raw and not best.encoding.startswith("utf_")):
        raise UnreadableFileError(
            f"{name} is not text in any encoding that can be recognised (a binary file?); export it as CSV (UTF-8)"
        )
    return str(best), best.encoding


def decode_bytes(raw: bytes, name: str) -> tuple[str, str, bool]:
    """(text, encoding, guessed) of a text file's bytes.

    Raises:
        UnreadableFileError: a binary file, or an encoding nothing can recognise.
    """
    _refuse_binary_magic(raw, name)
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            return raw.decode("utf-16"), "utf-16", False
        except UnicodeDecodeError:
            raise UnreadableFileError(f"{name} starts like UTF-16 but does not decode; save it as CSV (UTF-8)") from None
    with contextlib.suppress(UnicodeDecodeError):  # not UTF-8: the Chinese encodings are tried next
        return raw.decode("utf-8-sig"), "utf-8", False
    text, encoding = _legacy_guess(raw) or _normalizer_guess(raw, name)
    return text, encoding, True


def _looks_binary(text: str) -> bool:
    controls = sum(1 for c in text[:100_000] if unicodedata.category(c) == "Cc" and c not in "\t\r\n\f")
    return "\x00" in text or controls > max(2, len(text[:100_000]) // 200)


def _physical_lines(text: str) -> list[str]:
    """The lines as the csv module counts them (``\n``, ``\r\n`` or ``\r``), without their ends."""
    return [line.rstrip("\r\n") for line in io.StringIO(text, newline="").readlines()]


def _delimiter(physical: list[str]) -> str:
    """The delimiter that splits the first lines most consistently (ties: the earlier in DELIMITERS)."""
    head = physical[:SNIFF_LINES]
    best, best_score = ",", (-1, 0)
    for d in DELIMITERS:
        try:
            widths = [len(r) for r in csv.reader(head, delimiter=d) if r]
        except csv.Error:
            continue
        if not widths or widths[0] < 2:
            continue
        score = (sum(w == widths[0] for w in widths), widths[0])
        if score > best_score:
            best, best_score = d, score
    return best


def _split_lines(physical: list[str], delimiter: str) -> list[list[str]]:
    return [next(csv.reader([line], delimiter=delimiter), []) for line in physical]


def _records(text: str, delimiter: str, name: str) -> Iterator[tuple[list[str], int, int]]:
    """(cells, first physical line, last physical line) of each CSV record of ``text``.

    Raises:
        UnreadableFileError: a record the csv module refuses.
    """
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    seen = 0
    while True:
        try:
            cells = next(reader)
        except StopIteration:
            return
        except csv.Error as exc:
            raise UnreadableFileError(f"{name}: line {reader.line_num} cannot be read as CSV ({exc})") from None
        start, seen = seen + 1, reader.line_num
        yield cells, start, seen


def _new_table(name: str, encoding: str, delimiter: str, guessed: bool, header: list[str]) -> CsvTable:
    """The table of a header line, noting a guessed encoding and a delimiter other than comma."""
    table = CsvTable(name, encoding, delimiter, [c.strip() for c in header])
    if guessed:
        table.notes.append((None, "info", f"not UTF-8: read as {encoding} (guessed); save it as CSV UTF-8 to be sure"))
    if delimiter != ",":
        shown = {"\t": "tab", ";": "semicolon", "|": "pipe"}[delimiter]
        table.notes.append((None, "info", f"columns are separated by {shown} ({delimiter!r}), not comma; "
                                          "read that way"))
    return table


def _quote_swallowed_rows(cells: list[str], spilled: list[list[str]], width: int) -> bool:
    """Whether a record spanning the ``spilled`` lines is an unclosed quote rather than a multi-line field."""
    return bool(spilled) and (len(cells) != width or any(len(r) >= width > 1 for r in spilled[1:]))


def _add_record(table: CsvTable, cells: list[str], physical: list[str], start: int, seen: int) -> None:
    """Append one record; one spanning lines because of an unclosed quote is read line by line, noted."""
    spilled = _split_lines(physical[start - 1:seen], table.delimiter) if seen > start else []
    if not _quote_swallowed_rows(cells, spilled, len(table.header)):
        table.rows.append(cells)
        table.lines.append(start)
        return
    table.notes.append((start, "error", f"a quote opened on line {start} is not closed where the row ends: lines "
                               f"{start}-{seen} would merge into one row; each line was read on its own "
                               "-- check the quotes on that line"))
    for offset, row in enumerate(spilled):
        if row:
            table.rows.append(row)
            table.lines.append(start + offset)


def parse_csv(text: str, name: str, encoding: str = "utf-8", guessed: bool = False) -> CsvTable:
    """Parse decoded CSV text (see the module docstring).

    Raises:
        UnreadableFileError: no header, or binary content.
    """
    if _looks_binary(text):
        raise UnreadableFileError(f"{name} holds control characters or NUL bytes (a binary file?); export it as CSV (UTF-8)")
    physical = _physical_lines(text)
    delimiter = _delimiter(physical)
    table: CsvTable | None = None
    for cells, start, seen in _records(text, delimiter, name):
        if table is None:
            if any(c.strip() for c in cells):
                table = _new_table(name, encoding, delimiter, guessed, cells)
        elif cells:
            _add_record(table, cells, physical, start, seen)
    if table is None:
        raise UnreadableFileError(f"{name} is empty (no header line); a CSV starts with its column names")
    return table


def display_name(path: Path) -> str:
    """The file's name as text (bytes that are not UTF-8 shown as U+FFFD), for keys and messages."""
    return path.name.encode("utf-8", "surrogateescape").decode("utf-8", "replace")


def read_csv(path: Path) -> CsvTable:
    """Read and parse one CSV file.

    Raises:
        UnreadableFileError: unreadable, too large, binary, empty or in an unknown encoding.
    """
    name = display_name(path)
    try:
        size = path.stat().st_size
        if size > MAX_CSV_BYTES:
            raise UnreadableFileError(f"{name} is {size / 1e6:.0f} MB; split it into files under "
                                      f"{MAX_CSV_BYTES // 1_000_000} MB")
        raw = path.read_bytes()
    except OSError as exc:
        raise UnreadableFileError(f"{name} cannot be read: {exc.strerror or exc}") from None
    text, encoding, guessed = decode_bytes(raw, name)
    return parse_csv(text, name, encoding, guessed)
