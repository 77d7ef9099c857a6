"""With a model configured, extraction goes through the model (and falls back to rules)."""
from __future__ import annotations

import json

from agents.factory import model_completion
from core.labels import MemoryLabels
from agents.models.resilient import ResilientChatModel
from app.composition import Runtime
from app.session import ChatSession
from tests.models.scripted_chat_model import ScriptedChatModel


def _extraction(content: str, slot: str) -> str:
    return "```json\n" + json.dumps({"memories": [
        {"memory_type": "preference", "content": content, "importance": 0.75, "slot": slot, "supersedes": None}
    ]}) + "\n```"


async def test_the_model_extracts_memories_and_a_broken_answer_falls_back_to_rules(runtime: Runtime) -> None:
    scripted = ScriptedChatModel("qwen-double", [
        "Noted, oolong it is.",
        _extraction("User prefers oolong tea in the afternoon.", "afternoon_drink"),
        "Sure.",
        "this is not json",
        "still not json",
    ])
    model = ResilientChatModel(scripted, timeout_s=5)
    chat = ChatSession.open(runtime, "nina", "n1", model=model)
    chat.services.complete = model_completion(model)

    reply = await chat.send("I prefer oolong tea in the afternoon.")
    labels = MemoryLabels.model_validate(reply.metadata["memory"])
    assert reply.get_text_content().split("\nNoted: ")[0] == "Noted, oolong it is."  # then the footer of what was stored
    assert labels.extract.extractor == "llm"
    assert [i.content for i in labels.extract.items] == ["User prefers oolong tea in the afternoon."]
    assert reply.get_text_content().endswith('\nNoted: "User prefers oolong tea in the afternoon."')  # shown with a model too
    extraction_prompt = scripted.received[1][-1].get_text_content()
    assert "I prefer oolong tea in the afternoon." in extraction_prompt

    reply = await chat.send("I live in Kyoto.")
    labels = MemoryLabels.model_validate(reply.metadata["memory"])
    assert labels.extract.extractor == "rules"
    assert [i.content for i in labels.extract.items] == ["User lives in Kyoto."]
    assert scripted.calls == 5
    stored = {m.content for m in await chat.memories()}
    assert stored == {"User prefers oolong tea in the afternoon.", "User lives in Kyoto."}
