"""A note must be a true sentence about the user: the check every note passes before it is written."""
from __future__ import annotations

import pytest

from pipelines.extract.note_check import check_note
from pipelines.extract.statements import extract_statements
from pipelines.extract.validate import true_notes
from pipelines.extract.candidate import Candidate
from memory.types import MemoryType


@pytest.mark.parametrize(("note", "turn"), [
    ("用户是周四。", "不好意思，是周四"),
    ("User is Thursday.", "Thursday."),
    ('User said: "Thursday".', "Thursday."),
])
def test_a_bare_value_with_no_subject_is_no_note(note: str, turn: str) -> None:
    assert check_note(note, turn).reason == "bare_value"
    assert check_note(note, turn).action == "reject"


def test_an_age_the_user_states_is_kept() -> None:
    assert check_note("User is 34.", "I'm 34").action == "accept"


def test_a_request_to_the_assistant_keeps_the_users_words() -> None:
    verdict = check_note("User keeps answers short.", "Keep answers short pls, I read on my phone")
    assert verdict.action == "user_words"
    assert verdict.note == 'User said: "Keep answers short pls, I read on my phone".'


@pytest.mark.parametrize(("note", "turn"), [("User loves hiking.", "Love hiking"),
                                            ("User keeps bees.", "Keep bees in the backyard")])
def test_a_statement_without_its_i_is_the_users_own(note: str, turn: str) -> None:
    assert check_note(note, turn).action == "accept"


def test_a_question_to_the_assistant_is_no_note() -> None:
    assert check_note("用户说：“你是不是想问啥过敏”", "你是不是想问啥过敏").reason == "addressed"


def test_a_doubled_subject_keeps_the_users_words() -> None:
    verdict = check_note("用户叫用户小雨就好。", "我不喜欢别人叫我全名，叫我小雨就好")
    assert (verdict.action, verdict.note) == ("user_words", "用户说：“我不喜欢别人叫我全名，叫我小雨就好”")
    assert check_note("用户跟用户妈一起住。", "我跟我妈一起住").action == "accept"


def test_english_first_person_words_in_a_chinese_note_are_garbled() -> None:
    verdict = check_note("用户doing my PhD at 浙大。", "I'm doing my PhD at 浙大, computational biology")
    assert verdict.action == "user_words"
    assert "I'm doing my PhD at 浙大" in verdict.note


def test_a_correction_from_a_turn_about_something_else_is_rejected() -> None:
    verdict = check_note("User prefers tea number 6.", "I moved to Toronto last month. (6)",
                         replaced="User prefers tea number 2.")
    assert verdict.action == "reject"


def test_a_corrected_value_must_stand_where_the_user_put_it() -> None:
    turn, old = "dentist 那边打电话来了，appointment 改成 Oct 21 了，还是上午", "用户的 dentist appointment 是 Oct 14 上午十点。"
    assert check_note("用户的 dentist appointment 是 Oct 14 上午21。", turn, replaced=old).reason == "misplaced_value"
    assert check_note("用户的 dentist appointment 是 Oct 21 上午十点。", turn, replaced=old).action == "accept"


@pytest.mark.parametrize(("note", "turn", "old"), [
    ("User's flight is at 7pm.", "Actually it's 7pm", "User's flight is at 6pm."),
    ("User has 3 cats.", "I have 3 cats actually", "User has 2 cats."),
    ("User lives in Denver.", "Moved again, now in Denver", "User lives in Boston."),
    ("用户每周四去健身房。", "说错了，是周四", "用户每周三去健身房。"),
])
def test_real_corrections_pass(note: str, turn: str, old: str) -> None:
    assert check_note(note, turn, replaced=old).action == "accept"


def test_numbers_are_compared_as_values() -> None:
    assert check_note("User has 2 cats.", "I have two cats").action == "accept"
    assert check_note("用户的生日是12月20日。", "我生日是十二月二十号").action == "accept"
    assert check_note("User has 5 cats.", "I have two cats").reason == "invented_number"


