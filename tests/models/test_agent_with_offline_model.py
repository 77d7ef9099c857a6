"""An AgentScope Agent runs end to end on the offline model (the pattern the app reuses)."""
from __future__ import annotations

from agentscope.agent import Agent
from agentscope.message import UserMsg

from agents.models import FALLBACK_MARKER, OFFLINE_MARKER, OfflineChatModel, ResilientChatModel
from pipelines.context.memory_block import render_memory_block
from tests.models.scripted_chat_model import ScriptedChatModel

NOTES = [
    {"id": 7, "type": "preference", "content": "Likes hiking in the Alps",
     "time": "2026-10-03T09:00:00+00:00", "source": "session s3"},
    {"id": 8, "type": "fact", "content": "用户的猫叫小橘", "time": "2026-11-01T09:00:00+08:00",
     "source": "session s4"},
]


async def test_an_agent_replies_to_a_user_message_from_recalled_memory() -> None:
    model = OfflineChatModel()
    agent = Agent(
        name="assistant",
        system_prompt="You are a personal assistant.\n" + render_memory_block(NOTES),
        model=model,
    )

    reply = await agent.reply(UserMsg(name="alice", content="Any ideas for hiking this weekend?"))

    assert reply.role == "assistant" and reply.name == "assistant"
    text = reply.get_text_content()
    assert text.startswith(OFFLINE_MARKER)
    assert '(2026-10-03 09:00 UTC) "Likes hiking in the Alps"' in text
    # What reached the model: system prompt with the block, the user turn, then AgentScope's
    # runtime time hint (a user-role <system-reminder>), which the offline model skipped.
    roles = [m["role"] for m in model.last_messages]
    assert roles == ["system", "user", "user"]
    assert "<memory-notes>" in model.last_messages[0]["content"][0]["text"]
    assert "<current-time>" in model.last_messages[2]["content"][0]["text"]

    second = await agent.reply(UserMsg(name="alice", content="我的猫叫什么名字？"))
    assert second.get_text_content().startswith(OFFLINE_MARKER)
    assert "「用户的猫叫小橘」" in second.get_text_content()
    assert model.calls == 2
    assert [m.role for m in agent.state.context] == ["user", "assistant", "user", "assistant"]


async def test_an_agent_whose_model_is_down_replies_with_the_fallback() -> None:
    async def no_wait(seconds: float) -> None:
        return None

    primary = ScriptedChatModel("qwen-plus", [ConnectionError("refused")] * 4)
    model = ResilientChatModel(primary, timeout_s=1.0, sleep=no_wait)
    agent = Agent(name="assistant", system_prompt="You help.", model=model)

    reply = await agent.reply(UserMsg(name="alice", content="hello"))

    assert reply.get_text_content().startswith(FALLBACK_MARKER)
    assert model.last_outcome["used"] == "fallback" and model.last_outcome["attempts"] == 4
