"""Writing Python values as Prolog source text, safely.

Every value from a file or a user goes through :func:`atom` or :func:`string` before it becomes
part of Prolog text (a generated facts file, or the data :func:`term` writes for the bridge). Both write a quoted token in
which the backslash, the quotes (``'``, ``"``, the back quote) and every control character are
escapes (``\\\\``, ``\\'``, ``\\x1b\\``), so the token cannot end early and reads back as exactly the
value given; other characters (Cyrillic included) are written as themselves, which SWI-Prolog
reads as UTF-8. NUL and unpaired surrogates cannot be represented in Prolog text and are refused.
"""

from __future__ import annotations

import math
import re
from typing import Any

from .errors import InputError

_ESCAPES = {c: f"\\x{c:x}\\" for c in (*range(0x00, 0x20), 0x7F, *range(0x80, 0xA0), 0x2028, 0x2029)}
_ESCAPES.update({ord("\\"): "\\\\", ord("'"): "\\'", ord('"'): '\\"', ord("`"): "\\`"})
_TABLE = str.maketrans(_ESCAPES)
_REFUSED = re.compile("[\x00\ud800-\udfff]")


def _quoted(value: str, quote: str, what: str) -> str:
    if not isinstance(value, str):
        raise TypeError(f"expected str, got {type(value).__name__}")
    bad = _REFUSED.search(value)
    if bad:
        if bad.group() == "\x00":
            raise InputError(f"{what} contains a NUL character, which is not allowed")
        raise InputError(f"{what} contains an unpaired surrogate (U+{ord(bad.group()):04X}), which is not text")
    return quote + value.translate(_TABLE) + quote


def atom(value: str, what: str = "value") -> str:
    """``value`` as a quoted Prolog atom, e.g. ``'519.3'`` (see the module docstring).

    Raises:
        InputError: ``value`` contains NUL or an unpaired surrogate (``what`` names it).
    """
    return _quoted(value, "'", what)


def string(value: str, what: str = "value") -> str:
    """``value`` as a double-quoted Prolog string (see the module docstring).

    Raises:
        InputError: ``value`` contains NUL or an unpaired surrogate.
    """
    return _quoted(value, '"', what)


def opt_atom(value: str | None) -> str:
    """An atom, or the atom ``none`` for ``None``."""
    return "none" if value is None else atom(value)


def opt_string(value: str | None) -> str:
    """A string, or the atom ``none`` for ``None``."""
    return "none" if value is None else string(value)


def term(value: Any, what: str = "value") -> str:
    """A JSON-shaped Python value as the text of a ground Prolog data term, for the bridge
    (``bridge:call_data/3`` reads it with ``term_string/3`` and never calls it): ``str`` → quoted
    atom, ``None``/``True``/``False`` → ``null``/``true``/``false``, ``int``/``float`` → number,
    ``list``/``tuple`` → list, ``dict`` (``str`` keys) → ``_{'key':Value}``.

    Raises:
        InputError: a string holds NUL or an unpaired surrogate, or a float is inf or nan.
        TypeError: a value of any other type (a programming error, not user input).
    """
    if isinstance(value, str):
        return _quoted(value, "'", what)
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, int):
        return str(int(value))
    if isinstance(value, float):
        if not math.isfinite(value):
            raise InputError(f"{what} is not a finite number ({value})")
        return repr(value)
    if isinstance(value, (list, tuple)):
        return "[" + ",".join(term(v, what) for v in value) + "]"
    if isinstance(value, dict):
        # the space after ':' keeps a negative number a number: ':-' would be read as one symbol
        return "_{" + ",".join(f"{_quoted(k, chr(39), what)}: {term(v, what)}" for k, v in value.items()) + "}"
    raise TypeError(f"cannot send a {type(value).__name__} to Prolog")
