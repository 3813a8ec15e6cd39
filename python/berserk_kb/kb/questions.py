"""The questions a :class:`~berserk_kb.kb.KnowledgeBase` answers about game situations, the
rulebook's consistency and its graph: why (and why not, what if), compare, examples, check, diff,
export, SPARQL. A mixin of the facade: each method hands the knowledge base (as a
:class:`~berserk_kb.explain.book.Book`) to the layer that does the work.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, cast

if TYPE_CHECKING:
    import pyoxigraph
    import rdflib

    from ..checks import Check, CheckRun
    from ..diff import EditionDiff
    from ..explain.book import Book
    from ..explain.examples import ExampleOutcome
    from ..explain.results import Comparison, WhatIf, WhyNot, WhyResult
    from ..graph.export import Export


class Questions:
    """Why, compare, examples, check, diff, export and SPARQL over the knowledge base it is mixed into."""

    def _book(self) -> Book:
        return cast("Book", self)

    # -- why, compare, examples ------------------------------------------------------------------------

    def why(self, scenario: dict | Path | str, edition: str | None = None) -> WhyResult:
        """Compute a scenario (file path or data, contract v2) and justify every result
        (see :func:`berserk_kb.explain.run.run`).

        Raises:
            ScenarioError: malformed scenario, unknown card or edition, a mechanic the edition does
                not contain (the message names the file and field path).
        """
        from ..explain.run import run

        return run(self._book(), scenario, edition)

    def why_batch(self, scenarios: list[dict], edition: str | None = None) -> list[WhyResult]:
        """Compute many scenarios (data) with one call into Prolog (see :func:`berserk_kb.explain.run.run_batch`).
        Raises ScenarioError: a scenario cannot be computed (the field path starts with ``scenarios[i]``)."""
        from ..explain.run import run_batch

        return run_batch(self._book(), scenarios, edition)

    def why_not(self, scenario: dict | Path | str, expect: str, edition: str | None = None, lang: str = "ru") -> WhyNot:
        """Why not ``expect`` (``events[0].value=3``): the first step where the computation departs from
        it, the paragraphs that decide that step, and the answer in words in ``lang`` (``because``; see
        :mod:`berserk_kb.explain.whynot`). Raises InputError (a malformed ``expect``) and ScenarioError
        (as :meth:`why`)."""
        from ..explain.whynot import why_not

        return why_not(self._book(), scenario, expect, edition, lang)

    def what_if(self, scenario: dict | Path | str, changes: list[str], edition: str | None = None) -> WhatIf:
        """The scenario computed as it is and with ``changes`` (``PATH=VALUE`` each) made: the results and
        steps that change (see :mod:`berserk_kb.explain.whatif`). Raises InputError, ScenarioError."""
        from ..explain.whatif import what_if

        return what_if(self._book(), scenario, changes, edition)

    def compare(self, scenario: dict | Path | str, editions: list[str]) -> Comparison:
        """The scenario file under each of ``editions``, event by event (see
        :func:`berserk_kb.explain.compare.compare`).

        Raises:
            ScenarioError: as :meth:`why`, except an event one edition cannot compute (in ``errors``).
        """
        from ..explain.compare import compare

        return compare(self._book(), scenario, editions)

    def parse_scenario(self, text: str, where: str = "scenario") -> dict[str, Any]:
        """The scenario in ``text`` (YAML or JSON) as written, once checked (:func:`~.scenario.load.parse_scenario`)."""
        from ..scenario.load import parse_scenario

        return parse_scenario(text, where, self._book().kb_cards, self._book().lexicon_names()[1])

    @cached_property
    def encoded_editions(self) -> list[str]:
        """The editions whose mechanics the engine encodes (``scenario:mechanics_editions/1``), asked
        of Prolog once per knowledge base: the same for the whole process. Raises PrologQueryError."""
        from ..engine.runner import mechanics_editions

        return mechanics_editions()

    @cached_property
    def absent_units(self) -> dict[str, list[str]]:
        """For each encoded edition (:attr:`encoded_editions`), the unit ids its data names as stating
        a rule (``editions:data_units/2``) that this rulebook's text lacks, in order — empty in a
        complete rulebook; the engine refuses those rules (``editions:absent_in_text/1``). Asked of
        Prolog once per knowledge base. Raises PrologQueryError."""
        from ..engine.runner import data_units

        units = self._book().citations.units
        return {ed: [u for u in data_units(ed) if u not in units] for ed in self.encoded_editions}

    def language_pack(self, lang: str) -> dict[str, Any]:
        """The labels and sentence templates of ``lang`` (``ru``, ``en``) of every step and event kind
        (``prolog/lang/``; shape in :mod:`berserk_kb.explain.sentences`), asked of Prolog once per
        language and code loaded (treat it as read-only). Raises PrologQueryError."""
        from ..engine.runner import language_pack

        return language_pack(lang)

    def examples(self) -> list[ExampleOutcome]:
        """Every worked example: its scenario file's stated and computed outcomes (see
        :func:`berserk_kb.explain.examples.run_examples`)."""
        from ..explain.examples import run_examples

        return run_examples(self._book())

    # -- check, diff -------------------------------------------------------------------------------------

    @staticmethod
    def checks(only: list[str] | tuple[str, ...] | None = None) -> list[Check]:
        """The checks ``check`` runs (those ``only`` names, by code or name), by code.

        Raises:
            InputError: ``only`` names a check that does not exist.
        """
        from ..checks import all_checks

        return all_checks(only)

    def check(self, edition: str | None = None, only: list[str] | tuple[str, ...] | None = None,
              write_scenarios: Path | None = None) -> CheckRun:
        """Run the checks over this rulebook (see :func:`berserk_kb.checks.run_checks`); with
        ``write_scenarios``, write there the scenario file of every clause conflict (M003).

        Raises:
            NotFoundError: unknown edition.
            InputError: an unknown check, a malformed ``accepted-findings.yaml``, a folder that
                cannot be written.
        """
        from ..checks import run_checks
        from ..errors import InputError
        from ..store.files import write_atomically
        from ..text.formats.staging import signals_raise

        self.checks(only)
        if write_scenarios is not None:  # before the work: a folder that cannot be is said at once
            try:
                write_scenarios.mkdir(parents=True, exist_ok=True)
            except OSError as exc:  # a file, a FIFO or a link loop there, a read-only parent
                what = "exists and is not a folder" if isinstance(exc, FileExistsError) else exc.strerror or exc
                raise InputError(f"{write_scenarios}: cannot write scenarios there: {what}",
                                 path=write_scenarios) from None
        run = run_checks(self._book(), edition, list(only) if only else None)
        if write_scenarios is not None:
            with signals_raise():  # SIGTERM or SIGHUP mid-write removes the temporary, as Ctrl-C does
                for f in run.findings:
                    if f.detail and "scenario" in f.detail:
                        write_atomically(write_scenarios / f"{f.id}.yaml", f.detail["scenario"])
        return run

    def diff(self, old: str, new: str) -> EditionDiff:
        """What changed from edition ``old`` to ``new`` (see :func:`berserk_kb.diff.diff_editions`).

        Raises:
            NotFoundError: an unknown edition.
            InputError: the same edition twice.
        """
        from ..diff import diff_editions

        return diff_editions(self._book(), old, new)

    # -- the graph -------------------------------------------------------------------------------

    @cached_property
    def graph(self) -> rdflib.Graph:
        """The rulebook as an RDF graph (treat it as read-only); see :mod:`berserk_kb.graph.build`."""
        from ..graph.build import build_graph

        return build_graph(self._book().rulebook)

    @cached_property
    def full_graph(self) -> rdflib.Graph:
        """:attr:`graph` plus the cards the KB knows and every mention of a card or feature in
        the text (the web server's SPARQL uses it; treat it as read-only)."""
        from ..graph.build import add_cards_and_mentions, build_graph

        # built afresh rather than copied from :attr:`graph`: one graph in memory, not two
        return add_cards_and_mentions(build_graph(self._book().rulebook), self._book().db_cards, self._book().kb_cards,
                                      self._book().links)

    @cached_property
    def graph_store(self) -> pyoxigraph.Store:
        """:attr:`full_graph` in an in-memory Oxigraph store, kept in the cache by the digest of what
        it is derived from (export and SPARQL use it; treat it as read-only); see :mod:`berserk_kb.graph.store`."""
        from ..graph.store import open_store, store_path

        book = self._book()

        def triples():  # built only when the cache does not hold the graph (export then needs no rdflib)
            from ..graph.build import card_triples, rulebook_triples

            yield from rulebook_triples(book.rulebook)
            yield from card_triples(book.db_cards, book.kb_cards, book.links)

        return open_store(store_path(book.rulebook, book.kb_dir), triples)

    @property
    def graph_entry(self) -> Path:
        """Where the cache keeps :attr:`graph_store` (read in, and so written, first): what a
        server's query process reads (:mod:`berserk_kb.web.queries`)."""
        from ..graph.store import store_path

        self.graph_store  # noqa: B018 - written to the cache when it is not there
        return store_path(self._book().rulebook, self._book().kb_dir)

    def export(self, fmt: str = "turtle", output: Path | None = None) -> Export:
        """The full graph as ``turtle`` or ``json-ld``, written atomically to ``output`` when given.

        Raises:
            InputError: unknown format; ``output`` cannot be written.
        """
        from ..graph.export import Export, check_format, kept_export
        from ..graph.store import graph_key
        from ..store.entries import entry_path
        from ..store.files import write_atomically
        from ..text.formats.staging import signals_raise

        book = self._book()
        path = entry_path("export", graph_key(book.rulebook, book.kb_dir), check_format(fmt), suffix=".txt")
        text, triples = kept_export(path, lambda: self.graph_store, fmt)
        if output is not None:
            with signals_raise():  # SIGTERM or SIGHUP mid-write removes the temporary, as Ctrl-C does
                write_atomically(output, text)
        return Export(fmt, triples, str(output) if output is not None else None, text)

    def sparql(self, query: str, timeout: float = 10.0, engine: Literal["oxigraph", "rdflib"] = "oxigraph") -> Any:
        """Run a read-only SPARQL query over the full graph, for at most ``timeout`` seconds (the
        query is checked before the graph is read, and reading it is not the query's time).
        Returns an rdflib ``Result``.

        ``engine``: ``"oxigraph"`` (:attr:`graph_store`, :func:`berserk_kb.graph.store.query`),
        or ``"rdflib"`` (:attr:`full_graph`, :func:`berserk_kb.graph.sparql.sparql`), slower but
        stopped at its time limit wherever it is — a server's choice, since a query Oxigraph is
        working on cannot be stopped and finishes in the background. A query writing a literal
        Oxigraph would answer in another form («"01"^^xsd:integer» as «1») runs in rdflib, which
        answers it as written (:func:`berserk_kb.graph.store.answers_as_written`).

        Raises:
            QueryError: the query does not parse, is not allowed, fails, or runs out of time.
        """
        from ..graph.sparql import prepare_sparql, screen_sparql, sparql, time_limit

        if engine != "rdflib":
            from ..graph.store import answers_as_written
            from ..graph.store import query as query_store

            text = screen_sparql(query)
            if answers_as_written(text):
                return query_store(self.graph_store, text, timeout)
        from ..graph.store import integer_precision

        prepared = prepare_sparql(query)
        graph = self.full_graph
        with time_limit(timeout, "SPARQL query"), integer_precision(query):
            return sparql(graph, prepared)

    def sparql_bounded(self, query: str, timeout: float, memory_mb: int, answer: Callable[[Any], Any]) -> Any:
        """``answer(self.sparql(query, timeout))`` — ``answer`` makes the rdflib ``Result`` a
        JSON-able value — computed in a forked child capped at ``memory_mb`` MB beyond this process
        and killed after ``timeout`` seconds (:func:`berserk_kb.graph.child.bounded`). The graph the
        query runs on is loaded (or built and kept) here first, so that the child starts with it.

        Raises:
            QueryError: as :meth:`sparql`; the query ran past its time or memory.
        """
        from ..graph.child import bounded
        from ..graph.store import answers_as_written

        self.graph_store if answers_as_written(query) else self.full_graph  # loaded here: the child is a fork
        return bounded(lambda: answer(self.sparql(query, timeout)), memory_mb, timeout, "SPARQL query")

    @staticmethod
    def screen_query(query: str) -> str:
        """``query``, once the checks that need no graph let it through (its length; SERVICE,
        FROM, GRAPH; a query form): a command checks them before it starts the query's capped process.

        Raises:
            QueryError: as :meth:`sparql`.
        """
        from ..errors import QueryError
        from ..graph.sparql import prepare_sparql, screen_sparql
        from ..graph.store import answers_as_written, in_our_words

        try:
            text = screen_sparql(query)
            if not answers_as_written(text):  # run by rdflib: parsed by it before its graph is built
                prepare_sparql(text)
        except QueryError as exc:
            raise in_our_words(exc) from None
        return text

    @staticmethod
    def read_query(path: Path | str) -> str:
        """The SPARQL query in the file ``path`` (at most 64 KB of UTF-8; ``-``: standard input).

        Raises:
            InputError: no file name, missing, not a regular file, too large, unreadable or not
                UTF-8; standard input closed.
        """
        from ..errors import InputError
        from ..graph.sparql import MAX_QUERY_BYTES
        from ..text.readers import decode, read_text, stdin_bytes

        if not str(path):
            raise InputError("@: the query file's name is empty (@FILE reads FILE; @- standard input)")
        if str(path) == "-":
            raw = stdin_bytes().read(MAX_QUERY_BYTES + 1)
            if len(raw) > MAX_QUERY_BYTES:
                raise InputError(f"-: query is longer than {MAX_QUERY_BYTES // 1024} KB", path="-")
            return decode(raw, Path("-"))
        return read_text(Path(path), "query file", limit=MAX_QUERY_BYTES)
