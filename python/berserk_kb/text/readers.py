"""Reading the files a knowledge base is made of, with errors that name the file and the place.

:func:`read_text` reads a file as UTF-8 (a byte-order mark dropped, composed: :func:`~.nfc`);
:func:`load_yaml` reads YAML safely (no anchors or aliases, no key twice); :func:`load_json` reads
JSON, naming line and column of what is wrong. Every error is one line, ``path:line:column: what``,
raised as the class the caller gives (:class:`~berserk_kb.errors.InputError` by default), ``path``, ``line`` set.
"""

from __future__ import annotations

import errno
import functools
import json
import os
import re
import sys
from pathlib import Path
from typing import Any, Literal, overload

from ..errors import InputError, TooLong
from ..store.files import NotRegularFile, TooLarge, read_regular
from . import nfc

#: The most any file of a knowledge base is read (the card import's cap; other kinds give a ``limit``).
DEFAULT_LIMIT = 64 * 2**20


def position(text: str | bytes, offset: int) -> tuple[int, int]:
    """The 1-based (line, column) of ``offset`` in ``text`` (lines end at ``\\n``)."""
    if isinstance(text, bytes):
        return text.count(b"\n", 0, offset) + 1, offset - (text.rfind(b"\n", 0, offset) + 1) + 1
    return text.count("\n", 0, offset) + 1, offset - (text.rfind("\n", 0, offset) + 1) + 1


@overload
def read_bytes(path: Path, what: str, *, limit: int | None = None, missing_ok: Literal[False] = False,
               error: type = InputError, hint: str = "", inside: Path | None = None) -> bytes: ...
@overload
def read_bytes(path: Path, what: str, *, limit: int | None = None, missing_ok: bool,
               error: type = InputError, hint: str = "", inside: Path | None = None) -> bytes | None: ...
def read_bytes(path: Path, what: str, *, limit: int | None = None, missing_ok: bool = False,
               error: type = InputError, hint: str = "", inside: Path | None = None) -> bytes | None:
    """The bytes of the regular file ``path`` (``what`` names it in errors: ``"manifest"``), at
    most ``limit`` of them (:data:`DEFAULT_LIMIT` when not given); ``None`` when it is missing and
    ``missing_ok``. A FIFO or a device is refused without blocking (:func:`~berserk_kb.store.files.read_regular`);
    with ``inside`` (the folder a file of a knowledge base belongs in), so is a link that leads out
    of it (``a.txt → /etc/passwd``).

    Raises:
        error: missing (``hint`` is added to the message), a link out of ``inside``, not a regular
            file, larger than ``limit``, or unreadable.
    """
    path = Path(path)
    if inside is not None:
        refuse_outside(path, what, inside, error=error)
    cap = DEFAULT_LIMIT if limit is None else limit
    try:
        raw = read_regular(path, cap)
    except FileNotFoundError:
        if missing_ok:
            return None
        raise error(f"{path}: {what} not found{hint}", path=path,
                    refusal={"kind": "file_not_found", "values": [what, hint]}) from None
    except NotRegularFile:
        kind = "file_folder" if os.path.isdir(path) else "file_not_regular"  # a pack may say «a folder»
        raise error(f"{path}: {what} is not a regular file", path=path,
                    refusal={"kind": kind, "values": [what]}) from None
    except TooLarge:
        size = (f"{cap // 10**6} MB" if cap % 10**6 == 0
                else f"{cap // 2**20} MiB" if cap >= 2**20 else f"{cap // 1024} KB")
        raise error(f"{path}: {what} is larger than the limit of {size}", path=path,
                    refusal={"kind": "file_too_large", "values": [what, size]}) from None
    except OSError as exc:
        raise error(f"{path}: cannot read {what}: {exc.strerror or exc}", path=path,
                    refusal={"kind": "file_unreadable", "values": [what, str(exc.strerror or exc),
                                                                   errno.errorcode.get(exc.errno or 0, "")]}) from None
    return raw


