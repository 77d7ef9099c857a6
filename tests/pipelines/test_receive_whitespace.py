"""A long run of spaces cannot stall the turn: receive cuts whitespace runs before any rule reads the text."""
from __future__ import annotations

import time

import pytest

from pipelines.receive.intake import WHITESPACE_RUN, clean_text, receive


@pytest.mark.parametrize("label", ["企鵝改了", "薇信改了", "alipay改了", "账户名改了", "D.O.B"])
def test_a_label_followed_by_many_spaces_is_received_quickly(label: str) -> None:
    # Label rules of the masker with optional spaces and punctuation in a row took ~6 s of CPU for 250 spaces after
    # such a label — on the event loop, stalling every user. Timed in CPU seconds (a loaded machine must not fail it).
    text = label + " " * 2000 + "0!"
    started = time.process_time()
    received = receive(text, 8000, 0.5)
    assert time.process_time() - started < 1.0
    assert " " * (WHITESPACE_RUN + 1) not in received.text


def test_whitespace_is_cut_only_where_it_runs_long() -> None:
    assert clean_text("def f():\n        return 1") == "def f():\n        return 1"  # indentation kept
    assert clean_text("a" + " " * 40 + "b") == "a" + " " * WHITESPACE_RUN + "b"
    assert clean_text("表格\n\n\n" + "\t" * 30 + "x") == ("表格\n\n\n" + "\t" * 30)[:2 + WHITESPACE_RUN] + "x"
