"""Where a computation departs from what the user expected: the step of an event's proof a why-not
answer names (:mod:`.whynot` asks; this module reads the proof). A step *departs* when the
computation, in the order the steps are applied, can no longer give the expected value after it:

- the last step (in the order of the proof, which is the order of application) without which the
  event gives the expected value — the value departs there and stays departed: attack 1, −1 (0),
  then «сводится к 1» kept from raising it, asked «why not 1», departs where the set-to is kept
  back, not at the −1 before it that the set-to would have undone —; «without» it: the input the
  step stands for taken out of the scenario and the event computed again by the rules (a modifier,
  the flip, the reroll, the modifiers of a gain: what the step stands for its rule module
  declares, prolog/engine/undo.pl; :mod:`.whynot` applies it),
  or, for a step that kept a modifier from applying, the value it would give let through;
  roll 4, «сводится к 1» applied before +1 (an edition that applies set-to modifiers first) gives 2;
  expected 5 = 4 + 1: without the set-to it is 5, so the set-to departs, not the +1 applied after it;
- else, for a list of names (a loss's ``suppressed``, ``removed``), the step about the first name
  that is in one list and not in the other — a step that says which part of the result it gives
  (its ``decides`` input) and names it: expected nothing suppressed, the step that suppresses the
  first name suppressed; expected a name removed that is suppressed, the step that suppresses it;
- else the last step that says it gives that part (its ``decides`` input: «под своим контролем» for
  a controller, the unit that puts a card into the play zone for its ``zone``, the deck's shuffle),
  else the event's own step when it says so and cites a unit (a move that ends a loss of features:
  its ``restored``);
  where the steps say what they decide, none gives the part and no input does (a revival's deck is
  not shuffled: no unit says so), no paragraph decides it, and the answer says so;
- else, when the value is an input's own, passed through unchanged (``strike: medium``, and
  written ``weak`` the event gives ``weak``; a die's unmodified face is its ``roll``, or its
  ``reroll``; an attack's strength its ``base``, else the card's strength for the strike written;
  the zone a card taken under control stays in is the zone it is listed in), the answer is that
  input (``given``), not a rule: the input comes before every step below;
- else, reading the steps that carry the value asked about, each with the value it was given (its
  ``before`` input) and the value it gives (the steps after the last one that gives the computed
  value are about something else and are left out): from where the computation last held the
  expected value — a step that gave it or was given it; the start, before the first step, when no
  step did (the value departs from the expectation from the start) —, when the steps that changed
  the value end with set-tos (their steps say so, ``independent_of_before``: «сводится к N» —
  what one gives does not depend on what it was given, so they decide whatever the steps before
  them gave), the first of those last set-tos: base 2, four +1 → 6, then «сводится к 5» and
  «сводится к 3», asked «why not 6», departs at 6 → 5, not at the 5 → 3 after it; else the first
  step after it that changed the value: roll 4 under B, «сводится к 1» first, then +1 (2), asked «why not 6» — a value
  no step held — departs at the set-to, 4 → 1, the first step that moves the value; when no step
  after it changed the value, the step that gave it, or the event's own step when the value is
  what the event was given;
- a value no step carries (``performed``, a list of names) is decided by the step that gives it,
  else by the last step that cites something and has no step under it.
"""

from __future__ import annotations

import json
from typing import Any

from .results import ProofNode

#: No value: a part a result or a step does not have.
NONE = object()


def same_value(a: Any, b: Any) -> bool:
    """Whether two values (as JSON) are the same, a bool never the same as a number."""
    if a is NONE or b is NONE:
        return False
    return isinstance(a, bool) == isinstance(b, bool) and json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def _sets(n: ProofNode) -> bool:
    """Whether the step ``n`` says its value does not depend on the value it was given (its
    ``independent_of_before`` input, which the rule that applies a set-to gives: «сводится к N»)."""
    return n.inputs.get("independent_of_before") is True


def decided_parts(n: ProofNode) -> list[Any]:
    """The parts of the event's result step ``n`` says it gives (its ``decides`` input)."""
    d = n.inputs.get("decides", [])
    return d if isinstance(d, list) else [d]


