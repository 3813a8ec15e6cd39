"""Answers as JSON text (``--json``): dataclasses as their fields, Russian as it is, indented."""

from __future__ import annotations

import dataclasses
import json
from typing import Any


def to_json(data: Any) -> str:
    """``data`` (JSON values and dataclasses) as indented JSON text, with a final newline."""

    def plain(x: Any) -> Any:
        if dataclasses.is_dataclass(x) and not isinstance(x, type):
            return dataclasses.asdict(x)
        raise TypeError(type(x).__name__)

    return json.dumps(data, ensure_ascii=False, indent=2, default=plain) + "\n"


def as_data(items: Any) -> list[Any]:
    """A list of dataclasses as a list of their fields."""
    return [dataclasses.asdict(x) for x in items]
