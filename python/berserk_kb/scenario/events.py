"""The event kinds of the scenario contract (v1), one row each: the one table the schema
(:mod:`.schema`), the checks of card handles and the normalising (:mod:`.load`) read.

A row says the shape only: which fields of the event name a card of the scenario, whether its
``modifiers`` name their source card (or ``rules``), whether its modifiers are numbered ``m1``,
``m2``, … and ordered by an ``order`` list, whether ``choose`` names effects of the cards, and
whether it may be written with nothing after it (``- end_of_turn:``). What an event does is the
Prolog runner's business.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class EventKind:
    name: str
    cards: tuple[str, ...] = ()  # fields naming a card handle, in the order they are checked
    modifier_sources: bool = False  # modifiers[j].source names a card or the rules
    numbered_modifiers: bool = False  # modifiers get ids m1, m2, …; order[j] names one of them
    chooses_effects: bool = False  # choose[j] names an effect of one of the cards
    bare: bool = False  # may stand with no fields at all


EVENTS = (
    EventKind("die_roll", ("roller", "flip_source"), modifier_sources=True, numbered_modifiers=True),
    EventKind("attack", ("source", "target"), modifier_sources=True, numbered_modifiers=True),
    EventKind("gain_feature", ("card", "source"), modifier_sources=True),
    EventKind("leave", ("card", "from")),
    EventKind("end_of_turn", bare=True),
    # v1, extended
    EventKind("wounds", ("card", "source"), chooses_effects=True),
    EventKind("effect", ("card", "source"), chooses_effects=True),
    EventKind("bring_into_squad", ("card",)),
    EventKind("lose_control", ("card",)),
    EventKind("end_of_game", bare=True),
    EventKind("lose_features", ("card",)),
    EventKind("zone_change", ("card",)),
    EventKind("end_of_battle", bare=True),
    EventKind("remove_markers", ("card",)),
    EventKind("formation", ("card",)),
    EventKind("defend", ("card",)),
)

#: The event kinds by name.
KINDS = {k.name: k for k in EVENTS}
#: Their names, in the table's order.
EVENT_KINDS = tuple(KINDS)


def event_kind(event: dict) -> str:
    """The kind of a validated event (the one key whose value is set)."""
    return next(k for k in EVENT_KINDS if event.get(k) is not None)
