"""Export and erase cover knowledge bases: records, documents, chunks (PostgreSQL) and files (blobs).

Only the user's own bases: a shared team base belongs to the team owner and is neither
exported nor erased with a reader.
"""
from __future__ import annotations

from typing import Any

from agentscope.app.storage import StorageBase

from app.composition.knowledge import Knowledge

CHUNK_PAGE = 128


async def export_knowledge(kn: Knowledge, storage: StorageBase, user_id: str) -> list[dict[str, Any]]:
    """Every base of ``user_id`` with its documents and their (masked) chunks."""
    out = []
    for record in await storage.list_knowledge_bases(user_id):
        docs = []
        for d in await storage.list_knowledge_documents(user_id, record.id):
            chunks, offset = [], 0
            if await kn.store.has_collection(record.data.collection_name):
                while True:
                    page = await kn.store.list_chunks(record.data.collection_name, d.id, offset=offset, limit=CHUNK_PAGE)
                    chunks += [{"index": c.chunk_index, "text": getattr(c.content, "text", None),
                                "metadata": c.metadata} for c in page]
                    if len(page) < CHUNK_PAGE:
                        break
                    offset += CHUNK_PAGE
            docs.append({"document_id": d.id, "filename": d.data.filename, "status": d.status,
                         "content_type": d.data.content_type, "chunks": chunks})
        out.append({"knowledge_base_id": record.id, "name": record.data.name,
                    "description": record.data.description, "documents": docs})
    return out


async def erase_knowledge(kn: Knowledge, storage: StorageBase, user_id: str) -> dict[str, int]:
    """Delete every base of ``user_id``: blobs, collections (chunks), document and base records."""
    counts = {"bases": 0, "documents": 0, "blobs": 0}
    for record in await storage.list_knowledge_bases(user_id):
        for d in await storage.list_knowledge_documents(user_id, record.id):
            if d.data.blob_uri and await kn.blob_store.exists(d.data.blob_uri):
                await kn.blob_store.delete(d.data.blob_uri)
                counts["blobs"] += 1
            await storage.delete_knowledge_document(user_id, record.id, d.id)
            counts["documents"] += 1
        await kn.manager.delete_knowledge_base(user_id, record.id)
        counts["bases"] += 1
    return counts
