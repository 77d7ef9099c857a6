"""A person's name when it is labelled (姓名：…, name: …) or introduced next to other PII.

Labelled names (姓名, 持卡人, 收件人, name:, cardholder:…) are always personal data.
An introduced name (我叫…, 我是…, my name is…, I am…) counts only when the same text
holds an identity number (ID, passport, SSN, card, phone), because on its own a first
name is not what the privacy rules protect. The words these patterns are made of (surnames,
relations, titles, identifier words, non-names) are in :mod:`pipelines.receive.pii.name_words`.
"""
from __future__ import annotations

import re
from collections.abc import Iterator

from pipelines.receive.pii.name_words import (
    EN_ID_WORDS,
    EN_RELATIONS,
    EN_TITLE,
    GIVEN,
    NOT_NAMES,
    SURNAME,
    SURNAME_FIRST,
    WEAK_LABELS,
    ZH_ID_WORD,
    ZH_NAME,
    ZH_NOT_NAMES,
    ZH_PERSON_WORDS,
    ZH_RELATIONS,
    ZH_ROLE,
    ZH_TITLE,
    zh_starts_word,
    zh_word_not_name,
)

# Labels that always introduce a name may touch it (姓名张伟); weaker ones need a separator.
_ZH_LABEL = (
    r"(?:(?:姓名|真实姓名|持卡人|持照人|户名|开户名|收件人|收货人|联系人)[ \t]*(?:[:：=]|是|为|叫)?"
    r"|(?:名字|持证人|持有人|开户人|申请人|乘客|旅客|患者|客户|本人|签名|收款人|付款人|汇款人|寄件人|车主|监护人|紧急联系人)"
    r"[ \t]*(?:[:：=]|是|为|叫))[ \t]*"
)
_ZH_LABELLED = re.compile(rf"{_ZH_LABEL}(?P<name>{SURNAME}{GIVEN}{{1,2}}(?:先生|女士|小姐)?)")
_ZH_INTRO = re.compile(rf"(?:我叫|我的名字是|我的名字叫|本人叫|我是)[ \t]*(?P<name>{SURNAME}{GIVEN}{{1,2}})")

