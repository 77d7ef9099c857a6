"""Personal data is found and masked in every common shape; numbers that only look like it are left alone."""
from __future__ import annotations

import pytest

from pipelines.receive.pii import MaskedText, PiiMatch, detect_pii, is_valid_cn_id, luhn_valid, mask_pii

_ID_WEIGHTS = (7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2)


def make_cn_id(first17: str) -> str:
    """A resident ID with its ISO 7064 MOD 11-2 check character computed here, independently."""
    total = sum(int(d) * w for d, w in zip(first17, _ID_WEIGHTS))
    return first17 + "10X98765432"[total % 11]


def with_bad_check(valid_id: str) -> str:
    return valid_id[:-1] + ("0" if valid_id[-1] != "0" else "1")


def make_luhn(prefix: str) -> str:
    """``prefix`` plus the one check digit that makes the Luhn sum divisible by 10."""
    total = 0
    for i, d in enumerate(reversed([int(c) for c in prefix + "0"])):
        total += (d * 2 - 9 if d * 2 > 9 else d * 2) if i % 2 else d
    return prefix + str((10 - total % 10) % 10)


ID_X = make_cn_id("33010619900101123")  # check character happens to be X
ID_DIGIT = make_cn_id("44030519880708121")
CARD = make_luhn("622202123456789")


def masked(text: str) -> str:
    return mask_pii(text).text


def kinds(text: str) -> list[str]:
    return [m.kind for m in detect_pii(text)]


def test_generated_fixtures_are_what_the_tests_assume() -> None:
    assert ID_X == "33010619900101123X" and ID_DIGIT == "440305198807081216"
    assert is_valid_cn_id(ID_X) and not is_valid_cn_id(with_bad_check(ID_X))
    assert CARD == "6222021234567894" and luhn_valid(CARD) and not luhn_valid(CARD[:-1] + "5")


@pytest.mark.parametrize(
    "number",
    [
        "13812345678", "138 1234 5678", "138-1234-5678", "137.0769.5678", "1395064 5678", "1304 044 5678",
        "+8613812345678", "+86 138 1234 5678", "+86(138)1234-5678", "(+86) 138-1234-5678", "0086 13812345678",
        "86-13812345678", "１３８１２３４５６７８", "１３８－１２３４－５６７８", "138\u200b1234\u200c5678",
        "138\u20131234\u20145678", "138\u30001234\u30005678", "13 81 23 45 678", "1 3 8 1 2 3 4 5 6 7 8",
        "一三八一二三四五六七八", "013812345678",
    ],
)
def test_mainland_mobile_in_any_shape(number: str) -> None:
    text = f"我的手机是{number}，有事打我"
    assert kinds(text) == ["phone_cn"]
    assert masked(text) == "我的手机是‹phone …5678›，有事打我"


def test_two_mobiles_in_a_row_are_two_items() -> None:
    result = mask_pii("call 13812345678 13987654321 or 138-1111-2222 / 139 3333 4444")
    assert result.counts == {"phone_cn": 4}
    assert result.text == "call ‹phone …5678› ‹phone …4321› or ‹phone …2222› / ‹phone …4444›"


@pytest.mark.parametrize(
    ("text", "tail"),
    [
        ("座机010-25343950", "3950"), ("办公室(0571) 6247 0143", "0143"), ("打057181517423转805", "7423"),
        ("tel 021-62345678 ext. 12", "5678"), ("电话 0755-2345678-801", "5678"), ("+86 10 8765 4321", "4321"),
        ("+86-571-8151-7423", "7423"), ("固话 62470143", "0143"), ("０２１－６２３４５６７８ 分机 12", "5678"),
    ],
)
def test_landlines_with_area_codes_and_extensions(text: str, tail: str) -> None:
    result = mask_pii(text)
    assert result.kinds == ["landline"], text
    assert f"‹phone …{tail}›" in result.text and not any(ch.isdigit() for ch in result.text.replace(tail, ""))


def grouped(number: str, sizes: tuple[int, ...], sep: str) -> str:
    parts, cursor = [], 0
    for size in sizes:
        parts.append(number[cursor:cursor + size])
        cursor += size
    return sep.join(parts)


