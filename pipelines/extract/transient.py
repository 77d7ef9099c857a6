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

from pipelines.extract.slots import SINGLE, kinds

_NOW = re.compile(r"今天|今晚|今早|今儿|刚刚|刚才|刚|这会儿|此刻|这两天|这几天|昨晚|昨天|一会儿|现在有点|现在好|"
                  r"\btoday\b|\btonight\b|\brn\b|\bright now\b|\bat the moment\b|\batm\b|\bjust now\b|\bthis (?:morning|"
                  r"afternoon|evening)\b|\blast night\b|\byesterday\b|\bthese days\b|\bcurrently\b", re.I)
_INTENSE = re.compile(r"好累|累死|累瘫|饿死|好饿|困死|好困|撑死|烦死|好烦|热死|冷死|累了|困了|饿了|撑了|"
                      r"\bso (?:tired|hungry|sleepy|bored|done|stressed|full)\b|\bstarving\b|\bexhausted\b|\bdead tired\b|"
                      r"\bugh\b|\bomg\b", re.I)
_STATE = re.compile(r"累|饿|困|撑|烦|疼|痛|难受|头晕|感冒|发烧|咳嗽|心情|无聊|郁闷|开心|高兴|郁闷|紧张|忙|堵车|堵|迟到|睡醒|"
                    r"没睡|失眠了|吃完|喝了|吃了|冷|热|累趴|emo|"
                    r"\btired\b|\bhungry\b|\bstarving\b|\bsleepy\b|\bbored\b|\bexhausted\b|\bstuck\b|\blate\b|\btraffic\b|"
                    r"\bsick\b|\bheadache\b|\bcold\b|\bhot\b|\bbusy\b|\bstressed\b|\bhappy\b|\bexcited\b|\bannoyed\b|"
                    r"\bgrumpy\b|\bfull\b|\bhungover\b|\bsore\b|\bcranky\b|\bwiped\b|\bbeat\b|\bnervous\b", re.I)
_WEATHER = re.compile(r"下雨|下雪|刮风|雾霾|天气|\braining\b|\bsnowing\b|\bweather\b|\bso hot out\b|\bfreezing\b", re.I)
_LASTING = re.compile(r"一直|总是|老是|经常|常常|每天|每周|每次|每个|从小|多年|长期|慢性|平时|一般|向来|好几年|几年了|"
                      r"\balways\b|\busually\b|\bevery\b|\boften\b|\bchronic|\bfor years\b|\bnever\b|\bwhenever\b|"
                      r"\bsince (?!breakfast|lunch|dinner|this|last night|yesterday|noon|\d{1,2}\s*(?:am|pm))", re.I)


def is_transient(text: str) -> bool:
    """``text`` states only a passing state of the moment (see the module docstring)."""
    found = kinds(text)
    if _LASTING.search(text) or found & (SINGLE | {"schedule"}) or ("pref" in found and not _NOW.search(text)):
        return False
    if _WEATHER.search(text):
        return True
    return bool(_STATE.search(text) and (_NOW.search(text) or _INTENSE.search(text)))
