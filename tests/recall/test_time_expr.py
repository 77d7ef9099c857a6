"""Time expressions a user writes, in English and Chinese, become the days they mean."""
from __future__ import annotations

from datetime import datetime, timezone

import pytest

from pipelines.recall.time_expr import TimeWindow, is_when_question, states_time, time_window

NOW = datetime(2026, 11, 30, 15, 0, tzinfo=timezone.utc)  # a Monday


def day(y: int, m: int, d: int) -> datetime:
    return datetime(y, m, d, tzinfo=timezone.utc)


@pytest.mark.parametrize(
    ("text", "start", "end"),
    [
        ("I went there yesterday", day(2026, 11, 29), day(2026, 11, 30)),
        ("昨天我去了医院", day(2026, 11, 29), day(2026, 11, 30)),
        ("前天下雨了", day(2026, 11, 28), day(2026, 11, 29)),
        ("上周我去了北京", day(2026, 11, 23), day(2026, 11, 30)),
        ("上个星期见过他", day(2026, 11, 23), day(2026, 11, 30)),
        ("what did I do last week?", day(2026, 11, 23), day(2026, 11, 30)),
        ("去年夏天我们去了海边", day(2025, 6, 1), day(2025, 9, 1)),
        ("last summer", day(2025, 6, 1), day(2025, 9, 1)),
        ("What did she do in May 2023?", day(2023, 5, 1), day(2023, 6, 1)),
        ("2023年5月8日开的会", day(2023, 5, 8), day(2023, 5, 9)),
        ("2022年搬的家", day(2022, 1, 1), day(2023, 1, 1)),
        ("去年换的工作", day(2025, 1, 1), day(2026, 1, 1)),
        ("on 8 May, 2023", day(2023, 5, 8), day(2023, 5, 9)),
        ("May 8, 2023", day(2023, 5, 8), day(2023, 5, 9)),
        ("in 2022 we moved", day(2022, 1, 1), day(2023, 1, 1)),
        ("上个月查出痛风", day(2026, 10, 1), day(2026, 11, 1)),
        ("last month", day(2026, 10, 1), day(2026, 11, 1)),
    ],
)
def test_an_expression_becomes_the_days_it_means(text: str, start: datetime, end: datetime) -> None:
    assert time_window(text, NOW) == TimeWindow(start, end)


def test_a_month_without_a_year_is_the_latest_one_not_in_the_future() -> None:
    assert time_window("It was back in March", NOW) == TimeWindow(day(2026, 3, 1), day(2026, 4, 1))
    assert time_window("我十二月去的", day(2026, 5, 1)) == TimeWindow(day(2025, 12, 1), day(2026, 1, 1))


def test_ago_expressions_cover_the_day_they_name() -> None:
    for text in ("三个月前我换了工作", "3 months ago I changed jobs", "two weeks ago", "十天前"):
        window = time_window(text, NOW)
        assert window is not None and window.start < NOW and window.end <= NOW, text
    assert time_window("three months ago", NOW).overlaps(TimeWindow(day(2026, 9, 1), day(2026, 9, 2)))


def test_text_without_a_time_has_no_window() -> None:
    for text in ("I like green tea", "我喜欢喝茶", "What is my dog's name?", "我养了一只猫"):
        assert time_window(text, NOW) is None, text
        assert not states_time(text), text


def test_when_questions_are_recognised_in_both_languages() -> None:
    for text in ("When did Caroline go to the support group?", "What year did they marry?",
                 "朵朵什么时候过生日？", "我哪天生日", "日语考试是几号", "How long ago was the trip?"):
        assert is_when_question(text), text
    for text in ("What does Melanie paint?", "我喜欢什么颜色？", "Where did I go when it rained?"):
        assert not is_when_question(text), text


def test_memories_that_state_a_time_are_told_apart() -> None:
    assert states_time("I went to the support group yesterday")
    assert states_time("我们周六下午三点见")
    assert states_time("The meeting is on Friday at 3 pm")
    assert not states_time("I went to the support group and it was great")