@pytest.mark.parametrize(("sizes", "sep"), [((18,), ""), ((6, 8, 4), " "), ((6, 8, 4), "-"), ((6, 4, 4, 4), " ")])
def test_resident_ids_plain_grouped_and_dashed(sizes: tuple[int, ...], sep: str) -> None:
    for number in (ID_X, ID_DIGIT, with_bad_check(ID_DIGIT)):
        text = "身份证号" + grouped(number, sizes, sep)
        assert kinds(text) == ["id_cn"], text
        assert masked(text) == f"身份证号‹id …{number[-4:]}›"


def test_id_with_wrong_check_digit_lower_x_and_full_width_are_masked() -> None:
    assert masked(f"证件 {ID_X.lower()}") == "证件 ‹id …123X›"
    assert masked("身份证" + "".join(chr(ord(c) + 0xFEE0) for c in ID_DIGIT)) == "身份证‹id …1216›"
    bad = with_bad_check(ID_X)
    assert not is_valid_cn_id(bad) and masked(f"id {bad}") == f"id ‹id …{bad[-4:]}›"


def test_fifteen_digit_id() -> None:
    assert masked("老身份证 330106900101123") == "老身份证 ‹id …1123›"


def test_id_shaped_numbers_without_a_real_birth_date_or_region_are_not_ids() -> None:
    for number in (make_cn_id("33010619900230123"), make_cn_id("33010620991231123"), make_cn_id("99010619900101123")):
        assert "id_cn" not in kinds(f"编码{number}")


@pytest.mark.parametrize(("sizes", "sep"), [((16,), ""), ((4, 4, 4, 4), " "), ((4, 4, 4, 4), "-"), ((6, 6, 4), " ")])
def test_bank_card_in_any_grouping(sizes: tuple[int, ...], sep: str) -> None:
    text = "卡号 " + grouped(CARD, sizes, sep)
    assert kinds(text) == ["bank_card"]
    assert masked(text) == "卡号 ‹card …7894›"


def test_nineteen_digit_card_grouped_4_4_4_4_3_and_amex() -> None:
    nineteen = make_luhn("621700123456789012")
    assert masked(f"工资卡 {nineteen[:4]} {nineteen[4:8]} {nineteen[8:12]} {nineteen[12:16]} {nineteen[16:]}") == (
        f"工资卡 ‹card …{nineteen[-4:]}›")
    amex = make_luhn("37828224631000")
    assert masked(f"Amex card {amex[:4]} {amex[4:10]} {amex[10:]}") == f"Amex card ‹card …{amex[-4:]}›"


def test_luhn_failing_numbers_and_barcodes_are_not_cards() -> None:
    wrong = CARD[:-1] + str((int(CARD[-1]) + 1) % 10)
    assert "bank_card" not in kinds(f"号码 {wrong}")
    assert detect_pii("条码 6901234567892") == [] and detect_pii("barcode 4006381333931") == []


@pytest.mark.parametrize(
    ("text", "out"),
    [
        ("邮箱是zhang.san+memo@example.com.cn谢谢", "邮箱是‹email›谢谢"),
        ("mail lisi＠163.com", "mail ‹email›"),
        ("ｌｉｓｉ＠１６３．ｃｏｍ", "‹email›"),
        ("write to li . si @ 163 . com", "write to ‹email›"),
        ("john dot smith at gmail dot com", "‹email›"),
        ("email: lisi at 163 dot com", "email: ‹email›"),
        ("wang (at) qq (dot) com", "‹email›"),
        ("bob[at]outlook.com", "‹email›"),
        ("lisi#163.com", "‹email›"),
        ("邮箱 lisi艾特163点com", "邮箱 ‹email›"),
        ("jane.doe at gmail.com", "‹email›"),
        ("email zhangsan at company.com", "email ‹email›"),
    ],
)
def test_email_in_plain_full_width_spaced_and_spelled_out_shapes(text: str, out: str) -> None:
    assert masked(text) == out


@pytest.mark.parametrize(
    ("text", "out"),
    [
        ("护照E81451011", "护照‹passport …1011›"),
        ("出境证件EA1234567已办好", "出境证件‹passport …4567›已办好"),
        ("my passport number is 123456789.", "my passport number is ‹passport …6789›."),
        ("Passport No. C01X00T47", "Passport No. ‹passport …0T47›"),
        ("passport: TK1234567", "passport: ‹passport …4567›"),
        ("护照号码是 P1234567", "护照号码是 ‹passport …4567›"),
        ("港澳通行证 C12345678", "港澳通行证 ‹passport …5678›"),
        ("A12345678 is my passport number", "‹passport …5678› is my passport number"),
        ("order 12345678 passport photo", "order 12345678 passport photo"),
    ],
)
def test_passports_chinese_anywhere_foreign_after_a_passport_word(text: str, out: str) -> None:
    assert masked(text) == out


