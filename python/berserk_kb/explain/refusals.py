"""The engine's refusals in words: each kind's values, worded by the language pack's template.

When a scenario's event or value cannot be computed, the Prolog error keeps what it says as data
(``refusal(Kind, Values)``: ``game:refuse/3``, the editions' ``unsupported_error/2``, the
unknown strike values of ``attack.pl``); the engine hands it over as ``{"kind", "values"}``
(:attr:`~berserk_kb.errors.ScenarioError.refusal`). The words are the language pack's
(``prolog/lang/<lang>.pl``: ``refusal/3``, one template per kind, and the ``refusal_*`` words):
the English template gives the command line's message word for word (the Prolog message, which
the command line prints); the Russian one is the web interface's. Here the values are only named,
by each kind's names (:data:`VALUES`), in the order Prolog gives them.
"""

from __future__ import annotations

import re
from typing import Any

from ..errors import INPUT_REFUSALS
from .sentences import Filler

#: kind: the names of its values, in the order Prolog gives them.
VALUES: dict[str, tuple[str, ...]] = {
    "no_rule": (),
    "too_many_steps": ("limit", "event"),
    "too_much_memory": ("megabytes", "event"),
    "control_of_a_formation": ("card", "edition"),
    "strike_values": ("card",),
    "strike_value_needed": ("card", "strike"),
    "attack_zone": ("card", "zone"),
    "negative_attack": ("strength",),
    "defend_zone": ("card", "zone"),
    "roll_zone": ("card", "zone"),
    "adjacent_zone": ("card", "zone"),
    "formation_zone": ("card", "zone"),
    "wound_zone": ("card", "zone"),
    "outside_game": ("card",),
    "same_zone": ("card", "zone"),
    "add_to_valueless": ("value", "name", "name"),
    "held_outside_play_read": ("card", "zone", "held"),
    "gain_outside_play_read": ("card", "zone", "name"),
    "held_outside_play_set": ("card", "zone", "held", "set"),
    "held_not_in_formation": ("card", "name", "source"),
    "held_not_adjacent": ("card", "name", "source", "other", "zone"),
    "feature_held_twice": ("card", "held", "given", "where"),
    "feature_not_higher": ("card", "given", "held", "where"),
    "grant_not_higher": ("card", "given", "held", "where"),
    "formation_already": ("card",),
    "adjacent_already": ("card", "other"),
    "adjacent_none": ("card", "other"),
    "formation_none": ("card",),
    "into_play_zone": ("card", "zone", "to"),
    "skip_not_triggered": ("card", "where"),
    "default_not_of_how": ("field", "how", "where"),
    "gain_modifier_sourceless": ("where",),
    "gain_modifier_lowers": ("where", "value"),
    "order_across_groups": ("first", "first_group", "first_relation", "second", "second_group", "second_relation",
                            "where"),
    "decline_not_applying": ("effect",),
    "choice_not_applying": ("effect",),
    "decline_not_optional": ("effect", "where"),
    "pick_not_yours": ("chooser", "where", "player", "effect"),
    "no_effect_missing": ("missing",),
    "static_no_effect": ("missing",),
    "adjacent_no_effect": ("missing",),
    "formation_no_effect": ("missing",),
    "trigger_no_effect": ("missing",),
    "until_no_effect": ("missing",),
    "declared_before_flip": ("where",),
    "reroll_first": ("where",),
    "rules_modifier_given": ("where",),
    "flip_not_modifier": ("where",),
    "not_rolled": ("where", "what"),
    "effect_not_theirs": ("effect", "card", "controller", "player"),
    "die_outside": ("value", "missing"),
    "negative_feature": ("value", "missing"),
    "keeps_on_leaving": ("card", "edition", "where"),
    "formation_unstated": ("edition", "where"),
    "unsupported_section": ("edition", "words", "mechanic", "stated"),
    "unsupported_section_nowhere": ("edition", "words", "mechanic", "stated"),
    "unsupported_rule": ("edition", "words", "mechanic", "stated"),
    "unsupported_rule_nowhere": ("edition", "words", "mechanic", "stated"),
    "too_many_events": ("count", "limit", "cli_limit"),
    "yaml_alias": ("line",),
    "stdin_closed": (),
    "file_not_found": ("file", "hint"),
    "file_not_regular": ("file",),
    "file_folder": ("file",),
    "file_too_large": ("file", "size"),
    "file_unreadable": ("file", "reason", "errno"),
    "no_bundled_scenario": ("name",),
    "scenario_too_long": ("limit",),
    "link_too_long": ("limit",),
    "form_modifier_line": ("field", "line"),  # the why page's situation form (web/situation.py)
    "form_event_kind": ("field", "given", "kinds"),
    **dict.fromkeys(("kb_missing", "kb_name_too_long",
                    "kb_not_a_folder", "kb_no_sources", "kb_no_manifest", "kb_empty"), ()),
    "not_in_encoding": ("column", "encoding", "byte", "offset", "looks"),
    "stdin_empty": (),
    "stdin_too_large": ("size",),
    "no_result_key": ("path", "event", "kind", "key", "where", "has"),
    "sparql_syntax": ("line", "column", "said"),
    "not_yaml": ("problem",),
    "number_too_long": ("digits", "limit"),
    "json_too_deep": ("file", "depth"),
    "json_number_too_long": ("file", "digits", "limit"),
    "not_json": ("file", "problem"),
    "expect_other_kind": ("path", "value", "value_kind", "result_kind"),
    "expect_fraction": ("path", "value"),
    "expect_ambiguous_feature": ("path", "value", "features"),
    "set_no_element": ("text", "here", "count"),
    "set_no_field": ("text", "here", "field", "fields"),
    "set_no_id": ("text", "id", "here"),
    "gain_takes_a_value": ("name", "who", "feature", "value"),
    "assign_shape": ("what", "text", "like"),
    "assign_no_value": ("what", "text"),
    "assign_two_equals": ("what", "text"),
    "assign_position_too_long": ("what", "text", "digits", "limit"),
    "expect_no_event": ("path", "index", "last"),
    "expect_not_a_result": ("path",),
    **dict.fromkeys(("option_edition_twice", "option_json_turtle", "option_turtle_one_edition",
                     "option_ask_one_edition", "option_expect_and_set", "option_brief"), ()),
    "option_expect_twice": ("times",),
    "set_taken_out": ("text", "here", "index"),
    "set_nothing": (),
    "set_expect": ("path",),
    "set_path_twice": ("path",),
    **dict.fromkeys(("expect_face", "expect_strength", "expect_strike", "expect_wounds", "expect_prevented",
                     "expect_remaining", "expect_works_as", "expect_zone", "expect_controller",
                     "expect_feature_value"), ("path", "value", "negative", "edition")),
    **INPUT_REFUSALS,
}


