"""Command line: ``python -m app {doctor,migrate,remember,recall,chat,serve,batch,audit,forget,reembed,keys}``.

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
    r.add_argument("--type", default=None, help="memory type; default: extracted from the text")
    r.add_argument("text")

    q = sub.add_parser("recall", help="show a user's memories most relevant to a query, with scores")
    q.add_argument("--user", required=True)
    q.add_argument("--top", type=int, default=None)
    q.add_argument("query")

    c = sub.add_parser("chat", help="terminal chat that remembers across sessions")
    c.add_argument("--user", default=os.environ.get("USER", "me"))
    c.add_argument("--session", default=None, help="resume a session id (default: a new one)")
    c.add_argument("--debug", action="store_true", help="print all recall candidates after each turn")

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
    from app.service.keys_command import add_keys_parser

    add_keys_parser(sub)
    return p


def _commands() -> dict[str, Command]:
    from app import audit, batch, commands, serve
    from app.service import keys_command

    return {
        "doctor": commands.doctor,
        "migrate": commands.migrate,
        "remember": commands.remember,
        "recall": commands.recall,
        "chat": commands.chat,
        "reembed": commands.reembed,
        "forget": commands.forget,
        "serve": serve.run,
        "batch": batch.batch,
        "audit": audit.audit,
        "keys": keys_command.keys,
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
