"""``python -m app batch --agents FILE INPUT --out OUTPUT [--resume RUN_ID]``.

Runs a declared pipeline over every record of INPUT with a progress bar and a trace id
per record. The run's state lives in the working-state tier:

* the run row (user ``__batch__``, task ``RUN_ID``): arguments, input fingerprint and
  progress, advanced with optimistic versioning (two processes on one run conflict);
* one row per finished record (user ``batch:RUN_ID``, task ``RUN_ID:INDEX``) holding its
  result. Inserting that row is the record's commit: it happens once (a duplicate insert
  is refused by the primary key), so a resumed run skips exactly the committed records
  and redoes only the one that was in flight when the process died.

The outputs (``results.jsonl``, and ``report.md``/``report.html`` when the file declares
``batch.report``) are rebuilt from the committed rows, so they hold every record once.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import sys
import uuid
from pathlib import Path
from typing import Any

from tqdm import tqdm

from agents.declarative.batch_input import InputRecord, assemble_report, fingerprint, read_records
from agents.declarative.deployments import open_engine, record_invocations
from agents.declarative.engine import AgentEngine
from agents.declarative.loader import load_agents_file
from app.lifecycle import Lifecycle
from memory.errors import MemoryAgentError, VersionConflictError
from memory.types import TaskStatus
from memory.working.base import WorkingStore

RUN_USER = "__batch__"
RECORD_AGENT = "batch-record"


def add_batch_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add the ``batch`` command to ``python -m app``."""
    p = subparsers.add_parser("batch", help="run a declared agent pipeline over every record of a JSONL/CSV input")
    p.add_argument("--agents", required=True, type=Path, help="the AGENTS.md declaring the pipeline")
    p.add_argument("input", type=Path, help="a .jsonl file, a .csv file or a folder of .csv files")
    p.add_argument("--out", required=True, type=Path, help="output folder (results.jsonl, report.md/.html)")
    p.add_argument("--resume", metavar="RUN_ID", default=None, help="continue an interrupted run")
    p.add_argument("--user", default="batch", help="user id the run's memory belongs to")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    return p


def _record_user(run_id: str) -> str:
    return f"batch:{run_id}"


async def _start_or_resume(working: WorkingStore, args: argparse.Namespace, fp: str, total: int, deployment: str) -> tuple[str, int]:
    """The run id and the run row's version; a resumed run must read the same input."""
    if args.resume is None:
        run_id = uuid.uuid4().hex[:12]
        state = {"agents": str(args.agents), "input": str(args.input), "out": str(args.out),
                 "fingerprint": fp, "total": total, "processed": 0}
        rec = await working.start_task(RUN_USER, f"batch:{deployment}", state, task_id=run_id, step="running")
        return run_id, rec.version
    rec = await working.get_task(RUN_USER, args.resume)
    if rec.state.get("fingerprint") != fp:
        raise MemoryAgentError(
            f"run {args.resume} was started on {rec.state.get('input')} ({rec.state.get('total')} records) and "
            f"the input {args.input} now reads differently; resume with the same input, or start a new run"
        )
    if rec.status is not TaskStatus.RUNNING:
        raise MemoryAgentError(f"run {args.resume} is already {rec.status.value}; its outputs are in {rec.state.get('out')}")
    return args.resume, rec.version


async def _committed(working: WorkingStore, run_id: str) -> dict[int, dict[str, Any]]:
    rows = await working.list_unfinished(_record_user(run_id), RECORD_AGENT)
    return {int(r.state["index"]): r.state for r in rows}


async def _process(
    engine: AgentEngine, working: WorkingStore, run_id: str, rec: InputRecord, user: str
) -> dict[str, Any] | None:
    """Run one record and commit it; ``None`` when another process committed it first."""
    trace_id = uuid.uuid4().hex
    result = await engine.run(rec.data, user, run_id, task_id=f"{run_id}:{rec.index}:{trace_id[:8]}", trace_id=trace_id)
    state = {"index": rec.index, "key": rec.key, "result": result.to_json()}
    try:
        await working.start_task(_record_user(run_id), RECORD_AGENT, state, session_id=run_id,
                                 task_id=f"{run_id}:{rec.index}", step="done")
    except VersionConflictError:
        return None
    return state


