"""A passing state is not a memory: 「今天好累」, 「刚吃完饭，撑死了」, "stuck in traffic rn".

:func:`is_transient` reads the shape of a time-bounded state rather than phrases: a *state*
(tired, hungry, sleepy, a headache, the weather, a mood, being stuck or late) that is either
anchored to the moment (今天, 刚, 这两天, "right now", "today", "rn") or said with an
intensifier (好累, 饿死, "so tired", "starving"), and nothing that makes it lasting — a habit or
duration marker (一直, 每天, 经常, "always", "since 2019", "chronic") or a single-valued
attribute of the user (where they live, their job, relationship, diet: "今天入职新公司，好累"
holds a new employer). Weather needs no anchor (「外面下雨了」 is always about now).

It gates the offline extraction beside the memorable head (``memorize.prepare``) and is one of
the head's structural inputs.
"""
from __future__ import annotations

import re

from pipelines.extract.pasted import is_pasted
from pipelines.extract.slots import SINGLE, kinds
from pipelines.extract.trigger import split_sentences

#: Anchors to the next or last few minutes ("brb", 等下要去…): an errand or a moment, whatever it is about.
_MOMENT = re.compile(r"等下|等一下|待会|一会儿|马上要|这会儿|此刻|刚刚|刚才|\brn\b|\bright now\b|\bjust now\b|\babout to\b|"
                     r"\bin a (?:bit|minute|sec)\b|\bbrb\b|\bgtg\b|\batm\b|\bat the moment\b", re.I)
#: Anchors to today / this week: a passing state when what is said is a state.
_NOW = re.compile(r"今天|今晚|今早|今儿|今天早上|晚上|刚|这两天|这几天|这周|这礼拜|昨晚|昨天|现在有点|现在好|"
                  r"\btoday\b|\btonight\b|\bthis (?:morning|afternoon|evening|week)\b|\blast night\b|\byesterday\b|"
                  r"\bthese days\b|\bcurrently\b|\bjust\b|\bfinally\b|\bday\b", re.I)
_INTENSE = re.compile(r"好累|累死|累瘫|饿死|好饿|困死|好困|撑死|好撑|烦死|好烦|热死|冷死|累了|困了|饿了|撑了|疯了|死了|爆了|好挤|"
                      r"笑死|无语|崩溃|气死|急死|emo了|好无聊|无聊死|"
                      r"\bso (?:tired|hungry|sleepy|bored|done|stressed|full|wiped|dead)\b|\bstarving\b|\bexhausted\b|"
                      r"\bdead tired\b|\bugh\b|\bomg\b|\blol\b|\blmao\b|\btbh\b|\bfinally\b|"
                      r"\b(?:long|busy|rough|crazy|hectic|tough|slow|lazy) (?:day|week|night|shift|morning|afternoon|weekend)\b", re.I)
_STATE = re.compile(r"累|饿|困|撑|烦|疼|痛|难受|头晕|晕|感冒|发烧|咳嗽|心情|无聊|郁闷|开心|高兴|紧张|忙|堵车|堵|挤|迟到|睡醒|"
                    r"没睡|失眠了|吃完|喝了|吃了|开完会|下班|到家|\bgot out of\b|\bfried\b|冷|热|嗡嗡|累趴|emo|笑死|无语|崩溃|"
                    r"\btired\b|\bhungry\b|\bstarving\b|\bsleepy\b|\bbored\b|\bexhausted\b|\bstuck\b|\blate\b|\btraffic\b|"
                    r"\bsick\b|\bheadache\b|\bcold\b|\bhot\b|\bbusy\b|\bstressed\b|\bhappy\b|\bexcited\b|\bannoyed\b|"
                    r"\bgrumpy\b|\bfull\b|\bhungover\b|\bsore\b|\bcranky\b|\bwiped\b|\bbeat\b|\bnervous\b|\brough\b|"
                    r"\bgot home\b|\bkicking in\b|\bmondays?\b|\bfridays?\b|\bcrowded\b|\bmeh\b|\blong (?:day|week|night|shift)\b|"
                    r"\bhectic\b", re.I)
_WEATHER = re.compile(r"下雨|下雪|下大雨|刮风|风好大|雾霾|天气|降温|升温|台风|出太阳|\braining\b|\bpouring\b|\bsnowing\b|\bsnow of the\b|"
                      r"\bfirst snow\b|\bweather\b|\bso hot out\b|\bfreezing\b|大雾|起雾|雾好大|下冰雹|好闷热|打雷了|"
                      r"\bso (?:foggy|humid|windy)\b|\b(?:foggy|windy|humid) (?:out|today|tonight|this)\b|\bdrizzling\b|"
                      r"\bhailing\b|\bthunderstorm", re.I)
