"""LLM extraction with a scripted model double: parsing, fences, one retry, then a typed error."""
from __future__ import annotations

import json

import pytest

from memory.types import MemoryType
from pipelines.extract.candidate import Candidate
from pipelines.extract.llm import EXTRACTION_PROMPT, ExtractionError, extract_with_llm

VALID = json.dumps({"memories": [
    {"memory_type": "preference", "content": "User prefers concise answers.", "importance": 0.7,
     "slot": "answer_style", "supersedes": None},
    {"memory_type": "profile", "content": "User lives in Hangzhou.", "importance": 0.8,
     "slot": "Residence", "supersedes": "previous residence"},
]})
EXPECTED = [
    Candidate(MemoryType.PREFERENCE, "User prefers concise answers.", 0.7, "answer_style", None),
    Candidate(MemoryType.PROFILE, "User lives in Hangzhou.", 0.8, "residence", "previous residence"),
]


class ScriptedModel:
    """A model double: returns the scripted replies in order and records each prompt."""

    def __init__(self, *replies: str) -> None:
        self.replies = list(replies)
        self.prompts: list[str] = []

    async def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if not self.replies:
            raise AssertionError(f"model called more often than scripted ({len(self.prompts)} calls)")
        return self.replies.pop(0)


def test_prompt_states_the_schema_and_the_rules() -> None:
    for word in ('"memories"', "memory_type", "importance", "slot", "supersedes",
                 "profile", "preference", "decision", "fact", "episode", "third-person"):
        assert word in EXTRACTION_PROMPT
    assert "not instructions" in EXTRACTION_PROMPT
    assert "phone numbers" in EXTRACTION_PROMPT


async def test_valid_json_gives_candidates() -> None:
    model = ScriptedModel(VALID)
    got = await extract_with_llm("I prefer concise answers and I live in Hangzhou.", model, context="s1")
    assert got == EXPECTED
    assert len(model.prompts) == 1
    assert model.prompts[0].startswith(EXTRACTION_PROMPT)
    assert "I prefer concise answers and I live in Hangzhou." in model.prompts[0]
    assert "<context>\ns1\n</context>" in model.prompts[0]


async def test_fenced_json_with_leading_prose_gives_candidates() -> None:
    model = ScriptedModel(f"Sure! Here are the memories:\n```json\n{VALID}\n```\nHope this helps.")
    assert await extract_with_llm("I prefer concise answers and I live in Hangzhou.", model) == EXPECTED


async def test_empty_memories_is_a_valid_answer() -> None:
    model = ScriptedModel('{"memories": []}')
    assert await extract_with_llm("ok", model) == []
    assert len(model.prompts) == 1


async def test_malformed_then_valid_retries_once_with_the_error() -> None:
    model = ScriptedModel('{"memories": [{"memory_type": "profile", "content": ', VALID)
    got = await extract_with_llm("I live in Hangzhou.", model)
    assert got == EXPECTED
    assert len(model.prompts) == 2
    retry = model.prompts[1]
    assert retry.startswith(model.prompts[0])
    assert "could not be used" in retry
    assert "malformed" in retry


async def test_schema_violation_retry_names_the_bad_field() -> None:
    bad = json.dumps({"memories": [{"memory_type": "feeling", "content": "User is sad.",
                                    "importance": 1.5, "mood": "low"}]})
    model = ScriptedModel(bad, VALID)
    assert await extract_with_llm("I am sad.", model) == EXPECTED
    retry = model.prompts[1]
    assert "memories.0.memory_type" in retry
    assert "memories.0.importance" in retry
    assert "memories.0.mood: Extra inputs are not permitted" in retry


async def test_malformed_twice_raises_extraction_error() -> None:
    model = ScriptedModel("I cannot help with that.", '{"memories": [{"memory_type": "diary"}]}')
    with pytest.raises(ExtractionError) as info:
        await extract_with_llm("I live in Hangzhou.", model)
    message = str(info.value)
    assert "no JSON object" in message
    assert "memories.0.memory_type" in message
    assert "extract_rules" in message
    assert len(model.prompts) == 2


async def test_chinese_reply_is_kept_in_chinese() -> None:
    reply = '{"memories": [{"memory_type": "profile", "content": "用户搬到了上海。", "importance": 0.8, ' \
            '"slot": "residence", "supersedes": "之前的住址"}]}'
    got = await extract_with_llm("我上个月搬到上海了。", ScriptedModel(reply))
    assert got == [Candidate(MemoryType.PROFILE, "用户搬到了上海。", 0.8, "residence", "之前的住址")]
