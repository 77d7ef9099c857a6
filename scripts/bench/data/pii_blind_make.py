"""Writes ``pii_blind.json``: a blind generalisation set of PII items and look-alike controls.

Written before reading the detector, in the shapes real users type (odd separators, brackets,
country codes, extensions, full-width, mixed scripts, spelled-out e-mails, IDs with a wrong
check digit in ID context, 6-6-4 card groupings, compound Chinese addresses, English street
addresses with unit/suite, foreign passports, names before IDs). Values are random but
checksum-valid (own MOD 11-2 and Luhn code, not the test corpus's), so the set is independent
of ``tests/data/pii_*``. Each item lists ``secrets``: strings that must not survive masking in
any normalised form (NFKC, lower case, letters and digits only). Controls must come out
unchanged.

Run: ``python scripts/bench/data/pii_blind_make.py`` (rewrites the JSON; seed fixed).
"""
from __future__ import annotations

import json
import random
from pathlib import Path

OUT = Path(__file__).with_name("pii_blind.json")
RNG = random.Random(7331)
W = (7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2)
REGIONS = "110108 310101 440304 330108 510107 420111 320106 370202 210203 350203 130682 411302 530111 620105".split()
FW = str.maketrans("0123456789-@.()+ ", "０１２３４５６７８９－＠．（）＋\u3000")


def dig(n: int) -> str:
    return "".join(str(RNG.randrange(10)) for _ in range(n))


def cn_id(bad: bool = False) -> str:
    body = f"{RNG.choice(REGIONS)}{RNG.randint(1950, 2004)}{RNG.randint(1, 12):02d}{RNG.randint(1, 28):02d}{dig(3)}"
    check = "10X98765432"[sum(int(d) * w for d, w in zip(body, W)) % 11]
    if bad:
        check = RNG.choice([c for c in "0123456789X" if c != check])
    return body + check


def cn_id15() -> str:
    return f"{RNG.choice(REGIONS)}{RNG.randint(50, 99)}{RNG.randint(1, 12):02d}{RNG.randint(1, 28):02d}{dig(3)}"


def luhn(prefix: str, length: int) -> str:
    body = prefix + dig(length - len(prefix) - 1)
    for check in "0123456789":
        total = 0
        for i, ch in enumerate(reversed(body + check)):
            v = int(ch) * (2 if i % 2 else 1)
            total += v - 9 if v > 9 else v
        if total % 10 == 0:
            return body + check
    raise AssertionError


def ean13(prefix: str) -> str:
    body = prefix + dig(12 - len(prefix))
    s = sum(int(d) * (3 if i % 2 else 1) for i, d in enumerate(body))
    return body + str((10 - s % 10) % 10)


def mobile() -> str:
    return RNG.choice("135 139 150 158 166 173 177 181 186 189 199 147 152 137 130".split()) + dig(8)


def grp(s: str, sizes: list[int], sep: str) -> str:
    out, i = [], 0
    for n in sizes:
        out.append(s[i:i + n])
        i += n
    if i < len(s):
        out.append(s[i:])
    return sep.join(out)


ITEMS: list[dict] = []
CONTROLS: list[dict] = []


def item(kind: str, shape: str, lang: str, text: str, *secrets: str) -> None:
    ITEMS.append({"kind": kind, "shape": shape, "lang": lang, "text": text, "secrets": list(secrets)})


def control(category: str, text: str) -> None:
    CONTROLS.append({"category": category, "text": text})


ZH_PHONE = ["我的手机号是{}，有事打我", "联系电话：{}", "有问题请拨{}找我", "微信同手机号{}", "电话{}（工作日9点后）",
            "手机：{} 王先生", "麻烦快递员到了打{}", "新号码{}，旧的不用了"]
EN_PHONE = ["My cell is {}", "You can reach me on {} after 6pm", "Text me at {} anytime", "phone: {}",
            "call my mobile {} if the door is locked", "WeChat and phone are both {}"]


