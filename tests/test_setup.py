"""scripts/setup's choice of what to install, asked with --dry-run in a copy of the project."""

import hashlib
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def project(tmp_path: Path) -> Path:
    (tmp_path / "scripts").mkdir()
    shutil.copy(ROOT / "scripts" / "setup", tmp_path / "scripts" / "setup")
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    (tmp_path / ".venv" / "bin").mkdir(parents=True)
    (tmp_path / ".venv" / "bin" / "python").symlink_to(shutil.which("python3"))
    return tmp_path


def _installed(project: Path, extras: str) -> None:
    digest = hashlib.sha256((project / "pyproject.toml").read_bytes()).hexdigest()
    (project / ".venv" / ".scorekeeper-installed").write_text(f"{digest} {extras}\n")


def _plan(project: Path, *options: str) -> str:
    answer = subprocess.run(
        ["bash", str(project / "scripts" / "setup"), *options, "--dry-run"],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return next(line for line in answer.stdout.splitlines() if line.startswith("Python packages"))


def test_an_install_for_the_tests_serves_a_run(project):
    _installed(project, ".[dev]")
    assert _plan(project) == "Python packages: pip install -e '.' (already installed)"


def test_an_install_for_the_tests_does_not_serve_the_training(project):
    # the training's libraries are in an extra of their own, which the tests' install lacks
    _installed(project, ".[dev]")
    assert _plan(project, "--vision-train") == (
        "Python packages: pip install -e '.[vision-train]' (to install)"
    )


def test_a_changed_pyproject_installs_again(project):
    _installed(project, ".")
    (project / "pyproject.toml").write_text(
        (project / "pyproject.toml").read_text() + "\n# changed\n"
    )
    assert _plan(project) == "Python packages: pip install -e '.' (to install)"
