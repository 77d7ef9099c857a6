"""A person's identifier named by its label, whatever the label's wording: 工号 BJ08231, staff no. HW-20394817,
会员编号：M2023-0091, badge number 7720-31, "HW-2039 是我的工号".

The reading is structural: a head that says "number" (:mod:`pipelines.receive.pii.id_labels`), the class
of the qualifier before it, a short connective (``:``, 是, is, #), and an id-shaped token — or the token
first and the label after a copula. A document's name is its own head (:data:`DOCUMENTS`: "driver's license:
D1234-…", "Reisepass …", "公积金：…"), then only a number of six characters with five digits is its identifier.
A card head yields to the card's checksum: a Luhn-valid card number after 卡号 is no control code. Whether the token is masked is one pure function, :func:`decide`,
of the label's class and the token's :class:`Shape`: a control label (order, parcel, pick-up code,
ISBN, version, invoice, flight, model…) never masks; a personal label masks an id-shaped token; a
label nobody classified masks only after a possessive ("my", 我的) and only a token that is mostly
digits. This stage runs after the specific detectors, so a phone, card or ID card keeps its own kind;
it claims what they left. Runs on the normalised view.
"""
from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, replace

from pipelines.receive.pii.checks import card_network_prefix, luhn_valid
from pipelines.receive.pii.id_labels import CONTROL, OTHER, UNKNOWN, Label, read_label

#: The kind of a claimed control code: no personal data, kept as written.
KEEP = "keep"

# Labels that are their own head: "MRN 00729184", "VIN LHGM3B6B1N8169732", "SIN 046 454 286".
ACRONYMS = {"MRN": "medical_record", "VIN": "vin", "NINO": "insurance", "SIN": "insurance", "NRIC": "personal_number",
            "TFN": "personal_number", "BSN": "personal_number", "PESEL": "personal_number", "DNI": "personal_number",
            "NIE": "personal_number", "CPF": "personal_number", "CURP": "personal_number", "PPSN": "personal_number",
            "DL": "driver_licence"}
# Documents whose name is their own head: "driver's license: D1234-…", "Reisepass CFK8L2R7T", "驾照 3201…".
DOCUMENTS = {"licence": "driver_licence", "license": "driver_licence", "führerschein": "driver_licence",
             "fuehrerschein": "driver_licence", "permis de conduire": "driver_licence", "驾照": "driver_licence",
             "駕照": "driver_licence", "驾驶证": "driver_licence", "駕駛證": "driver_licence", "reisepass": "passport",
             "passeport": "passport", "pasaporte": "passport", "licencia de conducir": "driver_licence",
             "licencia de conducción": "driver_licence", "carnet de conducir": "driver_licence",
             "permiso de conducir": "driver_licence", "patente di guida": "driver_licence", "公积金": "insurance", "公積金": "insurance", "社保": "insurance",
             "医保": "insurance", "醫保": "insurance", "gjj": "insurance", "hpf": "insurance"}
_ACRONYM_HEAD = rf"(?<![A-Za-z])(?P<acronym>{'|'.join(ACRONYMS)}|(?i:vin|mrn))(?![A-Za-z])"
_NUMBER_HEADS = (
    r"(?:号码|號碼|编号|編號|账号|帳號|卡号|卡號|代号|代號|代码|代碼|号|號|码|碼|卡)|(?<=[\u4e00-\u9fff])(?:ID|Id|id|UID)(?![A-Za-z])"
    r"|(?<![A-Za-z])(?:number|numbers|num|nr\.?|Nr\.?|no\.?|No\.?|NO\.?|#|code|ID|id|Id|card|account|acct)(?![A-Za-z])"
)
_FOREIGN_HEADS = (
    rf"(?<![A-Za-zÀ-ÿ])(?P<document>(?i:{'|'.join(DOCUMENTS)}))(?![A-Za-zÀ-ÿ])|"
    # German compounds end with their head: "Führerscheinnummer", "Versicherungsnr."
    r"(?<=[a-zäöüß])(?:nummer|nr\.?)(?![A-Za-z])|"
    # the heads of continental forms: "permis de conduire n° …", "Führerschein-Nummer", "número de pasaporte"
    r"(?<![A-Za-zÀ-ÿ])(?:[nN][°º]|núm\.?|número|numéro|[nN]ummer)(?![A-Za-zÀ-ÿ])"
)
_HEAD = re.compile(f"{_ACRONYM_HEAD}|{_FOREIGN_HEADS}|{_NUMBER_HEADS}")
_PLAIN_HEAD = re.compile(f"{_ACRONYM_HEAD}|{_NUMBER_HEADS}")
# Cheap substring tests decide whether the document and continental heads are tried at all.
_FOREIGN_HINTS = (*{word.split()[0][:5] for word in DOCUMENTS}, "nummer", "nr", "n°", "nº", "núm", "númer", "numér")


