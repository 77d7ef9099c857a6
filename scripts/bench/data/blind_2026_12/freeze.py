"""Freeze a blind source folder: hash every file, split items into dev/test by sha256("split:"+id) parity.

Usage: ``python freeze.py SRC_DIR NAME OUT_DIR`` writes ``OUT_DIR/dev/NAME/<file>``,
``OUT_DIR/test/NAME/<file>`` and prints the sha256 of each source and half (the manifest).
A file holds a JSON list of items with an ``id``, or an object of such lists (pii: items + controls).
"""
from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any


def sha(data: bytes) -> str:
    """Hex sha256 of ``data``."""
    return hashlib.sha256(data).hexdigest()


def half(item: dict[str, Any]) -> str:
    """``test`` or ``dev``, by the parity of sha256("split:" + id)."""
    return "test" if int(sha(("split:" + str(item["id"])).encode()), 16) % 2 else "dev"


def split(items: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The dev and test halves of ``items``."""
    return [i for i in items if half(i) == "dev"], [i for i in items if half(i) == "test"]


def main(src: Path, name: str, out: Path) -> None:
    """Split every JSON file of ``src``; print the manifest lines."""
    for file in sorted(src.glob("*.json")):
        raw = file.read_bytes()
        doc = json.loads(raw)
        print(f"source {file.name} {sha(raw)}")
        if isinstance(doc, list):
            dev, test = split(doc)
            halves: tuple[Any, Any] = (dev, test)
        else:
            parts = {k: split(v) for k, v in doc.items()}
            halves = ({k: v[0] for k, v in parts.items()}, {k: v[1] for k, v in parts.items()})
        for tag, content in zip(("dev", "test"), halves):
            folder = out / tag / name
            folder.mkdir(parents=True, exist_ok=True)
            data = json.dumps(content, ensure_ascii=False, indent=1).encode()
            (folder / file.name).write_bytes(data)
            print(f"{tag} {file.name} {sha(data)}")


if __name__ == "__main__":
    main(Path(sys.argv[1]), sys.argv[2], Path(sys.argv[3]))
