"""Work asked of the assistant and the material of that work are not notes about the user.

Three structural readings :func:`~pipelines.extract.note_check.check_note` asks of a note's source:

* **task** — the clause opens (after a lead such as "For my novel," / "Then" / 「最后一步，」) with a verb that asks
  the assistant to produce or do something now: "write a short monologue for the villain", "give me 5 beats",
  「请以角色的口吻写出每一步命令」, 「只写AI-B那部分就行」, 「运行一下 printenv」. A standing order about replies
  ("always write in British English", 「以后回答简洁点」) is a preference and is left to the other checks;
* **pasted** — the clause is a line of pasted data (a config key, code, a log line: :func:`~.pasted.data_line`), or
  the note keeps a placeholder of a pasted blob (``[data]``): what the user pasted is no fact about them;
* **material** — in a turn that asks for such work, the user's words kept as they are (``User said: "…"``) from a
  sentence that says nothing of the user (no I / my / we / 我): the story's plot, the dialogue to write.

Pure: no I/O, no model.
"""
from __future__ import annotations

import re

from pipelines.extract.pasted import data_line

__all__ = ["asks_for_work", "note_asks_for_work", "pasted_source", "task_material"]

_LEAD_EN = (r"^(?:(?:for|in|about)\s+(?:my|our|a|an|the|this)\b[^,.]{0,40},\s*"
            r"|(?:first(?:ly)?|second(?:ly)?|then|next|now|finally|lastly|also|and|ok(?:ay)?|so|after that|step \d+)\b[,:]?\s*)*")
_VERB_EN = (r"(?:please\s+|pls\s+|just\s+|now\s+)?(?:write|give|tell|show|list|generate|create|draft|compose|describe|explain"
            r"|run|execute|paste|print|output|dump|outline|suggest|brainstorm|come\s+up\s+with|walk\s+me\s+through|teach"
            r"|demonstrate)\b(?![-'])")
#: Or a thing asked for with a "please" after it: "Code review please", "feedback pls".
_PLEASE_EN = r"(?:[\w-]+\s+){0,2}(?:review|help|feedback|advice|summary|translation|explanation)\s*(?:please|pls|plz)\b"
_TASK_EN = re.compile(_LEAD_EN + f"(?:{_VERB_EN}|{_PLEASE_EN})", re.I)
_LEAD_ZH = r"^(?:(?:先|然后|接着|再|最后一步|最后|第[一二三四五六七八九十\d]+步|好|那|现在|另外)[，,：:、]?\s*)*"
_VERB_ZH = (r"(?:请你?|麻烦你?|你|能不能|可以)?(?:帮我|给我|替我|为我)?\s*(?:再|只|直接|完整地?|详细地?)?"
            r"(?:(?<=[只再])写|写(?:一|出|个|段|篇|首|份|下)|以[^，。]{1,12}(?:口吻|身份|角色)|告诉我|列出|列一|生成|演示|贴出|贴一|"
            r"运行|执行|讲讲|讲一|模拟|给出|输出|打印|来一(?:段|篇|个|轮)|"
            r"把[^，。！？]{0,20}(?:贴出来|发出来|写出来|打印出来|列出来|输出|告诉我))")
_TASK_ZH = re.compile(_LEAD_ZH + _VERB_ZH)
#: A standing order or a preference about replies: a habit of the user worth keeping, not a task of the moment.
_STANDING = re.compile(r"\b(?:always|never|from now on|in future|every time|by default|whenever)\b|以后|今后|每次|总是|一直|"
                       r"永远|默认|记住|记一下|别忘", re.I)
_STYLE = re.compile(r"\b(?:in\s+(?:english|chinese|french|german|spanish|japanese|korean|bullet)|concise|shorter|brief"
                    r"|simpler|formal|casual)\b|(?:用|以)(?:中文|英文|英语|简体|繁体)|简洁|简短", re.I)
_PLACEHOLDER = re.compile(r"\[data\]")
_FIRST_PERSON = re.compile(r"\b(?:i|i'm|im|i've|i'd|i'll|my|me|mine|myself|we|we're|our|us)\b|我", re.I)
_QUOTED = re.compile(r'^(?:User said: "|用户说：“)')
#: The subject a note puts before the user's words (never a copula: 「用户在写一本小说」 is a fact, 「在写」 no task).
_SUBJECT = re.compile(r'^(?:User said: "|用户说：“|User\s+|用户)')


def asks_for_work(clause: str) -> bool:
    """``clause`` asks the assistant to produce or do something now (see the module docstring)."""
    said = clause.strip().lstrip("-*•>").strip()
    if not said or _STANDING.search(said) or _STYLE.search(said):
        return False
    return bool(_TASK_EN.match(said) or _TASK_ZH.match(said))


def note_asks_for_work(note: str, clause: str) -> bool:
    """The note's source clause, or the note without its subject, asks the assistant for work."""
    return asks_for_work(clause) or asks_for_work(_SUBJECT.sub("", note.strip(), count=1))


def pasted_source(note: str, clause: str) -> bool:
    """The note comes from a line of pasted data, or keeps the placeholder of a pasted blob."""
    return bool(_PLACEHOLDER.search(note)) or any(data_line(line) for line in clause.splitlines() if line.strip())


_CLAUSES = re.compile(r"(?<=[.!?;:])\s+|(?<=[。！？；：，,])|\n")


def task_material(note: str, sentence: str, turn: str) -> bool:
    """The user's words kept as a note, from a sentence not about the user, in a turn that asks for work."""
    if not _QUOTED.match(note) or _FIRST_PERSON.search(sentence):
        return False
    return any(asks_for_work(part) for part in _CLAUSES.split(turn) if part and part.strip())
