"""Classes of wrong notes the offline extractor used to write, each with a look-alike that must still be kept.

A stored memory must be a true sentence about the user or their people. Hand-written cases (not from any blind set):
a unit test, not a measurement.
"""
from __future__ import annotations

import asyncio

import pytest

from pipelines.extract.memorize import Conversation, prepare
from pipelines.extract.statements import extract_statements


def _notes(text: str, recent: tuple[str, ...] = ()) -> list[str]:
    return [c.content for c in extract_statements(text, recent)]


def test_according_to_names_the_holder_not_the_user() -> None:
    """ "According to my neighbour …" was "User is according to their neighbour …"."""
    assert _notes("According to my neighbour the bakery on Elm closes in March.") == [
        "According to the user's neighbour, the bakery on Elm closes in March."]
    assert _notes("According to my dentist, I grind my teeth at night") == [
        "According to the user's dentist, they grind their teeth at night."]
    # look-alike: a sentence of the user's own with "according to" later is still the user's
    assert _notes("I adjust my insulin according to my readings") == [
        "User adjusts their insulin according to their readings."]


def test_a_chinese_statement_led_by_a_name_is_not_the_users() -> None:
    """「Kevin 说他下周来上海出差」 was 「用户Kevin 说…」: Kevin is the subject, so the user's words are quoted."""
    assert _notes("Kevin 说他下周来上海出差") == ["用户说：“Kevin 说他下周来上海出差”。"]
    # look-alike: an English word of the user's people is the user's person
    assert _notes("Mom 每天都要跳广场舞") == ["用户的Mom 每天都要跳广场舞。"]
    # look-alike: a lower-case English word that is no person still makes a note of the user
    assert _notes("boss是个德国人，超级严谨") == ["用户的boss是个德国人，超级严谨。"]


def test_his_after_a_date_is_no_month_and_no_thing() -> None:
    """"His sister …" after "I moved here on September 3rd" was "September's sister"; after "my flight …" it was
    "User's flight's sister"."""
    for before in ("I moved here on September 3rd.", "My flight is on the 12th."):
        notes = _notes("His sister is a nurse.", (before,))
        assert notes and not any("September" in n or "flight" in n for n in notes)
    # look-alike: a person named before is who "his" is
    assert _notes("His sister is a nurse.", ("My brother Tom moved here on September 3rd.",)) == [
        "User's brother's sister is a nurse."]


@pytest.mark.parametrize(("text", "note"), [
    ("公司在张江，但我们组每周五去徐家汇", None),
    ("不过我还是喜欢喝茶", "用户还是喜欢喝茶。"),
    ("so我们过年一般都回上海", "用户说：“我们过年一般都回上海”。"),
    ("but I've lived in Toronto for the past 12 years", "User has lived in Toronto for the past 12 years."),
    ("but my sister lives in Ohio", "User's sister lives in Ohio."),
])
def test_a_leading_but_is_no_word_of_the_subject(text: str, note: str | None) -> None:
    """「用户但我们组…」, "But the user's sister …" were notes: the connective joins, it is not the subject."""
    notes = _notes(text)
    assert notes and not any(n.startswith(("用户但", "用户不过", "用户so", "But ", "User said: \"but")) for n in notes)
    if note is not None:
        assert notes == [note]


def test_a_leading_word_that_only_looks_like_a_connective_stays() -> None:
    """不过敏 and 但愿 are words of their own."""
    assert _notes("不过敏的话我也想养猫")[0].startswith("用户不过敏") or _notes("不过敏的话我也想养猫") == []
    assert "但愿" in "".join(_notes("但愿我明年能考上研究生")) or _notes("但愿我明年能考上研究生") == []


def test_quit_is_done_not_a_habit() -> None:
    """"I quit last year" was "User quits last year."."""
    assert _notes("I used to smoke but I quit last year") == ["User used to smoke.", "User quit last year."]
    assert _notes("I quit my job") == ["User quit their job."]
    # look-alike: another base-form past with no time said stays present
    assert _notes("I cut my own hair") == ["User cuts their own hair."]


@pytest.mark.parametrize("text", ["I'm not sure.", "not sure tbh", "no idea", "我也不确定", "我不知道"])
def test_a_bare_doubt_is_no_note(text: str) -> None:
    """"User is not sure." was a note."""
    assert _notes(text) == []


def test_a_doubt_about_something_is_still_read() -> None:
    assert _notes("I'm not sure I want kids") == ["User is not sure they want kids."]


def test_a_title_before_a_question_and_its_it_are_no_notes() -> None:
    """"GDPR Article 17, … does it apply to backups? Our DPO quoted it and I'm not sure." stored
    'User said: "GDPR Article 17".', 'User said: "Our DPO quoted it".' and "User is not sure."."""
    text = "GDPR Article 17, the 'right to erasure' — does it apply to backups? Our DPO quoted it and I'm not sure."
    assert _notes(text) == []
    # look-alike: a statement before a question is kept
    assert _notes("Since I moved to Berlin, what's a good bakery?") == ["User moved to Berlin."]


