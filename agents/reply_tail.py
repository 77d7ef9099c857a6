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
        if isinstance(item, ModelCallStartEvent):
            out = self._flush()
            self._blocks = {}
            return [*out, item]
        if isinstance(item, TextBlockStartEvent):
            self._blocks[item.block_id] = ""
            return [*self._flush(), item]
        if isinstance(item, TextBlockDeltaEvent):
            if self._reset and item.delta == "":
                self._reset = False
                self.resets += 1
                self._blocks = {k: "" for k in self._blocks}
                value = {"reply_id": item.reply_id, "block_id": item.block_id,
                         "reason": "the model was retried after partial output; drop the text shown so far"}
                return [*self._flush(), CustomEvent(name=RESET_EVENT, value=value)]
            self._blocks[item.block_id] = self._blocks.get(item.block_id, "") + item.delta
            return [*self._flush(), item]
        if isinstance(item, TextBlockEndEvent):
            if item.text is not None:
                self._blocks[item.block_id] = item.text
            out = self._flush()
            self._held = [item]
            return out
        if self._held and isinstance(item, ModelCallEndEvent):
            self._held.append(item)
            return []
        return [*self._flush(), item]

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
