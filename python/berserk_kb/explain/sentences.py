"""Steps and events of a justification in words: a language pack's template filled from a node (the
library's why-not sentence and the command line's text both use it).

The pack (``prolog/lang/<lang>.pl``, read once through the facade: :meth:`KnowledgeBase.language_pack`)
gives every step and event kind a label and a list of templates; the syntax is documented in
``prolog/lang/lang.pl``. Here a template is only *filled*: the first one whose ``when`` conditions
hold is chosen, and each ``{path|filter}`` placeholder is replaced by the value at that path of the
node (``inputs``, ``result`` = the node's value, ``cite`` = its first cited unit). Nothing is
computed: every number a sentence shows is in the node.

Shapes: ``pack = {"lang", "steps": {step: {"label", "templates": [{"text"} | {"when", "text"}]}},
"events": {kind: {...}}, "words": {atom: word}}``.
"""

from __future__ import annotations

import re
from typing import Any

_PLACEHOLDER = re.compile(r"\{\{|\}\}|\{([^{}]+)\}")
_ABSENT = object()
_VALUE_IN_NAME = re.compile(r"«([+−-](\d+) [^«»]*) \2»")  # «+1 к удару 1»: the name already says 1
_BOOLEAN_WORDS = frozenset({"true", "false"})  # the pack's keys for True/False


def _at(context: dict[str, Any], path: str) -> Any:
    value: Any = context
    for key in path.split("."):
        if not isinstance(value, dict) or key not in value:
            return _ABSENT
        value = value[key]
    return value


def _fits(template: dict[str, Any], context: dict[str, Any]) -> bool:
    for path, want in (template.get("when") or {}).items():
        got = _at(context, path)
        if want == "*":
            if got is _ABSENT or got is None:
                return False
        elif got is _ABSENT or got != want or isinstance(got, bool) != isinstance(want, bool):
            return False
    return True