async def _advance_run(working: WorkingStore, run_id: str, version: int, processed: int, last_key: str) -> int:
    for _ in range(5):
        current = await working.get_task(RUN_USER, run_id)
        state = {**current.state, "processed": processed, "last_key": last_key}
        try:
            return (await working.advance(RUN_USER, run_id, current.version, "running", state)).version
        except VersionConflictError:
            continue
    return version


def _write_outputs(out: Path, results: list[dict[str, Any]], engine: AgentEngine) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    lines = [json.dumps({"index": r["index"], "key": r["key"], **r["result"]}, ensure_ascii=False, default=str) for r in results]
    written = [out / "results.jsonl"]
    written[0].write_text("\n".join(lines) + "\n", encoding="utf-8")
    spec = engine.config.batch.report
    if spec is not None:
        md, page = assemble_report(spec, [r["result"] for r in results])
        (out / "report.md").write_text(md, encoding="utf-8")
        (out / "report.html").write_text(page, encoding="utf-8")
        written += [out / "report.md", out / "report.html"]
    return written


async def run_batch(
    args: argparse.Namespace, working: WorkingStore, settings: Any, life: Lifecycle | None = None
) -> tuple[str, list[Path]]:
    """Run (or resume) a batch; returns the run id and the files written.

    A stop request (``life``) ends the run after the record in flight, resumable.
    """
    loaded = load_agents_file(args.agents)
    engine, closers = await open_engine(loaded, working, settings)
    try:
        records = read_records(args.input, loaded.config.batch.csv_record)
        run_id, version = await _start_or_resume(working, args, fingerprint(records), len(records), loaded.config.deployment)
        done = await _committed(working, run_id)
        print(f"run {run_id}: {len(records)} records, {len(done)} already done", file=sys.stderr)
        bar = tqdm(total=len(records), initial=len(done), unit="rec", disable=args.no_progress, file=sys.stderr)
        try:
            for rec in records:
                if life is not None and life.stopping:
                    raise asyncio.CancelledError  # reported and resumable, as for Ctrl-C
                if rec.index in done:
                    continue
                state = await _process(engine, working, run_id, rec, args.user)
                if state is not None:
                    done[rec.index] = state
                    await record_invocations(working, loaded.config.deployment, state["result"]["invoked"])
                version = await _advance_run(working, run_id, version, len(done), rec.key)
                bar.set_postfix_str(f"trace {state['result']['trace_id'][:8]}" if state else "skipped")
                bar.update(1)
        except (asyncio.CancelledError, KeyboardInterrupt):
            print(f"\ninterrupted; resume with: --resume {run_id}", file=sys.stderr)
            raise
        finally:
            bar.close()
        done = await _committed(working, run_id)
        written = _write_outputs(args.out, [done[i] for i in sorted(done)], engine)
        current = await working.get_task(RUN_USER, run_id)
        await working.finish(RUN_USER, run_id, current.version, {**current.state, "processed": len(done)})
        return run_id, written
    finally:
        for close in closers:
            await close()


async def batch(args: argparse.Namespace) -> int:
    """The ``batch`` command: run, print the run id and the outputs."""
    from app.container import open_working
    from app.settings import load_settings

    settings = load_settings()
    async with Lifecycle() as life:
        working, _, closers = await open_working(settings)
        try:
            run_id, written = await run_batch(args, working, settings, life)
        finally:
            for close in closers:
                await close()
        print(f"run {run_id} complete: " + ", ".join(str(p) for p in written))
    return 0 if life.signal is None else 128 + life.signal