def _about_names(root: ProofNode, nodes: list[ProofNode], key: str, want: Any, got: Any) -> ProofNode | None:
    """For a list of names: the step about the first name in one list and not in the other — one
    that decides a part of the result and names it (its ``name`` input, else that of the nearest
    step before it beside it or above it: a gain's outcome after the grant it decides; or the names
    it gives), the one that decides ``key`` first; None when the lists are not of names or no step
    names one."""
    if not isinstance(got, list) or not isinstance(want, list):
        return None
    parent = {id(c): n for n in root.walk() for c in n.children}

    def name_of(n: ProofNode) -> Any:  # its own, else the nearest step before it beside it or above it
        up = parent.get(id(n))
        if "name" in n.inputs or up is None:
            return n.inputs.get("name")
        before = list(up.children[: next(i for i, c in enumerate(up.children) if c is n)])
        return next((c.inputs["name"] for c in reversed(before) if "name" in c.inputs), None) or name_of(up)

    for name in [x for x in got if x not in want] + [x for x in want if x not in got]:
        about = [n for n in nodes if decided_parts(n) and (
            name_of(n) == name or (isinstance(n.value, list) and name in n.value))]
        if about:
            return next((n for n in about if key in decided_parts(n)), about[0])
    return None


def departure(root: ProofNode, key: str, want: Any, got: Any,
              without: Any = None, written: Any = None, let_through: Any = None) -> tuple[ProofNode | None, bool]:
    """The step of ``root``'s proof where the value at ``key`` departs from ``want`` (the computed
    value being ``got``), and whether it is a set-to and the last step that changed the value
    (module docstring: «применяется последним» is said of a set-to only).
    ``without(node)`` is the value the event gives without the input ``node`` stands for;
    ``written()`` whether the value is an input's own (then the step is None: the input departs);
    ``let_through(node)`` the value a step that kept a modifier from applying would give had its
    rule let it through (``NONE`` when it does not say)."""
    nodes = [n for n in root.walk() if n is not root] or [root]

    def out(n: ProofNode) -> Any:
        v = n.value
        return v.get(key, v.get("value", NONE)) if isinstance(v, dict) else v

    def given(n: ProofNode) -> Any:
        return next((n.inputs[k] for k in (f"{key}_before", "before") if k in n.inputs), NONE)

    kind = type(got) if not isinstance(got, bool) else bool
    chain = [n for n in nodes
             if out(n) is not NONE and type(out(n)) is kind and (kind is not str or given(n) is not NONE)]
    ends = [i for i, n in enumerate(chain) if same_value(out(n), got)]
    chain = chain[: ends[-1] + 1] if ends else []
    movers = [i for i, n in enumerate(chain) if given(n) is not NONE and not same_value(given(n), out(n))]
    parent = {id(c): n for n in root.walk() for c in n.children}

    def last(n: ProofNode) -> bool:  # a set-to that changed the value, and no step after it carries the value
        inside = {id(x) for x in n.walk()}
        return _sets(n) and any(chain[i] is n for i in movers) and \
            all(id(x) in inside for x in chain[next(i for i in movers if chain[i] is n) + 1:])

    def reversed_(n: ProofNode) -> Any:
        """A step that kept a modifier from applying (a set-to that could not raise the value) let
        through: the value it would give, when its step is the last one that carries the value."""
        up = parent.get(id(n))
        if let_through is not None and up is not None and len(chain) > 1 and chain[-1] is n and chain[-2] is up:
            return let_through(n)
        return NONE

    # the last such step: after it the value stays departed (a step before it whose input happens
    # to equal the expected value is not where the computation left it for good)
    undoing = [n for n in nodes
               if (without is not None and same_value(without(n), want)) or same_value(reversed_(n), want)]
    if undoing:
        return undoing[-1], last(undoing[-1])
    named = _about_names(root, nodes, key, want, got)
    if named is not None:
        return named, False
    decided = [n for n in nodes if key in decided_parts(n)]
    if not decided and root not in nodes and root.cites and key in decided_parts(root):
        decided = [root]
    if decided:  # a step that says which part of the result it gives (its `decides` input), else the event's own
        return decided[-1], False
    if written is not None and written():
        return None, False
    if chain:
        held = [i for i, n in enumerate(chain) if same_value(out(n), want)] + \
            [i - 1 for i, n in enumerate(chain) if same_value(given(n), want)]
        after = [i for i in movers if i > max(held, default=-1)]  # -1: never held, it departs from the start
        if not after:  # no step changed it: it is what the event was given, else what the one step gave
            return (root if given(chain[0]) is not NONE else chain[-1]), False
        # set-tos last: together they give their number whatever came before, and the first of them
        # is where the computation departs (the set-tos after it depart from its number, not from want)
        tail = len(after)
        while tail > 0 and _sets(chain[after[tail - 1]]):
            tail -= 1
        at = after[tail] if tail < len(after) else after[0]
        return chain[at], last(chain[at])
    speaking = [n for n in nodes if n.cites and (same_value(n.value, got) or (
        isinstance(n.value, dict) and same_value(n.value.get(key), got)))]
    if any(decided_parts(n) for n in nodes) and not speaking:
        return None, False  # the event's steps say what they decide, none decides this part nor gives it
    leaves = [n for n in nodes if n.cites and not n.children]
    return (speaking or leaves or nodes)[-1], False
