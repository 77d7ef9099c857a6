"""``python -m app batch --agents FILE INPUT --out OUTPUT [--resume RUN_ID] [--workers N]``, ``--join RUN_ID``
and ``--list-runs``.

Runs a declared pipeline over every record of INPUT with a progress bar and a trace id
per record. The run's state lives in the working-state tier:

* the run row (user ``__batch__``, task ``RUN_ID``): arguments, input fingerprint and
  progress, advanced with optimistic versioning (two processes on one run conflict);
* one row per finished record (user ``batch:RUN_ID``, task ``RUN_ID:INDEX``) holding its
  result. Inserting that row is the record's commit: it happens once (a duplicate insert
  is refused by the primary key), so a resumed run skips exactly the committed records
  and redoes only the one that was in flight when the process died.

On MariaDB/MySQL the records are claimed through the working store (``app.batch_workers``):
``--workers N`` runs N workers in this process and ``--join RUN_ID`` adds workers from
another process or machine to a running run; a dead worker's records are taken over once
its ``--lease`` runs out. SQLite runs one worker.

The outputs (``results.jsonl``, and ``report.md``/``report.html`` when the file declares
``batch.report``) are rebuilt from the committed rows, so they hold every record once;
``batch-run.json`` says which run wrote them. A file or line of the input that cannot be
read is reported (stderr, report, manifest) and the run goes on with the others.

A file that declares ``batch: {memory_turn: true}`` (a team, e.g. the trip planner) runs
each record as one user message (its ``text``) through the memory turn and the team
(``agents.team.turn.team_turn``, as ``chat --agents`` and ``serve --agents`` do): PII is
masked before any agent sees it, the user's (``--user``) memories are recalled, and the
turn is stored and extracted. Its result adds the ``reply`` and the turn's ``team`` hops.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import sys
import uuid
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tqdm import tqdm

from agents.declarative.batch_input import InputRead, InputRecord, fingerprint, read_records
from agents.declarative.batch_report import assemble_report
from agents.declarative.batch_runs import (
    RUN_USER, file_hashes, find_run, finished_message, list_runs, now_iso, remember_run, write_manifest,
)
from agents.declarative.deployments import record_invocations
from agents.declarative.engine import AgentEngine
from agents.declarative.loader import LoadedConfig, load_agents_file
from app.lifecycle import Lifecycle
from app.batch_workers import check_workers, run_workers
from memory.errors import MemoryAgentError, TaskNotFoundError, VersionConflictError
from memory.types import TaskStatus
from memory.working.base import WorkingStore

if TYPE_CHECKING:
    from app.composition import Runtime
    from pipelines.turn import MemoryServices

RECORD_AGENT = "batch-record"
RunRecord = Callable[[InputRecord, str, str, str], Awaitable[dict[str, Any]]]
"""``(record, user, run_id, trace_id) -> result``: one record through the file's agents."""
SHOWN_PROBLEMS = 10


def _record_user(run_id: str) -> str:
    return f"batch:{run_id}"


async def _start_or_resume(working: WorkingStore, args: argparse.Namespace, fp: str, total: int, deployment: str) -> tuple[str, int]:
    """The run id and the run row's version; a resumed run must read the same input."""
    if args.resume is None:
        run_id = uuid.uuid4().hex[:12]
        started = now_iso()
        state = {"agents": str(args.agents), "input": str(args.input), "out": str(args.out),
                 "fingerprint": fp, "total": total, "processed": 0, "started_at": started}
        rec = await working.start_task(RUN_USER, f"batch:{deployment}", state, task_id=run_id, step="running")
        await remember_run(working, run_id, {"started_at": started, "deployment": deployment})
        return run_id, rec.version
    rec = await find_run(working, args.resume)
    if rec.status is not TaskStatus.RUNNING:
        raise MemoryAgentError(finished_message(args.resume, rec))
    if rec.state.get("fingerprint") != fp:
        raise MemoryAgentError(
            f"run {args.resume} was started on {rec.state.get('input')} ({rec.state.get('total')} records) and "
            f"the input {args.input} now reads differently; resume with the same input, or start a new run"
        )
    return args.resume, rec.version


