"""`berserk-kb check`: each check on a small synthetic rulebook with exactly its defect, a clean
rulebook with no finding at all, stable ids and order, accepted findings, exit status."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from berserk_kb import KnowledgeBase
from berserk_kb.checks import run_checks
from berserk_kb.checks.messages import say
from conftest import kb_with_a_wrong_example, make_kb

CLEAN = ("700. Раздел правил.\n"
         "700.1. Первое правило действует всегда.\n"
         "700.2. Второе правило ссылается на п. 700.1 и действует после него.\n"
         "а) первый пункт списка;\n"
         "б) второй пункт списка.\n"
         "ПРИМЕР: второе правило применяется после первого в любой игре.\n")


def findings(tmp_path, text, code, files=None, **kw):
    kb = make_kb(tmp_path, files or {"f.txt": text}, kw.get("editions"))
    for name, content in (kw.get("extra") or {}).items():
        target = kb / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(content, encoding="utf-8")
    found = [f for f in run_checks(KnowledgeBase(kb)).findings if f.code == code]
    for f in found:  # the Russian words come from the finding's own values too (web: the report in Russian)
        assert say(f.template, "ru", f.values)[0], f.template
    return found


@pytest.mark.parametrize("editions", [["X"], ["A"], ["A", "B"]])
def test_a_clean_rulebook_has_no_finding(tmp_path, editions):
    """No noise, also under the edition ids the encoded mechanics know (A, B): the meaning checks
    then run, and must find nothing about this text (the mechanics cite none of its paragraphs)."""
    kb = make_kb(tmp_path, {f"{e}.txt": CLEAN for e in editions}, {e: [f"{e}.txt"] for e in editions})
    run = run_checks(KnowledgeBase(kb))
    assert run.findings == (), [f.message for f in run.findings]
    if editions != ["X"]:
        assert any("written for another text" in note for note in run.skipped), run.skipped


@pytest.mark.parametrize("text, code, severity, words", [
    ("700.1. Одно.\n700.1. Другое.\n", "S001", "error", "700.1 is printed twice"),
    ("700.1. Одно правило.\n700.3. Третье правило.\n", "S002", "warning", "700.2 is missing between 700.1 and 700.3"),
    ("700.3. Третье правило.\n", "S002", "info", "700.1–700.2 are not in the loaded text"),
    ("700. Раздел.\n700.1. Правило.\n702. Раздел.\n702.1. Правило.\n", "S002", "warning",
     "701 is missing between 700 and 702"),
    ("700.1. Одно правило.\n700.4. Четвёртое правило.\n", "S002", "warning",
     "700.2–700.3 are missing between 700.1 and 700.4"),
    # a section is there when a sub-paragraph of it is printed, whether or not its own line is
    ("700. Раздел.\n700.1. Правило.\n702.1. Правило.\n", "S002", "warning", "701 is missing between 700 and 702.1"),
    ("700.1. Правило.\n702.1. Правило.\n", "S002", "warning", "701 is missing between 700.1 and 702.1"),
    ("Раздел.\n700.1. Правило.\n702.1. Правило.\n", "S002", "warning", "701 is missing between 700.1 and 702.1"),
    ("700.2. Второе правило.\n700.1. Первое правило.\n", "S003", "error", "700.1 comes after 700.2"),
    ("700.1. Первое правило.\nЗдесь стоит правило без номера, и оно действует.\n700.3. Третье правило.\n",
     "S004", "info", "where 700.2 is missing"),
    ("700.1. Смотри п. 700.9 про это.\n", "S005", "warning", "inside section 700"),
    ("700.1. Смотри п. 306 про это.\n", "S005", "info", "outside the loaded fragments"),
    ("○ хвост чужого списка.\n700.1. Правило.\n", "S006", "info", "cut off by the fragment boundary"),
    ("700.1. Правило.\nПРИМЕР: одинаковый пример, повторённый в тексте дважды подряд.\n"
     "700.2. Правило.\nПРИМЕР: одинаковый пример, повторённый в тексте дважды подряд.\n", "S007", "warning", "repeats"),
    ("700.1. Существо получает Pегенерацию от карты.\n", "L002", "error", "mixes Latin letters (P)"),
    ("700.1. Порядок:\nа) первое;\nв) третье.\n", "L004", "warning", "goes from «а)» to «в)»"),
    ("700.1. Порядок:\na. первое;\nб) второе.\n", "L004", "warning", "mixes styles"),
    ("700.1. Порядок:\nа) первое;\nа) второе.\n", "L004", "warning", "has «а)» twice"),
    ("700.1. Порядок:\n1) первое;\n1) второе.\n", "L004", "warning", "has «1)» twice"),
    ("700.1. Порядок:\nа) первое;\nб) второе;\n700.2. Дальше.\n", "L004", "warning", "ends with «;»"),
    ("700.1. Порядок:\nа) первое,\nб) второе,\n700.2. Дальше.\n", "L004", "warning", "ends with «,»"),
    ("700.1. Порядок:\nб) второе;\nв) третье.\n", "L004", "warning", "starts at «б)»"),
    ("700.1. Порядок:\n1) первое;\n2) второе\n", "L004", "info", "«2) …второе» ends with no punctuation"),
    ("700.1.\n700.2. Текст правила.\n", "L005", "warning", "700.1 has no text"),  # a number left without its text
])
def test_each_check_finds_its_defect(tmp_path, text, code, severity, words):
    found = findings(tmp_path, text, code)
    assert found, f"{code} found nothing"
    assert any(f.severity == severity and words in f.message for f in found), [(f.severity, f.message) for f in found]
    assert all(f.source for f in found if f.code != "M005")


def test_near_miss_name(tmp_path):
    found = findings(tmp_path, "700.1. Существо получает Регенарацию и Регенерацию.\n", "L001",
                     extra={"features.yaml": "features: [Регенерация]\n"})
    assert [f.suggestion for f in found] == ["«Регенерация»"]
    assert "«Регенарацию» is not a known name" in found[0].message


LEXICON = {"features.yaml": "features: [Регенерация]\n",
           "cards.yaml": "cards:\n  - name: Вайл\n  - name: Ледовый Охотник\n  - name: Аранта\n"}


@pytest.mark.parametrize("text, surface, distance, suggestion", [
    ("700.1. Существо получает регенарацию.\n", "регенарацию", 1, "Регенерация"),  # lower case
    ("700.1. Рядом стоит Ледовый Охотнек.\n", "Ледовый Охотнек", 1, "Ледовый Охотник"),  # second word
    ("700.1. Существа с Регенарациями.\n", "Регенарациями", 1, "Регенерация"),  # 3 edits from the lemma
    ("700.1. Отравление спадёт у Вайллу.\n", "Вайллу", 1, "Вайл"),  # one letter from «Вайлу»
])
def test_near_miss_name_forms(tmp_path, text, surface, distance, suggestion):
    found = findings(tmp_path, text, "L001", extra=LEXICON)
    assert [(f.suggestion, f.source) for f in found] == [(f"«{suggestion}»", "f.txt:1")]
    letters = "letter" if distance == 1 else "letters"
    assert f"«{surface}» is not a known name; it is {distance} {letters} from" in found[0].message


def test_near_miss_name_is_quiet_on_unknown_names(tmp_path):
    """«Арахна» is two letters from the card «Аранта» in six: a different name, not a typo; right
    forms of known names are no near misses either."""
    text = "700.1. Арахна стоит рядом с Вайлом, Ледовым Охотником и Арантой; регенерации нет.\n"
    assert findings(tmp_path, text, "L001", extra=LEXICON) == []


@pytest.mark.parametrize("text, numbers", [
    # a heading, two unnumbered paragraphs, then the first number printed: 700.3
    ("Раздел.\nПервое правило без номера действует.\nВторое правило без номера действует.\n700.3. Третье.\n",
     {"700": 1, "700.1": 2, "700.2": 3}),
    # the printed section number, then the same
    ("700. Раздел.\nПервое правило без номера действует.\nВторое правило без номера действует.\n700.3. Третье.\n",
     {"700.1": 2, "700.2": 3}),
    # two numbers missing between printed siblings, two unnumbered paragraphs there
    ("700.1. Первое.\nВторое правило без номера действует.\nТретье правило без номера действует.\n700.4. Четвёртое.\n",
     {"700.2": 2, "700.3": 3}),
])
def test_inferable_numbers(tmp_path, text, numbers):
    found = findings(tmp_path, text, "S004")
    assert {f.suggestion.removeprefix("number it "): int(f.source.split(":")[1]) for f in found} == numbers


def test_numbering_gap_filled_by_unnumbered_paragraphs(tmp_path):
    """S002 says the numbers an unnumbered paragraph takes stand there unnumbered, not that they
    are not in the text."""
    text = "Раздел.\nПервое правило без номера действует.\nВторое правило без номера действует.\n700.3. Третье.\n"
    found = findings(tmp_path, text, "S002")
    assert len(found) == 1 and found[0].severity == "info"
    assert "700.1–700.2 stand unnumbered before it (f.txt:2, f.txt:3" in found[0].message
    assert "not in the loaded text" not in found[0].message
    text = "700.1. Первое.\nВторое правило без номера действует.\nТретье правило без номера действует.\n700.4. Четвёртое.\n"
    found = findings(tmp_path / "2", text, "S002")
    assert [f.message for f in found] == ["700.2–700.3 stand unnumbered between 700.1 and 700.4 in edition X "
                                          "(f.txt:2, f.txt:3; see S004)"]


def test_quote_lost_words(tmp_path):
    """A quote of a card's text in an example that lost «Опыт в атаке» (an icon) against the database."""
    from berserk_kb.lexicon.carddb import import_cards

    db = tmp_path / "db"
    db.mkdir()
    (db / "cards.json").write_text(json.dumps([{"id": "10045", "setId": 10, "number": 45, "name": "Ледовый охотник",
        "cost": 5, "life": 7, "move": 2, "hit": [1, 2, 3], "type": 0, "color": 2, "rarity": 1,
        "text": "Вальхалла: ваше существо получает {ova} 1 или +1 к {ova} до конца вашего хода"}], ensure_ascii=False),
        encoding="utf-8")
    (db / "const.json").write_text(json.dumps({"icons": {"ova": "Опыт в атаке"}}, ensure_ascii=False), encoding="utf-8")
    kb = make_kb(tmp_path / "kb", {"f.txt": "700.1. Правило об опыте.\nПРИМЕР: Ледовый Охотник имеет текст: "
                                            "“Вальхалла: ваше существо получает 1 или +1 к до конца вашего хода.”\n"})
    import_cards(kb, db)
    found = [f for f in run_checks(KnowledgeBase(kb)).findings if f.code == "L003"]
    assert len(found) == 1 and "«опыт в атаке», «опыт в атаке»" in found[0].message


