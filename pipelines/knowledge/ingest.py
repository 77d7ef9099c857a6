"""Trust at ingest: every chunk of an uploaded document goes through the receive stage.

``guarded_chunker_class`` wraps a chunker so that each chunk it makes is

* **masked** like every other input (``pipelines.receive``: phone, id, card, e-mail … become
  ``[phone ***5678]``), unless the knowledge base is declared ``pii: keep`` by an admin;
* **screened** for injected instructions (indirect prompt injection is RAG's first risk):
  a flagged chunk is kept, masked, with ``metadata.quarantined = true`` and the rule names —
  it is listed with its document but the search excludes it in SQL, so it is never injected.

An admin may pin the ``<type>-keep-pii`` chunker on a shared knowledge base (``pii: keep``).

Nothing raw reaches the vector store: the chunker is the last step before embedding.
"""
from __future__ import annotations

from agentscope.message import TextBlock
from agentscope.rag import Chunk, ChunkerBase, Section

from memory.knowledge.hybrid_base import QUARANTINE_KEY
from pipelines.receive.intake import receive

MAX_CHUNK_CHARS = 100_000


def guard_chunk(chunk: Chunk, threshold: float, keep_pii: bool) -> Chunk:
    """The chunk masked (unless ``keep_pii``) and labelled with its screening verdict."""
    if not isinstance(chunk.content, TextBlock):
        return chunk
    rec = receive(chunk.content.text, MAX_CHUNK_CHARS, threshold)
    meta = dict(chunk.metadata)
    flagged = rec.screening is not None and (rec.screening.blocked or rec.screening.quoted_instructions)
    if rec.screening is None and rec.refusal is not None:
        flagged = True  # unreadable: refused by receive, never injected
    meta[QUARANTINE_KEY] = bool(flagged)
    if flagged and rec.screening is not None:
        meta["screening_reasons"] = list(rec.screening.reasons)
        meta["screening_score"] = round(float(rec.screening.score), 3)
    if rec.pii.kinds:
        meta["pii_masked"] = dict(rec.pii.counts)
    text = chunk.content.text if keep_pii else rec.masked_text
    return chunk.model_copy(update={"content": TextBlock(text=text), "metadata": meta})


KEEP_PII_SUFFIX = "-keep-pii"


def guarded_chunker_class(base: type[ChunkerBase], threshold: float, keep_pii: bool = False) -> type[ChunkerBase]:
    """A chunker of ``base``'s splitting whose chunks are screened, and masked unless ``keep_pii``.

    Args:
        base: The chunker whose splitting and parameters are kept.
        threshold: The screening threshold of the turn (``SCREENING_THRESHOLD``).
        keep_pii: The ``pii: keep`` variant (type ``<base type>-keep-pii``), which only an
            admin may pin on a (shared) knowledge base; chunks are still screened.
    """

    class Guarded(base):  # type: ignore[valid-type, misc]
        chunker_type = base.chunker_type + (KEEP_PII_SUFFIX if keep_pii else "")

        async def chunk(self, sections: list[Section]) -> list[Chunk]:
            return [guard_chunk(c, threshold, keep_pii) for c in await super().chunk(sections)]

    Guarded.__name__ = f"Guarded{base.__name__}{'KeepPii' if keep_pii else ''}"
    Guarded.__qualname__ = Guarded.__name__
    return Guarded
