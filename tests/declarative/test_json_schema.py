"""The published JSON Schema equals the generated one and validates what the loader validates."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest
import yaml

from agents.declarative.json_schema import schema_text
from agents.declarative.loader import _blocks, _merge

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = json.loads((ROOT / "configs/agents.schema.json").read_text(encoding="utf-8"))
SHIPPED = ["configs/AGENTS.md", "configs/examples/data_validation/AGENTS.md"]


def test_the_committed_schema_is_the_generated_one() -> None:
    assert (ROOT / "configs/agents.schema.json").read_text(encoding="utf-8") == schema_text()
    check = subprocess.run([sys.executable, "scripts/gen_agents_schema.py", "--check"], cwd=ROOT,
                           capture_output=True, text=True, timeout=60)
    assert check.returncode == 0, check.stderr


@pytest.mark.parametrize("path", SHIPPED)
def test_the_shipped_files_follow_the_schema(path: str) -> None:
    data, _ = _merge(Path(path), (ROOT / path).read_text(encoding="utf-8"))
    jsonschema.validate(data, SCHEMA)


@pytest.mark.parametrize(("old", "new", "where"), [
    ("memory_scope: task", "memroy_scope: task", "memroy_scope"),
    ("persistence: ephemeral", "persistence: forever", "forever"),
    ("name: unit_check", "name: Unit-Check", "Unit-Check"),
    ("max_retries: 1", "max_retries: 9", "9"),
    ("config_version: 2", "config_version: 0", "0"),
])
def test_an_editor_using_the_schema_flags_what_the_loader_refuses(old: str, new: str, where: str) -> None:
    text = (ROOT / SHIPPED[1]).read_text(encoding="utf-8").replace(old, new, 1)
    (_, body), = _blocks(text)
    with pytest.raises(jsonschema.ValidationError) as err:
        jsonschema.validate(yaml.safe_load(body), SCHEMA)
    assert where in str(err.value.message) + str(list(err.value.path))
