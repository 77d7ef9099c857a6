"""The memory turn, implemented once: ``start_turn`` → ``prepare_turn`` → (model) → ``finish_turn``."""
from pipelines.turn.state import TurnContext
from pipelines.turn.services import (
    Complete,
    ConsentPolicy,
    ExtractPolicy,
    MemoryServices,
    StagePolicy,
    TurnLimits,
    TurnPolicy,
)
from pipelines.turn.turn import close_labels, finish_turn, prepare_turn, remember_text, start_turn

__all__ = [
    "Complete", "ConsentPolicy", "ExtractPolicy", "MemoryServices", "StagePolicy", "TurnContext", "TurnLimits",
    "TurnPolicy", "close_labels", "finish_turn", "prepare_turn", "remember_text", "start_turn",
]
