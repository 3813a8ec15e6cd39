"""The engine's refusals keep what they say as data from Prolog to Python (a kind and its values),
worded by a template per language: the English one is the command line's message word for word,
the Russian one is what a Russian page shows instead of English details."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest

from berserk_kb import ScenarioError
from berserk_kb.explain.refusals import VALUES, say

ROOT = Path(__file__).resolve().parents[2]
LATIN_WORD = re.compile(r"\b(?:the|is|are|of|not|only|edition|rule|zone)\b")

#: A scenario per refusal the engine raises, with the kind it must carry.
CASES = {
    # «the strike values»: an attack of a card with neither base nor hit (attack.pl strike_value/4)
    "strike_values": {"edition": "A", "cards": [{"id": "basaarg", "controller": "p1"}, {"id": "t", "controller": "p2"}],
                      "events": [{"attack": {"source": "basaarg", "target": "t", "strike": "medium"}}]},
    # a card in the hand attacks: only a card in the battle zone attacks (attack.pl)
    "attack_zone": {"edition": "A", "cards": [{"id": "a", "controller": "p1", "zone": "hand"},
                                              {"id": "t", "controller": "p2"}],
                    "events": [{"attack": {"source": "a", "target": "t", "strike": "medium", "base": 2}}]},
    # A's text says nothing of «Потеря особенностей» (B 540.1 does)
    "unsupported_section": {"edition": "A", "cards": [{"id": "a", "controller": "p1"}],
                            "events": [{"lose_features": {"card": "a"}}]},
    # B's text says nothing of a roll outside 1…6 (A 518.4 keeps it within): 6 + 1 is refused (fu14e F3)
    "die_outside": {"edition": "B", "cards": [{"id": "r", "controller": "p1"}],
                    "events": [{"die_roll": {"roller": "r", "roll": 6, "modifiers": [{"source": "r", "op": "add", "value": 1}]}}]},
    # under A a flip turns the die over (no modifier): a flip_source has no effect
    "flip_not_modifier": {"edition": "A", "cards": [{"id": "r", "controller": "p1"}],
                          "events": [{"die_roll": {"roller": "r", "roll": 2, "flip": True, "flip_source": "r"}}]},
    # A says nothing of a negative named feature (B 518.8 makes it work as 0): «Регенерация −1» is refused
    "negative_feature": {"edition": "A", "cards": [{"id": "c", "controller": "p1"}],
                         "events": [{"gain_feature": {"card": "c", "name": "Регенерация", "value": -1}}]},
    # a die «следующий бросок кубика равен X» is not rolled: it cannot be rerolled
    "not_rolled": {"edition": "B", "cards": [{"id": "r", "controller": "p1"}],
                   "events": [{"die_roll": {"roller": "r", "next_roll_equals": 3, "reroll": 4}}]},
}


def _placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_every_refusal_kind_the_prolog_code_raises_has_an_english_and_a_russian_template(reading):
    """Every kind named at a call of game:refuse/3 (and the unsupported and strike-values
    kinds) has its values named and a template in both packs, and each template names only that
    kind's values."""
    raised = set()
    for path in (ROOT / "prolog").rglob("*.pl"):  # refuse/3, said/4, refusal terms thrown as they are, and `Kind = K` before a thrown refusal:_{kind:Kind}
        raised |= {a or b or c for a, b, c in re.findall(r"\b(?:refuse|said)\(([a-z_]+),|\brefusal\(([a-z_]+), \[|\bKind = ([a-z_]+),",
                                                  path.read_text(encoding="utf-8"))}
    raised |= {"strike_values", "no_rule", "unsupported_section", "unsupported_rule",
               "unsupported_section_nowhere", "unsupported_rule_nowhere"}
    assert len(raised) >= 29 and raised <= set(VALUES), raised - set(VALUES)
    templates = {lang: reading.kb.language_pack(lang)["refusals"] for lang in ("en", "ru")}
    assert set(templates["en"]) == set(templates["ru"]) == set(VALUES)
    for kind, names in VALUES.items():
        en, ru = templates["en"][kind], templates["ru"][kind]
        assert _placeholders(en) <= set(names) and _placeholders(ru) <= set(names), kind
        quoted = re.compile("«[^»]*»")  # the rule text an English message quotes stays Russian
        assert re.search("[а-яё]", quoted.sub("", ru)) and not re.search("[а-яё]", quoted.sub("", en)), kind


@pytest.mark.parametrize("kind", sorted(CASES))
def test_a_refusal_carries_its_kind_and_values_and_the_english_template_is_the_cli_message(reading, kind):
    with pytest.raises(ScenarioError) as caught:
        reading.kb.why(CASES[kind], None)
    exc = caught.value
    assert exc.refusal and exc.refusal["kind"] == kind
    english = say(exc.refusal, reading.kb.language_pack("en"))
    assert english and str(exc).endswith(": " + english), (str(exc), english)
    russian = say(exc.refusal, reading.kb.language_pack("ru"))
    assert russian and re.search("[а-яё]", russian) and not LATIN_WORD.search(russian), russian


def test_the_loss_of_features_refusal_names_where_b_states_it(reading):
    """A has no section on loss of features; B states it in 540.1 («Потеря особенностей делится на
    два типа»): the Russian words name B's paragraph and the section in Russian."""
    refusal = {"kind": "unsupported_section", "values": ["A", "loss of features", "loss_of_features", [["B", "540.1"]]]}
    assert say(refusal, reading.kb.language_pack("en")) == ("edition A has no rule for loss of features: the data of edition A states no rule "
                            "on loss of features, though its text may (it is stated in edition B: 540.1)")
    ru = say(refusal, reading.kb.language_pack("ru"))
    assert ru == ("в редакции A нет такого правила: в её данных нет раздела "
                  "«потеря особенностей», хотя в её тексте он может быть (этот раздел есть в редакции B: 540.1)")


def test_a_russian_why_page_says_the_engines_refusal_in_russian_and_the_english_one_in_english(get):
    import yaml

    text = yaml.safe_dump(CASES["strike_values"], allow_unicode=True)
    russian = get("/why", {"yaml": text}).text
    assert "сила ударов карты" in russian and "basaarg" in russian and "the strike values" not in russian
    english = get("/why?lang=en", {"yaml": text}).text
    assert "the strike values of basaarg are not known" in english and "сила ударов" not in english
    both = get("/why?e=A&e=B", {"yaml": yaml.safe_dump(CASES["unsupported_section"], allow_unicode=True)}).text
    said = re.sub(r"<[^>]+>", "", both)
    assert "нет раздела «потеря особенностей», хотя в её тексте он может быть (этот раздел есть в редакции B: 540.1)" in said and "says nothing of" not in said
    # A's cell of the comparison says it was not computed, not a result it does not have
    cells = re.findall(r"<td>(.*?)</td>", both[both.index('class="comparison"'):], re.S)
    assert "не вычисляется" in cells[1] and "подавлены" not in cells[1], cells