class Filler:
    """Fills templates of one pack. ``names`` maps card handles to card names; a card whose name
    another card shares is named with its handle too («Гномий Король» (k2))."""

    def __init__(self, pack: dict[str, Any], names: dict[str, str],
                 modifiers: dict[str, dict[str, Any]] | None = None) -> None:
        self.pack = pack
        self.words: dict[str, str] = pack.get("words") or {}
        self.names = names
        self.modifiers = modifiers or {}
        seen: dict[str, int] = {}
        for name in names.values():
            seen[name] = seen.get(name, 0) + 1
        self.shared = {n for n, k in seen.items() if k > 1}  # names two cards share: the handle tells them apart

    def of_event(self, *proofs: Any) -> Filler:
        """This filler, knowing the modifiers of one event's proof (each ``inputs.modifier`` of the
        nodes of ``proofs``, by id), so that the ``modifier`` filter names a modifier by its source
        and value."""
        found = {n.inputs["modifier"]["id"]: n.inputs["modifier"] for proof in proofs for n in proof.walk()
                 if isinstance(n.inputs.get("modifier"), dict) and isinstance(n.inputs["modifier"].get("id"), str)}
        return Filler(self.pack, self.names, found)

    def phrase(self, name: str, context: dict[str, Any]) -> str:
        """The pack's word ``name`` (a text around the sentences: a header, a mark) with its
        placeholders filled from ``context``."""
        return _PLACEHOLDER.sub(lambda m: self._fill(m, context), self.words.get(name, name))

    def label(self, table: str, name: str) -> str:
        """The label of a step (``table="steps"``) or event kind (``"events"``); the name itself
        when the pack has none (a test keeps every pack whole)."""
        return (self.pack.get(table, {}).get(name) or {}).get("label") or name

    def sentence(self, table: str, name: str, context: dict[str, Any]) -> str | None:
        """The first fitting template of ``name`` filled from ``context``; None without one."""
        entry = self.pack.get(table, {}).get(name)
        for template in (entry or {}).get("templates") or []:
            if _fits(template, context):
                # a feature with no value («Строй», «Магия крови») is named without the dash of a null,
                # one whose name carries its value («+1 к удару» 1) without the value again
                text = _PLACEHOLDER.sub(lambda m: self._fill(m, context), template["text"]).replace(" —»", "»")
                return _VALUE_IN_NAME.sub(r"«\1»", text)
        return None

    def _fill(self, m: re.Match, context: dict[str, Any]) -> str:
        if m.group(0) in ("{{", "}}"):
            return m.group(0)[0]
        path, *filters = m.group(1).split("|")
        value = _at(context, path)
        if value is _ABSENT:
            value = None
        for f in filters:
            name, *args = f.split(":")  # plural:рану:раны:ран — a filter with its words
            value = getattr(self, f"_{name}")(value, *args)
        return self._plain(value)

    def word(self, value: Any, case: str | None = None) -> str:
        """The pack's word for an atom (``end_of_battle`` → «до конца боя»), or the atom itself;
        with ``case``, its form ``atom:case`` where the pack has one (``p1:gen`` → «игрока p1»)."""
        return self._plain(self._word(value, case))

    # -- filters (the names of the template syntax) ----------------------------------------------

    def _card(self, value: Any) -> Any:
        if value == "rules":
            return self.words.get("rules", "rules")
        if isinstance(value, str) and value in self.names:
            name = self.names[value]
            return f"«{name}» ({value})" if name in self.shared else f"«{name}»"
        return value

    def _cards(self, value: Any) -> Any:
        if value in (None, []):
            return self._plain(value)
        return ", ".join(str(self._card(v)) for v in value) if isinstance(value, list) else self._card(value)

    def _from(self, value: Any, word: str = "from") -> Any:
        """A source card as the pack's ``<word>_card`` words filled with it (ru «от «Бокор»», en
        «from «Бокор»»; ``from:by``: en «by «Бокор»»), or its ``source_none`` words when the input
        names none (ru «(источник не указан)») — never a bare dash after «от»."""
        if value is None:
            return self.words.get("source_none", "—")
        return self.phrase(f"{word}_card", {"card": value})

    @staticmethod
    def _gender(value: Any, *forms: str) -> Any:
        """``{name|gender:Femn:Masc:Neut}``: of three forms of a word, the one that agrees with the
        feature name ``value`` (its gender by :func:`~berserk_kb.text.morph.gender`: ru «Регенерация»
        подавлена, «Строй» подавлен, «Отравление» подавлено); a name whose gender is not known
        («+1 к удару») takes the first, as the word «особенность» it stands for does."""
        if len(forms) != 3 or not isinstance(value, str):
            return forms[0] if forms else value
        from ..text.morph import gender  # the morphology only for a sentence that asks (a cold start loads none)

        return forms[{"masc": 1, "neut": 2}.get(gender(value) or "", 0)]

    def _card_feature(self, value: Any) -> Any:
        """A ``Handle/Name`` a result lists (a feature of one card among others: loss.pl, markers.pl)
        as the pack's ``card_feature`` words, the card by its name; anything else as it is."""
        if isinstance(value, list):
            return [self._card_feature(v) for v in value]
        handle, sep, name = value.partition("/") if isinstance(value, str) else ("", "", "")
        if sep and handle in self.names:
            return self.phrase("card_feature", {"card": handle, "feature": name})
        return value

    def _word(self, value: Any, case: str | None = None) -> Any:
        if isinstance(value, bool):
            return self.words.get("true" if value else "false", str(value).lower())
        if isinstance(value, list):
            return [self._word(v, case) for v in value]
        if not isinstance(value, str) or value in _BOOLEAN_WORDS:
            return value  # the pack's "true"/"false" words say a boolean: a string is never yes/no
        return self.words.get(f"{value}:{case}") or self.words.get(value,
                                                                   value) if case else self.words.get(value, value)

    def _shown(self, value: Any, case: str = "") -> Any:
        """``{expected|shown:in}``: a value shown as JSON (``'"battle"'``) that is a text the pack has
        the form ``atom:case`` of (a zone's «в зоне битвы») as that form; any other value as it is."""
        if isinstance(value, str) and len(value) > 2 and value[0] == value[-1] == '"':
            return self.words.get(f"{value[1:-1]}:{case}", value)
        return value

    def _modifier(self, value: Any) -> Any:
        """A modifier (its id, or itself) as the scenario gives it: its value and source card
        (the pack's ``modifier_<op>`` word; ``…_formation`` for one that holds in formation); an
        id of no modifier of the event, or of one whose op has no such word, as its word."""
        if isinstance(value, list):
            return [self._modifier(v) for v in value]
        m = value if isinstance(value, dict) else self.modifiers.get(value) if isinstance(value, str) else None
        if m is None:
            return self._word(value)
        op = f"modifier_{m.get('op')}"
        key = f"{op}_formation" if m.get("while") == "formation" and f"{op}_formation" in self.words else op
        return self.phrase(key, m) if key in self.words else self._word(m.get("id"))

    @staticmethod
    def _plural(value: Any, *forms: str) -> Any:
        """``3`` → «3 раны»: the number and the word of ``forms`` it calls for — three forms
        (one|few|many: 1, 21 рану; 2–4, 22 раны; 5–20, 11–14, 25 ран), or two (one|many)."""
        if isinstance(value, bool) or not isinstance(value, int) or len(forms) not in (2, 3):
            return value
        if len(forms) == 2:
            return f"{number_text(value)} {forms[0] if value == 1 else forms[1]}"
        n10, n100 = abs(value) % 10, abs(value) % 100
        word = forms[0] if n10 == 1 and n100 != 11 else forms[1] if 2 <= n10 <= 4 and not 12 <= n100 <= 14 else forms[2]
        return f"{number_text(value)} {word}"

    @staticmethod
    def _none(value: Any, *words: str) -> Any:
        """``{wounds|none:ран на ней нет|plural:…}``: the words given for a count of 0 (a sentence
        says «ран на ней нет», not «0 ран снимаются»); any other value as it is."""
        return ":".join(words) if value == 0 and not isinstance(value, bool) and words else value

    @staticmethod
    def _signed(value: Any) -> Any:
        if isinstance(value, bool) or not isinstance(value, int):
            return value
        return f"+{value}" if value >= 0 else number_text(value)

    def _list(self, value: Any) -> Any:
        if value in (None, []):
            return self._plain(value)
        return ", ".join(self._plain(v) for v in value) if isinstance(value, list) else value

    def _plain(self, value: Any) -> str:
        if value is None:
            return "—"
        if isinstance(value, bool):
            return str(self._word(value))
        if isinstance(value, list):  # an empty one: the pack's «nothing» (a dash is for a value not given)
            return ", ".join(self._plain(v) for v in value) or self.words.get("nothing", "—")
        if isinstance(value, dict):
            if "name" in value:
                shown = value["name"] if value.get("value") is None else \
                    f"{value['name']} {number_text(value['value'])}"
                return f"«{shown}»"
            return ", ".join(f"{k}: {self._plain(v)}" for k, v in value.items() if v is not None)
        return number_text(value)