def phones() -> None:
    shapes = [
        ("plain", lambda m: m), ("3-4-4 space", lambda m: grp(m, [3, 4, 4], " ")),
        ("3-4-4 dash", lambda m: grp(m, [3, 4, 4], "-")), ("+86 space", lambda m: "+86 " + grp(m, [3, 4, 4], " ")),
        ("+86-", lambda m: "+86-" + m), ("(+86)", lambda m: "(+86)" + m),
        ("+86(3)4-4", lambda m: f"+86({m[:3]}){m[3:7]}-{m[7:]}"), ("dots", lambda m: grp(m, [3, 4, 4], ".")),
        ("7 4", lambda m: grp(m, [7, 4], " ")), ("4-3-4", lambda m: grp(m, [4, 3, 4], " ")),
        ("full-width", lambda m: m.translate(FW)), ("0086", lambda m: "0086 " + m),
        ("86-3-4-4", lambda m: "86-" + grp(m, [3, 4, 4], "-")), ("em dash", lambda m: grp(m, [3, 4, 4], "\u2014")),
        ("digit spaced", lambda m: " ".join(m)), ("ideographic space", lambda m: grp(m, [3, 4, 4], "\u3000")),
        ("slashes", lambda m: grp(m, [3, 4, 4], "/")), ("tel:+86", lambda m: "tel:+86" + m),
        ("3 8", lambda m: grp(m, [3, 8], " ")), ("zero-width", lambda m: m[:5] + "\u200b" + m[5:]),
        ("(3) 4-4", lambda m: f"({m[:3]}) {m[3:7]}-{m[7:]}"), ("full-width grouped", lambda m: grp(m, [3, 4, 4], " ").translate(FW)),
        ("+86 full-width", lambda m: ("+86 " + m).translate(FW)), ("underscores", lambda m: grp(m, [3, 4, 4], "_")),
    ]
    for i, (shape, fn) in enumerate(shapes):
        m = mobile()
        lang = "zh" if i % 3 else "en"
        tpl = (ZH_PHONE if lang == "zh" else EN_PHONE)[i % (len(ZH_PHONE) if lang == "zh" else len(EN_PHONE))]
        item("phone", shape, lang, tpl.format(fn(m)), m)
    for m, text in [(mobile(), "手机{0}，备用{1}"), (mobile(), "打我电话{0}或者发短信到{1}")]:
        other = mobile()
        item("phone", "two numbers", "zh", text.format(grp(m, [3, 4, 4], "-"), other), m, other)
    m = mobile()
    item("phone", "mixed script", "zh", f"我的phone number是{grp(m, [3, 4, 4], ' ')}，call me", m)
    m = mobile()
    item("phone", "glued to text", "zh", f"联系人张先生{m}随时打", m)
    m = mobile()
    item("phone", "no context", "en", f"ok {grp(m, [3, 4, 4], '-')} thanks", m)
    m = mobile()
    item("phone", "parenthesis 3", "zh", f"电话（{m[:3]}）{m[3:7]} {m[7:]}", m)
    m = mobile()
    item("phone", "+86 no space dashes", "en", f"Mobile +86-{m[:3]}-{m[3:7]}-{m[7:]} (China)", m)


def landlines() -> None:
    rows = [
        ("zh", "area dash 8", "办公室电话{0}", "010", 8, lambda a, n: f"{a}-{n}", ""),
        ("zh", "(area) 4 4", "座机 ({1}) {0}", "0571", 8, lambda a, n: f"({a}) {n[:4]} {n[4:]}", ""),
        ("zh", "glued 转 ext", "总机{0}，转分机", "0571", 8, lambda a, n: f"{a}{n}转805", ""),
        ("en", "ext.", "Office: {0}", "021", 8, lambda a, n: f"{a}-{n[:4]} {n[4:]} ext. 123", ""),
        ("zh", "4-4 dashes", "客服热线 {0}", "0755", 8, lambda a, n: f"{a}-{n[:4]}-{n[4:]}", ""),
        ("en", "+86 10 4 4", "Beijing office +86 10 {0}", "010", 8, lambda a, n: f"{n[:4]} {n[4:]}", ""),
        ("en", "+86-21-8", "Call our landline {0}", "021", 8, lambda a, n: f"+86-21-{n}", ""),
        ("zh", "full-width brackets", "家里电话（020）{0}", "020", 8, lambda a, n: n, ""),
        ("en", "area 4 4", "Home phone 020 {0}", "020", 8, lambda a, n: f"{n[:4]} {n[4:]}", ""),
        ("zh", "dash ext", "电话：{0}", "0571", 8, lambda a, n: f"{a}-{n}-805", ""),
        ("zh", "分机", "前台 {0}", "0512", 8, lambda a, n: f"{a} {n[:4]} {n[4:]} 分机 2301", ""),
        ("zh", "座机 spaced", "座机 {0}", "028", 8, lambda a, n: f"{a} {n[:4]} {n[4:]}", ""),
        ("en", "86-10 x", "Tel: {0}", "010", 8, lambda a, n: f"86-10-{n[:4]}-{n[4:]} x204", ""),
        ("zh", "full-width", "固话{0}", "010", 8, lambda a, n: f"{a}-{n}".translate(FW), ""),
        ("zh", "em dash", "单位电话0755\u2014{0}", "0755", 8, lambda a, n: n, ""),
        ("zh", "7-digit local", "县里电话 {0}", "0938", 7, lambda a, n: f"{a}-{n}", ""),
        ("en", "(0xxx)", "landline ({1}){0}", "0311", 8, lambda a, n: n, ""),
        ("zh", "ext 内线", "公司电话 {0}", "025", 8, lambda a, n: f"{a}-{n}（内线 66）", ""),
        ("en", "dots", "fax 0591.{0}", "0591", 8, lambda a, n: f"{n[:4]}.{n[4:]}", ""),
        ("zh", "area space 8", "家庭电话：{0}", "0731", 8, lambda a, n: f"{a} {n}", ""),
        ("en", "+86 (0)", "Landline: {0}", "0755", 8, lambda a, n: f"+86 (0)755 {n}", ""),
        ("zh", "转 after dash", "报修电话{0}", "023", 8, lambda a, n: f"{a}-{n}转2", ""),
    ]
    for lang, shape, tpl, area, size, fn, _ in rows:
        n = str(RNG.randint(2, 8)) + dig(size - 1)
        item("landline", shape, lang, tpl.format(fn(area, n), area), n)


