"""Consent, export and erase over HTTP, for the caller's own data only."""
from __future__ import annotations

import redis

from tests.service.conftest import Server


def test_consent_export_and_erase_over_http(server: Server) -> None:
    erin = server.user("erin").bootstrap()
    frank = server.user("frank").bootstrap()
    assert erin.http.get("/memory/consent").json()["longterm_enabled"] is True  # the suite's default is on
    erin.chat("I live in Lisbon and I prefer green tea.")
    frank.chat("I live in Oslo.")

    off = erin.http.put("/memory/consent", json={"granted": False}).json()
    assert off["answer"] is False and off["longterm_enabled"] is False
    erin.chat("I live in Porto now.")
    assert not any("Porto" in i["content"] for i in erin.items()), "nothing reaches long-term memory without consent"
    assert erin.http.put("/memory/consent", json={"granted": "maybe"}).status_code == 422

    doc = erin.http.get("/memory/export").json()
    assert doc["user_id"] == erin.user_id and any("Lisbon" in m["content"] for m in doc["longterm"]["memories"])
    assert doc["consent"]["answer"] is False and frank.user_id not in str(doc)

    receipt = erin.http.delete("/memory/all").json()["erased"]
    assert receipt["longterm.memories"] >= 1 and receipt["service_records"] >= 1 and receipt["consent"] == 1
    r = redis.Redis.from_url(server.env["REDIS_URL"])
    assert not [k for k in r.scan_iter(match=f"{server.env['REDIS_PREFIX']}:*") if erin.user_id.encode() in k]
    assert erin.items() == [] and erin.http.get("/memory/export").json()["longterm"]["memories"] == []
    assert any("Oslo" in i["content"] for i in frank.items()), "another user's data stays"
