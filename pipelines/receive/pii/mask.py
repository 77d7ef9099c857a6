"""Finding personal data in a text and masking it readably, once, before anything is recorded.

Matching runs on a normalised view (NFKC, one kind of dash, no zero-width characters, see
:mod:`pipelines.receive.pii.normalize`); each match is mapped back to its span in the ORIGINAL
text, and that span is replaced, so the rest of the text stays exactly as written.

Detectors run in stages, each on the view with what earlier stages found made opaque
(so an e-mail's "qq" is no context for a number after it): ``email``, ``passport``,
``account`` (QQ, WeChat and other handles after their label, :mod:`pipelines.receive.pii.accounts`),
documents (IBANs, HK / Macau / Taiwan cards, plates, insurance, medical-record and student numbers,
:mod:`pipelines.receive.pii.documents`), other countries' national numbers and loyalty-programme member numbers
(``id_national``, ``member_id``, :mod:`pipelines.receive.pii.world_ids`), records (VINs, public IPs, birth dates,
:mod:`pipelines.receive.pii.records`), ``address`` (its house numbers are then no digit group of a
phone), the numeric kinds (``id_cn``, ``phone_cn``, ``phone_tw``, ``landline``, ``phone_intl``,
``bank_card``, ``ssn``, ``itin``, see :mod:`pipelines.receive.pii.numbers`), then any identifier a personal label
names (``employee_id``, ``member_id``, ``driver_licence``, ``personal_number``…, :mod:`pipelines.receive.pii.labelled_ids`), and last ``name``
(a name counts next to any masked identifier). :data:`KIND_MASKS` gives each kind its mask word.

Masks say the kind and, for numbers, the last four characters: ``‹phone …5142›``,
``‹id …5065›``, ``‹card …7894›``, ``‹ssn …6387›``, ``‹passport …1011›``,
``‹account …8866›``, ``‹email›``, ``‹address›``, ``‹name›``. The form is one a Markdown renderer
leaves alone (single guillemets and an ellipsis: no ``*``, ``_`` or ``[…]`` that would read as
emphasis or a link), so stores, the web UI, the terminal and traces show the same text.
:data:`MASK_PATTERN` matches every mask; no mask is detected again, so masking a masked
text changes nothing (other stages may call :func:`mask_pii` twice).
"""
from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from pipelines.receive.pii.accounts import find_accounts
from pipelines.receive.pii.address import find_addresses
from pipelines.receive.pii.documents import find_documents
from pipelines.receive.pii.labelled_ids import KEEP, find_control_codes, find_labelled_ids
from pipelines.receive.pii.records import find_records
from pipelines.receive.pii.names import find_names
from pipelines.receive.pii.normalize import NormalisedText, normalise
from pipelines.receive.pii.numbers import find_numbers, landline_tail
from pipelines.receive.pii.textual import find_emails, find_passports
from pipelines.receive.pii.world_ids import find_world_ids

#: Every kind: its mask word and whether the mask shows the last four characters.
KIND_MASKS: dict[str, tuple[str, bool]] = {
    "email": ("email", False), "passport": ("passport", True), "account": ("account", True), "iban": ("iban", True),
    "id_hk": ("id", True), "id_mo": ("id", True), "id_tw": ("id", True), "plate": ("plate", True),
    "insurance": ("insurance", True), "address": ("address", False), "id_cn": ("id", True), "phone_cn": ("phone", True),
    "landline": ("phone", True), "phone_intl": ("phone", True), "phone_tw": ("phone", True), "bank_card": ("card", True),
    "ssn": ("ssn", True), "itin": ("itin", True), "medical_record": ("record", True), "student_id": ("student", True),
    "vin": ("vin", True), "ip": ("ip", False), "birth_date": ("birthdate", False), "employee_id": ("employee", True),
    "member_id": ("member", True), "personal_number": ("number", True), "driver_licence": ("licence", True),
    "id_national": ("id", True), "name": ("name", False),
}
KINDS = tuple(KIND_MASKS)
_IDENTITY_KINDS = frozenset(KINDS) - {"name"}  # a name next to any of these is a person's
_TAIL_CHARS = re.compile(r"[0-9A-Za-z]")
_TAIL = 4  # characters a mask shows of a long identifier
# A mask already in the text is opaque to the detectors: its words ("passport", "phone")
# are not context and its digits join nothing, so masking twice changes nothing.
MASK_OPEN, MASK_CLOSE, MASK_ELLIPSIS = "\u2039", "\u203a", "\u2026"
#: Any mask this module writes: ``‹phone …5142›``, ``‹email›``.
MASK_PATTERN = r"\u2039[a-z][a-z-]*(?: \u2026[0-9A-Z]{0,4})?\u203a"
# Masks of earlier releases (``[phone ***5142]``), still in stored memories: opaque too.
_LEGACY_MASK = r"\[(?:phone|id|card|ssn|passport|email|address|name|account)(?: \*\*\*[0-9A-Z]{0,4})?\]"
_MASK = re.compile(f"{MASK_PATTERN}|{_LEGACY_MASK}")
_OPAQUE = "\u25a0"
_OPAQUE_ADDRESS = "\u25a1"


