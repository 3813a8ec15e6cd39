"""A page's JSON (web.pages.json_text) is written without control sequences whether or not its text
holds any: the check that skips the cleaning when no string can hold one must not skip a string that does."""

import json

from berserk_kb.text import without_control_sequences
from berserk_kb.web.pages import json_text


def test_every_kind_of_control_is_cleaned_from_the_json():
    data = {"csi": "a\x1b[31mb", "c1": "c\x85d", "cr": "e\rf", "key\x07": ["g\x0ch", "i\x08j"], "n": 1}
    for indent in (1, None):
        back = json.loads(json_text(data, indent))
        # worked by hand: ESC [ 3 1 m is one sequence; NEL (U+0085), CR, BEL, FF, BS are controls
        assert back == {"csi": "ab", "c1": "cd", "cr": "ef", "key": ["gh", "ij"], "n": 1}


def test_text_without_controls_is_kept_as_it_is():
    data = {"yaml": "edition: A\nevents:\n\t- x", "path": "C:\\run\\bin", "escaped": "\\u001b is six characters"}
    assert json.loads(json_text(data, None)) == data
    assert without_control_sequences("Гном\tКороль\n") == "Гном\tКороль\n"
