"""Issue-level behaviour a user notices, each session in a new process on real stores:
ordinary statements are kept, updates replace old facts in either language, nothing is
merged away, and the offline answer quotes what recall found."""
from __future__ import annotations

from app.composition import Runtime
from memory.types import MemoryStatus
from tests.e2e.test_chat_memory import _run_session_process


async def _contents(runtime: Runtime, user: str, status: MemoryStatus = MemoryStatus.ACTIVE) -> list[str]:
    return [m.content for m in await runtime.longterm.list(user, statuses=(status,), limit=200)]


async def test_statements_that_used_to_be_dropped_are_kept_and_quoted_back(
    e2e_env: dict[str, str], runtime: Runtime
) -> None:
    _run_session_process(e2e_env, "tess", "s1", "I'm allergic to peanuts.", "我对花生过敏。", "I have two kids.",
                         "My birthday is May 3rd.", "我在一家物流公司做数据工程师。", "I like green tea, never coffee.",
                         "I'm also allergic to seafood.")
    active = " | ".join(await _contents(runtime, "tess"))
    for needle in ("peanut", "two kids", "May 3", "数据工程师", "green tea", "coffee", "seafood"):
        assert needle in active, f"{needle!r} missing from {active}"
    assert active.count("peanut") + active.count("花生") == 1, "the Chinese restatement merges into the English fact"
    answers = _run_session_process(e2e_env, "tess", "s2", "What is my job?", "我对什么过敏？")
    assert "数据工程师" in answers[0]["reply"], answers[0]["reply"]
    assert "peanut" in answers[1]["reply"].lower() or "花生" in answers[1]["reply"], answers[1]["reply"]
    assert "没有记住" not in answers[1]["reply"] and "nothing remembered" not in answers[0]["reply"].lower()


async def test_a_deadline_updated_three_times_and_in_chinese_keeps_only_the_newest(
    e2e_env: dict[str, str], runtime: Runtime
) -> None:
    _run_session_process(e2e_env, "uli", "s1", "I started a new project and the deadline is December 15.")
    _run_session_process(e2e_env, "uli", "s2", "Update: the project deadline moved to December 20.")
    _run_session_process(e2e_env, "uli", "s3", "The deadline of my project is December 22.")
    active = [c for c in await _contents(runtime, "uli") if "eadline" in c or "截止" in c]
    assert len(active) == 1 and "22" in active[0], active
    replaced = " | ".join(await _contents(runtime, "uli", MemoryStatus.SUPERSEDED))
    assert "15" in replaced and "20" in replaced, replaced
    answer = _run_session_process(e2e_env, "uli", "s4", "When is my project deadline?")[0]["reply"]
    assert "22" in answer and "December 15" not in answer and "December 20" not in answer, answer
    _run_session_process(e2e_env, "uli", "s5", "我的项目截止日期改到12月28日了。")
    active = [c for c in await _contents(runtime, "uli") if "eadline" in c or "截止" in c]
    assert len(active) == 1 and "28" in active[0], active
