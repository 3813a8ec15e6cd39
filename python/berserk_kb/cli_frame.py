"""The frame every ``berserk-kb`` command runs in: Prolog started early, the options every command
has, and how a command ends — every error one line on stderr and a non-zero exit status (2 for
what the user can fix, 70 for a bug), never a traceback."""

from __future__ import annotations

import contextlib
import errno
import functools
import gc
import os
import sys
from collections.abc import Iterator
from typing import Any

#: Commands that ask Prolog: the engine starts on a thread while Python imports the rest (SWI-Prolog
#: initialises and loads its bridge in C, with the GIL released).
_PROLOG_COMMANDS = {"show", "refs", "why", "examples", "card", "check", "diff", "serve", "site"}


def start_prolog_early(argv: list[str]) -> None:
    """Start Prolog, once, when the command ``argv`` (without the program name) asks Prolog and is
    not a request for help."""
    if argv and argv[0] in _PROLOG_COMMANDS and not {"-h", "--help"} & set(argv):
        _start_prolog(argv[0] in _RUNNER_COMMANDS)


#: Commands that run scenarios: the runner and the language packs are loaded on that thread too.
_RUNNER_COMMANDS = {"why", "examples"}


@functools.cache
def _start_prolog(runner: bool = False) -> None:
    from .kb import KnowledgeBase

    KnowledgeBase.start_prolog(runner=runner)


class TerminalStatus:
    """Work shown on standard error, a terminal: the innermost label on one line, cleared when done."""

    def __init__(self) -> None:
        self.labels: list[str] = []

    @contextlib.contextmanager
    def __call__(self, label: str) -> Iterator[None]:
        self.labels.append(label)
        self._show()
        try:
            yield
        finally:
            self.labels.remove(label)
            self._show()

    def _show(self) -> None:
        line = f"berserk-kb: {self.labels[-1]}…" if self.labels else ""  # our own words: no control sequence
        try:
            width = os.get_terminal_size(sys.stderr.fileno()).columns or 100
        except (OSError, ValueError):
            width = 100
        sys.stderr.write("\r\x1b[K" + line[: max(40, width - 1)])
        sys.stderr.flush()


def show_progress() -> None:
    """Show long work (:mod:`berserk_kb.progress`) on standard error when it is a terminal."""
    from .progress import show_with

    def bar(label: str, total: int) -> Any:
        import click

        return click.progressbar(length=total, label=label, file=sys.stderr)

    show_with(TerminalStatus(), bar) if stderr_is_terminal() else show_with(None, None)


def stderr_is_terminal() -> bool:
    """True when standard error is a terminal (where progress is shown)."""
    try:
        return sys.stderr.isatty()
    except (AttributeError, ValueError):
        return False


def hold_closed_stdout() -> None:
    """When standard output is closed (``>&-``), hold its descriptor on /dev/null, so that no file
    opened later (a cache entry) becomes descriptor 1 and takes what SWI-Prolog writes there; the
    answer itself is refused (:func:`answer_lost`)."""
    with contextlib.suppress(OSError):
        os.fstat(1)
        return
    if (fd := os.open(os.devnull, os.O_WRONLY)) != 1:
        os.dup2(fd, 1)
        os.close(fd)


def arguments_given() -> list[str]:
    """The command line's arguments as given (a file's name may hold bytes that are not UTF-8, as
    surrogate escapes), read once; ``sys.argv`` is left with them in UTF-8 (each such byte U+FFFD),
    since pyswip hands it to SWI-Prolog, encoded, when it starts."""
    if not hasattr(arguments_given, "given"):
        arguments_given.given = sys.argv[1:]  # type: ignore[attr-defined]
        sys.argv = [a.encode("utf-8", "surrogateescape").decode("utf-8", "replace") for a in sys.argv]
    return list(arguments_given.given)  # type: ignore[attr-defined]


if os.path.basename(sys.argv[0]) == "berserk-kb":
    # a short process keeping most of what it makes: a cold `why` spent ~50 ms of ~1 s collecting
    gc.set_threshold(20_000, 50, 100)
    hold_closed_stdout()
    show_progress()  # the first run compiles the Prolog code while Prolog starts
    start_prolog_early(arguments_given())  # as early as possible: before click and the rest are imported


from collections.abc import Callable  # noqa: E402
from pathlib import Path  # noqa: E402

import click  # noqa: E402

