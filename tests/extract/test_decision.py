"""The writer's decision as a table: candidate + the user's nearby memories → Create | Merge | Supersede | Skip.

No store, no embedder: each row builds the pool the writer would measure and checks what
``decide`` does with the candidate.
"""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from memory.types import MemoryType, content_hash
from pipelines.extract.decision import Create, Merge, PoolEntry, Proposal, Skip, Supersede, decide
from pipelines.extract.subject import Subject

T0 = datetime(2026, 1, 1, tzinfo=timezone.utc)
F, P = MemoryType.FACT, MemoryType.PROFILE


def entry(i: int, content: str, subject: Subject = Subject(None), sim: float = 0.5, mtype: MemoryType = F,
          qualifier_similar: bool | None = None, age_days: int = 0, head: float | None = None,
          same_turn: bool = False, same_session: bool = False) -> PoolEntry:
    return PoolEntry(i, content, mtype, subject, content_hash("u", content), T0 - timedelta(days=age_days), sim,
                     qualifier_similar, head, same_turn, same_session)


def proposal(content: str, subject: Subject = Subject(None), mtype: MemoryType = F, replaces: int | None = None,
             changes: bool = False, adds: bool = False, repairs: bool = False) -> Proposal:
    return Proposal(content, mtype, subject, content_hash("u", content), replaces, changes, adds, repairs)


CITY = lambda v: Subject("residence", None, v)  # noqa: E731
ALLERGY = lambda q: Subject("allergy", q, "+")  # noqa: E731
DEADLINE = lambda q, v: Subject("deadline", q, v)  # noqa: E731

