"""Compiled regular expressions kept across processes, so a command does not re-compile the
screen's, the masker's and the extractor's ~900 patterns every time it starts.

``re.compile`` spends its time in pure Python (``re._parser`` and ``re._compiler``: ~1 CPU-second
for this code base's tables) producing a list of ints, the pattern's program, that
``_sre.compile`` turns into the ``re.Pattern``. :func:`install` puts a wrapper in front of
``re._compiler.compile`` that keeps that program (with the flags and group tables) per
``(pattern, flags)`` and hands a known one straight to ``_sre.compile``: the same arguments,
so the same ``re.Pattern`` as a fresh compile; an unknown pattern is compiled as usual (its
errors are the usual ``re.error``) and kept when it was compiled by a module being imported
(module-level tables, the code's own text): a pattern compiled at run time, which may be built
from what a user wrote, is compiled as usual and never kept, so the file holds no user's
words and needs no erasing. :func:`save` writes what was kept to one file
(``marshal``; written only when something new was compiled), tagged with the interpreter's
version and ``_sre``'s magic number: a file of another interpreter is ignored, as is a file
that does not load. The file lives in the data folder (``MEMORY_AGENT_HOME/cache``), which
only its user writes, like the databases next to it.

Only ``python -m app`` installs it (:mod:`app.__main__`); importing the library does not.
"""
from __future__ import annotations

import marshal
import os
import sys
import threading
from array import array
from pathlib import Path
from types import FrameType
from typing import Any

import _sre  # type: ignore[import-not-found]
from re import _compiler, _parser  # type: ignore[attr-defined]

TAG = f"{sys.version}|{_sre.MAGIC}|{_sre.CODESIZE}|2"
#: A pattern no process used in this many saves is dropped (a pattern built from a set's order,
#: like the standard library's ``tokenize`` one, differs in every process).
MAX_AGE = 20
_DEBUG = 128  # re.DEBUG: prints the program, never cached
_CODE = "I" if array("I").itemsize == _sre.CODESIZE else "L"

# (pattern, flags) -> (flags, program as array bytes, groups, groupindex, indexgroup, saves since last use)
_Entry = tuple[int, bytes, int, dict[str, int], tuple[Any, ...], int]
_table: dict[tuple[Any, int], _Entry] = {}
_used: set[tuple[Any, int]] = set()
_state = {"new": False}
_lock = threading.Lock()
_original = _compiler.compile


def _program(pattern: str | bytes, flags: int) -> _Entry:
    """What ``re._compiler.compile`` hands to ``_sre.compile`` for ``pattern`` (its own steps)."""
    parsed = _parser.parse(pattern, flags)
    code = array(_CODE, _compiler._code(parsed, flags)).tobytes()
    groupindex = dict(parsed.state.groupdict)
    indexgroup: list[str | None] = [None] * parsed.state.groups
    for name, index in groupindex.items():
        indexgroup[index] = name
    return int(flags | parsed.state.flags), code, int(parsed.state.groups - 1), groupindex, tuple(indexgroup), 0


def _importing() -> bool:
    """Whether the caller runs inside the top level of a module being imported (not ``__main__``)."""
    frame: FrameType | None = sys._getframe(2)
    while frame is not None:
        if frame.f_code.co_name == "<module>" and frame.f_globals.get("__name__") != "__main__":
            return True
        frame = frame.f_back
    return False


def compile_cached(p: Any, flags: int = 0) -> Any:
    """``re._compiler.compile`` with the programs of known patterns taken from the table."""
    if not isinstance(p, (str, bytes)) or flags & _DEBUG:
        return _original(p, flags)
    flags = int(flags)  # a RegexFlag is an int subclass marshal refuses
    key = (p, flags)
    entry = _table.get(key)
    if entry is None:
        if not _importing():
            return _original(p, flags)  # run time: perhaps a user's words, never written to disk
        entry = _program(p, flags)
        _table[key] = entry
        _state["new"] = True
    _used.add(key)
    final_flags, code, groups, groupindex, indexgroup, _ = entry
    return _sre.compile(p, final_flags, array(_CODE, code).tolist(), groups, dict(groupindex), indexgroup)


def cache_file(home: Path) -> Path:
    """Where the table of the data folder ``home`` is kept."""
    return home / "cache" / "regex.marshal"


def install(path: Path) -> None:
    """Load the table at ``path`` (if it is one of this interpreter's) and route compiles through it."""
    try:
        stored = marshal.loads(path.read_bytes())
        if isinstance(stored, dict) and stored.get("tag") == TAG and isinstance(stored.get("table"), dict):
            _table.update(stored["table"])
    except (OSError, EOFError, ValueError, TypeError):
        pass  # no file yet, or a broken one: everything compiles as usual and a new file is written
    _compiler.compile = compile_cached


def uninstall() -> None:
    """Put ``re._compiler.compile`` back and forget the table (tests)."""
    _compiler.compile = _original
    _table.clear()
    _used.clear()
    _state["new"] = False


def save(path: Path) -> bool:
    """Write the table to ``path`` when this process compiled something new; whether it wrote.

    Nothing is written when the data folder (the file's grandparent) does not exist: a cache is
    no reason to create a user's data folder (``--help``).
    """
    if not _state["new"] or not path.parent.parent.is_dir():
        return False
    with _lock:
        table = {key: (*entry[:5], 0 if key in _used else entry[5] + 1) for key, entry in _table.items()}
        table = {key: entry for key, entry in table.items() if entry[5] <= MAX_AGE}
        try:
            data = marshal.dumps({"tag": TAG, "table": table})
            path.parent.mkdir(exist_ok=True)
            tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
            tmp.write_bytes(data)
            os.replace(tmp, path)  # atomic: a process starting meanwhile reads the old or the new file
        except (OSError, ValueError):  # a full disk, a read-only folder: the next start compiles
            return False
        _state["new"] = False
    return True
