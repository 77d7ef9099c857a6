"""English rule table: one first-person clause → zero or more candidates with their subject.

Each rule is a regular expression over one clause (pronoun "I"/"my"; third-person notes
such as "User lives in Berlin." are turned into first person before they get here, so
verbs accept a trailing -s) and a builder. The first rule that yields a candidate wins.
"""
from __future__ import annotations

from typing import TypeAlias
import re
from collections.abc import Callable

from pipelines.extract.candidate import Candidate
from pipelines.extract.notes import DEC, EPI, FACT, MASK, P, PREF, make, obj, place, split_items, swap
from pipelines.extract.generic_en import CONVERSATIONAL, WHEN, generic_note, plan, third_person
from pipelines.extract.subject import canon_date

Built: TypeAlias = "Candidate | list[Candidate] | None"
Rule = tuple[re.Pattern[str], Callable[[re.Match[str]], Built]]

_I_AM = r"\bI(?:'m| am| is|m)"
_NAME = r"(?P<v>[A-Z][\w'.-]*(?:\s+[A-Z][\w'.-]*){0,2})"
_NOT_NAMES = frozenset("""Chinese American British English French German Japanese Korean Indian Canadian
    Australian Italian Spanish Russian Brazilian Mexican Vietnamese Thai Back Here Fine Good Sorry Done Ok Okay
    Ready Sure Afraid Home Tired Happy Sad Busy Free Single Married Vegan Vegetarian Not Also Just Still""".split())
_LANGS = (r"english|chinese|mandarin|cantonese|japanese|korean|french|german|spanish|russian|italian|"
          r"portuguese|arabic|hindi|dutch|swedish|thai|vietnamese")
_REL = (r"wife|husband|son|daughter|kids?|child|children|mom|mother|mum|dad|father|sister|brother|girlfriend|"
        r"boyfriend|partner|fianc[ée]e?|boss|manager|colleague|coworker|friend|best friend|roommate|grandma|"
        r"grandmother|grandpa|grandfather|aunt|uncle|cousin|parents|teacher|doctor|dog|cat|puppy|kitten|"
        r"bird|parrot|rabbit|hamster")
_PETS = r"golden retrievers?|labradors?|poodles?|corgis?|huskies|husky|beagles?|bulldogs?|dogs?|cats?|puppy|puppies|kittens?|rabbits?|hamsters?|parrots?|birds?|goldfish|fish|turtles?|guinea pigs?|snakes?|horses?"
_JOBS = re.compile(
    r"\b(?:engineer|developer|programmer|designer|doctor|nurse|teacher|professor|student|lawyer|accountant|"
    r"manager|analyst|scientist|researcher|consultant|writer|journalist|chef|cook|driver|pilot|artist|musician|"
    r"architect|dentist|pharmacist|farmer|freelancer|entrepreneur|founder|ceo|cto|cfo|intern|tutor|translator|"
    r"editor|photographer|salesperson|marketer|officer|clerk|cashier|waiter|waitress|barista|mechanic|"
    r"electrician|plumber|firefighter|soldier|veterinarian|vet|therapist|psychologist|retiree|homemaker|"
    r"housewife|nanny|librarian|economist|banker|trader|investor|recruiter|coach|trainer|athlete|actor|"
    r"actress|singer|undergrad|undergraduate|grad student|phd student|postdoc|lecturer|principal|surgeon|"
    r"physician|paramedic|secretary|assistant|administrator|tester|owner|director|specialist|coordinator|"
    r"technician|operator|worker|employee|contractor|agent|broker|realtor|auditor|statistician|"
    r"mathematician|physicist|chemist|biologist|pm|lead|head|president|vp|sre|devops|carpenter|tailor|"
    r"baker|butcher|guard|professional|representative|strategist|planner|executive)s?$", re.I)
_CONDITIONS = (r"(?:type [12] )?diabetes|asthma|hypertension|high blood pressure|high cholesterol|migraines?|"
               r"insomnia|depression|anxiety|adhd|autism|arthritis|cancer|eczema|gout|anemia|epilepsy|"
               r"celiac disease|a heart condition|heart disease|back pain|a bad back|chronic [\w ]+|[\w-]+itis|"
               r"[\w -]+ disease|[\w -]+ syndrome|[\w -]+ disorder|a pacemaker|glaucoma|psoriasis|scoliosis")
