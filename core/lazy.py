"""Lazy package attributes (PEP 562): a name is imported from its module on first use, and only it."""
from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import inspect
import sys
import threading
import types
import typing
from collections.abc import Callable, Collection, Mapping
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
        if attr == "__path__" and self.__spec__ is not None and self.__spec__.submodule_search_locations is None:
            raise AttributeError(attr)  # ``from module import x`` asks whether it is a package: it is not
        with _loading_lock:  # a second thread waits for the first one's execution to finish
            if type(self) is _DeferredModule and _hands_out(name, attr):
                return _deferred_name(self, attr)
            _DeferredModule._run(self)
        if type(self) is _DeferredModule:  # its own code, while it runs, looks up a name not defined yet
            raise AttributeError(f"partially initialized module {name!r} has no attribute {attr!r}")
        return getattr(self, attr)

    def _run(self) -> None:
        """Execute the module's code (its deferred parent package's first, as an import would)."""
        name = self.__name__
        if type(self) is not _DeferredModule or name in _loading:
            return
        parent = sys.modules.get(name.rpartition(".")[0])
        if isinstance(parent, _DeferredModule):
            _DeferredModule._run(parent)  # the package's code may import this module itself: then it has run
            if type(self) is not _DeferredModule:
                return
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


#: For each package registered with :func:`lazy_package`, the names its modules may hand out
#: deferred (module -> names), until the package runs.
_declared: dict[str, dict[str, frozenset[str]]] = {}
_names: dict[tuple[int, str], _DeferredName] = {}  # by (id(module), name): it holds the module


def _family_running(root: str) -> bool:
    """Whether a module of the package ``root`` is executing (its own code sees real objects)."""
    return any(n == root or n.startswith(root + ".") for n in _loading)


def _body_asks() -> bool:
    """Whether the code looking a name up is a module or class body (not a function), seen past
    the import system's own frames (``from package import name`` looks it up from there)."""
    try:
        frame: types.FrameType | None = sys._getframe(3)  # _body_asks <- _hands_out <- __getattr__ <- the caller
    except ValueError:  # looked up with no Python code around it: run it
        return False
    while frame is not None and frame.f_code.co_filename.startswith("<frozen importlib"):
        frame = frame.f_back
    return frame is not None and not frame.f_code.co_flags & inspect.CO_OPTIMIZED


def _hands_out(module: str, attr: str) -> bool:
    root = module.split(".")[0]
    names = _declared.get(root, {}).get(module)
    return names is not None and attr in names and not _family_running(root) and _body_asks()


class _DeferredName:
    """A declared name of a package not run yet, as a module or class body binds it at import.

    Calling it, reading an attribute of it, ``isinstance``/``issubclass`` against it, subclassing
    it or building a pydantic schema from it runs the package and uses the real object; in an
    annotation (``X | None``, ``list[X]``) it stands for it.
    """

    __slots__ = ("_module", "_attr")

    def __init__(self, module: types.ModuleType, attr: str) -> None:
        self._module = module
        self._attr = attr

    def _resolve(self) -> Any:
        return getattr(self._module, self._attr)  # from a function: runs the package

    def __call__(self, *args: Any, **kwargs: Any) -> Any:  # noqa: ANN401 - forwards to any callable
        return self._resolve()(*args, **kwargs)

    def __getattr__(self, attr: str) -> Any:
        if attr.startswith("__") and attr.endswith("__"):  # typing's and pydantic's probes: not the object's
            raise AttributeError(attr)
        return getattr(self._resolve(), attr)

    def __instancecheck__(self, obj: object) -> bool:
        return isinstance(obj, self._resolve())

    def __subclasscheck__(self, cls: type) -> bool:
        return issubclass(cls, self._resolve())

    def __mro_entries__(self, bases: tuple[object, ...]) -> tuple[type, ...]:
        return (self._resolve(),)

    def __get_pydantic_core_schema__(self, source: Any, handler: Callable[[Any], Any]) -> Any:
        return handler(self._resolve())

    def __or__(self, other: Any) -> Any:
        return typing.Union[self, other]

    def __ror__(self, other: Any) -> Any:
        return typing.Union[other, self]

    def __repr__(self) -> str:
        return f"<deferred {self._module.__name__}.{self._attr}>"


def _deferred_name(module: types.ModuleType, attr: str) -> _DeferredName:
    key = (id(module), attr)
    if key not in _names:
        _names[key] = _DeferredName(module, attr)
    return _names[key]


class _DeferredSubmodules(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Imports a submodule of a :func:`lazy_package` package, while the package has not run, as
    a deferred module (its code runs on first use, as the package's does)."""

    def find_spec(self, fullname: str, path: Any, target: types.ModuleType | None = None) -> Any:
        root = fullname.split(".")[0]
        if root == fullname or root not in _declared:
            return None
        if _family_running(root):  # the package's code imports: its deferred packages run first, as they would
            parent = sys.modules.get(fullname.rpartition(".")[0])
            if type(parent) is _DeferredModule:
                with _loading_lock:
                    _DeferredModule._run(parent)
                if fullname in sys.modules:  # the package's own code imported it
                    return importlib.util.spec_from_loader(fullname, _Imported(sys.modules[fullname]))
            return None
        if type(sys.modules.get(root)) is not _DeferredModule:
            return None
        spec = importlib.machinery.PathFinder.find_spec(fullname, path)
        if spec is None or not isinstance(spec.loader, importlib.machinery.SourceFileLoader):
            return None  # an extension module or a namespace package: imported as usual
        spec.loader = self
        return spec

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> types.ModuleType | None:
        return None

    def exec_module(self, module: types.ModuleType) -> None:
        spec = module.__spec__
        assert spec is not None  # set by the import system before it calls this
        real = importlib.util.spec_from_file_location(spec.name, spec.origin,
                                                      submodule_search_locations=spec.submodule_search_locations)
        assert real is not None and real.loader is not None
        module.__spec__, module.__loader__ = real, real.loader
        module.__class__ = _DeferredModule  # runs with the real loader on first use


class _Imported(importlib.abc.Loader):
    """Hands back a module that became imported while it was being looked for."""

    def __init__(self, module: types.ModuleType) -> None:
        self.module = module
        self.spec = module.__spec__

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> types.ModuleType:
        return self.module

    def exec_module(self, module: types.ModuleType) -> None:
        module.__spec__ = self.spec  # the import system set this loader's spec on it


_finder = _DeferredSubmodules()


def lazy_package(name: str, names: Mapping[str, Collection[str]]) -> None:
    """Register the package ``name`` so that importing it, and what a module imports from it at
    module level, does not run it: it runs the first time something of it is used.

    For a library another one imports at module level only to call later (AgentScope's MCP
    client imports the ``mcp`` SDK, ~0.5 CPU-seconds, which a chat without MCP servers never
    calls). ``names`` declares, for the package and its submodules, the names module and class
    bodies may bind before it runs (``from mcp import Client``, an annotation ``mcp.types.Tool``):
    they get a stand-in that runs the package on first use and forwards to the real object. Any
    other name, and every name code in a function looks up, runs the package at once, so an
    undeclared use is only slower, never different. Nothing happens when the package is already
    imported or not installed.
    """
    if name in sys.modules or importlib.util.find_spec(name) is None:
        return
    _declared[name] = {module: frozenset(attrs) for module, attrs in names.items()}
    if _finder not in sys.meta_path:
        sys.meta_path.insert(0, _finder)
    lazy_module(name)
