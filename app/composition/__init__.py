"""The composition root: the one place that turns settings into stores, services and the turn.

* ``stores``: each memory tier from its settings group (embedded default when unset);
* ``embeddings``: the embedder ``EMBEDDING_PROVIDER`` chooses, behind its service;
* ``runtime``: the tiers and the embedding service of one process, opened and closed together;
* ``models``: the chat model the settings describe, and each team agent's own;
* ``engines``: declared deployments (AGENTS.md) as engines, with their scope stores;
* ``services``: recall config, forgetting policy, writer, journals, consent, the turn's services.

Everything else imports from here (``from app.composition import open_runtime``).

Importing this package imports none of them: each name is loaded from its module on first use
(PEP 562), so ``doctor`` (the stores and the embedder) does not import the pipelines' services
and the chat shows its prompt before the stores' drivers are imported.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from core.lazy import lazy_getattr

if TYPE_CHECKING:
    from app.composition.embeddings import build_embedder, build_embedding_service
    from app.composition.engines import open_declared_engine, open_session_scope, scope_stores
    from app.composition.models import open_chat_model, team_model_for
    from app.composition.runtime import Runtime, open_runtime
    from app.composition.services import (
        build_recaller,
        build_services,
        build_writer,
        consent_store,
        decay_curve,
        forget_policy,
        memory_outbox,
        recall_config,
        shortterm_journal,
        turn_limits,
    )
    from app.composition.stores import (
        Backend,
        Closer,
        locate_redis,
        open_longterm,
        open_service_redis,
        open_shortterm,
        open_working,
        working_store,
    )

_MODULES = {
    "Backend": "app.composition.stores",
    "Closer": "app.composition.stores",
    "Runtime": "app.composition.runtime",
    "build_embedder": "app.composition.embeddings",
    "build_embedding_service": "app.composition.embeddings",
    "build_recaller": "app.composition.services",
    "build_services": "app.composition.services",
    "build_writer": "app.composition.services",
    "consent_store": "app.composition.services",
    "decay_curve": "app.composition.services",
    "forget_policy": "app.composition.services",
    "locate_redis": "app.composition.stores",
    "memory_outbox": "app.composition.services",
    "open_chat_model": "app.composition.models",
    "open_declared_engine": "app.composition.engines",
    "open_longterm": "app.composition.stores",
    "open_runtime": "app.composition.runtime",
    "open_service_redis": "app.composition.stores",
    "open_session_scope": "app.composition.engines",
    "open_shortterm": "app.composition.stores",
    "open_working": "app.composition.stores",
    "recall_config": "app.composition.services",
    "scope_stores": "app.composition.engines",
    "team_model_for": "app.composition.models",
    "shortterm_journal": "app.composition.services",
    "turn_limits": "app.composition.services",
    "working_store": "app.composition.stores",
}

__all__ = [
    "Backend", "Closer", "Runtime", "build_embedder", "build_embedding_service", "build_recaller", "build_services",
    "build_writer", "consent_store", "decay_curve", "forget_policy", "locate_redis", "memory_outbox", "open_longterm",
    "open_chat_model", "open_declared_engine", "open_runtime", "open_service_redis", "open_session_scope", "open_shortterm", "open_working", "recall_config", "scope_stores", "shortterm_journal", "team_model_for",
    "turn_limits",
    "working_store",
]


__getattr__ = lazy_getattr(__name__, _MODULES, globals())
