"""What if (:func:`what_if`): the scenario with fields set to other values (``PATH=VALUE``, the path
into the scenario as written: ``events[0].die_roll.roll=5``, ``cards[king].controller=p2``; a list
element set to ``null`` is taken out, every ``null`` of one list against the list as written) is
computed again; for each event, the result before and after and the steps that differ, as the
comparison of two editions finds them. Events are held against themselves, by their index in the
scenario as written: an event taken out (``events[2]=null``) is shown as removed, and the events
after it are compared with the same events of the changed run, not with the next ones. A
modifier keeps the automatic id it has in the scenario as written (``m2`` stays ``m2`` when
``modifiers[0]`` is taken out), so that a step of either run names the same modifier. The stated
outcome (``expect``) is the unchanged scenario's: the changed one is computed without it, never
checked against it (a path into ``expect`` is refused).
"""

from __future__ import annotations

import copy
import json
from dataclasses import replace
from pathlib import Path
from typing import Any

from ..errors import InputError, ScenarioError, cut
from ..scenario.load import scenario_as_written, validate_scenario
from .book import Book
from .compare import step_keys
from .results import EventChange, WhatIf
from .run import run
from .whynot import PATH_PART, in_file, parse_assignment, path_index, same_value, written_scenario

_REMOVED = object()  # a list element a change takes out, dropped once every change is made


def _purge(data: Any) -> Any:
    """``data`` without the list elements marked :data:`_REMOVED`."""
    if isinstance(data, list):
        return [_purge(x) for x in data if x is not _REMOVED]
    if isinstance(data, dict):
        return {k: _purge(v) for k, v in data.items()}
    return data


def _set(data: Any, path: str, value: Any, text: str, full: Any) -> None:
    """Set ``value`` at ``path`` inside ``data``, the scenario as written (a list element set to
    ``None`` is taken out); a field left to its default is one of ``full``, the same validated."""
    at: Any = data
    matches = list(PATH_PART.finditer(path))
    for i, m in enumerate(matches):
        here = path[: m.start()].rstrip(".") or "the scenario"
        inside = m.group(1)
        part: Any = m.group(0) if inside is None else path_index(inside)
        if isinstance(at, list) and inside is not None:
            if isinstance(part, str):
                found = [j for j, x in enumerate(at) if isinstance(x, dict) and x.get("id") == part]
                if not found:
                    raise InputError(f"set {cut(text)}: no element with id {part!r} in {here}",
                                     refusal={"kind": "set_no_id", "values": [cut(text), repr(part), here]})
                part = found[0]
            if not 0 <= part < len(at):
                raise InputError(f"set {cut(text)}: {here} has {len(at)} element{'s' * (len(at) != 1)} "
                                 "(numbered from 0)",
                                 refusal={"kind": "set_no_element", "values": [cut(text), here, len(at)]})
            if at[part] is _REMOVED:
                raise InputError(f"set {cut(text)}: {here}[{m.group(1)}] is taken out by another change",
                                 refusal={"kind": "set_taken_out", "values": [cut(text), here, m.group(1)]})
        elif not isinstance(at, dict) or inside is not None or part not in full:
            has = (", ".join(full) if isinstance(full, dict)
                   else f"{len(at)} element{'s' * (len(at) != 1)}" if isinstance(at, list) else "no fields")
            said = ({"kind": "set_no_field", "values": [cut(text), here, m.group(0), has]}
                    if isinstance(full, dict) else None)
            raise InputError(f"set {cut(text)}: {here} has no {m.group(0)} (it has: {has})", refusal=said)
        if i == len(matches) - 1:
            at[part] = _REMOVED if isinstance(at, list) and value is None else value
        else:
            if isinstance(at, dict) and part not in at:  # left to its default: written out here, only this part
                at[part] = copy.deepcopy(full[part])
            at, full = at[part], full[part]


