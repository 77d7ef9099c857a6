"""Corpus items of the textual kinds: e-mails, passports, addresses, names, and hand-written edge cases."""
from __future__ import annotations

import random

from faker import Faker

from tests.data.pii_shapes import (
    EN_ADDR, EN_MAIL, EN_PASSPORT, ZH_ADDR, ZH_MAIL, ZH_PASSPORT, PiiItem, cn_id, full_width, mobile, say,
)

def emails(rng: random.Random, zh: Faker, en: Faker) -> list[PiiItem]:
    items: list[PiiItem] = []
    hosts = ("gmail.com", "163.com", "qq.com", "126.com", "outlook.com", "yahoo.com", "sina.com.cn", "foxmail.com")

    def add(shape: str, text_value: str, canonical: str, lang: str | None = None) -> None:
        lang = lang or rng.choice(("zh", "en"))
        text = say(rng, ZH_MAIL if lang == "zh" else EN_MAIL, text_value)
        local = canonical.split("@")[0]
        items.append(PiiItem("email", shape, lang, text, (canonical, text_value) + ((local,) if len(local) >= 6 else ())))

    for faker in (zh, en):
        for _ in range(6):
            address = faker.email()
            add("faker", address, address)
    for _ in range(4):
        address = f"{en.user_name()}@{rng.choice(hosts)}"
        add("plain", address, address)
    for _ in range(4):
        address = f"{zh.user_name()}{rng.randint(1, 999)}@{rng.choice(hosts)}"
        add("full-width @", address.replace("@", "\uff20"), address, "zh")
    for _ in range(3):
        address = f"{en.user_name()}@{rng.choice(hosts)}"
        add("full-width all", full_width(address), address, "zh")
    for _ in range(4):
        address = f"{en.first_name().lower()}.{en.last_name().lower()}@{rng.choice(hosts)}"
        add("spaced", address.replace("@", " @ ").replace(".", " . "), address)
    for _ in range(5):
        first, last, host = en.first_name().lower(), en.last_name().lower(), rng.choice(("gmail", "yahoo", "outlook", "hotmail"))
        add("spelled dot/at", f"{first} dot {last} at {host} dot com", f"{first}.{last}@{host}.com", "en")
    for _ in range(5):
        local, host = zh.user_name(), rng.choice(("163", "126", "qq", "sina"))
        add("spelled at, dot", f"{local} at {host} dot com", f"{local}@{host}.com")
    for _ in range(3):
        local, host = en.user_name(), rng.choice(("gmail", "qq"))
        add("(at) (dot)", f"{local} (at) {host} (dot) com", f"{local}@{host}.com")
    for _ in range(3):
        local, host = en.user_name(), rng.choice(("gmail", "outlook"))
        add("[at]", f"{local}[at]{host}.com", f"{local}@{host}.com")
    for _ in range(3):
        local, host = zh.user_name(), rng.choice(("163", "qq", "126"))
        add("# for @", f"{local}#{host}.com", f"{local}@{host}.com", "zh")
    for _ in range(2):
        local, host = zh.user_name(), rng.choice(("163", "qq"))
        add("艾特 点", f"{local}艾特{host}点com", f"{local}@{host}.com", "zh")
    for _ in range(2):
        digits = "".join(str(rng.randrange(10)) for _ in range(rng.randint(6, 10)))
        add("numeric qq", f"{rng.randint(1, 9)}{digits}@qq.com", f"{rng.randint(1, 9)}{digits}@qq.com")
    return items


