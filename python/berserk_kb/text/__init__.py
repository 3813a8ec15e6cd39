"""Sources → model: reading the files (:mod:`.readers`, :mod:`.manifest`), parsing the fragments
(:mod:`.lines`, :mod:`.references`, :mod:`.parse`) into the model (:mod:`.model`) once
(:mod:`.load`), Russian word forms (:mod:`.morph`), and what the user's words name in it
(:mod:`.find`, :mod:`.search`)."""

import re
import unicodedata

#: What prints as nothing, for ``str.translate`` to drop: the soft hyphen and the zero-width
#: characters (U+200B–U+200D, U+2060, U+FEFF) — in imported text, queries, card names alike
INVISIBLE = dict.fromkeys(map(ord, "\u00ad\u200b\u200c\u200d\u2060\ufeff"))

#: The stress marks dictionaries and some card texts print («ка́рта», combining U+0301 and U+0300),
#: for ``str.translate`` to drop: a word with one is the same word (search, card and feature names)
STRESS_MARKS = dict.fromkeys(map(ord, "\u0300\u0301"))

#: Every control sequence (ECMA-48): CSI (ESC [ or U+009B … final byte), the strings OSC, DCS, SOS,
#: PM and APC (ESC ] P X ^ _ or U+009D U+0090 U+0098 U+009E U+009F … up to BEL or ST), any other
#: escape sequence (ECMA-35, 13.2: ESC, intermediate bytes 02/01–02/15, a final byte 03/00–07/14);
#: then every other control character except newline and tab — a lone ESC too, alone: the space or
#: the letter after it is text. A sequence goes whole: what an OSC carries (a window title, a link's
#: address) is no text a reader would see.
CONTROL_SEQUENCE = re.compile(
    r"(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]?"
    r"|(?:\x1b[\]PX^_]|[\x90\x98\x9d\x9e\x9f])[^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)?"
    r"|\x1b[!-/]*[0-~]"
    r"|[\x00-\x08\x0b-\x1f\x7f-\x9f]")

#: Printed as its escape (``\u202e``): the bidirectional controls — embeddings, overrides and
#: isolates (U+202A–U+202E, U+2066–U+2069) and the marks (LRM U+200E, RLM U+200F, ALM U+061C), which
#: printed as they are reorder what a terminal or a browser shows («Trojan Source») — and the line
#: and paragraph separators (U+2028, U+2029), line breaks to Unicode and JavaScript, none to a
#: terminal or a text editor.
ESCAPED = re.compile("[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]")

#: A line or paragraph separator read as a space, where text enters: a break inside a paragraph.
LINE_SEPARATORS = {0x2028: " ", 0x2029: " "}


def without_control_sequences(text: str) -> str:
    """``text`` without any control sequence or control character (:data:`CONTROL_SEQUENCE`;
    newline and tab kept)."""
    return CONTROL_SEQUENCE.sub("", text) if _CONTROL.search(text) else text


#: The characters every match of :data:`CONTROL_SEQUENCE` starts with: a text without them has none
#: (a search for one of them is ten times faster than one for the sequences).
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")



def nfc(text: str) -> str:
    """``text`` in Unicode's composed form (NFC): «й» typed as «и» + U+0306 (macOS input, a text
    saved by Word on a Mac) is the one letter «й», as everything it is compared with is written.
    Applied where user text enters: command-line arguments, web fields, every file read as text."""
    return text if text.isascii() or unicodedata.is_normalized("NFC", text) else unicodedata.normalize("NFC", text)