CASES = [
    ("nothing near: create",
     proposal("User lives in Berlin.", CITY("berlin"), P), [], Create()),
    ("the same text again: merge",
     proposal("User lives in Berlin.", CITY("berlin"), P), [entry(1, "User lives in Berlin.", CITY("berlin"), 1.0, P)],
     Merge(1, "same as #1")),
    ("same slot, same value, other words: merge",
     proposal("User's home is in Berlin.", CITY("berlin"), P), [entry(3, "User lives in Berlin.", CITY("berlin"), 0.9, P)],
     Merge(3, "same residence as #3")),
    ("same slot, other value: supersede",
     proposal("User moved to Shanghai.", CITY("shanghai"), P), [entry(2, "User lives in Hangzhou.", CITY("hangzhou"), 0.8, P)],
     Supersede((2,), "replaces #2")),
    ("a second allergy is a distinct fact, whatever the cosine: create",
     proposal("User is allergic to kiwi.", ALLERGY("kiwi")), [entry(4, "User is allergic to peanuts.", ALLERGY("peanut"), 0.97)],
     Create()),
    ("qualifiers in two languages the embedder finds equal: merge",
     proposal("用户对花生过敏。", ALLERGY("花生米")), [entry(5, "User is allergic to peanuts.", ALLERGY("peanut"), 0.9,
                                                      qualifier_similar=True)],
     Merge(5, "same allergy as #5")),
    ("an unqualified deadline updates the user's latest one",
     proposal("User's deadline is 12-20.", DEADLINE(None, "12-20")),
     [entry(6, "User's report deadline is 12-01.", DEADLINE("report", "12-01"), age_days=9),
      entry(7, "User's project deadline is 12-15.", DEADLINE("project", "12-15"), age_days=1)],
     Supersede((7,), "replaces #7")),
    ("the extractor named the memory it rewrites (a correction): supersede it",
     proposal("User takes 100mg of sertraline.", replaces=8), [entry(8, "User takes 50mg of sertraline.", sim=0.97)],
     Supersede((8,), "replaces #8")),
    ("a named memory about another subject is not replaced",
     proposal("User lives in Paris.", CITY("paris"), P, replaces=9), [entry(9, "User is allergic to cats.", ALLERGY("cat"))],
     Create()),
    ("a near duplicate that adds nothing: merge",
     proposal("User plays the guitar."), [entry(10, "User plays the guitar on weekends.", sim=0.96)],
     Merge(10, "similar to #10 (0.960), adds nothing")),
    ("a near duplicate that says more: supersede",
     proposal("User plays the guitar on weekends."), [entry(11, "User plays the guitar.", sim=0.96)],
     Supersede((11,), "says more than #11")),
    ("a statement of change replaces the closest state on its topic",
     proposal("用户换了夜班，现在每天下午才起床。", changes=True), [entry(12, "用户每天早上六点起床。", sim=0.86)],
     Supersede((12,), "replaces #12")),
    ("a statement of change close to a note on another topic: both kept",
     proposal("用户现在开始学冲浪。", changes=True), [entry(15, "用户每天早上跑步。", sim=0.86)], Create()),
    ("a statement of change far from everything: create",
     proposal("User now drives to work.", changes=True), [entry(13, "User has a cat named Luna.", sim=0.6)],
     Create()),
    ("a similar statement without a change: both kept",
     proposal("用户猕猴桃也过敏。"), [entry(14, "用户对花生过敏。", sim=0.92)], Create()),
    # the same-slot head scored the near entries (PoolEntry.replaces): it decides instead of the word classes
    ("the head says the new note replaces the old one: supersede",
     proposal('User said: "they moved it, it\'s due Thursday now".'),
     [entry(20, "User needs to get the grant proposal in by Monday the 12th.", sim=0.8, head=0.91)],
     Supersede((20,), "replaces #20")),
    ("the head says both hold (an add-on): create, even with a word class that would have replaced",
     proposal("User is a vegetarian."), [entry(21, "User's partner is vegetarian.", sim=0.93, head=0.08)], Create()),
    ("every near entry the head scores above the threshold is replaced, the others stay",
     proposal("用户现在家里三只猫了。"),
     [entry(22, "用户家养了两只猫。", sim=0.9, head=0.8), entry(23, "用户的猫叫咪咪。", sim=0.85, head=0.2)],
     Supersede((22,), "replaces #22")),
    ("a note states one value: of several entries above the threshold only the best-scored is replaced",
     proposal("User's gamer tag is SaltyFish now."),
     [entry(38, "User's favourite character is Zhongli.", sim=0.9, head=0.6), entry(39, "User's gamer tag is Bob.", sim=0.9, head=0.9),
      entry(40, "User plays Genshin, adventure rank 60.", sim=0.88, head=0.55)],
     Supersede((39,), "replaces #39")),
    ("the head cannot join two qualifiers of one known slot (a second allergy)",
     proposal("User is allergic to kiwi.", ALLERGY("kiwi")),
     [entry(24, "User is allergic to peanuts.", ALLERGY("peanut"), 0.95, head=0.7)], Create()),
    ("two different people of the user are never one slot, whatever the head says",
     proposal("用户的外公前年走了。"), [entry(26, "用户的外婆九十了，住养老院。", sim=0.9, head=0.8)], Create()),
    ("two clauses of one message never replace each other through the head",
     proposal("用户下周就敢自己开车上路了。"), [entry(27, "用户终于拿到驾照了。", sim=0.94, head=0.97, same_turn=True)],
     Create()),
    ("the same note pair from two messages: the head's judgement holds",
     proposal("用户终于拿到驾照了。"), [entry(28, "用户在学车，科目二挂了两次了。", sim=0.91, head=0.94)],
     Supersede((28,), "replaces #28")),
    ("an add-on in the note (又…加) keeps the old value, whatever the head says",
     proposal("用户上个月医生又给加了阿托伐他汀。"), [entry(29, "用户一直在吃二甲双胍。", sim=0.93, head=0.93)], Create()),
    ("an add-on the note lost (\"周四也有\" → a plain note) keeps the old value",
     proposal("用户周四有瑜伽课。", adds=True), [entry(30, "用户周二晚上有瑜伽课。", sim=0.98, head=0.8)], Create()),
    ("an add-on that also says the old value ended replaces it",
     proposal("User gave up on Japanese too, Korean is the one now."),
     [entry(31, "User is learning Japanese.", sim=0.9, head=0.8)], Supersede((31,), "replaces #31")),
    ("a plan replaces no present value, whatever the head says",
     proposal("用户研究生准备考到北京去。"), [entry(33, "用户本科是在武汉读的。", sim=0.9, head=0.7)], Create()),
    ("a plan that says the old one ended replaces it",
     proposal("User is no longer going to Lisbon, planning to visit Rome instead."),
     [entry(34, "User is planning a trip to Lisbon.", sim=0.9, head=0.8)], Supersede((34,), "replaces #34")),
    ("a note of a time that is over stays true beside a note about another time",
     proposal("用户今年说好了回娘家过年。"), [entry(35, "用户去年春节在婆家过的。", sim=0.93, head=0.6)], Create()),
    ("a former state stays true, even beside a change",
     proposal("User is at Google now."), [entry(36, "User used to work at Microsoft.", sim=0.9, head=0.7)], Create()),
    ("a dated state is replaced when the new note says it ended",
     proposal("用户现在在京东上班了。"), [entry(37, "用户去年跳槽到阿里。", sim=0.9, head=0.8)], Supersede((37,), "replaces #37")),
    ("two kin of the user (表哥 / 表妹) are two people, whatever the head says",
     proposal("用户表妹在腾讯上班。"), [entry(32, "用户表哥在阿里上班。", sim=0.93, head=0.8)], Create()),
    ("a known subject with another value still supersedes before the head is asked",
     proposal("User moved to Shanghai.", CITY("shanghai"), P),
     [entry(25, "User lives in Hangzhou.", CITY("hangzhou"), 0.8, P, head=0.1)], Supersede((25,), "replaces #25")),
    ("no content words: skip",
     proposal("User is the."), [], Skip("no content words")),
    ("a middling head score replaces when the word classes read one single-valued attribute (a relationship status)",
     proposal("用户和用户女朋友下个月要去云南玩。"), [entry(40, "用户一直单身，家里天天催婚，烦死了。", sim=0.92, head=0.36)],
     Supersede((40,), "replaces #40")),
    ("a middling head score alone replaces nothing (no attribute the word classes read)",
     proposal("User said: \"First week done\"."), [entry(41, "User said: \"Big week ahead\".", sim=0.9, head=0.45)], Create()),
    ("a middling head score never replaces another person's note of the same attribute",
     proposal("User's sister is single again."), [entry(42, "User has a boyfriend named Tom.", sim=0.9, head=0.45)], Create()),
    ("a low head score replaces nothing, whatever the word classes",
     proposal("用户剪了短发。"), [entry(43, "用户留了五年长发。", sim=0.92, head=0.2)], Create()),
    ("of two notes the head finds replaced, the one on the candidate's topic goes (not the best-scored)",
     proposal("用户的读书会改时间了。"),
     [entry(44, "用户每周三晚上去读书会。", sim=0.93, head=0.7), entry(45, "用户负责做会议记录。", sim=0.92, head=0.8)],
     Supersede((44,), "replaces #44")),
    ("of two notes on the candidate's topic, the one of the attribute it names goes (not the best-scored)",
     proposal("User broke up with Sam. User is still going to the jazz festival in June."),
     [entry(55, "User's boyfriend is Sam.", sim=0.88, head=0.6),
      entry(56, "User is going to the jazz festival in June.", sim=0.9, head=0.85)],
     Supersede((55,), "replaces #55")),
    ("one more detail of the same conversation replaces nothing, whatever the head says",
     proposal("用户新家在江边。"), [entry(46, "用户上周刚搬家。", sim=0.93, head=0.85, same_session=True)], Create()),
    ("a revision in so many words replaces a note of the same conversation",
     proposal("用户还是改成了下午的航班。"), [entry(47, "用户订了上午的航班。", sim=0.93, head=0.8, same_session=True)],
     Supersede((47,), "replaces #47")),
    ("a message that corrects the user's own words ('Pratchet**') replaces the note just said, without a change word",
     proposal('User said: "pratchett** fat fingers".', repairs=True),
     [entry(52, "User is a big fan of Pratchet.", sim=0.86, head=0.62, same_session=True)], Supersede((52,), "replaces #52")),
    ("the note just said with one word changed ('ugh, right-handed') replaces it within the conversation",
     proposal("User is an evening person."), [entry(53, "User is a morning person.", sim=0.9, head=0.7, same_session=True)],
     Supersede((53,), "replaces #53")),
    ("another height of the note just said replaces it within the conversation",
     proposal('User said: "ok 5\'6 if I\'m honest".'), [entry(54, "User is 5'7.", sim=0.88, head=0.7, same_session=True)],
     Supersede((54,), "replaces #54")),
    ("a later session's statement tied to the note by nothing but the score replaces nothing",
     proposal('User said: "we rented a camper van".'), [entry(48, "User is planning a road trip along the coast.", sim=0.9,
                                                             head=0.7)], Create()),
    ("a middling head score replaces when the candidate revises what the note names ('scratch the zoo')",
     proposal('User said: "scratch the zoo, we\'re doing the aquarium".'),
     [entry(49, 'User said: "the class trip is to the zoo".', sim=0.9, head=0.4)], Supersede((49,), "replaces #49")),
    ("a first week at a new employer replaces the old one at a middling score (a stated start of a job)",
     proposal('User said: "first week at Shopify done".'),
     [entry(50, "User works at a bike shop in Cork.", sim=0.83, head=0.35)], Supersede((50,), "replaces #50")),
    ("reporting for a job replaces studying at a middling score (one occupation)",
     proposal("用户下周去华为报到。"), [entry(51, "用户还在读博，天天写论文。", sim=0.9, head=0.35)], Supersede((51,), "replaces #51")),
    ("an add-on of one slot's other value ('Thursday too') is a second value, never in place of the first",
     proposal("User's yoga class is on Thursday.", Subject("class", "yoga", "thu"), adds=True),
     [entry(38, "User's yoga class is on Tuesday.", Subject("class", "yoga", "tue"), 0.95)], Create()),
    ("an add-on that says the old value ended still supersedes",
     proposal("User's yoga class is on Thursday now.", Subject("class", "yoga", "thu"), changes=True, adds=True),
     [entry(39, "User's yoga class is on Tuesday.", Subject("class", "yoga", "tue"), 0.95)], Supersede((39,), "replaces #39")),
]


