"""berserk-kb import on layouts a fresh user brought (issue 11, second round): multi-level Word
numbering, indented numbers, tables of contents in every format, references outside the loaded
text, and the folder written safely (comments of the manifest kept, another device, a signal)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from berserk_kb.text.formats import read_source
from berserk_kb.text.formats.importer import import_rulebook
from docx_maker import DocxMaker, level
from test_import import _kb, _loss_free


def test_docx_multi_level_numbering_writes_the_numbers_word_shows(tmp_path):
    """Word's own multi-level list: level 0 «%1.» from 100, level 1 «%1.%2.», level 2 «%1.%2%3.» in
    russianLower, each level indented further by Word. Word shows «100.», «100.1.», «100.2.»,
    «100.2а.», «100.2б.», «101.», «101.1.» — numbers that are nowhere in the paragraphs' text. They
    are paragraph numbers whatever the indentation: 100.1 stands under 100, 100.2б under 100.2, and
    «см. п. 100.2б» resolves to it; each line's provenance keeps the number Word drew."""
    d = DocxMaker()
    d.add_numbering(1, [level(0, 100, "decimal", "%1."), level(1, 1, "decimal", "%1.%2."),
                        level(2, 1, "russianLower", "%1.%2%3.")])
    d.numbered("Общие положения", 1, 0)
    d.numbered("Игра ведётся двумя игроками.", 1, 1)
    d.numbered("Ход состоит из этапов:", 1, 1)
    d.numbered("начало хода;", 1, 2)
    d.numbered("конец хода.", 1, 2)
    d.numbered("Ход игры", 1, 0)
    d.numbered("Игрок берёт карту (см. п. 100.2б).", 1, 1)
    src = d.save(tmp_path / "multi.docx")
    out = tmp_path / "OUT"
    summary = import_rulebook([src], out, "W")
    kb = _kb(out)
    (p,) = kb.show("100.1")
    assert p.text == "Игра ведётся двумя игроками." and p.parent.number == "100"
    (b,) = kb.show("100.2б")
    assert b.text == "конец хода." and b.parent.number == "100.2"
    (c,) = kb.show("101.1")
    assert c.parent.number == "101" and [r.target.id for r in c.cites] == ["W:100.2б"]
    origin = json.loads((out / "sources" / "origins" / f"{summary.fragments[0]}.json").read_text(encoding="utf-8"))
    shown = [line[2] for line in origin["lines"] if len(line) > 2]
    assert shown == ["100.", "100.1.", "100.2.", "100.2а.", "100.2б.", "101.", "101.1."]
    _loss_free(out)


@pytest.mark.parametrize("name", ["rules.txt", "rules.md"])
def test_indented_numbers_are_numbered_paragraphs(tmp_path, name):
    """A PDF turned into text indents sub-paragraphs: «  100.1. …», a tab before «100.2 …» (no
    dot), four spaces before «100.2.1. …». Each is the paragraph its number says, under its parent."""
    src = tmp_path / name
    src.write_text("100. Общие положения\n\n  100.1. Игра ведётся двумя игроками.\n\n\t100.2 Ход игры.\n\n"
                   "    100.2.1. Ход состоит из этапов.\n", encoding="utf-8")
    out = tmp_path / "OUT"
    import_rulebook([src], out, "T")
    kb = _kb(out)
    assert kb.show("100.1")[0].parent.number == "100"
    assert kb.show("100.2")[0].text.strip() == "Ход игры."
    assert kb.show("100.2.1")[0].parent.number == "100.2"
    _loss_free(out)


_BODY_TITLES = ("Общие положения", "Ход игры", "Карты")


