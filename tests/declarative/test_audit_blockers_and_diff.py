"""What batch refuses, the audit fails on; ``audit --diff`` says what a change affects."""
from __future__ import annotations

from pathlib import Path

import pytest

from agents.declarative.engine import AgentEngine
from agents.declarative.errors import AgentsConfigError
from agents.declarative.loader import parse_agents_text
from agents.declarative.scopes import GlobalScopeStore, ScopeStores, TaskScopeStore
from app.audit import audit_file, render_diff
from app.cli import main
from tests.declarative.conftest import agents_md

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = (ROOT / "configs/examples/data_validation/AGENTS.md").read_text(encoding="utf-8")
VERSION = int(EXAMPLE.split("config_version: ", 1)[1].split("\n", 1)[0])
RAISED = (f"config_version: {VERSION}", f"config_version: {VERSION + 1}")


def _echo(inputs: dict, ctx: object) -> dict:
    return dict(inputs)


REFUSED = {
    "cycle": ("  - name: first\n    role: r\n    tools: [echo]\n    dependencies: [second]\n"
              "  - name: second\n    role: r\n    tools: [echo]\n    dependencies: [first]\n"),
    "unknown_tool": "  - name: first\n    role: r\n    tools: [echo, ecko]\n",
    "missing_agent": "  - name: first\n    role: r\n    tools: [echo]\n    dependencies: [ghost]\n",
    "self_dependency": "  - name: first\n    role: r\n    tools: [echo]\n    dependencies: [first]\n",
    "bad_module": "  - name: first\n    role: r\n    tools: [echo]\n",
}


@pytest.mark.parametrize("case", sorted(REFUSED))
async def test_whatever_the_engine_refuses_the_audit_fails(case: str, toolset, working) -> None:  # noqa: ANN001
    toolset("echo", _echo)
    text = agents_md(toolset.name, REFUSED[case])
    if case == "bad_module":
        text = text.replace("tool_modules: []", "tool_modules: [no_such_module_here]")
    loaded = parse_agents_text(text, f"{case}/AGENTS.md")
    dep = loaded.config.deployment
    with pytest.raises(AgentsConfigError) as refused:
        AgentEngine.build(loaded, ScopeStores(task=TaskScopeStore(working, dep), global_=GlobalScopeStore(working, dep)))

    score, findings = audit_file(loaded, {})

    blockers = [f for f in findings if f.severity == "blocker"]
    assert score == 0 and blockers
    assert all(b.problem in str(refused.value) for b in blockers)  # the very same validation


def test_the_audit_command_exits_1_on_a_blocker_whatever_the_minimum(tmp_path: Path, monkeypatch, capsys) -> None:  # noqa: ANN001
    monkeypatch.setenv("MEMORY_AGENT_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("MYSQL_URL", raising=False)
    path = tmp_path / "AGENTS.md"
    path.write_text(EXAMPLE.replace("dependencies: [format_check]\n", "dependencies: [format_check, report]\n"),
                    encoding="utf-8")
    assert main(["audit", "--agents", str(path), "--min-score", "0"]) == 1
    out = capsys.readouterr().out
    assert "FAILS: 1 blocking problem" in out and "dependency cycle" in out and "score 0/100" in out


def _change(text: str, *pairs: tuple[str, str]) -> str:
    for old, new in pairs:
        assert old in text, old
        text = text.replace(old, new, 1)
    return text


def _diff(tmp_path: Path, new_text: str) -> tuple[str, bool]:
    old, new = tmp_path / "old.md", tmp_path / "new.md"
    old.write_text(EXAMPLE, encoding="utf-8")
    new.write_text(new_text, encoding="utf-8")
    from agents.declarative.loader import load_agents_file

    return render_diff(load_agents_file(old), load_agents_file(new))


def test_diff_names_dependents_widened_access_and_the_unraised_version(tmp_path: Path) -> None:
    new = _change(EXAMPLE,
                  ("{memory: file_profile, fields: [file, row_count]}", "{memory: file_profile}"),
                  ("output_schema: {file: str, outlier_findings: list, iqr: dict}", "output_schema: {file: str, iqr: dict}"))
    report, blocked = _diff(tmp_path, new)
    lines = report.splitlines()
    assert blocked and f"config_version not increased ({VERSION} -> {VERSION})" in lines[1]
    assert any("[high] agent 'unit_check': access widened" in x and "field whitelist" in x for x in lines)
    assert any("[medium] agent 'report': depends on changed agent 'unit_check'" in x for x in lines)
    assert any("[high] agent 'report': reads input field 'outlier_findings'" in x for x in lines)


def test_diff_of_a_scope_and_persistence_change_with_a_raised_version_passes(tmp_path: Path) -> None:
    new = _change(EXAMPLE, RAISED,
                  ("    tools: [check_format]\n    memory_scope: task\n    persistence: ephemeral",
                   "    tools: [check_format]\n    memory_scope: global\n    persistence: persistent"))
    report, blocked = _diff(tmp_path, new)
    assert not blocked
    assert "[high] agent 'format_check': memory_scope task -> global" in report
    assert "[high] agent 'format_check': persistence ephemeral -> persistent" in report
    for dependent, via in (("unit_check", ""), ("outlier_check", " (via unit_check)")):
        assert f"[medium] agent '{dependent}': depends on changed agent 'format_check'{via}" in report


def test_diff_of_identical_files_and_of_a_refused_new_file(tmp_path: Path) -> None:
    report, blocked = _diff(tmp_path, EXAMPLE)
    assert not blocked and "no change that affects the agents" in report
    report, blocked = _diff(tmp_path, _change(EXAMPLE, RAISED,
                                              ("tools: [detect_outliers_iqr]", "tools: [detect_outliers]")))
    assert blocked and "[blocker]" in report and "'detect_outliers'" in report


async def test_a_file_older_than_the_deployed_one_fails_the_audit_as_it_fails_start_up(toolset, working) -> None:  # noqa: ANN001
    from agents.declarative.deployments import check_deployed_version, deployed_version

    toolset("echo", _echo)
    body = "  - name: first\n    role: r\n    tools: [echo]\n    fallback: {strategy: skip_and_warn}\n"
    dep = f"dep_{toolset.name}"
    await check_deployed_version(working, parse_agents_text(agents_md(toolset.name, body, 3, dep), "v3/AGENTS.md"))
    old = parse_agents_text(agents_md(toolset.name, body, 2, dep), "v2/AGENTS.md")
    deployed, _ = await deployed_version(working, dep)

    score, findings = audit_file(old, {}, deployed=deployed)

    assert deployed == 3 and score == 0
    assert [f.problem for f in findings if f.severity == "blocker"] == [
        f"config_version 2 is older than the deployed version 3 of deployment {dep!r}"]
    with pytest.raises(AgentsConfigError, match="older than the deployed version 3"):
        await check_deployed_version(working, old)
