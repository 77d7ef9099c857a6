"""What must not become memory, and the facts said beside it (issue 18 item 5, issue 25 item 3).

Hand-written lines (none from a blind set): thanks and reactions, a passing state closed by an apology,
an exception pasted inside a line, a forwarded service text, a quoted line of a book, hypotheticals, and the
facts that stay when they are said among such talk.
"""
from __future__ import annotations

import pytest

from pipelines.extract.normalize import note_zh
from pipelines.extract.pasted import is_pasted
from pipelines.extract.statements import extract_statements
from pipelines.extract.talk import framed_rest
from pipelines.extract.transient import about_nobody, is_passing, moment_state, without_aside
from pipelines.extract.trigger import is_small_talk


@pytest.mark.parametrize("text", ["brilliant, cheers buddy", "okkk thxxx", "lolololol", "hahahaha ok", "fair enough",
                                  "yikes", "idk man", "send help", "哈哈哈哈哈哈哈"])
def test_thanks_reactions_and_laughter_are_small_talk(text: str) -> None:
    assert is_small_talk(text)


@pytest.mark.parametrize("text", ["I am fine with Python", "cool cats are my thing", "heyyy I moved to Lyon"])
def test_a_statement_among_acknowledgement_words_is_not_small_talk(text: str) -> None:
    assert not is_small_talk(text)


@pytest.mark.parametrize(("text", "rest"), [("早呀～今天又来烦你了", "今天又来烦你了"), ("ok done, thank u", "done"),
                                          ("good evening!", "")])
def test_a_greeting_or_thanks_frames_the_words_it_comes_with(text: str, rest: str) -> None:
    assert framed_rest(text) == (True, rest)


@pytest.mark.parametrize("text", ["Evening runner, five days a week", "Morning person, up at 6", "对，花生", "好的，1992"])
def test_a_time_of_day_opening_a_statement_or_a_bare_yes_is_no_greeting(text: str) -> None:
    assert not framed_rest(text)[0]


def test_a_passing_state_closed_by_an_apology_is_the_moment() -> None:
    assert without_aside("my laptop is overheating, sorry for the slow replies") == "my laptop is overheating"
    assert moment_state("my wifi keeps cutting out, sorry if I vanish")
    assert is_passing("router is acting up today, apologies in advance")


def test_a_bare_sorry_is_no_aside_it_may_repair() -> None:
    assert without_aside("my train is at 8, sorry, 9am") == "my train is at 8, sorry, 9am"


def test_a_thing_the_user_has_stays_beside_an_apology() -> None:
    assert [c.content for c in extract_statements("my car is a Subaru Outback, sorry if that's random")] == [
        "User's car is a Subaru Outback."]


@pytest.mark.parametrize("text", ["跑脚本的时候又炸了：KeyError: 'user_id' 怎么回事",
                                  "getting this ValueError: invalid literal for int() with base 10 any idea",
                                  "【中通快递】您的包裹已到驿站，请凭取件码3-2-1101领取"])
def test_an_exception_or_a_forwarded_service_text_is_pasted(text: str) -> None:
    assert is_pasted(text)


@pytest.mark.parametrize("text", ["I'm a backend developer, mostly Go", "【更新】我下个月调去成都分公司了",
                                  "My son's name is Errol"])
def test_statements_are_not_pasted(text: str) -> None:
    assert not is_pasted(text)


@pytest.mark.parametrize("text", ["《平凡的世界》里那句“生活不能等待别人来安排”一直很打动我",
                                  "that line from Casablanca, \"here's looking at you, kid\", gets me every time",
                                  "hypothetically, if I quit tomorrow, could I still get my bonus?",
                                  "in theory I'd love a sailboat, lol"])
def test_quoted_lines_of_a_work_and_hypotheticals_are_not_the_users(text: str) -> None:
    assert extract_statements(text) == []


def test_a_fact_announced_among_chat_is_kept_without_the_chat() -> None:
    text = "hiii. long day. I forgot to mention I'm allergic to latex so keep that in mind. anyway how are you"
    assert [c.content for c in extract_statements(text)] == ["User is allergic to latex."]


def test_a_question_that_announces_a_statement_keeps_it() -> None:
    assert [c.content for c in extract_statements("did I tell you my brother is moving to Perth?")] == [
        "User's brother is moving to Perth."]


def test_moves_of_the_talk_are_not_notes() -> None:
    assert extract_statements("enough about my week. moving on") == []


def test_a_subject_less_degree_is_no_question() -> None:
    assert not about_nobody("上个月才搬到青岛，还不怎么熟")


def test_a_description_after_a_named_pet_is_about_the_pet() -> None:
    assert note_zh("五岁了，叫豆豆", ["我家狗特别黏人"]) == "用户的狗五岁了，叫豆豆。"
    assert note_zh("叫年年，是只狸花", ["昨天领养了一只小猫"]) == "用户的小猫叫年年，是只狸花。"


def test_a_description_without_a_named_one_is_the_users() -> None:
    assert note_zh("叫王芳，在药厂上班") == "用户叫王芳，在药厂上班。"


def test_a_reported_order_to_the_user_is_kept_in_the_users_words() -> None:
    [cand] = extract_statements("健身教练让我把晚饭的碳水减半")
    assert "健身教练" in cand.content and "碳水" in cand.content


def test_a_mood_said_in_a_clause_beside_a_fact_is_no_note_of_its_own() -> None:
    assert [c.content for c in extract_statements("外面风好大，我每周二晚上去游泳")] == ["用户每周二晚上去游泳。"]


@pytest.mark.parametrize("text", ["whatever, it's fine", "not convinced", "no idea"])
def test_shrugs_are_small_talk(text: str) -> None:
    assert is_small_talk(text)


def test_an_organisation_opening_a_clause_is_not_the_user() -> None:
    assert [c.content for c in extract_statements("一家做宠物食品的公司，我管仓库")] == [
        "用户说：“一家做宠物食品的公司，我管仓库”。"]
    assert [c.content for c in extract_statements("一家四口住在青岛")] == ["用户一家四口住在青岛。"]


def test_an_initial_does_not_end_a_sentence() -> None:
    from pipelines.extract.trigger import split_sentences

    assert split_sentences("My favourite poet is Mary H. Webb. I read her every night.") == [
        "My favourite poet is Mary H. Webb.", "I read her every night."]
