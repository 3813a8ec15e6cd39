"""The scenario suite of a knowledge base — its worked examples (``<kb>/examples``) and more
scenarios (``<kb>/scenarios``) — and the one runner of it: each (file, edition) computed once."""

from __future__ import annotations

from pathlib import Path

from ..text.readers import refuse_outside
from .book import Book
from .results import WhyResult
from .run import run

#: Listed in ``<kb>/examples`` with the reason a worked example cannot be a scenario.
NOT_FORMALIZABLE = "not-formalizable.yaml"


def example_files(kb_dir: Path) -> list[Path]:
    """The example scenario files of the KB at ``kb_dir``, sorted by name.

    Raises:
        InputError: a file is a link to a file outside ``kb_dir``.
    """
    folder = kb_dir / "examples"
    if not folder.is_dir():
        return []
    return _inside(sorted(p for p in folder.glob("*") if p.suffix in (".yaml", ".yml",
                                                                      ".json") and p.name != NOT_FORMALIZABLE),
                   kb_dir)


def _inside(files: list[Path], kb_dir: Path) -> list[Path]:
    for f in files:
        refuse_outside(f, "scenario", kb_dir)
    return files


def suite_files(kb_dir: Path) -> list[Path]:
    """The scenario suite: :func:`example_files`, then ``<kb>/scenarios/*.yaml`` sorted.

    Raises:
        InputError: a file of the suite is a link to a file outside ``kb_dir``.
    """
    folder = kb_dir / "scenarios"
    return example_files(kb_dir) + (_inside(sorted(folder.glob("*.yaml")), kb_dir) if folder.is_dir() else [])


class SuiteRunner:
    """Runs of scenario files over ``book``, each (file, edition) computed once; an error is
    remembered and raised again to every caller. The run under the file's own edition
    (``edition=None``) stands for the run under that edition named."""

    def __init__(self, book: Book) -> None:
        self.book = book
        self._runs: dict[tuple[str, str | None], WhyResult | Exception] = {}

    def files(self) -> list[Path]:
        """The suite's files (:func:`suite_files`)."""
        return suite_files(self.book.kb_dir)

    def run(self, path: Path | str, edition: str | None = None) -> WhyResult:
        """The result of the scenario at ``path`` under ``edition`` (default: its own).

        Raises:
            BerserkError: as :func:`~.run.run` (the same error every time).
        """
        key = (str(path), edition)
        own = self._runs.get((str(path), None))
        if key not in self._runs and edition and isinstance(own, WhyResult) and own.edition == edition:
            self._runs[key] = own  # the file's own edition: the same run
        if key not in self._runs:
            try:
                self._runs[key] = run(self.book, path, edition)
            except Exception as exc:
                self._runs[key] = exc
        found = self._runs[key]
        if isinstance(found, Exception):
            raise found
        return found