def refuse_outside(path: Path, what: str, inside: Path, *, error: type = InputError) -> None:
    """Refuse ``path`` when it resolves outside the folder ``inside`` (``a.txt → /etc/passwd``).

    Raises:
        error: ``path`` (or a link on its way) leads out of ``inside``.
    """
    # realpath, not Path.resolve: a link loop is then an error of the read, not a RuntimeError
    if not Path(os.path.realpath(path)).is_relative_to(os.path.realpath(inside)):
        raise error(f"{path}: {what} is a link to a file outside the {Path(inside).name} folder {inside}",
                    path=Path(path))


#: the ten commonest letters of Russian text, in lower case
_COMMON_RU = frozenset("оеаинтсрвл")


def _other_encoding(raw: bytes) -> str:
    """What a file that is not UTF-8 is likely to be, as the end of its error: UTF-16 (its byte
    order mark: Notepad's «Unicode»), or Windows-1251 or KOI8-R when that reads it as Cyrillic text.
    Both put Russian letters in the same bytes (0xC0–0xFF), the cases swapped: the one that reads
    more of them as the commonest lower-case letters (о, е, а, и, н, т, с, р, в, л) is named."""
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        return "; it is UTF-16 (it starts with a UTF-16 byte order mark): save it as UTF-8"
    head = raw[:65536]
    high = sum(b >= 0x80 for b in head)
    words = re.findall(rb"[\xa3\xa8\xb3\xb8\xc0-\xff]{3,}", head)  # А–я, Ё, ё in either: Russian words
    if high and sum(map(len, words)) >= 0.7 * high:  # Latin-1's accented letters stand alone («été»)
        joined = b" ".join(words)
        koi8 = sum(ch in _COMMON_RU for ch in joined.decode("koi8-r", "replace"))
        name = "KOI8-R" if koi8 > sum(ch in _COMMON_RU for ch in joined.decode("cp1251", "replace")) else "Windows-1251"
        return f"; it looks like {name} (Cyrillic): save it as UTF-8"
    return ""


def _utf16_unmarked(raw: bytes) -> str:
    """``"; it looks like UTF-16LE (…)"`` when ``raw`` reads as UTF-16 written without a byte order
    mark: in every other byte (the odd ones for little-endian, the even ones for big-endian) 90% or
    more are 0x00 (a Latin letter, a digit, a space) or 0x04 (a Cyrillic letter), at least one of
    them 0x00; else ``""``."""
    for order, high in (("LE", raw[1:65536:2]), ("BE", raw[0:65536:2])):
        if len(high) >= 2 and high.count(0) and high.count(0) + high.count(4) >= 0.9 * len(high):
            return f"; it looks like UTF-16{order} written without a byte order mark: save it as UTF-8"
    return ""


def decode(raw: bytes, path: Path, *, error: type = InputError, nul: bool = False,
           encoding: str = "utf-8") -> str:
    """``raw`` as text in ``encoding`` (UTF-8 unless a web page declares another), without a
    byte-order mark, composed (:func:`~berserk_kb.text.nfc`).

    Raises:
        error: not valid in the encoding, or (with ``nul``) holding a NUL character; names line and
            column.
    """
    try:
        text = raw.decode(encoding)
    except UnicodeDecodeError as exc:
        line, col = position(raw, exc.start)
        name = "UTF-8" if encoding == "utf-8" else encoding
        other = _other_encoding(raw) if encoding == "utf-8" else ""
        looks = re.search(r"UTF-16|KOI8-R|Windows-1251", other)  # the encoding it seems to be in, for a pack
        raise error(f"{path}:{line}:{col}: not valid {name} (byte 0x{raw[exc.start]:02x} at offset {exc.start})"
                    f"{other}", path=path, line=line, refusal={"kind": "not_in_encoding", "values": [
                        col, name, f"{raw[exc.start]:02x}", exc.start, looks[0] if looks else ""]}) from None
    if nul and "\x00" in text:
        line, col = position(text, text.index("\x00"))
        raise error(f"{path}:{line}:{col}: contains a NUL character{_utf16_unmarked(raw)}", path=path, line=line)
    return nfc(text[1:] if text.startswith("\ufeff") else text)


