"""The correction shapes that name both values ("X, not Y", 「不是Y是X」, "I said Y but X"), read against a note."""
from __future__ import annotations

import pytest

from pipelines.extract.amend import amend
from pipelines.extract.correction import is_correction
from pipelines.extract.amend_shapes import Shape, read_shapes, shape_change


@pytest.mark.parametrize(("text", "note", "content"), [
    ("Correction from last time: my son's school is Jefferson Elementary, not Lincoln",
     "User's son's school is Lincoln Elementary.", "User's son's school is Jefferson Elementary."),
    ("I told you Deloitte earlier but he actually works at KPMG", "User's husband works at Deloitte.",
     "User's husband works at KPMG."),
    ("not Planet Fitness but Equinox, my bad", "User's gym is Planet Fitness.", "User's gym is Equinox."),
    ("I said violin but it's cello, she switched ages ago", "User's daughter plays violin.",
     "User's daughter plays cello."),
    ("Civic? no, Accord", "User's car is a Honda Civic.", "User's car is a Honda Accord."),
    ("earlier I said Midway, it's actually O'Hare", "User is landing at Midway on Sunday.",
     "User is landing at O'Hare on Sunday."),
    ("I'm vegan, not vegetarian", "User is vegetarian.", "User is vegan."),
    ("不是工商银行是农业银行", "用户老婆在工商银行上班。", "用户老婆在农业银行上班。"),
    ("实验小学说错了，是育才小学", "用户儿子在实验小学读书。", "用户儿子在育才小学读书。"),
    ("是滨江区，不是西湖区", "用户住在杭州西湖区。", "用户住在杭州滨江区。"),
    ("等下，不是马，是属羊", "用户老公属马的。", "用户老公属羊的。"),
])
def test_a_shape_replaces_the_value_it_dismisses(text: str, note: str, content: str) -> None:
    found = amend(text, [(7, note)])
    assert found is not None and found.memory_id == 7 and found.content == content


def test_the_note_holding_the_dismissed_value_is_the_one_corrected() -> None:
    notes = [(2, "User's sister lives in Denver."), (1, "User's husband works at Deloitte.")]
    found = amend("I told you Deloitte earlier but he actually works at KPMG", notes)
    assert found is not None and found.memory_id == 1


@pytest.mark.parametrize("text", ["it's not fair, not really", "I'm not sure", "that is not what I do"])
def test_a_negation_is_no_shape(text: str) -> None:
    assert all(shape_change(s, "User's gym is Planet Fitness.") is None for s in read_shapes(text))


def test_no_note_holds_the_dismissed_value() -> None:
    assert shape_change(Shape("KPMG", "EY", last=False), "User's husband works at Deloitte.") is None


def test_a_number_never_replaces_a_word() -> None:
    assert shape_change(Shape("the 3rd", "Friday", last=False), "User's party is on Friday.") is None


def test_a_verb_of_the_message_is_no_value() -> None:
    assert shape_change(Shape("I really like tea", "coffee"), "User buys coffee beans monthly.") is None


@pytest.mark.parametrize("text", ["the ferry ride was NOT cheap", "I'm not a fan of jazz either", "I do not enjoy long flights",
                                  "那家店不是很便宜", "我不是不想去，只是太忙了", "这个是不是太贵了"])
def test_an_emphasis_or_a_negated_opinion_is_no_correction(text: str) -> None:
    assert not is_correction(text)


@pytest.mark.parametrize("text", ["Friday, not Monday", "not 4, she's 6", "不是南京，是合肥", "他三十五，哦不是，三十六"])
def test_a_negation_dismissing_a_value_is_a_correction(text: str) -> None:
    assert is_correction(text)
