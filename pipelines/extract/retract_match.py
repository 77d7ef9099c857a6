"""Which of the user's active notes a retraction means.

:func:`match` picks them: the notes of the last turns for "that" / "the last thing", else the notes
sharing the topic's words (across languages through the subject lexicon) or, failing that, the
semantically nearest when one clearly stands out; several equally likely ones are *asked about*,
never guessed.
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from pipelines.extract.retract import Retraction
from pipelines.extract.slots import holder, profile, same_person, topic_kinds
from pipelines.extract.subject import LEXICON
from pipelines.extract.supersede_gate import ADD_ON


@dataclass(frozen=True)
class Note:
    """An active memory as the matcher sees it."""

    id: int
    content: str
    similarity: float = 0.0
    recent: bool = False


@dataclass(frozen=True)
class Match:
    """The notes to forget, or the ones to ask about when several are equally likely."""

    forget: tuple[Note, ...] = ()
    ask: tuple[Note, ...] = field(default_factory=tuple)


def terms(text: str) -> set[str]:
    """Content terms: English stems, Chinese words of the lexicon and character bigrams, mapped across languages."""
    low = text.casefold().replace("的", "")
    terms = {w[:5] for w in re.findall(r"[a-z][a-z0-9]{2,}", low)} - {"user", "users", "their", "they", "said", "with"}
    terms |= {low[i:i + 2] for i in range(len(low) - 1) if re.fullmatch(r"[\u3400-\u9fff]{2}", low[i:i + 2])} - {"用户"}
    terms |= {c for c in re.findall(r"[\u3400-\u9fff]", low) if c in "狗猫车"}
    for word, english in LEXICON.items():
        if (word in low if re.search(r"[\u3400-\u9fff]", word) else re.search(rf"\b{re.escape(word)}", low)):
            terms.add(english[:5])
    terms |= calendar_terms(low)
    if terms & {"son", "daugh", "kid", "child"}:
        terms.add("kid")  # "my kid's school" is the son's or the daughter's
    if _EX.search(low):
        terms.add("ex-partner")  # 「我前任」 is the ex-boyfriend of 「用户前男友叫周野」, "my ex" the 前妻
    if _PAY.search(low):
        terms.add("pay")  # "the income part" is the 「月薪」 or the "earns 90k" of a note
    return terms


_EX = re.compile(r"前(?:任|男友|女友|男朋友|女朋友|夫|妻)|\bex(?:-?(?:boyfriend|girlfriend|husband|wife|partner))?\b")


#: Terms that name a kind of thing in either language (besides the slot kinds of :mod:`.slots`).
CONCEPTS = frozenset({"pay", "ex-partner"})
#: What the user earns, in either language.
_PAY = re.compile(r"工资|薪|收入|年包|月入|年入|税后|税前|奖金|\bsalar|\bincome|\bearn|\bwages?\b|\bpaid\b|\bpay\b|"
                  r"\bcompensation\b|\bbonus")


_MONTHS_EN = "january february march april may june july august september october november december".split()
_DAYS_EN = "monday tuesday wednesday thursday friday saturday sunday".split()
_ZH_ORDINAL = {"一": 1, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9, "十": 10, "十一": 11,
               "十二": 12}


def calendar_terms(low: str) -> set[str]:
    """Chinese months and weekdays as the stems of their English names (「三月那件事」 names "a miscarriage in March";
    English names are stems of :func:`_terms` already)."""
    terms: set[str] = set()
    for number in re.findall(r"(十[一二]|[一二三四五六七八九十]|1[0-2]|[1-9])月", low):
        month = _ZH_ORDINAL.get(number) or int(number)
        terms.add(_MONTHS_EN[month - 1][:5])
    for day in re.findall(r"(?:周|星期|礼拜)([一二三四五六日天])", low):
        terms.add(_DAYS_EN[-1 if day in "日天" else _ZH_ORDINAL[day] - 1][:5])
    return terms


#: Meaning alone forgets a note only when it is this much nearer than every other note (cosines of e5
#: vectors crowd together, so the lead decides, not the level): a retraction by topic leads by 0.025-0.10,
#: a "that" with no topic words by under 0.015 (measured on the dev half's retraction items).
SEMANTIC_LEAD = 0.03
#: ... and this much nearer than the nearest note in the other language: the cosine favours notes in the request's
#: language by about as much as a lead (「欠钱那个 delete 掉」: 「用户是护士。」 0.828, "User owes their brother 5000
#: dollars." 0.792), so a note of the other language that close is asked about, never passed over.
CROSS_LEAD = 0.06
#: Below the lead, notes this close to the best are the candidates to ask about.
ASK_SPREAD = 0.03
#: A word-matched note this far below the best word-matched one in meaning is another topic sharing a word.
LEXICAL_SPREAD = 0.06


def _near_best(found: list[Note]) -> list[Note]:
    """Of several word-matched notes, those close in meaning to the best one (all when no cosine is known)."""
    best = max(n.similarity for n in found)
    if best <= 0.0:
        return found
    return [n for n in found if n.similarity >= best - LEXICAL_SPREAD]


def _of_kind(topic: str, notes: Sequence[Note]) -> list[Note]:
    """Notes stating the kind of thing the topic names ("my medical stuff" → the health notes), of the person the
    topic is about ("where I work" is the user's job, not the wife's) — or the user's own when the person is that
    kind ("my therapist": 「用户每周去看心理医生」, matched across languages by the kind, not by a cosine)."""
    wanted = topic_kinds(topic) - {"pref", "schedule", "family"}  # people are matched by their words
    if not wanted:
        return []
    whose = topic_holder(topic)
    role = bool(topic_kinds(whose) & wanted)  # "my therapist" names a kind: the user's notes of seeing one are meant
    return [n for n in notes if profile(n.content).slots & wanted
            and (_names(whose, holder(n.content)) or (role and holder(n.content) == "user"))]


def topic_holder(topic: str) -> str:
    """Whose notes the topic names: a relation ("my sister", 「我姐」) or ``user``."""
    body = re.sub(r"^(?:my|me|i)\s+|^用户的?|^我的?", "", topic.strip(), flags=re.I)
    if re.match(r"(?:她|他)(?!们)|(?:her|his|him)\b", body, re.I):
        return "?"  # 「她学校」 with no one to resolve she to: someone the user spoke of
    return holder(("用户" if re.match(r"[\u3400-\u9fff]", body) else "User's ") + body) if body else "user"


#: The user names a thing as their own ("my car", 「我的车」): the notes of another person's one are not meant.
_OWN = re.compile(r"\bmy\b|我的|用户的?", re.I)


def _own_only(request: Retraction, lexical: list[Note]) -> bool:
    """The user names the thing as their own and some word-matched note is the user's own."""
    return (topic_holder(request.topic) == "user" and bool(_OWN.search(request.said or request.topic))
            and any(holder(n.content) == "user" for n in lexical))


