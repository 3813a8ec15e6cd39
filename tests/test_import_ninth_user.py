"""berserk-kb import on layouts a fresh user brought (issue 11, ninth round): Word's contents
field with no contents title, a numbered list continuing a section after an unnumbered heading."""

from __future__ import annotations

from berserk_kb.text.formats.importer import import_rulebook
from docx_maker import DocxMaker
from test_import import _kb, _loss_free


def test_a_word_contents_field_without_a_title_is_contents(tmp_path):
    """A «TOC \\o» field over two entries «900. Сражение<tab>5», «901. Итоги<tab>6», no «Содержание»
    above; the body then prints headings «900. Сражение», «901. Итоги», each with one paragraph.
    By hand: 2 contents lines; 900 and 901 each printed once in the body, so no S001/S003; 900.1
    stands under the body's 900."""
    from docx.oxml import parse_xml

    w = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'
    d = DocxMaker()
    body = d.doc.element.body
    begin = ('<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> TOC \\o "1-3" '
             '\\h \\z \\u </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r>')
    for xml in (begin, "<w:r><w:t>900. Сражение</w:t></w:r><w:r><w:tab/></w:r><w:r><w:t>5</w:t></w:r>",
                "<w:r><w:t>901. Итоги</w:t></w:r><w:r><w:tab/></w:r><w:r><w:t>6</w:t></w:r>",
                '<w:r><w:fldChar w:fldCharType="end"/></w:r>'):
        body[-1].addprevious(parse_xml(f"<w:p {w}>{xml}</w:p>"))
    d.heading("900. Сражение", 1)
    d.para("900.1. Сражение начинается с броска кубика.")
    d.heading("901. Итоги", 1)
    d.para("901.1. Итоги подводит судья.")
    out = tmp_path / "OUT"
    import_rulebook([d.save(tmp_path / "b.docx")], out, "B")
    kb = _kb(out)
    toc = [p for p in kb.rulebook.paragraphs if p.kind.value == "contents"]
    assert len(toc) == 2, [p.text for p in kb.rulebook.paragraphs]
    assert kb.show("900.1")[0].parent.number == "900"
    from berserk_kb.checks import run_checks

    codes = {f.code for f in run_checks(kb, only=["S001", "S003"]).findings}
    assert codes == set(), codes
    _loss_free(out)


def test_an_ordered_list_going_on_after_an_unnumbered_subheading_stays_in_its_section(tmp_path):
    """«<h2>800. Магия</h2>» over a two-item «<ol>», then «<h3>Особые случаи</h3>» and
    «<ol start="3">»: a browser shows «3.» right after 1. and 2. of section 800, so by hand the third
    paragraph is 800.3, its parent 800, and its «см. 800.1» resolves."""
    src = tmp_path / "wk.html"
    src.write_text("<h2>800. Магия</h2><ol><li>Магия тратит силу.</li><li>Магия действует сразу.</li></ol>"
                   "<h3>Особые случаи</h3><ol start=\"3\"><li>Если магии нет, ход идёт дальше (см. 800.1).</li></ol>",
                   encoding="utf-8")
    out = tmp_path / "OUT"
    import_rulebook([src], out, "K")
    kb = _kb(out)
    [p] = kb.show("800.3")
    assert p.text.strip().startswith("Если магии нет"), p.text
    assert p.parent.number == "800"
    _loss_free(out)



def test_a_bracketed_item_number_names_the_item_and_the_list_goes_on():
    """«согласно пп. 600.1(2) и 600.2» names by hand item 2 of 600.1 and 600.2 (the «(2)» no longer
    ends the list); «(см. 600.1 2))» names item 2 of 600.1."""
    from berserk_kb.text.references import find_references

    assert [n for _, n, _ in find_references("А согласно пп. 600.1(2) и 600.2.")] == [["600.1(2)", "600.2"]]
    assert [n for _, n, _ in find_references("согласно пп. 600.2(2) и 601.1.")] == [["600.2(2)", "601.1"]]
    assert [n for _, n, _ in find_references("Б (см. 600.1 2)).")] == [["600.1(2)"]]


def test_a_numbered_item_a_reference_names_resolves_to_it_and_shows_its_number_in_brackets(tmp_path, cli):
    """600.1 lists «1) первое; 2) второе.»; 601.1 says «Согласно пп. 600.1(2) и 600.2»: by hand, the
    first reference names item «2)» of 600.1 and shows as «600.1(2)» (never «600.12», which would read
    as another paragraph), the second names 600.2."""
    import json

    src = tmp_path / "x.txt"
    src.write_text("600. Раздел\n\n600.1. Правило со списком:\n1) первое;\n2) второе.\n\n600.2. Другое правило.\n\n"
                   "601. Раздел\n\n601.1. Согласно пп. 600.1(2) и 600.2 это так.\n", encoding="utf-8")
    assert cli("import", str(src), "-o", str(tmp_path / "OUT"), "--edition", "X").exit_code == 0
    r = cli("refs", "601.1", "--kb", str(tmp_path / "OUT"), "--json")
    assert r.exit_code == 0, r.stderr
    targets = [(c["target"]["id"], c["target"]["number"]) for c in json.loads(r.stdout)[0]["cites"]]
    assert targets == [("X:600.1/item2", "600.1(2)"), ("X:600.2", "600.2")], targets
