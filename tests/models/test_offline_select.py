"""The offline answer quotes the note that answers: the newer one of a subject first, the user's name as "me"."""
from __future__ import annotations

import pytest
from agentscope.message import SystemMsg, UserMsg

from agents.models.offline import OfflineChatModel
from agents.models.offline_select import newer_first, notes_to_quote, read_as_user, same_subject, user_names
from pipelines.context.memory_block import render_memory_block


def _note(note_id: int, content: str, minute: int = 0) -> dict:
    return {"id": note_id, "type": "fact", "content": content,
            "time": f"2026-12-03T08:{minute:02d}:00+00:00", "source": "session s"}


def _quoted(request: str, notes: list[dict]) -> list[int]:
    return [n["id"] for n in notes_to_quote(request, notes)[1]]


async def _answer(question: str, notes: list[dict]) -> str:
    system = "You are a helpful assistant.\n" + render_memory_block(notes)
    response = await OfflineChatModel()([SystemMsg(name="s", content=system), UserMsg(name="u", content=question)])
    return "".join(block.text for block in response.content)


@pytest.mark.parametrize("content, name", [
    ("User is Keiko, they run a small ceramics shop on Etsy from Portland.", "Keiko"),
    ("User is Hannah. User recently moved from Dublin to Amsterdam for work.", "Hannah"),
    ('User said: "Richard here, semi-retired accountant in Edinburgh".', "Richard"),
    ("用户是 Vivian，在新加坡做 investment banking。", "Vivian"),
    ("用户是退休的老郭，以前在沈阳铁路局。", "老郭"),
    ("用户叫阿强。", "阿强"),
])
def test_the_users_own_name_is_read_from_identity_notes(content: str, name: str) -> None:
    assert user_names([_note(1, content)]) == {name}


@pytest.mark.parametrize("content", [
    "User is Chinese.", "用户是程序员。", "User is a PhD student in marine biology.", "用户是在香港出生的，十岁移民过来。",
    "User's partner Niamh is coming over from Ireland in August.",
])
def test_a_nationality_a_job_or_another_persons_name_is_no_name_of_the_user(content: str) -> None:
    assert user_names([_note(1, content)]) == frozenset()


def test_the_users_name_in_a_question_means_the_user() -> None:
    assert read_as_user("What is Hannah's job?", frozenset({"Hannah"})) == "What is my job?"
    assert read_as_user("老郭的孙女多大了？", frozenset({"老郭"})) == "我的孙女多大了？"
    assert read_as_user("What does Niamh do?", frozenset({"Hannah"})) == "What does Niamh do?"


async def test_a_question_naming_the_user_quotes_the_note_that_answers_not_the_identity_note() -> None:
    notes = [_note(9, "用户是 Vivian，在新加坡做 investment banking。"), _note(10, "用户老家是福州的。", 1),
             _note(15, "用户最近在戒糖，甜食都不吃了。", 2)]
    answer = await _answer("What is Vivian cutting out of her diet?", notes)
    quoted = [line for line in answer.splitlines() if line.startswith("- ")]
    assert "戒糖" in quoted[0] and "investment banking" not in answer
    # asking who the user is still finds the identity note
    assert "Vivian" in await _answer("What do you know about Vivian?", notes)


async def test_a_newer_note_on_the_same_subject_is_quoted_first_and_the_older_one_kept_as_history() -> None:
    notes = [_note(33, "User is Keiko, they run a small ceramics shop on Etsy from Portland."),
             _note(34, "User mostly mugs and bud vases.", 1),
             _note(39, "User is moving the shop off Etsy to their own Shopify site.", 5)]
    answer = await _answer("Where does Keiko sell her ceramics now?", notes)
    assert answer.index("Shopify") < answer.index("on Etsy from Portland")


def test_notes_on_other_subjects_keep_their_place() -> None:
    old, other = _note(1, "User's partner Ben is an ER doctor."), _note(2, "User's kiln broke last week.", 9)
    assert not same_subject(old["content"], other["content"])
    assert newer_first([old], [old, other]) == [old]
    # 最近 / 现在 alone make no subject
    assert not same_subject("用户最近在学 pottery，每周六。", "用户最近在戒糖。")


def test_the_newest_of_a_subject_leads_and_the_quote_stays_short() -> None:
    notes = [_note(1, "User's yoga class is on Monday."), _note(2, "User's yoga class moved to Tuesday.", 3),
             _note(3, "User's yoga class is now on Friday.", 7), _note(4, "User's dentist is Dr. Ruiz.", 8)]
    assert [n["id"] for n in newer_first([notes[0]], notes)] == [3, 2, 1]
    assert _quoted("When is my yoga class?", notes)[0] == 3


async def test_an_older_note_on_the_subject_follows_the_newer_one_as_history() -> None:
    notes = [_note(33, "User is Keiko, they run a small ceramics shop on Etsy from Portland."),
             _note(38, "User is thinking of doing a pop-up at the Saturday Market.", 3),
             _note(39, "User is moving the shop off Etsy to their own Shopify site.", 5)]
    answer = await _answer("What city is Keiko based in?", notes)
    assert answer.index("Shopify") < answer.index("Portland")
    assert "Saturday Market" not in answer


async def _answer_after(earlier: list[str], question: str, notes: list[dict]) -> str:
    system = "You are a helpful assistant.\n" + render_memory_block(notes)
    msgs = [SystemMsg(name="s", content=system)] + [UserMsg(name="u", content=t) for t in earlier + [question]]
    response = await OfflineChatModel()(msgs)
    return "".join(block.text for block in response.content)


async def test_an_elliptic_question_is_read_with_the_question_it_leans_on() -> None:
    """「她在哪上班」 after 「我老婆做什么的？」 asks where the wife works: it quoted only the user's own job note."""
    notes = [_note(1, "用户的老婆在张江做芯片设计，她通勤更离谱。"), _note(2, "用户最近换工作了，从美团跳到了小红书。", 1)]
    answer = await _answer_after(["我老婆做什么的？"], "她在哪上班", notes)
    assert "张江" in answer
    # the same words asked as a whole question of the user's own keep to the user's job
    alone = await _answer_after(["我老婆做什么的？"], "我在哪上班？", notes)
    assert "小红书" in alone and "张江" not in alone


async def test_the_other_one_after_a_question_quotes_recalls_next_notes_too() -> None:
    """「另一家呢？」 after 「我最后拿到哪家 offer？」 asks about the other company, which the first question's words
    do not name: recall's next notes fill the room the match leaves."""
    notes = [_note(1, "用户拿到 Stripe offer 了。"), _note(2, "用户Shopify 挂了。")]
    answer = await _answer_after(["我最后拿到哪家 offer？"], "另一家呢？", notes)
    assert "Stripe" in answer and "Shopify" in answer


async def test_said_is_no_language() -> None:
    """「谁说要减的？」 met every note quoting what someone said (说 read as 'speak'); a language is still asked by name."""
    notes = [_note(1, "用户老公觉得 2000 太多了，cut to 1500。"), _note(2, "用户Ryan 说想转 major 到 economics。", 1)]
    answer = await _answer("谁说要减的？", notes)
    assert "老公" in [line for line in answer.splitlines() if line.startswith("- ")][0]
    spoken = await _answer("我会说什么语言？", [_note(1, "用户会说粤语和英语。"), _note(2, "用户住在深圳。", 1)])
    assert "粤语" in spoken and "深圳" not in spoken
