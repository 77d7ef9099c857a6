"""Lazy package attributes (PEP 562): a name is imported from its module on first use, and only it."""
from __future__ import annotations

import importlib
import importlib.util
import sys
import threading
import types
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


_loading_lock = threading.RLock()
_loading: set[str] = set()


class _DeferredModule(types.ModuleType):
    """A module whose code runs when a name it does not have yet is first looked up.

    (``importlib.util.LazyLoader`` is not usable here on Python 3.11: a second ``import name``
    statement reads the module's ``__spec__``, which runs it.) The module's own attributes set
    by the import system (``__spec__``, ``__path__``, ``__file__``) are there from the start, so
    an ``import`` statement or a submodule import binds it without running it.
    """

    def __getattr__(self, attr: str) -> Any:
        name = self.__name__
        with _loading_lock:  # a second thread waits for the first one's execution to finish
            if type(self) is _DeferredModule and name not in _loading:
                _loading.add(name)
                try:
                    self.__spec__.loader.exec_module(self)  # type: ignore[union-attr]
                except BaseException:
                    if sys.modules.get(name) is self:
                        del sys.modules[name]  # as a failed import leaves it
                    raise
                finally:
                    _loading.discard(name)
                self.__class__ = types.ModuleType  # type: ignore[assignment]  # an ordinary module from now on
        if type(self) is _DeferredModule:  # its own code, while it runs, looks up a name not defined yet
            raise AttributeError(f"partially initialized module {name!r} has no attribute {attr!r}")
        return getattr(self, attr)


def lazy_module(name: str) -> None:
    """Register the top-level module ``name`` so that ``import name`` executes it on first attribute use.

    For a library another one imports at module level but uses only inside functions
    (AgentScope's ``import openai``): the import binds a placeholder, the library's code runs
    the first time anything of it is touched (``openai.AsyncClient(...)``, ``from openai import
    X``, a submodule import), with the same result as an eager import. Nothing happens when the
    module is already imported or not installed.
    """
    if name in sys.modules:
        return
    spec = importlib.util.find_spec(name)
    if spec is None or spec.loader is None:
        return
    module = importlib.util.module_from_spec(spec)
    module.__class__ = _DeferredModule
    sys.modules[name] = module
