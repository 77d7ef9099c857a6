"""The offline model answers from the memory block it is given and says it is offline."""
from __future__ import annotations

import pytest
from agentscope.message import AssistantMsg, SystemMsg, UserMsg

from agents.models.offline import OFFLINE_MARKER, OfflineChatModel
from pipelines.context.memory_block import render_memory_block

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


async def test_quotes_the_relevant_notes_with_their_time_in_recall_order() -> None:
    model = OfflineChatModel()
    ranked = [NOTES[2], NOTES[1], NOTES[0]]  # the block lists notes in recall's order
    answer = await _ask(model, "Which tea should I order for me?", ranked)

    assert answer.startswith(OFFLINE_MARKER)
    assert "DASHSCOPE_API_KEY" in answer and "OPENAI_BASE_URL" in answer
    assert "Biscuit" not in answer  # shares no topic or word with the question
    black = answer.index('(2026-11-20 10:00 UTC) "Switched to black tea after the trip"')
    green = answer.index('(2026-01-10 08:00 UTC) "Prefers green tea in the morning"')
    assert black < green  # equally related: recall's order is kept


async def test_more_overlap_beats_recency_but_not_a_newer_note_on_the_same_subject() -> None:
    answer = await _ask(OfflineChatModel(), "Do I prefer green tea?", NOTES[:2])
    assert "green tea" in answer and "Biscuit" not in answer
    # the older tea note matches the question better; the newer one on tea is its answer now
    answer = await _ask(OfflineChatModel(), "Do I prefer green tea?", NOTES)
    assert answer.index("black tea") < answer.index("green tea")


async def test_answers_in_chinese_from_chinese_notes() -> None:
    answer = await _ask(OfflineChatModel(), "元旦晚会是哪天？", NOTES_ZH)

    assert answer.startswith(OFFLINE_MARKER)
    assert "没有配置语言模型" in answer
    assert "「用户下周要主持公司的元旦晚会」" in answer
    assert "2026-12-01 10:00 UTC+08:00" in answer
    assert "乌龙茶" not in answer


async def test_says_it_remembers_nothing_only_when_no_note_reached_it() -> None:
    assert "I have nothing remembered on that." in await _ask(OfflineChatModel(), "Where do I live?", None)
    assert "I have nothing remembered on that." in await _ask(OfflineChatModel(), "Where do I live?", [])
    assert "没有记住任何内容" in await _ask(OfflineChatModel(), "我住在哪里？", [])
    unrelated = await _ask(OfflineChatModel(), "我住在哪里？", NOTES_ZH)
    assert "没有记住任何内容" not in unrelated
    assert "可能与此相关" in unrelated and "「用户下周要主持公司的元旦晚会」" in unrelated


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
    assert [n["id"] for n in rank_notes("Where do I live?", notes)] == [1]
    assert [n["id"] for n in rank_notes("我平时喝什么？", notes)] == [2]


def _note(note_id: int, content: str, day: int = 1) -> dict:
    return {"id": note_id, "type": "fact", "content": content,
            "time": f"2026-11-{day:02d}T09:30:00+00:00", "source": "session s"}


# (English note, Chinese question) and (Chinese note, English question) about the same
# everyday fact; the two never share a word.
CROSS_LINGUAL = [
    ("User works as a data engineer at a logistics company.", "我是做什么工作的？",
     "用户在一家物流公司做数据工程师。", "What is my job?"),
    ("User lives in Berlin.", "我住在哪个城市？", "用户住在柏林。", "Where do I live now?"),
    ("User is allergic to peanuts.", "我对什么过敏？", "用户对花生过敏。", "Do I have any allergies?"),
    ("User's birthday is May 3rd.", "我的生日是哪天？", "用户的生日是5月3日。", "When is my birthday?"),
    ("User has two kids.", "我有几个孩子？", "用户有两个孩子。", "How many children do I have?"),
    ("User has a cat named Mochi.", "我的宠物叫什么？", "用户养了一只叫麻薯的猫。", "What pet do I have?"),
    ("User's project deadline is December 20.", "我的项目什么时候截止？",
     "用户的项目截止日期是12月20日。", "When is my project deadline?"),
    ("User speaks Cantonese and French.", "我会说哪些语言？", "用户会说粤语和法语。", "Which languages do I speak?"),
    ("User drinks green tea, never coffee.", "我平时喝什么？", "用户喝绿茶，从不喝咖啡。", "What do I usually drink?"),
]
DISTRACTORS = [
    _note(90, "User prefers concise answers.", 20),
    _note(91, "用户喜欢周末去爬山。", 21),
]


