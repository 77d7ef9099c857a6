"""A declared team as the reply of an AgentScope service agent.

The service (``python -m app serve --agents FILE``) assembles its usual agent per run; this
middleware answers in its place with ``team_turn``: the memory turn (receive, recall,
store, extract) around the team's agents. The agent's own model is never called. The
reply carries the turn's labels in ``metadata["memory"]`` like every other reply, with the
team's hops in ``team``; the service's recorder turns it into the session's events.
"""
from __future__ import annotations

from collections.abc import AsyncGenerator, Callable
from typing import Any

from agentscope.message import AssistantMsg
from agentscope.middleware import MiddlewareBase

from agents.declarative.engine import AgentEngine
from agents.memory_middleware import command_labels, newest_input
from agents.team.turn import TeamReply, team_turn
from agents.turn_consent import consent_command, is_consent_command
from core import telemetry
from core.labels import METADATA_KEY
from pipelines.turn import MemoryServices


class TeamTurnMiddleware(MiddlewareBase):
    """Answers one service run of ``user_id`` in ``session_id`` with the declared team.

    Args:
        services: The memory turn's services.
        engine: The team (the one deployed when the run started).
        user_id: The verified caller; nothing else is read or written.
        session_id: The service session.
    """

    def __init__(self, services: MemoryServices, engine: AgentEngine, user_id: str, session_id: str) -> None:
        self.services, self.engine, self.user_id, self.session_id = services, engine, user_id, session_id
        self.last: TeamReply | None = None

    async def on_reply(self, agent: Any, input_kwargs: dict, next_handler: Callable[..., AsyncGenerator]) -> AsyncGenerator:
        """The team's reply to the newest user message (any other input goes to the agent as is)."""
        msg = newest_input(input_kwargs)
        if msg is None:
            async for item in next_handler(**input_kwargs):
                yield item
            return
        text = msg.get_text_content() or ""
        if is_consent_command(text):  # a command, never a request for the team
            answer = await consent_command(self.services, self.user_id, text)
            yield AssistantMsg(name=agent.name, content=answer, metadata={METADATA_KEY: command_labels(
                self.user_id, self.session_id).model_dump(mode="json")})
            return
        with telemetry.turn_span(self.user_id) as trace_id:
            try:
                reply = self.last = await team_turn(self.services, self.engine, self.user_id, self.session_id,
                                                    text, trace_id)
            except Exception:
                telemetry.TURNS.labels(outcome="error").inc()
                raise
        labels = reply.ctx.labels.model_dump(mode="json")
        msg.metadata[METADATA_KEY] = labels
        yield AssistantMsg(name=agent.name, content=reply.text, metadata={METADATA_KEY: labels})
