"""Run chat turns in a separate process: ``python session_script.py USER SESSION TEXT...``.

Settings come from the environment. Prints one JSON line per turn with the reply text
and its memory labels. Used to prove memory survives the process.
"""
from __future__ import annotations

import asyncio
import json
import sys

from app.composition import open_runtime
from app.session import ChatSession
from app.settings import load_settings


async def main(user: str, session: str, texts: list[str]) -> None:
    async with await open_runtime(load_settings()) as rt:
        chat = ChatSession.open(rt, user, session)
        for text in texts:
            reply = await chat.send(text)
            print(json.dumps({"reply": reply.get_text_content(), "memory": reply.metadata["memory"]}, ensure_ascii=False))


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2], sys.argv[3:]))
