"""What the bigger ``berserk-kb`` commands print for their options (``sparql``, ``why``): the
options checked against each other, the facade asked, the answer rendered."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import click

from .cli_frame import JSON_ERRORS, REFUSAL_PACK, out, refuse


def sparql_answer(kb_dir: Path | None, query: str, timeout: float, memory: int, as_json: bool) -> None:
    """Print what ``berserk-kb sparql`` answers (its notes on standard error): the query is checked
    first, then run in a child process capped at ``memory`` MB and ``timeout`` seconds
    (:meth:`~berserk_kb.kb.KnowledgeBase.sparql_bounded`).

    Raises:
        QueryError: refused, failed, or past its time or memory.
    """
    from .kb import KnowledgeBase
    from .render import sparql as sparql_text

    KnowledgeBase.screen_query(query)  # what is refused without the graph is refused before the child
    out_text, err_text = KnowledgeBase(kb_dir).sparql_bounded(
        query, timeout, memory, lambda result: sparql_text.sparql_result(result, as_json))
    out(out_text)
    out(err_text, err=True)


def why_answer(kb: Any, file: Path, editions: tuple[str, ...], lang: str, fmt: str, brief: bool,
               expect: tuple[str, ...], changes: tuple[str, ...], as_json: bool) -> str:
    """The text ``berserk-kb why`` prints for its options: a justification (text, JSON or Turtle),
    two editions compared, a why-not (``expect``) or a what-if (``changes``). A comparison in which
    an edition cannot compute the situation is printed here, with why on standard error, and exits
    with status 1.

    Raises:
        InputError: options that ask two different things.
        ScenarioError: as :meth:`~berserk_kb.kb.KnowledgeBase.why`.
    """
    from .render import why as why_text
    from .render.json_text import to_json

    asked = bool(expect) or bool(changes)
    as_json = as_json or fmt == "json"
    pack_for_refusals = lang != "en" and (lambda: kb.language_pack(lang))
    click.get_current_context().meta.update({JSON_ERRORS: as_json, REFUSAL_PACK: pack_for_refusals})
    refuse((len(set(editions)) != len(editions),
            "an edition is given twice (compare two different editions: -e A -e B)", "option_edition_twice", []),
           (as_json and fmt == "turtle", "--json and --format turtle ask for two different outputs; give one",
            "option_json_turtle", []),
           (len(editions) > 1 and fmt == "turtle", "--format turtle is for one edition; a comparison is text or JSON",
            "option_turtle_one_edition", []),
           (asked and (len(editions) > 1 or fmt == "turtle"),
            "--expect and --set ask about one edition, as text or JSON", "option_ask_one_edition", []),
           (bool(expect) and bool(changes), "--expect and --set are two questions; ask one",
            "option_expect_and_set", []),
           (brief and (as_json or fmt == "turtle" or asked),
            "--brief shortens the text of a justification; "
            "it does not go with --json, --format json or turtle, --expect or --set", "option_brief", []),
           (len(expect) > 1, f"--expect is given {len(expect)} times; ask one why-not at a time",
            "option_expect_twice", [len(expect)]))
    edition = editions[0] if editions else None
    if asked:
        answer = kb.why_not(file, expect[0], edition, lang) if expect else kb.what_if(file, list(changes), edition)
        pack = kb.language_pack(lang)
        return to_json(answer.to_json()) if as_json else why_text.answer_text(answer, lang, pack)
    if len(editions) > 1:
        cmp = kb.compare(file, list(editions))
        text = to_json(cmp) if as_json else why_text.comparison_text(cmp, lang, kb.language_pack(lang))
        if cmp.errors:  # the comparison is printed, then why an edition failed, and the status says so
            out(text)
            out(why_text.comparison_errors(cmp, kb.language_pack(lang) if lang != "en" else None), err=True)
            sys.exit(1)
        return text
    result = kb.why(file, edition)
    if as_json:
        return to_json(result.to_json())
    if fmt == "turtle":
        return why_text.why_turtle(result)
    return why_text.why_text(result, lang, None, kb.language_pack(lang), brief)
