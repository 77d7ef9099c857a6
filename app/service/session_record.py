"""A service session record read once per run and kept small (issue 20).

AgentScope reads a session record (``SessionRecord``: config, origin and the agent's state)
about four times a turn: the ``POST /chat/`` check, the run's assembly, the knowledge stage
(the attached bases) and ``update_session_state`` (a GET before its SET). The state's
``context`` grew with every turn (the seeded history and each reply, 7 → 17 KB over 11 turns)
although the memory middleware replaces it at the start of every reply
(``agents.memory_middleware._seed``: the budgeted history from the short-term tier).

* :func:`bounded_state`: what is stored of the agent's context is the newest exchange only
  (from the newest user message on: the reply, and a parked tool call's messages, which a
  resumed run and AgentScope's parked status read), so the record stops growing.
* :func:`one_read_per_run`: inside a run, the record read at assembly is reused by later reads
  of the same run (the knowledge stage), and the state is written back with one compare-and-set
  script call (:data:`CAS_LUA`) against that read instead of a GET and a SET. A record changed
  in between (a rename or a config update from a route, on any replica) fails the comparison,
  and the write goes AgentScope's way (read, replace the state, write).
"""
from __future__ import annotations

import contextlib
import hashlib
from collections.abc import Iterator
from contextvars import ContextVar
from dataclasses import dataclass

from agentscope.app.storage._model import SessionRecord
from agentscope.state import AgentState

# KEYS: the session record. ARGV: the SHA-1 of the record as the run read it, the new record,
# the key TTL in seconds ('' for none). Writes the new record only while the stored one is
# still the one read; returns 1 when written, 0 otherwise (nothing written).
CAS_LUA = """
local cur = redis.call('GET', KEYS[1])
if not cur or redis.sha1hex(cur) ~= ARGV[1] then return 0 end
if ARGV[3] == '' then redis.call('SET', KEYS[1], ARGV[2]) else redis.call('SET', KEYS[1], ARGV[2], 'EX', ARGV[3]) end
return 1
"""


@dataclass
class RecordRead:
    """A session record as a run read (or last wrote) it, and the SHA-1 of its stored JSON."""

    digest: str
    record: SessionRecord


_RUN: ContextVar[dict[str, RecordRead] | None] = ContextVar("service_session_records", default=None)


def digest_of(raw: str) -> str:
    """The SHA-1 (hex) of a stored record's JSON, as Redis' ``redis.sha1hex`` computes it."""
    return hashlib.sha1(raw.encode("utf-8")).hexdigest()  # noqa: S324 - a change check, not security


@contextlib.contextmanager
def one_read_per_run() -> Iterator[None]:
    """Scope one run (its task and the tasks it starts): session records read in it are kept."""
    token = _RUN.set({})
    try:
        yield
    finally:
        _RUN.reset(token)


def run_reads() -> dict[str, RecordRead] | None:
    """The records read in the current run by key, or ``None`` outside a run."""
    return _RUN.get()


def bounded_state(state: AgentState) -> AgentState:
    """``state`` with only the newest exchange of its context: from the newest user message on.

    A context without a user message is kept whole (nothing to cut at). The state given is not
    changed (a shallow copy with the shorter list).
    """
    context = state.context
    start = next((i for i in range(len(context) - 1, -1, -1) if context[i].role == "user"), 0)
    if start == 0:
        return state
    return state.model_copy(update={"context": context[start:]})