def _heads(text: str) -> re.Pattern[str]:
    """The head pattern for ``text``: with the document and continental heads only when one may be in it."""
    lowered = text.lower()
    return _HEAD if any(word in lowered for word in _FOREIGN_HINTS) else _PLAIN_HEAD


_CONNECTIVE = re.compile(
    # "patient id at St. Vincent's is SVH-771930": where the number belongs, then a copula
    r"(?:[ \t]+(?:at|for|on|in|with)[ \t]+(?:the[ \t]+)?[A-Z][\w.'’]*(?:[ \t]+[A-Z][\w.'’]*){0,3}(?=[ \t]*(?:is|was|:)))?"
    # "number's 2107734": the head's 's is its "is"
    r"(?:[ \t]*(?:[:=#]|(?:is|was|are|reads)(?![A-Za-z])|(?<=[A-Za-z])['’]s(?=[ \t])|是|为|為|叫|-(?=[ \t])|码|碼)[ \t]*){0,3}[ \t]*"
)
# An id-shaped token: pieces with letters and digits, joined by single spaces or dashes (BJ08231, 7720-31,
# HW-20394817, 0123 4567 8901, an insurer's and a product's prefix: AXA-MTR-48271936); it stops before a word without a digit.
_TOKEN = re.compile(
    r"(?<![A-Za-z0-9.])(?:[A-Za-z]{1,4}-(?=[A-Za-z]{1,4}[ -]))?(?:[A-Za-z]{1,4}[ -]|[A-Z]{5}[ -])?[A-Za-z0-9]*\d[A-Za-z0-9]*(?:(?:[ -]|/)[A-Za-z0-9]*\d[A-Za-z0-9]*)*"
    r"(?![A-Za-z0-9]|\.\d|[%$€¥£元块])"
)
_VALUE_FIRST = re.compile(
    # (letters, the first digit, anything up to the last digit, letters: three runs over [A-Za-z0-9] that overlap took
    # cubic time on a run of digits)
    r"(?<![A-Za-z0-9])(?P<id>(?:[A-Za-z]{1,4}-)?[A-Za-z]*\d[A-Za-z0-9-]*\d[A-Za-z]*)[ \t]*(?:就是|是|is|was)[ \t]*"
)
_WEAK_HEAD = re.compile(r"码|碼|卡|code|card|#|account|acct", re.IGNORECASE)
_COPULA = re.compile(r"是|(?<![A-Za-z])(?:is|was)(?![A-Za-z])")
_CURRENCY = re.compile(r"[$€¥£￥]|RMB|USD|CNY|HK\$")
_DATE = re.compile(r"(?:19|20)\d{2}[-/.](?:0?[1-9]|1[0-2])(?:[-/.](?:0?[1-9]|[12]\d|3[01]))?|\d{1,2}:\d{2}")
_REACH = 32  # characters between the head and its token at most


@dataclass(frozen=True)
class Shape:
    """What a token looks like: the features :func:`decide` reads.

    Attributes:
        chars: Letters and digits in it.
        digits: Digits in it.
        groups: Pieces separated by spaces, dashes or slashes.
        dated: It reads as a date or a time.
        priced: A currency sign is right before it.
    """

    chars: int
    digits: int
    groups: int
    dated: bool
    priced: bool


def shape_of(token: str, before: str = "") -> Shape:
    """The :class:`Shape` of ``token``; ``before`` is the text just before it (for a currency sign)."""
    compact = re.sub(r"[^A-Za-z0-9]", "", token)
    return Shape(chars=len(compact), digits=sum(c.isdigit() for c in compact), groups=len(re.split(r"[ /-]+", token.strip())),
                 dated=_DATE.fullmatch(token.strip()) is not None, priced=_CURRENCY.search(before[-4:]) is not None)


