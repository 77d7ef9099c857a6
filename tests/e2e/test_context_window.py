"""The assembled prompt never exceeds the model's window, whatever the history length."""
from __future__ import annotations

from datetime import datetime, timezone

import pytest

from core.labels import MemoryLabels
from app.composition import open_runtime
from app.session import ChatSession
from memory.types import Turn
from pipelines.context.tokens import TokenCounter
from tests.e2e.conftest import settings_from

WINDOW = 4096
LONG_ZH = "我们上周讨论了杭州西湖边的几家茶馆，以及龙井茶的不同等级和价格。" * 6
LONG_EN = "We compared three hiking routes near Hangzhou, their lengths, and the best season. " * 6


def prompt_tokens(formatted: list[dict], counter: TokenCounter) -> int:
    """Tokens of the messages the model received, each with ChatML framing."""
    total = 3
    for message in formatted:
        content = message.get("content")
        if isinstance(content, list):
            content = "".join(part.get("text", "") for part in content if isinstance(part, dict))
        total += counter.count(str(content or "")) + 4 + counter.count(str(message.get("role", "")))
    return total


@pytest.mark.parametrize("history_turns", [0, 1, 10, 100, 500])
async def test_prompt_fits_the_window_for_any_history(e2e_env: dict[str, str], history_turns: int) -> None:
    settings = settings_from(e2e_env, context_window=WINDOW, shortterm_window=600)
    async with await open_runtime(settings) as rt:
        now = datetime.now(timezone.utc)
        for i in range(history_turns):
            role = "user" if i % 2 == 0 else "assistant"
            text = (LONG_ZH if i % 3 else LONG_EN) + f" ({i})"
            await rt.shortterm.append_turn("gina", "g1", Turn(role, text, now))
        chat = ChatSession.open(rt, "gina", "g1")
        counter = TokenCounter()
        compacted = 0
        for text in ("I live in Hangzhou and I prefer short answers.", "我上周说过哪些关于杭州的事情？"):
            reply = await chat.send(text)
            used = prompt_tokens(chat.model.primary.last_messages, counter)
            labels = MemoryLabels.model_validate(reply.metadata["memory"])
            assert used <= WINDOW * 0.9, f"{used} tokens for a {WINDOW}-token window"
            assert labels.budget.used["total"] <= labels.budget.allowance["usable"]
            compacted += labels.budget.compacted_turns
        if history_turns >= 100:
            assert compacted > 0
            assert await rt.shortterm.get_summary("gina", "g1")
