"""The memory-quality corpus: zh/en statements with what a careful assistant keeps, and
update/conflict scenarios. Generated from paraphrase templates and value pools (seeded),
so it is reproducible; ``python scripts/bench/memory_corpus.py`` writes
``scripts/bench/data/memory_quality.json``.

Statement: ``{"text", "lang", "kind", "keep": [{"kw": [...], "note": "..."}]}`` — each kept
memory is matched by its keywords (all must appear in the stored note, case-insensitive);
``note`` is what the scripted model double answers. ``keep == []``: nothing to keep.
Scenario: ``{"kind", "steps": [texts], "active": [[kw]], "gone": [[kw]]}`` — after the steps
every ``active`` pattern must match exactly one active memory and no ``gone`` pattern may
match an active memory.
"""
from __future__ import annotations

import json
import random
from pathlib import Path

OUT = Path(__file__).resolve().parent / "data" / "memory_quality.json"
R = random.Random(20261130)

CITIES = [("Berlin", "柏林"), ("Shanghai", "上海"), ("Hangzhou", "杭州"), ("Tokyo", "东京"), ("Paris", "巴黎"),
          ("Chengdu", "成都"), ("London", "伦敦"), ("Shenzhen", "深圳"), ("Beijing", "北京"), ("Seattle", "西雅图")]
JOBS = [("data engineer", "数据工程师"), ("nurse", "护士"), ("software engineer", "软件工程师"), ("teacher", "老师"),
        ("product manager", "产品经理"), ("accountant", "会计"), ("designer", "设计师"), ("lawyer", "律师")]
COMPANIES = [("Alibaba", "阿里巴巴"), ("Tencent", "腾讯"), ("Google", "谷歌"), ("Siemens", "西门子"), ("ByteDance", "字节跳动")]
ALLERGENS = [("peanuts", "花生"), ("seafood", "海鲜"), ("shellfish", "贝类"), ("milk", "牛奶"), ("pollen", "花粉"),
             ("penicillin", "青霉素"), ("mango", "芒果"), ("eggs", "鸡蛋")]
FOODS = [("coffee", "咖啡"), ("green tea", "绿茶"), ("spicy food", "辣"), ("sushi", "寿司"), ("hot pot", "火锅"),
         ("chocolate", "巧克力"), ("cilantro", "香菜"), ("beer", "啤酒")]
HOBBIES = [("jazz", "爵士乐"), ("hiking", "爬山"), ("swimming", "游泳"), ("chess", "象棋"), ("photography", "摄影")]
PETS = [("dog", "狗"), ("cat", "猫"), ("rabbit", "兔子"), ("parrot", "鹦鹉")]
PET_NAMES = ["Max", "Luna", "Mochi", "Coco", "Buddy"]
NAMES = [("Alice", "小明"), ("David", "王芳"), ("Maria", "李雷"), ("Kenji", "张伟"), ("Sofia", "陈静")]
LANGS = [("English", "英语"), ("French", "法语"), ("Japanese", "日语"), ("German", "德语"), ("Spanish", "西班牙语")]
CONDS = [("asthma", "哮喘"), ("diabetes", "糖尿病"), ("high blood pressure", "高血压"), ("migraines", "偏头痛")]
MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December"]
PROJECTS = [("project", "项目"), ("thesis", "论文"), ("report", "报告")]
NUMS = [("two", "两", "2"), ("three", "三", "3"), ("one", "一", "1")]
TECH = ["PostgreSQL", "Redis", "Kafka", "React", "Rust"]
TASKS = [("quarterly report", "季度报告"), ("data migration", "数据迁移"), ("tax return", "报税")]
WEEKDAYS = [("Monday", "周一"), ("Friday", "周五"), ("Tuesday", "周二")]


def _date() -> tuple[str, str, int, int]:
    m, d = R.randrange(12), R.randrange(1, 28)
    return f"{MONTHS[m]} {d}", f"{m + 1}月{d}日", m + 1, d


