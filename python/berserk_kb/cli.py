"""The ``berserk-kb`` command line: parses arguments, calls the library, formats the answer.

Errors a user can cause print one line on stderr (``berserk-kb: error: …``) and exit with status 2.
"""

from __future__ import annotations

import os
import sys

#: Commands that ask Prolog: the engine starts on a thread while Python imports the rest (SWI-Prolog
#: initialises and loads its bridge in C, with the GIL released).
_PROLOG_COMMANDS = {"show", "refs", "why", "examples", "card", "check", "diff"}


def _start_prolog_early(argv: list[str]) -> None:
    """Create the Prolog engine on a daemon thread, once, when the command ``argv`` (without the
    program name) asks Prolog and is not a request for help."""
    import threading

    if _STARTED or not argv or argv[0] not in _PROLOG_COMMANDS or {"-h", "--help"} & set(argv):
        return
    _STARTED.append(True)

    def start() -> None:
        try:
            from .prolog import engine

            engine()
        except Exception:  # noqa: BLE001 - the command itself starts it again and reports the error
            pass

    threading.Thread(target=start, name="prolog-start", daemon=True).start()


_STARTED: list[bool] = []

if os.path.basename(sys.argv[0]) == "berserk-kb":
    _start_prolog_early(sys.argv[1:])  # as early as possible: before the rest of the CLI is imported


import dataclasses  # noqa: E402
import json  # noqa: E402
import textwrap  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any, Callable  # noqa: E402

import click  # noqa: E402

from .errors import BerserkError, InputError  # noqa: E402
from .paths import write_atomically as _write_atomically  # noqa: E402

EXIT_USAGE = 2
EXIT_INTERNAL = 70


def _one_line(text: str) -> str:
    return " ".join(str(text).split())


class _Main(click.Group):
    """The command group: every error ends as one line on stderr and a non-zero exit status —
    library errors and usage errors with status 2, a bug with status 70 — never a traceback."""

    def main(self, args: Any = None, prog_name: str | None = None, complete_var: str | None = None,
             standalone_mode: bool = True, **extra: Any) -> Any:
        argv = list(sys.argv[1:] if args is None else args)
        _start_prolog_early(argv)  # already running when the console script imported this module
        for a in argv:
            if isinstance(a, str) and any(0xD800 <= ord(ch) <= 0xDFFF for ch in a):
                click.echo(f"berserk-kb: error: argument {_one_line(ascii(a))[:60]} is not valid UTF-8", err=True)
                sys.exit(EXIT_USAGE)
            if isinstance(a, str) and "\x00" in a:
                click.echo(f"berserk-kb: error: argument {_one_line(ascii(a))[:60]} contains a NUL character", err=True)
                sys.exit(EXIT_USAGE)
        try:
            rv = super().main(argv, prog_name, complete_var, standalone_mode=False, **extra)
        except click.exceptions.Exit as exc:
            sys.exit(exc.exit_code)
        except click.ClickException as exc:
            where = ""
            ctx = getattr(exc, "ctx", None)
            if ctx is not None and ctx.command is not self:
                where = f"{ctx.command.name}: "
                hint = f" (see berserk-kb {ctx.command.name} --help)"
            else:
                hint = " (see berserk-kb --help)"
            click.echo(f"berserk-kb: error: {where}{_one_line(exc.format_message())}{hint}", err=True)
            sys.exit(exc.exit_code if exc.exit_code else EXIT_USAGE)
        except click.Abort:
            click.echo("berserk-kb: aborted", err=True)
            sys.exit(1)
        except BrokenPipeError:
            _quiet_broken_pipe()
            sys.exit(0)
        sys.exit(rv if isinstance(rv, int) else 0)

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except BerserkError as exc:
            click.echo(f"berserk-kb: error: {_one_line(str(exc))}", err=True)
            ctx.exit(exc.exit_status)
        except (click.exceptions.Exit, click.exceptions.Abort, click.ClickException):
            raise
        except BrokenPipeError:  # the reader went away (`| head`): stop quietly
            _quiet_broken_pipe()
            ctx.exit(0)
        except KeyboardInterrupt:
            click.echo("berserk-kb: interrupted", err=True)
            ctx.exit(130)
        except Exception as exc:  # a bug: say so in one line; BERSERK_KB_DEBUG=1 shows the traceback
            if os.environ.get("BERSERK_KB_DEBUG"):
                raise
            click.echo(
                f"berserk-kb: internal error: {type(exc).__name__}: {_one_line(str(exc))[:300]} "
                "(set BERSERK_KB_DEBUG=1 for details)",
                err=True,
            )
            ctx.exit(EXIT_INTERNAL)


