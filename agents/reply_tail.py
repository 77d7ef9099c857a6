"""The reply's event stream as the client sees it, held open until the turn is stored.

The agent closes its text block before the turn is finished (the memory is written after
the model answered). ``ReplyTail`` forwards every event at once, except the closing events
of the last text block (and the model call's end): those wait until the turn has been
stored, so that what the turn adds to the reply ("Noted: …", the consent notice) goes out
in the same block, before the reply's end event, and the service's stored reply (rebuilt
from the events) equals what the user saw. It also tracks the text of the current model
call, so the turn stores the reply the user reads, and turns a reset chunk of the model
into a ``reply_reset`` event that voids the text streamed so far.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from agentscope.event import (
    CustomEvent,
    ModelCallEndEvent,
    ModelCallStartEvent,
    TextBlockDeltaEvent,
    TextBlockEndEvent,
    TextBlockStartEvent,
)

RESET_EVENT = "reply_reset"
"""``CustomEvent.name`` telling the client to drop the text streamed so far in ``value["block_id"]``."""


class ReplyTail:
    """Forwards a reply's events, holding the last text block's end until ``close``."""

    def __init__(self) -> None:
        self._blocks: dict[str, str] = {}
        self._held: list[Any] = []
        self._reset = False
        self.resets = 0

    @property
    def text(self) -> str:
        """The text of the current model call's blocks, as the client has it now."""
        return "".join(self._blocks.values())

    def reset_next(self) -> None:
        """The model voided its partial output; the next (empty) delta becomes the reset event."""
        self._reset = True

    def feed(self, item: Any) -> list[Any]:
        """The events to send now for ``item``."""
        for kind, handle in _HANDLERS:
            if isinstance(item, kind):
                return handle(self, item)
        return [*self._flush(), item]

    def _on_call_start(self, item: ModelCallStartEvent) -> list[Any]:
        out = self._flush()
        self._blocks = {}
        return [*out, item]

    def _on_block_start(self, item: TextBlockStartEvent) -> list[Any]:
        self._blocks[item.block_id] = ""
        return [*self._flush(), item]

    def _on_delta(self, item: TextBlockDeltaEvent) -> list[Any]:
        if self._reset and item.delta == "":
            return [*self._flush(), self._reset_event(item)]
        self._blocks[item.block_id] = self._blocks.get(item.block_id, "") + item.delta
        return [*self._flush(), item]

    def _reset_event(self, item: TextBlockDeltaEvent) -> CustomEvent:
        """Void the text streamed so far; the event that tells the client to."""
        self._reset = False
        self.resets += 1
        self._blocks = {k: "" for k in self._blocks}
        value = {"reply_id": item.reply_id, "block_id": item.block_id,
                 "reason": "the model was retried after partial output; drop the text shown so far"}
        return CustomEvent(name=RESET_EVENT, value=value)

    def _on_block_end(self, item: TextBlockEndEvent) -> list[Any]:
        if item.text is not None:
            self._blocks[item.block_id] = item.text
        out = self._flush()
        self._held = [item]
        return out

    def _on_call_end(self, item: ModelCallEndEvent) -> list[Any]:
        if self._held:
            self._held.append(item)
            return []
        return [item]

    def close(self, suffix: str) -> list[Any]:
        """The held events, the last text block ending with ``suffix`` and its final text."""
        held, self._held = self._held, []
        end = next((e for e in held if isinstance(e, TextBlockEndEvent)), None)
        if end is None:
            return held
        text = self._blocks.get(end.block_id, "") + suffix
        self._blocks[end.block_id] = text
        out: list[Any] = []
        if suffix:
            out.append(TextBlockDeltaEvent(reply_id=end.reply_id, block_id=end.block_id, delta=suffix))
        out.append(end.model_copy(update={"text": text}))
        return out + [e for e in held if e is not end]

    def _flush(self) -> list[Any]:
        held, self._held = self._held, []
        return held


_HANDLERS: tuple[tuple[type, Callable[[ReplyTail, Any], list[Any]]], ...] = (
    (ModelCallStartEvent, ReplyTail._on_call_start),
    (TextBlockStartEvent, ReplyTail._on_block_start),
    (TextBlockDeltaEvent, ReplyTail._on_delta),
    (TextBlockEndEvent, ReplyTail._on_block_end),
    (ModelCallEndEvent, ReplyTail._on_call_end),
)
"""The event kinds ``ReplyTail.feed`` treats apart, in the order they are checked; any other passes through."""