@pytest.mark.parametrize("en_note, zh_question, zh_note, en_question", CROSS_LINGUAL)
async def test_a_question_in_one_language_quotes_the_note_in_the_other(
    en_note: str, zh_question: str, zh_note: str, en_question: str
) -> None:
    # Recall ranked a distractor first: the note that answers the question still leads.
    zh_answer = await _ask(OfflineChatModel(), zh_question, DISTRACTORS + [_note(1, en_note)])
    assert "当前没有配置语言模型" in zh_answer and "我记得与此相关的内容" in zh_answer
    quoted = [line for line in zh_answer.splitlines() if line.startswith("- ")]
    assert quoted[0].endswith(f"「{en_note}」"), zh_answer

    en_answer = await _ask(OfflineChatModel(), en_question, DISTRACTORS + [_note(2, zh_note)])
    assert "No language model is configured" in en_answer and "What I remember that relates" in en_answer
    quoted = [line for line in en_answer.splitlines() if line.startswith("- ")]
    assert quoted[0].endswith(f'"{zh_note}"'), en_answer


async def test_when_no_note_matches_by_topic_recalls_top_notes_are_quoted() -> None:
    notes = [_note(5, "User drives a Tesla Model 3."), _note(6, "用户喜欢周末去爬山。")]
    answer = await _ask(OfflineChatModel(), "我开的是什么牌子？", notes)
    assert "没有记住任何内容" not in answer
    assert answer.splitlines()[-2].endswith("「User drives a Tesla Model 3.」")


QUESTIONS = [
    "What is my job?", "Where do I live?", "Do you remember my birthday?", "Tell me about my family.",
    "Any idea what I like to eat?", "how many kids do i have", "What's the capital of France?",
    "我是做什么工作的？", "我住哪", "你还记得我的生日吗", "告诉我我的饮食习惯", "我有没有宠物", "法国的首都是哪里",
]


@pytest.mark.parametrize("question", QUESTIONS)
async def test_never_claims_to_remember_nothing_while_notes_were_injected(question: str) -> None:
    notes = [_note(7, "User lives in Hangzhou."), _note(8, "用户喜欢喝龙井茶。", 2)]
    answer = await _ask(OfflineChatModel(), question, notes)
    assert "nothing remembered" not in answer and "没有记住" not in answer
    assert "Hangzhou" in answer or "龙井" in answer


STATEMENTS = [
    ("I'm allergic to peanuts.", False), ("我对花生过敏。", True), ("I have two kids.", False),
    ("My birthday is May 3rd.", False), ("我在一家物流公司做数据工程师。", True), ("I live in Shanghai", False),
    ("Update: the project deadline moved to December 20.", False), ("我不太喜欢喝咖啡", True),
]


@pytest.mark.parametrize("statement, chinese", STATEMENTS)
async def test_a_statement_gets_a_short_acknowledgement_in_its_language(statement: str, chinese: bool) -> None:
    notes = [_note(7, "User lives in Hangzhou."), _note(8, "用户喜欢喝龙井茶。", 2)]
    answer = await _ask(OfflineChatModel(), statement, notes)
    assert answer.startswith(OFFLINE_MARKER)
    assert "nothing remembered" not in answer and "没有记住" not in answer
    assert "Hangzhou" not in answer and "龙井" not in answer  # no quoting on a statement
    assert answer.splitlines()[-1] == ("好的，知道了。" if chinese else "Got it.")


async def test_greetings_and_thanks_are_answered_briefly() -> None:
    assert (await _ask(OfflineChatModel(), "hello", NOTES)).endswith("Ask me about anything you have told me.")
    assert (await _ask(OfflineChatModel(), "谢谢！", NOTES)).endswith("不客气。")


def test_noted_line_names_what_was_stored_in_the_users_language() -> None:
    from agents.models.offline import noted_line, prefers_chinese

    assert noted_line([], False) is None and noted_line(["  "], True) is None
    assert noted_line(["User lives in Shanghai."], False) == 'Noted: "User lives in Shanghai."'
    assert noted_line(["用户对花生过敏。", "User has two kids."], True) == "已记下：「用户对花生过敏。」；「User has two kids.」"
    assert prefers_chinese("我住在Berlin吗") and not prefers_chinese("What does 龙井 mean?")


