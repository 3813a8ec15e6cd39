"""The hostile-input corpus (issue 13), made by a deterministic generator and kept in
``tests/data/hostile/``: ``strings.json`` (text for every argument and option) and ``scenarios/``
(scenario files: each bundled scenario and worked example with one field replaced by a hostile
value, or removed, plus files that are hostile as a whole).

``python tests/hostile_corpus.py`` writes it again; ``tests/test_hostile_corpus.py`` checks that
what is kept is what the generator makes, so the corpus cannot drift from its recipe. Strings hold
``{marker}`` where a test puts the path of a file that must never be created (``shell/1`` would).
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DATA = Path(__file__).resolve().parent / "data" / "hostile"
MARKER = "{marker}"

#: The pieces of the first hostile suite (tests/test_hostile.py): Prolog and SPARQL syntax, quotes,
#: control characters, odd Unicode. Its 1,000 strings are the first part of the corpus, as they were.
CLASSIC = [
    "'", '"', "\\", "`", "), halt, (", "halt.", "halt(0)", "'), halt, ('", '"), halt, ("',
    "shell('touch {marker}')", 'shell("touch {marker}")', "\n", "\x00", "\r", "%", "/*", "*/", "0'",
    ".", " ", "519.3", "519.", "999.9", "')", '")', "}", "{", "?x", ":-", "[", "]", "|", ",", "A", "B",
    "SERVICE <http://127.0.0.1:9/> {", "SELECT * WHERE {", "INSERT DATA {", "} #", "\u202e", "Ё", "𝄞",
    "\t", "\\x41\\", "\\u0027", "é", "\U000d8000", "format('~s')", "assert(x)", "abort", "throw(x)",
]

#: What the first suite lacked: terminal control sequences, HTML, YAML and JSON's own words, paths,
#: format directives, numbers of every shape, invisible and look-alike Unicode, sheer length.
MORE = [
    # terminal control: OSC (title, hyperlink), DCS, CSI, C1 controls, a lone ESC
    "\x1b]0;pwned\x07", "\x1b]8;;http://example.org\x1b\\link\x1b]8;;\x1b\\", "\x1bP1$r\x1b\\", "\x1b[31m",
    "\x1b[2J\x1b[H", "\x9b2J", "\x9d0;t\x9c", "\x1b", "\x07", "\x08", "\x7f", "\x85",
    # HTML and template syntax
    "<script>alert(1)</script>", '"><img src=x onerror=alert(1)>', "</textarea>", "&amp;", "&#0;",
    "<!--", "{{ 7*7 }}", "{% raw %}", "javascript:alert(1)",
    # the JSON and YAML words, and YAML's own syntax
    "null", "true", "false", "None", "True", "NaN", "Infinity", "-Infinity", "~", "yes", "no", "on", "off",
    "0x1F", "0o17", "1e3", ".inf", "-.nan", "2026-11-30", "12:30:00", "!!python/object/apply:os.system",
    "*alias", "&anchor", "? key", "- item", "key: value", "|", ">", "#", "---", "...", "<<: x", "@",
    # Prolog: variables, quoting, operators, end of file, numbers Prolog reads its own way
    "X", "_", "_G123", "0'a", "0'\\n", "1.0Inf", "1.5NaN", "[]", "{}", "'[]'", '""', "a:b", "f(X)", "X=Y",
    ":- initialization(halt).", "end_of_file.", "\\+", "-->", "0b101", "1r3", "1_000", "0'\\\\", "~w~n",
    "format(\"~s\")", "'\\x41\\'", "\\c", "user:halt",
    # SPARQL and Turtle
    '" } ; DROP ALL ; SELECT * WHERE { "', '"^^xsd:integer', "\"\"\"", "<urn:x>", "bkb:Paragraph", "?s ?p ?o",
    "FILTER(1)", "LOAD <file:///etc/passwd>", "@prefix x: <urn:x:> .",
    # paths
    "/etc/passwd", "../../../etc/passwd", "/dev/zero", "/dev/stdin", "~/x", "-", "--", "-h", "--help",
    "--kb", "-o", ".", "..", "/", "a/b", "C:\\x", "con", "\\\\server\\share", "file:///etc/passwd",
    # format strings
    "%s", "%n", "%(x)s", "{0}", "{}", "{x!r}", "$HOME", "$(touch {marker})", "`touch {marker}`",
    # numbers of every shape
    "0", "-0", "-1", "7", "1.5", "2147483648", "9223372036854775808", "5e-324", "１２３",
    "519.3.1.2.3.4.5.6.7.8.9", "519.3/ex1", "A:519.3", "A:519.3/item1", "п. 518.4", "٥١٩",
    # Unicode: invisible, combining, bidi, line separators, look-alikes, noncharacters, BOM
    "\u200b", "\u200d", "\u2028", "\u2029", "\ufeff", "\ufdd0", "\ufffe", "\uffff", "e\u0301",
    "\u0301" * 50, "\u202a\u202b\u202c", "Геном", "Гном", "ГНОМ", "гном-басаарг", "Ѐ", "ё", "👨‍👩‍👧",
    "\U0001f600", "\u3000", "\xa0", "ß", "İ", "ﬁ",
    # numbers and words too long for any field (Names stop at 100 characters)
    "x" * 101, "я" * 300, "(" * 1000, "[" * 1000,
]

#: Long strings, each kept alone (never mixed): a query's length must not make it slow.
LONG = ["а " * 2000, "519.3 " * 500, "кубик " * 1000, "регенерация " * 2000, "1" * 5001, "x" * 100_000]


def _mix(pieces: list[str], n: int, seed: int, k: tuple[int, int] = (1, 7)) -> list[str]:
    rng = random.Random(seed)
    out = set(pieces)
    while len(out) < n:
        out.add("".join(rng.choices(pieces, k=rng.randint(*k))))
    return sorted(out)


def strings() -> dict[str, list[str]]:
    """``classic``: the first suite's 1,000 strings; ``more``: 1,100 made of :data:`MORE` (each
    piece alone, and mixed with each other and with the classic pieces)."""
    classic = _mix(CLASSIC, 1000, 20261130)
    more = set(_mix(MORE + CLASSIC, 1100 + len(set(CLASSIC) - set(MORE)), 20261201, (1, 4))) - set(classic)
    return {"classic": classic, "more": sorted((set(sorted(more)[:1100]) | set(MORE)) - set(classic)) + LONG}


# --- scenario files ------------------------------------------------------------------------------

#: Values put in place of one field: other types, edge numbers, hostile text.
VALUES: list[Any] = [
    None, True, False, 0, -1, 7, 2**63, 1.5, float("inf"), "", " ", "null", "true", "false", "rules",
    "x" * 101, "x" * 65, "\x1b]0;pwned\x07", "\x00", "\u202e", "'), halt, ('", "shell('touch {marker}')",
    '"} ; DROP ALL', "<script>alert(1)</script>", "Гном-Басаарг", "p3", "A", "Z", "battle", [], {},
    [None], {"x": 1}, ["a", "a"], [[[[[]]]]], {"null": None}, "2026-11-30", 10**30,
]

#: Files that are hostile as a whole (name → text): syntax, YAML tags, aliases, encodings, depth.
WHOLE = {
    "empty.yaml": "",
    "only-comment.yaml": "# nothing\n",
    "scalar.yaml": "just a string\n",
    "list.yaml": "- edition: A\n",
    "null.json": "null",
    "number.json": "3",
    "two-documents.yaml": "edition: A\nevents: [{end_of_game: }]\n---\nedition: B\n",
    "python-tag.yaml": "edition: !!python/object/apply:os.system ['touch {marker}']\nevents: [{end_of_game: }]\n",
    "python-name.yaml": "edition: !!python/name:os.system\nevents: [{end_of_game: }]\n",
    "set-tag.yaml": "edition: !!set {A: null}\nevents: [{end_of_game: }]\n",
    "binary-tag.yaml": "edition: !!binary aGVsbG8=\nevents: [{end_of_game: }]\n",
    "timestamp.yaml": "edition: 2026-11-30\nevents: [{end_of_game: }]\n",
    "custom-tag.yaml": "edition: !x A\nevents: [{end_of_game: }]\n",
    "aliases.yaml": "a: &a [x, x]\nb: &b [*a, *a]\nedition: A\nevents: [{end_of_game: }]\n",
    "laughs.yaml": "l0: &l0 [lol, lol, lol]\n" + "".join(
        f"l{i}: &l{i} [{', '.join([f'*l{i - 1}'] * 9)}]\n" for i in range(1, 9)) + "edition: A\n",
    "merge-key.yaml": "base: &b {controller: p1}\nedition: A\ncards: [{<<: *b, id: c}]\nevents: [{end_of_game: }]\n",
    "duplicate-key.yaml": "edition: A\nedition: B\nevents: [{end_of_game: }]\n",
    "complex-key.yaml": "edition: A\n? [a, b]\n: 1\nevents: [{end_of_game: }]\n",
    "mapping-key.yaml": "edition: A\n{a: 1}: x\nevents: [{end_of_game: }]\n",
    "int-key.yaml": "edition: A\n1: x\nevents: [{end_of_game: }]\n",
    "null-key.yaml": "edition: A\n~: x\nevents: [{end_of_game: }]\n",
    "tabs.yaml": "edition: A\nevents:\n\t- end_of_game:\n",
    "bad-indent.yaml": "edition: A\n events: []\n",
    "unclosed.yaml": "edition: [A\n",
    "unclosed-quote.yaml": "edition: 'A\n",
    "long-int.yaml": "edition: A\nevents: [{end_of_turn: {player: " + "1" * 5001 + "}}]\n",
    "long-int.json": '{"edition": "A", "events": [{"wounds": {"card": "c", "amount": ' + "9" * 5001 + "}}]}",
    "deep.yaml": "edition: A\nevents: " + "[" * 1000 + "]" * 1000 + "\n",
    "deep-map.yaml": "edition: A\nevents: " + "{a: " * 500 + "1" + "}" * 500 + "\n",
    "deep.json": '{"edition": "A", "events": ' + "[" * 1000 + "]" * 1000 + "}",
    "deep-object.json": '{"edition": "A", "x": ' + '{"a": ' * 1000 + "1" + "}" * 1000 + "}",
    "nan.json": '{"edition": "A", "events": [{"wounds": {"card": "c", "amount": NaN}}]}',
    "infinity.json": '{"edition": "A", "events": [{"wounds": {"card": "c", "amount": Infinity}}]}',
    "lone-surrogate.json": '{"edition": "A\\ud800", "events": [{"end_of_game": null}]}',
    "nul-escape.json": '{"edition": "A", "title": "a\\u0000b", "events": [{"end_of_game": null}]}',
    "trailing.json": '{"edition": "A", "events": [{"end_of_game": null}]} x',
    "yaml-as.json": "edition: A\nevents: [{end_of_game: }]\n",
    "bom.yaml": "\ufeffedition: A\nevents: [{end_of_game: }]\n",
    "crlf.yaml": "edition: A\r\nevents:\r\n  - end_of_game:\r\n",
    "nel.yaml": "edition: A\x85events: [{end_of_game: }]\n",
    "osc-title.yaml": "edition: A\ntitle: \"\\e]0;pwned\\a\"\nevents: [{end_of_game: }]\n",
    "raw-escape.yaml": "edition: A\ntitle: a\x1bb\nevents: [{end_of_game: }]\n",
    "long-line.yaml": "edition: A\ntitle: " + "x" * 50_000 + "\nevents: [{end_of_game: }]\n",
    "many-events.yaml": "edition: A\nevents:\n" + "  - end_of_turn:\n" * 3000,
    "many-cards.yaml": "edition: A\ncards:\n" + "".join(f"  - {{id: c{i}, controller: p1}}\n" for i in range(2000))
    + "events: [{end_of_game: }]\n",
    "event-two-kinds.yaml": "edition: A\nevents: [{end_of_game: , end_of_battle: }]\n",
    "event-unknown.yaml": "edition: A\nevents: [{halt: }]\n",
    "event-scalar.yaml": "edition: A\nevents: [end_of_game]\n",
    "expect-odd.yaml": "edition: A\nevents: [{end_of_game: }]\nexpect: {events: {x: 1, -1: {}, 99: {a: b}}}\n",
}
_BINARY = {
    "latin1.yaml": "edition: A\ntitle: caf\xe9\nevents: [{end_of_game: }]\n".encode("latin-1"),
    "utf16.yaml": "edition: A\nevents: [{end_of_game: }]\n".encode("utf-16"),
    "nul-byte.yaml": b"edition: A\x00\nevents: [{end_of_game: }]\n",
    "garbage.json": bytes(range(256)),
}


def _bases() -> list[tuple[str, Any]]:
    import yaml

    files = sorted((ROOT / "kb" / "scenarios").glob("*.yaml")) + sorted((ROOT / "kb" / "examples").glob("*.yaml"))
    return [(f.stem, yaml.safe_load(f.read_text(encoding="utf-8"))) for f in files]


def _paths(node: Any, at: tuple = ()) -> list[tuple]:
    """Every path to a value in ``node`` (mapping keys and list indexes), the root excluded."""
    out = []
    items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
    for k, v in items:
        out.append((*at, k))
        out += _paths(v, (*at, k))
    return out


def _copy(node: Any) -> Any:
    if isinstance(node, dict):
        return {k: _copy(v) for k, v in node.items()}
    return [_copy(v) for v in node] if isinstance(node, list) else node


def _replaced(node: Any, path: tuple, value: Any, remove: bool = False) -> Any:
    node = _copy(node)
    parent = node
    for k in path[:-1]:
        parent = parent[k]
    if remove:
        del parent[path[-1]]
    else:
        parent[path[-1]] = value
    return node


def _dump(data: Any, as_json: bool) -> str:
    import yaml

    if as_json:
        return json.dumps(data, ensure_ascii=False, indent=1, allow_nan=True) + "\n"
    return yaml.dump(data, Dumper=getattr(yaml, "CSafeDumper", yaml.SafeDumper), allow_unicode=True, sort_keys=False,
                     width=10_000)


def _slug(path: tuple) -> str:
    return "-".join(str(p) for p in path)[:60].replace("_", "")


def scenarios() -> dict[str, bytes]:
    """File name → bytes: every field of every bundled scenario and worked example replaced (a
    value of :data:`VALUES` each, chosen in turn so that every value meets every kind of field) or
    removed, and a key added to every mapping; then :data:`WHOLE` and the undecodable files."""
    rng = random.Random(20261201)
    out: dict[str, bytes] = {}
    turn = 0
    for stem, base in _bases():
        for path in _paths(base):
            for _ in range(1):
                value = VALUES[turn % len(VALUES)]
                turn += 1
                as_json = rng.random() < 0.3
                name = f"{stem}.{_slug(path)}.{turn:05d}.{'json' if as_json else 'yaml'}"
                out[name] = _dump(_replaced(base, path, value), as_json).encode("utf-8")
            if rng.random() < 0.3:
                name = f"{stem}.{_slug(path)}.removed.yaml"
                out[name] = _dump(_replaced(base, path, None, remove=True), False).encode("utf-8")
        for path in [p for p in _paths(base) if isinstance(_at(base, p), dict)][:3]:
            extra = _replaced(base, (*path, "unknown_key"), "x")
            out[f"{stem}.{_slug(path)}.extra-key.yaml"] = _dump(extra, False).encode("utf-8")
    for name, text in WHOLE.items():
        out[f"whole.{name}"] = text.encode("utf-8", "surrogatepass")
    for name, raw in _BINARY.items():
        out[f"whole.{name}"] = raw
    return out


def _at(node: Any, path: tuple) -> Any:
    for k in path:
        node = node[k]
    return node


def write() -> None:
    """Write the corpus into :data:`DATA` (the scenario folder is made again whole)."""
    import shutil

    DATA.mkdir(parents=True, exist_ok=True)
    (DATA / "strings.json").write_text(json.dumps(strings(), ensure_ascii=False, indent=0) + "\n", encoding="utf-8")
    folder = DATA / "scenarios"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir()
    for name, raw in scenarios().items():
        (folder / name).write_bytes(raw)


def kept_strings(marker: Path | str, part: str | None = None) -> list[str]:
    """The kept strings (``part``: ``classic`` or ``more``; both by default), ``{marker}`` replaced."""
    data = json.loads((DATA / "strings.json").read_text(encoding="utf-8"))
    chosen = [s for p in ([part] if part else ["classic", "more"]) for s in data[p]]
    return [s.replace(MARKER, str(marker)) for s in chosen]


def kept_scenarios() -> list[Path]:
    """The kept scenario files, in name order."""
    return sorted((DATA / "scenarios").iterdir())


if __name__ == "__main__":
    write()
    print(f"{DATA}: {sum(len(v) for v in strings().values())} strings, {len(kept_scenarios())} scenario files",
          file=sys.stderr)
