"""The explicit offline model: a deterministic responder that answers from recalled memory.

It is the zero-set-up default (no language model configured) and the tests' model. It
reads exactly what a real model would receive — the messages after the formatter ran —
finds the memory block written by ``pipelines.context.memory_block``, and answers a question by
quoting the injected notes that bear on it (in the question's language, the notes as
stored, whatever theirs); it says it remembers nothing only when no note reached it. A
statement gets a short acknowledgement (the turn adds :func:`noted_line` for what it
stored). Every answer starts with ``[offline]`` and tells the user how to configure a model.
"""
from __future__ import annotations

import re
from datetime import datetime
from typing import Any, AsyncGenerator

from agentscope.credential import CredentialBase
from agentscope.formatter import DashScopeChatFormatter, FormatterBase
from agentscope.message import Msg, TextBlock
from agentscope.model import ChatModelBase, ChatResponse, ChatUsage
from agentscope.tool import ToolChoice
from pydantic import BaseModel

from agents.models.offline_reading import Kind, has_cjk, lexical_terms, message_kind, prefers_chinese
from agents.models.offline_select import asks_about_me, notes_to_quote, rank_notes, said_earlier
from pipelines.context.knowledge_block import parse_knowledge_block
from pipelines.context.memory_block import CLOSE_TAG, OPEN_TAG, parse_memory_block
from pipelines.recall.query import build_query

__all__ = [
    "OFFLINE_MARKER",
    "OfflineChatModel",
    "asks_about_me",
    "compose_offline_answer",
    "has_cjk",
    "lexical_terms",
    "noted_line",
    "prefers_chinese",
    "rank_notes",
]

OFFLINE_MARKER = "[offline]"
"""Every offline answer starts with this marker, whatever the language."""

_NOTICE_EN = (
    f"{OFFLINE_MARKER} No language model is configured, so this answer comes from what I "
    "remember, not from a model. Set DASHSCOPE_API_KEY or OPENAI_BASE_URL to enable one."
)
_NOTICE_ZH = (
    f"{OFFLINE_MARKER} 当前没有配置语言模型，以下回答只来自我记住的内容，不是模型生成的。"
    "设置 DASHSCOPE_API_KEY 或 OPENAI_BASE_URL 即可启用模型。"
)
_SHORT_NOTICE_EN = f"{OFFLINE_MARKER} (offline mode: set DASHSCOPE_API_KEY or OPENAI_BASE_URL for model answers)"
_SHORT_NOTICE_ZH = f"{OFFLINE_MARKER}（离线模式：设置 DASHSCOPE_API_KEY 或 OPENAI_BASE_URL 可启用模型回答）"
_FOUND_EN = "What I remember that relates to this:"
_FOUND_ZH = "我记得与此相关的内容："
_ALL_EN = "What I remember about you:"
_ALL_ZH = "我记得关于你的这些内容："
_CLOSEST_EN = "What I remember that may relate to this:"
_CLOSEST_ZH = "我记得的可能与此相关的内容："
_NOTHING_EN = "I have nothing remembered on that."
_NOTHING_ZH = "关于这一点，我没有记住任何内容。"
_SAID_EN = "No note is stored on this, but earlier in this conversation you said:"
_SAID_ZH = "没有存下相关的笔记，但你在这次对话中说过："
_REPLY_EN = {
    Kind.STATEMENT: "Got it.",
    Kind.GREETING: "Hello! Ask me about anything you have told me.",
    Kind.THANKS: "You're welcome.",
}
_REPLY_ZH = {
    Kind.STATEMENT: "好的，知道了。",
    Kind.GREETING: "你好！可以问我你告诉过我的任何事情。",
    Kind.THANKS: "不客气。",
}
_NOTED_EN = "Noted:"
_NOTED_ZH = "已记下："

_REMINDER_RE = re.compile(r"<system-reminder>.*?</system-reminder>", re.S)
_BLOCK_RE = re.compile(re.escape(OPEN_TAG) + r".*?" + re.escape(CLOSE_TAG), re.S)


def _text_of(message: dict[str, Any]) -> str:
    """The text of one formatted message, whether its content is a string or a part list."""
    content = message.get("content")
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        parts = [p.get("text", "") for p in content if isinstance(p, dict)]
        return "\n".join(p for p in parts if isinstance(p, str))
    return ""


def _user_messages(formatted: list[dict[str, Any]]) -> list[str]:
    """The user's messages, oldest first, without runtime reminders or a memory block."""
    texts = (_BLOCK_RE.sub("", _REMINDER_RE.sub("", _text_of(m))).strip() for m in formatted if m.get("role") == "user")
    return [t for t in texts if t]


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
                "pipelines.context.memory_block.render_memory_block."
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


