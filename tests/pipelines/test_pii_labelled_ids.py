"""The labelled-identifier reading: any label that names a person's number masks the number after (or before)
it, with its kind's mask word; a label that names a code keeps it; :func:`decide` is a pure function.

The phrasings here are written for this test, none taken from a blind corpus: they check that the
reading holds for wordings no rule names one by one (员工编号, payroll number, 保单号, "… 是我的工号").
"""
from __future__ import annotations

import pytest

from pipelines.receive.pii import mask_pii
from pipelines.receive.pii.id_labels import CONTROL, OTHER, UNKNOWN, Label, classify_qualifier
from pipelines.receive.pii.labelled_ids import Shape, decide, shape_of

PERSONAL = [
    ("员工编号：E-20231187，入职时发的", "20231187", "employee"),
    ("我的工号是 7731026", "7731026", "employee"),
    ("payroll number 4471920, HR needs it", "4471920", "employee"),
    ("personnel no. P-553201", "553201", "employee"),
    ("会员编号 M2023009187，积分快过期了", "2023009187", "member"),
    ("customer number 55-2231-908", "2231-908", "member"),
    ("frequent flyer number CA 880231977", "880231977", "member"),
    ("保单号 P2024310099871", "2024310099871", "insurance"),
    ("policy number AX-44719082", "44719082", "insurance"),
    ("公积金个人账号：110023345567", "110023345567", "insurance"),
    ("学生证号 2021113456", "2021113456", "student"),
    ("患者编号 HZ-0091234", "0091234", "record"),
    ("my library card number 2904418873", "2904418873", "member"),
    ("A4471920 是我的工号，别外传", "A4471920", "employee"),
    ("EMP-88123 is my employee number", "88123", "employee"),
    ("我的编号是 33018762，记一下", "33018762", "number"),
    ("my ID number is 770192883", "770192883", "number"),
    ("patient id at St. Vincent's is SVH-771930", "771930", "record"),
    ("保险单号：PICC2024-8812399", "8812399", "insurance"),
]
CONTROLS = [
    "订单号 20240318998812 已发货", "取件码 8-2-3019", "我的取件码 6-3-2041", "发票号码 04403190011", "flight number CA1831",
    "model number XR-2291-B", "part no. 55-1093-2", "我的订单号是 77120093311", "my order number is 55123987",
    "my verification code is 482913", "my gift card code 8812-2231-9931", "工单号 GD-2024-0088", "ticket #88123 was closed",
    "batch number 20240318-A", "礼品卡 8812 2231 9931 0022", "购物卡号 88001234", "价格 ¥1299", "ID 3 of 5 done",
    "学校代码 10487", "工厂代码 3301",
]


@pytest.mark.parametrize(("text", "secret", "word"), PERSONAL)
def test_a_number_a_personal_label_names_is_masked_with_its_word(text: str, secret: str, word: str) -> None:
    masked = mask_pii(text).text
    assert secret not in masked and f"\u2039{word} " in masked, masked


@pytest.mark.parametrize("text", CONTROLS)
def test_a_code_a_control_label_names_stays(text: str) -> None:
    assert mask_pii(text).text == text


def test_a_name_next_to_a_labelled_identifier_is_masked() -> None:
    masked = mask_pii("Contact person: Zhang Wei, employee no. 88-1203").text
    assert "Zhang" not in masked and "88-1203" not in masked, masked


@pytest.mark.parametrize(("qualifier", "kind"), [
    ("员工", "employee_id"), ("我的工", "employee_id"), ("社保电脑", "insurance"), ("快递单", CONTROL), ("取件", CONTROL),
    ("social insurance", "insurance"), ("my staff", "employee_id"), ("the order", CONTROL), ("room", OTHER), ("手机", OTHER),
    ("inpatient", "medical_record"), ("flyer", UNKNOWN), ("frequent flyer", "member_id"), ("worker process", CONTROL), ("worker pay", UNKNOWN), ("student id card", "student_id"),
])
def test_the_stem_nearest_the_head_classifies_the_qualifier(qualifier: str, kind: str) -> None:
    assert classify_qualifier(qualifier) == kind


def test_decide_is_a_function_of_the_label_and_the_shape() -> None:
    token = shape_of("HW-20394817")
    assert decide(Label("employee_id", False), token) == "employee_id"
    assert decide(Label(CONTROL, True), token) is None
    assert decide(Label(UNKNOWN, False), token) is None  # nobody's, as far as the label says
    assert decide(Label(UNKNOWN, True), token) == "personal_number"
    assert decide(Label(UNKNOWN, True, weak_head=True), token) is None  # "my code …" is no identifier
    assert decide(Label(UNKNOWN, True), shape_of("abc123")) is None  # mostly letters: not after an unknown label
    assert decide(Label("member_id", False), shape_of("2024-03-18")) is None  # a date
    assert decide(Label("member_id", False), Shape(chars=6, digits=6, groups=1, dated=False, priced=True)) is None


@pytest.mark.parametrize(("text", "secret"), [("我是95年3月8号生的", "95年3月8号"), ("她1990年5月3日生人", "1990年5月3日")])
def test_a_date_the_speaker_was_born_on_is_a_birth_date(text: str, secret: str) -> None:
    assert secret not in mask_pii(text).text


@pytest.mark.parametrize("text", ["我们12月5号生产线停工", "合同3月1日生效", "98年的时候我在上海"])
def test_a_date_before_another_word_with_sheng_stays(text: str) -> None:
    assert mask_pii(text).text == text


def test_a_chinese_possessive_before_a_latin_label_counts() -> None:
    masked = mask_pii("我 crew no. 是 88120934 别外传").text  # "crew" is in no table: only the possessive makes it the speaker's
    assert "88120934" not in masked, masked
