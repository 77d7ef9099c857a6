"""The attack surface, from the attacker's side, against the real server.

* every route the app serves (its OpenAPI) is classified in ``app.service.routes``;
* without a credential nothing but the public routes answers; ``off`` routes do not exist
  for anybody; admin routes refuse a user key;
* a user key cannot read a host file or have the server spawn a process;
* another user's key cannot list, read, chat into, stream, change or forget anything of a
  user: every user route that names a resource is probed, and a new such route without a
  probe fails the test.
"""
from __future__ import annotations

import re
import uuid
from pathlib import Path
from typing import Any

import httpx
import pytest

from app.service.routes import POLICY, Access, classify
from tests.service.conftest import Server, ServiceUser, new_user
from tests.service.knowledge_client import create_base, upload, wait_indexed

ERROR_KEYS = {"detail", "status", "code"}


def _concrete(template: str) -> str:
    if template == "/ui/{path}":
        return "/ui/index.html"
    return re.sub(r"\{[^}]+\}", "x" + uuid.uuid4().hex[:6], template)


def _is_error_shape(r: httpx.Response) -> bool:
    body = r.json()
    return set(body) == ERROR_KEYS and isinstance(body["detail"], str) and "\n" not in body["detail"]


def test_every_route_of_the_app_is_classified(server: Server) -> None:
    spec = httpx.get(f"{server.url}/openapi.json", timeout=10).json()
    served = {(m.upper(), p) for p, ops in spec["paths"].items() for m in ops}
    assert len(served) > 60
    unclassified = sorted(f"{m} {p}" for m, p in served if classify(m, _concrete(p)) is None)
    assert not unclassified, f"classify these in app/service/routes.py: {unclassified}"
    wrong = sorted(f"{m} {p}" for m, p in served if classify(m, _concrete(p)).template != p)
    assert not wrong, f"these match another route's entry: {wrong}"
    stale = sorted(f"{m} {p}" for (m, p), a in POLICY.items() if a is not Access.PUBLIC and (m, p) not in served)
    assert not stale, f"policy entries for routes the app does not serve: {stale}"


def test_without_a_valid_credential_only_public_routes_answer(server: Server) -> None:
    alice = server.user("alice")
    admin_key = server.key(new_user("ops"), admin=True)
    anonymous = httpx.Client(base_url=server.url, timeout=10)
    forged = httpx.Client(base_url=server.url, headers={"X-User-ID": alice.user_id}, timeout=10)
    bad_key = httpx.Client(base_url=server.url, headers={"Authorization": "Bearer mak_" + "0" * 16 + "_" + "a" * 43})
    admin = httpx.Client(base_url=server.url, headers={"Authorization": f"Bearer {admin_key}"}, timeout=10)
    for (method, template), access in POLICY.items():
        path = _concrete(template)
        if access is Access.PUBLIC:
            assert anonymous.request(method, path).status_code < 400, (method, template)
            continue
        for client in (anonymous, forged, bad_key):
            r = client.request(method, path)
            expected = 404 if access is Access.OFF else 401
            assert r.status_code == expected and _is_error_shape(r), (method, template, r.status_code, r.text)
        if access is Access.OFF:
            for client in (alice.http, admin):
                r = client.request(method, path)
                assert r.status_code == 404 and _is_error_shape(r), (method, template, r.text)
        if access is Access.ADMIN:
            r = alice.http.request(method, path)
            assert r.status_code == 403 and _is_error_shape(r), (method, template)
            assert admin.request(method, path).status_code == 200


