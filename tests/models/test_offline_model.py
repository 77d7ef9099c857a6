"""The offline model answers from the memory block it is given and says it is offline."""
from __future__ import annotations

import pytest
from agentscope.message import AssistantMsg, SystemMsg, UserMsg

from agents.models.offline import OFFLINE_MARKER, OfflineChatModel
from pipelines.memory_block import render_memory_block

NOTES = [
    {"id": 1, "type": "preference", "content": "Prefers green tea in the morning",
     "time": "2026-01-10T08:00:00+00:00", "source": "session s1"},
    {"id": 2, "type": "fact", "content": "Has a dog named Biscuit",
     "time": "2026-02-01T09:00:00+00:00", "source": "session s2"},
    {"id": 3, "type": "preference", "content": "Switched to black tea after the trip",
     "time": "2026-11-20T10:00:00+00:00", "source": "session s5"},
]
NOTES_ZH = [
    {"id": 4, "type": "fact", "content": "用户下周要主持公司的元旦晚会",
     "time": "2026-12-01T10:00:00+08:00", "source": "session z1"},
    {"id": 5, "type": "preference", "content": "用户喜欢喝乌龙茶",
     "time": "2026-11-02T10:00:00+08:00", "source": "session z2"},
]


def _text(response) -> str:
    return "".join(block.text for block in response.content)


async def _ask(model: OfflineChatModel, question: str, notes: list[dict] | None) -> str:
    system = "You are a helpful assistant."
    if notes is not None:
        system += "\n" + render_memory_block(notes)
    response = await model([SystemMsg(name="system", content=system), UserMsg(name="u", content=question)])
    return _text(response)


async def test_quotes_the_relevant_notes_with_their_time_newest_first() -> None:
    model = OfflineChatModel()
    answer = await _ask(model, "Which tea should I order for me?", NOTES)

    assert answer.startswith(OFFLINE_MARKER)
    assert "DASHSCOPE_API_KEY" in answer and "OPENAI_BASE_URL" in answer
    assert "Biscuit" not in answer  # shares no word with the question
    black = answer.index('(2026-11-20 10:00 UTC) "Switched to black tea after the trip"')
    green = answer.index('(2026-01-10 08:00 UTC) "Prefers green tea in the morning"')
    assert black < green  # equal overlap ("tea"): the newer note comes first


async def test_more_overlap_beats_recency() -> None:
    answer = await _ask(OfflineChatModel(), "Do I prefer green tea?", NOTES)
    assert answer.index("green tea") < answer.index("black tea")


async def test_answers_in_chinese_from_chinese_notes() -> None:
    answer = await _ask(OfflineChatModel(), "元旦晚会是哪天？", NOTES_ZH)

    assert answer.startswith(OFFLINE_MARKER)
    assert "没有配置语言模型" in answer
    assert "「用户下周要主持公司的元旦晚会」" in answer
    assert "2026-12-01 10:00 UTC+08:00" in answer
    assert "乌龙茶" not in answer


async def test_says_it_remembers_nothing_when_there_are_no_notes() -> None:
    assert "I have nothing remembered on that." in await _ask(OfflineChatModel(), "Where do I live?", None)
    assert "I have nothing remembered on that." in await _ask(OfflineChatModel(), "Where do I live?", [])
    assert "没有记住任何内容" in await _ask(OfflineChatModel(), "我住在哪里？", NOTES)


async def test_records_exactly_what_reached_it() -> None:
    model = OfflineChatModel()
    await _ask(model, "first question about tea", NOTES)
    await _ask(model, "second question", None)

    assert model.calls == 2
    assert [m["role"] for m in model.last_messages] == ["system", "user"]
    assert model.last_messages[0]["content"][0]["text"] == "You are a helpful assistant."
    assert model.last_messages[1]["content"][0]["text"] == "second question"


async def test_answers_the_last_user_turn_not_an_earlier_one() -> None:
    model = OfflineChatModel()
    messages = [
        SystemMsg(name="system", content=render_memory_block(NOTES)),
        UserMsg(name="u", content="Tell me about my dog"),
        AssistantMsg(name="bot", content="Biscuit is your dog."),
        UserMsg(name="u", content="And which tea do I like?"),
    ]
    answer = _text(await model(messages))
    assert "tea" in answer and "Biscuit" not in answer


async def test_a_broken_memory_block_is_an_error_not_an_empty_memory() -> None:
    broken = 'You help.\n<memory-notes>\n{"notes": [ }\n</memory-notes>'
    with pytest.raises(ValueError, match="memory block in the prompt is broken"):
        await OfflineChatModel()([SystemMsg(name="s", content=broken), UserMsg(name="u", content="hi")])


def test_a_general_question_about_the_user_quotes_the_recalled_notes() -> None:
    from agents.models.offline import asks_about_me, rank_notes

    notes = [
        {"id": 1, "type": "profile", "content": "User lives in Hangzhou.", "time": "2026-11-01T10:00:00+00:00"},
        {"id": 2, "type": "preference", "content": "用户喜欢喝龙井茶。", "time": "2026-11-02T10:00:00+00:00"},
    ]
    for question in ("What do you know about me?", "What do you remember?", "你记得我什么？", "你知道关于我的什么"):
        assert asks_about_me(question), question
        assert [n["id"] for n in rank_notes(question, notes)] == [2, 1]
    for question in ("What is the capital of France?", "Tell me about Python.", "你知道杭州吗？"):
        assert not asks_about_me(question), question
    assert rank_notes("What is the capital of France?", notes) == []
