"""How a command's error reaches standard error, and what happens when its answer cannot reach
standard output (a full disk, ``>&-``, a reader that went away): one line — one JSON object when
the command was asked for ``--json`` — and a non-zero exit status, never a traceback."""

from __future__ import annotations

import errno
import io
import json
import os
import re
import sys
from typing import Any, NoReturn

import click

EXIT_USAGE = 2


class ClosedOutput(io.TextIOBase):
    """What stands for standard output when it is closed: every write fails, as on a full disk."""

    encoding = "utf-8"

    def write(self, text: str) -> int:
        raise OSError(errno.EBADF, "standard output is closed")


def printing_the_answer(exc: OSError) -> bool:
    """True when ``exc`` was raised printing on standard output (``click.echo``, as
    :func:`~berserk_kb.cli_frame.out`, a command's help and the version print)."""
    tb = exc.__traceback__
    while tb is not None:
        if tb.tb_frame.f_code is click.echo.__code__ and not tb.tb_frame.f_locals.get("err"):
            return True
        tb = tb.tb_next
    return False


def say_error(said: str, as_json: bool = False, **fields: Any) -> None:
    """Print the error message ``said`` (one line) on standard error: ``berserk-kb: error: said``,
    or with ``as_json`` one JSON object ``{"error": said, **fields}`` (``path``, ``line``, ``field``,
    ``event``, ``edition``), on one line whatever the text holds (U+0085, U+2028, U+2029 escaped)."""
    if not as_json:
        click.echo(f"berserk-kb: error: {said}", err=True)
        return
    line = json.dumps({"error": said, **fields}, ensure_ascii=False)
    click.echo(line.translate({c: f"\\u{c:04x}" for c in (0x85, 0x2028, 0x2029)}), err=True)


#: The fields of an error's JSON object (:func:`say_error`), ``None`` where the error has none.
ERROR_FIELDS = ("path", "line", "field", "event", "edition")


def answer_lost(exc: OSError, as_json: bool = False) -> NoReturn:
    """The answer could not be written to standard output (a full disk, ``>&-``): one line on
    standard error saying why — the JSON error object with ``as_json`` (``--json``: standard error
    is still there to be read, and a reader of the command's JSON errors parses it) — and exit
    status 2; never a traceback, never a silent 0. A reader that went away (``| head``) ends it
    quietly, with status 0."""
    if isinstance(exc, BrokenPipeError):
        quiet_broken_pipe()
        sys.exit(0)
    why = exc.strerror or str(exc)
    try:
        say_error(f"cannot write the answer: {why[:1].lower()}{why[1:]}", as_json, **dict.fromkeys(ERROR_FIELDS))
    except (OSError, ValueError):  # standard error is gone too: the status still says it
        pass
    sys.exit(EXIT_USAGE)


def quiet_broken_pipe() -> None:
    """Point stdout at /dev/null so that Python's final flush does not complain again."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError):
        pass


#: The longest word an error line shows whole (:func:`shortened`): a path of thousands is cut.
LONGEST = 500


def shortened(line: str, longest: int = LONGEST) -> str:
    """``line`` with every word longer than ``longest`` characters (a path of thousands) shown by
    its start and its end around «…»: an error line stays a line a reader can read."""
    return re.sub(rf"\S{{{longest + 1},}}", lambda m: f"{m[0][:longest // 2 - 10]}…{m[0][-(longest // 2 - 10):]}", line)


def echoes_cut(message: str, argv: list[Any], longer_than: int | None = None) -> str:
    """``message`` with every value of ``argv`` longer than ``longer_than`` characters (default
    :data:`~berserk_kb.errors.ECHO_LIMIT`) it echoes (an option's, an argument's, an unknown
    option's or command's name; as given or as Python writes it, ``'…'``) cut as our own errors cut
    what they echo (:func:`~berserk_kb.errors.cut`): a 100 KB value is not printed back."""
    from .errors import ECHO_LIMIT, cut

    longer_than = longer_than or ECHO_LIMIT
    given: set[str] = set()
    for a in (a for a in argv if isinstance(a, str) and len(a) > longer_than):
        given.add(a)
        if a.startswith("--") and "=" in a:  # --edition=VALUE
            given.update(a.split("=", 1))
        elif a.startswith("-") and not a.startswith("--"):  # -eVALUE
            given.add(a[2:])
    for value in sorted(given, key=len, reverse=True):
        for form in (repr(value)[1:-1], value, " ".join(value.split())):  # as one_line writes it too
            if len(form) > longer_than:
                message = message.replace(form, cut(value))
    return message
