"""Run ``python -m app <args>`` under cProfile (CPU clock) and write the stats on exit.

Used by ``service_load.py --profile``: ``python scripts/bench/service_profile_run.py OUT serve --port P``.
With ``PROFILE_ON_SIGNAL=1`` the profiler starts at the first SIGUSR1 instead of at once, so the
bench can warm the server up (imports, the tokenizer, the embedder's first encodes, jieba's
dictionaries) and profile only steady-state turns.
"""
from __future__ import annotations

import cProfile
import os
import signal
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))


def main() -> int:
    out, argv = sys.argv[1], sys.argv[2:]
    from app.cli import main as app_main

    profiler = cProfile.Profile(time.process_time)
    if os.environ.get("PROFILE_ON_SIGNAL") == "1":
        signal.signal(signal.SIGUSR1, lambda *_: profiler.enable())  # runs on the main thread (the event loop)
    else:
        profiler.enable()
    try:
        return app_main(argv)
    finally:
        profiler.disable()
        profiler.dump_stats(out)


if __name__ == "__main__":
    raise SystemExit(main())
