"""Batch runs as the user sees them: the list of runs, what ``--resume ID`` says, output manifests.

Every run is listed in one index row (user ``__batch__``, task ``runs-index``), newest
last, so ``python -m app batch --list-runs`` shows runs finished or not. A finished run
records the SHA-256 of each output it wrote; resuming it says where its outputs are, or
that they were replaced since (by which run, from the out folder's ``batch-run.json``).
"""
from __future__ import annotations

import contextlib
import hashlib
import json
import re
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from memory.errors import MemoryAgentError, TaskNotFoundError, VersionConflictError
from memory.types import TaskRecord, TaskStatus
from memory.working.base import WorkingStore

RUN_USER = "__batch__"
INDEX_TASK = "runs-index"
INDEX_AGENT = "batch-runs-index"
MANIFEST = "batch-run.json"
RUN_ID = re.compile(r"^[0-9a-f]{12}$")
KEEP_RUNS = 500
LIST_HINT = "`python -m app batch --list-runs` lists the runs"


def now_iso() -> str:
    """The current UTC time, ISO 8601."""
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


async def remember_run(working: WorkingStore, run_id: str, summary: dict[str, Any]) -> None:
    """Add a new run to the index (optimistic retries; the oldest beyond ``KEEP_RUNS`` drop out)."""
    for _ in range(10):
        try:
            rec = await working.get_task(RUN_USER, INDEX_TASK)
        except TaskNotFoundError:
            try:
                await working.start_task(RUN_USER, INDEX_AGENT, {"runs": [{"run_id": run_id, **summary}]},
                                         task_id=INDEX_TASK, step="index")
                return
            except VersionConflictError:
                continue
        runs = [r for r in rec.state.get("runs", []) if r.get("run_id") != run_id] + [{"run_id": run_id, **summary}]
        try:
            await working.advance(RUN_USER, INDEX_TASK, rec.version, "index", {"runs": runs[-KEEP_RUNS:]})
            return
        except VersionConflictError:
            continue
    raise MemoryAgentError(f"could not record run {run_id} in the run list: too many runs starting at once; try again")


async def list_runs(working: WorkingStore) -> list[str]:
    """One line per run, oldest first: id, status, records done, input, output folder."""
    try:
        index = await working.get_task(RUN_USER, INDEX_TASK)
    except TaskNotFoundError:
        return []
    lines = []
    for entry in index.state.get("runs", []):
        try:
            rec = await working.get_task(RUN_USER, entry["run_id"])
        except TaskNotFoundError:
            continue
        s = rec.state
        status = {"running": "interrupted or running"}.get(rec.status.value, rec.status.value)
        lines.append(f"{entry['run_id']}  {entry.get('started_at', '?')}  {status:<22}  "
                     f"{s.get('processed', 0)}/{s.get('total', '?')} records  {s.get('input')} -> {s.get('out')}")
    return lines


async def find_run(working: WorkingStore, run_id: str) -> TaskRecord:
    """The run ``run_id``.

    Raises:
        MemoryAgentError: there is no such run; says how to list the runs.
    """
    if RUN_ID.match(run_id):
        with contextlib.suppress(TaskNotFoundError):  # unknown: the error below says how to list the runs
            return await working.get_task(RUN_USER, run_id)
    raise MemoryAgentError(
        f"there is no batch run {run_id!r} in this data folder (a run id is the 12 characters after \"run\" "
        f"on the first line a run prints); {LIST_HINT}"
    )


def file_hashes(paths: list[Path]) -> dict[str, str]:
    """SHA-256 of each file, by file name."""
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in paths}


def write_manifest(out: Path, run_id: str, state: dict[str, Any], hashes: dict[str, str], problems: list[str]) -> Path:
    """``OUT/batch-run.json``: which run wrote the outputs of this folder, when, from what."""
    path = out / MANIFEST
    manifest = {"run_id": run_id, "finished_at": state.get("finished_at"), "agents": state.get("agents"),
                "input": state.get("input"), "records": state.get("processed"), "files": hashes,
                "input_problems": problems}
    path.write_text(json.dumps(manifest, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    return path


def finished_message(run_id: str, rec: TaskRecord) -> str:
    """What ``--resume`` says about a run that is not running any more."""
    s = rec.state
    if rec.status is not TaskStatus.DONE:
        return (f"run {run_id} is already {rec.status.value} ({s.get('error', 'no reason recorded')}); "
                f"start a new run instead; {LIST_HINT}")
    out = Path(str(s.get("out", "")))
    head = f"run {run_id} is already done (finished {s.get('finished_at', '?')}, {s.get('processed', '?')} records)"
    recorded: dict[str, str] = s.get("outputs", {})
    try:
        same = bool(recorded) and file_hashes([out / name for name in recorded]) == recorded
    except OSError:
        same = False
    if same:
        return f"{head}: its outputs are in {out} ({', '.join(recorded)}); nothing to resume"
    replaced_by = ""
    with contextlib.suppress(OSError, ValueError):  # no readable manifest: "replaced or deleted"
        manifest = json.loads((out / MANIFEST).read_text(encoding="utf-8"))
        if manifest.get("run_id") not in (None, run_id):
            replaced_by = f" by run {manifest['run_id']} (finished {manifest.get('finished_at', '?')})"
    return (f"{head}, but its outputs in {out} were replaced{replaced_by or ' or deleted'} since; to have them "
            f"again, run the batch anew: python -m app batch --agents {s.get('agents')} {s.get('input')} --out NEW_DIR")
