"""The Prolog side: strict loading, the bridge's escaping, and the plunit suites."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from berserk_kb.engine.bridge import engine
from berserk_kb.engine.code import LOOKUP, code_file, code_files, prolog_dir
from berserk_kb.engine.facts import facts_text, module_name
from berserk_kb.errors import InputError, PrologLoadError, PrologQueryError
from conftest import ROOT

PROLOG_DIR = prolog_dir()

FIXTURES = Path(__file__).parent / "fixtures" / "prolog"


@pytest.mark.parametrize(
    "fixture, line, words",
    [
        ("broken_syntax.pl", 3, "Syntax error"),
        ("broken_warning.pl", 2, "Singleton variables"),
        ("broken_undefined.pl", 2, "no_such_predicate/1"),
    ],
)
def test_strict_load_fails_with_file_and_line(fixture, line, words):
    with pytest.raises(PrologLoadError) as err:
        engine().load([FIXTURES / fixture])
    text = " | ".join(err.value.problems)
    assert f"{FIXTURES / fixture}:{line}" in text
    assert words in text


def test_clean_code_loads(kb):
    assert kb.prolog_module.startswith("kb_")  # facts + rulebook.pl loaded without a problem


JSON_WORDS = {"null": None, "true": True, "false": False}


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.characters(blacklist_characters="\x00", blacklist_categories=("Cs",))))
def test_any_text_round_trips_through_the_bridge(text):
    assert engine().echo(text) == text


@pytest.mark.parametrize("word", sorted(JSON_WORDS))
def test_json_words_are_constants_and_strings_at_the_boundary(word):
    """Python's None/True/False are the atoms null/true/false in Prolog; the strings "null",
    "true", "false" are Prolog strings, so each comes back as itself (bridge.pl, terms.py)."""
    assert engine().echo(JSON_WORDS[word]) is JSON_WORDS[word]
    assert engine().echo(word) == word
    assert engine().echo({word: [word, JSON_WORDS[word]]}) == {word: [word, JSON_WORDS[word]]}


@pytest.mark.parametrize("text", ["'), halt, ('", '"), shell("touch /tmp/pwned"), ("', "\\", "'", "\n.\n",
                                  "0'", "`x`", "\\x41\\", "a\\", "𝄞", "%", "/*", "]"])
def test_hostile_text_is_data(text):
    assert engine().echo(text) == text


def test_nul_is_refused():
    with pytest.raises(InputError, match="NUL"):
        engine().echo("a\x00b")


def test_prolog_errors_are_readable():
    with pytest.raises(PrologQueryError, match="existence_error|Unknown procedure|paragraph"):
        engine().call("rulebook:paragraph_view", "kb_none", "X:1")


def test_halt_is_refused_by_the_fence():
    """Even if a goal reached halt/0, at_halt(cancel_halt/1) keeps the process alive."""
    eng = engine()
    assert eng._executor.submit(eng._raw, "halt").result() == []  # a fixed goal, not user text
    assert eng.echo("still here") == "still here"


@pytest.mark.parametrize("text", [chr(0xD800), "x" + chr(0xDFFF)])
def test_unpaired_surrogates_are_refused(text):
    with pytest.raises(InputError, match="surrogate"):
        engine().echo(text)


def _swipl() -> str:
    exe = shutil.which("swipl")
    if exe is None:
        pytest.fail("swipl is not on PATH (make setup installs it)")
    return exe


def test_plunit_suites(tmp_path, rulebook):
    """Every plunit suite passes, and the suites load with no error or warning (halt/0 exits 1
    after one)."""
    facts = tmp_path / f"{module_name(rulebook)}.pl"
    facts.write_text(facts_text(rulebook), encoding="utf-8")
    suites = sorted((prolog_dir() / "tests").rglob("*.plt"))
    assert suites, "no plunit suites found"
    goal = ("load_files([{}], []), maplist([F]>>load_files(F, []), [{}]), "
            "(run_tests -> halt ; halt(1))").format(
        f"'{facts}'", ", ".join(f"'{s}'" for s in suites))
    proc = subprocess.run([_swipl(), "--on-error=status", "--on-warning=status", "-q", "-g", goal, "-t", "halt(2)"],
                          cwd=prolog_dir(), capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_prolog_sources_lint_clean():
    """Every module in prolog/ loads on its own under swipl with errors and warnings as failures:
    one swipl forks a child per file (each starts from the bare system, as a new swipl would, without
    the ~15 ms of a start), which loads the file and halts with the status its warnings give."""
    files = [pl for pl in code_files() if pl != code_file(LOOKUP)]  # LOOKUP needs a facts module: test_plunit_suites
    each = ("fork(P), (P == child -> catch(load_files(F, []), E, (print_message(error, E), halt(1))), halt"
            " ; wait(P, S), (S == exited(0) -> true ; format(user_error, 'not clean: ~w (~w)~n', [F, S]), fail))")
    goal = ("use_module(library(unix)), aggregate_all(count, (member(F, [" + ", ".join(f"'{pl}'" for pl in files)
            + "]), \\+ (" + each + ")), Bad), halt(Bad)")
    proc = subprocess.run([_swipl(), "--on-error=status", "--on-warning=status", "-q", "-g", goal, "-t", "halt(2)"],
                          capture_output=True, text=True, timeout=120)
    assert len(files) >= 30
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_every_rule_module_has_a_plunit_suite():
    """One plunit suite per rule module of prolog/rules/ (prolog/tests/<module>.plt)."""
    rules = sorted(p.stem for p in (PROLOG_DIR / "rules").glob("*.pl"))
    suites = {p.stem for p in (PROLOG_DIR / "tests").glob("*.plt")}
    assert len(rules) >= 10
    assert [r for r in rules if r not in suites] == []


def test_the_whole_prolog_tree_loads_clean_together():
    """All modules of prolog/ (but tests/) in one process: no clash, no error, no warning."""
    files = ", ".join(f"'{p}'" for p in sorted(PROLOG_DIR.rglob("*.pl")) if "tests" not in p.relative_to(PROLOG_DIR).parts)
    proc = subprocess.run([_swipl(), "--on-error=status", "--on-warning=status", "-q", "-g",
                           f"load_files([{files}], []), halt", "-t", "halt(1)"],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr


_TEXT = st.text(alphabet=st.characters(blacklist_characters="\x00", blacklist_categories=("Cs",))) | st.sampled_from(
    sorted(JSON_WORDS))
_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**20), 10**20) | _TEXT,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(_TEXT.filter(bool), inner, max_size=4),
    max_leaves=12)


@settings(max_examples=200, deadline=None)
@given(_VALUES)
def test_any_json_shaped_value_round_trips_through_the_bridge(value):
    """Arguments go to Prolog as escaped data text (engine.terms.term) and come back as JSON."""
    assert engine().call("bridge:json_echo", value) == value


def test_a_fixed_answer_is_asked_again_once_more_code_is_loaded(tmp_path):
    """call_fixed keeps an answer only while no more code is loaded: a file loaded after it (here one
    whose load changes the fact the answer is read from) is asked again."""
    first, second = tmp_path / "fixed_probe.pl", tmp_path / "fixed_probe_later.pl"
    first.write_text(":- module(fixed_probe, [value/1]).\n:- dynamic n/1.\nn(1).\n"
                     "%!  value(-N) is det.\nvalue(N) :- n(N).\n", encoding="utf-8")
    second.write_text(":- module(fixed_probe_later, []).\n"
                      ":- initialization((retractall(fixed_probe:n(_)), assertz(fixed_probe:n(2)))).\n",
                      encoding="utf-8")
    eng = engine()
    eng.load([first])
    assert eng.call_fixed("fixed_probe:value") == 1
    eng.call("bridge:json_echo", "")  # any other call keeps it
    assert eng.call_fixed("fixed_probe:value") == 1
    eng.load([second])
    assert eng.call("fixed_probe:value") == 2
    assert eng.call_fixed("fixed_probe:value") == 2


def test_the_event_table_is_one_call_and_drives_the_scenario_contract():
    """engine/events.pl is the one table of event kinds; Python reads it with one call, and the
    scenario schema has exactly one body model for each of its kinds (and none besides)."""
    from berserk_kb.scenario.events import kinds
    from berserk_kb.scenario.schema import BODIES

    eng = engine()
    eng.load([PROLOG_DIR / "engine" / "events.pl"])
    table = eng.call("events:event_table")
    assert [e["kind"] for e in table] == list(kinds())
    assert set(BODIES) == set(kinds())
    assert kinds()["die_roll"].numbered_modifiers and kinds()["die_roll"].cards == ("roller", "flip_source")
    assert kinds()["end_of_turn"].bare and kinds()["wounds"].chooses_effects
    die = next(e for e in table if e["kind"] == "die_roll")
    assert die["handler"] == "dice:die_roll" and die["changes_state"] is False
    assert {"path": "modifiers[].source", "to": "card_or_rules"} in die["refs"]
    assert {e["kind"] for e in table if not e["has_fields"]} == {"end_of_turn", "end_of_game", "end_of_battle"}


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_step_and_event_kind_has_a_label_in_each_language(lang):
    """lang/ru.pl and lang/en.pl label every step of explain:step/4 and every event kind; the pack
    comes through the bridge as one JSON dict."""
    eng = engine()
    eng.load([PROLOG_DIR / "lang" / "lang.pl"])
    assert eng.call("lang:missing_labels") == []
    pack = eng.call("lang:pack", lang)
    kinds = [e["kind"] for e in eng.call("events:event_table")]
    assert set(kinds) <= set(pack["events"])
    for step in ("application_order", "bonus_ended", "modifier_applied", "strike_value", "flip_source"):
        assert pack["steps"][step]["label"] and pack["steps"][step]["templates"][-1]["text"]
    assert "when" in pack["steps"]["modifier_applied"]["templates"][0]


def test_a_broken_language_pack_is_named_with_its_line_by_the_command(tmp_path):
    """A syntax error in a language pack (an unescaped quote in lang/ru.pl) stops `why` with the
    file and line (exit 2). It was loaded on the early-start thread together with the runner, failed
    there, was unloaded, and the command's own load of it then reported nothing: the pack was read
    half (raw step names) or the runner's table was not callable."""
    import os
    import sys

    alt = tmp_path / "prolog"
    shutil.copytree(prolog_dir(), alt)
    ru = alt / "lang" / "ru.pl"
    lines = ru.read_text(encoding="utf-8").splitlines(keepends=True)
    at = next(i for i, line in enumerate(lines) if line.startswith("lang:step(ru, effect,"))
    lines[at] = lines[at].replace('"эффект"', '"эф"фект"', 1)
    ru.write_text("".join(lines), encoding="utf-8")
    env = dict(os.environ, BERSERK_KB_PROLOG=str(alt), XDG_CACHE_HOME=str(tmp_path / "cache"))
    exe = str(Path(sys.executable).with_name("berserk-kb"))
    proc = subprocess.run([exe, "why", str(ROOT / "kb" / "examples" / "A-516.1-ex1-big-fist.yaml")],
                          env=env, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2 and f"ru.pl:{at + 1}:" in proc.stderr and proc.stdout == "", proc.stderr


def test_a_command_on_an_empty_cache_loads_the_code_compiled_into_the_environment(tmp_path):
    """``make setup`` compiles prolog/ into the Python environment (engine/compiled.py
    ``install_code``; called here, as make does, and a second time it finds the bundle and builds
    nothing): a command on an empty cache answers as ever and writes no code bundle of its own into
    the cache — while the same code under another name of its own (one comment line more) is compiled
    there, since the environment holds no bundle of it."""
    from berserk_kb.engine.compiled import install_code, installed_root
    from conftest import EXE, KB_DIR, run_exe

    built = install_code()
    assert built is not None and built.parent == installed_root() and (built / "MANIFEST").is_file()
    assert install_code() == built and [p.name for p in installed_root().glob("code-*")] == [built.name]
    example = str(KB_DIR / "examples" / "A-519.3-ex1-gnome-basaarg.yaml")
    r = run_exe(["why", example, "--json"], tmp_path / "cache")
    assert r.returncode == 0, r.stderr
    assert '"strength": 1' in r.stdout  # 519.3 ПРИМЕР 1: «в итоге сила удара Гнома-Басаарга равна 1»
    assert not list((tmp_path / "cache" / "qlf").glob("code-*"))
    own = shutil.copytree(prolog_dir(), tmp_path / "prolog", ignore=shutil.ignore_patterns("tests"))
    with open(own / "boundary" / "bridge.pl", "a", encoding="utf-8") as f:
        f.write("% another copy\n")
    r = subprocess.run([EXE, "why", example, "--json"], capture_output=True, text=True, timeout=120,
                       env={**os.environ, "BERSERK_KB_CACHE": str(tmp_path / "c2"), "BERSERK_KB_PROLOG": str(own)})
    assert r.returncode == 0 and '"strength": 1' in r.stdout, r.stderr
    assert len(list((tmp_path / "c2" / "qlf").glob("code-*"))) == 1
