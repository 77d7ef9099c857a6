"""The hybrid statement of ``PgVectorStore``: BM25 over the lexical index + HNSW cosine, fused by RRF.

* **lexical** — rows whose ``lexemes`` match a query term (GIN), scored by Okapi BM25 with the
  IDF ``ln(1 + (N - df + 0.5) / (df + 0.5))`` computed by the caller from the collection's term
  table (``df`` by key) and ``N``/``avgdl`` from its registry row — no scan of the collection;
* **dense** — ``ORDER BY embedding <=> q LIMIT n`` (HNSW); left out when its weight is 0;
* **candidates** — every row of either side (at most ``2 * candidates``) with both ranks; the
  caller fuses them (:mod:`memory.knowledge.fusion`: weighted RRF where the lexical side defers to
  the dense rank on chunks written in a script the query's terms cannot match) and keeps ``top_k``.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from memory.knowledge import pg_schema as s
from memory.lexical import tsquery_literal


@dataclass(frozen=True)
class HybridParams:
    """Knobs of :meth:`PgVectorStore.hybrid_search`.

    Attributes:
        candidates: Rows taken from each side before fusion.
        rrf_k: The RRF constant.
        dense_weight: Weight of the dense rank.
        lexical_weight: Weight of the lexical rank (0: dense only).
        bm25_k1: BM25 term-frequency saturation.
        bm25_b: BM25 length normalisation.
        max_df_share: A term in more than this share of the chunks is not scored
            (:mod:`memory.knowledge.term_budget`).
        min_df_cap: A term in at most this many chunks is always scored.
        max_lexical_rows: Bound on the summed ``df`` of the scored terms.
    """

    candidates: int = 50
    rrf_k: float = 20.0
    dense_weight: float = 1.0
    lexical_weight: float = 1.0
    bm25_k1: float = 1.2
    bm25_b: float = 0.75
    max_df_share: float = 0.05
    min_df_cap: int = 1000
    max_lexical_rows: int = 5000


#: The defaults, shared (the parameters are immutable).
DEFAULT_PARAMS = HybridParams()


def hybrid_sql(table: str, where: str, fargs: list[Any], vec: np.ndarray, terms: list[str], idf: list[float],
               avgdl: float, p: HybridParams) -> tuple[str, list[Any]]:
    """The candidates statement: columns, row id, cosine distance, BM25, dense rank, lexical rank."""
    args: list[Any] = []
    if terms:
        lexical = (
            "w AS (SELECT * FROM unnest(%s::text[], %s::float8[]) AS w(term, idf)), "
            f"lex AS (SELECT c.id, sum(w.idf * cardinality(u.positions) * (%s + 1) / (cardinality(u.positions) "
            f"+ %s * (1 - %s + %s * c.lexical_len / %s))) AS bm25 FROM {table} c "
            "CROSS JOIN LATERAL unnest(c.lexemes) u JOIN w ON w.term = u.lexeme "
            f"WHERE c.lexemes @@ %s::tsquery AND {where} "
            "GROUP BY c.id ORDER BY bm25 DESC, c.id LIMIT %s), "
            "lex_ranked AS (SELECT id, bm25, row_number() OVER (ORDER BY bm25 DESC, id) AS lrank FROM lex), "
        )
        k1, b = float(p.bm25_k1), float(p.bm25_b)
        args += [terms, idf, k1, k1, b, b, float(avgdl), tsquery_literal(terms), *fargs, int(p.candidates)]
    else:
        lexical = "lex_ranked AS (SELECT NULL::bigint AS id, NULL::float8 AS bm25, NULL::bigint AS lrank WHERE false), "
    if p.dense_weight <= 0:
        dense = "dense_ranked AS (SELECT NULL::bigint AS id, NULL::bigint AS drank WHERE false), "
    else:
        dense = (f"dense AS MATERIALIZED (SELECT c.id, c.embedding <=> %s AS distance FROM {table} c WHERE {where} "
                 "ORDER BY c.embedding <=> %s LIMIT %s), "
                 "dense_ranked AS (SELECT id, row_number() OVER (ORDER BY distance, id) AS drank FROM dense), ")
        args += [vec, *fargs, vec, int(p.candidates)]
    fused = (
        "fused AS (SELECT COALESCE(d.id, l.id) AS id, l.bm25, d.drank, l.lrank "
        "FROM dense_ranked d FULL OUTER JOIN lex_ranked l ON d.id = l.id) "
    )
    cols = ", ".join("c." + col for col in s.COLUMNS.split(", "))
    sql = (f"WITH {lexical}{dense}{fused}SELECT {cols}, f.id, c.embedding <=> %s, f.bm25, f.drank, f.lrank "
           f"FROM fused f JOIN {table} c ON c.id = f.id")
    args.append(vec)
    return sql, args