async def _committed(working: WorkingStore, run_id: str) -> dict[int, dict[str, Any]]:
    rows = await working.list_unfinished(_record_user(run_id), RECORD_AGENT)
    return {int(r.state["index"]): r.state for r in rows}


def pipeline_runner(engine: AgentEngine) -> RunRecord:
    """A declared pipeline: the record's fields are the entry agents' input."""

    async def run(rec: InputRecord, user: str, run_id: str, trace_id: str) -> dict[str, Any]:
        task_id = f"{run_id}:{rec.index}:{trace_id[:8]}"
        return (await engine.run(rec.data, user, run_id, task_id=task_id, trace_id=trace_id)).to_json()

    return run


def team_runner(engine: AgentEngine, svc: MemoryServices) -> RunRecord:
    """A team (``batch.memory_turn``): the record's ``text`` is a user message of ``--user`` in session RUN_ID."""
    from agents.team.turn import team_turn

    async def run(rec: InputRecord, user: str, run_id: str, trace_id: str) -> dict[str, Any]:
        text = rec.data.get("text")
        if not isinstance(text, str) or not text.strip():
            return {"trace_id": trace_id, "task_id": "", "outputs": {}, "invoked": [], "failed": ["input"],
                    "warnings": [f"record {rec.key} has no 'text' to answer (fields: {sorted(rec.data)[:10]})"]}
        reply = await team_turn(svc, engine, user, run_id, text, trace_id, task_id=f"{run_id}:{rec.index}:{trace_id[:8]}")
        labels = reply.ctx.labels
        base = reply.run.to_json() if reply.run is not None else {
            "trace_id": reply.ctx.trace_id, "task_id": "", "outputs": {}, "invoked": [], "failed": [],
            "warnings": ["the message was refused at receive; no agent ran"],
        }
        return {**base, "reply": reply.text, "blocked": reply.ctx.blocked,
                "team": [a.model_dump(mode="json") for a in labels.team or []]}

    return run


async def _process(
    run_record: RunRecord, working: WorkingStore, run_id: str, rec: InputRecord, user: str
) -> dict[str, Any] | None:
    """Run one record and commit it; ``None`` when another process committed it first."""
    result = await run_record(rec, user, run_id, uuid.uuid4().hex)
    state = {"index": rec.index, "key": rec.key, "result": result}
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


def _write_outputs(out: Path, results: list[dict[str, Any]], engine: AgentEngine, problems: list[str]) -> list[Path]:
    if out.exists() and not out.is_dir():
        raise MemoryAgentError(f"--out {out} is a file; pass a folder for the outputs")
    out.mkdir(parents=True, exist_ok=True)
    lines = [json.dumps({"index": r["index"], "key": r["key"], **r["result"]}, ensure_ascii=False, default=str) for r in results]
    written = [out / "results.jsonl"]
    written[0].write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    spec = engine.config.batch.report
    if spec is not None:
        md, page = assemble_report(spec, results, problems)
        (out / "report.md").write_text(md, encoding="utf-8")
        (out / "report.html").write_text(page, encoding="utf-8")
        written += [out / "report.md", out / "report.html"]
    return written