def number_text(value: Any) -> str:
    """A value as text, a negative whole number with the minus sign U+2212 (``-2`` → «−2»), the sign
    the ``signed`` filter gives «−5» — one minus in every sentence, in both languages."""
    if isinstance(value, int) and not isinstance(value, bool) and value < 0:
        return f"−{-value}"
    return str(value)


def node_context(node: Any) -> dict[str, Any]:
    """What a step's template may name: its inputs, ``result`` and ``cite``: the first unit's
    ``label`` and ``number``, its ``ref`` and, where a later list item of another paragraph is cited
    too (a group of one paragraph, the relation of another's, edition B's dice), that item's ``ref``
    as ``also`` (else None) — so that each letter is shown with its own paragraph."""
    first = node.cites[0] if node.cites else None
    label = None
    if first is not None:
        label = first.label or (first.marker or "").rstrip(".)") or None
    also = next((c.ref() for c in node.cites[1:] if c.kind == "list_item" and first is not None
                 and c.number != first.number), None)
    cite = {"label": label, "number": first.number if first else None,
            "ref": first.ref() if first else None, "also": also}
    return {**node.inputs, "result": node.value, "cite": cite}


def value_text(value: Any, names: dict[str, str]) -> str:
    """A step's inputs or value as short text: card handles as their names (``names``: handle → name),
    dicts as ``{k: v}`` without unset keys, ``None`` as «—»."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {value_text(v, names)}" for k,
                               v in value.items() if v is not None and v != "after") + "}"
    if isinstance(value, list):
        return "[" + ", ".join(value_text(v, names) for v in value) + "]"
    if isinstance(value, str) and value in names:
        return f"{names[value]} ({value})" if names[value] != value else value
    return "—" if value is None else number_text(value)


def step_sentence(node: Any, words: Filler) -> str:
    """A step as a sentence of the pack; without a template for it, its label, inputs and value."""
    said = words.sentence("steps", node.step, node_context(node))
    if said is None:
        inputs = {k: v for k, v in node.inputs.items() if k != "edition"}
        said = (f"{words.label('steps', node.step)}: {value_text(inputs, words.names)} ⇒ "
                f"{value_text(node.value, words.names)}")
    return said
