"""What to keep of a turn judged worth remembering, without a model.

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
from dataclasses import replace

from memory.types import MemoryType
from pipelines.extract.candidate import DEFAULT_IMPORTANCE, Candidate
from pipelines.extract.generic_en import CONVERSATIONAL, PHATIC, STOP_EN
from pipelines.extract.normalize import _OWNED_EN, _VERBS_EN, COUNTED_ZH, is_cjk, normalize, quoted, tidy  # noqa: PLC2701 - same package
from pipelines.extract.rules_zh import _ZH_PHATIC  # noqa: PLC2701 - same package
from pipelines.extract.rules import extract_rules, is_request, uncut
from pipelines.extract.slots import CHANGE as SLOT_CHANGE
from pipelines.extract.slots import GROUPS, holder, kinds, same_person
from pipelines.extract.supersede_gate import ENDED, says_add
from pipelines.extract.transient import CONDITION, passing_sentence
from pipelines.extract.trigger import is_question, is_small_talk, split_sentences
from pipelines.receive.screening import is_instruction_to_assistant

_HYPOTHETICAL = re.compile(r"^(?:if|imagine|suppose|what if|in another life|hypothetically|theoretically|in theory|"
                           r"in a world where|because|cause|(?:我|我们)?(?:假如|如果|要是|万一)|假设|"
                           r"想象一下|要不是|因为)", re.I)
_REPORTED = re.compile(
    r"^(?:my |our )?(?:[a-z][a-z-]*(?: from work)?|[A-Z][a-z]+(?: from \w+)?)\s+(?:says?|said|thinks?|thought|believes?|"
    r"wants?|told (?:me|us|him|her)|keeps? saying|feels?|reckons?|suggested|insists?)\b|"
    r"^(?:我|用户的?)?[\u3400-\u9fff]{1,4}?(?:说|觉得|认为|想让|希望|让我|劝我|建议|非要|坚持)", re.I)
_CHANGE = re.compile(
    r"现在|如今|已经不|不再|戒了|改(?!天)|换了|换成|换去|搬(?:到|去|来)|跳槽|辞职|裸辞|离职|分手|离婚|领证|调(?:到|去|来)|开始|"
    r"最近|没再|转行|卖了|不.了[，。！!]|\bnow\b|no longer|anymore|any more|\bquit\b|stopped|started|switched|\bmoved\b|"
    r"changed|\bsold\b|traded|replaced|broke up|called it off|engaged|married|divorced|transferred|these days|lately|"
    r"\bagain\b|instead|\bleft\b|caved", re.I)
_ADDITIVE = re.compile(r"也|还有|另外|\btoo\b|\balso\b|as well|another|^and\b|^plus\b", re.I)
_ASSISTANT = re.compile(r"^(?:你|您)|^(?:you|your|you're|thanks|thank you)\b", re.I)


def content_words(text: str) -> set[str]:
    """Crude stems of English words and single Chinese characters that carry content."""
    if is_cjk(text):
        return {c for c in re.findall(r"[\u3400-\u9fff]", text) if c not in "用户的了是在我你他她它们吧呢啊呀哦嘛啦"}
    return {_stem(w) for w in re.findall(r"[a-z0-9]+", text.casefold()) if w not in STOP_EN}


def _stem(word: str) -> str:
    """A crude stem: a third-person or plural -s off ("lives" = "live", "glasses" = "glass"), then five letters."""
    if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        word = word[:-1]
    return word[:5]


def coverage(notes: Sequence[str], statement: str) -> float:
    """Share of the statement's content words found in the notes."""
    said = content_words(statement)
    if not said:
        return 1.0
    kept = set().union(*(content_words(n) for n in notes)) if notes else set()
    return len(said & kept) / len(said)


def invents(note: str, statement: str) -> bool:
    """The note holds content words the statement does not (a garbled parse)."""
    return bool(content_words(note) - content_words(statement))


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


def is_reaction(statement: str) -> bool:
    """"I think that's a good idea", 「我觉得还行吧」: a reaction to the conversation, not a fact about the user."""
    if is_cjk(statement):
        return bool(_ZH_PHATIC.search(statement))
    return bool(PHATIC.search(statement) and CONVERSATIONAL.search(statement))


def is_hypothetical(sentence: str) -> bool:
    """"If I were rich…", 「如果明年升职了…」: not a fact about the user."""
    return bool(_HYPOTHETICAL.search(tidy(sentence)))