@pytest.mark.parametrize(("name", "prop", "pool", "expected"), CASES, ids=[c[0] for c in CASES])
def test_decide(name: str, prop: Proposal, pool: list[PoolEntry], expected: object) -> None:
    assert decide(prop, pool) == expected


@pytest.mark.parametrize(("new", "old", "repairs", "replaced"), [
    # two values swapped: the repair says again nearly every word of the note just written
    ("用户的女儿学画画，儿子学围棋。", "用户的大儿子学画画，小女儿学围棋。", True, True),
    ("User has pottery on Tuesday and yoga on Thursday.", "User has yoga on Tuesday and pottery on Thursday.", True, True),
    # a repair about something else keeps the note ("sorry, forgot: my sister lives in Porto too")
    ("User's sister lives in Porto too.", "User's brother lives in Porto.", True, False),
    # the same words again without a repair: no swap is said (head and rules decide, here nothing)
    ("User has pottery on Tuesday and yoga on Thursday.", "User has yoga on Tuesday and pottery on Thursday.", False, False),
])
def test_a_swap_repair_replaces_the_note_it_restates(new: str, old: str, repairs: bool, replaced: bool) -> None:
    """「说反了，是女儿学钢琴，儿子学游泳」 left 「大儿子学钢琴，小女儿学游泳」 active beside the fix (12f dev)."""
    got = decide(proposal(new, repairs=repairs), [entry(1, old, sim=0.9, same_session=True)])
    assert isinstance(got, Supersede) is replaced, got


def test_a_swap_whose_words_are_all_the_notes_own_is_no_duplicate() -> None:
    """「反了反了，周二开会，周四看牙」 → 「用户周二开会，周四看牙。」 holds only words of 「用户周二要去看牙，周四部门开会。」: it was
    merged into the note it sets right, which stayed wrong."""
    old = entry(1, "用户周二要去看牙，周四部门开会。", sim=0.97, same_session=True)
    assert decide(proposal("用户周二开会，周四看牙。", repairs=True), [old]) == Supersede((1,), "restates #1 set right")
    assert isinstance(decide(proposal("用户周二开会，周四看牙。"), [old]), Merge)


def test_a_repair_of_one_value_of_a_note_of_two_replaces_nothing_whole() -> None:
    """"sorry, yoga is on Thursday" sets one value of a note of two: it never replaces the whole note (pottery)."""
    old = entry(1, "User has yoga on Tuesday and pottery on Thursday.", sim=0.9, same_session=True)
    assert not isinstance(decide(proposal("User's yoga is on Thursday.", repairs=True), [old]), Supersede)
