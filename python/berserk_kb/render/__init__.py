"""Answers as text for the command line: each function takes a result of the library and returns
the text to print (every line ending in a newline), computing nothing. Headings are styled bold;
``click.echo`` drops the style when the output is not a terminal."""

from __future__ import annotations

import os
import textwrap


def terminal_width() -> int:
    """The width to wrap to: the terminal's, within 40–110 (100 when there is no terminal)."""
    try:
        columns = os.get_terminal_size().columns
    except OSError:
        columns = 100
    return max(40, min(110, columns))


def wrap(text: str, indent: str, width: int | None = None) -> str:
    """``text`` filled to ``width`` (default :func:`terminal_width`), every line indented."""
    return textwrap.fill(text, width=width or terminal_width(), initial_indent=indent, subsequent_indent=indent)


def bold(text: str) -> str:
    """``text`` styled bold for a terminal."""
    import click

    return click.style(text, bold=True)


def one_line(text: object) -> str:
    """``text`` with every run of white space (newlines too) as one space."""
    return " ".join(str(text).split())


def joined(rows: list[str]) -> str:
    """The text of ``rows``, each ending in a newline."""
    return "".join(f"{r}\n" for r in rows)