def _toc_docx(path: Path) -> Path:
    """Word's automatic contents: a «TOC \\o» field over entries «Title<tab>page» (each entry a
    hyperlink with a nested PAGEREF field), under a plain «Оглавление» line."""
    from docx.oxml import parse_xml

    w = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'

    def fld(kind: str) -> str:
        return f'<w:r><w:fldChar w:fldCharType="{kind}"/></w:r>'

    d = DocxMaker()
    d.para("Оглавление")
    body = d.doc.element.body
    for k, title in enumerate(_BODY_TITLES):
        start = fld("begin") + '<w:r><w:instrText xml:space="preserve"> TOC \\o "1-3" \\h </w:instrText></w:r>' \
            + fld("separate") if k == 0 else ""
        end = fld("end") if k == len(_BODY_TITLES) - 1 else ""
        page = (fld("begin") + '<w:r><w:instrText> PAGEREF _Toc1 \\h </w:instrText></w:r>' + fld("separate")
                + f"<w:r><w:t>{k + 2}</w:t></w:r>" + fld("end"))
        body[-1].addprevious(parse_xml(f"<w:p {w}>{start}<w:r><w:t>{title}</w:t></w:r><w:r><w:tab/></w:r>{page}{end}</w:p>"))
    for n, title in zip((100, 101, 102), _BODY_TITLES):
        d.heading(f"{n}. {title}", 1)
        d.para(f"{n}.1. Текст раздела {title.lower()}.")
    return d.save(path)


_TOC_SOURCES = {
    "rules.txt": "Оглавление\nОбщие положения ........ 2\nХод игры 3\nКарты 4\n\n"
                 + "".join(f"{n}. {t}\n{n}.1. Текст раздела {t.lower()}.\n\n" for n, t in zip((100, 101, 102), _BODY_TITLES)),
    "leaders.txt": "".join(f"{t} ........ {k + 2}\n" for k, t in enumerate(_BODY_TITLES)) + "\n"
                   + "".join(f"{n}. {t}\n{n}.1. Текст раздела {t.lower()}.\n\n" for n, t in zip((100, 101, 102), _BODY_TITLES)),
    "rules.md": "## Содержание\n\n" + "".join(f"- [{t}](#s{k})\n" for k, t in enumerate(_BODY_TITLES)) + "\n"
                + "".join(f"## {n}. {t}\n\n{n}.1. Текст раздела {t.lower()}.\n\n" for n, t in zip((100, 101, 102), _BODY_TITLES)),
    "rules.html": "<h2>Оглавление</h2><ul>" + "".join(f'<li><a href="#s{k}">{t}</a></li>' for k, t in enumerate(_BODY_TITLES))
                  + "</ul>" + "".join(f'<h2 id="s{k}">{n}. {t}</h2><p>{n}.1. Текст раздела {t.lower()}.</p>'
                                      for k, (n, t) in enumerate(zip((100, 101, 102), _BODY_TITLES))),
    "rules.rst": ".. contents:: Содержание\n\n" + "".join(f"{n}. {t}\n{'=' * 30}\n\n{n}.1. Текст раздела {t.lower()}.\n\n"
                                                        for n, t in zip((100, 101, 102), _BODY_TITLES)),
    "rules.docx": None,
}


@pytest.mark.parametrize("name", sorted(_TOC_SOURCES))
def test_unnumbered_contents_in_every_format_owns_nothing(tmp_path, name):
    """A contents of unnumbered titles — with a heading word («Оглавление», «Содержание») and page
    numbers, dot leaders only, a Markdown or HTML list of links to anchors, docutils' own
    ``contents`` directive, Word's TOC field — lists the three sections the body then prints as
    «100. Общие положения», «101. Ход игры», «102. Карты». The contents (its heading word too) is
    contents: the sections have no parent (the heading word is not their parent), 101.1 stands
    under 101, and no heading unit is left named «Оглавление»/«Содержание»."""
    src = tmp_path / name
    if name.endswith(".docx"):
        _toc_docx(src)
    else:
        src.write_text(_TOC_SOURCES[name], encoding="utf-8")
    out = tmp_path / "OUT"
    import_rulebook([src], out, "C")
    rb = _kb(out).rulebook
    toc = [p for p in rb.paragraphs if p.kind.value == "contents"]
    titles = [t for t in _BODY_TITLES if any(t in p.text for p in toc)]
    assert titles == list(_BODY_TITLES), [p.text for p in rb.paragraphs]
    assert len(toc) == 3 + (name != "leaders.txt")
    by_number = {p.number: p for p in rb.paragraphs if p.number}
    assert sorted(by_number) == ["100", "100.1", "101", "101.1", "102", "102.1"]
    assert [by_number[n].parent for n in ("100", "101", "102")] == [None, None, None]
    assert by_number["101.1"].parent == by_number["101"].id
    assert not [p for p in rb.paragraphs if p.kind.value != "contents" and p.text.strip(" #") in ("Оглавление", "Содержание")]
    _loss_free(out)