def _quiet_broken_pipe() -> None:
    """Point stdout at /dev/null so that Python's final flush does not complain again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def _kb_option(f: Callable) -> Callable:
    return click.option(
        "--kb", "kb_dir", type=click.Path(file_okay=False, path_type=Path), default=None,
        help="Knowledge-base folder (sources/manifest.yaml + fragments). Default: the bundled rulebook.",
    )(f)


def _json_option(f: Callable) -> Callable:
    return click.option("--json", "as_json", is_flag=True, help="Print the answer as JSON.")(f)


def _open(kb_dir: Path | None):
    from .kb import KnowledgeBase

    return KnowledgeBase(kb_dir)


def _echo_json(data: Any) -> None:
    def plain(x: Any) -> Any:
        if dataclasses.is_dataclass(x) and not isinstance(x, type):
            return dataclasses.asdict(x)
        raise TypeError(type(x).__name__)

    click.echo(json.dumps(data, ensure_ascii=False, indent=2, default=plain))


def _wrap(text: str, indent: str) -> str:
    width = max(40, min(110, _terminal_width()))
    return textwrap.fill(text, width=width, initial_indent=indent, subsequent_indent=indent)


def _terminal_width() -> int:
    try:
        return os.get_terminal_size().columns
    except OSError:
        return 100


@click.group(cls=_Main, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="berserk-kb", prog_name="berserk-kb")
def main() -> None:
    """A rule knowledge base for the comprehensive rules of «Берсерк».

    Look up paragraphs, follow cross-references, search and export the rulebook (the bundled one,
    or another laid out the same way with --kb DIR).
    """


# --- show -------------------------------------------------------------------------------------------


@main.command()
@click.argument("number")
@click.option("--edition", "-e", default=None, help="Edition id (e.g. A or B). Default: every edition that has NUMBER.")
@_kb_option
@_json_option
def show(number: str, edition: str | None, kb_dir: Path | None, as_json: bool) -> None:
    """Show paragraph NUMBER: text, parent, children, list items, examples, references out and in,
    and where it stands in the source. NUMBER may also be a paragraph id (A:правило-топора) or a
    heading («Правило топора»).

    Example: berserk-kb show 519.3 --edition A
    """
    kb = _open(kb_dir)
    views = kb.show(number, edition)
    if as_json:
        _echo_json([dataclasses.asdict(v) for v in views])
        return
    titles = {e.id: e.title for e in kb.rulebook.editions}
    for n, v in enumerate(views):
        if n:
            click.echo()
        _print_paragraph(v, titles.get(v.edition, ""))


def _print_paragraph(v: Any, edition_title: str) -> None:
    name = v.number or (f"«{v.title}»" if v.title else v.id)
    head = f"{name} — edition {v.edition}" + (f" ({edition_title})" if edition_title else "")
    click.secho(head, bold=True)
    click.echo(f"  id: {v.id}    source: {v.source}")
    if v.parent:
        label = v.parent.number or v.parent.title or v.parent.id
        click.echo(f"  parent: {label} [{v.parent.id}]")
    click.echo(_wrap(v.text, "  "))
    for item in v.list_items:
        _print_item(item, "    ")
    for child in v.children:
        label = child.number or child.title
        click.echo(_wrap(f"{label + ': ' if label else ''}{child.text}", "  ") + f"  [{child.source}]")
    if v.examples:
        click.echo("  examples:")
        for x in v.examples:
            click.echo(_wrap(f"{x.label}: {x.text}", "    ") + f"  [{x.source}]")
    click.echo("  cites:" + ("" if v.cites else " nothing"))
    for c in v.cites:
        if c.target:
            click.echo(f"    {c.number}  «{c.raw}» → {c.target.id}  [{c.source}]")
        else:
            click.echo(f"    {c.number}  «{c.raw}» → unresolved (not in the loaded text of edition {v.edition})  [{c.source}]")
    click.echo("  cited by:" + ("" if v.cited_by else " nothing"))
    for c in v.cited_by:
        who = c.citing.number or c.citing.id if c.citing else c.unit
        click.echo(f"    {who}  «{c.raw}»  [{c.source}]")


def _print_item(item: Any, indent: str) -> None:
    click.echo(_wrap(f"{item.marker} {item.text}", indent))
    for sub in item.items:
        _print_item(sub, indent + "  ")


# --- refs -------------------------------------------------------------------------------------------


@main.command()
@click.argument("number")
@click.option("--edition", "-e", default=None, help="Edition id. Default: every edition that has NUMBER.")
@click.option("--direction", "-d", type=click.Choice(["in", "out", "both"]), default="both", show_default=True,
              help="out: what NUMBER cites; in: what cites NUMBER.")
@click.option("--depth", type=click.IntRange(1, 50), default=1, show_default=True,
              help="How many steps of references to follow.")
@_kb_option
@_json_option
def refs(number: str, edition: str | None, direction: str, depth: int, kb_dir: Path | None, as_json: bool) -> None:
    """Cross-references of paragraph NUMBER (or id, or heading): what it cites (resolved or not)
    and what cites it.

    Example: berserk-kb refs 519.2 --edition B --direction in
    """
    kb = _open(kb_dir)
    trees = kb.refs(number, edition, direction, depth)  # type: ignore[arg-type]
    if as_json:
        _echo_json([dataclasses.asdict(t) for t in trees])
        return
    for n, t in enumerate(trees):
        if n:
            click.echo()
        click.secho(f"{t.number or t.title or t.id} — edition {t.edition}  [{t.id}]", bold=True)
        if direction in ("out", "both"):
            click.echo("  cites:" + ("" if t.cites else " nothing"))
            _print_edges(t.cites, "    ", t.edition)
        if direction in ("in", "both"):
            click.echo("  cited by:" + ("" if t.cited_by else " nothing"))
            _print_edges(t.cited_by, "    ", t.edition)


def _print_edges(edges: Any, indent: str, edition: str) -> None:
    for e in edges:
        if hasattr(e, "citing"):
            who = (e.citing.number or e.citing.id) if e.citing else e.unit
            line = f"{indent}← {who}  «{e.raw}»  [{e.source}]"
        elif e.target is not None:
            line = f"{indent}→ {e.number}  «{e.raw}»  [{e.source}]"
        else:
            line = f"{indent}→ {e.number}  «{e.raw}»  unresolved: no {e.number} in the loaded text of edition {edition}  [{e.source}]"
        click.echo(line + ("  (already shown)" if e.seen else ""))
        _print_edges(e.next, indent + "  ", edition)


# --- search -----------------------------------------------------------------------------------------


@main.command()
@click.argument("text")
@click.option("--edition", "-e", default=None, help="Only this edition.")
@click.option("--limit", type=click.IntRange(1, 10_000), default=20, show_default=True, help="At most this many hits.")
@_kb_option
@_json_option
def search(text: str, edition: str | None, limit: int, kb_dir: Path | None, as_json: bool) -> None:
    """Find the words of TEXT in paragraphs, list items and examples, in any grammatical form
    («регенерация» finds «Регенерации»), best matches first.

    Example: berserk-kb search "переворот кубика"
    """
    kb = _open(kb_dir)
    hits = kb.search(text, edition)
    shown = hits[:limit]
    if as_json:
        _echo_json({"query": text, "total": len(hits), "hits": [dataclasses.asdict(h) for h in shown]})
        return
    click.echo(f"{len(hits)} match{'es' if len(hits) != 1 else ''}" + (f", showing {len(shown)}" if len(shown) < len(hits) else ""))
    for h in shown:
        where = f"{h.number} ({h.edition})" if h.number else f"[{h.paragraph or h.unit}] ({h.edition})"
        if h.of_words > 1:
            where += f"  {h.words} of {h.of_words} words"
        click.echo(f"  {where}  {h.kind}  {h.source}")
        click.echo(_wrap(h.snippet, "      "))


# --- cards ------------------------------------------------------------------------------------------


@main.group(cls=click.Group)
def cards() -> None:
    """The card database of the KB: `berserk-kb cards import PATH`."""


@cards.command("import")
@click.argument("path", type=click.Path(path_type=Path))
@click.option("--allow-empty", is_flag=True,
              help="Accept a database with no card that can be imported: it clears the earlier import "
                   "(without this flag such a database is an error and the earlier import is kept).")
@_kb_option
@_json_option
def cards_import(path: Path, allow_empty: bool, kb_dir: Path | None, as_json: bool) -> None:
    """Import the community card database at PATH (cards.json, or the folder holding cards.json
    and const.json) into the KB: stats, element, type, rarity, and ability text with its icon
    placeholders resolved to feature names. Importing again replaces the earlier import (also one
    that can no longer be read). Records that do not fit (schema, codes const.json does not know,
    names that are not text) are skipped and listed by id; whitespace around names is removed and
    noted. A database with no importable card is refused unless --allow-empty is given.

    \b
    Example:
      berserk-kb cards import ../shared/data/cards
    """
    from .carddb import import_cards

    kb = _open(kb_dir)
    bar = (lambda total: click.progressbar(length=total, label="importing cards", file=sys.stderr)) \
        if sys.stderr.isatty() and not as_json else None
    summary = import_cards(kb.kb_dir, path, bar, allow_empty=allow_empty)
    if as_json:
        _echo_json(summary.to_json())
        return
    click.echo(f"read {summary.read} cards from {summary.source}")
    click.echo(f"imported {summary.imported}" + (f" (replacing {summary.replaced} from the earlier import)" if summary.replaced else ""))
    if summary.replaced_unreadable:
        click.echo(f"the earlier import could not be read and was overwritten: {_one_line(summary.replaced_unreadable)}")
    click.echo(f"skipped {len(summary.skipped)}")
    for cid, reason in summary.skipped:
        click.echo(f"  {cid}: {reason}")
    for cid, note in summary.notes:
        click.echo(f"note: {cid}: {note}")
    if summary.unknown_placeholders:
        items = ", ".join(f"{{{k}}} ×{v}" for k, v in summary.unknown_placeholders.items())
        click.echo(f"placeholders const.json does not name (left as written): {items}")
    click.echo(f"written to {summary.output}")


@main.command("import")
@click.argument("sources", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("-o", "--output", "--kb", "out_dir", required=True, type=click.Path(path_type=Path),
              help="The rulebook folder to write (DIR/sources/manifest.yaml + fragments; then use --kb DIR).")
@click.option("--edition", "-e", default="A", show_default=True, help="Id of the edition these sources are.")
@click.option("--title", default=None, help="Title of the edition (default: the source's name).")
@click.option("--force", is_flag=True, help="Replace the edition if DIR has it; write into a folder that is not a rulebook folder.")
@_json_option
def import_cmd(sources: tuple[Path, ...], out_dir: Path, edition: str, title: str | None, force: bool,
               as_json: bool) -> None:
    """Import published rulebook files (.docx, .html/.htm, .md, .rst, .txt) as one edition of the
    rulebook folder DIR: numbering the document only shows (Word auto-numbering, HTML <ol>) is
    written out, with the marker as shown kept in DIR/sources/origins/. Run again with another
    --edition into the same DIR to add an edition.

    \b
    Example:
      berserk-kb import rules.docx -o my-kb --edition H15
      berserk-kb show 101.1 --kb my-kb
    """
    from .readers.importer import import_rulebook

    bar = (lambda total: click.progressbar(length=total, label="reading sources", file=sys.stderr)) \
        if sys.stderr.isatty() and not as_json else None
    summary = import_rulebook(list(sources), out_dir, edition, title, force, bar)
    if as_json:
        _echo_json(summary.to_json())
        return
    c = summary.counts
    click.echo(f"{'replaced' if summary.replaced else 'imported'} edition {summary.edition} into {summary.folder}: "
               f"{len(summary.fragments)} fragment{'s' if len(summary.fragments) != 1 else ''}, {summary.lines} lines")
    click.echo(f"  {c['numbered']} numbered paragraphs, {c['headings']} headings, {c['text']} plain paragraphs, "
               f"{c['list_items']} list items, {c['examples']} examples, {c['tables']} tables, "
               f"{c['contents']} table-of-contents lines")
    click.echo(f"  {c['references']} references: {c['resolved']} resolved, {c['external']} to other documents, "
               f"{c['references'] - c['resolved'] - c['external']} unresolved")
    click.echo(f"use it with: berserk-kb show NUMBER --kb {summary.folder}")


@main.command()
@click.argument("name")
@_kb_option
@_json_option
def card(name: str, kb_dir: Path | None, as_json: bool) -> None:
    """The card NAME (any case, ё or е, any grammatical form): its facts from the imported card
    database and kb/cards.yaml, and the paragraphs and examples that mention it.

    Example: berserk-kb card Вайла
    """
    kb = _open(kb_dir)
    views = kb.cards_named(name)
    if as_json:
        _echo_json([dataclasses.asdict(v) for v in views])
        return
    for n, v in enumerate(views):
        if n:
            click.echo()
        click.secho(v.name, bold=True)
        for c in v.database:  # a stat or name the card does not have is left out, not printed as None
            stats = ", ".join(f"{what} {value}" for what, value in (
                ("cost", c.cost), ("life", c.life), ("move", c.move),
                ("strike", "/".join(map(str, c.hit)) if c.hit else None)) if value is not None)
            kinds = "; ".join(x for x in (stats, ", ".join(c.elements), c.type, c.rarity, "elite" if c.elite else None) if x)
            click.echo(f"  {c.id} ({', '.join(x for x in (c.set_name, f'№{c.number}') if x)}): {kinds}")
            if c.text_resolved:
                click.echo(_wrap(c.text_resolved, "      "))
        if not v.database:
            click.echo("  not in the imported card database" if kb.db_cards else "  (no card database imported: berserk-kb cards import PATH)")
        if v.kb_facts:
            facts = {k: val for k, val in v.kb_facts.items() if k in ("hit", "features", "grants", "effects", "overrides")}
            if facts:
                click.echo(f"  kb/cards.yaml: {json.dumps(facts, ensure_ascii=False)}")
        click.echo(f"  mentioned {len(v.mentions)} time{'s' if len(v.mentions) != 1 else ''}:")
        for m in v.mentions:
            where = m.number or m.paragraph or m.unit
            unit = f" {m.unit}" if m.unit != where else ""
            click.echo(f"    {where} ({m.edition}) {m.kind}{unit} «{m.surface}»  [{m.fragment}:{m.line}:{m.offset + 1}]")


@main.command()
@_kb_option
@_json_option
def links(kb_dir: Path | None, as_json: bool) -> None:
    """Mentions of cards and features in the rulebook, linked whatever their grammatical form; the
    names the KB does not know; the link rate.

    Example: berserk-kb links --json
    """
    kb = _open(kb_dir)
    cards, features = kb.lexicon_names()
    if not cards and not features:
        note = (f"{kb.kb_dir} has no card or feature list (no imported card database, cards.yaml or "
                "features.yaml): there is nothing to link mentions to (berserk-kb cards import PATH --kb DIR)")
        if as_json:
            _echo_json({"rate": None, "linked": 0, "unknown": [], "not_in_database": [], "mentions": [], "note": note})
        else:
            click.echo(f"note: {note}")
        return
    ls = kb.links
    if as_json:
        _echo_json({"rate": ls.rate, "linked": len(ls.mentions), "unknown": [dataclasses.asdict(u) for u in ls.unknown],
                    "not_in_database": list(ls.not_in_database), "mentions": [dataclasses.asdict(m) for m in ls.mentions]})
        return
    from collections import Counter

    counts = Counter((m.kind, m.target) for m in ls.mentions)
    click.echo(f"{len(ls.mentions)} mentions linked, {len(ls.unknown)} names not known: link rate {ls.rate:.1%}")
    for (kind, target), n in counts.most_common():
        click.echo(f"  {kind:8} {target}  ×{n}")
    if ls.unknown:
        click.echo("names the KB does not know:")
        for u in ls.unknown:
            click.echo(f"  «{u.surface}»  {u.unit}  [{u.fragment}:{u.line}:{u.offset + 1}]")
    if ls.not_in_database:
        click.echo("cards known from kb/cards.yaml but not in the imported database: " + ", ".join(ls.not_in_database))


# --- check and diff ---------------------------------------------------------------------------------


@main.command("check")
@click.option("--edition", "-e", default=None, help="Only this edition.")
@click.option("--fail-on", type=click.Choice(["error", "warning", "info"]), default="error", show_default=True,
              help="Exit with status 1 when a finding is at least this severe.")
@click.option("--only", multiple=True, help="Run only this check (code such as S002, or name); repeatable.")
@click.option("--list", "list_checks", is_flag=True, help="List the checks: what each looks for and why.")
@click.option("--write-scenarios", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Write the scenario file of every clause conflict (M003) into this folder.")
@_kb_option
@_json_option
def check_cmd(edition: str | None, fail_on: str, only: tuple[str, ...], list_checks: bool,
              write_scenarios: Path | None, kb_dir: Path | None, as_json: bool) -> None:
    """Read the rulebook the way a meticulous editor would: structure, language, meaning, graph.
    Every finding has a code, a severity, where it stands and a stable id; ids listed in
    <kb>/accepted-findings.yaml are left out.

    Example: berserk-kb check --fail-on warning
    """
    from .checks import CHECKS, SEVERITIES, run_checks

    if list_checks:
        from . import checks
        from .checks import editorial, graph, language, meaning, structure  # noqa: F401 - register the checks

        rows = [{"code": c.code, "name": c.name, "severity": c.severity, "group": c.group, "what": c.what, "why": c.why}
                for c in sorted(checks.CHECKS, key=lambda c: c.code)]
        if as_json:
            _echo_json(rows)
        else:
            for r in rows:
                click.secho(f"{r['code']} {r['name']} ({r['group']}, up to {r['severity']})", bold=True)
                click.echo(_wrap(r["what"], "    "))
                click.echo(_wrap("Why: " + r["why"], "    "))
        return
    from .checks import editorial, graph, language, meaning, structure  # noqa: F401 - register the checks

    known = {c.code for c in CHECKS} | {c.name for c in CHECKS}
    if only and not set(only) <= known:
        raise InputError(f"unknown check {sorted(set(only) - known)[0]!r} (see berserk-kb check --list)")
    kb = _open(kb_dir)
    run = run_checks(kb, edition, list(only) or None)
    if write_scenarios is not None:
        write_scenarios.mkdir(parents=True, exist_ok=True)
        for f in run.findings:
            if f.detail and "scenario" in f.detail:
                _write_atomically(write_scenarios / f"{f.id}.yaml", f.detail["scenario"])
    if as_json:
        _echo_json({"counts": run.counts(), "accepted": run.accepted, "skipped": list(run.skipped),
                    "findings": [dataclasses.asdict(f) for f in run.findings]})
    else:
        for f in run.findings:
            where = f.source or "—"
            click.echo(f"{f.severity:7} {f.code} {f.check}  [{f.edition or 'A/B'}] {where}")
            click.echo(_wrap(f.message, "        "))
            if f.suggestion:
                click.echo(_wrap("→ " + f.suggestion, "        "))
            click.echo(f"        id: {f.id}")
        counts = run.counts()
        click.echo(", ".join(f"{counts[s]} {s}{'s' if counts[s] != 1 else ''}" for s in SEVERITIES)
                   + (f"; {run.accepted} accepted" if run.accepted else ""), err=True)
        for note in run.skipped:
            click.echo(f"skipped: {note}", err=True)
    worst = SEVERITIES.index(fail_on)
    if any(SEVERITIES.index(f.severity) <= worst for f in run.findings):
        sys.exit(1)


@main.command("diff")
@click.argument("old")
@click.argument("new")
@_kb_option
@_json_option
def diff_cmd(old: str, new: str, kb_dir: Path | None, as_json: bool) -> None:
    """What changed from edition OLD to edition NEW: paragraphs and examples aligned by content,
    renumbered ones (old → new number), changed ones (a word-level diff of the Russian text) and
    whether their computed behaviour differs on the scenario suite, added and removed ones.

    Example: berserk-kb diff A B
    """
    from .diff import diff_editions, render_text

    kb = _open(kb_dir)
    d = diff_editions(kb, old, new)
    if as_json:
        _echo_json(dataclasses.asdict(d))
        return
    lines = render_text(d, max(40, min(110, _terminal_width())))
    click.secho(lines[0], bold=True)
    click.echo("\n".join(lines[1:]))


# --- export -----------------------------------------------------------------------------------------


@main.command()
@click.option("--format", "-f", "fmt", type=click.Choice(["turtle", "json-ld"]), default="turtle", show_default=True,
              help="Serialization of the graph.")
@click.option("-o", "--output", default=None,
              help="Write to this regular file (atomically; '-' is standard output) instead of standard output.")
@_kb_option
@_json_option
def export(fmt: str, output: str | None, kb_dir: Path | None, as_json: bool) -> None:
    """Export the rulebook graph as Turtle or JSON-LD.

    Example: berserk-kb export --format json-ld -o rulebook.jsonld
    """
    from .graph import export as serialize

    output = None if output in (None, "-") else _output_path(output)
    kb = _open(kb_dir)
    graph = kb.full_graph
    text = serialize(graph, fmt)
    if output is None and not as_json:
        click.echo(text, nl=False)
        return
    if output is not None:
        _write_atomically(output, text)
    if as_json:
        summary: dict[str, Any] = {"format": fmt, "triples": len(graph), "file": str(output) if output else None}
        if output is None:
            summary["data"] = text
        _echo_json(summary)
    else:
        click.echo(f"wrote {len(graph)} triples as {fmt} to {output}", err=True)


def _output_path(name: str) -> Path:
    """Check an output file name before any work is done.

    Raises:
        InputError: empty, a folder, something other than a regular file, or in a missing folder.
    """
    if not name or not name.strip():
        raise InputError("output file name is empty (use -o FILE, or -o - for standard output)")
    if name.endswith(("/", "/.", "/..")) or name in (".", ".."):
        raise InputError(f"{name}: is a folder, not a file name")
    path = Path(name)
    if path.is_dir():
        raise InputError(f"{name}: is a folder, not a file name")
    if path.exists() and not path.is_file():
        raise InputError(f"{path}: exists and is not a regular file; refusing to replace it")
    if path.is_symlink():
        raise InputError(f"{path}: is a symbolic link; refusing to replace it")
    folder = path.parent
    if not folder.is_dir():
        raise InputError(f"{path}: folder {folder} does not exist")
    return path


# --- why ------------------------------------------------------------------------------------------


@main.command()
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--edition", "-e", "editions", multiple=True,
              help="Compute under this edition instead of the file's; give two (-e A -e B) to compare.")
@click.option("--lang", type=click.Choice(["ru", "en"]), default="ru", show_default=True,
              help="Language of the step labels (rule text is quoted in Russian either way).")
@click.option("--format", "-f", "fmt", type=click.Choice(["text", "json", "turtle"]), default="text", show_default=True)
@_kb_option
@_json_option
def why(file: Path, editions: tuple[str, ...], lang: str, fmt: str, kb_dir: Path | None, as_json: bool) -> None:
    """Compute the game situation in FILE (a scenario, YAML or JSON) and show why: every step with
    the paragraph (number, edition) whose clause produced it, quoted, with its examples and cards.

    Example: berserk-kb why kb/examples/A-519.3-ex1-gnome-basaarg.yaml --lang en
    """
    from . import why as w

    if len(set(editions)) != len(editions):
        raise InputError("an edition is given twice (compare two different editions: -e A -e B)")
    if as_json and fmt == "turtle":
        raise InputError("--json and --format turtle ask for two different outputs; give one")
    if len(editions) > 1 and fmt == "turtle":
        raise InputError("--format turtle is for one edition; a comparison is text or JSON")
    kb = _open(kb_dir)
    if len(editions) > 1:
        cmp = w.compare(kb, file, list(editions))
        if as_json or fmt == "json":
            _echo_json(dataclasses.asdict(cmp))
        else:
            _print_comparison(cmp)
        return
    result = w.run(kb, file, editions[0] if editions else None)
    if as_json or fmt == "json":
        _echo_json(result.to_json())
    elif fmt == "turtle":
        click.echo(w.render_turtle(result), nl=False)
    else:
        click.echo(w.render_text(result, lang, w.scenario_names(file)), nl=False)


def _print_comparison(cmp: Any) -> None:
    eds = cmp.editions
    click.echo("event".ljust(22) + "".join(f"edition {e}".ljust(34) for e in eds))
    for ev in cmp.events:
        cells = "".join(_one_line(json.dumps(ev.results[e], ensure_ascii=False))[:32].ljust(34) for e in eds)
        click.echo(f"{ev.index + 1}. {ev.kind}".ljust(22) + cells + ("" if ev.same else "  ← differs"))
        for e, cites in ev.deciding.items():
            if cites:
                click.echo(f"     deciding in {e}: " + "; ".join(f"{c.ref()} «{_one_line(c.text or '')[:60]}»" for c in cites))
    for e, msg in cmp.errors.items():
        click.echo(f"edition {e}: {msg}")


# --- examples ---------------------------------------------------------------------------------------


@main.command()
@_kb_option
@_json_option
def examples(kb_dir: Path | None, as_json: bool) -> None:
    """Run every worked example (ПРИМЕР) that has a scenario file in <kb>/examples: its paragraph,
    the outcome the rulebook states, the computed outcome, pass or fail. Exit status 1 on a failure.

    Example: berserk-kb examples --json
    """
    from .examples import run_examples

    kb = _open(kb_dir)
    outcomes = run_examples(kb)
    if as_json:
        _echo_json([dataclasses.asdict(o) for o in outcomes])
    else:
        for o in outcomes:
            mark = {"pass": "pass", "fail": "FAIL", "missing": "MISSING"}.get(o.status, o.status)
            where = Path(o.file).name if o.file else "—"
            click.echo(f"{mark}  {o.edition}  {o.paragraph or '?'}  {o.example or '?'}  {where}")
            if o.stated:
                click.echo(f"        stated:   {_outcome(o.stated)}")
                click.echo(f"        computed: {_outcome(o.computed)}")
            if o.status != "pass":
                for p in o.problems:
                    click.echo(f"        {p}")
        passed = sum(o.status == "pass" for o in outcomes)
        click.echo(f"{passed} of {len(outcomes)} pass", err=True)
    if not all(o.passed for o in outcomes):
        sys.exit(1)


def _outcome(o: dict[str, Any]) -> str:
    parts = [f"event {i}: {json.dumps(v, ensure_ascii=False)}" for i, v in (o.get("events") or {}).items()]
    parts += [f"{c}: {json.dumps(v, ensure_ascii=False)}" for c, v in (o.get("features") or {}).items()]
    return "; ".join(parts)


# --- sparql -----------------------------------------------------------------------------------------


@main.command()
@click.argument("query")
@click.option("--timeout", type=click.FloatRange(0.1, 3600), default=10.0, show_default=True,
              help="Give up after this many seconds.")
@_kb_option
@_json_option
def sparql(query: str, timeout: float, kb_dir: Path | None, as_json: bool) -> None:
    """Run a read-only SPARQL QUERY (or @FILE) over the rulebook graph.

    Predeclared prefixes: bkb: id: dcterms: skos: prov: rdf: rdfs: xsd:. SERVICE and FROM are
    refused; a query is at most 64 KB and runs for at most --timeout seconds.

    \b
    Example:
      berserk-kb sparql 'SELECT ?n WHERE { ?p skos:notation ?n ; bkb:edition id:B }'
    """
    from .graph import prepare_sparql
    from .graph import sparql as run_sparql

    if query.startswith("@"):
        query = _read_query_file(Path(query[1:]))
    prepared = prepare_sparql(query)  # a bad query fails before the graph is built
    graph = _open(kb_dir).full_graph  # building the graph is not the query's time
    with _time_limit(timeout, "SPARQL query"):
        result = run_sparql(graph, prepared)
    if result.type == "ASK":
        click.echo(json.dumps({"boolean": bool(result.askAnswer)}) if as_json else str(bool(result.askAnswer)).lower())
    elif result.type in ("CONSTRUCT", "DESCRIBE"):
        click.echo(result.graph.serialize(format="json-ld" if as_json else "turtle"), nl=False)
    elif as_json:
        click.echo(result.serialize(format="json").decode("utf-8"))
    else:
        names = [str(v) for v in result.vars]
        rows = [[_term(row[v]) for v in result.vars] for row in result]
        click.echo("\t".join(names))
        for r in rows:
            click.echo("\t".join(r))
        click.echo(f"({len(rows)} row{'s' if len(rows) != 1 else ''})", err=True)


def _term(t: Any) -> str:
    if t is None:
        return ""
    from .graph import PREFIXES

    s = str(t)
    for p, ns in PREFIXES.items():
        if s.startswith(str(ns)) and t.__class__.__name__ == "URIRef":
            return f"{p}:{s[len(str(ns)):]}"
    return " ".join(s.split())


def _read_query_file(path: Path) -> str:
    from .graph import MAX_QUERY_BYTES

    try:
        if not path.is_file():
            raise InputError(f"{path}: cannot read query file: not a regular file")
        with path.open("rb") as fh:
            raw = fh.read(MAX_QUERY_BYTES + 1)
    except OSError as exc:
        raise InputError(f"{path}: cannot read query file: {exc.strerror or exc}") from None
    if len(raw) > MAX_QUERY_BYTES:
        raise InputError(f"{path}: query file is larger than {MAX_QUERY_BYTES // 1024} KB")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise InputError(f"{path}:{line}: query file is not valid UTF-8") from None


class _TimeLimit(BaseException):  # not an Exception: library code must not swallow it
    pass


def _time_limit(seconds: float, what: str):
    """A context manager that stops the work after ``seconds`` (SIGALRM; main thread only) with an
    InputError naming ``what``."""
    import contextlib
    import signal
    import threading

    @contextlib.contextmanager
    def limit():
        if threading.current_thread() is not threading.main_thread() or not hasattr(signal, "setitimer"):
            yield
            return

        def expire(signum, frame):
            raise _TimeLimit()

        old = signal.signal(signal.SIGALRM, expire)
        signal.setitimer(signal.ITIMER_REAL, seconds)
        try:
            yield
        except _TimeLimit:
            raise InputError(f"{what} did not finish within {seconds:g} s (see --timeout)") from None
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, old)

    return limit()


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
