"""Forget by saying so, through the chat turn on real stores (offline, consent on): what a retraction archives
when it names the first of two things said before, keeps one part, or names a person the user spoke of."""
from __future__ import annotations

import uuid
from typing import Any

import pytest

from app.composition import Runtime
from app.session import ChatSession


@pytest.fixture
def rt(consented_runtime: Runtime) -> Runtime:
    return consented_runtime


async def _run(rt: Runtime, sessions: list[list[str]]) -> tuple[list[str], list[str]]:
    """Each list in a new session; the active and the archived notes."""
    user = f"r{uuid.uuid4().hex[:8]}"
    chat = ChatSession.open(rt, user)
    for i, msgs in enumerate(sessions):
        if i:
            chat.new()
        for m in msgs:
            await chat.send(m)
    doc: dict[str, Any] = await rt.longterm.export_user(user)
    return [m["content"] for m in doc["memories"] if m["status"] == "active"], [a["content"] for a in doc["archive"]]


async def test_the_first_thing_at_the_start_of_a_new_session_is_the_first_of_the_last_two(rt: Runtime) -> None:
    active, archived = await _run(rt, [["I've been sleeping in my car for the past two weeks", "also my phone is a Pixel 7"],
                                       ["actually scratch that first thing, I don't want it on record"]])
    assert [n for n in archived if "car" in n] and [n for n in active if "Pixel" in n], (active, archived)


async def test_what_the_user_keeps_in_another_note_stays(rt: Runtime) -> None:
    active, archived = await _run(rt, [["my wife Dana and I are doing IVF, third round, at a clinic in San Diego"],
                                       ["you can keep that I'm married to Dana, but forget the IVF stuff"]])
    assert [n for n in active if "Dana" in n] and not [n for n in active if "IVF" in n], (active, archived)


async def test_a_note_holding_the_part_kept_is_rewritten_without_the_part_forgotten(rt: Runtime) -> None:
    active, archived = await _run(rt, [["I'm moving to Rotterdam in March, my rent there will be 1400 euros"],
                                       ['you can forget "my rent there will be 1400 euros" but keep the Rotterdam part']])
    assert [n for n in active if "Rotterdam" in n] and not [n for n in active if "1400" in n], (active, archived)
    assert [n for n in archived if "1400" in n], archived  # the whole note is kept for audit


async def test_a_chinese_note_loses_only_the_part_its_topic_names(rt: Runtime) -> None:
    active, archived = await _run(rt, [["我月薪一万二，住在厦门思明区"], ["工资那个别记了"]])
    assert [n for n in active if "厦门" in n] and not [n for n in active if "一万二" in n or "薪" in n], (active, archived)


async def test_forget_it_about_a_question_archives_nothing(rt: Runtime) -> None:
    active, archived = await _run(rt, [["I live in Tallinn", "is it cold there in May? ah forget it, never mind the question"]])
    assert not archived and [n for n in active if "Tallinn" in n], (active, archived)


async def test_the_thing_about_someone_the_user_spoke_of_is_forgotten(rt: Runtime) -> None:
    active, archived = await _run(rt, [["I'm pretty sure my neighbor is stealing my packages",
                                        "my favorite band is Khruangbin"],
                                       ["eh, forget the neighbor thing, I might be wrong about it"]])
    assert [n for n in archived if "neighbor" in n] and [n for n in active if "Khruangbin" in n], (active, archived)


async def test_a_topic_naming_an_older_statement_forgets_it_alone_not_the_one_that_replaced_it(rt: Runtime) -> None:
    active, archived = await _run(rt, [["车是贷款买的，还有三年才还完", "开的是途观"], ["周末愉快", "之前说车贷的事，别记了"]])
    assert [n for n in active if "途观" in n] and not [n for n in active if "贷" in n], (active, archived)
    assert [n for n in archived if "贷" in n] and not [n for n in archived if "途观" in n], archived


async def test_a_topic_an_active_note_shares_never_reaches_into_the_history(rt: Runtime) -> None:
    active, archived = await _run(rt, [["I live in Lisbon", "actually I moved to Porto last month"],
                                       ["please forget the Porto thing"]])
    assert not [n for n in active if "Porto" in n] and [n for n in archived if "Porto" in n], (active, archived)
