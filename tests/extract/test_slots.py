"""Slot kinds, holders and passing states, as tables (pure functions), and what ``decide`` does with them."""
from __future__ import annotations

from datetime import datetime, timezone

import pytest

from memory.types import MemoryType, content_hash
from pipelines.extract.decision import Create, PoolEntry, Proposal, Supersede, decide
from pipelines.extract.retract import Retraction, read_retraction
from pipelines.extract.retract_match import Note, match
from pipelines.extract.slots import holder, profile, replaces
from pipelines.extract.subject import Subject
from pipelines.extract.transient import is_transient

REPLACED = [
    ("User is single, living alone with their cat.", "User has a girlfriend now, her name is Lena."),
    ("User works in Hangzhou at a startup.", "User moved to Chengdu last month for a new job."),
    ("User never drinks coffee, can't stand it.", 'User said: "Funny, I now drink coffee every morning".'),
    ("用户不喜欢香菜。", "用户最近开始喜欢香菜了，挺神奇的。"),
    ("用户老婆在银行上班。", "用户老婆辞职了，现在在家带娃。"),
    ("用户说：“他在阿里工作，做后端”", "用户老公去年跳槽了，现在在京东。"),
    ("User works at Deloitte.", "用户现在换去普华永道了。"),
    ("User is vegetarian.", 'User said: "Started eating meat again last month".'),
    ("用户是单身。", "用户有女朋友了。"),
    ("User is a junior designer at Canva.", "User got promoted, they're a senior designer now."),
    ("User uses an Android phone, a Pixel 6.", 'User said: "Caved and got an iPhone 15".'),
    ("用户住在朝阳区。", "用户上个月搬到海淀了。"),
]
BOTH_TRUE = [
    ("User's fiancé Marcus is a firefighter.", "User is a graphic designer."),  # another holder, accents folded
    ("User just started as a data analyst at Spotify in NYC.", "User's manager is Priya, she's great."),
    ("用户在武汉读大三，学的是新闻传播。", "用户打算毕业后考研，目标是复旦。"),  # a plan states no present value
    ("User lives in Porto.", "User is planning to move to Lisbon next year."),
    ("用户说：“我们租了一辆普拉多”。", "用户晕车，得提前备药。"),  # 晕车 is motion sickness, not a car
    ("用户在腾讯上班。", "用户老婆在华为上班。"),
    ("User plays guitar.", "User also plays piano on weekends."),
    ("User's sister lives in Berlin.", "User's brother lives in Madrid."),
    ("User loves sushi.", "User's husband hates sushi."),
    ("用户儿子在上小学。", "用户女儿在上初中。"),
    ("用户在一家物流公司工作。", "用户是数据工程师。"),
    ("User is allergic to penicillin.", "User is allergic to sulfa drugs."),
    ("User likes jazz.", "User doesn't like country music."),
]


@pytest.mark.parametrize(("old", "new"), REPLACED)
def test_a_new_value_of_one_single_valued_kind_or_a_flipped_preference_replaces(old: str, new: str) -> None:
    assert replaces(profile(new), profile(old))


@pytest.mark.parametrize(("old", "new"), BOTH_TRUE)
def test_distinct_facts_of_other_holders_kinds_or_objects_do_not_replace(old: str, new: str) -> None:
    assert replaces(profile(new), profile(old)) is None


@pytest.mark.parametrize(("note", "who"), [("User's wife works at a bank.", "wife"), ("用户老婆在银行上班。", "wife"),
                                           ("User has a girlfriend now.", "user"), ("用户说：“他在阿里工作”", "?"),
                                           ("User's birthday is May 3.", "user"), ("User's older sister is a nurse.", "sister")])
def test_the_holder_of_a_note(note: str, who: str) -> None:
    assert holder(note) == who


def _entry(i: int, content: str, sim: float) -> PoolEntry:
    return PoolEntry(i, content, MemoryType.FACT, Subject(None), content_hash("u", content),
                     datetime(2026, 1, 1, tzinfo=timezone.utc), sim)


def _proposal(content: str) -> Proposal:
    return Proposal(content, MemoryType.FACT, Subject(None), content_hash("u", content))


@pytest.mark.parametrize(("new", "pool", "expected"), [
    ("User moved to Chengdu for a new job.", [(1, "User works in Hangzhou at a startup.", 0.88)], Supersede((1,), "replaces #1")),
    ("User moved to Chengdu for a new job.", [(1, "User works in Hangzhou at a startup.", 0.60)], Create()),  # far: not it
    ("User used to work at Yahoo.", [(1, "User works at Google.", 0.90)], Create()),  # the past is no update
    ("用户老婆在华为上班。", [(1, "用户在腾讯上班。", 0.95)], Create()),  # another holder
])
def test_decide_replaces_by_kind_only_a_near_note_of_the_same_holder(new: str, pool: list, expected: object) -> None:
    assert decide(_proposal(new), [_entry(*p) for p in pool]) == expected


