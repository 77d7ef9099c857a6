"""Same-session follow-ups that move a value without repeating its subject (brief ``upd``, issue 18 item 3).

"actually make it thursday, they just called to reschedule", "no wait, 7:30", 「刚打电话说提前了，这周六就到」:
each gives a new time, day or code and leaves the subject to the note just written. Sentences written for
this test; each has a look-alike that must leave the note alone.
"""
from __future__ import annotations

import asyncio

import pytest

from pipelines.extract.amend import amend
from pipelines.extract.memorize import prepare
from pipelines.extract.trigger import is_question


@pytest.mark.parametrize(("text", "note", "fixed"), [
    # a longer message that says the value moved, with talk around it
    ("actually make it friday, the office called to move it", "User's haircut is Wednesday at 4.",
     "User's haircut is friday at 4."),
    ("ugh traffic is terrible today, let's say 9", "Dinner with Priya at 8.", "Dinner with Priya at 9."),
    # a bare hour after "at" in the note is a time
    ("no wait, 6:30", "Put drinks with Sam at 6 in the user's calendar.", "Put drinks with Sam at 6:30 in the user's calendar."),
    # the old time said, then the new one; 到4:30 is a time though 到 is a letter to \b
    ("2点太早了，push 到3:30", "用户每周四下午2点开组会。", "用户每周四下午3:30开组会。"),
    # a flight number with a space is one code
    ("the airline emailed, they rebooked me on LH 455, same day", "User's flight is LH 431 on the 3rd.",
     "User's flight is LH 455 on the 3rd."),
    # a date moved to a weekday, and a weekday to a date
    ("刚收到通知说提前了，这周五就考", "用户的驾照科目二下个月8号考。", "用户的驾照科目二这周五考。"),
    ("they moved it to the 14th", "User has a vet appointment for the cat on Monday.",
     "User has a vet appointment for the cat on the 14th."),
])
def test_a_follow_up_moves_the_value_of_the_note_just_written(text: str, note: str, fixed: str) -> None:
    found = amend(text, [(1, note)])
    assert found is not None and found.content == fixed, found


@pytest.mark.parametrize(("text", "note"), [
    # a longer message with a number but no moved value: no new hour
    ("finished #15 tonight, only 5 to go, switched to audiobooks for the commute", "Dinner with Priya at 8."),
    # a change cue, but a count, not a time ("5 km" is no hour of the note)
    ("I now run 5 km every morning before work, feels great", "User has yoga at 7pm on Tuesdays."),
    # 周二's 二 is no number that 3 replaces
    ("3点太赶了", "用户每周二下午开会。"),
])
def test_a_look_alike_moves_nothing(text: str, note: str) -> None:
    found = amend(text, [(1, note)])
    assert found is None, found


@pytest.mark.parametrize(("text", "asks"), [
    ("can you remember that my dentist appointment is tuesday at 3", False),
    ("could you please note that my son is allergic to eggs", False),
    ("can you remember what my dentist said?", True),
    ("can you remember that?", True),
])
def test_a_request_to_keep_a_fact_is_no_question(text: str, asks: bool) -> None:
    assert is_question(text) is asks


def test_a_request_to_keep_a_fact_stores_the_fact_without_the_request() -> None:
    prepared = asyncio.run(prepare("can you remember that my dentist appointment is tuesday at 3", 0))
    assert [v.candidate.content for v in prepared.valid] == ["User's dentist appointment is tuesday at 3."]


def test_a_passing_state_that_moves_the_hour_of_a_note_rewrites_it() -> None:
    from pipelines.extract.memorize import Conversation

    conv = Conversation(recent=("dinner with Priya at 8",), notes=((3, "User has dinner with Priya at 8."),))
    moved = asyncio.run(prepare("ugh she's stuck in traffic right now, let's say 9", 2, conv=conv))
    assert [(v.candidate.content, v.candidate.replaces_id) for v in moved.valid] == [
        ("User has dinner with Priya at 9.", 3)]
    stays = asyncio.run(prepare("ugh she's stuck in traffic right now", 2, conv=conv))
    assert stays.valid == []


def test_a_swap_that_names_the_old_day_first_moves_to_the_new_one_in_the_same_week() -> None:
    """「说反了，是周四回来，周二去」 of 「下周四飞…」: the old day said, then the new one, which keeps 下."""
    found = amend("哦说反了，是周四回来，周二去", [(1, "用户下周四飞西安，下午两点的航班。")])
    assert found is not None and found.content == "用户下周二飞西安，下午两点的航班。", found


@pytest.mark.parametrize(("text", "note", "fixed"), [
    # a number after a repair word opens a longer message: it repairs the value just said
    ("wait 41. I just had a birthday last week, brain is fried", "User is 40 and just took up climbing.",
     "User is 41 and just took up climbing."),
    ("ok realistically 6'1. my profile says 6'2 lol", "User is 6'2.", "User is 6'1."),
    # "actually" of a measure in the note's own unit (no cue word of a correction)
    ("查了下记录，其实平均也就八千步，之前说多了", "用户每天走两万步。", "用户每天走八千步。"),
    # "I always mix up …": a correction said by meaning
    ("did I say Oracle last time? it's actually SAP, I always mix those up", "User's wife works at Oracle in sales.",
     "User's wife works at SAP in sales."),
])
def test_a_correction_said_by_meaning_rewrites_the_note(text: str, note: str, fixed: str) -> None:
    found = amend(text, [(1, note)])
    assert found is not None and found.content == fixed, found


@pytest.mark.parametrize(("text", "note"), [
    ("No. 5 is my favourite number", "User is 34."),
    # "actually" of a count with a counter every count shares (次) is no repair of another activity
    ("其实我一周跑三次步", "用户一周游两次泳。"),
    ("其实我最近每天都坐地铁上班，单程要40分钟", "用户每天走一万步。"),
])
def test_a_look_alike_of_a_correction_by_meaning_rewrites_nothing(text: str, note: str) -> None:
    assert amend(text, [(1, note)]) is None
