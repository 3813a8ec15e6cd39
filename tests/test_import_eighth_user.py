"""The eighth user's findings on import (issue 11, fu11j) and F4 of issue 13 (fu13f): reference
forms, a Word part declaring entities, checks on correct text, search order, glossary lists, the
default edition and the encoding hint. Every input is written here, every expected value read off
it by hand."""

from __future__ import annotations

import zipfile

import pytest
import yaml


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
    r = cli("import", "--edition", "A", str(src), "-o", str(tmp_path / "OUT"))
    assert r.exit_code == 2 and r.stderr.count("\n") == 1, r.stderr
    assert "ent.docx: broken .docx: word/document.xml has a document type declaration" in r.stderr
    assert not (tmp_path / "OUT").exists()


# --- reference forms (fu11j #12) ----------------------------------------------------------------


@pytest.mark.parametrize("text, raw, numbers", [
    ("Смотрите 100.1.", "Смотрите 100.1", ["100.1"]),
    ("Смотри п.100.1.", "Смотри п.100.1", ["100.1"]),
    ("Описано в главе 100.", "главе 100", ["100"]),
    ("Как в ст. 100.2.", "ст. 100.2", ["100.2"]),
    ("Это так (100.2).", "(100.2)", ["100.2"]),
    # the item written apart from its paragraph: the letter stays with the number
    ("Это так, см. 100.1 а).", "см. 100.1 а)", ["100.1а"]),
    ("Как в пункте 100.1 «а».", "пункте 100.1 «а»", ["100.1а"]),
    ("Как сказано в подпункте «б» пункта 100.1.", "подпункте «б» пункта 100.1", ["100.1б"]),
    # «и» between two numbers is a word, not item и)
    ("см. 100.1 и 100.2", "см. 100.1 и 100.2", ["100.1", "100.2"]),
])
def test_reference_forms_a_reader_reads(text, raw, numbers):
    from berserk_kb.text.references import find_cross_references

    [(found_raw, found, offset, external, _)] = find_cross_references(text)
    assert (found_raw, found, external) == (raw, numbers, [None] * len(numbers))
    assert text[offset:offset + len(raw)] == raw


@pytest.mark.parametrize("text", [
    "Сила удара (12) и цена (1.5).",  # values in brackets
    "Подробнее на стр. (100).",       # a page: no dot, no paragraph shape
    "Главный игрок 100 раз.",         # «глав…» not «главе»
])
def test_bracketed_values_are_no_references(text):
    from berserk_kb.text.references import find_cross_references

    assert find_cross_references(text) == []


def test_a_document_named_before_the_number_is_another_document(tmp_path, cli):
    """«См. Турнирные правила, п. 2.1.» was counted «outside the loaded text» by the summary while
    the JSON said external; the title before the number names the document. «Эти правила, п. 2.1»
    names this one. Summary by hand: 100.1 (section 100), 100.2, 101.1 cites 100.1а (item а of
    100.1), 101.2 cites 2.1 of «Турнирные правила»: 2 references, 1 resolved, 1 to another document."""
    from berserk_kb.text.references import find_cross_references

    assert find_cross_references("См. Турнирные правила, п. 2.1.")[0][3] == ["Турнирные правила"]
    assert find_cross_references("Эти правила, п. 2.1")[0][3] == [None]
    src = tmp_path / "r.txt"
    src.write_text("100. Раздел\n100.1. Варианты:\nа) первый;\nб) второй.\n100.2. Второй.\n101. Ссылки\n"
                   "101.1. Это так, см. 100.1 а).\n101.2. См. Турнирные правила, п. 2.1.\n", encoding="utf-8")
    r = cli("import", str(src), "-o", str(tmp_path / "OUT"), "--edition", "R")
    assert r.exit_code == 0, r.stderr
    assert "2 references: 1 resolved, 1 to other documents, 0 outside the loaded text, 0 unresolved" in r.stdout
    shown = cli("show", "101.1", "--kb", str(tmp_path / "OUT"))
    assert "100.1а  «см. 100.1 а)» → R:100.1/item1" in shown.stdout, shown.stdout


