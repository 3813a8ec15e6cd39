"""Meaning checks: the worked examples against the rules, the editions against each other, the
clauses against each other, and which paragraphs and clauses nothing implements or exercises."""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ..engine.code import code_files, prolog_dir
from ..errors import BerserkError, cut
from ..explain.suite import SuiteRunner, example_files
from ..store.entries import cached, code_key, entry_path
from .registry import Context, Finding, check, finding


def suite(ctx: Context) -> SuiteRunner:
    """The runner of the scenario suite (``<kb>/examples`` and ``<kb>/scenarios``) for this check run."""
    if "suite" not in ctx.memo:
        ctx.memo["suite"] = SuiteRunner(ctx.kb)
    return ctx.memo["suite"]


def mechanics_editions(ctx: Context) -> list[str]:
    """The editions being checked whose mechanics are encoded for this rulebook: the engine has
    clauses for the edition, and they cite paragraphs this rulebook has. Mechanics written for
    another text (they cite none of the edition's units) say nothing about this one: the meaning
    checks skip that edition, with a note in ``ctx.skipped``."""
    if "editions" not in ctx.memo:
        encoded = ctx.kb.encoded_editions  # asked of Prolog once per knowledge base, as why asks it
        cited = {uid.split(":", 1)[0] for uid in _cited_ids(ctx) if uid in ctx.units}
        ctx.memo["editions"] = []
        for e in ctx.editions:
            if not ctx.kb.rulebook.edition(e):
                continue
            if e not in encoded:
                ctx.skip("unencoded", {"edition": e, "encoded": sorted(encoded)}, "M001", "M002", "M003", "M004",
                         "M005", "M007")
                continue
            if e in cited:
                ctx.memo["editions"].append(e)
            else:
                ctx.skip("uncited", {"edition": e}, "M001", "M002", "M003", "M004", "M005", "M007")
    return ctx.memo["editions"]


def _runs(ctx: Context) -> dict[tuple[str, str], Any]:
    """Each suite scenario run under each mechanics edition: result, or the error's text."""
    runner = suite(ctx)
    out: dict[tuple[str, str], Any] = {}
    for path in runner.files():
        for ed in mechanics_editions(ctx):
            try:
                out[(str(path), ed)] = runner.run(path, ed)
            except BerserkError as exc:
                out[(str(path), ed)] = str(exc)
    return out


@check("M001", "example-outcome", "error", "meaning")
def example_outcome(ctx: Context) -> Iterable[Finding]:
    """A worked example (ПРИМЕР) whose stated outcome the rules as encoded do not produce (error),
    that has no scenario file and no stated reason although its edition's mechanics are encoded
    for this text (warning), or that is listed as not formalizable (info, with the reason).

    Why: an example that the rules do not bear out is either a wrong example or a wrong rule.
    """
    from ..explain.examples import run_examples

    encoded = mechanics_editions(ctx)
    for o in run_examples(ctx.kb, suite(ctx)):
        if o.status == "error":  # the file is no scenario: whatever its edition, nothing runs it
            yield finding(ctx, "M001", "error", f"{Path(o.file or '').name}:error",
                          {"file": Path(o.file or "").name, "problems": list(o.problems)}, "error",
                          source=Path(o.file or "").name)
            continue
        if o.status == "pass" or o.edition not in ctx.editions:
            continue
        if o.edition not in encoded:
            continue  # no mechanics are encoded for that edition of this text: nothing could run it
        severity = {"fail": "error", "missing": "warning"}.get(o.status, "info")
        yield finding(ctx, "M001", severity, f"{o.example}:{o.status}",
                      {"example": o.example, "paragraph": o.paragraph, "status": o.status,
                       "problems": list(o.problems)},
                      edition=o.edition, unit=o.example, source=(o.file and Path(o.file).name) or None)


@check("M006", "broken-scenario", "error", "meaning")
def broken_scenario(ctx: Context) -> Iterable[Finding]:
    """A file of ``<kb>/scenarios`` that is not a scenario (not YAML, a field wrong, …): the error
    that names its line and field. (A broken file of ``<kb>/examples`` is M001's.)

    Why: ``check``, ``diff`` and the behaviour comparison run the suite; a file they cannot read
    would otherwise test nothing without anyone knowing.
    """
    from ..scenario.load import load_scenario

    examples = set(example_files(ctx.kb.kb_dir))
    for path in suite(ctx).files():
        if path in examples:
            continue
        try:
            load_scenario(path)
        except BerserkError as exc:
            yield finding(ctx, "M006", "error", path.name, {"file": path.name, "error": str(exc)},
                          source=f"scenarios/{path.name}")


