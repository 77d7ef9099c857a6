"""The CLI commands (thin: they compose the runtime and call the pipeline)."""
from __future__ import annotations

import argparse
import asyncio
import time
import uuid
from collections.abc import Awaitable, Callable
from typing import Any

from app.composition import build_embedding_service, open_longterm, open_runtime, open_shortterm, open_working
from app.composition.stores import Backend, Closer
from app.settings import Settings, load_settings
from memory.errors import ConfigError, MemoryAgentError


# What still works while a tier is down, and what to do (doctor's degraded report; docs/SCALING.md).
DEGRADED = {
    "short-term": ("chat answers without short-term history (turns journaled, appended when Redis is back); "
                   "serve starts, its memory routes answer, sessions/chat/stream answer 503 + Retry-After",
                   "start Redis (or fix REDIS_URL); give it AOF (`appendonly yes`): it holds the service's sessions"),
    "working": ("chat and serve answer turns; keys verified before and JWTs authenticate, a key never verified "
                "is a 503; task state and batch claims wait",
                "start MariaDB (or fix MYSQL_URL); the schema is migrated when it answers"),
    "long-term": ("turns are answered without long-term memory; memory writes wait in the outbox under "
                  "MEMORY_AGENT_HOME and land once when PostgreSQL is back",
                  "start PostgreSQL (or fix PG_DSN); nothing is lost meanwhile"),
}
TIER_TIMEOUT_S = 20.0


async def doctor(args: argparse.Namespace) -> int:
    """Print, per tier, the backend, whether it answers, its version; and the embedding model.

    The checks run at once (the embedded servers start while the embedder makes its first
    encode); the lines are printed in the usual order. Only what is checked is imported: the
    stores' drivers and the embedder, not the pipelines nor AgentScope. A tier that is down (or
    does not answer within ``TIER_TIMEOUT_S``) is reported with what still works without it and
    what to do; the exit status is then 1 (0: every tier answers).
    """
    settings = load_settings()
    print(f"memory-agent doctor  (data directory: {settings.home})", flush=True)
    failures = 0
    embeddings = None
    try:
        embeddings = build_embedding_service(settings)
    except MemoryAgentError as exc:
        failures += 1
        print(f"  embeddings  FAILED: {exc}")
    openers: list[tuple[str, Callable[[Settings], Awaitable[tuple[Any, Backend, list[Closer]]]]]] = [
        ("short-term", open_shortterm), ("working", open_working)]
    if embeddings is not None:
        dim = embeddings.dim
        openers.append(("long-term", lambda s: open_longterm(s, dim)))
    checks = [asyncio.ensure_future(_check_tier(tier, opener, settings)) for tier, opener in openers]
    if embeddings is not None:
        failures += not await _first_encode(embeddings)
    down = await _tier_lines([tier for tier, _ in openers], checks)
    failures += len(down)
    if embeddings is not None:
        await embeddings.aclose()
    print(f"  chat model  {_chat_model_line(settings)}")
    _verdict(failures, down)
    return 0 if not failures else 1


async def _first_encode(embeddings: Any) -> bool:
    """The embedder's line: its model and the first query's time; whether it answered."""
    try:
        started = time.perf_counter()
        await embeddings.embed_query("doctor")
        took = (time.perf_counter() - started) * 1000
        print(f"  embeddings  {embeddings.model_id} (dim {embeddings.dim})  ok, first query {took:.0f} ms")
        return True
    except MemoryAgentError as exc:
        print(f"  embeddings  FAILED: {exc}")
        return False


async def _tier_lines(tiers: list[str], checks: list[asyncio.Future[tuple[str, bool]]]) -> list[str]:
    """One line per tier, in order, with what still works when it is down; the tiers that are down."""
    down: list[str] = []
    for tier, check in zip(tiers, checks):
        line, ok = await check
        print(f"  {tier:<10}  {line}")
        if not ok:
            down.append(tier)
            _degraded_lines(tier)
    return down


