"""What a memory is about (its subject) and what it says about it (its value).

The update rule of the writer rests on this module. A memory's **subject** is a pair
``(slot, qualifier)``: ``slot`` names the attribute in one language-neutral word
(``"residence"``, ``"employer"``, ``"deadline"``, ``"allergy"``, ``"pref"`` …) and
``qualifier`` says which one when the user can hold several (the allergen, the liked
thing, the person the fact is about, the project a deadline belongs to). Its **value** is
the canonical form of what is said (``"12-20"`` for "December 20" and "12月20日", ``"+"``
/ ``"-"`` for liking / disliking, a place, a number).

* Same subject, same value: the same fact said again (merge).
* Same subject, different value: an update (the newer supersedes the older).
* Different subject: distinct facts, both kept ("allergic to seafood" never touches
  "allergic to peanuts", whatever the cosine of the two sentences).

Qualifiers are compared after canonicalisation (case, articles, possessives, plurals, and a
small zh/en lexicon so that 花生 = peanut, 项目 = project); the writer adds the embedder for
qualifiers the lexicon does not know (:data:`QUALIFIER_SIMILARITY`). Event slots (deadline,
meeting, exam …) treat a missing qualifier as "the one the user has": "the deadline moved
to Dec 20" updates "my project deadline is Dec 15".
"""
from __future__ import annotations

import re
from dataclasses import dataclass

_CJK = re.compile(r"[\u3400-\u9fff]")

#: Cosine two qualifiers unknown to the lexicon need (in different languages) to be one subject.
QUALIFIER_SIMILARITY = 0.93

#: Slots whose qualifier is an optional modifier: an unqualified statement means the
#: user's only one ("the deadline" = "the project deadline" when there is one deadline).
EVENT_SLOTS = frozenset(
    "deadline appointment meeting interview exam flight trip wedding party surgery presentation "
    "vacation birthday_party move_date launch release due_date".split()
)

_PAIRS = """
peanut 花生|seafood 海鲜|shellfish 贝类|shrimp 虾|milk 牛奶|dairy 乳制品|egg 鸡蛋|gluten 麸质|wheat 小麦|
soy 大豆|fish 鱼|nut 坚果|tree nut 坚果|pollen 花粉|dust 灰尘|dust mite 尘螨|cat hair 猫毛|penicillin 青霉素|
mango 芒果|sesame 芝麻|alcohol 酒精|latex 乳胶|bee sting 蜜蜂|
coffee 咖啡|tea 茶|green tea 绿茶|black tea 红茶|milk tea 奶茶|beer 啤酒|wine 红酒|juice 果汁|cola 可乐|
spicy food 辣|spicy food 辣的|spicy food 辣的东西|spicy food 吃辣|cilantro 香菜|coriander 香菜|durian 榴莲|
sushi 寿司|pizza 披萨|hot pot 火锅|noodle 面条|rice 米饭|meat 肉|pork 猪肉|beef 牛肉|chicken 鸡肉|lamb 羊肉|
mutton 羊肉|vegetable 蔬菜|fruit 水果|chocolate 巧克力|ice cream 冰淇淋|sweet 甜食|dessert 甜点|garlic 大蒜|
onion 洋葱|tofu 豆腐|dumpling 饺子|apple 苹果|banana 香蕉|
jazz 爵士乐|rock 摇滚|rock music 摇滚乐|classical music 古典音乐|pop music 流行音乐|music 音乐|movie 电影|
film 电影|reading 读书|reading 看书|book 书|running 跑步|swimming 游泳|hiking 爬山|hiking 徒步|cooking 做饭|
travel 旅行|traveling 旅游|yoga 瑜伽|basketball 篮球|football 足球|soccer 足球|tennis 网球|badminton 羽毛球|
chess 象棋|game 游戏|video game 电子游戏|photography 摄影|painting 画画|dancing 跳舞|singing 唱歌|
cycling 骑车|fishing 钓鱼|guitar 吉他|piano 钢琴|meeting 开会|early morning 早起|overtime 加班|
dog 狗|cat 猫|rabbit 兔子|hamster 仓鼠|parrot 鹦鹉|goldfish 金鱼|turtle 乌龟|bird 鸟|puppy 小狗|kitten 小猫|
wife 妻子|wife 老婆|wife 太太|husband 丈夫|husband 老公|husband 先生|son 儿子|daughter 女儿|kid 孩子|child 孩子|
mother 妈妈|mother 母亲|mom 妈妈|father 爸爸|father 父亲|dad 爸爸|sister 姐姐|sister 妹妹|brother 哥哥|
brother 弟弟|girlfriend 女朋友|boyfriend 男朋友|partner 伴侣|boss 老板|manager 经理|manager 领导|
colleague 同事|friend 朋友|roommate 室友|grandmother 奶奶|grandmother 外婆|grandfather 爷爷|grandfather 外公|
english 英语|english 英文|chinese 中文|chinese 汉语|chinese 普通话|mandarin 普通话|cantonese 粤语|japanese 日语|
korean 韩语|french 法语|german 德语|spanish 西班牙语|russian 俄语|italian 意大利语|
project 项目|report 报告|thesis 论文|paper 论文|proposal 方案|proposal 提案|homework 作业|assignment 作业|
tax 税|tax return 报税|contract 合同|application 申请|visa 签证|exam 考试|interview 面试|
dentist 牙医|doctor 医生|flight 航班|trip 旅行|wedding 婚礼|surgery 手术|presentation 汇报|meeting 会议|
diabetes 糖尿病|asthma 哮喘|high blood pressure 高血压|hypertension 高血压|migraine 偏头痛|insomnia 失眠|
depression 抑郁症|anxiety 焦虑症|heart disease 心脏病|back pain 腰疼|back pain 腰痛|eczema 湿疹|
gout 痛风|anemia 贫血|lactose intolerance 乳糖不耐受|pregnant 怀孕|
birthday 生日|name 名字|age 年龄|phone 手机号|phone 手机|phone 电话|phone 电话号码|phone 手机号码|email 邮箱|
address 地址|blood type 血型|zodiac 星座|favorite color 最喜欢的颜色|height 身高|weight 体重|salary 工资|
salary 薪水|headhunter 猎头|recruiter 猎头|deadline 截止日期|deadline 截止时间|deadline 截稿日期|deadline ddl|due date 交付日期|
"""

