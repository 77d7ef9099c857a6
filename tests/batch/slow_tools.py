"""A slow tool for the kill-and-resume test: logs every call (pid, key) to $BATCH_SIDE_LOG."""
from __future__ import annotations

import os
import time

from agents.declarative.tool_context import ToolContext
from agents.declarative.registry import tool


_CALLS = [0]


@tool("batch_slow")
def slow_echo(inputs: dict, ctx: ToolContext) -> dict:
    """Take 30 ms (``$BATCH_SLOW_S`` seconds when set), note the call, echo the record id."""
    time.sleep(float(os.environ.get("BATCH_SLOW_S", "0.03")))
    with open(os.environ["BATCH_SIDE_LOG"], "a", encoding="utf-8") as fh:
        fh.write(f"{os.getpid()} {inputs['id']}\n")
    _CALLS[0] += 1
    gate = os.environ.get("BATCH_GATE")  # a process that did 5 records waits while this file exists
    while gate and _CALLS[0] >= 5 and os.path.exists(gate):
        time.sleep(0.02)
    return {"id": inputs["id"], "doubled": inputs["x"] * 2}