_LASTING = re.compile(r"一直|总是|老是|经常|常常|每天|每周|每次|每个|每年|从小|多年|长期|慢性|平时|一般|向来|好几年|几年了|"
                      r"下周|下个月|明年|明天|后天|\bnext (?:week|month|year)\b|\btomorrow\b|\bevery year\b|"
                      r"\balways\b|\busually\b|\bevery\b|\boften\b|\bchronic|\bfor years\b|\bnever\b|\bwhenever\b|"
                      r"\bsince (?!breakfast|lunch|dinner|this|last night|yesterday|noon|\d{1,2}\s*(?:am|pm))", re.I)
#: Kinds a passing moment does not hold, and those that make "today"/"just" news rather than a mood.
_KEEPS = SINGLE | {"schedule", "school"}
_NEWS = _KEEPS | {"pet", "family"}


#: A time or a day to come: what makes a meeting or a class something to keep ("meeting with the bank on Friday").
_AHEAD = re.compile(r"明天|后天|下周|下个?月|下午\d|周[一二三四五六日天]|星期|礼拜|\d+\s*[点号月]|"
                    r"\btomorrow\b|\bnext\b|\bon (?:mon|tue|wed|thu|fri|sat|sun)|\bat \d|\d+\s*(?:am|pm)\b", re.I)


def _held_kinds(text: str) -> frozenset[str]:
    """The kinds that make the text lasting: a meeting or a class only when it lies ahead ("just got out of a
    meeting, brain fried" is the moment; "meeting with the bank on Friday" is a plan)."""
    found = kinds(text)
    return found - {"schedule"} if "schedule" in found and not _AHEAD.search(text) else found


#: Things whose state passes within the hour or the day: devices and connections, a ride or a delivery, a drink or
#: a meal — and parts of the body. A state of one of them ("My phone died", 「网好卡」, "my feet are freezing") is
#: the moment; what one *is* ("My phone is an iPhone 12", 「手机是华为的」) or does whenever ("my knee hurts when
#: I run", 「一吃就肿」) is not.
_THING_EN = (r"phone|cell|iphone|laptop|computer|pc|mac|wi-?fi|internet|connection|router|battery|signal|charger|"
             r"printer|tv|screen|keyboard|headphones|earbuds|app|zoom|vpn|train|bus|flight|plane|uber|ride|package|"
             r"parcel|delivery|order|coffee|tea|food|lunch|dinner|breakfast|soup|car|brain|head|back|neck|shoulders?|"
             r"knees?|feet|foot|legs?|hands?|arms?|eyes?|stomach|tummy|belly|throat|nose|tooth|teeth|ears?|ankles?|wrists?|"
             r"chest|lips|fingers|toes|body")
#: Interjections and fillers that may open a sentence before its subject ("ugh my phone died", "lol just waiting"): one
#: table for the thing-state and the progressive shapes below.
_OPENERS_EN = r"(?:(?:ugh|omg|lol|ok|so|and|but|well|man|welp|great|wow|of course|sigh|currently|just|still)[,.!\s]+)*"
_THING_SUBJECT = re.compile(rf"^{_OPENERS_EN}"
                            rf"(?:my |our |the |this )?(?:stupid |damn |dumb |new |old |poor )?(?:{_THING_EN})\b(?!-)"
                            rf"(?P<rest>.*)$", re.I)
#: What a thing *is* (its make, its kind, where it is from) or a lasting condition of the body.
_IDENTITY_EN = re.compile(r"^(?:'s|\s+(?:is|are|was|were))\s+(?:a|an|the|my|our|from|made|called|named|still under|"
                          r"(?:pretty |really |kinda |a bit )?(?:bad|weak|sensitive|allergic|fragile|flat|crooked|chronic)|"
                          r"\d{4}|\d+|blue|brown|green|hazel|gr[ae]y|black|blonde?|red|white|size|part of|one of)\b|"
                          r"^(?:'s|\s+(?:is|are|was|were))\s+(?-i:[A-Z])|^\s+(?:provider|plan|model|brand|number|insurance|doctor|type)\b|"
                          r"\b(?:can'?t|cannot|couldn'?t|doesn'?t|don'?t) (?:handle|take|tolerate|digest|do|stand)\b|"
                          r"\b(?:when(?:ever)?|if|since|after i|every|always|usually|ever since|for years|been)\b|"
                          # a time it is set for ("my flight is at 6pm", "the train's on Friday"): a plan, not a state
                          r"^(?:'s|\s+(?:is|are|was|were))\s+(?:at|on|for)\s+(?:\d{1,2}(?::\d\d)?\s*(?:am|pm)\b|\d{1,2}:\d\d|noon|"
                          r"midnight|(?:mon|tues|wednes|thurs|fri|satur|sun)day|the \d{1,2}(?:st|nd|rd|th)\b)", re.I)
