"""Why, in words (issue 10, item 4; a fresh maintainer's report fu10, findings 1, 6, 7, 8): the
comparison of editions in Russian, modifiers named as the scenario gives them, the case forms of
the Russian templates, --brief refused where it cannot shorten, an event kind without a body model.

Expected values are worked by hand from the rule text, quoted in each test's docstring; the words
are the language packs' own (prolog/lang/ru.pl, en.pl), read from the pack.
"""

from __future__ import annotations

import re

import pytest

from conftest import KB_DIR

SCENARIOS = KB_DIR / "scenarios"
EXAMPLES = KB_DIR / "examples"


def test_the_comparison_in_russian_is_in_the_packs_words(cli, kb):
    """die-roll-editions-differ.yaml: roll 4, +1 from the roller's squad, set to 1 by the opponent.
    A, 518.3: «д) модификаторы, сводящие численное значение броска кубика к определённому числу»
    come last: 4 + 1 = 5, then 1. B, 519.2: «a. модификаторы, сводящие бросок кубика к
    определённому значению» come first: 1, then + 1 = 2. The Russian table says it in the ru pack's
    words: its headers, the kind's label, each result as the pack's sentence for a die roll; no
    English word, no kind name, no JSON."""
    ru = kb.language_pack("ru")
    words = ru["words"]
    text = cli("why", str(SCENARIOS / "die-roll-editions-differ.yaml"), "-e", "A", "-e", "B", "--lang", "ru").stdout
    head, row, *rest = text.splitlines()
    assert head.split() == [words["comparison_event"], *"редакция A".split(), *"редакция B".split()]
    assert words["comparison_edition"] == "редакция {edition}"
    label = ru["events"]["die_roll"]["label"]
    sentence = ru["events"]["die_roll"]["templates"][0]["text"]
    a = sentence.replace("{result.value}", "1").replace("{result.unmodified}", "4")
    b = sentence.replace("{result.value}", "2").replace("{result.unmodified}", "4")
    assert re.fullmatch(rf"1\. {label} +{re.escape(a)} +{re.escape(b)} +{words['comparison_differs']}", row)
    deciding = words["comparison_deciding"].replace("{edition}", "A")
    assert any(line.strip().startswith(deciding + " 518.3") for line in rest)
    english = re.compile(r"\b(event|edition|deciding|differs|die_roll|cannot)\b|\{\"")
    assert not english.search(text), english.search(text)


def test_modifiers_are_named_by_their_source_and_value_not_by_a_made_up_id(kb):
    """A:519.3/ex1: «вначале получит +1 к удару за строй с Гномьим Королём, затем +1 за удар по
    закрытому существу противника и +1 к удару за собственную особенность (строй: +1 к удару).
    Последним накладывается модификатор, имеющий конкретное численное значение (сведение к 1)».
    The scenario gives the modifiers no ids; the order of application names each by its value and
    source card, in the example's order, and the made-up ids m1…m4 are nowhere."""
    from berserk_kb.render.why import why_text

    result = kb.why(EXAMPLES / "A-519.3-ex1-gnome-basaarg.yaml")
    text = why_text(result, "ru", None, kb.language_pack("ru"))
    assert ("модификаторы накладываются в порядке: +1 от «Гномий Король» за строй, +1 от «Гном-Басаарг», "
            "+1 от «Гном-Басаарг» за строй, сведение к 1 от «закрытое существо противника»") in text
    assert not re.search(r"\bm[1-4]\b", text)
    en = why_text(result, "en", None, kb.language_pack("en"))
    assert "+1 from «Гномий Король» for the formation, +1 from «Гном-Басаарг»" in en
    assert not re.search(r"\bm[1-4]\b", en)


