"""Checks that were rule content in the scenario schema and now are clauses of the rule modules.

A bring event's ``from``, ``face_up`` and ``under`` are the defaults of a summon, a revival and a
creation («Правила вызова по умолчанию: 1) из своей колоды; 2) в открытом виде; 3) под своим
контролем», and likewise for a revival and a creation: prolog/rules/squad.pl); a modifier to a
gain is one from the squad of the card that gives it (ПРИМЕР 5 of «Замещение особенности»:
prolog/rules/features.pl). The schema leaves those fields unset; the engine applies the default,
citing it, or refuses the field, naming the units.
"""

from __future__ import annotations

import pytest
import yaml

BRING = {"edition": "A",
         "cards": [{"id": "c", "controller": "p1", "zone": "hand"},
                   {"id": "d", "controller": "p1", "zone": "deck"}],
         "events": [{"bring_into_squad": {"card": "c", "how": "play", "player": "p1"}},
                    {"bring_into_squad": {"card": "d", "how": "summon", "player": "p1"}}]}


def _write(tmp_path, scenario):
    path = tmp_path / "s.yaml"
    path.write_text(yaml.safe_dump(scenario, allow_unicode=True), encoding="utf-8")
    return path


def test_a_summon_left_unsaid_is_face_up_by_the_cited_default(tmp_path, cli):
    """517.3 «2) в открытом виде»: the summoned card lies face up, and the step cites 517.3's item 2."""
    result = cli("why", str(_write(tmp_path, BRING)), "--format", "json")
    assert result.exit_code == 0, result.stderr
    assert '"face_up": true' in result.stdout
    assert "A:517.3/item2" in result.stdout


@pytest.mark.parametrize("field, value", [("face_up", False), ("under", "p2"), ("from", "p2")])
def test_a_default_given_to_a_card_played_from_the_hand_is_refused(tmp_path, cli, field, value):
    """Playing a card from the hand has no «по умолчанию»: from, face_up, under are refused there."""
    scenario = yaml.safe_load(yaml.safe_dump(BRING))
    scenario["events"][0]["bring_into_squad"][field] = value
    result = cli("why", str(_write(tmp_path, scenario)), "--lang", "en")
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, lines
    assert f"field events[0].bring_into_squad.{field}: has no effect here" in lines[0]
    assert "how: play" in lines[0]
    assert "Traceback" not in result.stderr


def test_a_modifier_to_a_gain_without_a_source_is_refused_naming_the_example(tmp_path, cli):
    """ПРИМЕР 5: Менгир strengthens Бокор's poison «при заявке Бокора»: no source, no squad."""
    scenario = {"edition": "A",
                "cards": [{"id": "c", "controller": "p2"}, {"id": "m", "controller": "p1"}],
                "events": [{"gain_feature": {"card": "c", "name": "Отравление", "value": 1,
                                             "modifiers": [{"source": "m", "value": 1}]}}]}
    result = cli("why", str(_write(tmp_path, scenario)), "--lang", "en")
    assert result.exit_code == 2
    line = result.stderr.strip()
    assert "\n" not in line
    assert "field events[0].gain_feature: a modifier to a gain is one from the squad" in line
    assert "give the gain's source" in line