#: Someone else's words inside a statement: “…”, 「…」, "…", or '…' that is no apostrophe.
_QUOTE_SPAN = re.compile(r"“[^”]*”|「[^」]*」|『[^』]*』|\"[^\"]*\"|(?<![\w'])'.+?'(?![\w])")
_OPENERS, _CLOSERS = "“「『", "”」』"


def _open_quote(text: str) -> bool:
    """``text`` opens a quotation it does not close."""
    curly = sum(text.count(c) for c in _OPENERS) > sum(text.count(c) for c in _CLOSERS)
    return curly or text.count('"') % 2 == 1


def join_quotes(sentences: Sequence[str]) -> list[str]:
    """Sentences with a quotation rejoined: 「我爸常说：“吃亏是福。做人要厚道。”」 is one statement of the father's
    words, never a second sentence "做人要厚道" read as the user's."""
    joined: list[str] = []
    for sentence in sentences:
        if joined and _open_quote(joined[-1]):
            joiner = "" if is_cjk(joined[-1]) or not re.match(r"\w", sentence) else " "
            joined[-1] = f"{joined[-1]}{joiner}{sentence}"
        else:
            joined.append(sentence)
    return joined


#: A quote's speaker that is no one of the user's: a sign, a post, an article, a stranger — followed by its "says".
_WORLD_SAYS = re.compile(
    r"\b(?:sign|poster|tweet|post|article|headline|meme|ad|billboard|bumper sticker|fortune cookie|caption|banner|"
    r"t-?shirt|mug|someone|somebody|some guy|a guy|some woman|a stranger|the internet|reddit|twitter)s?\b"
    r"[^\"“'「]{0,40}?\b(?:says?|said|reads?|goes|went|claims?|claimed)\b|"
    r"(?:文章|新闻|标题|广告|海报|牌子|标语|横幅|弹幕|热搜|帖子|有人|网友|路人|网上)[^“「\"]{0,12}?(?:说|写着|写的是|发了?句?|称)|"
    # a line of a book, a film or a song ("that line from Hamlet", 「《活着》里那句」, 「歌词里那句」)
    r"\b(?:that|the|this|my favou?rite) (?:line|quote|lyric|passage)s?\b[^\"“']{0,30}?\b(?:from|in|of)\b|"
    r"《[^》]{1,30}》[^“「\"]{0,4}?(?:里|中|里面|上)?的?[那这]?一?句(?:话)?|(?:歌词|台词|名言|金句|书里|电影里|剧里)[^“「\"]{0,4}?[那这]一?句",
    re.I)


def quotes_the_world(statement: str) -> bool:
    """The statement passes on words of the world, not of the user or their people ("saw a tweet that said
    'remote work is dead'", 「朋友圈有人发“三十岁前一定要买房”」): nothing about the user to keep."""
    return bool(_QUOTE_SPAN.search(statement)) and bool(_WORLD_SAYS.search(_QUOTE_SPAN.sub(" ", statement)))


def normalize_quoting(statement: str, recent: Sequence[str]) -> str:
    """:func:`normalize` with quoted words left as they were said: the "I" of a quote is the speaker's, not the
    user's (「我闺蜜说：“我觉得你应该辞职。”」 keeps 我 and 你 inside the quote)."""
    spans = _QUOTE_SPAN.findall(statement)
    if not spans:
        return normalize(statement, recent)
    masked = statement
    for index, span in enumerate(spans):
        masked = masked.replace(span, f"\ue000{index}\ue001", 1)
    note = normalize(masked, recent)
    if any(f"\ue000{index}\ue001" not in note for index in range(len(spans))):
        return quoted(tidy(statement))  # the note lost a quote: the user's words, as said
    for index, span in enumerate(spans):
        note = note.replace(f"\ue000{index}\ue001", span)
    return re.sub(r"([。.!！?？][”」』\"'])[。.]$", r"\1", note)  # 「…厚道。”。」: the quote ended the sentence


def note_candidate(statement: str, recent: Sequence[str], rules: Sequence[Candidate] = ()) -> Candidate:
    """The normalised statement as a fact, with the subject of a faithful single rule note."""
    note = normalize_quoting(statement, recent)
    if is_instruction_to_assistant(note) and not is_instruction_to_assistant(statement):
        # the third-person rewrite reads as an order ("理财顾问让我把…" → "…让用户把…"); the user's words do not
        note = quoted(tidy(statement))
    cand = Candidate(MemoryType.FACT, note, DEFAULT_IMPORTANCE[MemoryType.FACT])
    keyed = [c for c in rules if c.slot]
    if len(keyed) == 1 and not invents(keyed[0].content, statement):
        cand = replace(cand, slot=keyed[0].slot, qualifier=keyed[0].qualifier, value=keyed[0].value,
                       memory_type=keyed[0].memory_type, importance=keyed[0].importance)
    return cand


