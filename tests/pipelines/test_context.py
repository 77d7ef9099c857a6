"""Budgeted context build and the extractive rolling summary."""
from __future__ import annotations

import json
import random
import time
from datetime import datetime, timedelta, timezone

import dashscope
import pytest

from pipelines.context.budget import PROFILES, split
from pipelines.context.builder import (
    SUMMARY_HEADER,
    WORKING_HEADER,
    ContextBuild,
    HistoryTurn,
    MemoryNote,
    build_context,
)
from pipelines.context.memory_block import CLOSE_TAG, OPEN_TAG, parse_memory_block
from pipelines.context.summarize import extractive_summary, split_sentences
from pipelines.context.tokens import ELLIPSIS, TokenCounter

NOW = datetime(2026, 11, 20, 10, 0, tzinfo=timezone.utc)
ZH_SENTENCES = [
    "我叫小明，住在上海。", "我最喜欢喝乌龙茶。", "下周三下午三点要去北京开会。", "好的，谢谢！",
    "我决定下个月换一台新电脑，预算八千元。", "今天天气不错。", "我的女儿今年六岁了。",
]
EN_SENTENCES = [
    "My name is Alice Chen.", "I prefer green tea over coffee.", "Sounds good.",
    "We decided to ship version 2.1 on May 3.", "The meeting went long today.", "ok thanks",
    "My dog Rex is allergic to chicken.",
]
SYSTEM_PROMPT = "You are a helpful assistant that remembers the user. 你是一个记得用户的助手。"
HUGE = "Rule: answer precisely and cite the notes. 规则：回答要准确，并引用笔记。\n" * 400


@pytest.fixture(scope="module")
def counter() -> TokenCounter:
    return TokenCounter()


@pytest.fixture(scope="module")
def qwen():
    return dashscope.get_tokenizer("qwen-turbo")


def make_history(n: int, seed: int) -> list[HistoryTurn]:
    """Mixed Chinese/English turns; about one in twelve is very long (thousands of tokens)."""
    rng = random.Random(seed)
    turns = []
    for i in range(n):
        pool = ZH_SENTENCES if rng.random() < 0.5 else EN_SENTENCES
        repeat = rng.choice([1, 2, 3]) if rng.random() > 1 / 12 else rng.choice([300, 900])
        text = " ".join(rng.choice(pool) for _ in range(repeat))
        turns.append(HistoryTurn(role="user" if i % 2 == 0 else "assistant", content=text))
    return turns


def make_memories(n: int, seed: int) -> list[MemoryNote]:
    """Notes with scores, some duplicated (case/space variants), some very long."""
    rng = random.Random(seed)
    notes = []
    for i in range(n):
        if i % 7 == 3 and notes:
            content = "  " + notes[i - 1].content.upper() + " "  # a duplicate
        else:
            content = rng.choice(ZH_SENTENCES + EN_SENTENCES) + f" (note {i})"
            if i % 11 == 5:
                content *= 200
        notes.append(
            MemoryNote(
                id=i + 1, type=rng.choice(["preference", "fact", "decision", "profile"]),
                content=content, time=NOW - timedelta(days=i), source=f"session s{i % 3}",
                score=round(rng.random(), 4),
            )
        )
    return notes


def chatml_tokens(build: ContextBuild, qwen) -> int:
    """The real prompt, rendered as Qwen ChatML and counted by the tokenizer directly."""
    parts = [f"<|im_start|>system\n{build.system_text}<|im_end|>\n"]
    if build.summary_text:
        parts.append(f"<|im_start|>system\n{build.summary_text}<|im_end|>\n")
    parts += [f"<|im_start|>{m.role}\n{m.content}<|im_end|>\n" for m in build.messages]
    parts.append("<|im_start|>assistant\n")
    return len(qwen.encode("".join(parts)))


def build(counter, *, history=(), memories=(), summary=None, working=None, window=8192,
          profile="chat", system=SYSTEM_PROMPT) -> ContextBuild:
    return build_context(
        system_prompt=system, history=list(history), summary=summary, memories=list(memories),
        working_state=working, window_tokens=window, profile=PROFILES[profile], counter=counter,
    )


SUMMARY = "user: I prefer green tea.\nassistant: 我会记住你喜欢绿茶。"