# --- checks on correct text (fu11j #17, #7, #10, #1) --------------------------------------------


def _findings(tmp_path, text: str, code: str) -> list:
    from berserk_kb import KnowledgeBase
    from berserk_kb.checks import run_checks
    from conftest import make_kb

    return list(run_checks(KnowledgeBase(make_kb(tmp_path, {"f.txt": text})), only=[code]).findings)


def test_a_comma_after_an_abbreviation_is_no_doubled_punctuation(tmp_path):
    """«и т. п., и др.» is right Russian: the dot ends «п», the comma the clause (no finding). In
    «т.д. ,» the dot is right too; the slip is the space before the comma, and the advice is to
    drop the space («т.д.,»), not a mark. «значению..» stays a doubled mark."""
    text = ("700.1. Все карты, и т. п., и др. остаются на столе.\n"
            "700.2. Без сомнения, т.е. и т.д. , всё верно.\n"
            "700.3. Бросок сводится к значению..\n")
    said = sorted((f.message, f.suggestion) for f in _findings(tmp_path, text, "L008"))
    # the excerpt is the 15 characters before the marks: «ния, т.е. и т.д», «ится к значению»
    assert said == [("«…ится к значению..» has doubled punctuation", "keep one mark"),
                    ("«…ния, т.е. и т.д. ,» has a space before the comma", "«ния, т.е. и т.д.,»")]


@pytest.mark.parametrize("text", [
    # an indented «i.» under «b.»: a roman sub-list of one item, not a Latin list starting at «i»
    "702.1. Прыжок позволяет переместиться:\n a. вперёд;\n b. назад;\n    i. только если клетка свободна.\n",
    # a PDF's text lost the indentation: the dashes after «б)» are its sub-list, not a third style
    "602.1. Золото тратится на:\nа) открытие карт;\nб) выставление героев;\n– героя можно выставить один раз;\n"
    "– героя нельзя выставить в первый ход.\n",
])
def test_list_lettering_is_quiet_on_nested_sub_lists(tmp_path, text):
    assert _findings(tmp_path, text, "L004") == []


def test_list_lettering_still_sees_a_missing_letter_around_a_dash_run(tmp_path):
    """The dash run after «а)» is set aside; «а)» then «в)» still skips «б» (one warning), and the
    run's last item «– второе;» is no open end: «в)» follows it."""
    text = "602.1. Список:\nа) первый;\n– первое;\n– второе;\nв) третий.\n"
    [f] = _findings(tmp_path, text, "L004")
    assert "«а)»" in f.message and "«в)»" in f.message and f.suggestion and "«б»" in f.suggestion, (f.message, f.suggestion)


def test_a_number_cited_twice_by_one_paragraph_is_one_finding(tmp_path):
    """fu11j #1: «Если правило 302.1 противоречит этому пункту, действует правило 302.1.» with no
    302.1 printed was two S005 warnings with one stable id. By hand: one paragraph (303.1), one
    missing number (302.1 inside section 302, which 302 prints) → one warning."""
    text = ("302. Раздел\n302.2. Текст.\n303. Другой\n"
            "303.1. Если правило 302.1 противоречит этому пункту, действует правило 302.1.\n")
    found = _findings(tmp_path, text, "S005")
    assert [(f.severity, f.paragraph) for f in found] == [("warning", "X:303.1")], found


# --- search, show, import defaults, encoding hint (fu11j #18, #14, #15, #21) ----------------------


