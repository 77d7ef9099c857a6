"""Generated training lines for the memorable head: templates × fillers, zh and en, written for the head alone.

Two lists, produced deterministically (a fixed seed picks a sample of each template's fillings):

* ``passing`` — talk that must never become a memory: opinions about the world ("airline food is
  so overrated", 「油价一年不如一年」), news and hearsay, impersonal questions (「基金和股票有啥区别」),
  task requests, greetings, thanks and fillers, passing states said with 我 / I or around a work
  event ("done with a two-hour call, totally wiped", 我饿了), weather, hypotheticals (「要是突然有一个亿，
  我马上开个小店」) and what strangers are up to;
* ``lasting`` — lasting facts about the user or their people in the same short, casual, often
  subject-less registers (「周末一般都去爬山」, 「我哥在国企上班」, "Wife's a plumber", "Gluten wreck my
  stomach"), and changes said in passing (「上个月入职阿里」, "Dropped Notion for Obsidian"), so that the
  negatives do not teach the head that a short line without 我 / I is talk.

The templates were written without reading any blind test half. The categories of the changes and
of the passing states were chosen after reading which dev-half turns a first refit lost or kept;
no line copies a dev turn (none shares half of its words with one), so the fit script's
out-of-fold figures over the dev items stay a fair estimate. ``memorable_head.py`` reads
:func:`generate`; ``python scripts/bench/memorable_synth.py`` prints counts and a sample.
"""
from __future__ import annotations

import itertools
import random

Template = tuple[str, dict[str, list[str]]]

_WORLD_EN = ["tipping culture", "rent in this city", "the housing market", "social media", "self-checkout", "airline food",
             "the new iPhone", "crypto", "this season of the show", "modern architecture", "fast fashion", "the economy",
             "online dating", "influencer culture", "public schools", "the healthcare system", "gas prices",
             "electric cars", "AI art", "superhero movies", "the traffic in this town", "remote work", "pop music"]
_OPINION_EN = ["has gotten completely out of hand", "is getting ridiculous", "is so overrated", "is a total mess",
               "has gone downhill", "is where everything is heading", "keeps getting worse", "is kind of a scam", "is way better than people say",
               "is wild right now", "makes no sense anymore", "is going to crash soon"]
_WORLD_ZH = ["房价", "油价", "现在的年轻人", "短视频", "国产电影", "物价", "这届世界杯", "新能源车", "外卖平台", "网红餐厅",
             "考公", "股市", "现在的综艺", "大城市的生活", "人工智能", "教育内卷", "彩礼", "楼市", "奶茶店", "房租"]
_OPINION_ZH = ["迟早还得跌", "越来越离谱了", "真的太卷了", "也就那样吧", "感觉要凉", "是大势所趋", "被炒得太厉害了",
               "一年不如一年", "简直离谱", "还会再涨", "没什么意思了", "太贵了，不值"]
_NEWS_EN = ["the central bank hiked rates once more", "there was a huge earthquake in Chile", "the subway fares are going up",
            "some celebrity got arrested last night", "the election results came out", "a big storm is hitting the coast",
            "the stock market tanked today", "they're closing the old mall downtown", "a new virus variant is spreading",
            "the Lakers traded their best player", "the bridge is closed for repairs", "egg prices doubled"]
_NEWS_ZH = ["又有个台风要来了", "A股今天又跌了", "油价下周要涨", "某明星官宣离婚了", "高铁票又涨价了", "地铁三号线停运了",
            "今年的高考题好难", "隔壁市出了个大新闻", "苹果又发新手机了", "那个网红被封号了", "金价又创新高了", "国足又输了"]
_Q_EN = ["what's the difference between {a} and {b}", "how do I {task}", "is it safe to {risky}", "why does {thing}",
         "what's a good way to {task}"]
_Q_ZH = ["{a}和{b}有啥区别", "{taskzh}怎么弄", "{thingzh}是什么原理", "{a}跟{b}哪个好", "请问{taskzh}要多久"]
_PAIRS = [("a list", "a tuple"), ("TCP", "UDP"), ("baking soda", "baking powder"), ("stocks", "bonds"),
          ("a virus", "bacteria"), ("Python", "Java"), ("RAM", "storage"), ("weather", "climate")]
_PAIRS_ZH = [("list", "tuple"), ("基金", "股票"), ("5G", "4G"), ("绿茶", "红茶"), ("社保", "医保"), ("公积金", "商贷"),
             ("SSD", "机械硬盘"), ("鸡精", "味精")]
_TASKS = ["reset my router", "remove a wine stain", "convert a pdf to word", "center a div", "boil an egg perfectly",
          "unclog a drain", "write a cover letter", "fix a squeaky door"]
