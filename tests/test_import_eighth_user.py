"""The eighth user's findings on import (issue 11, fu11j) and F4 of issue 13 (fu13f): reference
forms, a Word part declaring entities, checks on correct text, search order, glossary lists, the
default edition and the encoding hint. Every input is written here, every expected value read off
it by hand."""

from __future__ import annotations

import zipfile

import pytest


def _with_doctype(tmp_path, declaration: str):
    """A .docx (python-docx's own) whose word/document.xml carries ``declaration`` and a run
    «101.1. Текст &x; конец.» that refers to the entity it declares."""
    from docx_maker import DocxMaker

    d = DocxMaker()
    d.para("101.1. Текст ENTITY конец.")
    good = d.save(tmp_path / "good.docx")
    bad = tmp_path / "ent.docx"
    with zipfile.ZipFile(good) as zin, zipfile.ZipFile(bad, "w") as zout:
        for item in zin.infolist():
            data = zin.read(item.filename)
            if item.filename == "word/document.xml":
                head, _, body = data.partition(b"?>")
                data = head + b"?>" + declaration.encode() + body.replace(b"ENTITY", b"&x;")
            zout.writestr(item, data)
    return bad


@pytest.mark.parametrize("declaration", [
    '<!DOCTYPE d [<!ENTITY x "слово">]>',
    '<!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/hostname">]>',
])
def test_a_docx_declaring_entities_is_refused_naming_the_part(tmp_path, cli, declaration):
    """fu13f F4 / fu11j #16: «Текст &x; конец.» was imported as «101.1. Текст», exit 0 — the words
    after the entity silently gone. Now: one line naming the file and the part, exit 2, nothing
    written; the external entity is never read (the refusal comes before any expansion)."""
    src = _with_doctype(tmp_path, declaration)
    r = cli("import", str(src), "-o", str(tmp_path / "OUT"))
    assert r.exit_code == 2 and r.stderr.count("\n") == 1, r.stderr
    assert "ent.docx: broken .docx: word/document.xml has a document type declaration" in r.stderr
    assert not (tmp_path / "OUT").exists()