_STATES = r"diabetic|asthmatic|pregnant|lactose[- ]intolerant|gluten[- ]intolerant|colou?r ?blind|deaf|hard of hearing|epileptic"
_EVENTS = (r"deadline|appointment|meeting|interview|exam|flight|trip|wedding|party|surgery|presentation|"
           r"vacation|holiday|due date|move|launch|release|test|checkup|check-up|defen[cs]e|conference")
def _name(m: re.Match[str]) -> Built:
    v = m.group("v")
    v = v[:1].upper() + v[1:]
    if v.split()[0].lower() in {"at", "on", "back", "later", "tomorrow", "soon", "when", "if", "anytime", "by", "the"}:
        return None
    return None if v in _NOT_NAMES else make(P, f"User's name is {v}.", "name", None, v)


def _job(phrase: str, rel: str | None = None) -> Built:
    phrase = obj(phrase)
    core = re.sub(r"\s+(?:at|for|in|with)\s+.*$", "", phrase, flags=re.I)
    if not _JOBS.search(core) or re.search(r"\b(?:fan|lover|beginner|member|user|customer|person)\b", core, re.I):
        return None
    who = f"User's {rel}" if rel else "User"
    return make(P, f"{who} is {phrase}.", "occupation", rel, re.sub(r"^(?:an?|the)\s+", "", core, flags=re.I))


def _work(m: re.Match[str]) -> Built:
    rest = m.group("v")
    out = []
    parts = re.split(r"\s+as\s+", rest, maxsplit=1, flags=re.I)
    emp = place(parts[0])
    out.append(make(P, f"User works at {emp}.", "employer", None, emp))
    if len(parts) > 1:
        out.append(make(P, f"User works as {obj(parts[1])}.", "occupation", None,
                        re.sub(r"^(?:an?|the)\s+", "", obj(parts[1]), flags=re.I)))
    return out


def _job_at(m: re.Match[str]) -> Built:
    job = _job(m.group("job"))
    if not job:
        return None
    out = job if isinstance(job, list) else [job]
    emp = place(m.group("emp"))
    return out + [make(P, f"User works at {emp}.", "employer", None, emp)]


_POS = [("can't stand", "can't stand", "--"), ("cannot stand", "can't stand", "--"), ("hate", "hates", "--"),
        ("detest", "hates", "--"), ("dislike", "dislikes", "-"), ("avoid", "avoids", "-"),
        ("adore", "adores", "++"), ("love", "loves", "++"), ("big fan", "is a big fan of", "++"),
        ("huge fan", "is a big fan of", "++"), ("fan", "is a fan of", "+"), ("into", "is into", "+"),
        ("prefer", "prefers", "+"), ("enjoy", "enjoys", "+"), ("like", "likes", "+"), ("drink", "drinks", "+"),
        ("eat", "eats", "+")]
_NEG = [("really like", "doesn't really like"), ("particularly like", "doesn't really like"),
        ("much like", "doesn't really like"), ("like", "doesn't like"), ("enjoy", "doesn't enjoy"),
        ("care for", "doesn't care for"), ("can't eat", "can't eat"), ("can't have", "can't have"),
        ("cannot eat", "can't eat"), ("eat", "doesn't eat"), ("drink", "doesn't drink"),
        ("fan of", "is not a fan of"), ("into", "is not into")]


def _pref(m: re.Match[str]) -> Built:
    verb = " ".join(m.group("verb").lower().split())
    raw = m.group("v")
    phrase, value = _pref_phrase(verb, raw, _pref_base(verb))
    cands = [_pref_item(item, phrase, value) for item in split_items(obj(raw)) if not _pointer(item)]
    return cands or None


def _pref_base(verb: str) -> str:
    """The liking verb the phrase is built on ("like", "care for", "can't eat")."""
    base = next((w for w in ("like", "enjoy", "drink", "eat", "care for", "fan of", "into") if w in verb), "like")
    cant = re.search(r"can(?:'t|not) (?:eat|have)", verb)
    if cant:
        base = re.sub(r"cannot", "can't", cant.group(0))
    return base


def _pref_phrase(verb: str, raw: str, base: str) -> tuple[str, str]:
    """(the note's verb phrase, the preference value): can't stand --, can't handle / no longer / not / never -,
    the positive verbs +."""
    return _cant(verb) or _lapsed(verb, raw, base) or next(((p, v) for k, p, v in _POS if k in verb), ("likes", "+"))


def _cant(verb: str) -> tuple[str, str] | None:
    if "stand" in verb:
        return "can't stand", "--"
    if re.search(r"handle|tolerate|take", verb):
        return "can't handle", "-"
    return None