def test_example_outcome(tmp_path, cli):
    kb = kb_with_a_wrong_example(tmp_path)
    found = list(run_checks(KnowledgeBase(kb), only=["M001"]).findings)
    assert any(f.severity == "error" and "A:519.3/ex1" in f.message and "does not come out" in f.message for f in found)
    assert sum(f.severity == "warning" and "has no scenario file" in f.message for f in found) == 16


def test_edition_behaviour_names_the_deciding_paragraphs(kb):
    found = [f for f in run_checks(kb, only=["M002"]).findings if "die-roll-editions-differ" in f.message]
    assert len(found) == 1
    assert "518.3 д)" in found[0].message and "519.2 a." in found[0].message


def test_uncited_paragraph_and_unexercised_clause(kb):
    run = run_checks(kb, only=["M004", "M005"])
    m4 = {f.paragraph for f in run.findings if f.code == "M004"}
    assert "A:нельзя-объявлять-никаких-игродействий" in m4  # «Нельзя объявлять никаких игродействий…»: no clause
    m5 = {f.message for f in run.findings if f.code == "M005"}
    assert any("A:517.4/если-вы-потеряли-контроль" in m for m in m5)


def test_clause_conflict_is_found_and_printed_as_a_scenario(tmp_path):
    """A second clause for applying a die modifier (−N for +N) conflicts with the first: the check
    finds a situation with two results and writes it as a scenario file that runs."""
    from berserk_kb.engine.code import prolog_dir

    alt = tmp_path / "prolog"
    shutil.copytree(prolog_dir(), alt)
    dice = next(alt.rglob("dice.pl"))
    text = dice.read_text(encoding="utf-8")
    anchor = "% Flip, variant set_to_modifier:"
    assert anchor in text
    dice.write_text(text.replace(anchor, "modifier_effect(_, Mod, V0, V) :-\n    Mod.op == add,\n    V is V0 - Mod.value.\n\n" + anchor),
                    encoding="utf-8")
    out = tmp_path / "conflicts"
    env = dict(os.environ, BERSERK_KB_PROLOG=str(alt))
    exe = str(Path(sys.executable).with_name("berserk-kb"))
    proc = subprocess.run([exe, "check", "--only", "M003", "--json", "--write-scenarios", str(out)],
                          env=env, capture_output=True, text=True, timeout=300)
    data = json.loads(proc.stdout)
    assert data["counts"]["warning"] >= 1 and proc.returncode == 0
    files = sorted(out.glob("*.yaml"))
    assert files
    again = subprocess.run([exe, "why", str(files[0]), "--json"], env=env, capture_output=True, text=True, timeout=120)
    assert again.returncode == 0, again.stderr


