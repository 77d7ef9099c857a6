"""``POST /chat/``: the service's turn trigger, in place of AgentScope's own.

What it adds to AgentScope's fire-and-forget trigger:

* the session must be the caller's: an unknown or foreign session is a 404 with a message
  (AgentScope answered 200 "started" and then did nothing);
* the input is masked at the HTTP boundary, before AgentScope stores it, names the session
  from it, starts the ``invoke_agent`` span or emits any event: every text block goes
  through ``pipelines.receive.pii.mask_pii``, the sender's ``name`` too, and client metadata is
  dropped (what was masked, kinds and counts only, goes on in ``metadata["memory_premasked"]``
  to the turn's PII label). Only ``user`` text messages are taken (another role or a non-text block is a
  422): a client cannot slip unscreened ``system``/``assistant`` text into the context;
* a session is released before its reply is visible: once the turn's reply exists
  (``TurnGate.finishing``: its end event has not gone out yet), a next turn is accepted at
  once (200) and starts when the previous run has finished its bookkeeping (storing the
  turn's memories), instead of answering 409. A message while a reply is still being
  written, or while one is already waiting, is still a 409;
* with replicas the gate is shared (``app.service.replicas.TurnGate`` in Redis): two posts
  into one session on two replicas never both run, the second is a 409 from any replica;
* an accepted turn is journaled before it runs (``app.service.journal``): if this replica
  dies, another one finishes it or reports it failed on the session's stream.
"""
from __future__ import annotations

import asyncio
from collections import Counter
from typing import Any

from agentscope.app._router._schema import ChatRequest, ChatTriggerResponse
from agentscope.app.deps import get_storage
from agentscope.message import Msg, TextBlock
from fastapi import APIRouter, Depends, HTTPException, Request
from loguru import logger

from app.service.auth import verified_user
from app.service.journal import TurnJournal, report_lost
from app.service.replicas import FINISHING, TurnGate
from app.service.session_record import one_read_per_run
from app.service.storage import ServiceStorage
from core.labels import PREMASKED_KEY
from pipelines.receive.pii import mask_pii
from pipelines.receive.intake import clean_text



class TurnRunner:
    """Starts turns on this replica: journaled first, under the session's shared gate.

    A run ends by dropping its journal entry and releasing the gate; a run cancelled
    because this replica is shutting down keeps its entry, so another replica finishes it
    (``app.service.takeover``).

    Args:
        state: The app's state (AgentScope's chat service and run registry live there).
        gate: The session gate shared by the replicas.
        journal: The turn journal.
    """

    def __init__(self, state: Any, gate: TurnGate, journal: TurnJournal) -> None:  # noqa: ANN401
        self.state = state
        self.gate = gate
        self.journal = journal
        self.stopping = False
        self._waiting: set[asyncio.Task] = set()

    def spawn(self, user_id: str, agent_id: str, session_id: str, inputs: list[Msg]) -> None:
        """Run the turn (the caller holds the gate and journaled it).

        Raises:
            RuntimeError: a run of the session is still registered in this process.
        """

        async def run() -> None:
            try:
                with one_read_per_run():  # the session record is read once (app.service.session_record)
                    await self.state.chat_service.run(
                        user_id=user_id, session_id=session_id, agent_id=agent_id,
                        input_msg=inputs[0] if len(inputs) == 1 else inputs,
                    )
            finally:
                if not self.stopping:
                    await self.journal.done(session_id)
                await self.gate.release(session_id)

        self.state.chat_run_registry.spawn(run(), session_id=session_id)

    async def start(self, user_id: str, agent_id: str, session_id: str, inputs: list[Msg]) -> None:
        """Journal the turn and run it (the caller holds the gate)."""
        await self.journal.accept(user_id, agent_id, session_id, inputs)
        previous = self.state.chat_run_registry.get(session_id)
        if previous is not None and not previous.done():  # its gate is released; the task ends now
            await asyncio.wait({previous})
        self.spawn(user_id, agent_id, session_id, inputs)

    def wait_then_start(self, user_id: str, agent_id: str, session_id: str, inputs: list[Msg]) -> None:
        """Start the turn once the session's finishing run (on any replica) releases it."""

        async def after() -> None:
            next_held = True
            try:
                if self.gate.holds(session_id):  # this replica's run: its release wakes us, no claim before
                    await self.gate.wait_released(session_id)
                while not await self.gate.claim(session_id):
                    await self.gate.still_next(session_id)
                    await self.gate.wait_released(session_id)
                await self.gate.release_next(session_id)  # holding the gate now: the slot is free for the next one
                next_held = False
                await self.start(user_id, agent_id, session_id, inputs)
            except Exception:  # noqa: BLE001 - the turn is lost: say so on its stream
                logger.exception("a waiting turn could not start", session_id=session_id)
                await self.gate.release(session_id)
                await report_lost(self.state.message_bus, self.state.storage,
                                  {"user_id": user_id, "agent_id": agent_id, "session_id": session_id},
                                  "the turn could not be started; send it again")
            finally:
                if next_held:  # not released above (a second DEL would do nothing)
                    await self.gate.release_next(session_id)

        task = asyncio.create_task(after(), name=f"next-turn:{session_id}")
        self._waiting.add(task)
        task.add_done_callback(self._waiting.discard)


