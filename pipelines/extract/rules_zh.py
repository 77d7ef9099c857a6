"""Chinese rule table: one clause with the user as subject (我) → candidates with their subject.

Third-person notes ("用户住在柏林。") are turned back into 我 before they get here, so the
same table also reads stored memories (see ``rules.describe``).
"""
from __future__ import annotations

from typing import TypeAlias
import re
from collections.abc import Callable

from pipelines.extract.candidate import Candidate
from pipelines.extract.notes import DEC, EPI, FACT, MASK, P, PREF, make, split_items, zh_clean
from pipelines.extract.subject import canon_date, zh_number

Built: TypeAlias = "Candidate | list[Candidate] | None"
Rule = tuple[re.Pattern[str], Callable[[re.Match[str]], Built]]

_S = r"[^，。,！!？?；;]"  # one character of the same clause
_NUM = r"[一二两三四五六七八九十\d]+"
_OCC = (r"(?:工程师|程序员|设计师|医生|大夫|老师|教师|护士|律师|会计|会计师|经理|总监|老板|学生|研究生|博士生?|"
        r"硕士生?|本科生|大学生|高中生|初中生|记者|警察|司机|厨师|作家|编辑|翻译|销售|客服|主管|店长|产品经理|"
        r"运营|分析师|科学家|研究员|教授|讲师|公务员|军人|农民|工人|快递员|外卖员|程序猿|架构师|测试|前端|后端|"
        r"实习生|创业者|自由职业者|全职妈妈|家庭主妇|退休人员|摄影师|画家|歌手|演员|顾问|咨询师|药剂师|"
        r"[师员家工长者手生])")
_REL = (r"老婆|妻子|太太|爱人|老公|丈夫|先生|儿子|女儿|孩子|妈妈|母亲|爸爸|父亲|姐姐|妹妹|哥哥|弟弟|女朋友|"
        r"男朋友|对象|老板|领导|经理|同事|朋友|室友|奶奶|爷爷|外婆|外公|狗|猫|小狗|小猫")
_PETS = r"金毛|泰迪|柯基|哈士奇|拉布拉多|柴犬|边牧|布偶猫|英短|橘猫|狗|猫|小狗|小猫|兔子|仓鼠|鹦鹉|金鱼|乌龟|鸟|狗狗|猫咪"
_LANG = r"英语|英文|中文|汉语|普通话|粤语|日语|韩语|法语|德语|西班牙语|俄语|意大利语|葡萄牙语|阿拉伯语"
_COND = (r"糖尿病|高血压|哮喘|偏头痛|失眠|抑郁症|焦虑症|心脏病|腰疼|腰痛|湿疹|痛风|贫血|胃病|胃炎|鼻炎|关节炎|"
         r"颈椎病|近视|乳糖不耐受|过敏性鼻炎|癫痫|高血脂|脂肪肝|" + _S + r"{1,6}(?:病|症|炎)")
_EVENT = r"截止日期|截止时间|截稿日期|ddl|DDL|deadline|面试|考试|会议|航班|婚礼|手术|预约|体检|答辩|汇报|发布会|旅行|出差"
_DATE = (r"\d{1,2}月\d{1,2}[日号]?|\d{4}年\d{1,2}月\d{1,2}[日号]?|下?周[一二三四五六日末天]|下?星期[一二三四五六日天]|"
         r"明天|后天|今天|今晚|下周|下个月|月底|年底|\d{1,2}号")


def _n(text: str) -> str:
    value = zh_number(text)
    return str(value) if value is not None else text


def _pref(m: re.Match[str]) -> Built:
    adv, neg, verb, raw = m.group("adv") or "", m.group("neg") or "", m.group("verb"), m.group("v")
    raw = re.sub(r"^(?:吃|喝|看|听|玩)(?=" + _S + ")", lambda x: x.group(0) if verb in {"喜欢", "爱"} else "", raw)
    item_text = zh_clean(re.sub(r"(?:了|啦)$", "", raw))
    phrase, value = _pref_phrase(adv, neg, verb, _no_longer(adv, neg, raw, m.group("when") or ""))
    out = [_pref_item(item, phrase, value) for item in split_items(item_text) if not _pointer(item)]
    return out or None