def test_the_bundled_rulebook_has_no_clause_conflict(kb):
    assert list(run_checks(kb, only=["M003"]).findings) == []


def test_findings_are_stable_and_can_be_accepted(tmp_path, cli):
    text = "700.1. Одно правило.\n700.3. Третье правило.\n700.4. Смотри п. 700.9.\n"
    kb = make_kb(tmp_path, {"f.txt": text})
    first = json.loads(cli("check", "--kb", str(kb), "--json").stdout)["findings"]
    again = json.loads(cli("check", "--kb", str(kb), "--json").stdout)["findings"]
    assert first == again and len(first) >= 2
    # a paragraph added at the top moves every line; the ids stay
    (kb / "sources" / "f.txt").write_text("699.1. Новое правило сверху.\n" + text, encoding="utf-8")
    moved = json.loads(cli("check", "--kb", str(kb), "--json").stdout)["findings"]
    assert {f["id"] for f in first} <= {f["id"] for f in moved}
    (kb / "accepted-findings.yaml").write_text(f"- id: {first[0]['id']}\n  reason: known\n", encoding="utf-8")
    data = json.loads(cli("check", "--kb", str(kb), "--json").stdout)
    assert first[0]["id"] not in {f["id"] for f in data["findings"]} and data["accepted"] == 1
    assert "A001" not in {f["code"] for f in data["findings"]}


