"""Word's footnotes and endnotes (``word/footnotes.xml``, ``word/endnotes.xml``, ECMA-376 §17.11):
the notes a document's reference marks point at, numbered as Word numbers them by default —
footnotes 1, 2, 3…, endnotes i, ii, iii…, each in the order its marks stand in the text."""

from __future__ import annotations

from .markers import roman
from .wordnumbering import W


class Notes:
    """The notes of one document and the marks given so far (:meth:`mark`); the notes marked in
    the paragraph being read wait in :meth:`take`."""

    def __init__(self, document) -> None:
        from lxml import etree

        self.bodies: dict[tuple[str, str | None], list] = {}  # (footnote|endnote, id) → the note's paragraphs
        self.count = {"footnote": 0, "endnote": 0}
        self.pending: list[tuple[str, list]] = []
        parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False)
        for rel in document.part.rels.values():
            kind = rel.reltype.rsplit("/", 1)[-1]
            if kind not in ("footnotes", "endnotes") or rel.is_external:
                continue
            part = rel.target_part
            root = part.element if hasattr(part, "element") else etree.fromstring(part.blob, parser)
            for note in root.iter(W + kind[:-1]):  # the separators Word draws above the notes are none
                if note.get(W + "type") in (None, "normal"):
                    self.bodies[(kind[:-1], note.get(W + "id"))] = list(note.iter(W + "p"))

    def mark(self, ref) -> str:
        """The mark Word prints for the reference ``ref`` (a ``w:footnoteReference`` or
        ``w:endnoteReference``): «[1]», «[ii]»; "" when the document holds no such note, or when the
        mark is the text that follows (``customMarkFollows``: its note is then «[*]»)."""
        kind = ref.tag[len(W):-len("Reference")]
        body = self.bodies.get((kind, ref.get(W + "id")))
        if body is None:
            return ""
        if custom := ref.get(W + "customMarkFollows") in ("1", "true", "on"):
            mark = "*"
        else:
            self.count[kind] += 1
            mark = str(self.count[kind]) if kind == "footnote" else roman(self.count[kind])
        self.pending.append((mark, body))
        return "" if custom else f"[{mark}]"

    def take(self) -> list[tuple[str, list]]:
        """The ``(mark, paragraphs)`` of the notes marked since the last call, in the order marked."""
        out, self.pending = self.pending, []
        return out
