"""Write the source of the fourth probe batch (``pii_probe_{fit4,check4}.json`` after freezing).

Written on 2026-12-04 (helper ``pii``, issue 26) before the masker code for these kinds was read, in
wordings of its author's own: kinds likely to be weak (Korean RRN, Singapore NRIC, UK NI, Canadian SIN,
Indian Aadhaar and PAN, Japanese My Number, frequent-flyer and hotel member numbers, Traditional Chinese
addresses and addresses with units, names with no label next to an id, several secrets in one message,
unlabelled ids) and look-alike controls. Check digits are valid (RRN, NRIC, SIN, Aadhaar, My Number), so
a checksum test cannot tell them from real ones. An address's street part and unit part are separate
secrets.

Unlike batches 1-3 (odd/even ids), the split is the blind rounds' one: ``freeze.py`` halves by the parity
of sha256("split:" + id); the dev half is ``fit4``, the test half ``check4``.

Run: ``python scripts/bench/data/pii_probe4_make.py SRC_DIR`` writes ``SRC_DIR/pii.json``; then
``python scripts/bench/data/blind_2026_12/freeze.py SRC_DIR pii OUT`` and copy ``OUT/dev/pii/pii.json``
to ``pii_probe_fit4.json``, ``OUT/test/pii/pii.json`` to ``pii_probe_check4.json`` (hashes in
``pii_probe4_MANIFEST.txt``).
"""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path


def luhn(stem: str) -> str:
    """``stem`` (digits, any separators) with the Luhn check digit appended."""
    digits = [int(c) for c in re.sub(r"\D", "", stem)]
    total = 0
    for i, d in enumerate(reversed(digits)):
        d = d * 2 if i % 2 == 0 else d
        total += d - 9 if d > 9 else d
    return stem + str((10 - total % 10) % 10)


def rrn(stem: str) -> str:
    """A Korean resident registration number: ``YYMMDD-SBBBBN`` stem plus its check digit."""
    digits = [int(c) for c in stem if c.isdigit()]
    total = sum(d * w for d, w in zip(digits, [2, 3, 4, 5, 6, 7, 8, 9, 2, 3, 4, 5], strict=True))
    return stem + str((11 - total % 11) % 10)


def nric(prefix: str, digits: str) -> str:
    """A Singapore NRIC/FIN with its check letter."""
    total = sum(int(d) * w for d, w in zip(digits, [2, 7, 6, 5, 4, 3, 2], strict=True))
    total += 4 if prefix in "TG" else 0
    table = "JZIHGFEDCBA" if prefix in "ST" else "XWUTRQPNMLK"
    return prefix + digits + table[total % 11]


