"""Coverage of the house rules: every exported Prolog predicate has PlDoc with a mode line."""

from __future__ import annotations

import re

import pytest

from berserk_kb.paths import PROLOG_DIR

MODULES = sorted(PROLOG_DIR.glob("*.pl"))


def exports(text: str) -> list[str]:
    m = re.search(r":-\s*module\(\s*\w+\s*,\s*\[(.*?)\]\s*\)\s*\.", text, re.S)
    assert m, "no module/2 declaration"
    body = re.sub(r"%[^\n]*", "", m.group(1))
    return [e.strip() for e in body.split(",") if e.strip()]


@pytest.mark.parametrize("module", MODULES, ids=[m.name for m in MODULES])
def test_every_export_has_pldoc_with_modes(module):
    text = module.read_text(encoding="utf-8")
    assert text.startswith(":- encoding(utf8)."), "`:- encoding(utf8).` must come first"
    for sig in exports(text):
        name, arity = sig.split("/")
        doc = re.search(rf"^%!\s+{re.escape(name)}\(([^)]*)\)", text, re.M)
        assert doc, f"{module.name}: {sig} has no PlDoc (%!  {name}(...))"
        args = [a for a in doc.group(1).split(",") if a.strip()]
        assert len(args) == int(arity), f"{module.name}: PlDoc of {sig} has {len(args)} arguments"
        assert all(a.strip()[0] in "+-?:@!" for a in args), f"{module.name}: PlDoc of {sig} lacks modes"
