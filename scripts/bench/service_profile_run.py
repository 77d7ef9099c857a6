"""Run ``python -m app <args>`` under cProfile (CPU clock) and write the stats on exit.

Used by ``service_load.py --profile``: ``python scripts/bench/service_profile_run.py OUT serve --port P``.
"""
from __future__ import annotations

import cProfile
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))


def main() -> int:
    out, argv = sys.argv[1], sys.argv[2:]
    from app.cli import main as app_main

    profiler = cProfile.Profile(time.process_time)
    profiler.enable()
    try:
        return app_main(argv)
    finally:
        profiler.disable()
        profiler.dump_stats(out)


if __name__ == "__main__":
    raise SystemExit(main())