def test_russian_sentences_put_zones_and_players_in_the_case_they_need(kb):
    """take-control-and-revival.yaml, bring-into-squad.yaml: a card taken under control stays in the play zone «под
    контролем игрока p1» (genitive), a card not in the deck is «в руке», a card put into the hand
    «переходит в руку» — not «под контролем игрок p1», «в зоне рука», «в зону рука»."""
    from berserk_kb.render.why import why_text

    text = "".join(why_text(kb.why(SCENARIOS / f), "ru", None, kb.language_pack("ru"))
                   for f in ("take-control-and-revival.yaml", "bring-into-squad.yaml"))
    assert "в игровой зоне под контролем игрока p1" in text
    assert "существо не в колоде (missing): в руке, владелец игрок p1" in text
    assert "«созданная карта» переходит в руку" in text  # the card end_of_game took out, by its name (fu12j W9)
    assert not re.search(r"под контролем игрок\b|в зоне (рука|колода|кладбище|игровая)|в зону (рука|кладбище)", text)


def test_no_russian_template_puts_a_zone_or_a_player_in_the_nominative_after_a_preposition(kb):
    """Every Russian template that names a zone after «в зоне», «в зону», «(зона» or a player after
    «под контролем» asks for the form that case needs (word:in, word:to, word:gen), and the pack has
    that form for every zone and player."""
    ru = kb.language_pack("ru")
    texts = [t["text"] for table in ("steps", "events") for e in ru[table].values() for t in e["templates"]]
    slips = [t for t in texts if re.search(r"(в зоне|в зону|\(зона|под контролем) \{[^}|]+\|word\}", t)]
    assert not slips, slips
    for zone in ("battle", "play", "hand", "deck", "graveyard", "outside"):
        assert f"{zone}:in" in ru["words"] and f"{zone}:to" in ru["words"], zone
    assert ru["words"]["p1:gen"] == "игрока p1"


@pytest.mark.parametrize("extra", [["--json"], ["--format", "json"], ["--format", "turtle"],
                                   ["--set", "events[0].die_roll.roll=2"], ["--expect", "events[0].value=3"]])
def test_brief_is_refused_where_it_cannot_shorten_the_text(cli, extra):
    """--brief shows the deciding steps of a justification's text; with a machine form or a
    why-not/what-if it would be ignored, so it is refused in one line, exit status 2."""
    r = cli("why", str(SCENARIOS / "die-roll-editions-differ.yaml"), "--brief", *extra)
    assert r.exit_code == 2
    assert r.stdout == ""
    assert r.stderr.count("\n") == 1 and "--brief" in r.stderr


def test_an_event_kind_of_the_table_without_a_body_model_fails_at_load_naming_it(monkeypatch):
    """Issue 10: the one table of event kinds drives the schema. A kind in the table with no body
    model (a maintainer added `tap` to events.pl and forgot scenario/schema.py) fails when the
    schema is built, naming the kind — not `KeyError: 'tap'` at run time."""
    from berserk_kb.errors import PrologLoadError
    from berserk_kb.scenario import schema
    from berserk_kb.scenario.events import EventKind

    table = {"die_roll": EventKind("die_roll", cards=("roller",)), "tap": EventKind("tap", cards=("card",))}
    monkeypatch.setattr(schema, "kinds", lambda: table)
    with pytest.raises(PrologLoadError, match=r"event kind 'tap' .* no body model") as caught:
        schema.scenario_model.__wrapped__()
    assert len(caught.value.problems) == 1


def test_why_not_says_a_zone_in_words_in_english_as_in_russian(cli):
    """take-control-and-revival.yaml, event 3: «zone_change: {card: guard, to: graveyard}» — the
    guard is in the graveyard because the input puts it there. Asked «why not in the hand», the
    answer names both zones as words in either language («not in the hand but in the graveyard»,
    «не в руке, а на кладбище»), never the ids "hand" and "graveyard"."""
    path = str(SCENARIOS / "take-control-and-revival.yaml")
    en = cli("why", path, "--lang", "en", "--expect", "events[2].zone=hand")
    ru = cli("why", path, "--lang", "ru", "--expect", "events[2].zone=hand")
    assert en.exit_code == ru.exit_code == 0, (en.stderr, ru.stderr)
    assert "not in the hand but in the graveyard: the input gives it (events[2].zone_change.to)" in en.stdout
    assert "не в руке, а на кладбище: так задано во входных данных (events[2].zone_change.to)" in ru.stdout
    assert '"hand"' not in en.stdout and '"graveyard"' not in en.stdout
