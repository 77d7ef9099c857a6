"""The candidates of one sentence of a turn judged worth remembering, without a model.

Per sentence (questions, instructions to the assistant and hypotheticals are never kept):

1. small-talk clauses are dropped ("haha classic,", 「你这个建议好，」 — a clause about the
   assistant or a reaction), the rest is the statement;
2. a statement reporting someone else's view ("my wife thinks …", 「老板觉得…」) is kept as that
   person's view in the user's words — never through the rule table, which reads "I should…"
   as the user's own decision;
3. the statement itself, normalised to a third-person note with its subject resolved from
   the conversation (:mod:`pipelines.extract.normalize`) — the user's words, never a rule's
   paraphrase (rule notes garbled "my ex's name is Jake" and 「我是个早起的人」); when the rule
   table parses exactly one subject (slot, qualifier, value) from the statement without
   inventing a word, that subject goes with the note, so updates of the slot still supersede.
"""
from __future__ import annotations

import re
from collections.abc import Sequence

from pipelines.extract.candidate import Candidate
from pipelines.extract.generic_en import CONVERSATIONAL, PHATIC
from pipelines.extract.normalize import _VERBS_EN, is_cjk, tidy  # noqa: PLC2701 - same package
from pipelines.extract.quoting import quotes_the_world
from pipelines.extract.rules import extract_rules, is_request
from pipelines.extract.rules_zh import _ZH_PHATIC  # noqa: PLC2701 - same package
from pipelines.extract.statement_note import note_candidate
from pipelines.extract.trigger import is_question, is_small_talk
from pipelines.receive.screening import is_instruction_to_assistant

_HYPOTHETICAL = re.compile(r"^(?:if|imagine|suppose|what if|in another life|hypothetically|theoretically|in theory|"
                           r"in a world where|because|cause|(?:我|我们)?(?:假如|如果|要是|万一)|假设|"
                           r"想象一下|要不是|因为)", re.I)
_REPORTED = re.compile(
    r"^(?:my |our )?(?:[a-z][a-z-]*(?: from work)?|[A-Z][a-z]+(?: from \w+)?)\s+(?:says?|said|thinks?|thought|believes?|"
    r"wants?|told (?:me|us|him|her)|keeps? saying|feels?|reckons?|suggested|insists?)\b|"
    r"^(?:我|用户的?)?[\u3400-\u9fff]{1,4}?(?:说|觉得|认为|想让|希望|让我|劝我|建议|非要|坚持)", re.I)
_ASSISTANT = re.compile(r"^(?:你|您)|^(?:you|your|you're|thanks|thank you)\b", re.I)


#: A clause about the conversation itself: an apology ("sorry if I drop", "sorry for the wall of text", 「不好意思啊」) or a
#: move of the talk ("enough about work", "moving on", 「不说这个了」) — never a fact. A bare "sorry" is left alone (it may
#: open a self-repair: "sorry, 4th").
_APOLOGY = re.compile(r"^(?:so\s+)?(?:sorry|sry)\s+(?:if|for|about|in advance)\b|^apologies\b|^(?:不好意思|抱歉|见谅)|"
                      r"^(?:anyway\s+)?(?:enough about|moving on|back to (?:the|my) (?:point|question)|where was i|long story short)\b|"
                      r"^(?:不说这个了|不聊这个了|言归正传|扯远了)", re.I)


def keep_clauses(sentence: str) -> str:
    """The sentence without its small-talk clauses, apologies and clauses addressed to the assistant."""
    parts = re.split(r"(?<=[，,;；])\s*", tidy(sentence))
    kept = [p for p in parts if p.strip(" ，,;；") and not is_small_talk(p) and not _ASSISTANT.search(p.strip())
            and not _APOLOGY.search(p.strip())]
    return ("" if is_cjk(sentence) else " ").join(kept).strip(" ，,;；")


