"""Logging: loguru; files get one JSON object per line, each carrying the ``trace_id``.

The trace id of the turn being processed lives in a context variable, so every line
logged while handling that turn -- in any module, any task spawned from it -- carries it.
The console (stderr) gets one readable line per record (time, level, message, then the
record's fields as ``key=value``); ``LOG_FORMAT=json`` makes it JSON lines too, for a log
collector.
"""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

from loguru import logger

from core.trace import trace_id_var



def _patch(record: dict[str, Any]) -> None:
    record["extra"].setdefault("trace_id", trace_id_var.get())


def _field(value: Any) -> str:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str)
    return text.replace("{", "{{").replace("}", "}}").replace("<", "\\<")


def _readable(record: dict[str, Any]) -> str:
    """One console line: ``12:00:01 INFO  message  key=value …`` (the trace id last)."""
    extra = {k: v for k, v in record["extra"].items() if v not in (None, "")}
    trace = extra.pop("trace_id", None)
    trace = None if trace == "-" else trace
    fields = " ".join(f"{k}={_field(v)}" for k, v in extra.items())
    tail = (f"  {fields}" if fields else "") + (f"  trace={trace}" if trace else "")
    return "{time:HH:mm:ss} {level: <7} {message}" + tail + "\n{exception}"


def configure_logging(level: str = "INFO", log_file: Path | None = None, stderr: bool = True) -> None:
    """Route loguru to JSON lines on stderr and/or a file.

    Args:
        level: Minimum level.
        log_file: Also append JSON lines here (rotated at 10 MB) when given.
        stderr: Write to stderr; the terminal chat turns this off to keep the screen clean.
    """
    logger.remove()
    logger.configure(patcher=_patch)
    if stderr:
        if os.environ.get("LOG_FORMAT", "").strip().lower() == "json":
            logger.add(sys.stderr, level=level, serialize=True)
        else:
            logger.add(sys.stderr, level=level, format=_readable, colorize=False)
    if log_file is not None:
        log_file.parent.mkdir(parents=True, exist_ok=True)
        logger.add(log_file, level=level, serialize=True, rotation="10 MB", enqueue=False)


logger.configure(patcher=_patch)