_TASKS_ZH = ["煮溏心蛋", "给手机换电池", "把照片转成PDF", "清洗空调滤网", "做红烧肉", "申请退税", "给猫剪指甲", "设置路由器"]
_THINGS = ["the sky look blue", "bread go stale", "my phone get hot when charging", "ice float", "coffee make you pee"]
_THINGS_ZH = ["微波炉加热", "降噪耳机", "电动车的快充", "发酵", "彩虹"]
_RISKY = ["eat raw cookie dough", "reheat rice", "mix bleach and vinegar", "charge a phone overnight"]
_EVENT_EN = ["a meeting", "a two-hour call", "the dentist", "class", "my shift", "a workout", "a standup"]
_STATE_EN = ["brain fried", "totally wiped", "so done", "need a nap", "starving now", "dead tired", "my head is pounding"]
_EVENT_ZH = ["开完会", "下班", "跑完步", "加完班", "考完试", "开了一下午会", "挤完地铁"]
_STATE_ZH = ["累瘫了", "脑子一团浆糊", "饿得不行", "困到不行", "腿都软了", "只想躺着", "头疼死了"]
_ME_ZH = ["我饿了", "我今天累得要命", "我快困死了", "我刚到家", "我在地铁上", "我先去洗个澡", "我去吃饭了", "我在等外卖",
          "我有点头疼", "我今天不想动", "我好无聊啊", "我刚睡醒", "我快下班了", "我在排队", "我感冒了，嗓子疼",
          "我今天心情不太好", "我现在在路上", "我一会儿再说", "我吃撑了", "我被雨淋湿了"]
_ME_EN = ["I'm starving", "I'm so tired today", "I'm on the train rn", "I'm waiting for my food", "I just woke up",
          "I'm heading out now", "I'm kinda sleepy", "I'm bored out of my mind", "I'm stuck in a meeting",
          "I've got a headache today", "I'm running late again", "I'm freezing in this office"]
_WEATHER_EN = ["fog so thick today I nearly missed my exit", "rain is coming down sideways out there", "crazy windy out today",
               "the heat today is unreal", "snowflakes already and it's only October", "so humid I'm melting",
               "gorgeous sunset tonight", "the sky is weird and orange"]
_WEATHER_ZH = ["今天雾好大，啥也看不见", "外面下暴雨了", "风大得能把人吹走", "今天热到爆", "终于下雪了", "回南天，墙都在滴水",
               "今天的晚霞好美", "这雨下了一整天"]
_REQUEST_EN = ["can you write an email to my landlord about the heater", "translate this into Spanish for me",
               "summarize this article", "give me a recipe for banana bread", "draft a toast for a wedding",
               "make a packing list for a beach trip", "explain this error to me", "suggest a name for a bakery"]
_REQUEST_ZH = ["帮我写一封请假邮件", "把这段话翻译成英文", "帮我总结一下这篇文章", "给我推荐几本书", "帮我想个店名",
               "写一段生日祝福", "帮我列个旅行清单", "帮我算一下房贷"]
_PHATIC_EN = ["haha love it", "ok sounds good", "thanks so much!", "morning to you too", "sleep well!", "lol true", "mhm alright",
              "you're the best", "cool cool", "yeah makes sense", "wait what", "omg no way"]
_PHATIC_ZH = ["嘿嘿嘿", "好的好的", "谢谢啦", "早上好", "晚安", "嗯嗯有道理", "行吧", "太强了", "收到", "啊这", "笑死", "好家伙"]
_HYPO_EN = ["if I hit the jackpot I'd {dream}", "if I ever moved to {city}, I'd {dream}", "imagine if I could {dream}",
            "in another life I'd {dream}"]
_HYPO_ZH = ["要是突然有一个亿，我马上{dreamzh}", "如果我是老板，我就{dreamzh}", "假如能重来，我想{dreamzh}", "万一哪天发财了，我就{dreamzh}"]
_DREAM = ["quit my job", "buy a boat", "travel the world", "open a bar", "live on a farm"]
_DREAM_ZH = ["辞职去环游世界", "天天放假", "去学画画", "开个小店", "回老家养鸡"]
_STRANGERS_EN = ["some guy at the gym is running a marathon next week", "the neighbors are throwing a party tonight",
                 "a coworker's cousin is moving to Japan", "the barista said they're closing early today",
                 "my feed is full of people going to Coachella"]
_STRANGERS_ZH = ["楼下邻居今晚又在装修", "网上有人说明天要降温", "朋友圈都在晒旅游", "路上有人在吵架", "隔壁桌在聊考研"]

