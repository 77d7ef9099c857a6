"""An embedded server that does not answer is reported without blaming a URL setting nobody set."""
from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

import pytest

from memory.errors import EmbeddedStoreUnavailableError
from memory.shortterm.embedded import EmbeddedRedis
from memory.shortterm.redis_store import RedisShortTermStore
from memory.types import Turn


async def test_a_stopped_embedded_redis_is_reported_by_its_folder_not_redis_url(tmp_path: Path) -> None:
    folder = tmp_path / "redis"
    server = EmbeddedRedis(folder)
    store = await RedisShortTermStore.connect(await server.start(), embedded_dir=str(folder))
    try:
        await store.append_turn("ann", "s1", Turn(role="user", content="hi", ts=datetime.now(timezone.utc)))
        await server.stop()  # the only holder: the server saves and exits
        with pytest.raises(EmbeddedStoreUnavailableError) as err:
            await store.recent_turns("ann", "s1")
    finally:
        await store.close()
    message = str(err.value)
    assert "REDIS_URL" not in message and "\n" not in message
    assert str(folder) in message and "embedded Redis" in message
