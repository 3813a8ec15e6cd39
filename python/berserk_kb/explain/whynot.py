"""Why not, and what if: a result held against the one the user expected, and the same situation
with a field changed.

**Why not** (:func:`why_not`). The user names a part of an event's result and the value expected
(``events[0].value=3``). When the computation gives another value, the answer is the first step
where it departs from the expectation; the units that step cites are the paragraphs that decide it.
The steps of the event that carry the value asked about are read in proof order, each with the
value it was given (its ``before`` input) and the value it gives; the steps after the last one that
gives the computed value are about something else and are left out. Then:

- when the expected value was reached at some step, the departure is the first step after the last
  such one that changed the value;
- else, when some step was given the expected value, it is that step;
- else it is the step that settled the value: the last one that changed it (when none changed it:
  the step that gave it, or the event's own step when the value is what the event was given);
- a value no step carries (``performed``, a list of names) is decided by the step that gives it, else
  by the last step that cites something and has no step under it.

**What if** (:func:`what_if`). The scenario with fields set to other values (``PATH=VALUE``, the path
into the scenario as written: ``events[0].die_roll.roll=5``, ``cards[king].controller=p2``; a list
element set to ``null`` is taken out) is computed again; for each event, the result before and after
and the steps that differ, as the comparison of two editions finds them.
"""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

from ..errors import InputError
from ..scenario.events import event_kind
from ..scenario.load import load_scenario, validate_scenario
from ..text.readers import load_yaml
from .book import Book
from .compare import step_keys
from .results import EventChange, ProofNode, WhatIf, WhyNot
from .run import run

_PATH = re.compile(r"^(?:[^\W\d]\w*|\[[^\[\]]+\])(?:\.[^\W\d]\w*|\[[^\[\]]+\])*$")
_PART = re.compile(r"[^\W\d]\w*|\[([^\[\]]+)\]")
_NONE = object()


def parse_assignment(text: str, what: str) -> tuple[str, list[str | int], Any]:
    """``PATH=VALUE`` as (path text, path parts, value): parts are keys and list positions
    (``[0]`` → 0; ``[king]`` stays the text ``king``, a card handle); VALUE is read as YAML
    (``3``, ``true``, ``null``, ``medium``, ``[1, 2]``).

    Raises:
        InputError: no ``=``, a malformed path or value (the message starts with ``what`` and the text).
    """
    path, sep, raw = text.partition("=")
    path = path.strip()
    if not sep or not _PATH.match(path):
        raise InputError(f"{what} {text!r}: give PATH=VALUE, the path like events[0].value or cards[king].zone")
    parts: list[str | int] = []
    for m in _PART.finditer(path):
        inside = m.group(1)
        parts.append(m.group(0) if inside is None else int(inside) if inside.isdigit() else inside)
    value = load_yaml(raw, f"{what} {path}", malformed="the value is not valid YAML") if raw.strip() else None
    return path, parts, value


def _same(a: Any, b: Any) -> bool:
    if a is _NONE or b is _NONE:
        return False
    return isinstance(a, bool) == isinstance(b, bool) and json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def why_not(book: Book, scenario: dict[str, Any] | Path | str, expect: str, edition: str | None = None) -> WhyNot:
    """Compute ``scenario`` and hold the part of a result ``expect`` names (``events[I].KEY…=VALUE``)
    against the expected value (see the module docstring).

    Raises:
        InputError: ``expect`` is malformed, names no event or a key its result does not have.
        ScenarioError: as :func:`~.run.run`.
    """
    path, parts, want = parse_assignment(expect, "expect")
    if len(parts) < 3 or parts[0] != "events" or not isinstance(parts[1], int) or not isinstance(parts[2], str):
        raise InputError(f"expect {path!r}: a part of an event's result, events[I].KEY (e.g. events[0].value)")
    result = run(book, scenario, edition)
    index = parts[1]
    if not 0 <= index < len(result.events):
        raise InputError(f"expect {path}: there is no event {index} (events are numbered 0 to {len(result.events) - 1})")
    ev = result.events[index]
    got: Any = ev.result
    for i, key in enumerate(parts[2:], 2):
        inside = got.get(key, _NONE) if isinstance(got, dict) and isinstance(key, str) else \
            got[key] if isinstance(got, list) and isinstance(key, int) and 0 <= key < len(got) else _NONE
        if inside is _NONE:
            has = ", ".join(got) if isinstance(got, dict) else f"{len(got)} items" if isinstance(got, list) else "no parts"
            where = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in parts[2:i]) or " its result"
            raise InputError(f"expect {path}: event {index} ({ev.kind}) has no {key!r} in{where} (it has: {has})")
        got = inside
    if _same(got, want):
        return WhyNot(path, want, got, True, index, ev.kind, None, False, (), result)
    step, last = departure(ev.explanation, parts[2], want, got)
    return WhyNot(path, want, got, False, index, ev.kind, step, last, step.cites, result)