def _keep(kw: list[str], note: str) -> dict:
    return {"kw": kw, "note": note}


def _statements() -> list[dict]:
    out: list[dict] = []

    def add(text: str, lang: str, kind: str, *keep: dict) -> None:
        out.append({"text": text, "lang": lang, "kind": kind, "keep": list(keep)})

    for _ in range(6):
        (ce, cz), (je, jz), (oe, oz) = R.choice(CITIES), R.choice(JOBS), R.choice(COMPANIES)
        (ae, az), (ae2, az2) = R.sample(ALLERGENS, 2)
        (fe, fz), (fe2, fz2) = R.sample(FOODS, 2)
        (he, hz), (pe, pz), pn = R.choice(HOBBIES), R.choice(PETS), R.choice(PET_NAMES)
        (ne, nz), (le, lz), (le2, _lz2) = R.choice(NAMES), *R.sample(LANGS, 2)
        (de, dz), (ke, kz, _kd), (xe, xz) = R.choice(CONDS), R.choice(NUMS), R.choice(PROJECTS)
        dte, dtz, _, _ = _date()
        (te, tz), (we, wz), tech, age = R.choice(TASKS), R.choice(WEEKDAYS), R.choice(TECH), R.randrange(20, 70)
        add(f"I'm allergic to {ae}.", "en", "allergy", _keep([ae], f"User is allergic to {ae}."))
        add(f"Please remember that I am severely allergic to {ae} and {ae2}.", "en", "allergy",
            _keep([ae], f"User is allergic to {ae}."), _keep([ae2], f"User is allergic to {ae2}."))
        add(f"我对{az}过敏。", "zh", "allergy", _keep([az], f"用户对{az}过敏。"))
        add(f"我对{az}和{az2}都过敏。", "zh", "allergy", _keep([az], f"用户对{az}过敏。"), _keep([az2], f"用户对{az2}过敏。"))
        add(f"I live in {ce}.", "en", "residence", _keep([ce], f"User lives in {ce}."))
        add(f"We moved to {ce} last year, I really like it here.", "en", "residence", _keep([ce], f"User lives in {ce}."))
        add(f"I'm currently based in {ce}.", "en", "residence", _keep([ce], f"User lives in {ce}."))
        add(f"我住在{cz}。", "zh", "residence", _keep([cz], f"用户住在{cz}。"))
        add(f"我去年搬到{cz}了。", "zh", "residence", _keep([cz], f"用户住在{cz}。"))
        add(f"I work as a {je}.", "en", "job", _keep([je], f"User works as a {je}."))
        add(f"I'm a {je} at {oe}.", "en", "job", _keep([je], f"User is a {je}."), _keep([oe], f"User works at {oe}."))
        add(f"I work at {oe} as a {je}.", "en", "job", _keep([oe], f"User works at {oe}."), _keep([je], f"User works as a {je}."))
        add(f"我是一名{jz}。", "zh", "job", _keep([jz], f"用户是{jz}。"))
        add(f"我在{oz}上班。", "zh", "employer", _keep([oz], f"用户在{oz}工作。"))
        add(f"我在一家物流公司做{jz}。", "zh", "job", _keep(["物流公司"], "用户在一家物流公司工作。"), _keep([jz], f"用户是{jz}。"))
        add(f"I have {ke} kids.", "en", "family", _keep([ke], f"User has {ke} kids."))
        add(f"我有{kz}个孩子。", "zh", "family", _keep([kz], f"用户有{kz}个孩子。"))
        add(f"I have a {pe} named {pn}.", "en", "pet", _keep([pe, pn], f"User has a {pe} named {pn}."))
        add(f"我养了一只{pz}。", "zh", "pet", _keep([pz], f"用户养了一只{pz}。"))
        add(f"My birthday is {dte}.", "en", "birthday", _keep([dte], f"User's birthday is {dte}."))
        add(f"我的生日是{dtz}。", "zh", "birthday", _keep([dtz], f"用户的生日是{dtz}。"))
        add(f"I have {de}.", "en", "health", _keep([de], f"User has {de}."))
        add(f"我有{dz}。", "zh", "health", _keep([dz], f"用户有{dz}。"))
        add("I'm vegetarian.", "en", "diet", _keep(["vegetarian"], "User is vegetarian."))
        add("我吃素。", "zh", "diet", _keep(["素"], "用户吃素。"))
        add(f"I speak {le} and {le2}.", "en", "language", _keep([le], f"User speaks {le}."), _keep([le2], f"User speaks {le2}."))
        add(f"我会说{lz}。", "zh", "language", _keep([lz], f"用户会说{lz}。"))
        add(f"I love {fe}.", "en", "preference", _keep([fe], f"User loves {fe}."))
        add(f"I don't really like {fe2}.", "en", "preference", _keep([fe2], f"User doesn't really like {fe2}."))
        add(f"I drink {fe}, never {fe2}.", "en", "preference", _keep([fe], f"User drinks {fe}."), _keep([fe2], f"User never drinks {fe2}."))
        add(f"我不太喜欢{fz}。", "zh", "preference", _keep([fz], f"用户不太喜欢{fz}。"))
        add(f"我很喜欢{hz}。", "zh", "preference", _keep([hz], f"用户很喜欢{hz}。"))
        add(f"I really enjoy {he} on weekends.", "en", "preference", _keep([he], f"User enjoys {he}."))
        add(f"My name is {ne}.", "en", "identity", _keep([ne], f"User's name is {ne}."))
        add(f"我叫{nz}。", "zh", "identity", _keep([nz], f"用户叫{nz}。"))
        add(f"I'm {age} years old.", "en", "identity", _keep([str(age)], f"User is {age} years old."))
        add(f"我今年{age}岁。", "zh", "identity", _keep([str(age)], f"用户{age}岁。"))
        add(f"My {xe} deadline is {dte}.", "en", "deadline", _keep([dte], f"User's {xe} deadline is {dte}."))
        add(f"{xz}的截止日期是{dtz}。", "zh", "deadline", _keep([dtz], f"用户的{xz}截止日期是{dtz}。"))
        add(f"I'm flying to {ce} next {we}.", "en", "plan", _keep([ce], f"User is flying to {ce} next {we}."))
        add(f"I have a dentist appointment on {we}.", "en", "plan", _keep(["dentist", we], f"User has a dentist appointment on {we}."))
        add(f"我下{wz}要去{cz}出差。", "zh", "plan", _keep([cz], f"用户下{wz}要去{cz}出差。"))
        add(f"I decided to use {tech} for the backend.", "en", "decision", _keep([tech], f"User decided to use {tech}."))
        add(f"我决定用{tech}。", "zh", "decision", _keep([tech], f"用户决定用{tech}。"))
        add(f"I finished the {te} yesterday.", "en", "outcome", _keep([te], f"User finished the {te}."))
        add(f"{tz}已经完成了。", "zh", "outcome", _keep([tz], f"用户的{tz}完成了。"))
        add(f"My sister lives in {ce}.", "en", "relationship", _keep(["sister", ce], f"User's sister lives in {ce}."))
        add(f"I've been learning {le} for {ke} years.", "en", "other", _keep([le], f"User has been learning {le}."))
        add("我每天早上都去跑步。", "zh", "other", _keep(["跑步"], "用户每天早上去跑步。"))
    negatives_en = ["ok", "thanks!", "Thank you so much.", "hello", "Hi there!", "What's the weather in Berlin?",
                    "Can you help me write an email?", "I think that's a good idea.", "I'm not sure.",
                    "Could you explain how Redis works?", "I see what you mean.", "That sounds great!",
                    "I was wondering if you could help me.", "What do I like?", "When is my project deadline?",
                    "Please summarize this article.", "lol", "got it", "Sounds good, see you tomorrow.",
                    "I don't know.", "Tell me a joke.", "Why is the sky blue?", "I need help with my code.",
                    "Let me think about it.", "Good morning!"]
    negatives_zh = ["好的", "谢谢", "你好", "今天天气怎么样？", "你能帮我写一封邮件吗？", "我觉得这个主意不错。", "我不知道。",
                    "能解释一下向量数据库吗", "哈哈哈", "收到", "我喜欢什么？", "我的截止日期是哪天？", "帮我总结一下这篇文章。",
                    "嗯嗯，明白了", "晚安", "我想问一下Redis怎么用", "给我讲个笑话吧", "为什么天空是蓝色的？", "我有个问题。",
                    "再见"]
    for t in negatives_en:
        add(t, "en", "negative")
    for t in negatives_zh:
        add(t, "zh", "negative")
    return out