_THING_ZH = frozenset("手机 电脑 笔记本 网速 网络 网 wifi WiFi Wi-Fi 信号 电池 充电器 打印机 电视 快递 外卖 咖啡 奶茶 饭 菜 车 地铁 公交 "
                      "航班 飞机 高铁 火车 路由器 车胎 轮胎 耳机 头 腰 背 脖子 肩膀 膝盖 脚 腿 手 胳膊 眼睛 眼 肚子 胃 嗓子 喉咙 鼻子 牙 耳朵 脑子 "
                      "身体".split())
#: Words before the subject of such a state: the user, an interjection, 今天, 的 / 家.
_LEAD_ZH = frozenset("我 我们 我家 的 家 今天 现在 这会儿 这 破 唉 哎 啊 呃 救命 完了 服了 无语 烦 ， , ！ !".split())
#: What a thing is, its make, or a condition that lasts (不好 of an organ, 近视, 过敏, 久坐就疼 of a habit).
_IDENTITY_ZH = re.compile(r"^(?:是|叫|用的|用了)|是.{0,8}的|不好|不太好|近视|过敏|不能|受不了|毛病|旧伤|手术|从小|多年|一直|总是|老是|经常|"
                          r"每次|就|型号|品牌|牌子")
#: A thing replaced or sold ("phone's changed, now it's a Pixel", 「手机换了，现在是华为」, 「车卖了」): a stated change
#: of what the user has, lasting — never the state of the moment of a device.
_REPLACED = re.compile(r"换了|换成|换掉|换新|新买|买了新|卖了|升级|改成|改用|不用了|"
                       r"\b(?:switched|replaced|upgraded|traded|sold|swapped|changed|got a new|bought a new)\b", re.I)
_MOMENT_ZH = re.compile(r"了|好[^\s]|有点|太|还没|又|快|在|咕咕|嗡嗡|死机|卡|疼|痛|酸|干|哑|凉|烫|慢|断")
#: How a thing is right now in English: a copula or an auxiliary, a past event ("died", "froze", "ran out"), a
#: pain ("hurts") — a plain present of another verb is a habit ("my knees hate the rain").
_STATE_EN = re.compile(r"^(?:'s|'re|'ve|\s+(?:is|are|was|were|got|gets|keeps?|kept|won'?t|isn'?t|aren'?t|wasn'?t|"
                       r"hasn'?t|haven'?t|didn'?t|can'?t|just|still|finally|already|totally|completely|suddenly|"
                       r"hurts?|aches?|itch(?:es)?|stings?|throbs?|burns?|[a-z]+ed|died|broke|froze|quit|went|fell|ran|blew|"
                       r"stopped|shut|gave)\b)", re.I)


#: A passing activity said in the progressive ("I'm waiting for the bus", "my dog is barking at the mailman",
#: "watching the game with a beer"): verbs of the moment, not of a project or a phase of life (learning,
#: training, renovating, dating stay — they are not here).
_NOW_ING = (r"sitting|waiting|standing|lying|laying|eating|drinking|watching|heading|walking|driving|riding|typing|"
            r"cooking|showering|barking|screaming|crying|yelling|sleeping|napping|snoring|chilling|hanging out|"
            r"relaxing|procrastinating|queuing|queueing|boarding|charging|loading|buffering|lagging|overheating|dying|"
            r"freezing|killing|pounding|growling|ringing|beeping|melting|sweating|shivering|starving|running late|"
            r"stuck|munching|snacking|scrolling|lounging|binging|staring|rushing|hiding")
_PROGRESSIVE_EN = re.compile(rf"^{_OPENERS_EN}(?:(?:i'?m|i am|im|we'?re|"
                             rf"we are|(?:my |our )?[a-z]+(?:'s|'re| is| are))\s+(?:just |still |currently |literally |"
                             rf"finally |now |busy |so )?)?(?:{_NOW_ING})\b", re.I)