async def run_batch(
    args: argparse.Namespace, working: WorkingStore, settings: Any, life: Lifecycle | None = None,
    rt: Runtime | None = None, loaded: LoadedConfig | None = None,
) -> tuple[str, list[Path]]:
    """Run (or resume) a batch; returns the run id and the files written.

    A stop request (``life``) ends the run after the record in flight, resumable. A file
    with ``batch.memory_turn`` needs the opened runtime ``rt`` (its memory tiers). ``loaded``
    is ``args.agents`` as the command already read it (else it is read here).
    """
    loaded = loaded or load_agents_file(args.agents)
    engine, closers, run_record = await _open_runner(args, loaded, working, settings, rt)
    try:
        shared = check_workers(working, args.workers, args.join is not None)  # before a run row is made
        read = read_records(args.input, loaded.config.batch.csv_record)
        records = read.records
        run_id, version = await _start_or_resume(working, args, fingerprint(read), len(records), loaded.config.deployment)
        done = await _committed(working, run_id)
        print(f"run {run_id}: {len(records)} records, {len(done)} already done", file=sys.stderr)
        _print_problems(read)
        bar = tqdm(total=len(records), initial=len(done), unit="rec", disable=args.no_progress, file=sys.stderr)
        try:
            if shared is not None:
                await _run_shared(shared, args, run_id, records, run_record, loaded.config.deployment,
                                  loaded.config.batch.memory_turn, bar, life)
            else:
                await _run_alone(args, working, run_id, version, records, done, run_record, loaded, bar, life)
        except (asyncio.CancelledError, KeyboardInterrupt):
            print(f"\ninterrupted; resume with: --resume {run_id}", file=sys.stderr)
            raise
        finally:
            bar.close()
        return run_id, await _finish_run(args, working, run_id, engine, read)
    finally:
        for close in closers:
            await close()


async def _open_runner(args: argparse.Namespace, loaded: LoadedConfig, working: WorkingStore, settings: Any,
                       rt: Runtime | None) -> tuple[Any, list[Any], Any]:
    """The file's engine, what to close, and how one record is answered: the memory turn and the team
    (``batch.memory_turn``, which needs the runtime ``rt``), else the declared pipeline."""
    from app.composition import open_declared_engine

    if not loaded.config.batch.memory_turn:
        engine, closers = await open_declared_engine(loaded, working, settings)
        return engine, closers, pipeline_runner(engine)
    if rt is None:
        raise MemoryAgentError(f"{args.agents} answers records through the memory turn; it needs the runtime")
    from app.composition import build_services, open_chat_model, team_model_for
    from app.deployment import turn_policy

    svc = build_services(rt, open_chat_model(settings), turn_policy())  # extraction by the model when one is set
    engine, closers = await open_declared_engine(loaded, working, settings, model_for=team_model_for(settings.model))
    return engine, closers, team_runner(engine, svc)


async def _run_alone(args: argparse.Namespace, working: WorkingStore, run_id: str, version: int, records: list[Any],
                     done: dict[int, Any], run_record: Any, loaded: LoadedConfig, bar: tqdm,
                     life: Lifecycle | None) -> None:
    """The records not yet done, one after another, by this worker alone (a stop request ends it, resumable)."""
    for rec in records:
        if life is not None and life.stopping:
            raise asyncio.CancelledError  # reported and resumable, as for Ctrl-C
        if rec.index in done:
            continue
        state = await _process(run_record, working, run_id, rec, args.user)
        if state is not None:
            done[rec.index] = state
            await record_invocations(working, loaded.config.deployment, state["result"]["invoked"])
        version = await _advance_run(working, run_id, version, len(done), rec.key)
        bar.set_postfix_str(f"trace {state['result']['trace_id'][:8]}" if state else "skipped")
        bar.update(1)


async def _finish_run(args: argparse.Namespace, working: WorkingStore, run_id: str, engine: Any,
                      read: Any) -> list[Path]:
    """Write the outputs of every committed record and the manifest; mark the run finished (once)."""
    done = await _committed(working, run_id)
    written = _write_outputs(args.out, [done[i] for i in sorted(done)], engine, read.problems)
    current = await working.get_task(RUN_USER, run_id)
    final = {**current.state, "processed": len(done), "finished_at": now_iso(), "out": str(args.out.resolve()),
             "outputs": file_hashes(written), "input_problems": len(read.problems)}
    written.append(write_manifest(args.out, run_id, final, final["outputs"], read.problems))
    if current.status is TaskStatus.RUNNING:
        try:
            await working.finish(RUN_USER, run_id, current.version, final)
        except VersionConflictError:
            pass  # another worker of the run finished it a moment ago; the outputs are the same
    return written


