"""What to keep of a turn judged worth remembering, without a model: the message cut into statements, one note each.

Sentences are cut into statements (clauses with their own first-person subject, parts before a condition,
self-repairs); passing sentences and remarks beside a fact are dropped; each statement is read by
:func:`pipelines.extract.sentence_notes.statement_candidates`; a self-repair corrects the note before it,
a leading pronoun joins the note that says who it is, and a message stating a change keeps its
elaborations with the change (:mod:`pipelines.extract.change_notes`).
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from pipelines.extract.candidate import Candidate
from pipelines.extract.context_refs import resolve_refs
from pipelines.extract.holders import holder
from pipelines.extract.change_notes import one_change, says_change, says_change_anywhere
from pipelines.extract.normalize import _OWNED_EN, COUNTED_ZH, tidy  # noqa: PLC2701 - same package
from pipelines.extract.quoting import join_quotes
from pipelines.extract.rules import uncut
from pipelines.extract.self_repair import MAYBE_REPAIR, is_self_repair, repair_parts, repaired, value_fixed
from pipelines.extract.sentence_notes import statement_candidates
from pipelines.extract.statement_note import joined
from pipelines.extract.subject import is_cjk
from pipelines.extract.supersede_gate import says_add
from pipelines.extract.transient import CONDITION, passing_sentence
from pipelines.extract.trigger import split_sentences

# A clause with its own first-person subject after "and"/"，" is a statement of its own:
# "I prefer concise answers and I live in Hangzhou", 「我住杭州，我老婆在银行上班」.
_OWN_SUBJECT_CLAUSE = re.compile(r"(?:,\s*|\s+)(?:and|but|plus)\s+(?=(?:I|I'm|I've|I'd|my|My)\b)|[，,](?=我(?!们)|我的)")


_LEADING_PRONOUN = re.compile(r"^(?:he|she|it|they|he's|she's|it's|they're|his|her|their|他|她|它|他们|她们)\b|^[他她它]", re.I)
_QUOTED_NOTE = re.compile(r'^User said: "|^用户说：“')


def _leans_on(previous: Candidate | None, statement: str, cand: Candidate) -> bool:
    """The statement's pronoun could not be resolved and only the sentence before it says who it is."""
    return previous is not None and bool(_LEADING_PRONOUN.search(statement.strip())) and bool(
        _QUOTED_NOTE.search(cand.content))


#: The words a statement's own subject starts with: its subject is no one the note before names.
_OWN_START = re.compile(r"^(?:我|咱|俺|用户|(?:i|i'm|i've|i'd|i'll|me|my|we|we're|our|you|he|she|it|they|this|that|there)\b)", re.I)


def _continues(previous: Candidate, statement: str, cand: Candidate) -> str | None:
    """The note of a statement with no subject of its own that goes on about the person of the note before, without
    the user the note gave it: 「我表姐上周来了。说想去云南开民宿」 — who wants to is 表姐 (a clause without a subject
    keeps the one before), "My neighbour is a nurse. Told me the clinic is closing." — never "User said…" of another
    person's words. None when the statement has its own subject or the note before is the user's own."""
    words = statement.strip(" ，,。.!！")
    if not words or _OWN_START.match(words) or _QUOTED_NOTE.search(previous.content) or holder(previous.content) == "user":
        return None
    if is_cjk(words):
        lead = re.match(r"^用户(?:的)?", cand.content)
        rest = cand.content[lead.end():] if lead else ""
        return rest if rest[:2] == words[:2] else None
    first = words.split()[0].casefold()
    if not cand.content.casefold().startswith(f"user {first}"):
        return None
    rest = cand.content[len("User "):]
    return rest[:1].upper() + rest[1:]


# "… but my husband isn't", "… and my sister does too": the clause leaves out its verb phrase, so it
# only means something next to the clause before it.
_ELLIPTICAL_END = re.compile(r"\b(?:is|isn't|am|are|aren't|was|wasn't|were|weren't|do|does|doesn't|don't|did|didn't|"
                             r"can|can't|will|won't|would|wouldn't|has|hasn't|have|haven't)(?:\s+not)?"
                             r"(?:\s+(?:too|either|as well))?[\s.!]*$", re.I)