ZH_ID = ["身份证号：{}", "我的身份证号码是{}，帮我查一下", "证件号 {}", "身份证{}，请核对", "公民身份号码 {} 已登记",
         "身份证号码（{}）", "入住登记：身份证 {}"]
EN_ID = ["My Chinese ID card number is {}", "ID no. {}", "resident ID: {}", "national ID {} for the booking"]


def ids() -> None:
    shapes = [
        ("plain", lambda v: v), ("6-8-4 space", lambda v: grp(v, [6, 8, 4], " ")), ("6-8-4 dash", lambda v: grp(v, [6, 8, 4], "-")),
        ("4-groups", lambda v: grp(v, [4, 4, 4, 4, 2], " ")), ("full-width", lambda v: v.translate(FW)),
        ("lower x", lambda v: v.lower()), ("3-3-4-4-4", lambda v: grp(v, [3, 3, 4, 4, 4], " ")),
        ("6-4-4-4 dash", lambda v: grp(v, [6, 4, 4, 4], "-")), ("dots", lambda v: grp(v, [6, 8, 4], ".")),
        ("zero-width", lambda v: v[:9] + "\u200b" + v[9:]), ("6 12", lambda v: grp(v, [6, 12], " ")),
        ("full-width grouped", lambda v: grp(v, [6, 8, 4], " ").translate(FW)),
    ]
    for i, (shape, fn) in enumerate(shapes):
        for bad in (False, True) if i < 8 else (False,):
            v = cn_id(bad)
            if not bad and i in (0, 5):
                while v[-1] != "X":
                    v = cn_id()
            lang = "en" if (i + bad) % 4 == 3 else "zh"
            pool = EN_ID if lang == "en" else ZH_ID
            item("id_cn18", shape + (" bad check" if bad else ""), lang, pool[(i + bad) % len(pool)].format(fn(v)), v, v[:14])
    v = cn_id()
    item("id_cn18", "X full-width", "zh", "身份证：" + (v[:-1] + "Ｘ").translate(FW), v[:-1] + "X", v[:14])
    v = cn_id()
    item("id_cn18", "two ids", "zh", f"我和老婆的身份证分别是{v}和{(w := cn_id())}", v, w)
    v = cn_id()
    item("id_cn18", "mixed script", "en", f"my 身份证 is {grp(v, [6, 8, 4], ' ')}, ok?", v, v[:14])
    v = cn_id(True)
    item("id_cn18", "bad check glued", "zh", f"身份证号{v}的那位客人", v, v[:14])
    for shape, fn, tpl, lang in [
        ("plain", lambda v: v, "老身份证号 {}", "zh"), ("6-6-3", lambda v: grp(v, [6, 6, 3], " "), "旧版身份证：{}", "zh"),
        ("dash", lambda v: grp(v, [6, 6, 3], "-"), "15位身份证号码{}", "zh"), ("en plain", lambda v: v, "old 15-digit ID card {}", "en"),
        ("full-width", lambda v: v.translate(FW), "身份证号码：{}", "zh"), ("spaced", lambda v: grp(v, [3, 3, 3, 3, 3], " "), "ID number {}", "en"),
    ]:
        v = cn_id15()
        item("id_cn15", shape, lang, tpl.format(fn(v)), v)


