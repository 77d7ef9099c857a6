"""Lazy package attributes (PEP 562): a name is imported from its module on first use, and only it."""
from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any


def lazy_getattr(package: str, modules: Mapping[str, str], namespace: dict[str, Any]) -> Callable[[str], Any]:
    """A module ``__getattr__`` for ``package`` that imports each name from ``modules[name]`` once.

    Args:
        package: The package's ``__name__`` (for the error message).
        modules: Where each exported name lives.
        namespace: The package's ``globals()``: a loaded name is cached there, so the next use is plain.
    """

    def __getattr__(name: str) -> Any:
        module = modules.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(module), name)
        namespace[name] = value
        return value

    return __getattr__