@pytest.mark.parametrize("window", [2048, 8192, 32_768])
@pytest.mark.parametrize("n_turns", [0, 1, 10, 50, 200, 500])
def test_assembled_prompt_never_exceeds_the_window_minus_margin(counter, qwen, n_turns, window):
    cases = [(m, p, s) for m in (0, 1, 13, 40) for p in PROFILES for s in (SYSTEM_PROMPT, HUGE)]
    for n_memories, profile, system in cases:
        seed = n_turns * 1000 + n_memories * 10 + window
        history = make_history(n_turns, seed)
        memories = make_memories(n_memories, seed)
        result = build(
            counter, history=history, memories=memories, window=window, profile=profile,
            system=system, summary=SUMMARY if seed % 2 else None,
            working={"step": 3, "collected": ["a", "b"]} if profile == "task" else None,
        )
        usable = split(window, profile).usable
        assert result.tokens["total"] <= usable
        assert chatml_tokens(result, qwen) <= usable

        # Overflow + kept is the input history; the kept part is its newest tail.
        kept = len(result.messages)
        assert result.overflow_turns == history[: n_turns - kept]
        if history:
            newest = history[-1]
            assert kept >= 1, "the newest turn always gets in, cut if need be"
            newest_cost = counter.count(newest.content) + 4 + counter.count(newest.role)
            if newest_cost <= result.budget["history"]:
                assert not result.newest_truncated
                assert result.messages[-1] == newest
            if result.newest_truncated:
                assert result.messages[:-1] == history[n_turns - kept : -1]
                assert result.messages[-1].role == newest.role
                cut = result.messages[-1].content
                assert "truncated" in cut or cut.endswith(ELLIPSIS)
            else:
                assert result.messages == history[n_turns - kept :]

        notes = parse_memory_block(result.system_text)
        assert [n["id"] for n in notes] == result.included_memory_ids
        assert set(result.included_memory_ids) | set(result.dropped_memory_ids) == {
            m.id for m in memories
        }
        normalised = [" ".join(n["content"].casefold().split()) for n in notes]
        assert len(normalised) == len(set(normalised))
        assert result.tokens["memory"] <= result.budget["memory"]


def test_newest_turn_longer_than_the_history_share_is_cut_not_dropped(counter):
    history = make_history(6, 1) + [HistoryTurn("user", "请总结这份文件。" + "很长的内容。" * 2000)]
    result = build(counter, history=history, window=2048)
    assert result.newest_truncated
    assert result.messages[-1].content.startswith("请总结这份文件。很长的内容。")
    assert "newest user turn truncated" in result.messages[-1].content
    assert result.overflow_turns == history[:-1]
    assert any("newest user turn" in w for w in result.warnings)
    assert result.tokens["total"] <= split(2048, "chat").usable


def test_kept_history_is_the_newest_and_overflow_the_oldest(counter):
    history = [HistoryTurn("user" if i % 2 == 0 else "assistant", f"turn {i}: " + "word " * 40)
               for i in range(200)]
    result = build(counter, history=history, window=4096)
    assert 0 < len(result.overflow_turns) < 200
    assert result.messages[-1].content.startswith("turn 199:")
    assert result.overflow_turns[0].content.startswith("turn 0:")
    assert result.overflow_turns + result.messages == history
    # History stopped because the share was spent: the next-older turn would not fit.
    next_cost = counter.count(result.overflow_turns[-1].content) + 4 + 1
    assert result.tokens["history"] + next_cost > result.budget["history_available"]


def test_duplicate_memories_appear_once_keeping_the_best_scored(counter):
    memories = [
        MemoryNote(1, "preference", "User prefers green tea.", NOW, "session a", 0.4),
        MemoryNote(2, "preference", "  user PREFERS green   tea. ", NOW, "session b", 0.9),
        MemoryNote(3, "fact", "用户住在上海。", NOW, "session c", 0.5),
        MemoryNote(4, "fact", "用户住在上海。", NOW, "session d", 0.1),
    ]
    result = build(counter, memories=memories)
    notes = parse_memory_block(result.system_text)
    assert [n["id"] for n in notes] == [2, 3]
    assert sorted(result.duplicate_memory_ids) == [1, 4]
    assert result.system_text.count("用户住在上海") == 1
    assert result.system_text.casefold().count("green") == 1


