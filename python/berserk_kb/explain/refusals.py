"""The words of the engine's refusals: one template per refusal kind and language.

When a scenario's event or value cannot be computed, the Prolog error keeps what it says as data
(``refusal(Kind, Values)``: ``game:refuse/3``, the editions' ``unsupported_error/2``, the
unknown strike values of ``attack.pl``); the engine hands it over as ``{"kind", "values"}``
(:attr:`~berserk_kb.errors.ScenarioError.refusal`). The English template gives the command line's
message word for word (the Prolog message, which the command line prints); the Russian one is the
web interface's. Values are named by each kind's ``names``, in the order Prolog gives them.
"""

from __future__ import annotations

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
}

#: How a list of ``[edition, units]`` is said (``stated``), by language.
_STATED = {"en": ("edition {0}: {1}", "; "), "ru": ("редакции {0}: {1}", "; ")}


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
        if name == "stated":
            pattern, sep = _STATED["en" if lang == "en" else "ru"]
            out[name] = sep.join(pattern.format(*pair) for pair in value)
        elif name in ("zone", "mechanic") and lang != "en":
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
