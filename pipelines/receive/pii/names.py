"""A person's name when it is labelled (姓名：…, name: …) or introduced next to other PII.

Labelled names (姓名, 持卡人, 收件人, name:, cardholder:…) are always personal data.
An introduced name (我叫…, 我是…, my name is…, I am…) counts only when the same text
holds an identity number (ID, passport, SSN, card, phone), because on its own a first
name is not what the privacy rules protect.
"""
from __future__ import annotations

import os
import re
from collections.abc import Iterator
from functools import lru_cache

_SURNAMES = (
    "欧阳|司马|上官|诸葛|东方|皇甫|尉迟|公孙|慕容|长孙|宇文|司徒|夏侯|令狐|端木|西门|南宫|独孤|轩辕"
    "|王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖萧田董袁潘于蒋蔡余杜叶程苏魏吕丁任"
    "沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付傅方白邹孟熊秦邱江尹薛闫阎段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔"
    "向汤常温康施文牛樊葛邢安齐易乔伍庞颜倪庄聂章鲁岳翟殷詹申欧耿关兰焦俞左柳甘祝包宁尚符舒阮柯纪梅童凌毕单"
    "季裴霍涂成苗谷盛曲翁冉骆蓝路游辛靳管柴蒙鲍华喻祁蒲房滕屈饶解牟艾尤阳时穆农司卓古吉缪简车项连芦麦褚娄窦"
    "戚岑景党宫费卜冷晏席卫米柏宗瞿桂全佟应臧闵苟邬边卞姬师和仇栾隋商刁沙荣巫寇桑郎甄丛仲虞敖巩明佘池查麻苑"
    "迟邝官封谈匡鞠惠荆乐冀郁胥南班储原栗燕楚鄢劳谌奚皮粟冼蔺楼盘满闻位厉伊仝区郜海阚花权强帅屠豆朴盖练廉禹"
    "井祖漆巴丰支卿国狄平计索宣晋相初门云容敬来扈晁芮都普阙浦戈伏鹿薄邸雍辜羊阿乌母裘亓修邰赫杭况那宿鲜印逯"
    "隆茹诸战慕危玉银亢嵇公哈湛宾戎勾茅利於呼居揭干但尉冶斯元束檀衣信展阴昝智幸奉植衡富尧闭由赖洪"
)
_SURNAME = "(?:" + "|".join([s for s in _SURNAMES.split("|") if len(s) == 2] + [f"[{_SURNAMES.split('|')[-1]}]"]) + ")"
# A given-name character: CJK, but not the start of a word that follows a name in a form.
_GIVEN = (
    r"(?:(?!身份|护照|电话|手机|证件|证号|性别|男|女|年龄|出生|住址|地址|卡号|银行|邮箱|的|是|在|和|与|及|先生|女士|小姐|同学|老师"
    r"|号|今年|岁|联系|民族|籍贯|工作|请|我|你|他|她)[\u4e00-\u9fff])"
)
# Labels that always introduce a name may touch it (姓名张伟); weaker ones need a separator.
_ZH_LABEL = (
    r"(?:(?:姓名|真实姓名|持卡人|持照人|户名|开户名|收件人|收货人|联系人)[ \t]*(?:[:：=]|是|为|叫)?"
    r"|(?:名字|持证人|持有人|开户人|申请人|乘客|旅客|患者|客户|本人|签名|收款人|付款人|汇款人|寄件人|车主|监护人|紧急联系人)"
    r"[ \t]*(?:[:：=]|是|为|叫))[ \t]*"
)
_ZH_LABELLED = re.compile(rf"{_ZH_LABEL}(?P<name>{_SURNAME}{_GIVEN}{{1,2}}(?:先生|女士|小姐)?)")
# Words that start with a surname character but are not names ("收货人：信息待补").
_ZH_NOT_NAMES = frozenset(
    "信息 关系 方式 方法 方面 管理 安全 时间 金额 余额 全部 全名 全称 明细 成功 信用 平台 文件 马上 向导 于是 万一 常用 司机 计划 单位 "
    "未知 未填 待定 无 暂无 不详 空 谢谢 多谢 车牌 车架 车辆 车主 学号 学生 学籍 社保 医保 门诊 住院 病历 病案 体检 准考 考生 "
    "支付 抖音 微信 公积 护照 香港 澳门 台湾 台灣 国际 房东 房租 江湖 邮箱 电话 手机 银行 尾号 单号 快递 司机 工号".split()
)
_ZH_INTRO = re.compile(rf"(?:我叫|我的名字是|我的名字叫|本人叫|我是)[ \t]*(?P<name>{_SURNAME}{_GIVEN}{{1,2}})")