def what_if(book: Book, scenario: dict[str, Any] | Path | str, changes: list[str],
            edition: str | None = None) -> WhatIf:
    """Compute ``scenario`` as it is and with ``changes`` (each ``PATH=VALUE``) made, and compare.

    Raises:
        InputError: a change is malformed, names a field the scenario does not have, or a path
            given twice (never last-wins); for a scenario file, naming the file (``path`` the file,
            ``field`` the path the change names, ``--set`` when it names none that can be read).
        ScenarioError: as :func:`~.run.run`, for either scenario (the changed one is validated again;
            its ``path`` is the file, ``shown`` the file and the changes, as its message names them).
    """
    if not changes:
        raise InputError("set: give at least one PATH=VALUE", refusal={"kind": "set_nothing", "values": []})
    if isinstance(scenario, (str, Path)):  # changes are made to the data as written, not to the
        written = scenario_as_written(scenario, book.kb_cards, book.lexicon_names()[1])  # defaults filled in
        where, data = str(scenario), written
    else:
        where, data = "scenario", scenario
    full = written_scenario(book, data)
    changed = copy.deepcopy(data)
    made: dict[str, Any] = {}
    changed.pop("expect", None)  # the outcome stated for the scenario as written, not for the changed one
    _pin_ids(changed)
    for text in changes:  # every path against the scenario as written: a removal shifts no index
        try:
            path, value = _change(changed, text, made, full)
        except InputError as exc:
            raise (exc if where == "scenario" else in_file(exc, where, text, "--set")) from None
        made[path] = value
    kept = _kept(data, changed)
    changed = _purge(changed)
    named = " --set ".join([where, *changes])  # as the command line writes it: the same in every language
    before = run(book, data, edition, where)
    try:
        validate_scenario(changed, named, book.kb_cards, book.lexicon_names()[1])  # errors name the change
        after = run(book, changed, edition, named)
    except ScenarioError as exc:
        raise _in_the_file(_with_the_set_to_add(_as_written(exc, kept), made), where, named) from None
    events = []
    pairs = kept if kept is not None else \
        [(i, i if i < len(after.events) else None) for i in range(len(before.events))] + \
        [(None, j) for j in range(len(before.events), len(after.events))]
    for i, j in pairs:
        b = before.events[i] if i is not None else None
        a = after.events[j] if j is not None else None
        keys_b, keys_a = _keys(b), _keys(a)
        only_b = tuple(node for k, (sig, node) in keys_b.items() if keys_a.get(k, (None,))[0] != sig)
        only_a = tuple(node for k, (sig, node) in keys_a.items() if keys_b.get(k, (None,))[0] != sig)
        kind = (a or b).kind  # type: ignore[union-attr]
        events.append(EventChange(i if i is not None else j, kind, b.result if b else {}, a.result if a else {},  # type: ignore[arg-type]
                                  bool(a and b and same_value(a.result, b.result)), only_b, only_a,
                                  removed=a is None))
    return WhatIf(made, tuple(events), before, after, tuple(pairs))


def _change(changed: dict[str, Any], text: str, made: dict[str, Any], full: Any) -> tuple[str, Any]:
    """Make the change ``text`` (``PATH=VALUE``) to ``changed``; its path and value.

    Raises:
        InputError: as :func:`what_if`, not naming the file.
    """
    path, _, value = parse_assignment(text, "set")
    if path.split(".")[0].split("[")[0] == "expect":
        raise InputError(f"set {cut(path)}: a what-if computes the changed scenario; "
                         "it does not check a stated outcome (expect)",
                         refusal={"kind": "set_expect", "values": [cut(path)]})
    if path in made:
        raise InputError(f"set {cut(path)}: the path is given twice; give each field one value",
                         refusal={"kind": "set_path_twice", "values": [cut(path)]})
    _set(changed, path, value, text, full)
    return path, value


def _in_the_file(exc: ScenarioError, where: str, named: str) -> ScenarioError:
    """``exc``, an error of the changed scenario ``named`` (the file and its ``--set`` changes, as
    the message names it), with the file ``where`` as its ``path`` and ``named`` as ``shown``."""
    if exc.path != named or where == "scenario":
        return exc
    return ScenarioError(str(exc), path=where, line=exc.line, field=exc.field, event=exc.event,
                         edition=exc.edition, refusal=exc.refusal, detail=exc.detail, shown=named)


#: What a card out of play holds (scenario.pl nothing_held_outside_play/2), as a --set leaves it.
_NOT_HELD = {"wounds": "0", "tapped": "false", "in_formation": "false", "acquired": "[]"}