def cards() -> None:
    rows = [
        ("16 4x4 space", "622202", 16, [4, 4, 4, 4], " ", "zh", "银行卡号：{}"),
        ("16 4x4 dash", "621700", 16, [4, 4, 4, 4], "-", "zh", "工行卡 {}"),
        ("16 plain", "622848", 16, [16], "", "zh", "转账到{}（农业银行）"),
        ("6-6-4", "622588", 16, [6, 6, 4], " ", "zh", "招行卡号 {}"),
        ("6-6-4 dash", "622260", 16, [6, 6, 4], "-", "en", "my card number is {}"),
        ("19 plain", "6217", 19, [19], "", "zh", "建行储蓄卡{}"),
        ("19 4-4-4-4-3", "6228", 19, [4, 4, 4, 4, 3], " ", "zh", "卡号：{}，户名李四"),
        ("19 6-13", "621226", 19, [6, 13], " ", "zh", "工资卡 {}"),
        ("visa", "4", 16, [4, 4, 4, 4], " ", "en", "Visa {} exp 08/27"),
        ("mastercard", "5", 16, [4, 4, 4, 4], "-", "en", "card: {}"),
        ("amex 4-6-5", "37", 15, [4, 6, 5], " ", "en", "Amex {} please charge it"),
        ("full-width", "622202", 16, [4, 4, 4, 4], " ", "zh", "卡号 {}"),
        ("dots", "622700", 16, [4, 4, 4, 4], ".", "zh", "银行账号{}"),
        ("no context", "6222", 19, [4, 4, 4, 4, 3], " ", "en", "ok {} thanks"),
        ("19 full-width plain", "6212", 19, [19], "", "zh", "储蓄卡号{}"),
        ("16 slash", "4392", 16, [4, 4, 4, 4], "/", "en", "credit card {}"),
        ("16 em dash", "6225", 16, [4, 4, 4, 4], "\u2014", "zh", "信用卡{}"),
        ("unionpay 62 credit", "6259", 16, [4, 4, 4, 4], " ", "zh", "信用卡号码是 {} 有效期12/28"),
        ("8-8", "4716", 16, [8, 8], " ", "en", "debit card number {}"),
        ("zero-width", "622202", 19, [19], "", "zh", "卡号{}"),
        ("mixed script", "622208", 19, [6, 6, 7], " ", "zh", "我的bank card是{}"),
        ("4-4-4-4 ideographic", "622609", 16, [4, 4, 4, 4], "\u3000", "zh", "卡号：{}"),
        ("discover", "6011", 16, [4, 4, 4, 4], " ", "en", "Discover card {}"),
        ("jcb", "3530", 16, [4, 4, 4, 4], "-", "en", "JCB card no {}"),
        ("glued after keyword", "625826", 16, [16], "", "zh", "中信卡号6位加10位{}"),
        ("4-4-4-4 parentheses", "622155", 16, [4, 4, 4, 4], " ", "zh", "账户（{}）"),
    ]
    for shape, prefix, length, sizes, sep, lang, tpl in rows:
        v = luhn(prefix, length)
        shown = grp(v, sizes, sep)
        if "full-width" in shape:
            shown = shown.translate(FW)
        if shape == "zero-width":
            shown = v[:8] + "\u200c" + v[8:]
        item("bank_card", shape, lang, tpl.format(shown), v, v[:-4])


