"""``core.lazy.lazy_module``: a module imported at module level but used later runs on first use."""
from __future__ import annotations

import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from core.lazy import lazy_module


@pytest.fixture()
def package(tmp_path: Path) -> Iterator[str]:
    name = "lazy_probe_pkg"
    root = tmp_path / name
    root.mkdir()
    (root / "__init__.py").write_text("import time\nRUNS = [1]\ntime.sleep(0.05)\nfrom .sub import VALUE\nANSWER = 42\n")
    (root / "sub.py").write_text("VALUE = 'sub'\n")
    sys.path.insert(0, str(tmp_path))
    yield name
    sys.path.remove(str(tmp_path))
    for key in [k for k in sys.modules if k.split(".")[0] == name]:
        del sys.modules[key]


def test_the_module_runs_on_first_use_only(package: str) -> None:
    lazy_module(package)
    module = __import__(package)  # an import statement binds it without running it
    assert "ANSWER" not in vars(module)
    assert module.ANSWER == 42
    assert module.VALUE == "sub" and module.RUNS == [1]
    assert type(module).__name__ == "module" and sys.modules[package] is module


def test_threads_using_it_at_once_run_it_once(package: str) -> None:
    lazy_module(package)
    module = sys.modules[package]
    seen: list[object] = []
    threads = [threading.Thread(target=lambda: seen.append(module.ANSWER)) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert seen == [42] * 4 and module.RUNS == [1]


def test_an_unknown_name_is_an_attribute_error(package: str) -> None:
    lazy_module(package)
    with pytest.raises(AttributeError):
        sys.modules[package].nothing_like_this  # noqa: B018


def test_an_imported_or_missing_module_is_left_alone() -> None:
    json_module = sys.modules.get("json") or __import__("json")
    lazy_module("json")
    assert sys.modules["json"] is json_module
    lazy_module("no_such_module_anywhere")
    assert "no_such_module_anywhere" not in sys.modules