def test_memory_block_carries_type_content_time_and_source(counter):
    memories = [
        MemoryNote(7, "decision", "Ship v2.1 on May 3.", NOW - timedelta(days=2), "session s9", 0.3),
        MemoryNote(8, "preference", "喜欢乌龙茶", NOW, "session s1", 0.8),
    ]
    result = build(counter, memories=memories)
    assert result.system_text.startswith(SYSTEM_PROMPT)
    assert OPEN_TAG in result.system_text and CLOSE_TAG in result.system_text
    notes = parse_memory_block(result.system_text)
    assert notes == [
        {"id": 8, "type": "preference", "content": "喜欢乌龙茶", "time": NOW.isoformat(),
         "source": "session s1"},
        {"id": 7, "type": "decision", "content": "Ship v2.1 on May 3.",
         "time": (NOW - timedelta(days=2)).isoformat(), "source": "session s9"},
    ]
    assert datetime.fromisoformat(notes[1]["time"]) == NOW - timedelta(days=2)


def test_no_memories_means_no_block_and_their_share_goes_to_history(counter):
    history = make_history(300, 5)
    bare = build(counter, history=history, window=8192)
    assert OPEN_TAG not in bare.system_text
    budget = split(8192, "chat")
    assert bare.budget["history_available"] == budget.history + budget.memory + budget.working
    heavy = build(counter, history=history, memories=make_memories(40, 5), window=8192)
    assert heavy.budget["history_available"] < bare.budget["history_available"]
    assert len(bare.messages) >= len(heavy.messages)
    assert bare.tokens["history"] > budget.history  # it really used the borrowed room


def test_each_memory_is_trimmed_and_the_share_is_spent_best_first(counter):
    memories = [
        MemoryNote(i, "knowledge", f"fact number {i}. " + "detail " * 2000, NOW, "doc", i / 100)
        for i in range(1, 21)
    ]
    result = build(counter, memories=memories, window=8192)
    cap = result.budget["memory"] // 4
    notes = parse_memory_block(result.system_text)
    assert 1 <= len(notes) < 20
    assert [n["id"] for n in notes] == sorted((n["id"] for n in notes), reverse=True)
    assert notes[0]["id"] == 20
    for note in notes:
        assert note["content"].endswith(ELLIPSIS)
        assert counter.count(note["content"]) <= cap
    assert result.tokens["memory"] <= result.budget["memory"]


def test_oversized_system_prompt_is_cut_with_a_marker(counter):
    history = make_history(20, 3) + [HistoryTurn("user", "What should I drink tonight?")]
    result = build(
        counter, system="Rule: be precise. " * 3000, history=history,
        memories=make_memories(5, 3), window=2048,
    )
    assert "[system prompt truncated" in result.system_text
    assert result.system_text.startswith("Rule: be precise.")
    assert result.tokens["system"] <= result.budget["system"]
    assert len(parse_memory_block(result.system_text)) > 0  # memory survives
    assert result.messages[-1] == history[-1]
    assert result.tokens["total"] <= result.budget["usable"]


def test_working_state_is_injected_as_json(counter):
    state = {"step": "collect_dates", "collected": {"city": "上海", "days": 3}, "retries": 1}
    for profile in ("task", "chat"):  # chat has no working share: it borrows memory's
        result = build(counter, working=state, profile=profile, history=make_history(3, 2))
        header_at = result.system_text.index(WORKING_HEADER)
        body = result.system_text[header_at + len(WORKING_HEADER):].strip()
        assert json.loads(body) == state
        assert result.tokens["working"] > 0


def test_summary_is_injected_inside_the_history_share(counter):
    history = make_history(400, 9)
    summary = "user: My name is Alice Chen.\nassistant: 我会记住你喜欢绿茶。"
    result = build(counter, history=history, summary=summary, window=8192)
    assert result.summary_text == f"{SUMMARY_HEADER}\n{summary}"
    assert result.tokens["summary"] + result.tokens["history"] <= result.budget["history_available"]
    long_summary = "user: I prefer green tea. " * 2000
    cut = build(counter, history=history, summary=long_summary, window=8192)
    assert cut.summary_text.endswith(ELLIPSIS)
    assert cut.tokens["summary"] <= cut.budget["history_available"] // 4
    assert cut.messages[-1] == history[-1]