def test_references_outside_the_loaded_text_are_marked_external(tmp_path, cli):
    """«см. п. 900.1»: the text prints no section 900 — outside the loaded text (external);
    «п. 5.3 Турнирных правил»: another document (external, named); «см. п. 100.9»: section 100 is
    printed but 100.9 is not — dangling, not external. ``show --json`` says so in ``external`` and
    ``document``; the text output of ``show`` and ``refs`` says «outside the loaded text»."""
    src = tmp_path / "r.txt"
    src.write_text("100. Общие положения\n\n100.1. Игрок ходит (см. п. 900.1), согласно п. 5.3 Турнирных правил "
                   "и см. п. 100.9.\n", encoding="utf-8")
    out = tmp_path / "OUT"
    summary = import_rulebook([src], out, "E")
    assert (summary.counts["references"], summary.counts["external"], summary.counts["outside"]) == (3, 1, 1)
    r = cli("show", "100.1", "--json", "--kb", str(out))
    assert r.exit_code == 0, r.output
    cites = {c["number"]: c for c in json.loads(r.stdout)[0]["cites"]}
    assert (cites["900.1"]["external"], cites["900.1"]["document"]) == (True, None)
    assert (cites["5.3"]["external"], cites["5.3"]["document"]) == (True, "Турнирных правил")
    assert (cites["100.9"]["external"], cites["100.9"]["resolved"]) == (False, False)
    text = cli("show", "100.1", "--kb", str(out)).stdout
    assert "900.1  «см. п. 900.1» → unresolved, external: outside the loaded text (edition E prints no section 900)" in text
    assert "→ unresolved, external: another document («Турнирных правил»)" in text
    assert "«см. п. 100.9» → unresolved: edition E prints no 100.9" in text
    refs = cli("refs", "100.1", "--kb", str(out)).stdout
    assert "→ 900.1  «см. п. 900.1»  unresolved, external: outside the loaded text" in refs


MANIFEST = """# Правила клуба — редактирует Семён, не удалять
title: Правила клуба   # как на обложке

editions:
  # основная редакция
  - id: A
    title: "Первая"   # так в книге
    description: основная
    fragments:
      - A_01_a.txt   # глава 1
# всё, что ниже, — заметки
"""


def test_adding_and_replacing_an_edition_keeps_the_manifest_comments(tmp_path):
    """The user's manifest has comments, a blank line, quoting and its own key order. Adding
    edition B appends B after A and keeps every line as it was; replacing B (--force) again keeps
    them; the folder still reads, with both editions."""
    a, b = tmp_path / "a.txt", tmp_path / "b.txt"
    a.write_text("100. Первое.\n", encoding="utf-8")
    b.write_text("100. Второе.\n", encoding="utf-8")
    out = tmp_path / "OUT"
    import_rulebook([a], out, "A")
    manifest = out / "sources" / "manifest.yaml"
    manifest.write_text(MANIFEST, encoding="utf-8")
    import_rulebook([b], out, "B")
    text = manifest.read_text(encoding="utf-8")
    assert text.startswith(MANIFEST.split("# всё, что ниже")[0]), text  # every line of A and above, as written
    assert text.rstrip().endswith("# всё, что ниже, — заметки")
    assert "  - id: B\n" in text and text.index("id: A") < text.index("id: B")
    import_rulebook([a], out, "B", force=True)
    again = manifest.read_text(encoding="utf-8")
    assert again.startswith(MANIFEST.split("# всё, что ниже")[0]) and "# всё, что ниже, — заметки" in again
    assert [v.text for v in _kb(out).show("100")] == ["Первое.", "Первое."]
    assert _kb(out).rulebook.title == "Правила клуба"


