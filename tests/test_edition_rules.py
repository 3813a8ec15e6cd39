"""A rule name in an edition's data file that no rule module asks for is reported (M008).

The edition data (prolog/editions/a.pl: «Модификатор правил игры для броска кубика…», the bound
within 1…6 that A states as ``dice_bounds``) names each rule the rule modules ask for; a name
misspelt there (``dice_bound``) would be cited by no clause, and the bound would silently be
missing from A's die rolls.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from berserk_kb.checks import run_checks


def test_the_bundled_edition_data_names_only_rules_the_code_asks_for(kb):
    assert list(run_checks(kb, only=["M008"]).findings) == []


def test_a_misspelt_rule_in_an_edition_data_file_is_an_error_naming_file_and_line(tmp_path):
    from berserk_kb.engine.code import prolog_dir

    alt = tmp_path / "prolog"
    shutil.copytree(prolog_dir(), alt)
    data = alt / "editions" / "a.pl"
    lines = data.read_text(encoding="utf-8").splitlines(keepends=True)
    at = next(i for i, line in enumerate(lines) if line.startswith("editions:rule('A', dice_modifiers, dice_bounds,"))
    lines[at] = lines[at].replace("dice_bounds,", "dice_bound,")
    data.write_text("".join(lines), encoding="utf-8")
    env = dict(os.environ, BERSERK_KB_PROLOG=str(alt), XDG_CACHE_HOME=str(tmp_path / "cache"))
    exe = str(Path(sys.executable).with_name("berserk-kb"))
    proc = subprocess.run([exe, "check", "--only", "M008", "--json"], env=env, capture_output=True, text=True,
                          timeout=300)
    assert proc.returncode == 1, proc.stderr
    found = json.loads(proc.stdout)["findings"]
    assert [(f["code"], f["severity"], f["edition"]) for f in found] == [("M008", "error", "A")]
    assert found[0]["message"].startswith("dice_bound, which the data of edition A states")
    assert found[0]["source"] == f"prolog/editions/a.pl:{at + 1}"
