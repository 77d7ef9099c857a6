"""Word changes a correction makes: the word called wrong ("not vegetarian", 「青霉素没事」), a starred fix ("Kate*"),
a look-alike (a typo: 广洲 → 广州), the note's only name, a Chinese phrase after 是, a relative (mom → dad), a state.
"""
from __future__ import annotations

import re
from difflib import SequenceMatcher

from pipelines.extract.amend_cues import CONTRAST, CUE, DISMISSED, MEANT, NOISE_WORDS, STARRED, ZH_FILLER


def content_words(text: str) -> list[str]:
    latin = [w for w in re.findall(r"[A-Za-z][A-Za-z'-]{2,}", text) if w.lower() not in NOISE_WORDS]
    return latin + re.findall(r"[\u3400-\u9fff]{2,}", text)


def _zh_words(text: str) -> list[str]:
    from pipelines.extract.normalize import _zh_tokens  # noqa: PLC0415 - jieba only when Chinese is corrected

    return [w for w, flag in _zh_tokens(text) if flag.startswith(("n", "a")) and not CUE.search(w)
            and re.search(r"[\u3400-\u9fff]", w) and w not in ZH_FILLER]


def closest(word: str, note: str) -> str | None:
    """The word of ``note`` that looks most like ``word`` (a typo of it), if any."""
    candidates = set(content_words(note) + (_zh_words(note) if re.search(r"[\u3400-\u9fff]", note) else []))
    scored = [(SequenceMatcher(None, o.casefold(), word.casefold()).ratio(), o) for o in candidates
              if abs(len(o) - len(word)) <= 3 and o.casefold() != word.casefold()
              and (o[:1].isupper() == word[:1].isupper() or not word.isascii())]  # a name replaces a name
    scored = [x for x in scored if x[0] >= 0.5]
    return max(scored)[1] if scored else None


_FUNCTION_CAPS = frozenset("we i the my our a an it he she they this that".split())


def _only_name(word: str, note: str) -> str | None:
    """A capitalised new word ("it's Microsoft") replaces the note's only name (Google) when there is just one."""
    if not word[:1].isupper():
        return None
    names = {w for w in re.findall(r"(?<![.!?]\s)(?<!^)\b[A-Z][\w-]+", note)
             if w not in ("User", "User's", word) and w.lower() not in _FUNCTION_CAPS}
    return names.pop() if len(names) == 1 else None


#: Characters of grammar, never the value a one-character correction changes (用户 → 用我, 号 → 后).
GRAMMAR_CHARS = set("用户我你他她它说是的了后号在要也都就还把被给")


def _one_char(text: str, note: str) -> tuple[str, str] | None:
    """A 2–4 character span of ``text`` that differs from one in ``note`` by one character (属兔 / 属虎)."""
    for size in (4, 3, 2):
        for i in range(len(text) - size + 1):
            span = text[i:i + size]
            if not re.fullmatch(r"[\u3400-\u9fff]+", span) or span in note:
                continue
            other = _one_char_off(span, note)
            if other is not None:
                return other, span
    return None


def _one_char_off(span: str, note: str) -> str | None:
    """The first span of ``note`` as long as ``span`` that differs from it in one character (no grammar)."""
    size = len(span)
    for j in range(len(note) - size + 1):
        other = note[j:j + size]
        diff = [k for k in range(size) if other[k] != span[k]]
        if len(diff) == 1 and span[diff[0]] not in note and not set(other + span) & GRAMMAR_CHARS:
            return other
    return None


_ZH_NEW = re.compile(r"(?:其实是|应该是|其实|是|改成|换成)([^，,。！!？?；;]{1,12})")
_ZH_CORRECTION_WORDS = re.compile(r"口误|说错|打错|记错|搞错|弄错|嘴瓢|说反|不对|个女生|个男生")