def passports(rng: random.Random, en: Faker) -> list[PiiItem]:
    items: list[PiiItem] = []

    def add(shape: str, value: str, lang: str) -> None:
        text = say(rng, ZH_PASSPORT if lang == "zh" else EN_PASSPORT, value)
        items.append(PiiItem("passport", shape, lang, text, (value,)))

    def digits(count: int) -> str:
        return "".join(str(rng.randrange(10)) for _ in range(count))

    letters = "ABCDEFGHJKLMNPQRSTUVWXYZ"
    for _ in range(5):
        add("CN E+8", "E" + digits(8), rng.choice(("zh", "en")))
    for _ in range(3):
        add("CN EA+7", "E" + rng.choice(letters) + digits(7), rng.choice(("zh", "en")))
    for _ in range(3):
        add("CN G+8", "G" + digits(8), rng.choice(("zh", "en")))
    for _ in range(2):
        add("CN P+7", "P" + digits(7), "zh")
    for _ in range(6):
        add("faker en_US", en.passport_number(), rng.choice(("zh", "en")))
    for _ in range(2):
        add("UK 9 digits", digits(9), "en")
    for _ in range(2):
        add("JP 2 letters + 7", rng.choice(("TK", "TZ", "MU")) + digits(7), "en")
    for _ in range(2):
        add("DE alnum", "C" + rng.choice(letters) + digits(2) + rng.choice(letters) + digits(4), "en")
    for _ in range(2):
        add("FR 2d2l5d", digits(2) + rng.choice(letters) + rng.choice(letters) + digits(5), "en")
    for _ in range(2):
        add("CA 2l6d", rng.choice(letters) + rng.choice(letters) + digits(6), "en")
    for _ in range(2):
        add("IN l7d", rng.choice(letters) + digits(7), "en")
    # A CN passport with no passport word.
    for _ in range(3):
        value = "E" + digits(8)
        items.append(PiiItem("passport", "CN no keyword", "zh", f"出境证件{value}已办好", (value,)))
    return items


def addresses(rng: random.Random, zh: Faker, en: Faker) -> list[PiiItem]:
    items: list[PiiItem] = []

    def add(shape: str, value: str, lang: str, *parts: str) -> None:
        text = say(rng, ZH_ADDR if lang == "zh" else EN_ADDR, value)
        items.append(PiiItem("address", shape, lang, text, (value, *parts)))

    cn_num = "一二三四五六七八九十"
    for _ in range(8):
        add("faker zh_CN", zh.address(), "zh")
    for _ in range(8):
        road = zh.street_name()
        number = f"{rng.randint(1, 999)}号"
        add("road+number", f"{road}{number}", "zh", f"{road}{number}")
    for _ in range(6):
        road = rng.choice(("人民南路", "建设北路", "中山东路", "解放西路", "天府大道", "长安街", "滨江路"))
        value = f"{road}{rng.choice(cn_num[:4])}段{rng.randint(1, 300)}号"
        add("road+段+number", value, "zh")
    compounds = ("阳光花园小区", "翠湖家园", "金色海岸", "万科城市花园", "碧桂园", "幸福里小区", "锦绣华庭", "融创公馆")
    for _ in range(8):
        value = f"{rng.choice(compounds)}{rng.randint(1, 30)}栋{rng.randint(1, 6)}单元{rng.randint(1, 33)}0{rng.randint(1, 4)}室"
        add("compound 栋单元室", value, "zh")
    for _ in range(4):
        value = f"{rng.choice(compounds)}{rng.randint(1, 30)}号楼{rng.randint(1, 33)}0{rng.randint(1, 4)}"
        add("compound 号楼 room", value, "zh")
    for _ in range(3):
        value = f"{rng.choice(compounds)}{rng.randint(1, 30)}-{rng.randint(1, 6)}-{rng.randint(1, 33)}0{rng.randint(1, 4)}"
        add("compound dashed", value, "zh")
    for _ in range(6):
        value = f"{zh.province()}{zh.city()}{zh.district()}区{zh.street_name()}{rng.randint(1, 500)}号"
        add("province-city-district-road", value, "zh")
    for _ in range(3):
        value = f"{zh.province()}{zh.city()}{zh.district()}区{rng.choice(('粤海', '西湖', '天河', '南山'))}街道"
        add("province-city-district-subdistrict", value, "zh")
    for _ in range(3):
        value = f"{zh.last_name()}家村{rng.randint(1, 9)}组{rng.randint(1, 99)}号"
        add("village 组号", value, "zh")
    for _ in range(3):
        value = f"{zh.street_name()}{rng.choice(('十二', '三十八', '一百零五', '七'))}号"
        add("Chinese numeral number", value, "zh")
    for _ in range(3):
        value = f"{zh.street_name()}{full_width(str(rng.randint(10, 999)))}号"
        add("full-width number", value, "zh")
    for _ in range(8):
        address = en.address()
        add("faker en_US address", address, "en", address.split("\n")[0])
    for _ in range(6):
        add("faker en_US street", en.street_address(), "en")
    for _ in range(4):
        value = f"{rng.randint(1, 9999)} {en.last_name()} {rng.choice(('Street', 'Ave', 'Rd.', 'Blvd', 'Lane', 'Drive'))}, Apt {rng.randint(1, 30)}{rng.choice('ABCD')}"
        add("street, Apt", value, "en")
    for _ in range(3):
        value = f"PO Box {rng.randint(10, 99999)}"
        add("PO Box", value, "en")
    for _ in range(2):
        value = f"P.O. Box {rng.randint(10, 9999)}, {en.city()}, {en.state_abbr()} {en.zipcode()}"
        add("P.O. Box city line", value, "en")
    return items