def _lapsed(verb: str, raw: str, base: str) -> tuple[str, str] | None:
    """No longer, not, never: the negative phrases of a liking verb."""
    if _no_longer(verb, raw):
        return f"no longer {third_person(base) if ' ' not in base else base}", "-"
    if re.search(r"\bnot\b|n't", verb):
        phrase = next(p for k, p in _NEG if k in verb or k == base)
        return (base if base.startswith("can't") else phrase), "-"
    if "never" in verb:
        return f"never {third_person(base)}", "-"
    return None


def _no_longer(verb: str, raw: str) -> bool:
    """"no longer like", "don't drink coffee anymore"."""
    return "no longer" in verb or bool(re.search(r"\b(?:not|n't)\b|n't", verb)
                                       and re.search(r"\b(?:anymore|any more)\b", raw, re.I))


def _pointer(item: str) -> bool:
    """Nothing liked, or a pointer to the conversation ("it", "that so much", "the way you explain")."""
    return (not item or bool(re.fullmatch(r"(?:it|that|this|them|those|these|you|so|too|to|the idea|here|there)"
                                          r"(?:\s+(?:here|there|so much|a lot|very much|too))?", item, re.I))
            or bool(re.match(r"(?:that|this|it|these|those|your|what you|when|how|it when|the way you)\b", item, re.I)))


def _pref_item(item: str, phrase: str, value: str) -> Candidate:
    """One liked (or disliked) thing as a preference note; an answer style or language gets a slot of its own."""
    slot = _style_slot(item)
    qual = re.sub(r"\s+(?:over|rather than|more than|instead of|to|than|every|each|on|at|in|during|before|after|"
                  r"with|for|a|per|daily|only)\b.*$", "", item, flags=re.I)
    return make(PREF, f"User {phrase} {item}.", slot or "pref", None if slot else qual,
                value if not slot else f"{value} {item}")


def _style_slot(item: str) -> str | None:
    if re.search(rf"\b(?:{_LANGS})\b", item, re.I) and re.search(r"\b(?:answers?|repl(?:y|ies)|responses?|in)\b", item, re.I):
        return "language"
    if re.search(r"\b(?:answers?|responses?|replies|explanations?|concise|brief|short|detailed|verbose|bullet|"
                 r"formal|casual|tone)\b", item, re.I):
        return "answer_style"
    return None


def _allergy(m: re.Match[str], value: str = "yes") -> Built:
    lead = "User is no longer allergic to" if value == "no" else "User is allergic to"
    return [make(P, f"{lead} {item}.", "allergy", item, value) for item in split_items(obj(m.group("v")))] or None


def _event(m: re.Match[str]) -> Built:
    qual = (m.groupdict().get("q") or "").strip()
    event = m.group("e").lower()
    when = obj(m.group("v"))
    if not when or (not re.search(WHEN, when, re.I) and not canon_date(when) and not re.search(r"\d", when)):
        return None
    slot = "deadline" if event in {"deadline", "due date"} else event.replace("check-up", "checkup")
    what = f"{swap(qual)} {event}".strip()
    return make(FACT, f"User's {what} is {when}.", slot, qual or None, when)


def _lang_list(m: re.Match[str], slot: str, verb: str, value: str = "yes") -> Built:
    raw = re.sub(r"\b(?:fluent|fluently|some|a little|a bit of|basic|native|conversational|good|decent|"
                 r"business|and a little|a little bit of)\b\s*", "", m.group("v"), flags=re.I)
    langs = split_items(obj(raw))
    return [make(P, f"User {verb} {lang}.", slot, lang, value) for lang in langs if re.fullmatch(_LANGS, lang, re.I)] or None


def _rel(m: re.Match[str]) -> str:
    return m.group("rel").lower()


