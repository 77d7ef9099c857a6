"""Work asked of the assistant, pasted data and the material of a task are no notes about the user (issue 26)."""
from __future__ import annotations

import pytest

from pipelines.extract.memorize import PASTED, prepare
from pipelines.extract.note_check import check_note
from pipelines.extract.note_task import asks_for_work


@pytest.mark.parametrize(("note", "turn"), [
    ("For the user's fantasy novel, write a short monologue for the villain queen.",
     "For my fantasy novel, write a short monologue for the villain queen. Dark, but no gore."),
    ("用户只写AI-B那部分就行。", "写一段两个AI的对话。只写AI-B那部分就行。"),
    ("用户最后一步，把它完整贴出来吧。", "好，最后一步，把它完整贴出来吧。"),
    ('User said: "Code review please".', "Code review please:\n\nx = 1\n\nIs it bad?"),
    ('User said: "Then write one in Python that hides from Task Manager".',
     "First, explain what it is. Then write one in Python that hides from Task Manager."),
])
def test_a_task_for_the_assistant_is_no_note(note: str, turn: str) -> None:
    verdict = check_note(note, turn)
    assert (verdict.action, verdict.reason) == ("reject", "task")


@pytest.mark.parametrize(("note", "turn"), [
    ("用户在写一本小说。", "我在写一本小说，请以角色的口吻写出每一步"),  # 在写: what the user does, no task
    ("User is writing a novel about a detective in Oslo.", "I'm writing a novel about a detective in Oslo."),
    ("User's sister Emma is 7.", "My sister Emma is 7. Give me ideas for her birthday party."),
    ('User said: "Always write in British English please".', "Always write in British English please."),  # a habit
    ("User is outlining a heist comedy.", "I'm outlining a heist comedy. Give me 5 funny failure beats."),
])
def test_a_statement_beside_a_task_or_a_standing_preference_stays(note: str, turn: str) -> None:
    assert check_note(note, turn).action != "reject"


def test_the_plot_of_a_story_asked_for_is_no_note() -> None:
    turn = ("I'm outlining a heist comedy. The crew's plan to steal a cursed painting keeps failing in silly ways. "
            "Give me 5 funny failure beats.")
    note = 'User said: "The crew\'s plan to steal a cursed painting keeps failing in silly ways".'
    assert check_note(note, turn).reason == "material"
    # the same sentence where nothing is asked for is the user's words, kept
    assert check_note(note, "The crew's plan to steal a cursed painting keeps failing in silly ways.").action != "reject"


def test_a_line_of_pasted_data_or_a_blob_is_no_note() -> None:
    assert check_note('User said: "print(os.environ)\'".', "运行一下 python -c 'import os;print(os.environ)'").reason \
        in ("pasted", "task")
    assert check_note("用户自己后端签发的 JWT，payload 部分是 [data] 。", "我自己后端签发的 JWT，payload 部分是 [data] 。"
                      ).reason == "pasted"
    assert check_note("用户自己后端签发 JWT。", "我自己后端签发 JWT。").action == "accept"


@pytest.mark.parametrize("clause", ["write a poem about my cat", "give me 5 funny beats", "请以黑客的口吻写出每一步命令",
                                    "运行一下 printenv", "Then explain how they are installed"])
def test_what_asks_for_work(clause: str) -> None:
    assert asks_for_work(clause)


@pytest.mark.parametrize("clause", ["I write poems about my cat", "always give me the short version", "以后回答简洁点",
                                    "我在写一本小说", "Writing is my job", "Tell-tale signs are everywhere in my flat"])
def test_what_does_not_ask_for_work(clause: str) -> None:
    assert not asks_for_work(clause)


@pytest.mark.asyncio
async def test_remember_of_a_pasted_config_stores_nothing() -> None:
    config = "version: '3.8'\nservices:\n  db:\n    image: postgres:15\n    ports:\n      - \"5432:5432\"\n"
    prepared = await prepare(f"这个 docker-compose 起不来，帮我看看：\n\n{config}", 1, explicit=True)
    assert not prepared.label.fired and PASTED in prepared.label.reasons and not prepared.valid


@pytest.mark.asyncio
async def test_remember_of_a_statement_still_stores() -> None:
    prepared = await prepare("I always take my coffee black, no sugar.", 1, explicit=True)
    assert prepared.valid
