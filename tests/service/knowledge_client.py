"""Knowledge-base requests as the AgentScope web UI sends them (shared by the service tests)."""
from __future__ import annotations

import time
from typing import Any

from tests.service.conftest import ServiceUser


def create_base(user: ServiceUser, name: str, chunker: str = "sentence",
                parameters: dict[str, Any] | None = None) -> str:
    """The web UI's create form: first credential's embedding model, the chosen chunker."""
    models = user.http.get("/knowledge_bases/embedding_models")
    assert models.status_code == 200, models.text
    provider = models.json()["providers"][0]
    card = provider["models"][0]
    r = user.http.post("/knowledge_bases/", json={
        "name": name, "description": f"{name} documents",
        "embedding_model_config": {"type": provider["credential"]["data"]["type"],
                                   "credential_id": provider["credential"]["id"],
                                   "model": card["name"], "dimensions": card["dimensions"], "parameters": {}},
        "chunker_config": {"type": chunker, "parameters": parameters or {}},
    })
    assert r.status_code == 201, r.text
    return r.json()["knowledge_base_id"]


def upload(user: ServiceUser, kb: str, name: str, data: bytes, media: str) -> str:
    r = user.http.post(f"/knowledge_bases/{kb}/documents", files={"file": (name, data, media)})
    assert r.status_code == 201, r.text
    return r.json()["document_id"]


def wait_indexed(user: ServiceUser, kb: str, ids: list[str], timeout_s: float = 120) -> list[dict[str, Any]]:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        r = user.http.get(f"/knowledge_bases/{kb}/documents/status", params={"ids": ",".join(ids)})
        assert r.status_code == 200, r.text
        items = r.json()["items"]
        if all(i["status"] in ("ready", "failed") for i in items) and len(items) == len(ids):
            return items
        time.sleep(0.3)
    raise AssertionError(f"not indexed in {timeout_s} s: {items}")
