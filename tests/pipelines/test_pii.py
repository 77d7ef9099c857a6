"""Personal data is found and masked; numbers that only look like it are left alone."""
from __future__ import annotations

import pytest

from pipelines.pii import MaskedText, PiiMatch, detect_pii, is_valid_cn_id, luhn_valid, mask_pii

_ID_WEIGHTS = (7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2)


def make_cn_id(first17: str) -> str:
    """A resident ID with its ISO 7064 MOD 11-2 check character computed here, independently."""
    total = sum(int(d) * w for d, w in zip(first17, _ID_WEIGHTS))
    return first17 + "10X98765432"[total % 11]


def with_bad_check(valid_id: str) -> str:
    wrong = "0" if valid_id[-1] != "0" else "1"
    return valid_id[:-1] + wrong


def make_luhn(prefix: str) -> str:
    """``prefix`` plus the one check digit that makes the Luhn sum divisible by 10."""
    digits = [int(d) for d in prefix + "0"]
    total = 0
    for i, d in enumerate(reversed(digits)):
        total += (d * 2 - 9 if d * 2 > 9 else d * 2) if i % 2 else d
    return prefix + str((10 - total % 10) % 10)


ID_X = make_cn_id("33010619900101123")  # check character happens to be X
ID_DIGIT = make_cn_id("44030519880708121")  # check character is a digit
CARD = make_luhn("622202123456789")
CARD_GROUPED = " ".join(CARD[i:i + 4] for i in range(0, 16, 4))


def kinds_and_values(text: str) -> list[tuple[str, str]]:
    return [(m.kind, m.value) for m in detect_pii(text)]


def test_generated_fixtures_are_what_the_tests_assume() -> None:
    assert ID_X == "33010619900101123X" and ID_DIGIT == "440305198807081216"
    assert CARD == "6222021234567894" and luhn_valid(CARD)
    assert not luhn_valid(CARD[:-1] + "5")


def test_phone_inside_chinese_text_without_spaces() -> None:
    text = "我的手机是13812345678，有事打我"
    assert detect_pii(text) == [PiiMatch("phone_cn", 5, 16, "13812345678")]
    assert mask_pii(text).text == "我的手机是138****5678，有事打我"


@pytest.mark.parametrize(
    ("text", "masked"),
    [
        ("call 138-1234-5678 please", "call 138****5678 please"),
        ("call 138 1234 5678 please", "call 138****5678 please"),
        ("电话+8613912345678", "电话+86139****5678"),
        ("电话 +86 159-1234-5678", "电话 +86 159****5678"),
        ("tel 0086 18612345678.", "tel 0086 186****5678."),
    ],
)
def test_phone_formats(text: str, masked: str) -> None:
    result = mask_pii(text)
    assert result.kinds == ["phone_cn"]
    assert result.text == masked


@pytest.mark.parametrize(
    "text",
    [
        "订单号138123456789012已发货",  # a mobile number is only a slice of a longer run
        "编号 913812345678",
        "号码12812345678不是手机",  # 12x is not a mobile prefix
        "运单 1381 2345 6789 0123",  # grouped number continues past 11 digits
    ],
)
def test_digit_runs_that_are_not_phones(text: str) -> None:
    assert [m for m in detect_pii(text) if m.kind == "phone_cn"] == []


def test_valid_id_detected_and_masked_first6_last4() -> None:
    text = f"身份证号{ID_X}，另一个是{ID_DIGIT}"
    assert kinds_and_values(text) == [("id_cn", ID_X), ("id_cn", ID_DIGIT)]
    assert mask_pii(text).text == "身份证号330106********123X，另一个是440305********1216"
    assert mask_pii(f"id {ID_X.lower()}").text == "id 330106********123x"


def test_id_with_bad_checksum_is_not_an_id_nor_a_card() -> None:
    for bad in (with_bad_check(ID_X), with_bad_check(ID_DIGIT)):
        assert not is_valid_cn_id(bad)
        assert detect_pii(f"身份证号{bad}") == []


def test_id_with_impossible_birth_date_is_not_an_id() -> None:
    feb30 = make_cn_id("33010619900230123")
    future = make_cn_id("33010620991231123")
    bad_region = make_cn_id("99010619900101123")
    for number in (feb30, future, bad_region):
        assert not is_valid_cn_id(number)
        assert detect_pii(f"证件号{number}") == []


