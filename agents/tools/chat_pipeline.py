"""The chat's stage tools (toolset ``chat``), as ``configs/AGENTS.md`` names them.

The chat's agents are the stages of its memory turn, implemented once in ``pipelines.turn``
and run by the chat middleware, the team turn, the service and ``remember``; each agent's
``fallback`` is its stage's policy (``app.deployment.turn_policy``). The tools registered
here give the stage names to the config–code check (a file that names a tool no stage
has is refused at start-up and in CI) and map each one to the turn function that runs it.
They are not a second implementation: called by the declarative engine, they refuse and
say where the stage runs.
"""
from __future__ import annotations

from typing import Any

from agents.declarative.registry import tool
from agents.declarative.tool_context import ToolContext
from memory.errors import MemoryAgentError

TOOLSET = "chat"

#: Each chat tool and the function of ``pipelines.turn`` that runs its stage.
STAGES: dict[str, str] = {
    "screen_input": "start_turn (receive: screen, semantic screen, PII masking)",
    "read_history": "prepare_turn (_history: open the session, recent turns, summary)",
    "check_consent": "prepare_turn (_consent)",
    "recall_memories": "prepare_turn (_recall: outbox replay, hybrid recall, rerank)",
    "recall_knowledge": "prepare_turn (_knowledge)",
    "read_working_state": "prepare_turn (_working_state: task lookup, working state)",
    "judge_turn": "finish_turn (memorize: trigger)",
    "extract_candidates": "finish_turn (memorize: the model's extraction)",
    "extract_rules": "finish_turn (memorize: the rule-based extractor, the model's backup)",
}


def _runs_in_the_turn(name: str) -> Any:
    def stage(inputs: dict[str, Any], ctx: ToolContext) -> dict[str, Any]:
        del inputs, ctx
        raise MemoryAgentError(
            f"chat tool {name!r} is a stage of the memory turn, run by pipelines.turn.{STAGES[name]}; "
            "run the chat with `python -m app chat` or `serve`, not through the declarative engine"
        )

    stage.__name__ = stage.__qualname__ = name
    stage.__doc__ = f"The turn's stage {STAGES[name]}."
    return stage


for _name in STAGES:
    tool(TOOLSET, name=_name)(_runs_in_the_turn(_name))
