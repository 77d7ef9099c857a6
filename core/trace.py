"""The trace id of the turn being processed, shared by logs, spans and message labels."""
from __future__ import annotations

import contextvars

trace_id_var: contextvars.ContextVar[str] = contextvars.ContextVar("trace_id", default="-")
