"""What Sphinx adds to reStructuredText, read as Sphinx shows it, for :mod:`.rst`: the directives
plain docutils does not know and the cross-reference roles.

- ``toctree`` and ``index`` print nothing (the contents of other files, an index entry);
- ``only`` prints its content (the HTML build is the one read);
- ``glossary`` prints its entries, a term over its definition (a definition list, as docutils reads one);
- any other directive docutils does not know prints its argument and content as text, its options
  left out — never the ``.. name::`` line (``versionadded`` and its kin their label first, «Добавлено в
  версии 2.0:»);
- ``:ref:`` and ``:numref:`` to a label on a section print the section's title, as Sphinx does
  (``:ref:`п. 100.1 <p100-1>``` its explicit title); any other role docutils does not know
  (``:term:``, ``:doc:``, ``:kbd:``, ``:py:class:``) its text.
"""

from __future__ import annotations

import re

#: an interpreted text role: «:ref:`100.2 <p1002>`» shows «100.2», «:ref:`s100`» the title labelled s100,
#: «:kbd:`Ctrl`» (a role docutils does not know) its text
_ROLE = re.compile(r"(?<![\w`]):(?P<role>[A-Za-z][\w.+-]*(?::[\w.+-]+)?):"
                   r"`(?P<text>[^`<]*?)\s*(?:<(?P<target>[^`>]*)>)?`")
#: the cross-reference roles that name a label (a section's title is what they show)
_LABEL_ROLES = ("ref", "numref", "std:ref")
#: a label line, «.. _s100:»
_LABEL = re.compile(r"^\.\. _(?P<label>[^:\n]+):[ \t]*$", re.MULTILINE)
#: a section title's underline (or overline): one punctuation character repeated
_ADORNMENT = re.compile(r"^([!-/:-@\[-`{-~])\1+[ \t]*$")
#: a directive docutils does not know, at a line's start: its name, its argument
_DIRECTIVE = re.compile(r"^(?P<indent>[ \t]*)\.\. (?P<name>[\w:+-]+)::[ \t]*(?P<arg>.*)$")
#: what Sphinx (in Russian) prints before a version directive's argument: «Добавлено в версии 2.0»
_VERSION_LABELS = {"versionadded": "Добавлено в версии", "versionchanged": "Изменено в версии",
                   "deprecated": "Не рекомендуется, начиная с версии"}
#: an option line of a directive, «:maxdepth: 2»
_OPTION = re.compile(r"^[ \t]*:[^:\s][^:]*:")


#: Sphinx's own roles that print their text (a role neither it nor docutils knows is noted)
_SPHINX_ROLES = frozenset({"doc", "term", "any", "kbd", "guilabel", "menuselection", "file", "samp", "abbr",
                           "command", "program", "option", "envvar", "dfn", "download", "keyword", "token",
                           "mimetype", "newsgroup", "manpage", "eq", "math:numref"})


def with_roles_shown(text: str, name: str = "<rst>", notes: list[str] | None = None) -> str:
    """``text`` with each role docutils does not know written as the words Sphinx prints for it; a
    role Sphinx does not know either (nor a domain's, «:py:class:») shown as its text, with a
    ``"name:line: …"`` line appended to ``notes``."""
    titles = _section_titles(text)

    def shown(m: re.Match) -> str:
        if m["role"] not in _LABEL_ROLES and _known_role(m["role"]):
            return m[0]  # «:emphasis:`…`», «:sub:`…`»: docutils reads it
        if notes is not None and m["role"] not in _LABEL_ROLES and m["role"] not in _SPHINX_ROLES \
                and ":" not in m["role"]:
            notes.append(f'{name}:{text.count(chr(10), 0, m.start()) + 1}: Unknown interpreted text role '
                         f'"{m["role"]}" — shown as its text')
        if m["target"] is not None:
            return m["text"] or m["target"]
        if m["role"] in _LABEL_ROLES:
            return titles.get(m["text"].lower(), m["text"])
        words = m["text"].lstrip("!")  # «!»: Sphinx's «no link»
        return words[1:].rsplit(".", 1)[-1] if words.startswith("~") else words  # «:py:class:`~a.B`» shows «B»

    return _ROLE.sub(shown, text)


