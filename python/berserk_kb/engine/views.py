"""Answers of the lookup API as typed, frozen dataclasses.

Prolog builds each answer as JSON (the lookup module, :data:`.code.LOOKUP`); :func:`from_json` turns it into these
records (field names are the JSON keys). ``dataclasses.asdict`` gives the JSON back for ``--json``.
"""

from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass
from typing import Any, TypeVar

T = TypeVar("T")


@dataclass(frozen=True)
class SourceRef:
    """Where a unit stands: fragment file name and 1-based inclusive line span."""

    fragment: str
    line_start: int
    line_end: int

    def __str__(self) -> str:
        lines = str(self.line_start) if self.line_start == self.line_end else f"{self.line_start}-{self.line_end}"
        return f"{self.fragment}:{lines}"


@dataclass(frozen=True)
class ParagraphRef:
    """A short handle on a paragraph (``kind`` is ``unknown`` for a dangling id)."""

    id: str
    number: str | None
    title: str | None
    kind: str


@dataclass(frozen=True)
class ChildView:
    """A paragraph under another; a plain-text one (``kind`` ``text``) with the list hanging under
    it («Последовательность шагов:» and its steps), since it is part of its parent's body."""

    id: str
    kind: str
    number: str | None
    title: str | None
    text: str
    source: SourceRef | None
    list_items: tuple[ItemView, ...] = ()
    rows: tuple[tuple[str, ...], ...] = ()  # a table's rows, each its cells' text


@dataclass(frozen=True)
class ItemView:
    """A list item with its nested items."""

    id: str
    label: str
    marker: str  # as printed: "а)", "a.", "1)", "●"
    style: str
    text: str
    items: tuple[ItemView, ...]
    source: SourceRef | None


@dataclass(frozen=True)
class ExampleView:
    """A worked example; ``written`` is its label as the source writes it, punctuation and all
    («ПРИМЕР.», «ПРИМЕР 1:»; empty when the label is a word of the text, «Например,»)."""

    id: str
    label: str
    text: str
    source: SourceRef | None
    written: str = ""


@dataclass(frozen=True)
class OutgoingRef:
    """A reference the paragraph makes; ``target`` is ``None`` (and ``resolved`` false) when the
    number it names is not in the loaded text of its edition. ``external`` is true when such a
    number lies outside the loaded text: in another document (``document`` names it) or in a
    section the edition does not print at all; an unresolved number inside a printed section is
    not external (it is dangling)."""

    id: str
    number: str
    raw: str
    unit: str
    source: SourceRef | None
    resolved: bool
    target: ParagraphRef | None
    external: bool = False
    document: str | None = None
    start: int = 0  # where ``raw`` stands in the text of ``unit``: ``text[start:end]``
    end: int = 0


@dataclass(frozen=True)
class IncomingRef:
    """A reference to the paragraph, made by ``citing``."""

    id: str
    number: str
    raw: str
    unit: str
    source: SourceRef | None
    citing: ParagraphRef | None


@dataclass(frozen=True)
class InferredNumber:
    """The number an unnumbered paragraph stands for, as the check S004 infers it, and why."""

    number: str
    reason: str


@dataclass(frozen=True)
class ParagraphView:
    """Everything about one paragraph: ``berserk-kb show``."""

    id: str
    edition: str
    kind: str
    number: str | None
    title: str | None
    text: str
    order: int
    parent: ParagraphRef | None
    children: tuple[ChildView, ...]
    list_items: tuple[ItemView, ...]
    examples: tuple[ExampleView, ...]
    cites: tuple[OutgoingRef, ...]
    cited_by: tuple[IncomingRef, ...]
    source: SourceRef | None
    orphaned: bool
    inferred: InferredNumber | None = None  # asked for by a number it does not print (S004)
    rows: tuple[tuple[str, ...], ...] = ()  # a table's rows, each its cells' text


