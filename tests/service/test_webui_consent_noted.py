"""What a web-UI user reads: the consent notice, ``/consent on`` typed in the chat, the Noted line,
and a masked phone number rendered by the UI's own Markdown renderer exactly as stored.

The request sequence is the AgentScope web UI's (``tests/service/test_webui_contract.py``: the
key in ``X-User-ID``, credential → agent → session, ``GET /sessions/{id}/stream``, ``POST /chat/``
with a ``UserMsg``), against ``serve`` with the product's default ``LONGTERM_CONSENT=ask``. The
reply text is rendered by ``react-markdown`` + ``remark-gfm`` at the versions of the UI's
``package.json``, one renderer per text block as its ``MessageBubble`` does
(``tests/service/webui_markdown/render.mjs``, installed with ``npm ci`` on first use).
"""
from __future__ import annotations

import json
import subprocess
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from pipelines.receive.pii import mask_pii
from tests.service.conftest import Server, WebUiSession, serve
from tests.service.test_webui_contract import Stream, _user_msg

RENDERER = Path(__file__).with_name("webui_markdown")
PHONE_TEXT = "My phone number is 13812345678 and I live in Hangzhou."


@pytest.fixture(scope="module")
def asking_server(create_database: Callable[[], str], tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """``serve`` with the product's default: long-term memory waits for the user's answer."""
    with serve(create_database, tmp_path_factory.mktemp("ask-home"), extra_env={"LONGTERM_CONSENT": "ask"}) as running:
        yield running


def render(texts: list[str]) -> list[dict[str, str]]:
    """The web UI's rendering of each text block: its HTML and the text a reader sees."""
    if not (RENDERER / "node_modules" / "react-markdown").is_dir():
        subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=RENDERER, check=True, capture_output=True, timeout=600)
    out = subprocess.run(["node", "render.mjs"], cwd=RENDERER, input=json.dumps(texts).encode(),
                         capture_output=True, check=True, timeout=120)
    return json.loads(out.stdout)


def _say(ui: httpx.Client, stream: Stream, ids: dict[str, str], text: str) -> tuple[str, list[dict[str, Any]]]:
    sent = ui.post("/chat/", json={**ids, "input": _user_msg(text)})
    assert sent.status_code == 200, sent.text
    events = stream.until("REPLY_END")
    shown = "".join(e.get("delta", "") for e in events if e["type"] == "TEXT_BLOCK_DELTA")
    return shown, events


def _stored_reply(ui: httpx.Client, ids: dict[str, str]) -> str:
    """The last stored message once it is the reply (the reply's record is written right after the stream's
    end event, on the replica that ran the turn; a reload in that instant can still miss it)."""
    deadline = time.monotonic() + 10
    while True:
        page = ui.get(f"/sessions/{ids['session_id']}/messages", params={"agent_id": ids["agent_id"]}).json()
        last = page["messages"][-1]
        if last["role"] == "assistant" or time.monotonic() > deadline:
            break
        time.sleep(0.1)
    assert last["role"] == "assistant"
    return "".join(b.get("text", "") for b in last["content"] if b.get("type") == "text")


def test_a_web_ui_user_is_told_memory_is_off_turns_it_on_in_the_chat_and_sees_what_was_noted(
    asking_server: Server,
) -> None:
    web = WebUiSession.open(asking_server, "webask")
    ui, ids, user_id = web.ui, web.ids, web.user_id
    stream = Stream(ui, web.stream_path, {"agent_id": ids["agent_id"]})
    try:
        first, _ = _say(ui, stream, ids, PHONE_TEXT)
        assert "Long-term memory is off until you agree" in first and "/consent on" in first
        assert "Noted" not in first
        assert _stored_reply(ui, ids) == first  # the notice is part of the stored reply, as shown

        turned_on, events = _say(ui, stream, ids, "/consent on")
        assert turned_on.startswith(f"Long-term memory is on for {user_id}")
        assert "[offline]" not in turned_on  # answered by the command, never by the model
        assert not [e for e in events if e["type"] == "MODEL_CALL_START"]
        assert ui.get("/memory/consent").json()["longterm_enabled"] is True

        noted, _ = _say(ui, stream, ids, PHONE_TEXT)
        masked_phone = mask_pii("13812345678").text
        assert "Noted:" in noted and masked_phone in noted and "13812345678" not in noted
        assert "Long-term memory is off" not in noted
        stored = _stored_reply(ui, ids)
        assert stored == noted  # what the user read is what the session keeps

        status, _ = _say(ui, stream, ids, "/consent status")
        assert status.startswith(f"Long-term memory is on for {user_id}")
    finally:
        stream.close()

    _stored_reply(ui, ids)  # the status reply's record is written right after its end event: wait for it
    page = web.ui.get(f"/sessions/{ids['session_id']}/messages", params={"agent_id": ids["agent_id"]}).json()["messages"]
    user_bubble = "".join(b.get("text", "") for b in page[-4]["content"] if b.get("type") == "text")
    assert masked_phone in user_bubble and "13812345678" not in user_bubble
    bubble, reply = render([user_bubble, stored])
    assert bubble["text"] == user_bubble  # the mask reads exactly as stored: nothing bold, linked or dropped
    assert masked_phone in reply["text"] and "<strong>" not in reply["html"] and "<a " not in reply["html"]
    assert "Noted:" in reply["text"]