_PEOPLE_ZH = ["老婆", "老公", "我妈", "我爸", "女儿", "儿子", "我姐", "我哥", "男朋友", "女朋友", "闺女", "老丈人"]
_JOBS_ZH = ["在银行上班", "是中学老师", "在医院当护士", "做外卖骑手", "在华为做研发", "开出租车", "在国企上班", "是程序员"]
_PEOPLE_EN = ["Husband", "Wife", "Mom", "Dad", "Sister", "Brother", "Son", "Daughter", "Boyfriend", "Girlfriend"]
_JOBS_EN = ["a pilot", "a nurse", "a teacher", "an accountant", "a cop", "a chef", "a plumber", "a lawyer"]
_HABIT_ZH = ["周末一般都去爬山", "每天早上跑五公里", "晚上一般十二点才睡", "平时都自己做饭", "每周三去打羽毛球",
             "一般坐地铁上班", "一直不吃辣", "周末经常带娃去公园", "每个月回一次老家", "早饭一般不吃"]
_FOODS_ZH = ["菠萝", "花生", "芒果", "海鲜", "牛奶", "虾"]
_REACT_ZH = ["一吃嘴就肿", "一吃就过敏", "吃了就拉肚子", "一碰就起疹子"]
_ORIGIN_ZH = ["老家是{city}的", "在{city}长大", "大学在{city}读的", "现在住{city}", "在{city}买了房"]
_CITY_ZH = ["成都", "西安", "烟台", "长沙", "哈尔滨", "厦门", "武汉", "昆明"]
_PETS_ZH = ["养了只橘猫，叫{name}", "家里有条金毛叫{name}", "养了两只兔子"]
_NAMES_ZH = ["团子", "可乐", "豆豆", "馒头"]
_FOOD_EN = ["Peanuts", "Shellfish", "Dairy", "Gluten", "Strawberries"]
_REACT_EN = ["give me hives", "wreck my stomach", "are a no-go for me", "send me to the ER"]
_SINCE_EN = ["Been on the early shift since February", "Been vegan since college", "Been doing CrossFit for three years",
             "Been teaching fourth grade since 2015", "Been living out of a van since last spring",
             "Been sober for two years", "Been learning Korean since January"]
_FAN_EN = ["Huge {team} fan", "Die-hard {team} supporter", "Season tickets for the {team}"]
_TEAMS = ["Broncos", "Liverpool", "Yankees", "Celtics", "Arsenal"]
_FRAG_EN = ["{age}F, {city}", "{age}M, {city}", "{age}, married, two kids", "{age}, single, in {city}"]
_CITY_EN = ["Chicago", "Austin", "Leeds", "Toronto", "Denver", "Manila"]

#: Lasting news and changes said in passing: a new job, a raise, a move, a switch, a daily habit.
_CHANGE_ZH = ["跳槽到{co}了", "现在在{co}做{jobzh}", "工资涨到{pay}了", "搬到{cityzh}了", "新车提了，{car}", "每天早上一杯{drink}",
              "最近开始{hobbyzh}了", "戒{quit}了，三个月了", "上个月入职{co}", "在{co}做{jobzh}", "下个月调去{cityzh}",
              "前阵子刚离职，在家休息", "迷上{hobbyzh}了，每周都去"]
_CHANGE_EN = ["Switched to {app} last month", "Dropped {app} for {app2}", "Started at {coen} last week",
              "Got a raise, making {payen} now", "Moved to {city} in {month}", "Every morning it's a {drinken}",
              "Finally quit {quiten}", "Took a job at {coen}!", "{drinken} every single morning, no exceptions",
              "Been into {hobby} lately", "Three months in at {coen} now", "Sold my car, biking everywhere now",
              "Rent went up to {payen} a month"]
_CHANGE_FILL = {"co": ["网易", "京东", "阿里", "美团", "一家外企", "拼多多"], "jobzh": ["产品经理", "运营", "测试", "前端", "会计"],
                "pay": ["一万二", "两万三", "九千"], "cityzh": _CITY_ZH, "car": ["比亚迪", "特斯拉", "二手雅阁"],
                "drink": ["拿铁", "豆浆", "绿茶"], "hobbyzh": ["游泳", "瑜伽", "攀岩", "飞盘", "跑步"],
                "quit": ["烟", "酒", "奶茶"], "app": ["Notion", "Duolingo", "Strava", "Hulu"],
                "app2": ["YouTube Music", "Obsidian", "Tidal"], "coen": ["Amazon", "a startup", "the hospital", "Target"],
                "payen": ["$85k", "2,300", "$30 an hour"], "city": _CITY_EN, "month": ["May", "June", "March"],
                "drinken": ["flat white", "matcha latte", "green tea"], "quiten": ["smoking", "sugar", "Twitter"],
                "hobby": ["bouldering", "pottery", "birdwatching", "sourdough"]}