def _of_holder(request: Retraction, lexical: list[Note]) -> tuple[list[Note], list[Note]]:
    """The word-matched notes of the person the topic names or of the user speaking of them ("the neighbor thing":
    "User is sure their neighbor steals their packages"), and those of another person sharing the word
    ("sister" in "sister-in-law", 姐 in 姐夫): asked about when no note of the named person matched. "My car"
    with the user's car and the wife's: the user's."""
    whose = topic_holder(request.topic)
    if whose == "user":
        return ([n for n in lexical if holder(n.content) == "user"] if _own_only(request, lexical) else lexical), []
    own = [n for n in lexical if _names(whose, holder(n.content)) or holder(n.content) == "user"]
    return own, [n for n in lexical if n not in own]


#: Holders a topic names as a group ("my kid's school" is the son's or the daughter's).
_GROUPS = {"kid": ("son", "daughter", "child", "kid", "baby", "first child", "second child", "twins"),
           "parents": ("mother", "father", "parents"), "in-laws": ("mother-in-law", "father-in-law", "in-laws")}


def _names(whose: str, note_holder: str) -> bool:
    """A topic about ``whose`` may mean a note about ``note_holder`` (an unresolved he/she may be anyone but the user)."""
    return note_holder == "?" or (whose == "?" and note_holder != "user") or same_person(note_holder, whose) or note_holder in _GROUPS.get(whose, ())


