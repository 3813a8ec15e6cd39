"""Pages as HTML: the Jinja2 templates (autoescape on: every value from the rulebook, a card file
or a request is escaped) and the few filters that mark text up — references as links, word diffs,
the matched word of a search hit. The server and the static site render through :class:`Pages`."""

from __future__ import annotations

import hashlib
import json
import posixpath
import re
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, quote, unquote, urlencode

from markupsafe import Markup, escape

from ..errors import INPUT_REFUSALS
from ..explain import refusals
from ..explain.sentences import Filler
from ..render import printable
from ..render.why import value_text
from ..text import ESCAPED
from .i18n import CHECKS, FACTS, named, plural, words
from .reasons import reason_text

HERE = Path(__file__).parent
TEMPLATES = HERE / "templates"
STATIC = HERE / "static"


def without_controls(value: Any) -> Any:
    """What a template prints (every ``{{ … }}`` passes through here, before it is escaped): text
    without any control sequence — whole, an OSC's title or address too — and with every
    bidirectional control shown as its escape (:func:`~berserk_kb.render.printable`), markup built
    by a filter likewise; other values as they are."""
    if isinstance(value, Markup):
        return Markup(printable(value))
    return printable(value) if isinstance(value, str) else value


def json_text(data: Any, indent: int | None = 1) -> str:
    """A page's data as JSON (the file beside it, the server's answer): its text as the page shows it —
    without any control sequence (whole) or control character, its bidirectional controls and line
    separators written as JSON escapes (``\\u202e``), so that a reader of the file gets the same text and a
    viewer of it is not reordered (:func:`~berserk_kb.render.printable`: in JSON text, its escape is
    JSON's); ``indent`` as :func:`json.dumps` (``None``: one line, written by json's C encoder — the
    server's answer)."""
    from ..text import without_control_sequences

    def clean(value: Any) -> Any:
        if isinstance(value, str):
            return without_control_sequences(value)
        if isinstance(value, dict):
            return {clean(k): clean(v) for k, v in value.items()}
        if isinstance(value, (list, tuple)):
            return [clean(v) for v in value]
        return value

    text = json.dumps(data, ensure_ascii=False, indent=indent)
    if not _SUSPECT.search(text):  # one pass: most answers have nothing to clean nor to escape
        return text
    if any(e in text for e in _CONTROL_ESCAPES) or _RAW_CONTROL.search(text):  # else nothing to clean
        text = json.dumps(clean(data), ensure_ascii=False, indent=indent)
    return printable(text)


#: In JSON text (``ensure_ascii=False``), where a string may hold a control character: JSON's escape of
#: one (``\\u001b``, ``\\b``, ``\\f``, ``\\r``; the backslash may be an escaped one instead: the text is
#: then cleaned for nothing) or one as itself (DEL and the C1 controls are not escaped).
_CONTROL_ESCAPES = ("\\u", "\\b", "\\f", "\\r")
_RAW_CONTROL = re.compile("[\x7f-\x9f]")
#: … or a character :func:`~berserk_kb.render.printable` writes as its escape (:data:`~berserk_kb.text.ESCAPED`,
#: one character class): a text with none of them is its own JSON (json escapes every other control
#: character itself). One class and a look at the backslash's neighbour, so that the search scans
#: the text at a class's speed (an alternation of the two was three times slower).
_SUSPECT = re.compile(r"[\\\x7f-\x9f" + ESCAPED.pattern[1:-1] + r"](?:(?<=\\)[ubfr]|(?<!\\))")


