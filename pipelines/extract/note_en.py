"""An English statement as a third-person note "User ….", its subject resolved from the conversation.

I / my become the user (verb in the third person); a missing subject is the user when the first word's class says
so (a common verb, a state, a past tense, a gerund), or the user's person or thing when the sentence opens with one
("Husband's a pilot" → "User's husband's a pilot."); he / she is the person the last turns named. Structural cues
only: pronouns, a small closed list of auxiliaries and common verbs, and nouns of the subject lexicon.
"""
from __future__ import annotations

import re
from collections.abc import Sequence

from pipelines.extract.generic_en import _PAST, is_adverb, third_person  # noqa: PLC2701 - same package
from pipelines.extract.notes import swap
from pipelines.extract.subject import LEXICON
from pipelines.extract.user_words import is_cjk, quoted, tidy

#: People, pets and possessions a subject-less sentence may open with ("Husband's a pilot").
_OWNED_EN = frozenset(set(LEXICON.values()) | set("""kids kid son sons daughter daughters wife husband mom mum dad mother
    father parents sister sisters brother brothers grandma grandpa grandmother grandfather boyfriend girlfriend partner fiance
    fiancee boss manager coworker coworkers roommate roommates landlord neighbor neighbour cousin aunt uncle niece nephew
    in-laws dog dogs cat cats puppy kitten pet pets car job work office commute rent salary birthday anniversary name
    favorite favourite fav hometown house apartment flat place team family baby twins ex doctor therapist dentist teacher
    school major degree phone laptop blood height weight shoe size diet meds medication commute""".split()))
_AUX_EN = frozenset("is are was were 's has have had will can can't won't just turns turned starts started got gets "
                    "likes loves hates works lives wants thinks says said keeps died passed".split())
#: Common verbs a subject-less English statement opens with (base form → "User <verb>s").
_VERBS_EN = frozenset("""love like hate enjoy prefer work live drink eat play take have go run walk cook speak study teach need
    own use wear watch read listen ride drive bike swim train practice practise commute visit attend volunteer collect
    coach sing write paint draw bake grow hike climb surf ski skate shoot knit sew dance stream code build make know
    speak teach do avoid carry keep miss plan hope want get"""
                       .split())
#: Past participles that describe a state or an event of the user ("Born in 1988" → "User was born in 1988").
_WAS_EN = frozenset("born diagnosed raised adopted hired fired laid promoted transferred stationed baptized named".split())
_IS_EN = frozenset("""married divorced engaged separated retired widowed based located employed unemployed allergic vegan
    vegetarian pescatarian single pregnant lactose intolerant obsessed addicted afraid scared terrified diabetic
    asthmatic celiac colorblind left-handed right-handed self-employed""".split())
_MODAL_EN = {"can't": "can't", "cannot": "cannot", "can": "can", "don't": "doesn't", "didn't": "didn't", "won't": "won't",
             "never": "never", "will": "will", "should": "should", "must": "must", "used": "used", "hardly": "hardly"}
_ADVERBS_EN = frozenset("just recently finally usually always never still also only mostly currently basically really "
                        "often sometimes rarely barely actually totally".split())
_PRONOUN_EN = {"he": "he", "she": "she", "they": "they", "it": "it", "his": "his", "her": "her", "their": "their"}
#: The words of :data:`_OWNED_EN` that he / she / his / her may stand for: people and pets, never a thing of the user's
#: ("My flight is on the 12th. His sister …" is no flight's sister).
_PEOPLE_EN = frozenset("""kids kid son sons daughter daughters wife husband mom mum dad mother father parents sister sisters
    brother brothers grandma grandpa grandmother grandfather boyfriend girlfriend partner fiance fiancee boss manager
    coworker coworkers roommate roommates landlord neighbor neighbour cousin aunt uncle niece nephew in-laws dog dogs cat
    cats puppy kitten pet pets baby twins ex doctor therapist dentist teacher friend bestie colleague mentor""".split())
