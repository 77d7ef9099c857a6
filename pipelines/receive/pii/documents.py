"""Identity documents and numbers other than the mainland's: HK / Macau / Taiwan identity cards,
IBANs, licence plates, social-security / medical-insurance / housing-fund numbers, medical
record numbers (病历号, MRN) and student numbers (学号, student ID).

Each detector is a table entry, ``(kind, pattern, accept)``: the pattern finds a shape, and
``accept(text, match)`` decides with its check digit or its label. Shapes that are specific
on their own count anywhere — an HK card with its check digit in brackets (``A123456(7)``),
a Macau card ``1234567(8)``, a Taiwan ID with a valid checksum, an IBAN that passes mod 97,
a mainland plate (``京A·12345``, new-energy ``粤B·D12345``); the rest (foreign plates,
insurance, record and student numbers, bracket-less cards) only right after their label. Runs on the normalised view.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from pipelines.receive.pii import cues

_END = r"(?![A-Za-z0-9])"
_START = r"(?<![A-Za-z0-9])"
_REACH = 32

_HK_LABEL = re.compile(r"香港身份证|香港身份證|身份證|身份证|身分證|身分证|HKID|HK ?ID|Hong Kong ID|identity card|ID card|ID no", re.I)
_MO_LABEL = re.compile(r"澳门身份证|澳門身份證|澳门居民身份证|澳門居民身份證|澳门身份證|\bBIR\b|Maca[uo](?: resident)? ID", re.I)
_TW_LABEL = re.compile(r"身分證|身份證|身分证|身份证|居留證|居留证|Taiwan(?:ese)? ID|National ID|ID no|ID", re.I)
_HK = re.compile(rf"{_START}(?P<letters>[A-Za-z]{{1,2}})[ \t]?(?P<digits>\d{{6}})[ \t]?(?:(?P<open>[(（])(?P<check>[0-9A])[)）]|(?P<bare>[0-9A]))")
_MO = re.compile(rf"{_START}[157](?:\d{{6}}[ \t]?[(（]\d[)）]|/\d{{6}}/\d{_END}|-\d{{6}}-\d{_END}|[ \t]\d{{6}}[ \t]\d{_END}|\d{{7}}{_END})")
# A Taiwan ID (letter, 1/2 or 8/9 for the new resident certificate, eight digits) or an older resident
# certificate (two letters, eight digits); any case after its label.
# Written in groups too ("A1 2345 6789"), then only after its label.
_TW = re.compile(rf"{_START}[A-Za-z][ \t]?(?:[1289]|[A-Da-d])(?:[ \t]?\d{{4}}){{2}}{_END}")
_TW_LETTERS = "ABCDEFGHJKLMNPQRSTUVXYWZIO"  # A=10 … H=17, J=18 … V=29, X=30, Y=31, W=32, Z=33, I=34, O=35
_IBAN = re.compile(rf"{_START}[A-Z]{{2}}\d{{2}}(?:[ \t-]?[A-Z0-9]{{1,4}}){{3,8}}{_END}")
_IBAN_ANY_CASE = re.compile(rf"{_START}[A-Za-z]{{2}}\d{{2}}(?:[ \t-]?[A-Za-z0-9]{{1,4}}){{3,8}}{_END}")
_IBAN_LABEL = re.compile(r"IBAN|国际银行账号|國際銀行帳號", re.I)
_PLATE_CN = re.compile(
    r"[京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼滬粵閩貴遼黑魯蘇贛雲陝寧瓊][A-HJ-NP-Z][ \t·.-]?"
    r"(?P<tail>[DF][ \t·.-]?[A-HJ-NP-Z0-9]\d{4}|\d{5}[DF]|[A-HJ-NP-Z0-9]{4}[A-HJ-NP-Z0-9挂学警港澳领領使])(?![A-Za-z0-9])"
)
# An embassy's plate: 使, the mission's three digits and the car's three (使·014·578); with spaces or none only after a
# plate word ("使 100 000 人" is a count).
_PLATE_EMBASSY = re.compile(r"(?<![\u4e00-\u9fff])使(?P<sep>[ \t·.-]?)\d{3}(?P=sep)\d{3}(?![\d])")
_PLATE_LABEL = re.compile(
    r"车牌(?:号码?|号)?|車牌(?:號碼?|號)?|牌照号?|licen[cs]e[ \t]+plate(?:[ \t]+(?:number|no\.?))?|plate[ \t]+(?:number|no\.?)"
    r"|number[ \t]+plate|(?:my|our|car'?s?|his|her)[ \t]+(?:(?:HK|TW|hk|tw|[A-Z][a-z]{2,11})[ \t]+)?plate(?:[ \t]+(?:is|was|reads|says))?|registration[ \t]+(?:number|plate)|reg[ \t]+(?:no\.?|number|plate)|Kennzeichen"
    r"|immatriculation|plaque|\bplate[ \t]*[:：#]|\bplate(?=[ \t]*(?:係|是|為|为))|\b(?:car|UK|my|our|his|her|their|vehicle)[ \t]+reg(?:istration)?(?:[ \t]+(?:is|was))?|\breg[ \t]*[:：]"
    # a plate named by where it was issued or what it is on: "cali plate 8KJT214", "Texas plates", "rental car plate"
    r"|\b(?:cali|calif|california|texas|florida|new[ \t]+york|jersey|ohio|georgia|virginia|washington|oregon|nevada|arizona"
    r"|illinois|michigan|massachusetts|ontario|quebec|uk|us|eu|german|french|state|out[ \t-]of[ \t-]state|temp|temporary"
    r"|hk|hong[ \t]+kong|macau|macao|taiwan|taiwanese|tw|mainland|chinese"
    r"|vanity|personali[sz]ed|custom|rental|truck|van|bike|motorcycle|their|the|that|its|whose)[ \t]+plates?"
    r"(?:[ \t]+(?:number|no\.?|is|was|reads|says))?",
    re.I,
)
# up to eleven characters: an Irish registration is year, county and number ("191-D-22817")
_PLATE_TOKEN = re.compile(r"[A-Z0-9](?:[A-Z0-9]|[ ·-](?=[A-Z0-9])){3,10}(?![A-Za-z0-9])")
_INSURANCE_LABEL = re.compile(
    r"(?:个人)?社保[ \t]?(?:个人)?(?:卡号|卡|号码?|账号|编号|电脑号)|(?:养老|失业|工伤|生育|医疗)保险[ \t]?(?:个人)?(?:编号|号码?|账号|卡号)|社会保障(?:卡号|号码?|卡)|参保(?:人)?(?:编号|号)|医保(?:卡号|卡|号码?|账号|编号)"
    r"|医疗保险(?:卡号|号码?|卡)|(?:住房)?公积金(?:个人)?(?:账号|帳號|账户|号码?|卡号)|健保卡號?|健保號碼?|勞保號?|健保卡号?|健保号码?|劳保号?"
    r"|social[ \t]+insurance(?:[ \t]+(?:number|no\.?|card))?|\bSIN\b|national[ \t]+insurance(?:[ \t]+(?:number|no\.?))?"
    r"|\bNI(?:NO)?[ \t]+(?:number|no\.?)|\bNINO\b|\bNHS[ \t]+(?:number|no\.?)|medicare(?:[ \t]+(?:number|card|no\.?))?"
    r"|medicaid(?:[ \t]+(?:number|no\.?|id))?|health[ \t]+insurance(?:[ \t]+(?:number|no\.?|id|card))?"
    r"|insurance[ \t]+(?:number|no\.?|id|card)|housing[ \t]+(?:provident[ \t]+)?fund(?:[ \t]+(?:account|number|no\.?))?"
    r"|member[ \t]+ID|Sozialversicherungsnummer|num[ée]ro[ \t]+de[ \t]+s[ée]curit[ée][ \t]+sociale",
    re.I,
)
# (係 is Cantonese for 是: "plate 係 TX 4821", "車牌係…".)
# A number after its label: pieces that each hold a digit, joined by single spaces or dashes, after an
# optional letter prefix (TJ-2024-0883172, 31-2208-7716-45, M06451334979); words between the label and
# the number ("card no.") are no piece, and the number stops before the words after it.
_NUMBER_TOKEN = (
    r"(?<![A-Za-z0-9])(?:[A-Za-z]{1,4}[ -])?[A-Za-z0-9]*\d[A-Za-z0-9]*(?:[ -][A-Za-z0-9]*\d[A-Za-z0-9]*)*(?![A-Za-z0-9])"
)
_INSURANCE_TOKEN = re.compile(_NUMBER_TOKEN)
_CONNECTIVE = re.compile(r"(?:[ \t]*(?:is|was|:|=|#|no\.?|number|是|係|为|為|号码|號碼|号|號)(?![A-Za-z])[ \t]*){0,4}", re.I)
_MEDICAL_LABEL = re.compile(
    r"病历号|病歷號|病案号|门诊号|門診號|住院号|就诊卡号|就诊号|就诊卡|体检(?:报告)?编号|体检号|检查号|\bMRN\b|挂号(?:单)?号"
    r"|(?:病人|患者|病患)(?:ID|编号|号)|(?:医疗|就医|诊疗)卡号?"
    r"|medical[ \t]+record(?:[ \t]+(?:number|no\.?))?|patient[ \t]+(?:ID|number|no\.?)|hospital[ \t]+(?:number|no\.?)",
    re.I,
)
_STUDENT_LABEL = re.compile(
    r"学号|學號|考生号|准考证号|學籍號|学籍号|学生证号?|學生證號?|学生号|校园卡号|一卡通号?|student[ \t]+(?:number|ID|no\.?|card)|matriculation[ \t]+(?:number|no\.?)"
    r"|Matrikelnummer|enrol?lment[ \t]+(?:number|no\.?)|numéro[ \t]+(?:d['’]étudiant|étudiant)",
    re.I,
)
_RECORD_TOKEN = re.compile(_NUMBER_TOKEN)
_STOP = re.compile(r"[\n。！？!?；;，,、\u25a0]|\band\b")


def _hk_check(letters: str, digits: str) -> str:
    values = ([36] if len(letters) == 1 else []) + [ord(c) - 55 for c in letters] + [int(d) for d in digits]
    total = sum(v * w for v, w in zip(values, range(9, 1, -1)))
    check = (11 - total % 11) % 11
    return "A" if check == 10 else str(check)


def _tw_valid(value: str) -> bool:
    """The check digit of a Taiwan ID, or of an older resident certificate (its second letter counts by its last digit)."""
    value = value.upper()
    code = _TW_LETTERS.index(value[0]) + 10
    second = str((_TW_LETTERS.index(value[1]) + 10) % 10) if value[1].isalpha() else value[1]
    weights = (1, 9, 8, 7, 6, 5, 4, 3, 2, 1, 1)
    total = sum(int(d) * w for d, w in zip(f"{code}{second}{value[2:]}", weights))
    return total % 10 == 0


def _iban_valid(compact: str) -> bool:
    if not 15 <= len(compact) <= 34:
        return False
    moved = compact[4:] + compact[:4]
    return int("".join(str(int(c, 36)) for c in moved)) % 97 == 1


def _labelled(label: re.Pattern[str], text: str, start: int) -> bool:
    window = text[max(0, start - cues.WINDOW):start]
    stop = [m.end() for m in _STOP.finditer(window)]
    return label.search(window[stop[-1]:] if stop else window) is not None


def _hk(text: str, match: re.Match[str]) -> tuple[int, int] | None:
    check = (match.group("check") or match.group("bare")).upper()
    letters = match.group("letters")
    if not letters.isupper() and not _labelled(_HK_LABEL, text, match.start()):
        return None  # lower case only after its label ("my hkid is c6683422")
    valid = _hk_check(letters.upper(), match.group("digits")) == check
    if match.group("bare") and text[match.end():match.end() + 1].isalnum():
        return None
    if match.group("open") or valid or _labelled(_HK_LABEL, text, match.start()):
        return None if cues.says_not_pii(text, match.start()) else match.span()
    return None


def _mo(text: str, match: re.Match[str]) -> tuple[int, int] | None:
    shaped = "(" in match.group(0) or "（" in match.group(0) or "/" in match.group(0)
    if ("-" in match.group(0) or " " in match.group(0)) and not _labelled(_MO_LABEL, text, match.start()):
        return None
    if (shaped or _labelled(_MO_LABEL, text, match.start())) and not cues.says_not_pii(text, match.start()):
        return match.span()
    return None


def _tw(text: str, match: re.Match[str]) -> tuple[int, int] | None:
    value = re.sub(r"[ \t]", "", match.group(0))
    labelled = _labelled(_TW_LABEL, text, match.start())
    if value != match.group(0) and not labelled:
        return None  # in groups only after its label
    if not value[0].isupper() and not labelled:
        return None  # lower case only after its label
    if (_tw_valid(value) and (value[0].isupper() or labelled)) or labelled:
        return None if cues.says_not_pii(text, match.start()) else match.span()
    return None


def _plausible_iban(compact: str) -> bool:
    return 15 <= len(compact) <= 34 and compact[-1].isdigit()


def _iban(text: str, match: re.Match[str]) -> tuple[int, int] | None:
    """The longest prefix of the match, ending at a group, that is an IBAN (or any, after "IBAN")."""
    ends = [m.end() for m in re.finditer(r"[A-Z0-9]+", match.group(0))][::-1]
    compacts = [re.sub(r"[ \t-]", "", match.group(0)[:end]) for end in ends]
    valid = [end for end, compact in zip(ends, compacts) if _iban_valid(compact)]
    if not valid and _labelled(_IBAN_LABEL, text, match.start()):  # after "IBAN" a mistyped one is still one
        valid = [end for end, compact in zip(ends, compacts) if _plausible_iban(compact)]
    return (match.start(), match.start() + valid[0]) if valid else None


def _iban_any_case(text: str, match: re.Match[str]) -> tuple[int, int] | None:
    """An IBAN typed in lower or mixed case ("de89 3704 …"): only when its check digits are right."""
    value = match.group(0)
    if value.isupper() or value[:2].isdigit():
        return None  # upper case is read by the plain IBAN shape
    ends = [m.end() for m in re.finditer(r"[A-Za-z0-9]+", value)][::-1]
    valid = [end for end in ends if _iban_valid(re.sub(r"[ \t-]", "", value[:end]).upper())]
    return (match.start(), match.start() + valid[0]) if valid else None


def _plate_cn(text: str, match: re.Match[str]) -> tuple[int, int] | None:
    tail = match.group("tail")
    if sum(c.isdigit() for c in tail) >= 3 or _labelled(_PLATE_LABEL, text, match.start()):
        return match.span()
    return None


def _plate_embassy(text: str, match: re.Match[str]) -> tuple[int, int] | None:
    if match.group("sep") in ("·", ".") or _labelled(_PLATE_LABEL, text, match.start()):
        return match.span()
    return None


Accept = Callable[[str, "re.Match[str]"], "tuple[int, int] | None"]
#: Shapes found anywhere, each with the check that accepts it.
SHAPES: tuple[tuple[str, re.Pattern[str], Accept], ...] = (
    ("iban", _IBAN, _iban), ("iban", _IBAN_ANY_CASE, _iban_any_case), ("id_hk", _HK, _hk), ("id_mo", _MO, _mo), ("id_tw", _TW, _tw), ("plate", _PLATE_CN, _plate_cn),
    ("plate", _PLATE_EMBASSY, _plate_embassy),
)


def _plate_token(value: str) -> bool:
    compact = re.sub(r"[ ·-]", "", value)
    return 4 <= len(compact) <= 9 and any(c.isdigit() for c in compact) and any(c.isalpha() for c in compact)


def _record_token(value: str) -> bool:
    compact = re.sub(r"[ -]", "", value)
    return 4 <= len(compact) <= 24 and sum(c.isdigit() for c in compact) >= 4


def _insurance_token(value: str) -> bool:
    compact = re.sub(r"[ -]", "", value)
    return 6 <= len(compact) <= 24 and sum(c.isdigit() for c in compact) >= 5


#: Numbers that count only after their label: (kind, label, token, is the token one).
LABELLED: tuple[tuple[str, re.Pattern[str], re.Pattern[str], Callable[[str], bool]], ...] = (
    ("plate", _PLATE_LABEL, _PLATE_TOKEN, _plate_token),
    ("insurance", _INSURANCE_LABEL, _INSURANCE_TOKEN, _insurance_token),
    ("medical_record", _MEDICAL_LABEL, _RECORD_TOKEN, lambda value: _record_token(value)),
    ("student_id", _STUDENT_LABEL, _RECORD_TOKEN, lambda value: _record_token(value)),
)


def find_documents(text: str) -> Iterator[tuple[int, int, str]]:
    """Spans and kinds of the documents above in the normalised ``text``."""
    for kind, pattern, accept in SHAPES:
        for match in pattern.finditer(text):
            span = accept(text, match)
            if span is not None:
                yield span[0], span[1], kind
    for kind, label, token, accept_token in LABELLED:
        for word in label.finditer(text):
            joined = _CONNECTIVE.match(text, word.end())
            begin = joined.end() if joined else word.end()
            reach = min(len(text), begin + _REACH)
            stop = _STOP.search(text, begin, reach)
            for found in token.finditer(text, begin, stop.start() if stop else reach):
                if accept_token(found.group(0)):
                    yield found.start(), found.end(), kind
                break  # only the first token after the label is its number
