"""The code's layers: a module imports only from its own level or the levels below it.

Top to bottom: the command line, serving, the web app, printing, storage, language, the
engine, each a folder of the package. Imports inside functions count too, and the whole
package has no import circle, however hidden. Printing is handed its data: it imports
nothing of storage.
"""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from fnmatch import fnmatch
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "scorekeeper"

# top first: each level is a folder of the package (README, "Layout")
LEVELS: list[tuple[str, tuple[str, ...]]] = [
    (area, (area, f"{area}.*"))
    for area in ("cli", "serving", "web", "printing", "storage", "language", "vision", "rules")
]
# above every level the package's own __init__, which hands out the app factory; below
# them the settings, which every level reads and which import nothing of the package
ABOVE_THE_LEVELS = ""
BELOW_THE_LEVELS = "settings"


def _modules() -> dict[str, Path]:
    """Every module of the package by its dotted name under the package ("web.views.api")."""
    found = {}
    for path in sorted((ROOT / PACKAGE).rglob("*.py")):
        parts = path.relative_to(ROOT / PACKAGE).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


MODULES = _modules()


def _level(module: str) -> int:
    if module == ABOVE_THE_LEVELS:
        return -1
    if module == BELOW_THE_LEVELS:
        return len(LEVELS)
    for index, (_name, patterns) in enumerate(LEVELS):
        if any(fnmatch(module, pattern) for pattern in patterns):
            return index
    raise AssertionError(f"{module} is on no level: add it to LEVELS")


def _imports(module: str) -> list[tuple[str, ast.stmt, bool]]:
    """The package's modules ``module`` imports: (name, the statement, inside a function)."""
    path = MODULES[module]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
    package = [PACKAGE, *[part for part in package if part]]
    found = []

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            inside = in_function or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef)
            if isinstance(child, ast.Import):
                names = [alias.name for alias in child.names]
            elif isinstance(child, ast.ImportFrom):
                base = child.module or ""
                if child.level:
                    base = ".".join(package[: len(package) - child.level + 1] + [base]).strip(".")
                # "from . import store" imports a module, "from .store import get_db" a name
                names = [
                    f"{base}.{alias.name}" if _named(f"{base}.{alias.name}") else base
                    for alias in child.names
                ]
            else:
                visit(child, inside)
                continue
            for name in names:
                if _named(name):
                    found.append((_short(name), child, in_function))

    visit(tree, False)
    return [item for item in found if not _typing_only(tree, item[1])]


def _named(dotted: str) -> bool:
    return dotted == PACKAGE or (dotted.startswith(PACKAGE + ".") and _short(dotted) in MODULES)


def _short(dotted: str) -> str:
    return dotted[len(PACKAGE) + 1 :] if dotted != PACKAGE else ""


def _typing_only(tree: ast.Module, statement: ast.stmt) -> bool:
    """An import under ``if TYPE_CHECKING:`` is read by type checkers only."""
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.If)
            and isinstance(node.test, ast.Name)
            and node.test.id == "TYPE_CHECKING"
            and statement in node.body
        ):
            return True
    return False


GRAPH = {
    module: sorted({name for name, _statement, _inside in _imports(module) if name != module})
    for module in MODULES
}


def test_every_module_is_on_a_level():
    for module in MODULES:
        _level(module)


def _level_name(level: int) -> str:
    if level == -1:
        return "the package"
    return LEVELS[level][0] if level < len(LEVELS) else "settings"


@pytest.mark.parametrize("module", sorted(MODULES))
def test_a_module_imports_only_from_its_level_and_below(module):
    own = _level(module)
    upward = [
        f"{module} ({_level_name(own)}) imports {name} ({_level_name(_level(name))})"
        for name in GRAPH[module]
        if _level(name) < own
    ]
    assert upward == []


def test_the_package_has_no_import_circle():
    circles = []
    state: dict[str, str] = {}  # "open" while its imports are being followed, then "done"

    def follow(module: str, path: list[str]) -> None:
        state[module] = "open"
        for name in GRAPH[module]:
            if state.get(name) == "open":
                circles.append(" -> ".join([*path[path.index(name) :], name]))
            elif name not in state:
                follow(name, [*path, name])
        state[module] = "done"

    for module in sorted(MODULES):
        if module not in state:
            follow(module, [module])
    assert circles == []


def test_an_import_inside_a_function_says_why():
    """Imports belong at the top of a module; one kept inside a function (to keep start-up
    light) says so in a comment on the line above it or on its own line."""
    unexplained = []
    for module, path in MODULES.items():
        lines = path.read_text(encoding="utf-8").splitlines()
        tree = ast.parse("\n".join(lines))
        for function in ast.walk(tree):
            if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            for node in ast.walk(function):
                if isinstance(node, ast.Import | ast.ImportFrom):
                    own = lines[node.lineno - 1]
                    above = node.lineno - 2
                    while lines[above].strip().startswith(("from ", "import ")):
                        above -= 1  # one comment says why for the imports under it
                    if "#" not in own and not lines[above].strip().startswith("#"):
                        unexplained.append(f"{module}:{node.lineno}: {own.strip()}")
    assert sorted(set(unexplained)) == []


WEB = LEVELS[2][1]
STORAGE = LEVELS[4][1]


@pytest.mark.parametrize(
    "module", [name for name in MODULES if any(fnmatch(name, p) for p in LEVELS[3][1])]
)
def test_printing_is_handed_its_data_and_imports_nothing_of_storage(module):
    """Printing turns a game record into a PDF; storage builds the record
    (``storage/game_record.py``) for the web, the sheet worker and the CLI alike."""
    assert [name for name in GRAPH[module] if any(fnmatch(name, s) for s in STORAGE)] == []


@pytest.mark.parametrize(
    "module", [name for name in MODULES if any(fnmatch(name, cli) for cli in LEVELS[0][1])]
)
def test_the_command_line_imports_nothing_of_the_web_app(module):
    """The CLI prints and reaches the database through printing and storage; only
    ``serve`` (through the serving level) runs the web app."""
    assert [name for name in GRAPH[module] if any(fnmatch(name, web) for web in WEB)] == []


def test_printing_and_the_database_from_the_command_line_load_no_web_app(tmp_path):
    game = {
        "variant": "rummy",
        "players": ["Ana", "Ben"],
        "dealer": "Ana",
        "rounds": [{"winner": "Ana", "end": "out", "hands": {"Ben": ["KS", "7D"]}}],
    }
    (tmp_path / "game.json").write_text(json.dumps(game))
    code = (
        "import contextlib, io, sys\n"
        "from scorekeeper.cli.main import main\n"
        "with contextlib.redirect_stdout(io.StringIO()) as said:\n"
        "    assert main(['sheet', 'game.json', '-o', 'sheet.pdf']) == 0\n"
        "    assert main(['pad', 'gin', '-o', 'pad.pdf', '--lang', 'fr']) == 0\n"
        "    assert main(['import', 'game.json']) == 0\n"
        "    assert main(['backup', 'copy.sqlite']) == 0\n"
        "loaded = sorted(m for m in sys.modules if m.startswith('scorekeeper.'))\n"
        "print(' '.join(loaded))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={**os.environ, "SCOREKEEPER_DATABASE": str(tmp_path / "club.sqlite")},
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    loaded = [name[len(PACKAGE) + 1 :] for name in done.stdout.split()]
    assert [name for name in loaded if any(fnmatch(name, web) for web in WEB)] == []
    assert (tmp_path / "copy.sqlite").stat().st_size > 0
