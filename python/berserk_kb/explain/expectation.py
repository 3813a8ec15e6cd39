"""Whether an expectation of why-not (``events[0].value=7``) is one a computation can meet: of the
type the result's part has, and within what that part can hold — the shapes the scenario's inputs
have (a die shows a face, a strength or an amount of wounds is a count, a strike is one of three, a
zone one of the zones, a controller one of the players; a feature's value is a count where the
edition says nothing of a negative one)."""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal, get_args

from pydantic import Field, TypeAdapter, ValidationError

from ..errors import InputError, cut
from ..lexicon.cards import card_key
from ..scenario.common import Face, Player, Zone
from ..scenario.feature_names import AmbiguousName, feature_name
from ..scenario.schema import STRIKES
from .results import ProofNode

#: A count a computation gives: 0 or more, with no upper bound — the inputs are bounded (the
#: contract's ``BOUND``), but a sum of them may pass it (a strength of 10^6 with a +1 is 10^6 + 1).
Count = Annotated[int, Field(ge=0)]
#: The values a part of a result can hold (event kind, key): what the scenario's inputs of that kind
#: may be — a die shows a face, a strength is a count, a strike is one of three.
_DOMAINS: dict[tuple[str, str], tuple[Any, str, str]] = {  # (values, refusal kind, English words)
    ("die_roll", "value"): (Face, "expect_face", "a die shows a face, 1–6"),
    ("die_roll", "unmodified"): (Face, "expect_face", "a die shows a face, 1–6"),
    ("attack", "strength"): (Count, "expect_strength", "a strength is a whole number, 0 or more"),
    ("attack", "strike"): (Literal[STRIKES], "expect_strike", f"a strike is one of {', '.join(STRIKES)}"),
    ("wounds", "wounds"): (Count, "expect_wounds", "an amount of wounds is a whole number, 0 or more"),
    ("wounds", "prevented"): (Count, "expect_prevented", "an amount of wounds prevented is a whole number, 0 or more"),
    ("wounds", "remaining"): (Count, "expect_remaining",
                              "what a prevention effect has left is a whole number, 0 or more"),
    ("gain_feature", "works_as"): (Count, "expect_works_as", "a feature works as a whole number, 0 or more"),
}
#: The parts of any event's result with one domain: a zone is one of the scenario's zones, a
#: controller one of its players.
_ANY: dict[str, tuple[Any, str, str]] = {
    "zone": (Zone, "expect_zone", f"a zone is one of {', '.join(get_args(Zone))}"),
    "controller": (Player, "expect_controller", f"a controller is one of the players, {', '.join(get_args(Player))}"),
}


def _kind_of(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, (int, float)):
        return "a number"
    return "text" if isinstance(value, str) else "a list" if isinstance(value, list) else "a mapping"


def _domain(kind: str, keys: list[str | int], negative: str | None,
            bounded: bool = False) -> tuple[Any, str, str] | None:
    """What the part ``keys`` of a ``kind`` result can hold (``remaining.ID`` as ``remaining``), or
    None: ``negative`` is why a feature's value cannot be negative in the edition (None: it can);
    ``bounded``: the edition has a rule that keeps a modified die roll within the faces and the
    computation went beyond them on the expected side (a roll of 6 with +1 is expected as 7 and the
    rule makes it 6), so a whole number beyond the faces may be expected of it."""
    head = keys[0] if keys and isinstance(keys[0], str) else None
    if head is None or len(keys) != (2 if head == "remaining" else 1):  # the whole mapping: no one domain
        return None
    if bounded and (kind, head) == ("die_roll", "value"):
        return None
    if kind == "gain_feature" and head == "value":
        return (Count, "expect_feature_value", f"a feature's value is a whole number, 0 or more: {negative}") \
            if negative else None
    return _DOMAINS.get((kind, head)) or _ANY.get(head)