def decide(label: Label, shape: Shape) -> str | None:
    """Whether a token after (or before) a label is a person's identifier, and of which kind.

    Args:
        label: The label's class and possessive.
        shape: The token's shape.

    Returns:
        The kind to mask it as, or ``None`` to leave it as written.
    """
    if label.kind in (CONTROL, OTHER) or shape.dated or shape.priced or shape.chars > 24 or shape.groups > 6:
        return None
    if label.document and (shape.chars < 6 or shape.digits < 5):
        return None  # "社保 2024 年", "医保 1000 元": after a bare document name a short number is an amount or a year
    if label.kind != UNKNOWN:
        return label.kind if shape.chars >= 4 and shape.digits >= 3 else None
    mostly_digits = shape.digits >= 5 and shape.digits * 2 >= shape.chars
    return "personal_number" if label.possessive and not label.weak_head and mostly_digits else None


def _token_after(text: str, head_end: int) -> re.Match[str] | None:
    joined = _CONNECTIVE.match(text, head_end)
    begin = joined.end() if joined else head_end
    token = _TOKEN.match(text, begin)
    return token if token is not None and begin - head_end <= _REACH else None


def _label_after(text: str, end: int) -> tuple[Label, int] | None:
    """The label right after a copula ("… 是我的工号", "… is my staff number"): its class and head end."""
    window = text[end:end + 24]
    head = _heads(window).search(window)
    if head is None or re.search(r"[\n。！？!?；;，,]", window[:head.start()]):
        return None
    return read_label(text, end + head.start()), end + head.end()


def _readings(text: str) -> Iterator[tuple[int, int, Label, Shape]]:
    """Every labelled token of ``text``: its span, its label (after it, or before it with a copula) and its shape."""
    for head in _heads(text).finditer(text):
        token = _token_after(text, head.end())
        if token is None:
            continue
        acronym, document = head.group("acronym"), head.groupdict().get("document")
        if acronym:  # "DL" is a download or a team as often as a licence: a licence number after it is a long one
            label = Label(ACRONYMS[acronym.upper()], False, document=acronym == "DL")
        elif document:  # its own kind, unless its qualifier says whose it is not ("software license", "business licence")
            named = read_label(text, head.start())
            label = named if named.kind in (CONTROL, OTHER) else Label(DOCUMENTS[document.lower()], named.possessive,
                                                                           document=True)
        else:
            label = replace(read_label(text, head.start()), weak_head=_WEAK_HEAD.fullmatch(head.group(0)) is not None)
        yield token.start(), token.end(), label, shape_of(token.group(0), text[max(0, token.start() - 4):token.start()])
    if _COPULA.search(text) is None:
        return
    for first in _VALUE_FIRST.finditer(text):
        found = _label_after(text, first.end())
        if found is not None:
            yield first.start("id"), first.end("id"), found[0], shape_of(first.group("id"), text[max(0, first.start() - 4):first.start()])


def find_labelled_ids(text: str) -> Iterator[tuple[int, int, str]]:
    """Spans and kinds of the identifiers named by a personal label in the normalised ``text``.

    Args:
        text: The normalised text, with what earlier stages found made opaque.

    Yields:
        ``(start, end, kind)`` of each identifier token (the label stays as written).
    """
    for start, end, label, shape in _readings(text):
        kind = decide(label, shape)
        if kind is not None:
            yield start, end, kind


def find_control_codes(text: str) -> Iterator[tuple[int, int, str]]:
    """Spans of the codes a control label names (订单号 …, my order number is …, 取件码 …), kind :data:`KEEP`.

    They are claimed before the numeric detectors run, so an order number shaped like a phone stays as written;
    the masker drops the claim and keeps the text.

    Args:
        text: The normalised text, with what earlier stages found made opaque.

    Yields:
        ``(start, end, KEEP)`` of each code token.
    """
    for start, end, label, _ in _readings(text):
        if label.kind == CONTROL and not _card_named(text, start, end):
            yield start, end, KEEP


_CARD_HEAD = re.compile(r"(?:卡号|卡號|卡|(?i:card)(?:[ \t]+(?:number|no\.?))?)[ \t:：#=是为]*$")


def _card_named(text: str, start: int, end: int) -> bool:
    """A card number after a card head whatever its qualifier ("交易卡号 6222 …", "订单里的卡号 …"): the head says card and
    the digits prove it (13-19 digits, a network prefix, the Luhn check), so no control label keeps it."""
    digits = re.sub(r"[ -]", "", text[start:end])
    return (13 <= len(digits) <= 19 and digits.isdigit() and card_network_prefix(digits) and luhn_valid(digits)
            and _CARD_HEAD.search(text, max(0, start - 16), start) is not None)
