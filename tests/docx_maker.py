"""Word documents for the tests, made with python-docx, lists auto-numbered through numbering
definitions (the way Word itself stores them: an abstractNum with its levels, a num pointing at it,
and a numPr on each paragraph)."""

from __future__ import annotations

from pathlib import Path

W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'


def level(ilvl: int, start: int, fmt: str, text: str) -> str:
    return (f'<w:lvl w:ilvl="{ilvl}"><w:start w:val="{start}"/><w:numFmt w:val="{fmt}"/>'
            f'<w:lvlText w:val="{text}"/></w:lvl>')


class DocxMaker:
    """``add_numbering(id, levels)`` then ``numbered(text, num_id, ilvl)``, ``heading``, ``para``,
    ``table``; ``save(path)``."""

    def __init__(self) -> None:
        import docx

        self.doc = docx.Document()
        self.numbering = self.doc.part.numbering_part.element

    def add_numbering(self, num_id: int, levels: list[str], start_override: dict[int, int] | None = None,
                      abstract_id: int | None = None) -> None:
        from docx.oxml import parse_xml

        # ids far above the ones python-docx's default template already uses
        aid = 900 + (abstract_id if abstract_id is not None else num_id)
        num_id += 900
        if abstract_id is None:
            self.numbering.insert(0, parse_xml(f'<w:abstractNum {W} w:abstractNumId="{aid}">{"".join(levels)}</w:abstractNum>'))
        overrides = "".join(f'<w:lvlOverride w:ilvl="{k}"><w:startOverride w:val="{v}"/></w:lvlOverride>'
                            for k, v in (start_override or {}).items())
        self.numbering.append(parse_xml(f'<w:num {W} w:numId="{num_id}"><w:abstractNumId w:val="{aid}"/>{overrides}</w:num>'))

    def numbered(self, text: str, num_id: int, ilvl: int = 0) -> None:
        from docx.oxml import parse_xml

        p = self.doc.add_paragraph(text)
        p._p.get_or_add_pPr().append(parse_xml(f'<w:numPr {W}><w:ilvl w:val="{ilvl}"/><w:numId w:val="{900 + num_id}"/></w:numPr>'))

    def heading(self, text: str, level: int = 1) -> None:
        self.doc.add_heading(text, level)

    def para(self, text: str) -> None:
        self.doc.add_paragraph(text)

    def table(self, rows: list[list[str]]) -> None:
        t = self.doc.add_table(rows=len(rows), cols=len(rows[0]))
        for r, row in enumerate(rows):
            for c, cell in enumerate(row):
                t.cell(r, c).text = cell

    def save(self, path: Path) -> Path:
        self.doc.save(str(path))
        return path


def thousand_paragraph_docx(path: Path, sections: int = 100, per_section: int = 10) -> Path:
    """A rulebook of ``sections`` × ``per_section`` auto-numbered paragraphs: level 0 shows «100.»,
    «101.», …, level 1 «1.», «2.», … under it; every third paragraph cites the one before."""
    d = DocxMaker()
    d.add_numbering(7, [level(0, 100, "decimal", "%1."), level(1, 1, "decimal", "%2."),
                        level(2, 1, "russianLower", "%3)")])
    for s in range(sections):
        d.numbered(f"Раздел номер {s + 1}", 7, 0)
        for k in range(per_section):
            ref = f" См. п. {100 + s}.{k}." if k and k % 3 == 0 else ""
            d.numbered(f"Существо атакует другое существо и наносит ему раны, если оно открыто.{ref}", 7, 1)
        d.numbered("первое следствие правила;", 7, 2)
        d.numbered("второе следствие правила.", 7, 2)
    return d.save(path)