# Latin letters with diacritics: Jürgen, François, Åsa, Zoë, Wiśniewski, Łukasz (Latin Extended-A mixes both cases)
_UP, _LOW = "A-ZÀ-ÖØ-ÞĀ-Ž", "a-zß-öø-ÿĀ-ž"
_EN_NAME = (
    rf"(?:(?:Mr|Mrs|Ms|Miss|Mx|Dr|Prof|Herr|Frau|M|Mme|Mlle)\.?[ \t]+)?[{_UP}](?:['’][{_UP}]|(?<=M)a?c[{_UP}])?[{_LOW}'’-]+(?:[ \t]+[A-Z]\.)?"
    rf"(?:[ \t]+(?:(?:van|von|de|da|del|di|le|la|du|zu)[ \t]+)?[{_UP}][A-Za-z{_LOW}'’-]+){{0,3}}(?:,?[ \t]+(?:Jr|Sr|II|III|IV|MD|DDS|PhD|DVM|Esq)\b\.?)?"
)
_EN_CAPS_NAME = (
    r"[A-Z]{2,12}[ \t]+[A-Z][a-z]+(?:-[A-Za-z][a-z]+)?(?![A-Za-z])"
    r"|[A-Z][a-z]+(?:-[A-Za-z][a-z]+)?[ \t]+[A-Z]{2,12}(?![A-Za-z])"
)
_CAPS_NAME = re.compile(_EN_CAPS_NAME)
_EN_LABELLED = re.compile(
    rf"(?i:\b(?:full[ \t]+name|legal[ \t]+name|name|cardholder(?:[ \t]+name)?|card[ \t]+holder|account[ \t]+holder"
    rf"|holder|passenger|patient|applicant|recipient|customer|contact[ \t]+person|emergency[ \t]+contact|contact[ \t]+name"
    rf"|contact|attn|attention|addressee|consignee|beneficiary|payee|guest|tenant|landlord|sender|receiver|driver|owner|nom"
    rf"|ansprechpartner(?:in)?|kontaktperson|kontakt|empf(?:ä|ae)nger(?:in)?|kunde|kundin|inhaber(?:in)?|vor-?[ \t]*und[ \t]+nachname"
    rf"|interlocut(?:eur|rice)|destinataire|titulaire|nom[ \t]+complet|personne[ \t]+(?:à|a)[ \t]+contacter"
    rf"|Name))"
    rf"(?:[ \t]+is|['’]s)?[ \t]*(?:[:：=]|[ \t][-–—](?=[ \t]))?[ \t]*"
    # "Patient: O'Brien, Sean; MRN …": surname, comma, given name
    # "Passenger: HUANG Meiling", "Name: Meiling HUANG": a surname in capitals, as a passport or a ticket writes it
    rf"(?P<name>{_EN_CAPS_NAME}|{_EN_NAME}(?:,[ \t]*[{_UP}][{_LOW}]+(?=[ \t]*[;\n]))?|{SURNAME}{GIVEN}{{1,2}})",
    re.ASCII
)
_EN_INTRO = re.compile(
    r"(?i:\bmy[ \t]+name[ \t]+is|\bthis[ \t]+is|\bi[ \t]+am|\bi'm|\bi’m|\bcall[ \t]+me)[ \t]+"
    r"(?P<name>(?:(?:Mr|Mrs|Ms|Miss|Dr|Prof)\.?[ \t]+)?[A-Z][a-z'’-]+(?:[ \t]+[A-Z][a-zA-Z'’-]+){1,2})", re.ASCII
)
# A name written right before an identity word: "张伟，身份证号…", "John Smith, SSN …".
# It may follow a role word (乘客陈志强，证件号码…) and may precede the number itself, which
# an earlier stage has made opaque (王小明 ■■■, 李娜（身份证号■■■）).
_ZH_BEFORE_ID = re.compile(
    rf"(?:(?<![\u4e00-\u9fffA-Za-z0-9])|(?<={ZH_ROLE.replace('|', ')|(?<=')}))(?P<name>{SURNAME}{GIVEN}{{1,2}})"
    rf"(?:(?:[ \t]*[，,：:;；(][ \t]*|[ \t]+)(?:的)?|的)(?:身份证|护照|证件|手机|电话|银行卡|卡号|[\u25a0\u25a1])"
)
# A name word: Smith, O'Connor, McDonald, Jean-Luc.
_EN_WORD = rf"[{_UP}](?:[{_LOW}]|['’-]?[{_UP}][{_LOW}])[A-Za-z{_UP}{_LOW}'’-]*"
_EN_BEFORE_ID = re.compile(
    rf"(?<![A-Za-z])(?P<name>{_EN_WORD}(?:[ \t]+[A-Z]\.)?(?:[ \t]+{_EN_WORD}){{1,2}})[ \t]*(?:[,;:(—–-][ \t]*)?"
    r"(?:(?:his|her|my|their|Chinese|US|U\.S\.|national|resident|new|old)[ \t]+)?"
    r"(?:SSN|ITIN|TIN|IBAN|[Pp]assport|ID|DOB|[Pp]hone|[Mm]obile|[Cc]ell|[Tt]el|[Cc]ard|[Ss]ocial [Ss]ecurity|[Ii]nsurance|NRIC|HKID"
    r"|MRN|[Mm]edical [Rr]ecord|[Ss]tudent [Nn]o|[Ss]tudent ID|[Ll]icen[cs]e|[Pp]late|VIN|WeChat|QQ|[Ee]-?mail)\b", re.ASCII
)
# Any name right before a masked identifier (made opaque, ■): "Zhang Wei, ■", "call Mary Johnson at ■".
_EN_NEXT_TO_MASK = re.compile(
    rf"(?<![A-Za-z])(?P<name>{_EN_WORD}(?:[ \t]+[A-Z]\.)?(?:[ \t]+{_EN_WORD}){{1,2}})[ \t]*(?:(?:[,(—–-]|at|on|via)[ \t]*)?"
    # a qualifier before the identifier word: "Marcus Hendley, cali plate ■", "Li Wei, his phone ■"
    r"(?:(?:(?:his|her|their|my|new|old|work|home|[a-z]{2,12}|[A-Z]{2})[ \t]+)?(?:护照|身份证|手机|电话|passport|phone|mobile|cell|tel|ID|SSN|ITIN|TIN|IBAN|NRIC|HKID|MRN|card|VIN|plate|licen[cs]e plate"
    r"|insurance|account|e-?mail|WeChat|wechat|QQ|qq|whatsapp|WhatsApp|telegram|Telegram)(?:[ \t]*(?:号码?|number|no\.?))?"
    r"(?:[ \t]*[:：])?[ \t]*)?[\u25a0\u25a1]",
)
_ZH_AFTER_MASK = re.compile(rf"\u25a0[ \t]*[（(][ \t]*(?P<name>{SURNAME}{GIVEN}{{1,2}})[ \t]*[)）]")
# Names next to a masked identifier (■): whatever precedes a Chinese name, the identifier it
# owns follows ("同事李娜的手机是■", "客户赵敏电话：■", "请转给周杰，他的卡号是■") or precedes it at a
# clause end ("■ 张伟", "电话■（王芳）"; after an address, its addressee: "□，王先生收"). A name starts after punctuation, a Latin letter or digit, the
# start, or a word that introduces a person (a relation, a role, a verb of addressing).
# What may stand right before a name next to a mask (checked in code: a look-behind per word is slow).
_ZH_LEAD_WORD = re.compile(f"(?:{ZH_PERSON_WORDS}|的)$")  # 的: "补课的周老师电话■"
_ZH_BEFORE_MASK = re.compile(
    rf"(?P<name>{ZH_NAME}|{SURNAME}(?={ZH_TITLE}))(?:{ZH_TITLE})?[ \t]*(?:[，,：:;；(（、][ \t]*)?"
    rf"(?:[，,、][ \t]*(?:男|女|\d{{1,3}}[ \t]*岁|[\u4e00-\u9fff]{{1,2}}族)[ \t]*)*(?:[，,、][ \t]*)?"
    rf"(?:(?:他|她|其|TA)(?:的)?[ \t]*|的[ \t]*)?(?:(?:打|拨打?|发到?|加)?{ZH_ID_WORD}[^\u25a0\u25a1\n，,。；;]{{0,6}}?"
    rf"(?:[ \t]*(?:是|为|為|[:：]))?[ \t]*|(?:是|为|為|[:：])[ \t]*)?[\u25a0\u25a1]"
)
_ZH_AFTER_MASK_END = re.compile(
    rf"[\u25a0\u25a1][ \t]*[，,、;；/]?[ \t]*(?:(?:联系人|姓名|户名|收件人|收货人|机主|持卡人|本人|找|叫)[ \t]*[:：]?[ \t]*)?"
    rf"(?P<name>{SURNAME}{GIVEN}{{1,2}}?|{SURNAME}(?=先生|女士|小姐))(?:先生|女士|小姐)?(?=[ \t]*(?:$|[，,。；;！!？?）)\n]|的|收(?![入益费費款据據])))"
)
# "■是我同事王磊的", "■ is…": the owner named after the number.
_ZH_OWNER_AFTER_MASK = re.compile(
    rf"\u25a0[ \t]*(?:是|为|為|属于|屬於)[ \t]*(?:我|他|她)?(?:的)?(?:{ZH_RELATIONS})?"
    rf"(?P<name>{ZH_NAME})(?=[ \t]*(?:的|$|[，,。；;！!？?]))"
)
# "Sarah's mobile is ■", "Jane Doe's SSN: ■".
_EN_POSSESSIVE = re.compile(
    rf"(?<![A-Za-z])(?P<name>{_EN_WORD}(?:[ \t]+{_EN_WORD}){{0,2}})['’]s[ \t]+(?:(?:new|old|work|home|cell|own|current)[ \t]+)?"
    rf"{EN_ID_WORDS}\b[^\u25a0\u25a1\n.;]{{0,16}}[\u25a0\u25a1]"
)
# "■ belongs to Liu Yang", "■ (Li Wei)", "■, Sarah Kim", "■ in the name of John Smith", "■, account name Grace Liu".
_EN_AFTER_MASK = re.compile(
    rf"\u25a0[ \t]*(?:(?:[,(（—–-]|belongs[ \t]+to|belonging[ \t]+to|is[ \t]+for|in[ \t]+the[ \t]+name[ \t]+of|under[ \t]+the[ \t]+name"
    rf"(?:[ \t]+of)?|registered[ \t]+(?:to|in[ \t]+the[ \t]+name[ \t]+of)|issued[ \t]+to|held[ \t]+by|owned[ \t]+by|holder:?|name:?)[ \t]*)"
    # "■, account name Grace Liu", "■ - beneficiary: Ana Ruiz"
    rf"(?:(?i:(?:account|card|beneficiary|payee)[ \t]+(?:holder|name)|beneficiary|payee)[ \t]*[:：]?[ \t]*)?"
    rf"{EN_TITLE}?(?P<name>{_EN_WORD}(?:[ \t]+[A-Z]\.)?(?:[ \t]+{_EN_WORD}){{1,2}})(?=[ \t]*(?:$|[,.;!?)）\n]|and\b|or\b))"
)
# "Dr. Alan Turing, tel ■": a titled name before any identifier word and a mask.
_EN_TITLED_BEFORE_MASK = re.compile(
    rf"(?<![A-Za-z]){EN_TITLE}(?P<name>{_EN_WORD}(?:[ \t]+[A-Z]\.)?(?:[ \t]+{_EN_WORD}){{0,2}})[ \t]*(?:[,(:—–-][ \t]*)?"
    rf"(?:{EN_ID_WORDS}\b\.?(?:[ \t]*(?:number|no\.?))?(?:[ \t]*[:：])?[ \t]*)?[\u25a0\u25a1]"
)
# "Name: li wei, phone ■": a labelled name typed in lower case, next to an identifier.
_EN_LOWER_LABELLED = re.compile(
    r"(?i:\b(?:full[ \t]+name|name|contact(?:[ \t]+person)?|cardholder|account[ \t]+holder|passenger|patient|recipient))"
    r"[ \t]*[:：=][ \t]*(?P<name>[a-z]{2,12}(?:[ \t]+[a-z]{2,12}){1,2})(?=[ \t]*[,;(]|[ \t]+[\u25a0\u25a1])"
)
# A person introduced by their relation, in a text that holds their data: "my roommate Daniel Okafor … his SSN is ■",
# "our landlord, John Smith,", "my colleague named Priya Patel".
_EN_RELATION_NAME = re.compile(
    rf"(?i:\b(?:{EN_RELATIONS}))(?:[ \t]*,|[ \t]+(?:is|was|named|called))?[ \t]+{EN_TITLE}?"
    rf"(?P<name>{_EN_WORD}(?:[ \t]+[A-Z]\.)?(?:[ \t]+{_EN_WORD}){{1,2}})(?![A-Za-z])"
)
# The same in Chinese: a person named right after whose relation they are, anywhere in a text that holds an
# identifier ("我妈王桂兰换号了，新手机■", "她同事叫李娜，……邮箱■").
_ZH_RELATION_NAME = re.compile(
    rf"(?:我|我的|他|他的|她|她的|你|你的|咱|我们|我們|咱们)(?:{ZH_RELATIONS})[ \t]*(?:叫|是|，|,)?[ \t]*(?P<name>{ZH_NAME})"
)
_EN_INTRO_ONE = re.compile(r"(?i:\bmy[ \t]+name[ \t]+is)[ \t]+(?P<name>[A-Z][a-z'’-]+)", re.ASCII)