def names(rng: random.Random, zh: Faker, en: Faker) -> list[PiiItem]:
    items: list[PiiItem] = []
    for _ in range(6):
        name, number = zh.name(), cn_id(rng)
        text = rng.choice((f"姓名：{name} 身份证：{number}", f"姓名{name}，身份证号{number}", f"我叫{name}，身份证号是{number}"))
        items.append(PiiItem("name", "zh name + ID", "zh", text, (name, number)))
    for _ in range(3):
        name, number = zh.name(), "E" + "".join(str(rng.randrange(10)) for _ in range(8))
        items.append(PiiItem("name", "zh name + passport", "zh", f"持照人：{name}，护照号码{number}", (name, number)))
    for _ in range(3):
        name, number = zh.name(), mobile(rng)
        items.append(PiiItem("name", "zh recipient + phone", "zh", f"收件人：{name} 电话：{number}", (name, number)))
    for _ in range(5):
        name, ssn = f"{en.first_name()} {en.last_name()}", en.ssn()
        text = rng.choice((f"name: {name}, SSN {ssn}", f"Name: {name}; SSN: {ssn}", f"My name is {name} and my SSN is {ssn}."))
        items.append(PiiItem("name", "en name + SSN", "en", text, (name, ssn)))
    for _ in range(3):
        name, passport = f"{en.first_name()} {en.last_name()}", en.passport_number()
        items.append(PiiItem("name", "en name + passport", "en", f"Full name: {name}, passport no. {passport}", (name, passport)))
    return items