class Pages:
    """The templates, ready to render a page's data (``reading``: the knowledge base behind them,
    for the links every page has)."""

    def __init__(self, reading: Any) -> None:
        from jinja2 import Environment, FileSystemLoader, StrictUndefined

        self.env = Environment(loader=FileSystemLoader(TEMPLATES), autoescape=True, undefined=StrictUndefined,
                               trim_blocks=True, lstrip_blocks=True, finalize=without_controls)
        self.env.filters.update(linked=linked, word_diff=word_diff, marked=marked, fact=fact,
                                json_text=lambda v: json.dumps(v, ensure_ascii=False),
                                unquoted=unquote)
        #: The language pack's words (``medium`` → «средний удар»), for the values a form offers.
        self.packs = {lang: reading.kb.language_pack(lang) for lang in ("ru", "en")}
        self.pack_words = {lang: pack.get("words", {}) for lang, pack in self.packs.items()}
        pair = next(iter(reading.diffs), None)
        self.env.globals.update(label=reading.label, first_edition=reading.editions[0]["id"], editions=reading.editions,
                                first_diff=f"/diff/{pair[0]}/{pair[1]}" if pair else None)

    def said(self, lang: str, kind: str | None, result: Any, names: dict[str, str] | None = None) -> str:
        """An event's result in words: the language pack's sentence for its kind, else its values; an
        edition's refusal (``{"refused": message}``, diff/behaviour.py) is its message."""
        if isinstance(result, dict) and set(result) == {"refused"}:  # the library's own (English) message
            return Markup('<span class="data" lang="en">{}</span>').format(result["refused"])
        filler = Filler(self.packs[lang], names or {})
        return ((filler.sentence("events", kind, {"result": result}) if kind else None)
                or value_text(result, names or {}))

    def refused(self, lang: str, refusal: Any) -> Markup | None:
        """An engine refusal (``{"kind", "values"}``, :mod:`~berserk_kb.explain.refusals`) in
        ``lang``, its values marked as data and an atom (a zone, a section) in the pack's words;
        ``None`` when it has no template, or for a scenario field's own refusal
        (:data:`~berserk_kb.errors.INPUT_REFUSALS`), which the page says in its own words at the
        field (reasons.py), the library's message kept beside them. Other input errors (a text
        that is not YAML, a file that cannot be read, a text too long) are worded so too, as the
        details below the page's sentence — the words ``berserk-kb why`` says them in."""
        pack = self.packs["en" if lang == "en" else "ru"]
        if not isinstance(refusal, dict) or refusal.get("kind") in INPUT_REFUSALS:
            return None
        named = refusals.values(refusal, pack)
        if named is None:
            return None
        template = escape(refusals.template(refusal, pack))
        return Markup(template.replace("{", "{0[").replace("}", "]}")).format(
            {k: Markup('<span class="data">{}</span>').format(v) for k, v in named.items()})

    def said_apart(self, lang: str, kinds: list[str | None], results: dict[str, list[Any]],
                   names: dict[str, str] | None = None) -> dict[str, list[str]]:
        """Each edition's results (``{edition: [result of event i, …]}``, the events of ``kinds``) in
        words, told apart (:func:`apart`) where two editions' sentences are the same."""
        filler = Filler(self.packs[lang], names or {})
        out: dict[str, list[str]] = {ed: [] for ed in results}
        for i in range(max((len(rs) for rs in results.values()), default=0)):
            at = {ed: rs[i] for ed, rs in results.items() if i < len(rs)}
            kind = kinds[i] if i < len(kinds) else None
            for ed, text in apart({ed: self.said(lang, kind, r, names) for ed, r in at.items()}, at, filler).items():
                out[ed].append(text)
        return out

    def render(self, template: str, data: dict[str, Any], *, lang: str = "ru", here: str = "/",
               static_site: bool = False, server: str | None = None, query: str = "") -> str:
        """The HTML of ``template`` for ``data`` (the page's JSON): ``here`` is the page's own path
        (for its permalink and the language switch); on a static site links are relative and
        ``server`` (if any) is where why and search live."""
        url = relative_url(here, lang) if static_site else (lambda path: path)
        # the page's own query stays
        kept = [(k, v) for k, v in parse_qsl(query, keep_blank_values=True) if k != "lang"]
        switch = "?" + urlencode([*kept, ("lang", "en" if lang == "ru" else "ru")])
        if static_site:  # the same page in the other language: Russian at the root, English under en/
            switch = relative_url(here, lang, "ru" if lang == "en" else "en")(here)
        server = server.rstrip("/") if server else None

        def why(query: str) -> str | None:  # a link to the why page, where there is one
            return f"{server}/why?{query}" if static_site and server else None if static_site else f"/why?{query}"

        return self.env.get_template(template).render(
            d=data, w=words(lang), said=partial(self.said, lang), said_apart=partial(self.said_apart, lang),
            reason=partial(reason_text, lang=lang, pack=self.packs["en" if lang == "en" else "ru"]),
            refused=partial(self.refused, lang),
            plural=partial(_plural, lang=lang), facts=named(FACTS, lang), checks=named(CHECKS, lang),
            pw={**self.pack_words[lang], **_choices(lang)}, lang=lang, here=here, url=url, why=why,
            static_site=static_site,
            server=server, query=query, switch=switch)