def test_bank_card_plain_and_grouped() -> None:
    assert kinds_and_values(f"卡号{CARD}") == [("bank_card", CARD)]
    assert kinds_and_values(f"card: {CARD_GROUPED}.") == [("bank_card", CARD_GROUPED)]
    dashed = CARD_GROUPED.replace(" ", "-")
    assert kinds_and_values(f"card {dashed}") == [("bank_card", dashed)]
    nineteen = make_luhn("621700123456789012")
    assert mask_pii(f"工资卡{nineteen}").text == f"工资卡**** **** **** {nineteen[-4:]}"
    assert mask_pii(f"card {CARD_GROUPED}").text == "card **** **** **** 7894"


def test_luhn_failing_number_is_not_a_card() -> None:
    wrong = CARD[:-1] + str((int(CARD[-1]) + 1) % 10)
    assert detect_pii(f"卡号{wrong}") == []
    assert detect_pii(" ".join(wrong[i:i + 4] for i in range(0, 16, 4))) == []


def test_card_digits_are_not_taken_from_inside_an_id() -> None:
    matches = detect_pii(f"证件{ID_DIGIT}")
    assert [m.kind for m in matches] == ["id_cn"]


def test_email_detected_and_masked() -> None:
    text = "邮箱是zhang.san+memo@example.com.cn谢谢"
    assert kinds_and_values(text) == [("email", "zhang.san+memo@example.com.cn")]
    assert mask_pii(text).text == "邮箱是z***@example.com.cn谢谢"


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("我住在浙江省杭州市西湖区文三路138号，欢迎来玩", "浙江省杭州市西湖区文三路138号"),
        ("公司在上海市浦东新区世纪大道100号5楼", "上海市浦东新区世纪大道100号5楼"),
        ("寄到北京市朝阳区建国路88号SOHO现代城5号楼1单元1203室，谢谢", "北京市朝阳区建国路88号SOHO现代城5号楼1单元1203室"),
        ("I live at 221B Baker Street, London.", "221B Baker Street"),
        ("HQ: 1600 Amphitheatre Parkway, Mountain View", "1600 Amphitheatre Parkway"),
    ],
)
def test_street_addresses_are_masked(text: str, address: str) -> None:
    result = mask_pii(text)
    assert [(m.kind, m.value) for m in result.matches] == [("address", address)]
    placeholder = "[地址]" if address[0] in "浙上北" else "[address]"
    assert result.text == text.replace(address, placeholder)


@pytest.mark.parametrize(
    "text",
    [
        "我住在杭州",
        "我住在杭州市西湖区",
        "I live in Hangzhou, China.",
        "我下周去上海出差，住在浦东",
        "会议在2023年11月15日，地点待定",
        "date 2023-11-15, time 10:30, year 1998",
        "价格¥1399.00，共3件，总计¥4197",
        "订单号 202311150000123456 已发货",
        "快递单号 SF1234567890123",
        "我跑了5公里，在中山路上",
        "I walked 3 miles and bought 2 apples.",
        "今天是5月3号，地铁2号线",
    ],
)
def test_no_false_positives(text: str) -> None:
    assert detect_pii(text) == [], detect_pii(text)
    assert mask_pii(text) == MaskedText(text=text, matches=[])


def test_matches_are_ordered_non_overlapping_and_kinds_deduplicated() -> None:
    text = (
        f"手机13812345678，邮箱a@b.com，卡{CARD_GROUPED}，身份证{ID_X}，"
        "手机2 13912345678，地址浙江省杭州市西湖区文三路138号"
    )
    result = mask_pii(text)
    starts = [m.start for m in result.matches]
    assert starts == sorted(starts)
    assert all(a.end <= b.start for a, b in zip(result.matches, result.matches[1:]))
    assert all(text[m.start:m.end] == m.value for m in result.matches)
    assert result.kinds == ["phone_cn", "email", "bank_card", "id_cn", "address"]
    assert [m.kind for m in result.matches].count("phone_cn") == 2
    assert result.text == (
        "手机138****5678，邮箱a***@b.com，卡**** **** **** 7894，身份证330106********123X，"
        "手机2 139****5678，地址[地址]"
    )


def test_masking_is_idempotent() -> None:
    text = (
        f"我的手机是13812345678，身份证{ID_X}，卡号{CARD}，邮箱zhang@example.com，"
        "住浙江省杭州市西湖区文三路138号；office 221B Baker Street, phone +86 139-1234-5678"
    )
    once = mask_pii(text)
    assert len(once.matches) == 7
    twice = mask_pii(once.text)
    assert twice.text == once.text
    assert twice.matches == [] and twice.kinds == []


def test_empty_text() -> None:
    assert detect_pii("") == []
    assert mask_pii("") == MaskedText(text="", matches=[])