def match(request: Retraction, notes: Sequence[Note]) -> Match:
    """The notes ``request`` means (see the module docstring)."""
    if request.scope == "all" or not notes:
        return Match()
    if request.scope in ("last", "first"):
        recent = [n for n in notes if n.recent]
        return Match(forget=tuple(recent))
    wanted = terms(request.topic)
    lexical = _sharing(request, notes, wanted)
    if lexical and not request.quoted and _own_only(request, lexical):
        notes = [n for n in notes if holder(n.content) == "user"]  # "my car": the wife's car is no rival
    if lexical and not request.quoted:
        lexical, others = _of_holder(request, lexical)
        if not lexical:
            return Match(ask=tuple(sorted(others, key=lambda n: -n.similarity)[:3]))
    if lexical:
        return _disputed(_by_words(request, lexical, wanted, notes), notes, request)
    if any(wanted & terms(n.content) for n in notes):
        return by_meaning(notes)  # only a character of the topic's word is shared: no kind of thing is named
    by_kind = _of_kind(request.topic, notes)
    if by_kind:  # a category ("my medical stuff") names every note of its kind
        return Match(forget=tuple(by_kind))
    return by_meaning(notes)


def _sharing(request: Retraction, notes: Sequence[Note], wanted: set[str]) -> list[Note]:
    """The notes sharing a term with the topic; those holding the quoted words when any does. A single character
    shared is no match when the word it is part of is not in the note (「车贷」 is no word of 「开的是途观车」)."""
    lexical = [n for n in notes if wanted & terms(n.content)
               and not _char_only(request.topic, wanted & terms(n.content), n.content)]
    if request.quoted:
        exact = [n for n in notes if request.quoted.casefold() in n.content.casefold()]
        lexical = exact or lexical
    return lexical


def sharing(request: Retraction, notes: Sequence[Note]) -> list[Note]:
    """The notes sharing a word of the request's topic (or holding its quoted words)."""
    return _sharing(request, notes, terms(request.topic))


def _char_only(topic: str, shared: set[str], content: str) -> bool:
    """Only single characters are shared, each inside a longer word of the topic none of whose other characters
    the note holds (「车」 of 「车贷」 in 「开的是途观车」, not in 「车是贷款买的」)."""
    runs = re.findall(r"[\u3400-\u9fff]{2,}", topic)
    return all(len(t) == 1 and any(t in r and not (set(r) - {t}) & set(content) for r in runs) for t in shared)


def _most_shared(lexical: list[Note], wanted: set[str], topic: str) -> list[Note]:
    """The notes sharing the most terms with the topic, then the most of its Chinese characters (「车贷」: 「车是贷款买的」
    over 「开的是途观的车」)."""
    chars = set(re.findall(r"[\u3400-\u9fff]", topic.replace("用户", ""))) - set("的是了在和我你他她")

    def shared(n: Note) -> tuple[int, int]:
        return len(wanted & terms(n.content)), len(chars & set(n.content))

    most = max(shared(n) for n in lexical)
    return [n for n in lexical if shared(n) == most]


def _by_words(request: Retraction, lexical: list[Note], wanted: set[str], notes: Sequence[Note]) -> Match:
    """Of the notes sharing the topic's words: all near the best for a plural request, else those sharing the
    most words — asked about with the notes that add to a single one, the one recent among them, or one
    clearly nearest, or the ones to ask about."""
    if _PLURAL.search(request.said or request.topic) and not request.quoted:
        return Match(forget=tuple(_near_best(lexical)))  # 「关于我老家和爸妈的，都忘掉吧」: every note sharing a word
    lexical = _near_best(_most_shared(lexical, wanted, request.topic))
    added = add_ons(lexical, notes) if len(lexical) == 1 and not request.quoted else []
    if added:
        return Match(ask=tuple(lexical + added))
    recent = [n for n in lexical if n.recent]
    if len(recent) == 1 and len(lexical) > 1:
        return Match(forget=tuple(recent))
    return _one_or_ask(request, lexical)