_UP, _LOW = "A-ZÀ-ÖØ-Þ", "a-zß-öø-ÿ"  # Latin letters with diacritics: Jürgen, François, Åsa, Zoë
_EN_NAME = (
    rf"(?:(?:Mr|Mrs|Ms|Miss|Mx|Dr|Prof|Herr|Frau|M|Mme|Mlle)\.?[ \t]+)?[{_UP}](?:['’][{_UP}]|(?<=M)a?c[{_UP}])?[{_LOW}'’-]+(?:[ \t]+[A-Z]\.)?"
    rf"(?:[ \t]+(?:(?:van|von|de|da|del|di|le|la|du|zu)[ \t]+)?[{_UP}][A-Za-z{_LOW}'’-]+){{0,3}}(?:,?[ \t]+(?:Jr|Sr|II|III|IV|MD|DDS|PhD|DVM|Esq)\b\.?)?"
)
_EN_LABELLED = re.compile(
    rf"(?i:\b(?:full[ \t]+name|legal[ \t]+name|name|cardholder(?:[ \t]+name)?|card[ \t]+holder|account[ \t]+holder"
    rf"|holder|passenger|patient|applicant|recipient|customer|contact[ \t]+person|emergency[ \t]+contact|contact[ \t]+name"
    rf"|contact|attn|attention|addressee|consignee|beneficiary|payee|guest|tenant|landlord|sender|receiver|driver|owner|nom"
    rf"|ansprechpartner(?:in)?|kontaktperson|kontakt|empf(?:ä|ae)nger(?:in)?|kunde|kundin|inhaber(?:in)?|vor-?[ \t]*und[ \t]+nachname"
    rf"|interlocut(?:eur|rice)|destinataire|titulaire|nom[ \t]+complet|personne[ \t]+(?:à|a)[ \t]+contacter"
    rf"|Name))"
    rf"(?:[ \t]+is|['’]s)?[ \t]*(?:[:：=]|[ \t][-–—](?=[ \t]))?[ \t]*"
    # "Patient: O'Brien, Sean; MRN …": surname, comma, given name
    rf"(?P<name>{_EN_NAME}(?:,[ \t]*[{_UP}][{_LOW}]+(?=[ \t]*[;\n]))?|{_SURNAME}{_GIVEN}{{1,2}})",
    re.ASCII
)
_EN_INTRO = re.compile(
    r"(?i:\bmy[ \t]+name[ \t]+is|\bthis[ \t]+is|\bi[ \t]+am|\bi'm|\bi’m|\bcall[ \t]+me)[ \t]+"
    r"(?P<name>(?:(?:Mr|Mrs|Ms|Miss|Dr|Prof)\.?[ \t]+)?[A-Z][a-z'’-]+(?:[ \t]+[A-Z][a-zA-Z'’-]+){1,2})", re.ASCII
)
# A name written right before an identity word: "张伟，身份证号…", "John Smith, SSN …".
# It may follow a role word (乘客陈志强，证件号码…) and may precede the number itself, which
# an earlier stage has made opaque (王小明 ■■■, 李娜（身份证号■■■）).
_ZH_ROLE = "乘客|旅客|患者|病人|客户|用户|学生|员工|住户|业主|房东|租客|买家|卖家|司机|本人|家长|孩子|老婆|老公|妻子|丈夫|父亲|母亲"
_ZH_BEFORE_ID = re.compile(
    rf"(?:(?<![\u4e00-\u9fffA-Za-z0-9])|(?<={_ZH_ROLE.replace('|', ')|(?<=')}))(?P<name>{_SURNAME}{_GIVEN}{{1,2}})"
    rf"(?:(?:[ \t]*[，,：:;；(][ \t]*|[ \t]+)(?:的)?|的)(?:身份证|护照|证件|手机|电话|银行卡|卡号|[\u25a0\u25a1])"
)
# A name word: Smith, O'Connor, McDonald, Jean-Luc.
_EN_WORD = r"[A-Z](?:[a-z]|['’-]?[A-Z][a-z])[A-Za-z'’-]*"
_EN_BEFORE_ID = re.compile(
    rf"(?<![A-Za-z])(?P<name>{_EN_WORD}(?:[ \t]+[A-Z]\.)?(?:[ \t]+{_EN_WORD}){{1,2}})[ \t]*[,;:(—–-]?[ \t]*"
    r"(?:(?:his|her|my|their|Chinese|US|U\.S\.|national|resident|new|old)[ \t]+)?"
    r"(?:SSN|ITIN|TIN|IBAN|[Pp]assport|ID|DOB|[Pp]hone|[Mm]obile|[Cc]ell|[Tt]el|[Cc]ard|[Ss]ocial [Ss]ecurity|[Ii]nsurance|NRIC|HKID"
    r"|MRN|[Mm]edical [Rr]ecord|[Ss]tudent [Nn]o|[Ss]tudent ID|[Ll]icen[cs]e|[Pp]late|VIN|WeChat|QQ|[Ee]-?mail)\b", re.ASCII
)
# Any name right before a masked identifier (made opaque, ■): "Zhang Wei, ■", "call Mary Johnson at ■".
_EN_NEXT_TO_MASK = re.compile(
    rf"(?<![A-Za-z])(?P<name>{_EN_WORD}(?:[ \t]+[A-Z]\.)?(?:[ \t]+{_EN_WORD}){{1,2}})[ \t]*(?:[,(—–-]|at|on|via)?[ \t]*"
    # a qualifier before the identifier word: "Marcus Hendley, cali plate ■", "Li Wei, his phone ■"
    r"(?:(?:(?:his|her|their|my|new|old|work|home|[a-z]{2,12}|[A-Z]{2})[ \t]+)?(?:护照|身份证|手机|电话|passport|phone|mobile|cell|tel|ID|SSN|ITIN|TIN|IBAN|NRIC|HKID|MRN|card|VIN|plate|licen[cs]e plate"
    r"|insurance|account|e-?mail|WeChat|wechat|QQ|qq|whatsapp|WhatsApp|telegram|Telegram)[ \t]*(?:号码?|number|no\.?)?"
    r"[ \t]*[:：]?[ \t]*)?[\u25a0\u25a1]",
)
_ZH_AFTER_MASK = re.compile(rf"\u25a0[ \t]*[（(][ \t]*(?P<name>{_SURNAME}{_GIVEN}{{1,2}})[ \t]*[)）]")
# Names next to a masked identifier (■): whatever precedes a Chinese name, the identifier it
# owns follows ("同事李娜的手机是■", "客户赵敏电话：■", "请转给周杰，他的卡号是■") or precedes it at a
# clause end ("■ 张伟", "电话■（王芳）"). A name starts after punctuation, a Latin letter or digit, the
# start, or a word that introduces a person (a relation, a role, a verb of addressing).
_ZH_RELATIONS = (
    "同事|朋友|同学|老婆|老公|妻子|丈夫|太太|爱人|爸爸|妈妈|爸|妈|父亲|母亲|儿子|女儿|哥哥|姐姐|弟弟|妹妹|哥|姐|弟|妹|表哥|表姐|表弟|表妹"
    "|堂哥|堂姐|堂弟|堂妹|舅舅|阿姨|叔叔|姑姑|爷爷|奶奶|外婆|外公|姥姥|老板|领导|经理|主管|客户|房东|租客|邻居|室友|师傅|老师|医生|护士"
    "|律师|司机|快递员|联系人|收件人|收货人|寄件人|乘客|旅客|患者|病人|学生|员工|用户|业主|住户|孩子|宝宝|男友|女友|男朋友|女朋友|对象"
    "|闺蜜|兄弟|助理|秘书|会计|同桌|班主任|教练|保姆|家长|本人|机主|户主|持卡人|买家|卖家|租户|新人|候选人|面试者|学员|嫂子|姐夫|妹夫"
)
_ZH_PERSON_WORDS = (
    _ZH_RELATIONS + "|给|找|叫|问|帮|让|转给|交给|通知|联系|告诉|是|和|跟|与|及|或|替|为|把|请|麻烦|记住|记下|记一下|记录|加上|存一下"
)
# What may stand right before a name next to a mask (checked in code: a look-behind per word is slow).
_ZH_LEAD_WORD = re.compile(f"(?:{_ZH_PERSON_WORDS}|的)$")  # 的: "补课的周老师电话■"
_ZH_ID_WORD = (
    r"(?:身份证|身份證|身分證|身分证|护照|護照|证件|證件|手机|手機|电话|電話|座机|银行卡|卡号|卡號|微信|QQ|qq|邮箱|郵箱|地址|住址|社保|医保|车牌|車牌"
    r"|学号|學號|病历|账号|帳號|号码|號碼|联系方式|聯絡方式|联络方式|工号"
    # any bank's card or account: 工行卡, 招行卡号, 建行账户
    r"|[\u4e00-\u9fff]{1,4}(?:卡号|卡號|卡|账户|帳戶))"
)
# Titles after a name: 钟丽萍老师, 王医生, 李总.
_ZH_TITLE = "先生|女士|小姐|老师|老師|医生|醫生|大夫|律师|律師|师傅|師傅|经理|經理|主任|教授|总|總|阿姨|叔叔|同学|同學"
_ZH_NAME = rf"{_SURNAME}{_GIVEN}{{1,2}}"
_ZH_BEFORE_MASK = re.compile(
    rf"(?P<name>{_ZH_NAME}|{_SURNAME}(?={_ZH_TITLE}))(?:{_ZH_TITLE})?[ \t]*(?:[，,：:;；(（、][ \t]*)?"
    rf"(?:[，,、][ \t]*(?:男|女|\d{{1,3}}[ \t]*岁|[\u4e00-\u9fff]{{1,2}}族)[ \t]*)*(?:[，,、][ \t]*)?"
    rf"(?:他|她|其|TA)?(?:的)?[ \t]*(?:(?:打|拨打?|发到?|加)?{_ZH_ID_WORD}[^\u25a0\u25a1\n，,。；;]{{0,6}}?)?(?:[ \t]*(?:是|为|為|[:：]))?[ \t]*[\u25a0\u25a1]"
)
_ZH_AFTER_MASK_END = re.compile(
    rf"\u25a0[ \t]*[，,、;；/]?[ \t]*(?:(?:联系人|姓名|户名|收件人|收货人|机主|持卡人|本人|找|叫)[ \t]*[:：]?[ \t]*)?"
    rf"(?P<name>{_ZH_NAME}|{_SURNAME}(?=先生|女士|小姐))(?:先生|女士|小姐)?(?=[ \t]*(?:$|[，,。；;！!？?）)\n]|的))"
)
# "■是我同事王磊的", "■ is…": the owner named after the number.
_ZH_OWNER_AFTER_MASK = re.compile(
    rf"\u25a0[ \t]*(?:是|为|為|属于|屬於)[ \t]*(?:我|他|她)?(?:的)?(?:{_ZH_RELATIONS})?"
    rf"(?P<name>{_ZH_NAME})(?=[ \t]*(?:的|$|[，,。；;！!？?]))"
)
_EN_TITLE = r"(?:(?:Mr|Mrs|Ms|Miss|Mx|Dr|Prof)\.?[ \t]+)"
_EN_ID_WORDS = (
    r"(?:SSN|ITIN|[Pp]assport|ID|DOB|[Pp]hone|[Mm]obile|[Cc]ell|[Tt]el|[Tt]elephone|[Nn]umber|[Cc]ard|[Ee]-?mail|[Aa]ddress"
    r"|IBAN|[Aa]ccount|[Ll]icen[cs]e|[Pp]late|VIN|WeChat|QQ|[Bb]irthday|[Ss]ocial [Ss]ecurity)"
)
# "Sarah's mobile is ■", "Jane Doe's SSN: ■".
_EN_POSSESSIVE = re.compile(
    rf"(?<![A-Za-z])(?P<name>{_EN_WORD}(?:[ \t]+{_EN_WORD}){{0,2}})['’]s[ \t]+(?:(?:new|old|work|home|cell|own|current)[ \t]+)?"
    rf"{_EN_ID_WORDS}\b[^\u25a0\u25a1\n.;]{{0,16}}[\u25a0\u25a1]"
)
# "■ belongs to Liu Yang", "■ (Li Wei)", "■, Sarah Kim", "■ in the name of John Smith".
_EN_AFTER_MASK = re.compile(
    rf"\u25a0[ \t]*(?:(?:[,(（—–-]|belongs[ \t]+to|belonging[ \t]+to|is[ \t]+for|in[ \t]+the[ \t]+name[ \t]+of|under[ \t]+the[ \t]+name"
    rf"(?:[ \t]+of)?|registered[ \t]+(?:to|in[ \t]+the[ \t]+name[ \t]+of)|issued[ \t]+to|held[ \t]+by|owned[ \t]+by|holder:?|name:?)[ \t]*)"
    rf"{_EN_TITLE}?(?P<name>{_EN_WORD}(?:[ \t]+[A-Z]\.)?(?:[ \t]+{_EN_WORD}){{1,2}})(?=[ \t]*(?:$|[,.;!?)）\n]|and\b|or\b))"
)
# "Dr. Alan Turing, tel ■": a titled name before any identifier word and a mask.
_EN_TITLED_BEFORE_MASK = re.compile(
    rf"(?<![A-Za-z]){_EN_TITLE}(?P<name>{_EN_WORD}(?:[ \t]+[A-Z]\.)?(?:[ \t]+{_EN_WORD}){{0,2}})[ \t]*[,(:—–-]?[ \t]*"
    rf"(?:{_EN_ID_WORDS}\b\.?[ \t]*(?:number|no\.?)?[ \t]*[:：]?[ \t]*)?[\u25a0\u25a1]"
)
# "Name: li wei, phone ■": a labelled name typed in lower case, next to an identifier.
_EN_LOWER_LABELLED = re.compile(
    r"(?i:\b(?:full[ \t]+name|name|contact(?:[ \t]+person)?|cardholder|account[ \t]+holder|passenger|patient|recipient))"
    r"[ \t]*[:：=][ \t]*(?P<name>[a-z]{2,12}(?:[ \t]+[a-z]{2,12}){1,2})(?=[ \t]*[,;(]|[ \t]+[\u25a0\u25a1])"
)
# A person introduced by their relation, in a text that holds their data: "my roommate Daniel Okafor … his SSN is ■",
# "our landlord, John Smith,", "my colleague named Priya Patel".
_EN_RELATIONS = (
    r"roommate|room-mate|flatmate|housemate|landlord|landlady|tenant|lodger|friend|colleague|co-?worker|boss|manager|supervisor"
    r"|wife|husband|partner|fianc[ée]e?|girlfriend|boyfriend|spouse|son|daughter|mother|father|mom|mum|dad|brother|sister"
    r"|cousin|uncle|aunt|grandma|grandpa|grandmother|grandfather|nephew|niece|in-law|neighbou?r|teacher|tutor|doctor|dentist"
    r"|nurse|lawyer|attorney|accountant|agent|realtor|broker|client|customer|patient|student|classmate|driver|nanny"
    r"|babysitter|caregiver|assistant|secretary|contractor|plumber|electrician|mechanic|therapist|coach|guy|girl|man|woman|lady"
    r"|kid|child|stepson|stepdaughter|stepmom|stepdad|guardian|employee|employer|intern|mentor|buddy|pal|mate|ex"
)
_EN_RELATION_NAME = re.compile(
    rf"(?i:\b(?:{_EN_RELATIONS}))(?:[ \t]*,|[ \t]+(?:is|was|named|called))?[ \t]+{_EN_TITLE}?"
    rf"(?P<name>{_EN_WORD}(?:[ \t]+[A-Z]\.)?(?:[ \t]+{_EN_WORD}){{1,2}})(?![A-Za-z])"
)
_EN_INTRO_ONE = re.compile(r"(?i:\bmy[ \t]+name[ \t]+is)[ \t]+(?P<name>[A-Z][a-z'’-]+)", re.ASCII)
# Words that a capitalised intro may carry but that are not names.
_NOT_NAMES = frozenset(
    "Project Report File Document Team Company Product Final New Untitled Test Server Database App Service Draft "
    "Meeting Plan Task Version Folder Page Item Order Account Group Channel Event Issue "
    "I The A An My Your Our This That Chinese American English British French German Japanese Korean "
    "Canadian Australian Indian From In At On And Of With Here There Not Very Happy Sorry Fine OK Okay "
    "Please Call Contact Text Phone Email Mobile Tel Dear Hi Hello Ask Tell Message Reach Send Ring Person Emergency "
    "Supplier Vendor Customer Client Manager Landlord Tenant Driver Doctor Dr Teacher Agent Owner Boss Colleague Friend "
    "Mom Dad Mum Uncle Aunt Cousin Neighbour Neighbor Courier Seller Buyer Host Guest Nurse Lawyer Plumber".split()
)
# A label that names a person only next to their data (a bare "name:" may name a file).
_WEAK_LABELS = ("name", "contact", "guest", "tenant", "landlord", "sender", "receiver", "nom", "holder", "attention", "driver",
                "owner")