from .cli_output import (  # noqa: E402
    ERROR_FIELDS,
    EXIT_USAGE,
    LONGEST,
    ClosedOutput,
    answer_lost,
    echoes_cut,
    printing_the_answer,
    quiet_broken_pipe,
    say_error,
    shortened,
)
from .cli_usage import EMPTY_PATH, names_a_file, refused_argument, usage_line  # noqa: E402
from .errors import BerserkError, InputError  # noqa: E402
from .render import echoes_escaped, for_terminal, nfc, one_line  # noqa: E402
from .render.why import refusal_line  # noqa: E402

EXIT_INTERNAL = 70
#: ``ctx.meta`` key a command sets (``--json``) to have its error printed as one JSON object on
#: standard error — ``error`` (the message) and the error's ``path``, ``line``, ``field``,
#: ``event``, ``edition`` — with the same exit status
JSON_ERRORS = "berserk_kb.json_errors"
#: ``ctx.meta`` key: a callable giving the pack a refusal is worded in (``why --lang``)
REFUSAL_PACK = "berserk_kb.refusal_pack"


def _exit_now(code: Any) -> None:
    """End the process with ``code`` (as ``sys.exit`` takes it) once the output is flushed and the
    Python exit functions have run (store/files.py's stand-in cache removal) — but without SWI-Prolog's
    clean-up at exit (sys.exit would run it): when a command ends while Prolog is still starting, it
    prints «WARNING: Failed to stop Prolog threads» after the command's last line."""
    import atexit

    status = code if isinstance(code, int) else 0 if code is None else 1
    if not isinstance(code, int) and code is not None:
        print(code, file=sys.stderr)
    try:
        from .kb import KnowledgeBase

        KnowledgeBase.settle_prolog()
        atexit._run_exitfuncs()  # os._exit skips them; no public call runs them (atexit: register only)
        sys.stdout.flush()
        sys.stderr.flush()
    except Exception:  # a closed pipe, say: a flush that fails cannot change the status any more
        pass
    os._exit(status)


def _replace_what_cannot_be_shown() -> None:
    """On a terminal in KOI8-R, CP1251 or another 8-bit encoding, a character it has no code for
    («—», «»» in KOI8-R) is written «?» instead of ending the command with UnicodeEncodeError (exit
    70). UTF-8 is left as it is, and ASCII too: click writes UTF-8 to an ASCII stream itself."""
    import codecs
    import io

    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper) and codecs.lookup(stream.encoding).name not in ("utf-8", "ascii"):
            stream.reconfigure(errors="replace")


