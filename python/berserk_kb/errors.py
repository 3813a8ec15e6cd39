"""The exceptions this package raises on purpose, one tree under :class:`BerserkError`::

    BerserkError              one line naming what is wrong and where; the CLI exits with 2
    ├── InputError            bad input: a folder, a file (not UTF-8, not YAML, malformed), a value,
    │   │                     an unusable cache folder
    │   ├── UnreadableImport  the cards an earlier import wrote cannot be read (``reason``)
    │   └── TooLong       a text longer than is read (``length``, ``limit``, ``field``)
    ├── NotFoundError         something the user named does not exist: a paragraph, an edition, a card
    ├── ScenarioError         a scenario that cannot be computed: malformed, an unknown card handle,
    │                         a mechanic the edition does not contain
    ├── QueryError            a SPARQL query that does not parse or asks for what is not allowed
    │   └── QueryTimeout      a query ran past its time limit (``seconds``)
    ├── PrologLoadError       Prolog code or generated facts did not load cleanly (``problems``)
    └── PrologQueryError      a Prolog goal raised an error (Prolog's own message, made readable)
        ├── GoalTimeout       a goal ran past the engine's time limit (``seconds``)
        └── EngineBusy        a goal did not start within its wait for the engine (``seconds``)

Besides its message every error carries, as data, what the message says where it can: ``path``
(the file), ``line``, ``field`` (a field path such as ``events[1].die_roll.roll``), ``event`` (the
index of the scenario event that failed), ``edition``, ``refusal`` (what the message says as data,
``{"kind", "values"}``, worded per language by :mod:`berserk_kb.explain.refusals`) and ``detail``
(the message after its location, e.g. ``field …: …`` or a YAML file's ``not valid YAML: problem``)
and ``shown`` (the location as the message names it where that is more than ``path``: the file and
the ``--set`` that changed it, ``s.yaml --set events[0].die_roll.roll=9``); each is ``None`` when it
does not apply.
Code decides by the type and these fields, never by searching the message.
"""

from __future__ import annotations

from typing import Any

#: The scenario's own refusals (scenario.common.refused in its models; scenario/load.py and
#: explain/run.py after them), each with the names of its values in order: ``input_<kind>``.
SCENARIO_REFUSALS: dict[str, tuple[str, ...]] = {
    "input_adjacent_needs_source": (),
    "input_grant_source_formation": (),
    "input_prevent_amount": (),
    "input_instead_only": (),
    "input_kinds_needed": ("type",),
    "input_kinds_no_effect": ("type",),
    "input_of_becomes_no_effect": ("type",),
    "input_amount_no_effect": ("type",),
    "input_instead_needs": (),
    "input_defender_taps": (),
    "input_defences_per_turn": (),
    "input_mixed_alphabets": ("word", "latin"),
    "input_invisible_character": ("code", "char"),
    "input_blank_name": (),
    "input_die_set_face": (),
    "input_roll_required": (),
    "input_declared_no_reroll": (),
    "input_declared_no_flip": (),
    "input_no_flip": ("name",),
    "input_first_needs_both": (),
    "input_same_modifier_id": (),
    "input_strike_modifier_value": (),
    "input_whole_number_modifier": ("op",),
    "input_attack_set_negative": (),
    "input_rules_in_formation": (),
    "input_attack_itself": (),
    "input_choose_needs_deals_wounds": (),
    "input_add_needs_value": (),
    "input_modifiers_without_value": (),
    "input_adjacent_itself": (),
    "input_summon_only": ("how",),
    "input_event_shape": ("kinds",),
    "input_event_needs_fields": ("event",),
    "input_handle_pattern": (),
    "input_effect_kind_pattern": (),
    "input_bad_key": ("key", "expected"),
    "input_listed_twice": ("effect", "at"),
    "input_unknown_card": ("card", "cards"),
    "input_unknown_effect": ("effect", "effects"),
    "input_unknown_card_no_cards": ("card",),
    "input_unknown_effect_no_effects": ("effect",),
    "input_handle_twice": ("card",),
    "input_effect_id_twice": ("effect",),
    "input_unknown_edition": ("edition", "known"),
    "input_edition_not_encoded": ("edition", "known"),
    "input_reserved_id": ("id",),
    "input_modifier_id_twice": ("id", "at"),
    "input_flip_id_taken": ("id", "at"),
    "input_no_such_modifier": ("id",),
    "input_order_twice": ("id", "at"),
    "input_no_such_event": ("index", "last"),
    "input_expect_unknown_card": ("card",),
    "input_not_a_mapping": (),
    "input_ambiguous_feature": ("name", "features"),
}
#: The refusal kinds of a scenario's input errors (``refusal`` ``{"kind", "values"}`` of the
#: :class:`~berserk_kb.errors.ScenarioError`, worded by the language packs' ``refusal/3``; the
#: English templates are the messages as raised), each with the names of its values in order: for
#: ``input_<type>``, a pydantic error type, the keys of that error's context.
INPUT_REFUSALS: dict[str, tuple[str, ...]] = {
    **{f"input_{t}": () for t in ("missing", "extra_forbidden", "string_type", "int_type", "int_parsing",
                                  "int_from_float", "bool_type", "bool_parsing", "float_type", "float_parsing",
                                  "list_type", "dict_type", "model_type", "model_attributes_type")},
    "input_literal_error": ("expected",), "input_enum": ("expected",),
    "input_less_than_equal": ("le",), "input_greater_than_equal": ("ge",),
    "input_less_than": ("lt",), "input_greater_than": ("gt",),
    "input_string_too_short": ("min_length",), "input_string_too_long": ("max_length",),
    "input_too_short": ("min_length", "actual_length"), "input_too_long": ("max_length", "actual_length"),
    "input_too_many_events": ("count", "limit"),
    "input_nested": ("depth",), "input_surrogate": ("code",), "input_line_break": (), "input_control_character": (),
    **SCENARIO_REFUSALS,
}


