"""Cards and Russian word forms: the card-database import, linking mentions, `card`, search."""

from __future__ import annotations

import json
import shutil

import pytest

from berserk_kb.lexicon.carddb import import_cards, load_imported
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
    cards = [card("10001", "Вайл", text="{regen} 1. {tap}: удар {zozl}"),
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
    assert s.unknown_placeholders == {"zozl": 1}  # {tap} is an icon const.json does not name: a word
    vail, gnome = load_imported(kb_copy)
    assert vail.text_resolved == "Регенерация 1. Закрыть: удар {zozl}" and vail.features == ("Регенерация",)
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
    (lambda d: (d / "const.json").unlink(), ": not a folder of the card database (cards.json and const.json): no const.json in it"),
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
    assert set(s["unknown_placeholders"]) == {"zozl"}  # {tap}, {strike}, {health}…: words
    # Гном-басаарг (10053): «Строй: +1 к {strike} . +1 к {strike} и {direct} по закрытым существам.»
    gnome = cli("card", "Гном-Басаарг", "--kb", str(kb_copy)).stdout
    assert "Строй: +1 к удару . +1 к удару и Направленный удар по закрытым существам." in " ".join(gnome.split())
    assert "{" not in gnome
    near = cli("card", "Гном", "--kb", str(kb_copy)).stderr  # the rulebook's own cards first
    assert near.startswith("berserk-kb: error: no card 'Гном' in this KB (did you mean: Гном-басаарг, Гномий король, ")
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
    from berserk_kb.lexicon.linking import mentions_of

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
    """…and not where the capital only opens a sentence (the review: «Тень», «Искра» open sentences)."""
    kb = make_kb(tmp_path, {"f.txt": "700.1. Страж стоит в строю. Карта ставит стража, и Страж стоит.\n"})
    (tmp_path / "cards.yaml").write_text("cards:\n  - name: Страж\n", encoding="utf-8")
    (view,) = json.loads(cli("card", "страж", "--kb", str(kb), "--json").stdout)
    assert [(m["surface"], m["offset"]) for m in view["mentions"]] == [("Страж", 7 + 44)]  # «и Страж»


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
    assert any(h["text"][m["start"]:m["end"]] == surface for h in data["hits"] for m in h["matches"]), data["hits"][:3]


def test_search_ranks_units_with_more_of_the_query_first(cli):
    data = json.loads(cli("search", "переворот кубика", "--json").stdout)
    first = data["hits"][0]
    assert first["words"] == first["of_words"] == 2
    assert all(h["words"] <= first["words"] for h in data["hits"])


def test_search_without_words_is_an_error(cli):
    r = cli("search", "?!")
    assert r.exit_code == 2 and "no word" in r.stderr


# --- review fixes: import ---------------------------------------------------------------------------


def test_deeply_nested_json_is_a_malformed_file_naming_the_position(db, kb_copy, cli):
    (db / "cards.json").write_text("[" * 5000 + "]" * 5000, encoding="utf-8")
    r = cli("cards", "import", str(db), "--kb", str(kb_copy))
    # the format needs 3 levels; the bracket opening level 101 stands in column 101 of line 1
    assert r.exit_code == 2 and len(r.stderr.strip().splitlines()) == 1
    assert "cards.json:1:101: malformed card database: nested more than 100 levels deep" in r.stderr
    assert not (kb_copy / "imported").exists()


@pytest.mark.parametrize("damage, table", [
    (lambda c: c["icons"].update(regen=5), "icons.regen"),
    (lambda c: c.update(sets=["Война стихий"]), "sets"),
    (lambda c: c["colors"].update(x="Тьма"), "colors.x"),
    (lambda c: c.update(creature_types="Нелетающее"), "creature_types"),
    (lambda c: c["colors"].update({"3": "Степи и Горы"}), "colors"),   # a bit set: 3 is not one element
    (lambda c: c.pop("icons"), "icons"),
    (lambda c: c["sets"].update({"11": None}), "sets.11"),
])
def test_a_malformed_const_table_is_an_error_naming_the_table(db, kb_copy, cli, damage, table):
    const = json.loads(json.dumps(CONST))
    damage(const)
    (db / "const.json").write_text(json.dumps(const, ensure_ascii=False), encoding="utf-8")
    r = cli("cards", "import", str(db), "--kb", str(kb_copy))
    assert r.exit_code == 2 and len(r.stderr.strip().splitlines()) == 1
    assert f"const.json: malformed const.json: field {table}" in r.stderr
    assert not (kb_copy / "imported").exists()


def test_a_corrupt_earlier_import_is_overwritten(db, kb_copy, cli):
    assert cli("cards", "import", str(db), "--kb", str(kb_copy)).exit_code == 0
    out = kb_copy / "imported" / "cards.json"
    out.write_bytes(out.read_bytes()[:100])  # truncated
    assert cli("card", "Вайл", "--kb", str(kb_copy)).exit_code == 2  # unreadable until imported again
    r = cli("cards", "import", str(db), "--kb", str(kb_copy))
    assert r.exit_code == 0 and "the earlier import could not be read and was overwritten" in r.stdout
    assert [c.name for c in load_imported(kb_copy)] == ["Вайл", "Гном-Басаарг"]
    again = json.loads(cli("cards", "import", str(db), "--kb", str(kb_copy), "--json").stdout)
    assert again["replaced"] == 2 and again["replaced_unreadable"] is None


def test_records_that_are_not_text_or_name_unknown_codes_are_skipped_by_id(tmp_path, kb_copy, cli):
    folder = tmp_path / "bad"
    folder.mkdir()
    cards = [card("10001", "Вайл"),
             card("10002", "Тест\u0000карта"),           # NUL
             card("10003", "   "),                      # only whitespace
             card("10004", "?!-"),                      # only punctuation
             card("10005", "Тень\u200b"),               # an invisible format character
             card("10006", "Ключник "),                 # a real card with a trailing space: kept
             card("10007", "Чужой набор", setId=99),
             card("10008", "Чужой тип", type=7),
             card("10009", "Чужая стихия", color=64),
             card("10010", "Без стихии", color=0),
             card("10011", "Чужая редкость", rarity=9),
             card("10012", "Плохой текст", text="a\ud800b")]  # unpaired surrogate
    (folder / "cards.json").write_text(json.dumps(cards, ensure_ascii=True), encoding="utf-8")
    (folder / "const.json").write_text(json.dumps(CONST, ensure_ascii=False), encoding="utf-8")
    s = json.loads(cli("cards", "import", str(folder), "--kb", str(kb_copy), "--json").stdout)
    reasons = dict(s["skipped"])
    assert sorted(reasons) == [f"100{n:02}" for n in (2, 3, 4, 5, 7, 8, 9, 10, 11, 12)]
    assert "U+0000" in reasons["10002"] and "no letter" in reasons["10003"] and "no letter" in reasons["10004"]
    assert reasons["10007"].startswith("setId") and reasons["10008"].startswith("type")
    assert reasons["10009"].startswith("color") and reasons["10010"].startswith("color")
    assert reasons["10011"].startswith("rarity") and "U+D800" in reasons["10012"]
    assert (s["read"], s["imported"]) == (12, 2)
    assert [c.name for c in load_imported(kb_copy)] == ["Вайл", "Ключник"]
    assert [cid for cid, _ in s["notes"]] == ["10006"]
    for name in ("Вайл", "Ключник"):  # every card can be asked for
        r = cli("card", name, "--kb", str(kb_copy), "--json")
        assert r.exit_code == 0 and json.loads(r.stdout)[0]["name"] == name


def test_an_empty_database_is_refused_unless_allowed(db, kb_copy, cli):
    assert cli("cards", "import", str(db), "--kb", str(kb_copy)).exit_code == 0
    (db / "cards.json").write_text("[]", encoding="utf-8")
    r = cli("cards", "import", str(db), "--kb", str(kb_copy))
    assert r.exit_code == 2 and "holds no cards" in r.stderr and len(r.stderr.strip().splitlines()) == 1
    assert len(load_imported(kb_copy)) == 2  # the earlier import is kept
    (db / "cards.json").write_text(json.dumps([card("10003", "Сломанная", life="восемь")]), encoding="utf-8")
    r = cli("cards", "import", str(db), "--kb", str(kb_copy))
    assert r.exit_code == 2 and "no card that can be imported" in r.stderr
    assert len(load_imported(kb_copy)) == 2
    s = json.loads(cli("cards", "import", str(db), "--kb", str(kb_copy), "--allow-empty", "--json").stdout)
    assert (s["imported"], s["replaced"]) == (0, 2) and load_imported(kb_copy) == ()
    assert "--allow-empty" in cli("cards", "import", "--help").stdout


@pytest.mark.parametrize("umask, mode", [(0o022, 0o644), (0o027, 0o640)])
def test_the_imported_file_respects_the_umask(db, kb_copy, cli, umask, mode):
    import os
    import stat

    old = os.umask(umask)
    try:
        assert cli("cards", "import", str(db), "--kb", str(kb_copy)).exit_code == 0
    finally:
        os.umask(old)
    assert stat.S_IMODE((kb_copy / "imported" / "cards.json").stat().st_mode) == mode


# --- review fixes: linking and `card` -----------------------------------------------------------------


def test_a_short_form_links_to_its_card(cli):
    """002: «… есть ещё Менгир Каррефура … Менгир может усилить отравление»: kb/cards.yaml gives
    «Менгир» as a form of «Менгир Каррефура»; both mentions are that card's."""
    (view,) = json.loads(cli("card", "Менгир Каррефура", "--json").stdout)
    assert [m["surface"] for m in view["mentions"]] == ["Менгир Каррефура", "Менгир"]
    data = json.loads(cli("links", "--json").stdout)
    assert "Менгир" not in {m["target"] for m in data["mentions"]}
    q = 'SELECT ?c WHERE { ?c a bkb:Card ; rdfs:label ?l . FILTER(STR(?l) = "Менгир") }'
    assert json.loads(cli("sparql", q, "--json").stdout)["results"]["bindings"] == []


def test_linking_needs_the_same_part_of_speech_and_a_real_capital(tmp_path, cli):
    text = ("700.1. Мести подлежит всякий. Обратить карту можно. Дана возможность. Тень падает на поле.\n"
            "700.2. Существо «Тень» и карта Тень стоят, Обращённого бьёт Мёбу, а Мебу нет.\n")
    kb = make_kb(tmp_path, {"f.txt": text})
    (tmp_path / "cards.yaml").write_text(
        "cards:\n  - name: Мёбу\n  - name: Обращённый\n  - name: Дану\n  - name: Тень\n", encoding="utf-8")
    data = json.loads(cli("links", "--kb", str(kb), "--json").stdout)
    linked = [(m["surface"], m["target"]) for m in data["mentions"]]
    assert linked == [("Тень", "Тень"), ("Тень", "Тень"), ("Обращённого", "Обращённый"), ("Мёбу", "Мёбу"),
                      ("Мебу", "Мёбу")]
    assert [m["offset"] for m in data["mentions"]][:2] == [text.split("\n")[1].index("«Тень»") + 1,
                                                          text.split("\n")[1].index("карта Тень") + 6]


def test_the_rulebooks_inflected_forms_still_link(kb):
    from berserk_kb.lexicon.linking import mentions_of

    surfaces = {(m.kind, m.target, m.surface, m.value) for m in kb.links.mentions}
    assert {("card", "Вайл", "Вайла", None), ("card", "Вайл", "Вайлу", None),
            ("card", "Льер-Кулат", "Льером-Кулатом", None), ("card", "Ашельта", "Ашельте", None),
            ("feature", "Регенерация", "Регенерации", 4), ("feature", "Отравление", "Отравление", 2),
            ("card", "Гномий Король", "Гномьим Королём", None)} <= surfaces
    assert len(mentions_of(kb.links, "Ашельта", "card")) == 3  # «Ашельте», «Ашельты» twice (002, ex3)


@pytest.mark.parametrize("name, feature, where", [("Регенерация", "Регенерация", "516.1 (A)"),
                                                  ("Строя", "Строй", "519.3 (A)")])
def test_card_names_a_feature_instead_of_suggesting_cards(cli, name, feature, where):
    r = cli("card", name)
    assert r.exit_code == 2 and len(r.stderr.strip().splitlines()) == 1
    assert f"is the feature «{feature}», not a card" in r.stderr and where in r.stderr
    assert "did you mean" not in r.stderr


def test_card_suggests_close_names_only(tmp_path, cli):
    kb = make_kb(tmp_path, {"f.txt": "700.1. Вайл и Сот стоят рядом.\n"})
    (tmp_path / "cards.yaml").write_text("cards:\n  - name: Вайл\n  - name: Сот\n  - name: Ррег\n", encoding="utf-8")
    r = cli("card", "Сотник", "--kb", str(kb))  # shares «Сот» but is no typo of it
    assert r.exit_code == 2 and "no card 'Сотник'" in r.stderr and "did you mean" not in r.stderr
    r = cli("card", "Ррегенерация", "--kb", str(kb))
    assert r.exit_code == 2 and "did you mean" not in r.stderr
    assert "did you mean: Вайл?" in cli("card", "Вайлл", "--kb", str(kb)).stderr


# --- review fixes (2): sizes, numbers, skipped reasons, absent stats --------------------------------


def test_a_number_too_long_to_read_is_a_positioned_error(db, kb_copy, cli):
    """Python reads integers of at most 4,300 digits; a 5,000-digit cost is bad input (line 2, column 9)."""
    (db / "cards.json").write_text('[{"id": "1",\n "cost":' + "9" * 5000 + "}]", encoding="utf-8")
    r = cli("cards", "import", str(db), "--kb", str(kb_copy))
    assert r.exit_code == 2 and len(r.stderr.strip().splitlines()) == 1, r.stderr
    assert "cards.json:2:9: malformed card database: a number of 5000 digits" in r.stderr
    assert not (kb_copy / "imported").exists()


def test_only_a_regular_file_of_bounded_size_is_read(db, kb_copy, cli):
    from berserk_kb.lexicon.cardfile import MAX_BYTES

    (db / "cards.json").unlink()
    (db / "cards.json").symlink_to("/dev/zero")  # endless: reading it would exhaust the memory
    r = cli("cards", "import", str(db), "--kb", str(kb_copy))
    assert r.exit_code == 2 and "cards.json: card database is not a regular file" in r.stderr
    (db / "cards.json").unlink()
    with open(db / "cards.json", "wb") as fh:
        fh.truncate(MAX_BYTES + 1)  # sparse: no disk used
    r = cli("cards", "import", str(db), "--kb", str(kb_copy))
    assert r.exit_code == 2 and len(r.stderr.strip().splitlines()) == 1
    assert "card database is larger than the limit of 64 MiB" in r.stderr
    assert not (kb_copy / "imported").exists()


def test_the_cards_file_is_read_once(db, kb_copy, monkeypatch):
    """One read for the records, the progress total and the checksum (the review: three reads)."""
    import builtins
    import hashlib
    import io
    import os

    opened = []
    real_open = io.open

    def counting_open(file, *a, **kw):
        if str(file).endswith("cards.json") and "imported" not in str(file):
            opened.append(file)
        return real_open(file, *a, **kw)

    real_os_open = os.open

    def counting_os_open(file, *a, **kw):
        if str(file).endswith("cards.json") and "imported" not in str(file):
            opened.append(file)
        return real_os_open(file, *a, **kw)

    monkeypatch.setattr(builtins, "open", counting_open)
    monkeypatch.setattr(io, "open", counting_open)  # pathlib's read_bytes
    monkeypatch.setattr(os, "open", counting_os_open)  # store.files.read_regular
    totals = []

    class Bar:
        def __init__(self, total):
            totals.append(total)
            self.done = 0

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            return False

        def update(self, n):
            self.done += n

    s = import_cards(kb_copy, db, Bar)
    assert len(opened) == 1 and totals == [5] and s.read == 5
    written = json.loads((kb_copy / "imported" / "cards.json").read_text(encoding="utf-8"))
    assert written["sha256"] == hashlib.sha256((db / "cards.json").read_bytes()).hexdigest()


def test_when_every_record_is_skipped_the_reasons_are_shown(db, kb_copy, cli):
    (db / "cards.json").write_text(json.dumps([card("10003", "Сломанная", life="восемь"), {"name": "Без номера"}],
                                              ensure_ascii=False), encoding="utf-8")
    r = cli("cards", "import", str(db), "--kb", str(kb_copy))
    assert r.exit_code == 2 and len(r.stderr.strip().splitlines()) == 1
    assert "(2 skipped: 10003: life:" in r.stderr and "#1: id:" in r.stderr and "--allow-empty" in r.stderr


def test_card_leaves_out_the_stats_a_card_does_not_have(db, kb_copy, cli):
    """A land has no life and no move, a card may have no strike: none of them is printed as None."""
    (db / "cards.json").write_text(json.dumps([card("10001", "Пустыня", life=None, move=None, hit=None)],
                                              ensure_ascii=False), encoding="utf-8")
    assert cli("cards", "import", str(db), "--kb", str(kb_copy)).exit_code == 0
    out = cli("card", "Пустыня", "--kb", str(kb_copy)).stdout
    assert "None" not in out and "life" not in out and "move" not in out and "strike" not in out
    assert "10001 (Война стихий, №1): cost 5; Болота; Нелетающее; Частая" in out


def test_a_noun_name_is_not_linked_from_a_verb(tmp_path, cli):
    """The feature «Строй» is a noun; «строить», «строит», «строили», «Строю дом» are the verb
    «строить» (its imperative «строй» is no reason to link them), «в строю», «Строя», «строем»
    and «строй» (540.2, 540.4 of the bundled rulebook) are the noun."""
    text = ("700.1. Строить можно всегда. Он строит и они строили. Строю дом.\n"
            "700.2. Гном стоит в строю. Потеря Строя разрывает связь со строем; он разорвёт строй.\n")
    kb = make_kb(tmp_path, {"f.txt": text})
    (tmp_path / "features.yaml").write_text("features: [Строй]\n", encoding="utf-8")
    data = json.loads(cli("links", "--kb", str(kb), "--json").stdout)
    assert [(m["surface"], m["line"]) for m in data["mentions"]] == [("строю", 2), ("Строя", 2), ("строем", 2),
                                                                      ("строй", 2)]
    r = cli("card", "Строить", "--kb", str(kb))
    assert r.exit_code == 2 and "no card 'Строить'" in r.stderr and "feature" not in r.stderr


def test_control_characters_in_an_ability_text_are_removed_with_a_note(tmp_path, kb_copy):
    """(Fresh user's F2.) The card database has U+0001 after «(воздействие «штопор» )» in a few ability
    texts: not text (XML 1.0 cannot carry it), so it is removed at import and a note names the card,
    its record and the character; a tab and a line end are text and stay."""
    folder = tmp_path / "ctl"
    folder.mkdir()
    cards = [card("10001", "Вайл", text="(воздействие «штопор» )\u0001"),
             card("10002", "Кшар", text="раз\tдва\nтри\u0001 четыре\u007f")]
    (folder / "cards.json").write_text(json.dumps(cards, ensure_ascii=True), encoding="utf-8")
    (folder / "const.json").write_text(json.dumps(CONST, ensure_ascii=False), encoding="utf-8")
    s = import_cards(kb_copy, folder)
    assert [c.text for c in load_imported(kb_copy)] == ["(воздействие «штопор» )", "раз\tдва\nтри четыре"]
    assert dict(s.notes) == {"10001": "text (record 0 of cards.json): control characters removed: U+0001 ×1",
                             "10002": "text (record 1 of cards.json): control characters removed: U+0001 ×1, U+007F ×1"}
