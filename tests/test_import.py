"""berserk-kb import: every format read as it is displayed, numbering made explicit, bad sources
refused in one line with nothing written, and every fragment line in exactly one unit."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from berserk_kb.errors import InputError
from berserk_kb.text.formats import read_source
from berserk_kb.text.formats.importer import import_rulebook
from berserk_kb.text.parse import parse_rulebook
from docx_maker import DocxMaker, level
from test_parse import assert_loss_free

PAGE = """<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>Правила</title><style>ol{color:red}</style></head>
<body>
<h1>Полные правила</h1>
<h2>100. Общие положения</h2>
<ol>
  <li>Игра ведётся двумя игроками.</li>
  <li>Каждый игрок начинает с колодой (см. п. 101.2).</li>
</ol>
<h2>101. Ход игры</h2>
<ol>
  <li>Ход состоит из этапов:
    <ol type="a"><li>начало хода;</li><li>конец хода.</li></ol>
  </li>
  <li>Игрок берёт карту.</li>
</ol>
<h2>102. Карты</h2>
<p>Карты бывают:</p>
<ol><li>существа;</li><li>заклинания.</li></ol>
<table><tr><th>Тип</th><th>Жизни</th></tr><tr><td>Герой</td><td>+</td></tr></table>
<dl><dt>Авангард Х</dt><dd>Срабатывающая способность.</dd></dl>
</body></html>
"""


def _kb(out: Path):
    from berserk_kb import KnowledgeBase

    return KnowledgeBase(out)


def _loss_free(out: Path) -> None:
    rb = parse_rulebook(out)
    for frag in rb.fragments:
        text = (out / "sources" / frag.id).read_text(encoding="utf-8")
        spans = [(u.span.line_start, u.span.line_end, u.prefix + u.text) for u in rb.units() if u.span.fragment == frag.id]
        assert_loss_free(text, spans)


def test_html_ordered_lists_under_numbered_headings_become_numbered_paragraphs(tmp_path):
    """A browser shows «2.» under «100. Общие положения»: that is paragraph 100.2; its reference
    «см. п. 101.2» names the «2.» under «101.»; «a.»/«b.» stay items of 101.1; the list after «Карты
    бывают:» stays a list (items of that paragraph of 102)."""
    src = tmp_path / "rules.html"
    src.write_text(PAGE, encoding="utf-8")
    out = tmp_path / "OUT"
    summary = import_rulebook([src], out, "H")
    kb = _kb(out)
    (p,) = kb.show("100.2")
    assert p.text.startswith("Каждый игрок начинает с колодой") and p.parent.number == "100"
    assert [c.target.id for c in p.cites] == ["H:101.2"]
    (q,) = kb.show("101.1")
    assert [(i.marker, i.text) for i in q.list_items] == [("a.", "начало хода;"), ("b.", "конец хода.")]
    rb = kb.rulebook
    intro = next(x for x in rb.paragraphs if x.text == "Карты бывают:")
    assert intro.parent == "H:102" and intro.kind.value == "text"
    assert [i.text for i in rb.list_items if i.paragraph == intro.id] == ["существа;", "заклинания."]
    (table,) = [x for x in rb.paragraphs if x.kind.value == "table"]
    assert table.rows == [["Тип", "Жизни"], ["Герой", "+"]] and table.parent == "H:102"
    (term,) = kb.show("Авангард Х")  # a <dl> term: its definition stands under it
    assert [c.text for c in term.children] == ["Срабатывающая способность."]
    # the marker as shown is kept as provenance of the line that now writes 100.2
    origin = json.loads((out / "sources" / "origins" / f"{summary.fragments[0]}.json").read_text(encoding="utf-8"))
    line = p.source.line_start if hasattr(p.source, "line_start") else p.source["line_start"]
    assert origin["lines"][line - 1][2] == "2." and origin["source"] == "rules.html"
    _loss_free(out)


def test_html_start_type_and_value(tmp_path):
    src = tmp_path / "p.htm"
    src.write_text('<ol start="3" type="A"><li>три</li><li value="7">семь</li><li>восемь</li></ol>', encoding="utf-8")
    assert read_source(src).text.splitlines() == ["C. три", "G. семь", "H. восемь"]


def test_docx_auto_numbering_resolved_as_word_shows_it(tmp_path):
    """Level 0 starts at 100 («%1.»), level 1 shows «%2.» and restarts under each 100-level
    paragraph, level 2 is «%3)» in russianLower: Word shows «100.», «1.», «2.», «а)», «б)», «101.»,
    «1.»; a second list instance of the same abstract numbering with a startOverride of 5 starts at
    «5.»."""
    d = DocxMaker()
    d.add_numbering(1, [level(0, 100, "decimal", "%1."), level(1, 1, "decimal", "%2."),
                        level(2, 1, "russianLower", "%3)")])
    d.numbered("Общие положения", 1, 0)
    d.numbered("Игра ведётся двумя игроками.", 1, 1)
    d.numbered("Ход состоит из этапов:", 1, 1)
    d.numbered("начало хода;", 1, 2)
    d.numbered("конец хода.", 1, 2)
    d.numbered("Ход игры", 1, 0)
    d.numbered("Игрок берёт карту (см. п. 100.2).", 1, 1)
    d.para("Пример: игрок берёт карту.")
    d.table([["Тип", "Жизни"], ["Герой", "+"]])
    d.add_numbering(2, [level(0, 1, "lowerLetter", "%1.")])
    d.para("Виды карт:")
    d.numbered("существа;", 2, 0)
    d.numbered("заклинания.", 2, 0)
    src = d.save(tmp_path / "rules.docx")
    assert read_source(src).text.splitlines() == [
        "100. Общие положения", "", "100.1. Игра ведётся двумя игроками.", "", "100.2. Ход состоит из этапов:", "",
        "а) начало хода;", "б) конец хода.", "", "101. Ход игры", "", "101.1. Игрок берёт карту (см. п. 100.2).", "",
        "Пример: игрок берёт карту.", "", "| Тип | Жизни |", "| Герой | + |", "", "Виды карт:", "", "a. существа;",
        "b. заклинания."]
    out = tmp_path / "OUT"
    import_rulebook([src], out, "W")
    kb = _kb(out)
    (p,) = kb.show("100.2")
    assert [i.label for i in p.list_items] == ["а", "б"]
    assert kb.show("101.1")[0].cites[0].target.id == "W:100.2"
    assert kb.rulebook.examples[0].paragraph == "W:101.1"
    _loss_free(out)


def test_docx_start_override_restarts_a_list(tmp_path):
    d = DocxMaker()
    d.add_numbering(1, [level(0, 1, "decimal", "%1)")])
    d.add_numbering(2, [], start_override={0: 5}, abstract_id=1)
    d.numbered("один", 1)
    d.numbered("два", 1)
    d.numbered("пять", 2)
    d.numbered("шесть", 2)
    assert read_source(d.save(tmp_path / "l.docx")).text.splitlines() == ["1) один", "2) два", "5) пять", "6) шесть"]


def test_markdown_rst_and_text(tmp_path):
    md = tmp_path / "r.md"
    md.write_text("# 100. Общие\n\n1. Первый.\n2. Второй.\n\n## 101. Ход\n\n101.1 Текст без точки.\n", encoding="utf-8")
    rst = tmp_path / "r.rst"
    rst.write_text("200. Карты\n==========\n\nВиды:\n\na) существа;\nb) заклинания.\n\n200.1. Текст.\n", encoding="utf-8")
    txt = tmp_path / "r.txt"
    txt.write_text("300. Ход\n300.1. Текст, см. правило 200.1.\n", encoding="utf-8")
    out = tmp_path / "OUT"
    import_rulebook([md, rst, txt], out, "M")
    kb = _kb(out)
    assert kb.show("100.2")[0].text == "Второй."
    assert kb.show("101.1")[0].text == "Текст без точки."
    kinds = next(p for p in kb.rulebook.paragraphs if p.text == "Виды:")
    assert kinds.parent == "M:200"
    assert [i.text for i in kb.rulebook.list_items if i.paragraph == kinds.id] == ["существа;", "заклинания."]
    assert kb.show("300.1")[0].cites[0].target.id == "M:200.1"
    _loss_free(out)


def test_another_edition_into_the_same_folder_and_force(tmp_path):
    a, b = tmp_path / "a.txt", tmp_path / "b.txt"
    a.write_text("100. Первое.\n", encoding="utf-8")
    b.write_text("100. Второе.\n", encoding="utf-8")
    out = tmp_path / "OUT"
    import_rulebook([a], out, "A")
    import_rulebook([b], out, "B")
    assert [v.text for v in _kb(out).show("100")] == ["Первое.", "Второе."]
    with pytest.raises(InputError, match="edition B is already there"):
        import_rulebook([a], out, "B")
    import_rulebook([a], out, "B", force=True)
    assert [v.text for v in _kb(out).show("100")] == ["Первое.", "Первое."]
    assert len(list((out / "sources").glob("*.txt"))) == 2  # the replaced fragment is gone


@pytest.mark.parametrize("name, data, message", [
    ("r.pdf", b"%PDF-1.4", "unknown format '.pdf'"),
    ("r.docx", b"not a zip", "broken .docx: not a zip package"),
    ("r.md", b"", "empty file"),
    ("r.md", b"# \xd0\x9f\xd1\x80\n\xff\xfe text", ":2:1: not valid UTF-8"),
    ("r.txt", "100. Текст\x00".encode(), ":1:11: contains a NUL character"),
    ("r.html", b"<html><body><img src='a.png'></body></html>", "no text a reader would see"),
])
def test_bad_sources_one_line_exit_2_nothing_written(tmp_path, cli, name, data, message):
    src = tmp_path / name
    src.write_bytes(data)
    out = tmp_path / "OUT"
    result = cli("import", str(src), "-o", str(out), "--edition", "X")
    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1 and str(src) in result.stderr and message in result.stderr
    assert not out.exists() and not list(tmp_path.glob(".OUT*"))


def test_a_source_too_large_and_a_bad_one_among_good_ones(tmp_path, cli, monkeypatch):
    import berserk_kb.text.formats as readers

    good, bad = tmp_path / "g.txt", tmp_path / "b.txt"
    good.write_text("100. Текст.\n", encoding="utf-8")
    bad.write_text("100. Текст.\n" * 10, encoding="utf-8")
    out = tmp_path / "OUT"
    import_rulebook([good], out, "A")
    before = sorted(p.name for p in (out / "sources").rglob("*"))
    monkeypatch.setattr(readers, "MAX_BYTES", 50)
    result = cli("import", str(good), str(bad), "-o", str(out), "--edition", "B")
    assert result.exit_code == 2 and "b.txt: source is larger than the limit" in result.stderr
    assert sorted(p.name for p in (out / "sources").rglob("*")) == before


def test_cli_import_then_kb(tmp_path, cli):
    src = tmp_path / "page.html"
    src.write_text(PAGE, encoding="utf-8")
    out = tmp_path / "OUT"
    r = cli("import", str(src), "-o", str(out), "--edition", "H", "--title", "Страница")
    assert r.exit_code == 0 and "imported edition H" in r.stdout
    r = cli("show", "100.1", "--kb", str(out))
    assert r.exit_code == 0 and "Игра ведётся двумя игроками." in r.stdout


# --- generated documents: nothing lost on any format ------------------------------------------------

_WORDS = st.sampled_from(["карта", "существо", "атака", "Регенерация", "удар", "см.", "п.", "100.1", "и", "—",
                          "«Вайл»", "Пример:", "1.", "а)", "•", "|", "–", ":"])
_TEXT = st.lists(_WORDS, min_size=1, max_size=8).map(" ".join)
_BLOCK = st.one_of(
    st.tuples(st.just("h"), st.integers(100, 130), _TEXT),
    st.tuples(st.just("p"), st.just(0), _TEXT),
    st.tuples(st.just("ol"), st.integers(1, 3), st.lists(_TEXT, min_size=1, max_size=4)),
    st.tuples(st.just("ul"), st.just(0), st.lists(_TEXT, min_size=1, max_size=4)),
    st.tuples(st.just("table"), st.just(0), st.lists(_TEXT, min_size=2, max_size=3)),
    st.tuples(st.just("dl"), st.just(0), st.lists(_TEXT, min_size=2, max_size=4)),  # term, definition, …
    st.tuples(st.just("toc"), st.integers(1, 9), st.lists(_TEXT, min_size=1, max_size=4)),  # contents
    st.tuples(st.just("ol2"), st.integers(100, 130), st.lists(_TEXT, min_size=1, max_size=4)),  # «%1.%2.»
    st.tuples(st.just("hx"), st.integers(100, 130), _TEXT),  # a heading whatever its words: «Часть — 1, а)»
    st.tuples(st.just("code"), st.just(0), st.lists(_TEXT, min_size=1, max_size=3)),  # fenced code
    st.tuples(st.just("ex"), st.just(0), _TEXT),  # an example: HTML's folded in <details>
    st.tuples(st.just("lih"), st.integers(100, 130), _TEXT),  # a section title in a list item, as Google Docs writes it
)


def _as_html(blocks) -> str:
    from html import escape

    out = []
    for kind, n, body in blocks:
        if kind == "h":
            out.append(f"<h2>{n}. {escape(body)}</h2>")
        elif kind == "lih":
            out.append(f'<ol start="{n}"><li><h1 style="display:inline">{escape(body)}</h1></li></ol>')
        elif kind == "ex":
            out.append(f"<details><summary>Пример</summary><p>{escape(body)}</p></details>")
        elif kind == "hx":
            out.append(f"<h3>{escape(body)}</h3>")
        elif kind == "code":
            out.append(f"<pre>{escape(chr(10).join(body))}</pre>")
        elif kind == "p":
            out.append(f"<p>{escape(body)}</p>")
        elif kind in ("ol", "ul", "ol2"):
            tag = kind[:2]
            out.append(f"<{tag}>" + "".join(f"<li>{escape(x)}</li>" for x in body) + f"</{tag}>")
        elif kind == "dl":
            out.append("<dl>" + "".join(f"<{'dt' if i % 2 == 0 else 'dd'}>{escape(x)}</{'dt' if i % 2 == 0 else 'dd'}>"
                                        for i, x in enumerate(body)) + "</dl>")
        elif kind == "toc":
            out.append("<h2>Оглавление</h2><ul>" + "".join(f'<li><a href="#s{i}">{escape(x)}</a></li>'
                                                          for i, x in enumerate(body)) + "</ul>")
        else:
            out.append("<table><tr>" + "".join(f"<td>{escape(x)}</td>" for x in body) + "</tr></table>")
    return "\n".join(out)


def _as_markdown(blocks) -> str:
    out = []
    for kind, n, body in blocks:
        if kind in ("h", "lih"):
            out.append(f"## {n}\\. {body}")
        elif kind == "ex":
            out.append(f"Пример: {body}")
        elif kind == "hx":
            out.append(f"### {body}")
        elif kind == "code":
            out.append("```\n" + "\n".join(body) + "\n```")
        elif kind == "p":
            out.append(body)
        elif kind in ("ol", "ol2"):
            out.append("\n".join(f"{i}. {x}" for i, x in enumerate(body, start=n)))
        elif kind == "ul":
            out.append("\n".join(f"- {x}" for x in body))
        elif kind == "dl":
            out.append("\n\n".join(body))
        elif kind == "toc":
            out.append("## Содержание\n\n" + "\n".join(f"- [{x}](#s{i}) ........ {n + i}" for i, x in enumerate(body)))
        else:
            out.append("| " + " | ".join(x.replace("|", "/") for x in body) + " |\n|" + "---|" * len(body))
    return "\n\n".join(out)


def _as_docx(blocks, path: Path) -> Path:
    d = DocxMaker()
    d.add_numbering(1, [level(0, 1, "decimal", "%1.")])
    d.add_numbering(2, [level(0, 1, "bullet", "•")])
    d.add_numbering(3, [level(0, 100, "decimal", "%1."), level(1, 1, "decimal", "%1.%2.")])
    for kind, n, body in blocks:
        if kind in ("h", "lih"):
            d.heading(f"{n}. {body}", 2)
        elif kind == "ex":
            d.para(f"Пример: {body}")
        elif kind == "hx":
            d.heading(body, 3)
        elif kind == "code":
            for x in body:
                d.para(x)
        elif kind in ("p", "dl"):
            for x in [body] if kind == "p" else body:
                d.para(x)
        elif kind == "toc":
            d.para("Оглавление")
            for i, x in enumerate(body):
                d.para(f"{x}\t{n + i}")
        elif kind == "ol2":
            d.numbered(body[0], 3, 0)
            for x in body[1:]:
                d.numbered(x, 3, 1)
        elif kind in ("ol", "ul"):
            for x in body:
                d.numbered(x, 1 if kind == "ol" else 2)
        else:
            d.table([body])
    return d.save(path)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(blocks=st.lists(_BLOCK, min_size=1, max_size=12), fmt=st.sampled_from(["html", "md", "docx"]))
def test_generated_documents_lose_nothing(tmp_path_factory, blocks, fmt):
    """Headings (numbered, and with any words: dashes, commas, markers), paragraphs, lists (Word's
    multi-level «%1.%2.» too), tables, definition lists, tables of contents, code, examples (HTML's
    ``<details>``) and section titles in list items (Google Docs' ``<li><h1>``), in any order: every
    fragment line in exactly one unit, ids unique."""
    tmp = tmp_path_factory.mktemp("gen")
    src = tmp / f"g.{fmt}"
    if fmt == "docx":
        _as_docx(blocks, src)
    else:
        src.write_text(_as_html(blocks) if fmt == "html" else _as_markdown(blocks), encoding="utf-8")
    out = tmp / "OUT"
    try:
        import_rulebook([src], out, "G")
    except InputError as exc:
        assert "no text a reader would see" in str(exc)
        return
    _loss_free(out)
    rb = parse_rulebook(out)
    ids = [u.id for u in rb.units()] + [r.id for r in rb.references]
    assert len(ids) == len(set(ids))


WIKI = """<html><body><div id="content">
<nav id="toc"><h2>Содержание</h2><ul>
<li><a href="#s101">101. Общие сведения</a></li>
<li><a href="#s102">102. Объекты игры</a></li>
<li><a href="#s103">103. Карты</a></li></ul></nav>
<h2 id="s101"><span>101. Общие сведения</span></h2>
<p>101.1. Игра ведётся двумя игроками.</p>
<h2 id="s102">102. Объекты игры</h2>
<p>102.1. Для игры нужны карты, см. правило 101.1.</p>
<h2 id="s103">103. Карты</h2>
<p>103.1. Карта содержит текст.</p>
</div></body></html>"""


def test_a_web_page_contents_list_owns_nothing(tmp_path):
    """A wiki's contents is a list of links repeating the headings below: contents lines, with no
    number, parent or reference target; 101.1 stands under the body's 101."""
    src = tmp_path / "wiki.html"
    src.write_text(WIKI, encoding="utf-8")
    out = tmp_path / "OUT"
    import_rulebook([src], out, "W")
    kb = _kb(out)
    toc = [p for p in kb.rulebook.paragraphs if p.kind.value == "contents"]
    assert [p.text for p in toc] == ["Содержание", "• 101. Общие сведения", "• 102. Объекты игры", "• 103. Карты"]
    assert not [i for i in kb.rulebook.list_items if "101." in i.text]
    (v,) = kb.show("101.1")
    assert v.parent.id == "W:101" and kb.show("102.1")[0].cites[0].target.id == "W:101.1"


PDF_TEXT = """Полные правила

Оглавление
Часть 1. Основы .................... 3
101. Общие сведения ............... 3
102. Объекты игры .................. 4
Часть 2. Ход игры ................... 5

Часть 1. Основы
101. Общие сведения
101.1 Игра ведётся двумя игроками
101.2.Каждый игрок начинает с колодой.
102. Объекты игры
102.1. Для игры используются:
– карты;
– маркеры, см. пункты 101.1 и 101.2;
  – цветные;
  – простые.
102.2. Смотри пункта 102.1а и п. 5.3 Турнирных правил.
102.3б. Особый случай.
ПРИМЕР 2. Игрок берёт карту.
3
Часть 2. Терминология
Авангард Х — срабатывающая способность.
Броня Х — постоянная способность.
"""


def test_a_pdf_turned_into_text(tmp_path):
    """The contents with dot leaders and pages owns nothing; «101.1 Игра» (no dot) and «101.2.Каждый»
    (no space) are paragraphs; dashes are items, the indented ones under «маркеры»; «пункты 101.1 и
    101.2» resolve; «пункта 102.1а» names item «а» of 102.1 — there is none, so it stays unresolved;
    «п. 5.3 Турнирных правил» is external; «ПРИМЕР 2.» is an example of 102.3б; the glossary's dash
    terms are titles; the last line is complete, so nothing is cut off."""
    src = tmp_path / "rules.txt"
    src.write_text(PDF_TEXT, encoding="utf-8")
    out = tmp_path / "OUT"
    import_rulebook([src], out, "T")
    kb = _kb(out)
    rb = kb.rulebook
    assert [p.text for p in rb.paragraphs if p.kind.value == "contents"][:2] == [
        "Оглавление", "Часть 1. Основы .................... 3"]  # the heading word belongs to the contents
    assert sum(p.kind.value == "contents" for p in rb.paragraphs) == 5
    assert [p.number for p in rb.paragraphs if p.number] == ["101", "101.1", "101.2", "102", "102.1", "102.2", "102.3б"]
    assert kb.show("101.1")[0].parent.id == "T:101"
    items = {i.text: i for i in rb.list_items}
    assert items["цветные;"].parent_item == items["маркеры, см. пункты 101.1 и 101.2;"].id
    assert items["карты;"].paragraph == "T:102.1"
    refs = {(r.number, r.raw): r for r in rb.references}
    assert refs[("101.2", "см. пункты 101.1 и 101.2")].target == "T:101.2"
    assert refs[("102.1а", "Смотри пункта 102.1а")].target is None  # each group quotes its own words (O6)
    assert refs[("102.1а", "Смотри пункта 102.1а")].external is None
    ext = refs[("5.3", "п. 5.3")]
    assert ext.target is None and ext.external == "Турнирных правил"
    assert rb.examples[0].paragraph == "T:102.3б" and rb.examples[0].label == "ПРИМЕР 2"
    assert kb.show("102.3б")[0].examples[0].text == "Игрок берёт карту."
    assert kb.show("Авангард Х")[0].text.startswith("Авангард Х — срабатывающая")
    assert not any(u.orphaned for u in rb.units())
    _loss_free(out)


_LINES = st.sampled_from([
    "101. Общие сведения 5", "101.1 Текст правила", "302.Этап хода", "102.3б. Текст", "- пункт списка;",
    "– пункт;", "  • вложенный;", "1. первый;", "а) второй;", "a. третий;", "| a | b |", "x\ty\tz",
    "Часть 1. Основы", "ПРИМЕР 2. Пример.", "Примеры:", "Авангард Х. Срабатывающая способность.",
    "см. правило 200.4", "пункта 210.11а", "п. 5.3 Турнирных правил", "Оглавление", "оплата способности",
    "К эффектам относят", "", "", "текст продолжается,", "Текст.", "# Часть 2 — Игра", "# 200 Ход", "```",
    "501.\tНачало\t1"])


@settings(max_examples=60, deadline=None)
@given(st.lists(_LINES, min_size=1, max_size=30))
def test_generated_real_layout_text_loses_nothing(lines):
    """Every line of text in the real layouts (contents, number forms, markers, tables, glossary,
    references) belongs to exactly one unit, and marker + text is its source."""
    from berserk_kb.text.parse import split_units

    text = "\n".join(lines)
    units = split_units(text)
    assert_loss_free(text, [(u.line_start, u.line_end, "\n".join(u.lines)) for u in units])
    assert all("\n".join(u.lines).startswith(u.prefix) for u in units)


def test_docx_contents_in_a_content_control_is_read_and_owns_nothing(tmp_path):
    """Word keeps its automatic table of contents in a content control (w:sdt), entries ending
    with a tab and the page: read, and recognised as contents."""
    from docx.oxml import parse_xml

    d = DocxMaker()
    w = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'
    entries = "".join(f'<w:p><w:r><w:t>{t}</w:t></w:r><w:r><w:tab/></w:r><w:r><w:t>{n}</w:t></w:r></w:p>'
                      for t, n in (("101. Общие", 3), ("102. Карты", 4), ("103. Ход", 5)))
    d.doc.element.body.insert(0, parse_xml(f"<w:sdt {w}><w:sdtContent>{entries}</w:sdtContent></w:sdt>"))
    for n in (101, 102, 103):
        d.heading(f"{n}. Раздел {n}", 1)
        d.para(f"{n}.1. Текст раздела.")
    out = tmp_path / "OUT"
    import_rulebook([d.save(tmp_path / "toc.docx")], out, "D")
    kb = _kb(out)
    assert [p.text for p in kb.rulebook.paragraphs if p.kind.value == "contents"] == ["101. Общие 3", "102. Карты 4", "103. Ход 5"]
    assert kb.show("102.1")[0].parent.id == "D:102"


def test_glossary_terms_with_the_definition_on_the_next_line(tmp_path):
    src = tmp_path / "g.txt"
    src.write_text("Часть 7. Терминология\nАвангард Х\nСрабатывающая способность. После розыгрыша.\n"
                   "Броня Х\nПостоянная способность.\n", encoding="utf-8")
    out = tmp_path / "OUT"
    import_rulebook([src], out, "G")
    kb = _kb(out)
    assert [c.text for c in kb.show("Авангард Х")[0].children] == ["Срабатывающая способность. После розыгрыша."]
    assert [c.text for c in kb.show("Броня Х")[0].children] == ["Постоянная способность."]
    _loss_free(out)


def test_sections_numbered_with_one_digit(tmp_path):
    """Tournament-rules style: «## 1. Общие положения» over «1.1.», «1.2.»; a contents list of
    «1. … .... 2» lines; «см. п. 3.1» resolves."""
    src = tmp_path / "tr.md"
    src.write_text("# Турнирные правила\n\n## Содержание\n\n1. Общие положения .......... 2\n2. Участники ...... 3\n"
                   "3. Наказания ...... 4\n\n## 1. Общие положения\n\n1.1. Турнир проводится по правилам.\n\n"
                   "1.2. Судья решает спорные вопросы (см. п. 3.1).\n\n## 2. Участники\n\n2.1. Участник обязан иметь "
                   "колоду.\n\n## 3. Наказания\n\n3.1. Наказания бывают:\n\n- замечание;\n- поражение в игре.\n",
                   encoding="utf-8")
    out = tmp_path / "OUT"
    import_rulebook([src], out, "TR")
    kb = _kb(out)
    assert [p.number for p in kb.rulebook.paragraphs if p.number] == ["1", "1.1", "1.2", "2", "2.1", "3", "3.1"]
    assert sum(p.kind.value == "contents" for p in kb.rulebook.paragraphs) == 4  # «Содержание» and its three entries
    (v,) = kb.show("1.2")
    assert v.parent.id == "TR:1" and v.cites[0].target.id == "TR:3.1"
    assert [i.text for i in kb.show("3.1")[0].list_items] == ["замечание;", "поражение в игре."]


def test_a_sub_list_in_another_style_stays_under_its_item(tmp_path):
    """heroes-15 308.1: «4) … в следующем порядке» (no colon) and five «•» lines under it, then
    «5)»: the bullets are 4)'s sub-items, 5) is 4)'s sibling again."""
    src = tmp_path / "n.txt"
    src.write_text("308.1. Этапы:\n1) Первый этап.\n4) Определение стоимости в следующем порядке\n"
                   "• модификаторы, увеличивающие стоимость\n• модификаторы, умножающие стоимость\n"
                   "5) Определение целей.\n", encoding="utf-8")
    out = tmp_path / "OUT"
    import_rulebook([src], out, "N")
    (v,) = _kb(out).show("308.1")
    assert [(i.marker, [s.marker for s in i.items]) for i in v.list_items] == [("1)", []), ("4)", ["•", "•"]), ("5)", [])]


def test_imports_into_one_folder_at_once_keep_every_edition(tmp_path):
    """Four imports of editions E1–E4 into one new folder, started at once, all said «imported»,
    but the manifest held one edition: each read it before another wrote it. They now run one at a
    time, and the folder holds the four editions, each with its fragment."""
    import threading

    src = tmp_path / "r.md"
    src.write_text("# Правила\n\n101.1. Правило о кубике.\n", encoding="utf-8")
    out, start, failed = tmp_path / "kb", threading.Barrier(4), []

    def run(i: int) -> None:
        start.wait()
        try:
            import_rulebook([src], out, edition=f"E{i}")
        except Exception as exc:
            failed.append(exc)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(1, 5)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not failed, failed
    rulebook = parse_rulebook(out)
    assert sorted(e.id for e in rulebook.editions) == [f"E{i}" for i in range(1, 5)]
    assert sorted(p.number for p in rulebook.paragraphs if p.number == "101.1") == ["101.1"] * 4


@pytest.mark.parametrize("title", ["\x1b]0;PWN\x07", "a\nb", "\u202eabc"])
def test_a_title_with_a_control_character_is_refused(tmp_path, title):
    """`--edition` with a control character was refused, `--title` written to the manifest (and `show`
    then printed «edition A ()»); nothing is written."""
    src = tmp_path / "r.txt"
    src.write_text("1. Общие положения\n\n1.1. Текст.\n", encoding="utf-8")
    with pytest.raises(InputError, match="holds a control character"):
        import_rulebook([src], tmp_path / "kb", "A", title)
    assert not (tmp_path / "kb").exists()
