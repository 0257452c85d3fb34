"""A player's name: the one rule, wherever a name comes from (the new-game form, the
players page, the JSON API, an imported file, the command line).

A name is written in composed Unicode (NFC) without spaces around it, has 1 to
``LONGEST_NAME`` characters, and shows something: what is left after taking out the
invisible characters (Unicode's format characters, category Cf, and the fillers that
draw nothing) is not empty. It holds no control characters, line or paragraph
separators, or the bidirectional controls that make a name display as another one.
Two names are the same when they read the same: compared without the invisible
characters, in compatibility form and case-folded: ``Ana`` and ``ana`` followed by a
zero width space, ``Åsa`` and ``A`` followed by a combining ring and ``sa``.

>>> name_problem("Ana") is None
True
>>> name_problem("\u3164") is not None, name_problem("Ana\u202eeb") is not None
(True, True)
>>> same_name("A\u030asa") == same_name("ÅSA\u200b")
True
"""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Iterable

from .messages import N_, Message

LONGEST_NAME = 40
# letters that draw nothing: the Hangul fillers and the blank Braille pattern
FILLERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
# embeddings, overrides and isolates: they reorder what follows, so a name can pass for
# another one (the marks LRM and RLM only nudge punctuation and stay allowed)
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
# controls (NUL, ESC, tabs, newlines), lone surrogates, and line and paragraph separators
CONTROL_CATEGORIES = frozenset({"Cc", "Cs", "Zl", "Zp"})


def normalised(name: str) -> str:
    """The name as it is stored: composed (NFC), without spaces around it."""
    return unicodedata.normalize("NFC", name).strip()


def _visible(name: str) -> str:
    return "".join(c for c in name if unicodedata.category(c) != "Cf" and c not in FILLERS).strip()


@functools.lru_cache(maxsize=4096)  # asked for every name a round mentions
def same_name(name: str) -> str:
    """What two names are compared by: their visible characters, case-folded."""
    return unicodedata.normalize("NFKC", _visible(name).casefold()).casefold()


def has_controls(text: str) -> bool:
    """Whether a text holds characters that break its line or make it display as another
    text (a player's name, an evening's name, anything a page or sheet shows)."""
    return any(unicodedata.category(c) in CONTROL_CATEGORIES or c in BIDI_CONTROLS for c in text)


def name_problem(name: str) -> Message | None:
    """Why this (normalised) name cannot be a player's, or None."""
    if has_controls(name):
        return N_("A name cannot contain control characters.")
    if len(name) > LONGEST_NAME:
        return N_(
            "%(start)s… is %(length)s characters long; a name has at most %(most)s.",
            start=name[:12],
            length=len(name),
            most=LONGEST_NAME,
        )
    if not _visible(name):
        return N_("A name needs at least one letter, digit or sign that shows.")
    return None


def repeated(names: Iterable[str]) -> str | None:
    """The first name that is the same as an earlier one, or None."""
    seen: set[str] = set()
    for name in names:
        key = same_name(name)
        if key in seen:
            return name
        seen.add(key)
    return None