def _scenarios() -> list[dict]:
    out: list[dict] = []

    def add(kind: str, steps: list[str], active: list[list[str]], gone: list[list[str]]) -> None:
        out.append({"kind": kind, "steps": steps, "active": active, "gone": gone})

    for _ in range(5):
        (c1e, c1z), (c2e, c2z) = R.sample(CITIES, 2)
        (j1e, j1z), (j2e, j2z) = R.sample(JOBS, 2)
        (o1e, o1z), (o2e, o2z) = R.sample(COMPANIES, 2)
        (a1e, a1z), (a2e, a2z) = R.sample(ALLERGENS, 2)
        (f1e, f1z), (f2e, f2z) = R.sample(FOODS, 2)
        (l1e, l1z), (l2e, l2z) = R.sample(LANGS, 2)
        (p1e, p1z), (p2e, p2z) = R.sample(PETS, 2)
        (x1e, x1z), (x2e, x2z) = R.sample(PROJECTS, 2)
        d1e, d1z, _, _ = _date()
        d2e, d2z, _, _ = _date()
        while d2e == d1e:
            d2e, d2z, _, _ = _date()
        d3e, _, _, _ = _date()
        while d3e in (d1e, d2e):
            d3e, _, _, _ = _date()
        (k1e, k1z, k1d), (k2e, k2z, k2d) = R.sample(NUMS, 2)
        ph1, ph2 = R.randrange(1000, 9999), R.randrange(1000, 9999)
        # same slot changed
        add("same_slot", [f"I live in {c1e}.", f"I moved to {c2e} last month."], [[c2e]], [[c1e]])
        add("same_slot", [f"我住在{c1z}。", f"我搬到{c2z}了。"], [[c2z]], [[c1z]])
        add("same_slot", [f"I work as a {j1e}.", f"I'm a {j2e} now."], [[j2e]], [[j1e]])
        add("same_slot", [f"我是{j1z}。", f"我现在是{j2z}。"], [[j2z]], [[j1z]])
        add("same_slot", [f"I work at {o1e}.", f"I joined {o2e} this week."], [[o2e]], [[o1e]])
        add("same_slot", [f"I'm working on a project, the deadline is {d1e}.",
                          f"Update: the project deadline moved to {d2e}.",
                          f"The deadline of my project is {d3e}."], [[d3e]], [[d1e], [d2e]])
        add("same_slot", [f"My {x1e} deadline is {d1e}.", f"My {x1e} deadline is now {d2e}."], [[d2e]], [[d1e]])
        add("same_slot", [f"My phone number is ‹phone …{ph1}›.", f"My new phone number is ‹phone …{ph2}›."],
            [[str(ph2)]], [[str(ph1)]])
        add("same_slot", [f"我有{k1z}个孩子。", f"我现在有{k2z}个孩子了。"], [[k2z]], [[k1z + "个"]])
        add("same_slot", [f"My favorite color is {['blue', 'red'][_ % 2]}.", f"My favorite color is {['green', 'black'][_ % 2]}."],
            [[["green", "black"][_ % 2]]], [[["blue", "red"][_ % 2]]])
        # negation / flip
        add("negation", [f"I love {f1e}.", f"I don't like {f1e} anymore."], [[f1e, "no longer"]], [[f1e, "loves"]])
        add("negation", [f"我喜欢{f1z}。", f"我不喜欢{f1z}了。"], [[f1z, "不再"]], [[f1z, "用户喜欢"]])
        add("negation", ["I'm vegetarian.", "I'm not vegetarian anymore."], [["no longer vegetarian"]], [["User is vegetarian"]])
        # different slot / different object: must not supersede nor merge
        add("distinct", [f"I'm allergic to {a1e}.", f"I'm allergic to {a2e}."], [[a1e], [a2e]], [])
        add("distinct", [f"我对{a1z}过敏。", f"我对{a2z}过敏。"], [[a1z], [a2z]], [])
        add("distinct", [f"I like {f1e}.", f"I like {f2e}."], [[f1e], [f2e]], [])
        add("distinct", [f"I speak {l1e}.", f"I speak {l2e}."], [[l1e], [l2e]], [])
        add("distinct", [f"I have a {p1e}.", f"I have a {p2e}."], [[p1e], [p2e]], [])
        add("distinct", [f"I live in {c1e}.", f"My sister lives in {c2e}."], [[c1e], ["sister", c2e]], [])
        add("distinct", [f"My {x1e} deadline is {d1e}.", f"My {x2e} deadline is {d2e}."], [[d1e], [d2e]], [])
        add("distinct", [f"I live in {c1e}.", f"I work at {o1e}."], [[c1e], [o1e]], [])
        # cross-language update and cross-language distinct
        add("cross_language", [f"I live in {c1e}.", f"我搬到{c2z}了。"], [[c2z]], [[c1e]])
        add("cross_language", [f"My project deadline is {d1e}.", f"项目截止日期改到{d2z}了。"], [[d2z]], [[d1e]])
        add("cross_language", [f"我在{o1z}工作。", f"I work at {o2e} now."], [[o2e]], [[o1z]])
        add("cross_language", [f"I'm allergic to {a1e}.", f"我对{a2z}过敏。"], [[a1e], [a2z]], [])
        add("cross_language", [f"I love {f1e}.", f"我不喝{f1z}了。" if f1e in ("coffee", "beer", "green tea") else f"我不再喜欢{f1z}了。"],
            [[f1z]], [[f1e, "loves"]])
        # repeated statement
        add("repeat", [f"I'm allergic to {a1e}.", f"I'm allergic to {a1e}."], [[a1e]], [])
        add("repeat", [f"我住在{c1z}。", f"我住在{c1z}。"], [[c1z]], [])
        add("repeat", [f"My birthday is {d1e}.", f"my birthday is {d1e}"], [[d1e]], [])
        # partial correction
        add("correction", [f"My birthday is {d1e}.", f"Actually, my birthday is {d2e}, not {d1e}."], [[d2e]], [[f"is {d1e}."]])
        add("correction", [f"I have {k1e} kids.", f"Correction: I have {k2e} kids."], [[k2e]], [[f"has {k1e} kids"]])
    return out


HANDWRITTEN = Path(__file__).resolve().parent / "data" / "memory_quality_handwritten.json"


def build() -> dict:
    """The whole corpus (deterministic): generated statements and scenarios plus the
    hand-written scenarios of ``data/memory_quality_handwritten.json`` (other phrasings)."""
    return {"statements": _statements(), "scenarios": _scenarios() + json.loads(HANDWRITTEN.read_text())}


if __name__ == "__main__":
    corpus = build()
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(corpus, ensure_ascii=False, indent=1))
    print(f"wrote {OUT}: {len(corpus['statements'])} statements, {len(corpus['scenarios'])} scenarios")
