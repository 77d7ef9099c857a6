"""``python -m app kb create|add|list|search|delete`` and ``batch --kb NAME FOLDER``, on the embedded default.

The same knowledge bases as the service's ``/knowledge_bases`` routes (records in the
service's storage, chunks in PostgreSQL + pgvector), built by the same composition
(``app.composition.knowledge``): files are parsed by AgentScope's parsers, chunked by the
guarded sentence chunker (masked, screened), embedded by the server's embedder and indexed
with a progress bar; the documents then show in the web UI as ``ready``.
"""
from __future__ import annotations

import argparse
import mimetypes
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from agentscope.app.storage import ChunkerConfig, EmbeddingModelConfig, KnowledgeBaseRecord
from agentscope.app.storage import KnowledgeDocumentData, KnowledgeDocumentRecord
from tqdm import tqdm

from app.composition import open_runtime
from app.composition.knowledge import Knowledge, open_knowledge
from app.service.agent import CREDENTIAL_TYPE
from app.service.storage import ServiceStorage
from app.settings import Settings, load_settings
from memory.errors import MemoryAgentError
from memory.knowledge.hybrid_base import HybridKnowledgeBase

BATCH = 32
SUFFIXES = {".md": "text/markdown", ".markdown": "text/markdown", ".txt": "text/plain", ".csv": "text/csv",
            ".pdf": "application/pdf"}


class KbError(MemoryAgentError):
    """A knowledge-base command cannot run as asked (the message says what to do)."""


async def find_base(kn: Knowledge, user: str, name: str) -> KnowledgeBaseRecord:
    """The user's knowledge base called ``name`` (or with that id); a :class:`KbError` saying how to list them."""
    for record in await kn.manager.list_knowledge_bases(user):
        if record.data.name == name or record.id == name:
            return record
    raise KbError(f"no knowledge base {name!r} for user {user!r}; `python -m app kb list --user {user}` lists them")


async def create(kn: Knowledge, user: str, name: str, description: str = "") -> KnowledgeBaseRecord:
    """A new knowledge base on the server's embedder and the sentence chunker."""
    if any(r.data.name == name for r in await kn.manager.list_knowledge_bases(user)):
        raise KbError(f"user {user!r} already has a knowledge base {name!r}")
    svc = kn.embedding_class.service
    return await kn.manager.create_knowledge_base(
        user, name, description,
        EmbeddingModelConfig(type=CREDENTIAL_TYPE, credential_id="cli", model=svc.model_id, dimensions=svc.dim),
        ChunkerConfig(type="sentence", parameters={}))


def _parser_for(kn: Knowledge, path: Path) -> tuple[Any, str]:
    """The parser of ``path``'s media type, and that type."""
    media = SUFFIXES.get(path.suffix.lower()) or mimetypes.guess_type(path.name)[0] or ""
    parser = next((p for p in kn.parsers if media in p.supported_media_types), None)
    if parser is None:
        raise KbError(f"{path}: {media or 'this file type'} is not supported (Markdown, text, CSV, PDF)")
    return parser, media


def _chunker_for(kn: Knowledge, record: KnowledgeBaseRecord) -> Any:
    """The knowledge base's chunker (``sentence`` unless it names another), configured as it declares."""
    config = record.data.chunker_config
    chunker_cls = next(c for c in kn.chunkers if c.chunker_type == (config.type if config else "sentence"))
    return chunker_cls(chunker_cls.Parameters(**(config.parameters if config else {})))


async def add_file(kn: Knowledge, storage: ServiceStorage, record: KnowledgeBaseRecord, path: Path,
                   bar: tqdm | None = None) -> tuple[str, int]:
    """Parse, chunk (masked, screened), embed and index one file; ``(document id, chunks)``."""
    parser, media = _parser_for(kn, path)
    sections = await parser.parse(path.read_bytes(), path.name)
    chunks = await _chunker_for(kn, record).chunk(sections)
    kb = await kn.manager.get_knowledge(record.user_id, record.id)
    assert isinstance(kb, HybridKnowledgeBase)
    doc = KnowledgeDocumentRecord(user_id=record.user_id, knowledge_base_id=record.id, status="indexing",
                                  data=KnowledgeDocumentData(filename=path.name, size=path.stat().st_size,
                                                             content_type=media, blob_uri=""))
    with path.open("rb") as fp:
        doc.data.blob_uri = await kn.blob_store.write_stream(f"kb/{record.id}/{doc.id}", fp)
    await storage.upsert_knowledge_document(record.user_id, doc)
    for start in range(0, len(chunks), BATCH):
        await kb.insert_document(chunks[start: start + BATCH], document_id=doc.id,
                                 document_metadata={"filename": path.name})
        if bar is not None:
            bar.update(len(chunks[start: start + BATCH]))
    await storage.update_knowledge_document_status(record.user_id, record.id, doc.id, status="ready",
                                                   chunk_count=len(chunks))
    return doc.id, len(chunks)


