"""English clauses no rule table entry knows: plans, and any informative first-person
statement as a plain third-person note ("I play the guitar." → "User plays the guitar.");
chit-chat and requests to the assistant ("I think so", "I'd like a summary") are not notes."""
from __future__ import annotations

import re

from memory.types import MemoryType
from pipelines.extract.candidate import Candidate
from pipelines.extract.notes import make, swap

#: English function words: never content, never a value (one list; :mod:`pipelines.extract.amend_cues` adds the question
#: words and pronouns a correction never replaces).
STOP_EN = frozenset("""the a an is are was were be been am i i'm my me we our us you it its this that and or but so to of in
    on at for with as by from user user's they them their has have had do does did just also too very really""".split())

FACT = MemoryType.FACT
WHEN = (r"(?:(?:on |by |at |for |in |until |till )?(?:(?:next|this|last) \w+|tomorrow|tonight|today|"
         r"(?:mon|tues|wednes|thurs|fri|satur|sun)day|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)"
         r"[a-z]*\.? \d{1,2}(?:st|nd|rd|th)?|\d{1,2}(?:st|nd|rd|th)? (?:of )?(?:jan|feb|mar|apr|may|jun|jul|aug|"
         r"sep|oct|nov|dec)[a-z]*|\d{4}-\d{1,2}-\d{1,2}|\d{1,2}/\d{1,2}|the \d{1,2}(?:st|nd|rd|th)|"
         r"in \d+ (?:days|weeks|months)|end of \w+))")

PHATIC = re.compile(
    r"^I(?:'m| am)? ?(?:really |just |also |do |totally )?(?:think|guess|suppose|believe|see|know|understand|agree|mean|hope|wonder|was wondering|"
    r"need (?:some )?help|need you|want you|would like you|'d like you|want to (?:ask|know)|would like to (?:ask|know)|"
    r"'d like to (?:ask|know)|have a question|have another question|am curious|'m curious|just|not sure|"
    r"(?:am |'m )?(?:not )?sure|don't know|do not know|can't (?:wait|believe|remember)|forgot|appreciate|"
    r"(?:'m|am) (?:sorry|glad|happy to|back|here|fine|ok|okay|good|great|tired|bored|hungry|sleepy|confused|lost|"
    r"kidding|joking|done|ready|busy|a bit|a little|so|very|really|excited|worried|afraid|testing|trying)|"
    r"feel|felt|love (?:it|that|this|you)|like (?:it|that|this)|hate (?:it|that|this)|got it|'ll (?:try|check|see|think)|"
    r"will (?:try|check|see|think)|was just|said|meant|asked|would say|should|could|might|may|must|can|"
    r"(?:'d|would) like (?:a|an|some|the|to (?:see|get|have|know|ask|hear|try))|want (?:a|an|some|the)\b)\b", re.I)

_PLAN = re.compile(r"\b(?:I|we)(?:'m|'re| am| are| is)? (?:going to|planning to|planning on|planning (?=a |an |my |our )|plan to|plans to|intend to|"
                   r"will|'ll|hope to|want to|would like to|'d like to|am about to|'m about to|need to|have to)\s+(?P<v>.+)"
                   r"|\bI(?:'m| am| is) (?P<g>\w+ing)\b(?P<w>.*)", re.I)


def plan(clause: str) -> Candidate | None:
    """A plan or dated intention ("I'm flying to Tokyo on Monday"), else None."""
    if PHATIC.search(clause):
        return None
    m = _PLAN.search(clause)
    if m is None or not _is_plan(m, clause):
        return None
    clause = re.sub(r"^we(?:'re| are)\b", "I'm", re.sub(r"^we\b", "I", clause, flags=re.I), flags=re.I)
    note = generic_note(clause)
    return make(FACT, note) if note else None


def _is_plan(m: re.Match[str], clause: str) -> bool:
    """The matched intention is a plan worth keeping: dated, or not a gerund, not about the conversation, and of
    some words; never "I'll ask", "I'm going to check"."""
    dated = bool(re.search(WHEN, clause, re.I))
    if not dated and (m.group("g") is not None or CONVERSATIONAL.search(clause)):
        return False
    rest = m.group("v") if m.group("v") is not None else f"{m.group('g')}{m.group('w')}"
    if len(re.findall(r"[A-Za-z]{2,}", rest)) < 2 and not dated:
        return False
    return not re.match(r"(?:ask|know|try|check|see|think|help|talk|go now|be back)\b", rest, re.I)