_COMMON_MIN_FREQ = 30


@lru_cache(maxsize=1)
def _common_words() -> frozenset[str]:
    """Two- and three-character words of jieba's dictionary that are not names (公司, 明天, 经理, 金额…).

    A Chinese name is a surname and one or two characters, but so are many words; a candidate
    that is a common word of another class (or starts with one) is no name. Read once, on the
    first Chinese candidate (jieba's own dictionary, so no list of ours to fit).
    """
    import jieba

    path = os.path.join(os.path.dirname(jieba.__file__), "dict.txt")
    words = set()
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            parts = line.split(" ")
            if len(parts) == 3 and 2 <= len(parts[0]) <= 3 and not parts[2].startswith("nr") and int(parts[1]) >= _COMMON_MIN_FREQ:
                words.add(parts[0])
    return frozenset(words)


_PERSON_WORDS = frozenset(_ZH_PERSON_WORDS.split("|"))


def _zh_word_not_name(name: str) -> bool:
    """Whether a Chinese candidate is a common word (or a relation or role word), not a name."""
    core = re.sub(r"(?:先生|女士|小姐)$", "", name)
    if core in _PERSON_WORDS or core[:2] in _PERSON_WORDS:
        return True
    if len(core) == 1:
        return False  # 王先生
    common = _common_words()
    return core in common or core[:2] in common


