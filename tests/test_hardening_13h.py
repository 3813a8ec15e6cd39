"""A fresh user's findings on issue 13 (fu13h): finding quotes cut inside a word, an unknown card
placeholder printed whole, stress marks and zero-width characters inside a searched word, the
temporaries of a killed compile, Markdown link syntax parsed for a minute before a line cap refuses
it, and the final state of a prevention effect that works again. Inputs are made here; expected
values are worked by hand from the text quoted in each test."""

from __future__ import annotations

import json
import os
import time

import pytest

from berserk_kb import KnowledgeBase
from berserk_kb.checks import run_checks
from conftest import make_kb
from scenario_parts import card

# --- H1: a finding's quote is cut at a word boundary, with «…» -------------------------------------

LONG = "Дополнительные свойства. Эти свойства появляются в игровой зоне после розыгрыша карты."


def _found(tmp_path, text, code):
    kb = make_kb(tmp_path, {"f.txt": text})
    return [f for f in run_checks(KnowledgeBase(kb)).findings if f.code == code]


def test_a_duplicate_numbers_quote_ends_at_a_word_with_an_ellipsis(tmp_path):
    """S001 quotes 60 characters: the 60th of LONG is the «з» of «зоне» (59 before it, counted:
    «Дополнительные свойства. » 25, «Эти свойства » 13, «появляются в » 13, «игровой » 8), so the
    quote stops after «игровой» and says it was cut."""
    (f,) = _found(tmp_path, f"700.1. Первое.\n700.1. {LONG}\n", "S001")
    assert f.values["text"] == "Дополнительные свойства. Эти свойства появляются в игровой…"
    assert "«Дополнительные свойства. Эти свойства появляются в игровой…»" in f.message


def test_a_quote_that_is_whole_gets_no_ellipsis(tmp_path):
    """L005 «700.1 Текст правила.» (no dot after the number): the line is short, shown whole — no
    «…» that would read as a cut — and so is the suggested start «700.1. Текст правила.»."""
    (f,) = _found(tmp_path, "700.1 Текст правила.\n", "L005")
    assert "«700.1 Текст правила.»" in f.message, f.message
    assert f.suggestion == "«700.1. Текст правила.»", f.suggestion


def test_a_repeated_examples_quote_is_cut_at_a_word(tmp_path):
    """S007 quotes 60 characters of the repeated example; «ПРИМЕР: » is not its text."""
    example = "ПРИМЕР: " + LONG
    (f,) = _found(tmp_path, f"700.1. Правило.\n{example}\n700.2. Правило.\n{example}\n", "S007")
    assert f.values["text"].endswith("…") and not f.values["text"].endswith("з…")
    assert LONG.startswith(f.values["text"][:-1]), f.values["text"]


# --- H2: an unknown placeholder in a card text is cut in the import's report -------------------------


def test_an_unknown_placeholder_is_cut_in_the_import_report(tmp_path, cli):
    """A placeholder of 200,000 «x»: the report names it cut to 80 characters (79 «x» and «…»: no
    word boundary to cut at) — the card itself is imported, the placeholder left as written."""
    kb = make_kb(tmp_path, {"f.txt": "700.1. Текст правила.\n"})
    db = tmp_path / "db"
    db.mkdir()
    record = {"id": "10001", "setId": 10, "number": 1, "name": "Тест", "cost": 5, "life": 8, "move": 1,
              "hit": [1, 2, 3], "text": "Удар {" + "x" * 200_000 + "}", "type": 0, "color": 8, "rarity": 1,
              "elite": False}
    (db / "cards.json").write_text(json.dumps([record]), encoding="utf-8")
    (db / "const.json").write_text(json.dumps({"sets": {"10": "Набор"}, "colors": {"8": "Болота"},
                                               "creature_types": {"0": "Нелетающее"}, "rarities": {"1": "Частая"},
                                               "icons": {}}), encoding="utf-8")
    r = cli("--kb", str(kb), "cards", "import", str(db))
    assert r.exit_code == 0, r.output
    (line,) = [ln for ln in r.output.splitlines() if "does not name" in ln]
    assert line.endswith("{" + "x" * 79 + "…} ×1"), line[-120:]
    assert "imported 1" in r.output


# --- H3: stress marks and zero-width characters inside a word ----------------------------------------

TWO = "700.1. Карта входит в игру.\n700.2. Существо атакует.\n"


@pytest.mark.parametrize("mark", ["\u0301", "\u0300", "\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u00ad"])
def test_a_mark_inside_a_searched_word_is_folded_out(tmp_path, mark):
    """«ка́рта» (with a stress mark, as dictionaries print it) is «карта»: it finds 700.1 only, as
    «карта» does; so does a text that carries the mark, found by the plain word."""
    kb = KnowledgeBase(make_kb(tmp_path / "q", {"f.txt": TWO}))
    assert [h.unit for h in kb.search(f"ка{mark}рта").hits] == ["X:700.1"]
    marked = KnowledgeBase(make_kb(tmp_path / "t", {"f.txt": TWO.replace("Карта", f"Ка{mark}рта")}))
    assert [h.unit for h in marked.search("карта").hits] == ["X:700.1"]