def _verdict(failures: int, down: list[str]) -> None:
    """The doctor's last line: all ok, degraded (only tiers down), or how many problems."""
    if not failures:
        print("all tiers ok")
    elif down and len(down) == failures:
        print(f"degraded: {', '.join(down)} down. `serve` and `chat` still start and answer degraded turns "
              "(labelled; /health says readiness \"degraded\") and recover by themselves when the store is back.")
    else:
        print(f"{failures} problem(s) found")


async def _check_tier(tier: str, opener: Callable[[Settings], Awaitable[tuple[Any, Backend, list[Closer]]]],
                      settings: Settings) -> tuple[str, bool]:
    """Open one tier, ask its version, close it: the doctor's line for it and whether it is ok."""
    configured = {"short-term": settings.shortterm.url, "working": settings.working.mysql_url,
                  "long-term": settings.longterm.pg_dsn}[tier]
    # A configured server that does not answer is down after TIER_TIMEOUT_S; an embedded one is
    # started here (its first start, initdb, can take longer on a busy machine) and is waited for.
    open_timeout = TIER_TIMEOUT_S if configured else None
    try:
        store, backend, closers = await asyncio.wait_for(opener(settings), open_timeout)
    except (MemoryAgentError, TimeoutError) as exc:
        return f"FAILED: {str(exc) or f'no answer within {TIER_TIMEOUT_S:.0f} s'}", False
    try:
        version = await asyncio.wait_for(store.server_version(), TIER_TIMEOUT_S)
        extra = await _redis_persistence_note(settings) if tier == "short-term" and not backend.embedded else ""
        return f"{backend.kind} at {backend.target}  ok, {version}{extra}", True
    except (MemoryAgentError, TimeoutError) as exc:
        return f"{backend.kind} at {backend.target}  FAILED: {exc or 'no answer'}", False
    finally:
        for close in closers:
            await close()


def _degraded_lines(tier: str) -> None:
    works, todo = DEGRADED[tier]
    print(f"              still works: {works}")
    print(f"              to do: {todo}")


async def _redis_persistence_note(settings) -> str:  # noqa: ANN001
    """``, AOF on`` or a warning that a restart loses the service's records."""
    import asyncio

    from app.composition import open_service_redis
    from app.service.persistence import redis_persistence

    client = await open_service_redis(settings)
    try:
        found = await asyncio.wait_for(redis_persistence(client), TIER_TIMEOUT_S)
    except Exception:  # noqa: BLE001 - the version answered; a failed check is no verdict
        return ", persistence not checked"
    finally:
        await client.aclose()
    if found == "aof":
        return ", AOF on"
    return (f", persistence: {found} — WARNING: a Redis restart loses the service's sessions and messages; "
            "set `appendonly yes`")


def _chat_model_line(settings) -> str:  # noqa: ANN001
    from agents.models.provider import select_provider  # no AgentScope: doctor builds no model

    provider = select_provider(settings.model)
    if provider == "offline":
        return "offline mode (no DASHSCOPE_API_KEY or OPENAI_BASE_URL set): deterministic responder"
    return f"{provider}: {settings.model.chat_model}"


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
    """One statement through the turn's receive (mask, screen), trigger, extraction and writer."""
    from app.deployment import turn_policy
    from app.composition import build_services
    from pipelines.turn import remember_text

    settings = load_settings()
    async with await open_runtime(settings) as rt:
        svc = build_services(rt, None, turn_policy())
        ctx = await remember_text(svc, args.user, args.text, uuid.uuid4().hex)
        refusal = _not_stored(ctx, args.user)
        if refusal is not None:
            print(refusal)
            return 1
        _print_stored(ctx.labels.extract)
    return 0


