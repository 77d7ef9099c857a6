"""Write ``pii_probe_{fit,check}.json``: hand-written probes of the kinds the held-back halves still miss.

Written on 2026-12-03 (session of the helper ``pii``) before the masker was changed, in wordings of
its author's own, not those of the blind rounds. Items with an odd number form the *fit* half (its
misses may be read while building); even numbers form the *check* half, scored only before and after
(its misses were not read while building). Card numbers get a valid Luhn digit and Chinese ID numbers
a valid check character here, so the checks of the masker cannot tell them from real ones. An address's
street part and its unit part are separate secrets (a unit left outside the mask is a leak).

A second batch (``ITEMS_2``, ``CONTROLS_2``: halves ``fit2`` and ``check2``) was written after the first
change (6dde291) and before the next, the same way; a third (``fit3``, ``check3``) after de185f5.

Run: ``python scripts/bench/data/pii_probe_make.py`` (writes ``pii_probe_{fit,check}{,2,3}.json``
beside it; ``privacy.py --data`` runs any).
"""
from __future__ import annotations

import json
import re
from pathlib import Path

HERE = Path(__file__).parent


def luhn(stem: str) -> str:
    """``stem`` (digits, any separators) with the Luhn check digit appended."""
    digits = [int(c) for c in re.sub(r"\D", "", stem)]
    total = 0
    for i, d in enumerate(reversed(digits)):
        d = d * 2 if i % 2 == 0 else d
        total += d - 9 if d > 9 else d
    return stem + str((10 - total % 10) % 10)


def cn_id(stem: str) -> str:
    """A 17-digit stem with the GB 11643 check character appended."""
    weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
    total = sum(int(c) * w for c, w in zip(stem, weights, strict=True))
    return stem + "10X98765432"[total % 11]


CARD_A = luhn("6217 8520 0031 4469 20")
CARD_B = luhn("4916 3385 2017 446")
CARD_C = luhn("5391 0427 7783 215")
CARD_D = luhn("6230 5820 0011 7392 41")
CARD_E = luhn("3714 496353 9843")
CARD_F = luhn("4970 1012 3456 789")
CARD_G = luhn("6222 6001 1000 4573 55")
CARD_H = luhn("5182 7734 0091 662")
GIFT_A = luhn("6035 7100 4471 028")
GIFT_B = luhn("6060 1188 2239 41")
ID_A = cn_id("32050419870316251")
ID_B = cn_id("51010719930827004")
ID_C = cn_id("11010820010910153")

