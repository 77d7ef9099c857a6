"""Each stage of the turn runs under the fallback its agent declares in the chat's AGENTS.md.

The test edits one stage agent's ``fallback`` in ``configs/AGENTS.md`` (retry, skip and warn,
none), makes that stage's store or model fail once, and sees the turn behave as declared: a
retry answers with the stage's result, skip-and-warn answers without it (labelled), no
fallback lets the failure reach the caller. Extraction's declared chain (the model, retried;
the ``extract_rules`` backup; the outbox) is checked the same way.
"""
from __future__ import annotations

from collections.abc import Callable

import re
import uuid
from typing import Any

import pytest

from agents.declarative.errors import AgentsConfigError
from agents.declarative.loader import parse_agents_text
from app.audit import audit_file
from app.composition import Runtime, build_services
from app.deployment import CHAT_AGENTS_FILE, turn_policy
from pipelines.tasks import TaskDesk
from pipelines.turn.screen_window import BLOCKED_SUFFIX
from pipelines.turn import MemoryServices, TurnPolicy, finish_turn, prepare_turn, start_turn

CHAT = CHAT_AGENTS_FILE.read_text(encoding="utf-8")
RETRY = "{strategy: retry, max_retries: 1, backoff_s: 0}"
SKIP = "{strategy: skip_and_warn}"


def declared(agent: str, fallback: str | None) -> TurnPolicy:
    """The chat's AGENTS.md with ``agent``'s fallback replaced (``None``: removed), as the turn's policy."""
    block = re.compile(rf"(  - name: {agent}\n(?:    .*\n)*?)    fallback: .*\n")
    text, n = block.subn(lambda m: m.group(1) + (f"    fallback: {fallback}\n" if fallback else ""), CHAT)
    assert n == 1, agent
    return turn_policy(parse_agents_text(text, "test/AGENTS.md"))


class Flaky:
    """``inner`` whose ``method`` raises for the first ``failures`` calls."""

    def __init__(self, inner: Any, method: str, failures: int = 1,
                 counts: Callable[[tuple[Any, ...]], bool] = lambda args: True) -> None:
        self.inner, self.method, self.failures, self.calls, self.counts = inner, method, failures, 0, counts

    def __getattr__(self, name: str) -> Any:
        attr = getattr(self.inner, name)
        if name != self.method:
            return attr

        async def call(*args: Any, **kwargs: Any) -> Any:
            if not self.counts(args):
                return await attr(*args, **kwargs)
            self.calls += 1
            if self.calls <= self.failures:
                raise ConnectionError(f"{self.method} is down for the test")
            return await attr(*args, **kwargs)

        return call


class DownModel:
    """An extraction model that never answers."""

    def __init__(self) -> None:
        self.calls = 0

    async def __call__(self, prompt: str) -> str:
        self.calls += 1
        raise ConnectionError("the model is down for the test")


class _Semantic:
    async def score(self, text: str) -> float:
        return 0.0


class _Knowledge:
    async def recall(self, user_id: str, session_id: str, text: str) -> list[Any]:
        return []


# stage agent -> (what fails, the label a skipped stage leaves in ``degraded``)
STAGES: dict[str, tuple[str, str | None]] = {
    "receive": ("semantic.score", None),
    "history": ("shortterm.read_history", "shortterm"),
    "consent": ("consent.allows", "working"),
    "recall": ("recaller.recall", "longterm"),
    "knowledge": ("knowledge.recall", "knowledge"),
    "working_state": ("working.get_task", "working"),
}


def _break(svc: MemoryServices, what: str) -> Flaky:
    part, method = what.split(".")
    inner = {"semantic": _Semantic(), "knowledge": _Knowledge()}.get(part) or getattr(svc, part)
    # Every read of the conversation's history counts (one per turn, shared by the screen and the
    # history stage); the screen's own list of blocked turns (``<sid>#blocked``) is not history.
    counts = (lambda args: not args[1].endswith(BLOCKED_SUFFIX)) if what == "shortterm.read_history" else (lambda args: True)
    flaky = Flaky(inner, method, counts=counts)
    setattr(svc, part, flaky)
    return flaky


async def _turn(svc: MemoryServices, runtime: Runtime, text: str = "What should I cook tonight?") -> Any:
    user = f"u{uuid.uuid4().hex[:8]}"
    task = await TaskDesk(runtime.working, user).start("dinner plan", "s1")
    ctx = await start_turn(svc, user, "s1", text, uuid.uuid4().hex, task_id=task.task_id)
    await prepare_turn(svc, ctx, "You are helpful.", None)
    await finish_turn(svc, ctx, "ok", model_answered=True)
    return ctx