def unmask_tokens(text: str) -> str:
    """The text with each mask reduced to its kind word (``‹phone …5142›`` → ``phone``).

    For checks that read masked text, such as the injection screen: a mask is our own
    marker, never a role tag or a bracketed instruction.
    """
    return _MASK.sub(lambda m: m.group(0)[1:-1].split()[0], text)
_PHONE_KINDS = frozenset({"phone_cn", "phone_intl", "phone_tw"})
_EXTENSION_TAIL = re.compile(r"(?:转|分机|ext\.?|extension|x|#)\s*\d{1,5}$", re.IGNORECASE)


@dataclass(frozen=True)
class PiiMatch:
    """One piece of personal data found in a text.

    Attributes:
        kind: One of :data:`KINDS`.
        start: Offset of the first character in the original text.
        end: Offset one past the last character.
        value: ``text[start:end]`` (kept out of ``repr`` so a logged match leaks nothing).
    """

    kind: str
    start: int
    end: int
    value: str = field(repr=False)


@dataclass(frozen=True)
class MaskedText:
    """A text with its personal data masked, and what was masked (offsets in the original).

    ``kinds`` and ``counts`` never carry a value: they are what labels and the audit log record.
    """

    text: str
    matches: list[PiiMatch]

    @property
    def kinds(self) -> list[str]:
        """Distinct kinds that were masked, in order of first appearance."""
        return list(dict.fromkeys(match.kind for match in self.matches))

    @property
    def counts(self) -> dict[str, int]:
        """How many items of each kind were masked, in order of first appearance."""
        return dict(Counter(match.kind for match in self.matches))


def _blank(text: str, spans: list[tuple[int, int, str]], addresses_apart: bool = False) -> str:
    """``text`` with each span made opaque; ``addresses_apart``: an address as ``□``, so that what follows
    it (a city: "1600 Amphitheatre Parkway, Mountain View") is not read as the name next to an identifier."""
    chars = list(text)
    for start, end, kind in spans:
        chars[start:end] = (_OPAQUE_ADDRESS if addresses_apart and kind == "address" else _OPAQUE) * (end - start)
    return "".join(chars)


def _emails(text: str) -> list[tuple[int, int, str]]:
    return [(s, e, "email") for s, e in find_emails(text)]


def _passports(text: str) -> list[tuple[int, int, str]]:
    return [(s, e, "passport") for s, e in find_passports(text)]


def _accounts(text: str) -> list[tuple[int, int, str]]:
    return [(s, e, "account") for s, e in find_accounts(text)]


def _addresses(text: str) -> list[tuple[int, int, str]]:
    return [(s, e, "address") for s, e in find_addresses(text)]


#: The detectors in the order they claim text; an earlier one wins an overlap.
_STAGES: tuple[Callable[[str], Iterable[tuple[int, int, str]]], ...] = (
    _emails, _passports, _accounts, find_world_ids, find_documents, find_records, _addresses, find_control_codes, find_numbers,
    find_labelled_ids,
)