def _phrase(pack_words: dict[str, str], name: str, **values: Any) -> str:
    return pack_words.get(name, name).format(**values)


def _missing(parts: dict[str, Any], words: dict[str, str], rules: dict[str, str]) -> str:
    """What an edition's text does not say (editions:missing_why/3's parts) in the pack's words."""
    ed, stated = parts.get("edition"), parts.get("stated") or []
    section = parts.get("says") == "unsupported_section"
    mechanic = str(parts.get("mechanic"))
    what = _phrase(words, "refusal_missing_section" if section else "refusal_missing_rule",
                   edition=ed, words=parts.get("words"), mechanic=rules.get(mechanic, mechanic))
    if not stated:
        return _phrase(words, "refusal_missing_nowhere", what=what)
    # a section (ru «раздел», masculine) or a rule («правило», neuter): the words agree with it
    stated_words = "refusal_missing_stated_section" if section else "refusal_missing_stated"
    return _phrase(words, stated_words, what=what, where=_stated(stated, words))


def _stated(stated: list[Any], words: dict[str, str]) -> str:
    """A list of ``[edition, units]``: «edition B: <units>; …» in the pack's words."""
    return "; ".join(f"{_phrase(words, 'refusal_edition', edition=e)} {u}" for e, u in stated)


#: The YAML parser's problems (PyYAML's and readers.unique_key_loader's) a pack words: pattern, word.
_PARSER_PROBLEMS = ((re.compile(r"duplicate key (.+)"), "yaml_duplicate_key"),
                    (re.compile(r"exceeded maximum nesting depth"), "yaml_too_deep"),
                    (re.compile(r"could not determine a constructor for the tag (.+)"), "yaml_unknown_tag"),
                    (re.compile(r"a mapping key must be a plain value.*|a key that is a mapping or a list"),
                     "yaml_key_not_plain"),
                    (re.compile(r"a value tagged (\S+) is not allowed"), "yaml_tag_refused"),
                    (re.compile(r"did not find expected ',' or '([]}])'"), "yaml_unclosed"),
                    (re.compile(r"did not find expected hexdecimal number"), "yaml_bad_escape"),
                    (re.compile(r"did not find expected node content"), "yaml_no_value"),
                    (re.compile(r"did not find expected (.+)"), "yaml_expected"),
                    (re.compile(r"mapping values are not allowed in this context"), "yaml_colon"),
                    (re.compile(r"found unexpected end of stream"), "yaml_unexpected_end"),
                    (re.compile(r"found incompatible YAML document"), "yaml_version"),
                    (re.compile(r"but found another document"), "yaml_two_documents"),
                    (re.compile(r"found character that cannot start any token"), "yaml_bad_character"),
                    (re.compile(r"the character U\+([0-9A-F]+) is not allowed in YAML"), "yaml_character"),
                    # json.JSONDecodeError's msg (the JSON reader's problems)
                    (re.compile(r"Expecting value"), "json_expecting_value"),
                    (re.compile(r"Expecting property name enclosed in double quotes"), "json_expecting_name"),
                    (re.compile(r"Expecting ('.') delimiter"), "json_expecting_delimiter"),
                    (re.compile(r"Extra data"), "json_extra_data"),
                    (re.compile(r"Unterminated string starting at"), "json_unterminated_string"),
                    (re.compile(r"Invalid control character (?:at|'.*' at)"), "json_invalid_control"),
                    (re.compile(r"Invalid \\(?:escape|uXXXX escape)"), "json_invalid_escape"),
                    (re.compile(r"Illegal trailing comma before end of (?:object|array)"), "json_trailing_comma"))


