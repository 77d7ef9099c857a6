"""Command line: ``python -m app {doctor,migrate,remember,recall,chat,serve,kb,kb-worker,batch,audit,forget,reembed,consent,export,erase,keys}``.

A user mistake (bad setting, unreachable store, bad argument, bad id) prints one line and
exits 2; no stack trace reaches the user.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import sys
import warnings
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import NoReturn

from memory.errors import MemoryAgentError
from memory.ids import check_session_id, check_user_id

Command = Callable[[argparse.Namespace], Awaitable[int]]


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line naming the command and its ``--help``."""

    def error(self, message: str) -> NoReturn:
        """Print ``error: PROG: MESSAGE`` and exit 2 (argparse prints the whole usage)."""
        self.exit(2, f"error: {self.prog}: {_one_line(message)}; see `{self.prog} --help`\n")


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _check_arguments(args: argparse.Namespace) -> None:
    """Ids follow the id rule; text arguments are valid Unicode without NUL.

    Raises:
        MemoryAgentError: names the argument and what to do.
    """
    for name, given in vars(args).items():
        values = given if isinstance(given, list) else [given]
        for value in values:
            _check_text(name.replace("_", "-"), value)
    if getattr(args, "command", None) == "chat" and args.user is None:
        args.user, args.user_chosen = os.environ.get("USER") or "me", False
    if isinstance(getattr(args, "user", None), str):
        check_user_id(args.user)
    if isinstance(getattr(args, "session", None), str):
        check_session_id(args.session)


def _check_text(name: str, value: object) -> None:
    """A text or path argument holds no NUL and only UTF-8 (a path too: it is stored and reported)."""
    if isinstance(value, Path):
        value = str(value)
    if isinstance(value, str):
        if "\x00" in value:
            raise MemoryAgentError(f"argument {name} contains a NUL character; remove it")
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise MemoryAgentError(
                f"argument {name} is not valid UTF-8 text; check the terminal's encoding (e.g. LANG=C.UTF-8) "
                "or rename the file"
            ) from None


def _parser() -> argparse.ArgumentParser:
    p = _Parser(prog="python -m app", description="memory-agent: agents that remember.")
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
    c.add_argument("--user", default=None, help="whose memory the chat reads and writes (default: your login name)")
    c.add_argument("--session", default=None,
                   help="a session id to resume or keep (default: a new one, ended when you quit)")
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
    f.add_argument("--user", help="only this user's memories (one partition; default: every user)")

    sub.add_parser("reembed", help="re-encode every long-term memory with the configured embedding model")

    from app.cli_args import add_audit_parser, add_batch_parser, add_keys_parser, add_serve_arguments

    add_serve_arguments(
        sub.add_parser("serve", help="AgentScope Agent Service with memory, inspector at /ui/, /metrics, OTLP traces")
    )
    add_batch_parser(sub)
    add_audit_parser(sub)
    add_keys_parser(sub)
    from app.cli_args import add_kb_parser, add_kb_worker_parser

    add_kb_parser(sub)
    add_kb_worker_parser(sub)
    return p


def _command(name: str) -> Command:
    """The function that runs command ``name``; only its own module is imported (start-up time)."""
    if name == "serve":
        from app.serve_command import run  # binds first; the service (AgentScope) is imported while it warms

        return run
    if name == "batch":
        from app.batch import batch

        async def batch_or_kb(args: argparse.Namespace) -> int:
            if getattr(args, "kb", None):
                from app.kb_command import run as kb_run

                return await kb_run(args)
            return await batch(args)

        return batch_or_kb
    if name == "kb":
        from app.kb_command import run as kb_run

        return kb_run
    if name == "kb-worker":
        from app.kb_worker import run as worker_run

        return worker_run
    if name == "audit":
        from app.audit import audit

        return audit
    if name == "keys":
        from app.service.keys_command import keys

        return keys
    from app import commands

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
    }[name]


def main(argv: list[str] | None = None) -> int:
    """Parse arguments and run one command; returns the exit code."""
    args = _parser().parse_args(argv)
    warnings.filterwarnings("ignore", message=".*XDG_RUNTIME_DIR.*")
    from app.logging import configure_logging

    default_level = "INFO" if args.command in ("serve", "kb-worker") else "WARNING"
    level = os.environ.get("LOG_LEVEL", default_level)
    if args.command == "batch":  # the progress bar owns the terminal; findings are in the report
        home = Path(os.environ.get("MEMORY_AGENT_HOME", "~/.memory-agent")).expanduser()
        configure_logging(level=level, log_file=home / "logs" / "batch.jsonl", stderr=False)
    else:
        configure_logging(level=level)
    try:
        _check_arguments(args)
        return asyncio.run(_command(args.command)(args))
    except MemoryAgentError as exc:
        print(f"error: {_one_line(str(exc))}", file=sys.stderr)
        return 2
    except OSError as exc:  # a file the user named (missing, unreadable, a folder, disk full), a refused socket
        if exc.filename:
            print(f"error: cannot use {exc.filename}: {exc.strerror or exc}; check the path and its permissions",
                  file=sys.stderr)
        else:
            print(f"error: {_one_line(exc.strerror or str(exc))}; check the files and servers this command uses",
                  file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except Exception as exc:  # noqa: BLE001 - the last line of defence: no traceback reaches a user
        from loguru import logger

        logger.opt(exception=exc).debug("unexpected error in command {}", args.command)
        print(f"error: unexpected {type(exc).__name__} in `{args.command}` (a bug, please report it; "
              "LOG_LEVEL=DEBUG shows the details)", file=sys.stderr)
        return 70
