"""The import contract: layers point downward, and no package imports itself in a cycle.

``app`` → ``agents`` → ``pipelines`` → ``memory``, with ``core`` importable by all and
importing none of them. Every import counts, including those inside functions (a lazy
import is still a dependency).
"""
from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LAYERS = {"core": 0, "memory": 1, "pipelines": 2, "agents": 3, "app": 4}


def _modules() -> dict[str, Path]:
    out = {}
    for top in LAYERS:
        for path in (ROOT / top).rglob("*.py"):
            rel = path.relative_to(ROOT).with_suffix("")
            parts = list(rel.parts)
            if parts[-1] == "__init__":
                parts = parts[:-1]
            out[".".join(parts)] = path
    return out


def _imports(path: Path, module: str) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                name = ".".join(base + ([node.module] if node.module else []))
            else:
                name = node.module or ""
            found.add(name)
            found.update(f"{name}.{a.name}" for a in node.names)
    return {f for f in found if f.split(".")[0] in LAYERS}


def test_no_module_imports_a_layer_above_its_own() -> None:
    upward = []
    for module, path in _modules().items():
        own = LAYERS[module.split(".")[0]]
        for target in _imports(path, module):
            if LAYERS[target.split(".")[0]] > own:
                upward.append(f"{module} imports {target}")
    assert not upward, "imports must point downward (app → agents → pipelines → memory; core for all):\n" + "\n".join(sorted(upward))


def test_no_import_cycle_between_modules() -> None:
    modules = _modules()
    graph: dict[str, set[str]] = defaultdict(set)
    for module, path in modules.items():
        for target in _imports(path, module):
            while target and target not in modules:
                target = target.rpartition(".")[0]
            if target and target != module and not module.startswith(target + "."):
                graph[module].add(target)
    seen: dict[str, int] = {}
    stack: list[str] = []
    cycles: list[str] = []

    def visit(node: str) -> None:
        seen[node] = 1
        stack.append(node)
        for nxt in sorted(graph[node]):
            if seen.get(nxt) == 1:
                cycles.append(" → ".join(stack[stack.index(nxt):] + [nxt]))
            elif nxt not in seen:
                visit(nxt)
        stack.pop()
        seen[node] = 2

    for node in sorted(modules):
        if node not in seen:
            visit(node)
    assert not cycles, "import cycles:\n" + "\n".join(cycles)