# (kind, lang, text, secrets)
ITEMS: list[tuple[str, str, str, list[str]]] = [
    # names next to any identifier
    ("person_name_with_id", "zh", "给快递员留的：收货人 欧阳娜娜 手机 15821346670", ["欧阳娜娜", "15821346670"]),
    ("person_name_with_id", "en", f"Please refund the deposit to my landlady, Priya Raghunathan, card {CARD_B}.",
     ["Priya Raghunathan", CARD_B]),
    ("person_name_with_id", "zh", "我表哥叫黄子韬，他的QQ是 283746192，你加他一下", ["黄子韬", "283746192"]),
    ("person_name_with_id", "en", "Emergency contact: Keiko Tanaka (my aunt), +81 90-4512-3387",
     ["Keiko Tanaka", "+81 90-4512-3387"]),
    ("person_name_with_id", "zh", f"报名表上写：姓名 司马文博；身份证 {ID_A}", ["司马文博", ID_A]),
    ("person_name_with_id", "en", "Send the contract to José Martínez at jose.mtz84@gmail.com before Friday.",
     ["José Martínez", "jose.mtz84@gmail.com"]),
    ("person_name_with_id", "zh", "我妈王桂兰换号了，新手机 137 0571 8823", ["王桂兰", "137 0571 8823"]),
    ("person_name_with_id", "en", "Passenger: Olumide Adeyemi, passport A09384756, seat by the window please.",
     ["Olumide Adeyemi", "A09384756"]),
    ("person_name_with_id", "zh", f"开户名 覃海燕 账号 {CARD_G} 房租每月5号打过去", ["覃海燕", CARD_G]),
    ("person_name_with_id", "en", "Our new nanny is Agnieszka Kowalczyk, her mobile is 07700 918 442.",
     ["Agnieszka Kowalczyk", "07700 918 442"]),
    ("person_name_with_id", "zh", "同事牛晓峰的邮箱 niuxf@corp-mail.cn，周报抄送给他", ["牛晓峰", "niuxf@corp-mail.cn"]),
    ("person_name_with_id", "en", f"Booking for Chen Yuxuan, ID number {ID_B}, two nights.", ["Chen Yuxuan", ID_B]),
    # student numbers after any label wording
    ("student_id", "en", "my uni ID number is 21098734, the gym card reader keeps rejecting it", ["21098734"]),
    ("student_id", "de", "Meine Matrikelnummer lautet 7012345, bitte für die Anmeldung notieren.", ["7012345"]),
    ("student_id", "zh", "学生证号码：20190810223，补办要用", ["20190810223"]),
    ("student_id", "fr", "Mon numéro étudiant est 21904567 pour l'inscription.", ["21904567"]),
    ("student_id", "zh", "校园卡号 3120104567 没钱了帮我记一下", ["3120104567"]),
    ("student_id", "en", "My enrollment number is 2019CS10234 if the portal asks.", ["2019CS10234"]),
    ("student_id", "zh", "我的学生编号是 S-2022-04417，交作业的时候要写", ["S-2022-04417"]),
    ("student_id", "en", "student reg no: 19BCE1234, that's what goes on the exam sheet", ["19BCE1234"]),
    ("student_id", "zh", "一卡通号213170456，食堂充值用的", ["213170456"]),
    ("student_id", "en", "NUS matric number A0187654X — keep it for the hostel form", ["A0187654X"]),
    # employee numbers after any label wording
    ("employee_id", "zh", "员工编号：E1034582，入职材料里要填", ["E1034582"]),
    ("employee_id", "en", "my employee number is 004417, HR asked for it", ["004417"]),
    ("employee_id", "zh", "工牌号 GZ-7731-02 丢了要补", ["GZ-7731-02"]),
    ("employee_id", "en", "Payroll ID 7781203 — put it on the overtime claim.", ["7781203"]),
    ("employee_id", "zh", "我职工号是20150376，食堂卡也绑的这个", ["20150376"]),
    ("employee_id", "en", "staff ID: WX20180047 (new badge)", ["WX20180047"]),
    ("employee_id", "de", "Meine Personalnummer ist 884120, die brauchst du für die Reisekosten.", ["884120"]),
    ("employee_id", "en", "emp id 33018842, for the expense report", ["33018842"]),
    ("employee_id", "zh", "人事编号 HR2019-0731，请假单上写这个", ["HR2019-0731"]),
    ("employee_id", "en", "My badge ID is TX-55012, the door at level 3 won't open for it.", ["TX-55012"]),
    # addresses in pinyin and other languages, to the unit
    ("address_pinyin", "en", "Address: 16 Hao Lou 2 Danyuan 701, Huayuan Xiaoqu, Jinshui Qu, Zhengzhou",
     ["16 Hao Lou 2 Danyuan 701", "Huayuan Xiaoqu"]),
    ("address_pinyin", "en", "pls ship to Unit 1905, Block C, Jinmao Fu, 88 Jiefang Nanlu, Tianjin",
     ["Unit 1905", "Block C", "88 Jiefang Nanlu"]),
    ("address_pinyin", "en", "My flat is Xiamen Siming Qu Lianhua Bei Lu 9 Hao 3 Lou 306",
     ["Lianhua Bei Lu 9 Hao", "3 Lou 306"]),
    ("address_pinyin", "en", "Kunming, Wuhua Qu, Dongfeng Xilu 1022 Hao, Rm 1503 — that's where I live now",
     ["Dongfeng Xilu 1022 Hao", "Rm 1503"]),
    ("address_pinyin", "en", "Return address: Room 808, No. 5 Building, 120 Zhongshan Road, Gulou District, Fuzhou",
     ["Room 808", "No. 5 Building", "120 Zhongshan Road"]),
    ("address_pinyin", "en", "I moved to Lane 350 Hongqiao Rd, No. 12, Rm 601, Shanghai last month.",
     ["Lane 350 Hongqiao Rd", "Rm 601"]),
    ("address_other", "es", "Mi dirección es Calle de Alcalá 123, 4º B, 28009 Madrid.", ["Calle de Alcalá 123", "4º B"]),
    ("address_other", "it", "Abito in Via Roma 45, interno 7, 20121 Milano.", ["Via Roma 45", "interno 7"]),
    ("address_other", "nl", "Mijn adres: Keizersgracht 221-3, 1016 DV Amsterdam", ["Keizersgracht 221-3"]),
    ("address_other", "ja", "住所は大阪市北区梅田1丁目3-1 405号室です", ["梅田1丁目3-1", "405号室"]),
    ("address_pinyin", "en", "Deliver to Jiangsu Sheng Suzhou Shi Gusu Qu Pingjiang Lu 77 Hao 2 Ceng",
     ["Pingjiang Lu 77 Hao", "2 Ceng"]),
    ("address_other", "pt", "Moro na Rua Augusta 1508, apto 92, São Paulo.", ["Rua Augusta 1508", "apto 92"]),
    # WeChat handles
    ("wechat_id", "zh", "微信搜 lan_xiaoyu_88 就能加我", ["lan_xiaoyu_88"]),
    ("wechat_id", "en", "my weixin handle: chen.harbor77", ["chen.harbor77"]),
    ("wechat_id", "en", "WeChat: SunnyDay_0912 (that's me, add me)", ["SunnyDay_0912"]),
    ("wechat_id", "zh", "我的v是 ajie-9527，有事v我", ["ajie-9527"]),
    ("wechat_id", "zh", "加我威信 wu_lao_shi66", ["wu_lao_shi66"]),
    ("wechat_id", "en", "ping me on wechat, I'm zoe_yang1995 there", ["zoe_yang1995"]),
    ("wechat_id", "zh", "我VX号 Leo_gz_888，备注你名字", ["Leo_gz_888"]),
    ("wechat_id", "zh", "微信号改成 tina2333 了，旧号别加了", ["tina2333"]),
    # bank cards: Luhn and a context
    ("bank_card", "zh", f"工资改发到这张卡了：{CARD_A}（建行）", [CARD_A]),
    ("bank_card", "en", f"Refund it to the Amex {CARD_E}, please.", [CARD_E]),
    ("bank_card", "en", f"my mastercard number is {CARD_C}, expires 11/29", [CARD_C]),
    ("bank_card", "zh", f"还款卡 {CARD_D} 每月自动扣", [CARD_D]),
    ("bank_card", "fr", f"Ma carte bleue : {CARD_F}, valable jusqu'en 2028.", [CARD_F]),
    ("bank_card", "en", f"card used for the gym membership: {CARD_H}", [CARD_H]),
    # dates of birth in any format with a birth cue
    ("date_of_birth", "en", "my birthday's the 3rd of July, 1990", ["3rd of July, 1990"]),
    ("date_of_birth", "en", "D.O.B.: 1979/11/05", ["1979/11/05"]),
    ("date_of_birth", "zh", "我生于一九九零年三月五日", ["一九九零年三月五日"]),
    ("date_of_birth", "en", "birthdate 5-Feb-1993, same as on the passport", ["5-Feb-1993"]),
    ("date_of_birth", "de", "Geburtsdatum: 17.04.1982", ["17.04.1982"]),
    ("date_of_birth", "fr", "Je suis née le 2 mai 1975 à Lyon.", ["2 mai 1975"]),
    ("date_of_birth", "es", "fecha de nacimiento 23/09/1989", ["23/09/1989"]),
    ("date_of_birth", "zh", "我生日是94年10月1号，国庆节", ["94年10月1号"]),
    ("date_of_birth", "en", "my son was born March 3rd, 2019 at 4am", ["March 3rd, 2019"]),
    ("date_of_birth", "ja", "誕生日は1990年5月12日です", ["1990年5月12日"]),
    ("date_of_birth", "en", "DOB Jan 14 1987", ["Jan 14 1987"]),
    ("date_of_birth", "zh", "出生：1988/6/9，属龙", ["1988/6/9"]),
    # plates of police and embassy cars
    ("license_plate_cn", "zh", "我开的是单位的车，牌照 苏A·3721警", ["苏A·3721警"]),
    ("license_plate_cn", "zh", "朋友在使馆上班，车牌 使 224 031", ["使 224 031"]),
    # ID number next to a name in another order
    ("id_card_cn", "zh", f"身份证后来补办了，号码没变 {ID_C}", [ID_C]),
]