def _no_longer(adv: str, neg: str, raw: str, when: str) -> bool:
    """「不再」, or a negation with 了 / 已经: the user no longer likes it."""
    return "不再" in adv + neg or bool(neg and (raw.rstrip().endswith("了") or "已经" in adv + when))


def _pointer(item: str) -> bool:
    """Nothing liked, or a pointer to the conversation (这个, 它, 你)."""
    return not item or item.startswith(("这个", "那个", "这样", "它", "你", "这", "那"))


def _pref_phrase(adv: str, neg: str, verb: str, no_longer: bool) -> tuple[str, str]:
    """(the note's verb phrase, the preference value from -- to ++)."""
    if verb in {"讨厌", "受不了", "反感"}:
        return verb, "--"
    if no_longer:
        return "不再" + ("喜欢" if verb in {"喜欢", "爱"} else verb), "-"
    if neg in {"不太", "不怎么", "不是很", "不大", "没那么", "不是特别"}:
        return "不太" + verb, "-"
    if neg:
        return "不" + verb, "-"
    if adv in {"最", "非常", "特别", "超"} or verb in {"爱", "热爱"}:
        return adv + verb, "++"
    return (adv if adv in {"更", "比较", "也", "还是", "一直"} else "") + verb, "+"


def _style_slot(item: str) -> str | None:
    """An answer language or style the user likes has a slot of its own."""
    if re.search(_LANG, item) and re.search(r"回答|回复|交流", item):
        return "language"
    return "answer_style" if re.search(r"回答|回复|答案|解释|风格|简洁|简短|简明|详细|啰嗦|要点|条理|语气", item) else None


def _pref_item(item: str, phrase: str, value: str) -> Candidate:
    slot = _style_slot(item)
    qual = re.sub(r"^(?:吃|喝|听|看|玩)", "", item) if len(item) > 2 else item
    return make(PREF, f"用户{phrase}{item}。", slot or "pref", None if slot else qual,
                value if not slot else f"{value} {item}")


def _event(m: re.Match[str]) -> Built:
    q = zh_clean(m.group("q") or "").removeprefix("我的").removeprefix("我们的").removeprefix("我")
    q = q.removesuffix("的")
    e, when = m.group("e"), zh_clean(m.group("v"))
    if not re.search(_DATE, when) and not canon_date(when):
        return None
    slot = "deadline" if re.fullmatch(r"截止日期|截止时间|截稿日期|ddl|DDL|deadline", e) else {
        "面试": "interview", "考试": "exam", "会议": "meeting", "航班": "flight", "婚礼": "wedding", "手术": "surgery",
        "预约": "appointment", "体检": "checkup", "答辩": "defense", "汇报": "presentation", "发布会": "launch",
        "旅行": "trip", "出差": "trip"}.get(e, e)
    return make(FACT, f"用户的{q}{e}是{when}。", slot, q or None, when)


def _allergy(m: re.Match[str], value: str = "yes") -> Built:
    items = split_items(zh_clean(m.group("v")))
    verb = "不再对{}过敏" if value == "no" else "对{}过敏"
    return [make(P, "用户" + verb.format(i) + "。", "allergy", i, value) for i in items if i] or None


def _work_at(m: re.Match[str]) -> Built:
    emp = zh_clean(m.group("emp"))
    if emp in {"家", "家里", "这里", "那里", "这", "那"}:
        return None
    out = [make(P, f"用户在{emp}工作。", "employer", None, emp)]
    job = zh_clean(m.groupdict().get("job") or "")
    if job:
        out.append(make(P, f"用户是{job}。", "occupation", None, re.sub(r"^(?:一名|一个|一位|个|名)", "", job)))
    return out


