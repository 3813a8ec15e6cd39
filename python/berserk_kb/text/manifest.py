"""The editions manifest (``<kb>/sources/manifest.yaml``): title and editions, each with its
fragments in reading order. Validated with pydantic; errors name the file and the field path."""

from __future__ import annotations

import errno
import functools
import os
import re
from pathlib import Path
from typing import Any

from ..errors import InputError, cut
from .readers import load_yaml, read_text

MANIFEST_NAME = "manifest.yaml"
#: An edition id: a letter, then up to 31 letters, digits, «_» or «-» (it goes into unit ids, «H15:101.1»).
EDITION_ID = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,31}")


#: Each kind of problem of a folder given as a knowledge base (``--kb DIR``), the kind of its
#: refusal: the command line's words after the folder's name (the packs word each kind,
#: ``lang/<lang>_input.pl``).
KB_PROBLEMS = {kind: f"{what}; expected a knowledge-base folder (sources/manifest.yaml + fragments)" for kind, what in (
    ("kb_missing", "does not exist"), ("kb_not_a_folder", "is not a folder"),
    ("kb_name_too_long", "the file name is too long"),
    ("kb_no_sources", "has no sources folder"), ("kb_no_manifest", "has no sources/manifest.yaml"))}
KB_PROBLEMS["kb_empty"] = "the path of the knowledge-base folder is empty (give --kb a folder name)"


def check_kb_folder(kb_dir: Path | str) -> None:
    """Refuse ``kb_dir`` unless it is a folder with ``sources/manifest.yaml`` in it (what that
    file holds is :func:`load_manifest`'s to judge): the one wording of each kind of problem.

    Raises:
        InputError: naming the folder (``path``), its refusal one of :data:`KB_PROBLEMS`.
    """
    text = str(kb_dir)  # a str: an empty one is told apart (Path("") is «.»)
    sources = os.path.join(text, "sources")
    kind = ("kb_empty" if not text.strip() else None if os.path.isdir(text) else
            "kb_not_a_folder" if os.path.lexists(text) else "kb_name_too_long" if _too_long(text) else "kb_missing")
    kind = kind or ("kb_no_sources" if not os.path.isdir(sources) else
                    "kb_no_manifest" if not os.path.lexists(os.path.join(sources, MANIFEST_NAME)) else None)
    if kind is not None:
        at = None if kind == "kb_empty" else text
        raise InputError(f"{at}: {KB_PROBLEMS[kind]}" if at else KB_PROBLEMS[kind], path=at,
                         refusal={"kind": kind, "values": []})


def _too_long(path: str) -> bool:
    """True when the system refuses ``path`` for the length of its name or of one of its parts."""
    try:
        os.lstat(path)
    except OSError as exc:
        return exc.errno == errno.ENAMETOOLONG
    return False


def imported_name(edition: str, index: int, stem: str) -> str:
    """The fragment file name ``import`` gives its ``index``-th source (from 1) of ``edition``:
    ``H15_01_rules.txt``; :func:`source_stem` takes the prefix off again."""
    return f"{edition}_{index:02d}_{stem}.txt"


def source_stem(name: str, edition: str) -> str:
    """The stem of fragment file ``name`` without the prefix ``import`` adds (see
    :func:`imported_name`, and the «_» it puts before a name already taken): ids that name a
    fragment (``B:~000_ee1f512a66c0b866/item1``) are then the same whether the file was imported or
    written by hand. ``source_stem("B_01_000_ee1f.txt", "B") == "000_ee1f"``."""
    stem = Path(name).stem
    return re.sub(rf"^_*{re.escape(edition)}_\d{{2,}}_(?=.)", "", stem)


@functools.cache  # made once per process (~4 ms each time otherwise)
def _schema():  # imported lazily: pydantic costs start-up time a cached run does not need
    from pydantic import BaseModel, ConfigDict, Field, field_validator

    class EditionSpec(BaseModel):
        model_config = ConfigDict(extra="forbid", frozen=True)
        id: str
        title: str = ""
        description: str = ""
        fragments: list[str] = Field(min_length=1)

        @field_validator("id")
        @classmethod
        def _edition_id(cls, id: str) -> str:
            if not EDITION_ID.fullmatch(id):  # the words `import --edition` says it in, not a regex
                raise ValueError(f"edition {cut(repr(id))} must be a letter followed by up to 31 letters, "
                                 "digits, '_' or '-' (e.g. H15)")
            return id

        @field_validator("fragments")
        @classmethod
        def _plain_file_names(cls, names: list[str]) -> list[str]:
            for name in names:
                if "/" in name or "\\" in name or name.startswith(".") or not name.strip() \
                        or not name.isprintable():  # NUL, a newline, an escape: no file name of a rulebook
                    raise ValueError(f"fragment {name!r} must be a plain file name in the sources folder")
                if name == MANIFEST_NAME:
                    raise ValueError(f"fragment {name!r} is the manifest itself, not rule text")
            return names

    class ManifestSpec(BaseModel):
        model_config = ConfigDict(extra="forbid", frozen=True)
        title: str = ""
        language: str = "ru"
        editions: list[EditionSpec] = Field(min_length=1)

    return ManifestSpec

#: A manifest lists editions and file names: 1 MiB is thousands of times what one needs.
MANIFEST_LIMIT = 2**20


