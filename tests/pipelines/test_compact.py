"""Rolling-summary compaction: the model's summary when it answers, extractive otherwise."""
from __future__ import annotations

from pipelines.context.compact import summarize_overflow
from pipelines.context.tokens import TokenCounter

TURNS = [("user", "I live in Hangzhou and my daughter is called Mia."), ("assistant", "Nice to meet you."),
         ("user", "ok"), ("user", "We decided to visit Kyoto in April 2027.")]


async def test_model_summary_is_used_and_cut_to_the_budget() -> None:
    prompts: list[str] = []

    async def complete(prompt: str) -> str:
        prompts.append(prompt)
        return "User lives in Hangzhou; daughter Mia; Kyoto trip April 2027. " * 40

    counter = TokenCounter()
    text, how = await summarize_overflow(TURNS, 60, counter, "User likes tea.", complete)
    assert how == "model" and counter.count(text) <= 60 and "Hangzhou" in text
    assert "Kyoto" in prompts[0] and "User likes tea." in prompts[0]


async def test_failing_or_unavailable_model_falls_back_to_extractive() -> None:
    async def broken(prompt: str) -> str:
        raise ConnectionError("down")

    async def unavailable(prompt: str) -> str:
        return "[model unavailable] try later"

    counter = TokenCounter()
    for complete in (broken, unavailable, None):
        text, how = await summarize_overflow(TURNS, 80, counter, None, complete)
        assert how == "extractive"
        assert "Hangzhou" in text and "Kyoto" in text and counter.count(text) <= 80