def emails() -> None:
    rows = [
        ("plain", "zh", "我的邮箱是{}", "zhangsan123@qq.com", "zhangsan123@qq.com"),
        ("full-width at", "zh", "邮箱：{}", "lisi2021@163.com", "lisi2021＠163.com"),
        ("all full-width", "zh", "发到{}就行", "wangwu88@126.com", "ｗａｎｇｗｕ８８＠１２６．ｃｏｍ"),
        ("spelled dot at", "en", "email me at {}", "john.smith@gmail.com", "john dot smith at gmail dot com"),
        ("[at] [dot]", "en", "contact: {}", "mary.jones@outlook.com", "mary.jones [at] outlook [dot] com"),
        ("(at)", "en", "write to {}", "peter_w@yahoo.com", "peter_w(at)yahoo.com"),
        ("AT DOT caps", "en", "my email {}", "zhang_san@qq.com", "zhang_san AT qq DOT com"),
        ("# for @", "zh", "邮箱 {}（把#换成@）", "wang.wu@163.com", "wang.wu#163.com"),
        ("spaces around", "zh", "邮件地址 {}", "lisi@163.com", "lisi @ 163 . com"),
        ("name + email", "zh", "张三的邮箱是{}，记一下", "zs_work2020@sina.com", "zs_work2020@sina.com"),
        ("mailto", "en", "link: {}", "help.desk@acme-corp.com", "mailto:help.desk@acme-corp.com"),
        ("angle brackets", "en", "From: T. L. {}", "tom.lee@company.co.uk", "<tom.lee@company.co.uk>"),
        ("plus tag", "en", "use {} for newsletters", "alice+news@gmail.com", "alice+news@gmail.com"),
        ("upper case", "en", "EMAIL: {}", "bob.miller@hotmail.com", "BOB.MILLER@HOTMAIL.COM"),
        ("艾特", "zh", "邮箱是{}", "xiaoming2000@qq.com", "xiaoming2000艾特qq.com"),
        ("at dot lowercase spaced", "en", "reach me: {}", "sarah.k@protonmail.com", "sarah.k at protonmail dot com"),
        ("full-width dot", "zh", "邮箱{}", "chenjing@foxmail.com", "chenjing@foxmail．com"),
        ("subdomain", "en", "work email {}", "d.wang@mail.tsinghua.edu.cn", "d.wang@mail.tsinghua.edu.cn"),
        ("digits only local", "zh", "QQ邮箱{}", "1234567890@qq.com", "1234567890@qq.com"),
        ("glued zh", "zh", "邮箱{}谢谢", "liuyang@139.com", "liuyang@139.com"),
        ("{at}{dot}", "en", "ping {}", "k.tanaka@example.jp", "k.tanaka{at}example{dot}jp"),
        ("圈a", "zh", "邮箱：{}", "zhaoliu@sohu.com", "zhaoliu(a)sohu.com"),
        ("mixed zh en", "zh", "我的email是{}，有空联系", "fang.li@yeah.net", "fang.li@yeah.net"),
        ("zero-width", "en", "address: {}", "mike.r@gmail.com", "mike.r@gm\u200bail.com"),
        ("hyphen domain", "en", "email {} please", "j-doe@my-company.org", "j-doe@my-company.org"),
        ("at sign spaced en", "en", "my e-mail is {}", "lucy.chen@gmail.com", "lucy.chen @ gmail.com"),
    ]
    for shape, lang, tpl, canonical, shown in rows:
        local = canonical.split("@")[0]
        secrets = [canonical, shown] + ([local] if len(local) >= 6 else [])
        item("email", shape, lang, tpl.format(shown), *secrets)


def passports() -> None:
    rows = [
        ("CN E8", "zh", "护照号码：{}", "E" + dig(8)), ("CN EA7", "zh", "我的护照号是{}", "EA" + dig(7)),
        ("CN G8", "zh", "护照 {} 有效期至2030年", "G" + dig(8)), ("CN spaced", "zh", "护照号 {}", None),
        ("CN en", "en", "passport no. {}", "E" + dig(8)), ("US 9 digits", "en", "My US passport number is {}", dig(9)),
        ("US letter+8", "en", "Passport #: {}", "C" + dig(8)), ("UK 9 digits", "en", "UK passport {} expires 2029", dig(9)),
        ("DE alnum", "en", "German passport number: {}", "C01X00T47"), ("FR 2d2l5d", "en", "French passport {}", "18AV" + dig(5)),
        ("JP 2l7d", "en", "Japanese passport TK? no, it's {}", "TK" + dig(7)), ("IN l7d", "en", "Indian passport no {}", "J" + dig(7)),
        ("CA 2l6d", "en", "Canadian passport: {}", "AB" + dig(6)), ("AU l7d", "en", "passport number {} (Australia)", "PA" + dig(7)),
        ("HK", "zh", "香港护照 {}", "K" + dig(8)), ("KR", "zh", "韩国护照号码{}", "M" + dig(8)),
        ("CN lower", "zh", "护照：{}", None), ("CN full-width", "zh", "护照号码{}", None),
        ("Canada en zh mix", "zh", "我的加拿大passport是{}", "GA" + dig(6)), ("港澳通行证", "zh", "港澳通行证号码 {}", "C" + dig(8)),
        ("US passport card", "en", "passport card {}", "C" + dig(8)), ("CN dash", "zh", "护照号 {}", None),
    ]
    for shape, lang, tpl, value in rows:
        shown = value
        if value is None:
            value = "E" + dig(8)
            shown = {"CN spaced": f"{value[0]} {value[1:5]} {value[5:]}", "CN lower": value.lower(),
                     "CN full-width": ("Ｅ" + value[1:].translate(FW)), "CN dash": f"{value[0]}-{value[1:]}"}[shape]
        item("passport", shape, lang, tpl.format(shown), value)


