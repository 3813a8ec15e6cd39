"""The why page: a scenario from the editor, a bundled file, a shared link or the situation form;
its result and justification under one edition, or under two side by side.

A situation's link holds the scenario itself (``/why?s=…``: the YAML text, deflated and base64url encoded),
so the server keeps no state. The computing is the facade's (:meth:`~berserk_kb.kb.KnowledgeBase.why`,
:meth:`~berserk_kb.kb.KnowledgeBase.compare`); this module reads the inputs and shapes the answers.
"""

from __future__ import annotations

import base64
import binascii
import contextlib
import re
import zlib
from collections.abc import Callable, Iterator
from typing import Any

import yaml

from ..errors import GoalTimeout, InputError, NotFoundError, ScenarioError, cut_around
from ..explain.sentences import Filler, node_context
from ..kb import KnowledgeBase
from ..render.why import value_text
from ..scenario.load import MAX_EVENTS as CLI_EVENTS
from .inputs import QuestionError
from .pages import apart
from .reading import Reading
from .reasons import error_reason, field_reasons

MAX_TEXT = 32 * 1024  # a scenario's text; the bundled ones are under 3 KB
#: At most this many events in a scenario the web computes (the CLI: :data:`CLI_EVENTS`): the answer
#: of each is a page of its own, and one request must not hold the engine for the rest.
MAX_EVENTS = 100
#: At most this many steps of an answer's justifications are shown (some 600 bytes of HTML each): past
#: them a step says how many below it are left out (each event's result and first step always shown).
SHOWN_STEPS = 400


def encode(text: str) -> str:
    """A scenario's text as the ``s`` parameter of its link."""
    return base64.urlsafe_b64encode(zlib.compress(text.encode("utf-8"), 9)).decode("ascii").rstrip("=")


