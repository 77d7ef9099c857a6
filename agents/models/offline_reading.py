"""How the offline responder reads a user's message: its language, its kind, its topics.

No model, no word lists per user: a small, fixed table of everyday topics (where one
lives, work, family, health, food, dates...) with English and Chinese cue words, so that
"What is my job?" meets a note "用户在一家物流公司做数据工程师" and "我住在哪里？" meets
"User lives in Berlin." without sharing a single word. The table only re-orders notes that
recall already chose; it never decides whether a note is shown at all.
"""
from __future__ import annotations

import enum
import functools
import re

from pipelines.extract.trigger import ZH_WHICH_DAY_OR_HOW_OFTEN

_CJK_RE = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_CJK_RUN_RE = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")
_LATIN_WORD_RE = re.compile(r"[A-Za-z]+")
_WORD_RE = re.compile(r"[a-z0-9]+")

_STOPWORDS = frozenset(
    "a an the is are was were be been am i me my mine you your we our it its he she they "
    "them his her their this that these those what which who whom when where why how do "
    "does did to of in on at for with about and or not no yes can could would should will "
    "please tell know remember any some user".split()
)
_CJK_STOP_BIGRAMS = frozenset(
    ["我的", "你的", "什么", "是什", "么是", "一下", "记得", "你记", "请问", "知道", "你知", "用户", "户的"]
)


class Kind(str, enum.Enum):
    """What a message asks of the assistant."""

    QUESTION = "question"
    STATEMENT = "statement"
    GREETING = "greeting"
    THANKS = "thanks"


def has_cjk(text: str) -> bool:
    """Whether ``text`` contains Chinese (CJK ideograph) characters."""
    return _CJK_RE.search(text) is not None


def prefers_chinese(text: str) -> bool:
    """Whether to answer ``text`` in Chinese: it has Chinese and no more English words than
    Chinese characters ("我住在Berlin吗" → yes; "What does 龙井 mean?" → no)."""
    cjk = len(_CJK_RE.findall(text))
    return cjk > 0 and cjk >= len(_LATIN_WORD_RE.findall(text))


_EN_QUESTION_START = re.compile(
    r"^\s*(?:what|what's|whats|when|where|who|whom|whose|which|why|how|do|does|did|is|are|am|was|"
    r"were|can|could|will|would|should|shall|have|has|had|may|might|any|anything)\b",
    re.I,
)
_EN_QUESTION_ANY = re.compile(
    r"\b(?:tell me|remind me|do you (?:know|remember|recall)|what do you|list (?:my|what)|show me|"
    r"i (?:forgot|forget|wonder)|any idea)\b",
    re.I,
)
_ZH_QUESTION = re.compile(
    r"[吗嘛呢][\s。！!~～…]*$|什么|什麼|哪|几[点号月天岁个年]|谁|多少|怎么|怎樣|怎样|为什么|为何|是否|有没有|"
    r"是不是|如何|多大|多久|何时|啥|告诉我|提醒我|你(?:还)?记得|你知道|说说|列出|" + ZH_WHICH_DAY_OR_HOW_OFTEN
)
# A bare topic ("my job", "我的生日") asks what is remembered about it.
_EN_BARE_TOPIC = re.compile(r"^\s*(?:my|our)\s+[a-z'-]+(?:\s+[a-z'-]+)?\s*[.!]*\s*$", re.I)
_ZH_BARE_TOPIC = re.compile(r"^\s*(?:我的|我们的)[^\s是在有叫住喜爱要想会去。，,!！]{1,6}[。!！]?\s*$")
_GREETING = re.compile(
    r"^\s*(?:hi|hello|hey|good (?:morning|afternoon|evening)|你好|您好|嗨|早上好|晚上好|下午好|哈喽)"
    r"[\s,，.!！。~～]*(?:there|again|呀|啊)?[\s,，.!！。~～]*$",
    re.I,
)
_THANKS = re.compile(
    r"^\s*(?:thanks?(?: you)?(?: so much| a lot)?|thx|ty|cheers|谢谢(?:你|您)?|多谢|感谢)[\s,，.!！。~～]*$", re.I
)