LEXICON: dict[str, str] = {}
for _pair in _PAIRS.replace("\n", "").split("|"):
    if _pair.strip():
        _en, _zh = _pair.strip().rsplit(" ", 1)
        LEXICON.setdefault(_zh, _en)
        LEXICON.setdefault(_en, _en)

_ARTICLES = re.compile(r"^(?:(?:the|a|an|my|our|your|his|her|their|some|any|all|this|that|these|those)\s+)+", re.I)
_ZH_DET = re.compile(r"^(?:我的|我们的|我们|我|咱们的|用户的|用户|这个|那个|这|那)")
_ZH_MEASURE = re.compile(r"^(?:[一二两三四五六七八九十几\d]+(?:只|条|个|位|家|门|项|份|种|类)|只|条|个|位)")


def _singular(word: str) -> str:
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


def canon_qualifier(text: str | None) -> str | None:
    """The canonical form of a qualifier: lower case, no article/possessive, singular, lexicon-mapped."""
    if not text:
        return None
    t = text.strip().strip(" .,!。，！、“”\"'").casefold()
    t = _ARTICLES.sub("", t)
    t = _ZH_DET.sub("", t)
    t = _ZH_MEASURE.sub("", t)
    t = re.sub(r"(?:的|了|啦|呢)+$", "", t).strip()
    if not t:
        return None
    if t in LEXICON:
        return LEXICON[t]
    words = t.split()
    single = " ".join(_singular(w) for w in words)
    if single in LEXICON:
        return LEXICON[single]
    return single


_MONTHS = {m: i + 1 for i, m in enumerate(
    "january february march april may june july august september october november december".split())}
_MONTHS.update({m[:3]: i for m, i in list(_MONTHS.items())})
_MONTHS["sept"] = 9
_EN_DATES = (re.compile(r"\b(?P<m>[a-z]{3,9})\.?\s+(?P<d>\d{1,2})(?:st|nd|rd|th)?\b", re.I),
             re.compile(r"\b(?P<d>\d{1,2})(?:st|nd|rd|th)?(?:\s+of)?\s+(?P<m>[a-z]{3,9})\b", re.I))
