"""Read ``AGENTS.md``: its fenced ``yaml`` blocks, merged and validated.

Several blocks may split the file; their top-level keys are merged and their ``agents``
lists concatenated. Every error names the place: ``FILE:LINE``, the agent and the field.

A file that is not an AGENTS.md at all -- binary, not UTF-8, over ``MAX_FILE_BYTES``,
nested deeper than ``MAX_DEPTH`` or expanding (through YAML aliases) to more than
``MAX_NODES`` values -- is refused with one line saying so, before any of it is validated.
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
MAX_FILE_BYTES = 1_000_000
MAX_DEPTH = 30
MAX_NODES = 100_000
MAX_PROBLEMS = 10


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
        _check_shape(path, first_line, node)
        data = yaml.safe_load(body)
    except RecursionError:
        raise AgentsConfigError(
            f"{path}:{first_line}: the yaml block is nested too deeply to read (limit {MAX_DEPTH} levels)"
        ) from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
        line = first_line + mark.line if mark is not None else first_line
        problem = " ".join(str(getattr(exc, "problem", None) or exc).split())
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


def _check_shape(path: Path, first_line: int, root: yaml.Node | None) -> None:
    """Refuse a block nested deeper than ``MAX_DEPTH`` or expanding to over ``MAX_NODES`` values.

    Aliases are counted as often as they are used (a "billion laughs" block is tiny on disk).
    """
    if root is None:
        return
    sizes: dict[int, int] = {}
    stack: list[tuple[yaml.Node, int, bool]] = [(root, 1, False)]
    while stack:
        node, depth, children_done = stack.pop()
        if depth > MAX_DEPTH:
            raise AgentsConfigError(
                f"{path}:{first_line + node.start_mark.line}: the yaml is nested more than {MAX_DEPTH} levels deep; "
                "an AGENTS.md needs a handful"
            )
        if isinstance(node, yaml.ScalarNode) or id(node) in sizes and not children_done:
            sizes.setdefault(id(node), 1)
            continue
        kids = [n for pair in node.value for n in pair] if isinstance(node, yaml.MappingNode) else list(node.value)
        if children_done:
            sizes[id(node)] = 1 + sum(sizes.get(id(k), 1) for k in kids)
            if sizes[id(node)] > MAX_NODES:
                raise AgentsConfigError(
                    f"{path}:{first_line}: the yaml block expands to more than {MAX_NODES} values "
                    "(repeated YAML aliases?); write the declaration out plainly"
                )
            continue
        sizes[id(node)] = 0  # in progress: a recursive alias counts once
        stack.append((node, depth, True))
        stack.extend((k, depth + 1, False) for k in kids if id(k) not in sizes)


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
            msg = " ".join(err["msg"].removeprefix("Value error, ").split())
            if err["type"] == "extra_forbidden":
                msg = "unknown key (not part of the AGENTS.md schema; check the spelling)"
            problems.append(f"{_place(path, data, lines, tuple(err['loc']))}: {msg}")
        more = f"; and {len(problems) - MAX_PROBLEMS} more problem(s)" if len(problems) > MAX_PROBLEMS else ""
        raise AgentsConfigError("Invalid agents file: " + "; ".join(problems[:MAX_PROBLEMS]) + more) from None
    names = [a.name for a in config.agents]
    return LoadedConfig(path, config, dict(zip(names, lines)))


def load_agents_file(path: Path | str) -> LoadedConfig:
    """Read and validate an ``AGENTS.md`` file.

    Raises:
        AgentsConfigError: the file is missing or malformed; names the place.
    """
    path = Path(path)
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            raise AgentsConfigError(
                f"agents file {path} is {size / 1e6:.1f} MB; an AGENTS.md is text of at most "
                f"{MAX_FILE_BYTES // 1_000_000} MB -- is this the right file?"
            )
        raw = path.read_bytes()
    except OSError as exc:
        raise AgentsConfigError(
            f"cannot read agents file {path}: {exc.strerror or exc}; pass an existing AGENTS.md"
        ) from None
    return parse_agents_text(decode_agents_bytes(raw, path), path)


def decode_agents_bytes(raw: bytes, path: Path | str) -> str:
    """The text of an AGENTS.md file: UTF-8 (a BOM is allowed), no NUL bytes.

    Raises:
        AgentsConfigError: a binary file, or text in another encoding (named when it can be guessed).
    """
    if b"\x00" in raw:
        raise AgentsConfigError(
            f"agents file {path} is binary (it contains NUL bytes), not an AGENTS.md; pass the Markdown file"
        )
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        from charset_normalizer import from_bytes

        guess = from_bytes(raw).best()
        hint = f" (it looks like {guess.encoding})" if guess is not None else ""
        raise AgentsConfigError(
            f"agents file {path} is not UTF-8 text{hint}: byte {exc.start} cannot be read; save it as UTF-8"
        ) from None