def masked_input(raw: Msg | list[Msg]) -> list[Msg]:
    """The client's message(s) as the service may keep them: user text, PII masked, no metadata.

    Raises:
        HTTPException: 422 for another role or a non-text block.
    """
    msgs = raw if isinstance(raw, list) else [raw]
    if not msgs:
        raise HTTPException(status_code=422, detail="input holds no message; send one user message.")
    out: list[Msg] = []
    for msg in msgs:
        if msg.role != "user":
            raise HTTPException(
                status_code=422,
                detail=f"input messages must have role 'user', got {msg.role!r}; the server writes the others.",
            )
        blocks = msg.content if isinstance(msg.content, list) else [TextBlock(text=str(msg.content))]
        texts: list[TextBlock] = []
        counts: Counter[str] = Counter()
        for block in blocks:
            if getattr(block, "type", None) != "text":
                raise HTTPException(
                    status_code=422,
                    detail=f"only text blocks are accepted, got a {getattr(block, 'type', '?')!r} block.",
                )
            masked = mask_pii(clean_text(block.text))  # lone surrogates, NUL
            texts.append(TextBlock(text=masked.text))
            counts.update(masked.counts)
        name = mask_pii(clean_text(msg.name or "user"))
        counts.update(name.counts)
        # The client's metadata is dropped; what was masked here (kinds and counts, never a
        # value) is carried to the turn's PII label (``masked_at.http``).
        metadata = {PREMASKED_KEY: {"kinds": list(counts), "counts": dict(counts)}} if counts else {}
        out.append(Msg(id=msg.id, name=name.text, role="user", content=texts, metadata=metadata))
    return out


chat_router = APIRouter(tags=["chat"])


async def _start_or_queue(runner: TurnRunner, user_id: str, agent_id: str, session_id: str, inputs: Any) -> bool:
    """Start the turn, or queue it after a reply that is finishing; ``False``: the session is busy (a 409)."""
    for _ in range(3):  # the holder may release between the claim and the look at its state
        claimed, state = await runner.gate.claim_or_state(session_id)
        if claimed:
            try:
                await runner.start(user_id, agent_id, session_id, inputs)
            except RuntimeError:
                await runner.gate.release(session_id)
                return False
            return True
        if state is None:
            continue
        if state == FINISHING and await runner.gate.claim_next(session_id):
            runner.wait_then_start(user_id, agent_id, session_id, inputs)
            return True
        return False
    return False


@chat_router.post(
    "/chat/", response_model=ChatTriggerResponse,
    summary="Send a message to a session (the reply streams on GET /sessions/{id}/stream)",
    responses={404: {"description": "no such session of yours"}, 409: {"description": "a reply is being written"}},
)
async def chat(
    request: Request,
    body: ChatRequest,
    user_id: str = Depends(verified_user),
    storage: ServiceStorage = Depends(get_storage),
) -> ChatTriggerResponse:
    """Start a turn in one of the caller's sessions."""
    if body.input is None or not isinstance(body.input, (Msg, list)):
        raise HTTPException(
            status_code=422,
            detail="input must be a user message; this server's agents use no tools that wait for a confirmation.",
        )
    if not await storage.has_session(user_id, body.session_id):
        raise HTTPException(
            status_code=404,
            detail=f"No session {body.session_id!r} of agent {body.agent_id!r} is yours; create one with "
            "POST /sessions/ or list yours with GET /sessions/?agent_id=...",
        )
    inputs = masked_input(body.input)
    runner: TurnRunner = request.app.state.memory_turn_runner
    if not await _start_or_queue(runner, user_id, body.agent_id, body.session_id, inputs):
        raise HTTPException(
            status_code=409,
            detail="A reply is still being written in this session; wait for its end event "
            "(GET /sessions/{id}/stream) or interrupt it, then send again.",
        )
    return ChatTriggerResponse(status="started", session_id=body.session_id)
