"""The shape of the package, read from its source with ``ast``: the layers only point down, no module
imports another in a cycle or takes a private name from it, and no module is too long to read."""

from __future__ import annotations

import ast
import functools
import re
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "python" / "berserk_kb"

#: The layers, lowest first. A module may import from its own layer's package and from any layer
#: below; packages that share a layer do not import each other. ``__init__`` is the package root
#: (the public API), above everything.
LAYERS = [
    ("errors", "version", "repository", "progress"),  # what every layer may use
    ("store",),  # the one cache and the atomic writer
    ("text",),  # sources → model
    ("lexicon",),  # cards, names, links
    ("engine", "graph"),  # Prolog (the only package that imports pyswip); RDF
    ("scenario",),  # the contract, shape only
    ("explain",),  # why: run, results, compare, examples, the suite runner
    ("checks", "diff"),
    ("kb",),  # the facade
    ("render",),  # text for the command line, no computation
    ("cli_output",),  # how an error and a lost answer reach standard error (click only)
    ("cli_usage",),  # click's usage errors in the command's language
    ("cli_frame",),
    ("cli_answers",),  # what why and sparql print: the facade and render/, in the frame
    ("web",),  # the web interface: the facade and render/ below it, and only cli.py (serve, site) above
    ("cli",),
    ("__init__",),
]
RANK = {part: i for i, layer in enumerate(LAYERS) for part in layer}


def _modules() -> dict[str, Path]:
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(("berserk_kb", *parts))] = path
    return out


MODULES = _modules()


@functools.cache
def _tree(path: Path) -> ast.Module:
    """The module at ``path`` parsed, once per process (three tests walk every module)."""
    return ast.parse(path.read_text(encoding="utf-8"))


def _imports(name: str, path: Path) -> list[tuple[str, list[str], int]]:
    """(imported module of the package, names taken from it, line) for every import in the module
    ``name`` — at the top, inside functions and under ``TYPE_CHECKING`` alike."""
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    out = []
    for node in ast.walk(_tree(path)):
        if isinstance(node, ast.Import):
            out += [(a.name, [], node.lineno) for a in node.names if a.name.split(".")[0] == "berserk_kb"]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if target.split(".")[0] != "berserk_kb":
                continue
            names = [a.name for a in node.names]
            submodules = [f"{target}.{n}" for n in names if f"{target}.{n}" in MODULES]
            out += [(m, [], node.lineno) for m in submodules]
            rest = [n for n in names if f"{target}.{n}" not in MODULES]
            if rest or not submodules:
                out.append((target, rest, node.lineno))
    return out


@functools.cache
def _graph() -> dict[str, list[tuple[str, list[str], int]]]:
    """Every module's imports (:func:`_imports`), parsed when a test first asks (not at collection,
    in every pytest-xdist worker: a second of CPU each)."""
    return {name: _imports(name, path) for name, path in MODULES.items()}