_IRREGULAR = {"have": "has", "go": "goes", "do": "does", "am": "is", "'m": "is", "'ve": "has", "'ll": "will",
              "'d": "would", "can": "can", "will": "will", "would": "would", "could": "could", "should": "should",
              "must": "must", "was": "was", "did": "did", "had": "had", "don't": "doesn't", "haven't": "hasn't",
              "may": "may", "might": "might", "shall": "shall", "ought": "ought", "aren't": "isn't", "isn't": "isn't",
              "wasn't": "wasn't", "weren't": "wasn't", "were": "was", "hasn't": "hasn't", "hadn't": "hadn't",
              "didn't": "didn't", "doesn't": "doesn't", "can't": "can't", "cannot": "cannot", "won't": "won't",
              "wouldn't": "wouldn't", "couldn't": "couldn't", "shouldn't": "shouldn't", "mustn't": "mustn't"}


_PAST = frozenset("""went got made took left flew came bought met spent saw ate drank ran wrote read sent began gave
    found told felt kept lost paid sold won brought thought taught built said did had was were became caught chose
    drove fell forgot grew heard held knew led meant rode sang sat slept spoke stood swam threw understood woke
    broke fought hung hid bit blew dug drew froze forgave rang rose shook shot shut stole struck stuck swore tore
    wore wound overslept undertook got""".split())


#: Verbs that end in "-ly" (every other "-ly" word before a verb is an adverb: "I technically live in NJ").
_LY_VERBS = frozenset("apply reply rely supply multiply imply comply bully rally tally ally fly".split())
_ADVERBS = frozenset("really usually always often never also still just sometimes rarely mostly now only even "
                     "generally normally typically regularly recently finally currently basically barely actually "
                     "totally".split())


def is_adverb(word: str) -> bool:
    """A word that may stand between "I" and the verb: the closed list, or any other "-ly" word that is no verb."""
    w = word.lower()
    return w in _ADVERBS or (len(w) > 4 and w.endswith("ly") and w not in _LY_VERBS)


def third_person(verb: str) -> str:
    """"go" → "goes", "study" → "studies"; past tenses and modals unchanged."""
    v = verb.lower()
    if v in ("and", "or"):  # "User and their sister run …": a subject of two, no verb here
        return v
    if v in _IRREGULAR:
        return _IRREGULAR[v]
    if (v.endswith(("ed", "s")) and not v.endswith("eed")) or v in _PAST:
        return v
    if v.endswith(("sh", "ch", "x", "o")):
        return v + "es"
    if len(v) > 2 and v.endswith("y") and v[-2] not in "aeiou":
        return v[:-1] + "ies"
    return v + "s"


#: The conversation itself (this bug, the error, my question), not a fact about the user.
CONVERSATIONAL = re.compile(
    r"\b(?:this|that|these|those|it)\b(?! (?:year|month|week|summer|winter|spring|fall|autumn)\b)|"
    r"\b(?:error|errors|bug|bugs|exception|crash|issue|question|questions|answer|reply|response|code|script|"
    r"snippet|output|prompt|message|request|problem|mistake|point|bad|pleasure|idea|clue|example)\b|"
    r"\bright (?:back|now|away)\b|\bbe back\b|\blooking for\b|\b(?:tried|trying)\b|"
    r"^I (?:want|need|have|would like|'d like) to (?!(?:learn|become|move|start|get better|improve|study|retire|"
    r"travel|visit|run|lose|quit|change|switch)\b)", re.I)


def generic_note(clause: str) -> str | None:
    """Any informative first-person clause as a third-person note; None for chit-chat."""
    if PHATIC.search(clause) or CONVERSATIONAL.search(clause):
        return None
    m = re.match(r"^(?:I'm|I've|I'll|I'd|I)\b\s*(.*)$", clause)
    if m is None:
        return _my_note(clause)
    if len(re.findall(r"[A-Za-z]{2,}", m.group(1))) < 3 and not re.search(r"\d", m.group(1)):
        return None
    return _i_note(clause.split()[0], m.group(1))


def _my_note(clause: str) -> str | None:
    """"my … (three words or more)" as "User's …."."""
    m2 = re.match(r"^my\s+(.+)$", clause, re.I)
    if m2 and len(m2.group(1).split()) >= 3:
        return f"User's {swap(m2.group(1))}."
    return None


def _i_note(head: str, body: str) -> str | None:
    """"I … ``body``" in the third person (the contraction's auxiliary, an adverb kept before the verb)."""
    if head.lower() in {"i'm", "i've", "i'll", "i'd"}:
        verb = {"i'm": "is", "i've": "has", "i'll": "will", "i'd": "would"}[head.lower()]
        return f"User {verb} {swap(body)}."
    words = body.split(maxsplit=1)
    if not words:
        return None
    adv = re.match(r"(no longer|\S+)\s+(\S+)\s*(.*)$", body, re.I)
    if adv and (adv.group(1).lower() == "no longer" or is_adverb(adv.group(1))):
        return f"User {adv.group(1).lower()} {third_person(adv.group(2))} {swap(adv.group(3))}".rstrip() + "."
    return f"User {third_person(words[0])} {swap(words[1]) if len(words) > 1 else ''}".rstrip() + "."