# "Sam and I broke up", "My sister and I run a shop": a subject of two, not two statements.
_WE_TWO = re.compile(r"^\s*(?P<other>(?:[Mm]y|[Oo]ur)\s+[a-z'’-]+|(?!I\b)[A-Z][a-z'’-]+(?:\s+[A-Z][a-z'’-]+)?)"
                     r"\s+and\s+I\b(?!\s*[,;]|['’])")


#: A comma before a subject of two inside a sentence ("the week was a mess, my partner and I adopted a dog"): the clause
#: of the two starts there, as if it opened the sentence.
_BEFORE_WE_TWO = re.compile(r"[,，;；]\s*(?=" + _WE_TWO.pattern.removeprefix(r"^\s*").replace("(?P<other>", "(?:") + ")")


def split_statements(sentence: str) -> list[str]:
    """The sentence's statements: clauses that carry their own first-person subject are apart,
    unless a clause leaves out its verb phrase ("I'm a vegetarian but my husband isn't")."""
    if _ELLIPTICAL_END.search(sentence):
        return [sentence.strip(" ，,")] if sentence.strip(" ，,") else []
    return [p for clause in _BEFORE_WE_TWO.split(sentence) for p in _own_subject_parts(clause)]


def _own_subject_parts(sentence: str) -> list[str]:
    """The clauses of one stretch of a sentence that carry their own first-person subject (a subject of two opening
    it, "Sam and I …", is the user's)."""
    pair = _WE_TWO.match(sentence)
    rest = sentence[pair.end():] if pair else sentence
    parts = [p.strip(" ，,") for p in _OWN_SUBJECT_CLAUSE.split(rest)]
    if len(parts) > 1 and COUNTED_ZH.match(tidy(parts[0])):
        parts = [rest.strip(" ，,")]  # 「一家做跨境电商的小公司，我负责运营」: the company is where the user works
    if pair:  # the user leads ("I and my sister run a bakery"), so the note's subject is the user's
        other = pair.group("other")
        other = other[0].lower() + other[1:] if other.split()[0] in ("My", "Our") else other
        other = f"my {other.lower()}" if other.lower() in _OWNED_EN else other  # "Husband and I …"
        parts[0] = f"I and {other} {parts[0]}"
    return [p for p in parts if p]


def _statement_notes(statement: str, context: Sequence[str]) -> list[Candidate]:
    """The statement's candidates with content; a stated change marks those without a slot."""
    cands = [c for c in statement_candidates(statement, context) if c.content]
    cands = [replace(c, changes=True) if says_change(statement) and not c.slot else c for c in cands]
    return [replace(c, adds=True) if says_add(statement) else c for c in cands]


def asserted_statements(sentence: str) -> list[str]:
    """The sentence's statements before any hypothetical one: what follows a condition is its consequence
    (「要是中了彩票，我立马辞职去环游世界」 holds no fact about the user)."""
    asserted: list[str] = []
    for part in split_statements(sentence):
        if CONDITION.search(tidy(part)):
            break
        asserted.append(part)
    return asserted


def said_to_keep(sentences: list[str]) -> list[str]:
    """The sentences without passing ones (a mood, the weather, talk about the world) when others remain:
    "lol this weather. reminds me of Seattle where I grew up" keeps only Seattle."""
    def repairs(s: str) -> bool:
        return is_self_repair(s) or bool(MAYBE_REPAIR.search(s.strip()))

    kept = [s for i, s in enumerate(sentences)
            if not passing_sentence(s) or repairs(s)
            or (i + 1 < len(sentences) and repairs(sentences[i + 1]))]  # a statement and its repair go together
    return kept or sentences