@pytest.mark.parametrize("agent", list(STAGES))
async def test_each_stage_follows_the_fallback_its_agent_declares(runtime: Runtime, agent: str) -> None:
    what, degraded = STAGES[agent]
    svc = build_services(runtime, None, declared(agent, RETRY))
    flaky = _break(svc, what)
    ctx = await _turn(svc, runtime)
    assert flaky.calls == 2 and degraded not in ctx.labels.degraded, "retried once, then answered with the stage"

    svc = build_services(runtime, None, declared(agent, SKIP))
    flaky = _break(svc, what)
    ctx = await _turn(svc, runtime)
    assert flaky.calls == 1, "skip and warn: never retried"
    assert degraded is None or degraded in ctx.labels.degraded

    svc = build_services(runtime, None, declared(agent, None))
    _break(svc, what)
    with pytest.raises(ConnectionError, match="down for the test"):
        await _turn(svc, runtime)


async def test_extraction_runs_the_declared_chain_model_then_rules(runtime: Runtime) -> None:
    text = "I'm allergic to peanuts."

    chains = {
        "{strategy: retry, max_retries: 2, backoff_s: 0, backup_tool: extract_rules}": (3, "rules"),
        "{strategy: backup_tool, backup_tool: extract_rules}": (1, "rules"),
        "{strategy: retry, max_retries: 1, backoff_s: 0}": (2, None),  # no backup: nothing extracted
        SKIP: (1, None),
    }
    for fallback, (calls, extractor) in chains.items():
        svc = build_services(runtime, None, declared("extract", fallback))
        svc.complete = model = DownModel()
        ctx = await _turn(svc, runtime, text)
        label = ctx.labels.extract
        assert model.calls == calls, fallback
        if extractor is None:
            assert not label.fired and any("extraction skipped" in r for r in label.reasons), (fallback, label)
            assert "longterm" in ctx.labels.degraded
        else:
            assert label.fired and label.extractor == extractor and label.items, (fallback, label)

    svc = build_services(runtime, None, declared("extract", None))
    svc.complete = DownModel()
    with pytest.raises(ConnectionError):
        await _turn(svc, runtime, text)


async def test_the_store_failing_queues_only_where_the_extract_stage_degrades(runtime: Runtime) -> None:
    text = "I'm allergic to peanuts."
    svc = build_services(runtime, None, turn_policy())  # the shipped chain ends in the outbox
    svc.writer = Flaky(svc.writer, "write", failures=99)  # type: ignore[assignment]
    ctx = await _turn(svc, runtime, text)
    assert ctx.labels.extract.queued and len(await svc.outbox.pending()) == 1

    svc = build_services(runtime, None, declared("extract", SKIP))
    before = len(await svc.outbox.pending())
    svc.writer = Flaky(svc.writer, "write", failures=99)  # type: ignore[assignment]
    ctx = await _turn(svc, runtime, text)
    assert not ctx.labels.extract.queued and "longterm" in ctx.labels.degraded
    assert len(await svc.outbox.pending()) == before, "skip and warn: nothing queued"


def test_the_chat_file_may_not_declare_what_its_turn_does_not_read() -> None:
    scoped = CHAT.replace("    tools: [recall_memories]\n", "    tools: [recall_memories]\n    memory_scope: global\n")
    with pytest.raises(AgentsConfigError, match="memory_scope, which the chat's turn does not read"):
        turn_policy(parse_agents_text(scoped, "test/AGENTS.md"))
    score, findings = audit_file(parse_agents_text(scoped, "test/AGENTS.md"), {})
    assert score == 0 and any(f.severity == "blocker" and "memory_scope" in f.problem for f in findings)
    backup = CHAT.replace("tools: [recall_memories]\n", "tools: [recall_memories]\n    fallback: "
                          "{strategy: backup_tool, backup_tool: extract_rules}\n", 1)
    backup = re.sub(r"(  - name: recall\n(?:    .*\n)*?)    fallback: \{strategy: retry.*\n", r"\1", backup)
    with pytest.raises(AgentsConfigError, match="the chat's only backup"):
        turn_policy(parse_agents_text(backup, "test/AGENTS.md"))
    missing = re.sub(r"  - name: knowledge\n(?:    .*\n)*\n", "", CHAT)
    with pytest.raises(AgentsConfigError, match="agent 'knowledge', which is not declared"):
        turn_policy(parse_agents_text(missing, "test/AGENTS.md"))
