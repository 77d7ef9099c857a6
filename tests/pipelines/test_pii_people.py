"""Personal data as people write it (issue 26 item 5) and masks that render (issue 22 item 3).

Each case is written here, in wordings of our own; the blind corpora measure the rest
(``scripts/bench/privacy.py --data``).
"""
from __future__ import annotations

import re

import pytest
from markdown_it import MarkdownIt

from pipelines.receive.pii import KINDS, MASK_PATTERN, mask_pii, unmask_tokens


def masked(text: str) -> str:
    return mask_pii(text).text


ITEMS = [
    # licence plates, incl. new-energy, and foreign ones after a label
    ("plate", "我车牌号是苏E·8K2M5，停在B2", ["8K2M5"]),
    ("plate", "新能源车 沪AD·36912 今天限行吗", ["AD36912", "36912"]),
    ("plate", "My licence plate is LD71 XYZ, silver Golf", ["LD71 XYZ"]),
    # social-security / medical-insurance / housing-fund numbers
    ("insurance", "医保卡号：1101 0219 8833 44，报销要用", ["11010219883344"]),
    ("insurance", "住房公积金个人账号为 330104551208", ["330104551208"]),
    ("insurance", "My Canadian SIN is 130-692-544 for the payroll form", ["130692544"]),
    # Taiwan mobiles, HK / Macau / Taiwan identity cards, US ITIN
    ("phone_tw", "我在台北的手機 0935 222 146", ["0935222146"]),
    ("id_hk", "HKID: Z683365(5)", ["Z683365"]),
    ("id_mo", "澳門居民身份證 5215299(8)", ["5215299"]),
    ("id_tw", "身分證 F131104093", ["F131104093"]),
    ("itin", "My ITIN: 912 70 3456", ["912703456"]),
    # international phones and IBANs
    ("phone_intl", "Ruf mich an: 0049 30 901820", ["004930901820"]),
    ("phone_intl", "mon portable 07 81 23 45 67", ["0781234567"]),
    ("iban", "Please wire it to FR14 2004 1010 0505 0001 3M02 606", ["FR1420041010050500013M02606"]),
    # account handles after any label wording
    ("account", "WeChat ID is tom_hk2019", ["tom_hk2019"]),
    ("account", "加v：xiaomei_0625", ["xiaomei_0625"]),
    ("account", "QQ号 30 4455 6612", ["3044556612"]),
    ("account", "支付宝UID：2088 6120 3344 5566", ["2088612033445566"]),
    ("account", "我的抖音号是 lily.dance99", ["lily.dance99"]),
    # addresses in pinyin, traditional characters, French, German; the whole address
    ("address", "send it to Xuhui Qu Tianyaoqiao Lu 38 Hao", ["Tianyaoqiao Lu 38"]),
    ("address", "台中市西屯區台灣大道三段99號8樓", ["台灣大道三段99號8樓"]),
    ("address", "J'habite 27 rue du Bac, 75007 Paris", ["27 rue du Bac"]),
    ("address", "Lieferadresse: Schillerstraße 14, 60313 Frankfurt", ["Schillerstraße 14"]),
    ("address", "我住南京大学鼓楼校区南园宿舍8舍214", ["8舍214"]),
    ("address", "寄到成都市武侯区科华北路65号世外桃源小区7栋1单元902", ["7栋1单元902", "科华北路65号"]),
    # names next to any masked identifier
    ("name", "Contact person: Chen Jing, 13912345678", ["Chen Jing"]),
    ("name", "Please call Anna Berg at +46 8 123 456 78", ["Anna Berg"]),
    # birth dates, public IPs, VINs, medical records, student numbers
    ("birth_date", "my DOB is 3 July 1990", ["3 July 1990"]),
    ("ip", "公司给我分的公网IP是 58.240.11.97", ["58.240.11.97"]),
    ("vin", "VIN 1HGCM82633A004352", ["1HGCM82633A004352"]),
    ("medical_record", "住院号 ZY-2023-55871，出院小结上有", ["ZY-2023-55871"]),
    ("student_id", "my student ID is 2019 3388 17", ["2019338817"]),
]

# Second round (issue 26 item 5): by structure, in wordings of our own, not from any corpus.
ITEMS += [
    # one label grammar for accounts: any service or account word, lists of labels, verbs, the value first
    ("account", "加我微信吧，sunnyli2020", ["sunnyli2020"]),
    ("account", "微信搜 lina_1990 就能找到我", ["lina_1990"]),
    ("account", "You can find me on WeChat (lina_1990).", ["lina_1990"]),
    ("account", "lina_1990 is my WeChat ID", ["lina_1990"]),
    ("account", "微信/QQ同号：2847561930", ["2847561930"]),
    ("account", "好友申请发 wxid_9m8n7b6v5c4x 就行", ["wxid_9m8n7b6v5c4x"]),
    ("account", "Steam ID: gamer_zhou_99", ["gamer_zhou_99"]),
    ("account", "my username on the forum is night_owl_42", ["night_owl_42"]),
    ("account", "Follow me on Douyin, my ID is chef_wang_88", ["chef_wang_88"]),
    ("account", "我q号 384756291", ["384756291"]),
    # names next to any masked identifier
    ("name", "同事李娜的手机是13812345678", ["李娜"]),
    ("name", "13912345678是我同事王磊的", ["王磊"]),
    ("name", "Passport E12345678 belongs to Liu Yang.", ["Liu Yang"]),
    ("name", "Sarah's mobile is 415-555-0198", ["Sarah"]),
    ("name", "Dr. Alan Turing, tel +44 20 7946 0958", ["Alan Turing"]),
    # public IPs without an IP word, IPv6
    ("ip", "connected from 88.12.45.203 at 3am", ["88.12.45.203"]),
    ("ip", "IPv6 地址 240e:3b4:38e1:2c30::1a", ["240e:3b4:38e1:2c30::1a"]),
    # addresses: pinyin units, continental postcode lines
    ("address", "Delivery: 3 Dong 2 Danyuan 501, Jinxiu Jiayuan, Tianhe Qu", ["3 Dong 2 Danyuan 501"]),
    ("address", "Unit 5-3-402, Lianhua Xiaoqu, Futian Qu", ["5-3-402"]),
    ("address", "Adres: Prinsengracht 263, 1016 GV Amsterdam", ["Prinsengracht 263"]),
    ("address", "我住望京SOHO塔3 B座2201", ["B座2201"]),
    # traditional writing, Hong Kong phones, lower-case ids after their label
    ("phone_intl", "我香港嘅電話係 6123 4567", ["61234567"]),
    ("phone_intl", "Contact for my order: 852-6123-4567", ["85261234567"]),
    ("id_hk", "my hkid is c6683422", ["c6683422"]),
    ("id_tw", "居留證號碼 AC01234567", ["AC01234567"]),
    ("insurance", "医保卡 card no. 31-2208-7716-45", ["312208771645"]),
]