def says_change(text: str) -> bool:
    """The statement says something changed and adds nothing beside it."""
    return bool(_CHANGE.search(text)) and not _ADDITIVE.search(text)


_LEAD_EN = re.compile(r"^(?:ever since|since|now that|after|so|ok so|well)\s+", re.I)
_LEAD_ZH = re.compile(r"(?:以后|之后|后)$")


def question_lead(sentence: str) -> str | None:
    """The statement a question opens with ("Since I moved to Berlin, what's a good bakery?",
    「现在上大学了，选课有啥建议吗？」): the clause before the first comma, without its "since" / 以后,
    when that clause is itself no question, request or hypothetical."""
    parts = re.split(r"[，,]", tidy(sentence), maxsplit=1)
    if len(parts) < 2:
        return None
    lead = _LEAD_ZH.sub("", _LEAD_EN.sub("", parts[0].strip()))
    if len(lead) < 4 or is_question(lead) or is_request(lead) or is_hypothetical(lead) or is_instruction_to_assistant(lead):
        return None
    return lead


#: An auxiliary opening a clause with no subject after it: "Don't drink alcohol at all", "Have two cats", "Can't stand
#: cilantro" — the user's statement with its "I" left out, not a question ("Don't you…", "Have you…").
#: Verbs of the user's own life after a left-out "I don't" (never "forget", "worry", "tell": those address the assistant).
_USER_VERBS = (_VERBS_EN | {"stand", "smoke"}) - {"know", "need", "want", "get", "make", "keep", "use", "miss", "plan", "hope",
                                                  "take", "go", "do"}
_NOT_VERB = re.compile(r"^(?:don'?t|do not|doesn'?t|can'?t|cannot|won'?t|never)\s+([a-z]+)", re.I)
_HAVE_COUNT = re.compile(r"^(?:have|has|had)\s+(?:\d+|two|three|four|five|six|several|a couple of|twins|no)\b", re.I)


def asks(sentence: str) -> bool:
    """The sentence is a question (``trigger.is_question``), unless it ends without a question mark and is a
    subject-less statement opening with a negated verb of the user's life or a count ("Don't drink alcohol at
    all", "Can't stand cilantro", "Have two cats"), where "Don't you…" / "Have you…" ask."""
    if not is_question(sentence):
        return False
    if sentence.strip().endswith(("?", "？")):
        return True
    said = tidy(sentence)
    negated = _NOT_VERB.match(said)
    return not (_HAVE_COUNT.match(said) or (negated and negated.group(1).casefold() in _USER_VERBS))


#: A question that only announces a statement ("oh did I mention my daughter's getting married in May?", 「我跟你说过我
#: 怀孕了吗？」): the statement is said.
_DID_I_SAY = re.compile(r"^(?:(?:oh|so|and|btw|wait)[,\s]+)*(?:did|have)\s+i\s+(?:ever\s+)?(?:mention(?:ed)?|tell\s+you|told\s+you|say|said)"
                        r"(?:\s+(?:to\s+you|that))?\s+(?P<said>.+?)[?？]*$", re.I)


def statement_candidates(sentence: str, recent: Sequence[str]) -> list[Candidate]:
    """The candidates of one sentence (see the module docstring); a question keeps the statement it opens with."""
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


# A clause with its own first-person subject after "and"/"，" is a statement of its own:
# "I prefer concise answers and I live in Hangzhou", 「我住杭州，我老婆在银行上班」.
_OWN_SUBJECT_CLAUSE = re.compile(r"(?:,\s*|\s+)(?:and|but|plus)\s+(?=(?:I|I'm|I've|I'd|my|My)\b)|[，,](?=我(?!们)|我的)")


_LEADING_PRONOUN = re.compile(r"^(?:he|she|it|they|he's|she's|it's|they're|his|her|their|他|她|它|他们|她们)\b|^[他她它]", re.I)
_QUOTED_NOTE = re.compile(r'^User said: "|^用户说：“')


def _leans_on(previous: Candidate | None, statement: str, cand: Candidate) -> bool:
    """The statement's pronoun could not be resolved and only the sentence before it says who it is."""
    return previous is not None and bool(_LEADING_PRONOUN.search(statement.strip())) and bool(
        _QUOTED_NOTE.search(cand.content))


