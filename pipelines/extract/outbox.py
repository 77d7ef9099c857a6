"""A durable outbox for memory writes that cannot happen now.

When the long-term store is down, the turn's text is appended here (a JSON-lines file under
``MEMORY_AGENT_HOME``, so it survives the process) instead of being dropped; the next turn
of any session drains it once the store answers again. A file lock keeps several processes
on one data directory from replaying an entry twice.
"""
from __future__ import annotations

import asyncio
import fcntl
import json
import os
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from loguru import logger

from memory.errors import StoreUnavailableError

Entry = dict[str, Any]


class Outbox:
    """Pending memory writes, oldest first.

    Args:
        path: The JSON-lines file (created on first append).
    """

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self._lock_path = self.path.with_suffix(self.path.suffix + ".lock")

    async def append(self, entry: Entry) -> None:
        """Queue one entry (durably: flushed and fsynced before returning)."""
        await asyncio.to_thread(self._append_sync, entry)

    async def pending(self) -> list[Entry]:
        """The queued entries, oldest first."""
        return await asyncio.to_thread(self._read_sync)

    async def drain(self, handler: Callable[[Entry], Awaitable[object]]) -> int:
        """Replay entries through ``handler`` in order; returns how many were written.

        Stops at the first entry whose store is still unavailable and keeps it and the rest.
        An entry that fails for another reason is kept too (and logged), never dropped.
        """
        if not await asyncio.to_thread(self._has_entries):
            return 0
        fd = await asyncio.to_thread(self._lock)
        try:
            entries = await asyncio.to_thread(self._read_sync)
            done = 0
            for entry in entries:
                try:
                    await handler(entry)
                except StoreUnavailableError:
                    break
                except Exception as exc:  # noqa: BLE001 - kept for a later try, reported now
                    logger.error("queued memory write failed, kept in the outbox: {}", exc)
                    break
                done += 1
            if done:
                await asyncio.to_thread(self._rewrite_sync, entries[done:])
            return done
        finally:
            await asyncio.to_thread(self._unlock, fd)

    async def remove_user(self, user_id: str) -> int:
        """Drop every queued entry of ``user_id`` (part of a full erase); returns how many."""
        return await asyncio.to_thread(self._remove_user_sync, user_id)

    def _remove_user_sync(self, user_id: str) -> int:
        if not self._has_entries():
            return 0
        fd = self._lock()
        try:
            entries = self._read_sync()
            kept = [e for e in entries if e.get("user_id") != user_id]
            if len(kept) != len(entries):
                self._rewrite_sync(kept)
            return len(entries) - len(kept)
        finally:
            self._unlock(fd)

    # ------------------------------------------------------------------ blocking parts
    def _has_entries(self) -> bool:
        return self.path.exists() and self.path.stat().st_size > 0

    def _lock(self) -> int:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self._lock_path, os.O_CREAT | os.O_RDWR, 0o600)
        fcntl.flock(fd, fcntl.LOCK_EX)
        return fd

    @staticmethod
    def _unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)
        os.close(fd)

    def _append_sync(self, entry: Entry) -> None:
        fd = self._lock()
        try:
            with self.path.open("a", encoding="utf-8") as f:
                f.write(json.dumps(entry, ensure_ascii=False) + "\n")
                f.flush()
                os.fsync(f.fileno())
        finally:
            self._unlock(fd)

    def _read_sync(self) -> list[Entry]:
        if not self.path.exists():
            return []
        lines = self.path.read_text(encoding="utf-8").splitlines()
        return [json.loads(line) for line in lines if line.strip()]

    def _rewrite_sync(self, entries: list[Entry]) -> None:
        tmp = self.path.with_suffix(self.path.suffix + ".tmp")
        tmp.write_text("".join(json.dumps(e, ensure_ascii=False) + "\n" for e in entries), encoding="utf-8")
        os.replace(tmp, self.path)
