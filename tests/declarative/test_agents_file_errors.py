"""Malformed AGENTS.md files fail at start-up with a message naming the place."""
from __future__ import annotations

from pathlib import Path

import pytest

from agents.declarative.deployments import check_deployed_version
from agents.declarative.errors import AgentsConfigError
from agents.declarative.graph import run_order
from agents.declarative.loader import load_agents_file, parse_agents_text
from agents.declarative.registry import REGISTRY, check_config_against_code, import_tool_modules
from tests.declarative.conftest import agents_md, build_engine

ROOT = Path(__file__).resolve().parents[2]


def _echo(inputs: dict, ctx: object) -> dict:
    return dict(inputs)


def _two(toolset_name: str, version: int = 1, deployment: str | None = None) -> str:
    return agents_md(toolset_name, version=version, deployment=deployment, body=(
        "  - name: first\n    role: r\n    tools: [echo]\n    fallback: {strategy: skip_and_warn}\n"
        "  - name: second\n    role: r\n    tools: [echo]\n    dependencies: [first]\n"
    ))


def test_bad_yaml_names_the_line() -> None:
    text = "# x\n\nintro\n\n```yaml\nconfig_version: 1\nagents:\n  - name: a\n    role: [unclosed\n```\n"
    with pytest.raises(AgentsConfigError, match=r"bad/AGENTS\.md:10: invalid YAML"):
        parse_agents_text(text, "bad/AGENTS.md")


def test_unknown_key_names_agent_and_field(toolset) -> None:  # noqa: ANN001
    toolset("echo", _echo)
    text = _two(toolset.name).replace("  - name: second\n", "  - name: second\n    memroy_scope: task\n")
    with pytest.raises(AgentsConfigError) as err:
        parse_agents_text(text, "t/AGENTS.md")
    msg = str(err.value)
    assert "agent 'second'" in msg and "'memroy_scope'" in msg and "unknown key" in msg
    assert "t/AGENTS.md:" in msg


def test_wrong_enum_names_agent_field_and_allowed_values(toolset) -> None:  # noqa: ANN001
    toolset("echo", _echo)
    text = _two(toolset.name).replace("  - name: first\n", "  - name: first\n    persistence: forever\n")
    with pytest.raises(AgentsConfigError) as err:
        parse_agents_text(text)
    msg = str(err.value)
    assert "agent 'first'" in msg and "'persistence'" in msg and "'ephemeral'" in msg


def test_cycle_is_a_start_up_error_naming_the_agents(toolset) -> None:  # noqa: ANN001
    toolset("echo", _echo)
    text = _two(toolset.name).replace("role: r\n    tools: [echo]\n    fallback", "role: r\n    tools: [echo]\n    dependencies: [second]\n    fallback")
    loaded = parse_agents_text(text, "c/AGENTS.md")
    with pytest.raises(AgentsConfigError, match=r"dependency cycle (first -> second -> first|second -> first -> second)"):
        run_order(loaded)


def test_unknown_dependency_names_both_agents(toolset) -> None:  # noqa: ANN001
    toolset("echo", _echo)
    loaded = parse_agents_text(_two(toolset.name).replace("dependencies: [first]", "dependencies: [frist]"))
    with pytest.raises(AgentsConfigError, match=r"agent 'second' depends on unknown agent 'frist'"):
        run_order(loaded)


def test_unknown_tool_names_agent_and_tool(toolset) -> None:  # noqa: ANN001
    toolset("echo", _echo)
    text = _two(toolset.name).replace("tools: [echo]\n    dependencies", "tools: [echo, ecko]\n    dependencies")
    loaded = parse_agents_text(text, "u/AGENTS.md")
    with pytest.raises(AgentsConfigError) as err:
        check_config_against_code(loaded)
    msg = str(err.value)
    assert "u/AGENTS.md:" in msg and "agent 'second'" in msg and "'ecko'" in msg and "not registered" in msg


def test_registered_tool_missing_from_the_file_names_tool_and_file(toolset) -> None:  # noqa: ANN001
    toolset("echo", _echo)
    toolset("orphan", _echo)
    toolset("spare", _echo, unused="kept for the next release")
    loaded = parse_agents_text(_two(toolset.name), "m/AGENTS.md")
    with pytest.raises(AgentsConfigError) as err:
        check_config_against_code(loaded)
    msg = str(err.value)
    assert "tool 'orphan'" in msg and "m/AGENTS.md" in msg and "test_agents_file_errors._echo" in msg
    assert "spare" not in msg  # marked unused on purpose


def test_backup_strategy_without_backup_tool_is_refused(toolset) -> None:  # noqa: ANN001
    toolset("echo", _echo)
    text = _two(toolset.name).replace("{strategy: skip_and_warn}", "{strategy: backup_tool}")
    with pytest.raises(AgentsConfigError, match=r"agent 'first'.*'fallback'.*needs a 'backup_tool'"):
        parse_agents_text(text)


@pytest.mark.parametrize("path", ["configs/AGENTS.md", "configs/examples/data_validation/AGENTS.md"])
def test_shipped_files_agree_with_the_code(path: str) -> None:
    loaded = load_agents_file(ROOT / path)
    import_tool_modules(loaded)
    check_config_against_code(loaded, REGISTRY)
    assert run_order(loaded)


async def test_a_file_older_than_the_deployed_one_is_refused(toolset, working) -> None:  # noqa: ANN001
    toolset("echo", _echo)
    dep = f"dep_{toolset.name}"
    v2 = parse_agents_text(_two(toolset.name, 2, dep), "v2/AGENTS.md")
    v1 = parse_agents_text(_two(toolset.name, 1, dep), "v1/AGENTS.md")
    assert await check_deployed_version(working, v2) is None
    with pytest.raises(AgentsConfigError, match=r"v1/AGENTS.md: field 'config_version' is 1, older than the deployed version 2"):
        await check_deployed_version(working, v1)
    assert await check_deployed_version(working, v2) == 2
    build_engine(_two(toolset.name), working)  # an engine still builds from a valid file