CARD_I = luhn("6228 4800 3312 9087 01")
CARD_J = luhn("4026 7815 3390 214")
CARD_K = luhn("6214 8301 5522 0763")
CARD_L = luhn("5234 9901 7736 418")
GIFT_C = luhn("6280 3400 1928 775")
ID_D = cn_id("44030419950412302")
ID_E = cn_id("37020219780930611")
ID_F = cn_id("42010619890203452")

# The second batch, written after the first change and before the next (numbered on: odd fit, even check).
ITEMS_2: list[tuple[str, str, str, list[str]]] = [
    ("person_name_with_id", "zh", f"帮我查下这个人：闫博文 {ID_D}", ["闫博文", ID_D]),
    ("person_name_with_id", "en", "Guest name on the reservation: Mateo Fernández — mobile 0034 699 120 447",
     ["Mateo Fernández", "0034 699 120 447"]),
    ("person_name_with_id", "zh", "房东是个阿姨，姓戴，全名戴玉珍，收款账号 " + CARD_I, ["戴玉珍", CARD_I]),
    ("person_name_with_id", "en", "the other driver was Siobhan Kelleher and her reg is 191-D-22817",
     ["Siobhan Kelleher", "191-D-22817"]),
    ("person_name_with_id", "zh", "新来的实习生 上官婉清，工号 SX-0917，帮她开个账号", ["上官婉清", "SX-0917"]),
    ("person_name_with_id", "en", "Please add Tomasz Wiśniewski (tomasz.w@poczta.pl) to the thread.",
     ["Tomasz Wiśniewski", "tomasz.w@poczta.pl"]),
    ("person_name_with_id", "zh", "快递写我老公名字：雷振宇，电话15067781234", ["雷振宇", "15067781234"]),
    ("person_name_with_id", "en", "my dad, Robert Ashworth, DOB 04/11/1956, needs the flu jab booked",
     ["Robert Ashworth", "04/11/1956"]),
    ("student_id", "zh", "学号是2023級的 B11205033，帮我登一下图书馆", ["B11205033"]),
    ("student_id", "en", "Student ID#: 300184429 (UBC)", ["300184429"]),
    ("student_id", "zh", "我的学籍号 G420106201203074519 老师让核对", ["G420106201203074519"]),
    ("student_id", "en", "my banner id is 900412387 if you need it for the form", ["900412387"]),
    ("student_id", "zh", "考号 230104119 查成绩", ["230104119"]),
    ("student_id", "en", "Pupil number: P-77120, year 5", ["P-77120"]),
    ("student_id", "zh", "研究生学号：MG21330045", ["MG21330045"]),
    ("student_id", "en", "my uni number's 2107734 — it's on my library card too", ["2107734"]),
    ("employee_id", "zh", "员工号 10293847，打卡机不认", ["10293847"]),
    ("employee_id", "en", "Employee ID: EMP-44718", ["EMP-44718"]),
    ("employee_id", "zh", "我的工卡号码 NB2207，门禁刷不开", ["NB2207"]),
    ("employee_id", "en", "worker number 5561290, for the union card", ["5561290"]),
    ("employee_id", "zh", "员工卡号：KS77102，食堂消费用", ["KS77102"]),
    ("employee_id", "en", "My associate ID is 48213906 (Walmart)", ["48213906"]),
    ("employee_id", "zh", "我在公司的编号是 GD-30512，系统里搜这个", ["GD-30512"]),
    ("employee_id", "en", "personnel no. 0072291, the HR portal wants it", ["0072291"]),
    ("address_pinyin", "en", "Shipping: Rm 701, 3 Hao Lou, Jinxiu Huayuan, Longgang Qu, Shenzhen",
     ["Rm 701", "3 Hao Lou", "Jinxiu Huayuan"]),
    ("address_pinyin", "en", "My place is Chaoyang Qu Guanghua Lu 9 Hao Yuan 2 Hao Lou 1606, Beijing",
     ["Guanghua Lu 9 Hao", "2 Hao Lou 1606"]),
    ("address_pinyin", "en", "home = 18-3-502 Yanta Xilu, Xi'an", ["18-3-502", "Yanta Xilu"]),
    ("address_pinyin", "en", "Please mail it to Flat 6B, Block 11, Nanhai Mingzhu, 35 Binhai Dadao, Zhuhai",
     ["Flat 6B", "Block 11", "35 Binhai Dadao"]),
    ("address_other", "de", "Ich wohne in der Lindenstraße 14, 3. OG links, 50674 Köln.",
     ["Lindenstraße 14", "3. OG links"]),
    ("address_other", "fr", "J'habite 7 impasse des Tilleuls, bât. B, appt 23, 69003 Lyon.",
     ["7 impasse des Tilleuls", "appt 23"]),
    ("address_other", "it", "La mia casa è in Corso Vittorio Emanuele 210, scala C, interno 14, Torino",
     ["Corso Vittorio Emanuele 210", "interno 14"]),
    ("address_other", "es", "Envíalo a Avenida Libertador 4521, piso 8, depto C, Buenos Aires",
     ["Avenida Libertador 4521", "piso 8"]),
    ("wechat_id", "zh", "微信：yuki_77-sz，加好友写一下来意", ["yuki_77-sz"]),
    ("wechat_id", "en", "add my wechat pls — it's ming.yue.2000", ["ming.yue.2000"]),
    ("wechat_id", "zh", "wx号 Coco_Lin_1228 你搜一下", ["Coco_Lin_1228"]),
    ("wechat_id", "en", "My WeChat is HaoRan-Li99, message me there", ["HaoRan-Li99"]),
    ("wechat_id", "zh", "我的微信是 dabai_2018 ，不是手机号", ["dabai_2018"]),
    ("wechat_id", "zh", "加微 xiaomao_h5 详聊", ["xiaomao_h5"]),
    ("wechat_id", "en", "wechat → feng_jiu_00", ["feng_jiu_00"]),
    ("wechat_id", "zh", "你加一下我的薇：lulu_sweet520", ["lulu_sweet520"]),
    ("bank_card", "zh", f"卡号{CARD_K}，招行一卡通", [CARD_K]),
    ("bank_card", "en", f"The visa ends in 214 — full number {CARD_J}", [CARD_J]),
    ("bank_card", "zh", f"打钱到 {CARD_I} 农业银行 户主是我", [CARD_I]),
    ("bank_card", "en", f"debit: {CARD_L}", [CARD_L]),
    ("date_of_birth", "en", "I'm a Leo, born 8th August 1992", ["8th August 1992"]),
    ("date_of_birth", "zh", "我是1989年5月出生的，具体是5月17日", ["1989年5月"]),
    ("date_of_birth", "en", "date of birth: 1975-12-30", ["1975-12-30"]),
    ("date_of_birth", "zh", "身份证上的出生日期是 2002-03-14", ["2002-03-14"]),
    ("date_of_birth", "en", "She was born 11/3/2015 so she starts school next year", ["11/3/2015"]),
    ("date_of_birth", "zh", "宝宝生日 2021年9月9日，帮我记一下", ["2021年9月9日"]),
    ("date_of_birth", "en", "birthday: 19 Sept 1983", ["19 Sept 1983"]),
    ("date_of_birth", "zh", "我老爸生于1960.10.02", ["1960.10.02"]),
    ("license_plate_cn", "zh", "我的车牌是 粤B·D12345 新能源", ["粤B·D12345"]),
    ("license_plate_cn", "zh", "挂的是 京A·8802警 的牌子", ["京A·8802警"]),
    ("id_card_cn", "zh", f"身份证 {ID_E[:6]} {ID_E[6:14]} {ID_E[14:]}", [ID_E]),
    ("id_card_cn", "en", f"my chinese id is {ID_F}", [ID_F]),
]

