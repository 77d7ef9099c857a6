"""Uploaded files at rest: text is masked before it is written; a binary file with personal data is not kept.

* A text upload (UTF-8 Markdown, plain text, CSV …) is masked like every input before its
  bytes reach the blob store, so the stored file, its chunks and its download hold masks only.
* A binary upload (PDF, Office) cannot be masked in place: it is stored for the index worker,
  and once its chunks are indexed (masked), the raw file is deleted when any chunk held personal
  data (``KnowledgeBaseManager`` calls :func:`drop_raw_if_personal`); its download then answers
  404 and the masked text stays browsable as chunks.
"""
from __future__ import annotations

import io
from typing import IO

from agentscope.app.rag import BlobStoreBase, LocalBlobStore
from agentscope.rag import Chunk

from pipelines.receive.intake import clean_text
from pipelines.receive.pii.mask import mask_pii

_BINARY_MAGIC = (b"%PDF", b"PK\x03\x04", b"\xd0\xcf\x11\xe0")


def textual(data: bytes) -> str | None:
    """The text of ``data`` when it is a UTF-8 text file, else ``None``."""
    if data.startswith(_BINARY_MAGIC) or b"\x00" in data[:8192]:
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


class MaskingBlobStore(LocalBlobStore):
    """``LocalBlobStore`` that masks personal data in text uploads before writing them."""

    async def write_stream(self, key: str, stream: IO[bytes]) -> str:
        """Write the masked text of a text upload, or a binary upload as it is."""
        data = stream.read()
        text = textual(data)
        if text is not None:
            data = mask_pii(clean_text(text)).text.encode("utf-8")
        return await super().write_stream(key, io.BytesIO(data))


async def drop_raw_if_personal(blob_store: BlobStoreBase, blob_uri: str, chunks: list[Chunk]) -> bool:
    """Delete a binary original whose chunks had personal data masked; ``True`` when deleted."""
    if not any(c.metadata.get("pii_masked") for c in chunks):
        return False
    # the base class types open() as a coroutine; every backend is an @asynccontextmanager
    async with blob_store.open(blob_uri) as fp:  # type: ignore[attr-defined]
        head = await fp.read(8)
    if textual(head) is not None and not head.startswith(_BINARY_MAGIC):
        return False  # a text original is already masked
    await blob_store.delete(blob_uri)
    return True
