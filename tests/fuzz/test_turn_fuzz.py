"""Property: whatever text arrives, the chat turn answers (or refuses in one line) and the
stores stay consistent — arbitrary Unicode, lone surrogates (invalid UTF-8), NUL and
control characters, huge and empty inputs, on real Redis, MariaDB and PostgreSQL."""
from __future__ import annotations

import uuid

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.composition import Runtime
from app.session import ChatSession
from core.labels import MemoryLabels
from memory.types import MemoryStatus

TEXT = st.one_of(
    st.text(max_size=300),
    st.text(alphabet=st.characters(min_codepoint=0, max_codepoint=0x10FFFF), max_size=120),
    st.binary(max_size=200).map(lambda b: b.decode("utf-8", "surrogateescape")),
    st.sampled_from(["", " ", "\x00", "I live in\x00 Oslo.", "\ud800 I prefer tea", "\u200b\u200b",
                     "我住在杭州\x1b[31m。", "x" * 9000, "My phone is １３８１２３４５６７８."]),
)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                   HealthCheck.too_slow])
@given(text=TEXT)
async def test_any_text_gets_an_answer_and_leaves_the_stores_consistent(runtime: Runtime, text: str) -> None:
    user = f"fz-{uuid.uuid4().hex[:8]}"
    chat = ChatSession.open(runtime, user, "s1")
    reply = await chat.send(text)
    answer = reply.get_text_content() or ""
    assert answer.strip(), "every input gets an answer or a one-line refusal"
    assert "Traceback" not in answer and "Error" not in answer.split("\n")[0]
    labels = MemoryLabels.model_validate(reply.metadata["memory"])
    assert labels.user_id == user and labels.degraded == []
    for turn in await runtime.shortterm.recent_turns(user, "s1"):
        assert "\x00" not in turn.content and turn.content.encode("utf-8")
    for item in await runtime.longterm.list(user, statuses=tuple(MemoryStatus), limit=50):
        assert "\x00" not in item.content and item.content.strip()
