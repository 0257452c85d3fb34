"""The translation catalogs: German says everything the app can say; French and Vietnamese
say everything a Rami or Phỏm table meets.

The ids are extracted afresh from the code here (not read from the committed template), so
a string added without a translation fails this test, not a German table.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
TRANSLATIONS = ROOT / "translations"
KEYWORDS = ["-k", "_l", "-k", "lazy_gettext", "-k", "N_", "-k", "Nn_:1,2"]
SLOT = re.compile(r"%\((\w+)\)[sd]")


@pytest.fixture(scope="module")
def extracted(tmp_path_factory) -> Catalog:
    template = tmp_path_factory.mktemp("pot") / "messages.pot"
    subprocess.run(
        [sys.executable, "-m", "babel.messages.frontend", "extract", "-F", "babel.cfg",
         *KEYWORDS, "--no-location", "-o", str(template), "."],
        cwd=ROOT, check=True, capture_output=True,
    )  # fmt: skip
    with template.open("rb") as stream:
        return read_po(stream)


def catalog(language: str) -> Catalog:
    with (TRANSLATIONS / language / "LC_MESSAGES" / "messages.po").open("rb") as stream:
        return read_po(stream, locale=language)


def problems(ids: list, translated: Catalog) -> list[str]:
    """Every id that is missing, empty, fuzzy, or whose translation changes the slots."""
    found = []
    for message_id in ids:
        entry = translated.get(message_id)
        if entry is None:
            found.append(f"missing: {message_id!r}")
            continue
        strings = entry.string if isinstance(entry.string, tuple | list) else (entry.string,)
        if entry.fuzzy or not all(strings):
            found.append(f"untranslated or fuzzy: {message_id!r}")
            continue
        forms = [message_id] if isinstance(message_id, str) else list(message_id)
        every = set().union(*(SLOT.findall(form) for form in forms))
        needed = set(SLOT.findall(forms[-1])) - {"num"}  # the count may go unsaid ("einen")
        for index, text in enumerate(strings):
            given = set(SLOT.findall(text))
            # a singular may leave out what only the plural says; the last form says it all
            last = index == len(strings) - 1
            if given - every or (last and needed - given):
                found.append(f"slots differ: {message_id!r} -> {text!r}")
    return found


def key(message) -> str | tuple[str, ...]:
    return message.id if isinstance(message.id, str) else tuple(message.id)


def test_every_message_the_code_can_say_has_a_german_translation(extracted):
    ids = [key(message) for message in extracted if message.id]
    assert len(ids) > 200  # the extraction really found the app's strings
    assert problems(ids, catalog("de")) == []


# Complete altogether: a Rami or Phỏm table meets the pages, the forms, every variant's
# name on the home page and the engine's lines, and a partial catalog hides what it lacks.
@pytest.mark.parametrize("language", ["fr", "vi"])
def test_french_and_vietnamese_are_complete(extracted, language):
    ids = [key(message) for message in extracted if message.id]
    assert problems(ids, catalog(language)) == []


@pytest.mark.parametrize("term", ["tierce franche"])
def test_french_uses_the_rami_terms(term):
    said = " ".join(
        " ".join(m.string) if isinstance(m.string, tuple) else m.string for m in catalog("fr")
    )
    assert term in said


@pytest.mark.parametrize("term", ["ù", "móm"])
def test_vietnamese_uses_the_phom_terms(term):
    said = " ".join(
        " ".join(m.string) if isinstance(m.string, tuple) else m.string for m in catalog("vi")
    )
    assert term in said.lower()


def test_the_language_list_is_the_catalogs_present(tmp_path, monkeypatch):
    from scorekeeper.web import languages

    for language in ("de", "xx"):
        (tmp_path / language / "LC_MESSAGES").mkdir(parents=True)
        (tmp_path / language / "LC_MESSAGES" / "messages.po").write_text("")
    monkeypatch.setattr(languages, "TRANSLATIONS", tmp_path)
    assert languages._languages() == ("en", "de", "xx")


def test_every_catalog_present_is_offered():
    from scorekeeper.web.languages import LANGUAGES

    present = {path.parent.parent.name for path in TRANSLATIONS.glob("*/LC_MESSAGES/*.po")}
    assert set(LANGUAGES) == present | {"en"}
    assert {"de", "fr", "vi"} <= present


@pytest.mark.parametrize("language", ["de", "fr", "vi"])
def test_every_catalog_compiles_without_a_complaint(language):
    # scripts/setup stops when `pybabel compile` finds a translation whose slots its
    # checker refuses (it holds each msgstr[0] to the singular id)
    assert [(m.id, errors) for m, errors in catalog(language).check()] == []


def test_every_template_that_speaks_gives_its_words_to_the_catalog(tmp_path):
    # Jinja's extractor skips a template it cannot parse without a word (a tag of an
    # extension babel.cfg does not name, say), and its sentences would go untranslated
    template = tmp_path / "messages.pot"
    subprocess.run(
        [sys.executable, "-m", "babel.messages.frontend", "extract", "-F", "babel.cfg",
         *KEYWORDS, "-o", str(template), "."],
        cwd=ROOT, check=True, capture_output=True,
    )  # fmt: skip
    with template.open("rb") as stream:
        found = {path for message in read_po(stream) for path, _line in message.locations}
    speaking = {
        f"templates/{path.name}"
        for path in (ROOT / "templates").glob("*.html")
        if re.search(r"\b_\(|ngettext\(", path.read_text(encoding="utf-8"))
    }
    assert speaking - found == set()