def message_kind(text: str) -> Kind:
    """Whether ``text`` is a question (or request to recall), a greeting, thanks, or a statement."""
    stripped = text.strip()
    if _GREETING.match(stripped):
        return Kind.GREETING
    if _THANKS.match(stripped):
        return Kind.THANKS
    if "?" in stripped or "？" in stripped:
        return Kind.QUESTION
    if _EN_QUESTION_START.match(stripped) or _EN_QUESTION_ANY.search(stripped):
        return Kind.QUESTION
    if _ZH_QUESTION.search(stripped):
        return Kind.QUESTION
    if _EN_BARE_TOPIC.match(stripped) or _ZH_BARE_TOPIC.match(stripped):
        return Kind.QUESTION
    return Kind.STATEMENT


def stem(word: str) -> str:
    """A light English stem so "live" meets "lives"/"living" and "answer" meets "answers"."""
    for suffix in ("ing", "ed", "es", "s"):
        if len(word) > len(suffix) + 2 and word.endswith(suffix):
            return word[: -len(suffix)].rstrip("e") if suffix != "s" else word[:-1].rstrip("e")
    return word.rstrip("e") if len(word) > 3 else word


_QUOTE_FRAME = re.compile(r'^\s*(?:User said: "|用户说：“)|["”]\.?\s*$')
"""The frame extraction puts around a note kept in the user's words (``User said: "..."``,
「用户说：“...”」): it says how the note was kept, not what it is about (「说」 would read as
the *language* topic), so matching reads the quoted words only."""

_ZH_CONTENT_POS = ("n", "v", "a", "s", "t")
"""jieba POS tags (first letter) of a one-character word that carries content (药, 住, 做, 学)."""
_ZH_STOP_WORDS = frozenset("是 有 在 能 会 要 想 去 来 说 让 给 用 把 被 得 着 过 了 的 个 人 事 东西".split())


def _content(text: str) -> str:
    return _QUOTE_FRAME.sub("", text)


@functools.lru_cache(maxsize=4096)
def _zh_single_words(run: str) -> frozenset[str]:
    """One-character content words of a Chinese run (jieba POS), which character bigrams miss:
    「我用什么药」 holds 药, 「他学啥的」 holds 学; empty without jieba."""
    try:
        import jieba
        import jieba.posseg as posseg
    except ImportError:  # pragma: no cover - jieba is a requirement
        return frozenset()
    jieba.setLogLevel(60)
    return frozenset(w for w, tag in posseg.cut(run)
                     if len(w) == 1 and tag[:1] in _ZH_CONTENT_POS and w not in _ZH_STOP_WORDS)


def lexical_terms(text: str) -> set[str]:
    """The terms used for relevance: lower-cased latin words, Chinese character bigrams and
    one-character Chinese content words.

    A Chinese run of one character counts as itself. Common function words are dropped so
    that "what is my ..." does not match every note, and so are one-letter latin tokens
    (the "s" of "what's" would otherwise meet every "he's").
    """
    lowered = _content(text).lower()
    terms = {stem(w) for w in _WORD_RE.findall(lowered)
             if w not in _STOPWORDS and (len(w) > 1 or w.isdigit())}
    for run in _CJK_RUN_RE.findall(lowered):
        if len(run) == 1:
            terms.add(run)
            continue
        terms.update(run[i : i + 2] for i in range(len(run) - 1))
        terms.update(_zh_single_words(run))
    return terms - _CJK_STOP_BIGRAMS


