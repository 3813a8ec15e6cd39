"""The ``berserk-kb`` command line: options → :class:`~berserk_kb.kb.KnowledgeBase` → :mod:`.render`.

Errors a user can cause print one line on stderr (``berserk-kb: error: …``) and exit with status 2.
"""

from __future__ import annotations

# ruff: noqa: I001 - cli_frame is imported first: it starts Prolog before the rest is imported
from .cli_frame import GivenPath, Main, Seconds, json_option, kb_json, lang_option, out, progress_bar, words_argument
from .cli_answers import sparql_answer, why_answer

import sys
from pathlib import Path

import click

from .kb import KnowledgeBase
from .render import cards as card_text, diff as diff_text, imports, paragraphs, reports, sparql as sparql_text
from .render.json_text import as_data, to_json
from .web.commands import serve, site


@click.group(cls=Main, commands=[serve, site], context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="berserk-kb", prog_name="berserk-kb")
def main() -> None:
    """A rule knowledge base for the comprehensive rules of «Берсерк».

    Look up paragraphs, follow cross-references, search and export the rulebook (the bundled one,
    or another laid out the same way with --kb DIR).
    """


@main.command(short_help="A paragraph: its text, parts, references and source.")
@words_argument("number")
@click.option("--edition", "-e", default=None, help="Edition id (e.g. A or B). Default: every edition that has NUMBER.")
@kb_json
def show(number: str, edition: str | None, kb_dir: Path | None, as_json: bool) -> None:
    """Show paragraph NUMBER: text, parent, children, list items, examples, references out and in,
    and where it stands in the source. NUMBER may also be a paragraph id (A:правило-топора) or a
    heading («Правило топора»).

    Example: berserk-kb show 519.3 --edition A
    """
    views = (kb := KnowledgeBase(kb_dir)).show(number, edition)
    titles, asked = {e.id: e.title for e in kb.rulebook.editions}, kb.plain_target(number)  # «518.3 д)»
    out(to_json(as_data(views)) if as_json else paragraphs.paragraph_views(views, titles, asked))


@main.command(short_help="What a paragraph cites and what cites it.")
@click.argument("number")
@click.option("--edition", "-e", default=None, help="Edition id. Default: every edition that has NUMBER.")
@click.option("--direction", "-d", type=click.Choice(["in", "out", "both"]), default="both", show_default=True,
              help="out: what NUMBER cites; in: what cites NUMBER.")
@click.option("--depth", type=click.IntRange(1, 50), default=1, show_default=True,
              help="How many steps of references to follow.")
@kb_json
def refs(number: str, edition: str | None, direction: str, depth: int, kb_dir: Path | None, as_json: bool) -> None:
    """Cross-references of paragraph NUMBER (or id, or heading): what it cites (resolved or not)
    and what cites it.

    Example: berserk-kb refs 519.2 --edition B --direction in
    """
    trees = KnowledgeBase(kb_dir).refs(number, edition, direction, depth)  # type: ignore[arg-type]
    out(to_json(as_data(trees)) if as_json else paragraphs.ref_trees(trees, direction))


@main.command(short_help="Find words (any form) or a paragraph number in the text.")
@words_argument("text")
@click.option("--edition", "-e", default=None, help="Only this edition.")
@click.option("--limit", type=click.IntRange(1, 10_000), default=20, show_default=True, help="At most this many hits.")
@kb_json
def search(text: str, edition: str | None, limit: int, kb_dir: Path | None, as_json: bool) -> None:
    """Find the words of TEXT in paragraphs, list items and examples, in any grammatical form
    («регенерация» finds «Регенерации»), best matches first; a paragraph number (518.4, «п. 518.4»)
    finds that paragraph and the units citing it. --json gives each match as start/end offsets in
    the unit's text.

    Example: berserk-kb search "переворот кубика"
    """
    found = KnowledgeBase(kb_dir).search(text, edition, limit=limit)
    out(to_json({"query": text, "total": found.total, "hits": as_data(found.hits),
                 "did_you_mean": list(found.did_you_mean),
                 "unknown_numbers": [{"number": n, "did_you_mean": list(m)} for n, m in found.unknown]}) if as_json
        else paragraphs.search_hits(found))


@main.group(cls=click.Group)
def cards() -> None:
    """The card database of the KB: `berserk-kb cards import PATH`."""


@cards.command("import", short_help="Import the community card database at PATH.")
@click.argument("path", type=GivenPath())
@click.option("--allow-empty", is_flag=True,
              help="Accept a database with no card that can be imported: it clears the earlier import "
                   "(without this flag such a database is an error and the earlier import is kept).")