def zh_change(text: str, note: str) -> tuple[str, str] | None:
    """(old, new) for a Chinese correction "…其实是开封的" / "应该是头孢过敏" / "是合肥": the new words after 是, and the
    note's word they replace — one the user names again (搬去南京是口误), else the note's word next to a shared
    anchor (头孢|过敏 ↔ 青霉素|过敏), else a look-alike (王蕾 ↔ 王磊)."""
    from pipelines.extract.normalize import _zh_tokens  # noqa: PLC0415 - jieba only when Chinese is corrected

    note_tokens = [w for w, _ in _zh_tokens(note)]
    for m in _ZH_NEW.finditer(text):
        phrase = m.group(1).strip()
        if _ZH_CORRECTION_WORDS.search(phrase):
            continue
        tokens = [w for w, _ in _zh_tokens(phrase)]
        run = _fresh_run(tokens, note)
        if run is None:
            continue
        start, end = run
        new = "".join(tokens[start:end + 1])
        old = _zh_old(text[:m.start()], tokens[end + 1] if end + 1 < len(tokens) else None, new, note, note_tokens)
        if old:
            return old, new
    return None


def _zh_old(before: str, after: str | None, new: str, note: str, note_tokens: list[str]) -> str | None:
    """The note's word ``new`` replaces: one named as wrong, next to a shared anchor, a look-alike, a typo."""
    return (_zh_said(before, note) or _zh_anchored(after, note_tokens) or _zh_alike(new, note_tokens)
            or _zh_typo(new, note))


def _fresh_run(tokens: list[str], note: str) -> tuple[int, int] | None:
    """The first run of consecutive tokens the note does not hold (first and last index), if any."""
    fresh = [i for i, w in enumerate(tokens) if re.search(r"[\u3400-\u9fff\w]", w) and w not in note and w not in "的了人啊呢吧"]
    if not fresh:
        return None
    start = fresh[0]
    end = start
    while end + 1 < len(tokens) and end + 1 in fresh:
        end += 1
    return start, end


def _zh_said(before: str, note: str) -> str | None:
    """The note's noun the user names in a clause calling it wrong (搬去南京是口误)."""
    from pipelines.extract.normalize import _zh_tokens  # noqa: PLC0415 - jieba only when Chinese is corrected

    wrong = [c for c in re.split(r"[，,。！!？?；;]", before) if _ZH_CORRECTION_WORDS.search(c)]
    said = [w for c in wrong for w, flag in _zh_tokens(c) if len(w) >= 2 and w in note and flag.startswith("n")]
    return said[-1] if said else None


def _zh_anchored(after: str | None, note_tokens: list[str]) -> str | None:
    """The note's word before the anchor the new words share with it (头孢|过敏 ↔ 青霉素|过敏)."""
    if not after or after not in note_tokens:
        return None
    i = note_tokens.index(after)
    if i > 0 and re.search(r"[\u3400-\u9fff]", note_tokens[i - 1]) and note_tokens[i - 1] not in ("用户", "是", "在"):
        return note_tokens[i - 1]
    return None


def _zh_alike(new: str, note_tokens: list[str]) -> str | None:
    """The note's first word as long as ``new`` sharing a character with it (王蕾 ↔ 王磊)."""
    alike = [w for w in note_tokens if len(w) == len(new) and w != new and set(w) & set(new) and len(w) >= 2]
    return alike[0] if alike else None


def _zh_typo(new: str, note: str) -> str | None:
    """The note's first span as long as ``new`` that differs from it in one character (no grammar)."""
    windows = [note[i:i + len(new)] for i in range(len(note) - len(new) + 1)] if len(new) >= 2 else []
    typo = [w for w in windows if sum(a != b for a, b in zip(w, new)) == 1 and not set(w) & GRAMMAR_CHARS]
    return typo[0] if typo else None


def word_change(text: str, note: str) -> tuple[str, str] | None:
    """(old, new) for a word the user corrects: the one called wrong, a starred fix, or a typo's look-alike."""
    low_note = note.casefold()
    dismissed = [g for m in DISMISSED.finditer(text) for g in m.groups() if g]
    new = _named_word(text, low_note) or next((w for w in _fresh_words(text, low_note) if w not in dismissed), None)
    return _dismissed_change(dismissed, new, note) or _lookalike_change(new, note) or _zh_one_char(text, note)


def _fresh_words(text: str, low_note: str) -> list[str]:
    """The words of ``text`` the note does not hold (jieba's nouns and adjectives for Chinese)."""
    words = _zh_words(text) if re.search(r"[\u3400-\u9fff]", text) else content_words(text)
    return [w for w in words if w.casefold() not in low_note]


