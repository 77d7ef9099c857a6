"""Knowledge bases over HTTP, as the AgentScope web UI drives them, on the real server.

The web UI's Knowledge page and session form ask, in this order: the middleware's parameter
schema (every page load), the chunkers and embedding models (create form), create, upload,
poll the documents' status, list documents and chunks, search; the session's attachment
form then sends ``knowledge_bases`` with the chat. Another user's ids are 404 everywhere.
"""
from __future__ import annotations

import random

import httpx
import psycopg2
from pathlib import Path

from tests.knowledge.pdf_fixture import make_pdf
from tests.service.conftest import Server
from tests.service.knowledge_client import create_base, upload, wait_indexed

HANDBOOK = """# Employee handbook

## Travel

Hotel costs are reimbursed up to 180 euros per night. Receipts must be submitted within 30 days.

## Vacation

Every employee gets 25 days of paid vacation per year. Unused days expire at the end of March.
"""

PDF_PAGES = [["Security policy.", "Laptops must use full disk encryption.",
              "Lost devices are reported to the help desk within one hour."],
             ["Passwords are rotated every 90 days."]]


def test_web_ui_sequence_create_upload_index_search(server: Server) -> None:
    user = server.user("kb-ui").bootstrap()
    for path in ("/knowledge_bases/middleware/parameters_schema", "/knowledge_bases/chunkers",
                 "/knowledge_bases/embedding_models", "/knowledge_bases/supported_content_types"):
        r = user.http.get(path)
        assert r.status_code == 200, (path, r.text)
    chunkers = {c["type"] for c in user.http.get("/knowledge_bases/chunkers").json()["chunkers"]}
    assert "sentence" in chunkers
    kb = create_base(user, "handbook")
    listed = user.http.get("/knowledge_bases/", params={"page": 1, "page_size": 50}).json()
    assert [b["id"] for b in listed["knowledge_bases"]] == [kb]
    md = upload(user, kb, "handbook.md", HANDBOOK.encode(), "text/markdown")
    pdf = upload(user, kb, "security.pdf", make_pdf(PDF_PAGES), "application/pdf")
    statuses = wait_indexed(user, kb, [md, pdf])
    assert {s["status"] for s in statuses} == {"ready"}, statuses
    docs = user.http.get(f"/knowledge_bases/{kb}/documents").json()
    assert {d["filename"] for d in docs["documents"]} == {"handbook.md", "security.pdf"}
    chunks = user.http.get(f"/knowledge_bases/{kb}/documents/{pdf}/chunks").json()
    assert chunks["total"] >= 1 and "encryption" in " ".join(c["content"]["text"] for c in chunks["chunks"])
    hits = user.http.post(f"/knowledge_bases/{kb}/search", json={"query": "酒店每晚报销多少钱？", "top_k": 3}).json()
    assert "180 euros" in hits["results"][0]["chunk"]["content"]["text"], hits
    # the session's attachment form, then a Chinese question about the English handbook
    r = user.http.patch(f"/sessions/{user.session_id}", params={"agent_id": user.agent_id},
                        json={"knowledge_config": {"knowledge_base_ids": [kb], "parameters": {}}})
    assert r.status_code == 200, r.text
    reply = user.chat("酒店每晚可以报销多少钱？")
    text = " ".join(b.get("text", "") for b in reply["content"] if isinstance(b, dict))
    assert "180 euros" in text and "handbook.md" in text, text
    why = user.explain().json()
    assert why["budget"]["profile"] == "knowledge" and why["budget"]["used"].get("knowledge", 0) > 0, why
    top = why["knowledge"][0]
    assert top["source"] == "handbook.md" and top["injected"] and top["similarity"] > 0, why["knowledge"]
    raw = user.http.get(f"/knowledge_bases/{kb}/documents/{md}")
    assert raw.status_code == 200 and raw.content == HANDBOOK.encode()
    assert user.http.delete(f"/knowledge_bases/{kb}/documents/{pdf}").status_code == 204
    left = user.http.post(f"/knowledge_bases/{kb}/search", json={"query": "disk encryption", "top_k": 5}).json()
    assert all(h["document_id"] != pdf for h in left["results"])