RULES: list[Rule] = [
    (re.compile(r"我(?:叫|名叫|的名字是|的名字叫|名字叫|名字是)(?P<v>[^\s，。,！!？?；;的]{1,12})|叫我(?P<v2>[^\s，。,！!？?；;]{1,8}?)(?:就行|就好|吧)?$"),
     lambda m: make(P, f"用户叫{zh_clean(m.group('v') or m.group('v2'))}。", "name", None, zh_clean(m.group("v") or m.group("v2")))),
    (re.compile(r"我的?(?P<q>英文名|英文名字|中文名|小名|网名|昵称)(?:是|叫)(?P<v>[^\s，。,！!？?；;]{1,16})"),
     lambda m: make(P, f"用户的{m.group('q')}是{zh_clean(m.group('v'))}。", "name", m.group("q"), zh_clean(m.group("v")))),
    (re.compile(r"^我是(?:做|搞|干)(?P<v>" + _S + r"{2,10}?)的$"),
     lambda m: make(P, f"用户是做{m.group('v')}的。", "occupation", None, m.group("v"))),
    (re.compile(r"我(?:今年|现在)?(?P<v>" + _NUM + r")岁"),
     lambda m: make(P, f"用户{_n(m.group('v'))}岁。", "age", None, _n(m.group("v")))),
    (re.compile(r"我的?(?P<rel>" + _REL + r")(?:叫|的名字是|名字叫|的名字叫)(?P<v>[^\s，。,！!？?；;的]{1,10})"),
     lambda m: make(P, f"用户的{m.group('rel')}叫{zh_clean(m.group('v'))}。", "name", m.group("rel"), zh_clean(m.group("v")))),
    (re.compile(r"我的?(?P<rel>" + _REL + r")(?:今年|现在)?(?P<v>" + _NUM + r")岁"),
     lambda m: make(P, f"用户的{m.group('rel')}{_n(m.group('v'))}岁。", "age", m.group("rel"), _n(m.group("v")))),
    (re.compile(r"我的?(?P<rel>" + _REL + r")(?:现在|目前)?在(?P<v>" + _S + r"+?)(?:工作|上班|任职)"),
     lambda m: make(P, f"用户的{m.group('rel')}在{m.group('v')}工作。", "employer", m.group("rel"), m.group("v"))),
    (re.compile(r"(?P<n>" + _S + r"{1,6}?)是我(?:的)?(?P<best>最好的)?(?P<rel>" + _REL + r")$"),
     lambda m: make(P, f"用户的{m.group('best') or ''}{m.group('rel')}是{m.group('n')}。", "name",
                    (m.group("best") or "") + m.group("rel"), m.group("n"))),
    (re.compile(r"^我(?:跟|和|与)" + _S + r"{1,8}?(?:一起)?住在(?P<v>" + _S + r"+)"),
     lambda m: make(P, f"用户住在{_place(m.group('v'))}。", "residence", None, _place(m.group("v")))),
    (re.compile(r"我的?(?P<rel>" + _REL + r")(?:现在|目前)?(?:住在|在(?=" + _S + r"+?(?:生活|住)$))(?P<v>" + _S
                + r"+?)(?:生活|住)?$"),
     lambda m: make(P, f"用户的{m.group('rel')}住在{zh_clean(m.group('v'))}。", "residence", m.group("rel"), zh_clean(m.group("v")))),
    (re.compile(r"我的?(?P<rel>" + _REL + r")是(?P<v>(?:一名|一个|一位|个|名)?" + _S + r"{0,8}?" + _OCC + r")$"),
     lambda m: make(P, f"用户的{m.group('rel')}是{m.group('v')}。", "occupation", m.group("rel"), m.group("v"))),
    (re.compile(r"我的?生日(?:是|在)?(?P<v>" + _S + r"+)"),
     lambda m: make(P, f"用户的生日是{zh_clean(m.group('v'))}。", "birthday", None, zh_clean(m.group("v")))),
    (re.compile(r"我(?:是|出生于|生于)(?P<v>\d{4})年(?:出生|生)?的?"),
     lambda m: make(P, f"用户出生于{m.group('v')}年。", "birth_year", None, m.group("v"))),
    (re.compile(r"我(?:是|在)?(?P<v>\d{1,2}月\d{1,2}[日号])(?:出生|生)的?"),
     lambda m: make(P, f"用户的生日是{m.group('v')}。", "birthday", None, m.group("v"))),
    (re.compile(r"我(?:现在|目前|一直|还|也)?(?:住在|家在|定居在|生活在)(?P<v>" + MASK + r"|" + _S + r"+)"),
     lambda m: make(P, f"用户住在{_place(m.group('v'))}。", "residence", None, _place(m.group("v")))),
    (re.compile(r"我" + _S + r"{0,8}?搬(?:到|去|家到|家去)了?(?P<v>" + _S + r"+)"),
     lambda m: make(P, f"用户搬到了{_place(m.group('v'))}。", "residence", None, _place(m.group("v")))),
    (re.compile(r"我(?:现在|目前)?在(?P<v>" + _S + r"{2,8}?)(?:生活|定居)"),
     lambda m: make(P, f"用户住在{_place(m.group('v'))}。", "residence", None, _place(m.group("v")))),
    (re.compile(r"我的?(?:家庭)?(?:住址|地址)是(?P<v>" + MASK + r"|" + _S + r"+)"),
     lambda m: make(P, f"用户的地址是{m.group('v')}。", "address", None, m.group("v"))),
    (re.compile(r"我(?:是|来自)(?P<v>" + _S + r"{2,6}?)(?:人$|$)|我(?:老家|家乡)(?:是|在)(?P<v2>" + _S + r"+)|我在(?P<v3>" + _S + r"{2,6})长大"),
     lambda m: _hometown(m)),
    (re.compile(r"(?:我的)?(?:手机号码?|手机|电话号码?|电话|联系方式)(?:是|改成了?|换成了?|换了，?新号是?|换了，?新号码是?|了，新号(?:码)?是)(?P<v>" + MASK + r"|\+?\d[\d\s-]{6,}\d)"),
     lambda m: make(P, f"用户的手机号是{m.group('v')}。", "phone", None, m.group("v"))),
    (re.compile(r"新(?:手机)?号(?:码)?是(?P<v>" + MASK + r"|\+?\d[\d\s-]{6,}\d)"),
     lambda m: make(P, f"用户的手机号是{m.group('v')}。", "phone", None, m.group("v"))),
    (re.compile(r"(?:我的)?邮箱(?:地址)?(?:是|改成了?|换成了?)(?P<v>" + MASK + r"|[^\s，。,]+@[^\s，。,]+)"),
     lambda m: make(P, f"用户的邮箱是{m.group('v')}。", "email", None, m.group("v"))),
    (re.compile(r"(?:我的)?(?:身份证|护照)(?:号码?)?是(?P<v>" + MASK + r"|\w{6,})"),
     lambda m: make(P, f"用户的证件号是{m.group('v')}。", "id_number", None, m.group("v"))),
    (re.compile(r"我(?:已经)?(?:不再吃素|不吃素了|开始吃肉了|不是素食者了)"),
     lambda m: make(P, "用户不再吃素。", "diet", None, "not vegetarian")),
    (re.compile(r"我(?:现在|一直)?(?:吃素|是素食(?:主义)?者|只吃素)"), lambda m: make(P, "用户吃素。", "diet", None, "vegetarian")),
    (re.compile(r"我(?:现在)?(?:在)?(?P<v>生酮|减肥|节食|清真)(?:饮食)?"),
     lambda m: make(P, f"用户在{m.group('v')}饮食。", "diet", None, m.group("v"))),
    (re.compile(r"我(?:已经)?(?:不再对|对)(?P<v>" + _S + r"+?)(?:不再过敏|不过敏了|已经不过敏了)"), lambda m: _allergy(m, "no")),
    (re.compile(r"我(?:已经)?不再对(?P<v>" + _S + r"+?)过敏"), lambda m: _allergy(m, "no")),
    (re.compile(r"我(?:也|还)?对(?P<v>" + _S + r"+?)(?:也|都|还)?(?:严重|轻微|有点|有些|很|特别)?过敏"), _allergy),
    (re.compile(r"我(?:有)?(?P<v>" + _S + r"{1,6}?)过敏(?!性)"), _allergy),
    (re.compile(r"我(?:去年|今年|最近|前几天|上个月)?(?:有|患有|得了|患了|确诊了?|查出了?|被诊断出了?|诊断出了?)(?P<v>" + _COND + r")"),
     lambda m: make(P, f"用户有{m.group('v')}。", "health", m.group("v"), "yes")),
    (re.compile(r"我(?:已经)?(?P<v>怀孕了?|是色盲)"), lambda m: make(P, f"用户{zh_clean(m.group('v'))}。", "health", zh_clean(m.group("v")), "yes")),
    (re.compile(r"我(?:现在|已经|目前)?(?:有|生了)(?P<n>" + _NUM + r")(?:个|位)(?P<k>孩子|小孩|儿子|女儿|哥哥|姐姐|弟弟|妹妹|兄弟姐妹)(?P<v>" + _S + r"*)"
                r"(?:，?(?:叫|名叫|名字叫)(?P<nm>" + _S + r"{1,8}))?"),
     lambda m: make(P, f"用户有{m.group('n')}个{m.group('k')}{zh_clean(m.group('v'))}"
                    + (f"，叫{zh_clean(m.group('nm'))}" if m.group("nm") else "") + "。",
                    "siblings" if m.group("k") in {"哥哥", "姐姐", "弟弟", "妹妹", "兄弟姐妹"} else "children",
                    None if m.group("k") in {"孩子", "小孩", "兄弟姐妹"} else m.group("k"), _n(m.group("n")))),
    (re.compile(r"我(?:已经|刚)?(?P<v>结婚了|已婚|单身|离婚了|离异|订婚了|恋爱了|有女朋友了|有男朋友了)"),
     lambda m: make(P, f"用户{m.group('v')}。", "marital", None, re.sub("了$", "", m.group("v")))),
    (re.compile(r"我(?:家|家里)?(?:养了|养|有)(?P<n>" + _NUM + r")(?:只|条|个)(?P<k>" + _PETS + r")(?:，?(?:叫|名字叫)(?P<v>" + _S + r"{1,8}))?"),
     lambda m: make(P, f"用户养了{m.group('n')}只{m.group('k')}" + (f"，叫{zh_clean(m.group('v'))}" if m.group("v") else "") + "。",
                    "pet", m.group("k"), zh_clean(m.group("v")) if m.group("v") else _n(m.group("n")))),
    (re.compile(r"我(?:会说|会讲|能说|说|讲|会)(?:一点|一些|一点点|流利的|点)?(?P<v>(?:(?:" + _LANG + r")[和、跟及与]?)+)"),
     lambda m: [make(P, f"用户会说{x}。", "speaks", x, "yes") for x in split_items(m.group("v"))]),
    (re.compile(r"我(?:不会说|不会讲|不会)(?P<v>" + _LANG + r")"),
     lambda m: make(P, f"用户不会说{m.group('v')}。", "speaks", m.group("v"), "no")),
    (re.compile(r"我的?母语是(?P<v>" + _S + r"+)"),
     lambda m: make(P, f"用户的母语是{zh_clean(m.group('v'))}。", "native_language", None, zh_clean(m.group("v")))),
    (re.compile(r"我(?:正在|在|最近在|开始)学(?:习)?(?P<v>" + _S + r"{1,10})"),
     lambda m: make(FACT, f"用户在学{zh_clean(m.group('v'))}。", "learning", zh_clean(m.group("v")), "yes")),
    (re.compile(r"(?:请|以后|都|一律)?用(?P<v>中文|英文|英语|汉语|日语)(?:来)?(?:回答|回复|交流|和我说|跟我说|写)"),
     lambda m: make(PREF, f"用户希望用{m.group('v')}回答。", "language", None, m.group("v"))),
    (re.compile(r"我(?:现在|目前)?在(?P<emp>" + _S + r"{1,20}?)(?:做|当|担任|任)(?P<job>" + _S + r"{1,12})"), _work_at),
    (re.compile(r"我(?:已经|现在)?不(?:再)?在(?P<v>" + _S + r"{1,20}?)(?:工作|上班|任职)了?"),
     lambda m: make(P, f"用户不再在{m.group('v')}工作。", "employer", None, f"not {m.group('v')}")),
    (re.compile(r"我(?:已经|刚刚?)?(?P<v>退休了|失业了|待业|辞职了|是自由职业者|在读研|在读博)"),
     lambda m: make(P, f"用户{m.group('v')}。", "occupation", None, re.sub("了$", "", m.group("v")))),
    (re.compile(r"我(?:现在|目前|已经|刚|刚刚|最近)?(?:在(?P<emp>" + _S + r"{1,20}?)(?:工作|上班|任职|实习)|(?:入职|加入|跳槽到)了?(?P<emp2>" + _S + r"{2,20}))"),
     lambda m: _work_at_any(m)),
    (re.compile(r"我的?(?:公司|单位|东家)是(?P<emp>" + _S + r"+)"), _work_at),
    (re.compile(r"我(?:现在|目前|已经)?是(?P<v>(?:一名|一个|一位|个|名)?" + _S + r"{0,10}?" + _OCC + r")了?$"),
     lambda m: make(P, f"用户是{m.group('v')}。", "occupation", None, re.sub(r"^(?:一名|一个|一位|个|名)", "", m.group("v")))),
    (re.compile(r"我的?(?:工作|职业|职位)是(?P<v>" + _S + r"+)|我(?:现在)?(?:从事|做)(?P<v2>" + _S + r"{2,12}?)(?:工作|行业)"),
     lambda m: make(P, f"用户的职业是{zh_clean(m.group('v') or m.group('v2'))}。", "occupation", None,
                    re.sub(r"^(?:一名|一个|一位)", "", zh_clean(m.group("v") or m.group("v2"))))),
    (re.compile(r"^我的(?P<q>(?!(?:" + _REL + r"))(?:(?!" + _EVENT + r"|生日|手机|电话|邮箱|地址|住址|名字|母语|工作|职业|公司|偏好|问题|代码|意思|想法|看法|建议|错误)"
                + _S + r"){1,8}?)是(?P<v>" + _S + r"+)"),
     lambda m: make(FACT, f"用户的{m.group('q')}是{zh_clean(m.group('v'))}。", m.group("q"), None, zh_clean(m.group("v")))),
    (re.compile(r"我最喜欢的(?P<q>" + _S + r"{1,8}?)是(?P<v>" + _S + r"+)"),
     lambda m: make(PREF, f"用户最喜欢的{m.group('q')}是{zh_clean(m.group('v'))}。", "favorite", m.group("q"), zh_clean(m.group("v")))),
    (re.compile(r"我(?P<adv>很|最|更|比较|非常|特别|超|真的|还是|一直|也|都|不再)?(?P<when>现在|已经)?"
                r"(?P<neg>不太|不怎么|不是很|不是特别|不大|没那么|不再|不)?(?P<verb>喜欢|爱吃|爱喝|爱看|爱听|爱玩|热爱|爱|讨厌|受不了|"
                r"反感|偏好|喜爱|享受)(?P<v>" + _S + r"+)"), _pref),
    (re.compile(r"我(?P<adv>)(?P<when>)(?:从来|从|平时|一般|现在|已经)?(?P<neg>不能|不再|从不|不怎么|不)(?P<verb>喝|吃)(?P<v>" + _S + r"+)"),
     lambda m: _drink(m)),
    (re.compile(r"我(?:每天|经常|常常|一般|通常|平时|总是|只)(?:都)?(?P<verb>喝|吃)(?!药|饭|早饭|午饭|晚饭|早餐|午餐|晚餐)(?P<v>" + _S + r"{1,8})$"),
     lambda m: make(PREF, f"用户常{m.group('verb')}{zh_clean(m.group('v'))}。", "pref", zh_clean(m.group("v")), "+")),
    (re.compile(r"(?P<q>(?:我的|我们的|我)?" + _S + r"{0,10}?)(?P<e>" + _EVENT + r")(?:日期|时间)?(?:现在|已经|又)?"
                r"(?:是|在|改到了?|改成了?|改为|推迟到了?|延期到了?|延后到了?|提前到了?|定在了?|定于|安排在了?|变成了?|调整到了?|挪到了?)"
                r"(?P<v>" + _S + r"+)"), _event),
    (re.compile(r"(?P<q>(?:我的|我们的|我)?" + _S + r"{0,10}?)(?:要|必须|得|需要)?在(?P<v>" + _DATE + r")(?:之前|前)(?:交|提交|完成|交付|截止)"
                r"(?P<q2>" + _S + r"{0,10})"), lambda m: _event_due(m)),
    (re.compile(r"^(?P<q>(?:我的|我们的)?" + _S + r"{1,10}?)(?P<v>" + _DATE + r")(?:之前|前)?(?:要|得|必须|需要)?(?:交|提交|截止|到期)"),
     lambda m: _event_due(m)),
    (re.compile(r"(?:我|我们)?(?:最终|最后|已经|刚刚)?决定(?:了)?(?P<v>" + _S + r"+)"),
     lambda m: make(DEC, f"用户决定{_subj(zh_clean(m.group('v')))}。")),
    (re.compile(r"(?:就用|改用|换成|换用)(?P<v>" + _S + r"+?)(?:吧|了)?$"), lambda m: make(DEC, f"用户决定用{m.group('v')}。")),
    (re.compile(r"(?:我们?选(?:择)?了?|就选)(?P<v>" + _S + r"+?)(?:吧|了)?$"), lambda m: make(DEC, f"用户选择了{m.group('v')}。")),
    (re.compile(r"(?:已经|终于|刚刚?)?(?:完成了|做完了|写完了|搞定了|提交了|交了|通过了|考过了|拿到了|买了|订了|卖了)(?P<v>" + _S + r"{2,})"),
     lambda m: make(EPI, f"用户{_done_verb(m.group(0))}{zh_clean(m.group('v'))}。")),
    (re.compile(r"^(?P<v>" + _S + r"+?)(?:已经|终于|都|顺利)?(?P<s>完成了|搞定了|做完了|写完了|弄好了|做好了|交了|通过了|上线了|发布了|失败了|被拒了|批下来了)"),
     lambda m: make(EPI, f"用户的{_subj(m.group('v')).removeprefix('用户的').removeprefix('用户')}{m.group('s')}。")),
    (re.compile(r"我(?:升职了|被录取了|拿到了?offer|找到了新工作|被裁了|辞职了|退休了|毕业了)(?P<v>" + _S + r"*)"),
     lambda m: make(EPI, f"用户{_subj(m.group(0)).removeprefix('用户')}。")),
]


