"""Consistency checks of a rulebook: a registry of small checks, each documented and tested alone.

A check is a function ``(context) -> Iterable[Finding]`` registered with :func:`check`; its docstring
says what it looks for (first paragraph) and why that matters (the paragraph starting «Why:»).
Groups: structure (``S``), language (``L``), meaning (``M``), graph (``G``).

:func:`run_checks` runs them all (or those of one edition), drops the findings listed in
``<kb>/accepted-findings.yaml`` and returns the rest in a stable order: the same rulebook gives the
same findings in the same order, each with a stable id.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any, Callable, Iterable

from ..errors import InputError

if TYPE_CHECKING:
    from ..kb import KnowledgeBase

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


@dataclass(frozen=True)
class Check:
    code: str
    name: str
    severity: str  # the highest severity it reports
    group: str
    func: Callable[["Context"], Iterable[Finding]]

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


CHECKS: list[Check] = []


def check(code: str, name: str, severity: str, group: str) -> Callable:
    """Register a check function under ``code`` (e.g. ``S001``) and ``name``."""

    def register(func: Callable[["Context"], Iterable[Finding]]) -> Callable:
        CHECKS.append(Check(code, name, severity, group, func))
        return func

    return register


def finding(ctx: "Context", code: str, severity: str, key: str, message: str, *, edition: str | None = None,
            unit: str | None = None, source: str | None = None, suggestion: str | None = None,
            detail: dict[str, Any] | None = None) -> Finding:
    """Make a finding; its id is stable: the check's code and a digest of ``key`` (what the finding
    is about, without line numbers), so it survives edits elsewhere in the text."""
    name = next(c.name for c in CHECKS if c.code == code)
    digest = hashlib.sha1(f"{code}\0{edition}\0{key}".encode()).hexdigest()[:10]
    if unit and source is None:
        source = ctx.source_of(unit)
    return Finding(f"{code}-{digest}", code, name, severity, edition, unit, message, source, suggestion, detail)


@dataclass
class Context:
    """What the checks read: the knowledge base and the editions to check."""

    kb: "KnowledgeBase"
    editions: tuple[str, ...]
    skipped: list[str] = field(default_factory=list)
    memo: dict[str, Any] = field(default_factory=dict)  # work the checks share (scenario runs, …)

    @cached_property
    def units(self) -> dict[str, Any]:
        return {u.id: u for u in self.kb.rulebook.units()}

    @cached_property
    def paragraphs(self) -> dict[str, Any]:
        return {p.id: p for p in self.kb.rulebook.paragraphs}

    def source_of(self, unit_id: str) -> str | None:
        u = self.units.get(unit_id)
        return str(u.span) if u is not None else None

    def number_of(self, unit_id: str | None) -> str:
        """A printed reference for a unit: its paragraph's number, or its id."""
        if unit_id is None:
            return "?"
        p = self.paragraphs.get(unit_id)
        if p is None:
            host = getattr(self.units.get(unit_id), "paragraph", None)
            p = self.paragraphs.get(host) if host else None
        return (p.number or p.title or p.id) if p is not None else unit_id


def run_checks(kb: "KnowledgeBase", edition: str | None = None, only: list[str] | None = None) -> "CheckRun":
    """Run every registered check (or those whose code or name is in ``only``) over ``kb``.

    Returns a :class:`CheckRun`: the findings not accepted, in a stable order, and what was skipped.

    Raises:
        NotFoundError: unknown edition.
        InputError: a malformed ``accepted-findings.yaml``.
    """
    from . import graph, language, meaning, structure  # noqa: F401 - they register their checks

    edition = kb.check_edition(edition)
    editions = (edition,) if edition else tuple(e.id for e in kb.rulebook.editions)
    ctx = Context(kb, editions)
    found: list[Finding] = []
    for c in sorted(CHECKS, key=lambda c: c.code):
        if only and c.code not in only and c.name not in only:
            continue
        found.extend(f for f in c.func(ctx) if f.edition in (None, *editions))
    accepted = load_accepted(kb)
    kept = [f for f in found if f.id not in accepted]
    order = {e.id: i for i, e in enumerate(kb.rulebook.editions)}
    units = {u.id: i for i, u in enumerate(kb.rulebook.units())}
    kept.sort(key=lambda f: (order.get(f.edition, -1), units.get(f.paragraph, 10**9), f.code, f.id))
    return CheckRun(tuple(kept), len(found) - len(kept), tuple(ctx.skipped))


@dataclass(frozen=True)
class CheckRun:
    findings: tuple[Finding, ...]
    accepted: int  # findings listed in accepted-findings.yaml, left out
    skipped: tuple[str, ...]  # checks that could not run, with why

    def counts(self) -> dict[str, int]:
        return {s: sum(f.severity == s for f in self.findings) for s in SEVERITIES}


def load_accepted(kb: "KnowledgeBase") -> set[str]:
    """Finding ids an editor accepted (``<kb>/accepted-findings.yaml``: a list of ``{id, reason}``).

    Raises:
        InputError: the file is not a list of entries with an ``id``.
    """
    import yaml

    path = kb.kb_dir / "accepted-findings.yaml"
    if not path.exists():
        return set()
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or []
    except (UnicodeDecodeError, yaml.YAMLError):
        raise InputError(f"{path}: not valid UTF-8 YAML") from None
    if not isinstance(data, list) or not all(isinstance(e, dict) and isinstance(e.get("id"), str) for e in data):
        raise InputError(f"{path}: expected a list of entries like {{id: S002-…, reason: …}}")
    return {e["id"] for e in data}


__all__ = ["CHECKS", "Check", "CheckRun", "Context", "Finding", "check", "finding", "run_checks"]