# (category, lang, text)
CONTROLS: list[tuple[str, str, str]] = [
    ("gift_card", "en", f"Is the gift card {GIFT_A} still valid? It came in a birthday card."),
    ("gift_card", "zh", f"星巴克礼品卡 {GIFT_B} 余额怎么查"),
    ("error_code", "en", "The printer shows error E1034582 again."),
    ("model_number", "zh", "空调型号 KFR-35GW 噪音很大"),
    ("ticket_number", "en", "Ticket #HR2019-0731 was closed without an answer."),
    ("course_code", "en", "Is CS61A harder than CS61B?"),
    ("postal_code", "zh", "北大的邮编是 100871 吗"),
    ("public_address", "en", "The museum is at 11 Rue de Rivoli, open until 6pm."),
    ("founding_date", "en", "The company was born in 1998, on 4 September."),
    ("event_date", "zh", "发布会定在2024年3月5日下午"),
    ("price", "en", "It went from 4970 to 1012 yuan overnight."),
    ("version", "en", "Update to version 21.09.8734 fixed it."),
    ("tracking_number", "zh", "顺丰单号 SF1403729185620 显示已签收"),
    ("invoice_number", "en", "Invoice INV-2019-04417 is overdue."),
    ("room_public", "zh", "讲座在教学楼3号楼301教室"),
    ("brand_name", "en", "I love the new WeChat Pay update, the UI is cleaner."),
    ("stock_code", "zh", "腾讯控股 00700 今天涨了"),
    ("hotline", "zh", "客服电话 95588 打不通"),
    ("flight_number", "en", "Flight MU5137 was delayed by two hours."),
    ("date_history", "en", "The Berlin Wall fell on 9 November 1989."),
]