_SURNAME_FIRST = frozenset(c for part in _SURNAMES.split("|") for c in (part if len(part) > 2 else part[:1]))
_OPAQUE_RUN = re.compile(r"[\u25a0\u25a1]+")
_BEFORE_MASK_REACH = 24


def _zh_name_before(text: str, start: int, mask: int) -> tuple[int, int] | None:
    """The Chinese name starting at ``start`` that owns the mask at ``mask`` (``None``: none starts there)."""
    if text[start] not in _SURNAME_FIRST:
        return None
    before = text[start - 1] if start else ""
    if "\u4e00" <= before <= "\u9fff" and not _ZH_LEAD_WORD.search(text, max(0, start - 4), start):
        return None
    match = _ZH_BEFORE_MASK.match(text, start, mask + 1)
    if match is None or match.end() != mask + 1:
        return None
    name = match.group("name")
    if name[:2] in _ZH_NOT_NAMES or _zh_word_not_name(name):
        return None
    return match.span("name")


def _zh_before_masks(text: str) -> Iterator[tuple[int, int]]:
    """Chinese names that own the masked identifier after them ("同事李娜的手机是■"): for each mask, the
    leftmost name within a few characters before it that starts after a boundary or a person word."""
    for run in _OPAQUE_RUN.finditer(text):
        mask = run.start()
        starts = range(max(0, mask - _BEFORE_MASK_REACH), mask)
        span = next((found for found in (_zh_name_before(text, start, mask) for start in starts) if found), None)
        if span is not None:
            yield span


