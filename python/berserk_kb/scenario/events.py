"""The event kinds of the scenario contract, as the one table of event kinds says them.

The table is ``prolog/engine/events.pl`` (``events:event_table/1``): the runner dispatches from it,
the language packs label every kind in it, and here it drives the schema (:mod:`.schema` builds
the ``Event`` model with one optional field per kind, each with the body model of that name), the
checks of card handles (:func:`~.load.validate_scenario`) and the normalising (:func:`~.load.normalise`).
It is read once per process through the bridge.

A row (:class:`EventKind`) says the shape only: which fields of the event name a card of the
scenario, whether its ``modifiers`` name their source card (or ``rules``), whether its modifiers are
ordered by an ``order`` list of their ids (and so are numbered ``m1``, ``m2``, … when they have
none), which fields list effects of the cards (``choose``: a list, or one list per player;
``decline``), and whether it may be written with nothing after it (``- end_of_turn:``). What an event does is the Prolog
runner's business.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class EventKind:
    """One row of the table of event kinds (see the module docstring)."""

    name: str
    cards: tuple[str, ...] = ()  # fields naming a card handle, in the order they are checked
    modifier_sources: bool = False  # modifiers[j].source names a card or the rules
    numbered_modifiers: bool = False  # order[j] names a modifier: modifiers get ids m1, m2, …
    chooses_effects: bool = False  # choose[j] names an effect of one of the cards
    bare: bool = False  # may stand with no fields at all
    effect_lists: tuple[str, ...] = ()  # fields listing effects of the cards (choose, decline)


def kind_of(row: dict[str, Any]) -> EventKind:
    """An :class:`EventKind` from a row of ``events:event_table/1``
    (``{"kind", "has_fields", "refs": [{"path", "to"}]}``)."""
    refs = {(r["path"], r["to"]) for r in row["refs"]}
    return EventKind(
        name=row["kind"],
        cards=tuple(r["path"] for r in row["refs"] if r["to"] == "card" and "[" not in r["path"]),
        modifier_sources=("modifiers[].source", "card_or_rules") in refs,
        numbered_modifiers=("order[]", "modifier") in refs,
        chooses_effects=("choose[]", "effect") in refs,
        bare=not row["has_fields"],
        effect_lists=tuple(r["path"].removesuffix("[]") for r in row["refs"] if r["to"] == "effect"),
    )


@functools.cache
def kinds() -> dict[str, EventKind]:
    """The event kinds by name, in the table's order.

    Raises:
        PrologLoadError: the Prolog code did not load.
    """
    from ..engine.runner import event_table

    return {row["kind"]: kind_of(row) for row in event_table()}


def event_kind(event: dict[str, Any]) -> str:
    """The kind of a validated event (the one key whose value is set)."""
    return next(k for k, v in event.items() if v is not None and k in kinds())
