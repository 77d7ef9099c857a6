"""Views of a message that undo common obfuscation before the screen's rules run.

Every view is lower-cased and NFKC-normalised (full-width letters become ASCII), with
invisible characters (zero-width joiners, bidi controls, soft hyphens) removed, combining
marks stripped (``ïgnörë`` → ``ignore``), Cyrillic/Greek homoglyphs folded to Latin
(``іgnоrе`` → ``ignore``), traditional Chinese folded to simplified, and separators between Chinese characters removed
(``忽 略 之 前`` → ``忽略之前``). Extra views appear only when there is evidence of a trick:
a *compact* view for spaced-out or dotted letters, a *leet* view for digits inside words,
a *reversed* view when the text talks about reversing. Encoded payloads (base64, hex,
URL-encoding, ``\\u`` escapes, HTML entities, binary, Unicode tag characters, rot13) are
decoded separately by :func:`decoded_payloads`.
"""
from __future__ import annotations

import contextlib
import base64
import binascii
import codecs
import html
import re
import unicodedata
import urllib.parse
from collections.abc import Callable
from dataclasses import dataclass

from pipelines.receive.screening.ciphers import cipher_payloads
from pipelines.receive.screening.traditional import TRADITIONAL_TO_SIMPLIFIED

__all__ = ["Views", "views_of", "decoded_payloads"]

_INVISIBLE = re.compile("[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180e\u200b-\u200f\u202a-\u202e"
                        "\u2060-\u2064\u206a-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0]")
_TAG_CHARS = re.compile("[\U000e0000-\U000e007f]+")
_HOMOGLYPHS = str.maketrans({
    # Cyrillic
    "а": "a", "в": "b", "е": "e", "ё": "e", "к": "k", "м": "m", "н": "h", "о": "o", "р": "p",
    "с": "c", "т": "t", "у": "y", "х": "x", "і": "i", "ї": "i", "ј": "j", "ѕ": "s", "ԁ": "d",
    "һ": "h", "ԛ": "q", "ԝ": "w", "ɡ": "g", "ո": "n", "ս": "u", "ց": "g", "զ": "q",
    # Greek
    "α": "a", "β": "b", "ε": "e", "η": "n", "ι": "i", "κ": "k", "ν": "v", "ο": "o", "ρ": "p",
    "τ": "t", "υ": "u", "χ": "x", "γ": "y", "ω": "w", "ς": "c", "σ": "o", "μ": "u",
    # Latin look-alikes and IPA
    "ı": "i", "ȷ": "j", "ɩ": "i", "ʀ": "r", "ɪ": "i", "ɴ": "n", "ᴀ": "a", "ᴇ": "e", "ᴏ": "o",
    "ꜱ": "s", "ᴛ": "t", "ᴜ": "u", "ɢ": "g", "ʜ": "h", "ᴍ": "m", "ᴘ": "p", "ʏ": "y", "ᴅ": "d",
    "ᴄ": "c", "ғ": "f", "ʟ": "l", "ᴋ": "k", "ᴡ": "w", "ᴠ": "v", "ᴢ": "z", "ǫ": "q",
    "ℓ": "l", "∕": "/", "⁄": "/", "‐": "-", "‑": "-", "‒": "-", "–": "-", "—": "-",
    "’": "'", "‘": "'", "“": '"', "”": '"',
})
_CJK = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
_CJK_GAP = re.compile(rf"(?<=[{_CJK}])(?:[^\S\n]+|[^\S\n]*[._\-*·•|~^/\\+=#][^\S\n]*)(?=[{_CJK}])")
_SPACED_OUT = re.compile(r"(?:(?<![^\W_])[a-z][\s._\-*·•|~^+/\\]{1,3}){4,}[a-z](?![^\W_])")
_INNER_SEPARATOR = re.compile(r"[a-z]{2,}[._\-*·•|~^+][a-z]{1,}[._\-*·•|~^+][a-z]{2,}")
_CODE_SPAN = re.compile(r"`[^`\n]{1,120}`")
"""An inline code span: its kebab-case names (``eslint-disable-next-line``) are code, not a word spelled out."""
_SEPARATORS = re.compile(r"[\s._\-*·•|~^`'\"/\\,，、+=#]+")
_LEET_WORD = re.compile(r"(?<![a-z0-9@$!|])(?=[a-z0-9@$!|]*[a-z])(?=[a-z0-9@$!|]*[0-9@$!|])[a-z0-9@$!|]{3,}(?![a-z0-9@$!|])")
# Words run together (an invisible separator removed, or none typed): split on the rules' words.
_RUN_TOGETHER = re.compile(r"[a-z]{18,}")
_LEET = str.maketrans({"0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t", "8": "b", "9": "g",
                       "@": "a", "$": "s", "!": "i", "|": "l"})
