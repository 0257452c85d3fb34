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

A name holds no character that shows nothing where it stands (Unicode's default-ignorable
code points: the combining grapheme joiner, variation selectors, ...), except the joiners
and selectors inside an emoji sequence (``❤️``, a family of emoji joined by U+200D); no
code point Unicode has not assigned or never will (noncharacters such as U+FFFF), and no
private-use character, which each phone draws its own way or not at all. And one player's
name does not look like another's: two names whose confusable skeletons (Unicode's UTS #39,
as ICU computes them) are the same, as they are written or case-folded, are refused at one
table: ``Ana`` and ``Аna`` with a Cyrillic А, ``Ian`` and ``lan``.

>>> name_problem("Ana") is None
True
>>> name_problem("\u3164") is not None, name_problem("Ana\u202eeb") is not None
(True, True)
>>> same_name("A\u030asa") == same_name("ÅSA\u200b")
True
>>> look_alike(["Ana", "Ben", "\u0410na"]), look_alike(["Ian", "lan"])
(('Аna', 'Ana'), ('lan', 'Ian'))
"""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Iterable

import icu

from .messages import N_, Message

LONGEST_NAME = 40
# letters that draw nothing: the Hangul fillers and the blank Braille pattern
FILLERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
# embeddings, overrides and isolates: they reorder what follows, so a name can pass for
# another one (the marks LRM and RLM only nudge punctuation and stay allowed)
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
# controls (NUL, ESC, tabs, newlines), lone surrogates, and line and paragraph separators
CONTROL_CATEGORIES = frozenset({"Cc", "Cs", "Zl", "Zp"})
# invisible on their own, but part of an emoji sequence after an emoji: text and emoji
# presentation selectors, the zero width joiner, and the tags of a subdivision's flag
EMOJI_JOINERS = frozenset(["\ufe0e", "\ufe0f", "\u200d", *map(chr, range(0xE0020, 0xE0080))])
# ICU's own Unicode (newer than Python's unicodedata), so a new emoji is not "unassigned"
_ICU_CATEGORY = icu.Char.charType
_UNASSIGNED = icu.UCharCategory.UNASSIGNED  # noncharacters (U+FFFF, U+FDD0...) are too
_PRIVATE_USE = icu.UCharCategory.PRIVATE_USE_CHAR
_SPOOF_CHECKER = icu.SpoofChecker()


def _ignorable(character: str) -> bool:
    return icu.Char.hasBinaryProperty(character, icu.UProperty.DEFAULT_IGNORABLE_CODE_POINT)


def _emoji(character: str) -> bool:
    return icu.Char.hasBinaryProperty(character, icu.UProperty.EMOJI)


def _code_point(character: str) -> str:
    return f"U+{ord(character):04X}"


def normalised(name: str) -> str:
    """The name as it is stored: composed (NFC), without spaces around it."""
    return unicodedata.normalize("NFC", name).strip()


def _visible(name: str) -> str:
    return "".join(
        c
        for c in name
        if unicodedata.category(c) != "Cf" and c not in FILLERS and not _ignorable(c)
    ).strip()


def _unseen(name: str) -> str | None:
    """The first character of the name that shows nothing where it stands, or None."""
    after_emoji = False
    for character in name:
        if character in EMOJI_JOINERS and after_emoji:
            continue  # part of the emoji sequence it follows
        if _ignorable(character):
            return character
        after_emoji = _emoji(character)  # the digits, # and * too: keycaps (1️⃣)
    return None


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
    unseen = _unseen(name)
    if unseen is not None:
        return N_(
            "A name cannot contain an invisible character (%(code)s here).",
            code=_code_point(unseen),
        )
    for character in name:
        kind = _ICU_CATEGORY(character)
        if kind == _UNASSIGNED:
            return N_(
                "A name cannot contain %(code)s, which is not a character of Unicode.",
                code=_code_point(character),
            )
        if kind == _PRIVATE_USE:
            return N_(
                "A name cannot contain %(code)s, a private-use character each phone draws "
                "its own way.",
                code=_code_point(character),
            )
    return None


@functools.lru_cache(maxsize=4096)
def _looks(name: str) -> tuple[str, str, str]:
    """What the eye compares, each in its own place: the name read ignoring case (``ben``
    is ``Ben``), its skeleton as written (``Ian`` is ``lan``), and the skeleton of that
    case-folded (``Аna`` with a Cyrillic А is ``ana``)."""
    shown = unicodedata.normalize("NFKC", _visible(name))
    skeleton = _SPOOF_CHECKER.getSkeleton(0, shown)
    return same_name(name), skeleton, _SPOOF_CHECKER.getSkeleton(0, skeleton.casefold())


def look_alike(names: Iterable[str], taken: Iterable[str] = ()) -> tuple[str, str] | None:
    """The first of ``names`` that is or looks like one before it, or like one of the names
    already ``taken``, and the name it looks like; None when every name can be told apart."""
    seen: dict[tuple[int, str], str] = {}
    for name in taken:
        for place, key in enumerate(_looks(name)):
            seen.setdefault((place, key), name)
    for name in names:
        keys = list(enumerate(_looks(name)))
        other = next((seen[key] for key in keys if key in seen), None)
        if other is not None:
            return name, other
        for key in keys:
            seen[key] = name
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


def look_alike_problem(names: Iterable[str], taken: Iterable[str] = ()) -> Message | None:
    """Why one of ``names`` cannot sit beside the others (or the ``taken`` ones) because it
    looks like one of them, or None."""
    found = look_alike(names, taken)
    if found is None:
        return None
    return N_(
        "%(name)s looks like %(other)s: give each player a name the others can tell apart.",
        name=found[0],
        other=found[1],
    )
