"""Issue 13, the fresh user's minor findings (fu13i I6) and what a hostile user found after: the
words of an output path that cannot be written, the --json form of an answer that cannot be written.
Inputs are made here."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

EXE = str(Path(sys.executable).with_name("berserk-kb"))


@pytest.mark.skipif(not Path("/proc/self/mem").is_file(), reason="needs Linux's /proc")
def test_an_output_file_whose_folder_takes_no_new_file_is_said_so_naming_both(cli):
    """/proc/self/mem exists and is a regular file, but /proc/self takes no new file, and the answer
    is written through a temporary next to it: say that (not «No such file» of a file that exists)."""
    r = cli("export", "-o", "/proc/self/mem")
    assert r.exit_code == 2 and len(r.stderr.splitlines()) == 1
    assert "/proc/self/mem: cannot write" in r.stderr and "temporary file" in r.stderr and "in /proc/self " in r.stderr


# --- --json: an answer that cannot be written is said as the other --json errors are ----------------


@pytest.mark.parametrize("args", [["show", "519.3", "--json"], ["search", "карта", "--json"]])
@pytest.mark.parametrize("stdout, why", [("/dev/full", "no space left on device"), (None, "standard output is closed")])
def test_with_json_an_answer_that_cannot_be_written_is_the_json_error_object(tmp_path, args, stdout, why, warm_cache):
    """Standard output is what cannot be written; standard error can, and with --json every error on
    it is one JSON object (cli_output.say_error): so is this one, exit 2; without --json, plain."""
    env = dict(os.environ, BERSERK_KB_CACHE=str(warm_cache))
    redirect = f">{stdout}" if stdout else ">&-"
    r = subprocess.run(f"exec '{EXE}' {' '.join(args)} {redirect}", shell=True, capture_output=True, text=True,
                       timeout=120, env=env)
    assert r.returncode == 2 and len(r.stderr.splitlines()) == 1, r.stderr
    said = json.loads(r.stderr)
    assert said["error"] == f"cannot write the answer: {why}" and said["path"] is None and "line" in said
    r = subprocess.run(f"exec '{EXE}' {' '.join(a for a in args if a != '--json')} {redirect}", shell=True,
                       capture_output=True, text=True, timeout=120, env=env)
    assert (r.returncode, r.stderr.strip()) == (2, f"berserk-kb: error: cannot write the answer: {why}")


# --- fu13i I6 (d), (e): the cards under an explanation; one minus sign ------------------------------

#: Edition B 518.8 (kb/sources): «существо с особенностью "Регенерация 2" … дают особенность
#: "Регенарация 3", у существа вместо "Регенерации 2" будет "Регенерация 3"», and a negative value
#: «работает как “[именная особенность] 0”»: Регенерация 2, given 3, then −5 → 3 − 5 = −2, works as 0.
FEATURES = """edition: B
cards:
  - {id: cr, name: существо, controller: p1, features: [{name: Регенерация, value: 2}]}
  - {id: foe, name: существо противника, controller: p2}
events:
  - gain_feature: {card: cr, name: Регенерация, value: 3}
  - gain_feature: {card: cr, name: Регенерация, value: -5, source: foe, op: add}