def apart(texts: dict[str, str], results: dict[str, Any], words: Filler) -> dict[str, str]:
    """``texts`` (``{edition: its result in words}``), each with the fields of its result that differ
    from another edition's added in words (``works_as`` → «работает как 0»), when two editions' results
    differ but their sentences are the same (the event's sentence does not say every field: ««Регенерация»
    получена: -1» under both editions, which differ in what it works as)."""
    if len(set(texts.values())) == len(texts) or not all(isinstance(r, dict) for r in results.values()):
        return texts
    keys = dict.fromkeys(k for r in results.values() for k in r)
    differ = [k for k in keys if len({json.dumps(r.get(k), sort_keys=True, default=str) for r in results.values()}) > 1]
    if not differ:
        return texts
    return {ed: text + " (" + ", ".join(f"{words.label('steps', k)} {words.word(results[ed].get(k))}"
                                        for k in differ) + ")"
            for ed, text in texts.items()}


def _plural(n: int, forms: str, lang: str) -> str:
    return plural(n, forms, lang)


def _choices(lang: str) -> dict[str, str]:
    """The interface's own words for values the language pack does not name (``grant``, ``add``)."""
    w = words(lang)
    return {"grant": w["grant"], "add": w["add"]}


def relative_url(here: str, lang: str = "ru", to: str | None = None) -> Callable[[str], str]:
    """On a static site: the link from the page at ``here`` (in ``lang``) to the page at ``path``
    (in ``to``, by default the same language), relative, ending in ``index.html`` so that it works
    from a folder on disk too. Russian pages are at the root, English ones under ``en/``; the JSON
    and the static files are shared."""
    base = posixpath.dirname(page_file(site_path(here, lang)))
    to = to or lang

    def url(path: str, suffix: str | None = None) -> str:
        target, hash_, anchor = path.partition("#")
        if target.startswith("/static/"):
            file = target.lstrip("/")
        elif suffix == ".json":  # the page's JSON (a card may be named «….json»: the page is asked for apart)
            file = page_file(target, ".json")
        else:
            file = page_file(site_path(target, to))
        return quote(posixpath.relpath(file, base or ".")) + hash_ + anchor

    return url


def site_path(path: str, lang: str) -> str:
    """Where a page of ``lang`` lives on a static site: ``/A/519.3`` → ``/en/A/519.3`` in English."""
    return path if lang == "ru" else f"/{lang}{path}".rstrip("/")


def page_file(path: str, suffix: str = "/index.html") -> str:
    """The file of the page at ``path`` (a URL path, percent-encoded) on a static site, relative to
    its folder: ``/A/519.3`` → ``A/519.3/index.html``, ``/`` → ``index.html``; with ``suffix=".json"``
    its JSON, ``A/519.3.json``. Each part of the path is one :func:`safe_segment`, so no name can
    reach outside the folder; a link is this file percent-encoded, so link and file agree."""
    parts = [safe_segment(unquote(p)) for p in path.split("/") if p]
    if suffix == ".json":
        return "/".join(parts or ["index"]) + ".json"
    return "/".join(parts) + suffix if parts else suffix.lstrip("/")


def safe_segment(name: str) -> str:
    """``name`` (a card's name, a part of a paragraph's id) as one file name: no ``/``, ``\\`` or
    control character (NUL among them), never ``.``, ``..`` nor a leading ``.``, never ending in
    ``.json`` or ``.html`` (the name of a page's JSON or of a page), never a name Windows keeps
    (``CON``, ``nul.txt``, a trailing dot or space), at most 120 bytes. A name that
    had to change ends in ``~`` and 8 hex digits of its SHA-1, so two names never share a file."""
    seg = re.sub(r"[\x00-\x1f\x7f/\\]", "_", name)
    seg = "_" + seg[1:] if seg.startswith(".") else seg
    seg = seg.encode("utf-8", "replace")[:120].decode("utf-8", "ignore")
    if seg != name or not seg or seg.lower().endswith((".json", ".html")) or _reserved(seg):
        seg += "~" + hashlib.sha1(name.encode("utf-8", "surrogatepass")).hexdigest()[:8]
    return seg