# Words the rules are made of: in the compact view (spaces gone) they are split apart again,
# so "ignorepreviousinstructions" reads "ignore previous instructions".
_KEYWORDS = sorted(set("""
ignore ignoring disregard forget override bypass skip previous prior above earlier original initial all any every
your you are now from on the system prompt prompts instructions instruction rules guidelines restrictions reveal show
print tell repeat output display me give developer mode pretend act as no without filters remember that i am admin
administrator always never send users user data memories memory to is new role play jailbreak dan do anything
unrestricted must should reply answer say with of and hidden secret safety policy policies obey comply everything
""".split()), key=lambda w: (-len(w), w))  # not set order: the same pattern in every process
_KEYWORD_RE = re.compile("|".join(_KEYWORDS))
_REVERSE_HINT = re.compile(r"revers|backward|right\s*to\s*left|倒着|倒序|反着|反过来|倒过来|逆序|从后往前")


@dataclass(frozen=True)
class Views:
    """The texts the rules run on.

    Attributes:
        cased: Normalised text with its case kept (for case-sensitive rules such as ``DAN``).
        base: ``cased`` lower-cased; every rule runs on it.
        extra: Further lower-cased views (compact, leet, reversed) present only when the
            message shows the matching trick; phrase rules run on them too.
    """

    cased: str
    base: str
    extra: tuple[str, ...]


def _fold(text: str) -> str:
    text = _INVISIBLE.sub("", unicodedata.normalize("NFKC", text))
    if any(unicodedata.combining(ch) for ch in unicodedata.normalize("NFD", text) if ord(ch) > 0x2ff):
        text = "".join(ch for ch in unicodedata.normalize("NFD", text) if not unicodedata.combining(ch))
        text = unicodedata.normalize("NFC", text)
    text = text.translate(_HOMOGLYPHS).translate(TRADITIONAL_TO_SIMPLIFIED)
    text = _CJK_GAP.sub("", text)
    text = re.sub(r"[^\S\n]+", " ", text)
    return re.sub(r"\s*\n\s*", "\n", text).strip()


_SLANG = {"u": "you", "ur": "your", "ya": "you", "pls": "please", "plz": "please", "r": "are", "im": "i'm",
          "dont": "don't", "cant": "can't", "wont": "won't", "whats": "what's", "youre": "you're", "ull": "you'll",
          "sys": "system", "instrs": "instructions", "msg": "message", "msgs": "messages", "ppl": "people"}
_SLANG_RE = re.compile(r"\b(?:" + "|".join(_SLANG) + r")\b")


def views_of(text: str) -> Views:
    """All views of ``text`` worth screening (see the module docstring)."""
    cased = _fold(_TAG_CHARS.sub("", text))
    lower = cased.lower()
    spaced_out = bool(_SPACED_OUT.search(lower) or _INNER_SEPARATOR.search(_CODE_SPAN.sub(" ", lower)))
    base = lower if spaced_out else _SLANG_RE.sub(lambda m: _SLANG[m.group(0)], lower)
    extra: list[str] = []
    if spaced_out:
        compact = _SEPARATORS.sub("", lower)
        extra.append(re.sub(r"\s+", " ", _KEYWORD_RE.sub(lambda m: f" {m.group(0)} ", compact)).strip())
    elif _RUN_TOGETHER.search(base):
        extra.append(re.sub(r"\s+", " ", _RUN_TOGETHER.sub(
            lambda m: _KEYWORD_RE.sub(lambda k: f" {k.group(0)} ", m.group(0)), base)).strip())
    if _LEET_WORD.search(base):
        leet = _LEET_WORD.sub(lambda m: m.group(0).translate(_LEET), base)
        if leet != base:
            extra.append(leet)
    if _REVERSE_HINT.search(base) or _not_plain_english(base):
        extra.append(base[::-1])
    return Views(cased=cased, base=base, extra=tuple(extra))


# ------------------------------------------------------------------ encoded payloads
_B64 = re.compile(r"(?<![A-Za-z0-9+/=_-])[A-Za-z0-9+/_-]{16,}={0,2}(?![A-Za-z0-9+/=_-])")
_HEX = re.compile(r"(?<![0-9a-fA-F])(?:[0-9a-fA-F]{2}[\s:,]?){8,}(?![0-9a-fA-F])")
_HEX_ESC = re.compile(r"(?:\\x[0-9a-fA-F]{2}|0x[0-9a-fA-F]{2}[\s,]*){4,}")
_URL_ESC = re.compile(r"%[0-9a-fA-F]{2}")
_U_ESC = re.compile(r"(?:\\u[0-9a-fA-F]{4}|\\U[0-9a-fA-F]{8}){3,}")
_HTML_ENT = re.compile(r"(?:&#x?[0-9a-fA-F]+;|&[a-z]+;){3,}")
_BINARY = re.compile(r"(?:[01]{8}[\s,]*){4,}")
_WORDS = re.compile(r"[a-z]{3,}")


