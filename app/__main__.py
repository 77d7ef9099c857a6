"""``python -m app``: see ``app.cli``.

When the command is done, the process ends with ``os._exit`` after the exit handlers ran and
the output is flushed: the interpreter's own finalization (freeing every module, a garbage
collection over AgentScope's and pydantic's hundred thousand objects) takes seconds after a
``serve`` or a ``chat`` and does nothing a user needs; the stores are closed and the embedded
servers released by then (``app.cli.main`` returns after that). Only the commands in
:data:`FAST_EXIT` leave this way; the others (which may write files a user asked for) end as
Python ends.

Before anything else, the compiled regular expressions of the data folder's cache are put in
place (:mod:`core.regex_cache`): the screen's, the masker's and the extractor's patterns are not
compiled again on every start (written back at exit when something new was compiled). The data
folder is ``MEMORY_AGENT_HOME`` from the environment (or ``~/.memory-agent``); one named only in
``.env`` gets no cache, and everything compiles as before.
"""
import atexit
import os
import sys
from pathlib import Path

from core import regex_cache

# Before anything compiles a pattern: the programs of the ~900 patterns the screen, the masker
# and the extractor compile at import come from the data folder's cache (core.regex_cache).
_REGEX_CACHE = regex_cache.cache_file(Path(os.environ.get("MEMORY_AGENT_HOME") or "~/.memory-agent").expanduser())
regex_cache.install(_REGEX_CACHE)
atexit.register(regex_cache.save, _REGEX_CACHE)

from app.cli import main  # noqa: E402 - after the cache is in place

#: Commands that write no file of the user's own (``export --out``, ``batch`` and ``audit`` reports do).
FAST_EXIT = frozenset({"serve", "chat", "doctor", "kb", "kb-worker", "remember", "recall", "consent", "forget", "migrate", "keys"})


def _exit_now(code: int) -> None:
    """Run the ``atexit`` handlers, flush and close the log sinks and stdio, and leave."""
    try:
        atexit._run_exitfuncs()  # the embedded servers' last-handle checks, loguru's own handler
        logger = sys.modules.get("loguru")
        if logger is not None:
            logger.logger.remove()  # flush and close every sink
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except (OSError, ValueError):
                pass
    finally:
        os._exit(code)


code = main()
if len(sys.argv) > 1 and sys.argv[1] in FAST_EXIT:
    _exit_now(code)
raise SystemExit(code)