@overload
def read_text(path: Path, what: str, *, limit: int | None = None, missing_ok: Literal[False] = False,
              error: type = InputError, nul: bool = False, hint: str = "", inside: Path | None = None) -> str: ...
@overload
def read_text(path: Path, what: str, *, limit: int | None = None, missing_ok: bool,
              error: type = InputError, nul: bool = False, hint: str = "",
              inside: Path | None = None) -> str | None: ...
def read_text(path: Path, what: str, *, limit: int | None = None, missing_ok: bool = False,
              error: type = InputError, nul: bool = False, hint: str = "", inside: Path | None = None) -> str | None:
    """:func:`read_bytes` and :func:`decode`: the text of ``path``, or ``None`` when missing and
    ``missing_ok``."""
    raw = read_bytes(path, what, limit=limit, missing_ok=missing_ok, error=error, hint=hint, inside=inside)
    return None if raw is None else decode(raw, path, error=error, nul=nul)


def stdin_bytes(error: type = InputError) -> Any:
    """Standard input as bytes (its ``buffer``), read when ``-`` is given as a file name.

    Raises:
        error: standard input is closed (``<&-``: Python then has no ``sys.stdin``); its refusal
            ``stdin_closed`` words it in a language pack.
    """
    if sys.stdin is None:
        raise error("-: standard input is closed", path="-", refusal={"kind": "stdin_closed", "values": []})
    return sys.stdin.buffer


def limit_length(text: Any, what: str, limit: int, field: str | None = None) -> Any:
    """``text`` when it is at most ``limit`` characters (anything not a string passes: its own
    check says what is wrong with it). A longer query cannot be meant, and would cost seconds.

    Raises:
        TooLong: longer (``what`` names it: ``"search text"``; the error carries ``length``,
            ``limit`` and ``field``).
    """
    if isinstance(text, str) and len(text) > limit:
        raise TooLong(f"{what} is {len(text):,} characters long; at most {limit:,} are read",
                      length=len(text), limit=limit, field=field)
    return text


def refuse_aliases(text: str, path: Path | str, error: type = InputError) -> None:
    """Refuse YAML anchors and aliases: a few nested aliases expand to billions of nodes (a «billion
    laughs» file); none of our files needs them. Scanning is linear in the text.

    Raises:
        error: the text uses an alias or an anchor (names the line).
    """
    import yaml

    try:
        for token in yaml.scan(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)):
            if isinstance(token, (yaml.AliasToken, yaml.AnchorToken)):
                line = token.start_mark.line + 1
                detail = "YAML anchors and aliases are not allowed"
                raise error(f"{path}:{line}: {detail}", path=path, line=line, detail=detail,
                            refusal={"kind": "yaml_alias", "values": [line]})
    except yaml.YAMLError:
        return  # the parser reports syntax errors with their line


