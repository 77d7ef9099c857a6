"""Consent where the user is: the first-turn notice and ``/consent on|off|status`` in any chat.

The terminal, the service (web UI) and the team chat all use these: a user who has not
answered is told in the first reply of a session that long-term memory is off and how to
turn it on, and ``/consent …`` typed as a message is a command, never a turn for the model.
"""
from __future__ import annotations

import re

from agents.models.offline_reading import prefers_chinese
from pipelines.turn import MemoryServices, TurnContext

CONSENT_HELP = "/consent on|off|status"
_COMMAND = re.compile(r"^\s*/consent(?:\s+(\S+))?\s*$", re.I)

NOTICE_EN = ("Long-term memory is off until you agree: I remember this conversation only while it lasts. "
             "Type /consent on to let me remember you across sessions (/consent off keeps it off; "
             "/consent status shows it).")
NOTICE_ZH = ("长期记忆目前是关闭的（你还没有同意）：我只在本次对话中记得你说的话。"
             "输入 /consent on 让我跨会话记住你（/consent off 保持关闭，/consent status 查看状态）。")


def consent_notice(user_text: str = "") -> str:
    """The notice in the user's language."""
    return NOTICE_ZH if prefers_chinese(user_text) else NOTICE_EN


async def unanswered(svc: MemoryServices, user_id: str) -> bool:
    """Whether the user has not answered and the deployment default keeps memory off."""
    store = svc.consent
    if store is None:
        return False
    try:
        return await store.answer(user_id) is None and not await store.allows(user_id)
    except Exception:  # noqa: BLE001 - the working tier is down: the turn itself says it is degraded
        return False


async def first_turn_notice(svc: MemoryServices, ctx: TurnContext) -> str:
    """``"\n\n<notice>"`` for the first turn of a session of a user who has not answered, else ``""``."""
    if ctx.longterm_enabled or ctx.previous or not ctx.shortterm_ok:
        return ""
    if not await unanswered(svc, ctx.user_id):
        return ""
    return "\n\n" + consent_notice(ctx.text)


def is_consent_command(text: str) -> bool:
    """Whether ``text`` is a ``/consent …`` command (any argument; a wrong one gets the usage)."""
    return _COMMAND.match(text or "") is not None


async def consent_command(svc: MemoryServices, user_id: str, text: str) -> str:
    """Carry out ``/consent on|off|status`` for ``user_id``; the reply to show.

    Args:
        svc: The turn services (``svc.consent`` is the store; ``None``: always on).
        user_id: The verified user.
        text: The command line, e.g. ``"/consent on"``.
    """
    store = svc.consent
    if store is None:
        return "Consent is not managed in this deployment (long-term memory is always on)."
    match = _COMMAND.match(text or "")
    arg = (match.group(1) or "").lower() if match else "?"
    if arg in ("on", "off"):
        await store.set(user_id, arg == "on")
    elif arg not in ("", "status"):
        return f"usage: {CONSENT_HELP}"
    state = "on" if await store.allows(user_id) else "off"
    if state == "on":
        return f"Long-term memory is on for {user_id}: I remember what you tell me across sessions (/consent off stops it)."
    return (f"Long-term memory is off for {user_id}. Nothing new is stored; what is already held stays until you "
            "erase it (/consent on turns it on).")
