"""The explicit offline model: a deterministic responder that answers from recalled memory.

It is the zero-set-up default (no language model configured) and the tests' model. It
reads exactly what a real model would receive — the messages after the formatter ran —
finds the memory block written by ``pipelines.memory_block``, and quotes the notes most
relevant to the user's last message. Every answer starts with ``[offline]`` and tells the
user how to configure a real model.
"""
from __future__ import annotations

import re
from datetime import datetime, timezone
from typing import Any, AsyncGenerator

from agentscope.credential import CredentialBase
from agentscope.formatter import DashScopeChatFormatter, FormatterBase
from agentscope.message import Msg, TextBlock
from agentscope.model import ChatModelBase, ChatResponse, ChatUsage
from agentscope.tool import ToolChoice
from pydantic import BaseModel

from pipelines.memory_block import CLOSE_TAG, OPEN_TAG, parse_memory_block

OFFLINE_MARKER = "[offline]"
"""Every offline answer starts with this marker, whatever the language."""

MAX_QUOTED_NOTES = 3

_NOTICE_EN = (
    f"{OFFLINE_MARKER} No language model is configured, so this answer comes from what I "
    "remember, not from a model. Set DASHSCOPE_API_KEY or OPENAI_BASE_URL to enable one."
)
_NOTICE_ZH = (
    f"{OFFLINE_MARKER} 当前没有配置语言模型，以下回答只来自我记住的内容，不是模型生成的。"
    "设置 DASHSCOPE_API_KEY 或 OPENAI_BASE_URL 即可启用模型。"
)
_FOUND_EN = "What I remember that relates to this:"
_FOUND_ZH = "我记得与此相关的内容："
_NOTHING_EN = "I have nothing remembered on that."
_NOTHING_ZH = "关于这一点，我没有记住任何内容。"

_REMINDER_RE = re.compile(r"<system-reminder>.*?</system-reminder>", re.S)
_BLOCK_RE = re.compile(re.escape(OPEN_TAG) + r".*?" + re.escape(CLOSE_TAG), re.S)
_CJK_RE = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_CJK_RUN_RE = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")
_WORD_RE = re.compile(r"[a-z0-9]+")
_STOPWORDS = frozenset(
    "a an the is are was were be been am i me my mine you your we our it its he she they "
    "them his her their this that these those what which who whom when where why how do "
    "does did to of in on at for with about and or not no yes can could would should will "
    "please tell know remember any some".split()
)
_CJK_STOP_BIGRAMS = frozenset(
    ["我的", "你的", "什么", "是什", "么是", "一下", "记得", "你记", "请问", "知道", "你知"]
)


def has_cjk(text: str) -> bool:
    """Whether ``text`` contains Chinese (CJK ideograph) characters."""
    return _CJK_RE.search(text) is not None


def _stem(word: str) -> str:
    """A light English stem so "live" meets "lives"/"living" and "answer" meets "answers"."""
    for suffix in ("ing", "ed", "es", "s"):
        if len(word) > len(suffix) + 2 and word.endswith(suffix):
            return word[: -len(suffix)].rstrip("e") if suffix != "s" else word[:-1].rstrip("e")
    return word.rstrip("e") if len(word) > 3 else word


def lexical_terms(text: str) -> set[str]:
    """The terms used for relevance: lower-cased latin words and Chinese character bigrams.

    A Chinese run of one character counts as itself. Common function words are dropped so
    that "what is my ..." does not match every note.
    """
    lowered = text.lower()
    terms = {_stem(w) for w in _WORD_RE.findall(lowered) if w not in _STOPWORDS}
    for run in _CJK_RUN_RE.findall(lowered):
        if len(run) == 1:
            terms.add(run)
            continue
        terms.update(run[i : i + 2] for i in range(len(run) - 1))
    return terms - _CJK_STOP_BIGRAMS


def _text_of(message: dict[str, Any]) -> str:
    """The text of one formatted message, whether its content is a string or a part list."""
    content = message.get("content")
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        parts = [p.get("text", "") for p in content if isinstance(p, dict)]
        return "\n".join(p for p in parts if isinstance(p, str))
    return ""


def _user_request(formatted: list[dict[str, Any]]) -> str:
    """The user's last message, without runtime reminders or a memory block."""
    for message in reversed(formatted):
        if message.get("role") != "user":
            continue
        text = _BLOCK_RE.sub("", _REMINDER_RE.sub("", _text_of(message))).strip()
        if text:
            return text
    return ""


