"""What ``berserk-kb diff`` answers, as frozen dataclasses (see :mod:`berserk_kb.diff`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Side:
    """A unit of one edition: ``kind`` is ``paragraph``, ``example`` or ``item`` (a list item);
    ``number`` is the printed number of the paragraph (of the host paragraph for an example or an
    item); ``marker`` the printed marker of an item («д)», «a.»); ``source`` is file:line."""

    id: str
    number: str | None
    kind: str
    text: str
    source: str
    marker: str | None = None


@dataclass(frozen=True)
class Behaviour:
    """What the scenario suite says: ``differs`` with the first ``scenario`` whose results differ
    (``results``: edition → the results of its events); ``checked`` lists every scenario that bears
    on the unit (empty: the suite does not exercise it)."""

    differs: bool
    scenario: str | None = None
    results: dict[str, Any] | None = None
    checked: tuple[str, ...] = ()


@dataclass(frozen=True)
class Pair:
    """One old unit and one new unit of an aligned group, with their similarity."""

    old: str
    new: str
    similarity: float


@dataclass(frozen=True)
class ItemChange:
    """A list item of an aligned paragraph group: ``status`` is ``same``, ``changed``, ``added``
    or ``removed``; ``moved`` (``"5 of 5 → 1 of 5"``, places among the group's items) when its
    place changed against the items around it; ``diff`` the word diff when changed."""

    status: str
    old: Side | None
    new: Side | None
    similarity: float | None = None
    moved: str | None = None
    diff: str = ""


@dataclass(frozen=True)
class Aligned:
    """Units of the old edition aligned with units of the new one: ``shape`` is ``one-to-one``,
    ``split`` (one old, several new), ``merge`` or ``regrouped``; ``similarity`` of the texts taken
    together; ``pairs`` each old–new similarity; ``diff`` the word diff of the texts (without the
    list items, which are in ``items``): unchanged words as they are, removed ``[-…-]``, added
    ``{+…+}``."""

    old: tuple[Side, ...]
    new: tuple[Side, ...]
    kind: str
    shape: str
    similarity: float
    pairs: tuple[Pair, ...]
    renumbered: bool
    changed: bool
    diff: str
    items: tuple[ItemChange, ...]
    behaviour: Behaviour

    @property
    def unchanged(self) -> bool:
        """One unit that stays as it was: one-to-one, the same id within its edition (``X:101.1`` →
        ``Y:101.1``), the same text and list items, and no behaviour difference — no change."""
        return (len(self.old) == len(self.new) == 1 and not (self.renumbered or self.changed or self.behaviour.differs)
                and self.old[0].id.partition(":")[2] == self.new[0].id.partition(":")[2])


@dataclass(frozen=True)
class Unmatched:
    """A unit found in one edition only, and what the suite says of it."""

    unit: Side
    behaviour: Behaviour


@dataclass(frozen=True)
class EditionDiff:
    old: str
    new: str
    threshold: float
    aligned: tuple[Aligned, ...]
    added: tuple[Unmatched, ...]
    removed: tuple[Unmatched, ...]
    suite: tuple[str, ...] = field(default=())
