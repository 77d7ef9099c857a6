"""The "infer" stage's model layer: the offline model, the resilient wrapper (the factory that
builds the configured model is ``app.composition.model_factory``).

Names load from their modules on first use (PEP 562): ``agents.models.provider`` (what
``doctor`` reads) must not import AgentScope through this package.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from core.lazy import lazy_getattr

if TYPE_CHECKING:
    from agents.models.breaker import BreakerState, CircuitBreaker
    from agents.models.provider import select_provider
    from agents.models.offline import OFFLINE_MARKER, OfflineChatModel
    from agents.models.resilient import FALLBACK_MARKER, ModelTimeoutError, ResilientChatModel

_MODULES = {
    "FALLBACK_MARKER": "agents.models.resilient",
    "OFFLINE_MARKER": "agents.models.offline",
    "BreakerState": "agents.models.breaker",
    "CircuitBreaker": "agents.models.breaker",
    "ModelTimeoutError": "agents.models.resilient",
    "OfflineChatModel": "agents.models.offline",
    "ResilientChatModel": "agents.models.resilient",
    "select_provider": "agents.models.provider",
}

__all__ = [
    "FALLBACK_MARKER",
    "OFFLINE_MARKER",
    "BreakerState",
    "CircuitBreaker",
    "ModelTimeoutError",
    "OfflineChatModel",
    "ResilientChatModel",
    "select_provider",
]


__getattr__ = lazy_getattr(__name__, _MODULES, globals())
