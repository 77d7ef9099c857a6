"""When a same-slot score may replace a note (pipelines/extract/supersede_gate.py), as a table: a unit test of
the pure gate, with hand-written notes (no blind set)."""
from __future__ import annotations

import pytest

from pipelines.extract.supersede_gate import ended, head_may_replace, stated_change, unrelated_kinds


@pytest.mark.parametrize(("new", "old", "may"), [
    # two attributes, or two scripts with no attribute in common: never a new value of the old note
    ("用户对花生过敏。", "User lives in Lisbon.", False),
    ("用户在一家物流公司做数据工程师。", "User's birthday is May 3rd.", False),
    ("User is allergic to peanuts.", "User lives in Lisbon.", False),
    # one attribute, in either language: the score decides
    ("用户在京东上班。", "User works at Google.", True),
    ("用户搬到上海了。", "User lives in Hangzhou.", True),
    ("User moved to Shanghai.", "User lives in Hangzhou.", True),
    # a change said in words lets a related-looking attribute go ("works in Hangzhou" → "moved to Chengdu")
    ("User moved to Chengdu for a new job.", "User works in Hangzhou.", True),
    # the gate's other rules
    ("User also has yoga on Thursday.", "User has yoga on Tuesday.", False),
    ("User lives in Berlin.", "User used to live in Boston.", False),
])
def test_a_score_replaces_only_a_note_of_the_same_attribute(new: str, old: str, may: bool) -> None:
    """'我对花生过敏' replaced 'User lives in Lisbon.', and a job in Chinese replaced an English birthday."""
    assert head_may_replace(new, old, adds=False, same_turn=False) is may


def test_a_liking_alone_names_no_attribute() -> None:
    assert not unrelated_kinds("User likes basketball.", "User is vegetarian.")
    assert unrelated_kinds("用户喜欢打篮球。", "User has a dog named Max.")


@pytest.mark.parametrize(("new", "old", "may"), [
    # one more detail of the same talk: no revision in so many words, no single-valued attribute confirmed
    ("用户新房子在江边。", "用户上个月搬到了武汉。", False),
    ("User's dentist is Dr. Kim.", "User has a chipped molar.", False),
    ("Now the user's hobby is archery.", "User gave up golf in 2019.", False),
    ("用户的男朋友现在在西安当老师。", "用户明年五月要结婚了。", False),
    ("用户鸭肉也不吃，受不了那个味。", "用户平时不吃鹅肉。", False),
    # a revision said in so many words still replaces within one conversation
    ("用户后来还是改成了周五的课。", "用户报了周三的课。", True),
    ("User said: \"they pushed the recital, it's at 8 now\".", "User's recital is at 6pm.", True),
])
def test_a_note_of_the_same_conversation_needs_a_stated_change(new: str, old: str, may: bool) -> None:
    """「上个月搬到了厦门」 then 「新家在…附近」 in one session superseded the move: a detail is no new value."""
    assert head_may_replace(new, old, adds=False, same_turn=False, same_session=True) is may


def test_a_confirmed_attribute_replaces_within_the_conversation() -> None:
    assert head_may_replace("User lives in Porto.", "User lives in Braga.", adds=False, same_turn=False,
                            same_session=True, confirmed=True)


@pytest.mark.parametrize(("new", "old", "may"), [
    # nothing but a score ties them: a later session's unrelated statement replaces nothing
    ("User said: \"we rented a camper van\".", "User is planning a road trip along the coast.", False),
    ("用户游戏昵称叫“摸鱼大王”。", "用户玩星露谷，已经两百小时了。", False),
    ("User said: \"we have a toddler, she just turned 2\".", "User coaches a youth chess club.", False),
    # a dislike is reversed by a liking of its object in any words
    ("User has been binge-watching anime every night.", "User can't stand cartoons.", True),
    # a shared topic word or one occupation ties them
    ("User added a second keyboard to the desk.", "User has one keyboard.", True),
    ("用户离开美团出来单干了。", "用户在美团做运营。", True),
    ("用户刚入职一家券商。", "用户还在读大四。", True),
])
def test_a_score_needs_something_besides_itself(new: str, old: str, may: bool) -> None:
    """「我们租了一辆普拉多」 replaced 「国庆打算去新疆自驾」 in a later session on the head's score alone."""
    assert head_may_replace(new, old, adds=False, same_turn=False) is may


def test_a_plan_ends_nothing_by_its_moving_words() -> None:
    assert not head_may_replace("用户打算下个月搬进去。", "用户在郊区买了套房。", adds=False, same_turn=False)
    assert head_may_replace("用户把工作辞了，准备在家带娃。", "用户在银行上班。", adds=False, same_turn=False)


def test_idioms_of_not_bearing_end_nothing() -> None:
    assert not ended("用户受不了榴莲的味道。")
    assert ended("用户不吃辣了。")
    assert stated_change("they moved it to Friday") and not stated_change("User lives in Oslo now.")


def test_a_place_named_new_is_no_change() -> None:
    assert not head_may_replace('User said: "we opened a stall on Canal Street in New Orleans".',
                                "User's co-founder is their friend Dale.", adds=False, same_turn=False)


@pytest.mark.parametrize(("new", "old", "may"), [
    # a quantity moved, both hold a number
    ("User had to trim it down to 60, the boat only seats 60.", "User said: \"about 45 people signed up for the trip\".", True),
    ("用户说：“报名的人砍到30个了”", "用户说：“团建大概有50个人参加”", True),
    # a quantity word with no number in the old note ties nothing
    ("User had to cut it down to 60, the boat only seats 60.", "User said: \"we rented a van for the holiday\".", False),
    # a decision settles what was weighed
    ("User said: \"final answer: the dog's name is Biscuit\".", "User is leaning towards Maple for the puppy.", True),
    # a decision does not end what was no leaning or plan
    ("User said: \"final answer: the dog's name is Biscuit\".", "User said: \"the kitchen tiles arrive on Monday\".", False),
])
def test_a_moved_quantity_or_a_decision_ties_a_later_step_of_a_chain(new: str, old: str, may: bool) -> None:
    """Three-step chains ("80 people" → "120 now" → "had to cut it down to 100"; "thinking of Hazel" → "leaning
    towards Iris" → "final answer: Juniper"): the third step shares no topic word with the second."""
    assert head_may_replace(new, old, adds=False, same_turn=False) is may
