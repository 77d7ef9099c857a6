"""A loopback OpenAI-compatible chat endpoint that streams scripted replies (a test double for a
network model service).

Each chat request that carries a system prompt (a turn of the agent) plays the next step of the
script; other requests (extraction, summaries) get ``[]``. A step is a list of text deltas sent
``delay_s`` apart, optionally ending in a stall (the connection stays open, nothing more comes)
or after ``hold_s`` seconds of silence before the first delta (a slow model).
"""
from __future__ import annotations

import json
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass
class Step:
    """One scripted reply."""

    deltas: list[str]
    delay_s: float = 0.05
    stall: bool = False
    hold_s: float = 0.0


@dataclass
class OpenAIStub:
    """The stub server; ``url`` is its ``OPENAI_BASE_URL`` (ends in ``/v1``)."""

    script: list[Step]
    requests: list[dict[str, Any]] = field(default_factory=list)
    sent: list[float] = field(default_factory=list)
    _server: ThreadingHTTPServer | None = None
    _stop: threading.Event = field(default_factory=threading.Event)

    @property
    def url(self) -> str:
        assert self._server is not None
        return f"http://127.0.0.1:{self._server.server_address[1]}/v1"

    def __enter__(self) -> OpenAIStub:
        stub = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: Any) -> None:  # quiet
                return

            def do_POST(self) -> None:  # noqa: N802 - http.server's name
                body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", "0"))) or b"{}")
                stub.requests.append(body)
                turn = any(m.get("role") == "system" for m in body.get("messages", []))
                step = stub.script.pop(0) if turn and stub.script else Step(["[]"], delay_s=0.0)
                if not body.get("stream"):
                    self._json(step)
                    return
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.send_header("Cache-Control", "no-cache")
                self.end_headers()
                try:
                    self._stream(step)
                except (BrokenPipeError, ConnectionResetError):
                    return

            def _chunk(self, delta: dict[str, Any], finish: str | None = None) -> bytes:
                data = {"id": "stub", "object": "chat.completion.chunk", "created": 0, "model": "stub",
                        "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}
                return f"data: {json.dumps(data)}\n\n".encode()

            def _stream(self, step: Step) -> None:
                if step.hold_s:
                    stub._stop.wait(step.hold_s)
                for text in step.deltas:
                    self.wfile.write(self._chunk({"role": "assistant", "content": text}))
                    self.wfile.flush()
                    stub.sent.append(time.monotonic())
                    time.sleep(step.delay_s)
                if step.stall:
                    stub._stop.wait(60)
                    return
                self.wfile.write(self._chunk({}, "stop"))
                self.wfile.write(b"data: [DONE]\n\n")
                self.wfile.flush()
                self.close_connection = True

            def _json(self, step: Step) -> None:
                payload = json.dumps({
                    "id": "stub", "object": "chat.completion", "created": 0, "model": "stub",
                    "choices": [{"index": 0, "message": {"role": "assistant", "content": "".join(step.deltas)},
                                 "finish_reason": "stop"}],
                    "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
                }).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        threading.Thread(target=self._server.serve_forever, daemon=True).start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        assert self._server is not None
        self._server.shutdown()
        self._server.server_close()