class BerserkError(Exception):
    """Base class of every error this package raises on purpose (see the module docstring)."""

    exit_status = 2

    def __init__(self, message: str, *, path: Any = None, line: int | None = None, field: str | None = None,
                 event: int | None = None, edition: str | None = None, refusal: dict[str, Any] | None = None,
                 detail: str | None = None, shown: str | None = None) -> None:
        super().__init__(message)
        self.detail = detail
        self.shown = shown
        self.refusal = refusal
        self.path = None if path is None else str(path)
        self.line = line
        self.field = field
        self.event = event
        self.edition = edition


class InputError(BerserkError):
    """Bad input: a malformed manifest, a source that is not UTF-8, a missing folder, a bad value."""


class UnreadableImport(InputError):
    """The file an earlier ``cards import`` wrote cannot be read any more; ``reason`` says why
    (importing again overwrites it)."""

    def __init__(self, path: Any, reason: str) -> None:
        super().__init__(f"{path}: {reason}; import again", path=path)
        self.reason = f"{path}: {reason}"


class TooLong(InputError):
    """A text (a search text, a card name) longer than the library reads: ``length`` and ``limit``
    in characters, ``field`` the parameter (``text``, ``name``)."""

    def __init__(self, message: str, *, length: int, limit: int, field: str | None = None) -> None:
        super().__init__(message, field=field)
        self.length = length
        self.limit = limit


class NotFoundError(BerserkError):
    """Something named by the user does not exist: a paragraph number, an edition, a card;
    ``suggestions``: the names the user may have meant (those the message's «did you mean» lists)."""

    def __init__(self, message: str, *, suggestions: tuple[str, ...] = (), **where: Any) -> None:
        super().__init__(message, **where)
        self.suggestions = tuple(suggestions)


class ScenarioError(BerserkError):
    """A scenario file that cannot be computed: malformed, an unknown card handle, a value out of
    range, a mechanic the chosen edition does not contain. Names the file and the field path;
    ``refusal`` is what the engine's refusal says as data (``{"kind", "values"}``, worded by
    :mod:`berserk_kb.explain.refusals`), ``None`` when there is none; ``detail`` the message after
    its location (``field …: …``, for a message that names its file as ``path: detail``), else ``None``."""


class QueryError(BerserkError):
    """A SPARQL query that does not parse or asks for something not allowed (SERVICE, updates)."""


class QueryTimeout(QueryError):
    """A SPARQL query stopped by its time limit (``seconds``): the query is too slow, so the server
    answers 503 without Retry-After (sent again, it would run out of time again)."""

    def __init__(self, message: str, seconds: float) -> None:
        super().__init__(message)
        self.seconds = seconds


class PrologLoadError(BerserkError):
    """Prolog code or generated facts did not load cleanly (syntax error, warning, undefined
    predicate). ``problems`` holds one ``file:line: message`` string per problem."""

    def __init__(self, problems: list[str]):
        self.problems = list(problems)
        head = self.problems[0] if self.problems else "unknown problem"
        more = f" (and {len(self.problems) - 1} more)" if len(self.problems) > 1 else ""
        super().__init__(f"Prolog load failed: {head}{more}")


class PrologQueryError(BerserkError):
    """A Prolog goal raised an error; the message is Prolog's own, made readable."""


class GoalTimeout(PrologQueryError):
    """A Prolog goal was stopped by the engine's time limit per goal (``seconds``), which a server
    sets (:meth:`berserk_kb.kb.KnowledgeBase.start_prolog` with ``goal_time_limit``)."""

    def __init__(self, message: str, seconds: float) -> None:
        super().__init__(message)
        self.seconds = seconds


class EngineBusy(PrologQueryError):
    """A goal waited ``seconds`` for the Prolog owner thread without starting (its request's bound on
    waiting, :meth:`berserk_kb.engine.bridge.PrologEngine.budget`); it was taken out of the queue."""

    def __init__(self, message: str, seconds: float) -> None:
        super().__init__(message)
        self.seconds = seconds


#: How many characters of a value the user gave a message echoes (:func:`cut`).
ECHO_LIMIT = 80


def cut(text: object, limit: int = ECHO_LIMIT) -> str:
    """``text`` as a message echoes it: whole when it has at most ``limit`` characters, else cut at
    the last word boundary within them (mid-word only when no boundary is in its second half) and
    ended with «…»."""
    s = str(text)
    if len(s) <= limit:
        return s
    head = s[: limit - 1]
    if not (s[limit - 1].isspace() or not s[limit - 1].isalnum()):  # the cut falls inside a word
        at = max(head.rfind(" "), head.rfind("\n"), head.rfind("\t"))
        head = head[:at] if at > limit // 2 else head
    return head.rstrip(" \t\n,;:") + "…"


def cut_around(text: object, at: int, limit: int = ECHO_LIMIT) -> str:
    """``text`` as :func:`cut` echoes it, from a word boundary before character ``at`` (a quarter of
    ``limit`` before it at most) when ``at`` lies past what :func:`cut` keeps: the place an error
    points at in a long line is shown, with «…» where the line was cut."""
    s = str(text)
    if len(s) <= limit or at < limit // 2:
        return cut(s, limit)
    start = max(0, at - limit // 4)
    space = s.rfind(" ", 0, start + 1)
    start = space + 1 if space > start - limit // 4 else start
    return "…" + cut(s[start:], limit - 1)

