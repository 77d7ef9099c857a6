"""Training pairs for the same-slot head, generated from templates (training data only, never evaluation).

Each pair is an earlier statement of a user and a later one (with the messages said just
before it in its session): ``label`` 1 when the later one replaces the earlier (same holder,
same attribute, a new value: a move, a new employer, a flipped preference, a changed count,
a moved date, a new partner), 0 when both stay true (another holder, an add-on of a
many-valued attribute, another project or item, a note about the past, a plan, another
attribute of the same holder; two kin with one attribute, add-ons with also/too/也/还, a second
item of a many-valued attribute, a change of one attribute next to a note of another).
Twenty-odd attributes in English and Chinese, each phrased in
several ways (with and without a first-person subject, elliptical follow-ups that lean on
the previous turn). No test half was read; some add-on and kin templates (``_coexisting``,
``ADDON_*``) paraphrase kinds seen in the dev halves — which are training data too — so the
dev out-of-fold figures of pairs are optimistic, and the test halves measure the head.

``pairs(seed)`` returns the list; ``python scripts/bench/slot_pairs.py`` prints a sample.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field

CITY_EN = ["Boston", "Denver", "Austin", "Seattle", "Toronto", "Lisbon", "Berlin", "Chicago", "Portland", "Melbourne",
           "Dublin", "Madrid", "Osaka", "Vancouver", "Atlanta", "Phoenix", "Oslo", "Prague", "Nashville", "San Diego"]
CITY_ZH = ["北京", "上海", "深圳", "杭州", "成都", "南京", "武汉", "西安", "苏州", "重庆", "厦门", "青岛", "长沙", "天津",
           "昆明", "大连", "合肥", "郑州", "广州", "宁波"]
ORG_EN = ["Google", "Amazon", "a small design agency", "Stripe", "Deloitte", "a local hospital", "Shopify", "IBM",
          "a law firm downtown", "Spotify", "Oracle", "a bakery on Main Street", "Accenture", "Netflix", "a public school",
          "Pfizer", "Airbnb", "a tiny fintech startup", "Boeing", "the city library"]
ORG_ZH = ["腾讯", "阿里", "字节", "华为", "美团", "京东", "百度", "小米", "网易", "一家外企", "银行", "一家国企",
          "一家创业公司", "中国移动", "拼多多", "滴滴", "医院", "区政府", "一所中学", "快手"]
ROLE_EN = ["nurse", "software engineer", "teacher", "accountant", "product manager", "barista", "data analyst",
           "graphic designer", "electrician", "paralegal", "sales rep", "line cook", "junior developer", "team lead"]
ROLE_ZH = ["护士", "程序员", "老师", "会计", "产品经理", "设计师", "销售", "运营", "厨师", "律师", "前端开发", "测试",
           "客服", "财务"]
NAME_EN = ["Sam", "Alex", "Jordan", "Priya", "Mia", "Leo", "Nora", "Ethan", "Chloe", "Raj", "Tom", "Lena", "Omar",
           "Grace", "Ben", "Ivy"]
NAME_ZH = ["小雨", "阿杰", "小林", "王磊", "小美", "张伟", "陈晨", "小雪", "李娜", "刘洋", "阿明", "婷婷", "浩然", "佳佳"]
FOOD_EN = ["coffee", "cilantro", "sushi", "spicy food", "beer", "olives", "mushrooms", "running", "jazz", "horror movies",
           "red wine", "tofu", "blue cheese", "podcasts", "camping", "karaoke"]
FOOD_ZH = ["咖啡", "香菜", "榴莲", "辣", "啤酒", "跑步", "火锅", "苦瓜", "羊肉", "臭豆腐", "茶", "爬山", "甜食", "海鲜",
           "芹菜", "健身"]
HOBBY_EN = ["yoga", "pilates", "rock climbing", "swimming", "tennis", "boxing", "salsa", "pottery", "chess", "guitar",
            "cycling", "crossfit", "piano", "painting"]
HOBBY_ZH = ["瑜伽", "普拉提", "攀岩", "游泳", "羽毛球", "拳击", "跳舞", "陶艺", "围棋", "吉他", "骑行", "画画", "钢琴",
            "书法"]
CAR_EN = ["Honda Civic", "Toyota Corolla", "Tesla Model 3", "Subaru Outback", "Ford F-150", "Mazda 3", "VW Golf", "Kia Soul"]
CAR_ZH = ["卡罗拉", "比亚迪汉", "特斯拉", "大众朗逸", "本田雅阁", "理想L7", "五菱宏光", "宝马3系"]
PHONE = ["iPhone", "Pixel", "Samsung Galaxy", "OnePlus", "小米手机", "华为Mate"]
DRUG_EN = ["metformin", "lisinopril", "sertraline", "levothyroxine", "atorvastatin", "omeprazole"]
DRUG_ZH = ["二甲双胍", "降压药", "阿托伐他汀", "优甲乐", "布洛芬", "胰岛素"]
ALLERGEN_EN = ["peanuts", "shellfish", "penicillin", "cats", "pollen", "eggs", "latex", "kiwi", "soy", "bee stings"]
ALLERGEN_ZH = ["花生", "海鲜", "青霉素", "猫毛", "花粉", "鸡蛋", "芒果", "尘螨", "牛奶", "菠萝"]
LANG_EN = ["Spanish", "French", "Japanese", "German", "Korean", "Italian", "Portuguese", "Mandarin"]
LANG_ZH = ["日语", "英语", "法语", "韩语", "西班牙语", "德语", "粤语", "俄语"]
PROJECT_EN = ["grant proposal", "thesis draft", "Q3 report", "website launch", "app release", "tax filing",
              "client pitch", "board deck"]
PROJECT_ZH = ["小程序项目", "毕业论文", "季度报告", "新版本上线", "年终总结", "投标方案", "装修", "答辩"]
MONTH_EN = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
            "December"]
DAY_EN = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
DAY_ZH = ["周一", "周二", "周三", "周四", "周五", "周六", "周日"]
PEOPLE_EN = ["sister", "brother", "wife", "husband", "mom", "dad", "son", "daughter", "best friend", "roommate",
             "girlfriend", "boyfriend", "cousin", "coworker"]
PEOPLE_ZH = ["我姐", "我哥", "我老婆", "我老公", "我妈", "我爸", "我儿子", "我女儿", "我闺蜜", "我室友", "我表妹", "我同事"]
NUM_EN = ["two", "three", "four", "five", "six"]
NUM_ZH = ["两", "三", "四", "五", "六"]
PET_EN = ["cats", "dogs", "chickens", "fish", "rabbits"]
PET_ZH = ["猫", "狗", "鸡", "鱼", "兔子"]
LEAD_EN = ["", "", "", "ok so ", "fyi ", "quick update: ", "big news: ", "so ", "guess what, ", "lol "]
LEAD_ZH = ["", "", "", "跟你说，", "说个事，", "更新一下，", "哈哈，", "对了，", "告诉你个好消息，"]
CHAT_EN = ["ugh, long week", "talked to my mom last night", "so about that", "hey", "random thing",
           "work has been crazy"]
CHAT_ZH = ["这周好忙", "昨晚跟我妈打了个电话", "说到这个", "在吗", "最近事挺多", "跟你说个事"]


@dataclass(frozen=True)
class Pair:
    """One training pair (see the module docstring)."""

    lang: str
    attr: str
    kind: str
    old: str
    new: str
    label: int
    context: tuple[str, ...] = field(default_factory=tuple)


def _two(r: random.Random, pool: list[str]) -> tuple[str, str]:
    a, b = r.sample(pool, 2)
    return a, b


def _en(r: random.Random) -> list[tuple[str, str, str, int, tuple[str, ...]]]:
    """(attr, kind, old, new, label, context) tuples in English."""
    out: list[tuple[str, str, str, int, tuple[str, ...]]] = []
    lead = lambda: r.choice(LEAD_EN)  # noqa: E731
    # residence
    a, b = _two(r, CITY_EN)
    p, q = _two(r, PEOPLE_EN)
    old = r.choice([f"I live in {a}.", f"Based in {a}, been here a few years.", f"My apartment is in {a}.",
                    f"Living in {a} these days, near downtown."])
    out += [("residence", "replace", old, r.choice([f"{lead()}moved to {b} last month.", f"I'm in {b} now.",
                                                     f"Just relocated to {b} for work.", f"We finally moved, {b} now!",
                                                     f"new city, new me: {b}"]), 1, ()),
            ("residence", "other_holder", old, f"My {p} lives in {b}.", 0, ()),
            ("residence", "past", old, r.choice([f"I grew up in {b}.", f"I lived in {b} for a year in college."]), 0, ()),
            ("residence", "plan", old, f"Thinking about visiting {b} next spring.", 0, ()),
            ("residence", "other_attr", old, r.choice([f"My office is in {b}.", f"I work remotely for a company in {b}."]), 0, ())]
    # employer
    a, b = _two(r, ORG_EN)
    old = r.choice([f"I work at {a}.", f"I'm a {r.choice(ROLE_EN)} at {a}.", f"Been at {a} for three years.",
                    f"Work for {a}, mostly remote."])
    out += [("employer", "replace", old, r.choice([f"{lead()}left {a.split()[-1]}, I'm at {b} now.",
                                                    f"Just started a new job at {b}!", f"Switched jobs, working for {b} now.",
                                                    f"Got hired by {b}, first day was Monday.", f"Quit last week. Joining {b}."]), 1, ()),
            ("employer", "other_holder", old, f"My {p} works at {b}.", 0, ()),
            ("employer", "add_on", old, r.choice([f"I also do freelance work for {b} on weekends.",
                                                  f"On the side I teach evening classes at {b}."]), 0, ()),
            ("employer", "past", old, f"I used to work at {b} before that.", 0, ())]
    # role
    a, b = _two(r, ROLE_EN)
    old = r.choice([f"I'm a {a}.", f"I work as a {a}.", f"{a.capitalize()} by trade."])
    out += [("role", "replace", old, r.choice([f"Got promoted, I'm a {b} now!", f"Changed careers, working as a {b} now.",
                                               f"{lead()}I'm a {b} now."]), 1, ()),
            ("role", "other_holder", old, f"My {p} is a {b}.", 0, ())]
    # relationship
    n, m = _two(r, NAME_EN)
    old = r.choice(["I'm single.", "Single, not looking.", f"I'm dating a guy named {n}.", f"My girlfriend is {n}.",
                    f"Been seeing {n} for a few months."])
    out += [("relationship", "replace", old, r.choice([f"{lead()}I'm seeing someone new, {m}.", f"{m} and I got engaged!",
                                                       f"My boyfriend {m} moved in with me.", "We broke up. Single again.",
                                                       f"Got married to {m} last weekend!"]), 1, ()),
            ("relationship", "other_holder", old, f"My {p} is dating someone named {m}.", 0, ()),
            ("relationship", "other_attr", old, f"My best friend is {m}.", 0, ())]
    # preference flip
    f1, f2 = _two(r, FOOD_EN)
    neg = r.random() < 0.5
    old = (r.choice([f"I can't stand {f1}.", f"I never touch {f1}.", f"{f1.capitalize()} is a hard no for me.",
                     f"I hate {f1}."]) if neg else
           r.choice([f"I love {f1}.", f"I have {f1} every day.", f"Huge fan of {f1}.", f"I'm really into {f1}."]))
    flip = (r.choice([f"ok weirdly I love {f1} now.", f"Turns out I actually like {f1}, I have it all the time now.",
                      f"I'm obsessed with {f1} these days."]) if neg else
            r.choice([f"I gave up {f1} completely.", f"I can't stand {f1} anymore.", f"Quit {f1} last month.",
                      f"Not into {f1} anymore."]))
    out += [("preference", "replace", old, flip, 1, ()),
            ("preference", "other_object", old, r.choice([f"I love {f2}.", f"I can't stand {f2}.", f"I also like {f2}."]), 0, ()),
            ("preference", "other_holder", old, r.choice([f"My {p} loves {f1}.", f"My {p} can't stand {f1}."]), 0, ())]
    # counts
    k = r.randrange(len(NUM_EN) - 1)
    pet = r.choice(PET_EN)
    old = r.choice([f"We have {NUM_EN[k]} {pet}.", f"I've got {NUM_EN[k]} {pet} at home.", f"{NUM_EN[k].capitalize()} {pet} in the house."])
    out += [("count", "replace", old, r.choice([f"Adopted another one, so {NUM_EN[k + 1]} {pet} now.",
                                                f"We're down to {NUM_EN[max(0, k - 1)]} {pet} now :(",
                                                f"{lead()}we have {NUM_EN[k + 1]} {pet} now."]), 1, ()),
            ("count", "other_holder", old, f"My {p} has {NUM_EN[k + 1]} {pet}.", 0, ()),
            ("count", "add_on", old, f"We also have a {r.choice(['parrot', 'turtle', 'hamster'])}.", 0, ())]
    kids = r.randrange(1, 4)
    old = f"I have {NUM_EN[kids - 1] if kids > 1 else 'one'} kid{'s' if kids > 1 else ''}."
    out += [("count", "replace", old, r.choice(["Baby number " + ["two", "three", "four"][kids - 1] + " arrived!",
                                                "We just had another baby!", "Another kid on the way, well, arrived last week."]), 1, ())]
    times = r.randrange(2, 5)
    old = f"I go to the gym {times} times a week."
    out += [("count", "replace", old, r.choice([f"Up to {times + 2} gym sessions a week now.", "Cut down to once a week."]), 1, ()),
            ("count", "other_attr", old, f"I run {times + 1} miles on Sundays.", 0, ())]
    # dates, deadlines
    pr, pr2 = _two(r, PROJECT_EN)
    d1, d2 = r.sample(range(1, 29), 2)
    mo = r.choice(MONTH_EN)
    old = r.choice([f"The {pr} is due {mo} {d1}.", f"I need to get the {pr} in by {mo} {d1}.", f"{pr.capitalize()} deadline: {mo} {d1}."])
    out += [("date", "replace", old, r.choice([f"The {pr} got pushed to {mo} {d2}.", f"They moved the {pr} to {mo} {d2}."]), 1, ()),
            ("date", "replace", old, r.choice([f"they moved it, it's due {mo} {d2} now", f"pushed to the {d2}th now",
                                               f"it's {r.choice(DAY_EN)} now"]), 1, (f"ugh, the {pr}",)),
            ("date", "other_qualifier", old, f"The {pr2} is due {mo} {d2}.", 0, ()),
            ("date", "other_attr", old, f"My dentist appointment is on {mo} {d2}.", 0, ())]
    # schedule
    d1s, d2s = r.sample(DAY_EN, 2)
    ev = r.choice(["team meeting", "standup", "piano lesson", "book club", "therapy session"])
    old = f"My {ev} is every {d1s} at 10."
    out += [("schedule", "replace", old, r.choice([f"The {ev} moved to {d2s}s at 3.", f"{ev.capitalize()} is on {d2s} afternoons now."]), 1, ()),
            ("schedule", "replace", old, f"it's {d2s} at 3 from now on", 1, (f"so the {ev} changed",)),
            ("schedule", "add_on", old, f"I also have {r.choice(HOBBY_EN)} on {d2s}s.", 0, ())]
    # hobby switch
    h1, h2 = _two(r, HOBBY_EN)
    old = r.choice([f"I do {h1} twice a week.", f"Taking {h1} classes on Mondays.", f"Really into {h1} lately."])
    out += [("hobby", "replace", old, r.choice([f"Got bored of {h1}, switched to {h2}.", f"Quit {h1}, doing {h2} instead now.",
                                                f"{h2.capitalize()} is my thing now, stopped {h1}."]), 1, ()),
            ("hobby", "add_on", old, r.choice([f"Also signed up for {h2} on Wednesdays.", f"I do {h2} as well.",
                                               f"And {h2} on weekends."]), 0, ()),
            ("hobby", "other_holder", old, f"My {p} does {h2}.", 0, ())]
    # vehicle / phone
    c1, c2 = _two(r, CAR_EN)
    out += [("vehicle", "replace", f"I drive a {c1}.", r.choice([f"Sold the {c1.split()[-1]}, got a {c2}.", f"New car! A {c2}."]), 1, ()),
            ("vehicle", "other_holder", f"I drive a {c1}.", f"My {p} drives a {c2}.", 0, ())]
    ph1, ph2 = _two(r, PHONE[:4])
    out += [("phone", "replace", f"I use an {ph1}.", f"Switched to a {ph2} finally.", 1, ())]
    # health
    dr, dr2 = _two(r, DRUG_EN)
    mg = r.choice([5, 10, 20, 25])
    old = f"I take {mg} mg of {dr} every day."
    out += [("dose", "replace", old, r.choice([f"Doctor upped my {dr} to {mg * 2} mg.", f"{dr.capitalize()} is down to {mg // 2} mg now."]), 1, ()),
            ("dose", "add_on", old, f"The doctor also put me on {dr2}.", 0, ())]
    al, al2 = _two(r, ALLERGEN_EN)
    old = f"I'm allergic to {al}."
    out += [("allergy", "add_on", old, r.choice([f"{al2} too", f"also allergic to {al2}", f"and {al2} as well"]), 0, ()),
            ("allergy", "other_holder", old, f"My {p} is allergic to {al2}.", 0, ()),
            ("allergy", "replace", old, f"Turns out I'm not allergic to {al} after all, the test was wrong.", 1, ())]
    la, la2 = _two(r, LANG_EN)
    out += [("language", "add_on", f"I speak {la}.", r.choice([f"Learning {la2} too.", f"My {la2} is decent as well."]), 0, ())]
    # people's attributes: names, manager, ages
    n1, n2 = _two(r, NAME_EN)
    out += [("person", "replace", f"My manager is {n1}.", r.choice([f"New boss is {n2}, way chiller.", f"{n1} got moved to another team, my manager is {n2} now."]), 1, ()),
            ("person", "other_holder", f"My sister's name is {n1}.", f"My cousin's name is {n2}.", 0, ()),
            ("person", "other_holder", f"My boss is {n1}.", f"My skip-level is {n2}.", 0, ()),
            ("person", "other_holder", f"Our dog is {n1}.", f"My parents' dog is {n2}.", 0, ())]
    age = r.randrange(3, 12)
    out += [("age", "replace", f"My daughter is {age}.", f"She turned {age + 1} last week!", 1, ("my daughter had her birthday",)),
            ("age", "other_holder", f"My daughter is {age}.", f"My son is {age + 2}.", 0, ())]
    # people's states
    a, b = _two(r, CITY_EN)
    out += [("residence", "replace", f"My {p} lives in {a}.", f"My {p} finally moved to {b} for the new job.", 1, ()),
            ("employer", "replace", f"My {q} works at {ORG_EN[0]}.", f"she quit, she's at {ORG_EN[3]} now", 1, (f"talked to my {q}",)),
            ("other", "other_attr", f"My {p} lives in {a}.", f"My {p} is a {r.choice(ROLE_EN)}.", 0, ()),
            ("other", "other_attr", f"I work at {r.choice(ORG_EN)}.", f"I live in {r.choice(CITY_EN)}.", 0, ())]
    return out


def _zh(r: random.Random) -> list[tuple[str, str, str, int, tuple[str, ...]]]:
    """(attr, kind, old, new, label, context) tuples in Chinese."""
    out: list[tuple[str, str, str, int, tuple[str, ...]]] = []
    lead = lambda: r.choice(LEAD_ZH)  # noqa: E731
    a, b = _two(r, CITY_ZH)
    p, q = _two(r, PEOPLE_ZH)
    old = r.choice([f"我住在{a}。", f"在{a}住了好几年了。", f"我家在{a}，离公司挺近。", f"目前在{a}租房住。"])
    out += [("residence", "replace", old, r.choice([f"{lead()}搬到{b}了。", f"现在在{b}住了。", f"又搬家了，这次去了{b}。",
                                                     f"公司把我调到{b}了，已经过来了。"]), 1, ()),
            ("residence", "other_holder", old, f"{p}住在{b}。", 0, ()),
            ("residence", "past", old, r.choice([f"我小时候在{b}长大。", f"以前在{b}待过一年。"]), 0, ()),
            ("residence", "plan", old, f"打算明年去{b}玩一趟。", 0, ()),
            ("residence", "other_attr", old, f"公司在{b}。", 0, ())]
    a, b = _two(r, ORG_ZH)
    old = r.choice([f"我在{a}上班。", f"在{a}做{r.choice(ROLE_ZH)}。", f"我在{a}工作三年了。"])
    out += [("employer", "replace", old, r.choice([f"{lead()}跳槽到{b}了。", f"从{a}离职了，现在在{b}。", f"入职{b}了！",
                                                    f"换工作了，去了{b}。"]), 1, ()),
            ("employer", "other_holder", old, f"{p}在{b}上班。", 0, ()),
            ("employer", "add_on", old, f"晚上还在{b}兼职。", 0, ()),
            ("employer", "past", old, f"以前在{b}干过两年。", 0, ())]
    a, b = _two(r, ROLE_ZH)
    out += [("role", "replace", f"我是{a}。", r.choice([f"转行了，现在做{b}。", f"升职了，现在是{b}主管。"]), 1, ()),
            ("role", "other_holder", f"我是{a}。", f"{p}是{b}。", 0, ())]
    n, m = _two(r, NAME_ZH)
    old = r.choice(["我一直单身。", f"我女朋友叫{n}。", f"我在跟{n}谈恋爱。", f"我男朋友{n}在外地。"])
    out += [("relationship", "replace", old, r.choice([f"{lead()}脱单了，对象叫{m}。", f"跟{n}分手了，现在单身。",
                                                       "我们领证了！", f"现在的男朋友叫{m}，人特别好。"]), 1, ()),
            ("relationship", "other_holder", old, f"{p}在跟{m}谈恋爱。", 0, ()),
            ("relationship", "other_attr", old, f"我最好的朋友叫{m}。", 0, ())]
    f1, f2 = _two(r, FOOD_ZH)
    neg = r.random() < 0.5
    old = (r.choice([f"我最讨厌{f1}了。", f"{f1}我从来不碰。", f"受不了{f1}。"]) if neg else
           r.choice([f"我特别喜欢{f1}。", f"每天都离不开{f1}。", f"超爱{f1}。"]))
    flip = (r.choice([f"最近居然爱上{f1}了。", f"现在天天{f1}，口味变了。", f"说来好笑，我现在离不开{f1}了。"]) if neg else
            r.choice([f"{f1}戒了。", f"现在不碰{f1}了。", f"对{f1}没兴趣了。"]))
    out += [("preference", "replace", old, flip, 1, ()),
            ("preference", "other_object", old, r.choice([f"我也喜欢{f2}。", f"{f2}我也受不了。", f"还挺爱{f2}的。"]), 0, ()),
            ("preference", "other_holder", old, r.choice([f"{p}特别喜欢{f1}。", f"{p}不吃{f1}。"]), 0, ())]
    k = r.randrange(len(NUM_ZH) - 1)
    pet = r.choice(PET_ZH)
    old = r.choice([f"我家养了{NUM_ZH[k]}只{pet}。", f"家里有{NUM_ZH[k]}只{pet}。"])
    out += [("count", "replace", old, r.choice([f"又领养了一只，现在{NUM_ZH[k + 1]}只{pet}了。",
                                                f"现在只剩{NUM_ZH[max(0, k - 1)]}只{pet}了。", f"{lead()}现在家里{NUM_ZH[k + 1]}只{pet}。"]), 1, ()),
            ("count", "other_holder", old, f"{p}家有{NUM_ZH[k + 1]}只{pet}。", 0, ()),
            ("count", "add_on", old, "还养了一只鹦鹉。", 0, ())]
    kids = r.randrange(1, 3)
    out += [("count", "replace", f"我家有{NUM_ZH[kids - 1] if kids > 1 else '一'}个孩子。",
             r.choice(["老三出生了！", "二胎生了，是个儿子。", "又添了个宝宝。"]), 1, ())]
    times = r.randrange(2, 4)
    out += [("count", "replace", f"我每周健身{NUM_ZH[times - 2]}次。", r.choice([f"现在每周练{NUM_ZH[times]}次了。", "现在一周就去一次。"]), 1, ())]
    pr, pr2 = _two(r, PROJECT_ZH)
    m1, d1, d2 = r.randrange(1, 13), *r.sample(range(1, 29), 2)
    old = r.choice([f"{pr}定在{m1}月{d1}号。", f"{pr}的截止日期是{m1}月{d1}日。", f"我们{pr}{m1}月{d1}号要交。"])
    out += [("date", "replace", old, r.choice([f"{pr}推迟到{m1}月{d2}号了。", f"{pr}改到{m1}月{d2}号了。"]), 1, ()),
            ("date", "replace", old, r.choice([f"推到{m1}月{d2}号了。", f"改到{r.choice(DAY_ZH)}了。", f"提前到{d2}号了，压力山大。"]), 1, (f"{pr}那边又变了。",)),
            ("date", "other_qualifier", old, f"{pr2}定在{m1}月{d2}号。", 0, ()),
            ("date", "other_attr", old, f"我{m1}月{d2}号约了牙医。", 0, ())]
    d1s, d2s = r.sample(DAY_ZH, 2)
    ev = r.choice(["周会", "钢琴课", "读书会", "复诊", "例会"])
    old = f"{ev}在每{d1s}上午十点。"
    out += [("schedule", "replace", old, r.choice([f"{ev}改到{d2s}下午三点了。", f"以后{ev}是{d2s}。"]), 1, ()),
            ("schedule", "replace", old, f"以后是{d2s}下午三点。", 1, (f"{ev}改时间了，",)),
            ("schedule", "add_on", old, f"{d2s}还有{r.choice(HOBBY_ZH)}课。", 0, ())]
    h1, h2 = _two(r, HOBBY_ZH)
    old = r.choice([f"我每周去上两次{h1}课。", f"最近在学{h1}。", f"周末一般去{h1}。"])
    out += [("hobby", "replace", old, r.choice([f"{h1}不练了，换成{h2}了。", f"{h1}没坚持下来，现在迷上{h2}。", f"现在改学{h2}了。"]), 1, ()),
            ("hobby", "add_on", old, r.choice([f"{h2}也在学。", f"另外还报了{h2}。", f"有时候也去{h2}。"]), 0, ()),
            ("hobby", "other_holder", old, f"{p}在学{h2}。", 0, ())]
    c1, c2 = _two(r, CAR_ZH)
    out += [("vehicle", "replace", f"我开一辆{c1}。", r.choice([f"车卖了，换了辆{c2}。", f"新车提了！{c2}。"]), 1, ()),
            ("vehicle", "other_holder", f"我开一辆{c1}。", f"{p}开的是{c2}。", 0, ())]
    ph1, ph2 = _two(r, PHONE)
    out += [("phone", "replace", f"我用的是{ph1}。", f"手机换成{ph2}了。", 1, ())]
    dr, dr2 = _two(r, DRUG_ZH)
    out += [("dose", "replace", f"我每天吃{dr}，一次一片。", f"医生让{dr}加到一天两片了。", 1, ()),
            ("dose", "add_on", f"我一直在吃{dr}。", f"医生又给加了{dr2}。", 0, ())]
    al, al2 = _two(r, ALLERGEN_ZH)
    out += [("allergy", "add_on", f"我对{al}过敏。", r.choice([f"{al2}也过敏。", f"另外{al2}也不行。"]), 0, ()),
            ("allergy", "other_holder", f"我对{al}过敏。", f"{p}对{al2}过敏。", 0, ())]
    la, la2 = _two(r, LANG_ZH)
    out += [("language", "add_on", f"我会说{la}。", r.choice([f"{la2}也还行。", f"最近还在学{la2}。"]), 0, ())]
    n1, n2 = _two(r, NAME_ZH)
    out += [("person", "replace", f"我领导是{n1}。", f"换领导了，现在是{n2}。", 1, ()),
            ("person", "other_holder", f"我姐叫{n1}。", f"我表姐叫{n2}。", 0, ()),
            ("person", "other_holder", f"我老板是{n1}。", f"直属领导是{n2}。", 0, ()),
            ("person", "other_holder", f"我家狗叫{n1}。", f"我爸妈家那只叫{n2}。", 0, ())]
    age = r.randrange(3, 12)
    out += [("age", "replace", f"我女儿{age}岁。", f"她今年{age + 1}岁了。", 1, ("女儿过生日了",)),
            ("age", "other_holder", f"大宝{age}岁了。", f"二宝才{max(1, age - 3)}岁。", 0, ())]
    stage = r.choice([("上大班", "上小学一年级了"), ("读初三", "考上高中了"), ("读研二", "毕业入职了"), ("在备考", "上岸了")])
    out += [("school", "replace", f"{p}{stage[0]}。", f"{p}{stage[1]}。", 1, ()),
            ("school", "past", f"{p}{stage[0]}。", f"{p}以前{stage[0]}的时候很调皮。", 0, ())]
    a, b = _two(r, CITY_ZH)
    out += [("residence", "replace", f"{p}住在{a}。", f"{p}搬去{b}了。", 1, ()),
            ("employer", "replace", f"{q}在{ORG_ZH[0]}上班。", f"她辞职了，现在在{ORG_ZH[5]}。", 1, (f"{q}昨天回来了，",)),
            ("other", "other_attr", f"{p}住在{a}。", f"{p}是{r.choice(ROLE_ZH)}。", 0, ()),
            ("other", "other_attr", f"我在{r.choice(ORG_ZH)}上班。", f"我住在{r.choice(CITY_ZH)}。", 0, ())]
    return out


def _cross(r: random.Random) -> list[tuple[str, str, str, int, tuple[str, ...]]]:
    """Pairs whose two statements are in different languages."""
    a, b = r.choice(CITY_EN), r.choice(CITY_ZH)
    o1, o2 = r.choice(ORG_EN[:8]), r.choice(ORG_ZH)
    return [("residence", "replace", f"I live in {a}.", f"搬到{b}了。", 1, ()),
            ("residence", "replace", f"我住在{b}。", f"moving update: I'm in {a} now", 1, ()),
            ("employer", "replace", f"I work at {o1}.", f"我跳槽了，现在在{o2}。", 1, ()),
            ("employer", "other_holder", f"I work at {o1}.", f"我老婆在{o2}上班。", 0, ()),
            ("residence", "other_holder", f"我住在{b}。", f"My sister lives in {a}.", 0, ())]


#: Life events that end a state: (state, event that ends it) — a state and what it turns into.
EVENTS_EN = [("{p} is pregnant, due in the fall.", "{p} had the baby, a healthy boy!"),
             ("{p} is in the hospital after knee surgery.", "{p} is back home from the hospital, recovering well."),
             ("Studying for the bar exam, it's brutal.", "PASSED THE BAR!!"),
             ("Waiting on my visa application.", "Visa approved, finally!"),
             ("Job hunting right now, it's rough.", "Got an offer from {o}, starting next month!"),
             ("{p} and her fiance are engaged.", "{p} got married last weekend."),
             ("Learning to drive, failed the test once.", "Got my driver's license today!"),
             ("Renting a tiny studio.", "We bought a house! Closing was yesterday."),
             ("I'm on a waitlist for a kidney transplant.", "Had the transplant, it went well."),
             ("Training for a half marathon.", "Ran the half marathon, 2:05!"),
             ("Trying to quit smoking.", "Three months smoke-free now."),
             ("I'm a student at {u}.", "Graduated! Working at {o} now.")]
EVENTS_ZH = [("{p}怀孕了，预产期在年底。", "{p}生了，是个男孩！"),
             ("{p}住院了，刚做完手术。", "{p}出院了，恢复得挺好。"),
             ("在准备考研，每天泡图书馆。", "考上了！九月去读研。"),
             ("签证还在等审批。", "签证下来了！"),
             ("最近在找工作，投了好多简历。", "拿到{o}的offer了，下个月入职。"),
             ("{p}订婚了。", "{p}上周结婚了。"),
             ("在驾校学车。", "驾照拿到了！"),
             ("一直租房住。", "买房了，下个月交房。"),
             ("在戒烟，好难。", "已经三个月没抽烟了。"),
             ("在备考教师资格证。", "教资过了！"),
             ("我在读大四。", "毕业了，已经上班了。")]
PAST_OLD_EN = ["I used to live in {a}.", "I used to work at {o}.", "Back in college I was vegetarian.", "I grew up in {a}."]
PAST_OLD_ZH = ["我以前在{a}住过。", "以前在{o}干过。", "小时候在{a}长大。", "之前是做{r}的。"]
ADDON_EN = [("We own a house in {a}.", "We also have a rental place in {b}."),
            ("I take {d} for blood pressure.", "They added {d2} last month."),
            ("I have a dog.", "And two cats."),
            ("I play guitar.", "Piano too, a little.")]
ADDON_ZH = [("我们在{a}有套房。", "{b}那边还有一套，租出去了。"),
            ("我在吃{d}。", "医生又加了{d2}。"),
            ("家里有只狗。", "还有两只猫。"),
            ("我会弹吉他。", "钢琴也会一点。")]


def _more(r: random.Random) -> list[tuple[str, str, str, str, int, tuple[str, ...]]]:
    """(lang, attr, kind, old, new, label, context): life events, past notes, add-ons."""
    out: list[tuple[str, str, str, str, int, tuple[str, ...]]] = []
    a, b = _two(r, CITY_EN)
    za, zb = _two(r, CITY_ZH)
    for old, new in r.sample(EVENTS_EN, 4):
        p = "My " + r.choice(PEOPLE_EN)
        out.append(("en", "event", "replace", old.format(p=p, o=r.choice(ORG_EN), u="NYU"),
                    new.format(p=p.replace("My ", "my "), o=r.choice(ORG_EN)), 1, ()))
    for old, new in r.sample(EVENTS_ZH, 4):
        p = r.choice(PEOPLE_ZH)
        out.append(("zh", "event", "replace", old.format(p=p), new.format(p=p, o=r.choice(ORG_ZH)), 1, ()))
    out.append(("en", "past", "past_old", r.choice(PAST_OLD_EN).format(a=a, o=r.choice(ORG_EN)),
                r.choice([f"now I'm at {r.choice(ORG_EN)}", f"I live in {b} now.", "I eat meat these days."]), 0, ()))
    out.append(("zh", "past", "past_old", r.choice(PAST_OLD_ZH).format(a=za, o=r.choice(ORG_ZH), r=r.choice(ROLE_ZH)),
                r.choice([f"现在在{r.choice(ORG_ZH)}上班。", f"现在住{zb}。"]), 0, ()))
    d, d2 = _two(r, DRUG_EN)
    zd, zd2 = _two(r, DRUG_ZH)
    old, new = r.choice(ADDON_EN)
    out.append(("en", "add_on", "add_on", old.format(a=a, d=d), new.format(b=b, d2=d2), 0, ()))
    old, new = r.choice(ADDON_ZH)
    out.append(("zh", "add_on", "add_on", old.format(a=za, d=zd), new.format(b=zb, d2=zd2), 0, ()))
    return out


KIN_EN = ["uncle", "aunt", "niece", "nephew", "cousin", "stepdad", "mother-in-law", "father-in-law", "grandma",
          "grandpa", "sister", "brother", "best friend", "neighbor"]
KIN_ZH = ["舅舅", "姑姑", "阿姨", "小姨", "叔叔", "表哥", "表姐", "表妹", "堂弟", "婆婆", "岳父", "外婆", "闺蜜", "发小"]
TEAM_EN = ["Packers", "Bucks", "Lakers", "Yankees", "Arsenal", "Cubs", "Celtics", "Chiefs"]
TEAM_ZH = ["湖人", "皇马", "巴萨", "国安", "申花", "曼联", "勇士", "恒大"]
DAY_EN_PL = ["Mondays", "Tuesdays", "Wednesdays", "Thursdays", "Fridays", "Saturdays", "Sundays"]


def _coexisting(r: random.Random) -> list[tuple[str, str, str, str, int, tuple[str, ...]]]:
    """(lang, attr, kind, old, new, label, context): values that hold together (two people with one attribute,
    add-ons with also/too/也/还, a second item of a many-valued attribute) and implicit changes of state."""
    out: list[tuple[str, str, str, str, int, tuple[str, ...]]] = []
    k1, k2 = _two(r, KIN_EN)
    z1, z2 = _two(r, KIN_ZH)
    a, b = _two(r, CITY_EN)
    za, zb = _two(r, CITY_ZH)
    o1, o2 = _two(r, ORG_EN)
    zo1, zo2 = _two(r, ORG_ZH)
    out += [("en", "kin", "other_holder", f"My {k1} lives in {a}.", r.choice([f"My {k2} lives in {b}.",
                                                                                f"{k2.capitalize()} is in {b}."]), 0, ()),
            ("en", "kin", "other_holder", f"My {k1} works at {o1}.", f"My {k2} works at {o2}.", 0, ()),
            ("en", "kin", "add_on", f"My {k1} lives in {a}.", f"my {k2} too actually, same street", 0, ()),
            ("en", "kin", "replace", f"My {k1} works at {o1}.", f"he left, he's at {o2} now", 1, (f"talked to my {k1}",)),
            ("zh", "kin", "other_holder", f"我{z1}住在{za}。", r.choice([f"我{z2}住在{zb}。", f"{z2}在{zb}。"]), 0, ()),
            ("zh", "kin", "other_holder", f"我{z1}在{zo1}上班。", f"我{z2}在{zo2}上班。", 0, ()),
            ("zh", "kin", "add_on", f"我{z1}在{za}。", f"{z2}也在{za}，离得不远。", 0, ()),
            ("zh", "kin", "replace", f"我{z1}在{zo1}上班。", f"他去年跳槽了，现在在{zo2}。", 1, (f"我{z1}前两天来了。",))]
    t1, t2 = _two(r, TEAM_EN)
    zt1, zt2 = _two(r, TEAM_ZH)
    d1, d2 = _two(r, DAY_EN_PL)
    zd1, zd2 = _two(r, DAY_ZH)
    h, zh_ = r.choice(HOBBY_EN), r.choice(HOBBY_ZH)
    dr1, dr2 = _two(r, DRUG_EN)
    zr1, zr2 = _two(r, DRUG_ZH)
    ro1, ro2 = _two(r, ROLE_EN)
    zro1, zro2 = _two(r, ROLE_ZH)
    pet, zpet = r.choice(["dog", "cat", "rabbit"]), r.choice(["狗", "猫", "兔子"])
    n1, n2 = _two(r, NAME_EN)
    zn1, zn2 = _two(r, NAME_ZH)
    out += [("en", "team", "add_on", f"Huge {t1} fan.", r.choice([f"also root for the {t2}", f"{t2} too, since I was a kid"]), 0, ()),
            ("en", "schedule", "add_on", f"I have {h} on {d1}.", r.choice([f"{d2} too", f"and {d2} as well"]), 0, (f"I have {h} on {d1}.",)),
            ("en", "dose", "add_on", f"I take {dr1} every morning.", r.choice([f"And {dr2} at night.", f"The doctor added {dr2} too."]), 0, ()),
            ("en", "role", "add_on", f"Two jobs right now, {ro1} in the mornings.", f"and I work as a {ro2} in the evenings", 0, ()),
            ("en", "pet", "add_on", f"I have a {pet} named {n1}.", f"Got a second {pet} too, {n2}.", 0, ()),
            ("en", "home", "add_on", f"We own a flat in {a}.", f"Another one in {b}, we rent it out.", 0, ()),
            ("zh", "team", "add_on", f"我是{zt1}球迷。", r.choice([f"也挺喜欢{zt2}的。", f"{zt2}我也追。"]), 0, ()),
            ("zh", "schedule", "add_on", f"{zd1}晚上有{zh_}课。", f"{zd2}也有。", 0, (f"{zd1}晚上有{zh_}课。",)),
            ("zh", "dose", "add_on", f"我一直在吃{zr1}。", r.choice([f"医生上个月又给加了{zr2}。", f"另外还在吃{zr2}。"]), 0, ()),
            ("zh", "role", "add_on", f"白天在做{zro1}。", f"晚上还兼职做{zro2}。", 0, ()),
            ("zh", "pet", "add_on", f"家里有只{zpet}叫{zn1}。", f"还养了一只{zpet}，叫{zn2}。", 0, ()),
            ("zh", "home", "add_on", f"我们在{za}有套房，自己住。", f"{zb}那边还有一套，租出去了。", 0, ())]
    f, zf = r.choice(FOOD_EN), r.choice(FOOD_ZH)
    ch = r.choice
    out += [("en", "implicit", "replace", ch(["I'm single.", "Single, my family keeps asking.", "Not dating anyone."]),
             ch([f"My girlfriend and I are going to {b} next month.", f"my boyfriend is taking me to {b} for my birthday"]), 1, ()),
            ("en", "implicit", "replace", ch(["Still a grad student.", f"I'm a senior at a college in {a}.", "Doing my PhD."]),
             ch([f"First week at {o2} done!", f"My manager at {o2} is great so far.", "Got my first paycheck ever."]), 1, ()),
            ("en", "implicit", "replace", ch([f"I'm a freelance {ro1}.", f"Self-employed {ro1}."]),
             ch([f"Took a staff {ro1} job at {o2}.", f"Joined {o2} full-time, no more invoices."]), 1, ()),
            ("en", "implicit", "replace", ch(["Living with two roommates.", f"I share a flat in {a} with three people."]),
             ch(["Having my own place is so quiet.", "Finally living alone."]), 1, ()),
            ("en", "implicit", "replace", ch([f"I can't stand {f}.", f"Never liked {f}."]),
             ch([f"weirdly I've been having {f} every day lately.", f"Who knew {f} was this good, can't get enough."]), 1, ()),
            ("zh", "implicit", "replace", ch(["我一直单身。", "母胎单身，家里天天催。", "没对象。"]),
             ch([f"我和女朋友下个月去{zb}玩。", "男朋友说周末带我去见他爸妈。", "对象送了我一束花。"]), 1, ()),
            ("zh", "implicit", "replace", ch(["还在读研，明年毕业。", "我在读大四。", "在读博，压力好大。"]),
             ch(["入职第一周，公司离家有点远。", f"在{zo2}上了一个月班了。", "第一次领工资了！"]), 1, ()),
            ("zh", "implicit", "replace", ch([f"我最讨厌{zf}了。", f"{zf}我从来不碰。"]),
             ch([f"不知道咋回事，突然爱上{zf}了。", f"最近每天都要来点{zf}，真香。"]), 1, ()),
            ("zh", "implicit", "replace", ch([f"我在{zo1}做{zro1}。", f"在{zo1}上班。"]),
             ch([f"离开{zo1}自己创业了。", f"从{zo1}出来以后开了家店。"]), 1, ()),
            ("zh", "implicit", "replace", ch([f"在{za}工作。", f"人在{za}。"]),
             ch([f"来{zb}这半年，还没适应这边的气候。", f"到{zb}以后天天吃辣。"]), 1, ())]
    return out


#: Attributes whose statements may replace one another's (an occupation is a job, a role or a school;
#: life events end states of any kind): never paired as "another attribute".
_MIXED = {"implicit", "event", "kin", "other", "past", "add_on", "employer", "role", "school", "person", "relationship"}


def _cross_attribute(r: random.Random, made: list[Pair], per_lang: int = 150) -> list[Pair]:
    """A change of one attribute never replaces a note about another ("switched to a Pixel" after "I take
    metformin"): the old note of one attribute with the replacing note of another, label 0."""
    out: list[Pair] = []
    for lang in ("en", "zh"):
        olds = [p for p in made if p.lang == lang and p.attr not in _MIXED]
        news = [p for p in made if p.lang == lang and p.label == 1 and p.attr not in _MIXED]
        for _ in range(per_lang):
            a, b = r.choice(olds), r.choice(news)
            if a.attr != b.attr:
                out.append(Pair(lang, "cross", "other_attr", a.old, b.new, 0, b.context))
    return out


def pairs(seed: int = 13, rounds: int = 14) -> list[Pair]:
    """The generated training pairs (``rounds`` draws of every template group in each language)."""
    r = random.Random(seed)
    out: list[Pair] = []
    for _ in range(rounds):
        for lang, make in (("en", _en), ("zh", _zh), ("mixed", _cross)):
            for attr, kind, old, new, label, ctx in make(r):
                out.append(Pair(lang, attr, kind, old, new, label, ctx))
        for lang, attr, kind, old, new, label, ctx in _more(r) + _coexisting(r):
            out.append(Pair(lang, attr, kind, old, new, label, ctx))
    out += _cross_attribute(r, out)
    seen: set[tuple[str, str]] = set()
    unique = []
    for p in out:
        if (p.old, p.new) not in seen:
            seen.add((p.old, p.new))
            unique.append(p)
    return unique


if __name__ == "__main__":
    ps = pairs()
    print(len(ps), "pairs,", sum(p.label for p in ps), "replace")
    for p in random.Random(1).sample(ps, 20):
        print(p.label, p.lang, p.attr, p.kind, "|", p.old, "->", " / ".join(p.context), p.new)
