"""Coverage of the house rules: every exported Prolog predicate has PlDoc with a mode line."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from berserk_kb.engine.code import code_files, prolog_dir

PROLOG_DIR = prolog_dir()
#: Every Prolog module: the code Python loads, and the plunit suites' helper modules.
MODULES = sorted({*code_files(PROLOG_DIR), *(PROLOG_DIR / "tests").glob("*.pl")})


def exports(text: str) -> list[str]:
    m = re.search(r":-\s*module\(\s*\w+\s*,\s*\[(.*?)\]\s*\)\s*\.", text, re.S)
    assert m, "no module/2 declaration"
    body = re.sub(r"%[^\n]*", "", m.group(1))
    return [e.strip() for e in body.split(",") if e.strip()]


@pytest.mark.parametrize("module", MODULES, ids=[m.relative_to(PROLOG_DIR).as_posix() for m in MODULES])
def test_every_export_has_pldoc_with_modes(module):
    text = module.read_text(encoding="utf-8")
    assert text.startswith(":- encoding(utf8)."), "`:- encoding(utf8).` must come first"
    for sig in exports(text):
        name, arity = sig.split("/")
        docs = [[a for a in d.split(",") if a.strip()]
                for d in re.findall(rf"^%!\s+{re.escape(name)}\(([^)]*)\)", text, re.M)]
        assert docs, f"{module.name}: {sig} has no PlDoc (%!  {name}(...))"
        args = next((d for d in docs if len(d) == int(arity)), None)  # name/2 and name/3 each have their own
        assert args is not None, f"{module.name}: no PlDoc of {sig} has {arity} arguments"
        assert all(a.strip()[0] in "+-?:@!" for a in args), f"{module.name}: PlDoc of {sig} lacks modes"


CITE_RE = re.compile(r"cite\('([^']+)'\)|^editions:rule\(.*'([^'\n]+)'\)\.[ \t]*$", re.M)


def test_every_paragraph_cited_by_a_clause_exists(rulebook):
    """Every cite('…') in prolog/, and every unit an edition's data says states a rule, names a
    unit of the bundled rulebook."""
    ids = {u.id for u in rulebook.units()}
    cited = {(m.group(1) or m.group(2), pl.name) for pl in MODULES
             for m in CITE_RE.finditer(pl.read_text(encoding="utf-8"))}
    assert len(cited) > 30
    missing = sorted((i, f) for i, f in cited if i not in ids)
    assert not missing, missing


def test_mechanic_clauses_use_no_cuts():
    """The meta-interpreter follows if-then-else, not cuts: no rule module has a `!` (the plunit
    suite explain.plt checks the loaded clauses of every mechanics module, and that every module
    of rules/ is one)."""
    modules = sorted((PROLOG_DIR / "rules").glob("*.pl"))
    assert len(modules) >= 10
    for path in modules:
        code = "\n".join(line.split("%", 1)[0] for line in path.read_text(encoding="utf-8").splitlines())
        code = re.sub(r'"[^"\n]*"', '""', code)
        assert "!" not in code, path.name


def test_every_cli_command_has_a_test():
    from berserk_kb.cli import main

    tests = "\n".join(p.read_text(encoding="utf-8") for p in Path(__file__).parent.glob("test_*.py"))
    for name in main.commands:
        assert re.search(rf'cli\(\s*"{name}"', tests), f"no test runs `berserk-kb {name}`"


PARAGRAPH_NUMBER = re.compile(r"(?<![\d.])\d{3}(?:\.\d+)+(?![\d.])")


def test_no_paragraph_number_in_the_scenario_and_explanation_code():
    """Python checks the shape of a scenario and renders the proof; every rule is a Prolog clause
    citing its paragraph. So no module of the scenario contract or of the explanation (scenario.py,
    why.py, examples.py, or the sub-packages scenario/ and explain/) names a paragraph number."""
    pkg = PROLOG_DIR.parent / "python" / "berserk_kb"
    files = [pkg / name for name in ("scenario.py", "why.py", "examples.py") if (pkg / name).is_file()]
    files += [p for sub in ("scenario", "explain") for p in sorted((pkg / sub).rglob("*.py"))]
    assert files, "no scenario or explanation module found"
    assert PARAGRAPH_NUMBER.search("519.3 а)") and PARAGRAPH_NUMBER.search("«540.3.1»")
    assert not PARAGRAPH_NUMBER.search("1.0 and 3.11")
    found = [f"{p.relative_to(pkg)}:{i}: {m.group(0)}" for p in files
             for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
             for m in PARAGRAPH_NUMBER.finditer(line)]
    assert not found, found


CYRILLIC = re.compile("[А-Яа-яЁё]")

#: Cyrillic literals that must stay in Python, by module: not words shown to users but Russian
#: input read. The lowercase letters a paragraph number may end in («100.2б»: the paragraph's list
#: item б), stripped to find the number's section.
CYRILLIC_ALLOWED = {"render/paragraphs.py": {"абвгдежзиклмнопрстуфхцчшщэюя"}}


def cyrillic_literals(source: str) -> list[tuple[int, str]]:
    """The string literals of ``source`` (f-strings' parts too) holding a Cyrillic letter, with
    their lines; docstrings (module, class, function) are documentation, not words shown."""
    import ast

    tree = ast.parse(source)
    docs = {id(node.body[0].value) for node in ast.walk(tree)
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
            and node.body and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
    return [(node.lineno, node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs
            and CYRILLIC.search(node.value)]


def test_no_russian_words_in_the_scenario_rendering_and_explanation_code():
    """The words shown to users live in the language packs (prolog/lang/<lang>.pl: labels,
    templates, words, refusals), read through the pack, and the rule text a check quotes lives in
    the Prolog clause that implements it; no module under scenario/, render/ or explain/ holds a
    Cyrillic string literal, except the Russian input it reads (CYRILLIC_ALLOWED, with its reason)."""
    assert cyrillic_literals('"""Документ."""\nx = f"Событие {n}"\n# комментарий\n') == [(2, "Событие ")]
    pkg = PROLOG_DIR.parent / "python" / "berserk_kb"
    files = [p for sub in ("scenario", "render", "explain") for p in sorted((pkg / sub).rglob("*.py"))]
    assert len(files) > 10, "no scenario, rendering or explanation module found"
    assert any(p.parent.name == "scenario" for p in files), "no scenario module found"
    found = [f"{p.relative_to(pkg)}:{line}: {text!r}" for p in files
             for line, text in cyrillic_literals(p.read_text(encoding="utf-8"))
             if text not in CYRILLIC_ALLOWED.get(p.relative_to(pkg).as_posix(), set())]
    assert not found, found