@kb_json
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
    summary = KnowledgeBase(kb_dir).import_cards(path, progress_bar("importing cards", as_json),
                                                 allow_empty=allow_empty)
    out(to_json(summary.to_json()) if as_json else card_text.import_summary(summary))


@main.command("import", short_help="Import a published rulebook (.docx, .html, .md, .rst, .txt).")
@click.argument("files", nargs=-1, required=True, type=GivenPath())
@click.option("-o", "--output", "--kb", "out_dir", required=True, type=GivenPath(),
              help="The folder to write.")
@click.option("--edition", "-e", default=None, help="Edition id (e.g. H15); default: imported, never a bundled one's.")
@click.option("--title", default=None, help="Title of the edition (default: the file's name).")
@click.option("--force", is_flag=True, help="Replace the edition if DIR has it, or write into a non-rulebook folder.")
@json_option
def import_cmd(files: tuple[Path, ...], out_dir: Path, edition: str | None, title: str | None, force: bool,
               as_json: bool) -> None:
    """Import published rulebook FILES (.docx, .html/.htm, .md, .rst, .txt) as one edition of the
    folder DIR: numbering the document only shows (Word auto-numbering, HTML <ol>) is written out,
    the marker as shown kept in DIR/sources/origins/. Another --edition adds an edition to DIR.

    Example: berserk-kb import rules.docx -o my-kb --edition H15; berserk-kb show 101.1 --kb my-kb
    """
    done = KnowledgeBase.import_rulebook(list(files), out_dir, edition, title, force,
                                         progress_bar("reading files", as_json))
    out(to_json(done.to_json()) if as_json else imports.rulebook_import(done))


@main.command(short_help="A card: its facts and where the rulebook mentions it.")
@words_argument("name")
@kb_json
def card(name: str, kb_dir: Path | None, as_json: bool) -> None:
    """The card NAME (any case, ё or е, any grammatical form): its facts from the imported card
    database and kb/cards.yaml, and the paragraphs and examples that mention it.

    Example: berserk-kb card Вайла
    """
    kb = KnowledgeBase(kb_dir)
    views = kb.cards_named(name)
    out(to_json(as_data(views)) if as_json else card_text.card_views(views, bool(kb.db_cards)))


@main.command(short_help="Mentions of cards and features, and the link rate.")
@kb_json
def links(kb_dir: Path | None, as_json: bool) -> None:
    """Mentions of cards and features in the rulebook, linked whatever their grammatical form; the
    names the KB does not know; the link rate.

    Example: berserk-kb links --json
    """
    kb = KnowledgeBase(kb_dir)
    found = kb.links if any(kb.lexicon_names()) else None  # None: no card or feature list to link to
    out(to_json(card_text.links_data(found, kb.kb_dir)) if as_json else card_text.links(found, kb.kb_dir))


@main.command("check", short_help="Check the rulebook as a meticulous editor would.")
@click.option("--edition", "-e", default=None, help="Only this edition.")
@click.option("--fail-on", type=click.Choice(["error", "warning", "info"]), default="error", show_default=True,
              help="Exit with status 1 when a finding is at least this severe.")
@click.option("--only", multiple=True, help="Run only this check (code such as S002, or name); repeatable.")
@click.option("--list", "list_checks", is_flag=True, help="List the checks: what each looks for and why.")
@click.option("--write-scenarios", type=GivenPath(file_okay=False), default=None,
              help="Write the scenario file of every clause conflict (M003) into this folder.")
@kb_json
def check_cmd(edition: str | None, fail_on: str, only: tuple[str, ...], list_checks: bool,
              write_scenarios: Path | None, kb_dir: Path | None, as_json: bool) -> None:
    """Read the rulebook the way a meticulous editor would: structure, language, meaning, graph.
    Every finding has a code, a severity, where it stands and a stable id; ids listed in
    <kb>/accepted-findings.yaml are left out.

    Example: berserk-kb check --fail-on warning
    """
    if list_checks:
        checks = KnowledgeBase.checks()
        out(to_json(reports.check_rows(checks)) if as_json else reports.check_list(checks))
        return
    KnowledgeBase.checks(only)  # an unknown check is an error before any work
    run = KnowledgeBase(kb_dir).check(edition, only, write_scenarios)
    if as_json:
        out(to_json(reports.findings_data(run)))
    else:
        out(reports.findings(run))
        out(reports.findings_summary(run), err=True)
    worst = reports.SEVERITIES.index(fail_on)
    if any(reports.SEVERITIES.index(f.severity) <= worst for f in run.findings):
        sys.exit(1)