#: Capitalised words that are no one's name: months, weekdays ("I moved here on September 3rd" names no person).
_NOT_NAMES = frozenset("""January February March April May June July August September October November December Monday
    Tuesday Wednesday Thursday Friday Saturday Sunday Jan Feb Mar Apr Jun Jul Aug Sep Sept Oct Nov Dec Mon Tue Tues Wed Thu
    Thurs Fri Sat Sun Christmas Easter""".split())


def referent_en(recent: Sequence[str]) -> str | None:
    """The last person or pet the user named ("my sister" → "User's sister", or a capitalised name that is no month or
    weekday); a thing of the user's ("my flight") is no one he / she stands for."""
    for turn in reversed(recent):
        if is_cjk(turn):
            continue
        owned = re.findall(r"\bmy ([a-z-]+)", turn, re.I)
        owned = [w for w in owned if w.lower() in _PEOPLE_EN]
        if owned:
            return f"User's {owned[-1].lower()}"
        names = [n for n in re.findall(r"(?<=[a-z,] )([A-Z][a-z]+)\b", turn) if n not in _NOT_NAMES]
        if names:
            return str(names[-1])
    return None


#: Verbs whose past tense is their base form ("I quit last year"): read as past when the clause says when in the past.
_SAME_PAST = frozenset("quit put cut set hit let hurt shut split spread cost bet burst cast".split())
_PAST_TIME = re.compile(r"\b(?:last|ago|yesterday|in (?:19|20)\d\d|back in|when i was|earlier this)\b", re.I)


def _verb_of(verb: str, rest: str) -> str:
    """The user's verb in the third person, a base-form past ("quit … last year") left as said."""
    v = verb.lower()
    if v == "quit" or v in _SAME_PAST and _PAST_TIME.search(rest):  # "I quit my job" is done, no habit of quitting
        return v
    return third_person(verb)


#: "According to my doctor, I need more iron": the view is the holder's, never "User is according to …".
_ACCORDING = re.compile(r"^according to\s+(?P<who>(?:my|our)\s+[^,]+?|[A-Z][a-z]+)(?:,\s*|\s+(?=(?:i|i'm|the|a|an|my|we|it|"
                        r"there|they|he|she|[A-Z][a-z]+)\b))(?P<rest>.+)$", re.I)


def according_en(s: str) -> str | None:
    """"According to my neighbour the bakery closes in March" → "According to the user's neighbour, the bakery closes
    in March" (the holder named, the user's words kept); ``None`` for any other sentence."""
    m = _ACCORDING.match(s)
    if m is None:
        return None
    who = re.sub(r"^(?:my|our)\b", "the user's", m.group("who"), flags=re.I)
    return f"According to {who}, {swap(m.group('rest'))}"


def _first_person_en(s: str) -> str:
    """ "I ..." / "I'm ..." / "my ..." → "User ...", "User's ..." (verb in the third person)."""
    m = re.match(r"^(i'm|im|i am|i've|ive|i'll|i'd|i)\b\s*(.*)$", s, re.I)
    if m is None:
        return f"User's {swap(s[3:])}"
    head, rest = m.group(1).lower(), m.group(2)
    aux = {"i'm": "is", "im": "is", "i am": "is", "i've": "has", "ive": "has", "i'll": "will", "i'd": "would"}.get(head)
    if aux:
        return f"User {aux} {swap(rest)}"
    words = rest.split(maxsplit=2)
    if len(words) >= 2 and is_adverb(words[0]):
        return f"User {words[0].lower()} {_verb_of(words[1], rest)} {swap(' '.join(words[2:]))}".rstrip()
    if words:
        return f"User {_verb_of(words[0], rest)} {swap(' '.join(words[1:]))}".rstrip()
    return ""


def _subjectless_en(s: str, words: list[str]) -> str | None:
    """A sentence without a subject: the user is it, when the first word's class says so."""
    w = words[0].lower().strip("!,.;:")
    second = words[1].lower() if len(words) > 1 else ""
    lower = s[0].lower() + s[1:]
    if _owned_en(w, second, words):
        return f"User's {swap(lower)}"
    state = _state_en(w)
    if state is not None:
        return f"User {state} {swap(lower)}"
    if _adverb_led_en(w, second):
        return f"User {swap(lower)}"
    verb = _verb_en(w)
    if verb is not None:
        return f"User {verb} {swap(' '.join(words[1:]))}".rstrip()
    return _shaped_en(w, second, lower)