def ssns() -> None:
    for shape, lang, tpl, fn in [
        ("dashes", "en", "SSN: {}", lambda a, g, s: f"{a}-{g}-{s}"), ("spaces", "en", "my social security number is {}", lambda a, g, s: f"{a} {g} {s}"),
        ("plain", "en", "SSN {}", lambda a, g, s: f"{a}{g}{s}"), ("social sec no", "en", "Social Security No. {}", lambda a, g, s: f"{a}-{g}-{s}"),
        ("zh", "zh", "美国社保号{}", lambda a, g, s: f"{a}-{g}-{s}"), ("full-width", "en", "SSN: {}", lambda a, g, s: f"{a}-{g}-{s}".translate(FW)),
        ("dots", "en", "ss# {}", lambda a, g, s: f"{a}.{g}.{s}"), ("no keyword dashes", "en", "here it is: {}", lambda a, g, s: f"{a}-{g}-{s}"),
        ("zh 社会安全号", "zh", "我的社会安全号码是 {}", lambda a, g, s: f"{a} {g} {s}"), ("SSN en dash", "en", "taxpayer SSN {}", lambda a, g, s: f"{a}\u2013{g}\u2013{s}"),
    ]:
        a, g, s = f"{RNG.randint(101, 665):03d}", f"{RNG.randint(1, 99):02d}", f"{RNG.randint(1, 9999):04d}"
        item("ssn", shape, lang, tpl.format(fn(a, g, s)), a + g + s)