_OPAQUE_RUN = re.compile(r"[\u25a0\u25a1]+")
_BEFORE_MASK_REACH = 24


def _zh_name_before(text: str, start: int, mask: int) -> tuple[int, int] | None:
    """The Chinese name starting at ``start`` that owns the mask at ``mask`` (``None``: none starts there)."""
    if text[start] not in SURNAME_FIRST:
        return None
    before = text[start - 1] if start else ""
    if "\u4e00" <= before <= "\u9fff" and not _ZH_LEAD_WORD.search(text, max(0, start - 4), start):
        return None
    match = _ZH_BEFORE_MASK.match(text, start, mask + 1)
    if match is None or match.end() != mask + 1:
        return None
    name = match.group("name")
    if name[:2] in ZH_NOT_NAMES or zh_word_not_name(name):
        return None
    return match.span("name")


def _zh_before_masks(text: str) -> Iterator[tuple[int, int]]:
    """Chinese names that own the masked identifier after them ("同事李娜的手机是■"): for each mask, the
    leftmost name within a few characters before it that starts after a boundary or a person word."""
    for run in _OPAQUE_RUN.finditer(text):
        mask = run.start()
        starts = range(max(0, mask - _BEFORE_MASK_REACH), mask)
        span = next((found for found in (_zh_name_before(text, start, mask) for start in starts) if found), None)
        if span is not None:
            yield span