def _not_stored(ctx: Any, user: str) -> str | None:
    """Why ``remember`` stored nothing (one line, what to do), or ``None`` when extraction produced items."""
    if ctx.blocked:
        return f"not stored: {ctx.received.refusal}"
    if not ctx.longterm_enabled:
        return ("not stored: long-term memory is off for this user; grant it with "
                f"`python -m app consent --user {user} on` (or LONGTERM_CONSENT=on).")
    label = ctx.labels.extract
    if label is not None and label.fired and any(item.action != "rejected" for item in label.items):
        return None
    if label is not None and label.items:  # every note extraction made was rejected: say which check refused it
        why = "; ".join(dict.fromkeys(item.reason or "rejected" for item in label.items))
        return (f"not stored: validation rejected every note made of this text ({why}) — only what extraction "
                "produces and validation accepts is stored, never the raw text.")
    return _nothing_reason(label.reasons if label else [])


def _nothing_reason(reasons: list[str]) -> str:
    """The line for a statement extraction kept nothing of: the screen's reason, or nothing worth it."""
    from pipelines.extract.memorize import NOTHING

    why = next((r for r in reasons if r.startswith("nothing to remember")), None)
    if why is not None and why != NOTHING:  # the screen's reason: pasted instructions, a claim
        return f"not stored: {why.removeprefix('nothing to remember: ')}."
    return ("not stored: nothing in this text is worth remembering (a fact, preference, plan or decision)"
            + (f"; {why.removeprefix('nothing to remember: ')}" if why else "")
            + " — only what extraction produces and validation accepts is stored, never the raw text.")


def _print_stored(label: Any) -> None:
    """One line per memory ``remember`` wrote (or rejected), after a line if it was queued."""
    if label.queued:
        print("queued: the long-term store is unavailable; the memory is written when it is back.")
    for item in label.items:
        if item.action == "rejected":
            print(f"rejected   {item.reason}: {item.content}")
            continue
        tail = f" (replaces #{item.supersedes_id})" if item.supersedes_id else ""
        print(f"{item.action:<10} #{item.memory_id} [{item.memory_type}] {item.content}{tail}")


async def recall(args: argparse.Namespace) -> int:
    """Print the user's top memories for a query with every part of their score.

    The query has the chat's input limit (``MAX_INPUT_CHARS``); each line shows the score as
    the sum it is: ``w·relevance + w·importance + w·decay``, relevance being the hybrid (RRF)
    relevance, or the cosine when recall is dense-only.
    """
    from app.composition import build_recaller

    settings = load_settings()
    limit = settings.turn.max_input_chars
    if len(args.query) > limit:
        raise ConfigError(f"the query is {len(args.query)} characters long; the limit is {limit} "
                          "(MAX_INPUT_CHARS, as in the chat). Shorten it.")
    w_rel, w_imp, w_dec = settings.recall.weight_similarity, settings.recall.weight_importance, settings.recall.weight_decay
    async with await open_runtime(settings) as rt:
        recaller = build_recaller(rt, top_k=args.top)
        result = await recaller.recall(args.user, args.query)
        if not result.candidates:
            print(f"no memories for user {args.user!r}")
        for c in result.candidates:
            mark = "*" if c.selected else " "
            rel = c.similarity if c.relevance is None else c.relevance
            print(
                f"{mark}{c.rank:>2}. score {c.score:.3f} = {w_rel:g}·relevance {rel:.3f} + {w_imp:g}·importance "
                f"{c.importance:.2f} + {w_dec:g}·decay {c.decay:.2f}  (cosine {c.similarity:.3f}, bm25 {c.lexical:.2f})"
                f"  #{c.item.id} [{c.item.memory_type.value}] {c.item.content}"
            )
        print(f"({len(result.selected)} selected, {result.latency_ms:.0f} ms)")
    return 0


async def chat(args: argparse.Namespace) -> int:
    """Interactive terminal chat (answered by a declared team with ``--agents FILE``)."""
    if args.agents is not None:
        from app.team_chat import run_team_chat

        return await run_team_chat(load_settings(), args.agents, args.user, args.session,
                                   getattr(args, "user_chosen", True))
    from app.chat import run_chat

    return await run_chat(load_settings(), args.user, args.session, args.debug, getattr(args, "user_chosen", True))


