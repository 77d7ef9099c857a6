"""Tokens of the lexical index: what a user would expect to match does match."""
from __future__ import annotations

from memory.lexical import cjk_share, lexical_tokens, query_terms, tsquery_literal, tsvector_literal


def test_word_forms_fold_together_and_stop_words_drop() -> None:
    assert lexical_tokens("She painted paintings while running races") == ["paint", "paint", "run", "rac"]
    assert lexical_tokens("what is the") == []


def test_a_chinese_compound_shares_tokens_with_its_part() -> None:
    memory = set(lexical_tokens("公司的元旦晚会我负责主持"))
    assert "晚会" in memory and "元旦" in memory
    assert set(query_terms("晚会上我做什么")) & memory == {"晚会"}


def test_jieba_search_mode_also_emits_the_parts_of_compounds() -> None:
    tokens = lexical_tokens("元旦晚会", "jieba")
    assert "晚会" in tokens and "元旦" in tokens


def test_mixed_text_keeps_both_scripts() -> None:
    assert lexical_tokens("我在Shanghai工作") == ["shanghai", "工作"]
    assert cjk_share("我在上海") == 1.0 and cjk_share("in Shanghai") == 0.0


def test_literals_keep_term_frequency_and_survive_quotes() -> None:
    assert tsvector_literal(["cat", "hat", "cat"]) == "'cat':1,3 'hat':2"
    assert tsquery_literal(["o'k", "a\\b", "o'k"]) == "'o''k' | 'a\\\\b'"