_EN_CHECKED = (_EN_LABELLED, _EN_INTRO, _EN_INTRO_ONE, _EN_BEFORE_ID, _EN_NEXT_TO_MASK, _EN_POSSESSIVE,
               _EN_AFTER_MASK, _EN_TITLED_BEFORE_MASK, _EN_RELATION_NAME)
_ZH_NOT_NAME_CHECKED = (_ZH_LABELLED, _ZH_INTRO, _ZH_BEFORE_ID, _ZH_AFTER_MASK, _ZH_BEFORE_MASK, _ZH_AFTER_MASK_END,
                        _ZH_OWNER_AFTER_MASK, _ZH_RELATION_NAME)
_ZH_WORD_CHECKED = (_ZH_BEFORE_ID, _ZH_BEFORE_MASK, _ZH_AFTER_MASK_END, _ZH_OWNER_AFTER_MASK, _ZH_RELATION_NAME)


def _en_label_rejected(text: str, pattern: re.Pattern[str], match: re.Match[str], start: int,
                       has_identity_number: bool) -> bool:
    """Whether a labelled English name is no form field: a bare weak label with no data, or no ``:``/``is``."""
    if pattern is not _EN_LABELLED:
        return False
    if not has_identity_number and match.group(0).lower().startswith(WEAK_LABELS):
        return True  # a bare "name:" labels a person only next to their data
    if not has_identity_number and _CAPS_NAME.fullmatch(match.group("name")):
        return True  # "Customer: IBM Research": a word in capitals is a person's surname only next to their data
    return not re.search(r"[:：=–—]|\bis\b|['’]s\b|[ \t]-[ \t]", text[match.start():start])  # "the customer John" is no form field


