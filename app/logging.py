"""Structured logging: loguru, one JSON object per line, each carrying the ``trace_id``.

The trace id of the turn being processed lives in a context variable, so every line
logged while handling that turn -- in any module, any task spawned from it -- carries it.
"""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from loguru import logger

from core.trace import trace_id_var



def _patch(record: dict[str, Any]) -> None:
    record["extra"].setdefault("trace_id", trace_id_var.get())


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
        logger.add(sys.stderr, level=level, serialize=True)
    if log_file is not None:
        log_file.parent.mkdir(parents=True, exist_ok=True)
        logger.add(log_file, level=level, serialize=True, rotation="10 MB", enqueue=False)


logger.configure(patcher=_patch)
