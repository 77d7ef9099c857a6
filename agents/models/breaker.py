"""A circuit breaker: stop calling a failing dependency for a while, then try once.

Closed: calls pass. Open (after ``failure_threshold`` consecutive failed calls): calls are
refused until ``reset_after_s`` has passed. Half-open: one trial call passes; its success
closes the breaker, its failure opens it again for another ``reset_after_s``.
"""
from __future__ import annotations

import enum
import time
from typing import Callable


class BreakerState(str, enum.Enum):
    """The states of a circuit breaker."""

    CLOSED = "closed"
    OPEN = "open"
    HALF_OPEN = "half_open"


class CircuitBreaker:
    """Counts consecutive failed calls; opens after a threshold, half-opens after a pause.

    Closed: calls pass. Open: calls are refused until ``reset_after_s`` has passed since
    it opened. Half-open: one trial call passes; its success closes the breaker, its
    failure opens it again for another ``reset_after_s``.
    """

    def __init__(
        self,
        failure_threshold: int = 3,
        reset_after_s: float = 30.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        """Create a closed breaker.

        Args:
            failure_threshold: Consecutive failed calls that open the breaker (>= 1).
            reset_after_s: Seconds the breaker stays open before a trial call (> 0).
            clock: Monotonic seconds; injectable so tests control time.

        Raises:
            ValueError: a bound is out of range.
        """
        if failure_threshold < 1:
            raise ValueError(f"failure_threshold must be >= 1, got {failure_threshold}")
        if reset_after_s <= 0:
            raise ValueError(f"reset_after_s must be > 0, got {reset_after_s}")
        self.failure_threshold = failure_threshold
        self.reset_after_s = reset_after_s
        self._clock = clock
        self._failures = 0
        self._opened_at: float | None = None
        self._probe_in_flight = False

    @property
    def state(self) -> BreakerState:
        """The current state; an open breaker turns half-open once the pause has passed."""
        if self._opened_at is None:
            return BreakerState.CLOSED
        if self._clock() - self._opened_at >= self.reset_after_s:
            return BreakerState.HALF_OPEN
        return BreakerState.OPEN

    @property
    def consecutive_failures(self) -> int:
        """Failed calls since the last success."""
        return self._failures

    def allow_request(self) -> bool:
        """Whether a call may go to the protected model now (takes the half-open trial)."""
        state = self.state
        if state is BreakerState.CLOSED:
            return True
        if state is BreakerState.HALF_OPEN and not self._probe_in_flight:
            self._probe_in_flight = True
            return True
        return False

    def record_success(self) -> None:
        """A call succeeded: close the breaker and forget past failures."""
        self._failures = 0
        self._opened_at = None
        self._probe_in_flight = False

    def record_failure(self) -> None:
        """A call failed: count it, and open (or re-open) the breaker when due."""
        self._failures += 1
        self._probe_in_flight = False
        if self._opened_at is not None or self._failures >= self.failure_threshold:
            self._opened_at = self._clock()

    def release_trial(self) -> None:
        """Give back a half-open trial that ended without a verdict (it was cancelled)."""
        self._probe_in_flight = False
