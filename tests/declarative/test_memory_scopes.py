"""Session memory lives in this user's session (real Redis); global memory only for declared readers."""
from __future__ import annotations

import uuid

import pytest

from memory.shortterm.client import redis_client

from agents.declarative.tool_context import ToolContext
from agents.declarative.engine import AgentEngine
from agents.declarative.loader import parse_agents_text
from agents.declarative.scopes import GlobalScopeStore, ScopeStores, SessionScopeStore, TaskScopeStore
from tests.declarative.conftest import agents_md, no_sleep


@pytest.fixture(params=["redis", "cluster"])
def scope_redis_url(request: pytest.FixtureRequest) -> str:
    """The session scope's Redis: one server, or a real 3-master Redis Cluster."""
    if request.param == "cluster":
        return request.getfixturevalue("redis_cluster").url
    return "redis://127.0.0.1:6379/0"


async def test_session_memory_is_per_user_session_and_global_memory_per_declaring_agent(  # noqa: ANN001
    toolset, working, scope_redis_url: str
) -> None:
    async def remember(inputs: dict, ctx: ToolContext) -> dict:
        await ctx.memory.write("prefs", {"style": inputs["style"]})
        return {}

    async def recall(inputs: dict, ctx: ToolContext) -> dict:
        return {"seen": ctx.recalled}

    toolset("remember", remember)
    toolset("recall", recall)
    text = agents_md(toolset.name, (
        "  - name: writer\n    role: r\n    input_schema: {style: str}\n    tools: [remember]\n"
        "    memory_scope: session\n    memory_access: {write: [prefs]}\n    fallback: {strategy: skip_and_warn}\n"
        "  - name: session_reader\n    role: r\n    tools: [recall]\n    dependencies: [writer]\n    memory_scope: session\n"
        "    output_schema: {seen: dict}\n    memory_access: {read: [prefs]}\n    fallback: {strategy: skip_and_warn}\n"
        "  - name: publisher\n    role: r\n    input_schema: {style: str}\n    tools: [remember]\n"
        "    memory_scope: global\n    memory_access: {write: [prefs]}\n    fallback: {strategy: skip_and_warn}\n"
        "  - name: global_reader\n    role: r\n    tools: [recall]\n    dependencies: [publisher]\n    memory_scope: global\n"
        "    output_schema: {seen: dict}\n    memory_access: {read: [{memory: prefs, fields: [style]}]}\n"
        "    fallback: {strategy: skip_and_warn}\n"
        "  - name: task_reader\n    role: r\n    tools: [recall]\n    dependencies: [publisher]\n    memory_scope: task\n"
        "    output_schema: {seen: dict}\n    memory_access: {read: [prefs]}\n    fallback: {strategy: skip_and_warn}\n"
    ))
    loaded = parse_agents_text(text)
    client = redis_client(scope_redis_url)
    prefix = f"decl{uuid.uuid4().hex[:8]}"
    dep = loaded.config.deployment
    stores = ScopeStores(TaskScopeStore(working, dep), GlobalScopeStore(working, dep), SessionScopeStore(client, prefix, 60))
    engine = AgentEngine.build(loaded, stores, sleep=no_sleep)
    try:
        first = await engine.run({"style": "concise"}, "alice", "s1")
        other_session = await engine.run({}, "alice", "s2")
        other_user = await engine.run({}, "bob", "s1")
        ttl = await client.ttl(f"{prefix}:user:{{alice}}:session:s1:agentmem:prefs")
    finally:
        async for key in client.scan_iter(f"{prefix}:*"):
            await client.delete(key)
        await client.aclose()

    assert first.outputs["session_reader"] == {"seen": {"prefs": {"style": "concise"}}}
    assert 0 < ttl <= 60
    assert other_session.outputs["session_reader"] == {"seen": {}}  # another session of alice: nothing
    assert other_user.outputs["session_reader"] == {"seen": {}}  # bob never sees alice's session
    # the global memory written in alice's run is shared knowledge: bob's declared reader sees it
    # (bob's own publisher had no style to write and was skipped with a warning) ...
    assert other_user.outputs["global_reader"] == {"seen": {"prefs": {"style": "concise"}}}
    assert any("skipped tool 'remember'" in w for w in other_user.warnings)
    # ... but an agent with task scope cannot reach the global tier at all
    assert first.outputs["global_reader"] == {"seen": {"prefs": {"style": "concise"}}}
    assert first.outputs["task_reader"] == {"seen": {}}


async def test_a_session_scoped_file_needs_the_session_store_from_the_composition_root(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from agents.declarative.deployments import needs_session_scope, open_engine
    from agents.declarative.errors import AgentsConfigError
    from agents.declarative.loader import parse_agents_text
    from memory.working.sql_store import SqlWorkingStore

    chat = parse_agents_text("```yaml\nconfig_version: 1\ntoolsets: [any]\nagents:\n"
                             "  - {name: note_taker, role: Keep notes., memory_scope: session}\n```\n")
    assert needs_session_scope(chat)
    working = SqlWorkingStore.for_sqlite(tmp_path / "w.sqlite3")
    await working.migrate()
    try:
        with pytest.raises(AgentsConfigError, match="open_declared_engine"):
            await open_engine(chat, working, ScopeStores(TaskScopeStore(working, "d"), GlobalScopeStore(working, "d")))
    finally:
        await working.close()
