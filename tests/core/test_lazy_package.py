"""``core.lazy.lazy_package``: a package whose names other modules bind at import runs on first use."""
from __future__ import annotations

import importlib
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from pydantic import BaseModel, ConfigDict

from core.lazy import lazy_package

_FILES = {
    # the package imports a subpackage whose __init__ imports its own leaf (mcp.client's shape)
    "lz_pkg/__init__.py": "import lz_marks\nlz_marks.RAN.append('pkg')\nfrom .sub.leaf import Thing, make\nANSWER = 42\n",
    "lz_pkg/sub/__init__.py": "import lz_marks\nlz_marks.RAN.append('sub')\nfrom lz_pkg.sub.leaf import Thing\n",
    "lz_pkg/sub/leaf.py": "import lz_marks\nlz_marks.RAN.append('leaf')\nclass Thing:\n    pass\n"
                          "def make():\n    return Thing()\n",
    "lz_marks.py": "RAN = []\n",
    # a library that imports it at module level and calls it later (AgentScope's MCP client's shape)
    "lz_user.py": (
        "import lz_pkg\nimport lz_pkg.sub.leaf\nfrom lz_pkg import make\nfrom lz_pkg.sub.leaf import Thing\n"
        "class Holder:\n    thing: Thing | None = None\n    kinds: list[Thing] = []\n"
        "    def build(self):\n        return make()\n"
        "def is_thing(x):\n    return isinstance(x, lz_pkg.sub.leaf.Thing)\n"
    ),
}
_NAMES = {"lz_pkg": ("make",), "lz_pkg.sub.leaf": ("Thing",)}


@pytest.fixture()
def tree(tmp_path: Path) -> Iterator[Path]:
    for rel, text in _FILES.items():
        path = tmp_path / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    sys.path.insert(0, str(tmp_path))
    yield tmp_path
    sys.path.remove(str(tmp_path))
    for key in [k for k in sys.modules if k.split(".")[0] in ("lz_pkg", "lz_marks", "lz_user", "lz_sub_user")]:
        del sys.modules[key]


def test_binding_its_names_at_import_does_not_run_it(tree: Path) -> None:
    lazy_package("lz_pkg", _NAMES)
    user = importlib.import_module("lz_user")
    assert importlib.import_module("lz_marks").RAN == []
    assert "Thing" in repr(user.Thing)  # a stand-in until used


def test_first_use_runs_it_in_import_order_and_gives_the_real_objects(tree: Path) -> None:
    lazy_package("lz_pkg", _NAMES)
    user = importlib.import_module("lz_user")
    made = user.Holder().build()
    assert importlib.import_module("lz_marks").RAN == ["pkg", "sub", "leaf"]
    real = sys.modules["lz_pkg.sub.leaf"].Thing
    assert type(made) is real and isinstance(made, user.Thing) and user.is_thing(made)
    assert issubclass(real, user.Thing)
    assert type(sys.modules["lz_pkg"]).__name__ == "module" and sys.modules["lz_pkg"].ANSWER == 42


def test_a_function_looking_a_name_up_gets_the_real_object(tree: Path) -> None:
    lazy_package("lz_pkg", _NAMES)
    importlib.import_module("lz_user")

    def look_up() -> object:
        return sys.modules["lz_pkg"].make

    assert look_up() is sys.modules["lz_pkg.sub.leaf"].make


def test_a_subclass_or_a_pydantic_field_uses_the_real_class(tree: Path) -> None:
    lazy_package("lz_pkg", _NAMES)
    user = importlib.import_module("lz_user")

    class Sub(user.Thing):  # type: ignore[misc, name-defined]
        pass

    class Model(BaseModel):
        model_config = ConfigDict(arbitrary_types_allowed=True)
        thing: user.Thing | None = None  # type: ignore[name-defined]

    real = sys.modules["lz_pkg.sub.leaf"].Thing
    assert Sub.__mro__[1] is real
    assert isinstance(Model(thing=Sub()).thing, real)
    with pytest.raises(ValueError):
        Model(thing=object())


def test_an_undeclared_name_runs_it_at_once(tree: Path) -> None:
    lazy_package("lz_pkg", _NAMES)
    (tree / "lz_sub_user.py").write_text("from lz_pkg import ANSWER\n")
    assert importlib.import_module("lz_sub_user").ANSWER == 42
    assert importlib.import_module("lz_marks").RAN == ["pkg", "sub", "leaf"]


def test_an_imported_package_is_left_alone(tree: Path) -> None:
    pkg = importlib.import_module("lz_pkg")
    lazy_package("lz_pkg", _NAMES)
    assert sys.modules["lz_pkg"] is pkg and type(pkg).__name__ == "module"