class Main(click.Group):
    """The command group: every error ends as one line on stderr and a non-zero exit status —
    library errors and usage errors with status 2, a bug with status 70 — never a traceback."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)  # before the command, --kb and --json are the command's (listed here)
        self.params += [click.Option(["--kb"], metavar="DIR", expose_value=False,
                                     help="Knowledge-base folder, for the command."),
                        click.Option(["--json"], is_flag=True, expose_value=False,
                                     help="The command's answer as JSON.")]

    def main(self, args: Any = None, prog_name: str | None = None, complete_var: str | None = None,
             standalone_mode: bool = True, **extra: Any) -> Any:
        if args is not None:  # called from Python (click's test runner, say): it handles the exit
            return self._main(args, prog_name, complete_var, **extra)
        _replace_what_cannot_be_shown()  # the console script's own streams; a caller's are its own
        try:
            return self._main(None, prog_name, complete_var, **extra)
        except SystemExit as exc:  # the console script: the process ends here
            _exit_now(exc.code)

    def _main(self, args: Any, prog_name: str | None, complete_var: str | None, **extra: Any) -> Any:
        argv = self.argv = _kb_after_command(arguments_given() if args is None else list(args))
        if sys.stdout is None:  # `>&-`: what would be printed is refused, never dropped in silence
            sys.stdout = ClosedOutput()
        show_progress()
        start_prolog_early(argv)  # already running when the console script imported this module
        if (refused := refused_argument(argv)) is not None:  # not UTF-8 (and no file's name), a NUL
            click.echo(refused, err=True)
            sys.exit(EXIT_USAGE)
        # «й» as и + U+0306 is «й», but the name of a file that exists is kept as written (its bytes name it)
        argv = self.argv = [nfc(a) if isinstance(a, str) and not names_a_file(a) else a for a in argv]
        try:
            rv = super().main(argv, prog_name, complete_var, standalone_mode=False, **extra)
        except click.exceptions.Exit as exc:
            sys.exit(exc.exit_code)
        except click.exceptions.NoArgsIsHelpError as exc:  # `berserk-kb`, `berserk-kb cards`: the help
            try:
                out((exc.ctx.get_help() if exc.ctx else self.get_help(click.Context(self))) + "\n")
            except OSError as lost:
                answer_lost(lost)
            sys.exit(0)
        except click.ClickException as exc:  # one line, in the command's language (cli_usage.py)
            click.echo(usage_line(exc, argv, self), err=True)
            sys.exit(exc.exit_code if exc.exit_code else EXIT_USAGE)
        except click.Abort:
            click.echo("berserk-kb: aborted", err=True)
            sys.exit(1)
        except OSError as exc:  # click printing the help or the version: a closed pipe, a full disk
            if not (isinstance(exc, BrokenPipeError) or printing_the_answer(exc)):
                raise
            answer_lost(exc)
        sys.exit(rv if isinstance(rv, int) else 0)

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except BerserkError as exc:
            pack = not ctx.meta.get(JSON_ERRORS) and exc.refusal and ctx.meta.get(REFUSAL_PACK)  # worded in --lang
            said = echoes_escaped((pack and refusal_line(exc, pack())) or str(exc), getattr(self, "argv", []))
            said = shortened(one_line(said))  # a path of thousands: cut
            said = echoes_cut(said, getattr(self, "argv", []), LONGEST)
            # the command was asked for JSON: so is its error
            say_error(said, bool(ctx.meta.get(JSON_ERRORS)), **{k: getattr(exc, k, None) for k in ERROR_FIELDS})
            ctx.exit(exc.exit_status)
        except (click.exceptions.Exit, click.exceptions.Abort, click.ClickException):
            raise
        except BrokenPipeError:  # the reader went away (`| head`): stop quietly
            quiet_broken_pipe()
            ctx.exit(0)
        except KeyboardInterrupt:
            click.echo("berserk-kb: interrupted", err=True)
            ctx.exit(130)
        except OSError as exc:
            if printing_the_answer(exc):  # a full disk, `>&-`
                answer_lost(exc, bool(ctx.meta.get(JSON_ERRORS)))
            if exc.errno != errno.ENAMETOOLONG:  # a path the user gave that no file system allows
                raise self._internal(exc) from None
            from .errors import cut

            name = cut(shortened(one_line(str(exc.filename))), LONGEST)  # a path of words is cut too
            click.echo(f"berserk-kb: error: {name}: the file name is too long", err=True)
            ctx.exit(EXIT_USAGE)
        except Exception as exc:  # a bug: say so in one line; BERSERK_KB_DEBUG=1 shows the traceback
            raise self._internal(exc) from None

    @staticmethod
    def _internal(exc: Exception) -> BaseException:
        """A bug: say so in one line and give the exit to raise; BERSERK_KB_DEBUG=1 shows the traceback."""
        if os.environ.get("BERSERK_KB_DEBUG"):
            return exc
        click.echo(f"berserk-kb: internal error: {type(exc).__name__}: {one_line(str(exc))[:300]} "
                   "(set BERSERK_KB_DEBUG=1 for details)", err=True)
        return click.exceptions.Exit(EXIT_INTERNAL)


def _kb_after_command(argv: list[Any]) -> list[Any]:
    """``berserk-kb --kb DIR --json show 519.3`` read as ``berserk-kb show 519.3 --kb DIR --json``:
    ``--kb`` and ``--json`` given before the command are the command's own options (put before a
    ``--``, if any)."""
    moved: list[Any] = []
    rest = list(argv)
    while rest:
        if rest[0] == "--kb" and len(rest) > 2:
            moved, rest = [*moved, *rest[:2]], rest[2:]
        elif ((rest[0] == "--json" and len(rest) > 1)
              or (isinstance(rest[0], str) and rest[0].startswith("--kb=") and len(rest) > 1)):
            moved, rest = [*moved, rest[0]], rest[1:]
        else:
            break
    if not moved:
        return argv
    cut = rest.index("--") if "--" in rest else len(rest)
    return [*rest[:cut], *moved, *rest[cut:]]


class Seconds(click.ParamType):
    """A time limit in seconds: a finite number, more than 0 and at most ``most`` (``nan``,
    ``inf``, ``0`` and ``-1`` are refused in click's usual one line)."""

    name = "seconds"

    def __init__(self, most: float) -> None:
        self.most = most

    def convert(self, value: Any, param: Any, ctx: Any) -> float:
        import math

        try:
            seconds = float(value)
        except (TypeError, ValueError):
            self.fail(f"{value!r} is not a number of seconds", param, ctx)
        if not (math.isfinite(seconds) and 0 < seconds <= self.most):
            self.fail(f"{value!r} is not a number of seconds more than 0 and at most {self.most:g}", param, ctx)
        return seconds


class GivenPath(click.Path):
    """A path argument or option (``click.Path``, giving a :class:`~pathlib.Path`) that is refused
    when empty: ``why ''`` would read the current folder as ``.`` and name that."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(path_type=Path, **kwargs)

    def convert(self, value: Any, param: Any, ctx: Any) -> Any:
        if isinstance(value, str) and not value.strip():
            self.fail(EMPTY_PATH, param, ctx)
        path = super().convert(value, param, ctx)
        if value != "-" and str(path) == "-":  # «./-» is the file named «-»; only «-» is standard input
            return Path(str(path)).absolute()
        return path


class KbFolder(click.ParamType):
    """``--kb DIR``: a knowledge-base folder, refused before any work in the one wording of each kind
    of problem (:meth:`~berserk_kb.kb.KnowledgeBase.check_folder`: an InputError, a library error)."""

    name = "directory"

    def convert(self, value: Any, param: Any, ctx: Any) -> Any:
        from .kb import KnowledgeBase

        KnowledgeBase.check_folder(value)
        return Path(value)


def json_option(f: Callable) -> Callable:
    """``--json``: the answer, and an error, as JSON (:data:`JSON_ERRORS`); read before the other
    options (eager), so that an error in them is JSON too."""
    return click.option("--json", "as_json", is_flag=True, help="Print the answer as JSON.", is_eager=True,
                        callback=lambda ctx, _p, value: ctx.meta.update({JSON_ERRORS: value}) or value)(f)


def kb_json(f: Callable) -> Callable:
    """The options every command has: ``--kb DIR`` and ``--json``."""
    f = json_option(f)
    return click.option("--kb", "kb_dir", type=KbFolder(), default=None,
                        help="Knowledge-base folder (sources/manifest.yaml + fragments). "
                             "Default: the bundled rulebook.")(f)


def lang_option(f: Callable) -> Callable:
    """``why --lang``: the language of the sentences, and of a refusal (:data:`REFUSAL_PACK`) — read
    before the other options (eager), so that a refusal of one of them (``--kb``) is worded in it."""
    def chosen(ctx: click.Context, _param: Any, lang: str) -> str:
        from .kb import KnowledgeBase

        ctx.meta[REFUSAL_PACK] = lang != "en" and (lambda: KnowledgeBase.words_of(lang))
        return lang
    return click.option("--lang", type=click.Choice(["ru", "en"]), default="ru", show_default=True, is_eager=True,
                        callback=chosen, help="Language of the steps' sentences (rule text is quoted in Russian "
                                              "either way).")(f)


def words_argument(name: str) -> Callable:
    """The argument ``name`` of ``show``, ``search`` and ``card``: every word left on the command
    line, joined by spaces into one query (``show Правило топора`` is ``show 'Правило топора'``)."""
    return click.argument(name, nargs=-1, required=True, callback=lambda _ctx, _param, words: " ".join(words))


def progress_bar(label: str, as_json: bool) -> Callable[[int], Any] | None:
    """A progress bar on standard error (``label``, of a given length) when it is a terminal and
    the answer is not JSON, else ``None``."""
    if stderr_is_terminal() and not as_json:
        return lambda total: click.progressbar(length=total, label=label, file=sys.stderr)
    return None


def out(text: str, err: bool = False) -> None:
    """Print ``text`` (it ends in a newline) on standard output, or standard error, without any
    control sequence it holds (:func:`~berserk_kb.render.for_terminal`)."""
    click.echo(for_terminal(text), nl=False, err=err)


def refuse(*conflicts: tuple[Any, ...]) -> None:
    """Raise :class:`InputError` with the message of the first ``(wrong, message)`` pair that is
    wrong; ``(wrong, message, kind, values)`` gives it the refusal ``kind`` too, worded in ``--lang``
    by the pack (``lang/<lang>_words.pl``)."""
    for wrong, message, *said in conflicts:
        if wrong:
            raise InputError(message, refusal={"kind": said[0], "values": said[1]} if said else None)
