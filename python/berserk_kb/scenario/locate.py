"""Where a scenario's validation error is, in the user's terms: the error of a pydantic error list to
report (its location followed through the data, its message and its refusal, worded by the packs)
and the field path written as the user writes it (``events[0].wounds.choose.p1[1]``)."""

from __future__ import annotations

import re
from typing import Any

from ..errors import INPUT_REFUSALS


def _union_tag(part: Any) -> bool:
    """A part of a pydantic error location that names a member of a union (``list[constrained-str]``)."""
    return isinstance(part, str) and "[" in part and part != "[key]"


def first_error(errors: list[Any], data: Any) -> tuple[tuple[Any, ...], str, dict[str, Any] | None]:
    """The location, message and refusal (:data:`~berserk_kb.errors.INPUT_REFUSALS`, ``None`` for a type
    it has not) of the error to report: the first, or — inside a union (``choose``: a list, or one
    list per player) — the first of the member that has the shape of the value given."""
    err = errors[0]
    loc = err["loc"]
    at = next((i for i, part in enumerate(loc) if _union_tag(part)), None)
    if at is not None:
        value = data
        for part in loc[:at]:
            value = value[part] if isinstance(value, (dict, list)) and (
                (isinstance(value, dict) and part in value)
                or (isinstance(value, list) and isinstance(part, int))) else None
        shape = "dict[" if isinstance(value, dict) else "list[" if isinstance(value, list) else None
        err = next((e for e in errors if e["loc"][:at] == loc[:at] and len(e["loc"]) > at and shape
                    and str(e["loc"][at]).startswith(shape)), err)
    loc = _user_path(err["loc"], data, err["type"] == "missing")
    msg = re.sub(r" or instance of \w+", "", err["msg"].removeprefix("Value error, "))
    names = INPUT_REFUSALS.get(kind := f"input_{err['type']}")
    ctx = err.get("ctx") or {}
    refusal = ({"kind": kind, "values": [str(ctx[n]) for n in names]}
               if names is not None and all(n in ctx for n in names) else None)
    if loc and loc[-1] == "[key]":
        loc = loc[:-1]
        msg = f"{loc[-1]!r} cannot be a key here: {msg}"
        refusal = ({"kind": "input_bad_key", "values": [repr(loc[-1]), *refusal["values"]]}
                   if refusal is not None and refusal["kind"] in ("input_literal_error", "input_enum") else None)
    return loc, msg, refusal


def _user_path(loc: tuple[Any, ...], data: Any, missing: bool) -> tuple[Any, ...]:
    """The parts of a pydantic error location that name the user's keys and indices, followed
    through ``data``: pydantic's own parts (a union member ``int``, ``function-after[…]``, a model's
    name) are left out; a part past the data is kept only as the last of a missing field."""
    kept: list[Any] = []
    at = data
    for i, part in enumerate(loc):
        if part == "[key]":
            kept.append(part)
        elif isinstance(at, list) and isinstance(part, int) and 0 <= part < len(at):
            kept.append(part)
            at = at[part]
        elif isinstance(at, dict) and isinstance(part, str) and (part in at or part.rstrip("_") in at):
            kept.append(part)
            at = at[part if part in at else part.rstrip("_")]
        elif missing and i == len(loc) - 1 and isinstance(at, dict):
            kept.append(part)
    return tuple(kept)


def field_path(loc: tuple[Any, ...]) -> str:
    """A location as the field path the user writes: ``events[0].die_roll.flip_source``."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part).rstrip("_")
    return out or "(top level)"