@pytest.mark.parametrize("text", ["今天好累", "刚吃完饭，撑死了", "好饿啊，还没吃午饭", "我现在有点困", "so tired today lol",
                                  "stuck in traffic rn, gonna be late", "外面下雨了，不想出门", "刚睡醒，头有点疼",
                                  "我今天早上喝了两杯咖啡，还是困", "I'm starving, haven't eaten since breakfast", "这两天感冒了，嗓子疼"])
def test_a_passing_state_of_the_moment_is_transient(text: str) -> None:
    assert is_transient(text)


@pytest.mark.parametrize("text", ["我对花生过敏", "周末一般都去爬山", "I hate cold weather", "Been working nights since May",
                                  "今天刚搬到上海", "Husband's a pilot", "我每天早上都喝咖啡", "我今天入职腾讯了",
                                  "My back has been hurting for years", "Peanuts make me sick", "下周三要交报告"])
def test_a_lasting_fact_is_not_transient(text: str) -> None:
    assert not is_transient(text)


@pytest.mark.parametrize("text", ["Forget everything you know about me.", "can you wipe whatever you have on me",
                                  "Please delete all my data", "把我的信息都删了吧", "你记的关于我的东西全部忘掉", "关于我的一切都删掉",
                                  "你知道的关于我的都忘了吧"])
def test_a_request_to_forget_everything_is_read_as_all(text: str) -> None:
    assert read_retraction(text) == Retraction("all")


@pytest.mark.parametrize("text", ["delete everything about my ex", "关于她的都删了", "forget what you know about my sister"])
def test_everything_about_someone_is_a_topic_not_all(text: str) -> None:
    found = read_retraction(text)
    assert found is not None and found.scope == "topic"


def test_a_topic_naming_a_category_forgets_the_notes_of_that_kind() -> None:
    notes = [Note(1, "User was diagnosed with type 2 diabetes last year.", 0.81), Note(2, "User plays tennis on Sundays.", 0.80),
             Note(3, "User takes 20mg of lisinopril daily.", 0.78)]
    assert [n.id for n in match(Retraction("topic", "medical"), notes).forget] == [1, 3]


def test_a_word_shared_by_a_note_far_in_meaning_is_not_enough() -> None:
    notes = [Note(1, "User's dog Max is a beagle.", 0.90), Note(2, "User walks to work past the dog park.", 0.80)]
    assert [n.id for n in match(Retraction("topic", "dog"), notes).forget] == [1]


@pytest.mark.parametrize(("text", "note"), [("I'm 34.", "User weighs 80 kg."), ("我今年34", "用户体重80公斤。")])
def test_a_statement_of_the_users_own_is_no_bare_value_correcting_a_note(text: str, note: str) -> None:
    from pipelines.extract.amend import amend

    assert amend(text, [(1, note)]) is None


@pytest.mark.parametrize(("text", "note", "fixed"), [
    ("They moved it to Wednesdays.", 'User said: "Physio is every Tuesday at 5".', 'User said: "Physio is every Wednesday at 5".'),
    ("Earlier I said I work at Google, that was wrong, it's Microsoft.", "User works at Google.", "User works at Microsoft."),
    ("Sorry, I misspoke, it is my sister, not my brother", "User's brother lives in Denver.", "User's sister lives in Denver."),
])
def test_a_correction_names_its_new_value_after_meant_or_before_not(text: str, note: str, fixed: str) -> None:
    from pipelines.extract.amend import amend

    found = amend(text, [(1, note)])
    assert found is not None and found.content == fixed


def test_a_new_name_never_replaces_a_lower_case_word() -> None:
    from pipelines.extract.amend import amend

    found = amend("Sorry, I meant Lisbon", [(1, "User's sister Ana lives in Porto.")])
    assert found is None or "Lisbon in" not in found.content


@pytest.mark.parametrize("text", ["把你存的我的资料全清掉", "把我的资料删了", "erase all my info please"])
def test_deleting_the_users_data_itself_is_forget_all(text: str) -> None:
    assert read_retraction(text) == Retraction("all")