# "… but my husband isn't", "… and my sister does too": the clause leaves out its verb phrase, so it
# only means something next to the clause before it.
_ELLIPTICAL_END = re.compile(r"\b(?:is|isn't|am|are|aren't|was|wasn't|were|weren't|do|does|doesn't|don't|did|didn't|"
                             r"can|can't|will|won't|would|wouldn't|has|hasn't|have|haven't)(?:\s+not)?"
                             r"(?:\s+(?:too|either|as well))?[\s.!]*$", re.I)


# "Sam and I broke up", "My sister and I run a shop": a subject of two, not two statements.
_WE_TWO = re.compile(r"^\s*(?P<other>(?:[Mm]y|[Oo]ur)\s+[a-z'’-]+|(?!I\b)[A-Z][a-z'’-]+(?:\s+[A-Z][a-z'’-]+)?)"
                     r"\s+and\s+I\b(?!\s*[,;]|['’])")


def split_statements(sentence: str) -> list[str]:
    """The sentence's statements: clauses that carry their own first-person subject are apart,
    unless a clause leaves out its verb phrase ("I'm a vegetarian but my husband isn't")."""
    if _ELLIPTICAL_END.search(sentence):
        return [sentence.strip(" ，,")] if sentence.strip(" ，,") else []
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


def _joined(previous: Candidate, statement: str, cand: Candidate) -> Candidate:
    """The previous note with the statement leaning on it appended (two quoted notes as one quote)."""
    joiner = "" if is_cjk(cand.content) else " "
    a, b = _QUOTED_PAIR.match(previous.content), _QUOTED_PAIR.match(cand.content)
    content = (f"{a['open']}{a['body']}{'，' if is_cjk(cand.content) else '. '}{b['body']}{a['close']}"
               if a and b and a["open"] == b["open"] else previous.content + joiner + cand.content)
    return replace(previous, content=content, changes=previous.changes or cand.changes, adds=previous.adds and cand.adds)


_QUOTED_PAIR = re.compile(r'^(?P<open>User said: "|用户说：“)(?P<body>.*?)(?P<close>"\.|”。)$')


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
        return is_self_repair(s) or bool(_MAYBE_REPAIR.search(s.strip()))

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
        for statement in parts:
            if len(parts) > 1 and _passing_part(statement):
                continue  # 「这破天气，我鼻炎又犯了」: the weather beside the fact is no note of its own
            if _REMARK.match(statement.strip(" ,.!")):
                continue  # "Kinda embarrassing but I failed my driving test": the remark is no note of its own
            cands = _statement_notes(statement, context)
            if found and is_self_repair(statement):
                # "Our flat's on the 3rd floor. Wait no, 4th.": the message's previous statement, corrected
                found[-1] = _repaired(found[-1], statement, cands)
            elif found and _MAYBE_REPAIR.search(statement.strip()) and (fixed := _value_fixed(found[-1], statement)):
                found[-1] = fixed  # "My flight is at 6pm. Actually it's 7pm.": a value of it, corrected
            elif len(cands) == 1 and found and _leans_on(found[-1], statement, cands[0]):
                # "Husband got a new job. He's at Google now.": kept with the sentence that says who "he" is
                found[-1] = _joined(found[-1], statement, cands[0])
            else:
                found += cands
            context.append(statement)
    unique: dict[str, Candidate] = {}
    for c in (one_change(found) if says_change_anywhere(text or "") else found):
        unique.setdefault(c.content, c)
    return list(unique.values())


def _passing_part(statement: str) -> bool:
    """A part of a sentence of several that is passing alone (a mood, the weather) and repairs nothing."""
    return passing_sentence(statement) and not is_self_repair(statement) and not _MAYBE_REPAIR.search(statement.strip())


#: A speaker repairing, in the same message, what they just said ("Wait no, 4th", "sorry, three", 「不对，是周四」,
#: 「说错了，是…」): a correction of the statement before it, not a statement of its own. Function words of each
#: language's self-repair, none of any data set.
_SELF_REPAIR = re.compile(
    r"^(?:(?:oh|oops|um+|uh+|er+|hmm+|ah|argh)[,\s]+)?(?:wait\b|no wait\b|sorry\b|i mean\b|(?:i )?meant\b(?!\s+to\s+(?!say\b|write\b|type\b))|or rather\b|"
    r"scratch that\b|correction\b|typo\b|well,?\s+\S+ technically\b|technically\b|make that\b|"
    r"不对|不是不是|哦不|啊不|呃不|说错|打错|写错|记错|口误|更正|纠正|应该是|准确(?:地)?说|严格来说)", re.I)
#: Where a self-repair opens inside one sentence ("I'm 34, wait, 35", 「周二去看牙，说错了，是周四」).
_REPAIR_CUT = re.compile(r"\s*(?:[,，;；]|—|–|--)\s*(?=" + _SELF_REPAIR.pattern.removeprefix("^") + ")", re.I)