def addresses() -> None:
    zh = [
        ("province road number", "我住在{}", "四川省成都市武侯区人民南路四段27号", ["人民南路四段27号"]),
        ("compound unit room", "家在{}", "阳光花园小区3栋2单元501室", ["阳光花园小区3栋2单元501室", "3栋2单元501室"]),
        ("road + tower", "公司地址：{}", "北京市朝阳区建国路88号SOHO现代城A座1203", ["建国路88号", "A座1203"]),
        ("院 楼 门", "我住在{}", "海淀区中关村大街1号院2号楼3门402", ["中关村大街1号院2号楼3门402"]),
        ("弄 号 室", "收货地址 {}", "上海市浦东新区张江路1388弄5号601室", ["张江路1388弄5号601室"]),
        ("楼 floor", "我在{}上班", "广州市天河区天河北路233号中信广场45楼", ["天河北路233号"]),
        ("街道 road", "地址：{}", "浙江省杭州市余杭区五常街道文一西路969号", ["文一西路969号"]),
        ("小区 楼 单元", "我家在{}", "幸福里小区12号楼1单元302", ["幸福里小区12号楼1单元302", "12号楼1单元302"]),
        ("tech park 栋", "寄到{}", "深圳市南山区科技园南区高新南七道R3-A栋", ["高新南七道R3-A栋"]),
        ("university", "寄到 {} 收", "湖北省武汉市洪山区珞喻路1037号华中科技大学东校区", ["珞喻路1037号"]),
        ("巷 号", "老家在{}", "福建省厦门市思明区中山路大同巷12号", ["大同巷12号"]),
        ("村 组", "我家是{}", "河南省南阳市卧龙区七里园乡王庄村三组18号", ["王庄村三组18号"]),
        ("full-width numbers", "地址{}", "南京市鼓楼区中山北路２００号３栋", ["中山北路200号"]),
        ("no city", "送到{}就行", "解放路128号2楼", ["解放路128号"]),
        ("花园 栋 房", "住址：{}", "碧桂园凤凰城凤鸣苑8栋1702房", ["凤鸣苑8栋1702"]),
        ("大道 号 室 spaced", "新地址 {}", "武汉市 江汉区 建设大道 568号 新世界国贸大厦 2608室", ["建设大道568号", "2608室"]),
        ("公寓", "我搬到了{}", "青年公寓B座1106", ["青年公寓B座1106"]),
        ("胡同", "住在{}", "东城区南锣鼓巷菊儿胡同21号", ["菊儿胡同21号"]),
        ("段 号 栋", "工作地址：{}", "成都市高新区天府大道中段1268号天府软件园E3栋", ["天府大道中段1268号"]),
        ("门牌 with dash", "快递放{}", "和平里东街11-3-201", ["和平里东街1132"]),
        ("district road zh numerals", "我住{}", "长江路二十八号", ["长江路二十八号"]),
        ("家住 compound with 期", "家住{}", "万科城市花园二期15栋3单元1801", ["15栋3单元1801"]),
    ]
    for shape, tpl, value, secrets in zh:
        item("address_zh", shape, "zh", tpl.format(value), *secrets)
    en = [
        ("street apt city zip", "I live at {}", "1234 Maple Avenue, Apt 5B, Springfield, IL 62704", ["1234 Maple Avenue", "Apt 5B"]),
        ("simple street", "Send it to {}", "742 Evergreen Terrace", ["742 Evergreen Terrace"]),
        ("suite", "Our office: {}", "350 Fifth Ave, Suite 3300, New York, NY 10118", ["350 Fifth Ave", "Suite 3300"]),
        ("unit first", "my flat is {}", "Unit 12, 45 Queen Street, Brisbane", ["45 Queen Street", "Unit 12"]),
        ("221B", "address: {}", "221B Baker Street, London NW1 6XE", ["221B Baker Street"]),
        ("pkwy", "HQ is at {}", "1600 Amphitheatre Pkwy, Mountain View, CA 94043", ["1600 Amphitheatre Pkwy"]),
        ("Chinese address in English", "ship to {}", "88 Jianguo Road, Chaoyang District, Beijing", ["88 Jianguo Road"]),
        ("room building en", "I'm at {}", "Room 501, Building 3, Sunshine Garden, 27 Renmin South Road", ["27 Renmin South Road", "Room 501"]),
        ("# unit", "home: {}", "55 W 14th St #4C, New York", ["55 W 14th St", "4C"]),
        ("blvd", "we moved to {}", "9021 Sunset Blvd., Los Angeles, CA 90069", ["9021 Sunset Blvd"]),
        ("drive lower", "I live at {} now", "17 oak ridge drive, austin tx 78701", ["17 oak ridge drive"]),
        ("lane floor", "deliver to {}", "3 Elm Lane, 2nd Floor, Cambridge", ["3 Elm Lane"]),
        ("road apartment", "my address is {}", "250 Park Road, Apartment 12, Toronto ON M4W 1A1", ["250 Park Road", "Apartment 12"]),
        ("PO box", "mail goes to {}", "P.O. Box 4521, Tucson, AZ 85717", ["Box 4521"]),
        ("court", "{} is my home", "48 Willow Court", ["48 Willow Court"]),
        ("highway", "shop at {}", "2100 Pacific Coast Highway, Suite 210, Malibu", ["2100 Pacific Coast Highway", "Suite 210"]),
    ]
    for shape, tpl, value, secrets in en:
        item("address_en", shape, "en", tpl.format(value), *secrets)


def names() -> None:
    for name, tpl in [("张伟", "{0}，身份证号 {1}"), ("欧阳娜娜", "姓名：{0} 身份证：{1}"), ("王小明", "{0} {1}"),
                      ("李娜", "{0}（身份证号{1}）"), ("陈志强", "乘客{0}，证件号码{1}"), ("刘洋", "持卡人：{0}，身份证{1}")]:
        v = cn_id()
        item("name", "zh name + ID", "zh", tpl.format(name, v), name, v)
    for name, tpl, val in [("Sarah Johnson", "The account holder is {0}, SSN {1}", "523-41-7789"),
                           ("Michael Brown", "Name: {0}, passport {1}", "E" + dig(8)),
                           ("Emily Davis", "{0} — SSN: {1}", "418-22-9031"),
                           ("James O'Connor", "Traveller {0}, passport no. {1}", "C" + dig(8)),
                           ("Li Wei", "{0}, Chinese ID {1}", cn_id())]:
        item("name", "en name + id", "en", tpl.format(name, val), name, val)
    for name, tpl, val in [("赵敏", "收件人：{0} 电话：{1}", mobile()), ("孙悦", "{0}的护照号是{1}", "E" + dig(8)),
                           ("John Smith", "{0}'s card {1}", luhn("4", 16))]:
        item("name", "name + other id", "zh" if "的" in tpl or "收件人" in tpl else "en", tpl.format(name, val), name, val)


