"""The published JSON Schema of an ``AGENTS.md`` yaml block (``configs/agents.schema.json``).

Generated from the pydantic models in ``schema`` by ``scripts/gen_agents_schema.py``; a test
checks that the committed file equals what this function returns, so the two never drift.
"""
from __future__ import annotations

import json
from typing import Any

from agents.declarative.schema import AgentsFile

def agents_json_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of the merged yaml blocks of an ``AGENTS.md``."""
    body = AgentsFile.model_json_schema(mode="validation")
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        **body,
        "title": "AGENTS.md",
        "description": (
            "The yaml blocks of an AGENTS.md (merged): the agents of one deployment. Generated from "
            "agents/declarative/schema.py by scripts/gen_agents_schema.py; do not edit by hand."
        ),
    }


def schema_text() -> str:
    """The schema as the committed file holds it (sorted keys, two-space indent, final newline)."""
    return json.dumps(agents_json_schema(), indent=2, sort_keys=True, ensure_ascii=False) + "\n"