def language(text: str) -> str:
    """``zh`` for a text written mostly in Chinese characters, else ``en``."""
    return "zh" if len(re.findall(r"[\u3400-\u9fff]", text)) * 3 >= len(re.findall(r"[A-Za-z]", text)) else "en"


def equally_near(chosen: Note, notes: Sequence[Note]) -> list[Note]:
    """Other notes of ``chosen``'s language nearer in meaning to the request: the words chose one, the meaning
    another as well — two candidates about equally near are asked about, never guessed. A note in the other
    language is no rival: the cosine favours the request's own language (「Tom那件事就当我没说」 is nearer to
    「用户住在杭州西湖区」 than to "User's boss Tom is a total jerk")."""
    if chosen.similarity <= 0.0:
        return []
    own = language(chosen.content)
    return [n for n in notes if n.id != chosen.id and n.similarity > chosen.similarity and language(n.content) == own]


def _disputed(found: Match, notes: Sequence[Note], request: Retraction) -> Match:
    """One note forgotten by its words, with another nearer in meaning: ask about both."""
    if len(found.forget) != 1 or request.quoted:
        return found
    rivals = equally_near(found.forget[0], notes)
    return Match(ask=(found.forget[0], *sorted(rivals, key=lambda n: -n.similarity)[:2])) if rivals else found


#: A note that adds to another without naming it ("周日还有一场，五月天" after the Saturday concert, "and aspirin too"):
#: the supersede gate's add-on words, and "one more".
_ADD_ON = re.compile(rf"{ADD_ON.pattern}|\bone more\b", re.I)


def add_ons(found: Sequence[Note], notes: Sequence[Note]) -> list[Note]:
    """Notes that add to the one the topic's words found, near it in meaning: the topic may mean either, so both
    are asked about (「删掉演唱会那个」 with a Saturday concert and "one more on Sunday")."""
    floor = min(n.similarity for n in found) - LEXICAL_SPREAD
    return [n for n in notes if n not in found and _ADD_ON.search(n.content) and n.similarity > 0.0
            and n.similarity >= floor][:2]


#: A request for several notes ("都忘掉", "all of it", "the medical stuff"): closed-class quantifiers, either language.
_PLURAL = re.compile(r"都|全|所有|一切|那些|这些|\ball\b|\bevery|\bstuff\b|\bthings\b|\bany(?:thing)?\b", re.I)


def _one_or_ask(request: Retraction, found: list[Note]) -> Match:
    """Several notes share the topic's words: all of them when the user asks for several, else the one clearly
    nearest in meaning, else ask ("forget that thing about my sister" with a sister and a sister-in-law)."""
    if len(found) == 1 or _PLURAL.search(request.said or request.topic):
        return Match(forget=tuple(found))
    nearest = by_meaning(found)
    return nearest if nearest.forget else Match(ask=tuple(sorted(found, key=lambda n: -n.similarity)[:3]))


def by_meaning(notes: Sequence[Note]) -> Match:
    """The note clearly nearest in meaning (across languages: the vectors are multilingual), else the ones to ask
    about; nothing when no similarity is known."""
    ranked = sorted(notes, key=lambda n: -n.similarity)
    if not ranked or ranked[0].similarity <= 0.0:
        return Match()
    best = ranked[0]
    if len(ranked) == 1:  # one note: nothing to lead over, so meaning alone cannot tell it is the one meant
        return Match(ask=(best,))
    other = next((n for n in ranked if language(n.content) != language(best.content)), None)
    close = [n for n in ranked[:3] if n.similarity >= best.similarity - ASK_SPREAD]
    if other is not None and other not in close and best.similarity - other.similarity < CROSS_LEAD:
        close.append(other)  # the best of the other language may be the one meant: asked about too
    if best.similarity - ranked[1].similarity >= SEMANTIC_LEAD and close == [best]:
        return Match(forget=(best,))
    return Match(ask=tuple(close))
