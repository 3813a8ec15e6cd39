"""What a check is and what it reads: :class:`Check` and the :func:`check` mark, :class:`Finding`
(with a stable id, :func:`finding`), the :class:`Context` every check reads, the results of a run
(:class:`CheckRun`) and the cache of what a check derives (:func:`cached_json`)."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from ..explain.book import Book
from ..store.entries import cached, code_key, entry_path
from ..text.load import rulebook_key

SEVERITIES = ("error", "warning", "info")


@dataclass(frozen=True)
class Finding:
    """One problem: where it stands (edition, paragraph, source file:line), what it is (an English
    message quoting the Russian), how bad (severity), and what to do (suggestion)."""

    id: str
    code: str
    check: str
    severity: str
    edition: str | None
    paragraph: str | None
    message: str
    source: str | None
    suggestion: str | None = None
    detail: dict[str, Any] | None = None
    template: str | None = None  # the words' template (berserk_kb.checks.messages), and the values it quotes
    values: dict[str, Any] | None = None


@dataclass(frozen=True)
class Check:
    code: str
    name: str
    severity: str  # the highest severity it reports
    group: str
    func: Callable[[Context], Iterable[Finding]]

    @property
    def what(self) -> str:
        return (self.func.__doc__ or "").strip().split("\n\n")[0].replace("\n", " ").strip()

    @property
    def why(self) -> str:
        for part in (self.func.__doc__ or "").strip().split("\n\n"):
            part = " ".join(part.split())
            if part.startswith("Why:"):
                return part[4:].strip()
        return ""


def check(code: str, name: str, severity: str, group: str) -> Callable:
    """Mark a check function with its :class:`Check` (``code`` such as ``S001``, ``name``, the
    highest ``severity`` it reports, its ``group``); :func:`berserk_kb.checks.all_checks` finds it."""

    def mark(func: Callable[[Context], Iterable[Finding]]) -> Callable:
        func.check = Check(code, name, severity, group, func)  # type: ignore[attr-defined]
        return func

    return mark


def finding(ctx: Context, code: str, severity: str, key: str, values: dict[str, Any], kind: str = "", *,
            edition: str | None = None, unit: str | None = None, source: str | None = None,
            detail: dict[str, Any] | None = None) -> Finding:
    """Make a finding; its id is stable: the check's code and a digest of ``key`` (what the finding
    is about, without line numbers), so it survives edits elsewhere in the text. Its message and
    suggestion are the English words of its template (``code``, or ``code:kind``, in
    :data:`~berserk_kb.checks.messages.TEMPLATES`) over ``values``, which it keeps."""
    from .messages import say

    template = f"{code}:{kind}" if kind else code
    message, suggestion = say(template, "en", values)
    name = ctx.names[code]
    digest = hashlib.sha1(f"{code}\0{edition}\0{key}".encode()).hexdigest()[:10]
    if unit and source is None:
        source = ctx.source_of(unit)
    return Finding(f"{code}-{digest}", code, name, severity, edition, unit, message, source, suggestion, detail,
                   template, values)


@dataclass
class Context:
    """What the checks read: the knowledge base and the editions to check."""

    kb: Book
    editions: tuple[str, ...]
    names: dict[str, str] = field(default_factory=dict)  # check code → name
    skipped: list[str] = field(default_factory=list)  # a note per check that could not run, with why
    skipped_codes: set[str] = field(default_factory=set)  # … and the codes of those checks
    skipped_said: list[tuple[str, dict[str, Any]]] = field(default_factory=list)  # … each note's name and values
    memo: dict[str, Any] = field(default_factory=dict)  # work the checks share (scenario runs, …)

    def skip(self, note: str, values: dict[str, Any], *codes: str) -> None:
        """Say that the checks ``codes`` could not run, and why (the note ``note`` of
        :data:`~berserk_kb.checks.messages.SKIPPED` over ``values``)."""
        from .messages import skipped

        self.skipped.append(skipped(note, "en", values))
        self.skipped_said.append((note, values))
        self.skipped_codes.update(codes)

    @cached_property
    def units(self) -> dict[str, Any]:
        return {u.id: u for u in self.kb.rulebook.units()}

    @cached_property
    def paragraphs(self) -> dict[str, Any]:
        return {p.id: p for p in self.kb.rulebook.paragraphs}

    @cached_property
    def rulebook_digest(self) -> str:
        """A key of what the parsed rulebook is derived from (:func:`~berserk_kb.text.load.rulebook_key`),
        so it changes whenever the parse may."""
        return rulebook_key(self.kb.rulebook)

    def source_of(self, unit_id: str) -> str | None:
        u = self.units.get(unit_id)
        return str(u.span) if u is not None else None

    def number_of(self, unit_id: str | None) -> str:
        """A printed reference for a unit, as a reader finds it: its paragraph's number or title; for
        a plain paragraph its first words and the numbered or titled paragraph it stands in
        («Ход состоит из следующих…» in 2.1); the unit id only when nothing else names it."""
        if unit_id is None:
            return "?"
        p = self.paragraphs.get(unit_id)
        if p is None:
            host = getattr(self.units.get(unit_id), "paragraph", None)
            p = self.paragraphs.get(host) if host else None
        if p is None:
            return unit_id
        if p.number or p.title:
            return p.number or p.title
        words = p.display_text.split()
        quote = f"«{' '.join(words[:4])}{'…' if len(words) > 4 else ''}»" if words else p.id
        up = self.paragraphs.get(p.parent) if p.parent else None
        while up is not None and not (up.number or up.title):
            up = self.paragraphs.get(up.parent) if up.parent else None
        return f"{quote} in {up.number or up.title}" if up is not None else quote


def cached_json(kind: str, key: Iterable[str | bytes], compute: Callable[[], Any]) -> Any:
    """``compute()`` (a JSON value), kept in the cache (``checks/<key>.json``) under a key of
    ``key``: what it is derived from (rulebook key, code, data, library versions).

    Raises:
        InputError: the cache folder cannot be written.
    """
    return cached(entry_path("checks", kind, *key, suffix=".json"), compute)


def code_of(*names: str) -> bytes:
    """A cache key part for the code of the package that a check's result comes from (``"text/morph.py"``,
    ``"checks/graph.py"``, folders) and the libraries the checks use
    (:func:`~berserk_kb.store.entries.code_key`), so that a change of the code or an upgrade computes again."""
    return code_key(*names, libraries=("pyshacl", "pymorphy3", "rapidfuzz", "rdflib"))


@dataclass(frozen=True)
class CheckRun:
    findings: tuple[Finding, ...]
    accepted: int  # findings listed in accepted-findings.yaml, left out
    skipped: tuple[str, ...]  # checks that could not run, with why
    accepted_findings: tuple[Finding, ...] = ()  # those left out, as found (the editor's report shows them apart)
    accepted_reasons: dict[str, str] = field(default_factory=dict)  # finding id → the editor's reason for accepting it
    skipped_said: tuple[tuple[str, dict[str, Any]], ...] = ()  # each skipped note's name and values (checks.messages)

    def counts(self) -> dict[str, int]:
        return {s: sum(f.severity == s for f in self.findings) for s in SEVERITIES}
