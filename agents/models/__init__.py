"""The "infer" stage's model layer: the offline model, the resilient wrapper, the factory."""
from agents.models.factory import build_chat_model, select_provider
from agents.models.offline import OFFLINE_MARKER, OfflineChatModel
from agents.models.breaker import BreakerState, CircuitBreaker
from agents.models.resilient import (
    FALLBACK_MARKER,
    ModelTimeoutError,
    ResilientChatModel,
)

__all__ = [
    "FALLBACK_MARKER",
    "OFFLINE_MARKER",
    "BreakerState",
    "CircuitBreaker",
    "ModelTimeoutError",
    "OfflineChatModel",
    "ResilientChatModel",
    "build_chat_model",
    "select_provider",
]
