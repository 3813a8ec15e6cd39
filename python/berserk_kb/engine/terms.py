"""Writing Python values as Prolog source text, safely.

Every value from a file or a user goes through :func:`atom` or :func:`string` before it becomes
part of Prolog text (a generated facts file). Both write a quoted token in
which the backslash, the quotes (``'``, ``"``, the back quote) and every control character are
escapes (``\\\\``, ``\\'``, ``\\x1b\\``), so the token cannot end early and reads back as exactly the
value given; other characters (Cyrillic included) are written as themselves, which SWI-Prolog
reads as UTF-8. NUL and unpaired surrogates cannot be represented in Prolog text and are refused.

The texts ``null``, ``true`` and ``false`` are written by :func:`atom` as Prolog strings, as the
bridge sends them (``bridge.pl``): the atoms of those names are JSON's constants, so a fact
holding one would come back through the bridge as ``None``/``True``/``False``; as strings they
come back as themselves and equal what the bridge sends for the same text.
"""

from __future__ import annotations

import json
import re
from typing import Any

from ..errors import InputError

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


#: The texts that are JSON's constants as atoms; :func:`atom` writes them as strings.
JSON_WORDS = frozenset({"null", "true", "false"})


def atom(value: str, what: str = "value") -> str:
    """``value`` as a quoted Prolog atom, e.g. ``'519.3'``; one of :data:`JSON_WORDS` as a string,
    ``"null"`` (see the module docstring).

    Raises:
        InputError: ``value`` contains NUL or an unpaired surrogate (``what`` names it).
    """
    return _quoted(value, '"' if value in JSON_WORDS else "'", what)


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


def json_bytes(value: Any, what: str = "value") -> bytes:
    """A JSON-shaped Python value as the UTF-8 JSON text the bridge reads (``bridge:call_data/3`` reads it
    with ``term_string/3``, as data, and never calls it; strings arrive as atoms, see bridge.pl).

    Raises:
        InputError: a string holds NUL or an unpaired surrogate, or a float is inf or nan.
        TypeError: a value of any other type (a programming error, not user input).
    """
    try:
        text = _ENCODER.encode(value)
    except ValueError:
        raise InputError(f"{what} is not a finite number") from None
    try:
        data = text.encode("utf-8")
    except UnicodeEncodeError:  # an unpaired surrogate
        _refuse_anywhere(value, what)
        raise
    if b"\\u0000" in data:  # NUL, escaped by the encoder
        _refuse_anywhere(value, what)
    return data


# one encoder for every call (json.dumps with options builds one each time); no space after a comma
# (fewer characters to read), one after a colon: «"a":-1» would read as «"a" :- 1»
_ENCODER = json.JSONEncoder(ensure_ascii=False, allow_nan=False, separators=(",", ": "))


def _refuse_anywhere(value: Any, what: str) -> None:
    """Raise the InputError :func:`_quoted` gives for the first string in ``value`` it refuses."""
    if isinstance(value, str):
        _quoted(value, "'", what)
    elif isinstance(value, dict):
        for k, v in value.items():
            _refuse_anywhere(k, what)
            _refuse_anywhere(v, what)
    elif isinstance(value, (list, tuple)):
        for v in value:
            _refuse_anywhere(v, what)