def _readable(raw: bytes) -> str:
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return ""
    if not text.strip():
        return ""
    printable = sum(ch.isprintable() or ch.isspace() for ch in text)
    return text if printable / len(text) > 0.9 else ""


def _b64(blob: str) -> str:
    has_mixed_case = any(c.isupper() for c in blob) and any(c.islower() for c in blob)
    if not (has_mixed_case or any(c.isdigit() for c in blob) or blob.endswith("=")):
        return ""
    raw = blob.rstrip("=").replace("-", "+").replace("_", "/")
    try:
        return _readable(base64.b64decode(raw + "=" * (-len(raw) % 4), validate=True))
    except (binascii.Error, ValueError):
        return ""


def _hex(blob: str) -> str:
    digits = re.sub(r"\\x|0x|[\s:,]", "", blob)
    if len(digits) % 2:
        return ""
    try:
        return _readable(bytes.fromhex(digits))
    except ValueError:
        return ""


def _binary(blob: str) -> str:
    groups = re.findall(r"[01]{8}", blob)
    return _readable(bytes(int(g, 2) for g in groups))


_COMMON = frozenset("the a an and or to of in on is are was i you it that for with this my me be do not".split())
_ROT13_HINT = re.compile(r"rot\s*-?\s*13|caesar|cipher|凯撒|移位")


def _not_plain_english(text: str) -> bool:
    """Latin-letter text with almost none of the short words every English sentence has."""
    words = re.findall(r"[a-z]+", text.lower())
    if len("".join(words)) < 12:
        return False
    return sum(w in _COMMON for w in words) / len(words) <= 0.08


def _rot13(text: str) -> str:
    """rot13 of ``text`` when it may hide rot13: a hint word, or Latin words that are not English.

    Ordinary English is full of short common words ("the", "and", "you"); rot13 of English
    has almost none. Skipping rot13 for ordinary text keeps long messages fast.
    """
    if len(re.sub(r"[^a-z]", "", text.lower())) < 12:
        return ""
    if not _ROT13_HINT.search(text.lower()) and not _not_plain_english(text):
        return ""
    return codecs.decode(text, "rot13")


#: Encodings found as pieces of the text: (encoding, pattern, decoder giving ``""`` for unreadable bytes).
_PIECE_DECODERS: tuple[tuple[str, re.Pattern[str], Callable[[str], str]], ...] = (
    ("base64", _B64, _b64), ("hex", _HEX, _hex), ("hex", _HEX_ESC, _hex), ("binary", _BINARY, _binary),
)


def _tag_payload(text: str) -> str:
    """The ASCII text spelled in Unicode tag characters (``""``: none)."""
    return "".join(chr(ord(ch) - 0xE0000) for m in _TAG_CHARS.finditer(text) for ch in m.group(0)
                   if 0xE0020 <= ord(ch) <= 0xE007E)


def _piece_payloads(flat: str) -> list[tuple[str, str]]:
    """The readable decodings of base64, hex and binary pieces of ``flat``, in that order."""
    out: list[tuple[str, str]] = []
    for encoding, pattern, decode in _PIECE_DECODERS:
        for match in pattern.finditer(flat):
            decoded = decode(match.group(0))
            if decoded:
                out.append((encoding, decoded))
    return out


def _whole_readings(flat: str) -> list[tuple[str, str]]:
    """The whole text read through URL, ``\\u`` and HTML escapes and rot13, where it may hold them."""
    out: list[tuple[str, str]] = []
    if len(_URL_ESC.findall(flat)) >= 3:
        out.append(("url", urllib.parse.unquote(flat)))
    if _U_ESC.search(flat):
        with contextlib.suppress(UnicodeDecodeError):  # a broken escape decodes to nothing worth screening
            out.append(("unicode_escape", codecs.decode(flat.encode("ascii", "backslashreplace"), "unicode_escape")))
    if _HTML_ENT.search(flat):
        out.append(("html", html.unescape(flat)))
    rot = _rot13(flat)
    if rot:
        out.append(("rot13", rot))
    return out


def decoded_payloads(text: str) -> list[tuple[str, str]]:
    """Readable texts hidden in ``text`` by an encoding, as ``(encoding, decoded)`` pairs.

    Only payloads that decode to readable text are returned; the rot13 reading of the
    message is always included when it has enough letters (it is gibberish for ordinary
    text, so it only matches rules when rot13 was really used).
    """
    tags = _tag_payload(text)
    out: list[tuple[str, str]] = [("tags", tags)] if tags else []
    flat = unicodedata.normalize("NFKC", _INVISIBLE.sub("", text))
    return out + _piece_payloads(flat) + _whole_readings(flat) + cipher_payloads(flat)
