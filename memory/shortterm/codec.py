"""JSON form of a ``Turn`` in the short-term tier: ``ts`` is ISO-8601 with its UTC offset."""
from __future__ import annotations

import json
from datetime import datetime

from memory.types import Turn


def encode_turn(turn: Turn) -> str:
    """Serialise a turn as JSON; ``ts`` becomes ISO-8601 with its UTC offset.

    Raises:
        ValueError: ``ts`` is naive, or ``metadata`` is not JSON-serialisable.
    """
    if turn.ts.tzinfo is None or turn.ts.utcoffset() is None:
        raise ValueError(
            f"Turn.ts must be timezone-aware, got naive {turn.ts.isoformat()}; "
            "use datetime.now(timezone.utc)"
        )
    body = {"role": turn.role, "content": turn.content, "ts": turn.ts.isoformat(),
            "metadata": turn.metadata}
    try:
        return json.dumps(body, ensure_ascii=False)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"Turn.metadata must be JSON-serialisable: {exc}") from None


def decode_turn(raw: str | bytes) -> Turn:
    """Parse a turn written by :func:`encode_turn`."""
    data = json.loads(raw)
    return Turn(role=data["role"], content=data["content"], ts=datetime.fromisoformat(data["ts"]),
                metadata=data.get("metadata") or {})
