"""Answers as text for the command line: each function takes a result of the library and returns
the text to print (every line ending in a newline), computing nothing. Headings are styled bold
(:func:`bold` marks them; :func:`for_terminal` turns the marks into the terminal's style after it
has stripped every control sequence the text itself holds); ``click.echo`` drops the style when the
output is not a terminal."""

from __future__ import annotations

import os
import re
import textwrap

from ..text import ESCAPED, without_control_sequences
from ..text import nfc as nfc  # for cli_frame, which asks the renderers, not text/

# Marks for our own bold, noncharacters (never in text people exchange), turned into style only
# after the text's own control sequences are gone.
_BOLD_ON, _BOLD_OFF = "\ufdd0", "\ufdd1"


def printable(text: str) -> str:
    """``text`` without any control sequence or control character (newline and tab kept), and with
    every bidirectional control and line or paragraph separator shown as its escape (``\\u202e``,
    ``\\u2028``: in JSON text, the escape of the same character): what a rulebook, a card database
    or a user gave can never retitle, recolour or drive the terminal, nor reorder or break what it
    shows. A lone surrogate (a byte of a file's name that is not UTF-8, as Python decodes it) is
    its escape too: ``\\udcff``, which JSON reads back as the same name."""
    return _SURROGATE_OR_ESCAPED.sub(lambda m: f"\\u{ord(m.group()):04x}", without_control_sequences(text))


_SURROGATE_OR_ESCAPED = re.compile(f"{ESCAPED.pattern[:-1]}\ud800-\udfff]")


def for_terminal(text: str) -> str:
    """:func:`printable` ``text``, then its :func:`bold` marks as the terminal's bold."""
    import click

    text = printable(text)
    if _BOLD_ON not in text:
        return text
    on, off = click.style("x", bold=True).split("x")
    return text.replace(_BOLD_ON, on).replace(_BOLD_OFF, off)


def terminal_width() -> int:
    """The width to wrap to: the terminal's, within 40–110 (100 when there is no terminal)."""
    try:
        columns = os.get_terminal_size().columns
    except OSError:
        columns = 100
    return max(40, min(110, columns))


def wrap(text: str, indent: str, width: int | None = None) -> str:
    """``text`` filled to ``width`` (default :func:`terminal_width`), every line indented; lines
    break only at spaces, so an id (``A:517.3/если-срабатывающая-способность``), a path or a
    hyphenated name is never cut across lines (a word longer than the line stands alone on it)."""
    return "\n".join(wrap_lines(text, width or terminal_width(), indent, indent))


def wrap_lines(text: str, width: int, indent: str, subsequent: str | None = None) -> list[str]:
    """:func:`wrap` as a list of lines (``[indent]`` for empty text), later lines indented by ``subsequent``."""
    return textwrap.wrap(text, width=width, initial_indent=indent, subsequent_indent=indent if subsequent is None
                         else subsequent, break_on_hyphens=False, break_long_words=False) or [indent]


def bold(text: str) -> str:
    """``text`` marked bold for a terminal (:func:`for_terminal` styles it)."""
    return f"{_BOLD_ON}{text}{_BOLD_OFF}"


def echoes_escaped(message: str, argv: list[object]) -> str:
    """``message`` with every value of ``argv`` holding a control character that is not white space
    (``--kb $'/tmp/\\e]0;T\\a'``, ``@FILE``, ``--opt=VALUE``) written with its escapes
    (``/tmp/\\x1b]0;T\\x07``), as ``show`` writes its argument: :func:`one_line` would delete the
    sequence, and the message would name another path (``/tmp/``)."""
    from ..store.files import escaped

    odd = {a for a in argv if isinstance(a, str) and any(not c.isprintable() and not c.isspace() for c in a)}
    for a in sorted(odd, key=len, reverse=True):
        for value in sorted({a, a.removeprefix("@"), a.partition("=")[2]} - {""}, key=len, reverse=True):
            message = message.replace(value, escaped(value))
    return message


def one_line(text: object) -> str:
    """``text`` with every run of white space (newlines too) as one space, and no control sequence;
    a no-break space stays (U+00A0, U+202F: the groups of «20 000 000» in Russian)."""
    return _BREAKS.sub(" ", printable(_BREAKS.sub(" ", str(text)).strip())).strip()  # a separator is a space here


#: White space that may break a line: every kind but the no-break spaces U+00A0, U+2007, U+202F
_BREAKS = re.compile(r"[^\S\u00a0\u2007\u202f]+")


def argument_shown(text: str, width: int = 60) -> str:
    """A command-line argument ``text`` quoted on one line as the user typed it: each byte that is
    not UTF-8 (decoded by Python as a surrogate escape, U+DC80–U+DCFF) shown as ``\\xHH``, any
    other lone surrogate as ``\\udXXX``, NUL as ``\\x00``, and every other character as itself
    (Cyrillic stays readable), control sequences removed as :func:`one_line` does; past ``width``
    characters cut, with «…»."""
    shown = "".join(f"\\x{ord(c) - 0xDC00:02x}" if 0xDC80 <= ord(c) <= 0xDCFF else
                    f"\\u{ord(c):04x}" if 0xD800 <= ord(c) <= 0xDFFF else "\\x00" if c == "\x00" else c
                    for c in text)
    shown = one_line(shown)
    return f"'{shown[:width]}…'" if len(shown) > width else f"'{shown}'"


def joined(rows: list[str]) -> str:
    """The text of ``rows``, each ending in a newline."""
    return "".join(f"{r}\n" for r in rows)