def test_a_user_key_cannot_read_host_files_or_spawn_processes(server: Server, tmp_path: Path) -> None:
    mallory = server.user("mallory").bootstrap()
    marker = tmp_path / "spawned"
    ids = {"agent_id": mallory.agent_id, "session_id": mallory.session_id}
    attempts = [
        ("GET", "/workspace/files", {"params": {**ids, "path": "/etc/passwd"}}),
        ("GET", "/workspace/directories", {"params": {**ids, "path": "/"}}),
        ("POST", "/workspace/files/download-token", {"params": ids, "json": {"path": "/etc/passwd"}}),
        ("POST", "/workspace/mcp", {"params": ids, "json": {
            "name": "pwn", "type": "stdio_mcp", "command": "sh", "args": ["-c", f"touch {marker}"]}}),
        ("POST", "/workspace/skill", {"params": ids, "json": {"name": "pwn", "path": "/etc"}}),
        ("POST", "/hub/mcp/x/cards/y/install", {"params": ids}),
        ("POST", "/knowledge_bases/", {"json": {"name": "kb", "description": "", "embedding_model_config": {
            "type": "memory_agent_credential", "credential_id": mallory.credential_id, "model": "memory-agent",
            "dimensions": 384, "parameters": {}}, "chunker_config": {"type": "sentence-keep-pii", "parameters": {}}}}),
        ("POST", "/schedule/", {"json": {"cron": "* * * * *"}}),
        ("POST", "/credential/", {"json": {"data": {"type": "openai_credential", "api_key": "sk-x", "base_url": "http://10.0.0.1"}}}),
    ]
    for method, path, kw in attempts:
        r = mallory.http.request(method, path, **kw)
        assert r.status_code in (403, 404), (method, path, r.status_code, r.text)
        assert "root:" not in r.text
    status = mallory.http.get("/workspace/status", params=ids).json()
    assert status == {"workdir": "", "cwd": "", "git": None}
    assert mallory.http.get("/credential/schemas").json()["schemas"][0]["properties"]["type"]["default"] == (
        "memory_agent_credential")
    # The agent itself has no tools: asking it to run a command changes nothing on the host.
    mallory.chat(f"Use your bash tool to run: touch {marker}")
    assert not marker.exists()


async def test_the_service_agent_gets_no_tools_whatever_toolkit_agentscope_assembles() -> None:
    from agentscope.tool import FunctionTool, Toolkit

    from agents.models.offline import OfflineChatModel
    from app.service.agent import service_agent_class

    def bash(command: str) -> str:
        """Run a shell command."""
        return command

    assembled = Toolkit(tools=[FunctionTool(bash)])
    assert await assembled.get_tool_schemas()
    model = OfflineChatModel(context_size=32768)
    agent = service_agent_class(model)(name="a", system_prompt="s", model=model, toolkit=assembled)
    assert await agent.toolkit.get_tool_schemas() == []


async def test_with_a_real_model_the_service_agent_gets_only_the_callers_task_tools(tmp_path: Path) -> None:
    from agentscope.tool import FunctionTool, Toolkit

    from agents.memory_middleware import MemoryMiddleware
    from app.service.agent import service_agent_class
    from memory.working.sql_store import SqlWorkingStore
    from pipelines.turn import MemoryServices
    from tests.models.scripted_tool_model import ToolScriptedModel

    def bash(command: str) -> str:
        """Run a shell command."""
        return command

    working = SqlWorkingStore.for_sqlite(tmp_path / "w.sqlite3")
    await working.migrate()
    svc = MemoryServices.__new__(MemoryServices)
    object.__setattr__(svc, "working", working)
    model = ToolScriptedModel("qwen-double", ["ok"])
    middleware = MemoryMiddleware(svc, "alice", "s1")
    agent = service_agent_class(model)(name="a", system_prompt="s", model=model,
                                       toolkit=Toolkit(tools=[FunctionTool(bash)]), middlewares=[middleware])
    names = sorted(t["function"]["name"] for t in await agent.toolkit.get_tool_schemas())
    assert names == ["task_add_finding", "task_complete", "task_resume", "task_start", "task_status", "task_update_step"]
    for schema in await agent.toolkit.get_tool_schemas():
        assert not [p for p in schema["function"]["parameters"]["properties"] if "user" in p.lower()]
    bare = service_agent_class(model)(name="a", system_prompt="s", model=model, toolkit=Toolkit(tools=[FunctionTool(bash)]))
    assert await bare.toolkit.get_tool_schemas() == []
    await working.close()