@main.command("diff", short_help="What changed from one edition to another.")
@click.argument("old")
@click.argument("new")
@kb_json
def diff_cmd(old: str, new: str, kb_dir: Path | None, as_json: bool) -> None:
    """What changed from edition OLD to edition NEW: paragraphs and examples aligned by content,
    renumbered ones (old → new number), changed ones (a word-level diff of the Russian text) and
    whether their computed behaviour differs on the scenario suite, added and removed ones.

    Example: berserk-kb diff A B
    """
    d = KnowledgeBase(kb_dir).diff(old, new)
    out(to_json(d) if as_json else diff_text.diff_text(d))


@main.command(short_help="Export the rulebook graph as Turtle or JSON-LD.")
@click.option("--format", "-f", "fmt", type=click.Choice(["turtle", "json-ld"]), default="turtle", show_default=True,
              help="Serialization of the graph.")
@click.option("-o", "--output", default=None,
              help="Write to this regular file (atomically; '-' is standard output) instead of standard output.")
@kb_json
def export(fmt: str, output: str | None, kb_dir: Path | None, as_json: bool) -> None:
    """Export the rulebook graph as Turtle or JSON-LD.

    Example: berserk-kb export --format json-ld -o rulebook.jsonld
    """
    path = None if output is None else KnowledgeBase.output_path(output)
    done = KnowledgeBase(kb_dir).export(fmt, path)
    if as_json:
        out(to_json(sparql_text.export_data(done)))
    elif path is None:
        out(done.data)
    else:
        out(sparql_text.export_note(done), err=True)


@main.command(short_help="Compute a game situation (a scenario) and show why.")
@click.argument("file", type=GivenPath())
@click.option("--edition", "-e", "editions", multiple=True,
              help="Compute under this edition instead of the file's; give two (-e A -e B) to compare.")
@lang_option
@click.option("--format", "-f", "fmt", type=click.Choice(["text", "json", "turtle"]), default="text", show_default=True,
              help="text: sentences with the quoted rules; json: the machine form; turtle: PROV.")
@click.option("--brief", is_flag=True, help="Show only the steps that decide each result.")
@click.option("--expect", multiple=True, metavar="PATH=VALUE",
              help="Why not VALUE? (events[0].value=3): the step where the computation departs from it, and its "
                   "paragraph.")
@click.option("--set", "changes", multiple=True, metavar="PATH=VALUE",
              help="What if? (events[0].die_roll.roll=5): run again with the field changed; show what changes.")
@kb_json
def why(file: Path, editions: tuple[str, ...], lang: str, fmt: str, brief: bool, expect: tuple[str, ...],
        changes: tuple[str, ...], kb_dir: Path | None, as_json: bool) -> None:
    """Compute the game situation in FILE (a scenario, YAML or JSON; - reads it from standard input)
    and show why: every step with the paragraph (number, edition) whose clause produced it, quoted.

    Example: berserk-kb why kb/examples/A-519.3-ex1-gnome-basaarg.yaml --lang en
    """
    out(why_answer(KnowledgeBase(kb_dir), file, editions, lang, fmt, brief, expect, changes, as_json))


@main.command(short_help="Run the worked examples (ПРИМЕР) that have a scenario.")
@kb_json
def examples(kb_dir: Path | None, as_json: bool) -> None:
    """Run every worked example (ПРИМЕР) that has a scenario file in <kb>/examples: its paragraph,
    the outcome the rulebook states, the computed outcome, pass or fail. Exit status 1 on a failure.

    Example: berserk-kb examples --json
    """
    outcomes = KnowledgeBase(kb_dir).examples()
    if as_json:
        out(to_json(as_data(outcomes)))
    else:
        out(reports.example_outcomes(outcomes))
        out(reports.examples_summary(outcomes), err=True)
    if not all(o.passed for o in outcomes):
        sys.exit(1)


@main.command(short_help="Run a read-only SPARQL query over the rulebook graph.")
@click.argument("query")
@click.option("--timeout", type=Seconds(600), default=10.0, show_default=True,
              help="Give up after this many seconds.")
@click.option("--memory", type=click.IntRange(16, 1 << 20), default=1024, show_default=True, metavar="MB",
              help="Give up when the query needs more than this many MB beyond the loaded graph.")
@kb_json
def sparql(query: str, timeout: float, memory: int, kb_dir: Path | None, as_json: bool) -> None:
    """Run a read-only SPARQL QUERY (or @FILE; @- reads it from standard input) over the rulebook graph.

    Predeclared prefixes: bkb: id: dcterms: skos: prov: rdf: rdfs: xsd:. SERVICE and FROM are
    refused; a query is at most 64 KB and runs for at most --timeout seconds and --memory MB.

    \b
    Example:
      berserk-kb sparql 'SELECT ?n WHERE { ?p skos:notation ?n ; bkb:edition id:B }'
    """
    if query.startswith("@"):
        query = KnowledgeBase.read_query(query[1:])
    sparql_answer(kb_dir, query, timeout, memory, as_json)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
