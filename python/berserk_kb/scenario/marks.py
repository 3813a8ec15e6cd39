"""Where a field of a scenario file is written: the line of a field path (``events[1].die_roll.roll``).

A field error (a wrong type, an unknown field, an impossible value, a field the mechanic refuses)
names the field path; :func:`located` adds the line of that field in the file, so the message reads
``FILE:LINE: field PATH: reason`` as a YAML syntax error's does. The file is read again only when
an error is raised: the node tree (``yaml.compose``) keeps each key's start mark.
"""

from __future__ import annotations

import re
from pathlib import Path

from ..errors import ScenarioError
from ..text.readers import read_text

_PART = re.compile(r"\.?([^.\[\]]+)|\[(\d+)\]")


def field_line(text: str, field: str) -> int | None:
    """The line (1-based) in ``text`` (YAML or JSON) of the field ``field``: of its key in a mapping,
    of its item in a list; when the path goes on past what the file holds (a required field left
    out, a card fact taken from ``kb/cards.yaml``), the line of the deepest part that is written.
    None when the text does not parse or its first part is not in it (``--edition``)."""
    import yaml

    try:
        node = yaml.compose(_paired(text), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except (yaml.YAMLError, ValueError, RecursionError):
        return None
    line = None
    for m in _PART.finditer(field):
        key, index = m.group(1), m.group(2)
        found = None
        if index is not None and isinstance(node, yaml.SequenceNode) and int(index) < len(node.value):
            found = node.value[int(index)]
            mark = found.start_mark
        elif key is not None and isinstance(node, yaml.MappingNode):
            for k, v in node.value:
                if isinstance(k, yaml.ScalarNode) and k.value == key:
                    found, mark = v, k.start_mark
                    break
        if found is None:
            return line
        node, line = found, mark.line + 1
    return line


#: A character past U+FFFF as JSON writes it (``"\ud83c\udca1"``, 🂡): two escapes YAML takes one by one, and refuses.
_PAIR = re.compile(r"\\u([dD][89abAB][0-9a-fA-F]{2})\\u([dD][c-fC-F][0-9a-fA-F]{2})")


_LONE = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")


def _paired(text: str) -> str:
    """``text`` with each escaped surrogate pair written as the one escape (``\\U0001f0a1``) YAML reads
    as JSON does, and a lone one as U+FFFD (YAML refuses it; the field is found all the same); the
    lines stay where they were."""
    text = _PAIR.sub(lambda m: f"\\U{(0x10000 + ((int(m[1], 16) - 0xD800) << 10) + int(m[2], 16) - 0xDC00):08x}", text)
    return _LONE.sub(r"\\ufffd", text)


def located(error: ScenarioError, path: Path | str) -> ScenarioError:
    """``error`` with the line of its field in the file ``path`` (``line`` set, the message
    ``FILE:LINE: field …``); ``error`` itself when it names no field, has a line already, or the
    field is not found in the file (standard input, ``-``, is not read again)."""
    where = str(path)
    if error.field is None or error.line is not None or where == "-" or error.path != where or error.detail is None:
        return error
    try:
        text = read_text(Path(path), "scenario", error=ScenarioError)  # read once already: a regular file
    except ScenarioError:
        return error
    line = field_line(text, error.field)
    if line is None:
        return error
    return ScenarioError(f"{where}:{line}: {error.detail}", path=where, line=line, field=error.field,
                         event=error.event, edition=error.edition, refusal=error.refusal, detail=error.detail)
