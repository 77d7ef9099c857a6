"""Script-aware RRF of the knowledge hybrid search: the lexical side abstains where it cannot see."""
from __future__ import annotations

import pytest

from memory.knowledge.fusion import Candidate, TermScripts, chunk_cjk_share, fuse, fused_score, lexical_reach, term_scripts
from memory.lexical import cjk_share, lexical_tokens

EN_CHUNK = "Employees may claim travel expenses within 30 days of the trip."
ZH_CHUNK = "员工出差费用须在行程结束后三十天内报销。"
MIXED_CHUNK = "VPN 账号由 IT 部门开通，申请时请填写 access request form。"


@pytest.mark.parametrize(("query", "chunk", "reach"), [
    ("travel expense deadline", EN_CHUNK, 1.0),          # same script: plain RRF
    ("差旅费报销期限", ZH_CHUNK, 1.0),
    ("差旅费报销期限", EN_CHUNK, 0.0),                     # zh question, en document: lexical abstains
    ("travel expense deadline", ZH_CHUNK, 0.0),          # en question, zh document
    ("VPN 申请", EN_CHUNK, 0.5),                           # one Latin term of two can match an en chunk
    ("VPN 申请", ZH_CHUNK, 0.5),
    ("VPN 申请", MIXED_CHUNK, 0.87),                       # 37 % CJK letters: Latin fully, CJK 0.74
    ("30 天内", EN_CHUNK, 0.5),                            # a number matches in any script
    ("", EN_CHUNK, 0.0),                                  # no term: no lexical opinion at all
])
def test_reach_table(query: str, chunk: str, reach: float) -> None:
    assert lexical_reach(term_scripts(lexical_tokens(query)), cjk_share(chunk)) == pytest.approx(reach, abs=0.01)


@pytest.mark.parametrize(("terms", "scripts"), [
    ([], TermScripts()), (["travel", "expens"], TermScripts(latin=2)), (["报销", "期限"], TermScripts(cjk=2)),
    (["vpn", "申请"], TermScripts(cjk=1, latin=1)), (["30", "天内"], TermScripts(cjk=1, neutral=1)),
])
def test_term_scripts(terms: list[str], scripts: TermScripts) -> None:
    assert term_scripts(terms) == scripts


@pytest.mark.parametrize(("dense", "lexical", "reach", "dw", "lw", "expected"), [
    (1, 1, 1.0, 1.0, 1.0, 1 / 21 + 1 / 21),    # reach 1: plain weighted RRF
    (3, None, 1.0, 1.0, 1.0, 1 / 23),          # same script, no lexical match: the miss counts
    (3, None, 0.0, 1.0, 1.0, 2 / 23),          # other script: the lexical weight follows the dense rank
    (3, None, 0.0, 1.0, 0.5, 1.5 / 23),        # (Chinese query: lexical weight 0.5)
    (None, 2, 1.0, 1.0, 1.0, 1 / 22),
    (4, 2, 0.5, 1.0, 1.0, 1.5 / 24 + 0.5 / 22),
    (3, None, 0.0, 1.0, 0.0, 1 / 23),          # dense only: unchanged
    (None, 2, 0.0, 0.0, 1.0, 1 / 22),          # lexical only: nothing to defer to, plain
])
def test_fused_score_table(dense: int | None, lexical: int | None, reach: float, dw: float, lw: float,
                           expected: float) -> None:
    assert fused_score(dense, lexical, reach, dw, lw, 20.0) == pytest.approx(expected)


def test_zh_query_keeps_the_english_document_dense_found_above_zh_noise() -> None:
    """The §14 failure: a Chinese question's bigrams match Chinese filler, the English answer is dense rank 3."""
    cands = [Candidate(key=1, dense_rank=3, lexical_rank=None, chunk_cjk=0.0),     # the English answer
             Candidate(key=2, dense_rank=None, lexical_rank=1, chunk_cjk=1.0),     # zh filler, shared bigram
             Candidate(key=3, dense_rank=None, lexical_rank=2, chunk_cjk=1.0),
             Candidate(key=4, dense_rank=1, lexical_rank=None, chunk_cjk=0.0),
             Candidate(key=5, dense_rank=2, lexical_rank=None, chunk_cjk=0.0)]
    fused = fuse(cands, TermScripts(cjk=4), 1.0, 0.5, 20.0, top_k=3)
    assert [f.candidate.key for f in fused] == [4, 5, 1]       # the dense order
    plain = sorted(cands, key=lambda c: -fused_score(c.dense_rank, c.lexical_rank, 1.0, 1.0, 0.5, 20.0))
    assert 1 not in [c.key for c in plain[:3]][:2]              # plain RRF let the filler in ahead of it


def test_same_script_fusion_is_unchanged_and_nothing_matched_is_the_dense_order() -> None:
    cands = [Candidate(key=k, dense_rank=d, lexical_rank=lr, chunk_cjk=0.0)
             for k, d, lr in [(1, 1, None), (2, 2, 1), (3, None, 2), (4, 3, 3)]]
    same = fuse(cands, TermScripts(latin=2), 1.0, 1.0, 20.0, top_k=4)
    plain = [1 / 22 + 1 / 21, 1 / 21, 1 / 22, 1 / 23 + 1 / 23]  # weighted RRF by hand, keys 2, 1, 3, 4
    assert [f.candidate.key for f in same] == [2, 4, 1, 3] and all(f.reach == 1.0 for f in same)
    assert sorted(f.score for f in same) == pytest.approx(sorted(plain))
    dense_only = [Candidate(key=k, dense_rank=d, lexical_rank=None, chunk_cjk=cjk)
                  for k, d, cjk in [(1, 1, 1.0), (2, 2, 0.0), (3, 3, 0.5)]]
    assert [f.candidate.key for f in fuse(dense_only, TermScripts(), 1.0, 1.0, 20.0, top_k=3)] == [1, 2, 3]


@pytest.mark.parametrize("text", [EN_CHUNK, ZH_CHUNK, MIXED_CHUNK, "", "12345", "かな and 漢字 ﹙ﾃｽﾄ﹚ Ünïcode"])
def test_chunk_share_is_cjk_share(text: str) -> None:
    assert chunk_cjk_share(text) == pytest.approx(cjk_share(text))
