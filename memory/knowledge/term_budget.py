"""Which query terms the knowledge lexical side scores (a pure function).

BM25 on PostgreSQL scores every chunk that holds a query term: a head term — "the" in English
chunks, a common bigram such as 我们 in Chinese ones — matches a large share of a big collection,
so the lexical side unnests tens of thousands of rows per query while the term's IDF is close to
0 and cannot move the ranking. ``docs/BENCHMARKS.md`` §14 measured p95 635 ms at 5,000 chunks
for exactly this reason. The budget keeps the lexical side bounded whatever the collection size:

* a term held by more than ``max_df_share`` of the chunks (and by more than ``min_df_cap``
  chunks, so a small collection keeps all its terms) is a stop word *of this collection*;
* the other terms are taken rarest first while the rows they can match (the sum of their ``df``)
  stay within ``max_rows``; the rarest one is always taken.

The order of the query's terms is kept in the result.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence


def scored_terms(terms: Sequence[str], df: Mapping[str, int], chunks: int, max_df_share: float,
                 min_df_cap: int, max_rows: int) -> list[str]:
    """The query terms the lexical side scores.

    Args:
        terms: The query's distinct terms, in query order.
        df: Document frequency of each term found in the collection (absent: not in it).
        chunks: Chunks in the collection.
        max_df_share: Share of the chunks above which a term is a stop word of the collection.
        min_df_cap: A term held by at most this many chunks is never a stop word.
        max_rows: Bound on the summed ``df`` of the terms taken (the rarest one is always taken).

    Returns:
        The taken terms in query order (empty when no term is in the collection or every found
        term is a stop word of it).
    """
    cap = max(max_df_share * chunks, float(min_df_cap))
    found = [t for t in terms if 0 < df.get(t, 0) <= cap]
    taken: set[str] = set()
    rows = 0
    for term in sorted(found, key=lambda t: (df[t], found.index(t))):
        if taken and rows + df[term] > max_rows:
            break
        taken.add(term)
        rows += df[term]
    return [t for t in found if t in taken]