@pytest.mark.parametrize("ssn", ["078-05-1120", "078 05 1120", "078.05.1120"])
def test_us_ssn(ssn: str) -> None:
    assert masked(f"SSN {ssn}") == "SSN ‹ssn …1120›"


def test_ssn_without_grouping_needs_its_word_and_impossible_areas_are_not_ssns() -> None:
    assert masked("My SSN is 078051120.") == "My SSN is ‹ssn …1120›."
    assert masked("078051120 is my SSN") == "‹ssn …1120› is my SSN"
    assert masked("ref 078051120 ok") == "ref 078051120 ok"
    assert masked("ref 666-12-3456") == "ref 666-12-3456"


def test_other_phone_numbers() -> None:
    assert masked("call (591)341-7776 x123") == "call ‹phone …7776›"
    assert masked("+44 20 7946 0958") == "‹phone …0958›"
    assert masked("客服电话 400-820-8820") == "客服电话 400-820-8820"


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("我住在人民南路四段27号，欢迎来玩", "人民南路四段27号"),
        ("地址：阳光花园小区3栋2单元501室", "阳光花园小区3栋2单元501室"),
        ("寄到北京市朝阳区建国路88号SOHO现代城5号楼1单元1203室，谢谢", "北京市朝阳区建国路88号SOHO现代城5号楼1单元1203室"),
        ("我家在广东省深圳市南山区粤海街道", "广东省深圳市南山区粤海街道"),
        ("宁夏回族自治区大冶县魏都王街y座 860837", "宁夏回族自治区大冶县魏都王街y座 860837"),
        ("老家在张家村5组12号", "张家村5组12号"),
        ("住在幸福里小区12-3-402", "幸福里小区12-3-402"),
        ("公司在天府大道十二号", "天府大道十二号"),
        ("I live at 1234 Elm Street, Apt 5B.", "1234 Elm Street, Apt 5B"),
        ("Ship to 868 Kevin Radial Suite 869\nSouth Johnfurt, MT 87630 please", "868 Kevin Radial Suite 869\nSouth Johnfurt, MT 87630"),
        ("HQ: 1600 Amphitheatre Parkway, Mountain View", "1600 Amphitheatre Parkway"),
        ("Apt 4B, 123 Main St.", "Apt 4B, 123 Main St."),
        ("PO Box 1234, Springfield, IL 62704", "PO Box 1234, Springfield, IL 62704"),
        ("i live at 45 oak street now", "45 oak street"),
        ("USNS Smith\nFPO AP 12345", "USNS Smith\nFPO AP 12345"),
        ("寄到123 Queen St W, Toronto, ON M5H 2M9", "123 Queen St W, Toronto, ON M5H 2M9"),
        ("I live at No. 88 Jianguo Road, Chaoyang District, Beijing", "No. 88 Jianguo Road, Chaoyang District"),
        ("my flat: Room 501, Building 3, Sunshine Garden", "Room 501, Building 3, Sunshine Garden"),
        ("宿舍在紫荆公寓3号楼502", "紫荆公寓3号楼502"),
        ("回龙观龙泽苑东区5-2-301", "回龙观龙泽苑东区5-2-301"),
        ("收货地址：天津市梧州县和平区天河街道", "天津市梧州县和平区天河街道"),
        ("新地址是杭州市拱墅区莫干山路1418号上城国际2幢1单元1502室", "杭州市拱墅区莫干山路1418号上城国际2幢1单元1502室"),
        ("地址：朝阳门外大街甲6号万通中心D座", "朝阳门外大街甲6号万通中心D座"),
        ("送到上海浦东张江高科技园区碧波路690号", "上海浦东张江高科技园区碧波路690号"),
        ("I live at 8 Rue de Rivoli, 75004 Paris", "8 Rue de Rivoli, 75004 Paris"),
        ("Wohnung: Hauptstraße 5, 10115 Berlin", "Hauptstraße 5, 10115 Berlin"),
        ("I stay at 16 Cross Street, #03-01, Singapore 048422", "16 Cross Street, #03-01, Singapore 048422"),
        ("I live on 5th floor, No. 18 Lane 123, Huaihai Road, Shanghai", "No. 18 Lane 123, Huaihai Road"),
    ],
)
def test_street_addresses(text: str, address: str) -> None:
    result = mask_pii(text)
    assert [(m.kind, m.value) for m in result.matches] == [("address", address)]
    assert result.text == text.replace(address, "‹address›")