def test_a_pasted_log_line_sent_to_remember_is_not_stored() -> None:
    """``remember`` of a log line stored 'User said: "2026-… ERROR db connection refused"'."""
    log = "2026-12-04 19:28:01 ERROR db connection refused on replica 2"
    prepared = asyncio.run(prepare(log, 1, explicit=True, conv=Conversation(lasting=True)))
    assert prepared.valid == [] and "pasted" in prepared.label.reasons[-1]
    said = asyncio.run(prepare("I'm allergic to penicillin", 1, explicit=True, conv=Conversation(lasting=True)))
    assert [v.candidate.content for v in said.valid] == ["User is allergic to penicillin."]


def test_the_opener_to_the_assistant_is_no_part_of_the_note() -> None:
    """「跟你说个事，我们部门新来了个主管」 was 「用户个事，…」; the surname after it was the user's (「用户姓陈…」)."""
    assert _notes("跟你说个事，我们部门新来了个主管") == ["用户说：“我们部门新来了个主管”。"]
    assert _notes("姓陈，人挺好的，就是有点啰嗦", ("跟你说个事，我们部门新来了个主管",)) == [
        "用户的主管姓陈，人挺好的，就是有点啰嗦。"]
    # look-alike: a surname with no one named before is the user's
    assert _notes("姓周，在郑州开面馆") == ["用户姓周，在郑州开面馆。"]


def test_also_with_another_object_takes_that_object() -> None:
    """「老二也是，不过是对花生」 after 「大宝对鸡蛋过敏」 was 「用户的老二也对鸡蛋过敏，不过是对花生。」."""
    assert _notes("老二也是，不过是对花生", ("大宝对鸡蛋过敏",)) == ["用户的老二也对花生过敏。"]
    assert _notes("我老婆也是，不过是在杭州", ("我在上海工作",)) == ["用户老婆也在杭州工作。"]
    # look-alike: a contrast of degree keeps the first predicate
    assert _notes("我老公也是，不过没那么严重", ("我对猫过敏",)) == ["用户老公也对猫过敏，不过没那么严重。"]


def test_same_for_my_person_takes_the_predicate_before() -> None:
    """"same for my son actually, though his is milder" was "For the user's son actually, …"; "same for me" was
    "For the user."."""
    assert _notes("same for my son actually, though his is milder", ("My brother's allergic to peanuts",)) == [
        "User's son is allergic to peanuts too, though his is milder."]
    assert _notes("same for me") == []
    # look-alike: "same with <a thing>" names something and is still kept
    assert any("strawberries" in n for n in _notes("same with strawberries actually", ("kiwi makes my mouth itch",)))


def test_an_english_subject_in_a_chinese_statement_is_quoted() -> None:
    """「the younger one 还在幼儿园」 was 「用户the younger one 还在幼儿园。」."""
    assert _notes("the younger one 还在幼儿园 lol") == ["用户说：“the younger one 还在幼儿园”。"]
    # look-alike: an English activity after the user's subject-less verb stays the user's
    assert _notes("周末一般去climbing，boulder为主") == ["用户周末一般去climbing，boulder为主。"]


def test_a_name_in_every_part_does_not_name_the_part_to_forget() -> None:
    """"Leo过敏那个先别记" archived "User's kids are Leo (8) and Maya (5), and Leo has a peanut allergy." whole: Leo is in
    both parts, the allergy names one."""
    from pipelines.extract.retract import read_retraction
    from pipelines.extract.retract_part import rest_of

    request = read_retraction("Leo过敏那个先别记，还在复查，不确定是不是")
    assert request is not None
    assert rest_of(request, "User's kids are Leo (8) and Maya (5), and Leo has a peanut allergy.") == (
        "User's kids are Leo (8), Maya (5).")
    # look-alike: a part named by a term only it holds still goes
    salary = read_retraction("工资那个别记了")
    assert salary is not None and rest_of(salary, "用户工资税后两万，住在苏州园区。") == "用户住在苏州园区。"


@pytest.mark.parametrize("text", ["sorry that's heavy. you don't need to remember that", "you don't have to remember that"])
def test_you_dont_need_to_remember_that_is_a_retraction(text: str) -> None:
    from pipelines.extract.retract import read_retraction

    found = read_retraction(text)
    assert found is not None and found.scope == "last"


def test_i_dont_need_to_remember_is_no_retraction() -> None:
    from pipelines.extract.retract import read_retraction

    assert read_retraction("I don't need to remember my passwords, I use a manager") is None
