"""Whether an expectation of why-not (``events[0].value=7``) is one a computation can meet: of the
type the result's part has, and within what that part can hold — the shapes the scenario's inputs
have (a die shows a face, a strength is a count, a strike is one of three)."""

from __future__ import annotations

import json
from typing import Any, Literal

from pydantic import TypeAdapter, ValidationError

from ..errors import InputError, cut
from ..scenario.common import Count, Face
from ..scenario.schema import STRIKES

#: The values a part of a result can hold (event kind, key): what the scenario's inputs of that kind
#: may be — a die shows a face, a strength is a count, a strike is one of three.
_DOMAINS: dict[tuple[str, str], tuple[Any, str]] = {
    ("die_roll", "value"): (Face, "a die shows a face, 1–6"),
    ("die_roll", "unmodified"): (Face, "a die shows a face, 1–6"),
    ("attack", "strength"): (Count, "a strength is a whole number, 0 or more"),
    ("attack", "strike"): (Literal[STRIKES], f"a strike is one of {', '.join(STRIKES)}"),
}


def _kind_of(value: Any) -> str:
    return "null" if value is None else "true/false" if isinstance(value, bool) else "a number" if \
        isinstance(value, (int, float)) else "text" if isinstance(value, str) else "a list" if isinstance(value, list) else "a mapping"


def possible(path: str, kind: str, keys: list[str | int], want: Any, got: Any) -> None:
    """Refuse an expectation no computation can meet: a value of another type than the result's
    part has, or one outside what that part can hold (:data:`_DOMAINS`).

    Raises:
        InputError: naming the path and why.
    """
    if _kind_of(want) != _kind_of(got) and got is not None:
        raise InputError(f"expect {cut(path)}: {cut(json.dumps(want, ensure_ascii=False))} is {_kind_of(want)}, "
                         f"but this part of the result is {_kind_of(got)}: no computation gives it")
    domain = _DOMAINS.get((kind, keys[0])) if len(keys) == 1 and isinstance(keys[0], str) else None
    if domain is not None:
        try:
            TypeAdapter(domain[0]).validate_python(want, strict=True)
        except ValidationError:
            raise InputError(f"expect {cut(path)}: {cut(json.dumps(want, ensure_ascii=False))} is impossible: "
                             f"{domain[1]}") from None
