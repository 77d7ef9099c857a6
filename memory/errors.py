"""Typed errors of the memory tiers.

Every error says what went wrong and what to do about it. The CLI prints
``str(error)`` as one line; no stack trace is shown for a user mistake.
"""
from __future__ import annotations


class MemoryAgentError(Exception):
    """Base of every error this project raises on purpose."""


class ConfigError(MemoryAgentError):
    """A setting is malformed. The message names the environment variable."""


class StoreUnavailableError(MemoryAgentError):
    """A store cannot be reached.

    Args:
        store: Human name of the store, e.g. ``"Redis"``.
        variable: The environment variable that configured it, e.g. ``"REDIS_URL"``.
        target: Where we tried to connect (credentials removed).
        cause: The underlying reason, one line.
    """

    def __init__(self, store: str, variable: str, target: str, cause: str) -> None:
        self.store = store
        self.variable = variable
        self.target = target
        self.cause = cause
        reason = cause.strip().rstrip(".").rstrip()
        if is_login_failure(cause):
            super().__init__(
                f"{store} at {target} ({variable}) refused the login: {reason}. "
                f"Fix the user name or password in {variable}, or unset it to use the embedded default."
            )
        else:
            super().__init__(
                f"{store} is not reachable at {target} ({variable}): {reason}. "
                f"Start the server, fix {variable}, or unset it to use the embedded default."
            )


_LOGIN_FAILURES = ("access denied", "authentication failed", "password authentication", "invalid password",
                   "wrongpass", "noauth", "invalid username-password", "auth failed", "1045")


def is_login_failure(cause: str) -> bool:
    """Whether a connection error says the server answered and refused the credentials."""
    low = cause.lower()
    return any(marker in low for marker in _LOGIN_FAILURES)


class EmbeddedStoreUnavailableError(StoreUnavailableError):
    """An embedded server this app runs under ``MEMORY_AGENT_HOME`` does not answer.

    No URL setting is involved, so the message does not blame one: it names the data
    folder and says what the app already does about it (it restarts a crashed server).

    Args:
        store: Human name of the store, e.g. ``"Redis"``.
        data_dir: The server's data folder.
        cause: The underlying reason, one line.
    """

    def __init__(self, store: str, data_dir: str, cause: str) -> None:
        super().__init__(f"embedded {store}", "MEMORY_AGENT_HOME", data_dir, cause)
        self.args = (
            f"The embedded {store} under {data_dir} is not answering: {cause}. It is restarted "
            "automatically; if this persists, check that folder (disk space, permissions, its log) "
            "or run `python -m app doctor`.",
        )

    def __str__(self) -> str:
        return str(self.args[0])


class SessionQuotaExceededError(MemoryAgentError):
    """A user already has the maximum number of open sessions."""

    def __init__(self, user_id: str, quota: int) -> None:
        self.user_id = user_id
        self.quota = quota
        super().__init__(
            f"User {user_id!r} already has {quota} open sessions (SESSION_QUOTA={quota}). "
            "End an old session or raise SESSION_QUOTA."
        )


class TaskNotFoundError(MemoryAgentError):
    """No task with this id exists for this user."""


class VersionConflictError(MemoryAgentError):
    """A writer used a stale version of a task; nothing was written.

    Re-read the task, re-apply the change to the fresh state and try again.
    """


class MemoryNotFoundError(MemoryAgentError):
    """No memory with this id exists for this user."""


class EmbeddingModelMismatchError(MemoryAgentError):
    """Stored vectors were made by another embedding model than the query's."""

    def __init__(self, stored: str, requested: str) -> None:
        self.stored = stored
        self.requested = requested
        super().__init__(
            f"Long-term memory was embedded with {stored!r} but the query uses {requested!r}; "
            "vectors of different models cannot be compared. Set the embedding settings back "
            f"to {stored!r}, or re-embed the store with `python -m app reembed`."
        )
