"""Binary or mostly-unreadable input is refused cleanly at receive and never becomes memory."""
from __future__ import annotations

from pipelines.receive.intake import receive, unreadable_share


def test_a_line_of_binary_garbage_is_refused_with_a_reason_and_nothing_to_store() -> None:
    garbage = "\ufffd\ufffdPNG\x1a\ufffd\ufffd\ufffd\ufffdIHDR\ufffd\ufffd\ufffd\ufffd\ufffd\ufffd"
    rec = receive(garbage, 8000, 0.5)
    assert rec.blocked and "binary" in (rec.refusal or "")
    assert rec.masked_text == "" and rec.memory_text == ""


def test_a_binary_line_inside_ordinary_text_is_refused_too() -> None:
    text = "here is the file I got:\n" + "\ufffd" * 30 + "ab\ufffd\ufffd\ufffd\ufffd\ufffd"
    assert receive(text, 8000, 0.5).blocked


def test_text_with_a_stray_replacement_character_or_emoji_is_received() -> None:
    assert unreadable_share("I moved to Caf\ufffd street last week 🙂")[0] == 0
    assert not receive("我上周搬到了杭州 🙂，新家离西湖很近。", 8000, 0.5).blocked
