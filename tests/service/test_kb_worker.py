"""Knowledge indexing in ``python -m app kb-worker`` processes, fed by the bus (``KNOWLEDGE_INDEX=worker``).

A real ``serve`` (offline model) on Redis, MariaDB and the embedded PostgreSQL + pgvector; the
worker is a separate process on the same deployment settings. ``serve`` alone indexes nothing;
a worker started later indexes what was queued; a worker killed (SIGKILL) in the middle of a
document leaves its lease to lapse, and the next worker indexes the document completely — every
chunk once; a worker stopped (SIGTERM) in the middle of one queues it again for the next.
"""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from tests.service.conftest import ROOT, Server, ServiceUser, serve
from tests.service.knowledge_client import create_base, upload, wait_indexed

HANDBOOK = b"""# Travel policy

Hotel costs are reimbursed up to 180 euros per night. Receipts must be submitted within 30 days.
"""

WORKER_ENV = {"KNOWLEDGE_INDEX": "worker", "KNOWLEDGE_INDEX_LEASE_SECONDS": "6", "KNOWLEDGE_INDEX_SWEEP_SECONDS": "2"}


def long_document(sections: int = 60) -> bytes:
    """A Markdown file of many distinct paragraphs (one chunk or more each): seconds of indexing."""
    parts = []
    for i in range(sections):
        parts.append(f"## Rule {i}\n\nRoom {i} of building {i % 7} is booked through desk {i * 3}. "
                     f"Its projector number is P-{1000 + i} and the quiet hours start at {8 + i % 12} o'clock. "
                     f"Visitors of team {i} sign in at the north entrance before {i % 5 + 1} pm.\n")
    return ("# Facilities\n\n" + "\n".join(parts)).encode()


@contextmanager
def worker(server: Server, log: Path) -> Iterator[subprocess.Popen]:
    """``python -m app kb-worker`` on the server's deployment settings, until its ready line."""
    with log.open("w") as out:
        proc = subprocess.Popen([sys.executable, "-m", "app", "kb-worker", "--concurrency", "1"],
                                env={**os.environ, **server.env, "PYTHONPATH": str(ROOT), "LOG_LEVEL": "INFO"},
                                cwd=ROOT, stdout=out, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 180
        while "ready" not in log.read_text(errors="replace"):
            assert proc.poll() is None, f"kb-worker exited with {proc.returncode}:\n{log.read_text()[-3000:]}"
            assert time.monotonic() < deadline, f"kb-worker not ready in 180 s:\n{log.read_text()[-3000:]}"
            time.sleep(0.3)
        yield proc
    finally:
        if proc.poll() is None:
            proc.terminate()
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


def status(user: ServiceUser, kb: str, doc: str) -> str:
    r = user.http.get(f"/knowledge_bases/{kb}/documents/status", params={"ids": doc})
    assert r.status_code == 200, r.text
    return str(r.json()["items"][0]["status"])


def chunk_indexes(user: ServiceUser, kb: str, doc: str) -> tuple[list[int], int]:
    """Every stored chunk index of the document (paged) and the total the service reports."""
    seen: list[int] = []
    total = 0
    page_no = 1
    while True:
        page = user.http.get(f"/knowledge_bases/{kb}/documents/{doc}/chunks",
                             params={"page": page_no, "page_size": 100})
        assert page.status_code == 200, page.text
        body = page.json()
        total = body["total"]
        seen += [c["chunk_index"] for c in body["chunks"]]
        if not body["chunks"] or len(seen) >= total:
            return seen, total
        page_no += 1


#: AgentScope's statuses of a document being indexed (pending → parsing → chunking → indexing → ready).
IN_FLIGHT = frozenset({"parsing", "chunking", "indexing"})


def wait_status(user: ServiceUser, kb: str, doc: str, wanted: frozenset[str], timeout_s: float) -> str:
    deadline = time.monotonic() + timeout_s
    while (found := status(user, kb, doc)) not in wanted:
        assert found != "failed", f"document {doc} failed"
        assert time.monotonic() < deadline, f"{doc} still {found!r} after {timeout_s} s"
        time.sleep(0.05)
    return found


def test_worker_process_indexes_and_a_killed_job_is_retried(create_database: Callable[[], str], tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    with serve(create_database, home, extra_env=WORKER_ENV) as server:
        user = server.user("kb-worker").bootstrap()
        kb = create_base(user, "facilities")
        small = upload(user, kb, "travel.md", HANDBOOK, "text/markdown")
        time.sleep(3)
        assert status(user, kb, small) == "pending", "serve indexed although KNOWLEDGE_INDEX=worker"

        with worker(server, tmp_path / "worker1.log") as first:
            assert {s["status"] for s in wait_indexed(user, kb, [small], timeout_s=120)} == {"ready"}
            hits = user.http.post(f"/knowledge_bases/{kb}/search", json={"query": "hotel per night", "top_k": 3})
            assert "180 euros" in hits.json()["results"][0]["chunk"]["content"]["text"], hits.text
            big = upload(user, kb, "facilities.md", long_document(), "text/markdown")
            wait_status(user, kb, big, frozenset({"indexing"}), timeout_s=60)  # chunks are being embedded
            first.send_signal(signal.SIGKILL)
            first.wait(timeout=10)
        assert status(user, kb, big) in IN_FLIGHT, "the killed worker finished the document: not a mid-job kill"

        with worker(server, tmp_path / "worker2.log") as second:
            assert {s["status"] for s in wait_indexed(user, kb, [big], timeout_s=300)} == {"ready"}
            indexes, total = chunk_indexes(user, kb, big)
            assert total >= 10, total  # 20 with the sentence chunker
            assert sorted(indexes) == list(range(total)), "chunks lost or stored twice after the retry"
            hits = user.http.post(f"/knowledge_bases/{kb}/search", json={"query": "projector P-1042", "top_k": 3})
            assert any("P-1042" in h["chunk"]["content"]["text"] for h in hits.json()["results"]), hits.text
            # a graceful stop (a rolling restart) in the middle of a document hands it back to the queue
            other = upload(user, kb, "annex.md", long_document(50).replace(b"Room", b"Hall"), "text/markdown")
            wait_status(user, kb, other, frozenset({"indexing"}), timeout_s=60)
            second.terminate()
            assert second.wait(timeout=30) == 0
        assert status(user, kb, other) in IN_FLIGHT, "the stopped worker finished the document: not a mid-job stop"

        with worker(server, tmp_path / "worker3.log"):
            assert {s["status"] for s in wait_indexed(user, kb, [other], timeout_s=300)} == {"ready"}
        indexes, total = chunk_indexes(user, kb, other)
        assert total >= 10 and sorted(indexes) == list(range(total)), (total, indexes)