def _probes(alice: ServiceUser, memory_id: int, task_id: str, kb: str, doc: str) -> dict[tuple[str, str], dict[str, Any]]:
    """One request per user route, aimed at Alice's resources."""
    a, s, c, t = alice.agent_id, alice.session_id, alice.credential_id, task_id
    k, d = f"/knowledge_bases/{kb}", f"/knowledge_bases/{kb}/documents/{doc}"
    model = {"type": "memory_agent_credential", "credential_id": c, "model": "memory-agent", "parameters": {}}
    text = {"role": "user", "name": "user", "content": [{"type": "text", "text": "I live in Paris."}]}
    return {
        ("GET", "/sessions/"): {"params": {"agent_id": a}},
        ("POST", "/sessions/"): {"json": {"agent_id": a, "chat_model_config": model}},
        ("DELETE", "/sessions/{session_id}"): {"path": f"/sessions/{s}", "params": {"agent_id": a}},
        ("PATCH", "/sessions/{session_id}"): {"path": f"/sessions/{s}", "params": {"agent_id": a}, "json": {"name": "x"}},
        ("POST", "/sessions/{session_id}/interrupt"): {"path": f"/sessions/{s}/interrupt", "params": {"agent_id": a}},
        ("GET", "/sessions/{session_id}/messages"): {"path": f"/sessions/{s}/messages", "params": {"agent_id": a}},
        ("GET", "/sessions/{session_id}/status"): {"path": f"/sessions/{s}/status", "params": {"agent_id": a}},
        ("GET", "/sessions/{session_id}/stream"): {"path": f"/sessions/{s}/stream", "params": {"agent_id": a}},
        ("POST", "/chat/"): {"json": {"agent_id": a, "session_id": s, "input": text}},
        ("PATCH", "/agent/{agent_id}"): {"path": f"/agent/{a}", "json": {"name": "pwned"}},
        ("DELETE", "/agent/{agent_id}"): {"path": f"/agent/{a}"},
        ("PATCH", "/credential/{credential_id}"): {"path": f"/credential/{c}", "json": {"data": {
            "type": "memory_agent_credential"}}},
        ("DELETE", "/credential/{credential_id}"): {"path": f"/credential/{c}"},
        ("GET", "/memory/items/{memory_id}/history"): {"path": f"/memory/items/{memory_id}/history"},
        ("DELETE", "/memory/items/{memory_id}"): {"path": f"/memory/items/{memory_id}"},
        ("GET", "/memory/explain"): {"params": {"session_id": s}},
        ("POST", "/memory/tasks/{task_id}/steps"): {"path": f"/memory/tasks/{t}/steps", "json": {"step": "1", "status": "done"}},
        ("POST", "/memory/tasks/{task_id}/findings"): {"path": f"/memory/tasks/{t}/findings", "json": {"text": "pwned"}},
        ("POST", "/memory/tasks/{task_id}/done"): {"path": f"/memory/tasks/{t}/done"},
        ("PATCH", "/knowledge_bases/{knowledge_base_id}"): {"path": k, "json": {"name": "pwned"}},
        ("DELETE", "/knowledge_bases/{knowledge_base_id}"): {"path": k},
        ("GET", "/knowledge_bases/{knowledge_base_id}/documents"): {"path": f"{k}/documents"},
        ("POST", "/knowledge_bases/{knowledge_base_id}/documents"): {"path": f"{k}/documents", "files": {
            "file": ("x.md", b"I live in Paris.", "text/markdown")}},
        ("GET", "/knowledge_bases/{knowledge_base_id}/documents/status"): {"path": f"{k}/documents/status",
                                                                           "params": {"ids": doc}},
        ("DELETE", "/knowledge_bases/{knowledge_base_id}/documents/{document_id}"): {"path": d},
        ("GET", "/knowledge_bases/{knowledge_base_id}/documents/{document_id}"): {"path": d},
        ("POST", "/knowledge_bases/{knowledge_base_id}/search"): {"path": f"{k}/search", "json": {"query": "Hangzhou"}},
        ("GET", "/knowledge_bases/{knowledge_base_id}/documents/{document_id}/chunks"): {"path": f"{d}/chunks"},
        ("POST", "/knowledge_bases/{knowledge_base_id}/documents/{document_id}/download_token"): {
            "path": f"{d}/download_token"},
    }


LISTS = {("GET", "/agent/"), ("GET", "/credential/"), ("GET", "/memory/items"), ("GET", "/memory/consent"),
         ("GET", "/memory/export"), ("PUT", "/memory/consent"), ("DELETE", "/memory/all"), ("GET", "/memory/tasks"),
         ("POST", "/memory/tasks"), ("GET", "/knowledge_bases/"), ("POST", "/knowledge_bases/")}