def _holds_masked_identifier(text: str) -> bool:
    """Whether ``text`` already holds a mask of an identifier (any kind but ``name``): "Contact person: Liu Fang,
    [phone ***0198]" names the owner of a number masked before, as much as of one masked now."""
    if MASK_OPEN not in text and "[" not in text:
        return False
    return any(match.group(0)[1:-1].split()[0] != "name" for match in _MASK.finditer(text))


def _without_masks(view: NormalisedText) -> NormalisedText:
    """``view`` with every mask already in it made opaque (no detector reads its words)."""
    if MASK_OPEN not in view.text and "[" not in view.text:
        return view
    # an address masked before is opaque as an address is while masking (what follows it is no name next to it)
    opaque = _MASK.sub(lambda m: (_OPAQUE_ADDRESS if m.group(0)[1:-1].split()[0] == "address" else _OPAQUE) * len(m.group(0)),
                       view.text)
    return NormalisedText(view.original, opaque, view.source)


def _take(taken: list[tuple[int, int, str]], found: Iterable[tuple[int, int, str]]) -> None:
    """Add to ``taken`` each non-empty span of ``found`` that overlaps none taken so far."""
    for start, end, kind in found:
        if end > start and not any(start < o_end and o_start < end for o_start, o_end, _ in taken):
            taken.append((start, end, kind))


def detect_pii(text: str) -> list[PiiMatch]:
    """Find the personal data in ``text``.

    Args:
        text: Any user or model text.

    Returns:
        Non-overlapping matches ordered by position, with offsets in ``text``; when two
        candidates overlap, the earlier stage wins.
    """
    if not text:
        return []
    view = _without_masks(normalise(text))
    taken: list[tuple[int, int, str]] = []
    working = view.text
    for stage in _STAGES:
        _take(taken, stage(working))
        # What one stage found is opaque to the next: an e-mail's "qq" is no order-number context.
        working = _blank(working, taken)
    has_identity = any(kind in _IDENTITY_KINDS for _, _, kind in taken) or _holds_masked_identifier(text)
    # a kept code (订单号 …) is no masked identifier a name could stand next to
    names = find_names(_blank(view.text, [span for span in taken if span[2] != KEEP], addresses_apart=True), has_identity)
    _take(taken, ((start, end, "name") for start, end in names))
    found = []
    for start, end, kind in taken:
        if kind == KEEP:
            continue
        o_start, o_end = view.original_span(start, end)
        found.append(PiiMatch(kind=kind, start=o_start, end=o_end, value=text[o_start:o_end]))
    return sorted(found, key=lambda match: match.start)


def _mask(match: PiiMatch) -> str:
    tag, shows_tail = KIND_MASKS[match.kind]
    if not shows_tail:
        return f"{MASK_OPEN}{tag}{MASK_CLOSE}"
    value = normalise(match.value).text
    if match.kind == "landline":
        return f"{MASK_OPEN}{tag} {MASK_ELLIPSIS}{landline_tail(value)}{MASK_CLOSE}"
    if match.kind in _PHONE_KINDS:  # an extension is no part of the number ("… ext 12"); "4KX 219" is a plate
        value = _EXTENSION_TAIL.sub("", value.rstrip())
    chars = "".join(_TAIL_CHARS.findall(value)).upper()
    shown = min(_TAIL, max(0, len(chars) - _TAIL))  # at least four stay hidden: a short id is never shown whole
    if not shown:
        return f"{MASK_OPEN}{tag}{MASK_CLOSE}"
    return f"{MASK_OPEN}{tag} {MASK_ELLIPSIS}{chars[-shown:]}{MASK_CLOSE}"


def mask_pii(text: str) -> MaskedText:
    """Mask every piece of personal data in ``text``, keeping its kind and last digits.

    Args:
        text: Any user or model text.

    Returns:
        The masked text and the matches (offsets refer to the original ``text``).
        Masking already masked text changes nothing.
    """
    matches = detect_pii(text)
    parts: list[str] = []
    cursor = 0
    for match in matches:
        parts.append(text[cursor:match.start])
        parts.append(_mask(match))
        cursor = match.end
    parts.append(text[cursor:])
    return MaskedText(text="".join(parts), matches=matches)
