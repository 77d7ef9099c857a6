"""Rule-based extraction writes third-person notes with the right type, slot and importance."""
from __future__ import annotations

import pytest

from memory.types import MemoryType
from pipelines.extract.rules import extract_rules


def _triples(text: str) -> list[tuple[str, str, str | None]]:
    return [(c.memory_type.value, c.content, c.slot) for c in extract_rules(text)]


def test_story_preference_and_residence_in_one_message() -> None:
    cands = extract_rules("I prefer concise answers and I live in Hangzhou.")
    assert [(c.memory_type, c.slot) for c in cands] == [
        (MemoryType.PREFERENCE, "answer_style"), (MemoryType.PROFILE, "residence")]
    assert cands[0].content == "User prefers concise answers."
    assert cands[1].content == "User lives in Hangzhou."
    assert [c.importance for c in cands] == [0.7, 0.8]


def test_story_move_updates_residence() -> None:
    assert _triples("I moved to Shanghai last month.") == [
        ("profile", "User moved to Shanghai.", "residence")]


def test_story_chinese_preference_and_residence() -> None:
    assert _triples("我喜欢简洁的回答，我住在杭州。") == [
        ("preference", "用户喜欢简洁的回答。", "answer_style"),
        ("profile", "用户住在杭州。", "residence"),
    ]


def test_story_chinese_move() -> None:
    assert _triples("我上个月搬到上海了。") == [("profile", "用户搬到了上海。", "residence")]


@pytest.mark.parametrize("text", ["ok", "谢谢", "thanks!", "好的", "嗯", "lol", "?"])
def test_small_talk_gives_nothing(text: str) -> None:
    assert extract_rules(text) == []


@pytest.mark.parametrize("text", [
    "What do I like?", "Do I live in Hangzhou?", "我住在哪里？", "我喜欢什么？", "今天天气怎么样？"])
def test_questions_are_never_mined(text: str) -> None:
    assert extract_rules(text) == []


def test_statement_before_a_question_is_kept_and_the_question_dropped() -> None:
    assert _triples("I live in Hangzhou. Do I like tea?") == [
        ("profile", "User lives in Hangzhou.", "residence")]


@pytest.mark.parametrize(("text", "expected"), [
    ("My name is alice and I work at Google.",
     [("profile", "User's name is Alice.", "name"), ("profile", "User works at Google.", "employer")]),
    ("I'm a software engineer.", [("profile", "User is a software engineer.", "occupation")]),
    ("I'm vegetarian.", [("profile", "User is vegetarian.", "diet")]),
    ("Please always answer in Chinese.", [("preference", "User wants answers in Chinese.", "language")]),
    ("I hate long meetings.", [("preference", "User hates long meetings.", "pref")]),
    ("I decided to use PostgreSQL for the project.",
     [("decision", "User decided to use PostgreSQL for the project.", None)]),
    ("We'll go with Redis.", [("decision", "User decided to go with Redis.", None)]),
    ("I finished the quarterly report.", [("episode", "User finished the quarterly report.", None)]),
    ("My report is done!", [("episode", "User finished their report.", None)]),
    ("I have a dentist appointment next Tuesday.",
     [("fact", "User's dentist appointment is next Tuesday.", "appointment")]),
])
def test_english_shapes(text: str, expected: list[tuple[str, str, str | None]]) -> None:
    assert _triples(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("我叫小明，在腾讯工作。", [("profile", "用户叫小明。", "name"), ("profile", "用户在腾讯工作。", "employer")]),
    ("我是一名程序员。", [("profile", "用户是一名程序员。", "occupation")]),
    ("我吃素。", [("profile", "用户吃素。", "diet")]),
    ("以后请用中文回答我。", [("preference", "用户希望用中文回答。", "language")]),
    ("我更喜欢详细的解释", [("preference", "用户更喜欢详细的解释。", "answer_style")]),
    ("我住在杭州已经三年了", [("profile", "用户住在杭州。", "residence")]),
    ("我决定用PostgreSQL。", [("decision", "用户决定用PostgreSQL。", None)]),
    ("那就用Redis吧。", [("decision", "用户决定用Redis。", None)]),
    ("我把报告写完了。", [("episode", "用户的报告写完了。", None)]),
    ("我下周要去北京出差。", [("fact", "用户下周要去北京出差。", None)]),
    ("我喜欢简洁的回答，并且住在杭州",
     [("preference", "用户喜欢简洁的回答。", "answer_style"), ("profile", "用户住在杭州。", "residence")]),
])
def test_chinese_shapes(text: str, expected: list[tuple[str, str, str | None]]) -> None:
    assert _triples(text) == expected


def test_no_longer_liking_is_a_negative_preference() -> None:
    assert _triples("I don't like spicy food anymore.") == [
        ("preference", "User no longer likes spicy food.", "pref")]
    assert _triples("I don't like spicy food.") == [("preference", "User doesn't like spicy food.", "pref")]
    assert _triples("我不喜欢吃辣了。") == [("preference", "用户不再喜欢吃辣。", "pref")]


def test_importance_follows_the_type() -> None:
    text = ("My name is Bob. I like green tea. I decided to learn Rust. "
            "I have an exam next Friday. I finished the homework.")
    got = {c.memory_type: c.importance for c in extract_rules(text)}
    assert got == {MemoryType.PROFILE: 0.8, MemoryType.PREFERENCE: 0.7, MemoryType.DECISION: 0.7,
                   MemoryType.FACT: 0.5, MemoryType.EPISODE: 0.4}


def test_list_of_liked_things_gives_one_memory_each() -> None:
    assert _triples("I like tea, coffee and juice.") == [
        ("preference", "User likes tea.", "pref"), ("preference", "User likes coffee.", "pref"),
        ("preference", "User likes juice.", "pref")]


def test_long_statement_without_a_known_shape_is_kept_as_a_fact() -> None:
    text = ("Yesterday my sister and I spent the whole afternoon walking around the old town "
            "and eating street food near the river.")
    [cand] = extract_rules(text, turn_index=10)
    assert cand.memory_type is MemoryType.FACT
    assert cand.content == ("User spent the whole afternoon walking around the old town and eating street food "
                            "near the river.")
    assert '"' not in cand.content