_EN_CHECKED = (_EN_LABELLED, _EN_INTRO, _EN_INTRO_ONE, _EN_BEFORE_ID, _EN_NEXT_TO_MASK, _EN_POSSESSIVE,
               _EN_AFTER_MASK, _EN_TITLED_BEFORE_MASK, _EN_RELATION_NAME)
_ZH_NOT_NAME_CHECKED = (_ZH_LABELLED, _ZH_INTRO, _ZH_BEFORE_ID, _ZH_AFTER_MASK, _ZH_BEFORE_MASK, _ZH_AFTER_MASK_END,
                        _ZH_OWNER_AFTER_MASK)
_ZH_WORD_CHECKED = (_ZH_BEFORE_ID, _ZH_BEFORE_MASK, _ZH_AFTER_MASK_END, _ZH_OWNER_AFTER_MASK)


def _en_label_rejected(text: str, pattern: re.Pattern[str], match: re.Match[str], start: int,
                       has_identity_number: bool) -> bool:
    """Whether a labelled English name is no form field: a bare weak label with no data, or no ``:``/``is``."""
    if pattern is not _EN_LABELLED:
        return False
    if not has_identity_number and match.group(0).lower().startswith(_WEAK_LABELS):
        return True  # a bare "name:" labels a person only next to their data
    return not re.search(r"[:：=–—]|\bis\b|['’]s\b|[ \t]-[ \t]", text[match.start():start])  # "the customer John" is no form field