def test_true_notes_rejects_with_a_reason_and_keeps_the_rest() -> None:
    cands = extract_statements("不好意思，是周四") + [Candidate(MemoryType.FACT, "User lives in Oslo.", 0.5)]
    kept, rejected = true_notes(cands, "不好意思，是周四。 I live in Oslo.")
    assert [c.content for c in kept] == ["User lives in Oslo."]
    assert [r.reason for r in rejected] == ["untrue"] and "bare_value" in rejected[0].detail


def test_a_mostly_english_statement_with_a_chinese_name_gets_an_english_note() -> None:
    from pipelines.extract.normalize import normalize

    assert normalize("I'm doing my PhD at 浙大") == "User is doing their PhD at 浙大."
    assert normalize("我在Shopee做PM") == "用户在Shopee做PM。"


def test_a_pronoun_leaning_on_the_note_is_its_correction() -> None:
    verdict = check_note("User's landlord charges $2,100/month.", "he just raised it to $2,100. in this economy",
                         replaced="User's landlord charges $1,850/month.")
    assert verdict.action == "accept"


def test_the_users_words_are_the_whole_sentence() -> None:
    verdict = check_note("用户定了 weekly 1:1 with my manager，每周二下午3点。", "我定了 weekly 1:1 with my manager，每周二下午3点")
    assert verdict.note == "用户说：“我定了 weekly 1:1 with my manager，每周二下午3点”"


def test_a_repaired_value_keeps_the_word_the_user_put_before_it() -> None:
    turn = "周六下午三点约了理发 哦不对，理发师说周六满了，改成周日上午十点了"
    verdict = check_note("用户周六下午十点约了理发。", turn)
    assert verdict.action == "user_words" and "周日上午十点" in verdict.note
    assert check_note("User's flight is on Oct 21.", "my flight is on Oct 21st").action == "accept"


def test_a_name_leading_the_sentence_is_its_subject() -> None:
    verdict = check_note("用户Lucas 现在是用户 boss 了。", "Lucas 现在是我 boss 了，他被 promote 成我们组 lead")
    assert verdict.action == "user_words"


def test_a_restated_count_is_no_misplaced_value() -> None:
    verdict = check_note("User has 7 direct reports.", "team grew, I'm managing 7 people now",
                         replaced="User has 3 direct reports.")
    assert verdict.action == "accept"
    assert check_note("用户现在用的是小米15。", "手机换了，现在是 iPhone 15 Pro", replaced="用户现在用的是小米14。"
                      ).reason == "misplaced_value"


def test_a_subject_added_beside_the_users_own_is_doubled() -> None:
    verdict = check_note("用户每周四晚上用户有羽毛球课，八点到十点。", "每周四晚上我有羽毛球课，八点到十点")
    assert verdict.action == "user_words"
    assert check_note("用户的老婆让用户少喝酒。", "老婆让我少喝酒").action == "accept"


def test_a_note_that_says_nothing_of_the_user_is_rejected() -> None:
    assert check_note("用户下。", "跟你说下，我已经从杭州搬到苏州了").action == "reject"


def test_a_turn_about_something_else_is_read_as_its_own_statement() -> None:
    import asyncio

    from pipelines.extract.memorize import Conversation, prepare

    conv = Conversation(recent=("I prefer tea number 2.",), notes=((1, "User prefers tea number 2."),), lasting=True)
    prepared = asyncio.run(prepare("I moved to Toronto last month. (6)", 2, conv=conv))
    notes = [v.candidate for v in prepared.valid]
    assert [c.replaces_id for c in notes] == [None]
    assert "Toronto" in notes[0].content


def test_a_bare_value_no_note_corrects_is_rejected_with_its_reason() -> None:
    import asyncio

    from pipelines.extract.memorize import Conversation, prepare

    prepared = asyncio.run(prepare("不好意思，是周四", 3, conv=Conversation(lasting=True)))
    assert prepared.valid == []
    assert [r.reason for r in prepared.rejected] == ["untrue"]


def test_a_pii_mask_is_no_english_word() -> None:
    from pipelines.extract.normalize import quoted

    assert quoted("是‹birthdate›") == "用户说：“是‹birthdate›”"


def test_a_correction_keeps_the_wording_of_the_note_it_corrects() -> None:
    verdict = check_note("用户女朋友比用户小两岁。", "说错了，是小两岁，她96的我94的", replaced="用户女朋友比用户大两岁。")
    assert verdict.action == "accept"


