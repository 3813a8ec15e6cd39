"""What the command line cannot take, in one line on standard error: an argument holding a NUL or
bytes that are not UTF-8 (unless it names a file), and click's own usage errors — an unknown option,
a missing argument, an option without its value, a value not among the choices, extra arguments —
in the language of the command: English as click says it, and under ``why``'s default Russian (no
``--lang en``) in the words of the ru pack (``lang/ru_input.pl``, ``usage_*``), the option, argument
and values named as given. A usage error the pack has no words for stays as click says it."""

from __future__ import annotations

import os
import re
from typing import Any

import click

from .cli_output import echoes_cut
from .render import argument_shown, one_line

#: What :class:`~berserk_kb.cli_frame.GivenPath` says of an empty path (``why ''``).
EMPTY_PATH = "the path is empty (give a file or folder name)"
#: The commands whose words are Russian unless ``--lang en`` is given: their option's default.
_RUSSIAN_BY_DEFAULT = frozenset({"why"})


def usage_line(exc: click.ClickException, argv: list[Any], group: click.Group) -> str:
    """The line ``berserk-kb: error: …`` that says the usage error ``exc`` of the command line
    ``argv`` (without the program name) run by ``group``, naming the command and its help."""
    ctx = getattr(exc, "ctx", None)
    cmd = " ".join(ctx.command_path.split()[1:] if ctx is not None and ctx.command is not group else
                   [a for a in argv[:1] if a in group.commands]) or None  # `show 519.3 --edition`: no context
    words = _pack_words(cmd, argv)
    try:
        said = _said(exc, words) if words else None
    except (KeyError, IndexError, ValueError):  # a pack without one of these words: click's own
        said = None
    where = f"{cmd}: " if cmd else ""
    if isinstance(exc, click.NoSuchOption) and re.fullmatch(r"-[\d.,]+", exc.option_name) and cmd:
        hint = _word(words, "usage_as_text", "read as an option; to give it as text: berserk-kb {command} -- {option}",
                     command=cmd, option=exc.option_name)
    else:
        hint = _word(words, "usage_see_help", "see berserk-kb {command} --help", command=cmd or "").replace("  ", " ")
    return f"berserk-kb: error: {where}{one_line(echoes_cut(said or exc.format_message(), argv))} ({hint})"


def _pack_words(cmd: str | None, argv: list[Any]) -> dict[str, str] | None:
    """The ru pack's words when the command ``cmd`` speaks Russian on the command line ``argv``, else None."""
    given = [str(a) for a in argv]
    if not cmd or cmd.split()[-1] not in _RUSSIAN_BY_DEFAULT or "--lang=en" in given or any(
            a == "--lang" and b == "en" for a, b in zip(given, given[1:])):
        return None
    try:
        from .kb import KnowledgeBase

        return KnowledgeBase.words_of("ru").get("words") or None
    except Exception:  # the pack cannot be had (Prolog not usable): click's own words still say it
        return None


def _word(words: dict[str, str] | None, name: str, english: str, **values: Any) -> str:
    return ((words or {}).get(name) or english).format(**values)


def _said(exc: click.ClickException, words: dict[str, str]) -> str | None:
    """``exc`` in the pack's ``words``, or None when they have none for it."""
    param: Any = getattr(exc, "param", None)
    ctx = getattr(exc, "ctx", None)
    name = one_line(param.get_error_hint(ctx)) if param is not None else None
    message = getattr(exc, "message", "")
    if isinstance(exc, click.NoSuchOption):
        said = words["usage_no_such_option"].format(option=exc.option_name)
        close = ", ".join(sorted(exc.possibilities or ()))
        return f"{said} ({words['usage_did_you_mean'].format(options=close)})" if close else said
    if isinstance(exc, click.MissingParameter) and name:
        argument = getattr(param, "param_type_name", "") == "argument"
        return words["usage_missing_argument" if argument else "usage_missing_option"].format(name=name)
    if isinstance(exc, click.BadOptionUsage) and "requires" in message:
        return words["usage_needs_value"].format(option=repr(exc.option_name))
    if isinstance(exc, click.BadOptionUsage) and "does not take a value" in message:
        return words["usage_takes_no_value"].format(option=repr(exc.option_name))
    if isinstance(exc, click.BadParameter) and name:
        if message == EMPTY_PATH:
            return words["usage_empty_path"].format(name=name)
        if isinstance(param.type, click.Choice) and (m := re.match(r"(.+?) is not (?:one of )?", message)):
            choices = ", ".join(repr(c) for c in param.type.choices)
            return words["usage_bad_choice"].format(name=name, value=m[1], choices=choices)
        return None
    if m := re.fullmatch(r"Got unexpected extra arguments? \((.*)\)", message):
        return words["usage_extra_arguments"].format(arguments=m[1])
    return None


#: The options whose value names a file or folder to write (it need not exist yet).
_OUTPUTS = ("-o", "--output", "--write-scenarios")


def refused_argument(argv: list[Any]) -> str | None:
    """The error line for the first argument of ``argv`` that cannot be taken — one holding a NUL,
    or bytes that are not UTF-8 (surrogate escapes) unless it names a file that exists or one to
    write (``-o NAME``): a file's name need not be UTF-8, its bytes name it — else None."""
    for before, a in zip([None, *argv], argv):
        if not isinstance(a, str):
            continue
        named = names_a_file(a) or before in _OUTPUTS or a.startswith(tuple(f"{o}=" for o in _OUTPUTS))
        if any(0xD800 <= ord(ch) <= 0xDFFF for ch in a) and not named:
            return f"berserk-kb: error: argument {argument_shown(a)} is not valid UTF-8 (and names no file that exists)"
        if "\x00" in a:
            return f"berserk-kb: error: argument {argument_shown(a)} contains a NUL character"
    return None


def names_a_file(arg: str) -> bool:
    """``arg`` (or its part after ``=``: ``--kb=DIR``) names a path that exists."""
    try:
        return any(os.path.lexists(p) for p in (arg, arg.partition("=")[2]) if p)
    except ValueError:  # a NUL
        return False