def test_a_stress_mark_in_a_card_name_finds_the_card(tmp_path, cli):
    """kb/cards.yaml names «Вайл»; `card 'Ва́йл'` is that card, not «no card … did you mean Вайл»."""
    kb = make_kb(tmp_path, {"f.txt": "700.1. Вайл атакует.\n"})
    (kb / "cards.yaml").write_text("cards:\n  - name: Вайл\n", encoding="utf-8")
    r = cli("--kb", str(kb), "card", "Ва\u0301йл")
    assert r.exit_code == 0, r.output
    assert r.output.splitlines()[0].strip("*") == "Вайл"


# --- H4: the temporaries a killed first compile left are removed when the bundle is found -----------


def test_old_compile_temporaries_are_removed_when_the_bundle_is_found(tmp_path, monkeypatch):
    """A compile killed before its rename leaves ``.tmp-facts-*``; later runs find the bundle and
    never compile again: they remove the ones over an hour old, not a newer one (it may be a
    compile running now)."""
    from berserk_kb.engine.compiled import bundle

    monkeypatch.setenv("BERSERK_KB_CACHE", str(tmp_path / "cache"))
    base = tmp_path / "src"
    base.mkdir()
    (base / "a.pl").write_text(":- module(a, [a/1]).\na(1).\n", encoding="utf-8")
    final = bundle(base, [base / "a.pl"], "facts")
    assert final is not None
    old, new = final.parent / ".tmp-facts-killed", final.parent / ".tmp-facts-running"
    for folder in (old, new):
        folder.mkdir()
        (folder / "a.qlf").write_bytes(b"half")
    two_hours_ago = time.time() - 7200
    os.utime(old, (two_hours_ago, two_hours_ago))
    assert bundle(base, [base / "a.pl"], "facts") == final
    assert not old.exists() and new.is_dir()


# --- H5: Markdown limits are checked before the Markdown pass ----------------------------------------


@pytest.fixture()
def no_parser(monkeypatch):
    """The Markdown pass, made to fail: a refusal must come before it."""
    from berserk_kb.text.formats import markdown

    def parse(text):
        raise AssertionError("the Markdown parser ran")

    monkeypatch.setattr(markdown, "read_markdown", parse)


HEAD = "# Часть 1\n\n101. Раздел\n\n101.1. Текст "


def test_a_line_over_the_cap_is_refused_before_the_markdown_pass(tmp_path, no_parser):
    """Line 5 is «101.1. Текст » (13 characters) and 1,000,000 × «[](» (3,000,000): 3,000,013."""
    from berserk_kb.errors import InputError
    from berserk_kb.text.formats import read_source

    src = tmp_path / "p.md"
    src.write_text(HEAD + "[](" * 1_000_000 + "\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"p\.md:5: a line of 3,000,013 characters: at most 1,000,000"):
        read_source(src)


def test_too_many_link_brackets_are_refused_before_the_markdown_pass(tmp_path, no_parser):
    """60,000 lines «![» after the 5 of HEAD: the 50,001st «[» stands on line 5 + 50,001."""
    from berserk_kb.errors import InputError
    from berserk_kb.text.formats import read_source

    src = tmp_path / "p.md"
    src.write_text(HEAD + "\n" + "![\n" * 60_000, encoding="utf-8")
    with pytest.raises(InputError, match=r"p\.md:50006: 60,000 «\[» \(links, images\) in one Markdown file"):
        read_source(src)


def test_an_inline_picture_does_not_count_toward_the_line_cap(tmp_path):
    """A picture's data (1,100,000 characters of base64) is shown as «[значок]»: the line it stands
    on is short to a reader, and is read."""
    from berserk_kb.text.formats import read_source

    src = tmp_path / "p.md"
    src.write_text(HEAD + "![](data:image/png;base64," + "A" * 1_100_000 + ") конец.\n", encoding="utf-8")
    out = read_source(src)
    assert "101.1. Текст [значок] конец." in out.text, out.text[-200:]


# --- H6: the final state says which prevention effect still applies --------------------------------


def _revived(events_after):
    """A «Если карта – источник эффекта предотвращения покидает игровую зону, то эффект
    предотвращения от этой карты больше не применяется»; a static ability («1 рану от каждой атаки»)
    is the card's own and works again on the card brought back (517.4 «Возродить карту…»)."""
    return {"edition": "A", "cards": [
        card("guard", name="защитник", effects=[{"id": "once5", "type": "prevent_once", "amount": 5},
                                                 {"id": "each1", "type": "prevent_each", "amount": 1}]),
        card("att", "p2", name="атакующий")],
        "events": [{"zone_change": {"card": "guard", "to": "graveyard"}}, *events_after]}


@pytest.mark.parametrize("events_after, each_applies", [
    ([{"bring_into_squad": {"card": "guard", "how": "revive", "player": "p1"}}], True),  # back: works again
    ([], False)])  # still in the graveyard: not in the play zone
def test_the_final_state_says_which_effect_still_applies(kb, events_after, each_applies):
    from berserk_kb.render.why import why_text

    r = kb.why(_revived(events_after))
    guard = next(c for c in r.final_state["cards"] if c["id"] == "guard")
    effects = {e["id"]: (e["left_play"], e["applies"]) for e in guard["effects"]}
    assert effects == {"once5": (True, False), "each1": (True, each_applies)}
    text = why_text(r, "en", None, kb.language_pack("en"))
    assert f"each1 {'applies' if each_applies else 'no longer applies'}" in text
    assert "once5 no longer applies (0 left)" in text
