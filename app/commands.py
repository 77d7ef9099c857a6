"""The CLI commands (thin: they compose the runtime and call the pipeline)."""
from __future__ import annotations

import argparse
import time
import uuid

from app.container import open_longterm, open_runtime, open_shortterm, open_working
from app.settings import load_settings
from app.embedding_factory import build_embedding_service
from memory.errors import MemoryAgentError
from memory.types import MemoryType


async def doctor(args: argparse.Namespace) -> int:
    """Print, per tier, the backend, whether it answers, its version; and the embedding model."""
    settings = load_settings()
    print(f"memory-agent doctor  (data directory: {settings.home})")
    failures = 0
    embeddings = None
    try:
        embeddings = build_embedding_service(settings)
        started = time.perf_counter()
        await embeddings.embed_query("doctor")
        took = (time.perf_counter() - started) * 1000
        print(f"  embeddings  {embeddings.model_id} (dim {embeddings.dim})  ok, first query {took:.0f} ms")
    except MemoryAgentError as exc:
        failures += 1
        print(f"  embeddings  FAILED: {exc}")
    openers = [("short-term", open_shortterm), ("working", open_working)]
    if embeddings is not None:
        dim = embeddings.dim
        openers.append(("long-term", lambda s: open_longterm(s, dim)))
    for tier, opener in openers:
        try:
            store, backend, closers = await opener(settings)
        except MemoryAgentError as exc:
            failures += 1
            print(f"  {tier:<10}  FAILED: {exc}")
            continue
        try:
            version = await store.server_version()
            print(f"  {tier:<10}  {backend.kind} at {backend.target}  ok, {version}")
        except MemoryAgentError as exc:
            failures += 1
            print(f"  {tier:<10}  {backend.kind} at {backend.target}  FAILED: {exc}")
        finally:
            for close in closers:
                await close()
    if embeddings is not None:
        await embeddings.aclose()
    model = _chat_model_line(settings)
    print(f"  chat model  {model}")
    print("all tiers ok" if not failures else f"{failures} problem(s) found")
    return 0 if not failures else 1


def _chat_model_line(settings) -> str:  # noqa: ANN001
    from agents.models.factory import select_provider

    provider = select_provider(settings)
    if provider == "offline":
        return "offline mode (no DASHSCOPE_API_KEY or OPENAI_BASE_URL set): deterministic responder"
    return f"{provider}: {settings.chat_model}"


async def migrate(args: argparse.Namespace) -> int:
    """Apply pending migrations to the working and long-term stores."""
    settings = load_settings()
    embeddings = build_embedding_service(settings)
    try:
        working, _, c1 = await open_working(settings, migrate=False)
        applied = await working.migrate()
        print(f"working state: applied {applied or 'nothing (up to date)'}")
        for close in c1:
            await close()
        longterm, _, c2 = await open_longterm(settings, embeddings.dim)
        print("long-term memory: up to date (migrations are applied on connect)")
        for close in c2:
            await close()
    finally:
        await embeddings.aclose()
    return 0


async def remember(args: argparse.Namespace) -> int:
    """Store one memory through validation and the writer (dedup, supersede)."""
    from pipelines.extract import Candidate, DEFAULT_IMPORTANCE, extract_rules, validate_candidates
    from pipelines.extract.rules import fallback_note
    from pipelines.pii import mask_pii
    from app.wiring import build_writer
    from pipelines.writer import WriteContext

    settings = load_settings()
    async with await open_runtime(settings) as rt:
        if args.type:
            mtype = MemoryType(args.type)
            cands = [Candidate(mtype, args.text, DEFAULT_IMPORTANCE[mtype])]
        else:
            cands = extract_rules(args.text) or fallback_note(args.text)
        valid, rejected = validate_candidates(cands, mask_pii)
        writer = build_writer(rt)
        ctx = WriteContext(user_id=args.user, session_id="cli", trace_id=uuid.uuid4().hex)
        for label in await writer.write(ctx, valid):
            print(f"{label.action:<10} #{label.memory_id} [{label.memory_type}] {label.content}")
        for r in rejected:
            print(f"rejected   {r.reason}: {r.candidate.content}")
    return 0


async def recall(args: argparse.Namespace) -> int:
    """Print the user's top memories for a query with every part of their score."""
    from app.wiring import build_recaller

    settings = load_settings()
    async with await open_runtime(settings) as rt:
        recaller = build_recaller(rt, top_k=args.top)
        result = await recaller.recall(args.user, args.query)
        if not result.candidates:
            print(f"no memories for user {args.user!r}")
        for c in result.candidates:
            mark = "*" if c.selected else " "
            print(
                f"{mark}{c.rank:>2}. score {c.score:.3f} = sim {c.similarity:.3f} imp {c.importance:.2f} "
                f"decay {c.decay:.2f}  #{c.item.id} [{c.item.memory_type.value}] {c.item.content}"
            )
        print(f"({len(result.selected)} selected, {result.latency_ms:.0f} ms)")
    return 0


async def chat(args: argparse.Namespace) -> int:
    """Interactive terminal chat."""
    from app.chat import run_chat

    return await run_chat(load_settings(), args.user, args.session, args.debug)


async def forget(args: argparse.Namespace) -> int:
    """The forgetting job (run it daily, e.g. from cron): stale, low-value memories to the archive."""
    from app.wiring import forget_policy
    from pipelines.forgetting import run_forgetting

    settings = load_settings()
    async with await open_runtime(settings) as rt:
        decisions = await run_forgetting(rt.longterm, forget_policy(settings), rt.shortterm, dry_run=args.dry_run)
    verb = "would archive" if args.dry_run else "archived"
    for d in decisions:
        if d.archive:
            print(f"{verb} #{d.item.id} of {d.item.user_id} (keep score {d.score:.2f}): {d.item.content}")
    kept = sum(not d.archive for d in decisions)
    print(f"{len(decisions)} memories unused for {settings.forget_unused_days:g}+ days; "
          f"{len(decisions) - kept} {verb}, {kept} kept")
    return 0


async def reembed(args: argparse.Namespace) -> int:
    """Re-encode every stored memory with the configured embedding model."""
    settings = load_settings()
    embeddings = build_embedding_service(settings)
    try:
        from memory.longterm.embedded import start_embedded
        from memory.longterm.pgvector_store import PgVectorStore

        dsn = settings.pg_dsn or (await start_embedded(settings.home / "pg")).dsn
        store = PgVectorStore(dsn, embeddings.dim, settings.hnsw_ef_search)
        await store.open()
        await store.migrate()
        count = await store.reembed(embeddings.embedder.encode_passages, embeddings.model_id)
        await store.close()
        print(f"re-embedded {count} memories with {embeddings.model_id}")
    finally:
        await embeddings.aclose()
    return 0
