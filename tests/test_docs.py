"""The README documents every setting and no other (as Datasette's tests/test_docs.py does
for its own): the table under "Configuration" is the one in scorekeeper/settings.py."""

import re
from pathlib import Path

from scorekeeper.settings import SETTINGS

README = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")


def _settings_table() -> dict[str, str]:
    """Each row of the README's settings table: the setting's name and its environment cell."""
    section = README.split("\n## Configuration\n", 1)[1].split("\n## ", 1)[0]
    header = "| setting | environment | default | what it does |"
    rows = section.split(header, 1)[1].strip().split("\n\n", 1)[0].splitlines()[1:]
    table = {}
    for row in rows:
        cells = [cell.strip() for cell in row.strip("|").split("|")]
        name = re.fullmatch(r"`([A-Z_]+)`", cells[0])
        assert name, f"a row of the settings table names no setting: {row}"
        table[name.group(1)] = cells[1]
    return table


def test_every_setting_is_in_the_readme_and_every_row_is_a_setting():
    assert sorted(_settings_table()) == sorted(setting.name for setting in SETTINGS)


def test_the_readme_names_each_settings_environment_variable():
    table = _settings_table()
    for setting in SETTINGS:
        said = f"`{setting.environment}`" if setting.environment else "(config.py only)"
        assert table[setting.name] == said, setting.name


def test_every_setting_says_what_it_does_in_one_line():
    for setting in SETTINGS:
        assert setting.meaning and "\n" not in setting.meaning, setting.name
