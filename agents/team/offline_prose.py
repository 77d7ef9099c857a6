"""What a team agent's offline responder writes: short prose a person can read.

Offline (no model configured) every team agent answers deterministically from what reached
it. An agent whose output is a ``plan`` drafts a day-by-day plan from the destination, dates,
budget, preferences, the team's tips and the user's notes — an allergy or a diet in the notes
becomes a food rule of the plan; one whose output is a ``review`` checks the plan against the
budget and the dates; any other agent says in one sentence what it received. Chinese inputs
get a Chinese answer.
"""
from __future__ import annotations

import re
from typing import Any

from agents.models.offline_reading import prefers_chinese

_ALLERGY_EN = re.compile(r"allergic to ([a-z][a-z \-]*?)\s*(?:[.,;!]|$| and )", re.I)
_ALLERGY_ZH = re.compile(r"对([\u4e00-\u9fffA-Za-z]{1,8}?)过敏")
_DIET = re.compile(r"vegetarian|vegan|halal|kosher|gluten[- ]free|素食|吃素|清真", re.I)
_DAYS = re.compile(r"(\d+)\s*(?:days?|天)", re.I)


def _text(value: Any) -> str:
    if isinstance(value, list):
        return "; ".join(str(v) for v in value if str(v).strip())
    return str(value or "").strip()


def food_rules(notes: list[str], zh: bool) -> list[str]:
    """The food rules the user's notes imply: each allergen to avoid, each diet to keep."""
    rules: list[str] = []
    for note in notes:
        for allergen in _ALLERGY_ZH.findall(note) + _ALLERGY_EN.findall(note):
            allergen = allergen.strip()
            rules.append(f"避开{allergen}（你对{allergen}过敏）" if zh else f"avoid {allergen} (you are allergic to it)")
        diet = _DIET.search(note)
        if diet:
            rules.append(f"按{diet.group(0)}安排餐食" if zh else f"{diet.group(0).lower()} meals only")
    return list(dict.fromkeys(rules))


def _day_count(dates: str) -> int:
    if "周末" in dates or "weekend" in dates.lower():
        return 2
    m = _DAYS.search(dates)
    return max(1, min(int(m.group(1)), 5)) if m else 3


def _plan_head(dest: str, dates: str, budget: str, days: int, zh: bool) -> str:
    if zh:
        return f"{dest}{'（' + dates + '）' if dates else ''}行程{'，预算' + budget if budget else ''}："
    return f"{days}-day plan for {dest}{' (' + dates + ')' if dates else ''}{', within ' + budget if budget else ''}:"


def _plan_days(days: int, tips: list[str], zh: bool) -> list[str]:
    if zh:
        return [f"- 第{d + 1}天：{tips[d] if d < len(tips) else '自由活动，逛逛老城区'}" for d in range(days)]
    return [f"- Day {d + 1}: {tips[d] if d < len(tips) else 'explore the old town at your own pace'}" for d in range(days)]


def _food_line(food: list[str], zh: bool) -> str:
    return ("- 饮食：" + "；".join(food) + "。") if zh else ("- Food: " + "; ".join(food) + ".")


def _plan_notes(notes: list[str], prefs: str, zh: bool) -> list[str]:
    """The plan's lines from the user: food rules, preferences, the other notes."""
    food = food_rules(notes, zh)
    lines = [_food_line(food, zh)] if food else []
    if prefs:
        lines.append(f"- 照顾你的偏好：{prefs}。" if zh else f"- With your preferences in mind: {prefs}.")
    others = [n for n in notes if not food_rules([n], zh)]
    if others:
        lines.append(("- 我记得：" + "；".join(others)) if zh else ("- I remember: " + "; ".join(others)))
    return lines


def plan_prose(inputs: dict[str, Any]) -> str:
    """A short day-by-day plan (offline)."""
    zh = prefers_chinese(" ".join(_text(v) for v in inputs.values()))
    dest = _text(inputs.get("destination")) or ("目的地待定" if zh else "your destination")
    dates, budget = _text(inputs.get("dates")), _text(inputs.get("budget"))
    tips = [str(t) for t in inputs.get("tips") or []]
    notes = [str(n) for n in inputs.get("user_notes") or []]
    days = _day_count(dates)
    lines = _plan_days(days, tips, zh) + _plan_notes(notes, _text(inputs.get("preferences")), zh)
    return "\n".join([_plan_head(dest, dates, budget, days, zh), *lines])


def review_prose(inputs: dict[str, Any]) -> str:
    """The critic's remarks on the plan (offline): budget and dates, at most three bullets."""
    plan = _text(inputs.get("plan"))
    budget = _text(inputs.get("trip_brief.budget") or inputs.get("budget"))
    dates = _text(inputs.get("trip_brief.dates") or inputs.get("dates"))
    zh = prefers_chinese(plan + budget + dates)
    remarks = []
    if zh:
        remarks.append(f"- 预算{budget}：出发前核对门票和住宿价格。" if budget else "- 没有给出预算，无法检查费用；请告诉我预算。")
        remarks.append(f"- 日期{dates}：热门景点提前预约。" if dates else "- 没有给出日期；请告诉我出行日期。")
        return "\n".join(remarks)
    remarks.append(f"- Budget {budget}: check ticket and hotel prices before booking." if budget
                   else "- No budget given, so costs cannot be checked; tell me one.")
    remarks.append(f"- Dates {dates}: book the popular sights ahead." if dates
                   else "- No dates given; tell me when you travel.")
    return "\n".join(remarks)


def received_prose(agent: str, inputs: dict[str, Any]) -> str:
    """One sentence naming what an agent with another output received (offline)."""
    given = ", ".join(k for k, v in inputs.items() if v not in ("", [], {}, None)) or "nothing"
    return f"{agent} (offline) worked from: {given}."


def offline_answer(agent: str, output_fields: list[str], inputs: dict[str, Any]) -> str:
    """The offline responder's text for an agent whose declared output has ``output_fields``."""
    if "plan" in output_fields:
        return plan_prose(inputs)
    if "review" in output_fields:
        return review_prose(inputs)
    return received_prose(agent, inputs)
