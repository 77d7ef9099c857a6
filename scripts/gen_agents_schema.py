"""Write ``configs/agents.schema.json`` from the pydantic models: ``python scripts/gen_agents_schema.py``.

``--check`` exits 1 when the committed file differs (CI and the tests use the same comparison).
"""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from agents.declarative.json_schema import schema_text  # noqa: E402

TARGET = ROOT / "configs" / "agents.schema.json"


def main(argv: list[str]) -> int:
    """Write the schema, or with ``--check`` compare it with the committed file."""
    text = schema_text()
    if "--check" in argv:
        same = TARGET.exists() and TARGET.read_text(encoding="utf-8") == text
        if not same:
            print(f"{TARGET} is out of date; run python scripts/gen_agents_schema.py", file=sys.stderr)
        return 0 if same else 1
    TARGET.write_text(text, encoding="utf-8")
    print(f"wrote {TARGET}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
