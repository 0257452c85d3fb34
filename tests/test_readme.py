"""The README says what the code holds: its list of variants is the catalog's."""

import re
from pathlib import Path

from scorekeeper.rules.records import VARIANTS

README = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")


def _section(title: str) -> str:
    return README.split(f"\n## {title}\n", 1)[1].split("\n## ", 1)[0]


def test_the_readme_names_every_variant_of_the_catalog_and_no_other():
    listed = _section("The variants").split("\n\n", 1)[0]
    assert set(re.findall(r"`([a-z-]+)`", listed)) == set(VARIANTS)