def _zh_one_char(text: str, note: str) -> tuple[str, str] | None:
    return _one_char(text, note) if re.search(r"[\u3400-\u9fff]", text) else None


def _named_word(text: str, low_note: str) -> str | None:
    """The new word the user marks: starred ("Kate*"), before a contrast ("Jack, not Jake"), after "I meant"."""
    starred = [m.group(1) for m in STARRED.finditer(text)]
    if starred:
        return starred[0]
    contrast = CONTRAST.search(text)
    if contrast and (contrast.group("znew") or contrast.group("new").lower() not in NOISE_WORDS):
        return contrast.group("new") or contrast.group("znew")
    meant = MEANT.search(text)
    if meant and meant.group(1).casefold() not in low_note and meant.group(1).lower() not in NOISE_WORDS:
        return meant.group(1)
    return None


def _dismissed_change(dismissed: list[str], new: str | None, note: str) -> tuple[str, str] | None:
    """(old, new) for a word the user calls wrong ("not vegetarian", 「青霉素没事」), as the note holds it."""
    low_note = note.casefold()
    for d in dismissed:
        old = d if d.casefold() in low_note else closest(d, note)
        if old and new and new.casefold() != old.casefold():
            return old, new
    return None


def _lookalike_change(new: str | None, note: str) -> tuple[str, str] | None:
    """(old, new) for the note's look-alike of ``new`` (a typo) or its only name."""
    if not new:
        return None
    old = closest(new, note) or _only_name(new, note)
    return (old, new) if old else None


_KIN_EN = ("mom|mum|mother|dad|father|brother|sister|wife|husband|son|daughter|aunt|uncle|grandma|grandpa|cousin|niece|"
           "nephew|boss|partner|girlfriend|boyfriend|fiancee|fiance|stepmom|stepdad")
_KIN_EN_RE = re.compile(rf"\b(?:{_KIN_EN})\b", re.I)
_KIN_ZH_RE = re.compile("爸爸|妈妈|老公|老婆|儿子|女儿|哥哥|姐姐|弟弟|妹妹|爷爷|奶奶|外婆|外公|姥姥|姥爷|表哥|表姐|表弟|表妹|堂哥|堂姐|"
                        "婆婆|公公|岳父|岳母|老板|对象|男朋友|女朋友|爸|妈|哥|姐|弟|妹")
#: "Portland, Maine" for "Portland, Oregon": the same place name with another state.
_PLACE_STATE = re.compile(r"\b([A-Z][a-z]+),\s*([A-Z][a-z]+)\b")


def names_relative(text: str) -> bool:
    """The text names a relative or a person of the user's life (mom, 老公, boss)."""
    return bool((_KIN_ZH_RE if re.search(r"[\u3400-\u9fff]", text) else _KIN_EN_RE).search(text))


def kin_change(text: str, note: str) -> tuple[str, str] | None:
    """(old, new) when the user corrects who it was (mom → dad, 老公 → 儿子): the note names one relative, the
    correction one other relative the note does not name."""
    pattern = _KIN_ZH_RE if re.search(r"[\u3400-\u9fff]", note) else _KIN_EN_RE
    if re.search(rf"(?:{_KIN_ZH_RE.pattern})(?:说|觉得|讲)|\b(?:{_KIN_EN})\s+(?:says|said|thinks)\b", text, re.I):
        return None  # 「我妈说我记错了」: the relative speaks, the correction is not about who
    held = {m.group(0).lower() for m in pattern.finditer(note)}
    named = {m.group(0).lower() for m in pattern.finditer(text)}
    fresh = named - held
    if len(held) != 1 or len(fresh) != 1:
        return None
    old = next(m.group(0) for m in pattern.finditer(note))
    return old, next(m.group(0) for m in pattern.finditer(text) if m.group(0).lower() in fresh)


def place_change(text: str, note: str) -> tuple[str, str] | None:
    """(Oregon, Maine) for "Portland, Maine" against a note holding "Portland, Oregon"."""
    for m in _PLACE_STATE.finditer(text):
        held = re.search(rf"\b{m.group(1)},\s*([A-Z][a-z]+)\b", note)
        if held and held.group(1) != m.group(2):
            return held.group(1), m.group(2)
    return None
