"""Personal data in forms the labels and shapes had not met: lower-case IBANs (by their check digits),
lower-case unit words after an address and after a town, "v信", "my plate is", numbers in groups after
a generic account word."""
from __future__ import annotations

import pytest

from pipelines.receive.pii import mask_pii


@pytest.mark.parametrize("text, secret", [
    ("send it to de89370400440532013000", "370400440532013000"),
    ("pay into nl91 abna 0417 1643 00 please", "0417"),
    ("v信 zhangsan_1990", "zhangsan_1990"),
    ("My plate is 7ABC123 (California)", "7ABC123"),
    ("I live at 12 rue de la Paix, 75002 Paris, apt 4B", "apt 4B"),
    ("Lives at 221B Baker Street, London NW1 6XE, Flat 2", "Flat 2"),
    ("my address is 5 Main St, Springfield, Apt 3", "Apt 3"),
    ("住房公积金账号 0123 4567 8901 23", "8901"),
])
def test_masked(text: str, secret: str) -> None:
    assert secret not in mask_pii(text).text


@pytest.mark.parametrize("text", [
    "room 1203 of the Hilton", "the iban field says xx00 0000 in the demo", "a plate of dumplings costs 12",
    "Order #2024-118-3391 shipped", "取件码 6-3-2041", "version 3.10.12",
])
def test_controls_untouched(text: str) -> None:
    assert mask_pii(text).text == text


@pytest.mark.parametrize("text, secret", [
    ("社保 电脑号 60123456", "60123456"),
    ("养老保险个人编号 110105199003071234", "110105199003071234"),
    ("dy: 88229311", "88229311"),
])
def test_more_labels(text: str, secret: str) -> None:
    assert secret not in mask_pii(text).text
