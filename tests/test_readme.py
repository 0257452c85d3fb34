"""The README says what the code holds: its variants are the catalog's, its layout the package's."""

import ast
import re
from pathlib import Path

from scorekeeper.rules.records import VARIANTS

ROOT = Path(__file__).parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


def _section(title: str) -> str:
    return README.split(f"\n## {title}\n", 1)[1].split("\n## ", 1)[0]


def test_the_readme_names_every_variant_of_the_catalog_and_no_other():
    listed = _section("The variants").split("\n\n", 1)[0]
    assert set(re.findall(r"`([a-z-]+)`", listed)) == set(VARIANTS)


def _layout() -> dict[str, set[str]]:
    """The Layout section's folders and the modules it names under each."""
    block = _section("Layout").split("```\n", 2)[1]
    named: dict[str, set[str]] = {}
    folder = None
    for line in block.splitlines():
        if line.startswith("scorekeeper/"):
            folder = line.split()[0].rstrip("/")
            named[folder] = set()
        elif line.startswith("  ") and folder is not None:
            words = line.split()
            named[folder].update(word for word in words if word.endswith(".py"))
        elif line and not line.startswith(" "):
            folder = None  # templates/, tests/ and the like: not checked here
    return named


def test_the_layout_names_every_package_and_module_where_it_lives():
    package = ROOT / "scorekeeper"
    found = {
        str(folder.relative_to(ROOT)): {
            path.name
            for path in folder.glob("*.py")
            if path.name not in {"__init__.py", "__main__.py"}
        }
        for folder in [package, *package.rglob("*")]
        if folder.is_dir() and (folder / "__init__.py").exists()
    }
    assert _layout() == found


def test_every_package_says_in_one_line_what_lives_there():
    for init in (ROOT / "scorekeeper").rglob("__init__.py"):
        docstring = ast.get_docstring(ast.parse(init.read_text(encoding="utf-8")))
        assert docstring, f"{init.relative_to(ROOT)} says nothing of what lives there"
        assert "\n" not in docstring.split("\n\n", 1)[0], init
