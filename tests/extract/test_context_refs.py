"""A follow-up's he / she / they / there / 那 is read against the session's previous user turns."""
from __future__ import annotations

from pipelines.extract.statements import extract_statements


def _notes(text: str, recent: list[str]) -> list[str]:
    return [c.content for c in extract_statements(text, recent)]


def test_he_and_there_name_the_brother_and_the_city() -> None:
    notes = _notes("he's opening a pierogi place there in April", ["my brother Tomasz lives in Kraków"])
    assert notes == ["User's brother Tomasz is opening a pierogi place in Kraków in April."]


def test_they_takes_the_people_the_user_named() -> None:
    assert _notes("they're in Vermont, 6 hour drive", ["Just got back from my in-laws'"]) == [
        "User's in-laws are in Vermont, 6 hour drive."]


def test_he_skips_the_user_in_a_pair() -> None:
    notes = _notes("He's allergic too", ["my husband and I both love cats but they make me sneeze"])
    assert notes[0].startswith("User's husband is allergic too")


def test_there_after_a_verb_of_motion_is_to_the_place() -> None:
    assert _notes("I might move there too", ["my sister moved to Lisbon"]) == ["User might move to Lisbon too."]


def test_existential_there_is_left_alone() -> None:
    assert "Paris" not in " ".join(_notes("there's a cafe I like", ["I love Paris"]))


def test_chinese_place_word_names_the_place() -> None:
    assert _notes("五一就去那，订了洱海边的民宿", ["你觉得大理怎么样"]) == ["用户五一就去大理，订了洱海边的民宿。"]


def test_without_a_referent_the_words_stay() -> None:
    assert _notes("he's opening a pierogi place there in April", []) == _notes(
        "he's opening a pierogi place there in April", ["what a day"])


def test_bare_ye_shi_copies_the_previous_predicate() -> None:
    notes = _notes("她老公也是，俩人一个律所的", ["我姐在上海做律师，专门打离婚官司的"])
    assert notes[0].startswith("用户的姐的老公也在上海做律师")


def test_bare_ye_shi_names_the_same_allergy() -> None:
    assert _notes("我老公也是", ["我对花生过敏"]) == ["用户老公也对花生过敏。"]


def test_ye_shi_with_its_own_predicate_is_left_alone() -> None:
    assert "广东" not in " ".join(_notes("我也是干这行的", ["我是广东人"]))


def test_bare_answer_fills_the_value_the_previous_turn_left_open() -> None:
    assert _notes("苏州的，不过现在定居在上海了", ["我老家不是本地的"]) == ["用户老家是苏州的，不过现在定居在上海了。"]
    assert _notes("苏州，工业园区那边", ["我上周刚换了工作", "新公司在别的城市，得搬家"]) == ["用户新公司在苏州，工业园区那边。"]


def test_bare_answer_names_what_the_user_has() -> None:
    assert _notes("对，花生", ["我有食物过敏，所以点外卖很麻烦", "你是不是想问啥过敏"]) == ["用户的食物过敏是花生。"]


def test_bare_noun_after_a_closed_statement_is_not_given_a_subject() -> None:
    assert "今天" not in " ".join(_notes("上海", ["今天好累"]))
    assert "是钢琴八级" not in " ".join(_notes("钢琴八级", ["我女儿在学钢琴"]))


def test_a_person_and_too_takes_the_previous_predicate() -> None:
    assert _notes("and his twin sister too, same class hopefully", ["my son's starting kindergarten in the fall"]) == [
        "User's son's twin sister is starting kindergarten in the fall too, same class hopefully."]
    assert _notes("my sister too", ["my wife is a nurse"]) == ["User's sister is a nurse too."]


def test_a_pronoun_of_the_other_gender_names_nobody() -> None:
    assert "diabetes" not in " ".join(_notes("her mom too", ["my dad has diabetes"]))
    assert "husband" not in " ".join(_notes("she's a teacher", ["my husband is an engineer"]))


def test_a_second_thing_with_ye_takes_the_previous_object_place() -> None:
    assert _notes("猕猴桃也过敏", ["我对花生过敏"]) == ["用户对猕猴桃也过敏。"]


def test_a_person_with_ye_stays_the_subject() -> None:
    assert _notes("老公也过敏", ["我对花生过敏"]) == ["用户的老公也过敏。"]


def test_there_takes_the_place_its_own_statement_names_first() -> None:
    notes = _notes("I'm originally from Kraków though, my whole family's still there",
                   ["hiii so I'm a flight attendant for Emirates, based in Dubai"])
    assert "Dubai" not in " ".join(notes) and "Kraków" in " ".join(notes)
