"""The feature names a scenario gives, read as the features the KB knows: a grammatical form of a
known feature's name («Регенерацию», «регенерации», «Опыта в защите») is that feature, so the start
check, a gain and a loss see one feature and not two; a name the KB does not know is kept as
written (the rules compare names by one folding: case, «ё»/«е», spaces — Prolog's
``game:feature_key/2``, as :func:`~berserk_kb.lexicon.cards.card_key`). The lookup is the one
``berserk-kb card NAME`` uses (:func:`~berserk_kb.lexicon.names.named`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..lexicon.names import named
from ..text import STRESS_MARKS


class AmbiguousName(ValueError):
    """A name that is a form of more than one known feature («стали»: «Сталь» and «Стать»):
    ``name`` as given, ``features`` the known features it may be."""

    def __init__(self, name: str, features: list[str]) -> None:
        super().__init__(f"{name!r} is a form of more than one feature ({', '.join(features)}): "
                         "write the feature's name")
        self.name, self.features = name, features


def feature_name(name: str, known: Sequence[str]) -> str:
    """The known feature ``name`` names — itself (any case, «ё»/«е», stress marks dropped) or one
    whose words ``name``'s can be forms of — else ``name`` without its stress marks.

    Raises:
        AmbiguousName: ``name`` is a form of more than one known feature.
    """
    plain = name.translate(STRESS_MARKS)
    found = named(plain, {k: k for k in known}) if known else []
    if len(found) > 1:
        raise AmbiguousName(name, found)
    return found[0] if found else plain


def with_feature_names(scenario: dict[str, Any], known: Sequence[str],
                       refuse: Callable[[str, AmbiguousName], Exception]) -> dict[str, Any]:
    """``scenario`` (validated, as :func:`~.load.validate_scenario` dumps it) with every feature name
    it gives read by :func:`feature_name`: a card's ``features``, ``acquired``, ``grants`` and
    ``overrides[].feature``; a ``gain_feature``'s ``name``, a ``lose_features``' ``which`` (but
    ``all``), a ``remove_markers``' ``feature``; the features of ``expect.features``.

    Raises:
        what ``refuse(field, error)`` returns, for the first name that is ambiguous (``field`` its
        path, ``cards[0].features[1].name``).
    """
    if not known:
        return scenario

    def read(name: Any, field: str) -> Any:
        if not isinstance(name, str):
            return name
        try:
            return feature_name(name, known)
        except AmbiguousName as exc:
            raise refuse(field, exc) from None

    for i, card in enumerate(scenario.get("cards") or []):
        for key, part in (("features", "name"), ("acquired", "name"), ("grants", "name"), ("overrides", "feature")):
            for j, f in enumerate(card.get(key) or []):
                f[part] = read(f.get(part), f"cards[{i}].{key}[{j}].{part}")
    for i, ev in enumerate(scenario.get("events") or []):
        for kind, part in (("gain_feature", "name"), ("lose_features", "which"), ("remove_markers", "feature")):
            body = ev.get(kind)
            if isinstance(body, dict) and body.get(part) is not None and not (kind == "lose_features"
                                                                              and body[part] == "all"):
                body[part] = read(body[part], f"events[{i}].{kind}.{part}")
    expect = scenario.get("expect")
    if isinstance(expect, dict) and isinstance(expect.get("features"), dict):
        expect["features"] = {cid: {read(n, f"expect.features.{cid}.{n}"): v for n, v in held.items()}
                              for cid, held in expect["features"].items()}
    return scenario
