"""The knowledge base: one rulebook folder, and every question a command asks of it.

:class:`KnowledgeBase` is the facade: the command line calls only it, and it owns what it derives
(the parsed rulebook, the cards, the links, the graph, the Prolog modules, the citation index), each
derived on first use and kept for the life of the object.

>>> kb = KnowledgeBase()                      # the bundled rulebook
>>> [v.number for v in kb.show("519.3")]      # every edition that has 519.3
['519.3', '519.3']
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from ..errors import InputError, NotFoundError
from ..repository import bundled_kb
from .questions import Questions

if TYPE_CHECKING:  # the rest is imported on first use: the command line imports this module first
    from contextlib import AbstractContextManager

    from ..engine.lookup import Lookups
    from ..engine.views import CardView, ParagraphView, RefTree
    from ..explain.citations import CitationIndex
    from ..lexicon.carddb import ImportSummary
    from ..lexicon.cardfile import CardRecord
    from ..lexicon.linking import Links
    from ..lexicon.names import KnownNames
    from ..text.formats.importer import RulebookImport
    from ..text.model import Rulebook
    from ..text.search import SearchResults

Direction = Literal["in", "out", "both"]


class KnowledgeBase(Questions):
    """A rulebook laid out as ``<kb_dir>/sources/manifest.yaml`` + fragment files (default: the
    bundled one, ``$BERSERK_KB_DEFAULT`` or ``<repository>/kb``).

    Raises (on construction):
        InputError: the folder, manifest or a fragment is missing, unreadable or malformed.
    """

    def __init__(self, kb_dir: Path | str | None = None) -> None:
        from ..text.load import load_rulebook

        self.kb_dir = Path(kb_dir) if kb_dir is not None else bundled_kb()
        self.rulebook: Rulebook = load_rulebook(self.kb_dir)

    # -- what the user's words name -----------------------------------------------------------------

    def plain_target(self, target: str) -> str:
        """``target`` (a paragraph number, id or heading as typed) as :meth:`show` reads it: «518.3 д)»,
        the item as `why` cites it, is ``518.3д``; «А:518.3» (Cyrillic А) is ``A:518.3``."""
        from ..text.find import plain_target

        return plain_target(self.rulebook, target)

    def check_edition(self, edition: str | None) -> str | None:
        """Return ``edition`` if the rulebook has it (``None`` passes through).

        Raises:
            NotFoundError: no such edition (the message lists the known ones).
        """
        from ..text.find import check_edition

        return check_edition(self.rulebook, edition)

    def paragraph_ids(self, target: str, edition: str | None = None) -> list[str]:
        """The paragraphs ``target`` names (see :func:`berserk_kb.text.find.paragraph_ids`).

        Raises:
            InputError: ``target`` is not a number, id or heading.
            NotFoundError: unknown edition, or no such paragraph.
        """
        from ..text.find import paragraph_ids

        return paragraph_ids(self.rulebook, target, edition)

    # -- show, refs, search ---------------------------------------------------------------------------

    @cached_property
    def lookups(self) -> Lookups:
        """What Prolog answers about this rulebook (:class:`~berserk_kb.engine.lookup.Lookups`)."""
        from ..engine.lookup import Lookups

        return Lookups(self.rulebook,
                       lambda: [(ed, n, i.paragraph.id) for (ed, n), i in self._inferred_numbers.items()])

    @property
    def prolog_module(self) -> str:
        """The Prolog module holding this rulebook's facts (generated, cached, loaded on first use).

        Raises:
            PrologLoadError: the facts or the Prolog code did not load cleanly.
        """
        return self.lookups.module

    def show(self, target: str, edition: str | None = None) -> list[ParagraphView]:
        """Every paragraph ``target`` names (a number, an id or a heading; see :meth:`paragraph_ids`)
        in ``edition``, or in each edition that has it: one :class:`ParagraphView` each, in edition order.

        Raises:
            InputError: ``target`` is not a number, id or heading.
            NotFoundError: unknown edition, or no such paragraph.
        """
        import dataclasses

        from ..engine.views import InferredNumber

        ids, inferred = self._named(target, edition)
        return [dataclasses.replace(v, inferred=InferredNumber(*inferred[v.id])) if v.id in inferred else v
                for v in self.lookups.paragraph_views(ids)]

    def _named(self, target: str, edition: str | None) -> tuple[list[str], dict[str, tuple[str, str]]]:
        """The paragraph ids ``target`` names in edition order, those that stand for the number
        (:meth:`inferred_paragraphs`) among them, and those (id → (number, why)); raises as :meth:`show`."""
        from ..text.find import edition_number, plain_target

        target, edition = edition_number(self.rulebook, plain_target(self.rulebook, target), edition)
        inferred = self.inferred_paragraphs(target, edition)
        try:
            ids = self.paragraph_ids(target, edition)
        except NotFoundError:
            if not inferred:
                raise
            ids = []
        rank = {e.id: i for i, e in enumerate(self.rulebook.editions)}
        return sorted(ids + list(inferred), key=lambda i: rank[i.split(":", 1)[0]]), inferred

    def inferred_paragraphs(self, target: str, edition: str | None = None) -> dict[str, tuple[str, str]]:
        """For a paragraph number ``target`` that ``edition`` (or an edition) does not print: the
        unnumbered paragraphs that stand for it there, as the check S004 infers them — paragraph id →
        (number, why); ``{}`` for anything else.

        Raises:
            NotFoundError: unknown edition.
        """
        from ..text.find import NUMBER_RE

        edition = self.check_edition(edition)
        if not isinstance(target, str) or not NUMBER_RE.fullmatch(target):
            return {}
        number = target.rstrip(".")
        scope = {edition} if edition else {e.id for e in self.rulebook.editions}
        lacking = scope - {p.edition for p in self.rulebook.paragraphs if p.number == number}
        if not lacking:
            return {}
        found = self._inferred_numbers
        return {i.paragraph.id: (number, i.message) for (ed, n), i in found.items() if n == number and ed in lacking}

    @cached_property
    def _inferred_numbers(self) -> dict[tuple[str, str], Any]:
        from ..checks.structure import inferred_numbers

        return inferred_numbers(self)

    def refs(self, target: str, edition: str | None = None, direction: Direction = "both",
             depth: int = 1) -> list[RefTree]:
        """The references a paragraph makes (``out``), receives (``in``) or both, followed
        ``depth`` steps (each paragraph expanded once); a number an edition does not print names the
        paragraph that stands for it there, as in :meth:`show`.

        Raises:
            InputError: bad target, direction, or depth outside 1–50.
            NotFoundError: unknown edition, or no such paragraph.
        """
        from ..text.find import shown

        if direction not in ("in", "out", "both"):
            raise InputError(f"direction must be in, out or both, not {shown(str(direction))}")
        if not isinstance(depth, int) or isinstance(depth, bool) or not 1 <= depth <= 50:
            raise InputError(f"depth must be a whole number from 1 to 50, not {depth!r}")
        return self.lookups.ref_trees(self._named(target, edition)[0], direction, depth)

    def search(self, text: str, edition: str | None = None, *, kind: str | None = None,
               limit: int | None = None, prefix: bool = False) -> SearchResults:
        """Units whose words match the words of ``text`` in any form, and the paragraphs its numbers
        name with the units citing them (an unprinted number: what S004 infers stands for it), best
        first; at most ``limit`` of them, of ``kind``; with ``prefix``, the last word also as the start
        of words, as one types (:func:`~.text.search.search`).

        Raises:
            InputError: ``text`` is too long, or has no word or number to look for.
            NotFoundError: unknown edition.
        """
        from ..text.search import search

        return search(self.rulebook, text, edition, kind=kind, limit=limit, prefix=prefix,
                      stands_for=lambda number: self.inferred_paragraphs(number, edition))

    # -- cards and links ---------------------------------------------------------------------------

    @cached_property
    def kb_cards(self) -> dict[str, Any]:
        """The KB's own card facts (``kb/cards.yaml``), by folded name."""
        from ..lexicon.cards import load_cards

        return load_cards(self.kb_dir)

    @cached_property
    def _import(self) -> tuple[tuple[CardRecord, ...], tuple[str, ...]]:
        from ..lexicon.carddb import load_import

        return load_import(self.kb_dir)

    @property
    def db_cards(self) -> tuple[CardRecord, ...]:
        """The cards of the last ``cards import`` into this KB (none before one)."""
        return self._import[0]

    @cached_property
    def names(self) -> KnownNames:
        """The card and feature names the KB knows (:class:`~berserk_kb.lexicon.names.KnownNames`)."""
        from ..lexicon.cards import load_feature_names
        from ..lexicon.names import known_names

        return known_names(self.db_cards, self._import[1], self.kb_cards, load_feature_names(self.kb_dir))

    def lexicon_names(self) -> tuple[list[str], list[str]]:
        """(card names, feature names) the KB knows (:attr:`names`)."""
        return list(self.names.cards), list(self.names.features)

    @cached_property
    def links(self) -> Links:
        """Every mention of a card or feature in the rulebook, linked (cached by content)."""
        from ..lexicon.linking import linked

        return linked(self.rulebook, self.kb_dir, lambda: self.names)

    @cached_property
    def cards_module(self) -> str:
        """The Prolog module holding the cards the KB knows and the mentions of cards and features
        (generated, cached, loaded on first use)."""
        from ..lexicon.linking import links_key

        name = "kbc_" + links_key(self.rulebook, self.kb_dir)[:16]
        return self.lookups.cards_module(name, self.db_cards, self.kb_cards, self.links)

    def cards_named(self, name: str) -> list[CardView]:
        """The card(s) ``name`` names, with their facts and the units that mention them
        (:meth:`~.engine.lookup.Lookups.cards_named`).

        Raises:
            InputError: ``name`` is empty, or over 200 characters (no card's name is half as long).
            NotFoundError: no such card (the message says where a feature of that name is
                mentioned, or suggests close card names).
        """
        return self.lookups.cards_named(name, self.db_cards, self.kb_cards, self.names, lambda: self.cards_module)

    def import_cards(self, path: Path, progress: Callable[[int], Any] | None = None,
                     allow_empty: bool = False) -> ImportSummary:
        """Import the community card database at ``path`` into this KB (see
        :func:`berserk_kb.lexicon.carddb.import_cards`); a new :class:`KnowledgeBase` sees it.

        Raises:
            InputError: as :func:`~berserk_kb.lexicon.carddb.import_cards` (nothing is written then).
        """
        from ..lexicon.carddb import import_cards

        return import_cards(self.kb_dir, path, progress, allow_empty=allow_empty)

    @staticmethod
    def import_rulebook(sources: list[Path], out_dir: Path, edition: str | None, title: str | None = None,
                        force: bool = False, progress: Callable[[int], Any] | None = None) -> RulebookImport:
        """Write published rulebook files (.docx, .html, .md, .rst, .txt) as edition ``edition`` of ``out_dir``.

        Raises:
            InputError: as :func:`berserk_kb.text.formats.importer.import_rulebook` (nothing written).
        """
        from ..text.formats.importer import import_rulebook

        return import_rulebook(sources, out_dir, edition, title, force, progress)

    @cached_property
    def citations(self) -> CitationIndex:
        """The units of the rulebook as the citations of a justification quote them."""
        from ..explain.citations import CitationIndex

        inferred = {i.paragraph.id: number for (_, number), i in self._inferred_numbers.items()}
        return CitationIndex(self.rulebook, inferred)

    # -- for the command line and the server ----------------------------------------------------

    @staticmethod
    def start_prolog(goal_time_limit: float | None = None, runner: bool = False) -> None:
        """Start Prolog on a background thread now, ready when a question needs it (with ``runner``, the
        scenario runner and the language packs loaded too, for ``why``); or, with ``goal_time_limit``
        (a server, after its start-up work), stop every later goal after that many seconds with
        GoalTimeout (0: no limit)."""
        from ..engine.bridge import engine, start_in_background
        from ..engine.code import LANG, RUNNER, code_file

        if goal_time_limit is None:
            start_in_background((code_file(RUNNER), code_file(LANG)) if runner else ())
        else:
            engine().set_time_limit(goal_time_limit)

    @staticmethod
    def budget(seconds: float, wait: float = 0.0, urgent: bool = False) -> AbstractContextManager[None]:
        """A context in which the Prolog goals this thread makes share ``seconds`` of Prolog time and
        wait at most ``wait`` seconds in all to start, ``urgent`` ones first (a server's request:
        :meth:`berserk_kb.engine.bridge.PrologEngine.budget`). Inside it: GoalTimeout, EngineBusy."""
        from ..engine.bridge import engine

        return engine().budget(seconds, wait, urgent)

    @staticmethod
    def settle_prolog() -> None:
        """Before the process ends without SWI-Prolog's own clean-up: let a start under way finish and
        take pyswip's clean-up at exit off (:func:`berserk_kb.engine.bridge.settle`)."""
        from ..engine.bridge import settle

        settle()

    @staticmethod
    def output_path(name: str) -> Path | None:
        """Check an output file name before any work is done: the file, or None for standard output
        (``-``, ``/dev/stdout``; see :func:`berserk_kb.store.files.output_path`).

        Raises:
            InputError: empty, a folder, not a regular file, a link, or in a missing folder.
        """
        from ..store.files import output_path

        return output_path(name)

    @staticmethod
    def check_folder(kb_dir: Path | str) -> None:
        """Refuse ``kb_dir`` (``--kb DIR``) before any work unless it is a folder holding
        ``sources/manifest.yaml`` (:func:`berserk_kb.text.manifest.check_kb_folder`). Raises InputError."""
        from ..text.manifest import check_kb_folder

        check_kb_folder(kb_dir)

    @staticmethod
    def words_of(lang: str) -> dict[str, Any]:
        """The language pack of ``lang`` without a rulebook (to word a refusal of the ``--kb``
        folder itself; otherwise :meth:`language_pack`). Raises PrologQueryError."""
        from ..engine.runner import language_pack

        return language_pack(lang)
