"""A device, a ride, a meal or a body part right now, or an activity of this minute, is not a memory."""
from __future__ import annotations

import pytest

from pipelines.extract.transient import is_passing, moment_state

MOMENT = ["My phone died", "My internet is slow today", "my wifi keeps dropping", "My battery's at 5%",
          "My car won't start", "My package still hasn't arrived", "My head hurts", "My hands are cold",
          "I'm waiting for the bus", "My dog is barking at the mailman", "my kids are screaming in the next room",
          "watching the game with a beer", "手机没电了", "我网好卡", "我电脑又蓝屏了", "我嗓子有点哑", "眼睛好干",
          "我在排队买奶茶", "我家猫在我键盘上睡觉", "外卖还没到，饿"]
LASTING = ["我住在杭州，我喜欢喝龙井茶。", "我在北京，我喜欢吃火锅", "My flight is at 6pm.", "the train is on Friday", "My phone is an iPhone 12", "My car is a 2015 Prius", "My internet provider is Comcast",
           "My back has been bad since the accident", "My knee hurts when I run", "My stomach can't handle dairy",
           "My eyes are bad, I wear contacts", "My eyes are blue", "My car has 200k miles on it",
           "I'm training for a marathon", "I'm renovating the kitchen", "I'm moving to Denver next month",
           "rain again?? my knees hate it, arthritis runs in the family and I got it",
           "我手机是华为的", "我腰不好，不能久坐", "我胃一吃冰的就疼", "腰椎间盘突出，久坐就疼", "我网球打得不错",
           "我在学日语", "我在备孕", "我正在考驾照", "我眼睛近视八百度"]


@pytest.mark.parametrize("text", MOMENT)
def test_a_state_of_the_moment_is_passing(text: str) -> None:
    assert moment_state(text)
    assert is_passing(text)


@pytest.mark.parametrize("text", LASTING)
def test_what_a_thing_is_a_condition_or_a_phase_is_kept(text: str) -> None:
    assert not moment_state(text)
    assert not is_passing(text)


def test_a_fact_said_beside_a_moment_keeps_the_fact() -> None:
    assert not is_passing("My phone died lol. Anyway I'm a nurse at St. Mary's.")


@pytest.mark.parametrize("text", ["don't forget my meeting at 3", "千万别让我忘了带身份证", "I forgot my umbrella lol, absolutely soaked",
                                  "I keep forgetting to ask my daughter for her new address, can you remind me Sunday?",
                                  "thx, my wife will love it", "谢谢你，我儿子很喜欢这个故事"])
def test_reminders_one_off_forgetting_and_thanks_for_the_reply_are_passing(text: str) -> None:
    assert is_passing(text)


@pytest.mark.parametrize("text", ["don't forget I'm allergic to peanuts", "别忘了我对花生过敏", "I forgot to mention, I'm vegan",
                                  "Remind me that my wife's birthday is June 3", "Thanks! I'm a teacher so this helps"])
def test_a_fact_inside_a_reminder_or_a_thanks_is_kept(text: str) -> None:
    assert not is_passing(text)


@pytest.mark.parametrize("text", ["手机换了，现在是华为Mate60", "车换了，现在开的是比亚迪", "电脑升级了，现在用M3",
                                  "Phone got replaced, now it's a Pixel 8"])
def test_a_thing_replaced_is_a_stated_change_not_a_moment(text: str) -> None:
    assert not is_passing(text)


@pytest.mark.parametrize("text", ["My phone died", "手机又没电了", "my laptop froze again", "电脑又蓝屏了"])
def test_a_state_of_a_thing_beside_no_change_stays_passing(text: str) -> None:
    assert is_passing(text)