#: A bare remark on what follows ("kinda embarrassing, but …", "honestly weird but …"): no subject, no verb.
_REMARK = re.compile(r"^(?:(?:kinda|kind of|sorta|sort of|a bit|a little|so|very|pretty|really|honestly|lowkey|tbh|"
                     r"super|quite|slightly|weirdly|oddly|funnily enough)\s+)*(?:embarrassing|weird|funny|awkward|random|"
                     r"crazy|sad|annoying|ironic|strange|wild|silly|cringe|unrelated|tmi)$", re.I)


#: Openers that repair as often as they start a statement of their own ("Actually, …", "No, …"): a repair only
#: when they name a new value of the statement before.
_MAYBE_REPAIR = re.compile(r"^(?:(?:oh|um+|uh+|er+|erm|hmm+)[,\s]+)?(?:actually\b|no\b|nope\b|make it\b|哦|啊|呃|其实)", re.I)


def _value_fixed(previous: Candidate, statement: str) -> Candidate | None:
    """The previous note with the value the statement corrects replaced, if it names one (else None)."""
    from pipelines.extract.amend import amend_typed  # noqa: PLC0415 - amend imports the decision module

    fixed = amend_typed(statement, previous.content)
    return replace(previous, content=fixed, slot=None, qualifier=None, value=None, changes=True) if fixed else None


def is_self_repair(statement: str) -> bool:
    """The statement opens with a self-repair ("Wait no, …", 「说错了，…」): it corrects the one said before it."""
    return bool(_SELF_REPAIR.search(statement.strip()) or _SELF_REPAIR.search(tidy(statement)))


def repair_parts(statement: str) -> list[str]:
    """The statement cut where a self-repair opens inside it (the repair is its own part)."""
    return [p for p in _REPAIR_CUT.split(statement) if p.strip(" ，,;；")]


def _repaired(previous: Candidate, statement: str, cands: Sequence[Candidate]) -> Candidate:
    """The previous note as the repair corrects it: its value replaced ("3rd floor" → "4th floor"), else, when
    the repair is about the same thing, the repair kept with it in the user's words; the previous note
    unchanged when the repair holds nothing (a bare "wait")."""
    from pipelines.extract.amend import amend_previous  # noqa: PLC0415 - amend imports the decision module

    fixed = amend_previous(statement, previous.content)
    if fixed is not None:
        return replace(previous, content=fixed, slot=None, qualifier=None, value=None, changes=True)
    if len(cands) == 1 and _compatible(previous.content, cands[0].content):
        return replace(_joined(previous, statement, cands[0]), slot=None, qualifier=None, value=None)
    return previous


def says_change_anywhere(text: str) -> bool:
    """The message says something changed or ended (any statement of it), and is no add-on."""
    return any(r.search(text) for r in (_CHANGE, ENDED, SLOT_CHANGE)) and not says_add(text)


def _compatible(a: str, b: str) -> bool:
    """Two notes of one message that tell one thing: the later one names no attribute the earlier does not
    (it elaborates: "I'm fine", 「下周开始住校」) and no other person of the user."""
    ka, kb = _attributes(a), _attributes(b)
    if ka and kb and not ka & kb:
        return False
    ha, hb = holder(a), holder(b)
    return hb in ("user", "?") or same_person(ha, hb)


#: Word classes that mark a person or a time, not an attribute (老公 in 「现在得改口叫老公了」 is the relationship).
_NO_ATTRIBUTE = frozenset({"pref", "schedule", "family"})


def _attributes(note: str) -> frozenset[str]:
    """The attributes a note names, one occupation for a job, a role and a school, one for a partner and family."""
    found = kinds(note)
    grouped = {GROUPS.get(k, k) for k in found - _NO_ATTRIBUTE}
    return frozenset(grouped | ({"relationship"} if "family" in found and "relationship" in found else set()))


def one_change(found: Sequence[Candidate]) -> list[Candidate]:
    """The notes of a message that states a change, each elaboration kept with the statement before it: "Sam and
    I broke up. I'm fine." and 「上岸了！！下个月去税务局报到。」 are one change, superseded or kept as one; a
    statement of another attribute or another person stays its own note (an allergy said beside a move)."""
    out: list[Candidate] = []
    for cand in found:
        if out and not cand.slot and not out[-1].slot and _compatible(out[-1].content, cand.content):
            out[-1] = _joined(out[-1], "", cand)
        else:
            out.append(cand)
    return out