def possible(path: str, kind: str, keys: list[str | int], want: Any, got: Any, negative: str | None = None,
             edition: str | None = None, bounded: bool = False) -> None:
    """Refuse an expectation no computation can meet: a value of another type than the result's
    part has (a whole number written with a decimal point, 5.0), or one outside what that part can
    hold (:data:`_DOMAINS`, :data:`_ANY`; a gained feature's value 0 or more when ``negative`` says
    why the edition cannot compute a negative one; a modified die roll outside 1–6 only where the
    edition has no rule that keeps it within them, ``bounded`` false: where one has, the answer is
    that rule's step).

    Raises:
        InputError: naming the path and why.
    """
    if _kind_of(want) != _kind_of(got) and got is not None:
        shown = cut(json.dumps(want, ensure_ascii=False))
        raise InputError(f"expect {cut(path)}: {shown} is {_kind_of(want)}, "
                         f"but this part of the result is {_kind_of(got)}: no computation gives it",
                         refusal={"kind": "expect_other_kind",
                                  "values": [cut(path), shown, _kind_of(want), _kind_of(got)]})
    if isinstance(want, float) and want.is_integer() and isinstance(got, int) and not isinstance(got, bool):  # 5.0
        shown = cut(json.dumps(want))
        raise InputError(f"expect {cut(path)}: {shown} is written with a decimal point, "
                         "but this part of the result is a whole number",
                         refusal={"kind": "expect_fraction", "values": [cut(path), shown]})
    domain = _domain(kind, keys, negative, bounded)
    if domain is not None:
        try:
            TypeAdapter(domain[0]).validate_python(want, strict=True)
        except ValidationError:
            shown = cut(json.dumps(want, ensure_ascii=False))
            raise InputError(f"expect {cut(path)}: {shown} is impossible: {domain[2]}",
                             refusal={"kind": domain[1], "values": [cut(path), shown, negative, edition]}) from None


def _stated(edition: str, rule: str) -> bool:
    """Whether the data of ``edition`` states the rule ``rule`` (prolog/editions: ``dice_bounds``, a
    modified die roll kept within the faces)."""
    from ..engine.runner import edition_table

    return any(r["rule"] == rule for e in edition_table() if e["edition"] == edition for r in e["rules"])


def bounded(edition: str, root: ProofNode, want: Any) -> bool:
    """Whether the data of ``edition`` keeps a modified die roll within the faces (its rule
    ``dice_bounds``) and a step of the proof ``root`` was given a value beyond them on the side of
    ``want`` (above 6 when ``want`` is, below 1 when it is): the modifiers took the roll there and
    the rule brought it back, so such a value is one the computation held."""
    if not isinstance(want, int) or isinstance(want, bool) or 1 <= want <= 6 or not _stated(edition, "dice_bounds"):
        return False
    held = [n.inputs.get("before") for n in root.walk()]
    return any(isinstance(v, int) and not isinstance(v, bool) and (v > 6 if want > 6 else v < 1) for v in held)


def negative_refused(edition: str) -> str | None:
    """Why a feature's value cannot be negative in ``edition`` — its data states no
    ``negative_value_works_as_zero``, and a negative value is
    refused (features:works_as/3) —, naming where it is stated; None where the edition states it."""
    from ..engine.runner import edition_table

    stated = {e["edition"]: r["unit"] for e in edition_table() for r in e["rules"]
              if r["rule"] == "negative_value_works_as_zero"}
    if edition in stated:
        return None
    where = "; ".join(f"edition {ed}: {unit.partition(':')[2]}" for ed, unit in sorted(stated.items()))
    return f"the data of edition {edition} states no rule on a negative value, though its text may" + \
        (f" (it is stated in {where})" if where else "")


def as_named(path: str, kind: str, keys: list[str | int], want: Any, got: Any, known: list[str]) -> Any:
    """``want`` with its names read as a scenario file's are (:func:`~..scenario.feature_names.feature_name`:
    stress marks dropped, a form of a known feature read as it) and written as the result writes
    them when they fold alike (case, «ё»/«е»: «отравление» is the computed «Отравление»), for a part
    of the result that is text or a list of texts and has no domain of its own (a zone, a
    controller, a strike are words of the contract, not names); else ``want`` unchanged.

    Raises:
        InputError: a name is a form of more than one known feature (naming the path).
    """
    if _domain(kind, keys, None) is not None:
        return want
    have = got if isinstance(got, list) else [got]

    def one(name: Any) -> Any:
        if not isinstance(name, str):
            return name
        try:
            read = feature_name(name, known)
        except AmbiguousName as exc:
            shown = cut(json.dumps(name, ensure_ascii=False))
            raise InputError(f"expect {cut(path)}: {shown} is a form of more than one feature "
                             f"({', '.join(exc.features)}): write the feature's name",
                             refusal={"kind": "expect_ambiguous_feature",
                                      "values": [cut(path), shown, ", ".join(exc.features)]}) from None
        return next((g for g in have if isinstance(g, str) and card_key(g) == card_key(read)), read)

    if isinstance(want, str) and isinstance(got, str):
        return one(want)
    if isinstance(want, list) and isinstance(got, list):
        return [one(w) for w in want]
    return want
