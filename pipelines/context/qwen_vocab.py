"""The Qwen tokenizer built from the vocabulary inside the ``dashscope`` wheel, without the SDK.

``dashscope.get_tokenizer("qwen-turbo")`` is what the counts must equal, but importing
``dashscope`` loads its whole HTTP client stack first (~0.4 CPU-seconds) before it reads
``resources/qwen.tiktoken``. Here the same file is found through the package's import spec
(nothing of the SDK is executed) and turned into the same ``tiktoken.Encoding``: the same
split pattern, the same special tokens at the same ids, NFC normalisation before encoding and
long texts encoded in chunks (tiktoken's recursive merge overflows the stack on very long
inputs). ``tests/pipelines/test_tokens.py`` checks every count against ``dashscope`` itself.
"""
from __future__ import annotations

import binascii
import importlib.util
import unicodedata
from pathlib import Path
from typing import Any

VOCAB_PACKAGE = "dashscope"
VOCAB_FILE = ("resources", "qwen.tiktoken")
# dashscope.tokenizers.qwen_tokenizer.PAT_STR
PAT_STR = (r"""(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}| ?[^\s\p{L}\p{N}]+[\r\n]*|"""
           r"""\s*[\r\n]+|\s+(?!\S)|\s+""")
SPECIAL_START_ID = 151643
SPECIAL_NAMES = ("<|endoftext|>", "<|im_start|>", "<|im_end|>", *(f"<|extra_{i}|>" for i in range(205)))
CHUNK_CHARS = 100_000


def vocabulary_path() -> Path:
    """Where the installed ``dashscope`` wheel keeps ``qwen.tiktoken`` (the package is not imported).

    Raises:
        FileNotFoundError: ``dashscope`` is not installed or its wheel has no vocabulary file.
    """
    spec = importlib.util.find_spec(VOCAB_PACKAGE)
    locations = list(spec.submodule_search_locations or []) if spec else []
    for folder in locations:
        path = Path(folder).joinpath(*VOCAB_FILE)
        if path.is_file():
            return path
    raise FileNotFoundError(f"no {'/'.join(VOCAB_FILE)} in the installed {VOCAB_PACKAGE!r} package")


def _ranks(path: Path) -> dict[bytes, int]:
    """``token_base64 rank`` lines as tiktoken's mergeable ranks (151k lines, decoded in C loops).

    Raises:
        ValueError: a line is not one token and one rank.
    """
    data = path.read_bytes()
    fields = data.split()
    if len(fields) != 2 * sum(1 for line in data.splitlines() if line.strip()):
        raise ValueError(f"{path} is not a tiktoken vocabulary (a line is not `token rank`)")
    return dict(zip(map(binascii.a2b_base64, fields[0::2]), map(int, fields[1::2])))


def whole_words(path: Path | None = None) -> frozenset[str]:
    """The Latin words (lowercased) the vocabulary holds as one token after a space: ~30k words a large
    corpus uses often enough to be merged whole ("nurse", "Chicago", "ipsum"), and no keyboard run ("asdf").

    Raises:
        FileNotFoundError: no vocabulary file.
        ValueError: the file is not a tiktoken vocabulary.
    """
    return frozenset(token[1:].decode("ascii").lower() for token in _ranks(path or vocabulary_path())
                     if token[:1] == b" " and token[1:].isalpha() and token[1:].isascii())


def _chunks(text: str) -> list[str]:
    """``text`` cut at line starts into pieces of at most :data:`CHUNK_CHARS` (as dashscope cuts)."""
    parts: list[str] = []
    for i, line in enumerate(text.split("\n")):
        piece = line if i == 0 else "\n" + line
        if len(piece) <= CHUNK_CHARS:
            parts.append(piece)
        else:
            parts.extend(piece[j:j + CHUNK_CHARS] for j in range(0, len(piece), CHUNK_CHARS))
    chunks: list[str] = []
    current: list[str] = []
    size = 0
    for part in parts:
        if current and size + len(part) > CHUNK_CHARS:
            chunks.append("".join(current))
            current, size = [], 0
        current.append(part)
        size += len(part)
    if current:
        chunks.append("".join(current))
    return chunks


class QwenVocabulary:
    """Encode and decode Qwen token ids exactly as ``dashscope``'s ``QwenTokenizer`` does."""

    def __init__(self, path: Path | None = None) -> None:
        """Read the vocabulary (``path`` or the one in the ``dashscope`` wheel).

        Raises:
            FileNotFoundError: no vocabulary file.
            ValueError: the file is not a tiktoken vocabulary.
        """
        import tiktoken

        ranks = _ranks(path or vocabulary_path())
        special = {name: SPECIAL_START_ID + i for i, name in enumerate(SPECIAL_NAMES)}
        self._encoding: Any = tiktoken.Encoding("Qwen", pat_str=PAT_STR, mergeable_ranks=ranks,
                                                special_tokens=special)

    def encode(self, text: str) -> list[int]:
        """Token ids of ``text`` after NFC normalisation; special-token text is encoded as special."""
        text = unicodedata.normalize("NFC", text)
        if len(text) <= CHUNK_CHARS:
            return list(self._encoding.encode(text, allowed_special="all", disallowed_special=()))
        ids: list[int] = []
        for chunk in _chunks(text):
            ids.extend(self._encoding.encode(chunk, allowed_special="all", disallowed_special=()))
        return ids

    def decode(self, ids: list[int], errors: str = "replace") -> str:
        """The text of ``ids`` (bytes that are not UTF-8 handled by ``errors``)."""
        return str(self._encoding.decode(ids, errors=errors))
