"""Russian agreement in the engine's sentences: a card's name may be of any gender («Вайл» is
masculine, «Ашельта» feminine), so a sentence whose words agree with its subject in the feminine
(«покинула», «её», «ею», «ей», «ней», «неё», «она», «приобрела», «подошла», «атакована», «взятой»)
names that subject «карта «…»» — the noun those words agree with — never the bare name."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FEMININE = re.compile(r"(?<![а-яё])(?:её|ею|ей|ней|неё|она|покинула|приобрела|подошла|атакована|взятой)(?![а-яё])")
#: a sentence of a ru step or refusal that opens with a card's name: «"{card|card} …"» / «"{card} …"»
OPENS_WITH_A_NAME = re.compile(r'"(\{card(?:\|card)?\} [^"]*)"')  # (a name before «:» is a label)


def test_no_russian_sentence_opens_with_a_bare_name_its_words_agree_with_in_the_feminine():
    found = []
    for path in sorted((ROOT / "prolog" / "lang").glob("ru*.pl")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            found += [f"{path.name}:{n}: {s[:60]}" for s in OPENS_WITH_A_NAME.findall(line) if FEMININE.search(s)]
    assert found == []


def test_a_masculine_card_that_leaves_play_under_anothers_control_reads_in_agreement(tmp_path, cli):
    """«Вайл» (masculine), controlled by p1 and owned by p2, goes to the graveyard (edition A): the
    engine's reading that control returns to the owner says «карта «Вайл» покинула игровую зону …
    она снова под контролем владельца», not «Вайл покинула»."""
    f = tmp_path / "s.yaml"
    f.write_text("edition: A\ncards:\n  - {id: vail, name: Вайл, controller: p1, owner: p2}\n"
                 "events:\n  - zone_change: {card: vail, to: graveyard}\n", encoding="utf-8")
    r = cli("why", str(f))
    assert r.exit_code == 0, r.output
    assert "карта «Вайл» покинула игровую зону, под контролем игрока p1 она была лишь в игре" in r.output
    assert "• «Вайл» покинула" not in r.output


#: the prepositions that govern a case other than the nominative («к» dative, «от»/«у»/«без»/«для»/«из»/«до»
#: genitive, «с» instrumental, «о»/«при» prepositional, …): a name after one would have to be declined
PREPOSITION = r"(?:к|ко|от|у|без|для|с|со|из|о|об|обо|по|при|на|в|во|до|после|против|вместо|кроме|над|под|за|перед|между|через|про|около|среди|ради)"
#: a feature's name where a template puts it: a placeholder whose last key is a name or a feature (not
#: a card: `|card`, `|cards`, `|from` say «карта …» themselves), quoted or not
FEATURE_AFTER_PREPOSITION = re.compile(
    r"(?<![\w{])" + PREPOSITION + r"\s+«?\{(?:[\w.]*\.)?(?:name|names|feature|features)(?:\|(?!card\b|cards\b|from\b)[^}]*)?\}",
    re.IGNORECASE)


def _feature_names_after_prepositions(text):
    return [m.group(0) for m in FEATURE_AFTER_PREPOSITION.finditer(text)]


def test_the_check_finds_a_feature_name_straight_after_a_preposition():
    """The check below is not one that cannot fail: «+1 к «Отравление»» (a feature's name after «к», in
    the nominative where the dative is wanted) is found, and so is «у «{feature}»», «от {name}», «для
    {names|list}», «без «{name} {value}»»; «к особенности «{name}»» — the generic noun takes the case, the
    quoted name stays nominative — and «у {card|card}» are not."""
    bad = ['получает {value|signed} к «{name}»', 'у «{feature}» карты', 'от {name}', 'для {names|list}',
           'без «{name} {value}»', 'вместе с «{name} {value}»']
    assert all(_feature_names_after_prepositions(t) for t in bad)
    good = ['получает +1 к особенности «{name}»', 'у {card|card} пропадает «{name} {value}»',
            'от {source|card}', '«{name}» у {card|card}', 'к {value}']
    assert not any(_feature_names_after_prepositions(t) for t in good)


def test_no_russian_template_puts_a_feature_name_straight_after_a_preposition():
    """Russian declines a name after a preposition: «+1 к Отравлению», «у Регенерации». A template fills
    in the name as the scenario writes it, in the nominative, so «+1 к «Отравление»» is wrong. Every
    Russian template (steps, words, refusals) puts the generic noun in its case before the quoted name
    instead — «+1 к особенности «Отравление»», «у особенности «Строй»» — as the text itself writes
    «вместо особенности "Отравление 1"» (A ПРИМЕР 2)."""
    found = []
    for path in sorted((ROOT / "prolog" / "lang").glob("ru*.pl")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            found += [f"{path.name}:{n}: {s}" for s in _feature_names_after_prepositions(line)]
    assert found == []


def test_a_plus_to_a_feature_reads_declined(kb):
    """A ПРИМЕР 2: «существо с особенностью "Отравление 1" получает "+1 к Отравлению"» — 1 + 1 = 2; ПРИМЕР 4
    «…пока Льер-Кулат стоит рядом, и если отойдёт от него, то Отравление спадёт»: the +1 held while s
    stands next to c goes when s steps away (1 again). The sentence says «пропадает +1 к особенности
    «Отравление»», not «+1 к «Отравление»»."""
    from berserk_kb.explain.sentences import Filler, step_sentence

    r = kb.why({"edition": "A", "cards": [{"id": "c", "controller": "p1", "features": [{"name": "Отравление", "value": 1}]},
                                          {"id": "s", "controller": "p2"}],
                "events": [{"gain_feature": {"card": "c", "name": "Отравление", "value": 1, "op": "add", "source": "s",
                                             "while": "adjacent"}},
                           {"leave": {"card": "s", "from": "c"}}]})
    assert r.events[0].result["value"] == 2 and r.events[1].result["lessened"] == ["Отравление"]
    words = Filler(kb.language_pack("ru"), r.names)
    said = " ".join(step_sentence(n, words) for n in r.events[1].explanation.walk())
    assert "пропадает +1 к особенности «Отравление»" in said and "к «Отравление»" not in said, said


#: a card's handle after a preposition, filled in bare: «от {source}» gives «от Бокор (bokor)», the
#: name in the nominative and unquoted; `|card` («от «Бокор»»), `|cards` and `|from` quote it
CARD_AFTER_PREPOSITION = re.compile(
    r"(?<![\w{])" + PREPOSITION + r"\s+\{(?:[\w.]*\.)?(?:card|cards|source|sources|holder|giver|target|owner)\}",
    re.IGNORECASE)
#: a count's word with its ending left open: «2 раз(а)», «элемент(ов)» — the `plural` filter picks the form
OPEN_ENDING = re.compile(r"[а-яё]\((?:а|ы|и|ов|ей|ь|я|у)\)")


def test_the_checks_find_a_bare_card_after_a_preposition_and_an_open_ending():
    """Neither check below is one that cannot fail: «от {source}» and «у {card}» are found, «от
    {source|card}», «{source|from}» and «у {losers|cards}» are not; «задан {count} раз(а)» and
    «{n} элемент(ов)» are found, «{count|plural:раз:раза:раз}» and «группа а)» are not."""
    assert all(CARD_AFTER_PREPOSITION.search(t) for t in ["от {source}", "у {card}", "от {result.holder}"])
    assert not any(CARD_AFTER_PREPOSITION.search(t) for t in ["от {source|card}", "{source|from}",
                                                              "у {losers|cards}"])
    assert all(OPEN_ENDING.search(t) for t in ["задан {count} раз(а)", "{n} элемент(ов)"])
    assert not any(OPEN_ENDING.search(t) for t in ["{count|plural:раз:раза:раз}", "группа а)"])


def test_no_russian_template_puts_a_bare_card_after_a_preposition_or_leaves_an_ending_open():
    """A card is named after a preposition as the steps name it, quoted, «от «Бокор»» (the final
    state's «[от Бокор (bokor)]» was the defect), and a number's word agrees with it («2 раза», not
    «2 раз(а)»), in every Russian template."""
    found = []
    for path in sorted((ROOT / "prolog" / "lang").glob("ru*.pl")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            found += [f"{path.name}:{n}: {m.group(0)}" for m in CARD_AFTER_PREPOSITION.finditer(line)]
            found += [f"{path.name}:{n}: {m.group(0)}" for m in OPEN_ENDING.finditer(line)]
    assert found == []


#: a `gender:` filter's three forms (feminine:masculine:neuter), each up to the next «:» or «}»
GENDER_FORMS = re.compile(r"\|gender:([^:}]*):([^:}]*):([^:}|]*)")
FEMININE_ENDING = re.compile(r"[а-яё]+(?:ая|яя)(?![а-яё])")
MASCULINE_ENDING = re.compile(r"[а-яё]+(?:ый|ий)(?![а-яё])")


def _gender_form_faults(line):
    """The masculine or neuter form of a `gender:` filter holding a word in the feminine («замещённая»
    said of «Отравление»), or a neuter form holding one in the masculine («замещённый»)."""
    found = []
    for fem, masc, neut in GENDER_FORMS.findall(line):
        found += [f"{fem}:{masc}:{neut}" for form in (masc, neut) if FEMININE_ENDING.search(form)]
        found += [f"{fem}:{masc}:{neut}" for _ in [neut] if MASCULINE_ENDING.search(neut)]
    return found


def test_the_check_finds_a_gender_form_in_the_wrong_gender():
    """The check below can fail: the old «{name|gender:замещённая ею:замещённая им:замещённая им}» is
    found; «замещённая ею:замещённый им:замещённое им» and «её:его:его» are not."""
    assert _gender_form_faults("{name|gender:замещённая ею:замещённая им:замещённая им}")
    assert _gender_form_faults("{name|gender:данная:данный:данный}")
    assert not _gender_form_faults("{name|gender:замещённая ею:замещённый им:замещённое им} {name|gender:её:его:его}")


def test_every_gender_filter_gives_each_gender_its_own_form():
    """A feature's name may be of any gender («Отравление» is neuter, «Регенерация» feminine, «Опыт в
    атаке» masculine): in every Russian template a `gender:` filter's masculine and neuter forms agree
    in their gender — «пропадает лишь замещённое им» of «Отравление 2» (was «замещённая им»)."""
    found = []
    for path in sorted((ROOT / "prolog" / "lang").glob("ru*.pl")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            found += [f"{path.name}:{n}: {f}" for f in _gender_form_faults(line)]
    assert found == []