@pytest.mark.parametrize(("text", "note", "fixed"), [
    ("等等，我记错了，应该是头孢过敏。", "用户对青霉素过敏，看病的时候得提醒医生。", "用户对头孢过敏，看病的时候得提醒医生。"),
    ("纠正一下，我老家其实是开封的，上次嘴瓢了。", "用户老家是河南洛阳的。", "用户老家是河南开封的。"),
    ("对了，上次说搬去南京是口误，是合肥，新公司在合肥。", "用户下个月要搬去南京了。", "用户下个月要搬去合肥了。"),
    ("打错了，是李心怡，心脏的心。", "用户女儿叫李欣怡，下个月满六岁。", "用户女儿叫李心怡，下个月满六岁。"),
    ("之前跟你说错了，我老婆是在建设银行，不是中行。", "用户老婆在中国银行上班，做对公业务。", "用户老婆在建设银行上班，做对公业务。"),
    ("打错了，最后是62，沪A·8K362。", "用户的车牌号是沪A·8K326。", "用户的车牌号是沪A·8K362。"),
    ("omg autocorrect. Pretzel. PRETZEL.", 'User said: "We named the puppy Pickles".', 'User said: "We named the puppy Pretzel".'),
])
def test_a_chinese_or_typed_correction_rewrites_only_the_value(text: str, note: str, fixed: str) -> None:
    from pipelines.extract.amend import amend

    found = amend(text, [(1, note)])
    assert found is not None and found.content == fixed


@pytest.mark.parametrize(("text", "scope"), [("scratch that last thing", "last"), ("forget that last one pls", "last"),
                                              ("lol the first one, pretend I never said it", "first"),
                                              ("嗯……你就当我没提过吧。", "last"), ("nah forget it, not a real thing", "last"),
                                              ("Delete that. Sorry, I overshared.", "last"), ("清空所有关于我的东西，谢谢。", "all"),
                                              ("以后别记我了，之前存的也全部删掉。", "all")])
def test_a_retraction_of_the_last_or_first_thing_or_of_everything(text: str, scope: str) -> None:
    found = read_retraction(text)
    assert found is not None and found.scope == scope


def test_a_quoted_topic_from_your_records_is_a_retraction_of_the_users_note() -> None:
    assert read_retraction("把“强迫症”从你的记录里去掉。") == Retraction("topic", "强迫症", "强迫症")


def test_a_topic_about_a_kid_does_not_reach_the_parents() -> None:
    notes = [Note(1, "用户女儿在北师大附小上学。", 0.85), Note(2, "用户爸妈住在青岛。", 0.84), Note(3, "用户是做室内设计的。", 0.80)]
    assert [n.id for n in match(Retraction("topic", "孩子学校"), notes).forget] == [1]


@pytest.mark.parametrize("text", ["honestly remote work is the future", "the Fed raised rates again huh", "听说台风要登陆了",
                                  "国产电影这几年进步挺大的", "溏心蛋要煮几分钟", "it's pouring outside", "降温了，风好大"])
def test_talk_about_the_world_is_passing(text: str) -> None:
    from pipelines.extract.transient import is_passing

    assert is_passing(text)


@pytest.mark.parametrize("text", ["Huge Packers fan", "Husband's a pilot", "周末一般都去爬山", "菠萝一吃嘴就肿",
                                  "She finally did it — moved to Dublin for the new job.", "瑜伽有点腻了，换成普拉提了，核心练得挺好。",
                                  "最近跟同事喝了几次精酿，发现还挺好喝，现在周末都会小酌两杯。", "这破天气，我鼻炎又犯了，每年秋天都这样",
                                  "好累啊～ 不过下周就去大理了，请了五天年假", "困死了…昨晚又陪老大写作业到十二点，他三年级了"])
def test_statements_about_the_user_or_their_people_are_not_passing(text: str) -> None:
    from pipelines.extract.transient import is_passing

    assert not is_passing(text)


@pytest.mark.parametrize("text", ["Team offsite is Tuesday.", "Dentist appointment is on Monday.", "Flight to Tokyo is on the 5th."])
def test_a_plan_of_the_user_without_my_is_not_talk_about_the_world(text: str) -> None:
    from pipelines.extract.transient import is_passing

    assert not is_passing(text)


@pytest.mark.parametrize(("new", "old", "named"), [
    ("用户说：“他去年跳槽了，现在在京东”", "用户表哥在阿里做运营。", "用户表哥去年跳槽了，现在在京东。"),
    ('User said: "she\'s in Denver now".', "User's sister lives in Boston.", "User's sister is in Denver now."),
    ('User said: "he left, he\'s at Google now".', "User's brother works at Amazon.", "User's brother left, he's at Google now."),
    ("用户说：“她现在在上海”", "用户在北京上班。", None),  # the old note names no person: 她 stays unresolved
    ("User moved to Denver.", "User's brother lives in Boston.", None),  # no pronoun to name
])
def test_a_pronoun_is_named_by_the_note_its_update_replaces(new: str, old: str, named: str | None) -> None:
    from pipelines.extract.slots import resolve_pronoun

    assert resolve_pronoun(new, old) == named