@functools.cache
def unique_key_loader() -> type:
    """A safe YAML loader (libyaml's when available) that refuses a mapping with the same key twice
    (PyYAML silently keeps the last)."""
    import yaml

    base: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

    class UniqueKeyLoader(base):
        def construct_mapping(self, node, deep=False):
            seen = set()
            for key_node, _ in node.value:
                if not isinstance(key_node, yaml.ScalarNode):  # `? [a, b]`: no file of ours has one
                    raise yaml.constructor.ConstructorError(
                        None, None, "a mapping key must be a plain value, not a list or mapping", key_node.start_mark)
                key = self.construct_object(key_node, deep=deep)
                if isinstance(key, (dict, list)):  # `{a: 1}: x` — PyYAML would fail with a TypeError
                    raise yaml.constructor.ConstructorError(
                        None, None, "a key that is a mapping or a list", key_node.start_mark)
                if key in seen:
                    raise yaml.constructor.ConstructorError(
                        None, None, f"duplicate key {key!r}", key_node.start_mark)
                seen.add(key)
            return super().construct_mapping(node, deep)

    def as_text(loader: Any, node: Any) -> str:  # `2026-11-30` is text, not a date
        return loader.construct_scalar(node)

    def refused(loader: Any, node: Any) -> None:  # bytes and sets are not data any file of ours holds
        tag = node.tag.replace("tag:yaml.org,2002:", "!!")
        raise yaml.constructor.ConstructorError(None, None, f"a value tagged {tag} is not allowed", node.start_mark)

    # an integer is decimal digits, perhaps signed, as JSON and the web form read it: YAML 1.1 also
    # reads `010` as 8, `0x4`, `0b11`, `1_0` as 10 and `1:0` as 60 — those stay text, and a field that
    # needs a number refuses them as it refuses '4' and YAML 1.2's `0o4`
    int_tag = "tag:yaml.org,2002:int"
    UniqueKeyLoader.yaml_implicit_resolvers = {
        first: [(tag, rx) for tag, rx in resolvers if tag != int_tag]
        for first, resolvers in base.yaml_implicit_resolvers.items()}
    UniqueKeyLoader.add_implicit_resolver(int_tag, re.compile(r"^[-+]?(?:0|[1-9][0-9]*)$"), list("-+0123456789"))
    # what a loader builds is then JSON's kinds of value only (a date would fail json.dumps)
    UniqueKeyLoader.add_constructor("tag:yaml.org,2002:timestamp", as_text)
    for tag in ("binary", "set"):
        UniqueKeyLoader.add_constructor(f"tag:yaml.org,2002:{tag}", refused)
    return UniqueKeyLoader


def yaml_error(exc: Any, path: Path | str, malformed: str, error: type = InputError,
               text: str | None = None) -> Exception:
    """The one-line error for PyYAML's ``exc``: ``path:line: <malformed>: problem``. With ``text``: a
    problem met at its end (a bracket or quote never closed) is at the line the bracket or quote opens
    (else its last line), and a character YAML does not allow (NUL, a control character) at its line."""
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    end = text is not None and mark is not None and mark.index >= len(text.rstrip())  # past its last line
    mark = getattr(exc, "context_mark", None) or mark if end else mark
    line = None if mark is None else min(mark.line + 1, (text or "").rstrip().count("\n") + 1) if end else mark.line + 1
    problem = getattr(exc, "problem", None) or "invalid YAML"
    if mark is None and isinstance(getattr(exc, "character", None), (int, str)):  # yaml.reader.ReaderError
        ch = exc.character if isinstance(exc.character, int) else ord(exc.character)
        problem = f"the character U+{ch:04X} is not allowed in YAML"
        if text is not None and isinstance(getattr(exc, "position", None), int):
            line = text.count("\n", 0, exc.position) + 1
    said = {"kind": "not_yaml", "values": [problem]} if malformed == "not valid YAML" else None
    return error(f"{path}{'' if line is None else f':{line}'}: {malformed}: {problem}", path=path, line=line,
                 detail=f"{malformed}: {problem}", refusal=said)


def load_yaml(text: str, path: Path | str, *, malformed: str = "not valid YAML", error: type = InputError) -> Any:
    """The YAML value of ``text`` (read from ``path``), with no anchors, aliases or repeated keys.

    Raises:
        error: an alias or anchor, or not YAML (``path:line: <malformed>: problem``).
    """
    import yaml

    refuse_aliases(text, path, error)
    try:
        return yaml.load(text, Loader=unique_key_loader())
    except yaml.YAMLError as exc:
        raise yaml_error(exc, path, malformed, error, text) from None
    except ValueError as exc:  # an integer longer than sys.get_int_max_str_digits()
        raise _number_error(exc, text, path, malformed, error) from None


#: How deep a value may nest in a file we read: far more than our formats need (3), far less than
#: what exhausts Python's stack.
DEPTH = 100
_BRACKETS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')
_NUMBERS = re.compile(r'"(?:[^"\\]|\\.)*"|\d+')