def extract_statements(text: str, recent: Sequence[str] = ()) -> list[Candidate]:
    """The notes of a message judged worth remembering: one per statement, normalised.

    Each statement is its own note, so a later update of one of them ("moved to Shanghai")
    supersedes that one and never the others said with it (an allergy in the same message).
    The message's earlier statements join ``recent`` to resolve he/she/it ("Husband got a new
    job. He's at Google now.").

    Args:
        text: The user's message (masked at receive).
        recent: The session's previous user messages, oldest first (they resolve he/she/it).
    """
    found: list[Candidate] = []
    context = list(recent)
    for sentence in said_to_keep(join_quotes(split_sentences(uncut(text or "")))):
        parts = [part for whole in asserted_statements(sentence) for part in repair_parts(whole)]
        for statement in (_OPENER.sub("", part) for part in parts):
            if len(parts) > 1 and _passing_part(statement):
                continue  # 「这破天气，我鼻炎又犯了」: the weather beside the fact is no note of its own
            if _REMARK.match(statement.strip(" ,.!")):
                continue  # "Kinda embarrassing but I failed my driving test": the remark is no note of its own
            cands = _beside_question(text, statement, _statement_notes(resolve_refs(statement, recent), context))
            if found and is_self_repair(statement):
                # "Our flat's on the 3rd floor. Wait no, 4th.": the message's previous statement, corrected
                found[-1] = repaired(found[-1], statement, cands)
            elif found and MAYBE_REPAIR.search(statement.strip()) and (fixed := value_fixed(found[-1], statement)):
                found[-1] = fixed  # "My flight is at 6pm. Actually it's 7pm.": a value of it, corrected
            elif len(cands) == 1 and found and (rest := _continues(found[-1], statement, cands[0])):
                found[-1] = joined(found[-1], statement, replace(cands[0], content=rest))
            elif len(cands) == 1 and found and _leans_on(found[-1], statement, cands[0]):
                # "Husband got a new job. He's at Google now.": kept with the sentence that says who "he" is
                found[-1] = joined(found[-1], statement, cands[0])
            else:
                found += cands
            context.append(statement)
    unique: dict[str, Candidate] = {}
    for c in (one_change(found) if says_change_anywhere(text or "") else found):
        unique.setdefault(c.content, c)
    return list(unique.values())


#: A statement that ends on a bare "it" / "this" / "that" ("Our DPO quoted it"): beside a question, what it points at is
#: what the question asks about; read alone (quoted) it says nothing about the user.
_POINTS_AT_TALK = re.compile(r"\b(?:it|this|that)[\s.!…]*$", re.I)


def _beside_question(text: str | None, statement: str, cands: list[Candidate]) -> list[Candidate]:
    """The statement's candidates without a quoted one that only points at what the message asks about ("Our DPO quoted
    it" beside "… does it apply to backups?")."""
    if "?" in (text or "") and _POINTS_AT_TALK.search(statement.strip()):
        return [c for c in cands if not _QUOTED_NOTE.search(c.content)]
    return cands


def _passing_part(statement: str) -> bool:
    """A part of a sentence of several that is passing alone (a mood, the weather) and repairs nothing."""
    return passing_sentence(statement) and not is_self_repair(statement) and not MAYBE_REPAIR.search(statement.strip())


#: A discourse opener before the statement ("i mean …", "tbh …", "anyway …"): no verb of the user's ("User means the
#: weather's been bad" was a note), so the statement is read without it; nor is a leading "but" / "and" ("but I've lived in
#: Toronto for 12 years" is the user's statement, "But the user's sister …" was a note).
_OPENER = re.compile(r"^\s*(?:(?:i mean|anyway|anyways|tbh|ngl|honestly|to be honest|so yeah|long story short|but|and|plus)"
                     r"\b[,\s]*)+(?=\S)", re.I)


#: A bare remark on what follows ("kinda embarrassing, but …", "honestly weird but …"): no subject, no verb.
_REMARK = re.compile(r"^(?:(?:kinda|kind of|sorta|sort of|a bit|a little|so|very|pretty|really|honestly|lowkey|tbh|"
                     r"super|quite|slightly|weirdly|oddly|funnily enough)\s+)*(?:embarrassing|weird|funny|awkward|random|"
                     r"crazy|sad|annoying|ironic|strange|wild|silly|cringe|unrelated|tmi)$", re.I)