@pytest.mark.parametrize(
    ("text", "out"),
    [
        ("姓名：张伟 身份证：110101199003071234", "姓名：‹name› 身份证：‹id …1234›"),
        ("我叫欧阳娜娜，身份证号110101199003071234", "我叫‹name›，身份证号‹id …1234›"),
        ("持卡人：王小明，卡号6222021234567894", "持卡人：‹name›，卡号‹card …7894›"),
        ("name: John Smith, SSN 078-05-1120", "name: ‹name›, SSN ‹ssn …1120›"),
        ("My name is Jane Doe and my passport number is 123456789",
         "My name is ‹name› and my passport number is ‹passport …6789›"),
        ("John Smith, SSN 078-05-1120", "‹name›, SSN ‹ssn …1120›"),
    ],
)
def test_a_name_next_to_an_identity_number(text: str, out: str) -> None:
    assert masked(text) == out


def test_introduced_name_alone_is_kept() -> None:
    assert masked("我叫小明，今天很开心") == "我叫小明，今天很开心"
    assert masked("My name is Alice.") == "My name is Alice."


@pytest.mark.parametrize(
    "text",
    [
        "我住在杭州", "我住在杭州市西湖区", "I live in Hangzhou, China.", "我下周去上海出差，住在浦东",
        "会议在2023年11月15日，地点待定", "date 2023-11-15, time 10:30, year 1998", "价格¥1399.00，共3件，总计¥4197",
        "订单号 202311150000123456 已发货", "订单号 13812345678", "快递单号 SF1234567890123", "我跑了5公里，在中山路上",
        "I walked 3 miles and bought 2 apples.", "今天是5月3号，地铁2号线", "server 192.168.158.71", "v13.8.1234.5678",
        "ISBN 978-7-115-42802-8", "timestamp 1700000000123", "look at google.com", "在万达广场3楼吃饭",
        "预算13812345678元", "号码12812345678不是手机", "编号 913812345678", "运单 1381 2345 6789 0123",
        "I walked 3 blocks down main street", "序列号 6222 0212 3456 7894", "Meeting ID: 923 456 7890",
        "Chrome 141.0.7390.122", "file@2x.png", "护照有效期至20300501", "电话会议 20231115", "客户关系管理",
        "请填写收货人信息", "0.57181517423", "2^31 - 1 = 2147483647",
    ],
)
def test_look_alikes_are_left_alone(text: str) -> None:
    assert mask_pii(text) == MaskedText(text=text, matches=[]), detect_pii(text)


def test_matches_point_into_the_original_text_and_counts_carry_no_values() -> None:
    text = f"手机１３８ １２３４ ５６７８，邮箱a@b.com，卡{CARD}，身份证{ID_X}，手机2 13912345678，住文三路138号"
    result = mask_pii(text)
    assert all(text[m.start:m.end] == m.value for m in result.matches)
    assert all(a.end <= b.start for a, b in zip(result.matches, result.matches[1:]))
    assert result.kinds == ["phone_cn", "email", "bank_card", "id_cn", "address"]
    assert result.counts == {"phone_cn": 2, "email": 1, "bank_card": 1, "id_cn": 1, "address": 1}
    assert result.text == (
        "手机‹phone …5678›，邮箱‹email›，卡‹card …7894›，身份证‹id …123X›，手机2 ‹phone …5678›，住‹address›"
    )
    assert "13812345678" not in repr(result.matches) and "a@b.com" not in repr(result.matches)


def test_masking_is_idempotent() -> None:
    text = (
        f"我的手机是+86(177)2956-5142，身份证{ID_X}，卡号{CARD}，邮箱zhang＠example.com，护照E81451011，"
        "住阳光花园小区3栋2单元501室；name: John Smith, SSN 078-05-1120, office 221B Baker Street, tel 010-25343950"
    )
    once = mask_pii(text)
    assert len(once.matches) == 10
    twice = mask_pii(once.text)
    assert twice.text == once.text and twice.matches == []


