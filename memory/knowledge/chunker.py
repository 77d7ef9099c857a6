"""``SentenceChunker``: chunks that end at sentence boundaries, for English and Chinese.

AgentScope's ``ApproxTokenChunker`` cuts at a token count; a cut in mid-sentence loses the
half a question is about. Here a section's text is split into sentences (``. ! ?`` followed
by space, ``。！？；`` and blank lines) and packed greedily up to ``max_chars``, with the
last ``overlap_sentences`` of a chunk repeated at the start of the next. A sentence longer
than ``max_chars`` is cut at ``max_chars``. Sections are never merged (``ChunkerBase``'s
contract); data blocks pass through.
"""
from __future__ import annotations

import re

from agentscope.message import TextBlock
from agentscope.rag import Chunk, ChunkerBase, Section
from pydantic import BaseModel, Field

_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=\S)|(?<=[。！？；])|\n\s*\n")


def split_sentences(text: str) -> list[str]:
    """The sentences of ``text``, stripped, empty ones dropped."""
    return [p.strip() for p in _SENTENCE_END.split(text) if p and p.strip()]


def pack(sentences: list[str], max_chars: int, overlap: int) -> list[str]:
    """Sentences packed into pieces of at most ``max_chars`` (one long sentence is cut)."""
    units: list[str] = []
    for sentence in sentences:
        units.extend(sentence[i : i + max_chars] for i in range(0, len(sentence), max_chars))
    pieces: list[str] = []
    current: list[str] = []
    for unit in units:
        if current and len(" ".join(current + [unit])) > max_chars:
            pieces.append(" ".join(current))
            current = current[-overlap:] if overlap else []
            while current and len(" ".join(current + [unit])) > max_chars:
                current.pop(0)
        current.append(unit)
    if current:
        pieces.append(" ".join(current))
    return pieces


class SentenceChunker(ChunkerBase):
    """Sentence-aligned chunks of at most ``max_chars`` characters."""

    chunker_type = "sentence"

    class Parameters(BaseModel):
        """Tunables of the sentence chunker."""

        max_chars: int = Field(default=600, ge=50, le=8000, title="Max characters",
                               description="Largest chunk, in characters.")
        overlap_sentences: int = Field(default=1, ge=0, le=5, title="Overlap",
                                       description="Sentences repeated at the start of the next chunk.")

    async def chunk(self, sections: list[Section]) -> list[Chunk]:
        """Chunks of every section in order, numbered ``0..N-1``."""
        p = self.parameters
        assert isinstance(p, SentenceChunker.Parameters)
        drafts: list[tuple[TextBlock | object, Section]] = []
        for section in sections:
            content = section.content
            if not isinstance(content, TextBlock):
                drafts.append((content, section))
                continue
            for piece in pack(split_sentences(content.text), p.max_chars, p.overlap_sentences):
                drafts.append((TextBlock(text=piece), section))
        total = len(drafts)
        return [Chunk(content=content, source=section.source, chunk_index=i, total_chunks=total,  # type: ignore[arg-type]
                      metadata=dict(section.metadata)) for i, (content, section) in enumerate(drafts)]
