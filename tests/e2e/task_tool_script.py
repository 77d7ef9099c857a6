"""One chat turn in a separate process with a scripted tool-calling model double.

``python task_tool_script.py USER SESSION TEXT SCRIPT_JSON``: settings come from the
environment; SCRIPT_JSON is the model's script (a string is a final text, a list of
``[tool, input]`` pairs is a step of tool calls). Prints one JSON line: the reply, its
memory labels, what each model call received, and the task the session ends on.
"""
from __future__ import annotations

import asyncio
import json
import sys

from app.composition import open_runtime
from app.session import ChatSession
from app.settings import load_settings
from tests.models.scripted_tool_model import ToolScriptedModel


async def main(user: str, session: str, text: str, script: list) -> None:
    steps = [s if isinstance(s, str) else [(name, args) for name, args in s] for s in script]
    model = ToolScriptedModel("scripted-remote", steps)
    async with await open_runtime(load_settings()) as rt:
        chat = ChatSession.open(rt, user, session, model=model)
        reply = await chat.send(text)
        print(json.dumps({
            "reply": reply.get_text_content(), "memory": reply.metadata["memory"],
            "received": [model.seen(i) for i in range(model.calls)], "active_task": chat.middleware.task_id,
        }, ensure_ascii=False))


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2], sys.argv[3], json.loads(sys.argv[4])))
