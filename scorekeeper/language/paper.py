"""The paper a phone's country prints on: US Letter where CLDR says so, A4 elsewhere."""

from __future__ import annotations

from collections.abc import Iterable

from babel.core import get_global

# CLDR's supplemental measurement data: the territories whose paper is US Letter
LETTER_TERRITORIES = frozenset(
    ["BZ", "CA", "CL", "CO", "CR", "GT", "MX", "NI", "PA", "PH", "PR", "SV", "US", "VE"]
)


def _territory(tag: str) -> str | None:
    """The country of a language tag ("en-US": US), or its language's likeliest ("de": DE)."""
    parts = tag.replace("_", "-").split("-")
    for part in parts[1:]:
        if len(part) == 2 and part.isalpha():
            return part.upper()
    likely = get_global("likely_subtags").get(parts[0].lower())
    region = str(likely).split("_")[-1] if likely else ""
    return region if len(region) == 2 else None


def paper_for(tags: Iterable[str], lang: str) -> str:
    """``letter`` or ``a4``: the paper of the country the phone's first language names
    (its ``Accept-Language``, best first), or of the page's language where it names none."""
    for tag in tags:
        if tag and tag != "*":
            territory = _territory(tag)
            if territory:
                return "letter" if territory in LETTER_TERRITORIES else "a4"
    return "letter" if _territory(lang) in LETTER_TERRITORIES else "a4"
