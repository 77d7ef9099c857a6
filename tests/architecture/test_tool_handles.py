"""Tools get narrow, typed, gated handles, never the services object of the memory turn.

Every registered tool's signature and every field of ``ToolContext`` are typed, and none of
them is (or holds) ``MemoryServices``, a store, the recaller or the writer, or ``Any``.
"""
from __future__ import annotations

import dataclasses
import typing

import agents.tools  # noqa: F401 - registers every shipped tool
from agents.declarative.registry import REGISTRY
from agents.declarative.tool_context import LongTermNotes, ToolContext

FORBIDDEN = ("MemoryServices", "Recaller", "MemoryWriter", "Store", "Any")


def _names(hint: object) -> str:
    return repr(hint)


def test_no_tool_signature_receives_the_services_object() -> None:
    assert REGISTRY.names(), "no tool registered"
    for name in REGISTRY.names():
        fn = REGISTRY.get(name).fn
        hints = typing.get_type_hints(fn)
        assert hints.get("ctx") is ToolContext, f"tool {name!r}: ctx must be a ToolContext, is {hints.get('ctx')}"
        params = [p for p in hints if p not in ("return", "inputs", "ctx")]
        assert not params, f"tool {name!r} takes more than (inputs, ctx): {params}"


def test_the_tool_context_holds_only_narrow_typed_handles() -> None:
    hints = typing.get_type_hints(ToolContext)
    fields = {f.name for f in dataclasses.fields(ToolContext)}
    assert "services" not in fields
    for field in fields:
        if field in ("recalled",):  # the gate's whitelisted reads: dict[str, dict[str, Any]] of plain data
            continue
        shown = _names(hints[field])
        assert not any(word in shown for word in FORBIDDEN), f"ToolContext.{field}: {shown}"
    assert hints["long_term"] is LongTermNotes