async def test_a_clear_topic_match_is_quoted_alone_a_weak_one_with_recalls_top_note() -> None:
    notes = [_note(1, "User's project deadline is December 15."), _note(2, "User works as a data engineer.")]
    clear = await _ask(OfflineChatModel(), "What is my job?", notes)
    assert "data engineer" in clear and "December 15" not in clear
    weak = await _ask(OfflineChatModel(), "Is the data thing still true?", notes)
    quoted = [line for line in weak.splitlines() if line.startswith("- ")]
    assert quoted[0].endswith('"User works as a data engineer."') and "December 15" in quoted[1]


KINDS = [
    ("What is my job?", "question"), ("where do i live", "question"), ("Do I have kids", "question"),
    ("Tell me my birthday.", "question"), ("Remind me of the deadline", "question"), ("my job", "question"),
    ("我的生日", "question"), ("我住哪", "question"), ("你还记得我的宠物吗", "question"), ("我有几个孩子", "question"),
    ("I live in Berlin", "statement"), ("My birthday is May 3rd.", "statement"), ("我的猫叫麻薯", "statement"),
    ("我对花生过敏。", "statement"), ("I have two kids.", "statement"), ("我在一家物流公司做数据工程师。", "statement"),
    ("hi there", "greeting"), ("你好！", "greeting"), ("thanks a lot", "thanks"), ("谢谢", "thanks"),
]


@pytest.mark.parametrize("text, kind", KINDS)
def test_questions_statements_greetings_and_thanks_are_told_apart(text: str, kind: str) -> None:
    from agents.models.offline_reading import message_kind

    assert message_kind(text).value == kind


def test_relevance_reads_the_note_not_its_frame_nor_one_letter_tokens() -> None:
    from agents.models.offline_reading import relevance, topics

    # the "s" of "what's" meets the "s" of "he's": no shared word
    assert relevance("What's my job?", 'User said: "He\'s a pastry chef".') == 0
    # 「用户说：“…”」 is how a note was kept; its 「说」 is not the language topic
    assert "language" not in topics("用户说：“我们女儿叫甜甜，三岁了”。")
    assert "language" in topics("用户说粤语。")
    # one-character content words (jieba POS) that character bigrams miss
    assert relevance("他学啥的？", "用户男朋友在北京读研，学金融。") >= 1
    assert relevance("我是做什么的？", "用户在成都一家银行做信贷。") >= 1
    assert relevance("我是做什么的？", "用户说：“我们女儿叫甜甜，三岁了”。") == 0


async def test_a_job_note_without_a_job_word_is_still_quoted() -> None:
    notes = [_note(1, "用户说：“我们女儿叫甜甜，三岁了”。"), _note(2, "用户妈是退休的小学老师。"),
             _note(3, "用户说：“他现在在新疆克拉玛依”"), _note(4, "用户在成都一家银行做信贷。")]
    answer = await _ask(OfflineChatModel(), "我是做什么的？", notes)
    assert "「用户在成都一家银行做信贷。」" in answer


async def test_without_notes_quotes_what_the_user_said_earlier_in_the_conversation() -> None:
    """Long-term memory off: the conversation is what is remembered, not "nothing"."""
    said = "my son turned seven last week and he is crazy about trains"
    messages = [SystemMsg(name="system", content="You are a helpful assistant."),
                UserMsg(name="u", content=said), AssistantMsg(name="a", content="[offline] Got it."),
                UserMsg(name="u", content="what's the capital of Peru?"),
                AssistantMsg(name="a", content="[offline] I have nothing remembered on that."),
                UserMsg(name="u", content="how old is my son?")]
    answer = _text(await OfflineChatModel()(messages))
    assert f'- "{said}"' in answer and "nothing remembered" not in answer
    assert "Peru" not in answer  # an earlier question is not a statement
    unrelated = _text(await OfflineChatModel()(messages[:-1] + [UserMsg(name="u", content="where do I work?")]))
    assert "nothing remembered" in unrelated and said not in unrelated
    zh = [SystemMsg(name="system", content="You are a helpful assistant."),
          UserMsg(name="u", content="我老婆在医院当护士"), UserMsg(name="u", content="我老婆做什么工作？")]
    assert "「我老婆在医院当护士」" in _text(await OfflineChatModel()(zh))