def _place(value: str) -> str:
    value = zh_clean(value)
    value = re.sub(r"(?:已经|好几|差不多|大概|快|有|\d|[一二两三四五六七八九十几半]+(?:年|个月|天|周|星期)).*$", "", value)
    return re.sub(r"(?:去|来|住|生活)$", "", zh_clean(value)) or value


def _hometown(m: re.Match[str]) -> Built:
    v = zh_clean(m.group("v") or m.group("v2") or m.group("v3") or "")
    if not v or re.search(_OCC + "$", v) or re.search(r"一名|一个|一位|的|不|很|有|在|说|想", v):
        return None
    if m.group("v") and not m.group(0).endswith("人") and "来自" not in m.group(0):
        return None
    return make(P, f"用户来自{v}。", "hometown", None, v)


def _work_at_any(m: re.Match[str]) -> Built:
    emp = zh_clean(m.group("emp") or m.group("emp2") or "")
    if not emp or emp in {"家", "家里", "这里", "那里", "这", "那", "公司"}:
        return None
    return make(P, f"用户在{emp}工作。", "employer", None, emp)


def _event_due(m: re.Match[str]) -> Built:
    q = zh_clean(m.group("q")).removeprefix("我的").removeprefix("我们的").removeprefix("我").removesuffix("的")
    q = re.sub(r"(?:要|必须|得|需要)$", "", q) or zh_clean(m.groupdict().get("q2") or "")
    return make(FACT, f"用户的{q}截止日期是{m.group('v')}。", "deadline", q or None, m.group("v"))


