"""How a model's context window is shared between the sections of a prompt.

A :class:`BudgetProfile` gives each section a share of the window (shares sum to 1);
:func:`split` turns the shares into whole-token allowances for one window size.

Presets (``PROFILES``):

========  =======  ======  =======  ==============  ======
profile   history  memory  working  system + tools  margin
========  =======  ======  =======  ==============  ======
chat      0.40     0.30    0.00     0.20            0.10
qa        0.30     0.40    0.00     0.20            0.10
task      0.25     0.20    0.25     0.20            0.10
========  =======  ======  =======  ==============  ======

The margin is left free for the model's reply. ``knowledge`` (knowledge-base QA: a session
with attached knowledge bases) gives document chunks 40 %: history 0.20, memory 0.10,
knowledge 0.40, system + tools 0.20, margin 0.10; profiles without a knowledge share have
none (the turn switches to ``knowledge`` when chunks were recalled).
"""
from __future__ import annotations

import math
from dataclasses import asdict, dataclass

from memory.errors import MemoryAgentError

_SUM_TOLERANCE = 1e-6


class UnknownProfileError(MemoryAgentError, ValueError):
    """A budget profile name that is not one of ``PROFILES``."""

    def __init__(self, name: str, known: list[str]) -> None:
        self.name = name
        self.known = known
        super().__init__(
            f"Unknown context budget profile {name!r}; known profiles: {', '.join(known)}. "
            "Use one of them or register a BudgetProfile in pipelines.context.budget.PROFILES."
        )


@dataclass(frozen=True)
class BudgetProfile:
    """Shares of the context window per prompt section; they must sum to 1.0.

    Attributes:
        name: Profile name, e.g. ``"chat"``.
        history: Short-term conversation history (the rolling summary lives inside it).
        memory: Recalled long-term memory notes.
        system: System prompt plus tool definitions.
        margin: Left free for the model's reply.
        working: Working state of a running task (JSON).
        knowledge: Chunks recalled from the session's knowledge bases.
    """

    name: str
    history: float
    memory: float
    system: float
    margin: float
    working: float = 0.0
    knowledge: float = 0.0

    def __post_init__(self) -> None:
        if not self.name:
            raise ValueError("A BudgetProfile needs a non-empty name.")
        shares = self.shares()
        for section, share in shares.items():
            if not 0.0 <= share <= 1.0:
                raise ValueError(
                    f"Budget profile {self.name!r}: share {section}={share} is outside [0, 1]."
                )
        total = sum(shares.values())
        if abs(total - 1.0) > _SUM_TOLERANCE:
            raise ValueError(
                f"Budget profile {self.name!r}: shares sum to {total:.6f}, not 1.0 "
                f"({', '.join(f'{k}={v}' for k, v in shares.items())}). Adjust them so they "
                "sum to 1."
            )

    def shares(self) -> dict[str, float]:
        """The section shares by name (history, memory, working, system, margin; knowledge when set)."""
        shares = {
            "history": self.history,
            "memory": self.memory,
            "working": self.working,
            "system": self.system,
            "margin": self.margin,
        }
        if self.knowledge:
            shares["knowledge"] = self.knowledge
        return shares


@dataclass(frozen=True)
class Budget:
    """Whole-token allowances for one window; they sum to ``window`` exactly."""

    profile: str
    window: int
    history: int
    memory: int
    working: int
    system: int
    margin: int
    knowledge: int = 0

    @property
    def usable(self) -> int:
        """Tokens the prompt may use: the window minus the reply margin."""
        return self.window - self.margin

    def as_dict(self) -> dict[str, int]:
        """Allowances by section, plus ``window`` and ``usable``."""
        data = asdict(self)
        data.pop("profile")
        if not self.knowledge:
            data.pop("knowledge")
        data["usable"] = self.usable
        return data


PROFILES: dict[str, BudgetProfile] = {
    "chat": BudgetProfile("chat", history=0.40, memory=0.30, system=0.20, margin=0.10),
    "qa": BudgetProfile("qa", history=0.30, memory=0.40, system=0.20, margin=0.10),
    "task": BudgetProfile(
        "task", history=0.25, memory=0.20, system=0.20, margin=0.10, working=0.25
    ),
    "knowledge": BudgetProfile(
        "knowledge", history=0.20, memory=0.10, system=0.20, margin=0.10, knowledge=0.40
    ),
}


def get_profile(name: str) -> BudgetProfile:
    """The preset profile called ``name``.

    Raises:
        UnknownProfileError: ``name`` is not in ``PROFILES``; the message lists the known ones.
    """
    try:
        return PROFILES[name]
    except KeyError:
        raise UnknownProfileError(name, sorted(PROFILES)) from None


def split(window_tokens: int, profile: BudgetProfile | str) -> Budget:
    """Turn a profile's shares into token allowances for a window of ``window_tokens``.

    The margin is rounded up (the reply never gets less than its share); the other
    sections are rounded down and the tokens left by rounding go to history, so the
    allowances sum to the window exactly.

    Args:
        window_tokens: The model's context window in tokens (positive).
        profile: A profile or the name of a preset.

    Raises:
        UnknownProfileError: ``profile`` names no preset.
        ValueError: ``window_tokens`` is not a positive integer.
    """
    if isinstance(profile, str):
        profile = get_profile(profile)
    if isinstance(window_tokens, bool) or not isinstance(window_tokens, int) or window_tokens <= 0:
        raise ValueError(
            f"window_tokens must be a positive integer (the model's context size), "
            f"got {window_tokens!r}."
        )
    margin = min(window_tokens, math.ceil(window_tokens * profile.margin - _SUM_TOLERANCE))
    memory = math.floor(window_tokens * profile.memory + _SUM_TOLERANCE)
    working = math.floor(window_tokens * profile.working + _SUM_TOLERANCE)
    system = math.floor(window_tokens * profile.system + _SUM_TOLERANCE)
    knowledge = math.floor(window_tokens * profile.knowledge + _SUM_TOLERANCE)
    history = max(0, window_tokens - margin - memory - working - system - knowledge)
    return Budget(
        profile=profile.name,
        window=window_tokens,
        history=history,
        memory=memory,
        working=working,
        system=system,
        margin=margin,
        knowledge=knowledge,
    )