@pytest.mark.parametrize(("note", "turn"), [
    ('User said: "[data]".', "what format is this, a friend sent it: [data]"),
    ("用户说：“‹phone …5678›”", "‹phone …5678›"),
])
def test_nothing_but_placeholders_is_no_note(note: str, turn: str) -> None:
    assert (check_note(note, turn).action, check_note(note, turn).reason) == ("reject", "empty")


@pytest.mark.parametrize(("note", "turn"), [
    ("用户帮忙看一下这段 SQL。", "帮忙看一下这段 SQL，跑得特别慢"),
    ("User proofreads this paragraph.", "proofread this paragraph pls, it's for my cover letter"),
    ('User said: "Can you explain the following traceback".', "Can you explain the following traceback"),
])
def test_a_request_to_work_on_material_in_the_talk_is_no_note(note: str, turn: str) -> None:
    assert (check_note(note, turn).action, check_note(note, turn).reason) == ("reject", "request")


@pytest.mark.parametrize(("note", "turn"), [
    ("User reviews contracts at a law firm.", "I review contracts at a law firm"),
    ("用户的电话是‹phone …5678›。", "我的电话是‹phone …5678›"),
    ("用户每周检查一次血压。", "每周检查一次血压"),
])
def test_work_and_identifiers_of_the_users_life_stay(note: str, turn: str) -> None:
    assert check_note(note, turn).action == "accept"

@pytest.mark.parametrize("turn", ["zomf kwej 40 plix", "vrenk plodu 58 gworth", "12 34 !!"])
def test_the_users_words_holding_no_word_are_no_note(turn: str) -> None:
    verdict = check_note(f'User said: "{turn}".', turn)
    assert (verdict.action, verdict.reason) == ("reject", "unreadable")


@pytest.mark.parametrize("turn", ["Niamh moved in, 2 cats", "paramedic, weekends, 4 yrs", "Type 2 diabetic",
                                  "I'm 6'1", "刚搬到成都"])
def test_terse_words_with_one_known_word_are_kept(turn: str) -> None:
    assert check_note(f'User said: "{turn}".' if "成都" not in turn else f"用户说：“{turn}”", turn).action == "accept"


def test_a_question_corrects_no_note_and_its_lead_naming_whom_it_asks_about_is_no_note() -> None:
    """"and my brother, is he coming after all?" rewrote 「Rachel's mom is gluten-free」 with "brother" and stored
    "User's brother."; a correction said as a statement still rewrites the note."""
    import asyncio

    from pipelines.extract.memorize import Conversation, prepare

    note = (6, 'User said: "turns out Rachel\'s mom is gluten-free now so I gotta rethink the stuffing".')
    conv = Conversation(recent=("also turns out Rachel's mom is gluten-free now so I gotta rethink the stuffing",),
                        notes=(note,), lasting=True)
    for question in ("and my brother, is he coming after all?", "and my brother?", "my brother, is he coming?"):
        assert asyncio.run(prepare(question, 3, conv=conv)).valid == [], question
    fixed = [v.candidate for v in asyncio.run(prepare("sorry, Rachel's dad is gluten-free, not her mom", 3, conv=conv)).valid]
    assert [c.replaces_id for c in fixed] == [6] and "dad" in fixed[0].content
    kept = [v.candidate.content for v in asyncio.run(prepare("my brother lives in Oslo, is that far?", 3, conv=conv)).valid]
    assert kept == ["User's brother lives in Oslo."]


def test_a_question_that_states_a_change_first_or_has_no_mark_still_reads_as_a_correction() -> None:
    """Look-alikes of a question that only asks: a change said before the question, and a bare value after a note."""
    from pipelines.extract.memorize import asks_only

    assert asks_only("and my brother, is he coming after all?") and asks_only("那她呢？")
    for text in ("房东涨到5800了，你说我要不要搬？", "既然 target 被老板改成 45% 了，你觉得我要怎么调整 plan？", "May 3rd",
                 "is December 23.", "Have two cats, Miso and Tofu", "我已经转去学 ukulele 了，吉他太难按了 any songs for beginners?"):
        assert not asks_only(text), text