# Topic -> (English cue words, stemmed when matched; Chinese cue substrings).
_TOPICS: dict[str, tuple[str, str]] = {
    "home": (
        "live lives living lived home city town address move moved moving reside based located hometown "
        "country neighbourhood neighborhood apartment flat relocate relocated",
        "住 城市 搬 地址 老家 家乡 定居 哪里人 居住 公寓",
    ),
    "work": (
        "job work works working worked occupation profession career employer company employed engineer "
        "developer manager teacher doctor nurse designer analyst office colleague boss position role "
        "scientist lawyer accountant programmer",
        "工作 职业 公司 上班 工程师 做什么 老板 同事 职位 岗位 单位 行业 就职 任职 经理 老师 医生 程序员 设计师",
    ),
    "health": (
        "allergic allergy allergies health medical medicine medication condition asthma diabetes sick "
        "illness injury blood pressure doctor hospital",
        "过敏 健康 病 药 医 哮喘 糖尿病 血压 受伤 身体",
    ),
    "food": (
        "food eat eats eating diet vegetarian vegan meat cook cooking dish meal restaurant lunch dinner "
        "breakfast peanut peanuts gluten dairy spicy cuisine",
        "吃 食 素 饭 菜 饮食 餐 花生 辣 忌口 口味",
    ),
    "drink": (
        "drink drinks drinking tea coffee beer wine juice milk latte espresso alcohol",
        "喝 茶 咖啡 酒 饮料 奶",
    ),
    "birthday": (
        "birthday born birth age old anniversary",
        "生日 出生 岁 年龄 纪念日",
    ),
    "family": (
        "family kid kids child children son sons daughter daughters wife husband married spouse partner "
        "parent parents mother father mom mum dad brother sister baby twins girlfriend boyfriend",
        "家人 孩子 儿子 女儿 妻子 丈夫 老婆 老公 结婚 父母 妈妈 爸爸 母亲 父亲 兄弟 姐妹 哥哥 弟弟 姐姐 妹妹 宝宝 家庭 家里 男朋友 女朋友 对象",
    ),
    "pet": ("pet pets dog dogs cat cats puppy kitten", "宠物 狗 猫"),
    "schedule": (
        "deadline due project schedule date meeting appointment plan plans planning trip travel flight "
        "launch release exam interview vacation holiday",
        "截止 期限 项目 交付 日程 会议 约 计划 旅行 出差 什么时候 哪天 日期 航班 上线 发布 考试 面试 假期 度假",
    ),
    "language": (
        "language languages speak speaks english chinese mandarin cantonese french german japanese spanish korean",
        # 说 / 讲 alone are "say" / "tell" far more often than "speak" (「谁说要减的？」 met every note quoting what
        # someone said); a language is asked about by its name or by 语言
        "语言 说话 讲话 会说 会讲 英语 中文 普通话 外语 日语 法语 德语 粤语 韩语",
    ),
    "name": ("name named called nickname", "名字 叫 姓 称呼"),
    "contact": ("phone number email mail contact wechat mobile", "电话 手机 号码 邮箱 邮件 微信 联系"),
    "likes": (
        "like likes liked prefer prefers preferred favorite favourite love loves hate hates dislike "
        "dislikes enjoy enjoys fan",
        "喜欢 爱 讨厌 偏好 最爱 不喜欢 热爱 偏爱",
    ),
    "hobby": (
        "hobby hobbies sport sports play plays game games music read reading book books movie movies "
        "film run running swim swimming hike hiking guitar piano",
        "爱好 运动 音乐 书 电影 跑步 游泳 爬山 徒步 吉他 钢琴 游戏 兴趣",
    ),
    "style": (
        "answer answers reply replies response responses concise short brief detailed verbose style format tone",
        "回答 回复 简洁 简短 详细 风格 格式 语气",
    ),
    "study": (
        "school university college study studies studying degree major student graduate course",
        "学校 大学 学习 专业 学生 毕业 课程 学位",
    ),
    "money": ("salary money budget price cost pay income", "工资 薪水 钱 预算 价格 收入"),
    "car": ("car drive drives driving vehicle bike bicycle commute", "车 开车 驾驶 自行车 通勤"),
}

_EN_CUES: dict[str, set[str]] = {}
_ZH_CUES: list[tuple[str, str]] = []
for _topic, (_en, _zh) in _TOPICS.items():
    for _word in _en.split():
        _EN_CUES.setdefault(stem(_word), set()).add(_topic)
    _ZH_CUES.extend((_cue, _topic) for _cue in _zh.split())


def topics(text: str) -> set[str]:
    """The everyday topics ``text`` touches, from English or Chinese cue words."""
    found: set[str] = set()
    text = _content(text)
    for word in _WORD_RE.findall(text.lower()):
        found |= _EN_CUES.get(stem(word), set())
    for cue, topic in _ZH_CUES:
        if cue in text:
            found.add(topic)
    return found


_GENERIC_TOPICS = frozenset({"likes"})


def relevance(request: str, note: str) -> int:
    """How clearly ``note`` bears on ``request``.

    A shared specific topic counts 2, a shared generic one ("likes") 1, a shared term 1.
    """
    shared = _topics_of(request) & _topics_of(note)
    by_topic = sum(1 if t in _GENERIC_TOPICS else 2 for t in shared)
    return by_topic + len(_terms_of(request) & _terms_of(note))


@functools.lru_cache(maxsize=4096)
def _topics_of(text: str) -> frozenset[str]:
    """:func:`topics`, kept per text: one answer reads each note and the request several times."""
    return frozenset(topics(text))


@functools.lru_cache(maxsize=4096)
def _terms_of(text: str) -> frozenset[str]:
    """:func:`lexical_terms`, kept per text."""
    return frozenset(lexical_terms(text))
