"""Offline answers on real stores: what recall put into the prompt is what the answer quotes,
whatever the languages of the question and of the note."""
from __future__ import annotations

import uuid

from agents.models.offline import OfflineChatModel
from app.composition import Runtime, build_writer
from app.session import ChatSession
from memory.types import MemoryType
from pipelines.extract import Candidate, validate_candidates
from pipelines.context.memory_block import parse_memory_block
from pipelines.receive.pii import mask_pii
from pipelines.extract.writer import WriteContext

NOTES = [
    (MemoryType.PROFILE, "User works as a data engineer at a logistics company."),
    (MemoryType.PROFILE, "用户住在杭州。"),
    (MemoryType.FACT, "User is allergic to peanuts."),
    (MemoryType.PREFERENCE, "用户喜欢喝龙井茶，从不喝咖啡。"),
]
QUESTIONS = [
    ("我是做什么工作的？", "User works as a data engineer", True),
    ("Where do I live?", "用户住在杭州", False),
    ("我对什么过敏？", "User is allergic to peanuts", True),
    ("What do I like to drink?", "龙井茶", False),
]


async def _store(rt: Runtime, user: str) -> None:
    valid, rejected = validate_candidates([Candidate(t, text, 0.7) for t, text in NOTES], mask_pii)
    assert not rejected
    ctx = WriteContext(user_id=user, session_id="seed", trace_id=uuid.uuid4().hex)
    labels = await build_writer(rt).write(ctx, valid)
    assert [label.action for label in labels] == ["created"] * len(NOTES)


def _prompt_notes(model: OfflineChatModel) -> list[str]:
    system = next(m for m in model.last_messages if m["role"] == "system")
    text = system["content"] if isinstance(system["content"], str) else system["content"][0]["text"]
    return [n["content"] for n in parse_memory_block(text)]


async def test_cross_lingual_questions_quote_the_injected_note(runtime: Runtime) -> None:
    user = f"lin{uuid.uuid4().hex[:6]}"
    await _store(runtime, user)
    chat = ChatSession.open(runtime, user, "q1", model=OfflineChatModel())
    for question, expected, chinese in QUESTIONS:
        reply = (await chat.send(question)).get_text_content() or ""
        assert any(expected in note for note in _prompt_notes(chat.model)), question  # recall injected it
        assert "nothing remembered" not in reply and "没有记住" not in reply
        quoted = [line for line in reply.splitlines() if line.startswith("- ")]
        assert quoted and expected in quoted[0], reply
        assert ("我记得与此相关的内容" in reply) is chinese


async def test_a_statement_is_acknowledged_not_answered_with_nothing_remembered(runtime: Runtime) -> None:
    user = f"sam{uuid.uuid4().hex[:6]}"
    chat = ChatSession.open(runtime, user, "s1", model=OfflineChatModel())
    reply = (await chat.send("I live in Shanghai.")).get_text_content() or ""
    lines = reply.splitlines()
    assert "Got it." in lines and "nothing remembered" not in reply
    assert lines[-1] == 'Noted: "User lives in Shanghai."', "the user sees what was stored"
