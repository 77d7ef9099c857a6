"""Other countries' national numbers and loyalty-programme member numbers (issue 26), in wordings of our own:
each shape with its check where it has one, and look-alikes that stay as written.
"""
from __future__ import annotations

import re

import pytest

from pipelines.receive.pii import mask_pii
from pipelines.receive.pii.world_ids import my_number_valid, nric_valid, rrn_valid, verhoeff_valid

ITEMS = [
    # Korean resident registration number: with its dash anywhere, thirteen bare digits with the check or a label
    ("id_national", "보험 서류에 930712-2345672 적어 주세요", ["9307122345672"]),
    ("id_national", "RRN 9307122345672 for the visa form", ["9307122345672"]),
    # Singapore NRIC / FIN: the check letter, or the label for lower case
    ("id_national", "Lim Mei Xuan S9012345I will sign for it", ["S9012345I"]),
    ("id_national", "my fin is f1234567n", ["f1234567n"]),
    # UK National Insurance and Canadian social insurance numbers: the whole number, the suffix letter too
    ("insurance", "NI number: AB 12 34 56 C", ["AB123456C"]),
    ("insurance", "payroll has ZX 98 76 54 A on file", ["ZX987654A"]),
    ("insurance", "mon NAS est 412 583 072", ["412583072"]),
    ("insurance", "it's 412-583-072, the one on my letter", ["412583072"]),
    # Aadhaar (Verhoeff) and Japanese My Number (its check digit) in their groups; bare after a label
    ("id_national", "please update 3921 5548 0172 in the bank KYC", ["392155480172"]),
    ("id_national", "aadhaar no 392155480172", ["392155480172"]),
    ("id_national", "個人番号は 4402 7719 3604 です", ["440277193604"]),
    # Indian PAN
    ("id_national", "KYC done with DKMPS5821Q last week", ["DKMPS5821Q"]),
    # loyalty programmes: the number after the programme's name
    ("member_id", "my SkyMiles number is 9012 447 318", ["9012447318"]),
    ("member_id", "IHG One Rewards member #604 118 273", ["604118273"]),
    ("member_id", "我的东方万里行卡号 6100 2389 1147", ["610023891147"]),
    # a name with no label right before one of them
    ("name", "Priyanka Raghavan, 3921 5548 0172", ["Priyanka Raghavan"]),
]

CONTROLS = [
    "The population was 130 692 544 in 2020",  # a quantity written with spaces: no SIN without its label
    "it's 412-583-073, the one on my letter",  # the Luhn digit is wrong
    "Serial 1234 5678 9012 on the box",  # neither check passes
    "Order 3921 5548 0172 has shipped",
    "SKU KXPTR4821Q is back in stock",
    "Part number ZX 98 76 54 A is discontinued",
    "KrisFlyer Elite Gold needs 50,000 miles in 12 months.",
    "Marriott 2024 annual report",
    "Hilton Honors 2025 status match",
    "國道一號358公里處發生車禍",  # a highway, no road with a house number
    "Flight BA 0117 lands at 06:40",
]

# A landline in four-digit groups is a phone, whatever check its twelve digits happen to pass.
PHONES = [
    "前台 0512 3120 1495 分机 2301",
]


@pytest.mark.parametrize(("kind", "text", "secrets"), ITEMS, ids=[f"{k}:{t[:18]}" for k, t, _ in ITEMS])
def test_these_are_masked(kind: str, text: str, secrets: list[str]) -> None:
    result = mask_pii(text)
    folded = re.sub(r"[\s\-·.:()]", "", result.text).lower()
    assert kind in result.kinds, (result.text, result.kinds)
    for secret in secrets:
        assert re.sub(r"[\s\-·.:()]", "", secret).lower() not in folded, result.text
    assert mask_pii(result.text).text == result.text


@pytest.mark.parametrize("text", CONTROLS)
def test_their_look_alikes_stay_as_written(text: str) -> None:
    assert mask_pii(text).text == text


def test_the_checks() -> None:
    assert verhoeff_valid("392155480172") and not verhoeff_valid("392155480173")
    assert my_number_valid("123456789018") and not my_number_valid("123456789019")
    assert rrn_valid("9307122345672") and not rrn_valid("9307122345673")
    assert nric_valid("S1234567D") and not nric_valid("S1234567E")


@pytest.mark.parametrize("text", PHONES)
def test_a_grouped_landline_is_a_phone(text: str) -> None:
    kinds = mask_pii(text).kinds
    assert kinds and "id_national" not in kinds, kinds