#: A bare doubt with nothing it is about ("I'm not sure.", "no idea tbh", 「我也不确定」): a reply in the talk, no fact
#: ("User is not sure." was a note). "I'm not sure I want kids" says what, and is read on.
_BARE_DOUBT = re.compile(
    r"^(?:(?:i(?:'m| am)?|im)\s+)?(?:(?:really|just|honestly|still|also)\s+)?(?:not\s+(?:so\s+|too\s+|really\s+|quite\s+|"
    r"entirely\s+|that\s+)?(?:sure|certain)|(?:don't|dont|do not)\s+(?:really\s+)?know|(?:have\s+)?no\s+idea|can't\s+say)"
    r"(?:\s+(?:yet|tbh|lol|either|really|though|anymore|honestly|about (?:that|it)|to be honest))*[\s.!…~]*$|"
    r"^我?(?:也|还|真|其实)?(?:不太|不|说不|拿不)(?:确定|知道|清楚|好|准)[呢啊吧哈呀诶]*[。！!～~…]*$", re.I)


def is_reaction(statement: str) -> bool:
    """"I think that's a good idea", 「我觉得还行吧」, "I'm not sure.": a reaction to the conversation, not a fact about the
    user."""
    if _BARE_DOUBT.match(statement.strip()):
        return True
    if is_cjk(statement):
        return bool(_ZH_PHATIC.search(statement))
    return bool(PHATIC.search(statement) and CONVERSATIONAL.search(statement))


def is_hypothetical(sentence: str) -> bool:
    """"If I were rich…", 「如果明年升职了…」: not a fact about the user."""
    return bool(_HYPOTHETICAL.search(tidy(sentence)))


_LEAD_EN = re.compile(r"^(?:ever since|since|now that|after|so|ok so|well)\s+", re.I)
_LEAD_ZH = re.compile(r"(?:以后|之后|后)$")
#: The end of a Chinese clause of "after" that opens a question without a comma (搬到通州以后…, 转后端之后…).
_AFTER_ZH = re.compile(r"(?<=[\u3400-\u9fff\w])(?:以后|之后)(?=[\u3400-\u9fff])")


#: A lead of capitalised words and numbers only ("GDPR Article 17", "Section 230"): a name or a title, no clause.
_TITLE = re.compile(r"^(?:[A-Z][\w'’.-]*|\d[\w.-]*)(?:\s+(?:[A-Z][\w'’.-]*|\d[\w.-]*|of|the|and|&))*$")
#: A lead that only names whom the question is about ("and my brother, is he coming after all?"): a noun phrase of one
#: or two lower-case words after my / our / the, with no verb — it states nothing (it was kept as "User's brother.").
_NAMES_ONLY = re.compile(r"^(?:(?:and|so|but|oh|also|what about|how about)\s+)?(?:my|our|the)\s+[a-z'-]+(?:\s+[a-z'-]+)?$")


def question_lead(sentence: str) -> str | None:
    """The statement a question opens with ("Since I moved to Berlin, what's a good bakery?",
    「现在上大学了，选课有啥建议吗？」): the clause before the first comma (or, with none, before a Chinese 以后 / 之后:
    「搬到通州以后通勤坐哪条线最快？」), without its "since" / 以后,
    when that clause is itself no question, request or hypothetical."""
    parts = re.split(r"[，,]", tidy(sentence), maxsplit=1)
    if len(parts) < 2:
        parts = _AFTER_ZH.split(tidy(sentence), maxsplit=1)  # 「搬到通州以后通勤坐哪条线？」: the clause of after is its lead
        if len(parts) < 2 or not parts[1].strip():
            return None
    lead = _LEAD_ZH.sub("", _LEAD_EN.sub("", parts[0].strip()))
    if _TITLE.match(lead):
        return None  # "GDPR Article 17, … does it apply to backups?": the question's topic, a title, not a statement
    if len(lead) < 4 or is_question(lead) or is_request(lead) or is_hypothetical(lead) or is_instruction_to_assistant(lead):
        return None
    return None if _NAMES_ONLY.match(lead) else lead


#: An auxiliary opening a clause with no subject after it: "Don't drink alcohol at all", "Have two cats", "Can't stand
#: cilantro" — the user's statement with its "I" left out, not a question ("Don't you…", "Have you…").
#: Verbs of the user's own life after a left-out "I don't" (never "forget", "worry", "tell": those address the assistant).
_USER_VERBS = (_VERBS_EN | {"stand", "smoke"}) - {"know", "need", "want", "get", "make", "keep", "use", "miss", "plan", "hope",
                                                  "take", "go", "do"}