CARD_M = luhn("6216 6102 0001 8843 3")
CARD_N = luhn("4563 5180 2231 907")
CARD_O = luhn("6259 0755 6610 237")
ID_G = cn_id("61010319850722181")
ID_H = cn_id("13010219990101552")

# The third batch, written after de185f5 (the check halves' leaked ids had been printed once by then, so they are
# no longer blind for what follows) and before the next change.
ITEMS_3: list[tuple[str, str, str, list[str]]] = [
    ("person_name_with_id", "zh", "麻烦登记一下：患者家属 褚建明，联系电话 186-1023-7745", ["褚建明", "186-1023-7745"]),
    ("person_name_with_id", "en", "The cheque should be made out to Aoife Brennan-Walsh; her IBAN is IE29 AIBK 9311 5212 3456 78",
     ["Aoife Brennan-Walsh", "IE29 AIBK 9311 5212 3456 78"]),
    ("person_name_with_id", "zh", f"这张卡 {CARD_M} 是我姐姐庞雪梅的，别弄混了", ["庞雪梅", CARD_M]),
    ("person_name_with_id", "en", "call Rahul Venkataraman on 98450 12377 when you land", ["Rahul Venkataraman", "98450 12377"]),
    ("person_name_with_id", "zh", f"孩子爸爸叫严俊杰，身份证{ID_G}，办户口要用", ["严俊杰", ID_G]),
    ("person_name_with_id", "en", "I'm Ngozi Okonkwo-Eze and my passport is A07712394", ["Ngozi Okonkwo-Eze", "A07712394"]),
    ("person_name_with_id", "zh", "对接人 詹佳怡 tel:021-6438 2291", ["詹佳怡", "021-6438 2291"]),
    ("person_name_with_id", "en", "Lodger details — Björn Lindqvist, bjorn.lindqvist@outlook.se", ["Björn Lindqvist", "bjorn.lindqvist@outlook.se"]),
    ("student_id", "zh", "帮我记住孩子的学生卡号 0421938，校门口刷卡用", ["0421938"]),
    ("student_id", "en", "my school ID no. is 44190027, the canteen uses it", ["44190027"]),
    ("student_id", "zh", "本科学号 PB20061234", ["PB20061234"]),
    ("student_id", "en", "Candidate number 0387 for the IB exams — centre 001234", ["0387"]),
    ("student_id", "zh", "我的学工号是 2019110432，登录教务网用", ["2019110432"]),
    ("student_id", "en", "Learner ID: LRN-5520913", ["LRN-5520913"]),
    ("employee_id", "zh", "入职后的工号是 T0912，要填到报销单上", ["T0912"]),
    ("employee_id", "en", "Clock number 22871 — the timesheet needs it", ["22871"]),
    ("employee_id", "zh", "员工ID：CN-778213", ["CN-778213"]),
    ("employee_id", "en", "my staff code is PX-4471 if the portal asks", ["PX-4471"]),
    ("employee_id", "zh", "警号 031582，出警记录要写", ["031582"]),
    ("employee_id", "en", "Service number 30118842 (army), for the pension form", ["30118842"]),
    ("address_pinyin", "en", "I live in Rm 1102, 5 Dong, Tianyi Xiaoqu, Songjiang Qu, Shanghai",
     ["Rm 1102", "5 Dong", "Tianyi Xiaoqu"]),
    ("address_pinyin", "en", "Addr: No. 17 Taiping Jie, Bldg 4, Apt 302, Xicheng, Beijing", ["No. 17 Taiping Jie", "Apt 302"]),
    ("address_pinyin", "en", "pls send to Hangzhou Binjiang Qu Jiangnan Dadao 3888 Hao 2 Zhuang 1105",
     ["Jiangnan Dadao 3888 Hao", "2 Zhuang 1105"]),
    ("address_pinyin", "en", "our flat: 21 Dongzhimen Nandajie, Tower 2, 18F, Unit 1806, Beijing",
     ["21 Dongzhimen Nandajie", "Unit 1806"]),
    ("address_other", "de", "Lieferadresse: Schillerplatz 9, Hinterhaus, 2. Stock, 70173 Stuttgart",
     ["Schillerplatz 9", "2. Stock"]),
    ("address_other", "fr", "Mon adresse : 42 avenue Jean Jaurès, escalier B, 5e étage, 75019 Paris",
     ["42 avenue Jean Jaurès", "5e étage"]),
    ("address_other", "es", "Vivo en Carrer de Mallorca 301, 2º 1ª, 08037 Barcelona", ["Carrer de Mallorca 301", "2º 1ª"]),
    ("address_other", "pt", "Entregar na Avenida da Liberdade 110, 3º esq., 1250-146 Lisboa", ["Avenida da Liberdade 110", "3º esq"]),
    ("date_of_birth", "en", "patient DOB: 3/9/48", ["3/9/48"]),
    ("date_of_birth", "zh", "出生于1977年腊月二十三", ["1977年腊月二十三"]),
    ("date_of_birth", "en", "born: 1990.07.15", ["1990.07.15"]),
    ("date_of_birth", "de", "geb. 12.11.1969 in Graz", ["12.11.1969"]),
    ("date_of_birth", "en", "Her birthday is 24 December, she was born in 2011", ["24 December"]),
    ("date_of_birth", "zh", "我出生日期是九七年三月八号", ["九七年三月八号"]),
    ("bank_card", "zh", f"我的银行卡 {CARD_O}，建设银行的", [CARD_O]),
    ("bank_card", "en", f"pay the deposit from card {CARD_N} please", [CARD_N]),
    ("bank_card", "zh", f"信用卡号：{CARD_N[:4]}-{CARD_N[5:9]}-{CARD_N[10:14]}-{CARD_N[15:]}",
     [f"{CARD_N[:4]}-{CARD_N[5:9]}-{CARD_N[10:14]}-{CARD_N[15:]}"]),
    ("bank_card", "en", f"UnionPay {CARD_M}", [CARD_M]),
    ("license_plate_cn", "zh", "领事馆的车是 沪A·0317领", ["沪A·0317领"]),
    ("license_plate_cn", "zh", "使馆那辆车牌是 使·014·578，停我们小区门口", ["使·014·578"]),
    ("wechat_id", "zh", "微信号：zhang-yiming-1990（不是手机号）", ["zhang-yiming-1990"]),
    ("wechat_id", "en", "reach me on WeChat (id: penguin_tao)", ["penguin_tao"]),
    ("id_card_cn", "zh", f"公民身份号码 {ID_H}", [ID_H]),
    ("wechat_id", "zh", "有问题v我：sanmu_2022", ["sanmu_2022"]),
]

