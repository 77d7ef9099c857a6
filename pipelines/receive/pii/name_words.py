"""The words around a person's name: Chinese surnames, relations, roles and titles, identifier words,
and the words that look like a name but are none.

:mod:`pipelines.receive.pii.names` builds its patterns from these; a Chinese candidate is also
tested here against jieba's dictionary of common words (:func:`zh_word_not_name`).
"""
from __future__ import annotations

import os
import re
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
SURNAME = "(?:" + "|".join([s for s in _SURNAMES.split("|") if len(s) == 2] + [f"[{_SURNAMES.split('|')[-1]}]"]) + ")"
# A given-name character: CJK, but not the start of a word that follows a name in a form.
GIVEN = (
    r"(?:(?!身份|护照|电话|手机|证件|证号|性别|男|女|年龄|出生|住址|地址|卡号|银行|邮箱|的|是|在|和|与|及|先生|女士|小姐|同学|老师"
    r"|号|今年|岁|联系|民族|籍贯|工作|请|我|你|他|她)[\u4e00-\u9fff])"
)
SURNAME_FIRST = frozenset(c for part in _SURNAMES.split("|") for c in (part if len(part) > 2 else part[:1]))
ZH_NAME = rf"{SURNAME}{GIVEN}{{1,2}}"
# Words that start with a surname character but are not names ("收货人：信息待补").
ZH_NOT_NAMES = frozenset(
    "信息 关系 方式 方法 方面 管理 安全 时间 金额 余额 全部 全名 全称 明细 成功 信用 平台 文件 马上 向导 于是 万一 常用 司机 计划 单位 "
    "未知 未填 待定 无 暂无 不详 空 谢谢 多谢 车牌 车架 车辆 车主 学号 学生 学籍 社保 医保 门诊 住院 病历 病案 体检 准考 考生 "
    "支付 抖音 微信 公积 护照 香港 澳门 台湾 台灣 国际 房东 房租 江湖 邮箱 电话 手机 银行 尾号 单号 快递 司机 工号 "
    # 那 and a measure word is "that one", not the surname Na: 「京A-12345 那辆车」
    "那辆 那輛 那台 那个 那個 那张 那張 那部 那位 那些 那种 那種 那边 那邊 那天 那家 那只 那隻 那件 那次 那里 那裡".split()
)
# Role words a name may follow with no separator (乘客陈志强，证件号码…).
ZH_ROLE = "乘客|旅客|患者|病人|客户|用户|学生|员工|住户|业主|房东|租客|买家|卖家|司机|本人|家长|孩子|老婆|老公|妻子|丈夫|父亲|母亲"
# Words that introduce a person before their name: relations and roles, then verbs of addressing.
ZH_RELATIONS = (
    "同事|朋友|同学|老婆|老公|妻子|丈夫|太太|爱人|爸爸|妈妈|爸|妈|父亲|母亲|儿子|女儿|哥哥|姐姐|弟弟|妹妹|哥|姐|弟|妹|表哥|表姐|表弟|表妹"
    "|堂哥|堂姐|堂弟|堂妹|舅舅|阿姨|叔叔|姑姑|爷爷|奶奶|外婆|外公|姥姥|老板|领导|经理|主管|客户|房东|租客|邻居|室友|师傅|老师|医生|护士"
    "|律师|司机|快递员|联系人|收件人|收货人|寄件人|乘客|旅客|患者|病人|学生|员工|用户|业主|住户|孩子|宝宝|男友|女友|男朋友|女朋友|对象"
    "|闺蜜|兄弟|助理|秘书|会计|同桌|班主任|教练|保姆|家长|本人|机主|户主|持卡人|买家|卖家|租户|新人|候选人|面试者|学员|嫂子|姐夫|妹夫"
)
ZH_PERSON_WORDS = (
    ZH_RELATIONS + "|给|找|叫|问|帮|让|转给|交给|通知|联系|告诉|是|和|跟|与|及|或|替|为|把|请|麻烦|记住|记下|记一下|记录|加上|存一下"
)
# Words for an identifier a name may own (手机, 身份证, 工行卡…).
ZH_ID_WORD = (
    r"(?:身份证|身份證|身分證|身分证|护照|護照|证件|證件|手机|手機|电话|電話|座机|银行卡|卡号|卡號|微信|QQ|qq|邮箱|郵箱|地址|住址|社保|医保|车牌|車牌"
    r"|学号|學號|病历|账号|帳號|号码|號碼|联系方式|聯絡方式|联络方式|工号"
    # any bank's card or account: 工行卡, 招行卡号, 建行账户
    r"|[\u4e00-\u9fff]{1,4}(?:卡号|卡號|卡|账户|帳戶))"
)
# Titles after a name: 钟丽萍老师, 王医生, 李总.
ZH_TITLE = "先生|女士|小姐|老师|老師|医生|醫生|大夫|律师|律師|师傅|師傅|经理|經理|主任|教授|总|總|阿姨|叔叔|同学|同學"
# English titles and identifier words around a name.
EN_TITLE = r"(?:(?:Mr|Mrs|Ms|Miss|Mx|Dr|Prof)\.?[ \t]+)"
EN_ID_WORDS = (
    r"(?:SSN|ITIN|[Pp]assport|ID|DOB|[Pp]hone|[Mm]obile|[Cc]ell|[Tt]el|[Tt]elephone|[Nn]umber|[Cc]ard|[Ee]-?mail|[Aa]ddress"
    r"|IBAN|[Aa]ccount|[Ll]icen[cs]e|[Pp]late|VIN|WeChat|QQ|[Bb]irthday|[Ss]ocial [Ss]ecurity)"
)
# Relations that introduce a person by name: "my roommate Daniel Okafor", "our landlord, John Smith".
EN_RELATIONS = (
    r"roommate|room-mate|flatmate|housemate|landlord|landlady|tenant|lodger|friend|colleague|co-?worker|boss|manager|supervisor"
    r"|wife|husband|partner|fianc[ée]e?|girlfriend|boyfriend|spouse|son|daughter|mother|father|mom|mum|dad|brother|sister"
    r"|cousin|uncle|aunt|grandma|grandpa|grandmother|grandfather|nephew|niece|in-law|neighbou?r|teacher|tutor|doctor|dentist"
    r"|nurse|lawyer|attorney|accountant|agent|realtor|broker|client|customer|patient|student|classmate|driver|nanny"
    r"|babysitter|caregiver|assistant|secretary|contractor|plumber|electrician|mechanic|therapist|coach|guy|girl|man|woman|lady"
    r"|kid|child|stepson|stepdaughter|stepmom|stepdad|guardian|employee|employer|intern|mentor|buddy|pal|mate|ex"
)
# Words that a capitalised intro may carry but that are not names.
NOT_NAMES = frozenset(
    "Project Report File Document Team Company Product Final New Untitled Test Server Database App Service Draft "
    "Meeting Plan Task Version Folder Page Item Order Account Group Channel Event Issue "
    "I The A An My Your Our This That Chinese American English British French German Japanese Korean "
    "Canadian Australian Indian From In At On And Of With Here There Not Very Happy Sorry Fine OK Okay "
    "Please Call Contact Text Phone Email Mobile Tel Dear Hi Hello Ask Tell Message Reach Send Ring Person Emergency "
    "Supplier Vendor Customer Client Manager Landlord Tenant Driver Doctor Dr Teacher Agent Owner Boss Colleague Friend "
    "Mom Dad Mum Uncle Aunt Cousin Neighbour Neighbor Courier Seller Buyer Host Guest Nurse Lawyer Plumber "
    "User Users".split()
)
# A label that names a person only next to their data (a bare "name:" may name a file).
WEAK_LABELS = ("name", "contact", "guest", "tenant", "landlord", "sender", "receiver", "nom", "holder", "attention", "driver",
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


_PERSON_WORDS = frozenset(ZH_PERSON_WORDS.split("|"))
_COMPOUND_SURNAMES = frozenset(s for s in _SURNAMES.split("|") if len(s) == 2)


def zh_word_not_name(name: str) -> bool:
    """Whether a Chinese candidate is a common word (or a relation or role word), not a name.

    Args:
        name: The candidate, a surname and one or two characters, perhaps with 先生, 女士 or 小姐.

    Returns:
        ``True`` when the candidate (or its first two characters) is a person word or a common
        word of jieba's dictionary; a lone surname before a title (王先生) is a name.
    """
    core = re.sub(r"(?:先生|女士|小姐)$", "", name)
    if core in _PERSON_WORDS or core[:2] in _PERSON_WORDS:
        return True
    if len(core) == 1:
        return False  # 王先生
    common = _common_words()
    if core[:2] in _COMPOUND_SURNAMES:
        return core in common  # 欧阳娜娜: the first two characters are the surname, no word of their own
    return core in common or core[:2] in common


def zh_starts_word(chars: str) -> bool:
    """Whether ``chars`` (two or three characters after a candidate name's second one) begin a common word.

    Args:
        chars: The characters from the candidate's last character on.

    Returns:
        ``True`` when its first two or three characters are a common word of jieba's dictionary, so the
        candidate's last character belongs to the word after the name.
    """
    common = _common_words()
    return chars[:2] in common or chars[:3] in common