async def ingest(kn: Knowledge, storage: ServiceStorage, user: str, name: str, files: list[Path],
                 progress: bool = True) -> int:
    """Index ``files`` (folders: their supported files, recursively) into ``name``; prints a line per file."""
    record = await find_base(kn, user, name)
    paths = [p for f in files for p in (sorted(f.rglob("*")) if f.is_dir() else [f])
             if p.is_file() and (not f.is_dir() or p.suffix.lower() in SUFFIXES)]
    total = 0
    bar = tqdm(desc=f"indexing into {name}", unit="chunk", disable=not progress, file=sys.stderr)
    for path in paths:
        doc_id, n = await add_file(kn, storage, record, path, bar)
        total += n
        print(f"{path}: {n} chunks (document {doc_id})")
    bar.close()
    print(f"{len(paths)} files, {total} chunks indexed into {name!r}")
    return 0


async def run(args: argparse.Namespace) -> int:
    """The ``kb`` command (and ``batch --kb``)."""
    settings: Settings = load_settings()
    async with await open_runtime(settings) as rt, open_knowledge(rt) as (kn, storage):
        return await _action(args, kn, storage)


async def _create(args: argparse.Namespace, kn: Knowledge, storage: ServiceStorage) -> int:
    record = await create(kn, args.user, args.name, args.description)
    print(f"created knowledge base {args.name!r} ({record.id}) for {args.user}")
    return 0


async def _add(args: argparse.Namespace, kn: Knowledge, storage: ServiceStorage) -> int:
    files = args.files if hasattr(args, "files") else [args.input]  # ``kb add`` or ``batch --kb``
    return await ingest(kn, storage, args.user, args.name if hasattr(args, "name") else args.kb, files,
                        progress=not args.no_progress)


async def _list(args: argparse.Namespace, kn: Knowledge, storage: ServiceStorage) -> int:
    for record in await kn.manager.list_knowledge_bases(args.user):
        docs = await storage.list_knowledge_documents(args.user, record.id)
        print(f"{record.data.name}  ({record.id})  {len(docs)} documents")
        for d in docs:
            print(f"    {d.id}  {d.data.filename}  {d.status}  {d.data.chunk_count} chunks")
    return 0


async def _search(args: argparse.Namespace, kn: Knowledge, storage: ServiceStorage) -> int:
    record = await find_base(kn, args.user, args.name)
    kb = await kn.manager.get_knowledge(record.user_id, record.id)
    assert isinstance(kb, HybridKnowledgeBase)
    for i, h in enumerate(await kb.hybrid(args.query, args.top_k), start=1):
        c = h.result.chunk
        print(f"{i}. [{c.source}, chunk {c.chunk_index + 1}/{c.total_chunks}] score={h.result.score:.4f} "
              f"cos={h.similarity:.3f} bm25={h.bm25:.2f}\n   {getattr(c.content, 'text', '')[:300]}")
    return 0


async def _delete(args: argparse.Namespace, kn: Knowledge, storage: ServiceStorage) -> int:
    user = args.user
    record = await find_base(kn, user, args.name)
    if args.document:
        kb = await kn.manager.get_knowledge(record.user_id, record.id)
        await kb.delete_document(args.document)
        await storage.delete_knowledge_document(user, record.id, args.document)
        print(f"deleted document {args.document} of {args.name!r}")
        return 0
    for d in await storage.list_knowledge_documents(user, record.id):
        if d.data.blob_uri:
            await kn.blob_store.delete(d.data.blob_uri)
        await storage.delete_knowledge_document(user, record.id, d.id)
    await kn.manager.delete_knowledge_base(user, record.id)
    print(f"deleted knowledge base {args.name!r}")
    return 0


#: ``kb ACTION``: what each action does (``add`` when none is named, as ``batch --kb`` calls it).
ACTIONS: dict[str, Callable[[argparse.Namespace, Knowledge, ServiceStorage], Awaitable[int]]] = {
    "create": _create, "add": _add, "list": _list, "search": _search, "delete": _delete,
}


async def _action(args: argparse.Namespace, kn: Knowledge, storage: ServiceStorage) -> int:
    action = getattr(args, "kb_action", None) or "add"
    return await ACTIONS[action](args, kn, storage)
