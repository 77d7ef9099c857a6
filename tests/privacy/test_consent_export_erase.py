"""The user decides: consent gates long-term memory; export shows everything; erase deletes it all."""
from __future__ import annotations

import json
import re
import subprocess
import sys
import uuid
from pathlib import Path

import psycopg2
import redis

from app.composition import Runtime, consent_store, memory_outbox, open_runtime
from app.privacy import erase_user, export_user
from app.session import ChatSession
from core.labels import MemoryLabels
from memory.working.dialects import connect_mysql
from tests.e2e.conftest import settings_from

ROOT = Path(__file__).resolve().parents[2]


def _user(name: str) -> str:
    return f"{name}-{uuid.uuid4().hex[:8]}"


async def test_nothing_reaches_long_term_memory_until_the_user_agrees(e2e_env: dict[str, str]) -> None:
    rt = await open_runtime(settings_from(e2e_env, longterm_consent="ask"))
    try:
        user = _user("nina")
        chat = ChatSession.open(rt, user, "s1")
        reply = await chat.send("I live in Porto and I am allergic to peanuts.")
        labels = MemoryLabels.model_validate(reply.metadata["memory"])
        assert labels.longterm_enabled is False and labels.extract.reasons == ["consent"]
        assert await rt.longterm.list(user) == []
        assert [t.content for t in await rt.shortterm.recent_turns(user, "s1")][0].startswith("I live in Porto")

        await consent_store(rt).set(user, True)
        await chat.send("I live in Porto.")
        assert any("Porto" in m.content for m in await rt.longterm.list(user))

        await consent_store(rt).set(user, False)  # revoked: not read, not written
        said = await chat.send("Where do I live?")  # this conversation is still what it is: quoted as said in it
        assert "earlier in this conversation you said" in (said.get_text_content() or "")
        assert MemoryLabels.model_validate(said.metadata["memory"]).recall.candidates == []
        answer = await ChatSession.open(rt, user, "s2").send("Where do I live?")  # long-term memory is not read
        labels = MemoryLabels.model_validate(answer.metadata["memory"])
        assert labels.recall.candidates == [] and "Porto" not in (answer.get_text_content() or "")
    finally:
        await rt.aclose()


async def test_export_holds_every_tier_and_erase_leaves_nothing_anywhere(runtime: Runtime, e2e_env: dict[str, str]) -> None:
    user, other = _user("olga"), _user("pavel")
    for who in (user, other):
        chat = ChatSession.open(runtime, who, "s1")
        await chat.send("I live in Tallinn and I prefer green tea.")
        await chat.send("Actually I live in Riga now.")
    task = await runtime.working.start_task(user, "planner", {"city": "Riga"}, session_id="s1")
    await memory_outbox(runtime.settings).append({"user_id": user, "session_id": "s1", "trace_id": "t",
                                                  "turn_id": None, "candidates": []})

    doc = await export_user(runtime, user)
    blob = json.dumps(doc, ensure_ascii=False)
    assert {m["status"] for m in doc["longterm"]["memories"]} >= {"active", "superseded"}
    assert doc["shortterm"]["sessions"][0]["turns"] and doc["working"]["tasks"][0]["task_id"] == task.task_id
    assert doc["longterm"]["outbox"] and doc["consent"]["longterm_enabled"] is True
    assert other not in blob

    receipt = await erase_user(runtime, user)
    assert receipt["longterm.memories"] >= 2 and receipt["working"] == 1 and receipt["outbox"] == 1
    assert receipt["shortterm"] >= 2

    # Search every store directly for anything of the user.
    r = redis.Redis.from_url(e2e_env["REDIS_URL"])
    keys = [k.decode() for k in r.scan_iter(match=f"{e2e_env['REDIS_PREFIX']}:*")]
    assert not [k for k in keys if user in k]
    assert any(other in k for k in keys), "the other user's data must stay"
    for k in keys:
        if r.type(k) == b"string":
            assert user.encode() not in (r.get(k) or b"")
    with psycopg2.connect(e2e_env["PG_DSN"]) as conn, conn.cursor() as cur:
        for table in ("memories", "memories_archive"):
            cur.execute(f"SELECT count(*) FROM {table} WHERE user_id = %s", (user,))
            assert cur.fetchone()[0] == 0, table
        cur.execute("SELECT count(*) FROM memories WHERE user_id = %s", (other,))
        assert cur.fetchone()[0] >= 2
    conn = connect_mysql(e2e_env["MYSQL_URL"])
    try:
        cur = conn.cursor()
        for table in ("tasks", "user_consent"):
            cur.execute(f"SELECT count(*) FROM {table} WHERE user_id = %s", (user,))
            assert cur.fetchone()[0] == 0, table
    finally:
        conn.close()
    home = Path(e2e_env["MEMORY_AGENT_HOME"])
    for path in home.rglob("*.jsonl"):
        assert user not in path.read_text(encoding="utf-8"), path
    assert (await export_user(runtime, user))["longterm"]["memories"] == []


def test_cli_consent_export_and_erase(e2e_env: dict[str, str], tmp_path: Path) -> None:
    user = _user("quinn")
    env = {**e2e_env, "LONGTERM_CONSENT": "ask", "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "app", *args], cwd=ROOT, env=env, capture_output=True,
                              text=True, timeout=120)

    refused = run("remember", "--user", user, "I live in Oslo.")
    assert refused.returncode == 1 and "consent --user" in refused.stdout
    assert "on" in run("consent", "--user", user, "on").stdout
    assert "created" in run("remember", "--user", user, "I live in Oslo.").stdout
    hello = run("remember", "--user", user, "hello")
    assert hello.returncode == 1 and "nothing in this text is worth remembering" in hello.stdout
    out = tmp_path / "export.json"
    assert run("export", "--user", user, "--out", str(out)).returncode == 0
    assert "Oslo" in out.read_text(encoding="utf-8")
    unconfirmed = run("erase", "--user", user)
    assert unconfirmed.returncode == 2 and "--yes" in unconfirmed.stderr
    created = run("keys", "create", "--user", user, "--label", "phone")
    key_id = re.search(r"key id (\S+) for user", created.stdout).group(1)
    erased = run("erase", "--user", user, "--yes")
    assert erased.returncode == 0 and "longterm.memories 1" in erased.stdout and "api_keys 1" in erased.stdout
    assert f"API keys revoked: {key_id}" in erased.stdout  # an erased user's key stops working
    listed = run("keys", "list", "--user", user).stdout
    assert key_id in listed and "revoked" in listed and "active" not in listed
    assert "Oslo" not in run("export", "--user", user).stdout