_D = [[0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [1, 2, 3, 4, 0, 6, 7, 8, 9, 5], [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
      [3, 4, 0, 1, 2, 8, 9, 5, 6, 7], [4, 0, 1, 2, 3, 9, 5, 6, 7, 8], [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
      [6, 5, 9, 8, 7, 1, 0, 4, 3, 2], [7, 6, 5, 9, 8, 2, 1, 0, 4, 3], [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
      [9, 8, 7, 6, 5, 4, 3, 2, 1, 0]]
_P = [[0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [1, 5, 7, 6, 2, 8, 3, 0, 9, 4]]
for _ in range(6):
    _P.append([_P[1][x] for x in _P[-1]])
_INV = [0, 4, 3, 2, 1, 5, 6, 7, 8, 9]


def aadhaar(stem: str) -> str:
    """An Aadhaar number: an 11-digit stem (any separators) with its Verhoeff check digit."""
    c = 0
    for i, d in enumerate(reversed([int(x) for x in stem if x.isdigit()])):
        c = _D[c][_P[(i + 1) % 8][d]]
    return stem + str(_INV[c])


def my_number(stem: str) -> str:
    """A Japanese individual number: an 11-digit stem (any separators) with its check digit."""
    digits = [int(x) for x in stem if x.isdigit()]
    total = sum(p * (n + 1 if n <= 6 else n - 5) for n, p in enumerate(reversed(digits), start=1))
    r = total % 11
    return stem + str(0 if r <= 1 else 11 - r)


RRN_A, RRN_B, RRN_C = rrn("880517-123456"), rrn("950203-262817"), rrn("011129-443105")
NRIC_A, NRIC_B, NRIC_C = nric("S", "8834071"), nric("T", "0251196"), nric("G", "5518042")
SIN_A, SIN_B = luhn("527 318 94"), luhn("130 692 54")
AAD_A, AAD_B, AAD_C = aadhaar("4721 9053 661"), aadhaar("8316 2270 945"), aadhaar("2958 4410 763")
MYN_A, MYN_B = my_number("3719 4206 851"), my_number("5802 1174 339")

# (kind, lang, text, secrets)
ITEMS: list[tuple[str, str, str, list[str]]] = [
    # Korean resident registration numbers
    ("kr_rrn", "ko", f"제 주민등록번호는 {RRN_A} 입니다. 보험 가입할 때 써 주세요.", [RRN_A]),
    ("kr_rrn", "en", f"for the Seoul clinic form my RRN is {RRN_B.replace('-', '')}", [RRN_B.replace("-", "")]),
    ("kr_rrn", "zh", f"韩国同事朴智妍的居民登录号是{RRN_C}，办签证要用", ["朴智妍", RRN_C]),
    # Singapore NRIC / FIN
    ("sg_nric", "en", f"My NRIC is {NRIC_A}, please put it on the tenancy agreement.", [NRIC_A]),
    ("sg_nric", "en", f"Tan Wei Ling {NRIC_B} will collect the parcel on Saturday", ["Tan Wei Ling", NRIC_B]),
    ("sg_nric", "en", f"my FIN number is {NRIC_C.lower()} for the work pass renewal", [NRIC_C.lower()]),
    # UK National Insurance numbers
    ("uk_nino", "en", "HR needs my National Insurance number: JG 10 37 48 B", ["JG 10 37 48 B"]),
    ("uk_nino", "en", "NI no PW824155A, tax code 1257L, started on 3 March", ["PW824155A"]),
    ("uk_nino", "en", "Remember that Callum's NINO is NE357219D when you do his payroll", ["NE357219D"]),
    # Canadian SIN
    ("ca_sin", "en", f"My SIN is {SIN_A} and I file my taxes in Ontario.", [SIN_A]),
    ("ca_sin", "en", f"numéro d'assurance sociale : {SIN_B.replace(' ', '-')} (pour l'employeur)", [SIN_B.replace(" ", "-")]),
    # Indian Aadhaar and PAN
    ("in_aadhaar", "en", f"Aadhaar {AAD_A}, please link it to the new SIM", [AAD_A]),
    ("in_aadhaar", "en", f"my aadhar no. is {AAD_B.replace(' ', '')} and my mother's is {AAD_C}",
     [AAD_B.replace(" ", ""), AAD_C]),
    ("in_pan", "en", "PAN: BQRPK4821L (needed for the mutual fund KYC)", ["BQRPK4821L"]),
    ("in_pan", "en", "Ananya Iyer's PAN card number is AJXPI7093M", ["Ananya Iyer", "AJXPI7093M"]),
    # Japanese My Number
    ("jp_my_number", "ja", f"私のマイナンバーは{MYN_A}です。年末調整で使ってください。", [MYN_A]),
    ("jp_my_number", "en", f"my Japanese individual number (My Number) is {MYN_B.replace(' ', '')}",
     [MYN_B.replace(" ", "")]),
    # frequent-flyer and hotel member numbers
    ("loyalty_number", "en", "Add my KrisFlyer number 8820 371 649 to the booking please", ["8820 371 649"]),
    ("loyalty_number", "en", "frequent flyer: BA Executive Club 47193082, seat preference aisle", ["47193082"]),
    ("loyalty_number", "en", "my Marriott Bonvoy member number is 384 920 117", ["384 920 117"]),
    ("loyalty_number", "zh", "我的国航凤凰知音会员卡号是 CA008834172915，订票时帮我填上", ["CA008834172915"]),
    ("loyalty_number", "en", "Hilton Honors #2291847703 - I always want a high floor", ["2291847703"]),
    ("loyalty_number", "zh", "萬豪會員號碼 918 447 260，入住時報這個", ["918 447 260"]),
    # addresses in Traditional Chinese, and with units
    ("address_zh_hant", "zh", "我住在台北市大安區忠孝東路四段181巷12弄3號5樓之2，包裹寄這裡",
     ["忠孝東路四段181巷12弄3號", "5樓之2"]),
    ("address_zh_hant", "zh", "寄到香港九龍旺角彌敦道688號旺角中心第一期12樓B室給我",
     ["彌敦道688號", "12樓B室"]),
    ("address_zh_hant", "zh", "新家地址：高雄市苓雅區四維三路6號15樓之1", ["四維三路6號", "15樓之1"]),
    ("address_unit", "en", "Ship it to Flat 4B, 27 Kensington Court Gardens, London W8 5QF",
     ["Flat 4B", "27 Kensington Court Gardens", "W8 5QF"]),
    ("address_unit", "en", "I moved to Apt 12C, 455 W 57th St, New York, NY 10019",
     ["Apt 12C", "455 W 57th St"]),
    ("address_unit", "en", "my place is #08-114, Blk 271 Bukit Batok East Ave 4, Singapore 650271",
     ["#08-114", "Blk 271 Bukit Batok East Ave 4", "650271"]),
    # names next to an id with no label
    ("name_unlabelled_id", "en", f"Oluwaseun Adebayo-Hart, {AAD_A}", ["Oluwaseun Adebayo-Hart", AAD_A]),
    ("name_unlabelled_id", "en", "booking for Marguerite Villeneuve 07700 918 342", ["Marguerite Villeneuve", "07700 918 342"]),
    ("name_unlabelled_id", "zh", f"司徒嘉欣 {NRIC_A} 下周入职", ["司徒嘉欣", NRIC_A]),
    # several secrets in one message
    ("multi_secret", "en",
     f"I'm Declan Fitzgerald, NI JG103748B, phone 07911 204 377, email declan.fitz@proton.me, card {luhn('4539 7712 0086 415')}",
     ["Declan Fitzgerald", "JG103748B", "07911 204 377", "declan.fitz@proton.me", luhn("4539 7712 0086 415")]),
    ("multi_secret", "zh",
     "我叫钟思远，身份证号440304199208153216，手机13926480175，住深圳市福田区福华三路88号2栋1803",
     ["钟思远", "440304199208153216", "13926480175", "福华三路88号", "1803"]),
    ("multi_secret", "en",
     f"passport K48210937, SIN {SIN_A}, and my wife Ji-woo Park's RRN is {RRN_B}",
     ["K48210937", SIN_A, "Ji-woo Park", RRN_B]),
    # unlabelled ids
    ("unlabelled_id", "en", f"{NRIC_B} is the one on my card", [NRIC_B]),
    ("unlabelled_id", "en", f"use {MYN_A} for the tax form", [MYN_A]),
    ("unlabelled_id", "en", "the number you need is AJXPI7093M", ["AJXPI7093M"]),
    ("unlabelled_id", "en", f"here it is: {SIN_B}", [SIN_B]),
    ("unlabelled_id", "ko", f"{RRN_C} 이걸로 등록해 주세요", [RRN_C]),
]

# (category, lang, text)
CONTROLS: list[tuple[str, str, str]] = [
    ("flight", "en", "Flight SQ 318 leaves Changi at 23:55 from gate B7."),
    ("flight", "zh", "MU5137 航班早上8点起飞，在2号航站楼值机"),
    ("seat", "en", "I booked seat 32K on the A350-900 again."),
    ("isbn", "en", "The book is ISBN 978-4-06-519981-7, second printing."),
    ("statute", "en", "Section 14(2)(b) of the Data Protection Act 2018 covers that."),
    ("statute", "ko", "개인정보 보호법 제24조의2에 따르면 주민등록번호 처리는 제한됩니다."),
    ("doc_mention", "ja", "マイナンバーカードの申請は市役所の3階窓口でできます。"),
    ("doc_mention", "en", "A Canadian SIN has nine digits and an NRIC starts with S or T."),
    ("doc_mention", "en", "What is the difference between a PAN card and an Aadhaar card?"),
    ("loyalty_tier", "en", "KrisFlyer Elite Gold needs 50,000 miles in 12 months."),
    ("loyalty_tier", "en", "The Bonvoy points chart puts a category 5 hotel at 35,000 points a night."),
    ("price", "en", "The room was 12,800 yen per night for 2 nights, 25,600 in total."),
    ("price", "zh", "這間飯店每晚新台幣3,280元，含早餐"),
    ("invoice_total", "en", "Invoice total: 4,716.55 EUR, due within 30 days."),
    ("model_number", "en", "My phone is a Panasonic KX-TG6821 and the router an RT-AX86U."),
    ("model_number", "en", "The CPU is an i7-13700K with 32 GB of DDR5-5600."),
    ("date_time", "zh", "2026年12月4日下午3點在會議室開會"),
    ("date_time", "ko", "2026년 12월 4일 오후 3시에 회의가 있어요."),
    ("date_time", "ja", "令和8年12月4日の15時に集合です。"),
    ("transit", "zh", "搭捷運板南線到市政府站，從2號出口出來"),
    ("transit", "ko", "2호선 강남역 11번 출구에서 만나요."),
    ("road", "zh", "國道一號358公里處發生車禍，南下車道回堵5公里"),
    ("road", "en", "Take Highway 401 to exit 375 and follow the signs."),
    ("stats", "en", "GDP grew 5.2% in Q3 2026 and inflation was 2.1%."),
    ("build", "en", "Build 20261204.3 passed 1,204 tests in 418 seconds."),
    ("public_room", "en", "The talk is in Room 1203, Level 12 of the convention centre."),
    ("public_room", "zh", "講座在圖書館3樓305室舉行"),
    ("sports", "en", "Final score 3-1; attendance 61,482 at Old Trafford."),
    ("chapter", "zh", "請先讀第3章第12節，再做第48頁的習題"),
    ("measure", "en", "The box is 40 x 30 x 25 cm and weighs 2.45 kg."),
]


def build() -> dict[str, list[dict[str, object]]]:
    """The batch in the blind-set format (items and controls with ids)."""
    items = [{"id": f"pq{n:03d}", "kind": kind, "lang": lang, "text": text, "secrets": secrets}
             for n, (kind, lang, text, secrets) in enumerate(ITEMS, start=1)]
    controls = [{"id": f"pk{n:03d}", "category": cat, "lang": lang, "text": text}
                for n, (cat, lang, text) in enumerate(CONTROLS, start=1)]
    for item in items:
        assert all(s in str(item["text"]) for s in item["secrets"]), item["id"]  # type: ignore[attr-defined]
    return {"items": items, "controls": controls}


if __name__ == "__main__":
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    (out / "pii.json").write_text(json.dumps(build(), ensure_ascii=False, indent=1), encoding="utf-8")