#: The names Windows keeps for devices (with any extension: ``CON.txt`` too), any case.
RESERVED = {"CON", "PRN", "AUX", "NUL", *(f"{d}{i}" for d in ("COM", "LPT") for i in range(1, 10))}


def _reserved(seg: str) -> bool:
    """A file name Windows cannot write: a device's name, or one ending in a dot or a space."""
    return seg.split(".", 1)[0].rstrip(" ").upper() in RESERVED or seg.endswith((".", " "))


def linked(text: str, cites: list[dict[str, Any]], url: Callable[[str], str], unresolved: str = "") -> Markup:
    """``text`` with each number of its references (``cites``: the paragraph's ``cites``, with
    ``raw``, ``number`` and ``href``) a link to its paragraph, or marked unresolved (titled ``unresolved``)."""
    spans: list[tuple[int, int, dict[str, Any]]] = []
    for raw in dict.fromkeys(c["raw"] for c in cites):
        at = text.find(raw)
        while at >= 0:
            for c in (c for c in cites if c["raw"] == raw):
                m = re.search(rf"(?<!\d)(?<!\d\.){re.escape(c['number'])}(?!\d)", text[at:at + len(raw)])
                if m:
                    spans.append((at + m.start(), at + m.end(), c))
            at = text.find(raw, at + len(raw))
    out, taken = [], 0
    for start, end, c in sorted({(s, e): (s, e, c) for s, e, c in spans}.values(), key=lambda t: t[0]):
        if start < taken:
            continue
        out.append(escape(text[taken:start]))
        number = escape(text[start:end])
        if c.get("href"):
            out.append(Markup('<a class="ref" href="{}">{}</a>').format(url(c["href"]), number))
        else:
            out.append(Markup('<span class="ref unresolved" title="{}">{}</span>').format(unresolved, number))
        taken = end
    out.append(escape(text[taken:]))
    return Markup("").join(out)


_DIFF = re.compile(r"\[-(.*?)-\]|\{\+(.*?)\+\}", re.S)


def word_diff(diff: str) -> Markup:
    """A word diff (``[-removed-]``, ``{+added+}``) with ``<del>`` and ``<ins>``."""
    out, at = [], 0
    for m in _DIFF.finditer(diff):
        out.append(escape(diff[at:m.start()]))
        out.append(Markup("<del>{}</del>").format(m.group(1)) if m.group(1) is not None
                   else Markup("<ins>{}</ins>").format(m.group(2)))
        at = m.end()
    out.append(escape(diff[at:]))
    return Markup("").join(out)


def marked(hit: dict[str, Any]) -> Markup:
    """A search hit's snippet with every match (its ``marks``: start/end offsets) in ``<mark>``."""
    text, out, at = hit["snippet"], [], 0
    for m in hit["marks"]:
        out += [escape(text[at:m["start"]]), Markup("<mark>{}</mark>").format(text[m["start"]:m["end"]])]
        at = m["end"]
    return Markup("").join([*out, escape(text[at:])])


def fact(value: Any) -> Markup:
    """A fact of kb/cards.yaml as text: ``[2, 3, 4]`` → ``2/3/4``, features ``Строй; Регенерация 2``;
    what a name is given with (``while: adjacent``) and any other shape as the file writes it, in ``<code>``."""
    if isinstance(value, list) and value and all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        return escape("/".join(map(str, value)))
    if isinstance(value, list):
        return Markup("; ").join(fact(v) for v in value)
    if isinstance(value, dict):
        head = escape(" ".join(str(value[k]) for k in ("name", "value") if value.get(k) is not None))
        rest = [Markup("<code>{}: {}</code>").format(k, json.dumps(v, ensure_ascii=False)
                                                     if not isinstance(v, str) else v)
                for k, v in value.items() if k not in ("name", "value")]
        return Markup(" ").join([head, *rest]) if str(head) else Markup(" ").join(rest)
    return escape("" if value is None else str(value))
