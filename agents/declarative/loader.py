"""Read ``AGENTS.md``: its fenced ``yaml`` blocks, merged and validated.

Several blocks may split the file; their top-level keys are merged and their ``agents``
lists concatenated. Every error names the place: ``FILE:LINE``, the agent and the field.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
from pydantic import ValidationError

from agents.declarative.errors import AgentsConfigError
from agents.declarative.schema import AgentsFile

_FENCE = re.compile(r"^```yaml[ \t]*\n(.*?)^```[ \t]*$", re.MULTILINE | re.DOTALL)


@dataclass(frozen=True)
class LoadedConfig:
    """A validated file and where each agent is declared (for messages)."""

    path: Path
    config: AgentsFile
    agent_lines: dict[str, int]

    def where(self, agent: str) -> str:
        """``FILE:LINE agent 'name'`` for messages."""
        line = self.agent_lines.get(agent)
        return f"{self.path}:{line} agent {agent!r}" if line else f"{self.path} agent {agent!r}"


def _blocks(text: str) -> list[tuple[int, str]]:
    """(first line number of the YAML, YAML text) of every fenced yaml block."""
    out = []
    for m in _FENCE.finditer(text):
        first_line = text.count("\n", 0, m.start(1)) + 1
        out.append((first_line, m.group(1)))
    return out


def _parse_block(path: Path, first_line: int, body: str) -> tuple[dict[str, Any], list[int]]:
    """The block's mapping and the file line of each item of its ``agents`` list."""
    try:
        node = yaml.compose(body, Loader=yaml.SafeLoader)
        data = yaml.safe_load(body)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
        line = first_line + mark.line if mark is not None else first_line
        problem = getattr(exc, "problem", None) or str(exc)
        raise AgentsConfigError(f"{path}:{line}: invalid YAML: {problem}. Fix the YAML syntax there.") from None
    if not isinstance(data, dict):
        raise AgentsConfigError(
            f"{path}:{first_line}: a yaml block must be a mapping (config_version, agents, ...), "
            f"got {type(data).__name__}"
        )
    lines: list[int] = []
    for key, value in getattr(node, "value", []):
        if getattr(key, "value", None) == "agents" and isinstance(value, yaml.SequenceNode):
            lines = [first_line + item.start_mark.line for item in value.value]
    return data, lines


def _merge(path: Path, text: str) -> tuple[dict[str, Any], list[int]]:
    blocks = _blocks(text)
    if not blocks:
        raise AgentsConfigError(
            f"{path}: no ```yaml block found; declare config_version and agents inside a fenced yaml block"
        )
    merged: dict[str, Any] = {}
    agent_lines: list[int] = []
    for first_line, body in blocks:
        data, lines = _parse_block(path, first_line, body)
        for key, value in data.items():
            if key == "agents":
                if not isinstance(value, list):
                    raise AgentsConfigError(f"{path}:{first_line}: 'agents' must be a list of agents")
                merged.setdefault("agents", []).extend(value)
                agent_lines.extend(lines)
            elif key in merged:
                raise AgentsConfigError(f"{path}:{first_line}: top-level key {key!r} is set in two yaml blocks")
            else:
                merged[key] = value
    return merged, agent_lines


def _place(path: Path, data: dict[str, Any], lines: list[int], loc: tuple[Any, ...]) -> str:
    """Human place of a validation error: file:line, agent name, field path."""
    if len(loc) >= 2 and loc[0] == "agents" and isinstance(loc[1], int):
        idx = loc[1]
        agents = data.get("agents") or []
        name = agents[idx].get("name") if idx < len(agents) and isinstance(agents[idx], dict) else None
        line = f":{lines[idx]}" if idx < len(lines) else ""
        fields = [str(p) for p in loc[2:] if not str(p).startswith(("ReadRule", "str"))]
        field = ".".join(fields) or "(the agent)"
        return f"{path}{line}: agent {name!r} (agents[{idx}]) field {field!r}"
    return f"{path}: field {'.'.join(str(p) for p in loc) or '(top level)'!r}"


def parse_agents_text(text: str, path: Path | str = "AGENTS.md") -> LoadedConfig:
    """Validate the yaml blocks of ``text`` (``path`` is used in messages only).

    Raises:
        AgentsConfigError: bad YAML, unknown key, wrong type or enum value; names the place.
    """
    path = Path(path)
    data, lines = _merge(path, text)
    try:
        config = AgentsFile.model_validate(data)
    except ValidationError as exc:
        problems = []
        errors = exc.errors()
        union_detail = any("ReadRule" in err["loc"] for err in errors)
        for err in errors:
            if union_detail and "str" in err["loc"]:
                continue  # the `str` branch of `ReadRule | str`: the ReadRule error says more
            msg = err["msg"].removeprefix("Value error, ")
            if err["type"] == "extra_forbidden":
                msg = "unknown key (not part of the AGENTS.md schema; check the spelling)"
            problems.append(f"{_place(path, data, lines, tuple(err['loc']))}: {msg}")
        raise AgentsConfigError("Invalid agents file: " + "; ".join(problems)) from None
    names = [a.name for a in config.agents]
    return LoadedConfig(path, config, dict(zip(names, lines)))


def load_agents_file(path: Path | str) -> LoadedConfig:
    """Read and validate an ``AGENTS.md`` file.

    Raises:
        AgentsConfigError: the file is missing or malformed; names the place.
    """
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise AgentsConfigError(f"cannot read agents file {path}: {exc.strerror}; pass an existing AGENTS.md") from None
    return parse_agents_text(text, path)
