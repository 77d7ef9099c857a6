"""Script-aware reciprocal rank fusion of the knowledge hybrid search (pure functions).

The lexical side (BM25 over English words and Chinese bigrams) can only judge a chunk written
in the script of the query's terms: a Chinese query has no term an English chunk could contain,
so plain RRF hands its lexical votes to same-script chunks only — mostly noise that shares a
common bigram — and pushes the English document the dense side found down the list
(``docs/BENCHMARKS.md`` §14: zh question → en document, hybrid recall@5 0.083 vs dense 0.167).

Here the lexical side *abstains* where it cannot see:

* the **reach** of the lexical side on a chunk is the share of the query's terms (those that
  occur in the collection at all) whose script the chunk is written in (numbers: any script) — 1 for a same-script
  chunk, 0 for a chunk in the other script, in between for a mixed query or chunk;
* the part ``1 - reach`` of the lexical weight is given to the chunk's **dense** rank instead
  (the lexical side defers to the dense one where it has no evidence), so a cross-script chunk
  is ranked as dense-only RRF would rank it, a same-script chunk exactly as before;
* when no query term occurs in the collection, the lexical side matched nothing and has no
  opinion on any chunk: reach 0 everywhere, the order is the dense order.

A chunk is fully readable in a script when at least half its letters are in it
(:data:`FULL_SCRIPT_SHARE`); below that its reach falls linearly to 0.
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

#: Share of a chunk's letters in a script from which the chunk counts as fully written in it.
FULL_SCRIPT_SHARE = 0.5

_CJK_START = "\u3040"
_CJK_CHAR = re.compile("[\u3040-\u9fff\uf900-\ufaff]")
_LATIN_CHAR = re.compile("[A-Za-z]")


def chunk_cjk_share(text: str) -> float:
    """``memory.lexical.cjk_share`` by regular expression (it runs on every candidate of every search)."""
    if text.isascii():
        return 0.0
    cjk = len(_CJK_CHAR.findall(text))
    latin = len(_LATIN_CHAR.findall(text))
    return cjk / (cjk + latin) if cjk + latin else 0.0


def is_cjk_term(term: str) -> bool:
    """Whether a lexical token is CJK (a Chinese bigram/character, kana) rather than a Latin word or number."""
    return bool(term) and term[0] >= _CJK_START


@dataclass(frozen=True)
class TermScripts:
    """The query's terms (those found in the collection) by script; numbers match in either script."""

    cjk: int = 0
    latin: int = 0
    neutral: int = 0

    @property
    def total(self) -> int:
        """All terms."""
        return self.cjk + self.latin + self.neutral


def term_scripts(terms: Sequence[str]) -> TermScripts:
    """Count ``terms`` by script: CJK tokens, Latin words, numbers (script-neutral)."""
    cjk = sum(1 for t in terms if is_cjk_term(t))
    neutral = sum(1 for t in terms if t.isdigit())
    return TermScripts(cjk=cjk, latin=len(terms) - cjk - neutral, neutral=neutral)


def lexical_reach(query: TermScripts, chunk_cjk: float) -> float:
    """The share of the lexical vote that can judge a chunk.

    Args:
        query: The query's terms found in the collection, by script (:func:`term_scripts`).
        chunk_cjk: Share of CJK characters among the chunk's letters (``memory.lexical.cjk_share``).

    Returns:
        A weight in ``[0, 1]``: the share of the query's terms in a script the chunk is written
        in (numbers count everywhere); 0 when no term was found (the lexical side matched nothing).
    """
    if query.total == 0:
        return 0.0
    readable_cjk = min(1.0, chunk_cjk / FULL_SCRIPT_SHARE)
    readable_latin = min(1.0, (1.0 - chunk_cjk) / FULL_SCRIPT_SHARE)
    reach = (query.neutral + query.cjk * readable_cjk + query.latin * readable_latin) / query.total
    return max(0.0, min(1.0, reach))


def fused_score(dense_rank: int | None, lexical_rank: int | None, reach: float, dense_weight: float,
                lexical_weight: float, rrf_k: float) -> float:
    """Weighted RRF where the unreachable part of the lexical weight follows the dense rank.

    ``dense_weight/(k + rd) + lexical_weight*reach/(k + rl) + lexical_weight*(1 - reach)/(k + rd)``,
    a missing rank contributing 0. With ``reach == 1`` this is plain weighted RRF; with the dense
    side switched off (``dense_weight == 0``) there is nothing to defer to and it is plain too.
    """
    if dense_weight <= 0:
        reach = 1.0
    score = 0.0
    if dense_rank is not None:
        score += (dense_weight + lexical_weight * (1.0 - reach)) / (rrf_k + dense_rank)
    if lexical_rank is not None:
        score += lexical_weight * reach / (rrf_k + lexical_rank)
    return score


@dataclass(frozen=True)
class Candidate:
    """One row of either side of the hybrid search.

    Attributes:
        key: The row id (ties are broken by it, ascending).
        dense_rank: 1-based rank on the dense side, ``None`` if not among its rows.
        lexical_rank: 1-based rank on the lexical side, ``None`` if not among its rows.
        chunk_cjk: Share of CJK characters among the chunk's letters.
    """

    key: int
    dense_rank: int | None
    lexical_rank: int | None
    chunk_cjk: float


@dataclass(frozen=True)
class Fused:
    """A candidate with its fused score and the lexical reach it was fused with."""

    candidate: Candidate
    score: float
    reach: float


def fuse(candidates: Sequence[Candidate], query: TermScripts, dense_weight: float, lexical_weight: float,
         rrf_k: float, top_k: int) -> list[Fused]:
    """The ``top_k`` candidates by :func:`fused_score` with their :func:`lexical_reach`, best first."""
    out = []
    for c in candidates:
        reach = lexical_reach(query, c.chunk_cjk)
        out.append(Fused(c, fused_score(c.dense_rank, c.lexical_rank, reach, dense_weight, lexical_weight, rrf_k),
                         reach))
    out.sort(key=lambda f: (-f.score, f.candidate.key))
    return out[:top_k]
