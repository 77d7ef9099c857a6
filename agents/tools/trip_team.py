"""Tools of the trip-planner team (toolset ``trip_team``), declared in
``configs/examples/trip_planner/AGENTS.md``.

* ``brief_from_request`` (concierge): turns the user's (already masked) request into a trip
  brief — destination, dates, budget, preferences, the traveller's contact — writes it to the
  task memory ``trip_brief``, and reads the user's own long-term memories the memory turn
  recalled for the request (``long_term``; none when the run is not a memory turn).
* ``curate_team_knowledge`` (curator): the team's shared knowledge (global scope, every
  user's requests count): bundled destination tips plus how often the team planned each one.
"""
from __future__ import annotations

import re
from typing import Any

from agents.declarative.tool_context import ToolContext
from agents.declarative.registry import tool

TOOLSET = "trip_team"

_TIPS = {
    "kyoto": ["Buy an ICOCA card for buses", "Temples open early; Fushimi Inari is best at dawn"],
    "lisbon": ["Tram 28 is crowded after 10:00", "Many museums close on Mondays"],
    "paris": ["Book the Louvre online", "Museum Pass pays off after three museums"],
    "beijing": ["Book Forbidden City tickets a week ahead", "Bring your passport to every sight"],
    "杭州": ["西湖环湖步行约三小时", "灵隐寺早上人少"],
    "成都": ["熊猫基地建议上午去", "火锅可以点鸳鸯锅"],
    "苏州": ["拙政园开门就去，人少", "平江路傍晚适合散步"],
}
_DEST = re.compile(
    r"(?:to|in|visit(?:ing)?)\s+([A-Z][a-zA-Z]+(?:\s[A-Z][a-zA-Z]+)?)|去([\u4e00-\u9fff]{2,4}?)(?:玩|旅游|旅行|出差|的|度|过|[，。,.\s]|$)"
)
_BUDGET = re.compile(r"(?:budget(?: of| is)?|预算)\s*(?:is\s*)?([$¥€£]?\s?\d[\d,]*(?:\s?(?:USD|EUR|CNY|RMB|元|块|dollars|euros))?)", re.I)
_DAYS = re.compile(r"(\d+)\s*(?:days?|nights?|天|晚)", re.I)
_DATES = re.compile(
    r"((?:in|on|from)\s+(?:January|February|March|April|May|June|July|August|September|October|November|December)"
    r"(?:\s+\d{1,2})?(?:\s*(?:-|to)\s*\d{1,2})?|\d{1,2}月\d{0,2}日?(?:[到至-]\d{1,2}月?\d{0,2}日?)?)",
    re.I,
)
_WEEKEND = re.compile(r"\b(?:this |next |a |the )?weekend\b|周末", re.I)
_PREFS = re.compile(r"(?:I (?:prefer|like|love|want)|我(?:喜欢|想|偏好))\s*([^.,;。，；!?！？]+)", re.I)
_CONTACT = re.compile(r"\u2039(?:phone|email)[^\u203a]*\u203a|\b\S+@\S+\b")


def _first(pattern: re.Pattern[str], text: str) -> str:
    m = pattern.search(text)
    if not m:
        return ""
    return next((g for g in m.groups() if g), "").strip()


def _weekend(text: str) -> str:
    m = _WEEKEND.search(text)
    if not m:
        return ""
    return "周末" if "周末" in m.group(0) else "weekend"


@tool(TOOLSET)
async def brief_from_request(inputs: dict[str, Any], ctx: ToolContext) -> dict[str, Any]:
    """The trip brief of the request; stored as the task memory ``trip_brief``."""
    text = str(inputs.get("text", ""))
    destination = _first(_DEST, text)
    brief = {
        "destination": destination,
        "dates": _first(_DATES, text) or (f"{_first(_DAYS, text)} days" if _first(_DAYS, text) else "")
        or _weekend(text),
        "budget": _first(_BUDGET, text),
        "preferences": [p.strip() for p in _PREFS.findall(text)][:5],
        "traveller_contact": ", ".join(_CONTACT.findall(text)),
    }
    await ctx.memory.write("trip_brief", brief)
    notes = [str(n["content"]) for n in ctx.long_term.notes()]
    if not destination:
        ctx.warnings.append("no destination found in the request; the plan will be generic")
    return {**{k: v for k, v in brief.items() if k != "traveller_contact"}, "user_notes": notes}


@tool(TOOLSET)
async def curate_team_knowledge(inputs: dict[str, Any], ctx: ToolContext) -> dict[str, Any]:
    """Tips for the destination from the team's shared knowledge, which every request grows."""
    destination = str(inputs.get("destination", "")).strip()
    known = await ctx.memory.read("team_knowledge") or {}
    requests = dict(known.get("requests", {}))
    key = destination.lower()
    if key:
        requests[key] = int(requests.get(key, 0)) + 1
    tips = dict(known.get("tips", {}))
    if key and key not in tips and key in _TIPS:
        tips[key] = _TIPS[key]
    await ctx.memory.write("team_knowledge", {"requests": requests, "tips": tips})
    return {"tips": tips.get(key, []), "times_planned": requests.get(key, 0)}
