"""The editor's report in the interface's language (fresh user's finding S2): every finding keeps
the values its message quotes, and each check code has one template per language; the English one
is the command line's text (``berserk-kb check``: unchanged)."""

from __future__ import annotations

import string

from berserk_kb.checks import all_checks
from berserk_kb.checks.messages import TEMPLATES, say


def _fields(template) -> set[str]:
    """The values a ``str.format`` template names (a function names what it reads: it is called)."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name} if isinstance(template, str) else set()


def test_every_check_code_has_an_english_and_a_russian_template():
    codes = {c.code for c in all_checks()}
    assert {name.split(":")[0] for name in TEMPLATES} == codes
    for name, (en_msg, en_sug, ru_msg, ru_sug) in TEMPLATES.items():
        assert en_msg is not None and ru_msg is not None, name
        assert (en_sug is None) == (ru_sug is None), name  # a suggestion in one language is in the other


def test_every_value_a_template_names_is_in_the_finding(reading):
    """Over the bundled rulebook's report (accepted findings too): both languages' words come from
    the finding's own values; a value a template names and the finding lacks would raise here."""
    run = reading.check_run
    found = [*run.findings, *run.accepted_findings]
    assert found
    for f in found:
        assert f.template in TEMPLATES and f.template.split(":")[0] == f.code
        for t in TEMPLATES[f.template]:
            assert _fields(t) <= set(f.values), (f.template, _fields(t) - set(f.values))
        for lang in ("en", "ru"):
            message, _ = say(f.template, lang, f.values)
            assert message


def test_the_russian_report_words_a_near_miss_in_russian(get):
    """The rulebook's example writes «Регенарация» (B 518.8, example 2) where the feature is
    «Регенерация»: one letter apart (а for е). L001 carries both names and the distance; the
    Russian page says it in Russian, the English one as the command line does."""
    data = get("/check.json?code=L001").json()
    f = next(f for g in data["groups"] for f in g["findings"] if f["paragraph"] == "B:518.8/ex2")
    assert f["values"]["surface"] == "Регенарация" and f["values"]["name"] == "Регенерация"
    assert f["values"]["distance"] == 1
    ru = get("/check?code=L001&lang=ru").text
    assert "«Регенарация» — не известное имя; от «Регенерация» 1 буква разницы" in ru
    assert "is not a known name" not in ru
    en = get("/check?code=L001&lang=en").text
    assert "«Регенарация» is not a known name; it is 1 letter from «Регенерация»" in en


def test_the_russian_plural_of_letters():
    """«1 буква», «2 буквы», «5 букв», «11 букв», «21 буква» (Russian number agreement)."""
    v = {"surface": "Х", "name": "Y", "form": "Y", "base": "Y"}
    said = [say("L001", "ru", {**v, "distance": n})[0].split("от «Y» ")[1] for n in (1, 2, 5, 11, 21)]
    assert said == ["1 буква разницы", "2 буквы разницы", "5 букв разницы", "11 букв разницы", "21 буква разницы"]


def test_a_check_that_could_not_run_is_said_in_russian_too(get, reading):
    """The test KB has no card database imported, so L003 (a card quote against the database)
    cannot run: the report says so in Russian on the Russian page, as the CLI says it in English."""
    from berserk_kb.checks.messages import SKIPPED, skipped

    assert all(ru is not None for _, ru in SKIPPED.values())
    assert any(name == "L003" for name, _ in reading.check_run.skipped_said)
    assert "L003 quote-lost-words: база карт не импортирована" in get("/check?lang=ru").text
    assert skipped("L003", "en", {}) in reading.check_run.skipped
