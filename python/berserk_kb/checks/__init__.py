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
from typing import Any, Callable, Iterable

from ..errors import InputError
from ..explain.book import Book
from ..store.entries import cached, code_key, entry_path
from ..text.load import rulebook_key
from ..text.readers import decode, read_bytes, refuse_aliases, yaml_error

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

    kb: Book
    editions: tuple[str, ...]
    skipped: list[str] = field(default_factory=list)  # a note per check that could not run, with why
    skipped_codes: set[str] = field(default_factory=set)  # … and the codes of those checks
    memo: dict[str, Any] = field(default_factory=dict)  # work the checks share (scenario runs, …)

    def skip(self, note: str, *codes: str) -> None:
        """Say that the checks ``codes`` could not run, and why (``note``)."""
        self.skipped.append(note)
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
        """A printed reference for a unit: its paragraph's number, or its id."""
        if unit_id is None:
            return "?"
        p = self.paragraphs.get(unit_id)
        if p is None:
            host = getattr(self.units.get(unit_id), "paragraph", None)
            p = self.paragraphs.get(host) if host else None
        return (p.number or p.title or p.id) if p is not None else unit_id


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


def all_checks(only: list[str] | tuple[str, ...] | None = None) -> list[Check]:
    """Every registered check (or those whose code or name is in ``only``), by code.

    Raises:
        InputError: ``only`` names a check that does not exist.
    """
    from . import graph, language, meaning, structure  # noqa: F401 - they register their checks

    known = {c.code for c in CHECKS} | {c.name for c in CHECKS}
    if only and not set(only) <= known:
        raise InputError(f"unknown check {sorted(set(only) - known)[0]!r} (see berserk-kb check --list)")
    return sorted((c for c in CHECKS if not only or c.code in only or c.name in only), key=lambda c: c.code)


def run_checks(kb: Book, edition: str | None = None, only: list[str] | None = None) -> "CheckRun":
    """Run every registered check (or those whose code or name is in ``only``) over ``kb``.

    Returns a :class:`CheckRun`: the findings not accepted, in a stable order, and what was skipped.

    Raises:
        NotFoundError: unknown edition.
        InputError: a malformed ``accepted-findings.yaml``.
    """
    edition = kb.check_edition(edition)
    editions = (edition,) if edition else tuple(e.id for e in kb.rulebook.editions)
    accepted = load_accepted(kb)
    ctx = Context(kb, editions)
    found: list[Finding] = []
    for c in sorted(all_checks(), key=lambda c: (c.group == "accepted", c.code)):
        if only and c.code not in only and c.name not in only:
            continue
        if c.group == "accepted":  # needs every finding: only on a full run
            if only or edition:
                continue
            ctx.memo["found"] = found
            ctx.memo["accepted"] = accepted
        found.extend(f for f in c.func(ctx) if f.edition in (None, *editions))
    kept = [f for f in found if f.id not in accepted]
    order = {e.id: i for i, e in enumerate(kb.rulebook.editions)}
    units = {u.id: i for i, u in enumerate(kb.rulebook.units())}
    kept.sort(key=lambda f: (order.get(f.edition, -1), units.get(f.paragraph, 10**9), f.code, f.id))
    return CheckRun(tuple(kept), len(found) - len(kept), tuple(ctx.skipped))


@check("A001", "stale-acceptance", "info", "accepted")
def stale_acceptance(ctx: "Context") -> Iterable[Finding]:
    """An id in ``<kb>/accepted-findings.yaml`` that matches no finding any more (reported only when
    every check ran over every edition, and not for a check that was skipped).

    Why: the problem was fixed (drop the entry) or its text changed, and with it the id (accept the
    new id if it is still acceptable); either way the list no longer says what is accepted.
    """
    found = {f.id for f in ctx.memo.get("found", ())}
    path = ctx.kb.kb_dir / ACCEPTED
    for fid, line in ctx.memo.get("accepted", {}).items():
        if fid not in found and fid.split("-")[0] not in ctx.skipped_codes:
            shown = "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in fid)  # no raw NUL, ESC, BEL
            yield finding(ctx, "A001", "info", fid, f"accepted finding {shown} matches no finding any more",
                          source=f"{path.name}:{line}", suggestion="remove the entry, or accept the new id")


ACCEPTED = "accepted-findings.yaml"


@dataclass(frozen=True)
class CheckRun:
    findings: tuple[Finding, ...]
    accepted: int  # findings listed in accepted-findings.yaml, left out
    skipped: tuple[str, ...]  # checks that could not run, with why

    def counts(self) -> dict[str, int]:
        return {s: sum(f.severity == s for f in self.findings) for s in SEVERITIES}


def load_accepted(kb: Book) -> dict[str, int]:
    """Finding ids an editor accepted (``<kb>/accepted-findings.yaml``: a list of ``{id, reason}``),
    each with the line of its entry.

    Raises:
        InputError: the file is not UTF-8 YAML (names the line and column), uses anchors or aliases,
            or is not a list of entries with an ``id`` (names the line of the entry).
    """
    path = kb.kb_dir / ACCEPTED
    raw = read_bytes(path, "accepted findings", missing_ok=True)
    if raw is None:
        return {}
    import yaml

    text = decode(raw, path)
    refuse_aliases(text, path)
    try:
        root = yaml.compose(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except yaml.YAMLError as exc:
        raise yaml_error(exc, path, "not valid YAML") from None
    if root is None:
        return {}
    shape = "expected a list of entries like {id: S002-…, reason: …}"
    if not isinstance(root, yaml.SequenceNode):
        raise InputError(f"{path}:{root.start_mark.line + 1}: {shape}", path=path, line=root.start_mark.line + 1)
    out: dict[str, int] = {}
    for entry in root.value:
        line = entry.start_mark.line + 1
        fields = {k.value: v for k, v in entry.value if isinstance(k, yaml.ScalarNode)} \
            if isinstance(entry, yaml.MappingNode) else {}
        fid = fields.get("id")
        if not isinstance(fid, yaml.ScalarNode) or fid.tag != "tag:yaml.org,2002:str" or not fid.value:
            raise InputError(f"{path}:{line}: {shape}", path=path, line=line)
        out.setdefault(fid.value, line)
    return out


__all__ = ["CHECKS", "Check", "CheckRun", "Context", "Finding", "all_checks", "cached_json", "check", "code_of",
           "finding", "run_checks"]
