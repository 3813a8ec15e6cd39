"""The importer: every form of the rulebook text, and nothing of it lost."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from berserk_kb.errors import InputError
from berserk_kb.text import nfc
from berserk_kb.text.lines import classify_line
from berserk_kb.text.model import ListStyle, ParagraphKind
from berserk_kb.text.parse import parse_rulebook, source_lines, split_units
from berserk_kb.text.references import find_references
from conftest import SOURCES, make_kb


def assert_loss_free(text: str, spans: list[tuple[int, int, str]]) -> None:
    """Every non-blank line belongs to exactly one unit, in order, and each unit's marker + text is
    exactly its source lines (a blank line inside a unit — «100.1.» / blank / its text — is its own:
    no unit takes it as well). ``spans`` = (line_start, line_end, prefix + text) per unit."""
    lines = source_lines(text)
    nonblank = [i for i, ln in enumerate(lines, start=1) if ln.strip()]
    covered: list[int] = []
    for start, end, content in sorted(spans):
        covered.extend(i for i in range(start, end + 1) if lines[i - 1].strip())
        assert content == "\n".join(lines[start - 1:end]), (start, end)
    assert covered == nonblank


# --- the bundled fragments -----------------------------------------------------------------------


def test_every_line_of_every_fragment_is_in_exactly_one_unit(rulebook):
    by_fragment = defaultdict(list)
    for u in rulebook.units():
        by_fragment[u.span.fragment].append((u.span.line_start, u.span.line_end, u.prefix + u.text))
    assert sorted(by_fragment) == sorted(p.name for p in SOURCES.glob("*.txt"))
    for name, spans in by_fragment.items():
        assert_loss_free((SOURCES / name).read_text(encoding="utf-8"), spans)


def test_ids_are_unique_and_stable(rulebook):
    ids = [u.id for u in rulebook.units()] + [r.id for r in rulebook.references]
    assert len(ids) == len(set(ids))
    again = parse_rulebook(SOURCES.parent)
    assert [u.id for u in again.units()] == [u.id for u in rulebook.units()]


def test_numbered_paragraphs_of_both_editions(rulebook):
    """000/004 (edition B) print 518.8, 519, 519.1–519.8, 540, 540.1–540.5 (with 540.3.1)."""
    b = [p.number for p in rulebook.paragraphs if p.edition == "B" and p.number]
    assert b == ["518.8", "519", "519.1", "519.2", "519.3", "519.4", "519.5", "519.6", "519.7", "519.8",
                 "540", "540.1", "540.2", "540.3", "540.3.1", "540.4", "540.5"]
    a = [p.number for p in rulebook.paragraphs if p.edition == "A" and p.number]
    assert a == ["516.1", "516.1.1", "516.1.2", "517.3", "517.4", "517.6", "517.6.1", "518.3", "519.3"]


def test_multi_level_number_and_parent(rulebook):
    p = {x.id: x for x in rulebook.paragraphs}
    assert p["A:516.1.1"].parent == "A:516.1"
    assert p["B:540.3.1"].parent == "B:540.3"
    assert p["B:519.4"].parent == "B:519"


def test_unnumbered_headings_and_plain_text_under_them(rulebook):
    """001: «Правило топора.» is a heading; the sentence below it is its plain paragraph."""
    p = {x.id: x for x in rulebook.paragraphs}
    axe = p["A:правило-топора"]
    assert axe.kind is ParagraphKind.HEADING and axe.number is None and axe.title == "Правило топора"
    body = [x for x in rulebook.paragraphs if x.parent == axe.id]
    assert [x.kind for x in body] == [ParagraphKind.TEXT]
    assert body[0].text.startswith("Если в тексте карты в явном виде прописано противоречие")
    # 519.3 of edition A stands under the heading «Модификаторы атаки.» (there is no 519 in A)
    assert p["A:519.3"].parent == "A:модификаторы-атаки"


def test_list_styles(rulebook):
    items = defaultdict(list)
    for i in rulebook.list_items:
        items[i.paragraph].append((i.label, i.style))
    assert items["B:519.2"] == [("a", ListStyle.LATIN), ("b", ListStyle.LATIN)]
    assert [lbl for lbl, _ in items["A:519.3"]] == ["а", "б", "в", "г", "д"]
    assert {s for _, s in items["A:519.3"]} == {ListStyle.CYRILLIC}
    assert [lbl for lbl, _ in items["A:517.3"]] == ["1", "2", "3"]
    assert [s for _, s in items["B:540.4"]] == [ListStyle.BULLET, ListStyle.BULLET, ListStyle.SUB_BULLET, ListStyle.SUB_BULLET]
    nested = [i for i in rulebook.list_items if i.paragraph == "B:540.4" and i.parent_item]
    assert {i.parent_item for i in nested} == {"B:540.4/item2"}  # under «● приобретенная особенность»


def test_every_example_form_is_found(rulebook):
    labels = {x.label for x in rulebook.examples}
    assert {"ПРИМЕР 1", "ПРИМЕР", "Например"} <= labels
    # ПРИМЕР. (with a full stop) in fragment 003
    assert any(x.prefix.startswith("ПРИМЕР.") for x in rulebook.examples)
    # 17 worked examples across the five fragments (issue 4 counts 17)
    assert len(rulebook.examples) == 17


def test_example_stands_under_its_numbered_paragraph(rulebook):
    """The Гном-Басаарг example follows plain sentences of 519.3 (edition A) and belongs to it."""
    ex = [x for x in rulebook.examples if x.paragraph == "A:519.3"]
    assert len(ex) == 1 and ex[0].text.startswith("Гном-Басаарг в строю с Гномьим Королём")
    assert ex[0].id == "A:519.3/ex1"


def test_a_line_that_does_not_end_a_sentence_continues_on_the_next(rulebook):
    """000 lines 3–4: «…ваше существо получает » / «1 или +1 к до конца вашего хода.”» is one example."""
    ex = next(x for x in rulebook.examples if x.id == "B:518.8/ex1")
    assert (ex.span.line_start, ex.span.line_end) == (3, 4)


def test_orphaned_piece_at_the_start_of_a_fragment(rulebook):
    """Fragment 000 starts with a nested «○» item whose list is not in the text."""
    first = next(u for u in rulebook.units() if u.span.fragment.startswith("000_") and u.span.line_start == 1)
    assert first.orphaned and first.paragraph is None and first.style is ListStyle.SUB_BULLET
    assert first.text.startswith("подавляются до появления")
    assert sum(u.orphaned for u in rulebook.units()) == 1


def test_orphans_in_synthetic_fragments(tmp_path):
    kb = make_kb(tmp_path, {"f.txt": "б) хвост списка;\nв) ещё;\nсередина фразы без начала.\n519.1. Текст.\n"})
    rb = parse_rulebook(kb)
    units = rb.units()
    assert [u.orphaned for u in units] == [True, True, False, False]
    kb2 = make_kb(tmp_path / "2", {"g.txt": "продолжение фразы из прошлого фрагмента.\n519.1. Текст."})
    assert parse_rulebook(kb2).units()[0].orphaned


# --- references ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, numbers",
    [
        ("Когда бросок кубика совершён (см. 306. Бросок кубика.), а", ["306"]),
        ("действия, описанные в п. 512.6.2, к этому", ["512.6.2"]),
        ("определяется пп. 519.2, 519.3.", ["519.2", "519.3"]),
        ("правилом наложения модификаторов броска (п.518.3), затем", ["518.3"]),
        ("осуществляется согласно 309.2. Игрок", ["309.2"]),
        ("см. пп. 519.2–519.4", ["519.2", "519.3", "519.4"]),
        ("пп. 519.2 и 519.5", ["519.2", "519.5"]),
        ("в пунктах 540.3, 540.4", ["540.3", "540.4"]),
        ("См. 306. Бросок кубика.", ["306"]),
        ("Пп. 519.2, 519.3 определяют", ["519.2", "519.3"]),
        ("(см. также 120)", ["120"]),
        ("пп. 519.2-4", ["519.2", "519.3", "519.4"]),
        ("последовательность наложения такая же, как в группах а-г", []),
        ("атака на 2 может быть сведена к 1", []),
        ("п. 519.3, 4 раны", ["519.3"]),
    ],
)
def test_reference_forms(text, numbers):
    assert [n for _, nums, _ in find_references(text) for n in nums] == numbers


def test_references_resolve_within_their_edition(rulebook):
    refs = {(r.source_unit, r.number): r for r in rulebook.references}
    assert refs[("B:519.1", "306")].target is None
    assert refs[("B:519.1", "512.6.2")].target is None
    assert refs[("B:519.3", "519.2")].target == "B:519.2"  # not A's paragraph of the same number
    assert refs[("B:519.8", "519.3")].target == "B:519.3"
    assert refs[("B:540.4/item1", "540.3")].source_paragraph == "B:540.4"
    for r in rulebook.references:
        assert r.target is None or r.target.startswith(r.edition + ":")


def test_a_reference_never_resolves_into_another_edition(tmp_path):
    kb = make_kb(tmp_path, {"a.txt": "700.1. Текст.\n", "b.txt": "700.2. См. п. 700.1.\n"},
                 {"A": ["a.txt"], "B": ["b.txt"]})
    (ref,) = parse_rulebook(kb).references
    assert ref.number == "700.1" and ref.target is None


def test_a_fragment_that_ends_mid_sentence_marks_its_last_piece(tmp_path):
    kb = make_kb(tmp_path, {"f.txt": "519.1. Полный текст.\n519.2. Модификаторы накладываются в порядке:\nа) первые;\nб) вторые,"})
    units = parse_rulebook(kb).units()
    assert [u.orphaned for u in units] == [False, False, False, True]
    assert units[-1].paragraph == "X:519.2"  # still attached to its own paragraph


def test_carriage_return_line_ends(tmp_path):
    kb = make_kb(tmp_path, {"f.txt": ""})
    (kb / "sources" / "f.txt").write_bytes("519.3. Первый.\r519.4. Второй.\r\n519.5. Третий.".encode())
    assert [p.number for p in parse_rulebook(kb).paragraphs] == ["519.3", "519.4", "519.5"]


def test_short_sentences_are_not_headings(tmp_path):
    """Only a noun phrase is a heading: «Отравление не суммируется.» is a plain sentence."""
    kb = make_kb(tmp_path, {"f.txt": "Модификаторы атаки.\nЗдесь идёт текст раздела.\nОтравление не суммируется.\n"
                                      "519.3. Правило наложения модификаторов атаки. Порядок:\nа) первые.\n"
                                      "Порядок определяет игрок.\nПРИМЕР: пример.\n"})
    rb = parse_rulebook(kb)
    p = {x.id: x for x in rb.paragraphs}
    assert [x.kind.value for x in rb.paragraphs].count("heading") == 1
    assert p["X:519.3"].parent == "X:модификаторы-атаки"
    assert p["X:519.3"].title == "Правило наложения модификаторов атаки"
    assert rb.examples[0].paragraph == "X:519.3"


def test_nul_in_a_source_names_file_and_line(tmp_path):
    kb = make_kb(tmp_path, {"f.txt": "519.1. Текст.\n519.2. Te\x00xt.\n"})
    with pytest.raises(InputError, match=r"f\.txt:2:10: contains a NUL character"):
        parse_rulebook(kb)


def test_duplicate_numbers_get_distinct_ids(tmp_path):
    kb = make_kb(tmp_path, {"a.txt": "700.1. Первый.\n700.1. Второй.\n"})
    ids = [p.id for p in parse_rulebook(kb).paragraphs]
    assert ids == ["X:700.1", "X:700.1~2"]


# --- bad input --------------------------------------------------------------------------------------


def test_source_that_is_not_utf8_names_file_and_line(tmp_path):
    kb = make_kb(tmp_path, {"a.txt": "700.1. Текст.\n"})
    (kb / "sources" / "a.txt").write_bytes("700.1. Текст.\n700.2. ".encode() + "Ошибка".encode("cp1251") + b"\n")
    with pytest.raises(InputError, match=r"a\.txt:2:8: not valid UTF-8"):
        parse_rulebook(kb)


@pytest.mark.parametrize(
    "manifest, message",
    [
        ("editions: [", r"manifest\.yaml:\d+: malformed manifest"),
        ("title: x\n", r"field editions: Field required"),
        ("editions:\n  - id: A\n    fragments: []\n", r"field editions\.0\.fragments"),
        ("editions:\n  - id: A\n    fragments: [missing.txt]\n", r"fragment file .*missing\.txt not found"),
        ("editions:\n  - id: A\n    fragments: [a.txt]\n  - id: A\n    fragments: [b.txt]\n", r"edition 'A' listed twice"),
        ("editions:\n  - id: A\n    fragments: [../a.txt]\n", r"plain file name"),
        ("editions:\n  - id: A\n    colour: red\n    fragments: [a.txt]\n", r"editions\.0\.colour"),
        ("- just a list\n", r"expected a mapping"),
    ],
)
def test_malformed_manifest(tmp_path, manifest, message):
    kb = make_kb(tmp_path, {"a.txt": "700.1. Текст.\n", "b.txt": "700.2. Текст.\n"})
    (kb / "sources" / "manifest.yaml").write_text(manifest, encoding="utf-8")
    with pytest.raises(InputError, match=message):
        parse_rulebook(kb)


def test_missing_kb_folder(tmp_path):
    with pytest.raises(InputError, match="does not exist; expected a knowledge-base folder"):
        parse_rulebook(tmp_path / "nope")
    with pytest.raises(InputError, match="has no sources folder; expected a knowledge-base folder"):
        parse_rulebook(tmp_path)


# --- generated text (hypothesis) -------------------------------------------------------------------

_words = st.sampled_from(["кубик", "модификатор", "Отравление", "атака", "сводится", "к", "X", "1", "(см.",
                          "306.)", "п.", "519.3", "пп.", "519.2,", "–", "Строй", "ё", "“", "”", "\"", "'"])
_sentence = st.lists(_words, min_size=1, max_size=8).map(" ".join)
_end = st.sampled_from(["", ".", ";", ":", " ", ",", "…", "\""])
_number = st.lists(st.integers(1, 12), min_size=0, max_size=3).flatmap(
    lambda parts: st.integers(100, 999).map(lambda top: ".".join([str(top), *map(str, parts)])))
_line = st.one_of(
    st.tuples(_number, _sentence, _end).map(lambda t: f"{t[0]}. {t[1]}{t[2]}"),
    st.tuples(st.sampled_from("abcабвгд"), st.sampled_from(".)"), _sentence, _end).map(lambda t: f"{t[0]}{t[1]} {t[2]}{t[3]}"),
    st.tuples(st.integers(1, 9), _sentence, _end).map(lambda t: f"{t[0]}) {t[1]}{t[2]}"),
    st.tuples(st.sampled_from(["●", "○", "● ", "○ "]), _sentence, _end).map("".join),
    st.tuples(st.sampled_from(["ПРИМЕР: ", "ПРИМЕР 2: ", "ПРИМЕР. ", "Например, "]), _sentence, _end).map("".join),
    st.sampled_from(["Правило топора.", "Модификаторы атаки.", "Эффект замещения"]),
    st.tuples(_sentence, _end).map("".join),
    st.sampled_from(["", " ", "\t", "  \r"]),
    st.text(alphabet=st.characters(blacklist_characters="\n\x00", blacklist_categories=("Cs",)), max_size=30),
)
_fragment = st.lists(_line, max_size=40).map("\n".join)


@settings(max_examples=400, deadline=None)
@given(_fragment)
def test_generated_text_loses_nothing(text):
    units = split_units(text)
    assert_loss_free(text, [(u.line_start, u.line_end, u.prefix + u.text) for u in units])
    for u in units:
        assert all(line.strip() for line in u.lines)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(_fragment, _fragment)
def test_generated_rulebook_loses_nothing_and_ids_are_unique(tmp_path_factory, a, b):
    kb: Path = make_kb(tmp_path_factory.mktemp("gen"), {"a.txt": a, "b.txt": b}, {"A": ["a.txt"], "B": ["b.txt"]})
    rb = parse_rulebook(kb)
    for name, text in (("a.txt", a), ("b.txt", b)):  # as read: in composed form (text.nfc), U+0FB9 as two letters
        text = nfc(text)
        spans = [(u.span.line_start, u.span.line_end, u.prefix + u.text) for u in rb.units() if u.span.fragment == name]
        assert_loss_free(text, spans)
    ids = [u.id for u in rb.units()] + [r.id for r in rb.references]
    assert len(ids) == len(set(ids))
    by_id = {p.id: p for p in rb.paragraphs}
    for r in rb.references:
        if r.target:
            assert by_id[r.target].number == r.number and by_id[r.target].edition == r.edition


def test_classify_line_forms():
    assert classify_line("519.3. Текст").kind == "numbered"
    assert classify_line("540. Потеря особенностей.").number == "540"
    assert classify_line("516.1.1. Эффекты").number == "516.1.1"
    assert classify_line("ПРИМЕР 1: текст").label == "ПРИМЕР 1"
    assert classify_line("ПРИМЕР. Текст").label == "ПРИМЕР"
    assert classify_line("Пример 2. Текст").label == "Пример 2"
    assert classify_line("5.1. Раздел").number == "5.1"
    assert classify_line("Например, у Лёккена").kind == "example"
    assert classify_line("a. модификаторы").style is ListStyle.LATIN
    assert classify_line("а) модификаторы").style is ListStyle.CYRILLIC
    assert classify_line("2) в открытом виде").style is ListStyle.DIGIT
    assert classify_line("● потеря").style is ListStyle.BULLET
    assert classify_line("○ удаляется").style is ListStyle.SUB_BULLET
    assert classify_line("Правило топора.").kind == "heading"
    assert classify_line("Замещение особенности - это эффект правил").kind == "text"
    assert classify_line("В случае, если после наложения").kind == "text"



@pytest.mark.parametrize("line, kind", [("𗀀 правило.", "text"), ("Правило 𗀀", "heading")])
def test_letters_without_unicode_names_are_read_not_a_crash(line, kind):
    """pymorphy3 raises ValueError on letters Unicode gives no name (Tangut; found by hypothesis):
    such a word has no part of speech, so it cannot open a heading but does not stop one."""
    assert classify_line(line).kind == kind
