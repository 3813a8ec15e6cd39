"""The words of the engine's refusals: one template per refusal kind and language.

When a scenario's event or value cannot be computed, the Prolog error keeps what it says as data
(``refusal(Kind, Values)``: ``game:refuse/3``, the editions' ``unsupported_error/2``, the
unknown strike values of ``attack.pl``); the engine hands it over as ``{"kind", "values"}``
(:attr:`~berserk_kb.errors.ScenarioError.refusal`). The English template gives the command line's
message word for word (the Prolog message, which the command line prints); the Russian one is the
web interface's. Values are named by each kind's ``names``, in the order Prolog gives them.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

#: kind: (names of its values in order, English, Russian).
REFUSALS: dict[str, tuple[tuple[str, ...], str, str]] = {
    "no_rule": ((), "no rule of this edition applies", "ни одно правило этой редакции здесь не применяется"),
    "control_of_a_formation": (("card", "edition"),
                               "{card} stands in a formation or gives or holds something in formation: the loaded "
                               "text of edition {edition} says nothing of what a change of controller does to a formation",
                               "{card} стоит в строю или даёт либо получает что-то «в строю»: загруженный текст "
                               "редакции {edition} ничего не говорит о том, что смена контроля делает со строем"),
    "strike_values": (("card",),
                      "the strike values of {card} are not known (the attack needs them: give base, "
                      "or the card's hit: [weak, medium, strong])",
                      "сила ударов карты {card} не известна (она нужна атаке: укажите base атаки "
                      "или hit карты: [слабый, средний, сильный])"),
    "attack_zone": (("card", "zone"), "{card} is in zone {zone}: only a card in the battle zone attacks or is attacked",
                    "{card} — в зоне «{zone}»: атакует и может быть атакована только карта в зоне битвы"),
    "negative_attack": (("strength",),
                        "the attack's strength with its modifiers would be {strength}: no rule of the loaded "
                        "text says what a negative attack is",
                        "сила атаки с модификаторами была бы {strength}: ни одно правило загруженного текста "
                        "не говорит, что такое отрицательная атака"),
    "defend_zone": (("card", "zone"), "{card} is in zone {zone}: only a card in the battle zone defends",
                    "{card} — в зоне «{zone}»: защищается только карта в зоне битвы"),
    "roll_zone": (("card", "zone"), "{card} is in zone {zone}: only a card in play rolls a die",
                  "{card} — в зоне «{zone}»: кубик бросает только карта в игре"),
    "adjacent_zone": (("card", "zone"), "{card} is in zone {zone}: only cards in the battle zone stand next to each other",
                      "{card} — в зоне «{zone}»: рядом друг с другом стоят только карты в зоне битвы"),
    "formation_zone": (("card", "zone"), "{card} is in zone {zone}: only a card in the battle zone stands in a formation",
                       "{card} — в зоне «{zone}»: в строю стоит только карта в зоне битвы"),
    "wound_zone": (("card", "zone"), "{card} is in zone {zone}: only a card in play gets wounds",
                   "{card} — в зоне «{zone}»: раны получает только карта в игре"),
    "outside_game": (("card",), "{card} is not in the game (zone outside): bring it into the squad first",
                     "{card} не в игре (зона «вне игры»): сначала введите её в отряд"),
    "same_zone": (("card", "zone"), "{card} is already in zone {zone}", "{card} уже в зоне «{zone}»"),
    # a field that has no effect (game:no_effect/2 with game:said/4): «has no effect here: …»
    "skip_not_triggered": (("card", "where"), "has no effect here: {card}: only a triggered summon can be skipped ({where}; skip needs triggered: true)",
                           "здесь ни на что не влияет: {card}: пропустить можно только срабатывающий вызов ({where}; для skip нужно triggered: true)"),
    "order_across_groups": (("first", "first_phase", "first_relation", "second", "second_phase", "second_relation", "where"),
                            "has no effect here: order puts {first} (group {first_phase}-{first_relation}) before {second} "
                            "(group {second_phase}-{second_relation}), whose group the edition applies earlier: "
                            "the players order modifiers only inside a group ({where})",
                            "здесь ни на что не влияет: в order {first} (группа {first_phase}-{first_relation}) стоит раньше {second} "
                            "(группа {second_phase}-{second_relation}), чью группу редакция применяет раньше: "
                            "игроки упорядочивают модификаторы только внутри группы ({where})"),
    "decline_not_applying": (("effect",), "has no effect here: {effect} is not a replacement effect that applies to this effect, so there is nothing to decline",
                             "здесь ни на что не влияет: {effect} — не замещающий эффект, применимый к этому эффекту: отказываться не от чего"),
    "decline_not_optional": (("effect", "where"),
                             "has no effect here: {effect} is not optional: neither optional: true nor its text says «может вместо» ({where}), "
                             "so its player cannot decline it",
                             "здесь ни на что не влияет: {effect} не по выбору: нет ни optional: true, ни слов «может вместо» в его тексте ({where}), "
                             "поэтому его игрок не может от него отказаться"),
    "pick_not_yours": (("chooser", "where", "player", "effect"),
                       "has no effect here: {chooser} picks which replacement effect applies here ({where}: a player picks among their own, "
                       "the active player only «Если оба игрока могут применить…»): {player}'s pick of {effect} has no effect",
                       "здесь ни на что не влияет: какой замещающий эффект применяется, здесь выбирает {chooser} ({where}: игрок выбирает среди своих, "
                       "активный игрок — только «Если оба игрока могут применить…»): выбор {effect} игроком {player} ни на что не влияет"),
    "no_effect_missing": (("missing",), "has no effect here: {missing}", "здесь ни на что не влияет: {missing}"),
    "declared_before_flip": (("where",), "has no effect here: a flip is a modifier in this edition and changes no value at once ({where}): "
                             "nothing is declared before it",
                             "здесь ни на что не влияет: переворот кубика в этой редакции — модификатор и сразу значения не меняет ({where}): "
                             "ничего не объявляется до него"),
    "reroll_first": (("where",), "has no effect here: the die is rerolled before any modifier is applied and a flip is a modifier ({where}): "
                     "the reroll always comes first",
                     "здесь ни на что не влияет: кубик перебрасывается до применения модификаторов, а переворот — модификатор ({where}): "
                     "переброс всегда первый"),
    "flip_not_modifier": (("where",), "has no effect here: a flip is not a modifier in this edition, the die is turned over ({where}): "
                          "it has no source and no place among the modifiers",
                          "здесь ни на что не влияет: переворот кубика в этой редакции — не модификатор, кубик просто переворачивают ({where}): "
                          "у него нет источника и места среди модификаторов"),
    "not_rolled": (("where", "what"), "has no effect here: a die that is not rolled («следующий бросок кубика равен X», {where}) {what}",
                   "здесь ни на что не влияет: кубик, который не бросают («следующий бросок кубика равен X», {where}), {what}"),
    "effect_not_theirs": (("effect", "card", "controller", "player"),
                          "has no effect here: {effect} is an effect of {card}, which {controller} controls: {player} neither applies it "
                          "nor picks it (each player applies their own effects; only the active player picks among both "
                          "players' replacement effects)",
                          "здесь ни на что не влияет: {effect} — эффект карты {card}, которой управляет {controller}: {player} его не применяет "
                          "и не выбирает (каждый игрок применяет свои эффекты; только активный игрок выбирает среди "
                          "замещающих эффектов обоих игроков)"),
    # a value the edition's text cannot compute, and why (editions:missing_why/3)
    "die_outside": (("value", "missing"), "the die roll with its modifiers would be {value}, outside 1…6: {missing}",
                    "бросок кубика с модификаторами был бы {value}, вне 1…6: {missing}"),
    "negative_feature": (("value", "missing"), "a named feature's value would be {value}: {missing}",
                         "значение именной особенности было бы {value}: {missing}"),
    "keeps_on_leaving": (("card", "edition", "where"),
                         "{card} leaves the play zone holding what it acquired or an effect's unused rest: the loaded text "
                         "of edition {edition} says nothing of what a card keeps when it does (it is stated in {where})",
                         "{card} покидает игровую зону с тем, что приобрела, или с неизрасходованным остатком эффекта: "
                         "загруженный текст редакции {edition} ничего не говорит о том, что карта при этом сохраняет "
                         "(это есть в {where})"),
    "formation_unstated": (("edition", "where"),
                           "edition {edition} has no rule for formation: the loaded text of edition {edition} says nothing "
                           "of a formation breaking or forming (it is stated in {where})",
                           "в редакции {edition} нет такого правила: её загруженный текст ничего не говорит о том, как строй "
                           "распадается или складывается (это есть в {where})"),
    # the editions' «this edition has no rule for X» (editions.pl unsupported_error/2)
    "unsupported_section": (("edition", "words", "mechanic", "stated"),
                            "edition {edition} has no rule for {words}: the loaded text of edition {edition} "
                            "says nothing of {words} (it is stated in {stated})",
                            "в редакции {edition} нет такого правила: её загруженный текст ничего не говорит "
                            "о разделе «{mechanic}» (он есть в {stated})"),
    "unsupported_section_nowhere": (("edition", "words", "mechanic", "stated"),
                                    "edition {edition} has no rule for {words}: the loaded text of edition {edition} "
                                    "says nothing of {words}, nor does any other edition's",
                                    "в редакции {edition} нет такого правила: её загруженный текст ничего не говорит "
                                    "о разделе «{mechanic}», как и текст любой другой редакции"),
    "unsupported_rule": (("edition", "words", "mechanic", "stated"),
                         "edition {edition} has no rule for {words}: the loaded text of edition {edition} "
                         "states no such rule (it is stated in {stated})",
                         "в редакции {edition} нет правила «{mechanic}»: в её загруженном тексте его нет "
                         "(оно есть в {stated})"),
    "unsupported_rule_nowhere": (("edition", "words", "mechanic", "stated"),
                                 "edition {edition} has no rule for {words}: the loaded text of edition {edition} "
                                 "states no such rule, nor does any other edition's",
                                 "в редакции {edition} нет правила «{mechanic}»: его нет ни в её загруженном тексте, "
                                 "ни в тексте другой редакции"),
    # input refused before any rule runs: the web's limit, YAML's aliases, a why-not's path, a query's syntax
    "too_many_events": (("count", "limit"), "{count} events; the web computes at most {limit} (berserk-kb why has no limit)",
                        "событий {count}; на сайте вычисляется не больше {limit} (у berserk-kb why предела нет)"),
    "yaml_alias": (("line",), "YAML anchors and aliases are not allowed (line {line})",
                   "якоря и ссылки YAML (& и *) не допускаются (строка {line}): выпишите значение полностью"),
    "no_result_key": (("path", "event", "kind", "key", "where", "has"),
                      "expect {path}: event {event} ({kind}) has no '{key}' in {where} (it has: {has})",
                      "{path}: в результате события «{kind}» нет поля «{key}»; есть: {has}"),
    "sparql_syntax": (("line", "column", "said"), "SPARQL syntax error at line {line}, column {column}: {said}",
                      "ошибка синтаксиса SPARQL: строка {line}, столбец {column} (разбор: {said})"),
}

#: How a list of ``[edition, units]`` is said (``stated``), by language.
_STATED = {"en": ("edition {0}: {1}", "; "), "ru": ("редакции {0}: {1}", "; ")}


#: What a die that is not rolled cannot do (dice.pl not_rolled/2), in Russian.
_NOT_ROLLED = {"has no face of its own (give roll or next_roll_equals, not both)":
               "не показывает своей грани (укажите roll или next_roll_equals, не оба)",
               "cannot be rerolled": "нельзя перебросить"}


def _missing(parts: dict[str, Any], lang: str, word: Callable[[str], str]) -> str:
    """What an edition's text does not say (editions:missing_why/3's parts) in ``lang``: the
    English words of missing_rule/4, or the Russian ones."""
    ed, stated = parts.get("edition"), parts.get("stated") or []
    section = parts.get("says") == "unsupported_section"
    if lang == "en":
        what = (f"the loaded text of edition {ed} says nothing of {parts.get('words')}" if section
                else f"the loaded text of edition {ed} states no such rule")
        where = "; ".join(f"edition {e}: {u}" for e, u in stated)
        return f"{what}, nor does any other edition's" if not stated else f"{what} (it is stated in {where})"
    what = (f"загруженный текст редакции {ed} ничего не говорит о разделе «{word(str(parts.get('mechanic')))}»" if section
            else f"в загруженном тексте редакции {ed} нет такого правила")
    where = "; ".join(f"редакции {e}: {u}" for e, u in stated)
    return f"{what}, как и текст любой другой редакции" if not stated else f"{what} (оно есть в {where})"


def values(refusal: dict[str, Any], lang: str = "en",
           word: Callable[[str], str] = lambda v: v) -> dict[str, str] | None:
    """The named values of ``refusal`` (``{"kind", "values"}``) as text in ``lang``, an atom (a zone,
    a mechanic) through ``word`` (the language pack's word for it; the English words are the
    atoms); ``None`` when the kind has no templates or the values do not fit its names."""
    entry = REFUSALS.get(str(refusal.get("kind")))
    given = refusal.get("values")
    if entry is None or not isinstance(given, list) or len(given) != len(entry[0]):
        return None
    out = {}
    for name, value in zip(entry[0], given):
        if name == "missing" and isinstance(value, dict):
            out[name] = _missing(value, lang, word)
        elif name == "where" and lang != "en":  # «edition B: the units; …», as the rule code joins it
            out[name] = re.sub(r"\bedition (\S+): ", r"редакции \1: ", str(value))
        elif name == "what" and lang != "en":
            out[name] = _NOT_ROLLED.get(str(value), str(value))
        elif name == "stated":
            pattern, sep = _STATED["en" if lang == "en" else "ru"]
            out[name] = sep.join(pattern.format(*pair) for pair in value)
        elif name in ("zone", "mechanic", "kind") and lang != "en":
            out[name] = word(str(value))
        else:
            out[name] = str(value)
    return out


def say(refusal: dict[str, Any] | None, lang: str = "en", word: Callable[[str], str] = lambda v: v) -> str | None:
    """``refusal`` in ``lang`` (``en``: the command line's message), or ``None`` (see :func:`values`)."""
    if not isinstance(refusal, dict):
        return None
    named = values(refusal, lang, word)
    if named is None:
        return None
    _, en, ru = REFUSALS[refusal["kind"]]
    return (en if lang == "en" else ru).format(**named)