def test_stale_accepted_finding(tmp_path, cli):
    """An accepted id that matches nothing any more is an info finding naming the id and file:line."""
    kb = make_kb(tmp_path, {"f.txt": CLEAN})
    (kb / "accepted-findings.yaml").write_text("# fixed since\n- id: S002-0123456789\n  reason: old\n", encoding="utf-8")
    data = json.loads(cli("check", "--kb", str(kb), "--json").stdout)
    assert [(f["code"], f["severity"], f["source"]) for f in data["findings"]] == \
        [("A001", "info", "accepted-findings.yaml:2")]
    assert "S002-0123456789" in data["findings"][0]["message"]
    assert json.loads(cli("check", "--kb", str(kb), "--json", "--only", "S002").stdout)["findings"] == []


@pytest.mark.parametrize("content, where", [
    ("- id: S002-0123456789\n  reason: [unclosed\n- id: x\n", "accepted-findings.yaml:3:"),
    ("- id: S002-0123456789\n- reason: no id\n", "accepted-findings.yaml:2:"),
])
def test_bad_accepted_findings_file_names_the_line(tmp_path, cli, content, where):
    kb = make_kb(tmp_path, {"f.txt": CLEAN})
    (kb / "accepted-findings.yaml").write_text(content, encoding="utf-8")
    r = cli("check", "--kb", str(kb))
    assert r.exit_code == 2 and where in r.stderr and len(r.stderr.strip().splitlines()) == 1, r.stderr


