"""Is a note a true sentence about the user? One check of every note before it is written.

A note is made from the user's words (normalised, corrected, or by a model); before it is written,
:func:`check_note` compares it with the turn it came from and says one of three things:

* ``accept`` — the note stands;
* ``user_words`` — the note mangled the user's words, so the user's own words are kept instead
  (``User said: "…"`` / 「用户说：“…”」), which is always a true sentence about the user;
* ``reject`` — nothing true about the user is left to keep (a bare value with no subject, words
  addressed to the assistant, a correction that names a value of some other note, the user's words
  kept as they are when they hold no word at all).

The checks are structural, never one per phrase:

* **bare value**: the note's predicate is only a value (a day, a time, a number) and the user said no
  subject of their own (「不好意思，是周四」 → 「用户是周四」, "Thursday." → "User is Thursday.");
* **addressed**: the user's clause speaks to the assistant (opens with you / 你 / 您 and asks);
* **directive**: the user's clause is an imperative about the conversation that the note made a habit of
  the user ("Keep answers short pls" → "User keeps answers short.");
* **garbled**: the subject twice (「用户叫用户小雨」), or the note's language broken mid-clause (「用户doing my
  PhD at 浙大」, an English first-person word left in a Chinese note or 我 in an English one);
* **unreadable** (:mod:`pipelines.extract.readable`): a note keeping the user's words holds no word of a language
  ("zomf kwej 40 plix"): nothing was read from the text, so nothing of it is kept;
* **empty**: the user's words hold nothing but placeholders of masked or pasted material (``User said: "[data]".``);
* **request**: the clause asks the assistant to work on material of the conversation (「review 一下这个脚本」,
  "check this config for me") — what the user wants done now, not something about them to keep;
* **task**, **pasted**, **material** (:mod:`pipelines.extract.note_task`): the clause asks the assistant to produce
  something now ("write a monologue for the villain", 「只写AI-B那部分」), comes from a line of pasted data, or is the
  user's words kept from a sentence not about them in a turn that asks for such work (a story's plot);
* **numbers** (:mod:`pipelines.extract.note_numbers`): a number the user never said, or, in a correction, a new
  value put where the user did not put it (「上午十点」 → 「上午21」) or taken from a turn about something else.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from pipelines.extract.amend_cues import OWN_STATEMENT
from pipelines.extract.amend_values import bare_value
from pipelines.extract.generic_en import third_person
from pipelines.extract.normalize import is_cjk, quoted, tidy
from pipelines.extract.readable import readable
from pipelines.extract.note_numbers import invented_number, misplaced_value, not_this_note
from pipelines.extract.note_task import note_asks_for_work, pasted_source, task_material
from pipelines.extract.statement_note import content_words
from pipelines.extract.trigger import is_question, split_sentences

Action = Literal["accept", "user_words", "reject"]


@dataclass(frozen=True)
class Verdict:
    """What to do with a note.

    Attributes:
        action: ``"accept"``, ``"user_words"`` or ``"reject"``.
        note: The note to write (the user's words for ``user_words``; the note itself otherwise).
        reason: Why it is not accepted as it is (``""`` when accepted): ``"bare_value"``, ``"addressed"``,
            ``"directive"``, ``"empty"``, ``"request"``, ``"task"``, ``"pasted"``, ``"material"``, ``"garbled"``, ``"unreadable"``, ``"invented_number"``, ``"misplaced_value"`` or ``"not_this_note"``.
    """

    action: Action
    note: str
    reason: str = ""


_QUOTE = re.compile(r'^(?:User said: "(?P<en>.*)"\.?|用户说：“(?P<zh>.*)”。?)$', re.S)
_SUBJECT_COPULA = re.compile(r"^(?:User(?:'s)?|用户(?:的)?)\s*(?:is|was|are|'s|will be|是|为|在|就是)?\s*", re.I)
_VALUE_LEAD = re.compile(r"^(?:(?:it'?s|it is|is|was|on|at|就是|是|在)\s*)+", re.I)


def _said(note: str) -> str | None:
    """The user's words a quoted note holds; None when the note is no quote."""
    m = _QUOTE.match(note.strip())
    return None if m is None else (m["en"] if m["en"] is not None else m["zh"])


def _words(text: str) -> set[str]:
    """Content words of a text in either script: Chinese characters and English stems."""
    return content_words(re.sub(r"[^\u3400-\u9fff]", " ", text)) | content_words(re.sub(r"[\u3400-\u9fff]", " ", text))


def _best(parts: list[str], note: str) -> str:
    said = _words(note)
    return max(parts, key=lambda c: (len(_words(c) & said), -parts.index(c)))


def source_sentence(note: str, turn: str) -> str:
    """The sentence of ``turn`` the note was made from: the one sharing most content words with it."""
    sentences = [s.strip() for s in split_sentences(turn) if s.strip()]
    return _best(sentences, note) if sentences else turn.strip()


def source_clause(note: str, sentence: str) -> str:
    """The clause of the sentence the note was made from (commas and semicolons cut clauses)."""
    clauses = [c.strip() for c in re.split(r"[，,;；]", sentence) if c.strip()]
    return _best(clauses, note) if clauses else sentence


def _body(note: str) -> str:
    """The quote's words, or the note without its subject and copula."""
    said = _said(note)
    return said if said is not None else _SUBJECT_COPULA.sub("", note.strip(), count=1)


def _predicate(note: str) -> str:
    """What the note says of its subject: its body (:func:`_body`) without a leading copula or preposition."""
    return _VALUE_LEAD.sub("", _body(note).strip(" .。!！")).strip()


def _bare_value(note: str, clause: str) -> bool:
    """The note says only a value of the user, who named no subject of their own."""
    predicate = _predicate(note)
    return bool(predicate) and bare_value(predicate) and not OWN_STATEMENT.search(tidy(clause))


_ADDRESSED = re.compile(r"^(?:你|您)|^(?:you|your|you're|u|ur)\b", re.I)


def _addressed(note: str, clause: str) -> bool:
    """The user's clause asks the assistant something (「你是不是想问啥过敏」, "you mean which allergy?")."""
    said = tidy(clause)
    return bool(_ADDRESSED.search(said)) and is_question(clause) and not re.search(r"(?:^|[^你])我|\b(?:I|my|me)\b", said)


#: Things the assistant produces or does in the conversation: an imperative about them directs the assistant.
_CONVERSATION = re.compile(r"\b(?:answers?|repl(?:y|ies)|responses?|messages?|explanations?|summar(?:y|ies)|examples?|"
                           r"texts?|words?|emojis?|tone|suggestions?|recommendations?|lists?|bullet points?|me|it)\b", re.I)
_FEELINGS = frozenset("prefer like love hate enjoy want need dislike".split())
_POLITE = re.compile(r"\b(?:please|pls|plz|kindly)\b", re.I)


def _directive(note: str, clause: str) -> bool:
    """The clause is an imperative to the assistant that the note turned into a habit of the user."""
    words = re.findall(r"[A-Za-z']+", tidy(clause))
    if not words or is_cjk(clause) or OWN_STATEMENT.search(clause.strip()):
        return False
    verb = words[0].casefold()
    if verb in _FEELINGS:
        return False  # "Prefer bullet points over long paragraphs": the user's own preference, with its "I" left out
    made_habit = note.startswith(f"User {third_person(verb)} ") and third_person(verb) != verb
    return made_habit and bool(_POLITE.search(clause) or _CONVERSATION.search(" ".join(words[1:])))


#: The subject twice: 用户 … 用户 a word apart, or 用户 put before a name that is the sentence's subject.
_TWICE_ZH = re.compile(r"用户[^，,。用]{0,2}用户|^用户[A-Z][a-z]+\b")
_TWICE_EN = re.compile(r"\bUser(?:'s)?\s+\w+\s+(?:the\s+)?user\b", re.I)
_MIXED_ZH = re.compile(r"\b(?:I|I'm|my|me|myself)\b")
_FIRST_PERSON_ZH = re.compile(r"我")


def _garbled(note: str, sentence: str) -> bool:
    """The subject twice where the user said it once (「叫我小雨就好」 → 「用户叫用户小雨」, 「每周四晚上我有…」 →
    「用户每周四晚上用户有…」: a subject added beside the user's own 我), or first-person words of one language left in
    a note of the other. 「我跟我妈…」 → 「用户跟用户妈…」 and 「用户的老婆让用户…」 say each 我 once."""
    if _said(note) is not None:
        return False
    if is_cjk(note) and note.startswith("用户"):
        said = tidy(sentence)
        twice = bool(_TWICE_ZH.search(note)) and not re.search(r"我[^，,。我]{1,2}我|^[A-Z][a-z]+\b", said)
        mine = len(re.findall(r"我(?!们)", said))
        doubled = mine > 0 and not said.startswith("我") and not note.startswith("用户的") and note.count("用户") > mine
        return twice or doubled or bool(_MIXED_ZH.search(note))
    return bool(_TWICE_EN.search(note) or _FIRST_PERSON_ZH.search(re.sub(r"“[^”]*”|「[^」]*」|\"[^\"]*\"", "", note)))


#: Placeholders the receive stage puts in the user's text: a masked identifier (‹phone …5678›) or a pasted blob ([data]).
_PLACEHOLDER = re.compile(r"‹[^›]*›|\[data\]")


def _empty(note: str) -> bool:
    """Nothing but placeholders is left of what the note says of the user."""
    body = _body(note)
    return bool(_PLACEHOLDER.search(body)) and not re.search(r"[A-Za-z0-9\u3400-\u9fff]", _PLACEHOLDER.sub("", body))


#: Work the assistant is asked to do on something in the conversation (the clause's opening verb) …
_TASK_ZH = (r"(?:帮我|帮忙|麻烦你?|请你?|你)?\s*(?:帮我)?\s*(?:看看|看一下|看下|瞅瞅|review|check|检查一下|检查|改一下|改改|"
            r"润色|翻译一下|翻译|总结一下|总结|解释一下|解释|分析一下|分析|优化一下|debug)")
_TASK_EN = (r"(?:(?:please|pls|plz|can you|could you|would you|pls can you)\s+)?(?:review|check|look at|look over|fix|"
            r"translate|summari[sz]e|proofread|explain|debug|analy[sz]e|rewrite|refactor|optimi[sz]e|polish)")
#: … whose object is what is on the table (this, the following, 这个, 下面的), not a thing of the user's life.
_ON_THE_TABLE = (r"(?:一下|下)?\s*(?:这个|这段|这份|这些|这里|下面|以下|如下|这|it\b|this\b|these\b|that\b|the following\b|"
                 r"my (?:code|script|config|log|query|draft|essay|email|paragraph|pr|diff|function)\b)")
_REQUEST = re.compile(rf"^(?:{_TASK_ZH}|{_TASK_EN}\b)\s*(?:{_ON_THE_TABLE}|(?:the|my)\s+\w+\s+(?:below|above)\b)", re.I)


def _request(clause: str) -> bool:
    """The clause asks the assistant to work on material of the conversation (see :data:`_REQUEST`)."""
    return bool(_REQUEST.search(tidy(clause)))


def user_words(clause: str) -> str:
    """The user's own words as a note (the fallback that is always true)."""
    return quoted(tidy(clause))


def _says_nothing(note: str) -> str | None:
    """``"unreadable"`` for the user's words kept with no word in them, ``"bare_value"`` for a note whose predicate
    is empty (「跟你说下」 → 「用户下。」), ``None`` for a note that says something."""
    said = _said(note)
    if said is not None:
        return None if readable(said) else "unreadable"
    return "bare_value" if len(_SUBJECT_COPULA.sub("", note.strip(), count=1).strip(" .。!！")) <= 1 else None


def _nothing_of_the_user(note: str, clause: str, replaced: str) -> str:
    """Why nothing true about the user is left to keep (``""`` when something is)."""
    empty = _says_nothing(note)
    if empty is not None:
        return empty
    if _bare_value(note, clause):
        return "bare_value"
    if _addressed(note, clause):
        return "addressed"
    if _empty(note):
        return "empty"
    if replaced:
        return ""
    if _request(clause):
        return "request"
    if note_asks_for_work(note, clause):
        return "task"
    return "pasted" if pasted_source(note, clause) else ""


def check_note(note: str, turn: str, previous: str = "", replaced: str = "") -> Verdict:
    """Accept the note, keep the user's words instead, or reject it (see the module docstring).

    The user's words kept instead of a mangled note are checked as material of a task too.

    Args:
        note: The note about to be written.
        turn: The user's message it was made from.
        previous: The user's message before (a value it names is said).
        replaced: The note this one corrects (a correction's note); ``""`` for a new note.
    """
    sentence = source_sentence(note, turn)
    verdict = _check(note, turn, previous, replaced, sentence)
    if verdict.action == "user_words" and task_material(verdict.note, sentence, turn):
        return Verdict("reject", note, "material")
    return verdict


def _check(note: str, turn: str, previous: str, replaced: str, sentence: str) -> Verdict:
    clause = source_clause(note, sentence)
    nothing = _nothing_of_the_user(note, clause, replaced)
    if not nothing and not replaced and task_material(note, sentence, turn):
        nothing = "material"
    if nothing:
        return Verdict("reject", note, nothing)
    if replaced and not_this_note(note, turn, replaced):
        return Verdict("reject", note, "not_this_note")
    if misplaced_value(note, turn, replaced):
        return Verdict("reject", note, "misplaced_value") if replaced else Verdict("user_words", user_words(turn),
                                                                                    "misplaced_value")
    if invented_number(note, f"{turn}\n{previous}\n{replaced}"):
        return Verdict("reject", note, "invented_number") if replaced else Verdict("user_words", user_words(sentence),
                                                                                    "invented_number")
    if replaced:
        return Verdict("accept", note)  # a correction keeps the corrected note's words, not the turn's
    if _directive(note, clause):
        return Verdict("user_words", user_words(sentence), "directive")
    if _garbled(note, sentence):
        return Verdict("user_words", user_words(sentence), "garbled")
    return Verdict("accept", note)