def test_a_contents_line_ranks_below_the_section_it_lists(tmp_path):
    """fu11j #18: the contents line «601. Кристаллы …… 2» was the first hit for «кристаллы». By
    hand: the word stands in the contents line, in section 601's title and in 601.1 — the two rules
    come first (reading order), the contents line last."""
    from berserk_kb import KnowledgeBase
    from conftest import make_kb

    text = ("Содержание\n600. Ресурсы ........ 1\n601. Кристаллы ........ 2\n602. Золото ........ 3\n\n"
            "600. Ресурсы\n600.1. Ресурс.\n601. Кристаллы\n601.1. Кристаллы тратятся при розыгрыше.\n"
            "602. Золото\n602.1. Золото.\n")
    hits = KnowledgeBase(make_kb(tmp_path, {"f.txt": text})).search("кристаллы").hits
    assert [(h.number, h.label) for h in hits] == [("601", "paragraph"), ("601.1", "paragraph"), (None, "contents")]


def test_a_glossary_written_as_a_list_is_found_by_term(tmp_path, cli):
    """fu11j #14: «- **Яд Х** — отравление на Х ран.» was not found by `show "Яд Х"`. The entry
    is found (any case), the paragraph holding it shown, the entry marked ▶; a word that is no
    entry's term still is not found."""
    src = tmp_path / "g.md"
    src.write_text("# 200. Термины\n\n200.1. Термины приведены ниже.\n\n## Глоссарий\n\n"
                   "- **Яд Х** — отравление на Х ран.\n- **Щит** — защита от одного удара.\n", encoding="utf-8")
    assert cli("import", str(src), "-o", str(tmp_path / "OUT"), "--edition", "G").exit_code == 0
    for term, entry in (("Яд Х", "Яд Х — отравление на Х ран."), ("щит", "Щит — защита от одного удара.")):
        r = cli("show", term, "--kb", str(tmp_path / "OUT"))
        assert r.exit_code == 0, r.stderr
        [marked] = [ln for ln in r.stdout.splitlines() if "▶" in ln]
        assert marked.endswith(entry), r.stdout
    assert cli("show", "отравление", "--kb", str(tmp_path / "OUT")).exit_code == 2


def test_import_without_edition_never_takes_a_bundled_id(tmp_path, cli):
    """fu11j #15: without --edition a foreign rulebook became edition A, the id of the bundled
    edition whose mechanics are encoded (`why --edition A --kb DIR` would apply them to it). The
    issue's command form keeps --edition optional: the default is the id `imported`, which no
    edition data describes — the manifest says it, `show` labels the paragraph with it."""
    src = tmp_path / "r.txt"
    src.write_text("100. Раздел\n100.1. Текст.\n", encoding="utf-8")
    assert cli("import", str(src), "-o", str(tmp_path / "OUT")).exit_code == 0
    manifest = yaml.safe_load((tmp_path / "OUT" / "sources" / "manifest.yaml").read_text(encoding="utf-8"))
    assert [e["id"] for e in manifest["editions"]] == ["imported"], manifest
    r = cli("show", "100.1", "--kb", str(tmp_path / "OUT"), "--json")
    assert r.exit_code == 0 and '"imported"' in r.stdout and '"A"' not in r.stdout, r.stdout


@pytest.mark.parametrize("encoding, named", [("koi8-r", "KOI8-R"), ("cp1251", "Windows-1251")])
def test_the_encoding_hint_tells_koi8_r_from_windows_1251(tmp_path, cli, encoding, named):
    """fu11j #21: KOI8-R text was named Windows-1251 (following the hint gave mojibake). The same
    Russian lines in each: the hint names the one it is."""
    src = tmp_path / "r.txt"
    src.write_bytes("100. Движение\n100.1. Существо двигается на одну клетку за ход.\n".encode(encoding))
    r = cli("import", str(src), "-o", str(tmp_path / "OUT"), "--edition", "R")
    assert r.exit_code == 2 and r.stderr.count("\n") == 1, r.stderr
    assert r.stderr.rstrip().endswith(f"it looks like {named} (Cyrillic): save it as UTF-8"), r.stderr