@check("M007", "edition-data-unit", "error", "meaning")
def edition_data_unit(ctx: Context) -> Iterable[Finding]:
    """A unit that an edition's data (``prolog/editions/``) names as stating a rule and the loaded
    text of that edition does not have: an error where the text has other units of that rule's
    section (a misspelt id), a warning, once per section, where it has none of them (the text
    lacks the section: the engine refuses its rules).

    Why: the edition data is what the clauses cite; an id that names no unit cites nothing, and
    the rule it states is refused for want of its text.
    """
    from ..engine.runner import edition_table

    tables = {t["edition"]: t["rules"] for t in edition_table()}
    where = _cited_ids(ctx)
    for ed in mechanics_editions(ctx):
        rules = tables.get(ed, [])
        present = {r["section"] for r in rules if r["unit"] in ctx.units}
        absent: dict[str, list[str]] = {}
        for r in rules:
            unit, section = r["unit"], r["section"]
            if unit in ctx.units or unit in absent.get(section, []):
                continue
            absent.setdefault(section, []).append(unit)
            if section in present:
                yield finding(ctx, "M007", "error", unit, {"unit": unit, "edition": ed, "rule": r["rule"],
                              "where": where.get(unit, "prolog/editions/")}, edition=ed, source=where.get(unit))
        for section, units in absent.items():
            if section not in present:
                yield finding(ctx, "M007", "warning", f"{ed}:{section}", {"edition": ed, "section": section,
                              "units": units}, "section", edition=ed, source=where.get(units[0]))


@check("M008", "edition-data-rule", "error", "meaning")
def edition_data_rule(ctx: Context) -> Iterable[Finding]:
    """A rule (or a rule's variant) that an edition's data (``prolog/editions/``) states and no
    clause of the code asks for (``rules_read:unread_rules/1``): a misspelt rule name.

    Why: the rule modules ask for a rule by its name; a name they never ask for is never cited,
    and the behaviour the data means to give the edition silently falls back to "no such rule".
    """
    from ..engine.runner import unread_rules

    for r in unread_rules():
        if r["edition"] not in ctx.editions:
            continue
        where = f"prolog/{r['file']}:{r['line']}"
        yield finding(ctx, "M008", "error", f"{r['file']}:{r['rule']}",
                      {"edition": r["edition"], "rule": r["rule"], "name": r["name"], "where": where},
                      edition=r["edition"], source=where)


@check("M002", "edition-behaviour", "info", "meaning")
def edition_behaviour(ctx: Context) -> Iterable[Finding]:
    """A scenario of the suite whose result differs between two editions: the same rule stated by
    the two with a different effect; the finding names the paragraphs that make the difference.

    Why: a change of meaning between editions should be deliberate, and a judge needs to know it.
    """
    from ..explain.compare import compare

    eds = mechanics_editions(ctx)
    runs = _runs(ctx)
    for a, b in itertools.combinations(eds, 2):
        for path in suite(ctx).files():
            ra, rb = runs[(str(path), a)], runs[(str(path), b)]
            if isinstance(ra, str) or isinstance(rb, str):
                continue
            cmp = compare(ctx.kb, path, [a, b], runner=suite(ctx).run)
            for ev in cmp.events:
                if ev.same:
                    continue
                deciding = "; ".join(f"{ed} " + ", ".join(dict.fromkeys(c.ref() for c in ev.deciding[ed]))
                                     for ed in (a, b) if ev.deciding.get(ed))  # only the sides that have one
                first = next((c.id for c in ev.deciding.get(a, ())), None)
                yield finding(ctx, "M002", "info", f"{path.name}:{ev.index}:{a}{b}",
                              {"file": path.name, "event": ev.index + 1, "kind": ev.kind, "a": a, "b": b,
                               "a_result": json.dumps(ev.results[a], ensure_ascii=False),
                               "b_result": json.dumps(ev.results[b], ensure_ascii=False), "deciding": deciding,
                               "path": str(path)}, unit=first, source=path.name)