def _with_the_set_to_add(exc: ScenarioError, made: dict[str, Any]) -> ScenarioError:
    """``exc``, naming the second ``--set`` to add where a change moved a card out of play and the
    card still holds what only a card in play holds (refusal ``held_outside_play_read``, worded
    then as ``held_outside_play_set`` with the ``--set`` to add); else ``exc`` itself."""
    refusal = exc.refusal or {}
    values = refusal.get("values") or []
    if refusal.get("kind") != "held_outside_play_read" or len(values) != 3 or str(values[2]) not in _NOT_HELD \
            or not any(path.startswith("cards[") and path.endswith(".zone") for path in made):
        return exc
    add = f"--set 'cards[{values[0]}].{values[2]}={_NOT_HELD[str(values[2])]}'"
    tail = f"; to ask this what-if, add {add}"
    return ScenarioError(str(exc) + tail, path=exc.path, line=exc.line, field=exc.field, event=exc.event,
                         edition=exc.edition, refusal={"kind": "held_outside_play_set", "values": [*values, add]},
                         detail=exc.detail + tail if exc.detail else None)


def _as_written(exc: ScenarioError, kept: list[tuple[int, int | None]] | None) -> ScenarioError:
    """``exc``, an error of the changed scenario, naming its event by the index the event has in the
    scenario as written (``kept``: each written index with its index in the changed one), not by
    its index among the events left when some were taken out."""
    written = {j: i for i, j in kept or [] if j is not None}
    if exc.event is None or written.get(exc.event, exc.event) == exc.event:
        return exc
    old, new = f"events[{exc.event}]", f"events[{written[exc.event]}]"
    field, detail = exc.field or "", exc.detail or ""
    out = ScenarioError(str(exc).replace(f"field {old}", f"field {new}", 1), path=exc.path, line=exc.line,
                        field=field.replace(old, new, 1) if field.startswith(old) else exc.field,
                        event=written[exc.event], edition=exc.edition, refusal=exc.refusal,
                        detail=detail.replace(f"field {old}", f"field {new}", 1) if exc.detail else None)
    return out


def _keys(event: Any) -> dict[tuple, tuple[str, Any]]:
    """The steps of ``event`` (None: none) as :func:`~.compare.step_keys` keys them, each signed with
    the units it cites too (a unit is one edition's: under another edition, a step cites other units
    and so differs), and the event's own step when it has children and its value or cited units are
    not those of the other run; an own step that cites nothing itself is shown with the units its
    steps cite (they decided its value)."""
    if event is None:
        return {}
    keys = {k: (json.dumps([sig, [c.id for c in node.cites]], ensure_ascii=False), node)
            for k, (sig, node) in step_keys(event.explanation).items()}
    root = event.explanation
    if root.children:
        below = root.all_cites()
        shown = root if root.cites else replace(root, cites=tuple(c for i, c in enumerate(below) if c not in below[:i]))
        keys[(root.step, None, -1)] = (json.dumps({"value": root.value, "cites": [c.id for c in root.cites]},
                                                  sort_keys=True, ensure_ascii=False), shown)
    return keys


def _pin_ids(data: dict[str, Any]) -> None:
    """Write out the automatic id of each modifier of a die roll or an attack in ``data`` (as
    written, in place): ``m1``… by its place among them, as the validation numbers them."""
    for event in data.get("events") or []:
        body = event.get("die_roll") or event.get("attack") if isinstance(event, dict) else None
        mods = body.get("modifiers") if isinstance(body, dict) else None
        for j, m in enumerate(mods if isinstance(mods, list) else []):
            if isinstance(m, dict) and not m.get("id"):
                m["id"] = f"m{j + 1}"


def _kept(data: dict[str, Any], changed: dict[str, Any]) -> list[tuple[int, int | None]] | None:
    """Each event of ``data`` as written with its index among the events of ``changed`` (None: taken
    out), when the changes only took events out or changed them in place; else None (the events
    list set as a whole: held by position)."""
    was, now = data.get("events"), changed.get("events")
    if not isinstance(was, list) or not isinstance(now, list) or len(was) != len(now):
        return None
    pairs, j = [], 0
    for i, event in enumerate(now):
        pairs.append((i, None if event is _REMOVED else j))
        j += event is not _REMOVED
    return pairs