def load_manifest(sources: Path) -> Any:
    """Read and validate ``sources/manifest.yaml``.

    Returns the validated manifest (``.title``, ``.editions[i].id/.title/.description/.fragments``).

    Raises:
        InputError: the file is missing, unreadable, not UTF-8, not YAML, or does not match the
            schema (message names the file and the field path); an edition id or a fragment is
            listed twice; a listed fragment does not exist or is a link loop; the sources folder is
            a link out of the rulebook folder.
    """
    if not Path(os.path.realpath(sources)).is_relative_to(os.path.realpath(sources.parent)):
        raise InputError(f"{sources}: the sources folder is a link to a folder outside the rulebook folder "
                         f"{sources.parent}", path=sources)  # a link in it may not lead out; nor may it
    path = sources / MANIFEST_NAME
    text = read_text(path, "manifest", limit=MANIFEST_LIMIT, hint=f" (expected {MANIFEST_NAME} in the sources folder)",
                     inside=sources)
    data = load_yaml(text, path, malformed="malformed manifest")
    if not isinstance(data, dict):
        raise InputError(f"{path}: malformed manifest: expected a mapping with 'editions'", path=path)

    from pydantic import ValidationError

    try:
        manifest = _schema().model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        loc = ".".join(str(p) for p in err["loc"]) or "(top level)"
        why = err["msg"].removeprefix("Value error, ")
        raise InputError(f"{path}: malformed manifest: field {loc}: {why}", path=path, field=loc) from None

    seen_ids: set[str] = set()
    seen_files: dict[str, str] = {}
    for i, ed in enumerate(manifest.editions):
        if ed.id in seen_ids:
            raise InputError(f"{path}: malformed manifest: field editions.{i}.id: edition {ed.id!r} listed twice",
                             path=path, field=f"editions.{i}.id")
        seen_ids.add(ed.id)
        for j, name in enumerate(ed.fragments):
            if name in seen_files:
                raise InputError(
                    f"{path}: malformed manifest: field editions.{i}.fragments.{j}: "
                    f"{name!r} is already in edition {seen_files[name]}", path=path, field=f"editions.{i}.fragments.{j}"
                )
            seen_files[name] = ed.id
            try:  # a folder or a FIFO: the reader says it is not a regular file
                (sources / name).stat()
            except OSError as exc:
                why = "is a link loop (a link that leads back to itself)" if exc.errno == errno.ELOOP else "not found"
                raise InputError(
                    f"{path}: malformed manifest: field editions.{i}.fragments.{j}: "
                    f"fragment file {sources / name} {why}", path=path, field=f"editions.{i}.fragments.{j}"
                ) from None
    return manifest


def with_edition(text: str, entry: dict[str, Any], title: str | None = None) -> str:
    """The manifest ``text`` with the edition ``entry`` (``id``, ``title``, ``description``,
    ``fragments``) in place of the edition of its id, or added after the last edition; ``title``,
    when given, fills an empty or missing top-level title.

    The text is edited, not written again: the user's comments, blank lines, key order and quoting
    stay as they were outside the lines of the replaced edition (its own comments go with it). A
    manifest whose editions are not a block list (``editions: [...]``) is written again from its
    data. The result always reads as the intended data (checked).
    """
    import json

    import yaml

    data = yaml.safe_load(text)
    editions = [entry if e.get("id") == entry["id"] else e for e in data["editions"]]
    if not any(e.get("id") == entry["id"] for e in data["editions"]):
        editions.append(entry)
    wanted = {**data, "editions": editions}
    if title and not data.get("title"):
        wanted = {"title": title, **wanted}
    try:
        edited = _spliced(text, entry, title if title and not data.get("title") else None, json.dumps)
        if edited is not None and yaml.safe_load(edited) == wanted:
            return edited
    except yaml.YAMLError:
        pass
    return yaml.safe_dump(wanted, allow_unicode=True, sort_keys=False, width=1000)


def _spliced(text: str, entry: dict[str, Any], title: str | None, quote: Any) -> str | None:
    import yaml

    root = yaml.compose(text)
    if not isinstance(root, yaml.MappingNode):
        return None
    values = {k.value: v for k, v in root.value if isinstance(k, yaml.ScalarNode)}
    seq = values.get("editions")
    if not isinstance(seq, yaml.SequenceNode) or seq.flow_style or not seq.value:
        return None
    dumped = yaml.safe_dump([entry], allow_unicode=True, sort_keys=False, width=1000).rstrip("\n").split("\n")
    edits: list[tuple[int, int, str]] = []  # (start, end, new text), applied from the end
    for item in seq.value:
        ids = [v for k, v in getattr(item, "value", []) if getattr(k, "value", None) == "id"]
        if ids and isinstance(ids[0], yaml.ScalarNode) and ids[0].value == entry["id"]:
            pad = " " * item.start_mark.column  # the item's keys stand after its dash
            body = "\n".join([dumped[0][2:], *(pad + line[2:] for line in dumped[1:])])
            edits.append((item.start_mark.index, _end(item), body))
            break
    else:
        pad = " " * seq.start_mark.column  # the dash of the first edition
        at = text.find("\n", _end(seq.value[-1]))
        at = len(text) if at < 0 else at
        edits.append((at, at, "\n" + "\n".join(pad + line for line in dumped)))
    if title is not None:
        node = values.get("title")
        if isinstance(node, yaml.ScalarNode):
            edits.append((node.start_mark.index, node.end_mark.index, quote(title, ensure_ascii=False)))
        elif "title" not in values:
            edits.append((0, 0, f"title: {quote(title, ensure_ascii=False)}\n"))
        else:
            return None
    for start, end, new in sorted(edits, reverse=True):
        text = text[:start] + new + text[end:]
    return text


def _end(node: Any) -> int:
    """Where the text of a node ends: its last scalar's end (a block collection's own end mark lies
    at the next token, past the comments that follow it)."""
    import yaml

    if isinstance(node, yaml.ScalarNode) or node.flow_style or not node.value:
        return node.end_mark.index
    last = node.value[-1]
    return _end(last[1] if isinstance(node, yaml.MappingNode) else last)
