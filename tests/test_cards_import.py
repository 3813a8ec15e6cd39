"""Cards and Russian word forms: the card-database import, linking mentions, `card`, search."""

from __future__ import annotations

import json
import shutil

import pytest

from berserk_kb.carddb import import_cards, load_imported
from berserk_kb.errors import InputError
from conftest import KB_DIR, ROOT, make_kb

REAL_DB = ROOT.parent / "shared" / "data" / "cards"

CONST = {"sets": {"10": "Война стихий"}, "colors": {"1": "Степи", "2": "Горы", "8": "Болота"},
         "creature_types": {"0": "Нелетающее"}, "rarities": {"1": "Частая"},
         "icons": {"regen": "Регенерация", "ova=1": "Опыт в атаке: 1", "psn": "Отравление"}}


def card(cid, name, **kw):
    base = {"id": cid, "setId": 10, "number": int(cid[-3:]), "name": name, "cost": 5, "life": 8, "move": 1,
            "hit": [1, 2, 3], "text": None, "type": 0, "color": 8, "rarity": 1, "elite": False}
    return {**base, **kw}


@pytest.fixture()
def db(tmp_path):
    folder = tmp_path / "db"
    folder.mkdir()
    cards = [card("10001", "Вайл", text="{regen} 1. {tap}: удар"),
             card("10002", "Гном-Басаарг", color=3, text="{ova=1} и {psn}"),
             card("10003", "Сломанная", life="восемь"),          # malformed: life is not a number
             {"name": "Без номера"},                              # malformed: no id
             card("10001", "Вайл повтор")]                        # the same id twice
    (folder / "cards.json").write_text(json.dumps(cards, ensure_ascii=False), encoding="utf-8")
    (folder / "const.json").write_text(json.dumps(CONST, ensure_ascii=False), encoding="utf-8")
    return folder


@pytest.fixture()
def kb_copy(tmp_path):
    target = tmp_path / "kb"
    shutil.copytree(KB_DIR, target, ignore=shutil.ignore_patterns("imported"))
    return target


def test_import_summary_adds_up_and_records_are_normalised(db, kb_copy):
    s = import_cards(kb_copy, db)
    assert (s.read, s.imported, len(s.skipped)) == (5, 2, 3)
    assert s.read == s.imported + len(s.skipped)
    reasons = dict(s.skipped)
    assert "life" in reasons["10003"] and "id" in reasons["#3"] and "same id" in reasons["10001"]
    assert s.unknown_placeholders == {"tap": 1}
    vail, gnome = load_imported(kb_copy)
    assert vail.text_resolved == "Регенерация 1. {tap}: удар" and vail.features == ("Регенерация",)
    assert vail.elements == ("Болота",) and vail.set_name == "Война стихий" and vail.type == "Нелетающее"
    assert gnome.elements == ("Степи", "Горы") and gnome.features == ("Опыт в атаке", "Отравление")


def test_importing_again_replaces_never_duplicates(db, kb_copy, cli):
    first = json.loads(cli("cards", "import", str(db), "--kb", str(kb_copy), "--json").stdout)
    again = json.loads(cli("cards", "import", str(db / "cards.json"), "--kb", str(kb_copy), "--json").stdout)
    assert first["replaced"] == 0 and again["replaced"] == 2
    assert len(load_imported(kb_copy)) == 2


@pytest.mark.parametrize("damage, words", [
    (lambda d: (d / "cards.json").write_text('[{"id": "1",\n "name": ]', encoding="utf-8"), "cards.json:2:10: malformed card database"),
    (lambda d: (d / "cards.json").write_text('{"id": "1"}', encoding="utf-8"), "expected a list of cards"),
    (lambda d: (d / "const.json").unlink(), "const.json: const.json not found"),
    (lambda d: (d / "cards.json").write_bytes(b'[{"name": "\xff"}]'), "not valid UTF-8"),
])
def test_a_malformed_file_is_an_error_and_nothing_is_written(db, kb_copy, cli, damage, words):
    damage(db)
    r = cli("cards", "import", str(db), "--kb", str(kb_copy))
    assert r.exit_code == 2 and words in r.stderr and len(r.stderr.strip().splitlines()) == 1
    assert not (kb_copy / "imported").exists()


def test_the_real_card_database(kb_copy, cli):
    """../shared/data/cards: 1,510 cards, all imported."""
    if not REAL_DB.is_dir():
        pytest.skip("../shared/data/cards is not next to this checkout")
    s = json.loads(cli("cards", "import", str(REAL_DB), "--kb", str(kb_copy), "--json").stdout)
    assert s["read"] == 1510 == s["imported"] + len(s["skipped"])
    assert s["unknown_placeholders"]["tap"] > 0
    (view,) = json.loads(cli("card", "Вайл", "--kb", str(kb_copy), "--json").stdout)
    assert view["database"][0]["id"] == "10117" and view["database"][0]["hit"] == [1, 1, 4]
    links = json.loads(cli("links", "--kb", str(kb_copy), "--json").stdout)
    assert set(links["not_in_database"]) >= {"Ашельта", "Бокор", "Габриэль", "Менгир Каррефура"}


# --- linking and `card` -------------------------------------------------------------------------