@dataclass(frozen=True)
class OutEdge:
    """A step of a reference tree along what a paragraph cites; ``next`` continues it when
    ``--depth`` > 1; ``seen`` marks a paragraph already expanded elsewhere in the tree."""

    number: str
    raw: str
    unit: str
    source: SourceRef | None
    seen: bool
    next: tuple[OutEdge, ...]
    resolved: bool
    target: ParagraphRef | None
    external: bool = False
    document: str | None = None


@dataclass(frozen=True)
class InEdge:
    """A step of a reference tree along what cites a paragraph."""

    number: str
    raw: str
    unit: str
    source: SourceRef | None
    seen: bool
    next: tuple[InEdge, ...]
    citing: ParagraphRef | None


@dataclass(frozen=True)
class RefTree:
    """``berserk-kb refs``: what a paragraph cites and what cites it."""

    id: str
    edition: str
    number: str | None
    title: str | None
    cites: tuple[OutEdge, ...]
    cited_by: tuple[InEdge, ...]


@dataclass(frozen=True)
class CardMention:
    """A unit that names a card: the span (``fragment``, ``line``, ``offset``, ``length``) and the
    unit's text."""

    unit: str
    kind: str
    edition: str
    paragraph: str | None
    number: str | None
    surface: str
    fragment: str
    line: int
    offset: int
    length: int
    text: str


@dataclass(frozen=True)
class CardView:
    """``berserk-kb card NAME``: the card's facts from the imported database (every printing) and
    from ``kb/cards.yaml`` (with ``mentioned_in``, the ids of the units that mention it, derived from
    the linking), and its mentions in the rulebook."""

    name: str
    database: tuple[Any, ...]
    kb_facts: dict[str, Any] | None
    mentions: tuple[CardMention, ...]


def from_json(cls: type[T], data: Any) -> T:
    """Build ``cls`` (one of the dataclasses above) from its JSON dict; lists become tuples.

    Raises:
        ValueError: the JSON does not have the shape of ``cls`` — a key it does not have, a field
            missing, a record or a list where none belongs (a bug, not user input).
    """
    if not isinstance(data, dict):
        raise ValueError(f"{cls.__name__}: a JSON object expected, not {type(data).__name__}")
    fields, required = _shape(cls)  # type: ignore[arg-type]
    if unknown := data.keys() - fields.keys():
        raise ValueError(f"{cls.__name__}: unknown fields {sorted(unknown)}")
    if missing := required - data.keys():
        raise ValueError(f"{cls.__name__}: missing fields {sorted(missing)}")
    return cls(**{k: _value(fields[k], v, f"{cls.__name__}.{k}") for k, v in data.items()})


def _value(shape: tuple[bool, bool, Any], v: Any, where: str) -> Any:
    optional, many, record = shape
    if v is None:
        if not optional:
            raise ValueError(f"{where}: null where a value belongs")
        return None
    if many:
        if not isinstance(v, (list, tuple)):
            raise ValueError(f"{where}: a list expected, not {type(v).__name__}")
        return tuple(from_json(record, x) for x in v) if record else tuple(v)
    return from_json(record, v) if record else v


@functools.cache
def _shape(cls: type) -> tuple[dict[str, tuple[bool, bool, Any]], frozenset[str]]:
    """Each field of ``cls`` as (may be null, a tuple, the record class or None) read from its
    annotation (``SourceRef | None``, ``tuple[ItemView, ...]``, ``str``), and the fields without
    a default."""
    fields: dict[str, tuple[bool, bool, Any]] = {}
    for f in dataclasses.fields(cls):
        name = str(f.type)
        optional = name.endswith(" | None")
        name = name.removesuffix(" | None")
        many = name.startswith("tuple[") and name.endswith(", ...]")
        record = globals().get(name[6:-6] if many else name)
        fields[f.name] = (optional, many, record if dataclasses.is_dataclass(record) else None)
    required = frozenset(f.name for f in dataclasses.fields(cls)
                         if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING)
    return fields, required