_PROGRESSIVE_ZH = re.compile(r"(?:正在|正|(?<![住待呆留生长])在)[^，,。！？!?；;、]{0,8}?(?:等|排队|开车|睡觉|睡|吃饭|吃早饭|吃午饭|吃晚饭|吃火锅|吃东西|喝|看电视|看比赛|看球|看电影|"
                             r"开会|洗澡|做饭|打呼|堵|躺|逛|刷手机|发呆|摸鱼|上厕所|赶路|路上|地铁上|公交上|车上|飞机上|高铁上|机场)")
#: A time ahead or a span: what makes a state or an activity a plan or a phase ("sitting the bar exam in July").
_SPAN = re.compile(r"\b(?:next (?:week|month|year|time|semester|summer|fall|spring|winter|mon|tue|wed|thu|fri|sat|sun)|tomorrow|tonight at|until|for (?:a|the|\d+|two|three|several|many) (?:while|weeks?|months?|years?)|"
                   r"this (?:year|summer|fall|autumn|winter|spring|semester)|these days|lately|in (?:january|february|march|april|"
                   r"may|june|july|august|september|october|november|december|\d+ (?:weeks?|months?|years?)))\b|"
                   r"\b(?:in|since|back in) (?:19|20)\d\d\b|\b(?:years|months|weeks) ago\b|\blast (?:year|month|summer|fall|winter|spring)\b|"
                   r"下周|下个?月|明年|去年|前年|年前|小时候|明天|后天|这学期|这段时间|最近|一直|每天", re.I)


#: An apology that closes a sentence ("…, sorry if I drop", "…, sorry for the typos", "…，不好意思"): about this
#: conversation, never a fact, so the state is judged without it. A bare "sorry" is no aside: it may open a repair
#: ("my flight is at 6, sorry, 7pm").
_ASIDE = re.compile(r"\s*[,，;；—-]+\s*(?:(?:so\s+)?(?:sorry|sry)\s+(?:if|for|about|in advance)\b|apologies\b|(?:so\s+)?bear with me\b|"
                    r"不好意思|抱歉|见谅).*$", re.I)


def without_aside(text: str) -> str:
    """``text`` without a closing apology (see :data:`_ASIDE`)."""
    return _ASIDE.sub("", text.strip())



def moment_state(sentence: str) -> bool:
    """``sentence`` says how a device, a ride, a meal or a part of the body is right now ("My phone died", "my
    battery's at 5%", 「电脑又蓝屏了」, 「嗓子有点哑」) or what the user or one of their people or pets is doing this
    minute ("I'm waiting for the bus", "my dog is barking at the mailman", 「我在排队买奶茶」) — never what a thing is,
    a lasting condition, a habit, or a plan (see :data:`_IDENTITY_EN`, :data:`_SPAN`)."""
    said = without_aside(sentence).rstrip(".!?~。！？～ ")
    if not said or _SPAN.search(said):
        return False
    if re.search(r"[\u3400-\u9fff]", said):
        if _PROGRESSIVE_ZH.search(said):
            return True
        rest = _zh_thing_state(said)
        return (rest is not None and not _IDENTITY_ZH.search(rest) and not _REPLACED.search(rest)
                and bool(_MOMENT_ZH.search(rest)))
    if _PROGRESSIVE_EN.search(said):
        return True
    thing = _THING_SUBJECT.match(said)
    rest = thing.group("rest") if thing else ""
    return bool(thing and not _IDENTITY_EN.search(rest) and not _REPLACED.search(rest) and _STATE_EN.match(rest))


def _zh_thing_state(said: str) -> str | None:
    """What follows a device or a part of the body that opens the clause (a whole jieba word: 腰椎 and 网球 are
    other words than 腰 and 网), or ``None``."""
    from pipelines.extract.normalize import _zh_tokens  # noqa: PLC0415 - jieba only for Chinese

    words = [w for w, _ in _zh_tokens(said) if w.strip()]
    for i, word in enumerate(words[:5]):
        if word in _THING_ZH:
            return "".join(words[i + 1:])
        if word not in _LEAD_ZH:
            return None
    return None