def _fill(template: str, fillers: dict[str, list[str]], k: int, rng: random.Random) -> list[str]:
    keys = [f for f in fillers if "{" + f + "}" in template]
    combos = list(itertools.product(*(fillers[f] for f in keys)))
    rng.shuffle(combos)
    return [template.format(**dict(zip(keys, c))) for c in combos[:k]]


def _cross(left: list[str], right: list[str], k: int, rng: random.Random, joiner: str = " ") -> list[str]:
    combos = list(itertools.product(left, right))
    rng.shuffle(combos)
    return [f"{a}{joiner}{b}" for a, b in combos[:k]]


def generate(seed: int = 18) -> dict[str, list[str]]:
    """The ``passing`` and ``lasting`` lines (see the module docstring), deduplicated, in a fixed order."""
    rng = random.Random(seed)
    fillers = {"a": [a for a, _ in _PAIRS], "b": [b for _, b in _PAIRS], "task": _TASKS, "thing": _THINGS,
               "risky": _RISKY, "taskzh": _TASKS_ZH, "thingzh": _THINGS_ZH, "dream": _DREAM, "dreamzh": _DREAM_ZH,
               "city": _CITY_EN, "team": _TEAMS, "age": ["24", "29", "31", "38", "45"], "name": _NAMES_ZH}
    zh_pairs = {**fillers, "a": [a for a, _ in _PAIRS_ZH], "b": [b for _, b in _PAIRS_ZH]}
    passing: list[str] = []
    passing += _cross(_WORLD_EN, _OPINION_EN, 36, rng)
    passing += [f"honestly {t}" for t in _cross(_WORLD_EN, _OPINION_EN, 8, rng)]
    passing += _cross(_WORLD_ZH, _OPINION_ZH, 36, rng, "")
    passing += [f"感觉{t}" for t in _cross(_WORLD_ZH, _OPINION_ZH, 8, rng, "")]
    passing += _NEWS_EN + [f"apparently {n}" for n in _NEWS_EN[:6]] + [f"did you hear {n}" for n in _NEWS_EN[6:]]
    passing += _NEWS_ZH + [f"听说{n}" for n in _NEWS_ZH[:6]] + [f"新闻说{n}" for n in _NEWS_ZH[6:]]
    for template in _Q_EN:
        passing += _fill(template, fillers, 4, rng)
    for template in _Q_ZH:
        passing += _fill(template, zh_pairs, 4, rng)
    passing += [f"done with {e}, {s}" for e, s in zip(_EVENT_EN, _STATE_EN)]
    passing += [f"this {e.split()[-1]} is dragging, so {s}" for s, e in zip(["bored", "sleepy", "hungry", "cold"], _EVENT_EN)]
    passing += [f"刚{e}，{s}" for e, s in zip(_EVENT_ZH, _STATE_ZH)]
    passing += _ME_ZH + _ME_EN + _WEATHER_EN + _WEATHER_ZH + _REQUEST_EN + _REQUEST_ZH + _PHATIC_EN + _PHATIC_ZH
    for template in _HYPO_EN + _HYPO_ZH:
        passing += _fill(template, fillers, 3, rng)
    passing += _STRANGERS_EN + _STRANGERS_ZH
    lasting: list[str] = []
    lasting += _cross(_PEOPLE_ZH, _JOBS_ZH, 24, rng, "")
    lasting += [f"{p}'s {j}" for p, j in zip(rng.sample(_PEOPLE_EN, 8), _JOBS_EN)]
    lasting += _HABIT_ZH + _cross(_FOODS_ZH, _REACT_ZH, 10, rng, "")
    for template in _ORIGIN_ZH:
        lasting += _fill(template, {"city": _CITY_ZH}, 3, rng)
    for template in _PETS_ZH:
        lasting += _fill(template, fillers, 2, rng)
    lasting += _cross(_FOOD_EN, _REACT_EN, 10, rng) + _SINCE_EN
    for template in _FAN_EN + _FRAG_EN:
        lasting += _fill(template, fillers, 3, rng)
    for template in _CHANGE_ZH + _CHANGE_EN:
        lasting += _fill(template, _CHANGE_FILL, 5, rng)
    return {"passing": list(dict.fromkeys(passing)), "lasting": list(dict.fromkeys(lasting))}


def main() -> None:
    lines = generate()
    for label, texts in lines.items():
        print(f"{label}: {len(texts)}")
        for text in random.Random(1).sample(texts, 12):
            print(f"  {text}")


if __name__ == "__main__":
    main()
