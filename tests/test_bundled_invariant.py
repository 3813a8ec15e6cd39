"""The bundled rulebook reads exactly as it did before the real-rulebook importer (issue 11).

``tests/data/bundled-kb-invariant.json`` was written from the parser of commit 4089734 (main before
the importer work): the id of every unit in reading order, the id of every reference, and the
SHA-256 of the generated Prolog facts text — that digest taken again from main at b91c157 (before
the importer was ported onto it), whose one key recipe names the facts module differently
(``kb_<key>`` of :func:`~berserk_kb.store.entries.key`); the facts themselves are the same. The generalised parser (tables of contents, number
forms, lists, tables, glossaries, references) must leave the five bundled fragments alone."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from berserk_kb.engine.facts import facts_text
from berserk_kb.text.parse import parse_rulebook
from conftest import KB_DIR

EXPECTED = json.loads((Path(__file__).parent / "data" / "bundled-kb-invariant.json").read_text(encoding="utf-8"))


def test_unit_and_reference_ids_are_unchanged():
    rulebook = parse_rulebook(KB_DIR)
    assert [u.id for u in rulebook.units()] == EXPECTED["unit_ids"]
    assert [r.id for r in rulebook.references] == EXPECTED["reference_ids"]


def test_facts_digest_is_unchanged():
    text = facts_text(parse_rulebook(KB_DIR))
    assert hashlib.sha256(text.encode("utf-8")).hexdigest() == EXPECTED["facts_sha256"]