def _section_titles(text: str) -> dict[str, str]:
    """Each label that stands right above a section title (blank lines or other labels between), and
    that title; read in one pass over the lines."""
    lines = text.splitlines()
    out: dict[str, str] = {}
    waiting: list[str] = []  # the labels read since the last line of text
    for k, line in enumerate(lines):
        if m := _LABEL.match(line):
            waiting.append(m["label"].strip().lower())
            continue
        if not line.strip() or not waiting:
            continue
        j = k + 1 if _ADORNMENT.match(line) and k + 2 < len(lines) else k  # an overline: the title under it
        if j + 1 < len(lines) and lines[j].strip() and _ADORNMENT.match(lines[j + 1]):
            out.update(dict.fromkeys(waiting, lines[j].strip()))
        waiting = []
    return out


def register() -> None:
    """Teach docutils the Sphinx directives that print nothing or their content; idempotent (docutils'
    own registry is its process's)."""
    from docutils import nodes
    from docutils.parsers.rst import Directive, directives

    class _Options(dict):
        """Any option a Sphinx directive takes, read as text."""

        def __contains__(self, key) -> bool:
            return True

        def __getitem__(self, key):
            return directives.unchanged

    class Dropped(Directive):
        """``toctree``, ``index``: nothing printed."""

        has_content = True
        optional_arguments = 1
        final_argument_whitespace = True
        option_spec = _Options()

        def run(self):
            return []

    class Content(Dropped):
        """``only``, ``glossary``: the content, read as reStructuredText."""

        def run(self):
            box = nodes.container()
            self.state.nested_parse(self.content, self.content_offset, box)
            return list(box.children)

    for name in ("toctree", "index"):
        directives.register_directive(name, Dropped)
    for name in ("only", "glossary"):
        directives.register_directive(name, Content)


def _known_role(name: str) -> bool:
    """Whether docutils knows the role ``name``, in Russian or English."""
    from types import SimpleNamespace

    from docutils.parsers.rst import roles
    from docutils.parsers.rst.languages import get_language

    return roles.role(name, get_language("ru"), 0, SimpleNamespace(info=lambda *a, **k: None))[0] is not None


def known(name: str) -> bool:
    """Whether docutils (taught :func:`register`) knows the directive ``name``, in Russian or English."""
    from types import SimpleNamespace

    from docutils.parsers.rst import directives
    from docutils.parsers.rst.languages import get_language

    quiet = SimpleNamespace(reporter=SimpleNamespace(info=lambda *a, **k: None), current_line=0)
    return directives.directive(name, get_language("ru"), quiet)[0] is not None


def unknown_as_text(text: str) -> str:
    """``text`` with each directive docutils does not know (:func:`known`) written as its text: the
    ``.. name::`` line keeps its argument, the options go (blank lines in their place, so every line
    keeps its number), the content stays, indented under nothing (a paragraph of its own)."""
    lines = text.split("\n")
    k = 0
    while k < len(lines):
        m = _DIRECTIVE.match(lines[k])
        if not m or known(m["name"]):
            k += 1
            continue
        label = _VERSION_LABELS.get(m["name"].lower())
        lines[k] = f"{m['indent']}{label} {m['arg']}:" if label else f"{m['indent']}{m['arg']}"
        k += 1
        while k < len(lines) and _OPTION.match(lines[k]):
            lines[k] = ""
            k += 1
        body = k
        while k < len(lines) and (not lines[k].strip() or len(lines[k]) - len(lines[k].lstrip()) > len(m["indent"])):
            k += 1
        width = min((len(x) - len(x.lstrip()) for x in lines[body:k] if x.strip()), default=0)
        lines[body:k] = [f"{m['indent']}{x[width:]}" if x.strip() else "" for x in lines[body:k]]
    return "\n".join(lines)
