"""Command line: ``python -m app {doctor,migrate,remember,recall,chat,serve,batch,audit,forget,reembed,consent,export,erase}``.

A user mistake (bad setting, unreachable store) prints one line and exits 2; no stack trace.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import sys
import warnings
from collections.abc import Awaitable, Callable
from pathlib import Path

from memory.errors import MemoryAgentError

Command = Callable[[argparse.Namespace], Awaitable[int]]


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m app", description="memory-agent: agents that remember.")
    sub = p.add_subparsers(dest="command", required=True)

    sub.add_parser("doctor", help="show each memory tier's backend, whether it answers, and versions")
    sub.add_parser("migrate", help="apply pending schema migrations to the working and long-term stores")

    r = sub.add_parser("remember", help="store one memory for a user (through the extraction pipeline)")
    r.add_argument("--user", required=True)
    r.add_argument("text")

    q = sub.add_parser("recall", help="show a user's memories most relevant to a query, with scores")
    q.add_argument("--user", required=True)
    q.add_argument("--top", type=int, default=None)
    q.add_argument("query")

    c = sub.add_parser("chat", help="terminal chat that remembers across sessions")
    c.add_argument("--user", default=os.environ.get("USER", "me"))
    c.add_argument("--session", default=None, help="resume a session id (default: a new one)")
    c.add_argument("--debug", action="store_true", help="print all recall candidates after each turn")
    c.add_argument("--agents", type=Path, default=None, help="answer with the team an AGENTS.md declares")

    g = sub.add_parser("consent", help="show, grant or revoke a user's consent to long-term memory")
    g.add_argument("--user", required=True)
    g.add_argument("answer", nargs="?", choices=["on", "off", "status"], default="status")

    e = sub.add_parser("export", help="everything held about a user, every tier and the archive, as JSON")
    e.add_argument("--user", required=True)
    e.add_argument("--out", type=Path, default=None, help="write the JSON here (default: standard output)")

    x = sub.add_parser("erase", help="delete everything held about a user in every tier (cannot be undone)")
    x.add_argument("--user", required=True)
    x.add_argument("--yes", action="store_true", help="do not ask for confirmation")

    f = sub.add_parser("forget", help="archive memories unused for FORGET_UNUSED_DAYS whose keep score is low")
    f.add_argument("--dry-run", action="store_true", help="list what would be archived, change nothing")

    sub.add_parser("reembed", help="re-encode every long-term memory with the configured embedding model")

    from app.audit import add_audit_parser
    from app.batch import add_batch_parser
    from app.serve import add_arguments as add_serve_arguments

    add_serve_arguments(
        sub.add_parser("serve", help="AgentScope Agent Service with memory, inspector at /ui/, /metrics, OTLP traces")
    )
    add_batch_parser(sub)
    add_audit_parser(sub)
    return p


def _commands() -> dict[str, Command]:
    from app import audit, batch, commands, serve

    return {
        "doctor": commands.doctor,
        "migrate": commands.migrate,
        "remember": commands.remember,
        "recall": commands.recall,
        "chat": commands.chat,
        "reembed": commands.reembed,
        "forget": commands.forget,
        "consent": commands.consent,
        "export": commands.export,
        "erase": commands.erase,
        "serve": serve.run,
        "batch": batch.batch,
        "audit": audit.audit,
    }


def main(argv: list[str] | None = None) -> int:
    """Parse arguments and run one command; returns the exit code."""
    args = _parser().parse_args(argv)
    warnings.filterwarnings("ignore", message=".*XDG_RUNTIME_DIR.*")
    from app.logging import configure_logging

    default_level = "INFO" if args.command == "serve" else "WARNING"
    level = os.environ.get("LOG_LEVEL", default_level)
    if args.command == "batch":  # the progress bar owns the terminal; findings are in the report
        home = Path(os.environ.get("MEMORY_AGENT_HOME", "~/.memory-agent")).expanduser()
        configure_logging(level=level, log_file=home / "logs" / "batch.jsonl", stderr=False)
    else:
        configure_logging(level=level)
    try:
        return asyncio.run(_commands()[args.command](args))
    except MemoryAgentError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
