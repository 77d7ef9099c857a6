"""A negation is a correction only when it dismisses a value, through the chat turn on real stores (offline,
consent on): an emphasis ("it was NOT fun") or a negated opinion (「不是很好玩」) leaves the earlier note as it was,
while "not X, he's Y" still supersedes X."""
from __future__ import annotations

import uuid
from typing import Any

import pytest

from app.composition import Runtime
from app.session import ChatSession


async def _notes(rt: Runtime, turns: list[str]) -> list[str]:
    """The active notes after ``turns`` in one session of a new user."""
    user = f"e{uuid.uuid4().hex[:8]}"
    chat = ChatSession.open(rt, user)
    for t in turns:
        await chat.send(t)
    doc: dict[str, Any] = await rt.longterm.export_user(user)
    return [m["content"] for m in doc["memories"] if m["status"] == "active"]


NOT_CORRECTIONS = [
    (["We took the kids to the aquarium on Sunday, it was fun.", "the drive back was NOT fun though, traffic for hours"],
     "aquarium", "drive"),
    (["我喜欢喝咖啡", "我不是不喜欢茶，只是咖啡更好"], "咖啡", "茶咖啡"),
    (["我周末去了苏州", "苏州不是很好玩，人太多了"], "苏州", "苏州不"),
]


@pytest.mark.parametrize(("turns", "kept", "spliced"), NOT_CORRECTIONS, ids=[t[0][1] for t in NOT_CORRECTIONS])
async def test_an_emphasis_or_a_negated_opinion_rewrites_no_earlier_note(consented_runtime: Runtime, turns: list[str],
                                                                         kept: str, spliced: str) -> None:
    notes = await _notes(consented_runtime, turns)
    first = [n for n in notes if kept in n]
    assert first, notes
    assert not [n for n in first if spliced in n], notes


async def test_a_negation_naming_the_value_meant_still_supersedes(consented_runtime: Runtime) -> None:
    notes = await _notes(consented_runtime, ["My nephew Theo is 7.", "not 7, he's 9"])
    assert [n for n in notes if "9" in n and "Theo" in n], notes
    assert not [n for n in notes if "7" in n], notes