@check("M003", "clause-conflict", "warning", "meaning")
def clause_conflict(ctx: Context) -> Iterable[Finding]:
    """Two clauses that give different answers to one situation with nothing but their order to
    decide between them: small situations are generated systematically (die rolls, attacks, gains,
    losses, wounds) and each event is run trying every clause that applies; a situation with two
    results is printed as a ready-to-run scenario file.

    Why: the encoded rules would then depend on the order of clauses, not on the rulebook.
    """
    import yaml

    for ed in mechanics_editions(ctx):
        situations = list(_situations(ed))
        for c in _conflicts(situations):
            s = situations[c["index"]]
            text = yaml.safe_dump(_readable(s), allow_unicode=True, sort_keys=False)
            yield finding(ctx, "M003", "warning", text,
                          {"edition": ed, "event": next(iter(s["events"][0])),
                           "results": [json.dumps(r, ensure_ascii=False) for r in c["results"]]},
                          edition=ed, detail={"scenario": text})


def _conflicts(situations: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Run the situations in Prolog trying every clause (one call); the answer depends only on the
    Prolog code and the situations, so it is cached on disk under a digest of both."""
    from ..engine.runner import conflicts

    path = entry_path("conflicts", json.dumps(situations, ensure_ascii=False, sort_keys=True),
                      code_key(*code_files()), suffix=".json")
    return cached(path, lambda: conflicts(situations))


def _card(cid: str, controller: str = "p1", **kw: Any) -> dict[str, Any]:
    base = {"id": cid, "name": cid, "controller": controller, "owner": controller, "zone": "battle", "face_up": True,
            "created": False, "in_formation": False, "tapped": False, "wounds": 0, "features": [], "acquired": [],
            "grants": [], "effects": [], "overrides": [], "hit": [1, 2, 3]}
    return {**base, **kw}


def _situations(ed: str) -> Iterable[dict[str, Any]]:
    """Small one-event situations covering every mechanic, in the normalised shape Prolog takes."""
    cards = [_card("roller"), _card("ally"), _card("foe", "p2"), _card("foe2", "p2")]

    def scenario(event: dict[str, Any], cs: list[dict[str, Any]] | None = None) -> dict[str, Any]:
        return {"edition": ed, "active": "p1", "cards": cs or cards, "events": [event]}

    mods: list[tuple[str, str,
                     Any]] = [(src, op, v) for src in ("ally", "roller", "foe") for op, v in (("add", -2), ("set", 5))]
    for roll in (1, 6):
        for k in (0, 1, 2):
            for combo in itertools.combinations(mods, k):
                ms = [{"id": f"m{i + 1}", "source": s, "op": op, "value": v, "declared": "after"}
                      for i, (s, op, v) in enumerate(combo)]
                for flip in (False, True):
                    yield scenario({"die_roll": {"roller": "roller", "roll": roll, "reroll": None, "flip": flip,
                                                 "flip_source": "foe", "next_roll_equals": None,
                                                 "modifiers": ms, "order": []}})
    amods: list[tuple[str, str, Any]] = [(src, op, v) for src in ("ally", "roller", "foe", "foe2")
             for op, v in (("add", 1), ("set", 1), ("strike", "weak"))]
    for base in (0, 2):
        for k in (1, 2):
            for combo in itertools.combinations(amods, k):
                ms = [{"id": f"m{i + 1}", "source": s, "op": op, "value": v} for i, (s, op, v) in enumerate(combo)]
                yield scenario({"attack": {"source": "roller", "target": "foe", "strike": "medium", "base": base,
                                           "modifiers": ms, "order": []}})
    helds = [[], *([{"name": "Регенерация", "value": v, "trigger": None}] for v in (1, 2, None))]
    gains = [("grant", 1), ("grant", 2), ("grant", None), ("add", 1), ("add", -3)]
    for held in helds:
        for op, v in gains:
            if op == "add" and (not held or held[0]["value"] is None):
                continue
            cs = [_card("c", features=held), _card("s", "p2")]
            yield scenario({"gain_feature": {"card": "c", "name": "Регенерация", "value": v, "source": "s", "op": op,
                                             "while": None, "until": None, "modifiers": []}}, cs)
    for which in ("all", "Строй", "Броня"):
        for duration in (None, "end_of_turn"):
            cs = [_card("g", in_formation=True, features=[{"name": "Строй", "value": None, "trigger": None}],
                        acquired=[{"name": "Броня", "value": 1, "source": None, "while": None, "until": None,
                                   "static": False}],
                        grants=[{"name": "Опыт в защите", "value": 1, "while": "formation"}])]
            yield scenario({"lose_features": {"card": "g", "which": which, "duration": duration, "anywhere": False}},
                           cs)
    effects: list[dict[str, Any]] = [{"id": "p", "type": "prevent", "amount": 2, "protects": "all"},
               {"id": "o", "type": "prevent_once", "amount": 2, "protects": "all"},
               {"id": "e", "type": "prevent_each", "amount": 1, "protects": "all"},
               {"id": "n", "type": "no_wounds_from", "kinds": ["spell"], "protects": "all"},
               {"id": "w", "type": "wounds_only_from", "kinds": ["strike"], "protects": "all"}]
    for k in (1, 2):
        for chosen in itertools.combinations(effects, k):
            for attack in ("strike", "spell"):
                cs = [_card("t"), _card("h1", effects=[{"kinds": [], "of": None, "becomes": None, **chosen[0]}]),
                      _card("h2", "p2", effects=[{"kinds": [], "of": None, "becomes": None, **e} for e in chosen[1:]])]
                yield scenario({"wounds": {"card": "t", "amount": 3, "source": "h2", "attack": attack, "choose": []}},
                               cs)


def _readable(s: dict[str, Any]) -> dict[str, Any]:
    """A generated situation as a scenario file (cards without their default fields)."""
    keep = ("id", "controller", "zone", "features", "acquired", "grants", "effects", "in_formation", "hit")
    cards = [{k: v for k, v in c.items() if k in keep and v not in ([], False, "battle")} for c in s["cards"]]
    return {"edition": s["edition"], "active": s["active"], "cards": cards, "events": s["events"]}


_NORMATIVE = re.compile(r"\b(долж|мож|нельзя|применя|наклад|явля|счита|определя|получа|подавля|удаля|"
                        r"отменя|перемешива|становит|прекраща|действует)", re.IGNORECASE)


# A unit a clause cites: `cite('A:518.3')` in a clause, or the unit of an edition's data fact
# `editions:rule('A', Section, Rule, 'A:518.3').` (prolog/editions/, one fact a line) — two patterns:
# each starts with fixed words, which re finds ~2× faster than it tries an alternation at every character.
_CITED = (re.compile(r"cite\('([^']+)'\)"), re.compile(r"^editions:rule\(.*'([^'\n]+)'\)\.[ \t]*$", re.M))


def _cited_ids(ctx: Context) -> dict[str, str]:
    """Every unit id a clause of the Prolog code cites, with the clause's file:line (read once a check run)."""
    if "cited" in ctx.memo:
        return ctx.memo["cited"]
    out: dict[str, str] = {}
    ctx.memo["cited"] = out
    root = prolog_dir()
    for pl in code_files(root):
        text = pl.read_text(encoding="utf-8")
        line, at = 1, 0
        for start, uid in sorted((m.start(), m.group(1)) for pattern in _CITED for m in pattern.finditer(text)):
            line, at = line + text.count("\n", at, start), start
            out.setdefault(uid, f"prolog/{pl.relative_to(root).as_posix()}:{line}")
    return out


@check("M004", "uncited-paragraph", "info", "meaning")
def uncited_paragraph(ctx: Context) -> Iterable[Finding]:
    """A normative paragraph (it says what must, may or cannot happen) of an edition whose mechanics
    are encoded for this text, that no clause implements: neither it nor any of its list items is cited.

    Why: a rule with no clause is one the engine cannot explain or check.
    """
    cited = set(_cited_ids(ctx))
    items = {i.id: i.paragraph for i in ctx.kb.rulebook.list_items}
    covered = cited | {items[c] for c in cited if c in items}
    for ed in mechanics_editions(ctx):
        for p in ctx.kb.rulebook.paragraphs:
            if p.edition != ed or p.kind.value == "heading" or p.id in covered or p.orphaned:
                continue
            if _NORMATIVE.search(p.display_text):
                yield finding(ctx, "M004", "info", p.id,
                              {"number": ctx.number_of(p.id), "text": cut(p.display_text, 70)}, edition=ed, unit=p.id)


@check("M005", "unexercised-clause", "info", "meaning")
def unexercised_clause(ctx: Context) -> Iterable[Finding]:
    """A clause (identified by the unit of this rulebook it cites) that no scenario of the suite
    (kb/examples, kb/scenarios) exercises: it appears in no proof.

    Why: a clause no scenario runs is a clause no test pins down.
    """
    used = {uid for r in _runs(ctx).values() if not isinstance(r, str) for uid in r.cited_ids()}
    eds = mechanics_editions(ctx)
    for uid, where in sorted(_cited_ids(ctx).items()):
        ed = uid.split(":", 1)[0]
        if ed in eds and uid in ctx.units and uid not in used:
            yield finding(ctx, "M005", "info", uid, {"unit": uid, "where": where}, edition=ed, unit=uid, source=where)