def decode(code: str) -> str:
    """The scenario text of a link's ``s`` parameter.

    Raises:
        InputError: not such a code, or the text it holds is too long or not UTF-8.
    """
    try:
        raw = base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
        inflate = zlib.decompressobj()
        data = inflate.decompress(raw, MAX_TEXT + 1)
        if len(data) > MAX_TEXT or inflate.unconsumed_tail:
            raise InputError(f"the scenario in the link is longer than {MAX_TEXT // 1024} KB", path="link", field="s",
                             refusal={"kind": "link_too_long", "values": [MAX_TEXT // 1024]})
        return data.decode("utf-8")
    except (binascii.Error, zlib.error, UnicodeDecodeError, ValueError):
        raise InputError("the link does not hold a scenario (parameter s is damaged)", path="link", field="s") from None


#: A why request is light when its scenario text has at most this many bytes (the bundled ones: under
#: 3 KB) and it asks for at most two editions; the rest are heavy. Light requests have a lane of their
#: own, their goals start first and share at most :data:`LIGHT_BUDGET` seconds of Prolog time (so that
#: a small costly text cannot hold the light lane); heavy ones run one at a time, under the request budget.
LIGHT_TEXT = 4 * 1024
LIGHT_BUDGET = 1.0
#: … and asks for at most this many events × editions (a small text of many events is costly:
#: 20 die rolls under two editions in 3 KB cost ten times the Гном-Басаарг example's one attack).
LIGHT_EVENTS = 10


def light(fields: dict[str, str]) -> bool:
    """Whether the why request of form ``fields`` is light (:data:`LIGHT_TEXT`): by the size of the
    scenario it sends (the editor's text or the link's, decoded) and its events × editions
    (:data:`LIGHT_EVENTS`); a bundled file or the situation form is light. A damaged link, or a
    text that is no YAML mapping, is light: it fails at once."""
    if len(chosen(fields.get("e", ""))) > 2:
        return False
    if fields.get("build") or ("yaml" not in fields and not fields.get("s")):
        return True
    try:
        text = fields["yaml"] if "yaml" in fields else decode(fields["s"])
    except InputError:
        return True
    if len(text.encode("utf-8", "surrogatepass")) > LIGHT_TEXT:
        return False
    try:  # the node tree, by libyaml: loading it in pure Python cost as much as the why (~5 ms here)
        top = yaml.compose(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except Exception:  # not YAML: the why itself refuses it at once
        return True
    if not isinstance(top, yaml.MappingNode):  # not a mapping: refused at once too
        return True
    events = [v for k, v in top.value if isinstance(k, yaml.ScalarNode) and k.value == "events"]
    return not events or not isinstance(events[-1], yaml.SequenceNode) or \
        len(events[-1].value) * max(1, len(chosen(fields.get("e", "")))) <= LIGHT_EVENTS


def within(seconds: float, wait: float, urgent: bool, fn: Callable[..., Any], *args: Any) -> Any:
    """``fn(*args)``, its Prolog goals sharing ``seconds`` of their own Prolog time, waiting at most
    ``wait`` seconds in all for the engine, ``urgent`` or not
    (:meth:`~berserk_kb.kb.KnowledgeBase.budget`).

    Raises:
        GoalTimeout: the budget is spent. EngineBusy: the engine did not start a goal in time.
    """
    with KnowledgeBase.budget(seconds, wait, urgent):
        return fn(*args)


def checked_text(text: str) -> str:
    """The editor's text, if it is not too long.

    Raises:
        ScenarioError: longer than :data:`MAX_TEXT`.
    """
    if len(text.encode("utf-8", "surrogatepass")) > MAX_TEXT:
        raise ScenarioError(f"scenario: longer than {MAX_TEXT // 1024} KB", path="scenario",
                            refusal={"kind": "scenario_too_long", "values": [MAX_TEXT // 1024]})
    return text


def scenario_of(reading: Reading, text: str, editions: list[str]) -> dict[str, Any]:
    """The scenario in ``text``, checked as the page computes it: its shape, at most
    :data:`MAX_EVENTS` events, and an edition this rulebook has (each of ``editions``, else the
    scenario's own).

    Raises:
        ScenarioError: malformed, or too many events. NotFoundError: an unknown edition.
    """
    data = reading.kb.parse_scenario(checked_text(text))
    if isinstance(data.get("events"), list) and len(data["events"]) > MAX_EVENTS:
        said = [len(data["events"]), MAX_EVENTS, CLI_EVENTS]
        raise ScenarioError("scenario: events: {} events; the web computes at most {} (berserk-kb why computes "
                            "up to {}, within the same bound on inference steps)".format(*said), path="scenario",
                            field="events", refusal={"kind": "too_many_events", "values": said})
    wanted: list[Any] = list(editions) or [data.get("edition")]
    for edition in wanted:
        if isinstance(edition, str):
            reading.kb.check_edition(edition)
    return data


def validate(reading: Reading, text: str, editions: list[str]) -> dict[str, Any]:
    """``{"valid": true, "computed": bool}`` or the error with its field, line and the YAML line it
    points at, and ``also``: the scenario's other field errors (each ``{"field", "line", "reason"}``).
    The checks of :func:`scenario_of`, and then those of the computation itself: a light text
    (:data:`LIGHT_TEXT`) is computed under each edition the page would compute it in (``computed``);
    a longer one, or one whose computing does not fit the light budget, is not (``computed`` false:
    only its shape is checked, and the page says so).

    Raises:
        EngineBusy: the engine did not start a goal within the request's wait.
    """
    try:
        data = scenario_of(reading, text, editions)
    except ScenarioError as exc:
        return {"valid": False, **error_data(exc, text), "also": _also(exc, text)}
    except NotFoundError as exc:  # an edition this rulebook lacks
        return {"valid": False, **error_data(exc, text), "field": "edition", "line": field_line(text, "edition"),
                "also": []}
    if len(text.encode("utf-8", "surrogatepass")) > LIGHT_TEXT:
        return {"valid": True, "computed": False}
    try:
        eds: list[str | None] = [*editions] or [None]  # none chosen: the scenario's own
        for edition in eds:
            reading.kb.why(data, edition)
    except GoalTimeout:
        return {"valid": True, "computed": False}
    except (ScenarioError, InputError) as exc:
        return {"valid": False, **error_data(exc, text), "also": []}
    return {"valid": True, "computed": True}


def _also(exc: Exception, text: str) -> list[dict[str, Any]]:
    """The field errors of the scenario besides the one ``exc`` names (from the validation error
    that caused it), each with its line and its reason in the interface's words."""
    return [{"field": r["field"], "line": field_line(text, r["field"]), "reason": r}
            for r in field_reasons(exc) if r["field"] != getattr(exc, "field", None)]


def error_data(exc: Exception, text: str | None = None) -> dict[str, Any]:
    """A library error as data: its message and the fields it carries (line, field, event, edition);
    for a field of a scenario's text, the line of that field."""
    line = getattr(exc, "line", None)
    field = getattr(exc, "field", None)
    asked = getattr(exc, "asked", None)  # a value given in a form field (``set``), not in the text
    if line is None and field and text is not None and getattr(exc, "path", None) not in ("form", "link") and not asked:
        line = field_line(text, field)
    lines = text.splitlines() if text else []
    at = 0
    if field and text and line and line <= len(lines) and len(lines[line - 1]) > LINE_SHOWN:
        mark = field_mark(text, field)
        at = mark[1] if mark[0] == line else 0
    return {"error": str(exc), "field": field, "line": line, "event": getattr(exc, "event", None),
            "reason": error_reason(exc),
            "refusal": getattr(exc, "refusal", None), "asked": asked,
            "edition": getattr(exc, "edition", None),
            "line_text": cut_around(lines[line - 1], at, LINE_SHOWN) if line and 0 < line <= len(lines) else None}


#: The most characters of the scenario's line an error shows (a line of 32 KB is cut around the field).
LINE_SHOWN = 120


def field_line(text: str, field: str) -> int | None:
    """The line of ``field`` (``events[0].die_roll.roll``) in the YAML ``text`` (of the deepest part
    of the path that is there), or ``None``."""
    return field_mark(text, field)[0]


def field_mark(text: str, field: str) -> tuple[int | None, int]:
    """The line (or ``None``) and the column (0-based) of ``field`` in the YAML ``text``, as
    :func:`field_line`."""
    try:
        node = yaml.compose(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except (yaml.YAMLError, RecursionError):
        return None, 0
    line, column = None, 0
    for part in re.findall(r"\[(\d+)\]|([^.\[\]]+)", field):
        index, key = part
        if isinstance(node, yaml.SequenceNode) and index and int(index) < len(node.value):
            node = node.value[int(index)]
        elif isinstance(node, yaml.MappingNode) and key:
            node = next((v for k, v in node.value if isinstance(k, yaml.ScalarNode) and k.value == key), None)
        else:
            node = None
        if node is None:
            break
        line, column = node.start_mark.line + 1, node.start_mark.column
    return line, column


def compute(reading: Reading, text: str, editions: list[str], lang: str, expect: str = "",
            changes: list[str] | None = None) -> dict[str, Any]:
    """The scenario in ``text`` under its edition (``editions`` empty), one edition, or several
    side by side: ``{"scenario", "runs": {edition: result}, "comparison", "share", "why_not",
    "what_if"}``. With ``expect`` (``events[0].value=3``) also why not that value; with ``changes``
    (``PATH=VALUE`` each) also what if they were made (:meth:`~berserk_kb.kb.KnowledgeBase.why_not`,
    :meth:`~berserk_kb.kb.KnowledgeBase.what_if`; one edition).

    Raises:
        ScenarioError: the scenario is malformed, has more than :data:`MAX_EVENTS` events, or cannot
            be computed (the field path set). Past :data:`SHOWN_STEPS` steps, the justification's
            steps are left out (each step's ``hidden``: how many below it; the answer's ``hidden``: in all).
        InputError: a malformed ``expect`` or change, or either of them with two editions.
        NotFoundError: an edition this rulebook lacks.
        GoalTimeout: a goal ran past the engine's time limit.
    """
    kb = reading.kb
    data = scenario_of(reading, text, editions)
    changes = [c for c in changes or () if c.strip()]
    if (expect or changes) and len(editions) > 1:
        raise QuestionError("why not and what if ask about one edition: choose one", "one_edition",
                            "expect" if expect else "set")
    if expect and changes:
        raise QuestionError("why not and what if are two questions: ask one", "one_question", "set")
    names = {c["id"]: c.get("name") or c["id"] for c in data["cards"] if isinstance(c, dict)}
    pack = kb.language_pack("en" if lang == "en" else "ru")
    words = Filler(pack, names)
    room = [SHOWN_STEPS]  # the steps still to show, shared by every tree of the answer
    out: dict[str, Any] = {"scenario": data, "title": data.get("title"), "editions": editions, "expect": expect,
                           "set": changes, "share": encode(text), "comparison": None, "runs": {}, "errors": {},
                           "refusals": {},
                           "why_not": None, "what_if": None, "hidden": 0, "step_limit": SHOWN_STEPS}
    edition = editions[0] if editions else None
    if len(editions) > 1:
        cmp = kb.compare(data, editions)
        out["comparison"] = _comparison(reading, cmp, words)
        out["errors"], out["refusals"] = dict(cmp.errors), dict(cmp.refusals)
        deciding = {ed: {c.id for ev in cmp.events for c in ev.deciding.get(ed, ())} for ed in editions}
        out["runs"].update({ed: _run(reading, kb.why(data, ed), words, deciding[ed], room)
                            for ed in editions if ed not in cmp.errors})
        return _hidden(out)
    if expect:
        with _asked("expect"):
            wn = kb.why_not(data, expect, edition, lang="en" if lang == "en" else "ru")
        cited = {c.id for c in wn.deciding}
        out["why_not"] = {**{k: v for k, v in wn.to_json().items() if k not in ("step", "deciding")},
                          "label": words.label("events", wn.kind),
                          "step": _node(reading, wn.step, words, cited, room) if wn.step else None,
                          "deciding": [{**_cite(c), "href": reading.unit_path(c.id)} for c in wn.deciding]}
        result = wn.result
    elif changes:
        with _asked("set"):
            wi = kb.what_if(data, changes, edition)
        events = [_change(reading, ev, words, room, wi.proofs(k)) for k, ev in enumerate(wi.events)]
        out["what_if"] = {"set": wi.changes, "events": events}
        result = wi.before
    else:
        result = kb.why(data, edition)
    out["runs"][result.edition] = _run(reading, result, words, set(), room)
    return _hidden(out)


@contextlib.contextmanager
def _asked(field: str) -> Iterator[None]:
    """Inside, an :class:`InputError` of no file is one of the form field ``field`` (the question
    asked: ``expect`` or ``set``), not of the scenario's text — whose own ``expect:`` block it would
    otherwise be shown at."""
    try:
        yield
    except InputError as exc:
        if exc.path is None:
            exc.path, exc.field, exc.line = "form", field, None
        raise
    # the changed scenario (named by its changes, not «scenario»): the field's value came from «что если»
    except ScenarioError as exc:
        if field == "set" and exc.path != "scenario":
            exc.asked = "set"  # type: ignore[attr-defined]
        raise


def _steps(node: Any) -> int:
    return 1 + sum(_steps(c) for c in node.children)


def _hidden(answer: dict[str, Any]) -> dict[str, Any]:
    """``answer`` with ``hidden``: how many steps of its trees are left out, in all."""
    def count(n: dict[str, Any] | None) -> int:
        return n["hidden"] + sum(count(c) for c in n["children"]) if n else 0

    trees = [ev["tree"] for run in answer["runs"].values() for ev in run["events"]]
    if answer["why_not"]:
        trees.append(answer["why_not"]["step"])
    if answer["what_if"]:
        trees += [n for ev in answer["what_if"]["events"] for n in (*ev["steps_before"], *ev["steps_after"])]
    answer["hidden"] = sum(count(t) for t in trees)
    return answer


def chosen(value: str) -> list[str]:
    """The editions asked for (``e=A,A,B``): each once, in the order given, at most four."""
    return list(dict.fromkeys(e.strip() for e in value.split(",") if e.strip()))[:4]


def _change(reading: Reading, ev: Any, words: Filler, room: list[int], proofs: tuple[Any, Any]) -> dict[str, Any]:
    """One event of a what-if answer: its result before and after in the pack's sentences, and the
    steps that differ (each side's modifiers named from that run's ``proofs`` of the event)."""
    was, now = (words.of_event(p) if p else words for p in proofs)
    def said(result: Any) -> str:
        return (words.sentence("events", ev.kind,
                               {"result": result}) or value_text(result, words.names)) if result else "—"

    return {"index": ev.index, "kind": ev.kind, "label": words.label("events", ev.kind), "same": ev.same,
            "removed": ev.removed,
            "before": said(ev.before), "after": said(ev.after),
            "steps_before": [_node(reading, n, was, set(), room) for n in ev.steps_before],
            "steps_after": [_node(reading, n, now, set(), room) for n in ev.steps_after]}


def _comparison(reading: Reading, cmp: Any, words: Filler) -> dict[str, Any]:
    return {"editions": list(cmp.editions), "errors": dict(cmp.errors), "events": [
        {"index": ev.index, "kind": ev.kind, "label": words.label("events", ev.kind), "same": ev.same,
         # an edition that could not compute the situation has no result (None), only its error
         "results": {**dict.fromkeys(cmp.errors), **apart(
             {ed: words.sentence("events", ev.kind, {"result": r}) or value_text(r, {})
              for ed, r in ev.results.items() if ed not in cmp.errors},
             {ed: r for ed, r in ev.results.items() if ed not in cmp.errors}, words)},
         "deciding": {ed: [{**_cite(c), "href": reading.unit_path(c.id)} for c in cites]
                      for ed, cites in ev.deciding.items()}}
        for ev in cmp.events]}


def _run(reading: Reading, result: Any, words: Filler, deciding: set[str], room: list[int]) -> dict[str, Any]:
    events = []
    for ev in result.events:
        events.append({"index": ev.index, "kind": ev.kind, "label": words.label("events", ev.kind),
                       "result": ev.result, "result_text": value_text(ev.result, words.names),
                       "sentence": words.sentence("events", ev.kind, {"result": ev.result}), "cited": list(ev.cited),
                       "tree": _node(reading, ev.explanation, words.of_event(ev.explanation), deciding, room),
                       "examples": [{"id": x.id, "label": x.label, "where": x.where, "text": x.text,
                                     "href": reading.unit_path(x.id)} for x in ev.examples],
                       "cards": list(ev.cards)})
    return {"edition": result.edition, "events": events, "final_state": result.final_state}


def _node(reading: Reading, node: Any, words: Filler, deciding: set[str], room: list[int]) -> dict[str, Any]:
    """A step as the template shows it: its sentence from the language pack (None when the pack has
    no template that fits; the template then shows label, inputs and value), its cites, and the
    steps below it while ``room`` (``[steps still to show]``, shared) lasts; ``hidden``: how many
    steps below it are left out."""
    room[0] -= 1
    children = []
    for child in node.children:  # once the room is spent it stays spent: the rest are left out
        if room[0] <= 0:
            break
        children.append(_node(reading, child, words, deciding, room))
    inputs = {k: v for k, v in node.inputs.items() if k != "edition"}
    cites = [{**_cite(c), "href": reading.unit_path(c.id)} for c in node.cites]
    return {"step": node.step, "label": words.label("steps", node.step),
            "sentence": words.sentence("steps", node.step, node_context(node)),
            "inputs": value_text(inputs, words.names), "value": value_text(node.value, words.names), "cites": cites,
            "deciding": any(c.id in deciding for c in node.cites),
            "children": children, "hidden": sum(_steps(c) for c in node.children[len(children):])}


def _cite(c: Any) -> dict[str, Any]:
    return {"id": c.id, "ref": c.ref(), "edition": c.edition, "kind": c.kind, "text": c.text}