def edge_cases() -> list[PiiItem]:
    """The shapes quoted in the issue, written by hand."""
    rows = [
        ("phone_cn", "issue", "zh", "我的号码+86(177)2956-5142", ("17729565142",)),
        ("phone_cn", "issue", "zh", "手机 137.0769.5985", ("13707695985",)),
        ("phone_cn", "issue", "zh", "打1395064 7823", ("13950647823",)),
        ("phone_cn", "issue", "en", "call 1304 044 2314", ("13040442314",)),
        ("phone_cn", "issue", "zh", "手机号１７０８５１９１２９８", ("17085191298",)),
        ("phone_cn", "chinese digits", "zh", "我的手机是一三八一二三四五六七八", ("一三八一二三四五六七八", "13812345678")),
        ("landline", "issue", "zh", "座机010-25343950", ("01025343950",)),
        ("landline", "issue", "zh", "办公室电话(0571) 6247 0143", ("057162470143",)),
        ("landline", "issue", "zh", "打057181517423转805", ("057181517423",)),
        ("id_cn", "issue", "zh", "身份证610113 19730206 5065", ("610113197302065065",)),
        ("id_cn", "issue", "zh", "证件120101-19761103-6194", ("120101197611036194",)),
        ("email", "issue", "zh", "邮箱lisi＠163.com", ("lisi@163.com",)),
        ("email", "issue", "en", "mail john dot smith at gmail dot com", ("john.smith@gmail.com", "johndotsmith")),
        ("address", "issue", "zh", "住人民南路四段27号", ("人民南路四段27号",)),
        ("address", "issue", "zh", "阳光花园小区3栋2单元501室", ("阳光花园小区3栋2单元501室",)),
        ("address", "issue", "en", "1234 Elm Street, Apt 5B", ("1234 Elm Street, Apt 5B",)),
        ("passport", "issue", "zh", "护照E81451011", ("E81451011",)),
        ("phone_cn", "hand", "zh", "手机：(+86)139-0000-1111", ("13900001111",)),
        ("phone_cn", "hand", "en", "WhatsApp +8613900001111", ("13900001111",)),
        ("phone_cn", "hand", "zh", "电话：15900001111/13900002222", ("15900001111", "13900002222")),
        ("phone_cn", "hand", "zh", "联系方式 177 0000 4444（微信同号）", ("17700004444",)),
        ("phone_cn", "hand", "zh", "手机号码为【18600005555】", ("18600005555",)),
        ("phone_cn", "hand", "en", "(186) 0000-5555", ("18600005555",)),
        ("phone_cn", "hand", "zh", "186_0000_5555", ("18600005555",)),
        ("phone_cn", "hand", "en", "+86 186 0000 5555 ext 12", ("18600005555",)),
        ("phone_cn", "hand", "zh", "幺八六零零零零五五五五", ("幺八六零零零零五五五五", "18600005555")),
        ("landline", "hand", "en", "Tel. (010) 8888-6666", ("01088886666",)),
        ("landline", "hand", "en", "office: 021-5888 6666 ext. 808", ("02158886666",)),
        ("landline", "hand", "zh", "电话：0571-88886666-8001", ("057188886666",)),
        ("landline", "hand", "en", "+86 (0)21 5888 6666", ("2158886666",)),
        ("landline", "hand", "zh", "(021)58886666", ("02158886666",)),
        ("id_cn", "hand", "en", "ID: 1101 0519 4912 3100 2X", ("11010519491231002x",)),
        ("id_cn", "hand", "zh", "证件号码110105491231002", ("110105491231002",)),
        ("bank_card", "hand", "en", "card 3782 822463 10005", ("378282246310005",)),
        ("bank_card", "hand", "zh", "卡号：6225 8801 2345 6789", ("6225880123456789",)),
        ("email", "hand", "en", "Email: Zhang.Wei@Company.COM.CN", ("zhang.wei@company.com.cn",)),
        ("email", "hand", "zh", "mail to: li-si@mail.tsinghua.edu.cn", ("li-si@mail.tsinghua.edu.cn",)),
        ("email", "hand", "en", "email: john.smith AT gmail DOT com", ("johnsmithatgmaildotcom", "john.smith@gmail.com")),
        ("email", "hand", "en", "my email is alice [at] example [dot] com", ("aliceatexampledotcom", "alice@example.com")),
        ("passport", "hand", "zh", "护照号：EJ1234567", ("EJ1234567",)),
        ("passport", "hand", "en", "passport number is A12345678", ("A12345678",)),
        ("ssn", "hand", "en", "my social is 123-45-6789", ("123456789",)),
        ("address", "hand", "zh", "上海市徐汇区漕溪北路88号圣爱大厦12楼1203室", ("漕溪北路88号", "1203室")),
        ("address", "hand", "zh", "深圳市福田区深南大道6008号特区报业大厦", ("深南大道6008号",)),
        ("address", "hand", "zh", "朝阳区建国路93号万达广场8号楼2单元1801", ("建国路93号", "2单元1801")),
        ("address", "hand", "zh", "海淀区学院路30号院5号楼3单元502", ("学院路30号", "3单元502")),
        ("address", "hand", "zh", "天通苑东三区12号楼3单元602", ("12号楼3单元602",)),
        ("address", "hand", "zh", "回龙观龙泽苑东区5-2-301", ("5-2-301",)),
        ("address", "hand", "zh", "收货地址：天津市梧州县和平区天河街道", ("和平区天河街道",)),
        ("address", "hand", "en", "1 Infinite Loop, Cupertino, CA 95014", ("1 Infinite Loop",)),
        ("address", "hand", "en", "221B Baker Street, London NW1 6XE", ("221B Baker Street", "NW1 6XE")),
        ("address", "hand", "en", "4059 Mt Lee Dr, Hollywood, CA 90068", ("4059 Mt Lee Dr",)),
        ("address", "hand", "en", "500 W 2nd St, Suite 1900", ("500 W 2nd St", "Suite 1900")),
        ("address", "hand", "en", "i live at 45 oak street", ("45 oak street",)),
        ("name", "hand", "zh", "姓名 王芳 护照 E12345678", ("王芳", "E12345678")),
        ("name", "hand", "en", "Name: Michael Johnson, DOB 1985-03-12, SSN 123-45-6789", ("Michael Johnson", "123456789")),
        ("name", "hand", "en", "I'm Robert Brown, my passport number is 123456789", ("Robert Brown", "123456789")),
        ("name", "hand", "zh", "我叫陈静，手机13900001111", ("陈静", "13900001111")),
    ]
    return [PiiItem(*row) for row in rows]