def is_transient(text: str) -> bool:
    """``text`` states only a passing state of the moment (see the module docstring)."""
    found = _held_kinds(text)
    if _LASTING.search(text):
        return False
    if moment_state(text):
        return True
    if _lasting(text, found):
        return False
    if _WEATHER.search(text) or _MOMENT.search(text):
        return True
    if found & _NEWS:
        return False  # "my sister just had a baby": news about the user's people, not a mood
    return bool(_STATE.search(text) and (_NOW.search(text) or _INTENSE.search(text)))


def _lasting(text: str, found: frozenset[str]) -> bool:
    """A habit, a plan or a lasting kind; a preference unless it is of the moment."""
    return bool(_LASTING.search(text) or found & _KEEPS
                or ("pref" in found and not (_NOW.search(text) or _MOMENT.search(text))))


_PERSONAL = re.compile(r"\b(?:i|me|my|mine|we|us|our|ours|i'm|im|i've|i'd|i'll|myself|we're|we've|we'd|he|she|they|him|her|"
                       r"his|their|them|he's|she's|they're)\b|我|咱|俺|自己|本人|他|她|"
                       # one of the user's people the talk just named ("the older one just got braces", 「老大」)
                       r"\b(?:the\s+)?(?:older|younger|oldest|youngest|eldest|middle)\s+one\b|老大|老二|老三", re.I)
#: An explicit subject (up to four words) and a finite verb: "remote work is the future", "the Fed raised rates".
_EN_CLAUSE = re.compile(r"^(?:(?:honestly|tbh|ok|okay|so|man|wow|lol|ugh|imo|like)[,\s]+)*(?:the |that |this |these |those |a |an )?"
                        r"[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,3}?\s+(?:is|are|was|were|looks?|seems?|feels?|raised|cut|getting|gets|"
                        r"keeps?|will|won't|has|have|ruining|going|just|finally)\b", re.I)
_HEARD = re.compile(r"听说|新闻|据说|网上说|热搜|看到.{0,6}说|\bheard\b|\bapparently\b|\bthe news\b|\breportedly\b", re.I)
_ZH_OPINION = re.compile(r"挺|越来越|真[好的]|太.{1,3}了|进步|不行了|离谱")
_ZH_QUESTION = re.compile(r"(?<!了)几(?:分钟|点|天|个|岁|号|次|斤)|多久|多少|(?<![没不])怎么(?!样都)|什么|哪(?:里|儿|个|些|家)|要不要|能不能|可不可以|是不是|有没有|[吗呢么][。！!]?$")


def about_nobody(text: str) -> bool:
    """``text`` is about the world, not the user or their people: news ("听说台风要登陆了"), an opinion on things
    ("remote work is the future", 「国产电影这几年进步挺大的」) or an impersonal question (「溏心蛋要煮几分钟」).

    Nothing personal (I / my / 我 / 自己), no one of the user's people, pets or attributes, and an explicit
    subject of its own (a subject-less clause such as "Huge Packers fan" or 「周末一般都去爬山」 is about the user)."""
    if _PERSONAL.search(text) or kinds(text) & _PEOPLE_KINDS:
        return False
    if _HEARD.search(text) or _ZH_QUESTION.search(text):
        return True
    if re.search(r"[\u3400-\u9fff]", text):
        return not kinds(text) and bool(_ZH_OPINION.search(text) and _zh_subject(text))
    return not kinds(text) - {"vehicle", "phone", "pref"} and bool(_EN_CLAUSE.search(text.strip()))  # "Team offsite is Tuesday"


def _zh_subject(text: str) -> bool:
    from pipelines.extract.normalize import _zh_tokens  # noqa: PLC0415 - jieba only for Chinese

    first = next(((w, f) for w, f in _zh_tokens(text) if w.strip()), None)
    return first is not None and first[1] in ("n", "nz", "vn", "nr", "ns", "nt", "b")


#: Kinds that make a sentence without I/my still about the user's people or attributes.
_PEOPLE_KINDS = frozenset({"family", "pet", "relationship", "manager", "therapist"})


def is_passing(text: str) -> bool:
    """Nothing to keep: pasted material the user wants help with (a trace, a log, JSON, base64:
    ``pasted.is_pasted``), or every sentence a passing state of the moment or talk about the world (see
    :func:`about_nobody`) — a mood said beside a fact ("Our place is on the 4th floor. I'm so tired lol") keeps
    the fact."""
    return is_pasted(text) or all(passing_sentence(s) for s in split_sentences(text) or [text])