def load_json(text: str, path: Path, what: str, error: type = InputError) -> Any:
    """The JSON value of ``text`` (the file ``path``, called ``what`` in errors).

    Raises:
        error: not JSON, nested more than 100 levels deep, or holding a number longer than
            Python reads; names the line and column.
    """
    try:
        return json.loads(text, object_pairs_hook=_unique_pairs)
    except json.JSONDecodeError as exc:
        raise error(f"{path}:{exc.lineno}:{exc.colno}: malformed {what}: {exc.msg}", path=path, line=exc.lineno,
                    refusal={"kind": "not_json", "values": [what, exc.msg]}) from None
    except _KeyTwice as exc:  # the first key given twice in the text (the parser finds inner objects first)
        (line, col), key = _key_twice(text) or ((1, 1), exc.args[0])
        problem = f"duplicate key {key!r}"
        raise error(f"{path}:{line}:{col}: malformed {what}: {problem}", path=path, line=line,
                    refusal={"kind": "not_json", "values": [what, problem]}) from None
    except RecursionError:
        line, col = _too_deep(text)
        raise error(f"{path}:{line}:{col}: malformed {what}: nested more than {DEPTH} levels deep",
                    path=path, line=line, refusal={"kind": "json_too_deep", "values": [what, DEPTH]}) from None
    except ValueError as exc:  # an integer longer than sys.get_int_max_str_digits()
        raise _number_error(exc, text, path, f"malformed {what}", error, what) from None


class _KeyTwice(ValueError):
    """A JSON object names a key twice (``args[0]``: the key)."""


def _unique_pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object's pairs as a dict, refusing a key given twice (``json`` silently keeps the last,
    as PyYAML does: :func:`unique_key_loader` refuses it there)."""
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _KeyTwice(key)
        out[key] = value
    return out


_JSON_TOKENS = re.compile(r'("(?:[^"\\]|\\.)*")(\s*:)?|[\[\]{}]')


def _key_twice(text: str) -> tuple[tuple[int, int], str] | None:
    """The position and the key of the first key that an object of the JSON ``text`` (known to
    parse) names a second time: each ``{`` opens a set of keys, each ``"key":`` is one of the
    innermost object's."""
    stack: list[set[str] | None] = []
    for m in _JSON_TOKENS.finditer(text):
        token = m.group()
        if token in "[{":
            stack.append(set() if token == "{" else None)
        elif token in "]}":
            stack.pop()
        elif m.group(2) and stack and stack[-1] is not None:
            key = json.loads(m.group(1))
            if key in stack[-1]:
                return position(text, m.start()), key
            stack[-1].add(key)
    return None


def _number_error(exc: ValueError, text: str, path: Path | str, malformed: str, error: type,
                  json_of: str | None = None) -> Exception:
    """The one-line error for an integer in ``text`` too long for Python to read (``json_of``: what
    the JSON file is, for its refusal ``json_number_too_long``; YAML's is ``number_too_long``)."""
    found = _too_long(text)
    if found is None:
        return error(f"{path}: {malformed}: {exc}", path=path, detail=f"{malformed}: {exc}")
    (line, col), digits = found
    limit = sys.get_int_max_str_digits()
    detail = f"{malformed}: a number of {digits} digits (at most {limit} are read)"
    said = ({"kind": "number_too_long", "values": [digits, limit]} if malformed.endswith("not valid YAML")
            else {"kind": "json_number_too_long", "values": [json_of, digits, limit]} if json_of else None)
    return error(f"{path}:{line}:{col}: {detail}", path=path, line=line, detail=detail, refusal=said)


def _too_deep(text: str) -> tuple[int, int]:
    """The position of the bracket that opens nesting level ``DEPTH + 1``."""
    depth = 0
    for m in _BRACKETS.finditer(text):
        ch = m.group()
        if ch in "[{":
            depth += 1
            if depth > DEPTH:
                return position(text, m.start())
        elif ch in "]}":
            depth -= 1
    return 1, 1


def _too_long(text: str) -> tuple[tuple[int, int], int] | None:
    """The position and length of the first number outside strings with more digits than Python
    converts to an integer."""
    limit = sys.get_int_max_str_digits()
    for m in _NUMBERS.finditer(text):
        if m.group()[0] != '"' and limit and len(m.group()) > limit:
            return position(text, m.start()), len(m.group())
    return None
