"""The arguments of ``serve``, ``batch`` and ``audit``, apart from the code that runs them.

``python -m app --help`` (and every command) builds the whole parser first, so this module
imports only the standard library: the command modules import AgentScope, FastAPI and the
stores, which takes seconds, and are imported only when their command runs
(``app.cli._commands``). ``scripts/bench/startup.py`` measures the difference.
"""
from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

DEFAULT_AGENTS_FILE = Path("configs/AGENTS.md")


def add_serve_arguments(parser: argparse.ArgumentParser) -> None:
    """The ``serve`` options."""
    parser.add_argument("--host", default="127.0.0.1", help="interface to listen on (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8000, help="TCP port (default 8000)")
    parser.add_argument(
        "--otlp-endpoint", default=None,
        help="export traces over OTLP/HTTP, e.g. http://127.0.0.1:3000/v1/traces (AgentScope Studio)",
    )
    parser.add_argument(
        "--agents", type=Path, default=None,
        help=f"the AGENTS.md to run: {DEFAULT_AGENTS_FILE} (default) or a team's, e.g. "
        "configs/examples/trip_planner/AGENTS.md; a newer config_version is reloaded without a restart",
    )
    parser.add_argument("--reload-interval", type=float, default=5.0, metavar="SECONDS",
                        help="how often the AGENTS.md is checked for a newer version, besides each turn (0: turns only)")


def add_batch_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add the ``batch`` command to ``python -m app``."""
    p = subparsers.add_parser("batch", help="run a declared agent pipeline over every record of a JSONL/CSV input")
    p.add_argument("--agents", type=Path, help="the AGENTS.md declaring the pipeline (required)")
    p.add_argument("input", type=Path, nargs="?", help="a .jsonl file, a .csv file or a folder of .csv files")
    p.add_argument("--out", type=Path, help="output folder (results.jsonl, report.md/.html, batch-run.json)")
    p.add_argument("--resume", metavar="RUN_ID", default=None, help="continue an interrupted run")
    p.add_argument("--workers", type=int, default=1, metavar="N",
                   help="workers of this process on the run (MariaDB/MySQL: records are claimed, none twice)")
    p.add_argument("--join", metavar="RUN_ID", default=None,
                   help="add this process's workers to a running run (its --agents, INPUT, --out by default)")
    p.add_argument("--lease", type=float, default=30.0, metavar="SECONDS",
                   help="how long a worker's claim holds without renewal; a dead worker's records are taken over after it")
    p.add_argument("--list-runs", action="store_true", help="list the runs of this data folder and exit")
    p.add_argument("--user", default="batch", help="user id the run's memory belongs to")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.add_argument("--kb", default=None, metavar="NAME",
                   help="instead of a pipeline: index the files of the input folder into knowledge base NAME")
    return p


def add_audit_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add the ``audit`` command to ``python -m app``."""
    p = subparsers.add_parser("audit", help="score an AGENTS.md for risks and list findings with fixes")
    p.add_argument("--agents", type=Path, default=DEFAULT_AGENTS_FILE,
                   help=f"the file to audit (default {DEFAULT_AGENTS_FILE})")
    p.add_argument("--min-score", type=int, default=0, help="exit 1 when the score is below this")
    p.add_argument("--diff", nargs=2, type=Path, metavar=("OLD", "NEW"), default=None,
                   help="what changing OLD into NEW affects; exit 1 when NEW cannot be taken")
    return p


def add_keys_parser(sub: argparse._SubParsersAction) -> None:
    """The ``keys`` command and its three actions."""
    k = sub.add_parser("keys", help="create, list or revoke API keys of the HTTP service")
    actions = k.add_subparsers(dest="keys_action", required=True)
    c = actions.add_parser("create", help="create a key for a user (printed once)")
    c.add_argument("--user", required=True)
    c.add_argument("--admin", action="store_true", help="an admin key: admin routes, and may act for any user")
    c.add_argument("--label", default="", help="a note to recognise the key by (e.g. 'web UI')")
    ls = actions.add_parser("list", help="list keys (all, or one user's)")
    ls.add_argument("--user", default=None)
    r = actions.add_parser("revoke", help="revoke a key by its id (or the whole key)")
    r.add_argument("key_id")
    r.add_argument("--user", default=None, help="only if the key is this user's")


def add_kb_worker_parser(sub: argparse._SubParsersAction) -> None:
    """The ``kb-worker`` command (AgentScope's index worker as its own process)."""
    w = sub.add_parser("kb-worker", help="index uploaded documents queued by `serve` with KNOWLEDGE_INDEX=worker")
    w.add_argument("--concurrency", type=int, default=2, help="documents indexed at once (default 2)")
    w.add_argument("--node-id", default=None, help="this worker's name on the document leases (default host:random)")


def add_kb_parser(sub: argparse._SubParsersAction) -> None:
    """The ``kb`` command and its actions."""
    k = sub.add_parser("kb", help="knowledge bases: create, add files, list, search, delete")
    k.add_argument("--user", default="me", help="whose knowledge bases (default 'me')")
    actions = k.add_subparsers(dest="kb_action", required=True)
    c = actions.add_parser("create", help="create a knowledge base")
    c.add_argument("name")
    c.add_argument("--description", default="")
    a = actions.add_parser("add", help="index files (Markdown, text, CSV, PDF) into a knowledge base")
    a.add_argument("name")
    a.add_argument("files", nargs="+", type=Path)
    a.add_argument("--no-progress", action="store_true")
    actions.add_parser("list", help="list knowledge bases and their documents")
    s = actions.add_parser("search", help="search a knowledge base")
    s.add_argument("name")
    s.add_argument("query")
    s.add_argument("--top-k", type=int, default=5)
    d = actions.add_parser("delete", help="delete a knowledge base (or one document of it)")
    d.add_argument("name")
    d.add_argument("--document", default=None, help="only this document id")