def test_empty_text() -> None:
    assert detect_pii("") == [] and mask_pii("") == MaskedText(text="", matches=[])
    assert PiiMatch("email", 0, 1, "x").kind == "email"


def test_a_mixed_chinese_message_masks_each_item_and_leaves_the_rest() -> None:
    text = (
        "你好，我是王小明，下周三到上海出差，订单号 20231115000123，酒店在南京东路300号。我的手机 139 1234 5678，"
        "备用 0571-8888 6666。身份证 330106199001011234，护照E12345678。邮箱 wangxm at 163 dot com。谢谢！"
    )
    result = mask_pii(text)
    assert result.text == (
        "你好，我是‹name›，下周三到上海出差，订单号 20231115000123，酒店在‹address›。我的手机 ‹phone …5678›，"
        "备用 ‹phone …6666›。身份证 ‹id …1234›，护照‹passport …5678›。邮箱 ‹email›。谢谢！"
    )
    assert result.counts == {
        "name": 1, "address": 1, "phone_cn": 1, "landline": 1, "id_cn": 1, "passport": 1, "email": 1,
    }


def test_a_mixed_english_message_keeps_order_numbers_versions_and_sentence_ends() -> None:
    text = (
        "Hi, this is John Smith. Please ship order #4532015112830366 to 742 Evergreen Terrace, Springfield, IL 62704. "
        "Call me at (555) 234-5678 or email john.smith@example.com. Card: 4111-1111-1111-1111, SSN 078-05-1120. "
        "Version 2.3.1, build 20231115."
    )
    assert mask_pii(text).text == (
        "Hi, this is ‹name›. Please ship order #4532015112830366 to ‹address›. "
        "Call me at ‹phone …5678› or email ‹email›. Card: ‹card …1111›, SSN ‹ssn …1120›. "
        "Version 2.3.1, build 20231115."
    )


def test_thirteen_digit_visa_is_a_card_but_a_valid_barcode_is_not() -> None:
    visa13 = next(v for v in (make_luhn(f"4{n:011d}") for n in range(123456, 124000)) if not _gtin13(v))
    assert masked(f"{visa13} expires soon") == f"‹card …{visa13[-4:]}› expires soon"
    barcode = next(v for v in (make_luhn(f"4{n:011d}") for n in range(123456, 130000)) if _gtin13(v))
    assert masked(f"{barcode} on the box") == f"{barcode} on the box"


def _gtin13(digits: str) -> bool:
    total = sum(int(d) * (3 if i % 2 else 1) for i, d in enumerate(digits[:12]))
    return (10 - total % 10) % 10 == int(digits[12])


def test_random_noise_never_breaks_masking_and_masking_twice_changes_nothing() -> None:
    import random

    rng = random.Random(7)
    alphabet = "0123456789 -.()+/xX@＠．１２３路号栋单元室市区省姓名：张伟abcAB,，\u200b\u3000"
    for _ in range(400):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 80)))
        once = mask_pii(text)
        assert all(text[m.start:m.end] == m.value for m in once.matches)
        assert mask_pii(once.text).text == once.text, text


@pytest.mark.parametrize(
    ("text", "out"),
    [
        ("这是62010 - 21 - 98 - 208 - 1 - 17 - 76 - X，别告诉别人", "这是‹id …776X›，别告诉别人"),
        ("— 46010 51 9 45022 6282 X —", "— ‹id …282X› —"),
        ("——tdong@example.org——", "——‹email›——"),
        ("——31861 Melissa Neck, Carolynville, CO 86587——", "——‹address›——"),
        ("（17620.9665.4.2）", "（‹phone …6542›）"),
        ("(13812345678)", "(‹phone …5678›)"),
        ("备注 134·36·13·5678", "备注 ‹phone …5678›"),
        ("use 02·23·932·34·05 from now on", "use ‹phone …3405› from now on"),
    ],
)
def test_odd_groupings_and_surrounding_dashes_and_brackets(text: str, out: str) -> None:
    assert masked(text) == out