def test_build_with_500_turns_and_40_memories_is_fast(counter):
    history = make_history(500, 42)
    memories = make_memories(40, 42)
    build(counter, history=history, memories=memories, window=32_768)  # warm the cache
    start = time.process_time()  # CPU time: other processes on a shared machine do not count
    result = build(counter, history=history, memories=memories, window=32_768, summary="x: y")
    elapsed = time.process_time() - start
    print(f"\nbuild_context 500 turns / 40 memories / 32k window: {elapsed * 1000:.1f} ms CPU")
    assert result.messages and result.included_memory_ids
    assert elapsed < 0.5


# --- extractive summary -----------------------------------------------------------------

TURNS = [
    ("user", "Hi there. My name is Alice Chen. ok thanks"),
    ("assistant", "Nice to meet you, Alice. The weather is nice today."),
    ("user", "我最喜欢喝乌龙茶。今天有点累。"),
    ("assistant", "好的。我会记住你喜欢乌龙茶！"),
    ("user", "We decided to ship version 2.1 on May 3. Sounds good?"),
    ("assistant", "明天下午3点开会，我决定坐高铁去上海。谢谢"),
]


def test_sentences_split_in_chinese_and_english():
    assert split_sentences("我叫小明。我喜欢喝茶！你呢？I use v2.0.11 at 3.5 GHz. Really? ok") == [
        "我叫小明。", "我喜欢喝茶！", "你呢？", "I use v2.0.11 at 3.5 GHz.", "Really?", "ok",
    ]


def test_summary_is_deterministic(counter):
    first = extractive_summary(TURNS, 60, counter, previous="user: I live in Berlin.")
    again = extractive_summary(list(TURNS), 60, TokenCounter(), previous="user: I live in Berlin.")
    assert first == again and first


@pytest.mark.parametrize("budget", [1, 5, 12, 25, 60, 400])
def test_summary_stays_within_budget(counter, budget):
    summary = extractive_summary(TURNS * 30, budget, counter, previous="user: I live in Berlin.")
    assert counter.count(summary) <= budget


def test_summary_keeps_informative_sentences_in_order_with_roles(counter):
    summary = extractive_summary(TURNS, 70, counter)
    assert summary.splitlines() == [
        "user: My name is Alice Chen.",
        "user: 我最喜欢喝乌龙茶。",
        "assistant: 我会记住你喜欢乌龙茶！",
        "user: We decided to ship version 2.1 on May 3.",
        "assistant: 明天下午3点开会，我决定坐高铁去上海。",
    ]
    roomy = extractive_summary(TURNS, 400, counter)
    assert "The weather is nice today." in roomy  # plain sentences fill spare room
    assert "ok thanks" not in roomy and "谢谢" not in roomy  # chit-chat never does


def test_summary_merges_the_previous_summary_without_repeating(counter):
    previous = "user: I live in Berlin.\nuser: My name is Alice Chen."
    summary = extractive_summary(TURNS, 200, counter, previous=previous)
    assert summary.splitlines()[:2] == ["user: I live in Berlin.", "user: My name is Alice Chen."]
    assert summary.count("Alice Chen.") == 1
    assert "ship version 2.1 on May 3." in summary


def test_summary_of_nothing_is_empty(counter):
    assert extractive_summary([], 100, counter) == ""
    assert extractive_summary([("user", "ok thanks"), ("assistant", "好的")], 100, counter) == ""
    assert extractive_summary(TURNS, 0, counter) == ""


def test_overflow_compacts_into_a_summary_that_fits_the_next_build(counter):
    history = make_history(300, 11)
    first = build(counter, history=history, window=4096)
    assert first.overflow_turns
    summary = extractive_summary(
        [(t.role, t.content) for t in first.overflow_turns],
        first.budget["history_available"] // 4 - 40, counter,
    )
    assert summary
    second = build(counter, history=first.messages, summary=summary, window=4096)
    assert second.summary_text.endswith(summary)  # injected whole, not cut
    assert second.tokens["total"] <= second.budget["usable"]
