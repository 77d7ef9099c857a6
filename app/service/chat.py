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
  written, or while one is already waiting, is still a 409.
"""
from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Callable

from agentscope.app._router._schema import ChatRequest, ChatTriggerResponse
from agentscope.app.deps import get_chat_run_registry, get_chat_service, get_storage
from agentscope.message import Msg, TextBlock
from fastapi import APIRouter, Depends, HTTPException, Request
from loguru import logger

from app.service.auth import verified_user
from core.labels import PREMASKED_KEY
from pipelines.receive.pii import mask_pii
from pipelines.receive.intake import clean_text



class TurnGate:
    """Which sessions' runs have produced their reply and are only finishing up, and the
    turns waiting for them."""

    def __init__(self) -> None:
        self._finishing: set[str] = set()
        self._waiting: dict[str, asyncio.Task] = {}

    def waiting(self, session_id: str) -> bool:
        """Whether a turn of the session is already waiting for the previous run."""
        task = self._waiting.get(session_id)
        return task is not None and not task.done()

    def wait_then(self, session_id: str, previous: asyncio.Task, start: Callable[[], None]) -> None:
        """Run ``start`` once ``previous`` (the session's finishing run) is done."""

        async def after() -> None:
            await asyncio.wait({previous})
            try:
                start()
            except RuntimeError:  # another run took the session meanwhile; nothing was started
                logger.warning("a waiting turn could not start", session_id=session_id)
            finally:
                self._waiting.pop(session_id, None)

        self._waiting[session_id] = asyncio.create_task(after(), name=f"next-turn:{session_id}")

    def finishing(self, session_id: str) -> None:
        """The turn's reply exists; the run is only persisting and releasing."""
        self._finishing.add(session_id)

    def started(self, session_id: str) -> None:
        """A new run owns the session."""
        self._finishing.discard(session_id)

    def is_finishing(self, session_id: str) -> bool:
        """Whether the session's current run has already produced its reply."""
        return session_id in self._finishing


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


@chat_router.post(
    "/chat/", response_model=ChatTriggerResponse,
    summary="Send a message to a session (the reply streams on GET /sessions/{id}/stream)",
    responses={404: {"description": "no such session of yours"}, 409: {"description": "a reply is being written"}},
)
async def chat(
    request: Request,
    body: ChatRequest,
    user_id: str = Depends(verified_user),
    storage=Depends(get_storage),  # noqa: ANN001 - AgentScope's StorageBase
    chat_service=Depends(get_chat_service),  # noqa: ANN001
    registry=Depends(get_chat_run_registry),  # noqa: ANN001
) -> ChatTriggerResponse:
    """Start a turn in one of the caller's sessions."""
    if body.input is None or not isinstance(body.input, (Msg, list)):
        raise HTTPException(
            status_code=422,
            detail="input must be a user message; this server's agents use no tools that wait for a confirmation.",
        )
    if await storage.get_session(user_id, body.agent_id, body.session_id) is None:
        raise HTTPException(
            status_code=404,
            detail=f"No session {body.session_id!r} of agent {body.agent_id!r} is yours; create one with "
            "POST /sessions/ or list yours with GET /sessions/?agent_id=...",
        )
    inputs = masked_input(body.input)
    gate: TurnGate = request.app.state.memory_turn_gate
    busy = HTTPException(
        status_code=409,
        detail="A reply is still being written in this session; wait for its end event "
        "(GET /sessions/{id}/stream) or interrupt it, then send again.",
    )

    def start() -> None:
        gate.started(body.session_id)
        registry.spawn(
            chat_service.run(
                user_id=user_id, session_id=body.session_id, agent_id=body.agent_id,
                input_msg=inputs[0] if len(inputs) == 1 else inputs,
            ),
            session_id=body.session_id,
        )

    running = registry.get(body.session_id)
    if gate.waiting(body.session_id):
        raise busy
    if running is not None and not running.done():
        if not gate.is_finishing(body.session_id):
            raise busy
        gate.wait_then(body.session_id, running, start)
    else:
        try:
            start()
        except RuntimeError:
            raise busy from None
    return ChatTriggerResponse(status="started", session_id=body.session_id)