def _drink(m: re.Match[str]) -> Built:
    item = zh_clean(m.group("v"))
    no_longer = "不再" in m.group(0) or m.group(0).endswith("了")
    verb = m.group("verb")
    phrase = f"不再{verb}" if no_longer else (f"从不{verb}" if "从" in m.group(0) else (
        f"不能{verb}" if "不能" in m.group(0) else f"不{verb}"))
    return make(PREF, f"用户{phrase}{item}。", "pref", item, "-")


def _subj(text: str) -> str:
    return re.sub(r"我(?!们)", "用户", re.sub(r"^我(?:已经|终于|刚|把)*|^把", "", text))


def _done_verb(text: str) -> str:
    m = re.search(r"完成了|做完了|写完了|搞定了|提交了|交了|通过了|考过了|拿到了|买了|订了|卖了", text)
    return m.group(0) if m else "完成了"


_ZH_PHATIC = re.compile(
    r"^我(?:觉得|认为|想问|想知道|想了解|不知道|不清楚|不确定|不太确定|需要你|要你|希望你|想请你|请你|想让你|有个问题|有一个问题|"
    r"有点|有些|明白|懂了|同意|看看|试试|再想想|想想|考虑一下|先|刚才|随便|也不|只是|就是|还想|想说|是说|问一下|问你|"
    r"(?:很|也|挺|真|还挺|蛮)?喜欢(?:这个|那个|这|那|你的|它)|想(?:订|买|找|问|查|看看)|遇到了?(?:一个|个)?(?:错误|问题|bug|报错)|"
    r"马上回来|也?这么(?:觉得|想|认为)|的代码|的问题是|需要(?:一份|一个|一些|帮)|想要|试过了|"
    r"刚才|找不到|搞不懂|不会用|不太懂|挺好|很好|没事|累了|饿了|困了|回来了|在这|知道了|听说|猜|以为|记得你|忘了|想要|要一个|需要一个|想看|"
    r"(?:今天|现在|有点|好|很|太|真|快)*(?:累|困|饿|无聊|开心|难过|烦|高兴|郁闷)(?:了|啊|呀)?$)")
_ZH_PLAN = re.compile(r"打算|计划|准备|要去|将要|想去|会去|下周|下个月|明年|明天|后天|周[一二三四五六日末]|星期[一二三四五六日天]|\d+月\d+[号日]")


def plan(clause: str) -> Candidate | None:
    """A plan or dated intention ("我下周要去北京出差"), else None."""
    if not clause.startswith("我") or clause.startswith("我们") or _ZH_PHATIC.search(clause) or not _ZH_PLAN.search(clause):
        return None
    return make(FACT, f"用户{_subj(zh_clean(clause)).removeprefix('用户')}。")


def generic_note(clause: str) -> str | None:
    """Any informative clause about the user (我…) as a note; None for chit-chat."""
    if not clause.startswith("我") or clause.startswith("我们") or _ZH_PHATIC.search(clause):
        return None
    body = zh_clean(clause)
    if len(re.findall(r"[\u3400-\u9fff\w]", body)) < 5:
        return None
    return f"用户{_subj(body).removeprefix('用户')}。"


__all__ = ["RULES", "Candidate", "generic_note", "plan"]
