"""Consistency checks of a rulebook: a registry of small checks, each documented and tested alone.

A check is a function ``(context) -> Iterable[Finding]`` marked with :func:`~.registry.check`; its docstring
says what it looks for (first paragraph) and why that matters (the paragraph starting «Why:»).
Groups: structure (``S``), language (``L``; the editorial checks of real text, L005–L009, in
:mod:`.editorial`), meaning (``M``), graph (``G``).

:func:`run_checks` runs them all (or those of one edition), drops the findings listed in
``<kb>/accepted-findings.yaml`` and returns the rest in a stable order: the same rulebook gives the
same findings in the same order, each with a stable id.
"""

from __future__ import annotations

import importlib

from ..errors import InputError
from ..explain.book import Book
from ..progress import steps
from .registry import Check, CheckRun, Context, Finding

#: The modules that hold the checks, imported when the checks are asked for (``show`` and ``why``
#: use :mod:`.structure`'s number inferences alone).
MODULES = ("structure", "language", "editorial", "meaning", "graph", "accepted")


def all_checks(only: list[str] | tuple[str, ...] | None = None) -> list[Check]:
    """Every check of :data:`MODULES` (or those whose code or name is in ``only``), by code.

    Raises:
        InputError: ``only`` names a check that does not exist.
    """
    modules = [importlib.import_module(f"{__name__}.{m}") for m in MODULES]
    checks = [f.check for m in modules for f in vars(m).values() if isinstance(getattr(f, "check", None), Check)]
    known = {c.code for c in checks} | {c.name for c in checks}
    if only and not set(only) <= known:
        raise InputError(f"unknown check {sorted(set(only) - known)[0]!r} (see berserk-kb check --list)")
    return sorted((c for c in checks if not only or c.code in only or c.name in only), key=lambda c: c.code)


def run_checks(kb: Book, edition: str | None = None, only: list[str] | None = None) -> CheckRun:
    """Run every registered check (or those whose code or name is in ``only``) over ``kb``.

    Returns a :class:`CheckRun`: the findings not accepted, in a stable order, what was skipped, and
    the accepted findings (apart). A finding is reported once per id: a paragraph that cites the
    same missing number twice is one S005, accepted by its one id.

    Raises:
        NotFoundError: unknown edition.
        InputError: a malformed ``accepted-findings.yaml``.
    """
    from .accepted import accepted_entries

    edition = kb.check_edition(edition)
    editions = (edition,) if edition else tuple(e.id for e in kb.rulebook.editions)
    entries = accepted_entries(kb)
    ids = {fid: line for fid, (line, _) in entries.items()}
    checks = all_checks()
    ctx = Context(kb, editions, {c.code: c.name for c in checks})
    found: list[Finding] = []
    seen: set[str] = set()
    todo = [c for c in sorted(checks, key=lambda c: (c.group == "accepted", c.code))
            if not (only and c.code not in only and c.name not in only)
            and not (c.group == "accepted" and (only or edition))]  # accepted needs every finding: a full run
    with steps("checking", len(todo)) as done:
        for c in todo:
            if c.group == "accepted":
                ctx.memo["found"] = found
                ctx.memo["accepted"] = ids
            for f in c.func(ctx):
                if f.edition in (None, *editions) and f.id not in seen:  # one id, one finding
                    seen.add(f.id)
                    found.append(f)
            done()
    kept = [f for f in found if f.id not in ids]
    order = {e.id: i for i, e in enumerate(kb.rulebook.editions)}
    units = {u.id: i for i, u in enumerate(kb.rulebook.units())}
    kept.sort(key=lambda f: (order.get(f.edition or "", -1), units.get(f.paragraph or "", 10**9), f.code, f.id))
    return CheckRun(tuple(kept), len(found) - len(kept), tuple(ctx.skipped), tuple(f for f in found if f.id in ids),
                    {fid: why for fid, (_, why) in entries.items() if why}, tuple(ctx.skipped_said))


__all__ = ["Check", "CheckRun", "Context", "Finding", "all_checks", "run_checks"]
