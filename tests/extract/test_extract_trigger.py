"""The trigger fires on self-statements and stays quiet on small talk and pure questions."""
from __future__ import annotations

import pytest

from pipelines.extract.judge import judge
from pipelines.extract.trigger import split_sentences

FIRES = [
    ("I prefer concise answers.", "preference"),
    ("I really like jazz music", "preference"),
    ("I hate long meetings.", "preference"),
    ("I don't like spicy food anymore.", "preference"),
    ("Please always answer in Chinese.", "preference"),
    ("My name is Alice.", "identity"),
    ("I'm a software engineer.", "identity"),
    ("I work at Alibaba as a data analyst.", "identity"),
    ("I live in Hangzhou.", "residence"),
    ("I moved to Shanghai last month.", "residence"),
    ("I decided to use PostgreSQL.", "decision"),
    ("OK, we'll go with Redis for the cache.", "decision"),
    ("Let's use pgvector.", "decision"),
    ("I finished the quarterly report.", "task_completion"),
    ("The migration is done!", "task_completion"),
    ("I have a dentist appointment next Tuesday.", "plan"),
    ("I'm flying to Tokyo on Monday.", "plan"),
    ("I live in Hangzhou. What's the weather like there?", "residence"),
    ("我喜欢简洁的回答。", "preference"),
    ("我更喜欢详细的解释", "preference"),
    ("我不喜欢吃香菜", "preference"),
    ("我讨厌开会", "preference"),
    ("我叫小明", "identity"),
    ("我是一名程序员", "identity"),
    ("我在腾讯工作", "identity"),
    ("我住在杭州", "residence"),
    ("我上个月搬到上海了。", "residence"),
    ("我决定用PostgreSQL", "decision"),
    ("那就用Redis吧", "decision"),
    ("报告写完了", "task_completion"),
    ("我把数据迁移搞定了", "task_completion"),
    ("我下周要去北京出差", "plan"),
    ("明天上午十点我要开会", "plan"),
]

QUIET = [
    ("ok", "small_talk"),
    ("OK!", "small_talk"),
    ("okay thanks", "small_talk"),
    ("thanks", "small_talk"),
    ("Thank you!", "small_talk"),
    ("lol", "small_talk"),
    ("haha", "small_talk"),
    ("got it", "small_talk"),
    ("?", "small_talk"),
    ("...", "small_talk"),
    ("好的", "small_talk"),
    ("谢谢", "small_talk"),
    ("嗯", "small_talk"),
    ("嗯嗯，好的", "small_talk"),
    ("哈哈哈", "small_talk"),
    ("收到", "small_talk"),
    ("what's the weather?", "question"),
    ("What do I like?", "question"),
    ("Can you explain pgvector?", "question"),
    ("How does Redis expire keys", "question"),
    ("Is it going to rain tomorrow?", "question"),
    ("今天天气怎么样？", "question"),
    ("我喜欢什么？", "question"),
    ("你能解释一下向量数据库吗", "question"),
    ("明天会下雨吗？", "question"),
    ("", "empty"),
    ("   ", "empty"),
    ("done", "no_cue"),
    ("搞定了", "no_cue"),
    ("I'm a bit tired", "no_cue"),
    ("see you tomorrow", "no_cue"),
    ("That sounds interesting.", "no_cue"),
]


@pytest.mark.parametrize(("text", "reason"), FIRES)
def test_fires_on_self_statements(text: str, reason: str) -> None:
    decision = judge(text)
    assert decision.fire, f"{text!r} should be remembered: {decision.reasons}"
    assert reason in decision.reasons


@pytest.mark.parametrize(("text", "reason"), QUIET)
def test_quiet_on_small_talk_and_questions(text: str, reason: str) -> None:
    decision = judge(text)
    assert not decision.fire, f"{text!r} should not be remembered: {decision.reasons}"
    assert decision.reasons == [reason]


def test_both_languages_have_at_least_twenty_cases_each_way() -> None:
    def zh(text: str) -> bool:
        return any("\u4e00" <= ch <= "\u9fff" for ch in text)

    for cases in (FIRES, QUIET):
        assert len(cases) >= 20
        assert sum(zh(t) for t, _ in cases) >= 10
        assert sum(not zh(t) for t, _ in cases) >= 10


def test_one_message_can_carry_several_reasons() -> None:
    decision = judge("I prefer concise answers and I live in Hangzhou.")
    assert decision.fire
    assert decision.reasons == ["preference", "residence"]


def test_long_first_person_statement_fires_without_a_cue() -> None:
    text = ("Yesterday my sister and I spent the whole afternoon walking around the old town "
            "and eating street food near the river.")
    assert judge(text, turn_index=10).fire
    zh = "昨天下午我和妹妹在老城区逛了一整个下午，还在河边吃了很多小吃，特别开心。"
    assert judge(zh, turn_index=10).fire


def test_long_statement_needs_a_first_person_cue() -> None:
    text = ("The weather in the mountains was cold and windy all afternoon and the trail was "
            "covered with fallen leaves from the old trees.")
    assert not judge(text, turn_index=10).fire


def test_opening_turns_lower_the_long_statement_threshold() -> None:
    text = "Honestly, the old town with my sister today was lovely."
    assert judge(text, turn_index=0).reasons == ["long_statement"]
    assert not judge(text, turn_index=10).fire


def test_sentence_split_keeps_decimals_and_chinese_punctuation() -> None:
    assert split_sentences("We use v2.0 now. Next! 第一句。第二句？") == [
        "We use v2.0 now.", "Next!", "第一句。", "第二句？"]


@pytest.mark.parametrize(("text", "asks"), [
    ("我表姐叫啥", True), ("她老公是干啥的", True), ("我们啥时候去来着", True), ("为啥我总是失眠", True),
    ("吃啥都要放辣椒", False), ("最近也没啥", False),
    # which day, how often: 「onsite 是星期几来着」 and 「Leo 让我一周练几次」 were stored and replaced the answer's note
    ("onsite 是星期几来着", True), ("Leo 让我一周练几次", True), ("每天吃几顿来着", True), ("下周几有空", True),
    ("不管星期几我都去跑步", False), ("周几都行", False), ("我一周去几次健身房，练腿", False), ("我每周三上课", False),
])
def test_a_colloquial_chinese_question_without_a_mark(text: str, asks: bool) -> None:
    """「我室友叫啥」 (no question mark) was stored as 「用户室友叫啥。」 and replaced the roommate's name."""
    from pipelines.extract.trigger import is_question

    assert is_question(text) is asks