_NOT_VERB = re.compile(r"^(?:don'?t|do not|doesn'?t|can'?t|cannot|won'?t|never)\s+([a-z]+)", re.I)
_HAVE_COUNT = re.compile(r"^(?:have|has|had)\s+(?:\d+|two|three|four|five|six|several|a couple of|twins|no)\b", re.I)
#: An auxiliary of possession, identity or a past event with no subject after it: the user's statement with its "I"
#: left out ("Have a lab named Biscuit", "Was born in Lisbon", "Did a PhD in Leeds", "Got twins") — a question puts its
#: subject there ("Have you…", "Was it…", "Did the package…", "Did Sam…"). Structural: what follows the auxiliary is
#: no pronoun, no "the"/"your", no name, no wish or filler of the talk ("have a good one", "was wondering"), and
#: no "me" later (an imperative to the assistant: "Have lunch with me").
_LEFT_OUT_I = re.compile(
    r"^(?i:have|has|had|got|was|am|did|do)\s+"
    r"(?!(?i:i|you|u|ya|we|they|he|she|it|there|this|that|these|those|anyone|anybody|someone|somebody|everyone|"
    r"everybody|your|yours|any|the|to|some|one of)\b)"
    r"(?!(?i:a|an) (?i:good|nice|great|lovely|look|question|sec|second|minute|go|try|quick|favou?r|feeling|clue|idea)\b)"
    r"(?!(?i:wondering|thinking|gonna|going|about|hoping|trying|fun|mind)\b)(?!.*\b(?i:me)\b)"
    r"(?![A-Z][a-z]+\b)[A-Za-z0-9]")


def asks(sentence: str) -> bool:
    """The sentence is a question (``trigger.is_question``), unless it ends without a question mark and is a
    subject-less statement opening with a negated verb of the user's life, a count, or an auxiliary with no subject
    after it ("Don't drink alcohol at all", "Can't stand cilantro", "Have two cats", "Have a lab named Biscuit"),
    where "Don't you…" / "Have you…" ask."""
    if not is_question(sentence):
        return False
    if sentence.strip().endswith(("?", "？")):
        return True
    said = tidy(sentence)
    negated = _NOT_VERB.match(said)
    return not (_HAVE_COUNT.match(said) or _LEFT_OUT_I.match(said)
                or (negated and negated.group(1).casefold() in _USER_VERBS))


#: A question that only announces a statement ("oh did I mention my daughter's getting married in May?", 「我跟你说过我
#: 怀孕了吗？」): the statement is said.
_DID_I_SAY = re.compile(r"^(?:(?:oh|so|and|btw|wait)[,\s]+)*(?:did|have)\s+i\s+(?:ever\s+)?(?:mention(?:ed)?|tell\s+you|told\s+you|say|said)"
                        r"(?:\s+(?:to\s+you|that))?\s+(?P<said>.+?)[?？]*$", re.I)


#: A follow-up that only says "the same for me" ("same for me", "same here"); "same with strawberries" names a thing.
_SAME_AS_BEFORE = re.compile(r"^(?:and\s+)?(?:(?:the\s+)?same|ditto)\s+(?:(?:goes\s+)?(?:for|with)\s+me|here)"
                             r"(?:\s+(?:too|lol|haha|tbh|actually))*[\s.!~]*$", re.I)


def statement_candidates(sentence: str, recent: Sequence[str]) -> list[Candidate]:
    """The candidates of one sentence (see the module docstring); a question keeps the statement it opens with."""
    if _SAME_AS_BEFORE.match(sentence.strip()):
        return []  # "same for me" the references joined to no turn before: alone it was "For the user."
    announced = _DID_I_SAY.match(tidy(sentence))
    if announced and not is_question(announced.group("said")):
        return statement_candidates(announced.group("said"), recent)
    if asks(sentence):
        lead = question_lead(sentence)
        return statement_candidates(lead, recent) if lead else []
    if is_instruction_to_assistant(sentence) or is_hypothetical(sentence) or is_request(sentence):
        return []
    statement = keep_clauses(sentence)
    if not statement or is_small_talk(statement) or is_reaction(statement):
        return []
    if quotes_the_world(statement):
        return []
    if _REPORTED.search(statement):
        return [note_candidate(statement, recent)]
    return [note_candidate(statement, recent, extract_rules(statement))]
