"""Corrections and changes that lean on what was just said: the value they replace, in the note that held it.

"Actually make it Thursday", 「说错了，是周四不是周二」, "Kate* she hates Katie", 「三点，看错日历了」,
"100mg, typo", 「啊不是，是磺胺，青霉素没事」: each names a new value and leaves the subject to the
conversation. :func:`amend` finds the note it corrects among the user's recent memories (this
session's first, then the most similar ones) and returns that note with the old value
replaced, plus the id it supersedes — so the update keeps the subject the user did not repeat.

Values are typed (numbers with their unit, weekdays, dates, times, codes, words); the old
value is the one of the same type in the note, or the word the user says was wrong
("青霉素没事", "not vegetarian", "Deloitte was my last job"), or a look-alike of the new word
(a typo: 广洲 → 广州, Katie → Kate).
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from pipelines.extract.amend_cues import CHANGE_CUE, NOISE_WORDS, function_word, has_cue
from pipelines.extract.correction import is_correction
from pipelines.extract.amend_ellipsis import EN_ELLIPSIS_FILLER
from pipelines.extract.amend_reply import reply_change, short_reply
from pipelines.extract.amend_shapes import read_shapes, shape_change
from pipelines.extract.amend_values import bare_value, day_change, kind_change, said_hour, same_type, time_change, unit_of
from pipelines.extract.amend_whole import drop_stale_date, kin_amend, restated, whole_value
from pipelines.extract.amend_words import kin_change, names_relative, place_change, word_change, zh_change
from pipelines.extract.rules import is_request
from pipelines.extract.supersede_gate import says_add, topic_terms
from pipelines.extract.trigger import split_sentences


@dataclass(frozen=True)
class Amendment:
    """The corrected note and the memory it supersedes."""

    memory_id: int
    content: str
    old: str
    new: str


def amend(text: str, notes: Sequence[tuple[int, str]]) -> Amendment | None:
    """The note among ``notes`` (newest first) that ``text`` corrects, rewritten; None when it corrects none.

    The old value is replaced as a whole value (a number with its separators and magnitudes, a grade, a
    height, a place with its state, a name); when the change found is not a whole value, nothing is amended.
    A reply that adds a value ("周四也有", "Thursday too") corrects nothing unless it says it corrects.
    """
    text = _own_words(text)
    if not text:
        return None
    shaped = _by_shape(text, notes)
    if shaped is not None:
        return shaped
    lead = leading_value(text)
    if lead is not None:
        repaired = _amend(lead, notes, True)
        if repaired is not None and not function_word(repaired.old, repaired.new):
            return repaired
    strong = is_correction(text)
    if not strong and says_add(text):
        return None
    found = _amend(text, notes, strong)
    return None if found is not None and function_word(found.old, found.new) else found


#: Words a speaker puts before a value that repairs the one just said ("wait 35.", "ok realistically 5'10.").
_REPAIR_LEAD = re.compile(r"^(?:(?:ok|okay|well|wait|no|nah|oh|actually|realistically|honestly|technically|more like|"
                          r"closer to|um+|uh+|er+|哦|啊|呃|嗯|不对|其实)[\s,，.。…]*)+", re.I)


def leading_value(text: str) -> str | None:
    """The first sentence of a longer message when it is a number after a repair word ("wait 35. I literally just
    had a birthday", "ok realistically 5'10. the dating app version of me says 5'11"): that sentence repairs the
    value just said, whatever the rest tells; None otherwise (a message of one sentence is read as a whole)."""
    sentences = split_sentences(text)
    if len(sentences) < 2 or not _REPAIR_LEAD.match(sentences[0]):
        return None
    value = _REPAIR_LEAD.sub("", sentences[0]).strip(" .。!！")
    return value if re.fullmatch(r"\d[\d'’\".,:]*(?:\s?(?:am|pm|kg|lbs?|cm))?", value, re.I) else None


def _by_shape(text: str, notes: Sequence[tuple[int, str]]) -> Amendment | None:
    """The first note (newest first) holding a value the text dismisses in so many words ("X, not Y", 「不是Y是X」),
    with the value meant in its place; None when no shape of the text names a value of any note."""
    shapes = read_shapes(text)
    clean = re.sub(r"[*＊]", " ", text)
    for memory_id, note in notes if shapes else ():
        if kin_change(text, note) is not None:
            return None  # "my sister, Meg, not Rob": who it is changes too, which the relative's reading does
        for shape in shapes:
            change = shape_change(shape, note)
            if change is None or function_word(*change):
                continue
            content = whole_value(note, change[0], clean, change[1])
            if content:
                return Amendment(memory_id, drop_stale_date(content, change[0], change[1], clean), *change)
    return None


def _own_words(text: str) -> str:
    """The text without its tasks for the assistant: "remove the typo from my cover letter" corrects none of the
    user's notes (its "typo" is the letter's)."""
    sentences = split_sentences(text)
    if not any(is_request(s) for s in sentences):
        return text
    return " ".join(s for s in sentences if not is_request(s)).strip()


def amend_previous(text: str, note: str) -> str | None:
    """The note of the same message that a self-repair ("Wait no, 4th", 「说错了，是周四」) corrects, rewritten; None
    when the repair names no value of it (the caller keeps the repair in the user's words)."""
    found = _amend(text, [(0, note)], True)
    return None if found is None or function_word(found.old, found.new) else found.content


def amend_typed(text: str, note: str) -> str | None:
    """The note with the one typed value ``text`` names (a time, a day, a date, a number, an ordinal, a code) in
    place of its own of that type; None when ``text`` names none ("Actually I love hiking" changes no word of
    "User lives in Boston.": only a typed value is read after an opener that may start a statement of its own)."""
    change = same_type(text, note)
    if change is None or change[0] not in note or function_word(*change) or not _says_of(text, change[1], note):
        return None
    content = whole_value(note, change[0], text, change[1])
    return content if content and content != note else None


_REPAIR_FILLER = re.compile(r"不对|不是|其实|应该|哦|啊|呃|嗯|是|了|的|吧|呢|，|。")


def _says_of(text: str, value: str, note: str) -> bool:
    """Besides its value, ``text`` says nothing the note does not ("Actually it's 7pm" of "…at 6pm"; never
    "Actually we have 3 cats too" of "User has 2 kids.")."""
    rest = text.replace(value, " ")
    if re.search(r"[\u3400-\u9fff]", text):
        return set(re.findall(r"[\u3400-\u9fff]", _REPAIR_FILLER.sub("", rest))) <= set(note)
    low = note.casefold()
    words = [w for w in re.findall(r"[a-z0-9']+", rest.casefold()) if w not in NOISE_WORDS and w not in EN_ELLIPSIS_FILLER]
    return all(w in low for w in words)


def _amend(text: str, notes: Sequence[tuple[int, str]], strong: bool) -> Amendment | None:
    """:func:`amend` of a text that is no add-on (``strong``: it says it corrects)."""
    if notes and short_reply(text):
        memory_id, note = notes[0]  # a one-value reply fixes the note just written, no other
        starless = re.sub(r"\s*[*＊]\s*", " ", text).strip()  # "Feldman*": the star marks the fix, it is no letter
        change = _reply_fix(starless, note)
        if change is not None:
            content = whole_value(note, change[0], starless, change[1])
            return Amendment(memory_id, content, *change) if content else None
    if not (strong or has_cue(text) or bare_value(text) or TRUE_MEASURE.search(text)):
        return None
    return _amend_notes(text, notes, strong)


def _amend_notes(text: str, notes: Sequence[tuple[int, str]], strong: bool) -> Amendment | None:
    """The first note (newest first) ``text`` changes, rewritten; None when it changes none or no whole value."""
    clean = re.sub(r"[*＊]", " ", text)
    brief = len(re.findall(r"[A-Za-z0-9]+", text)) + len(re.findall(r"[\u3400-\u9fff]", text)) // 2 <= 8
    for memory_id, note in notes:
        if not (has_cue(text) or strong or bare_value(text) or _measured_repair(text, clean, note)):
            continue  # only "actually" of a measure of another note
        if not (strong or brief or topic_terms(text) & topic_terms(note) or _moves_typed(text, clean, note)):
            continue  # a longer message about something else: its numbers are not this note's
        if _about_another(text, note):
            continue  # "my son's allergic to tree nuts, not peanuts" beside the daughter's allergy: no fix of hers
        found = _amend_note(text, clean, note, strong)
        if found is not None:
            content, old, new = found
            return Amendment(memory_id, content, old, new) if content is not None else None
    return None


def _moves_typed(text: str, clean: str, note: str) -> bool:
    """A longer message that says a value moved ("actually make it thursday, they just called to reschedule",
    "ugh he's running late, let's say 8") and names another time, day or date than the note's: the note's value
    moves, whatever else the message tells (a plain number never does: "5 to go" is no new hour)."""
    if _measured_repair(text, clean, note):
        return True
    change = typed_value_change(clean, note) if CHANGE_CUE.search(text) else None
    return change is not None and (not re.fullmatch(r"\d{1,2}", change[1]) or said_hour(clean, change[1]))


#: "actually", 其实, "only": a measure said anew is the true one (「其实平均也就六千步」).
TRUE_MEASURE = re.compile(r"其实|实际上|也就|\bactually\b|\breally\b|\bmore like\b|\bonly\b", re.I)
#: Units of a measure of one thing (steps, km, pages, kg); a counter such as 次 or 个 is shared by any count.
_MEASURES = frozenset({"步", "公里", "km", "本", "页", "kg", "公斤", "斤", "lbs", "lb", "mg", "ml", "cm"})


def _measured_repair(text: str, clean: str, note: str) -> bool:
    """The text says "actually" of a measure in the note's own unit (「其实平均也就六千步」 of 「每天走一万步」)."""
    if not TRUE_MEASURE.search(text):
        return False
    counted = same_type(clean, note)
    return counted is not None and unit_of(counted[0]) in _MEASURES and unit_of(counted[0]) == unit_of(counted[1])


def _about_another(text: str, note: str) -> bool:
    """The text names another relative than the note's and dismisses a value of the note that is no person ("my son's
    allergic to tree nuts, NOT peanuts" of "…daughter's allergic to peanuts"): a fact of its own beside the note, never
    a fix of who it was ("my dad, not my mom", "my sister, Meg, not Rob" dismiss the person)."""
    if kin_change(text, note) is None:
        return False
    low = note.casefold()
    dismissed = [s.old for s in read_shapes(text)] + _NOT_ZH.findall(text)
    return any(old.casefold() in low and not names_relative(old) and not old[:1].isupper() for old in dismissed)


#: A Chinese value dismissed after the statement (「…，不是花生」).
_NOT_ZH = re.compile(r"(?:而|并)?不是([\u3400-\u9fff]{2,6}?)(?=[，,。！!；;]|$)")


def _reply_fix(starless: str, note: str) -> tuple[str, str] | None:
    """(old, new) a one-value reply makes to the note just written, when the old value is in it."""
    change = same_type(starless, note) or reply_change(starless, note)
    return change if change is not None and change[0] in note else None


def _amend_note(text: str, clean: str, note: str, strong: bool) -> tuple[str | None, str, str] | None:
    """(content, old, new) of ``note`` corrected by ``text``; content None when the change is no whole value
    (nothing is amended); None when ``text`` changes nothing of this note (the next one is tried)."""
    if strong and same_type(clean, note) is None and (kin := kin_change(text, note)) is not None:
        return kin_amend(text, clean, note, kin) or None, kin[0], kin[1]
    change = _note_change(text, clean, note, strong)
    if change is None:
        return None
    old, new = change
    if old not in note or not _zh_same_part(old, new, note):
        return None
    content = whole_value(note, old, clean, new) or restated(clean, note, new)
    content = content and drop_stale_date(content, old, new, clean)
    content = content and _other_values(clean, content, note, new)
    return content, old, new  # content None: no amendment rather than a spliced sentence


def _other_values(clean: str, content: str, note: str, new: str) -> str:
    """``content`` with one further typed value the text gives anew: "actually the 21st, at 5" of a meeting "at 3pm
    on June 14th" moves the hour and the day; 「改成周日上午十点」 of 「周六下午三点」 the day and the hour (a value
    of another type, never a plain number, never one the text dismisses: 「周六满了」)."""
    rest = clean.replace(new, " ")
    change = typed_value_change(rest, content)
    if change is None or change[0] not in content or function_word(*change):
        return content
    if change[0] in new or new in change[0] or change[1] in note:
        return content  # the value just written, or the note's own said again ("the 2nd was the old booking")
    return whole_value(content, change[0], rest, change[1]) or content


def _same_part(old: str, new: str) -> bool:
    """The jieba tags of an old word (read in its note) and a new one (read alone) may be one part of speech: no
    verb of the note is replaced by a noun (a word alone is tagged less surely: 开封 alone reads as a verb)."""
    return not (old[:1] == "v" and new[:1] == "n")


def _zh_same_part(old: str, new: str, note: str) -> bool:
    """A Chinese word replaces no word of another part of speech: 「哦不，是上海」 never replaces the verb 上班 that
    looks alike (「用户在北京上班。」 became 「用户在北京上海。」). True when either
    side is no whole jieba word (a number, a code, a span inside a word)."""
    if not (re.search(r"[\u3400-\u9fff]", old) and re.search(r"[\u3400-\u9fff]", new)):
        return True
    from pipelines.extract.normalize import _zh_tokens  # noqa: PLC0415 - jieba only when Chinese is corrected

    old_tags = [flag for w, flag in _zh_tokens(note) if w == old]
    new_tags = list(_zh_tokens(new))
    if not old_tags or len(new_tags) != 1:
        return True
    return _same_part(old_tags[0], new_tags[0][1])


def _note_change(text: str, clean: str, note: str, strong: bool) -> tuple[str, str] | None:
    """(old, new): a place's state, a typed value, then (after a strong cue) a Chinese or a word change."""
    zh = bool(re.search(r"[\u3400-\u9fff]", text))
    change = place_change(text, note) if strong else None
    return change or same_type(clean, note) or (((zh_change(text, note) if zh else None) or word_change(text, note))
                                                 if strong else None)


def typed_value_change(text: str, note: str) -> tuple[str, str] | None:
    """(old, new): a time, height, weekday, date, month or code of ``note`` that ``text`` gives another value
    (plain numbers left out: "404宿舍" is no new value of "三班")."""
    return time_change(text, note) or kind_change(text, note) or day_change(text, note)