def test_a_dir_on_another_device_is_written_by_renames_inside_it(tmp_path, monkeypatch):
    """DIR is a mount point: a rename between DIR and anything outside it fails with EXDEV (as the
    kernel does across devices). Creating DIR, adding an edition and replacing one all work, and
    nothing is left beside DIR or inside it but ``sources``."""
    import errno
    import os

    out = tmp_path / "mnt"
    real = os.rename

    def rename(src, dst):
        inside = [Path(p).resolve().is_relative_to(out.resolve()) for p in (src, dst)]
        if inside[0] != inside[1]:
            raise OSError(errno.EXDEV, "Invalid cross-device link")
        real(src, dst)

    monkeypatch.setattr(os, "rename", rename)
    a, b = tmp_path / "a.txt", tmp_path / "b.txt"
    a.write_text("100. Первое.\n", encoding="utf-8")
    b.write_text("100. Второе.\n", encoding="utf-8")
    import_rulebook([a], out, "A")
    import_rulebook([b], out, "B")
    import_rulebook([a], out, "B", force=True)
    assert [p.name for p in out.iterdir()] == ["sources"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.txt", "b.txt", "mnt"]
    assert [v.text for v in _kb(out).show("100")] == ["Первое.", "Первое."]


def test_a_new_dir_gets_the_users_umask_not_0700(tmp_path):
    """A folder the import creates is made like any other (0777 less the umask), not with the
    private mode of a temporary folder."""
    import os

    src = tmp_path / "a.txt"
    src.write_text("100. Первое.\n", encoding="utf-8")
    old = os.umask(0o022)
    try:
        import_rulebook([src], tmp_path / "OUT", "A")
    finally:
        os.umask(old)
    assert (tmp_path / "OUT").stat().st_mode & 0o777 == 0o755
    assert (tmp_path / "OUT" / "sources").stat().st_mode & 0o777 == 0o755


def test_sigterm_during_an_import_leaves_nothing(tmp_path):
    """``berserk-kb import`` of a big generated document, sent SIGTERM while it builds the folder
    (its hidden ``.import-*`` folder exists): it exits with 143 (128 + SIGTERM) and leaves neither
    DIR (which it created) nor any temporary folder."""
    import signal
    import subprocess
    import sys
    import time

    src = tmp_path / "big.txt"
    src.write_text("".join(f"{100 + s}. Раздел номер {s}\n\n" + "".join(
        f"{100 + s}.{k}. Существо атакует другое существо, см. п. {100 + s}.1.\n\n" for k in range(1, 20))
        for s in range(300)), encoding="utf-8")
    out = tmp_path / "OUT"
    proc = subprocess.Popen([sys.executable, "-c", "from berserk_kb.cli import main; main()", "import", str(src),
                             "-o", str(out), "--edition", "A"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 120
    while not list(out.glob(".import-*")) and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.005)
    assert proc.poll() is None, "the import ended before it could be interrupted"
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(timeout=60) == 128 + signal.SIGTERM, proc.stderr.read() if proc.stderr else ""
    assert sorted(p.name for p in tmp_path.iterdir()) == ["big.txt"]


def test_sigterm_during_an_export_leaves_no_temporary(tmp_path):
    """``berserk-kb export -o DIR/r.ttl``, sent SIGTERM while it writes the file (held in the middle
    of each write: ``BERSERK_KB_TEST_PAUSE_WRITE=stop``; its hidden ``.r.ttl.*`` temporary exists):
    it exits with 143 and leaves nothing in DIR (a 688 KB temporary stayed, and no later export
    removed it)."""
    import signal
    import subprocess
    import sys
    import time

    from test_cache import stopped_in_a_write

    out = tmp_path / "out"
    out.mkdir()
    proc = subprocess.Popen([sys.executable, "-c", "from berserk_kb.cli import main; main()", "export", "-o",
                             str(out / "r.ttl")], env={**os.environ, "BERSERK_KB_TEST_PAUSE_WRITE": "stop"},
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
    deadline = time.monotonic() + 120
    while stopped_in_a_write(proc, deadline) and not list(out.glob(".r.ttl.*")):  # a write of the cache's
        os.killpg(proc.pid, signal.SIGCONT)
    assert list(out.glob(".r.ttl.*")), "the export ended before its file was written"
    proc.send_signal(signal.SIGTERM)
    os.killpg(proc.pid, signal.SIGCONT)
    assert proc.wait(timeout=60) == 128 + signal.SIGTERM, proc.stderr.read() if proc.stderr else ""
    assert list(out.iterdir()) == []


def test_a_stop_right_after_the_working_folder_is_made_leaves_nothing(tmp_path, monkeypatch):
    """The window the SIGTERM test above met now and then: a stop (SystemExit 143, what SIGTERM
    raises) just after the ``.import-*`` folder is made. ``tempfile.mkdtemp`` made it before the
    import knew its name, so the folder — and DIR, which the import had made — stayed."""
    from berserk_kb.text.formats import importer, staging

    def stopped(work):
        staging.make_working(work)
        raise SystemExit(143)

    monkeypatch.setattr(importer, "make_working", stopped)
    src = tmp_path / "a.txt"
    src.write_text("100. Раздел\n\n100.1. Текст.\n", encoding="utf-8")
    with pytest.raises(SystemExit):
        importer.import_rulebook([src], tmp_path / "OUT", "A")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.txt"]


def test_the_size_cap_is_the_issues_100_mb(tmp_path, cli):
    """Issue 11: a 100 MB source is refused in one line naming the file (exit 2); a source above
    the old 64 MiB cap but below 100 MB is read (this one then fails for its NUL bytes, not its
    size). Sparse files: nothing is written to disk."""
    big, mid = tmp_path / "big.txt", tmp_path / "mid.txt"
    with open(big, "wb") as f:
        f.truncate(100 * 10**6 + 1)
    with open(mid, "wb") as f:
        f.truncate(65 * 2**20)
    r = cli("import", "--edition", "A", str(big), "-o", str(tmp_path / "OUT"))
    assert r.exit_code == 2 and r.stderr.strip() == f"berserk-kb: error: {big}: source is larger than the limit of 100 MB"
    r = cli("import", "--edition", "A", str(mid), "-o", str(tmp_path / "OUT"))
    assert r.exit_code == 2 and "larger than" not in r.stderr and "NUL" in r.stderr
    assert not (tmp_path / "OUT").exists()


def test_show_a_lettered_sub_item_a_table_by_rows_and_kb_before_the_command(tmp_path, cli):
    """«100.2. Этапы: а) начало; б) конец.» — ``show 100.2б`` names 100.2 (the paragraph that has
    the item «б»), as the rules cite «пункта 100.2б»; a table under 100.3 is shown row by row, not
    run together on one line; ``--kb DIR`` may stand before the command."""
    src = tmp_path / "r.txt"
    src.write_text("100. Общие положения\n\n100.2. Ход состоит из этапов:\nа) начало хода;\nб) конец хода.\n\n"
                   "100.3. Карты бывают:\n\n| Тип | Жизни |\n| Герой | + |\n", encoding="utf-8")
    out = tmp_path / "OUT"
    import_rulebook([src], out, "L")
    (v,) = _kb(out).show("100.2б")
    assert v.number == "100.2" and [i.label for i in v.list_items] == ["а", "б"]
    r = cli("--kb", str(out), "show", "100.3")
    assert r.exit_code == 0, r.output
    assert "\n    | Тип | Жизни |\n    | Герой | + |\n" in r.stdout
    r = cli("show", "100.2в", "--kb", str(out))  # no item «в»: not found
    assert r.exit_code == 2 and "no paragraph 100.2в" in r.stderr


HIDDEN = """<html><head><style>p{color:red}</style><script>var t = "100.9. Скрипт";</script></head><body>
<h2>100. Общие положения</h2>
<p hidden>100.7. Скрытый абзац.</p>
<p style="color: red; display: none">100.8. Тоже скрыт.</p>
<div style="visibility:hidden">Невидимое</div>
<template><p>100.6. Шаблон.</p></template>
<ol><li>Первый.<script>alert(1)</script></li><li>Второй <span style="display:none">секрет</span>видимый.</li>
<li hidden>Скрытый пункт.</li></ol>
<table><tr><td>Тип<script>x</script></td><td hidden>скрытая</td><td>Жизни<span hidden>секрет</span></td></tr>
<tbody hidden><tr><td>скрытая строка</td></tr></tbody></table>
<dl><dt>Авангард Х<span hidden>скр</span></dt><dd>Срабатывающая способность.<style>p{}</style></dd></dl>
<h2>101. Части хода</h2>
<p>Ход делится на части:</p>
<ol type="I"><li>Начало.</li><li>Середина.</li><li>Конец.</li><li>Итог.</li></ol>
<p>Подчасти:</p>
<ol type="i" start="1"><li>один;</li><li>два;</li><li>три.</li></ol>
</body></html>"""


def test_html_hidden_text_is_skipped_and_roman_lists_are_lists(tmp_path):
    """What a browser does not display — ``hidden``, inline ``display: none`` /
    ``visibility: hidden``, ``script``, ``style``, ``template`` (in a paragraph, a list item, a
    table cell or row, a glossary term) — is not imported: the visible ``<ol>`` is 100.1 «Первый.»
    and 100.2 «Второй видимый.» (no hidden 100.7/100.8 takes the section's numbering away). An
    ``<ol type="I">`` is the list I.–IV., an ``<ol type="i">`` the list i.–iii., items of their
    paragraph in the Roman style."""
    src = tmp_path / "h.html"
    src.write_text(HIDDEN, encoding="utf-8")
    text = read_source(src).text
    for hidden in ("Скрипт", "Скрыт", "скрыт", "Невидимое", "Шаблон", "секрет", "alert", "скр", "p{", "color"):
        assert hidden not in text, hidden
    out = tmp_path / "OUT"
    import_rulebook([src], out, "H")
    kb = _kb(out)
    assert [kb.show(n)[0].text for n in ("100.1", "100.2")] == ["Первый.", "Второй видимый."]
    rb = kb.rulebook
    assert [p.rows for p in rb.paragraphs if p.kind.value == "table"] == [[["Тип", "Жизни"]]]
    assert kb.show("Авангард Х")[0].children[0].text == "Срабатывающая способность."
    lists = {}
    for i in rb.list_items:
        lists.setdefault(i.paragraph, []).append((i.label, i.style.value))
    parts, subs = (next(p.id for p in rb.paragraphs if p.text == t) for t in ("Ход делится на части:", "Подчасти:"))
    assert lists[parts] == [("I", "roman"), ("II", "roman"), ("III", "roman"), ("IV", "roman")]
    assert lists[subs] == [("i", "roman"), ("ii", "roman"), ("iii", "roman")]
    _loss_free(out)


@pytest.mark.parametrize("name, text", [
    ("g.html", "<h2>Терминология</h2><dl><dt>Авангард Х</dt><dd>Срабатывающая способность.</dd>"
               "<dt>Удар Х+1</dt><dd>Постоянная способность.</dd><dd>Действует в бою.</dd>"
               "<dt>Броня</dt><dt>Защита</dt><dd>Снижает урон.</dd></dl>"),
    ("g.rst", "Терминология\n============\n\nАвангард Х\n    Срабатывающая способность.\n\nУдар Х+1\n"
              "    Постоянная способность. Действует в бою.\n\nБроня / Защита\n    Снижает урон.\n"),
])
def test_a_definition_list_is_terms_with_their_definitions(tmp_path, name, text):
    """A ``<dl>`` (or a reStructuredText definition list) is a glossary: each term — a noun
    phrase like «Авангард Х», or one with digits and signs like «Удар Х+1», or two terms of one
    definition «Броня / Защита» — names the unit that holds its definition, and ``show TERM``
    finds the definition."""
    src = tmp_path / name
    src.write_text(text, encoding="utf-8")
    out = tmp_path / "OUT"
    import_rulebook([src], out, "G")
    kb = _kb(out)

    def definition(term: str) -> str:
        (v,) = kb.show(term)
        return " ".join([v.text, *(c.text for c in v.children)]).removeprefix(term).strip()

    assert definition("Авангард Х") == "Срабатывающая способность."
    assert definition("Удар Х+1") == "Постоянная способность. Действует в бою."
    assert definition("Броня / Защита") == "Снижает урон."
    _loss_free(out)


def test_messages_say_what_is_wrong(tmp_path, cli):
    """A folder given as a source is «a folder», not an «unknown format '(no suffix)'»; a .pdf or
    a .doc says how to make it readable; a --kb folder that does not exist says so (not
    «not readable»); a file given as --kb is «not a folder» (M10: one wording per --kb problem)."""
    (tmp_path / "rules.pdf").write_bytes(b"%PDF-1.4")
    (tmp_path / "rules.doc").write_bytes(b"\xd0\xcf\x11\xe0")
    (tmp_path / "plain").write_text("x", encoding="utf-8")
    cases = [
        (("import", "--edition", "A", str(tmp_path), "-o", str(tmp_path / "OUT")), f"{tmp_path}: is a folder; give the rulebook files in it"),
        (("import", "--edition", "A", str(tmp_path / "rules.pdf"), "-o", str(tmp_path / "OUT")), "; save a PDF as text (.txt) first"),
        (("import", "--edition", "A", str(tmp_path / "rules.doc"), "-o", str(tmp_path / "OUT")), "; save it as .docx in Word"),
        (("show", "100", "--kb", str(tmp_path / "nope")), "nope: does not exist; expected a knowledge-base folder"),
        (("show", "100", "--kb", str(tmp_path / "plain")), "plain: is not a folder; expected a knowledge-base folder"),
    ]
    for args, message in cases:
        r = cli(*args)
        assert r.exit_code == 2 and message in r.stderr and r.stderr.count("\n") == 1, (args, r.stderr)
    assert not (tmp_path / "OUT").exists()


def test_docx_list_style_links_and_redefined_levels(tmp_path):
    """Two ways Word stores a multi-level list that the numbering part alone does not show: a
    list *style* (the paragraphs' abstract numbering holds only ``numStyleLink RulesList``; the
    levels — «%1.» from 200, «%1.%2.» — are those of the numbering the style RulesList names), and
    a ``w:num`` that redefines level 1 for itself (``lvlOverride/lvl``: «%1.%2)» in place of the
    abstract «%2.»). Word shows «200.», «200.1.», «200.2.» and then «1.», «1.1)», «1.2)» — numbered
    paragraphs 1.1 and 1.2, the marker as drawn kept as provenance."""
    from docx.oxml import parse_xml

    w = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'
    d = DocxMaker()
    d.add_numbering(1, [level(0, 200, "decimal", "%1."), level(1, 1, "decimal", "%1.%2.")])
    d.doc.styles.element.append(parse_xml(
        f'<w:style {w} w:type="numbering" w:styleId="RulesList"><w:name w:val="Rules List"/>'
        f'<w:pPr><w:numPr><w:numId w:val="901"/></w:numPr></w:pPr></w:style>'))
    d.numbering.insert(0, parse_xml(f'<w:abstractNum {w} w:abstractNumId="950"><w:numStyleLink w:val="RulesList"/></w:abstractNum>'))
    d.numbering.append(parse_xml(f'<w:num {w} w:numId="950"><w:abstractNumId w:val="950"/></w:num>'))
    d.add_numbering(3, [level(0, 1, "decimal", "%1."), level(1, 1, "decimal", "%2.")])
    d.numbering.append(parse_xml(
        f'<w:num {w} w:numId="904"><w:abstractNumId w:val="903"/><w:lvlOverride w:ilvl="1">'
        f'<w:lvl w:ilvl="1"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:lvlText w:val="%1.%2)"/></w:lvl>'
        f'</w:lvlOverride></w:num>'))
    d.numbered("Карты", 50, 0)
    d.numbered("Карта имеет стоимость.", 50, 1)
    d.numbered("Карта имеет тип.", 50, 1)
    d.numbered("Этапы", 4, 0)
    d.numbered("начало;", 4, 1)
    d.numbered("конец.", 4, 1)
    src = read_source(d.save(tmp_path / "styled.docx"))
    lines = src.text.splitlines()
    assert [ln for ln in lines if ln] == ["200. Карты", "200.1. Карта имеет стоимость.", "200.2. Карта имеет тип.",
                                          "1. Этапы", "1.1. начало;", "1.2. конец."]
    assert [o.shown for o in src.origins if o.shown][-2:] == ["1.1)", "1.2)"]  # the redefined level drew them


def test_a_contents_heading_is_never_a_parent(tmp_path):
    """«Содержание» over a line that lists nothing the body repeats: the heading word names no
    rule, so the sections below it do not become its children."""
    src = tmp_path / "r.txt"
    src.write_text("Содержание\n\nПравила описаны ниже.\n\n100. Общие положения\n\n100.1. Игра ведётся двумя игроками.\n",
                   encoding="utf-8")
    out = tmp_path / "OUT"
    import_rulebook([src], out, "C")
    rb = _kb(out).rulebook
    assert [p.text for p in rb.paragraphs if p.kind.value == "contents"] == ["Содержание"]
    assert next(p for p in rb.paragraphs if p.number == "100").parent is None
    assert next(p for p in rb.paragraphs if p.text == "Правила описаны ниже.").parent is None


def test_a_list_of_titles_after_a_colon_is_a_list_not_contents(tmp_path):
    """«Ход состоит из этапов:» over three titles, each described later under a heading of the
    same words: a list of that paragraph (the body repeats its items), not a table of contents."""
    src = tmp_path / "r.txt"
    src.write_text("300. Ход игры\n\n300.1. Ход состоит из этапов:\n- Этап начала хода\n- Основной этап\n"
                   "- Этап конца хода\n\nЭтап начала хода\n\n300.2. Игрок берёт карту.\n\nОсновной этап\n\n"
                   "300.3. Игрок атакует.\n\nЭтап конца хода\n\n300.4. Ход переходит.\n", encoding="utf-8")
    out = tmp_path / "OUT"
    import_rulebook([src], out, "L")
    kb = _kb(out)
    assert not [p for p in kb.rulebook.paragraphs if p.kind.value == "contents"]
    assert [i.text for i in kb.show("300.1")[0].list_items] == ["Этап начала хода", "Основной этап", "Этап конца хода"]


def test_docx_toc_styled_entries_are_contents(tmp_path):
    """Paragraphs in Word's «toc 1» style (no TOC field, no heading word, titles worded unlike the
    body's headings) are drawn as Word shows them — title, dot leader, page — and are contents."""
    from docx.oxml import parse_xml

    w = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'
    d = DocxMaker()
    d.doc.styles.element.append(parse_xml(f'<w:style {w} w:type="paragraph" w:styleId="TOC1"><w:name w:val="toc 1"/></w:style>'))
    for title, page in (("Начало", 2), ("Середина", 3), ("Окончание", 4)):
        d.para(f"{title}\t{page}")
        d.doc.paragraphs[-1].style = d.doc.styles["toc 1"]
    for n in (100, 101, 102):
        d.heading(f"{n}. Раздел {n}", 1)
        d.para(f"{n}.1. Текст раздела.")
    src = d.save(tmp_path / "toc.docx")
    assert read_source(src).text.splitlines()[:3] == ["Начало ........ 2", "", "Середина ........ 3"]
    out = tmp_path / "OUT"
    import_rulebook([src], out, "D")
    rb = _kb(out).rulebook
    assert [p.text for p in rb.paragraphs if p.kind.value == "contents"] == [
        "Начало ........ 2", "Середина ........ 3", "Окончание ........ 4"]


def test_a_contents_entry_wrapped_onto_two_lines(tmp_path):
    """A PDF turned into text breaks a long contents entry: «Часть 1. Основные принципы игры.
    Способности и» over «особенности ........ 5». Both lines are contents; the body's «Часть 1.»
    heading and 101 are not."""
    src = tmp_path / "r.txt"
    src.write_text("Часть 1. Основные принципы игры. Способности и\nособенности ........ 5\n"
                   "101. Общие сведения об игре ........ 5\n102. Объекты игры ........ 6\n\n"
                   "Часть 1. Основные принципы игры. Способности и особенности\n\n101. Общие сведения об игре\n\n"
                   "101.1. Игра ведётся двумя игроками.\n\n102. Объекты игры\n\n102.1. Карты.\n", encoding="utf-8")
    out = tmp_path / "OUT"
    import_rulebook([src], out, "P")
    rb = _kb(out).rulebook
    toc = [p.span.line_start for p in rb.paragraphs if p.kind.value == "contents"]
    assert toc == [1, 2, 3, 4]
    assert [p.number for p in rb.paragraphs if p.number] == ["101", "101.1", "102", "102.1"]
    _loss_free(out)
