"""When a same-slot score may replace a note (pipelines/extract/supersede_gate.py), as a table: a unit test of
the pure gate, with hand-written notes (no blind set)."""
from __future__ import annotations

import pytest

from pipelines.extract.supersede_gate import head_may_replace, unrelated_kinds


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