# Shapes found missing by the blind round (scripts/bench/data/pii_blind.json), kept as behaviour.
@pytest.mark.parametrize(
    ("text", "gone"),
    [
        ("麻烦快递员到了打1 3 8 1 2 3 4 5 6 7 8", "13812345678"),  # a courier calls a person
        ("外卖骑手请拨＋８６\u3000１５２３９８５２８４１", "15239852841"),
        ("护照：e11591198", "e11591198"),
        ("护照号 E-94029824", "94029824"),
        ("护照号 E 8145 1011", "81451011"),
        ("邮箱：zhaoliu(a)sohu.com", "zhaoliu"),
        ("寄到深圳市南山区科技园南区高新南七道R3-A栋", "高新南七道R3"),
        ("我搬到了青年公寓B座1106", "1106"),
        ("工作地址：成都市高新区天府大道中段1268号天府软件园E3栋", "1268"),
        ("快递放和平里东街11-3-201", "201"),
        ("收货地址：北京市海淀区知春路甲48号盈都大厦C座3单元12B", "12B"),
        ("家住天津市河西区友谊路与围堤道交口金皇大厦2号楼1门1501", "1501"),
        ("王小明 " + ID_X, "王小明"),
        ("李娜（身份证号" + ID_DIGIT + "）", "李娜"),
        ("乘客陈志强，证件号码" + ID_DIGIT, "陈志强"),
        ("Traveller James O'Connor, passport no. C84071306", "O'Connor"),
        ("Li Wei, Chinese ID " + ID_DIGIT, "Li Wei"),
        ("Name: 王芳, ID " + ID_DIGIT, "王芳"),
    ],
)
def test_blind_round_shapes_are_masked(text: str, gone: str) -> None:
    assert gone not in masked(text)


def test_passport_word_does_not_swallow_a_following_year_or_lower_case_words() -> None:
    assert masked("护照 E12345678 1990年办的") == "护照 ‹passport …5678› 1990年办的"
    assert masked("my passport number is 987654321") == "my passport number is ‹passport …4321›"


@pytest.mark.parametrize("text", ["会议定在2024-03-08 14:30，地点人民路2023-11-15", "公寓楼 3 层共有 12 户", "青年公寓B座 很新"])
def test_address_extensions_leave_dates_and_counts_alone(text: str) -> None:
    assert masked(text) == text


@pytest.mark.parametrize("text, raw", [
    ("QQ号1234567890，有事找我", "1234567890"),
    ("我的qq：88886666，加我", "88886666"),
    ("加我微信 lina1990 吧", "lina1990"),
    ("微信号：zhang_wei88", "zhang_wei88"),
    ("my telegram @li_na_dev", "li_na_dev"),
    ("Line ID: sato.k", "sato.k"),
    ("tg: coolguy_42", "coolguy_42"),
])
def test_messaging_accounts_after_their_label_are_masked(text: str, raw: str) -> None:
    masked = mask_pii(text)
    assert raw not in masked.text and "‹account …" in masked.text
    assert [m.kind for m in masked.matches] == ["account"]
    assert mask_pii(masked.text).text == masked.text


@pytest.mark.parametrize("text", [
    "WeChat account please", "微信是我常用的聊天工具", "我在QQ群里聊了3个小时", "qq音乐很好用",
    "version 2 of WeChat is out", "I use Skype for work", "QQ等级32级",
])
def test_account_words_without_an_account_change_nothing(text: str) -> None:
    assert mask_pii(text).text == text


@pytest.mark.parametrize("text, raw", [
    ("email me at 张伟@公司.中国", "张伟@公司.中国"),
    ("联系：josé.garcía@correo.es 谢谢", "josé.garcía"),
    ("mail: müller@bücher.de", "müller@bücher.de"),
])
def test_internationalised_email_addresses_are_masked_whole(text: str, raw: str) -> None:
    masked = mask_pii(text).text
    assert raw not in masked and masked.count("‹email›") == 1


def test_chinese_before_an_ascii_address_or_an_at_sign_in_prose_is_not_an_address() -> None:
    assert mask_pii("我的邮箱是li@163.com。").text == "我的邮箱是‹email›。"
    assert mask_pii("价格@100元.每斤").text == "价格@100元.每斤"


def test_a_wechat_id_is_a_personal_account_and_is_masked() -> None:
    """It was a look-alike control until accounts became a kind: a WeChat ID reaches its owner."""
    assert mask_pii("微信号 wxid_abc123").text == "微信号 ‹account …C123›"
