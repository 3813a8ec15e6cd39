"""The characters a scenario's strings may not hold: a control character anywhere (NUL, ESC, a C1
control such as U+009B, a terminal's CSI), in a one-line field (a name, an id) a line feed, a tab
or a carriage return too, and an unpaired surrogate; and values nested too deep. Checked before
the shape (``load.validate_scenario``), so the field is named in our words."""

from __future__ import annotations

import json
import re
from typing import Any

from ..text.readers import DEPTH

_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")
#: In a one-line field (a name, an id: every string but :data:`TEXT_FIELDS`) a line feed, a tab or a
#: carriage return too: printed in a line of the text output, it would forge lines of the tool's own.
_ONE_LINE = re.compile("[\x00-\x1f\x7f-\x9f]")
#: The fields whose text may run over lines (none of them is printed in a line of the output).
TEXT_FIELDS = frozenset({"title", "note", "text"})
_SURROGATE = re.compile("[\ud800-\udfff]")
# what json.dumps writes for those characters: \u0000…\u001f, \b, \f, \n, \r, \t — and DEL, the C1
# controls (U+0080–U+009F, «\x9b» a terminal's CSI) and lone surrogates as they are
_JSON_CONTROL = re.compile(r"\\u00[01]|\\[bfnrt]|[\x7f-\x9f\ud800-\udfff]")


def may_hold_control(value: Any) -> bool:
    """False when no string in ``value`` holds a character :data:`_ONE_LINE` matches or a lone
    surrogate, found in one pass of C over its JSON text (True also for a text that only looks so,
    and for a value that is not JSON: :func:`control_character` then looks, and finds the path)."""
    try:
        return _JSON_CONTROL.search(json.dumps(value, ensure_ascii=False)) is not None
    except (TypeError, ValueError):
        return True


Found = tuple[tuple[Any, ...], str, dict[str, Any]]


def control_character(value: Any, loc: tuple[Any, ...], lines: bool = False) -> Found | None:
    """The path of the first string (key or value) holding NUL or another control character — a
    line feed, a tab or a carriage return too unless ``lines`` (in :data:`TEXT_FIELDS`) — or an
    unpaired surrogate, or of the first value nested more than :data:`DEPTH` levels deep (a
    scenario given as data may even hold itself), what is wrong there and that as a refusal
    (:data:`~berserk_kb.errors.INPUT_REFUSALS`); or ``None``."""
    if len(loc) > DEPTH:
        return loc[:3], f"nested more than {DEPTH} levels deep", {"kind": "input_nested", "values": [DEPTH]}
    if isinstance(value, str):
        if (bad := _SURROGATE.search(value)) is not None:
            code = f"U+{ord(bad.group()):04X}"
            return (loc, f"contains an unpaired surrogate ({code}), which is not text",
                    {"kind": "input_surrogate", "values": [code]})
        if (bad := (_CONTROL if lines else _ONE_LINE).search(value)) is None:
            return None
        if bad.group() in "\n\r\t":
            return loc, "contains a line break or a tab (a one-line field)", {"kind": "input_line_break", "values": []}
        return loc, "contains a control character", {"kind": "input_control_character", "values": []}
    if isinstance(value, dict):
        for k, v in value.items():
            found = control_character(k, loc + (k,)) if isinstance(k, str) else None
            found = found or control_character(v, loc + (k,), k in TEXT_FIELDS)
            if found is not None:
                return found
    if isinstance(value, list):
        for i, v in enumerate(value):
            found = control_character(v, loc + (i,))
            if found is not None:
                return found
    return None