CONTROLS = [
    "订单号 2023112512345678901 还没发货", "取件码 6-3-2041", "菜鸟驿站取货码 12-5-3307", "ISBN 978-7-111-54742-6",
    "顺丰 SF1234567890123 到哪了", "Python 3.12.1 and Node v20.11.1", "微信 8.0.47 版本的更新", "价格 ¥1,299.00",
    "MU5101 改签", "G1234 次列车", "600519 贵州茅台", "UUID 123e4567-e89b-12d3-a456-426614174000",
    "commit 9fceb02d0ae598e95dc970b74767f19372d61af8", "会议定在2024年3月15日下午两点", "redis 连 127.0.0.1:6379",
    "路由器后台 192.168.1.1", "会议室 305", "Room 302 is booked", "WeChat is better than WhatsApp", "Line 42: foo_bar",
    "I met Jie 5 times", "Route 66 road trip", "Windows 11 Pro", "主色 #1E90FF", "错误码 0x80070005",
    # second round: look-alikes of the new rules
    "微信，是我常用的聊天工具", "抖音搜 美食推荐", "Request ID: 14c6e95e-6b45-4936-91d5-c42faf11c1e7", "Meeting ID: 845 2231 9087",
    "用户名：test_user", "version 1.2.3.4 发布了", "upgrade from 1.2.3.4 to 1.2.3.5", "DNS 用 8.8.8.8 和 114.114.114.114",
    "公司的电话是多少", "师傅的电话打不通", "客户电话：400-820-8820", "Windows 10, 2024 Edition", "会议在B座201",
    "UPS tracking 1Z 999 AA1 01 2345 6784", "12:30:45 开会", "第3.2.1.4条",
]


@pytest.mark.parametrize(("kind", "text", "secrets"), ITEMS, ids=[f"{k}:{t[:18]}" for k, t, _ in ITEMS])
def test_personal_data_as_people_write_it_is_masked(kind: str, text: str, secrets: list[str]) -> None:
    assert_masked(kind, text, secrets)


def assert_masked(kind: str, text: str, secrets: list[str]) -> None:
    """``text`` masks as ``kind`` and no secret is left, spaces, dashes and dots between its characters ignored."""
    result = mask_pii(text)
    folded = re.sub(r"[\s\-·.:()]", "", result.text)
    assert kind in result.kinds, (result.text, result.kinds)
    for secret in secrets:
        assert re.sub(r"[\s\-·.:()]", "", secret) not in folded, result.text


@pytest.mark.parametrize("text", CONTROLS)
def test_look_alikes_stay_as_written(text: str) -> None:
    assert masked(text) == text


def test_every_kind_has_its_own_mask_word_and_masking_twice_changes_nothing() -> None:
    for _, text, _ in ITEMS:
        once = masked(text)
        assert masked(once) == once
        assert re.search(MASK_PATTERN, once)
    assert {"plate", "insurance", "iban", "itin", "id_hk", "id_mo", "id_tw", "phone_tw", "vin", "ip", "birth_date",
            "medical_record", "student_id"} <= set(KINDS)
    assert "‹plate …" in masked(ITEMS[0][1]) and "‹insurance …" in masked(ITEMS[3][1]) and "‹iban …" in masked(ITEMS[13][1])


def test_a_mask_renders_in_markdown_exactly_as_stored() -> None:
    text = masked("My phone number is 13812345678, mail me at a.li@example.com, card 6222 0212 3456 7894.")
    assert text == "My phone number is ‹phone …5678›, mail me at ‹email›, card ‹card …7894›."
    html = MarkdownIt("commonmark").render(text)
    assert html == f"<p>{text}</p>\n", "no emphasis, no link, nothing dropped"
    reply = f"I noted your number {masked('13812345678')}***"  # a reply that quotes it, then some Markdown
    assert "‹phone …5678›" in MarkdownIt("commonmark").render(reply)
    assert not set("*_[]") & set(re.sub(r"[^‹›…]", "", "".join(re.findall(MASK_PATTERN, text))))


def test_the_screen_reads_a_mask_as_its_kind_word() -> None:
    assert unmask_tokens("call ‹phone …5678› or write ‹email›") == "call phone or write email"


def test_an_id_with_a_place_in_brackets_is_a_statement_not_a_fake_tag() -> None:
    from pipelines.receive.intake import receive

    rec = receive("ID (Taiwan): F131104093 — keep it on file for my insurance claim.", 100_000, 0.5)
    assert not rec.blocked and "‹id …4093›" in rec.masked_text
