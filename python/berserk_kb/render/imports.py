"""``import`` as text: what a rulebook import wrote and what the parser found in it."""

from __future__ import annotations

from typing import Any

from ..store.files import escaped
from . import joined


def rulebook_import(s: Any) -> str:
    """The folder, the edition, its fragments and lines, the units by kind and the references by
    how they resolved (:class:`~berserk_kb.text.formats.importer.RulebookImport`)."""
    c = s.counts
    fragments = f"{len(s.fragments)} fragment{'s' if len(s.fragments) != 1 else ''}"
    return joined([
        f"{'replaced' if s.replaced else 'imported'} edition {s.edition} into {escaped(str(s.folder))}: {fragments}, "
        f"{s.lines} line{'s' if s.lines != 1 else ''}",
        f"  {c['numbered']} numbered paragraphs, {c['headings']} headings, {c['text']} plain paragraphs, "
        f"{c['list_items']} list items, {c['examples']} examples, {c['tables']} tables, "
        f"{c['contents']} table-of-contents lines",
        f"  {c['references']} references: {c['resolved']} resolved, {c['external']} to other documents, "
        f"{c['outside']} outside the loaded text, "
        f"{c['references'] - c['resolved'] - c['external'] - c['outside']} unresolved",
        *([f"  {c['skipped']} page-number and running-header lines left out (listed in sources/origins/)"]
          if c.get("skipped") else []),
        *(f"  note: {n}" for n in getattr(s, "notes", ())),
        f"use it with: berserk-kb show NUMBER --kb {escaped(str(s.folder))}",
    ])
