"""What the layers above the engine read of a knowledge base: :class:`Book`.

:class:`~berserk_kb.kb.KnowledgeBase` is one; the explanation, the checks and the diff take any
object of this shape, so they need not know the facade above them.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from ..lexicon.linking import Links
    from ..text.model import Rulebook
    from .citations import CitationIndex


class Book(Protocol):
    """A knowledge base: its folder, the parsed rulebook, the cards and names it knows, the links,
    the graph (for SHACL), the citation index (for quoting), and what the engine's code says of
    it: the editions whose mechanics are encoded and, for each, the units its data names that the
    text lacks (asked of Prolog once per knowledge base)."""

    kb_dir: Path

    @property
    def rulebook(self) -> Rulebook: ...

    @property
    def kb_cards(self) -> dict[str, Any]: ...

    @property
    def db_cards(self) -> tuple[Any, ...]: ...

    @property
    def links(self) -> Links: ...

    @property
    def graph(self) -> Any: ...

    @property
    def citations(self) -> CitationIndex: ...

    @property
    def encoded_editions(self) -> list[str]: ...

    @property
    def absent_units(self) -> dict[str, list[str]]: ...

    def lexicon_names(self) -> tuple[list[str], list[str]]: ...

    def check_edition(self, edition: str | None) -> str | None: ...