RULES: list[Rule] = [
    (re.compile(r"\b(?i:my name is|my name's|call me|I'm called|I am called|I'm named|I am named|I go by)\s+"
                r"(?P<v>[A-Za-z][\w'.-]*(?:\s+[A-Z][\w'.-]*){0,2})"), _name),
    (re.compile(r"^(?:hi|hello|hey)[,!]?\s+I(?:'m| am)\s+" + _NAME + r"$"), _name),
    (re.compile(r"\b(?:you can reach me at|call me at|text me at|my (?:new )?number is(?: now)?) (?P<v>" + MASK
                + r"|\+?\d[\d\s()-]{5,}\d)", re.I),
     lambda m: make(P, f"User's phone number is {m.group('v')}.", "phone", None, m.group("v"))),
    (re.compile(_I_AM + r" (?:now )?(?P<v>retired|unemployed|self-employed|between jobs|a stay-at-home (?:mom|dad|parent))\b",
                re.I), lambda m: make(P, f"User is {m.group('v').lower()}.", "occupation", None, m.group("v").lower())),
    (re.compile(r"\bI (?:no longer|don't|do not) work (?:at|for) (?P<v>.+?)(?: anymore| any more)?$", re.I),
     lambda m: make(P, f"User no longer works at {place(m.group('v'))}.", "employer", None, f"not {place(m.group('v'))}")),
    (re.compile(_I_AM + r"\s+(?P<v>\d{1,3})(?:\s*(?:years?|yrs?) old)?$", re.I),
     lambda m: make(P, f"User is {m.group('v')} years old.", "age", None, m.group("v"))),
    (re.compile(r"\bI (?:just )?turned (?P<v>\d{1,3})\b", re.I),
     lambda m: make(P, f"User is {m.group('v')} years old.", "age", None, m.group("v"))),
    (re.compile(r"\b(?i:my) (?P<rel>" + _REL + r")(?:'s name| is (?:named|called)|'s called|'s named| named| called)"
                r"(?: is)?\s+" + _NAME),
     lambda m: make(P, f"User's {_rel(m)} is named {m.group('v')}.", "name", _rel(m), m.group("v"))),
    (re.compile(r"\b" + _NAME.replace("?P<v>", "?P<n>") + r" is my (?P<rel>" + _REL + r")$"),
     lambda m: make(P, f"User's {_rel(m)} is {m.group('n')}.", "name", _rel(m), m.group("n"))),
    (re.compile(r"\bmy (?P<rel>" + _REL + r") is (?P<v>\d{1,2})(?: (?:years?|months?) old)?$", re.I),
     lambda m: make(P, f"User's {_rel(m)} is {m.group('v')} years old.", "age", _rel(m), m.group("v"))),
    (re.compile(r"\bmy (?P<rel>" + _REL + r") (?:lives?|is living|is based) in (?P<v>.+)", re.I),
     lambda m: make(P, f"User's {_rel(m)} {'live' if _rel(m).endswith(('s', 'children')) else 'lives'} in "
                    f"{place(m.group('v'))}.", "residence", _rel(m), place(m.group("v")))),
    (re.compile(r"\bmy (?P<rel>" + _REL + r") (?:works?|is working) (?:at|for) (?P<v>.+)", re.I),
     lambda m: make(P, f"User's {_rel(m)} works at {place(m.group('v'))}.", "employer", _rel(m), place(m.group("v")))),
    (re.compile(r"\bmy (?P<rel>" + _REL + r") is (?P<v>an? .+)", re.I), lambda m: _job(m.group("v"), _rel(m))),
    (re.compile(r"\bmy (?:birthday|birth date|date of birth|bday)(?: is|'s| falls)(?: on)? (?P<v>.+)", re.I),
     lambda m: make(P, f"User's birthday is {obj(m.group('v'))}.", "birthday", None, obj(m.group("v")))),
    (re.compile(r"\bI was born (?:on )?(?P<v>(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.? \d.*|"
                r"\d{1,2}(?:st|nd|rd|th)? (?:of )?[A-Za-z]+.*)", re.I),
     lambda m: make(P, f"User's birthday is {obj(m.group('v'))}.", "birthday", None, obj(m.group("v")))),
    (re.compile(r"\bI was born in (?P<v>\d{4})\b", re.I),
     lambda m: make(P, f"User was born in {m.group('v')}.", "birth_year", None, m.group("v"))),
    (re.compile(r"\bI was born (?:and raised )?in (?P<v>[A-Z].+)"),
     lambda m: make(P, f"User was born in {place(m.group('v'))}.", "birthplace", None, place(m.group("v")))),
    (re.compile(r"\bI(?:'m| am| is)? ?(?:currently |now |still |also )?(?:live|lives|living|based|staying|"
                r"residing|resides?) (?:in|at) (?P<v>" + MASK + r"|.+)", re.I),
     lambda m: make(P, f"User lives in {place(m.group('v'))}.", "residence", None, place(m.group("v")))),
    (re.compile(r"\b(?:I|we)(?: have|'ve| has)? (?:just |recently |finally |already )?(?:moved|relocated) to (?P<v>.+)", re.I),
     lambda m: make(P, f"User moved to {place(m.group('v'))}.", "residence", None, place(m.group("v")))),
    (re.compile(r"\bmy (?:home|house|apartment|flat) is in (?P<v>.+)", re.I),
     lambda m: make(P, f"User lives in {place(m.group('v'))}.", "residence", None, place(m.group("v")))),
    (re.compile(r"\bmy (?:home )?address is (?P<v>.+)", re.I),
     lambda m: make(P, f"User's address is {m.group('v').strip(' .')}.", "address", None, m.group("v"))),
    (re.compile(r"\b(?:I(?:'m| am| is) (?:originally )?from|I come from|I grew up in|my hometown is) (?P<v>.+)", re.I),
     lambda m: make(P, f"User is from {place(m.group('v'))}.", "hometown", None, place(m.group("v")))),
    (re.compile(r"\bmy (?:new |current |updated )?(?:phone|mobile|cell)(?: ?phone)?(?: number)? is (?:now )?(?P<v>" + MASK + r"|\+?\d[\d\s()-]{5,}\d)", re.I),
     lambda m: make(P, f"User's phone number is {m.group('v')}.", "phone", None, m.group("v"))),
    (re.compile(r"\bmy (?:new |current |updated )?(?:e-?mail|email address)(?: address)? is (?:now )?(?P<v>" + MASK + r"|\S+@\S+?)\.?$", re.I),
     lambda m: make(P, f"User's email is {m.group('v')}.", "email", None, m.group("v"))),
    (re.compile(r"\bmy (?:ID|identity card|ID card|resident ID|passport)(?: number)? is (?P<v>" + MASK + r"|\w{6,})", re.I),
     lambda m: make(P, f"User's ID number is {m.group('v')}.", "id_number", None, m.group("v"))),
    (re.compile(_I_AM + r" (?:no longer|not) (?:a |an )?(?P<v>vegetarian|vegan|pescatarian)(?: anymore)?\b", re.I),
     lambda m: make(P, f"User is no longer {m.group('v').lower()}.", "diet", None, f"not {m.group('v').lower()}")),
    (re.compile(_I_AM + r" (?:now )?(?:a |an )?(?:strict )?(?P<v>vegetarian|vegan|pescatarian|keto|"
                r"on a [\w-]+ diet|on a diet)\b", re.I),
     lambda m: make(P, f"User is {m.group('v').lower()}.", "diet", None, m.group("v").lower())),
    (re.compile(r"\bI (?:follow|eat|keep) (?:a )?(?P<v>halal|kosher|[\w-]+ diet|plant-based)\b", re.I),
     lambda m: make(P, f"User eats {m.group('v').lower()}.", "diet", None, m.group("v").lower())),
    (re.compile(_I_AM + r" (?:no longer|not) allergic to (?P<v>.+?)(?: anymore| any more)?$", re.I),
     lambda m: _allergy(m, "no")),
    (re.compile(_I_AM + r" (?:very |severely |mildly |slightly |also |really |highly )?allergic to (?P<v>.+)", re.I),
     _allergy),
    (re.compile(r"\bI(?: have|'ve got| have got|'ve| has| got) (?:a |an |some )?(?:severe |mild |bad |serious )?(?P<v>[\w ]+?) "
                r"allerg(?:y|ies)\b", re.I),
     _allergy),
    (re.compile(r"\b(?:I (?:have|has|'ve got|suffer from|suffers from|was diagnosed with|live with)) (?P<v>" + _CONDITIONS + r")\b", re.I),
     lambda m: make(P, f"User has {obj(m.group('v'))}.", "health", re.sub(r"^an? ", "", m.group("v")), "yes")),
    (re.compile(_I_AM + r" (?P<v>" + _STATES + r")\b", re.I),
     lambda m: make(P, f"User is {m.group('v').lower()}.", "health", m.group("v"), "yes")),
    (re.compile(r"\bI (?:have|has) (?P<n>no|one|two|three|four|five|six|a|an|\d|twins?) (?P<k>kids?|children|child|sons?|daughters?|"
                r"brothers?|sisters?|siblings?|grandchildren|grandkids?)\b(?P<v>.*)", re.I),
     lambda m: make(P, f"User has {m.group('n')} {m.group('k')}{swap(m.group('v')).rstrip('. ')}.",
                    "siblings" if re.match(r"(?:brother|sister|sibling)", m.group("k"), re.I) else "children",
                    None if re.match(r"(?:kid|child|sibling|grand)", m.group("k"), re.I) else m.group("k"),
                    m.group("n"))),
    (re.compile(_I_AM + r" (?:a )?(?:mom|mother|dad|father|parent) of (?P<n>\w+)", re.I),
     lambda m: make(P, f"User has {m.group('n')} children.", "children", None, m.group("n"))),
    (re.compile(r"\bI(?:'m| am| got| just got| have been| has been| is) (?P<v>married|engaged|divorced|single|"
                r"separated|widowed|in a relationship)\b(?P<rest>.*)", re.I),
     lambda m: make(P, f"User is {m.group('v').lower()}{swap(m.group('rest')).rstrip('. ')}.", "marital", None,
                    m.group("v").lower())),
    (re.compile(r"\b(?:I|we) (?:have|has|adopted|got|own|owns) (?P<n>a|an|one|two|three|four|\d) (?P<k>" + _PETS + r")"
                r"(?:,? (?:named|called) " + _NAME + r")?", re.I),
     lambda m: make(P, f"User has {m.group('n')} {m.group('k')}"
                    + (f" named {m.group('v')}" if m.group("v") else "") + ".", "pet", m.group("k"),
                    m.group("v") or m.group("n"))),
    (re.compile(r"\bI (?:speak|speaks|can speak|am fluent in|'m fluent in|is fluent in) (?P<v>.+)", re.I),
     lambda m: _lang_list(m, "speaks", "speaks")),
    (re.compile(r"\bI (?:don't|do not|can't|cannot|doesn't) speak (?P<v>.+)", re.I),
     lambda m: _lang_list(m, "speaks", "doesn't speak", "no")),
    (re.compile(r"\bmy (?:native language|mother tongue|first language) is (?P<v>.+)", re.I),
     lambda m: make(P, f"User's native language is {obj(m.group('v'))}.", "native_language", None, obj(m.group("v")))),
    (re.compile(r"\bI(?:'m| am| is) (?:currently |now )?learning (?P<v>.+)", re.I),
     lambda m: make(FACT, f"User is learning {obj(m.group('v'))}.", "learning", obj(m.group("v")), "yes")),
    (re.compile(r"^(?P<v>[\w' -]{2,30}?) (?:is|are) my (?:absolute |all-time )?favou?rite(?: (?P<q>[\w ]+))?$", re.I),
     lambda m: make(PREF, f"User's favorite {m.group('q') or 'thing'} is {obj(m.group('v'))}.", "favorite",
                    m.group("q"), obj(m.group("v"))) if m.group("q") else
     make(PREF, f"User loves {obj(m.group('v'))}.", "pref", obj(m.group("v")), "++")),
    (re.compile(r"\b(?:always |please )*(?:answer|reply|respond|write|talk|speak)(?: to me)? in (?P<v>" + _LANGS + r")\b", re.I),
     lambda m: make(PREF, f"User wants answers in {m.group('v').title()}.", "language", None, m.group("v"))),
    (re.compile(r"\bI works? (?:at|for) (?P<v>.+)", re.I), _work),
    (re.compile(r"\bI (?:have |'ve )?(?:just |recently )?(?:joined|started (?:working )?at|started a (?:new )?job at|"
                r"got a (?:new )?job at|am employed (?:at|by)|'m employed (?:at|by)) (?P<v>.+)", re.I), _work),
    (re.compile(r"\bmy (?:employer|company) is (?P<v>.+)", re.I), _work),
    (re.compile(r"\bI (?:work|works|am working|'m working) as (?P<v>.+)", re.I),
     lambda m: _job(m.group("v")) or make(P, f"User works as {obj(m.group('v'))}.", "occupation", None, obj(m.group("v")))),
    (re.compile(r"\bmy (?:job|job title|profession|occupation|role|position) is (?P<v>.+)", re.I),
     lambda m: make(P, f"User works as {obj(m.group('v'))}.", "occupation", None,
                    re.sub(r"^(?:an?|the)\s+", "", obj(m.group("v")), flags=re.I))),
    (re.compile(r"\bI works? in (?P<v>.+)", re.I),
     lambda m: make(P, f"User works in {place(m.group('v'))}.", "work_area", None, place(m.group("v")))),
    (re.compile(_I_AM + r" (?:now |currently |still )?(?P<job>an? .+?) (?:at|for|with) (?P<emp>[A-Z].+)"), _job_at),
    (re.compile(_I_AM + r" (?:now |currently |still )?(?:working as )?(?P<v>an? .+)", re.I), lambda m: _job(m.group("v"))),
    (re.compile(r"\bmy (?:favou?rite|fav) (?P<q>[\w ]+?) (?:is|are) (?P<v>.+)", re.I),
     lambda m: make(PREF, f"User's favorite {m.group('q')} is {obj(m.group('v'))}.", "favorite", m.group("q"),
                    obj(m.group("v")))),
    (re.compile(_I_AM + r" (?:a |an )?(?:huge |big |real )?(?P<v>[\w -]+?) (?:lover|person|fan)$", re.I),
     lambda m: make(PREF, f"User loves {obj(m.group('v'))}.", "pref", obj(m.group("v")), "++")),
    (re.compile(r"\bI(?: really| strongly| much| also| still| generally| usually| just| definitely| do| actually| "
                r"absolutely| kind of| kinda| totally| always| only| mostly| mainly| now)* ?(?P<verb>prefer|prefers|likes?|loves?|adores?|enjoys?|hates?|"
                r"dislikes?|detests?|can't stand|cannot stand|can't (?:handle|tolerate|take)|can't (?:eat|have)|cannot (?:eat|have)|(?:don't|do not|doesn't|does not|no longer)(?: really| "
                r"particularly| much)? (?:like|enjoy|care for|eat|drink)|(?:'m| am| is)(?: not)?(?: a)?(?: big| huge)? "
                r"(?:fan of|into)|avoid|avoids|never (?:drink|eat)s?|(?:usually |always )?(?:drink|eat)s?)\s+(?P<v>.+)", re.I),
     _pref),
    (re.compile(r"\b(?:(?:the|my|our) (?P<e2>deadline|due date|" + _EVENTS + r") (?:of|for) (?:my |the |our )?"
                r"(?P<q2>[\w' -]{1,30}?)|(?:my|the|our) (?P<q>[\w' -]{0,30}?) ?(?P<e>" + _EVENTS + r")"
                r"(?P<x> (?:to|with|at|in|for) (?!be\b)[\w' -]{1,30}?(?= (?:is|was|are|'s|has|have|got|will)\b))?)"
                r"(?: date)? (?:is|was|are|'s|has been|have been|got|will be)?\s*(?:now |still |officially )?"
                r"(?:moved|changed|pushed|postponed|rescheduled|delayed|extended|brought forward|set|scheduled|"
                r"shifted|updated)?\s*(?:back |up |forward )?(?:to |on |at |for |until |till )?(?P<v>.+)", re.I),
     lambda m: _event_norm(m)),
    (re.compile(r"\bI (?:have|has|'ve got|got) (?:a|an|my) (?P<q>[\w' -]{0,30}?) ?(?P<e>" + _EVENTS + r") "
                r"(?P<v>" + WHEN + r".*)", re.I), _event),
    (re.compile(r"\b(?:my|the|our) (?P<q>[\w' -]{1,30}?) (?:is|are)(?: now| still)? due (?:on |by )?(?P<v>.+)", re.I),
     lambda m: make(FACT, f"User's {swap(m.group('q'))} is due {obj(m.group('v'))}.", "deadline", m.group("q"),
                    obj(m.group("v")))),
    (re.compile(r"\bI (?:need|have|must|got) to (?:submit|finish|hand in|turn in|deliver|complete|file|send) (?:in )?"
                r"(?:my |the |our |a )?(?P<q>[\w' -]{1,30}?) (?:by|before|until) (?P<v>.+)", re.I),
     lambda m: make(FACT, f"User's {swap(m.group('q'))} deadline is {obj(m.group('v'))}.", "deadline", m.group("q"),
                    obj(m.group("v")))),
    (re.compile(r"^(?i:my) (?P<rel>" + _REL + r") is " + _NAME + r"$"),
     lambda m: None if m.group("v") in _NOT_NAMES else make(P, f"User's {_rel(m)} is {m.group('v')}.", "name", _rel(m),
                                                           m.group("v"))),
    (re.compile(r"\b(?:I|we)(?: have|'ve)? (?:finally |just |now )?decided (?P<v>.+)", re.I),
     lambda m: make(DEC, f"User decided {swap(m.group('v').strip(' .!'))}.")),
    (re.compile(r"\b(?:(?:we|I)(?:'ll| will|'re| are| am|'m) (?:go(?:ing)? with|switching to)|let's go with|"
                r"I went with|I(?:'ve| have)? switched to|we(?:'ve| have)? switched to) (?P<v>.+)", re.I),
     lambda m: make(DEC, f"User decided to go with {obj(m.group('v'))}.")),
    (re.compile(r"\blet's (?:use|pick|choose) (?P<v>.+)", re.I), lambda m: make(DEC, f"User decided to use {obj(m.group('v'))}.")),
    (re.compile(r"\bI(?:'ve| have)? (?:chose|chosen|picked|selected|opted for) (?P<v>.+)", re.I),
     lambda m: make(DEC, f"User chose {obj(m.group('v'))}.")),
    (re.compile(r"\bI(?: have|'ve)? (?:just |finally |already )?(?:quit|gave up|stopped|stopped drinking|stopped eating) "
                r"(?P<v>(?!my |the |a |an |our |his |her |their |working|my)[\w -]{2,25})$", re.I),
     lambda m: make(PREF, f"User quit {obj(m.group('v'))}.", "pref", obj(m.group("v")), "-")),
    (re.compile(r"\bI(?: have|'ve)? (?:just |finally |already |successfully )?(?P<verb>finished|completed|submitted|"
                r"shipped|launched|deployed|fixed|passed|failed|published|defended|released|sold|bought|booked|won|"
                r"lost|graduated from|quit|left) (?P<v>.+)", re.I),
     lambda m: make(EPI, f"User {m.group('verb').lower()} {obj(m.group('v'))}.")),
    (re.compile(r"\bI (?:just |finally )?got (?P<v>promoted|a promotion|a raise|the job|the offer|an offer|accepted|"
                r"hired|fired|laid off|married|my driver'?s license|a new job)(?P<rest>.*)", re.I),
     lambda m: make(EPI, f"User got {m.group('v').lower()}{swap(m.group('rest')).rstrip('. ')}.")),
    (re.compile(r"^(?P<v>(?:the|my|our) [\w' -]+?) (?P<s>failed|succeeded|went (?:well|badly|great|smoothly)|crashed|"
                r"worked out|fell through)\b", re.I),
     lambda m: make(EPI, f"User's {swap(re.sub(r'^(?:the|my|our) ', '', m.group('v'), flags=re.I))} {m.group('s').lower()}.")),
    (re.compile(r"\bI(?:'m| am) (?:finally )?done with (?P<v>.+)", re.I), lambda m: make(EPI, f"User finished {obj(m.group('v'))}.")),
    (re.compile(r"^(?P<v>(?:the|my|our) .+?) (?:is|was|are|were|has been|have been|got) (?:finally |now |all |just )?"
                r"(?P<s>done|finished|completed|shipped|approved|accepted|rejected|merged|deployed|released|fixed|"
                r"published|cancelled|canceled|postponed)\b", re.I),
     lambda m: make(EPI, f"User's {re.sub(r'^(?:the|my|our) ', '', m.group('v'), flags=re.I)} {m.group('s').lower()}."
                    if m.group("s").lower() not in {"done", "finished", "completed"}
                    else f"User finished {swap(m.group('v')[:1].lower() + m.group('v')[1:])}.")),
    (re.compile(r"^(?i:my) (?P<q>(?!(?:" + _REL + r")\b)[\w' -]{2,30}?)(?: is|'s| are) (?:now |still )?(?P<v>[^,;]+)$"),
     lambda m: make(FACT, f"User's {swap(m.group('q'))} is {obj(m.group('v'))}.", m.group("q").lower(), None,
                    obj(m.group("v"))) if obj(m.group("v")) and len(m.group("q").split()) <= 3
     and not CONVERSATIONAL.search(m.group("q")) else None),
]


