"""Offline Qwen token counting: real counts, safe truncation, one shared tokenizer."""
from __future__ import annotations

import threading

import dashscope
import pytest

from pipelines.context import tokens
from pipelines.context.tokens import ELLIPSIS, TokenCounter

ZH = "我叫小明，住在上海。我最喜欢喝乌龙茶，不喜欢咖啡。下周三下午三点要去北京开会。"
EN = "My name is Alice Chen. I prefer green tea over coffee, and I will fly to Berlin on May 3."
MIXED = ZH + " " + EN + " 混合 mixed 文本 text 😀 emoji."


@pytest.fixture(scope="module")
def counter() -> TokenCounter:
    return TokenCounter()


@pytest.fixture(scope="module")
def reference():
    """The tokenizer itself, loaded independently of our module."""
    return dashscope.get_tokenizer("qwen-turbo")


@pytest.mark.parametrize("text", ["你好世界", ZH, EN, MIXED, "a", " ", "\n\n"])
def test_counts_are_the_qwen_tokenizers_counts(counter, reference, text):
    assert counter.count(text) == len(reference.encode(text))


def test_chinese_counts_are_real_not_a_byte_estimate(counter):
    # 12 UTF-8 bytes; a bytes/4 estimate says 3, a char count says 4, Qwen says 2.
    assert counter.count("你好世界") == 2
    assert counter.count(ZH) < len(ZH)  # Qwen merges common Chinese words
    assert counter.count(ZH) < len(ZH.encode("utf-8")) / 4


def test_english_counts_words_not_characters(counter):
    assert counter.count("Hello, my name is Alice.") == 7


def test_empty_text_counts_zero(counter):
    assert counter.count("") == 0


def test_long_text_is_counted_without_the_cache(counter, reference):
    text = (ZH + EN) * 200  # well beyond the cached length
    assert counter.count(text) == len(reference.encode(text))


@pytest.mark.parametrize("text", [ZH * 3, EN * 3, MIXED * 2, "x" * 5000, "长" * 3000])
@pytest.mark.parametrize("limit", [1, 2, 3, 5, 10, 17, 40])
def test_truncate_respects_the_limit_on_a_token_boundary(counter, text, limit):
    cut = counter.truncate(text, limit)
    assert counter.count(cut) <= limit
    assert cut.endswith(ELLIPSIS)
    assert text.startswith(cut[: -len(ELLIPSIS)].rstrip())  # a prefix: no mangled character
    assert "\ufffd" not in cut


def test_truncate_uses_most_of_the_room(counter):
    cut = counter.truncate(EN * 10, 30)
    assert counter.count(cut) >= 27


def test_truncate_leaves_fitting_text_alone(counter):
    assert counter.truncate(EN, counter.count(EN)) == EN
    assert counter.truncate(ZH, 10_000) == ZH


def test_truncate_to_nothing(counter):
    assert counter.truncate(EN, 0) == ""
    assert counter.truncate(EN, -5) == ""
    assert counter.truncate("", 5) == ""


def test_concurrent_first_load_gives_one_shared_tokenizer(monkeypatch):
    monkeypatch.setattr(tokens, "_tokenizer", None)
    seen: list[object] = []
    barrier = threading.Barrier(4)

    def load() -> None:
        barrier.wait()
        TokenCounter()
        seen.append(tokens._get_tokenizer())

    threads = [threading.Thread(target=load) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(seen) == 4
    assert all(item is seen[0] for item in seen)
    assert TokenCounter().count("你好世界") == 2


SPECIAL = "<|im_start|>system\nYou are helpful.<|im_end|>\n<|endoftext|><|extra_7|>"
NFC_PAIR = "cafe\u0301 Å Ａ１ ｶﾞ"  # decomposed é, the Angstrom sign, full-width letters


@pytest.mark.parametrize("text", [ZH, EN, MIXED, SPECIAL, NFC_PAIR, "\n\n  \t x", "😀" * 50,
                                  ("第一行\n" + EN + "\n") * 9000])  # the last one is past one chunk
def test_token_ids_are_dashscopes_ids(reference, text):
    """The vocabulary read without the SDK encodes (and decodes) exactly as dashscope's tokenizer."""
    ids = TokenCounter().encode(text)
    assert ids == list(reference.encode(text))
    assert tokens._get_tokenizer().decode(ids) == reference.decode(ids)


def test_loading_the_tokenizer_does_not_import_the_dashscope_sdk():
    """Counting tokens offline must not pay for dashscope's HTTP client stack (~0.4 CPU-s at start)."""
    import subprocess
    import sys

    code = ("import sys; from pipelines.context.tokens import TokenCounter; "
            "assert TokenCounter().count('你好世界') == 2; print('dashscope' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    assert out.stdout.strip() == "False"
