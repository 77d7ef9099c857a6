"""An AGENTS.md that is not one -- binary, mis-encoded, huge, deep, an alias bomb -- is one line, never a crash."""
from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from agents.declarative.errors import AgentsConfigError
from agents.declarative.loader import MAX_FILE_BYTES, load_agents_file

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = (ROOT / "configs/examples/data_validation/AGENTS.md").read_text(encoding="utf-8")


def _refused(path: Path) -> str:
    with pytest.raises(AgentsConfigError) as err:
        load_agents_file(path)
    msg = str(err.value)
    assert "\n" not in msg and str(path) in msg and len(msg) < 2000
    return msg


def _alias_bomb(levels: int) -> str:
    lines = ["l0: &l0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"l{i}: &l{i} [{', '.join([f'*l{i - 1}'] * 10)}]" for i in range(1, levels)]
    return "```yaml\nconfig_version: 1\ntoolsets: [t]\n" + "\n".join(lines) + f"\nagents: *l{levels - 1}\n```\n"


@pytest.mark.parametrize(("name", "content", "says"), [
    ("zip", b"PK\x03\x04" + bytes(range(256)) * 4, "binary"),
    ("nul", SHIPPED.encode("utf-8").replace(b"agents:", b"agents:\x00", 1), "binary"),
    ("gbk", SHIPPED.replace("Laboratory-data", "实验室数据验证").encode("gbk", "replace"), "not UTF-8"),
    ("utf16", SHIPPED.encode("utf-16-le"), "binary"),
    ("deep_flow", ("```yaml\nconfig_version: 1\nx: " + "[" * 1000 + "]" * 1000 + "\n```\n").encode(), "nested"),
    ("deep_block", ("```yaml\n" + "".join("  " * i + f"k{i}:\n" for i in range(200)) + "```\n").encode(), "nested"),
    ("alias_bomb", _alias_bomb(9).encode(), "expands to more than"),
    ("huge", b"# x\n" + b"y" * (MAX_FILE_BYTES + 1), "MB"),
    ("control", "```yaml\nconfig_version: 1\nx: \x07\x1b\n```\n".encode(), "invalid YAML"),
])
def test_an_absurd_file_is_refused_in_one_line(tmp_path: Path, name: str, content: bytes, says: str) -> None:
    path = tmp_path / f"{name}.md"
    path.write_bytes(content)
    assert says in _refused(path)


def test_a_folder_or_a_missing_file_is_one_line(tmp_path: Path) -> None:
    assert "cannot read agents file" in _refused(tmp_path)
    assert "cannot read agents file" in _refused(tmp_path / "missing.md")


def test_mutated_files_load_or_are_refused_in_one_line(tmp_path: Path) -> None:
    """Random byte flips, cuts and insertions into the shipped file: never another exception."""
    raw = SHIPPED.encode("utf-8")
    for seed in range(150):
        rng = random.Random(seed)
        data = bytearray(raw)
        for _ in range(rng.randint(1, 8)):
            at = rng.randrange(len(data))
            op = rng.random()
            if op < 0.4:
                data[at] = rng.randrange(256)
            elif op < 0.7:
                del data[at:at + rng.randint(1, 40)]
            else:
                data[at:at] = rng.choice([b"\n  ", b"- ", b": ", b"[", b"{", b"&a ", b"*a", b"'", b'"', os.urandom(3)])
        path = tmp_path / f"m{seed}.md"
        path.write_bytes(bytes(data))
        try:
            load_agents_file(path)
        except AgentsConfigError as exc:
            assert "\n" not in str(exc), seed