def _quoted(note: dict[str, Any], chinese: bool) -> str:
    """One quoted note with its time; the note's text is quoted as stored, in its language."""
    when = _readable_time(note.get("time")) or ("时间未知" if chinese else "time unknown")
    content = note.get("content", "")
    return f"- （{when}）「{content}」" if chinese else f'- ({when}) "{content}"'


MAX_QUOTED_CHUNKS = 2
_DOCS_EN = "From your documents:"
_DOCS_ZH = "你的文档中写道："


def _document_chunks(formatted: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The chunks of the knowledge block in the system messages (``[]`` when none)."""
    for message in formatted:
        if message.get("role") == "system":
            chunks = parse_knowledge_block(_text_of(message))
            if chunks:
                return chunks
    return []


def _document_lines(request: str, chunks: list[dict[str, Any]], chinese: bool) -> list[str]:
    """The best chunks quoted as written, each with its document and chunk."""
    related = rank_notes(request, chunks) or chunks
    lines = [_DOCS_ZH if chinese else _DOCS_EN]
    for chunk in related[:MAX_QUOTED_CHUNKS]:
        source = chunk.get("source", "")
        lines.append(f"- 「{chunk.get('content', '')}」（来源：{source}）" if chinese
                     else f'- "{chunk.get("content", "")}" (source: {source})')
    return lines


def compose_offline_answer(formatted: list[dict[str, Any]]) -> str:
    """The offline answer to formatted chat messages (role/content dicts).

    A question is answered by quoting the recalled notes (never "nothing remembered" while
    notes reached the prompt); a statement, greeting or thanks gets a short reply, to which
    the turn may add a :func:`noted_line` once extraction has stored something.

    Raises:
        ValueError: the prompt carries a broken memory block.
    """
    said_before = _user_messages(formatted)
    request = said_before.pop() if said_before else ""
    chinese = prefers_chinese(request)
    notes = _recalled_notes(formatted)
    kind = Kind.QUESTION if asks_about_me(request) else message_kind(request)
    if kind is not Kind.QUESTION:
        short = _SHORT_NOTICE_ZH if chinese else _SHORT_NOTICE_EN
        return f"{short}\n{(_REPLY_ZH if chinese else _REPLY_EN)[kind]}"
    lines = [_NOTICE_ZH if chinese else _NOTICE_EN]
    chunks = _document_chunks(formatted)
    if chunks:
        lines.extend(_document_lines(request, chunks, chinese))
    if notes:
        # an elliptic question ("and my wife?", 「她在哪上班」) is read with the turns it leans on, as recall read it
        query = build_query(request, said_before)
        leans_on = query[: -len(request.strip())].strip() if query != request.strip() else ""
        lines.extend(_note_lines(request, notes, chinese, leans_on))
    elif said := said_earlier(request, said_before):
        lines.append(_SAID_ZH if chinese else _SAID_EN)
        lines.extend(f"- 「{t}」" if chinese else f'- "{t}"' for t in said)
    elif not chunks:
        lines.append(_NOTHING_ZH if chinese else _NOTHING_EN)
    return "\n".join(lines)


_NOTE_HEADERS = {"about_me": (_ALL_ZH, _ALL_EN), "related": (_FOUND_ZH, _FOUND_EN), "closest": (_CLOSEST_ZH, _CLOSEST_EN)}


def _note_lines(request: str, notes: list[dict[str, Any]], chinese: bool, leans_on: str = "") -> list[str]:
    """The header saying how the notes relate to the request, then each quoted note."""
    framing, quoted = notes_to_quote(request, notes, leans_on)
    return [_NOTE_HEADERS[framing][0 if chinese else 1]] + [_quoted(note, chinese) for note in quoted]


def noted_line(contents: list[str], chinese: bool) -> str | None:
    """The line a turn appends to its reply for what extraction stored; ``None`` when nothing.

    Example: ``Noted: "User lives in Shanghai."`` or ``已记下：「用户住在上海。」``.

    Args:
        contents: The stored (created, merged or superseding) memories' texts, in order.
        chinese: Whether the user's message was in Chinese (see :func:`prefers_chinese`).
    """
    texts = [c.strip() for c in contents if c and c.strip()]
    if not texts:
        return None
    if chinese:
        return _NOTED_ZH + "；".join(f"「{t}」" for t in texts)
    return _NOTED_EN + " " + "; ".join(f'"{t}"' for t in texts)


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


def is_offline(model: Any) -> bool:
    """Whether ``model`` (or the primary it wraps) is the offline responder."""
    return isinstance(getattr(model, "primary", model), OfflineChatModel)