CONTROLS_3: list[tuple[str, str, str]] = [
    ("statute", "zh", "《民法典》第1032条规定了隐私权"),
    ("gift_card", "zh", f"京东E卡 {luhn('6225 7880 1234 556')} 怎么绑定"),
    ("public_room", "en", "The workshop is in Room 204, Building 8, near the cafeteria."),
    ("event_date", "en", "The festival starts 24 December 2025."),
    ("police_hotline", "zh", "报警电话110，火警119"),
    ("embassy_address", "zh", "美国大使馆在安家楼路55号"),
    ("car_model", "zh", "新款 Model 3 的续航是 606 公里"),
    ("score", "en", "Candidate scored 0387 points? no, 387."),
    ("year_range", "zh", "1977年到1990年之间出生的人"),
    ("employee_count", "zh", "公司员工 22871 人"),
    ("exam_room", "zh", "考场在第一教学楼3号楼205考场"),
    ("bank_hotline", "en", "Bank of China customer service: 95566"),
]


CONTROLS_2: list[tuple[str, str, str]] = [
    ("gift_card", "en", f"The gift card number is {GIFT_C}, can I use it online?"),
    ("course_code", "zh", "这学期选了 MATH2033 和 COMP3021"),
    ("employee_count", "en", "The company has 48213 employees worldwide."),
    ("room_public", "zh", "图书馆3号楼204自习室几点开门"),
    ("history_date", "zh", "1949年10月1日是国庆"),
    ("model_number", "en", "Model NB2207 has a better battery."),
    ("order_number", "zh", "订单号 230104119003 还没发货"),
    ("wechat_public", "zh", "关注公众号「每日英语」就能领资料"),
    ("public_address", "zh", "故宫博物院在北京市东城区景山前街4号"),
    ("version", "en", "Build 2107734 broke the login page."),
    ("product_birth", "en", "The iPhone was born on 9 January 2007 at Macworld."),
    ("bus_route", "zh", "坐 B11 路公交到终点站"),
    ("price", "en", "Rent is 4521 per month in that area."),
    ("sku", "en", "SKU EMP-44718 is out of stock."),
    ("room_meeting", "en", "Meeting moved to Room 701, Building 3 of the science park, 2pm."),
    ("timestamp", "zh", "日志时间 2023-03-14 08:00:01 报错"),
]