def _owned_en(w: str, second: str, words: list[str]) -> bool:
    """"sister's a nurse", "kids are grown": something of the user's leads."""
    return w.endswith("'s") and w[:-2] in _OWNED_EN or w in _OWNED_EN and (second in _AUX_EN or len(words) == 1)


def _state_en(w: str) -> str | None:
    """The auxiliary a state word leads with ("been …" → has, "born …" → was, "married" → is)."""
    if w == "been":
        return "has"
    if w in _WAS_EN:
        return "was"
    return "is" if w in _IS_EN else None


def _adverb_led_en(w: str, second: str) -> bool:
    return w in _ADVERBS_EN and bool(second) and (second in _VERBS_EN or second.endswith("ed")
                                                  or third_person(second) == second)


def _verb_en(w: str) -> str | None:
    """The first word as the user's verb in the third person (a common verb or a modal)."""
    if w in _VERBS_EN:
        return third_person(w)
    return _MODAL_EN[w] if w in _MODAL_EN else None


def _shaped_en(w: str, second: str, lower: str) -> str | None:
    """A first word whose form says the user is its subject: a past tense, a gerund, a moved "-ed … to"."""
    if w in _PAST:
        return f"User {swap(lower)}"
    if w.endswith("ing") and second not in _AUX_EN and w not in ("morning", "evening", "nothing", "something", "everything"):
        return f"User is {swap(lower)}"
    if w.endswith("ed") and second in ("to", "from", "in", "out", "back", "up", "here", "there", "into", "away", "on"):
        return f"User {swap(lower)}"
    return None


def _led_en(s: str, words: list[str], w: str, recent: Sequence[str]) -> str:
    """The note by the sentence's first word ``w``: the user, a verb or pronoun of the person just named, or none."""
    if w == "according" and (held := according_en(s)):
        return held
    if w in ("i", "i'm", "im", "i've", "ive", "i'll", "i'd", "my") or s.lower().startswith("i am "):
        return _first_person_en(s)
    if w in ("lives", "works", "is", "has", "was", "does", "loves", "likes", "hates", "wants", "goes", "plays", "turns"):
        who = referent_en(recent)  # "lives with my parents" after "my grandma …": she does, not the user
        mine = re.sub(r"\bmy\b", "the user's", re.sub(r"\bme\b", "the user", s[0].lower() + s[1:], flags=re.I), flags=re.I)
        return f"{who} {swap(mine)}" if who else ""
    if w in _PRONOUN_EN and w not in ("they", "their"):
        return _pronoun_led_en(words, w, recent)
    return _subjectless_en(s, words) or ""


def _pronoun_led_en(words: list[str], w: str, recent: Sequence[str]) -> str:
    """"she …" / "her …" about the person the user last named; empty when none is known."""
    who = referent_en(recent)
    rest = " ".join(words[1:])
    if who and w in ("he", "she"):
        return f"{who} {swap(rest)}"
    return f"{who}'s {swap(rest)}" if who and w in ("his", "her") else ""


def _mentions_me_en(s: str, w: str) -> bool:
    """The sentence speaks of the user in the object case ("… for me", "my …") and no other subject leads."""
    return bool(re.search(r"\b(?:me|my|mine|myself)\b", s, re.I)) and w not in _PRONOUN_EN and w not in ("we", "our", "us")


def note_en(sentence: str, recent: Sequence[str] = ()) -> str:
    """An English statement as "User …." (see the module docstring)."""
    s = tidy(sentence)
    words = s.split()
    if not words:
        return ""
    w = words[0].lower().strip("!,.;:")
    out = _led_en(s, words, w, recent)
    if not out and _mentions_me_en(s, w):
        out = re.sub(r"\bmy\b", "the user's", re.sub(r"\b(?:me|myself)\b", "the user", s, flags=re.I), flags=re.I)
        out = swap(out[0].upper() + out[1:])  # "…to me, I can't sleep after": the later "I" is the user too
    if not out:
        return quoted(s)
    return out.rstrip(" ,;:") + "."
