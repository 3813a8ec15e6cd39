"""Writing Python values as Prolog source text, safely.

Every value from a file or a user goes through :func:`atom` or :func:`string` before it becomes
part of Prolog text (a goal for the bridge or a generated facts file). Both write a quoted token in
which every character outside printable ASCII is a ``\\x<hex>\\`` escape, so the token cannot end
early and reads back as exactly the value given. The one exception: SWI-Prolog 9.0's reader refuses
``\\x`` escapes of U+D8000–U+DFFFF (measured), so those characters are written as themselves (they
are letters to the reader, never syntax). NUL and unpaired surrogates cannot be represented in
Prolog text and are refused.
"""

from __future__ import annotations

from .errors import InputError

_SAFE = {c for c in range(0x20, 0x7F)} - {ord("\\"), ord("'"), ord('"'), ord("`")}


def _quoted(value: str, quote: str, what: str) -> str:
    if not isinstance(value, str):
        raise TypeError(f"expected str, got {type(value).__name__}")
    out = [quote]
    for ch in value:
        c = ord(ch)
        if c == 0:
            raise InputError(f"{what} contains a NUL character, which is not allowed")
        if 0xD800 <= c <= 0xDFFF:
            raise InputError(f"{what} contains an unpaired surrogate (U+{c:04X}), which is not text")
        if c in _SAFE or 0xD8000 <= c <= 0xDFFFF:
            out.append(ch)
        else:
            out.append(f"\\x{c:x}\\")
    out.append(quote)
    return "".join(out)


def atom(value: str, what: str = "value") -> str:
    """``value`` as a quoted Prolog atom, e.g. ``'519.3'`` (ASCII only; see module docstring).

    Raises:
        InputError: ``value`` contains NUL or an unpaired surrogate (``what`` names it).
    """
    return _quoted(value, "'", what)


def string(value: str, what: str = "value") -> str:
    """``value`` as a double-quoted Prolog string (ASCII only; see module docstring).

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