async def _run_shared(
    store: Any, args: argparse.Namespace, run_id: str, records: list[InputRecord], run_record: RunRecord,
    deployment: str, memory_turn: bool, bar: tqdm, life: Lifecycle | None,
) -> None:
    """This process's ``--workers`` on the run, claiming through the working store with the others."""
    async def process(rec: InputRecord) -> dict[str, Any] | None:
        return await _process(run_record, store, run_id, rec, args.user)

    async def committed(idx: int) -> bool:
        try:
            await store.get_task(_record_user(run_id), f"{run_id}:{idx}")
        except TaskNotFoundError:
            return False
        return True

    async def on_done(state: dict[str, Any] | None) -> None:
        if state is not None:
            await record_invocations(store, deployment, state["result"]["invoked"])
            bar.set_postfix_str(f"trace {state['result']['trace_id'][:8]}")
        bar.update(1)

    def lane_of(rec: InputRecord) -> str:
        return f"user:{args.user}" if memory_turn else f"record:{rec.index}"  # a user's turns stay in order

    await run_workers(store, run_id, records, lane_of, process, committed, on_done, args.workers, args.lease, life)
    done = await _committed(store, run_id)
    await _advance_run(store, run_id, 0, len(done), records[-1].key if records else "")


def _print_problems(read: InputRead) -> None:
    for problem in read.problems[:SHOWN_PROBLEMS]:
        print(f"input problem: {problem}", file=sys.stderr)
    if len(read.problems) > SHOWN_PROBLEMS:
        print(f"input problem: ... and {len(read.problems) - SHOWN_PROBLEMS} more (all in the report and batch-run.json)",
              file=sys.stderr)


async def _join_args(args: argparse.Namespace, settings: Any) -> None:
    """``--join RUN_ID``: resume that run beside its other workers; ``--agents``, INPUT and
    ``--out`` default to the run's own (pass them where this machine's paths differ)."""
    from app.composition import open_working

    working, _, closers = await open_working(settings)
    try:
        rec = await find_run(working, args.join)
    finally:
        for close in closers:
            await close()
    args.agents = args.agents or Path(rec.state["agents"])
    args.input = args.input or Path(rec.state["input"])
    args.out = args.out or Path(rec.state["out"])
    args.resume = args.join


def _check_args(args: argparse.Namespace) -> None:
    """A run needs ``--agents``, INPUT and ``--out`` (``--list-runs`` needs none)."""
    if args.list_runs:
        return
    if args.join is not None and args.resume is not None and args.resume != args.join:
        raise MemoryAgentError("pass --join RUN_ID or --resume RUN_ID, not both")
    missing = [name for name, value in (("--agents FILE", args.agents), ("INPUT", args.input), ("--out DIR", args.out))
               if value is None]
    if missing:
        raise MemoryAgentError(f"batch needs {', '.join(missing)}: python -m app batch --agents FILE INPUT --out DIR "
                               "(or --list-runs)")


async def batch(args: argparse.Namespace) -> int:
    """The ``batch`` command: run (or list runs), print the run id and the outputs."""
    from app.composition import open_working
    from app.settings import load_settings

    settings = load_settings()
    if args.join is not None:
        await _join_args(args, settings)
    _check_args(args)
    loaded = None if args.list_runs else load_agents_file(args.agents)  # read once, passed on
    async with Lifecycle() as life:
        if loaded is not None and loaded.config.batch.memory_turn:
            from app.composition import open_runtime

            async with await open_runtime(settings) as rt:
                run_id, written = await run_batch(args, rt.working, settings, life, rt=rt, loaded=loaded)
        else:
            working, _, closers = await open_working(settings)
            try:
                if args.list_runs:
                    lines = await list_runs(working)
                    print("\n".join(lines) if lines else "no batch runs yet in this data folder")
                    return 0
                run_id, written = await run_batch(args, working, settings, life, loaded=loaded)
            finally:
                for close in closers:
                    await close()
        print(f"run {run_id} complete: " + ", ".join(str(p) for p in written))
    return 0 if life.signal is None else 128 + life.signal