def test_exit_status_follows_fail_on(tmp_path, cli):
    kb = make_kb(tmp_path, {"f.txt": "700.1. Одно правило.\n700.3. Третье правило.\n"})  # a warning, an info
    assert cli("check", "--kb", str(kb)).exit_code == 0
    assert cli("check", "--kb", str(kb), "--fail-on", "warning").exit_code == 1
    clean = make_kb(tmp_path / "clean", {"f.txt": CLEAN})
    assert cli("check", "--kb", str(clean), "--fail-on", "info").exit_code == 0


def test_check_list_documents_every_check(cli):
    rows = json.loads(cli("check", "--list", "--json").stdout)
    assert {r["code"][0] for r in rows} == {"S", "L", "M", "G", "A"}
    assert all(r["what"] and r["why"] for r in rows)
    assert cli("check", "--only", "Z999").exit_code == 2


def test_bundled_rulebook_findings(cli):
    """What the bundled rulebook holds (see the closing note for the judgement of each)."""
    data = json.loads(cli("check", "--json").stdout)
    codes = {f["code"] for f in data["findings"]}
    assert {"S002", "S004", "S005", "S006", "L001", "L004", "M002"} <= codes
    assert data["counts"]["error"] == 0



def test_a_repeated_letter_is_not_a_missing_one(tmp_path):
    """«а) … а)»: the second «а» is a duplicate, not a sign that «б» is missing."""
    found = findings(tmp_path, "700.1. Порядок:\nа) первое;\nа) второе.\n", "L004")
    assert [(f.message, f.suggestion) for f in found] == [("the list of 700.1 has «а)» twice", "reletter the list")]


def test_section_gaps_and_the_heading_that_stands_for_a_section(tmp_path):
    """The heading stands for 700 (S004); 701 is still missing, once."""
    found = findings(tmp_path, "Раздел.\n700.1. Правило.\n702.1. Правило.\n703. Раздел.\n", "S002")
    assert [f.message for f in found] == ["701 is missing between 700.1 and 702.1 in edition X"]


def test_an_accepted_id_with_control_characters_is_printed_escaped(tmp_path, cli):
    kb = make_kb(tmp_path, {"f.txt": CLEAN})
    (kb / "accepted-findings.yaml").write_text('- id: "S002-\\0\\e]0;title\\a\\e[31m"\n  reason: x\n',
                                                encoding="utf-8")
    r = cli("check", "--kb", str(kb))
    assert r.exit_code == 0
    assert not any(ch in r.stdout for ch in "\0\x1b\x07"), r.stdout
    assert "accepted finding S002-\\x00\\x1b]0;title\\x07\\x1b[31m matches no finding" in r.stdout


def test_edition_behaviour_compares_what_both_editions_compute(kb):
    """feature-negative-value.yaml: B 518.8 «…эта особенность работает как “[именная особенность] 0”»;
    A says nothing of a negative value and refuses it (issue 12), so M002, which compares two computed
    results, has nothing to say of it (the diff credits the refusal to B 518.8: test_diff); the two
    dice scenarios both editions compute and that differ are its findings, each naming both sides."""
    found = run_checks(kb, only=["M002"]).findings
    assert not [f for f in found if "feature-negative-value" in f.message]
    assert sorted(f.message.split(",")[0] for f in found) == ["die-roll-editions-differ.yaml", "die-roll-reroll-flip.yaml"]
    assert all("; deciding: A " in f.message and "; B " in f.message for f in found)