def test_another_users_ids_are_404_everywhere(server: Server) -> None:
    rng = random.Random(21)
    users = [server.user(f"kb-iso{i}").bootstrap() for i in range(3)]
    owned: dict[str, tuple[str, str]] = {}
    for u in users:
        kb = create_base(u, f"private-{u.user_id}")
        doc = upload(u, kb, "notes.md", f"Secret plan of {u.user_id}: the code word is falcon.".encode(), "text/markdown")
        wait_indexed(u, kb, [doc])
        owned[u.user_id] = (kb, doc)
    for _ in range(12):
        intruder, victim = rng.sample(users, 2)
        kb, doc = owned[victim.user_id]
        http = intruder.http
        attempts: list[httpx.Response] = [
            http.get("/knowledge_bases/", params={"id": kb}),
            http.get(f"/knowledge_bases/{kb}/documents"),
            http.post(f"/knowledge_bases/{kb}/search", json={"query": "code word", "top_k": 5}),
            http.get(f"/knowledge_bases/{kb}/documents/{doc}/chunks"),
            http.get(f"/knowledge_bases/{kb}/documents/{doc}"),
            http.get(f"/knowledge_bases/{kb}/documents/status", params={"ids": doc}),
            http.post(f"/knowledge_bases/{kb}/documents/{doc}/download_token"),
            http.post(f"/knowledge_bases/{kb}/documents", files={"file": ("x.md", b"x", "text/markdown")}),
            http.delete(f"/knowledge_bases/{kb}/documents/{doc}"),
            http.delete(f"/knowledge_bases/{kb}"),
        ]
        first = attempts[0]
        assert first.status_code == 200 and first.json()["knowledge_bases"] == [], first.text
        for r in attempts[1:]:
            assert r.status_code == 404, (r.request.method, r.request.url, r.status_code, r.text)
        # a forged X-User-ID next to the intruder's own key changes nothing
        forged = http.get(f"/knowledge_bases/{kb}/documents/{doc}", headers={"X-User-ID": victim.user_id})
        assert forged.status_code in (401, 404), forged.text
    for u in users:  # still all there for their owners
        kb, doc = owned[u.user_id]
        hits = u.http.post(f"/knowledge_bases/{kb}/search", json={"query": "code word", "top_k": 1}).json()
        assert hits["results"][0]["document_id"] == doc


def test_export_and_erase_cover_documents_chunks_and_blobs(server: Server) -> None:
    user = server.user("kb-erase").bootstrap()
    kb = create_base(user, "mine")
    doc = upload(user, kb, "plan.md", b"The launch is planned for the ninth of May.", "text/markdown")
    wait_indexed(user, kb, [doc])
    blobs = Path(server.env["MEMORY_AGENT_HOME"]) / "knowledge-blobs" / "kb" / kb
    assert any(blobs.rglob("*")), "the uploaded file is stored"
    exported = user.http.get("/memory/export").json()["knowledge"]
    assert exported[0]["name"] == "mine" and "ninth of May" in exported[0]["documents"][0]["chunks"][0]["text"]
    receipt = user.http.delete("/memory/all").json()["erased"]
    assert receipt["knowledge.bases"] == 1 and receipt["knowledge.documents"] == 1 and receipt["knowledge.blobs"] == 1
    assert user.http.get("/knowledge_bases/").json()["total"] == 0
    assert not any(p.is_file() for p in blobs.rglob("*"))
    with psycopg2.connect(server.env["PG_DSN"]) as conn, conn.cursor() as cur:
        cur.execute("SELECT count(*) FROM kb_collections WHERE name = %s", (f"kb_{kb}",))
        assert cur.fetchone()[0] == 0