def departure(root: ProofNode, key: str, want: Any, got: Any) -> tuple[ProofNode, bool]:
    """The step of ``root``'s proof where the value at ``key`` departs from ``want`` (the computed
    value being ``got``), and whether it is the last step that changed the value (module docstring)."""
    nodes = [n for n in root.walk() if n is not root] or [root]

    def out(n: ProofNode) -> Any:
        v = n.value
        return v.get(key, v.get("value", _NONE)) if isinstance(v, dict) else v

    def given(n: ProofNode) -> Any:
        return next((n.inputs[k] for k in (f"{key}_before", "before") if k in n.inputs), _NONE)

    kind = type(got) if not isinstance(got, bool) else bool
    chain = [n for n in nodes if out(n) is not _NONE and type(out(n)) is kind and (kind is not str or given(n) is not _NONE)]
    ends = [i for i, n in enumerate(chain) if _same(out(n), got)]
    chain = chain[: ends[-1] + 1] if ends else []
    if chain:
        movers = [i for i, n in enumerate(chain) if given(n) is not _NONE and not _same(given(n), out(n))]
        reached = [i for i, n in enumerate(chain) if _same(out(n), want)]
        if reached and any(i > reached[-1] for i in movers):
            at = next(i for i in movers if i > reached[-1])
        elif any(_same(given(n), want) for n in chain):
            at = next(i for i, n in enumerate(chain) if _same(given(n), want))
        elif movers:
            at = movers[-1]
        else:  # no step changed it: it is what the event was given, else what the one step gave
            return (root if given(chain[0]) is not _NONE else chain[-1]), False
        return chain[at], at == movers[-1]
    speaking = [n for n in nodes if n.cites and (_same(n.value, got) or (isinstance(n.value, dict) and _same(n.value.get(key), got)))]
    leaves = [n for n in nodes if n.cites and not n.children]
    return (speaking or leaves or nodes)[-1], False


def _set(data: Any, path: str, value: Any, text: str) -> None:
    """Set ``value`` at ``path`` inside ``data`` (a list element set to ``None`` is taken out)."""
    at: Any = data
    matches = list(_PART.finditer(path))
    for i, m in enumerate(matches):
        here = path[: m.start()].rstrip(".") or "the scenario"
        inside = m.group(1)
        part: Any = m.group(0) if inside is None else int(inside) if inside.isdigit() else inside
        if isinstance(at, list) and inside is not None:
            if isinstance(part, str):
                found = [j for j, x in enumerate(at) if isinstance(x, dict) and x.get("id") == part]
                if not found:
                    raise InputError(f"set {text}: no element with id {part!r} in {here}")
                part = found[0]
            if not 0 <= part < len(at):
                raise InputError(f"set {text}: {here} has {len(at)} elements (numbered from 0)")
        elif not isinstance(at, dict) or inside is not None or part not in at:
            has = ", ".join(at) if isinstance(at, dict) else f"{len(at)} elements" if isinstance(at, list) else "no fields"
            raise InputError(f"set {text}: {here} has no {m.group(0)} (it has: {has})")
        if i == len(matches) - 1:
            if isinstance(at, list) and value is None:
                del at[part]
            else:
                at[part] = value
        else:
            at = at[part]


def what_if(book: Book, scenario: dict[str, Any] | Path | str, changes: list[str], edition: str | None = None) -> WhatIf:
    """Compute ``scenario`` as it is and with ``changes`` (each ``PATH=VALUE``) made, and compare.

    Raises:
        InputError: a change is malformed or names a field the scenario does not have.
        ScenarioError: as :func:`~.run.run`, for either scenario (the changed one is validated again).
    """
    if not changes:
        raise InputError("set: give at least one PATH=VALUE")
    if isinstance(scenario, (str, Path)):
        where, data = str(scenario), load_scenario(scenario, book.kb_cards)
    else:
        where, data = "scenario", validate_scenario(scenario, "scenario", book.kb_cards)
    data = {**data, "events": [{event_kind(e): e[event_kind(e)]} for e in data["events"]]}  # as written: one key each
    changed = copy.deepcopy(data)
    made: dict[str, Any] = {}
    for text in changes:
        path, _, value = parse_assignment(text, "set")
        _set(changed, path, value, text)
        made[path] = value
    validate_scenario(changed, f"{where} with {', '.join(changes)}", book.kb_cards)  # errors name the change
    before = run(book, data, edition)
    after = run(book, changed, edition)
    events = []
    for i in range(max(len(before.events), len(after.events))):
        b = before.events[i] if i < len(before.events) else None
        a = after.events[i] if i < len(after.events) else None
        keys_b = step_keys(b.explanation) if b else {}
        keys_a = step_keys(a.explanation) if a else {}
        only_b = tuple(node for k, (sig, node) in keys_b.items() if keys_a.get(k, (None,))[0] != sig)
        only_a = tuple(node for k, (sig, node) in keys_a.items() if keys_b.get(k, (None,))[0] != sig)
        kind = (a or b).kind  # type: ignore[union-attr]
        events.append(EventChange(i, kind, b.result if b else {}, a.result if a else {},
                                  bool(a and b and _same(a.result, b.result)), only_b, only_a))
    return WhatIf(made, tuple(events), before, after)