def _recalled_notes(formatted: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The notes of the memory block in the messages; ``[]`` when none is present.

    The system prompt's block wins; otherwise the newest message carrying one.

    Raises:
        ValueError: the block is present but broken.
    """
    ordered = [m for m in formatted if m.get("role") == "system"]
    ordered += [m for m in reversed(formatted) if m.get("role") != "system"]
    for message in ordered:
        text = _text_of(message)
        if _BLOCK_RE.search(text) is None:
            continue
        try:
            return parse_memory_block(text)
        except (ValueError, KeyError, TypeError) as exc:
            raise ValueError(
                f"The memory block in the prompt is broken ({exc}); it must be written by "
                "pipelines.memory_block.render_memory_block."
            ) from exc
    return []


def _readable_time(value: object) -> str | None:
    """``2026-11-29 21:09 UTC`` (or ``UTC+08:00``) from an ISO time, in the note's own zone.

    The raw text is returned when it does not parse.
    """
    if not value:
        return None
    try:
        moment = datetime.fromisoformat(str(value))
    except ValueError:
        return str(value)
    offset = moment.utcoffset()
    if offset is None:
        return moment.strftime("%Y-%m-%d %H:%M")
    zone = "UTC" if not offset else "UTC" + moment.strftime("%z")[:3] + ":" + moment.strftime("%z")[3:]
    return f"{moment:%Y-%m-%d %H:%M} {zone}"


def _timestamp(note: dict[str, Any]) -> float:
    """Seconds since the epoch of a note's ``time``; notes without a readable time sort last."""
    try:
        moment = datetime.fromisoformat(str(note.get("time", "")))
    except ValueError:
        return float("-inf")
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    return moment.timestamp()


_ABOUT_ME = re.compile(
    r"\b(?:what|anything)\b.*\b(?:know|remember|recall)\b.*\babout me\b|\bwho am i\b"
    r"|\bwhat do you (?:know|remember)\b"
    r"|(?:你|您)?(?:知道|记得|了解)(?:我|关于我)(?:的)?(?:什么|哪些|些什么)|关于我.*(?:知道|记得)|我是谁",
    re.I,
)


def asks_about_me(request: str) -> bool:
    """Whether the user asks what is known about them in general ("what do you know about me?")."""
    return bool(_ABOUT_ME.search(request))


def rank_notes(request: str, notes: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Notes sharing at least one term with ``request``, best first, ties newer first.

    A general question about the user ("what do you know about me?", "你记得我什么？") gets
    every recalled note, newest first: recall already chose them for this user.
    """
    if asks_about_me(request):
        return sorted(notes, key=_timestamp, reverse=True)
    wanted = lexical_terms(request)
    scored = []
    for note in notes:
        overlap = len(wanted & lexical_terms(str(note.get("content", ""))))
        if overlap:
            scored.append((overlap, _timestamp(note), note))
    scored.sort(key=lambda item: (item[0], item[1]), reverse=True)
    return [note for _, _, note in scored]


def compose_offline_answer(formatted: list[dict[str, Any]]) -> str:
    """The offline answer to formatted chat messages (role/content dicts).

    Raises:
        ValueError: the prompt carries a broken memory block.
    """
    request = _user_request(formatted)
    chinese = has_cjk(request)
    relevant = rank_notes(request, _recalled_notes(formatted))[:MAX_QUOTED_NOTES]
    lines = [_NOTICE_ZH if chinese else _NOTICE_EN]
    if not relevant:
        lines.append(_NOTHING_ZH if chinese else _NOTHING_EN)
        return "\n".join(lines)
    lines.append(_FOUND_ZH if chinese else _FOUND_EN)
    for note in relevant:
        when = _readable_time(note.get("time")) or ("时间未知" if chinese else "time unknown")
        if chinese:
            lines.append(f"- （{when}）「{note.get('content', '')}」")
        else:
            lines.append(f'- ({when}) "{note.get("content", "")}"')
    return "\n".join(lines)


class OfflineChatModel(ChatModelBase):
    """A deterministic, network-free chat model that answers from the memory block.

    Attributes:
        last_messages: The formatted messages (what an API would have received) of the
            last call; ``[]`` before the first call.
        calls: How many times the model was called.
    """

    class Parameters(BaseModel):
        """The offline model takes no parameters."""

    def __init__(
        self,
        formatter: FormatterBase | None = None,
        context_size: int = 32768,
    ) -> None:
        """Create the offline model.

        Args:
            formatter: Turns ``Msg`` objects into role/content dicts; DashScope's
                formatter (the production default) when omitted.
            context_size: The window the context builder budgets for.
        """
        super().__init__(
            credential=CredentialBase(name="offline"),
            model="offline",
            parameters=self.Parameters(),
            stream=False,
            max_retries=0,
            context_size=context_size,
        )
        self.formatter = formatter or DashScopeChatFormatter()
        self.last_messages: list[dict[str, Any]] = []
        self.calls = 0

    async def _call_api(
        self,
        model_name: str,
        messages: list[Msg],
        tools: list[dict] | None = None,
        tool_choice: ToolChoice | None = None,
        **kwargs: Any,
    ) -> ChatResponse | AsyncGenerator[ChatResponse, None]:
        """Format the messages like a real model would and answer from their memory block.

        Tools are never called; extra API keyword arguments are ignored.
        """
        formatted = await self.formatter.format(messages)
        self.last_messages = formatted
        self.calls += 1
        text = compose_offline_answer(formatted)
        prompt_chars = sum(len(_text_of(m)) for m in formatted)
        return ChatResponse(
            content=[TextBlock(text=text)],
            is_last=True,
            usage=ChatUsage(input_tokens=prompt_chars // 4, output_tokens=len(text) // 4, time=0.0),
        )