_ZH_DATE = re.compile(r"(?P<m>\d{1,2})月(?P<d>\d{1,2})[日号]?")
_ISO_DATE = re.compile(r"\b(?:\d{4}[-/.])?(?P<m>\d{1,2})[-/.](?P<d>\d{1,2})\b")
_ZH_NUM = {"零": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9, "十": 10}
_EN_NUM = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve".split())}
_EN_NUM.update({"a": 1, "an": 1, "single": 1, "twin": 2, "twins": 2, "couple": 2})


def zh_number(text: str) -> int | None:
    """``"三"`` → 3, ``"十二"`` → 12, ``"32"`` → 32; None when not a number."""
    if text.isdigit():
        return int(text)
    if not text or any(c not in _ZH_NUM for c in text):
        return None
    if "十" in text:
        head, _, tail = text.partition("十")
        return (_ZH_NUM[head] if head else 1) * 10 + (_ZH_NUM[tail] if tail else 0)
    return _ZH_NUM[text] if len(text) == 1 else None


def number(text: str) -> int | None:
    """A small count in digits, English words or Chinese numerals."""
    t = text.strip().casefold()
    if t in _EN_NUM:
        return _EN_NUM[t]
    return zh_number(t)


def canon_date(text: str) -> str | None:
    """``"MM-DD"`` for a month-day date in English, Chinese or digits; None when there is none."""
    text = re.sub(r"[一二三四五六七八九十]+(?=月|日|号)", lambda m: str(zh_number(m.group(0)) or m.group(0)), text)
    for pattern in (_ZH_DATE, _ISO_DATE):
        m = pattern.search(text)
        if m and 1 <= int(m.group("m")) <= 12 and 1 <= int(m.group("d")) <= 31:
            return f"{int(m.group('m')):02d}-{int(m.group('d')):02d}"
    for pattern in _EN_DATES:
        for m in pattern.finditer(text):
            month = _MONTHS.get(m.group("m").casefold())
            day = int(m.group("d"))
            if month and 1 <= day <= 31:
                return f"{month:02d}-{day:02d}"
    return None


_VALUE_NOISE = re.compile(r"^(?:(?:is|are|was|now|still|currently|at|in|on|to|the|a|an|be|been)\s+|(?:现在|目前|在|是|为|到|了))", re.I)


def canon_value(text: str | None) -> str | None:
    """The canonical value: a date as ``MM-DD``, else lower-cased words without filler."""
    if text is None:
        return None
    date = canon_date(text)
    if date:
        return date
    t = text.strip().strip(" .,!。，！“”\"'（）()").casefold()
    prev = None
    while prev != t:
        prev, t = t, _VALUE_NOISE.sub("", t).strip()
    t = re.sub(r"(?:了|啦|呢|吧)+$", "", t)
    count = number(t) if t and " " not in t else None
    if count is not None:
        return str(count)
    return LEXICON.get(t, t) or None


@dataclass(frozen=True)
class Subject:
    """What a memory is about and what it says. ``slot is None``: no known subject."""

    slot: str | None
    qualifier: str | None = None
    value: str | None = None

    @property
    def keyed(self) -> bool:
        """True when the memory has a known subject."""
        return self.slot is not None


def is_cjk(text: str | None) -> bool:
    """True when ``text`` holds Chinese characters."""
    return bool(text and _CJK.search(text))


def qualifier_match(a: Subject, b: Subject) -> bool | None:
    """Do two subjects of one slot name the same thing?

    Returns:
        True or False when the lexicon decides; None when the qualifiers are unknown words
        of two different languages (the caller may ask the embedder).
    """
    if a.qualifier == b.qualifier:
        return True
    if a.qualifier is None or b.qualifier is None:
        return a.slot in EVENT_SLOTS
    if is_cjk(a.qualifier) != is_cjk(b.qualifier):
        return None
    return False


def same_subject(a: Subject, b: Subject) -> bool | None:
    """True/False when decidable without the embedder, None when it needs qualifier similarity."""
    if not a.keyed or not b.keyed or a.slot != b.slot:
        return False
    return qualifier_match(a, b)
