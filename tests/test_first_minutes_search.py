"""The first minutes with `search` (issue 13): numbers name paragraphs, stop words alone are not
looked for, snippets cut at word boundaries with every query word marked, offsets in --json, a
length limit; and `card` names that are too long."""

from __future__ import annotations

import json

import pytest


def _hits(cli, *args):
    r = cli("search", *args, "--json")
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)["hits"]


@pytest.mark.parametrize("query", ["518.4", "п. 518.4", "пп. 518.4", "п.518.4", "(п. 518.4)"])
def test_a_number_finds_its_paragraph_and_the_units_citing_it(cli, query):
    """Edition A prints no 518.4; 518.3 г) (002_d25e711ad88a11da.txt:27) reads «модификаторы правил
    игры для броска кубика (п.518.4);», and 001_953fb652d091abb1.txt:1, «Модификатор правил игры для
    броска кубика. …», is what it refers to (S004). Nothing else names 518.4 — the «4» of «Регенерации
    4» (516.1's example) and the «518» of «518.8» are no match."""
    hits = _hits(cli, query)
    assert [(h["unit"], h["stands_for"]) for h in hits] == [("A:модификатор-правил-игры-для", "518.4"),
                                                             ("A:518.3/item4", None)]
    citing = hits[1]
    assert [citing["text"][m["start"]:m["end"]] for m in citing["matches"]] == ["518.4"]


def test_a_number_an_edition_prints_finds_it_and_what_cites_it(cli):
    """B: «519.6. Переворот кубика …» is printed (000_ee1f512a66c0b866.txt); A's 518.3 cites its own
    518.3 nowhere, but A's heading paragraph at line 17 says «(п.518.3)»."""
    hits = _hits(cli, "518.3")
    units = [h["unit"] for h in hits]
    assert units[0] == "A:518.3"
    assert all(h["text"][m["start"]:m["end"]] == "518.3" for h in hits[1:] for m in h["matches"])
    assert any("(п.518.3)" in h["text"] for h in hits[1:])


def test_stop_words_alone_are_not_looked_for(cli):
    r = cli("search", "в и на")
    assert r.exit_code == 2
    assert r.stderr.count("\n") == 1 and "only prepositions, conjunctions and particles" in r.stderr


def test_stop_words_beside_a_word_do_not_match(cli):
    """«в» stands in nearly every paragraph; «шахматы» in none: nothing matches «шахматы в»."""
    assert json.loads(cli("search", "шахматы в", "--json").stdout)["total"] == 0


def test_every_query_word_is_marked_in_a_snippet_cut_at_word_boundaries(cli, kb):
    """B 519.1 (000_ee1f512a66c0b866.txt:8) opens «Когда бросок кубика совершён …» and, over 200
    characters later, says «… игродействие “бросок кубика” удаляется из стека»: both words are
    marked, the snippet leaves out the middle, and no word is cut."""
    (hit,) = [h for h in _hits(cli, "совершён удаляется", "-e", "B") if h["unit"] == "B:519.1"]
    text, snippet = hit["text"], hit["snippet"]
    assert text.index("удаляется") - text.index("совершён") > 150
    assert sorted(snippet[m["start"]:m["end"]] for m in hit["marks"]) == ["совершён", "удаляется"]
    assert " … " in snippet and "[" not in snippet
    for piece in snippet.strip("…").split(" … "):
        at = text.index(piece)
        assert at == 0 or text[at - 1] == " ", piece
        assert at + len(piece) == len(text) or text[at + len(piece)] == " ", piece
    shown = cli("search", "совершён удаляется", "-e", "B").stdout
    assert "⟦совершён⟧" in shown and "⟦удаляется⟧" in shown


def test_json_gives_offsets_of_every_match_in_the_units_text(cli):
    """«регенерация» finds «Регенерация» twice in the example of 518.8 (B): «существо с особенностью
    "Регенерация 2" не может получить особенность "Регенерация 1"»."""
    hits = _hits(cli, "регенерация", "-e", "B")
    for h in hits:
        assert h["matches"] and "[" not in h["snippet"]
        assert all(h["text"][m["start"]:m["end"]].casefold().startswith("регенерац") for m in h["matches"])
    first = next(h for h in hits if h["number"] == "518.8" and h["kind"] == "example")
    assert [first["text"][m["start"]:m["end"]] for m in first["matches"]][:2] == ["Регенерация", "Регенерация"]


def test_a_word_repeated_counts_once(cli):
    once, thrice = _hits(cli, "кубик"), _hits(cli, "кубик кубика кубиком")
    assert [h["unit"] for h in once] == [h["unit"] for h in thrice]
    assert {h["of_words"] for h in thrice} == {1}


@pytest.mark.parametrize("command", ["search", "card"])
def test_a_query_too_long_is_one_line(cli, command):
    r = cli(command, "регенерация броска кубика " * 4000)
    assert r.exit_code == 2, r.output
    assert r.stderr.count("\n") == 1 and "characters long; at most" in r.stderr


def test_a_value_beside_a_word_is_no_paragraph_number(cli):
    """«Регенерация 2»: no paragraph 2, nothing cites 2 — the 2 is the feature's value. The example
    of 518.8 (B) reads «существо с особенностью "Регенерация 2" не может получить особенность
    "Регенерация 1"»: it holds the query as written, so it comes before units that only say «Регенерации»."""
    hits = _hits(cli, "Регенерация 2")
    assert [h["unit"] for h in hits] and {h["of_words"] for h in hits} == {1}
    assert sorted(h["unit"] for h in hits) == sorted(h["unit"] for h in _hits(cli, "регенерация"))
    assert "Регенерация 2" in hits[0]["text"]


def test_a_number_no_paragraph_has_is_said(kb, cli):
    """«пп. 518.3, 518.4, 999.9»: 518.3 and 518.4 are found, and the answer says 999.9 is no
    paragraph (it said nothing); a query of such numbers only is an error, as `show 999.9` is, with
    the paragraph a near miss means (519.33 → 519.3, as `show` suggests)."""
    from berserk_kb.errors import NotFoundError

    found = kb.search("пп. 518.3, 518.4, 999.9")
    assert {"518.3", "518.4"} <= {h.number or h.stands_for for h in found.hits} and found.unknown == (("999.9", ()),)
    r = cli("search", "пп. 518.3, 518.4, 999.9")
    assert r.exit_code == 0 and "  no paragraph 999.9\n" in r.stdout
    with pytest.raises(NotFoundError, match=r"^no paragraph 999\.9 in any edition$"):
        kb.search("999.9")
    with pytest.raises(NotFoundError, match=r"did you mean 519\.3\?"):
        kb.search("п. 519.33")


def test_a_misspelt_word_suggests_the_rulebook_word(kb):
    """«регенерацыя» (ы for и) found nothing and said nothing; the rulebook writes «регенерация»."""
    found = kb.search("регенерацыя")
    assert found.total == 0 and found.did_you_mean == ("регенерация",)
    assert kb.search("шахматы").did_you_mean == ()  # nothing alike: no suggestion


def test_match_marks_are_not_the_texts_own_brackets(cli):
    """A 516.1: «Если способность имеет вид "[текст 1], вместо этого – [текст 2]"». Marks in [ ]
    printed «[[текст] 1]»: the text's brackets stay as they are and each match is between ⟦ ⟧."""
    r = cli("search", "вместо этого текст", "-e", "A", "--limit", "1")
    assert r.exit_code == 0, r.output
    assert 'вид "[⟦текст⟧ 1], вместо ⟦этого⟧ – [⟦текст⟧ 2]"' in r.stdout
