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


def _yaml_error(path: Path, first_line: int, exc: yaml.YAMLError) -> AgentsConfigError:
    """The message for a block PyYAML cannot read, at the line it points to."""
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    line = first_line + mark.line if mark is not None else first_line
    problem = " ".join(str(getattr(exc, "problem", None) or exc).split())
    return AgentsConfigError(f"{path}:{line}: invalid YAML: {problem}. Fix the YAML syntax there.")


def _agent_item_lines(node: yaml.Node | None, first_line: int) -> list[int]:
    """The file line of each item of the block's top-level ``agents`` list (none: ``[]``)."""
    lines: list[int] = []
    for key, value in getattr(node, "value", []):
        if getattr(key, "value", None) == "agents" and isinstance(value, yaml.SequenceNode):
            lines = [first_line + item.start_mark.line for item in value.value]
    return lines


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
        raise _yaml_error(path, first_line, exc) from None
    if not isinstance(data, dict):
        raise AgentsConfigError(
            f"{path}:{first_line}: a yaml block must be a mapping (config_version, agents, ...), "
            f"got {type(data).__name__}"
        )
    return data, _agent_item_lines(node, first_line)


def _children(node: yaml.Node) -> list[yaml.Node]:
    """A collection node's direct children (a mapping's keys and values)."""
    if isinstance(node, yaml.MappingNode):
        return [n for pair in node.value for n in pair]
    return list(node.value)


def _close_size(path: Path, first_line: int, node: yaml.Node, sizes: dict[int, int]) -> None:
    """Record ``node``'s expanded size from its children's; refuse it over ``MAX_NODES``."""
    sizes[id(node)] = 1 + sum(sizes.get(id(k), 1) for k in _children(node))
    if sizes[id(node)] > MAX_NODES:
        raise AgentsConfigError(
            f"{path}:{first_line}: the yaml block expands to more than {MAX_NODES} values "
            "(repeated YAML aliases?); write the declaration out plainly"
        )


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
        if children_done:
            _close_size(path, first_line, node, sizes)
        elif isinstance(node, yaml.ScalarNode) or id(node) in sizes:
            sizes.setdefault(id(node), 1)
        else:
            sizes[id(node)] = 0  # in progress: a recursive alias counts once
            stack.append((node, depth, True))
            stack.extend((k, depth + 1, False) for k in _children(node) if id(k) not in sizes)


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


def _agent_place(path: Path, data: dict[str, Any], lines: list[int], idx: int, rest: tuple[Any, ...]) -> str:
    """``FILE:LINE: agent NAME (agents[IDX]) field F`` for an error inside the ``idx``-th agent."""
    agents = data.get("agents") or []
    name = agents[idx].get("name") if idx < len(agents) and isinstance(agents[idx], dict) else None
    line = f":{lines[idx]}" if idx < len(lines) else ""
    fields = [str(p) for p in rest if not str(p).startswith(("ReadRule", "str"))]
    field = ".".join(fields) or "(the agent)"
    return f"{path}{line}: agent {name!r} (agents[{idx}]) field {field!r}"


def _place(path: Path, data: dict[str, Any], lines: list[int], loc: tuple[Any, ...]) -> str:
    """Human place of a validation error: file:line, agent name, field path."""
    if len(loc) >= 2 and loc[0] == "agents" and isinstance(loc[1], int):
        return _agent_place(path, data, lines, loc[1], loc[2:])
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