def _batch(number: int, ends: tuple[int, int]) -> str:
    """The batch suffix of entry ``number``: "" for the first batch, "2", "3" for the later ones."""
    return "" if number <= ends[0] else "2" if number <= ends[1] else "3"


def main() -> None:
    """Write the probe corpus."""
    batches = (len(ITEMS), len(ITEMS) + len(ITEMS_2)), (len(CONTROLS), len(CONTROLS) + len(CONTROLS_2))
    items = [
        {"id": f"pp{i:03d}", "kind": kind, "lang": lang, "half": ("fit" if i % 2 else "check") + _batch(i, batches[0]),
         "text": text, "secrets": secrets}
        for i, (kind, lang, text, secrets) in enumerate(ITEMS + ITEMS_2 + ITEMS_3, start=1)
    ]
    controls = [
        {"id": f"pc{i:03d}", "category": cat, "lang": lang, "half": ("fit" if i % 2 else "check") + _batch(i, batches[1]),
         "text": text}
        for i, (cat, lang, text) in enumerate(CONTROLS + CONTROLS_2 + CONTROLS_3, start=1)
    ]
    for half in ("fit", "check", "fit2", "check2", "fit3", "check3"):
        out = HERE / f"pii_probe_{half}.json"
        body = {"items": [i for i in items if i["half"] == half], "controls": [c for c in controls if c["half"] == half]}
        out.write_text(json.dumps(body, ensure_ascii=False, indent=1) + "\n")
        print(f"wrote {out}: {len(body['items'])} items, {len(body['controls'])} controls")


if __name__ == "__main__":
    main()