async def forget(args: argparse.Namespace) -> int:
    """The forgetting job (run it daily, e.g. from cron): stale, low-value memories to the archive."""
    from app.composition import forget_policy
    from pipelines.forgetting import run_forgetting

    settings = load_settings()
    async with await open_runtime(settings) as rt:
        decisions = await run_forgetting(rt.longterm, forget_policy(settings), rt.shortterm, dry_run=args.dry_run,
                                         user_id=getattr(args, "user", None))
    verb = "would archive" if args.dry_run else "archived"
    for d in decisions:
        if d.archive:
            print(f"{verb} #{d.item.id} of {d.item.user_id} (keep score {d.score:.2f}): {d.item.content}")
    kept = sum(not d.archive for d in decisions)
    print(f"{len(decisions)} memories unused for {settings.forget.unused_days:g}+ days; "
          f"{len(decisions) - kept} {verb}, {kept} kept")
    return 0


async def reembed(args: argparse.Namespace) -> int:
    """Re-encode every stored memory with the configured embedding model."""
    settings = load_settings()
    embeddings = build_embedding_service(settings)
    try:
        from app.composition import open_longterm
        from memory.longterm.pgvector_store import PgVectorStore

        store, _, closers = await open_longterm(settings, embeddings.dim)
        try:
            assert isinstance(store, PgVectorStore)
            count = await store.reembed(embeddings.embedder.encode_passages, embeddings.model_id)
        finally:
            for close in closers:
                await close()
        print(f"re-embedded {count} memories with {embeddings.model_id}")
    finally:
        await embeddings.aclose()
    return 0


async def consent(args: argparse.Namespace) -> int:
    """Show, grant or revoke one user's consent to long-term memory."""
    from app.composition import consent_store

    async with await open_runtime(load_settings()) as rt:
        store = consent_store(rt)
        if args.answer in ("on", "off"):
            await store.set(args.user, args.answer == "on")
        answer = await store.answer(args.user)
        said = {True: "granted", False: "refused", None: "not asked yet"}[answer]
        state = "on" if await store.allows(args.user) else "off"
        print(f"long-term memory for {args.user}: {state} (user's answer: {said}; default LONGTERM_CONSENT={store.default.value})")
    return 0


async def export(args: argparse.Namespace) -> int:
    """Everything held about one user as JSON (stdout or --out)."""
    import json

    from app.privacy import export_user

    async with await open_runtime(load_settings()) as rt:
        doc = await export_user(rt, args.user)
    text = json.dumps(doc, ensure_ascii=False, indent=2, default=str)
    if args.out is None:
        print(text)
    else:
        args.out.write_text(text + "\n", encoding="utf-8")
        print(f"exported {args.user} to {args.out}")
    return 0


async def erase(args: argparse.Namespace) -> int:
    """Delete everything held about one user, in every tier; prints the receipt."""
    import sys

    from app.privacy import erase_user

    if not args.yes:
        if not sys.stdin.isatty():
            print("error: erase deletes everything held about the user and cannot be undone; "
                  "add --yes to confirm.", file=sys.stderr)
            return 2
        if input(f"Erase everything held about {args.user!r}? This cannot be undone. [y/N] ").strip().lower() != "y":
            print("nothing erased")
            return 1
    from app.service.keys_command import revoke_user_keys

    settings = load_settings()
    revoked: list[str] = []

    async def api_keys(user_id: str) -> int:  # a key of an erased user must not keep working
        revoked.extend(await revoke_user_keys(settings, user_id))
        return len(revoked)

    async with await open_runtime(settings) as rt:
        receipt = await erase_user(rt, args.user, extra={"api_keys": api_keys})
    print(f"erased {args.user}: " + ", ".join(f"{k} {v}" for k, v in sorted(receipt.items())))
    print(f"API keys revoked: {', '.join(revoked)}" if revoked else "API keys revoked: none (the user had no active key)")
    return 0