#: A wish of the day: 「周一快乐哈哈」, 「周末愉快」, "happy friday!".
_WISH = re.compile(r"^(?:祝你?|祝大家)?[\u3400-\u9fff]{1,4}(?:快乐|愉快)[!！~～哈呀啊呵]*$|"
                   r"^happy (?:monday|tuesday|wednesday|thursday|friday|weekend|holidays|new year)\b[\s!.~]*$", re.I)


#: A condition whose consequence is no fact either ("because" / 因为 give a real reason: what follows stays).
CONDITION = re.compile(r"^(?:(?:if|imagine|suppose|what if|in another life|hypothetically|theoretically|in theory|"
                       r"in a world where)\b|(?:我|我们)?(?:假如|如果|要是|万一|假设))", re.I)


#: A request not to let the user forget something ("don't forget my meeting at 3", "remind me Sunday",
#: 「千万别让我忘了带身份证」, "note to self: …"): a reminder to the assistant, not a statement — unless what follows
#: is a clause about the user ("don't forget I'm allergic to peanuts", 「别忘了我对花生过敏」).
_REMINDER = re.compile(r"(?:^|[,，.!;]\s*)(?:(?:please|pls|plz|and|but|oh|ok|okay|so|also|just|hey)[,\s]+)*(?:(?:can|could|would|will) you\s+)?"
                       r"(?:don'?t (?:let me )?forget|do not (?:let me )?forget|never let me forget|remind me|make sure (?:i|to)|"
                       r"help me remember|note to self)\b|"
                       r"(?:别|不要|千万别|可别)(?:让我)?忘了?|提醒我|记得提醒|别让我忘", re.I)
_REMINDED_FACT = re.compile(r"(?:forget|remind me|忘了?)\s*(?:that\s+)?(?:i'?m|i am|i have|i've|i (?:can'?t|don'?t|never)|my \w+(?:'s| is| are| has))\b|"
                            r"忘了?我(?:对|是|有|不|在|家|的)", re.I)
#: The user forgot something once ("I forgot my umbrella lol", 「我又忘带钥匙了」): an event of the day — unless it
#: introduces what they forgot to say ("I forgot to mention, I'm vegan").
_FORGOT = re.compile(r"\bi(?:'ve| have| had)?\s+(?:just\s+|totally\s+|completely\s+)?(?:forgot|forgotten)\b(?! to (?:mention|say|tell))|"
                     r"我(?:又|刚|竟然|居然)?忘(?:了|记|带)(?!.{0,3}(?:说|告诉))", re.I)


def reminder(sentence: str) -> bool:
    """``sentence`` asks the assistant to remind the user, or says they forgot something once (see above)."""
    said = sentence.strip()
    if _REMINDER.search(said):
        return not _REMINDED_FACT.search(said)
    return bool(_FORGOT.search(said)) and not _LASTING.search(said)


#: Thanks for what the assistant just gave, with how it lands ("thx, my wife will love it", 「谢谢你，我儿子很喜欢这个故事」):
#: "it" / 这个 is the reply, so the reaction is the moment's.
_THANKS = re.compile(r"^(?:(?:ok(?:ay)?|cool|great|awesome|perfect|nice|wow|oh)[,!.\s]+)*(?:thanks|thank you|thx|ty|tysm|cheers|"
                     r"谢谢|多谢|感谢|谢啦|谢了)", re.I)
_THE_REPLY = re.compile(r"\b(?:it|this|that|these|those|them)\b|这个|那个|这些|这篇|这首|这份|它", re.I)


def thanks_reaction(sentence: str) -> bool:
    """``sentence`` thanks the assistant and says how its reply lands (see :data:`_THANKS`)."""
    thanks = _THANKS.search(sentence.strip())
    return thanks is not None and bool(_THE_REPLY.search(sentence.strip()[thanks.end():]))


def is_reminder(text: str) -> bool:
    """Every sentence of ``text`` is a reminder to the assistant or a one-off forgetting: never a correction either
    ("I keep forgetting to ask my daughter, can you remind me Sunday?" changes no note)."""
    return all(reminder(s) for s in split_sentences(text) or [text])


def passing_sentence(sentence: str) -> bool:
    """One sentence that states only a passing state, a wish of the day, a condition and its consequence
    (「要是中了彩票，我立马辞职」), a reminder to the assistant, or talks about the world."""
    said = sentence.strip()
    return (bool(_WISH.search(said) or CONDITION.search(said)) or reminder(said) or thanks_reaction(said)
            or is_transient(sentence)
            or about_nobody(sentence))