"""


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_negative_number_has_one_minus_sign_in_every_sentence(cli, tmp_path, lang):
    f = tmp_path / "feat.yaml"
    f.write_text(FEATURES, encoding="utf-8")
    r = cli("why", str(f), "--lang", lang)
    assert r.exit_code == 0, r.output
    said = r.stdout.replace(str(f), "")
    assert "«Регенерация 3» −5 = −2" in said and "Регенерация −2 (→ 0)" in said
    assert not re.search(r"(?<![\w.])-\d", said), [ln for ln in said.splitlines() if re.search(r"(?<![\w.])-\d", ln)]


def test_the_cards_under_an_explanation_are_the_scenarios_then_the_cited_examples(cli, tmp_path):
    """B 518.8's ПРИМЕР 1 (quoted under the gain) names «Ледовый Охотник»; the scenario's own two
    cards come first, though the KB has no card of that name."""
    f = tmp_path / "feat.yaml"
    f.write_text(FEATURES, encoding="utf-8")
    lines = [ln.strip() for ln in cli("why", str(f), "--lang", "en").stdout.splitlines() if ln.strip().startswith("Cards")]
    assert lines and set(lines) == {"Cards of the scenario and of the cited examples: существо, существо противника, "
                                    "Ледовый Охотник"}


# --- what a hostile user found after: an empty path was read as the current folder «.» ------------


EMPTY = "Invalid value for {}: the path is empty (give a file or folder name)"
EMPTY_KB = "the path of the knowledge-base folder is empty (give --kb a folder name)"  # one wording per --kb problem


@pytest.mark.parametrize("args, said", [
    (["why", ""], "'FILE': путь пуст (дайте имя файла или папки)"),  # why speaks Russian unless --lang en
    (["why", "", "--lang", "en"], EMPTY.format("'FILE'")),
    (["show", "519.3", "--kb", ""], EMPTY_KB), (["--kb", " ", "show", "519.3"], EMPTY_KB),
    (["site", "-o", ""], EMPTY.format("'-o' / '--output'")), (["import", "", "-o", "x"], EMPTY.format("'FILES...'")),
    (["cards", "import", ""], EMPTY.format("'PATH'"))])
def test_an_empty_path_is_refused_as_empty_not_read_as_the_current_folder(cli, args, said):
    r = cli(*args)
    assert r.exit_code == 2 and len(r.stderr.splitlines()) == 1, r.output
    assert said in r.stderr and ".:" not in r.stderr, r.stderr


def test_a_set_value_that_is_not_yaml_is_said_in_the_commands_language(cli):
    """`--set title=[a` (an unclosed flow list): as a file that is not YAML, in --lang's words."""
    from conftest import KB_DIR

    gnome = str(KB_DIR / "examples" / "A-519.3-ex1-gnome-basaarg.yaml")
    ru = cli("why", gnome, "--set", "title=[a")
    assert ru.exit_code == 2 and "поле title: текст не в формате YAML" in ru.stderr, ru.stderr
    en = cli("why", gnome, "--set", "title=[a", "--lang", "en")
    # fu12q (issue 12): named as the other --set refusals are, the file and the change first
    assert en.exit_code == 2 and f"{gnome} --set title=[a: field title: the value '[a' is not valid YAML" in en.stderr


@pytest.mark.parametrize("query", ["SELECT * WHERE { ?s ?p ?o } LIMIT 99999999999999999999999",
                                   "SELECT * WHERE { { SELECT * WHERE { ?s ?p ?o } OFFSET 99999999999999999999999 } }"])
def test_a_limit_past_the_largest_integer_is_refused_in_our_words(cli, query):
    """rdflib slices with itertools.islice, which takes at most sys.maxsize: said before it runs."""
    r = cli("sparql", query)
    assert r.exit_code == 2 and r.stderr.strip() == (
        f"berserk-kb: error: SPARQL LIMIT or OFFSET 99999999999999999999999 is larger than the most, {sys.maxsize}")


@pytest.mark.parametrize("encoding", ["koi8-r", "cp1251"])
def test_an_eight_bit_terminal_gets_the_answer_with_what_it_cannot_show_replaced(encoding):
    """fu13k K1: on a KOI8-R or CP1251 terminal `show 519.3` and `--help` ended with
    UnicodeEncodeError (exit 70; `--help` a traceback). The answer comes in the terminal's encoding:
    001, line 7: «519.3. Правило наложения модификаторов атаки…» in edition A («Редакция A»);
    KOI8-R has no «—», which becomes «?»."""
    env = dict(os.environ, PYTHONIOENCODING=encoding)
    r = subprocess.run([EXE, "show", "519.3"], env=env, capture_output=True, timeout=120)
    assert r.returncode == 0 and r.stderr == b"", r.stderr.decode(encoding, "replace")
    first = r.stdout.decode(encoding).splitlines()[0]
    assert first == ("519.3 ? edition A (Редакция A)" if encoding == "koi8-r" else "519.3 — edition A (Редакция A)")
    assert "Правило наложения модификаторов атаки" in r.stdout.decode(encoding)
    h = subprocess.run([EXE, "--help"], env=env, capture_output=True, timeout=120)
    assert h.returncode == 0 and b"Traceback" not in h.stderr and "show" in h.stdout.decode(encoding)
