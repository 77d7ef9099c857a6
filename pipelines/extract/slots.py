"""What kind of attribute a note states, and about whom: the slot profile of one note.

The subject rules (``pipelines.extract.subject``) key a note only when a rule parsed it. Most
notes are the user's own words ("User moved to Chengdu last month for a new job.",
「用户老婆辞职了，现在在家带娃。」), and an update of such a note names no slot. This module
reads, from any note, three language-neutral things the decision compares:

* **holder** — whose attribute it is: ``"user"``, a relation word ("wife", "老婆" → ``wife``),
  or ``"?"`` for an unresolved he/she (read by ``pipelines.extract.holders``, named here too);
* **slots** — the kinds of attribute it states, from word classes in both languages
  (residence, employer, role, relationship status, diet, phone, preference, health, pet,
  family, hobby, schedule). Single-valued kinds (:data:`SINGLE`: a person lives in one
  place, works at one employer, has one relationship status, one diet, one phone) are
  the ones a new statement replaces; the others hold several values at once (allergies,
  hobbies, pets) and are never replaced by kind alone;
* **polarity and objects** of a preference ("never drinks coffee" → ``-`` on ``coffe``;
  「开始喜欢香菜」 → ``+`` on 香菜): a flip on the same object replaces the old one.

The same word classes give a retraction's topic its kinds ("forget my medical stuff" →
``health``), so a topic matches a note that shares no word with it.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from pipelines.extract.holders import holder, note_body, resolve_pronoun, same_person
from pipelines.extract.subject import LEXICON

__all__ = ["holder", "resolve_pronoun", "same_person"]  # callers read a note's holder here too

#: Kinds of attribute one holder has one value of at a time: a new value replaces the old.
SINGLE = frozenset({"residence", "employer", "role", "relationship", "diet", "phone", "vehicle", "visa", "bank",
                    "hair", "driving", "therapist", "manager"})
#: Kinds one statement of change replaces across ("读研二" → "入职中国电信": studying → working is one occupation).
GROUPS = {"employer": "occupation", "role": "occupation", "school": "occupation"}
#: A statement of change: the new value replaces the old one of its kind even where a holder may have several
#: (hobbies, drinks, health) — "换成普拉提了", "Full Kindle convert now", 「出院回家了」.
CHANGE = re.compile(r"现在|如今|换成|换了|改成|改为|不.{0,3}了|没坚持|终于|已经|开始|迷上|爱上|居然|跳槽|搬|新的?|上岸|出院|毕业|考上|"
                    r"入职|报到|辞|分了|分手|领证|升|\bnow\b|\bnew\b|\bswitched\b|\bmoved\b|\bleft\b|\bfinally\b|\bstarted\b|"
                    r"\bfirst (?:day|week|month) (?:at|of)\b|"
                    r"\bno longer\b|\banymore\b|\bquit\b|\bconvert|\bupdate\b|\bpromoted\b|\bthese days\b|\btook a\b|"
                    r"\bretired\b|\bbroke up\b|\bengaged\b|\bproposed\b|\bapproved\b|\bgot (?:a|my|the)\b|\bswitch|\btransferred\b", re.I)
#: A plan or intention ("打算毕业后考研", "planning to move to Lisbon"): it states no present value, so it
#: replaces none (a plan is not a change).
PLAN = re.compile(r"打算|准备|计划|目标是|想要|\bplan(?:s|ning|ned)? to\b|\bgoing to\b|\bhop(?:e|es|ing) to\b|"
                  r"\bthinking (?:of|about)\b|\bwants? to\b|\bwould like to\b", re.I)
#: Partners whose notes a change of the user's relationship status ends ("we broke up", 「分了，现在单身」).
PARTNERS = frozenset({"girlfriend", "boyfriend", "partner", "fiance"})

_EN = {
    "residence": r"\bliv(?:e|es|ing) (?:in|at|near)\b|\bmov(?:e|ed|ing) (?:back )?to\b|\brelocat|\bbased in\b|"
                 r"\bhome is in\b|\bapartment in\b|\bflat in\b",
    "employer": r"\bwork(?:s|ing)? (?:at|for|in)\b|\bjob\b|\bemploy|\bstarted at\b|\bjoined\b|\bhired\b|\blaid off\b|"
                r"\bfirst (?:day|week|month) at\b|"
                r"\bretired\b|\bcompany\b|\bfirm\b|\bstartup\b|\bunemployed\b|\bquit (?:my|his|her|the|their) job\b|"
                r"\bresigned\b|\bnew gig\b|\bleft (?:the|my|his|her|google|amazon|the big)\b|\bnow at\b|\bat \w+ now\b|\bstaff \w+ job\b",
    "role": r"\bpromoted\b|\b(?:junior|senior|lead|head|chief|staff|principal)\b|\bdesigner\b|\bengineer\b|\bdeveloper\b|"
            r"\bmanager\b|\bnurse\b|\bteacher\b|\bdoctor\b|\baccountant\b|\bauditor\b|\blawyer\b|\banalyst\b|"
            r"\bconsultant\b|\bintern\b|\bprofessor\b|\bscientist\b|\bwork(?:s|ing)? as\b|\bpilot\b|\bretired\b|"
            r"\bunemployed\b|\blaid off\b|\bjob\b|\bprincipal\b|\bphotographer\b|\bfreelanc|\bcop\b|\bpolice\b|"
            r"\bofficer\b|\bsecurity\b|\bpharmacist\b|\bmechanic\b|\barchitect\b|\bchef\b|\bfirefighter\b|\bhygienist\b",
    "relationship": r"\bsingle\b|\bgirlfriend\b|\bboyfriend\b|\bmarried\b|\bdivorced\b|\bengaged\b|\bdating\b|"
                    r"\bbroke up\b|\bseparated\b|\bwidow|\bpartner\b|\bfianc|\bproposed\b|\bseeing (?:a|someone|somebody)\b",
    "visa": r"\bvisa\b|\bh-?1b\b|\bgreen card\b|\bcitizenship\b|\bpermanent resident",
    "bank": r"\bbanks? with\b|\bswitched banks\b|\bchecking account\b",
    "hair": r"\bhair\b|\bhaircut\b|\bbob\b|\bbuzz cut\b",
    "driving": r"\bdriving test\b|\bdriver'?s licen[cs]e\b|\blearner'?s permit\b",
    "therapist": r"\btherapist\b|\bcounsel+or\b",
    "manager": r"\buser's (?:\w+ )?(?:manager|supervisor)\b|\bboss\b|\bnew (?:manager|supervisor)\b",
    "hobby": r"\byoga\b|\bpilates\b|\bclimb|\bboulder|\brunning\b|\bruns?\b|\bswim|\bgym\b|\bcrossfit\b|\bguitar\b|\bpiano\b|"
             r"\bdance|\bpaint|\bclasses?\b|\blessons?\b|\bhobby\b",
    "drinks": r"\bcoffee\b|\blatte\b|\btea\b|\bbeer\b|\bwine\b|\bdrink|\balcohol\b|\bsober\b",
    "reading": r"\bbooks?\b|\bkindle\b|\be-?readers?\b|\breading\b|\baudiobooks?\b",
    "vehicle": r"\bcar\b|\bdrives? an? \b|\bsuv\b|\btesla\b|\bhonda\b|\btoyota\b|\bbmw\b|\bmotorbike\b|\bscooter\b",
    "school": r"\bstudying\b|\bstudent at\b|\bmajor(?:ing)?\b|\bgrad school\b|\buniversity\b|\bcollege\b|\bphd\b|"
              r"\bmaster'?s\b|\btransferred\b|\bdropped out\b|\bgraduated\b|\bin (?:\w+ )?grade\b|"
              r"\b(?:\d+(?:st|nd|rd|th)|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth) grade\b",
    "diet": r"\bvegetarian\b|\bvegan\b|\bpescatarian\b|\bketo\b|\beat(?:s|ing)? meat\b|\bplant-based\b|\bgluten-free\b",
    "phone": r"\biphone\b|\bandroid\b|\bpixel\b|\bgalaxy\b|\bsamsung\b|\bphone\b(?! number)",
    "pref": r"\blik(?:e|es|ed|ing)\b|\blove[sd]?\b|\benjoy|\bhate[sd]?\b|\bdislike|\bcan'?t stand\b|\bprefer|\bfavou?rite\b|"
            r"\bdrink(?:s|ing)?\b|\bfan of\b|\bsmok(?:e|es|ing)\b",
    "health": r"\ballerg|\bdiagnos|\bdiabet|\basthma|\bmedic|\bmg\b|\d\s*mg\b|\bpills?\b|\btherapy\b|\bsurgery\b|\bdoctor\b|\bdisease\b|"
              r"\bblood\b|\bdepress|\banxiety\b|\bmigraine|\binsulin\b|\bpregnan|\bcondition\b|\binjur|\bhealth|\bsick\b|"
              r"\billness\b|\bsymptom|\bpain\b|\bhospital\b",
    "pet": r"\bdogs?\b|\bcats?\b|\bpupp|\bkitten\b|\bpets?\b|\bparrot\b|\bhamster\b|\brabbit\b|\bbeagle\b|\bretriever\b|"
           r"\blab(?:rador)?\b|\bpoodle\b|\bcorgi\b|\bhusky\b|\bgreyhound\b|\bpit ?bull\b|\bterrier\b|\bdachshund\b",
    "family": r"\bwife\b|\bhusband\b|\bson\b|\bdaughter\b|\bkids?\b|\bchild|\bmom\b|\bmother\b|\bdad\b|\bfather\b|\bsister\b|"
              r"\bbrother\b|\bparents\b|\bgrand|\bfamily\b|\bbaby\b",
    "schedule": r"\bappointment\b|\bmeeting\b|\bflight\b|\bdeadline\b|\binterview\b|\bexam\b|\btrip\b|\boffsite\b|"
                r"\bdentist\b|\bmonday|\btuesday|\bwednesday|\bthursday|\bfriday|\bsaturday|\bsunday",
}
_ZH = {
    "residence": r"住在|住到|住进|搬到|搬去|搬回|搬家|定居|安家|合租|租房|房租|买了套|买房|交房|两居|三居|外派到",
    "employer": r"上班|工作|公司|入职|跳槽|跳到|跳去|辞职|辞了|离职|就职|在职|失业|退休|换去|换到|单位|外企|国企|央企|私企|上岸|报到|"
                r"开了家|当老板|创业",
    "role": r"升职|晋升|职位|岗位|设计师|工程师|程序员|经理|护士|老师|医生|会计|律师|主管|总监|实习|教授|研究员|做后端|做前端|"
            r"退休|辞职|失业|离职|策划|运营|销售|\bhr\b|校长|警察|律师助理|摄影师|做后端|开发",
    "vehicle": r"(?<!晕|堵|上|下|打|坐)车(?!站|库|位|票|祸)|开的是|开一辆|一辆|特斯拉|比亚迪|丰田|本田|宝马|电动车",
    "school": r"读研|读博|研[一二三]|在读|大学|专业|研究生|本科|考研|转学|毕业|上学|年级|幼儿园|小学|初中|高中|初[一二三]|高[一二三]|"
              r"大班|中班|小班|中考|高考|大[一二三四]|硕士|博士|备考|国考|考公|住校|学校|附小|附中",
    "relationship": r"单身|女朋友|男朋友|女友|男友|对象|结婚|离婚|订婚|分手|分了|恋爱|脱单|已婚|未婚|领证|求婚",
    "visa": r"签证|绿卡|户口|入籍|永居",
    "bank": r"在\\w{1,4}银行开户|换了家银行|银行卡",
    "hair": r"头发|长发|短发|发型|剪了个|烫了|染了",
    "driving": r"学车|驾照|驾校|科目[一二三四]",
    "therapist": r"心理医生|咨询师",
    "manager": r"老板|上司",
    "hobby": r"瑜伽|普拉提|攀岩|健身|跑步|游泳|舞蹈|跳舞|画画|绘画|编程|钢琴|吉他|课|打球|马拉松|半马",
    "drinks": r"咖啡|拿铁|茶|啤酒|精酿|红酒|喝酒|滴酒|小酌|饮料",
    "reading": r"看书|读书|电子书|纸质书|kindle",
    "diet": r"吃素|素食|吃肉|纯素|不吃肉|开荤",
    "phone": r"手机(?!号)|苹果手机|iphone|安卓",
    "pref": r"喜欢|讨厌|爱吃|爱喝|不吃|不喝|爱好|最爱|受不了|戒了|戒烟|戒酒|吸烟|抽烟",
    "health": r"过敏|确诊|诊断|糖尿病|哮喘|高血压|吃药|药|病|医生|医院|手术|体检|复查|血压|怀孕|抑郁|焦虑|失眠|疼|痛|出院|住院|支架",
    "pet": r"狗|猫|宠物|鹦鹉|仓鼠|兔子|金毛|柴犬|泰迪|柯基|哈士奇|拉布拉多|边牧|布偶|英短|橘猫|比熊|萨摩",
    "family": r"老婆|老公|妻子|丈夫|儿子|女儿|孩子|娃|爸|妈|父母|姐|妹|哥|弟|爷爷|奶奶|外公|外婆|家人|家里",
    "schedule": r"约了|预约|开会|会议|航班|截止|面试|考试|出差|周[一二三四五六日天]|星期[一二三四五六日天]|\d+号|\d+月\d+",
}
_EN_RE = {k: re.compile(v, re.I) for k, v in _EN.items()}
_ZH_RE = {k: re.compile(v, re.I) for k, v in _ZH.items()}

#: Topic words of a retraction ("my medical stuff", 「工作的事」) and the kinds they mean.
_TOPIC_KINDS = {
    "health": r"\bmedical\b|\bhealth|\bmedication|\bmeds\b|\billness|\bdiagnos|\bfertility\b|\bivf\b|\bpregnan|身体|健康|病情|病史|看病|"
              r"吃药|医疗|生育|备孕|怀孕",
    "employer": r"\bwork\b|\bjob\b|\bcareer\b|\bemployer\b|\boffice\b|工作|职业|公司|单位",
    "role": r"\bjob\b|\bcareer\b|职业|职位",
    "residence": r"\bwhere i live\b|\baddress\b|\bhome\b|\bmove\b|\bmoving\b|住哪|住址|地址|搬家",
    "relationship": r"\blove life\b|\bdating\b|\brelationship|感情|恋爱|对象",
    "family": r"\bfamily\b|\bkids\b|家人|家里|家庭",
    "diet": r"\bdiet\b|\bfood\b|\beating\b|饮食|吃的",
    "pet": r"\bpets?\b|宠物",
}
_TOPIC_RE = {k: re.compile(v, re.I) for k, v in _TOPIC_KINDS.items()}

NEG = re.compile(r"\bnever\b|\bnot\b|n't\b|\bno longer\b|\bhate[sd]?\b|\bdislike|\bcan'?t stand\b|\bquit\b|\bstopped\b|"
                  r"\bgave up\b|不喜欢|讨厌|不吃|不喝|不爱|受不了|戒了|戒掉|不再|没有?再|不太", re.I)
_STOP = frozenset("""user user's users their they them it its is are was were has have had the a an of to in on at for and or
    with be been that this as by from now still just also really very every each morning night day week month year
    last ago since again mostly started start starting begin began never not don't doesn't no longer can't stand like
    likes liked love loves hate hates dislike dislikes enjoy enjoys prefer prefers drink drinks drinking eat eats eating
    funny actually lol haha said""".split())
_ZH_STOP = set("用户的了是在和与也都很现在最近开始不喜欢讨厌爱吃喝再又还挺神奇")


@dataclass(frozen=True)
class Profile:
    """The slot profile of one note (see the module docstring)."""

    holder: str
    slots: frozenset[str]
    polarity: str | None
    objects: frozenset[str]
    plan: bool = False

    @property
    def single(self) -> frozenset[str]:
        """The single-valued kinds this note states."""
        return self.slots & SINGLE


def kinds(text: str) -> frozenset[str]:
    """The kinds of attribute ``text`` states (both languages' word classes)."""
    found = {k for k, r in _EN_RE.items() if r.search(text)} | {k for k, r in _ZH_RE.items() if r.search(text)}
    return frozenset(found)


def topic_kinds(topic: str) -> frozenset[str]:
    """The kinds a retraction's topic names ("medical stuff" → health), besides the kinds its words state."""
    return frozenset(k for k, r in _TOPIC_RE.items() if r.search(topic)) | kinds(topic)


#: The lexicon's Chinese words with the stem of their English meaning (read once, not per note).
_ZH_LEXICON = tuple((w, en[:5]) for w, en in LEXICON.items() if re.search(r"[\u3400-\u9fff]", w))
_ZH_PAIR = re.compile(r"[\u3400-\u9fff]{2}")


def _objects(text: str) -> frozenset[str]:
    low = note_body(text).casefold()
    en = {w[:5] for w in re.findall(r"[a-z][a-z']{2,}", low) if w not in _STOP}
    zh_text = re.sub(_ZH["pref"] + "|" + NEG.pattern, " ", low)
    zh = {zh_text[i:i + 2] for i in range(len(zh_text) - 1)
          if _ZH_PAIR.fullmatch(zh_text[i:i + 2]) and not set(zh_text[i:i + 2]) & _ZH_STOP}
    mapped = {stem for w, stem in _ZH_LEXICON if w in low}
    return frozenset(en | zh | mapped)


def profile(note: str) -> Profile:
    """The slot profile of ``note``."""
    found = kinds(note_body(note))
    polarity = None
    if "pref" in found or "diet" in found:
        polarity = "-" if NEG.search(note) else "+"
    return Profile(holder(note), found, polarity, _objects(note), bool(PLAN.search(note_body(note))))


def same_holder(a: Profile, b: Profile) -> bool:
    """The two notes are about one person (an unresolved he/she is any person but the user)."""
    if same_person(a.holder, b.holder):
        return True
    return "?" in (a.holder, b.holder) and "user" not in (a.holder, b.holder)


def replaces(new: Profile, old: Profile, changed: bool = False) -> str | None:
    """Why the note of ``new`` replaces the note of ``old``, or ``None`` when the two can both be true.

    Same holder and one single-valued kind, or a preference flipped on one object; when the new
    note states a change (``changed``: :data:`CHANGE`), also one kind of any sort or one group of
    kinds (studying → working), and a change of the user's relationship status ends the notes
    held by their partner."""
    if new.plan and not old.plan:
        return None
    if not same_holder(new, old):
        return _partner_ended(new, old) if changed else None
    shared = new.single & old.single
    if shared:
        return "same " + "/".join(sorted(shared))
    if _flipped(new, old):
        return "preference flipped on " + "/".join(sorted(new.objects & old.objects))
    return _changed_kinds(new, old) if changed else None


def _partner_ended(new: Profile, old: Profile) -> str | None:
    """A change of the user's relationship status ends the notes their partner holds."""
    if new.holder == "user" and "relationship" in new.slots and old.holder in PARTNERS:
        return "relationship status changed"
    return None


def _flipped(new: Profile, old: Profile) -> bool:
    """A preference of the other polarity on a shared object."""
    return bool(new.polarity and old.polarity and new.polarity != old.polarity and new.objects & old.objects)


def _changed_kinds(new: Profile, old: Profile) -> str | None:
    """Why a stated change replaces the old note: a kind (or a group of kinds) both state."""
    kinds_ = (new.slots & old.slots) - {"family", "schedule", "pref", "pet"}
    groups = {g for k in new.slots if (g := GROUPS.get(k))} & {g for k in old.slots if (g := GROUPS.get(k))}
    if kinds_ or groups:
        return "changed " + "/".join(sorted(kinds_ | groups))
    return None
