"""National identity and tax numbers of other countries, and loyalty-programme member numbers.

Each number has a shape and, where it has one, its check: a Korean resident registration number
(``YYMMDD-SNNNNNN``: a birth date, a sex and century digit, the mod-11 check), a Singapore NRIC/FIN
(``S1234567D``: its check letter), a UK National Insurance number (``AB 12 34 56 C``: the prefixes
HMRC issues), a Canadian SIN (three groups of three, Luhn), an Indian Aadhaar (4-4-4 digits, Verhoeff)
and PAN (``ABCPE1234F``: the holder type in the fourth letter), a Japanese My Number (4-4-4 digits, its
check digit). A shape that is specific on its own, or written in the groups its owners write, counts
anywhere; the compact digit runs (thirteen, twelve, nine digits) and lower-case letters count only after
the number's own label. A member number counts after a programme's name (KrisFlyer, Bonvoy, 凤凰知音…).
Runs on the normalised view; kinds ``id_national`` (mask word ``id``), ``insurance`` (the UK's and Canada's)
and ``member_id``.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from pipelines.receive.pii import cues
from pipelines.receive.pii.checks import luhn_valid

_START = r"(?<![A-Za-z0-9])"
_END = r"(?![A-Za-z0-9])"
_STOP = re.compile(r"[\n。！？!?；;]")
_LABEL_REACH = 40
_ANY_DIGIT = re.compile(r"\d")

_RRN_LABEL = re.compile(r"주민\s*등록\s*번호|주민번호|외국인\s*등록\s*번호|\bRRN\b|resident[ \t]+registration|居民登[录錄]|住民登[録录]", re.I)
_NRIC_LABEL = re.compile(r"\bNRIC\b|\bFIN\b|\bIC[ \t]+(?:no|number)|identity[ \t]+card|身份[证證]|\bpink[ \t]+IC\b", re.I)
_NINO_LABEL = re.compile(r"national[ \t]+insurance|\bNI(?:NO)?\b|\bN\.I\.", re.I)
_SIN_LABEL = re.compile(r"\bSIN\b|social[ \t]+insurance|\bNAS\b|assurance[ \t]+sociale", re.I)
_AADHAAR_LABEL = re.compile(r"aadh?aa?r|\bUIDAI\b|\bUID\b|आधार", re.I)
_MY_NUMBER_LABEL = re.compile(r"マイナンバー|個人番号|个人编号|\bmy[ \t]+number\b|individual[ \t]+number", re.I)
_PAN_LABEL = re.compile(r"\bPAN\b|permanent[ \t]+account[ \t]+number", re.I)

_RRN = re.compile(rf"{_START}(?P<date>\d{{6}})(?P<sep>[ \t]?-[ \t]?|)(?P<rest>[1-8]\d{{6}}){_END}")
_NRIC = re.compile(rf"{_START}[STFGstfg]\d{{7}}[A-Za-z]{_END}")
_NINO = re.compile(
    rf"{_START}(?!BG|GB|NK|KN|TN|NT|ZZ|bg|gb|nk|kn|tn|nt|zz)[A-CEGHJ-PR-TW-Za-ceghj-pr-tw-z][A-CEGHJ-NPR-TW-Za-ceghj-npr-tw-z]"
    rf"(?P<sep>[ \t]?)\d{{2}}(?P=sep)\d{{2}}(?P=sep)\d{{2}}[ \t]?[A-Da-d]{_END}"
)
# a group of a longer number (a card's "4111-1111-1111-1111") is none: no digit group touches either end
_ALONE_BEFORE, _ALONE_AFTER = r"(?<![\d,.])(?<!\d[ \t-])", r"(?![\d,.]\d|[ \t-]\d|[A-Za-z0-9%])"
_SIN = re.compile(rf"{_START}{_ALONE_BEFORE}[1-79]\d{{2}}(?P<sep>[ \t-]?)\d{{3}}(?P=sep)\d{{3}}{_ALONE_AFTER}")
_TWELVE = re.compile(rf"{_START}{_ALONE_BEFORE}\d{{4}}(?P<sep>[ \t-]?)\d{{4}}(?P=sep)\d{{4}}{_ALONE_AFTER}")
_PAN = re.compile(rf"{_START}[A-Za-z]{{3}}[PCHABGJLFTpchabgjlft][A-Za-z]\d{{4}}[A-Za-z]{_END}")
# what after a grouped number says it is a quantity: "130 692 544 people", "2 958 441 0763 €"
_QUANTITY_AFTER = re.compile(r"[ \t]*(?:[$€£¥元%]|(?i:people|persons|habitants|residents|users|units|items|votes|views"
                             r"|dollars|euros|yen|won|rupees|km|kg|tonnes|tons|miles|points|km2|visitors|copies)\b)")
_QUANTITY_BEFORE = re.compile(r"(?:[$€£¥]|RMB|USD|CAD|INR|JPY|KRW|Rs\.?)[ \t]*$")

_D = ((0, 1, 2, 3, 4, 5, 6, 7, 8, 9), (1, 2, 3, 4, 0, 6, 7, 8, 9, 5), (2, 3, 4, 0, 1, 7, 8, 9, 5, 6),
      (3, 4, 0, 1, 2, 8, 9, 5, 6, 7), (4, 0, 1, 2, 3, 9, 5, 6, 7, 8), (5, 9, 8, 7, 6, 0, 4, 3, 2, 1),
      (6, 5, 9, 8, 7, 1, 0, 4, 3, 2), (7, 6, 5, 9, 8, 2, 1, 0, 4, 3), (8, 7, 6, 5, 9, 3, 2, 1, 0, 4),
      (9, 8, 7, 6, 5, 4, 3, 2, 1, 0))
_P = ((0, 1, 2, 3, 4, 5, 6, 7, 8, 9), (1, 5, 7, 6, 2, 8, 3, 0, 9, 4), (5, 8, 0, 3, 7, 9, 6, 1, 4, 2),
      (8, 9, 1, 6, 0, 4, 3, 5, 2, 7), (9, 4, 5, 3, 1, 2, 6, 8, 7, 0), (4, 2, 8, 6, 5, 7, 3, 9, 0, 1),
      (2, 7, 9, 3, 8, 0, 6, 4, 1, 5), (7, 0, 4, 6, 9, 1, 3, 2, 5, 8))


def _digits(value: str) -> str:
    return re.sub(r"\D", "", value)


def verhoeff_valid(digits: str) -> bool:
    """Whether a digit string ends with its Verhoeff check digit (Aadhaar)."""
    check = 0
    for i, digit in enumerate(reversed(digits)):
        check = _D[check][_P[i % 8][int(digit)]]
    return check == 0


def my_number_valid(digits: str) -> bool:
    """Whether twelve digits end with the check digit of a Japanese individual number."""
    body = [int(d) for d in digits[:11]]
    total = sum(p * (n + 1 if n <= 6 else n - 5) for n, p in enumerate(reversed(body), start=1))
    rest = total % 11
    return int(digits[11]) == (0 if rest <= 1 else 11 - rest)


def rrn_valid(digits: str) -> bool:
    """Whether thirteen digits pass the mod-11 check of a Korean resident registration number."""
    total = sum(int(d) * w for d, w in zip(digits[:12], (2, 3, 4, 5, 6, 7, 8, 9, 2, 3, 4, 5), strict=True))
    return (11 - total % 11) % 10 == int(digits[12])


def nric_valid(value: str) -> bool:
    """Whether a Singapore NRIC/FIN (S, T, F, G) ends with its check letter."""
    value = value.upper()
    total = sum(int(d) * w for d, w in zip(value[1:8], (2, 7, 6, 5, 4, 3, 2), strict=True))
    total += 4 if value[0] in "TG" else 0
    table = "JZIHGFEDCBA" if value[0] in "ST" else "XWUTRQPNMLK"
    return table[total % 11] == value[8]


def _labelled(label: re.Pattern[str], text: str, start: int) -> bool:
    """Whether ``label`` stands in the clause just before ``start``."""
    window = text[max(0, start - _LABEL_REACH):start]
    stops = [m.end() for m in _STOP.finditer(window)]
    return label.search(window[stops[-1]:] if stops else window) is not None


def _quantity(text: str, match: re.Match[str]) -> bool:
    return (_QUANTITY_AFTER.match(text, match.end()) is not None
            or _QUANTITY_BEFORE.search(text, max(0, match.start() - 6), match.start()) is not None)


def _date_ok(date: str) -> bool:
    month, day = int(date[2:4]), int(date[4:6])
    return 1 <= month <= 12 and 1 <= day <= 31


def _rrn(text: str, match: re.Match[str]) -> bool:
    if not _date_ok(match.group("date")):
        return False
    if _labelled(_RRN_LABEL, text, match.start()):
        return True
    # the dash is how it is written; thirteen bare digits need the check too
    return bool(match.group("sep")) or rrn_valid(match.group("date") + match.group("rest"))


def _nric(text: str, match: re.Match[str]) -> bool:
    value = match.group(0)
    labelled = _labelled(_NRIC_LABEL, text, match.start())
    if not (value[0].isupper() and value[-1].isupper()) and not labelled:
        return False  # lower case only after its label
    return nric_valid(value) or labelled


def _nino(text: str, match: re.Match[str]) -> bool:
    value = match.group(0)
    return value.isupper() or _labelled(_NINO_LABEL, text, match.start())


def _sin(text: str, match: re.Match[str]) -> bool:
    digits = _digits(match.group(0))
    if _labelled(_SIN_LABEL, text, match.start()):
        return True
    # with spaces it is how a large quantity is written too ("130 692 544 in 2020"): only dashes count unlabelled
    return match.group("sep") == "-" and luhn_valid(digits) and not _quantity(text, match)


def _twelve(text: str, match: re.Match[str]) -> bool:
    digits = _digits(match.group(0))
    if _labelled(_AADHAAR_LABEL, text, match.start()) or _labelled(_MY_NUMBER_LABEL, text, match.start()):
        return True
    if not match.group("sep") or _quantity(text, match) or digits[0] == "0":
        return False  # twelve bare digits are anyone's, and a leading 0 dials a trunk ("0512 3120 1495"): only after a label
    return (digits[0] != "1" and verhoeff_valid(digits)) or my_number_valid(digits)


def _pan(text: str, match: re.Match[str]) -> bool:
    return match.group(0).isupper() or _labelled(_PAN_LABEL, text, match.start())


Accept = Callable[[str, "re.Match[str]"], bool]
#: (kind, pattern, accept) of each national number; the UK's and Canada's are social-insurance numbers.
SHAPES: tuple[tuple[str, re.Pattern[str], Accept], ...] = (
    ("id_national", _RRN, _rrn), ("id_national", _NRIC, _nric), ("insurance", _NINO, _nino), ("insurance", _SIN, _sin),
    ("id_national", _TWELVE, _twelve), ("id_national", _PAN, _pan),
)

_LOYALTY_LABEL = re.compile(
    r"frequent[ \t-]+fl[iy]er(?:[ \t]+(?:number|no\.?|id|#))?|KrisFlyer|Executive[ \t]+Club|Bonvoy|Marriott"
    r"|Hilton[ \t]+Honou?rs|IHG(?:[ \t]+One)?(?:[ \t]+Rewards)?|World[ \t]+of[ \t]+Hyatt|SkyMiles|AAdvantage|MileagePlus"
    r"|Miles[ \t]*(?:&|and)[ \t]*More|Flying[ \t]+Blue|Asia[ \t]+Miles|Marco[ \t]+Polo[ \t]+Club|Accor[ \t]+(?:Live|ALL)"
    r"|Rapid[ \t]+Rewards|TrueBlue|Velocity|Qantas[ \t]+Frequent|Aeroplan|Avios"
    r"|凤凰知音|鳳凰知音|知音卡|东方万里行|東方萬里行|明珠会员|明珠會員|常旅客|里程卡|万豪|萬豪|希尔顿|希爾頓|洲际|洲際|凯悦|凱悅|雅高",
    re.I,
)
# the programme's words and a number word may stand between the name and the number
_LOYALTY_GAP = re.compile(
    r"(?:[ \t]*(?:[:：=#]|(?:is|was|member(?:ship)?|account|card|loyalty|number|no\.?|id|honou?rs|one|rewards|club)(?![A-Za-z])"
    r"|会员|會員|卡号|卡號|号码|號碼|号|號|是|为|為)[ \t]*){0,5}[ \t]*",
    re.I,
)
_LOYALTY_TOKEN = re.compile(r"(?:[A-Za-z]{2}[ \t-]?)?\d(?:[ \t-]?\d){5,15}(?![\d,.]\d|[A-Za-z%])")


def _loyalty(text: str) -> Iterator[tuple[int, int, str]]:
    for label in _LOYALTY_LABEL.finditer(text):
        gap = _LOYALTY_GAP.match(text, label.end())
        begin = gap.end() if gap else label.end()
        token = _LOYALTY_TOKEN.match(text, begin)
        if token is not None and not _quantity(text, token):  # the programme's name says whose: no look-alike word undoes it
            yield token.start(), token.end(), "member_id"


def find_world_ids(text: str) -> Iterator[tuple[int, int, str]]:
    """Spans and kinds of the numbers above in the normalised ``text``."""
    if not _ANY_DIGIT.search(text):
        return  # every one of them holds digits
    for kind, pattern, accept in SHAPES:
        for match in pattern.finditer(text):
            if accept(text, match) and not cues.says_not_pii(text, match.start()):
                yield match.start(), match.end(), kind
    yield from _loyalty(text)