def _event_norm(m: re.Match[str]) -> Built:
    q = (m.group("q") or m.group("q2") or "").strip()
    e = (m.group("e") or m.group("e2")).lower()
    x = (m.group("x") or "").strip()
    when = _norm_when(m)
    if not _names_when(when):
        return None
    slot = "deadline" if e in {"deadline", "due date"} else e.replace("check-up", "checkup")
    what = f"{swap(q)} {e} {swap(x)}".strip()
    return make(FACT, f"User's {what} is {when}.", slot, _event_qualifier(q, x), canon_date(when) or when)


def _norm_when(m: re.Match[str]) -> str:
    """When the event is, with the "at" / "on" / "by" before it unless it is a date."""
    when = obj(m.group("v"))
    prep = re.match(r"(?:at|on|by)\s", m.group(0)[m.start("v") - m.start(0) - 3:m.start("v") - m.start(0)] + " ")
    return f"{prep.group(0).strip()} {when}" if prep and not canon_date(when) else when


def _names_when(when: str) -> bool:
    """A date, a time word or a number: something that says when."""
    return bool(when) and not (not canon_date(when) and not re.search(WHEN, when, re.I) and not re.search(r"\d", when))


def _event_qualifier(q: str, x: str) -> str | None:
    return q or re.sub(r"^(?:to|with|at|in|for) (?:the |a |an )?", "", x) or None


__all__ = ["RULES", "generic_note", "plan", "third_person"]