def _parser_words(problem: str, words: dict[str, str]) -> str:
    """The parser's ``problem`` in the pack's words where the pack words it, else as the parser said."""
    for pattern, word in _PARSER_PROBLEMS:
        m = pattern.fullmatch(problem)
        if m and word in words:
            return words[word].format(*m.groups())
    return problem


def template(refusal: dict[str, Any], pack: dict[str, Any]) -> str | None:
    """The pack's template for ``refusal``'s kind (``{name}`` placeholders), or ``None``."""
    return (pack.get("refusals") or {}).get(str(refusal.get("kind")))


def values(refusal: dict[str, Any], pack: dict[str, Any]) -> dict[str, str] | None:
    """The named values of ``refusal`` (``{"kind", "values"}``) as text in the words of ``pack``
    (a language pack: :meth:`KnowledgeBase.language_pack`); ``None`` when the kind has no
    template or the values do not fit its names. A zone is the pack's word for it in a language
    other than English, whose messages name zones as Prolog gives them; a section or rule name
    (``mechanic``) is the pack's words for it in every language (``rule/3``)."""
    names = VALUES.get(str(refusal.get("kind")))
    given = refusal.get("values")
    if names is None or template(refusal, pack) is None or not isinstance(given, list) or len(given) != len(names):
        return None
    words: dict[str, str] = pack.get("words") or {}
    rules: dict[str, str] = pack.get("rules") or {}
    out = {}
    for name, value in zip(names, given):
        if name == "missing" and isinstance(value, dict):
            out[name] = _missing(value, words, rules)
        elif name == "where":  # «edition B: the units; …», as the rule code joins it
            out[name] = re.sub(r"\bedition (\S+): ", lambda m: _phrase(words, "refusal_edition", edition=m[1]) + " ",
                               str(value))
        elif name == "what":  # the field a die that is not rolled cannot have (dice.pl: roll, reroll)
            out[name] = words.get(f"not_rolled_{value}", str(value))
        elif name == "stated":
            out[name] = _stated(value, words)
        elif name == "has" and isinstance(value, int) and not isinstance(value, bool):  # a list's length
            out[name] = items(value, pack)
        elif name == "times" and isinstance(value, int) and not isinstance(value, bool):  # «2 раза»
            out[name] = Filler(pack, {}).phrase("refusal_times", {"count": value})
        elif name == "has" and value == "":  # an empty mapping: the pack's «nothing»
            out[name] = words.get("nothing", "nothing")
        elif name == "kind" and pack.get("lang") != "en":  # an event kind: its label in the pack
            out[name] = ((pack.get("events") or {}).get(str(value)) or {}).get("label") or str(value)
        elif name == "mechanic":  # a section or a rule's name: the pack's words for it (rule/3)
            out[name] = rules.get(str(value), str(value))
        elif name in ("value_kind", "result_kind") and pack.get("lang") != "en":  # expectation.py's kinds
            out[name] = words.get(f"kind_{value}", str(value))
        elif name == "here" and value == "the scenario" and pack.get("lang") != "en":  # whatif.py's top level
            out[name] = words.get("refusal_scenario", str(value))
        elif name in ("expected", "like") and pack.get("lang") != "en":  # pydantic's «'a', 'b' or 'c'»; whynot's paths
            out[name] = str(value).replace(" or ", f" {words.get('refusal_or', 'or')} ")
        elif name == "held" and pack.get("lang") != "en":  # what only a card in play holds (leaving.pl)
            out[name] = words.get(f"held_{value}", str(value))
        elif name == "file":  # what a file is (read_bytes's ``what``: "scenario"), in the pack's words
            out[name] = words.get(f"file_{str(value).replace(' ', '_')}", str(value))
        elif name == "reason":  # an OS error (readers.read_bytes): the pack's words for its errno, else the system's
            out[name] = words.get(f"errno_{dict(zip(names, given)).get('errno')}", str(value))
        elif name == "looks":  # the encoding a file that is not UTF-8 seems to be in (readers.decode), or none
            out[name] = _phrase(words, "refusal_looks", encoding=value) if value else ""
        elif name == "problem" and pack.get("lang") != "en":  # the YAML parser's words (readers.yaml_error)
            out[name] = _parser_words(str(value), words)
        elif name in ("zone", "strike", "first_relation", "second_relation") and pack.get("lang") != "en":
            out[name] = words.get(str(value), str(value))
        elif isinstance(value, int) and not isinstance(value, bool) and value < 0 and pack.get("lang") != "en":
            out[name] = f"\u2212{-value}"  # «было бы −1», the sign every sentence writes (en: as Prolog prints)
        elif isinstance(value, int) and not isinstance(value, bool) and value >= 10_000:  # the pack's groups
            out[name] = f"{value:,}".replace(",", words.get("thousands_separator", ","))
        else:
            out[name] = str(value)
    return out


def items(count: int, pack: dict[str, Any]) -> str:
    """«1 item», «3 items» (ru «1 элемент», «3 элемента», «5 элементов»): the pack's word
    ``result_items``, its plural filter choosing the form."""
    return Filler(pack, {}).phrase("result_items", {"count": count})


def say(refusal: dict[str, Any] | None, pack: dict[str, Any]) -> str | None:
    """``refusal`` in the language of ``pack`` (English: the command line's message), or ``None``
    (see :func:`values`)."""
    if not isinstance(refusal, dict):
        return None
    named = values(refusal, pack)
    text = template(refusal, pack)
    return None if named is None or text is None else text.format(**named)