def controls() -> None:
    for _ in range(6):
        control("order number", f"订单号：{RNG.choice(['2024', '2023'])}{dig(14)}")
    control("order number", f"Order #{dig(10)} has shipped")
    control("order number", f"你的订单 {dig(19)} 已签收")
    control("order number", f"order no. {dig(8)}-{dig(6)}")
    control("order number", f"外卖单号{dig(16)}，预计30分钟送达")
    control("order number", f"工单编号 GD{dig(12)}")
    control("order number", f"退款单号：TK{dig(18)}")
    for _ in range(6):
        control("barcode", f"条形码 {ean13('69')}")
    control("barcode", f"EAN {ean13('400')}")
    control("barcode", f"商品条码：{ean13('690')}，价格 12.5 元")
    control("barcode", f"UPC 0{dig(11)}")
    for v in ["v2.3.17", "升级到 10.0.19045.3693 版本", "Python 3.12.1", "Chrome 121.0.6167.85", "node v20.11.0",
              "version 1.2.3-beta.4", "固件版本 V3.1.0.20240115", "iOS 17.2.1", "build 6.1.0-17-amd64"]:
        control("version", v)
    for v in ["2024-01-15", "2023年12月31日", "1990/05/17", "15.03.2024", "March 5, 2024", "20240115",
              "会议定在2024-03-08 14:30", "19900517"]:
        control("date", v)
    for v in ["价格¥1299.00", "总价 12888 元", "$1,299.99", "共计￥23,456.78", "月薪 15000-25000", "€ 4.500,00",
              "房价每平米 68000 元", "市值 1,234,567,890 美元"]:
        control("price", v)
    for v in [f"顺丰快递单号 SF{dig(13)}", f"UPS tracking 1Z{dig(3)}AA{dig(10)}", f"中通快递 7{dig(13)}",
              f"圆通单号 YT{dig(13)}", f"EMS EA{dig(9)}CN", f"tracking number 9400{dig(18)}", f"京东物流 JD{dig(13)}",
              f"韵达 43{dig(11)}"]:
        control("tracking number", v)
    for v in ["ISBN 978-7-111-54742-6", "ISBN 9787115428028", "isbn: 0-306-40615-2", "书号 978-7-5086-9937-1",
              f"ISBN {ean13('978')}"]:
        control("isbn", v)
    for v in ["timestamp 1700000000", "ts=1712345678901", "时间戳 1699999999", "created_at: 2024-01-15T08:30:00Z",
              "2023-11-15 10:30:45.123", "epoch 1705312245123", "日志时间 1711111111222"]:
        control("timestamp", v)
    for v in ["坐标 39.9042, 116.4074", "GPS: 31.2304° N, 121.4737° E", "lat 22.5431 lng 114.0579",
              "(40.7128, -74.0060)", "经纬度 30.274085,120.155070"]:
        control("coordinates", v)
    for v in ["IP 192.168.1.100", "服务器 10.0.0.254:8080", f"sha256 {RNG.getrandbits(128):032x}",
              "UUID 550e8400-e29b-41d4-a716-446655440000", "邮编 100080", "ZIP code 94043", "航班 CA1831",
              "会议室 501 下午开会", "第3章第2节", "每天跑5公里", "我今年32岁，身高175", "房间温度 26 度",
              "高铁 G1234 次 05车 12F 座", "电话会议号 888 1234 5678", "1+1=2, 3*4=12",
              "分数 98.5 / 100", "版本号 2.0 发布于 2024 年", "股票代码 600519", "快递柜取件码 12345678",
              "验证码 836152", "Apartment prices rose 5% this year", "the meeting is in Building 3",
              "see page 1234 of volume 5", "我住在北京", "I live in Springfield", "Room 101 is a novel reference",
              "我们公司在人民路附近", "at symbol @ is used in email", "dot com bubble", "product SKU 4006381333931?"]:
        control("misc", v)


def main() -> None:
    phones(); landlines(); ids(); cards(); emails(); passports(); ssns(); addresses(); names(); controls()
    OUT.write_text(json.dumps({"items": ITEMS, "controls": CONTROLS}, ensure_ascii=False, indent=1), encoding="utf-8")
    kinds: dict[str, int] = {}
    for row in ITEMS:
        kinds[row["kind"]] = kinds.get(row["kind"], 0) + 1
    print(f"{len(ITEMS)} items {kinds}, {len(CONTROLS)} controls -> {OUT}")


if __name__ == "__main__":
    main()