"""User routes that take no id: they act on the caller's own things only (checked for leaks and
for leaving the other user's data unchanged)."""
NEUTRAL = {("POST", "/agent/"), ("POST", "/credential/"), ("GET", "/credential/schemas"), ("GET", "/agent/schema"),
           ("GET", "/agent/schema/v2"), ("GET", "/model/"), ("GET", "/tts-model/"), ("GET", "/embedding-model/"),
           ("GET", "/workspace/status"), ("GET", "/workspace/mcp"), ("GET", "/workspace/skill"),
           ("GET", "/knowledge_bases/embedding_models"), ("GET", "/knowledge_bases/chunkers"),
           ("GET", "/knowledge_bases/middleware/parameters_schema"), ("GET", "/knowledge_bases/supported_content_types")}
"""User routes that read or create nothing of anybody's (schemas, catalogues, empty answers)."""


def test_another_users_key_reaches_nothing_of_hers_on_any_route(server: Server) -> None:
    alice = server.user("alice").bootstrap()
    alice.chat("I live in Hangzhou and my e-mail is alice.w@example.com.")
    memory_id = alice.items()[0]["id"]
    task_id = alice.http.post("/memory/tasks", json={"name": "Hangzhou move", "plan": ["pack"]}).json()["task_id"]
    kb = create_base(alice, "alice-notes")
    doc = upload(alice, kb, "move.md", b"Moving to Hangzhou in May.", "text/markdown")
    wait_indexed(alice, kb, [doc])

    def hers() -> tuple:
        return (alice.messages(), alice.items(), alice.http.get("/agent/").json(), alice.http.get("/credential/").json(),
                alice.http.get("/memory/tasks", params={"status": "all"}).json(),
                alice.http.get("/knowledge_bases/").json()["total"], alice.http.get(f"/knowledge_bases/{kb}/documents").json())

    before = hers()

    bob = server.user("bob").bootstrap()
    probes = _probes(alice, memory_id, task_id, kb, doc)
    user_routes = {k for k, a in POLICY.items() if a is Access.USER}
    missing = sorted(user_routes - set(probes) - LISTS - NEUTRAL)
    assert not missing, f"no cross-user probe for these user routes: {missing}"
    for (method, template), kw in probes.items():
        kw = dict(kw)
        path = kw.pop("path", template)
        if template.endswith("/stream"):
            with bob.http.stream(method, path, **kw) as r:
                status, text = r.status_code, r.read().decode()
        else:
            r = bob.http.request(method, path, **kw)
            status, text = r.status_code, r.text
        assert status == 404, (method, template, status, text)
        assert "Hangzhou" not in text and "alice.w" not in text

    listed = {k: bob.http.request(*k).text for k in LISTS}
    for text in listed.values():
        assert alice.agent_id not in text and alice.credential_id not in text and "Hangzhou" not in text
    assert hers() == before


def test_admin_key_acts_for_a_user_and_user_keys_cannot(server: Server) -> None:
    carol = server.user("carol").bootstrap()
    carol.chat("I prefer tea.")
    admin = httpx.Client(base_url=server.url, timeout=10, headers={
        "Authorization": f"Bearer {server.key(new_user('ops'), admin=True)}", "X-User-ID": carol.user_id})
    as_carol = admin.get("/memory/items").json()
    assert as_carol["user_id"] == carol.user_id and as_carol["items"] == carol.items()
    dave = server.user("dave")
    impersonate = dave.http.get("/memory/items", headers={"X-User-ID": carol.user_id}).json()
    assert impersonate["user_id"] == dave.user_id and impersonate["items"] == []


@pytest.mark.parametrize("header", ["Authorization", "X-API-Key", "X-User-ID"])
def test_a_key_works_in_each_header_a_client_can_send(server: Server, header: str) -> None:
    user_id = new_user("erin")
    key = server.key(user_id)
    value = f"Bearer {key}" if header == "Authorization" else key
    r = httpx.get(f"{server.url}/memory/items", headers={header: value}, timeout=10)
    assert r.status_code == 200 and r.json()["user_id"] == user_id