def test_card_lists_every_unit_that_names_it_in_any_form(cli):
    """002 names Вайл as «Вайлу», «Вайл» and «Вайла» in two examples."""
    (view,) = json.loads(cli("card", "Вайла", "--json").stdout)
    assert view["name"] == "Вайл"
    surfaces = {m["surface"] for m in view["mentions"]}
    assert surfaces == {"Вайлу", "Вайл", "Вайла"}
    assert {m["unit"] for m in view["mentions"]} == {"A:замещение-особенности-это-эффект/ex4",
                                                     "A:замещение-особенности-это-эффект/ex5"}
    m = view["mentions"][0]
    assert (m["fragment"], m["line"]) == ("002_d25e711ad88a11da.txt", 9)
    line = (KB_DIR / "sources" / m["fragment"]).read_text(encoding="utf-8").split("\n")[m["line"] - 1]
    assert line[m["offset"]:m["offset"] + m["length"]] == m["surface"]  # a span that can be highlighted


def test_hyphenated_names_in_other_cases(cli):
    """001: «Гном-Басаарг … Гнома-Басаарга»; 002: «Льер-Кулат … Льером-Кулатом» (ё/е and case too)."""
    (gnome,) = json.loads(cli("card", "гном-басаарг", "--json").stdout)
    assert {"Гном-Басаарг", "Гнома-Басаарга"} <= {m["surface"] for m in gnome["mentions"]}
    (lier,) = json.loads(cli("card", "Льер-Кулат", "--json").stdout)
    assert "Льером-Кулатом" in {m["surface"] for m in lier["mentions"]}
    (lekken,) = json.loads(cli("card", "Леккен", "--json").stdout)
    assert lekken["name"] == "Лёккен" and lekken["mentions"][0]["surface"] == "Лёккена"


def test_features_link_in_any_form(kb):
    from berserk_kb.linking import mentions_of

    surfaces = {m.surface for m in mentions_of(kb.links, "Опыт в атаке", "feature")}
    assert {"Опыт в атаке", "Опыта в атаке", "Опытом в атаке"} <= surfaces
    assert "Регенерации" in {m.surface for m in mentions_of(kb.links, "Регенерация", "feature")}


def test_a_near_miss_is_not_linked(tmp_path, cli):
    kb = make_kb(tmp_path, {"f.txt": "700.1. Вайлон и Вайлы стоят рядом. Вайл тоже.\n"})
    (tmp_path / "cards.yaml").write_text("cards:\n  - name: Вайл\n", encoding="utf-8")
    (view,) = json.loads(cli("card", "Вайл", "--kb", str(kb), "--json").stdout)
    assert [m["surface"] for m in view["mentions"]] == ["Вайлы", "Вайл"]  # not «Вайлон»
    r = cli("card", "Вайлон", "--kb", str(kb))
    assert r.exit_code == 2 and "no card 'Вайлон'" in r.stderr and "did you mean: Вайл" in r.stderr


def test_a_card_named_like_a_common_word_is_linked_only_when_capitalised(tmp_path, cli):
    kb = make_kb(tmp_path, {"f.txt": "700.1. Страж стоит в строю. Карта ставит стража и строй.\n"})
    (tmp_path / "cards.yaml").write_text("cards:\n  - name: Страж\n", encoding="utf-8")
    (view,) = json.loads(cli("card", "страж", "--kb", str(kb), "--json").stdout)
    assert [m["surface"] for m in view["mentions"]] == ["Страж"]


def test_unknown_names_and_the_link_rate(cli):
    data = json.loads(cli("links", "--json").stdout)
    assert "Регенарация" in {u["surface"] for u in data["unknown"]}  # the rulebook's typo (000, 002)
    assert data["linked"] == len(data["mentions"]) > 50
    assert data["rate"] == pytest.approx(data["linked"] / (data["linked"] + len(data["unknown"])))
    assert "names the KB does not know" in cli("links").stdout


def test_mentions_are_spans_in_the_graph(cli):
    q = ("SELECT ?s ?line ?off WHERE { ?m a bkb:Mention ; bkb:mentions ?c ; bkb:surface ?s ; bkb:lineStart ?line ; "
         "bkb:offset ?off . ?c rdfs:label \"Вайл\"@ru } ORDER BY ?line ?off")
    rows = json.loads(cli("sparql", q, "--json").stdout)["results"]["bindings"]
    assert [r["s"]["value"] for r in rows][:2] == ["Вайлу", "Вайл"]


# --- search ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("query, surface", [("регенерация", "Регенерации"), ("вайл", "Вайлу"), ("ВАЙЛ", "Вайлу"),
                                            ("лёккен", "Лёккена"), ("отравлением", "отравления")])
def test_search_matches_word_forms(cli, query, surface):
    data = json.loads(cli("search", query, "--json").stdout)
    assert any(f"[{surface}]" in h["snippet"] for h in data["hits"]), data["hits"][:3]


def test_search_ranks_units_with_more_of_the_query_first(cli):
    data = json.loads(cli("search", "переворот кубика", "--json").stdout)
    first = data["hits"][0]
    assert first["words"] == first["of_words"] == 2
    assert all(h["words"] <= first["words"] for h in data["hits"])


def test_search_without_words_is_an_error(cli):
    r = cli("search", "?!")
    assert r.exit_code == 2 and "no word" in r.stderr
