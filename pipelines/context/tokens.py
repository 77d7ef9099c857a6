"""Real, offline token counting for Qwen models.

The Qwen vocabulary ships inside the ``dashscope`` wheel (``qwen.tiktoken``); it is read
by :mod:`pipelines.context.qwen_vocab`, which gives the counts of
``dashscope.get_tokenizer("qwen-turbo")`` with no network and without importing the SDK.
tiktoken's own encodings (``cl100k_base``, …) download at first use and are not used.

The tokenizer is loaded once per process (lazily, under a lock) and shared by every
:class:`TokenCounter`. Counts of short strings are memoised, because the context builder
counts the same turns and notes on every user turn.
"""
from __future__ import annotations

import threading
from functools import lru_cache
from typing import Any

from memory.errors import MemoryAgentError

TOKENIZER_MODEL = "qwen-turbo"
ELLIPSIS = "…"

_CACHE_MAX_CHARS = 4096
_CACHE_SIZE = 16384
_HEAD_SLACK_TOKENS = 16

_lock = threading.Lock()
_tokenizer: Any = None


class TokenizerUnavailableError(MemoryAgentError):
    """The bundled Qwen tokenizer could not be loaded."""

    def __init__(self, cause: str) -> None:
        self.cause = cause
        super().__init__(
            f"The offline Qwen tokenizer (the {TOKENIZER_MODEL!r} vocabulary in the dashscope wheel) "
            f"could not be loaded: {cause}. Reinstall the pinned `dashscope` package, which ships "
            "the vocabulary file inside the wheel."
        )


def _get_tokenizer() -> Any:
    """The process-wide Qwen tokenizer, loaded on first use (thread-safe)."""
    global _tokenizer
    if _tokenizer is None:
        with _lock:
            if _tokenizer is None:
                try:
                    from pipelines.context.qwen_vocab import QwenVocabulary

                    _tokenizer = QwenVocabulary()
                except Exception as exc:  # any load failure becomes one clear typed error
                    raise TokenizerUnavailableError(f"{type(exc).__name__}: {exc}") from exc
    return _tokenizer


def _encode(text: str) -> list[int]:
    return list(_get_tokenizer().encode(text))


@lru_cache(maxsize=_CACHE_SIZE)
def _count_short(text: str) -> int:
    return len(_encode(text))


class TokenCounter:
    """Counts and trims text in Qwen tokens.

    Instances are cheap: they all share one loaded tokenizer and one count cache.
    """

    model = TOKENIZER_MODEL

    def __init__(self) -> None:
        """Load the tokenizer now, so a broken install fails at start-up, not mid-turn.

        Raises:
            TokenizerUnavailableError: the bundled vocabulary could not be loaded.
        """
        _get_tokenizer()

    def count(self, text: str) -> int:
        """Number of Qwen tokens in ``text`` (0 for the empty string)."""
        if not text:
            return 0
        if len(text) <= _CACHE_MAX_CHARS:
            return _count_short(text)
        return len(_encode(text))

    def encode(self, text: str) -> list[int]:
        """The Qwen token ids of ``text`` (special-token text is encoded as special)."""
        return _encode(text) if text else []

    def truncate(self, text: str, max_tokens: int) -> str:
        """``text`` cut on a token boundary so that it fits in ``max_tokens``.

        Text that already fits is returned unchanged. Cut text ends with "…" and the
        result, ellipsis included, counts at most ``max_tokens`` tokens. A cut never
        splits a character: incomplete UTF-8 bytes at the cut are dropped.

        Args:
            text: Text to fit.
            max_tokens: Token limit; ``0`` or less gives ``""``.
        """
        if max_tokens <= 0 or not text:
            return ""
        ids, complete = self._head(text, max_tokens)
        if complete and len(ids) <= max_tokens:
            return text
        ellipsis_cost = self.count(ELLIPSIS)
        if max_tokens <= ellipsis_cost:
            return ELLIPSIS if max_tokens == ellipsis_cost else ""
        tokenizer = _get_tokenizer()
        keep = max_tokens - ellipsis_cost
        while keep > 0:
            prefix = tokenizer.decode(ids[:keep], errors="ignore").rstrip()
            candidate: str = prefix + ELLIPSIS
            # Re-encoding a decoded prefix can merge differently; verify, never assume.
            if self.count(candidate) <= max_tokens:
                return candidate
            keep -= 1
        return ELLIPSIS

    def _head(self, text: str, max_tokens: int) -> tuple[list[int], bool]:
        """Token ids of a prefix of ``text`` long enough to cut at ``max_tokens``.

        Encoding only a head keeps trimming a huge text cheap. The head runs a few tokens
        past the cut so the tokens before the cut are the ones the full text has.
        Returns the ids and whether the head is the whole text.
        """
        if len(text) <= _CACHE_MAX_CHARS:
            return self.encode(text), True
        wanted = max_tokens + _HEAD_SLACK_TOKENS
        chars = wanted * 4
        while chars < len(text):
            ids = self.encode(text[:chars])
            if len(ids) > wanted:
                return ids, False
            chars *= 2
        return self.encode(text), True