def _en_name(text: str, pattern: re.Pattern[str], match: re.Match[str],
             has_identity_number: bool) -> tuple[int, int] | None:
    """The span of an English name match, without leading non-name words (``None``: it is no name)."""
    name = match.group("name")
    start, end = match.span("name")
    words = name.replace(".", " ").split()
    while pattern is _EN_NEXT_TO_MASK and len(words) > 2 and words[0] in NOT_NAMES:
        start += text.index(words[1], start + len(words[0])) - start  # "Call Mary Johnson ■"
        name, words = text[start:end], words[1:]
    if words and words[0] in NOT_NAMES:
        return None
    if text[end:end + 1] == "." and text[end + 1:end + 2].isalnum():
        return None  # a file name such as "Report Final.docx"
    if _en_label_rejected(text, pattern, match, start, has_identity_number):
        return None
    return start, start + len(name.rstrip(" ,"))


def _zh_name(text: str, pattern: re.Pattern[str], match: re.Match[str]) -> tuple[int, int] | None:
    """The span of a Chinese (or unchecked) name match (``None``: a common word or a non-name)."""
    name = match.group("name")
    if pattern in _ZH_NOT_NAME_CHECKED and name[:2] in ZH_NOT_NAMES:
        return None
    if pattern in _ZH_WORD_CHECKED and zh_word_not_name(name):
        return None
    start, end = match.span("name")
    if pattern is _ZH_RELATION_NAME and len(name) == 3 and zh_starts_word(text[end - 1:end + 2]):
        end -= 1  # nothing marks where the name ends: "王芳换号了" is 王芳 and 换号
    return start, end


def find_names(text: str, has_identity_number: bool) -> Iterator[tuple[int, int]]:
    """Spans of personal names in ``text``.

    Args:
        text: The normalised text.
        has_identity_number: Whether an ID, passport, SSN, card or phone was found in
            ``text``; introduced names ("我叫…", "my name is…") count only then.
    """
    patterns = [_ZH_LABELLED, _EN_LABELLED]
    if has_identity_number:
        patterns += [_ZH_INTRO, _EN_INTRO, _EN_INTRO_ONE, _ZH_BEFORE_ID, _EN_BEFORE_ID, _EN_NEXT_TO_MASK, _ZH_AFTER_MASK,
                     _ZH_AFTER_MASK_END, _ZH_OWNER_AFTER_MASK, _EN_POSSESSIVE, _EN_AFTER_MASK, _EN_TITLED_BEFORE_MASK,
                     _EN_LOWER_LABELLED, _EN_RELATION_NAME, _ZH_RELATION_NAME]
        yield from _zh_before_masks(text)
    for pattern in patterns:
        for match in pattern.finditer(text):
            span = (_en_name(text, pattern, match, has_identity_number) if pattern in _EN_CHECKED
                    else _zh_name(text, pattern, match))
            if span is not None:
                yield span