def _part(module: str) -> str:
    """The layer part a module belongs to: its first package below ``berserk_kb`` (or the root)."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def test_every_module_is_in_a_layer():
    assert {_part(m) for m in MODULES} <= set(RANK), sorted({_part(m) for m in MODULES} - set(RANK))


def test_layers_only_point_down():
    wrong = []
    for name, imports in _graph().items():
        mine = _part(name)
        for target, _, line in imports:
            theirs = _part(target)
            if theirs != mine and RANK[theirs] >= RANK[mine]:
                wrong.append(f"{MODULES[name].relative_to(PACKAGE)}:{line} ({mine}) imports {target} ({theirs})")
    assert not wrong, "\n".join(wrong)


def test_no_import_cycle():
    edges = {name: {t for t, _, _ in imports if t != name} for name, imports in _graph().items()}
    state: dict[str, int] = {}  # 1: on the path, 2: done
    path: list[str] = []

    def visit(m: str) -> list[str] | None:
        state[m] = 1
        path.append(m)
        for t in sorted(edges.get(m, ())):
            if state.get(t) == 1:
                return path[path.index(t):] + [t]
            if t not in state and (found := visit(t)):
                return found
        state[m] = 2
        path.pop()
        return None

    for m in sorted(edges):
        if m not in state:
            cycle = visit(m)
            assert cycle is None, " → ".join(cycle)


def test_no_module_imports_a_private_name_of_another():
    wrong = [f"{MODULES[name].relative_to(PACKAGE)}:{line} takes {n} from {target}"
             for name, imports in _graph().items() for target, names, line in imports if target != name
             for n in names if n.startswith("_") and not n.startswith("__")]
    wrong += [f"{MODULES[name].relative_to(PACKAGE)}:{line} imports the private module {target}"
              for name, imports in _graph().items() for target, _, line in imports
              if any(p.startswith("_") and not p.startswith("__") for p in target.split("."))]
    assert not wrong, "\n".join(wrong)


def test_only_the_command_line_imports_the_web_interface():
    users = sorted({str(MODULES[name].relative_to(PACKAGE)) for name, imports in _graph().items()
                    if _part(name) != "web" for target, _, _ in imports if _part(target) == "web"})
    assert users == ["cli.py"], users


def test_the_architecture_page_names_every_part_of_the_tree():
    """docs/architecture.md's layer tables are the map of the tree: every package and top-level
    module of python/berserk_kb and every folder of prolog/ is named there (as `name/` or
    `name.py`), and nothing it names as a part is missing from the tree."""
    page = (PACKAGE.parents[1] / "docs" / "architecture.md").read_text(encoding="utf-8")
    tables = page.split("## Python layers", 1)[1].split("## What moved", 1)[0]
    parts = {p.name + "/" for p in PACKAGE.iterdir() if p.is_dir() and (p / "__init__.py").exists()}
    parts |= {p.name for p in PACKAGE.glob("*.py") if p.name != "__init__.py"}
    parts |= {p.name + "/" for p in (PACKAGE.parents[1] / "prolog").iterdir() if p.is_dir()}
    missing = sorted(p for p in parts if f"`{p}" not in tables)
    assert not missing, missing
    named = set(re.findall(r"^\| `([a-z_]+(?:/|\.py))", tables, flags=re.M))
    assert named <= parts, sorted(named - parts)


def test_the_command_line_asks_only_the_facade():
    """Issue 10: «The facade (`KnowledgeBase`) offers every command's operation …; the CLI calls
    only it»: cli.py, cli_frame.py, cli_output.py, cli_usage.py and cli_answers.py import, of the package, the facade (kb), the
    renderers, the errors, the progress display, the web commands and each other — no layer that does the work."""
    allowed = {"kb", "render", "errors", "progress", "web", "cli", "cli_frame", "cli_output", "cli_usage", "cli_answers"}
    wrong = [f"{MODULES[name].relative_to(PACKAGE)}:{line} imports {target}"
             for name in ("berserk_kb.cli", "berserk_kb.cli_frame", "berserk_kb.cli_output", "berserk_kb.cli_usage",
                          "berserk_kb.cli_answers")
             for target, _, line in _graph()[name]
             if _part(target) not in allowed]
    assert not wrong, "\n".join(wrong)


def test_only_the_engine_imports_pyswip():
    users = [str(path.relative_to(PACKAGE)) for path in MODULES.values()
             if any(isinstance(n, (ast.Import, ast.ImportFrom))
                    and any((a.name if isinstance(n, ast.Import) else (n.module or "")).split(".")[0] == "pyswip"
                            for a in n.names)
                    for n in ast.walk(_tree(path)))]
    assert users and all(u.startswith("engine/") for u in users), users


@pytest.mark.parametrize("name", sorted(MODULES), ids=sorted(str(p.relative_to(PACKAGE)) for p in MODULES.values()))
def test_no_module_is_over_400_lines(name):
    lines = len(MODULES[name].read_text(encoding="utf-8").splitlines())
    assert lines <= 400, f"{MODULES[name].relative_to(PACKAGE)} has {lines} lines"


PROLOG = PACKAGE.parents[1] / "prolog"
PROLOG_FILES = sorted(p for p in PROLOG.rglob("*.pl") if "tests" not in p.relative_to(PROLOG).parts)


@pytest.mark.parametrize("path", PROLOG_FILES, ids=[str(p.relative_to(PROLOG)) for p in PROLOG_FILES])
def test_no_prolog_module_is_over_400_lines(path):
    """The same limit for the Prolog code (prolog/, but the plunit suites under prolog/tests/)."""
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= 400, f"prolog/{path.relative_to(PROLOG)} has {lines} lines"


def test_the_prolog_size_test_sees_the_tree():
    assert len(PROLOG_FILES) >= 20 and PROLOG / "engine" / "explain.pl" in PROLOG_FILES


def test_the_command_line_is_under_300_lines():
    lines = len((PACKAGE / "cli.py").read_text(encoding="utf-8").splitlines())
    assert lines < 300, f"cli.py has {lines} lines"


def test_no_module_level_memo_dict():
    """A module keeps no cache of its own in a global dict or set: what a knowledge base derives is
    kept by the :class:`~berserk_kb.kb.KnowledgeBase` object or a functools cache."""
    wrong = []
    for path in MODULES.values():
        for node in _tree(path).body:
            target = node.target if isinstance(node, ast.AnnAssign) else \
                node.targets[0] if isinstance(node, ast.Assign) and len(node.targets) == 1 else None
            value = node.value if isinstance(node, (ast.Assign, ast.AnnAssign)) else None
            empty = isinstance(value, (ast.Dict, ast.Set, ast.List)) and not getattr(value, "keys", None) \
                and not getattr(value, "elts", None)
            empty = empty or (isinstance(value, ast.Call) and isinstance(value.func, ast.Name)
                              and value.func.id in ("dict", "set", "list") and not value.args)
            if isinstance(target, ast.Name) and empty:
                wrong.append(f"{path.relative_to(PACKAGE)}:{node.lineno} {target.id}")
    assert not wrong, "\n".join(wrong)


def test_the_public_api_names_every_result_type_and_error():
    import dataclasses
    import importlib

    import berserk_kb
    from berserk_kb.errors import BerserkError

    errors = {c.__name__ for c in vars(importlib.import_module("berserk_kb.errors")).values()
              if isinstance(c, type) and issubclass(c, BerserkError)}
    assert errors <= set(berserk_kb.__all__), errors - set(berserk_kb.__all__)
    results = set()
    for module in ("engine.views", "explain.results", "diff.results", "text.model", "text.search", "text.formats",
                   "text.formats.importer", "graph.export",
                   "lexicon.linking", "lexicon.carddb", "lexicon.cardfile"):
        m = importlib.import_module(f"berserk_kb.{module}")
        results |= {n for n, c in vars(m).items() if dataclasses.is_dataclass(c) and isinstance(c, type)
                    and c.__module__ == m.__name__ and not n.startswith("_")}
    assert results <= set(berserk_kb.__all__), sorted(results - set(berserk_kb.__all__))


def test_the_command_line_loads_no_library_its_command_does_not_need():
    """Starting ``berserk-kb`` (issue 15, cold start) loads the command line and the Prolog bridge
    only: the graph stores, the morphology, the scenario contract, the web and the document readers
    are imported by the commands that use them (and the bridge's owner thread needs no
    concurrent.futures, which loads logging). What ``show`` and ``refs`` add — the rulebook read
    from the cache and the lookups — loads no YAML reader, no card lexicon and no morphology
    either (those are for ``card`` and the scenario commands), and the number inferences that ``show``
    and ``why`` take from the check S004 load no other check."""
    import subprocess
    import sys

    heavy = ("rdflib", "pyoxigraph", "pyshacl", "pymorphy3", "pydantic", "jinja2", "starlette", "uvicorn",
             "docx", "lxml", "bs4", "markdown_it", "docutils", "rapidfuzz", "concurrent", "logging", "yaml",
             "berserk_kb.lexicon", "berserk_kb.text.morph", "berserk_kb.scenario", "berserk_kb.checks")
    code = ("import sys, berserk_kb.cli, berserk_kb.engine.bridge, berserk_kb.engine.lookup, berserk_kb.text.load; "
            f"print(sorted({{m for m in sys.modules for h in {heavy!r} if m == h or m.startswith(h + '.')}}))")
    code += ("; import berserk_kb.checks.structure; "  # why and show take S004's inferences, no other check
             "print(sorted(m for m in sys.modules if m.startswith('berserk_kb.checks')))")
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert loaded.split("\n")[:2] == [
        "[]", "['berserk_kb.checks', 'berserk_kb.checks.registry', 'berserk_kb.checks.structure']"], loaded


#: What web/ imports of the package besides the facade, render/, errors and itself — each named on
#: docs/architecture.md's web/ row (the page says why).
WEB_HELPERS = {"explain.sentences", "explain.refusals", "checks.messages", "text", "text.morph", "text.references",
               "engine.lookup", "cli_frame", "graph.store", "graph.sparql", "graph.child", "store.files", "text.readers",
               "scenario.load"}


def test_the_web_imports_what_the_architecture_page_says():
    """docs/architecture.md: web/ asks the facade and render/; the other modules it imports are the
    ones its row names, and no other."""
    page = (PACKAGE.parents[1] / "docs" / "architecture.md").read_text(encoding="utf-8")
    row = next(line for line in page.splitlines() if line.startswith("| `web/` |"))
    wrong = []
    for name, imports in _graph().items():
        if _part(name) != "web":
            continue
        for target, names, line in imports:
            if _part(target) in ("kb", "render", "errors", "web") or not target.startswith("berserk_kb"):
                continue
            inside = target.removeprefix("berserk_kb.")
            for each in [f"{inside}.{n}" for n in names if f"{inside}.{n}" in WEB_HELPERS] or [inside]:
                if each not in WEB_HELPERS or f"`{each}`" not in row:
                    wrong.append(f"{MODULES[name].relative_to(PACKAGE)}:{line} imports {target}")
    assert not wrong, "\n".join(wrong)