def _en_name(text: str, pattern: re.Pattern[str], match: re.Match[str],
             has_identity_number: bool) -> tuple[int, int] | None:
    """The span of an English name match, without leading non-name words (``None``: it is no name)."""
    name = match.group("name")
    start, end = match.span("name")
    words = name.replace(".", " ").split()
    while pattern is _EN_NEXT_TO_MASK and len(words) > 2 and words[0] in _NOT_NAMES:
        start += text.index(words[1], start + len(words[0])) - start  # "Call Mary Johnson ■"
        name, words = text[start:end], words[1:]
    if words and words[0] in _NOT_NAMES:
        return None
    if text[end:end + 1] == "." and text[end + 1:end + 2].isalnum():
        return None  # a file name such as "Report Final.docx"
    if _en_label_rejected(text, pattern, match, start, has_identity_number):
        return None
    return start, start + len(name.rstrip(" ,"))


def _zh_name(pattern: re.Pattern[str], match: re.Match[str]) -> tuple[int, int] | None:
    """The span of a Chinese (or unchecked) name match (``None``: a common word or a non-name)."""
    name = match.group("name")
    if pattern in _ZH_NOT_NAME_CHECKED and name[:2] in _ZH_NOT_NAMES:
        return None
    if pattern in _ZH_WORD_CHECKED and _zh_word_not_name(name):
        return None
    return match.span("name")


def find_names(text: str, has_identity_number: bool) -> Iterator[tuple[int, int]]:
    """Spans of personal names in ``text``.

    Args:
        text: The normalised text.
        has_identity_number: Whether an ID, passport, SSN, card or phone was found in
            ``text``; introduced names ("我叫…", "my name is…") count only then.
    """
    patterns = [_ZH_LABELLED, _EN_LABELLED]
    if has_identity_number:
        patterns += [_ZH_INTRO, _EN_INTRO, _EN_INTRO_ONE, _ZH_BEFORE_ID, _EN_BEFORE_ID, _EN_NEXT_TO_MASK, _ZH_AFTER_MASK,
                     _ZH_AFTER_MASK_END, _ZH_OWNER_AFTER_MASK, _EN_POSSESSIVE, _EN_AFTER_MASK, _EN_TITLED_BEFORE_MASK,
                     _EN_LOWER_LABELLED, _EN_RELATION_NAME]
        yield from _zh_before_masks(text)
    for pattern in patterns:
        for match in pattern.finditer(text):
            span = _en_name(text, pattern, match, has_identity_number) if pattern in _EN_CHECKED else _zh_name(pattern, match)
            if span is not None:
                yield span
