"""Defaults of the short-term store's knobs, importable without Redis (settings read them)."""
from __future__ import annotations

PREFIX = "ma"
"""Namespace of every Redis key (``REDIS_PREFIX``)."""
WINDOW = 50
"""Turns kept per session (``SHORTTERM_WINDOW``)."""
TTL_SECONDS = 7 * 24 * 3600
"""Sliding idle TTL of a session (``SHORTTERM_TTL_SECONDS``)."""
SESSION_QUOTA = 50
"""Live sessions per user (``SESSION_QUOTA``)."""
ERROR_LOG_TTL_SECONDS = 3600
"""Lifetime of error-log records (``ERROR_LOG_TTL_SECONDS``)."""
